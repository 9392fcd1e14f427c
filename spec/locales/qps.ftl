# A pseudo-locale: the English catalogue in capitals (`waybill i18n pseudo`).

engine-pass = PASS
engine-done = DONE
engine-yes = YES
engine-no = NO
engine-prompt-act = TAKE AN ACTION
engine-prompt-choose = CHOOSE
engine-prompt-pick = PICK
engine-prompt-amount = CHOOSE A NUMBER
engine-prompt-order = PUT IN ORDER
engine-prompt-may = DO IT?
engine-none = NONE
engine-hidden = HIDDEN
engine-empty = EMPTY
engine-hidden-count = { $count } HIDDEN
engine-a-piece = A PIECE
engine-seat = SEAT { $seat }
engine-player = PLAYER { $number }
engine-seat-name = SEAT { $seat }
engine-times = { $name } X{ $count }
engine-zone-of = { $zone } OF { $player }
engine-list-sep = { ", " }
engine-stopped = (STOPPED: { $message })
engine-requirement = REQUIREMENT NOT MET
engine-cannot-pay = CANNOT PAY { $amount } { $counter } (HAS { $has })
sim-title =
    { $pack }{ $variants ->
        [none] { "" }
       *[other] { " " }+ { $variants }
    }: { $games } GAMES, { $players } PLAYERS, BOT { $bot }
sim-measure = MEASURE
sim-value = VALUE
sim-games = GAMES
sim-finished = FINISHED
sim-capped = CAPPED
sim-errors = ERRORS
sim-mean-rounds = MEAN ROUNDS
sim-mean-actions = MEAN ACTIONS
sim-wins = WINS
sim-replay-mismatches = REPLAY MISMATCHES
sim-capped-first = { $capped } OF { $games } GAMES WERE STOPPED BY A SAFETY CAP AND ARE NOT COUNTED
sim-bots = BOTS (FIRST GAME)
sim-rotated = {" "}(ROTATED GAME BY GAME)
sim-wins-by-bot = WINS BY BOT
sim-invariant-violations = INVARIANT VIOLATIONS
sim-team-won = TEAM WON
sim-team-score = SHARED SCORE (MEAN, MIN..MAX)
sim-team-scores = SHARED SCORES (SCORE: GAMES)
sim-wins-by-side = WINS BY SIDE
sim-shared-wins = SHARED WINS (TIES)
sim-limit-ended = ENDED BY THE RULES' OWN LIMIT
play-your-choice = YOUR CHOICE
play-the-table = THE TABLE
play-game-over = GAME OVER.
play-winner = WINNER: { $player }
play-winners = WINNERS: { $players }
play-team-won = THE TEAM WON.
play-team-lost = THE TEAM LOST.
play-nothing-said = NOTHING HAS BEEN SAID YET
play-bots = BOTS: { $bots }
play-bot-of = { $seat } PLAYS { $bot }
play-earlier = ... { $count } EARLIER LINES: TYPE `log`
