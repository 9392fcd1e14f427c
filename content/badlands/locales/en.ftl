# badlands: the English catalogue (the source of every translation).
# Written by `waybill i18n extract badlands`: edit the .wb files, not this file.
# Ids are derived from the declarations (see spec/messages.py); a translation
# keeps the ids and the { $variables }, and may select on them:
#   { $count ->
#       [one] ...
#      *[other] ...
#   }

pack-name = Badlands: Outpost of Humanity
counter-caps = Caps
counter-scrap = Scrap
counter-fuel = Fuel
counter-meds = Meds
counter-weapons = Weapons
counter-wall_scrap = Scrap on the Wall
counter-wall_weapons = Weapons on the Wall
counter-fence_sold = Resources sold to the Fence this turn
counter-free_trip = Free trips from rumors
counter-settled = Turns played
counter-cb_shown = Cards revealed in this fight
zone-settlement = Settlement
zone-warehouse = Warehouse
zone-bar = Bar
zone-wall_items = Items on the Wall
zone-trophies = Monster trophies
zone-rumors = Rumor cards
zone-raiders_gear = Raiders' Equipment card
zone-marauders_gear = Marauders' Equipment card
zone-caravan_gear = Caravan's Equipment card
zone-mb_deck = Military Base encounters (red)
zone-vault_deck = Vault encounters (blue)
zone-mines_deck = Mines encounters (green)
zone-mb_doors = Sealed doors at the Military Base
zone-vault_doors = Sealed doors at the Vault
zone-mines_doors = Sealed doors at the Mines
zone-leaders_deck = Leaders' deck
zone-outpost_bar = Outpost Bar
zone-rumor_deck = Rumors deck
zone-discard = Discard pile
space-home_1 = Settlement 1
space-home_2 = Settlement 2
space-home_3 = Settlement 3
space-home_4 = Settlement 4
space-cross_1 = Crossroads 1
space-cross_2 = Crossroads 2
space-cross_3 = Crossroads 3
space-cross_4 = Crossroads 4
space-map_outpost = Outpost (1)
space-map_junkyard = Junkyard (1)
space-map_gas_station = Gas Station (1)
space-map_military_base = Military Base (2)
space-map_vault = Vault (2)
space-map_mines = Mines (2)
space-map_badlands = Badlands
# invariants.wb:4
invariant-four_action_cards = Every Settlement keeps its 4 action cards (Settlers, Caravan, Raiders, Marauders)
# invariants.wb:7
invariant-wall_slots = A Wall holds at most 5 Scrap and 5 Weapons
# invariants.wb:10
invariant-fence_limit = The Fence buys at most 5 resources a turn
# invariants.wb:13
invariant-no_negative_resources = No resource goes below 0
# pack.wb:128
play-log1 = Round { $arg1 } is over: the badlands settle, and influence decides
# pack.wb:138
play-log2 = { $p } reaches { $arg2 } influence and rules the badlands
# settlement.wb:15
proc-begin_turn-log1 = { $p }'s { $x_name } is repaired
# settlement.wb:34
proc-give-log1 = { $v_name } cannot carry more than 10 resource tokens
# settlement.wb:63
proc-trim_cards-ask-x = Too many cards: discard one
# settlement.wb:64
proc-trim_cards-log1 = { $v_owner } discards { $x_name } from { $v_name }
# settlement.wb:97
proc-equip-ask-equip = Equip the { $v_name }
# settlement.wb:97
proc-equip-ask-equip-weapons = Weapons
# settlement.wb:97
proc-equip-ask-equip-meds = Meds
# settlement.wb:97
proc-equip-ask-equip-fuel = Fuel
# settlement.wb:97
proc-equip-ask-equip-opt4 = Scrap
# settlement.wb:97
proc-equip-ask-equip-opt5 = Caps
# settlement.wb:97
proc-equip-ask-equip-opt6 = Cards
# settlement.wb:99
proc-equip-ask-equip_weapons = Weapons to equip
# settlement.wb:104
proc-equip-ask-equip_meds = Meds to equip
# settlement.wb:109
proc-equip-ask-equip_fuel = Fuel to equip
# settlement.wb:114
proc-equip-ask-n = Scrap to equip
# settlement.wb:119
proc-equip-ask-equip_caps = Caps to equip
# settlement.wb:128
proc-equip-ask-equip_cards = Cards to equip
# settlement.wb:131
proc-equip-log1 = { $v_name } has no room for cards (limit { $lim })
# settlement.wb:213
proc-salvage-ask-v = Return which wreck?
# settlement.wb:214
proc-salvage-log1 = { $p }'s Settlers bring the wrecked { $v_name } home to the Pit Stop
# settlement.wb:218
proc-salvage-ask-may1 = Repair the { $v_name } now for 1 Scrap?
# travel.wb:7
proc-pick_destination-ask-destination = Where does the { $v_name } go?
# travel.wb:7
proc-pick_destination-ask-destination-junkyard = Junkyard (1 Fuel)
# travel.wb:7
proc-pick_destination-ask-destination-gas_station = Gas Station (1 Fuel)
# travel.wb:7
proc-pick_destination-ask-destination-military_base = Military Base (2 Fuel)
# travel.wb:7
proc-pick_destination-ask-destination-vault = Vault (2 Fuel)
# travel.wb:7
proc-pick_destination-ask-destination-mines = Mines (2 Fuel)
# travel.wb:7
proc-pick_destination-ask-destination-patrol = Crossroads: patrol your own (1 Fuel)
# travel.wb:7
proc-pick_destination-ask-destination-opt7 = Crossroads: ambush an enemy (1 Fuel)
# travel.wb:7
proc-pick_destination-ask-destination-outpost = Outpost (1 Fuel)
# travel.wb:7
proc-pick_destination-ask-destination-opt9 = Enemy Settlement (3 Fuel)
# travel.wb:23
proc-place_name-str1 = Settlement
# travel.wb:43
proc-ride_out-log1 = { $p } follows an old map: no Fuel needed
# travel.wb:63
proc-go_home-log1 = { $p }'s { $v_name } returns to the Settlement
# travel.wb:76
proc-travel-ask-tgt = Ambush at whose Crossroads?
# travel.wb:80
proc-travel-ask-victim = Raid whose Settlement?
# travel.wb:87
proc-travel-log1 = { $p }'s { $v_name } ride to the { $where_to }
# travel.wb:87
proc-travel-log2 = { $p }'s { $v_name } ride to the { $where_to } of { $road }
# travel.wb:101
proc-travel-log3 = { $p }'s { $v_name } patrols the road
# travel.wb:101
proc-travel-log4 = { $p }'s { $v_name } lies in wait
# travel.wb:110
proc-travel-ask-enemies = Enemies at the { $here_name }
# travel.wb:110
proc-travel-ask-enemies-opt1 = Shootout: attack them
# travel.wb:110
proc-travel-ask-enemies-search = Search the location
# travel.wb:133
proc-location_action-log1 = { $v_name } find 1 Weapon and 1 Scrap
# travel.wb:137
proc-location_action-ask-vault = Vault supplies
# travel.wb:137
proc-location_action-ask-vault-weapon_fuel = 1 Weapon and 1 Fuel
# travel.wb:137
proc-location_action-ask-vault-opt2 = 3 Meds
# travel.wb:147
proc-location_action-log2 = { $v_name } find 1 Weapon, 1 Scrap and 1 Fuel
# travel.wb:158
proc-boost_roll-ask-boost_caps = Rolled { $pts }: Caps from the Cache to add
# travel.wb:162
proc-boost_roll-log1 = { $p } pays { $k } Caps: the result is { $pts }
# travel.wb:171
proc-junkyard_action-log1 = { $p } searches the Junkyard and rolls { $arg2 }
# travel.wb:174
proc-junkyard_action-ask-junkyard = Junkyard: { $pts } points to spend
# travel.wb:174
proc-junkyard_action-ask-junkyard-scrap = Scrap (2 points)
# travel.wb:174
proc-junkyard_action-ask-junkyard-fuel = Fuel (3 points)
# travel.wb:174
proc-junkyard_action-ask-junkyard-meds = Meds (3 points)
# travel.wb:174
proc-junkyard_action-ask-junkyard-weapon = Weapon (6 points)
# travel.wb:174
proc-junkyard_action-ask-junkyard-nothing = Take nothing more
# travel.wb:187
proc-gas_station_action-log1 = { $p } works the Gas Station and rolls { $arg2 }
# travel.wb:193
proc-gas_station_action-log2 = { $p } gains { $k } Fuel
# travel.wb:200
proc-arrive_crossroads_caravan-log1 = { $p }'s Caravan reaches the Crossroads
# travel.wb:216
proc-meet_ambush-ask-o = Which of your Gangs fights first?
# travel.wb:221
proc-meet_ambush-log1 = { $q }'s { $a_name } lie in ambush at { $p }'s Crossroads
# travel.wb:241
proc-caravan_to_outpost-log1 = The Outpost is occupied by { $h }: { $p }'s Caravan may not enter
# travel.wb:250
proc-caravan_to_outpost-log2 = { $p }'s Caravan delivers its Goods to the Outpost and gains { $arg2 } Caps
# travel.wb:252
proc-caravan_to_outpost-log3 = { $p }'s Caravan enters the Outpost without Goods
# travel.wb:256
proc-caravan_to_outpost-log4 = { $p } hears a rumor at the Outpost Bar
# travel.wb:266
proc-update_holder-log1 = Nobody stands on the Outpost square any more
# combat.wb:38
proc-use_card-log1 = { $s } has no Fuel to recharge a card
# combat.wb:44
proc-use_card-log2 = { $s } has no Fuel to recharge a card
# combat.wb:54
proc-use_card-log3 = { $s } reveals { $x_name }
# combat.wb:67
proc-play_cards-ask-reveal_cards = Reveal cards for the fight
# combat.wb:81
proc-play_cards-ask-guard_cards = The guards use cards of your { $gv_name }
# combat.wb:89
proc-play_cards-ask-gang_weapons = Weapons of your Gang ({ $gv_name }) to hand the guards (+1 per 2 in all)
# combat.wb:99
proc-play_cards-ask-gang_meds = Meds of your Gang ({ $gv_name }) for the guards (1 damage ignored per 2 in all)
# combat.wb:113
proc-play_cards-ask-warehouse_cards = Play cards from your Warehouse
# combat.wb:117
proc-play_cards-ask-warehouse_weapons = Weapons from the Warehouse to fire (+1 Combat per 2)
# combat.wb:122
proc-play_cards-ask-warehouse_meds = Meds from the Warehouse (1 damage ignored per 2)
# combat.wb:128
proc-play_cards-log1 = { $s }: Combat value { $cvnow }
# combat.wb:138
proc-try_escape-ask-escape = Try to escape with the { $v_name }?
# combat.wb:145
proc-try_escape-ask-escape_cards = Cards for the escape
# combat.wb:152
proc-try_escape-ask-escape_fuel = Fuel to burn for the escape (+1 each)
# combat.wb:159
proc-try_escape-log1 = { $s }'s { $v_name } escape ({ $arg3 } + { $arg4 } = { $total }) and head home
# combat.wb:164
proc-try_escape-log2 = { $s }'s { $v_name } fail to escape ({ $total }) and are hit in the back
# combat.wb:176
proc-hits_of-log1 = { $s } rolls { $faces }: { $h } hit(s)
# combat.wb:187
proc-take_hits-log1 = { $s } ignores { $k } damage
# combat.wb:199
proc-take_hits-ask-hit = A hit on the { $v_name }: discard
# combat.wb:199
proc-take_hits-ask-hit-meds = Meds
# combat.wb:199
proc-take_hits-ask-hit-opt2 = Weapon
# combat.wb:217
proc-take_hits-ask-wall_hit = { $n } damage to your Settlement: Scrap from the Wall to discard (1 damage ignored each)
# combat.wb:221
proc-take_hits-log2 = { $s } discards { $w } Scrap from the Wall and ignores { $w } damage
# combat.wb:235
proc-combat-log1 = { $a } attacks; { $d } defends
# combat.wb:240
proc-combat-log2 = Neither side can hurt the other: the fight peters out
# combat.wb:265
proc-wreck-log1 = The Goods token returns to { $p }'s Settlement
# combat.wb:268
proc-wreck-log2 = { $p }'s { $v_name } is wrecked at the { $where_at }
# combat.wb:283
proc-salvage_plan-ask-salvage_weapons = Salvage: Weapons to take (room for { $left } tokens)
# combat.wb:288
proc-salvage_plan-ask-salvage_meds = Salvage: Meds to take (room for { $left } tokens)
# combat.wb:293
proc-salvage_plan-ask-salvage_fuel = Salvage: Fuel to take (room for { $left } tokens)
# combat.wb:298
proc-salvage_plan-ask-salvage_scrap = Salvage: Scrap to take (room for { $left } tokens)
# combat.wb:324
proc-loot-ask-loot = Take cards from the wreck
# combat.wb:327
proc-loot-log1 = { $wp }'s { $wv_name } salvage the wreck
# combat.wb:331
proc-gang_fight-log1 = Combat: { $ap }'s { $av_name } against { $dp }'s { $dv_name }
# combat.wb:352
proc-fight_caravan-log1 = Combat: { $ap }'s { $av_name } attack { $cp }'s Caravan
# combat.wb:366
proc-caravan_runs_into-log1 = Combat: { $cp }'s Caravan runs into { $gp }'s { $gv_name }
# combat.wb:388
proc-engage-ask-o = Which of your Gangs fights first?
# combat.wb:407
proc-shootout-ask-tp = Attack whose cards?
# combat.wb:415
proc-fight_monster-log1 = { $p }'s { $v_name } fight { $mon_name } (Combat { $mon_cv }), controlled by { $rp }
# combat.wb:426
proc-fight_outpost-log1 = { $p }'s { $v_name } join their Gang on the Outpost square
# combat.wb:432
proc-fight_outpost-log2 = { $p }'s { $v_name } attack the Outpost guards (Combat 6), defended by { $dp }
# combat.wb:454
proc-capture_outpost-log1 = { $p }'s { $v_name } occupy the Outpost square: { $p } controls the Outpost
# combat.wb:457
proc-capture_outpost-log2 = { $car_owner }'s Caravan is driven out to its Crossroads
# combat.wb:464
proc-capture_outpost-ask-equip_found = Equip the { $x_name }?
# combat.wb:471
proc-raid_settlement-log1 = { $p }'s { $v_name } attack { $victim }'s Settlement
# combat.wb:480
proc-ravage-log1 = { $p }'s { $v_name } ravage { $victim }'s Settlement
# combat.wb:496
proc-ravage-ask-ravage = Take cards from the Warehouse and the Bar
# combat.wb:501
proc-ravage-log2 = { $p } takes a card from { $victim }'s Warehouse
# combat.wb:503
proc-ravage-log3 = { $p } takes { $x_name }
# encounters.wb:14
proc-pick_tool-ask-tool = Open the { $d_name } ({ $d_lock } lock) with which tool? (done: leave it sealed)
# encounters.wb:23
proc-open_door-log1 = { $p }'s { $v_name } open the { $d_name } with { $tool_name } and find { $d_qty } { $d_reward }
# encounters.wb:47
proc-explore-log1 = { $p }'s { $v_name } cannot carry more cards: the search is over
# encounters.wb:50
proc-explore-log2 = This location is completely explored
# encounters.wb:56
proc-explore-str1 = the deck is face-down
# encounters.wb:58
proc-explore-str-guarded = first fight { $top_card_name } (Combat { $top_card_cv }), who guards the place
# encounters.wb:60
proc-explore-ask-explore = Draw an Encounter card? ({ $hint })
# encounters.wb:85
proc-encounter-ask-encounter = { $c_name } (defensive, Combat { $c_cv })
# encounters.wb:85
proc-encounter-ask-encounter-opt1 = Fight it
# encounters.wb:85
proc-encounter-ask-encounter-retreat = Retreat: it now guards this place
# encounters.wb:91
proc-encounter-log1 = { $c_name } now guards the place
# encounters.wb:103
proc-encounter-log2 = { $c_name } wrecks { $p }'s { $v_name }; they lose every token
# encounters.wb:109
proc-encounter-log3 = { $p } defeats { $c_name } (trophy worth { $c_influence } influence) and finds { $c_qty } { $c_reward }
# encounters.wb:123
proc-encounter-log4 = { $p }'s { $v_name } find a sealed { $c_name } ({ $c_lock } lock) and keep searching
# encounters.wb:129
proc-encounter-log5 = { $p }'s { $v_name } find a card
# outpost.wb:19
proc-pick_card-ask-v = Which card { $what }?
# rumors.wb:22
proc-use_rumor-log1 = { $p } follows a rumor: { $r_name }
# settlement.wb:138
action-fence_sell = Fence: sell resources
# settlement.wb:138
action-fence_sell-stop1 = The Fence buys at most 5 resources a turn
# settlement.wb:144
action-fence_sell-ask-fence_which = Sell which resource to the Fence?
# settlement.wb:144
action-fence_sell-ask-fence_which-scrap = Scrap
# settlement.wb:144
action-fence_sell-ask-fence_which-fuel = Fuel
# settlement.wb:144
action-fence_sell-ask-fence_which-meds = Meds
# settlement.wb:144
action-fence_sell-ask-fence_which-weapons = Weapons
# settlement.wb:155
action-fence_sell-ask-how_many = How many?
# settlement.wb:159
action-fence_sell-log1 = { $me } sells { $n } { $res } to the Fence for { $arg4 } Caps
# settlement.wb:166
action-discard_cards = Discard cards in your Settlement
# settlement.wb:169
action-discard_cards-ask-cs = Discard which cards?
# settlement.wb:171
action-discard_cards-log1 = { $me } discards { $x_name }
# settlement.wb:177
action-wall_reinforce = Wall: reinforce
# settlement.wb:177
action-wall_reinforce-stop1 = Nothing to put on the Wall
# settlement.wb:181
action-wall_reinforce-ask-wall = Reinforce the Wall
# settlement.wb:181
action-wall_reinforce-ask-wall-scrap = Scrap (hiding points)
# settlement.wb:181
action-wall_reinforce-ask-wall-weapons = Weapons (firing points)
# settlement.wb:181
action-wall_reinforce-ask-wall-opt3 = An item for the Wall
# settlement.wb:183
action-wall_reinforce-ask-wall_scrap = Scrap to place
# settlement.wb:188
action-wall_reinforce-ask-wall_weapons = Weapons to place
# settlement.wb:193
action-wall_reinforce-ask-x = Which item?
# settlement.wb:197
action-wall_reinforce-log1 = { $me }'s Wall: { $me_wall_scrap } Scrap, { $me_wall_weapons } Weapons
# settlement.wb:201
action-pit_stop_repair = Pit Stop: repair a vehicle
# settlement.wb:201
action-pit_stop_repair-stop1 = Repairs take 1 Scrap
# settlement.wb:205
action-pit_stop_repair-ask-v = Repair which vehicle?
# settlement.wb:208
action-pit_stop_repair-log1 = { $me } starts repairing the { $v_name } (ready next turn)
# settlement.wb:234
action-trade_equipment = Trade equipment between your cards
# settlement.wb:237
action-trade_equipment-ask-from = Give from which card?
# settlement.wb:239
action-trade_equipment-ask-to = To which card?
# settlement.wb:242
action-trade_equipment-ask-choose1 = Hand over
# settlement.wb:242
action-trade_equipment-ask-choose1-opt1 = Weapons
# settlement.wb:242
action-trade_equipment-ask-choose1-opt2 = Fuel
# settlement.wb:242
action-trade_equipment-ask-choose1-opt3 = Meds
# settlement.wb:242
action-trade_equipment-ask-choose1-opt4 = Scrap
# settlement.wb:242
action-trade_equipment-ask-choose1-opt5 = Caps
# settlement.wb:242
action-trade_equipment-ask-choose1-opt6 = Cards
# settlement.wb:243
action-trade_equipment-ask-n = Weapons
# settlement.wb:244
action-trade_equipment-ask-n-2 = Fuel
# settlement.wb:245
action-trade_equipment-ask-n-3 = Meds
# settlement.wb:246
action-trade_equipment-ask-n-4 = Scrap
# settlement.wb:247
action-trade_equipment-ask-n-5 = Caps
# settlement.wb:252
action-trade_equipment-ask-hand_over = Cards to hand over
# outpost.wb:23
action-guild_buy = Trading Guild: buy resources
# outpost.wb:23
action-guild_buy-stop1 = You need Caps and room at the Outpost
# outpost.wb:29
action-guild_buy-ask-choose1 = Buy which resource? (Caps: { $v_c })
# outpost.wb:29
action-guild_buy-ask-choose1-opt1 = Scrap for 2 Caps
# outpost.wb:29
action-guild_buy-ask-choose1-opt2 = Fuel for 3 Caps
# outpost.wb:29
action-guild_buy-ask-choose1-opt3 = Meds for 3 Caps
# outpost.wb:29
action-guild_buy-ask-choose1-opt4 = Weapon for 6 Caps
# outpost.wb:36
action-guild_buy-ask-how_many = How many?
# outpost.wb:39
action-guild_buy-log1 = { $me }'s { $v_name } buy { $n } { $res } at the Trading Guild for { $arg5 } Caps
# outpost.wb:42
action-guild_sell = Trading Guild: sell resources
# outpost.wb:42
action-guild_sell-stop1 = Nothing to sell at the Outpost
# outpost.wb:49
action-guild_sell-ask-choose1 = Sell which resource?
# outpost.wb:49
action-guild_sell-ask-choose1-opt1 = Scrap (2 Caps)
# outpost.wb:49
action-guild_sell-ask-choose1-opt2 = Fuel (3 Caps)
# outpost.wb:49
action-guild_sell-ask-choose1-opt3 = Meds (3 Caps)
# outpost.wb:49
action-guild_sell-ask-choose1-opt4 = Weapon (6 Caps)
# outpost.wb:55
action-guild_sell-ask-how_many = How many?
# outpost.wb:62
action-guild_sell-log1 = { $me }'s { $v_name } sell { $n } { $res } at the Trading Guild for { $paid } Caps
# outpost.wb:66
action-casino_bet = Outpost Casino: place a bet
# outpost.wb:66
action-casino_bet-stop1 = You need Caps equipped at the Outpost
# outpost.wb:71
action-casino_bet-ask-bet = Your bet (Caps equipped: { $v_c })
# outpost.wb:75
action-casino_bet-log1 = { $me } bets { $bet } Caps, rolls { $arg3 } and wins: { $arg4 } Caps back
# outpost.wb:78
action-casino_bet-log2 = { $me } bets { $bet } Caps, rolls { $arg3 } and loses them
# outpost.wb:83
action-pit_sell = The Pit: sell an ally for 10 Caps
# outpost.wb:83
action-pit_sell-stop1 = No ally equipped at the Outpost
# outpost.wb:90
action-pit_sell-ask-y = Sell which ally?
# outpost.wb:95
action-pit_sell-log1 = { $me } sells { $y_name } at the Pit for 10 Caps ({ $v_name })
# outpost.wb:98
action-outpost_leader_take = Outpost Bar: equip the Outpost Leader
# outpost.wb:98
action-outpost_leader_take-stop1 = Only the player controlling the Outpost
# outpost.wb:107
action-outpost_leader_take-stop2 = No room for another card
# outpost.wb:110
action-outpost_leader_take-log1 = { $me }'s { $v_name } equip the Outpost Leader
# outpost.wb:113
action-rumor_use = Use a Rumor card
# outpost.wb:116
action-rumor_use-ask-r = Which rumor?
# locations.wb:5
ent-home_settlement = Settlement
    .text = Your home: Pit Stop, Wall, Bar, Warehouse, Fence.
# locations.wb:6
ent-pit_stop = Pit Stop
    .text = Spend 1 Scrap to repair a wrecked vehicle; it is ready next turn.
# locations.wb:7
ent-wall = Wall
    .text = 5 slots, each 1 Scrap and 1 Weapon. Basic Combat value 1, +1 per Weapon.
# locations.wb:8
ent-bar_place = Bar
    .text = Your Leader and allies, face-up.
# locations.wb:9
ent-warehouse_place = Warehouse
    .text = Your resources and item cards.
# locations.wb:10
ent-fence = Fence
    .text = Sell up to 5 resources a turn at 1 Cap each.
# locations.wb:12
ent-junkyard = Junkyard
    .text = Roll a die, add Caps from the Cache (at most 6); spend the points: Scrap 2, Fuel 3, Meds 3, Weapon 6.
# locations.wb:14
ent-gas_station = Gas Station
    .text = Roll a die, add Caps from the Cache (at most 6): 1-4 gain 2 Fuel, 5-6 gain 3 Fuel.
# locations.wb:16
ent-military_base = Military Base
    .text = Gain 1 Weapon and 1 Scrap; you may draw Encounter cards (red deck, 45). Danger low.
# locations.wb:18
ent-vault = Vault
    .text = Gain 1 Weapon and 1 Fuel, or 3 Meds; you may draw Encounter cards (blue deck, 40). Danger medium.
# locations.wb:20
ent-mines = Mines
    .text = Gain 1 Weapon, 1 Scrap and 1 Fuel; you may draw Encounter cards (green deck, 35). Danger high.
# locations.wb:22
ent-crossroads = Crossroads
    .text = Patrol your own Crossroads, or Ambush at an enemy Crossroads.
# locations.wb:24
ent-outpost = Outpost
    .text = Gangs fight the Outpost guards (Combat 6) to take the Outpost square.
# locations.wb:26
ent-enemy_settlement = Enemy Settlement
    .text = Fight the enemy Settlement; if you win, ravage it.
# locations.wb:28
ent-badlands = Badlands
    .text = A Gang that ravaged a Settlement escapes here; it can only return home.
# locations.wb:30
ent-outpost_bar_place = Outpost Bar
    .text = Draw a Rumor when your Caravan arrives; the Outpost Leader waits here.
# locations.wb:31
ent-outpost_square = Outpost Square
    .text = The occupying Gang stands here.
# locations.wb:32
ent-trading_guild = Trading Guild
    .text = Buy or sell: Scrap 2, Fuel 3, Meds 3, Weapon 6 Caps.
# locations.wb:33
ent-outpost_casino = Outpost Casino
    .text = Once a turn bet Caps: 4-6 doubles the bet, 1-3 loses it.
# locations.wb:34
ent-the_pit = The Pit
    .text = Sell ally cards for 10 Caps each.
# locations.wb:38
ent-settlers = Settlers
    .text = Send Settlers to the Gas Station or the Junkyard, or to return a wrecked vehicle; then exhausted until your next turn.
# locations.wb:43
ent-settlers-action-settlers_gas = Settlers: Gas Station
# locations.wb:47
ent-settlers-action-settlers_gas-log1 = { $owner } sends Settlers to the Gas Station
# locations.wb:50
ent-settlers-action-settlers_junk = Settlers: Junkyard
# locations.wb:54
ent-settlers-action-settlers_junk-log1 = { $owner } sends Settlers to the Junkyard
# locations.wb:57
ent-settlers-action-settlers_salvage = Settlers: return a wrecked vehicle
# locations.wb:66
ent-caravan = Caravan
    .text = Moves 1 space a turn: Settlement - Crossroads - Outpost. 1 Fuel for the trip there and back. Carries up to 10 resources and 10 cards.
# locations.wb:72
ent-caravan-action-caravan_out = Caravan: load Goods and set out
# locations.wb:72
ent-caravan-action-caravan_out-stop2 = The trip takes 1 Fuel
# locations.wb:81
ent-caravan-action-caravan_out-log1 = { $owner }'s Caravan sets out with a Goods token
# locations.wb:84
ent-caravan-action-caravan_on = Caravan: drive on
# locations.wb:91
ent-caravan-action-caravan_on-log1 = { $owner }'s Caravan is home
# locations.wb:96
ent-caravan-action-caravan_return = Caravan: return to the Settlement
# locations.wb:101
ent-caravan-action-caravan_return-log1 = { $owner }'s Caravan turns back and is home
# locations.wb:104
ent-caravan-action-caravan_again = Caravan: turn back to the Outpost
# locations.wb:112
ent-caravan-action-caravan_back = Caravan: leave the Outpost
# locations.wb:117
ent-caravan-action-caravan_back-log1 = { $owner }'s Caravan leaves the Outpost
# locations.wb:122
ent-raiders = Raiders
    .text = A Gang: Combat value 1 per Weapon equipped (at most 5); it may equip as many cards as its Combat value.
# locations.wb:128
ent-raiders-action-raiders_out = Raiders: ride out
# locations.wb:128
ent-raiders-action-raiders_out-stop2 = You need Fuel to leave
# locations.wb:134
ent-raiders-action-raiders_on = Raiders: move on
# locations.wb:140
ent-raiders-action-raiders_home = Raiders: return to Settlement
# locations.wb:146
ent-raiders-action-raiders_attack = Raiders: attack the enemy here
# locations.wb:159
ent-marauders = Marauders
    .text = A small Gang: acts like Raiders, but Combat value from Weapons at most 2 and at most 2 cards.
# locations.wb:165
ent-marauders-action-marauders_out = Marauders: ride out
# locations.wb:165
ent-marauders-action-marauders_out-stop2 = You need Fuel to leave
# locations.wb:171
ent-marauders-action-marauders_on = Marauders: move on
# locations.wb:177
ent-marauders-action-marauders_home = Marauders: return to Settlement
# locations.wb:183
ent-marauders-action-marauders_attack = Marauders: attack the enemy here
# leaders.wb:7
ent-scrap_baron = Scrap Baron
    .text = Leader. Ally in Settlement: add 1 to your Junkyard rolls.
# leaders.wb:12
ent-oil_sheikh = Oil Sheikh
    .text = Leader. Ally in Settlement: gain 1 more Fuel at the Gas Station.
# leaders.wb:17
ent-warden = The Warden
    .text = Leader. Ally in Settlement: your Settlement's Combat value is 1 higher.
# leaders.wb:22
ent-fence_master = Fence Master
    .text = Leader. Ally in Settlement: your Fence pays 2 Caps for each resource.
# leaders.wb:27
ent-outpost_leader = Outpost Leader
    .text = Leader. The player controlling the Outpost may equip it. Ally in raid: +1 Combat. Ally in Settlement: your Caravan gains 2 more Caps on arrival.
# rumors.wb:5
ent-fuel_cache = Forgotten Fuel Cache
    .text = Gain 2 Fuel in your Warehouse.
# rumors.wb:7
ent-arms_stash = Arms Stash
    .text = Gain 1 Weapon in your Warehouse.
# rumors.wb:9
ent-field_hospital = Abandoned Field Hospital
    .text = Gain 2 Meds in your Warehouse.
# rumors.wb:11
ent-scrap_pile = Wrecked Convoy
    .text = Gain 2 Scrap in your Warehouse.
# rumors.wb:13
ent-bounty = Bounty Notice
    .text = Gain 3 Caps in your Cache.
# rumors.wb:15
ent-old_map = Old Road Map
    .text = Your next Gang trip from the Settlement needs no Fuel.
# cards/military_base.wb:5
ent-mb_rad_rats = Rad Rats
    .text = Aggressive. Combat 2. Reward: 1 Meds. Influence 3.
# cards/military_base.wb:7
ent-mb_feral_dogs = Feral Dogs
    .text = Aggressive. Combat 2. Reward: 1 Scrap. Influence 3.
# cards/military_base.wb:9
ent-mb_sentry_robot = Sentry Robot
    .text = Defensive. Combat 3. Reward: 2 Weapons. Influence 5.
# cards/military_base.wb:11
ent-mb_ghoul_soldier = Ghoul Soldier
    .text = Aggressive. Combat 3. Reward: 1 Weapon. Influence 5.
# cards/military_base.wb:15
ent-mb_armory_door = Armored Door: Armory
    .text = Electronic lock. Opened: 2 Weapons.
# cards/military_base.wb:17
ent-mb_supply_door = Armored Door: Supply Room
    .text = Mechanical lock. Opened: 3 Meds.
# cards/military_base.wb:21
ent-mb_frag_grenade = Frag Grenade
    .text = One use. +2 Combat in a fight.
# cards/military_base.wb:22
ent-mb_assault_rifle = Assault Rifle
    .text = Multiple use. +1 Combat in a fight.
# cards/military_base.wb:23
ent-mb_flamethrower = Flamethrower
    .text = Rechargeable: discard 1 Fuel equipped to use. +2 Combat in a fight.
# cards/military_base.wb:25
ent-mb_passkey = Electronic Passkey
    .text = One use. Opens an electronic Armored door.
# cards/military_base.wb:26
ent-mb_crowbar = Crowbar
    .text = Multiple use. Opens a mechanical Armored door.
# cards/military_base.wb:27
ent-mb_body_armor = Body Armor
    .text = Multiple use. Ignore 1 damage in each fight.
# cards/military_base.wb:28
ent-mb_stimpak = Stimpak
    .text = One use. Ignore 2 damage in a fight.
# cards/military_base.wb:29
ent-mb_machine_gun = Mounted Machine Gun
    .text = Wall item: placed by the Wall, +2 to your Settlement's Combat value.
# cards/military_base.wb:33
ent-mb_sergeant = Veteran Sergeant
    .text = Ally in raid: +1 Combat in a fight.
# cards/military_base.wb:34
ent-mb_hacker = Hacker
    .text = Ally in raid: opens electronic Armored doors.
# cards/military_base.wb:35
ent-mb_getaway_driver = Getaway Driver
    .text = Ally in raid: +2 to escape rolls.
# cards/military_base.wb:36
ent-mb_field_medic = Field Medic
    .text = Ally in raid: ignore 1 damage in each fight.
# cards/mines.wb:5
ent-m_cave_spiders = Cave Spiders
    .text = Aggressive. Combat 3. Reward: 2 Meds. Influence 5.
# cards/mines.wb:7
ent-m_mole_rats = Giant Mole Rats
    .text = Defensive. Combat 4. Reward: 3 Scrap. Influence 7.
# cards/mines.wb:9
ent-m_tunnel_horror = Tunnel Horror
    .text = Aggressive. Combat 4. Reward: 2 Weapons. Influence 7.
# cards/mines.wb:11
ent-m_glowing_miner = Glowing Miner
    .text = Aggressive. Combat 5. Reward: 3 Weapons. Influence 10.
# cards/mines.wb:13
ent-m_brood_queen = Brood Queen
    .text = Defensive. Combat 5. Reward: 3 Fuel. Influence 10.
# cards/mines.wb:17
ent-m_shaft_door = Collapsed Shaft Door
    .text = Mechanical lock. Opened: 3 Scrap.
# cards/mines.wb:19
ent-m_ore_vault_door = Armored Door: Ore Vault
    .text = Electronic lock. Opened: 2 Weapons.
# cards/mines.wb:23
ent-m_gold_nugget = Gold Nugget
    .text = Valuable. Counts as 10 influence points (in your Warehouse).
# cards/mines.wb:24
ent-m_precious_gem = Precious Gem
    .text = Valuable. Counts as 10 influence points (in your Warehouse).
# cards/mines.wb:25
ent-m_dynamite = Dynamite
    .text = One use. +3 Combat in a fight.
# cards/mines.wb:26
ent-m_pickaxe = Pickaxe
    .text = Multiple use. Opens a mechanical Armored door.
# cards/mines.wb:27
ent-m_miners_lamp = Miner's Lamp
    .text = Multiple use. +1 to escape rolls.
# cards/mines.wb:28
ent-m_sandbags = Sandbags
    .text = Wall item: placed by the Wall, your Settlement ignores 1 damage in each fight.
# cards/mines.wb:32
ent-m_surviving_miner = Surviving Miner
    .text = Ally in raid: opens mechanical Armored doors.
# cards/mines.wb:33
ent-m_demolition_expert = Demolition Expert
    .text = Ally in raid: +2 Combat in a fight.
# cards/mines.wb:34
ent-m_tracker = Tracker
    .text = Ally in raid: +2 to escape rolls.
# cards/vault.wb:5
ent-v_giant_roaches = Giant Roaches
    .text = Aggressive. Combat 3. Reward: 2 Meds. Influence 5.
# cards/vault.wb:7
ent-v_security_robot = Security Robot
    .text = Defensive. Combat 3. Reward: 2 Weapons. Influence 5.
# cards/vault.wb:9
ent-v_vault_mutant = Vault Mutant
    .text = Aggressive. Combat 4. Reward: 2 Fuel. Influence 7.
# cards/vault.wb:11
ent-v_mad_overseer = Mad Overseer
    .text = Defensive. Combat 4. Reward: 3 Weapons. Influence 7.
# cards/vault.wb:15
ent-v_armory_door = Armored Door: Vault Armory
    .text = Electronic lock. Opened: 2 Weapons.
# cards/vault.wb:17
ent-v_infirmary_door = Armored Door: Infirmary
    .text = Mechanical lock. Opened: 3 Meds.
# cards/vault.wb:21
ent-v_laser_pistol = Laser Pistol
    .text = Rechargeable: discard 1 Fuel equipped to use. +2 Combat in a fight.
# cards/vault.wb:23
ent-v_passkey = Electronic Passkey
    .text = One use. Opens an electronic Armored door.
# cards/vault.wb:24
ent-v_plasma_cutter = Plasma Cutter
    .text = Rechargeable: discard 1 Fuel equipped to use. Opens any Armored door.
# cards/vault.wb:26
ent-v_stimpak = Stimpak
    .text = One use. Ignore 2 damage in a fight.
# cards/vault.wb:27
ent-v_combat_armor = Combat Armor
    .text = Multiple use. Ignore 1 damage in each fight.
# cards/vault.wb:28
ent-v_precious_gem = Precious Gem
    .text = Valuable. Counts as 10 influence points (in your Warehouse).
# cards/vault.wb:29
ent-v_nitro_booster = Nitro Booster
    .text = One use. +3 to escape rolls in a fight.
# cards/vault.wb:32
ent-v_scientist = Vault Scientist
    .text = Ally in raid: opens electronic Armored doors.
# cards/vault.wb:33
ent-v_vault_guard = Vault Guard
    .text = Ally in raid: +1 Combat in a fight.
# cards/vault.wb:34
ent-v_doctor = Vault Doctor
    .text = Ally in raid: ignore 1 damage in each fight.
# cards/vault.wb:35
ent-v_scout = Scout
    .text = Ally in raid: +2 to escape rolls.
# locations.wb:12
value-badlands = badlands
# locations.wb:24
value-outpost = outpost
# locations.wb:38
value-ready = ready
# leaders.wb:7
value-multi = multi
# rumors.wb:5
value-fuel = fuel
# rumors.wb:7
value-weapons = weapons
# rumors.wb:9
value-meds = meds
# rumors.wb:11
value-scrap = scrap
# rumors.wb:13
value-caps = caps
# rumors.wb:15
value-trip = trip
# cards/military_base.wb:15
value-electronic = electronic
# cards/military_base.wb:17
value-mechanical = mechanical
# cards/military_base.wb:21
value-one = one
# cards/military_base.wb:23
value-recharge = recharge
# cards/vault.wb:24
value-any = any
# display.wb:5
display-panel-counter-caps = Caps
# display.wb:6
display-panel-counter-scrap = Scrap
# display.wb:7
display-panel-counter-fuel = Fuel
# display.wb:8
display-panel-counter-meds = Meds
# display.wb:9
display-panel-counter-weapons = Weapons
# display.wb:10
display-panel-counter-wall_scrap = Scrap on the Wall
# display.wb:11
display-panel-counter-wall_weapons = Weapons on the Wall
# display.wb:12
display-panel-zone-settlement = Settlement (action cards)
# display.wb:13
display-panel-zone-bar = Bar (leader and allies)
# display.wb:14
display-panel-zone-warehouse = Warehouse
# display.wb:15
display-panel-zone-wall_items = Items on the Wall
# display.wb:16
display-panel-zone-trophies = Monster trophies
# display.wb:17
display-panel-zone-rumors = Rumors
# display.wb:18
display-panel-zone-raiders_gear = Raiders' equipment
# display.wb:19
display-panel-zone-marauders_gear = Marauders' equipment
# display.wb:20
display-panel-zone-caravan_gear = Caravan's equipment
# display.wb:21
display-panel-quantity-influence = Influence
# display.wb:22
display-panel-show1 = Away from the Settlement
# display.wb:25
display-board-counter-caps = Caps
# display.wb:26
display-board-counter-outpost_holder = Holds the Outpost
# display.wb:27
display-board-zone-outpost_bar = Outpost Bar
# display.wb:28
display-board-zone-mb_doors = Sealed doors at the Military Base
# display.wb:29
display-board-zone-vault_doors = Sealed doors at the Vault
# display.wb:30
display-board-zone-mines_doors = Sealed doors at the Mines
# display.wb:31
display-board-zone-discard = Discard pile
board-the_map = The Badlands
# map.wb:35
board-the_map-show-raiders_at = Raiders
# map.wb:35
board-the_map-show-raiders_at-mark = R
# map.wb:36
board-the_map-show-marauders_at = Marauders
# map.wb:36
board-the_map-show-marauders_at-mark = M
# map.wb:37
board-the_map-show-caravan_at = Caravan
