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
play-earlier = ... { $count } earlier lines: type `log`
