# dice_race: the English catalogue (the source of every translation).
# Written by `waybill i18n extract dice_race`: edit the .wb files, not this file.
# Ids are derived from the declarations (see spec/messages.py); a translation
# keeps the ids and the { $variables }, and may select on them:
#   { $count ->
#       [one] ...
#      *[other] ...
#   }

pack-name = Dice Race
counter-points = Points
zone-deck = Boost deck
zone-hand = Hand
zone-discard = Discard pile
space-s0 = Start
space-goal = Goal
# pack.wb:84
invariant-points_never_negative = Nobody has negative points
# pack.wb:85
invariant-a_card_is_somewhere = Boost cards are never lost
# pack.wb:41
action-run = Roll and run
# pack.wb:45
action-run-log1 = { $me } rolls { $n }
# pack.wb:50
action-play_boost = Play a boost card
# pack.wb:50
action-play_boost-stop1 = no cards
# pack.wb:53
action-play_boost-ask-card = Which boost?
# cards.wb:1
ent-hop = Hop
    .text = Move 1 point.
# cards.wb:2
ent-leap = Leap
    .text = Move 3 points.
# display.wb:4
display-panel-counter-points = Points
# display.wb:5
display-panel-zone-hand = Hand
# display.wb:6
display-panel-quantity-roll_bonus = Roll bonus
# display.wb:9
display-board-counter-lap = Lap
# display.wb:10
display-board-counter-points = Points
# display.wb:11
display-board-show1 = Leader's points
# display.wb:12
display-board-zone-discard = Discard pile
# display.wb:13
display-board-zone-deck = Boost deck
