# A pseudo-locale: the English catalogue in capitals (`waybill i18n pseudo`).

pack-name = DICE RACE
counter-points = POINTS
zone-deck = BOOST DECK
zone-hand = HAND
zone-discard = DISCARD PILE
space-s0 = START
space-goal = GOAL
invariant-points_never_negative = NOBODY HAS NEGATIVE POINTS
invariant-a_card_is_somewhere = BOOST CARDS ARE NEVER LOST
# pack.wb:41
action-run = ROLL AND RUN
# pack.wb:45
action-run-log1 = { $me } ROLLS { $n }
# pack.wb:50
action-play_boost = PLAY A BOOST CARD
# pack.wb:50
action-play_boost-stop1 = NO CARDS
# pack.wb:53
action-play_boost-ask-card = WHICH BOOST?
# cards.wb:1
ent-hop = HOP
    .text = MOVE 1 POINT.
# cards.wb:2
ent-leap = LEAP
    .text = MOVE 3 POINTS.
# display.wb:4
display-panel-counter-points = POINTS
# display.wb:5
display-panel-zone-hand = HAND
# display.wb:6
display-panel-quantity-roll_bonus = ROLL BONUS
# display.wb:9
display-board-counter-lap = LAP
# display.wb:10
display-board-counter-points = POINTS
# display.wb:11
display-board-show1 = LEADER'S POINTS
# display.wb:12
display-board-zone-discard = DISCARD PILE
# display.wb:13
display-board-zone-deck = BOOST DECK
