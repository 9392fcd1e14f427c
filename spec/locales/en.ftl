# The engine's own words (English, the source): what every game says
# whatever its pack. A pack's catalogue may not redefine these ids.

## answers the engine adds to decisions
engine-pass = pass
engine-done = done
engine-yes = yes
engine-no = no

## prompts of decisions whose rule gives none
engine-prompt-act = Take an action
engine-prompt-choose = Choose
engine-prompt-pick = Pick
engine-prompt-amount = Choose a number
engine-prompt-order = Put in order
engine-prompt-may = Do it?

## values as words
engine-none = none
engine-hidden = hidden
engine-empty = empty
engine-hidden-count = { $count } hidden
engine-a-piece = a piece
engine-seat = seat { $seat }
engine-player = Player { $number }
engine-seat-name = Seat { $seat }
engine-times = { $name } x{ $count }
engine-secret-pick = made a hidden pick
engine-secret-order = put them in a hidden order
engine-zone-of = { $zone } of { $player }
engine-list-sep = {", "}
engine-stopped = (stopped: { $message })
engine-requirement = requirement not met
engine-cannot-pay = cannot pay { $amount } { $counter } (has { $has })

## the summary of `waybill sim`
sim-title = { $pack }{ $variants ->
    [none] {""}
   *[other] {" "}+ { $variants }
}: { $games } games, { $players } players, bot { $bot }
sim-measure = measure
sim-value = value
sim-games = games
sim-finished = finished
sim-capped = capped
sim-errors = errors
sim-mean-rounds = mean rounds
sim-mean-actions = mean actions
sim-wins = wins
sim-replay-mismatches = replay mismatches
sim-capped-first = { $capped } of { $games } games were stopped by a safety cap and are not counted
sim-bots = bots (first game)
sim-rotated = {" "}(rotated game by game)
sim-wins-by-bot = wins by bot
sim-invariant-violations = invariant violations
sim-team-won = team won
sim-team-score = shared score (mean, min..max)
sim-team-scores = shared scores (score: games)
sim-wins-by-side = wins by side
sim-shared-wins = shared wins (ties)
sim-limit-ended = ended by the rules' own limit

## the terminal (`waybill play`)
play-your-choice = your choice
play-the-table = The table
play-game-over = Game over.
play-winner = Winner: { $player }
play-winners = Winners: { $players }
play-team-won = The team won.
play-team-lost = The team lost.
play-nothing-said = nothing has been said yet
play-bots = Bots: { $bots }
play-bot-of = { $seat } plays { $bot }
play-earlier = ... { $count } earlier lines: type `{ $log }`

## the terminal's commands (typed in English or in the screen's language) and their help
play-cmd-help = help
play-cmd-log = log
play-cmd-card = card
play-cmd-save = save
play-cmd-load = load
play-cmd-quit = quit
play-arg-file = FILE
play-arg-name = NAME
play-help-intro = Answer with the number of an option. Other commands:
play-help-help = this help
play-help-log = everything said at the table so far
play-help-card = a card's text and fields (any card of the game)
play-help-save = save the game to { $file } (JSON)
play-help-load = load a game saved with `{ $save }`
play-help-quit = leave the game

## the terminal's answers to what was typed
play-choose-number = choose a number from 1 to { $count } (or `{ $help }`)
play-not-a-command = `{ $line }` is not a command: type a number from 1 to { $count }, or `{ $help }`
play-did-not-work = that did not work: { $reason } — choose again
play-stopped = the game stopped: { $reason }
play-left = You left the game.
play-has-chosen = { $seat } has chosen.
play-which-card = which card? `{ $card } { $name }`
play-no-card = no card named `{ $name }`
play-no-card-close = no card named `{ $name }`; did you mean { $names }?
play-more-cards = ... and { $count } more
play-save-where = save where? `{ $save } { $file }`
play-cannot-save = cannot save to { $path }: { $reason }
play-saved = saved to { $path }
play-load-what = load what? `{ $load } { $file }`
play-cannot-read = cannot read { $path }: { $reason }
play-not-json = { $path } is not a saved game (not JSON)
play-not-a-save = { $path }: not a game saved by `waybill play` (`{ $save } { $file }`)
play-other-pack = { $path }: a game of pack { $found }, not { $want }
play-not-these-rules = { $path } is not a game of these rules: { $reason }
play-loaded = loaded { $path }: decision { $decision }
play-score = {" — "}{ $score }

## bots as people read them
play-bot-random = random
play-bot-search = search
play-bot-own = { $name }

## the web page (`waybill serve`): its variables come as text
page-title = Waybill
page-new-game = New game against bots
page-game = Game
page-players = Players
page-your-seat = Your seat
page-seed = Seed
page-seed-random = random
page-variants = Variants
page-start = Start
page-you = You
page-log = Log
page-board = Board
page-watching = You are watching.
page-spectator = spectator
page-game-over = Game over.
page-game-over-winner = Game over: { $player } wins.
page-round = Round { $round }
page-setting-up = Setting up
page-status = { $when }. You are { $player }.
page-new-game-link = New game
page-waiting-for = Waiting for { $player }…
page-waiting = Waiting…
page-your-choice = Your choice
page-wins = { $player } wins.
page-over = The game is over.
page-option = option { $number }
page-face-down = face down
page-you-mark = { $name } (you)
page-bot-mark = { $name } (bot)
page-holds = holds
page-bot-stopped = A bot could not play on: the game has stopped.
page-error-400 = The server refused this request.
page-error-403 = This link opens no seat of this game.
page-error-404 = There is no such game (any more).
page-error-409 = That move can no longer be made.
page-error-413 = The request is too large.
page-error-429 = Too many games from your address: finish one, or try again later.
page-error-500 = The server failed on this request.
page-error-503 = The server holds all the games it can: try again later.
page-error-other = The request failed ({ $status }).
page-error-connection = The server cannot be reached.

## a log people can follow (issue 25): an answer in the log
engine-log-answer = { $player } — { $question } { $answer }
engine-log-did = { $player } — { $answer }

## the web page: bots, a finished game, the log
page-bots-play = Bots play { $players }.
page-bots-none = No bots: every seat is yours.
page-finished = This game is over: here is how it ended.
page-log-count = Log ({ $count })

## the terminal: lines left out to keep the question on screen
play-more-above = ({ $count } more above: `{ $log }`)
