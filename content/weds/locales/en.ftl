# weds: the English catalogue (the source of every translation).
# Written by `waybill i18n extract weds`: edit the .wb files, not this file.
# Ids are derived from the declarations (see spec/messages.py); a translation
# keeps the ids and the { $variables }, and may select on them:
#   { $count ->
#       [one] ...
#      *[other] ...
#   }

pack-name = Wasteland Express Delivery Service
counter-crap = $crap
counter-pos = Truck position
counter-my_truck = Truck piece
counter-contracts_done = Contracts completed
counter-progress_markers = Progress markers left
counter-won_combat = Successful attack this round
counter-last_delivery = Not welcome at
counter-markers = Action markers in AVAILABLE
counter-momentum = Markers in MOVEMENT
counter-in_combat = Markers in COMBAT
counter-in_pillage = Markers in PILLAGE
counter-in_purchase = Markers in PURCHASE
counter-in_deliver = Markers in DELIVER
counter-in_outpost = Markers in OUTPOST
counter-in_bonus = Markers in BONUS
counter-in_used = Markers in USED
counter-sliding = Sliding the MOVEMENT marker
counter-engaged = Raiders engaged during the current move
counter-last_faces = The faces of the last combat roll
counter-round_event = The lasting effect of this round's event
counter-armor_hits = Damage tokens on the Armor mod
counter-missiles_committed = Missiles committed to the current combat roll
zone-reserve = Reserve
zone-mod_shop = Mod Shop tray
zone-box = Game box
zone-artifact_chart = Artifact price chart
zone-supply_stack = Supply counters
zone-supply_discard = Supply discards
zone-demand_stack = Demand counters
zone-demand_discard = Demand discards
zone-contract_deck = Priority first-class contract deck
zone-contracts = Priority first-class contracts
zone-events_deck = Events deck
zone-event_now = Current event
zone-events_discard = Events discard
zone-raider_truck_deck = Raider truck deck
zone-raider_truck_discard = Raider truck discard
zone-raider_enclave_deck = Raider enclave deck
zone-raider_enclave_discard = Raider enclave discard
zone-raider_card_now = Revealed raider card
zone-archivist_jobs = Archivists job deck
zone-army_jobs = New Republic Army job deck
zone-oracle_jobs = Oracles of Ceres job deck
zone-ally_deck = Allies deck
zone-vision_quests = Vision quest stacks
zone-terrain_pile = Terrain octagons
zone-outpost_pile = Outpost tiles
zone-enclave_pile = Raider enclave tiles
zone-raider_garage = Raider trucks
zone-driver_pool = Drivers
zone-faction_cards = Factions
zone-coalition_cards = Raider coalitions
zone-garage = Garage
zone-cab = Driver
zone-truck = Truck
zone-damaged = Damaged slots
zone-load = Cargo
zone-jobs = Faction jobs
zone-done_jobs = Completed faction jobs
zone-allies = Allies
zone-offer = Offer
zone-standees = Standees
zone-vault = Nuclear vault
zone-quest = Vision quest in progress
zone-quest_stack = Vision quest stack taken
zone-quest_stacks = Vision quest stacks near Motown
zone-quests_done = Fulfilled vision quests
zone-dig_pool = Dig tiles in play (set-up)
zone-treasures = Treasure on the truck
space-z00_nw = A1 north-west
space-z00_ne = A1 north-east
space-z00_se = A1 south-east
space-z00_sw = A1 south-west
space-c00 = A1 centre
space-z01_nw = A2 north-west
space-z01_ne = A2 north-east
space-z01_se = A2 south-east
space-z01_sw = A2 south-west
space-c01 = A2 centre
space-z02_nw = A3 north-west
space-z02_ne = A3 north-east
space-z02_se = A3 south-east
space-z02_sw = A3 south-west
space-c02 = A3 centre
space-z03_nw = A4 north-west
space-z03_ne = A4 north-east
space-z03_se = A4 south-east
space-z03_sw = A4 south-west
space-c03 = A4 centre
space-z10_nw = B1 north-west
space-z10_ne = B1 north-east
space-z10_se = B1 south-east
space-z10_sw = B1 south-west
space-c10 = B1 centre
space-z11_nw = B2 north-west
space-z11_ne = B2 north-east
space-z11_se = B2 south-east
space-z11_sw = B2 south-west
space-c11 = B2 centre
space-z12_nw = B3 north-west
space-z12_ne = B3 north-east
space-z12_se = B3 south-east
space-z12_sw = B3 south-west
space-c12 = B3 centre
space-z13_nw = B4 north-west
space-z13_ne = B4 north-east
space-z13_se = B4 south-east
space-z13_sw = B4 south-west
space-c13 = B4 centre
space-z20_nw = C1 north-west
space-z20_ne = C1 north-east
space-z20_se = C1 south-east
space-z20_sw = C1 south-west
space-c20 = C1 centre
space-z21_nw = C2 north-west
space-z21_ne = C2 north-east
space-z21_se = C2 south-east
space-z21_sw = C2 south-west
space-c21 = C2 centre
space-z22_nw = C3 north-west
space-z22_ne = C3 north-east
space-z22_se = C3 south-east
space-z22_sw = C3 south-west
space-c22 = C3 centre
space-z23_nw = C4 north-west
space-z23_ne = C4 north-east
space-z23_se = C4 south-east
space-z23_sw = C4 south-west
space-c23 = C4 centre
space-z30_nw = D1 north-west
space-z30_ne = D1 north-east
space-z30_se = D1 south-east
space-z30_sw = D1 south-west
space-c30 = D1 centre
space-z31_nw = D2 north-west
space-z31_ne = D2 north-east
space-z31_se = D2 south-east
space-z31_sw = D2 south-west
space-c31 = D2 centre
space-z32_nw = D3 north-west
space-z32_ne = D3 north-east
space-z32_se = D3 south-east
space-z32_sw = D3 south-west
space-c32 = D3 centre
space-z33_nw = D4 north-west
space-z33_ne = D4 north-east
space-z33_se = D4 south-east
space-z33_sw = D4 south-west
space-c33 = D4 centre
space-l01 = Site 0-1
space-l02 = Site 0-2
space-l03 = Site 0-3
space-l10 = Site 1-0
space-l11 = Site 1-1
space-l12 = Site 1-2
space-l13 = Site 1-3
space-l14 = Site 1-4
space-l20 = Site 2-0
space-l21 = Site 2-1
space-l22 = Site 2-2
space-l23 = Site 2-3
space-l24 = Site 2-4
space-l30 = Site 3-0
space-l31 = Site 3-1
space-l32 = Site 3-2
space-l33 = Site 3-3
space-l34 = Site 3-4
space-l41 = Site 4-1
space-l42 = Site 4-2
space-l43 = Site 4-3
region-t00 = Terrain A1
region-t01 = Terrain A2
region-t02 = Terrain A3
region-t03 = Terrain A4
region-t10 = Terrain B1
region-t11 = Terrain B2
region-t12 = Terrain B3
region-t13 = Terrain B4
region-t20 = Terrain C1
region-t21 = Terrain C2
region-t22 = Terrain C3
region-t23 = Terrain C4
region-t30 = Terrain D1
region-t31 = Terrain D2
region-t32 = Terrain D3
region-t33 = Terrain D4
# invariants.wb:4
invariant-crap_never_negative = No player's $crap goes below 0
# invariants.wb:7
invariant-five_action_markers = Every player has exactly 5 action markers on the dashboard
# invariants.wb:11
invariant-cargo_is_never_lost = The 75 cargo stay in play (reserve, trucks, raider trucks)
# invariants.wb:14
invariant-artifacts_are_never_lost = The 20 artifacts stay in play (chart or trucks)
# invariants.wb:17
invariant-at_most_five_jobs = No player holds more than 5 incomplete faction jobs
# invariants.wb:20
invariant-progress_markers_in_range = Progress markers left stay between 0 and 10
# invariants.wb:23
invariant-contracts_in_range = A player completes at most 3 contracts
# invariants.wb:26
invariant-pieces_in_working_holds = Every piece aboard a truck has its own working hold (or slot)
track-directions-1 = north
track-directions-2 = east
track-directions-3 = south
track-directions-4 = west
track-cell_names-1 = A1
track-cell_names-2 = A2
track-cell_names-3 = A3
track-cell_names-4 = A4
track-cell_names-5 = B1
track-cell_names-6 = B2
track-cell_names-7 = B3
track-cell_names-8 = B4
track-cell_names-9 = C1
track-cell_names-10 = C2
track-cell_names-11 = C3
track-cell_names-12 = C4
track-cell_names-13 = D1
track-cell_names-14 = D2
track-cell_names-15 = D3
track-cell_names-16 = D4
# cargo.wb:37
quantity-hold_label-str-holding = { $arg1 } ({ $arg2 })
# cargo.wb:37
quantity-hold_label-str-empty = empty
# round.wb:80
play-log1 = The company closes the season after { $arg1 } rounds
# cargo.wb:64
proc-stow-str1 = a General Storage hold
# cargo.wb:64
proc-stow-str-weapons_hold = a Weapons Storage hold
# cargo.wb:66
proc-stow-str-dashboard_slot = an empty slot on the dashboard
# cargo.wb:73
proc-stow-ask-store = Store { $c } in which?
# cargo.wb:105
proc-make_room-ask-make_room = No room for { $c }: discard a piece to make room?
# cargo.wb:105
proc-make_room-str-keep_load = keep my load
# cargo.wb:109
proc-make_room-log1 = { $p } discards { $gone } to make room
# cargo.wb:138
proc-gain_cargo-log1 = { $p } has no room for { $arg2 } { $t }; it goes back to the reserve
# cargo.wb:178
proc-fit_cargo-log1 = { $p } loses { $c } from a damaged hold
# cargo.wb:186
proc-offer_discard-ask-discard = Discard which cargo?
# cargo.wb:188
proc-offer_discard-log1 = { $p } discards { $c }
# cargo.wb:227
proc-damage_point-str-empty_slot = an empty slot
# cargo.wb:230
proc-damage_point-log1 = { $p }'s truck is fully damaged: the damage is ignored
# cargo.wb:233
proc-damage_point-ask-assign_damage = Assign 1 damage to
# cargo.wb:251
proc-damage_point-log2 = { $p }'s truck takes 1 damage (an empty slot)
# cargo.wb:253
proc-damage_point-log3 = { $p }'s truck takes 1 damage in the slot holding { $target }
# cargo.wb:258
proc-damage_point-log4 = { $p }'s truck takes 1 damage: { $target } is out of action
# cargo.wb:277
proc-repair_all-log1 = { $p } repairs { $n } damage
# cargo.wb:296
proc-install_mod-ask-remove_mod = No free slot for { $m }: remove which mod?
# cargo.wb:296
proc-install_mod-str-keep_mods = keep my mods
# cargo.wb:306
proc-install_mod-log1 = { $p } removes { $gone } to make room
# cargo.wb:312
proc-install_mod-log2 = { $p } installs { $m }
# cargo.wb:343
proc-visit_shop-ask-buy_mod = Buy a truck mod (you have ${ $p_crap })
# cargo.wb:343
proc-visit_shop-str-done_shopping = done shopping
# cargo.wb:353
proc-visit_shop-log1 = { $p } buys { $m } for ${ $price }
# cargo.wb:366
proc-fit_allies-ask-a = Too many allies: discard which?
# cargo.wb:367
proc-fit_allies-log1 = { $p } lets { $a } go
# cargo.wb:376
proc-draw_ally-log1 = The allies deck is empty
# cargo.wb:379
proc-draw_ally-ask-a = Hire which ally?
# cargo.wb:384
proc-draw_ally-log2 = { $p } hires { $a }
# cargo.wb:386
proc-draw_ally-ask-gone = Too many allies: discard which (to the bottom of the deck)?
# market.wb:81
proc-purchase_cargo-ask-pick = Buy how many { $t } at ${ $sc_price } each?
# market.wb:87
proc-purchase_cargo-log1 = { $p } buys { $n } { $t } at { $arg4 } for ${ $cost }
# market.wb:94
proc-purchase_cargo-log2 = { $arg1 } now supplies { $nsc_supplies } at ${ $nsc_price }
# market.wb:117
proc-deliver_cargo-ask-pick = Deliver how many { $t } at ${ $arg2 } each?
# market.wb:139
proc-deliver_cargo-log1 = { $p } delivers { $amounts } { $what } to { $arg4 } for ${ $income } (+${ $bonus } bonus)
# market.wb:141
proc-deliver_cargo-log2 = { $p } delivers { $amounts } { $what } to { $arg4 } for ${ $income }
# market.wb:158
proc-deliver_cargo-log3 = { $arg1 } now demands { $nd_demands }; prices: food ${ $pf }, water ${ $pw }, weapons ${ $px }
# market.wb:179
proc-buy_artifact-log1 = { $p } buys an artifact for ${ $price } (the next costs ${ $arg3 })
# market.wb:191
proc-buy_artifacts-ask-more_artifacts = Buy another artifact for ${ $arg1 }?
# dashboard.wb:67
proc-assign_marker-log1 = { $p } slides the marker from MOVEMENT to { $s }
# dashboard.wb:89
proc-pass_turn-log1 = { $p } passes
# movement.wb:29
proc-rad_check_roll-log1 = { $p }'s RAD shield keeps the radiation out
# movement.wb:38
proc-rad_check_roll-ask-reroll_rad = RAD! Reroll the RAD check?
# movement.wb:48
proc-rad_check_roll-log2 = { $p } rolls RAD in an irradiated zone
# movement.wb:51
proc-rad_check_roll-log3 = { $p } crosses the radiation unharmed
# movement.wb:67
proc-meet_raiders-ask-engage = Engage { $target }?
# movement.wb:76
proc-meet_raiders-log1 = { $p } passes { $target } and is shot at
# movement.wb:79
proc-meet_raiders-log2 = { $p } passes { $target } unharmed
# movement.wb:107
proc-drive_truck-str-free_action = take a free action
# movement.wb:112
proc-drive_truck-ask-drive_where = Drive where? ({ $left } left)
# movement.wb:112
proc-drive_truck-str-stop_here = stop here
# movement.wb:171
proc-drive_step-ask-attack_which = Attack which raiders?
# movement.wb:181
proc-finish_drive-log1 = { $p } stops at { $arg2 }
# movement.wb:242
proc-move_raider_truck-str1 = { $arg1 } to { $arg2 }
# movement.wb:249
proc-move_raider_truck-ask-pick = Move { $rt } (raider icon) where?
# movement.wb:260
proc-move_raider_truck-log1 = { $rt } moves { $pick }
# combat.wb:61
proc-combat_roll-log1 = { $p } rolls { $faces }: { $hits } hit(s) against defence { $defense }
# combat.wb:77
proc-combat_reroll-ask-reroll = Reroll one combat die ({ $total } hit(s) against { $defense })?
# combat.wb:91
proc-combat_reroll-ask-reroll_which = Reroll which die?
# combat.wb:107
proc-combat_reroll-log1 = { $p } rerolls a { $low }: { $arg3 }, { $total } hit(s) in all
# combat.wb:132
proc-normal_combat-log1 = { $p } attacks { $target }: { $card } (defence { $card_defense })
# combat.wb:135
proc-normal_combat-log2 = { $p } fails and takes damage
# combat.wb:157
proc-combat_success-log1 = { $p } beats { $target }!
# combat.wb:179
proc-pillage-log1 = { $p } pillages { $got } from { $target }
# combat.wb:187
proc-ambush-log1 = { $p } is ambushed by { $card } (defence { $card_defense })
# combat.wb:191
proc-ambush-log2 = { $p } fails to fend off the ambush
# combat.wb:197
proc-ambush-log3 = { $p } fends off the ambush
# combat.wb:230
proc-boss_combat-log1 = { $p } challenges { $boss }: defence { $boss_base_defense } + { $d } = { $defense }
# combat.wb:233
proc-boss_combat-log2 = { $boss } hits { $p } hard
# combat.wb:240
proc-boss_combat-log3 = { $p } defeats { $boss }!
# combat.wb:243
proc-boss_combat-log4 = { $boss } crushes { $p }
# contracts.wb:49
proc-complete_contract-log1 = { $p } completes the contract { $c } ({ $p_contracts_done } of { $arg4 })
# contracts.wb:52
proc-complete_contract-log2 = { $p } has completed { $p_contracts_done } contracts and wins!
# setup.wb:65
proc-place_raider_trucks-log1 = { $rt } starts in { $arg2 }
# setup.wb:101
proc-choose_contracts-log1 = Contract in play: { $c }
# setup.wb:136
proc-choose_driver-ask-pick = Choose your driver
# setup.wb:143
proc-choose_driver-log1 = { $p } drives as { $d }
# setup.wb:154
proc-first_faction_job-ask-keep_job = Keep which faction job?
# setup.wb:189
proc-setup_game-log1 = { $arg1 } starts with the events deck
# round.wb:19
proc-reveal_event-log1 = Event: { $e }
# round.wb:53
proc-play_round-log1 = Round { $arg1 }: { $arg2 } is the start player
# cards/hooks.wb:44
proc-buy_trailer-log1 = { $p } buys a trailer (+3 slots)
# cards/hooks.wb:66
proc-commit_missiles-ask-missiles = Commit how many missiles (+2 hits each) before you roll?
# cards/hooks.wb:76
proc-commit_missiles-log1 = { $p } commits { $n } missile(s): +{ $arg3 } hits
# cards/hooks.wb:101
proc-entering_terrain-log1 = The bomb draws raiders: { $p } is ambushed
# cards/hooks.wb:108
proc-entering_terrain-log2 = { $p } loses the nuclear bomb; it goes back to the Railmen Enclave
# cards/jobs_common.wb:17
proc-take_faction_job-log1 = The { $f } job deck is empty
# cards/jobs_common.wb:22
proc-take_faction_job-ask-keep_job = Keep which faction job?
# cards/jobs_common.wb:29
proc-take_faction_job-log2 = { $p } takes on a faction job from { $f }
# cards/jobs_common.wb:31
proc-take_faction_job-ask-too_many_jobs = Too many faction jobs: discard which?
# cards/jobs_common.wb:35
proc-take_faction_job-log3 = { $p } discards a faction job
# cards/jobs_common.wb:62
proc-job_delivery-ask-deliver_which = Deliver which for { $job }?
# cards/jobs_common.wb:70
proc-job_delivery-log1 = { $p } delivers { $what } for the faction job { $job } at { $arg4 }
# cards/jobs_common.wb:90
proc-mark_job-log1 = { $p } marks progress on { $job } ({ $arg3 } done)
# cards/jobs_common.wb:132
proc-finish_job-log1 = { $p } completes the faction job { $job } for ${ $job_reward }
# cards/jobs_common.wb:134
proc-finish_job-log2 = { $p } completes the faction job { $job }
# cards/vision_quests.wb:23
proc-quest_fulfilled-log1 = { $p } fulfils the vision quest { $v }
# cards/vision_quests.wb:29
proc-quest_fulfilled-log2 = { $p } takes the next card of the vision quest stack
# cargo.wb:193
action-discard_cargo_freely = Discard cargo
# cargo.wb:193
action-discard_cargo_freely-stop1 = Nothing to discard
# dashboard.wb:110
action-drive = Move your truck
# dashboard.wb:110
action-drive-stop1 = No free MOVEMENT slot
# dashboard.wb:116
action-drive-log1 = { $me } drives (up to { $n } spaces)
# dashboard.wb:120
action-attack = Attack raiders
# dashboard.wb:120
action-attack-stop1 = No free COMBAT slot
# dashboard.wb:120
action-attack-stop2 = You already attacked successfully this round
# dashboard.wb:120
action-attack-stop3 = No raiders here
# dashboard.wb:129
action-attack-ask-attack_which = Attack which raiders?
# dashboard.wb:135
action-purchase = Purchase cargo
# dashboard.wb:135
action-purchase-stop1 = You already purchased this round
# dashboard.wb:135
action-purchase-stop2 = Nothing to buy here
# dashboard.wb:143
action-deliver = Deliver cargo
# dashboard.wb:143
action-deliver-stop1 = No free DELIVER slot
# dashboard.wb:143
action-deliver-stop2 = No demand here for what you carry
# dashboard.wb:154
action-activate_outpost = Activate an outpost
# dashboard.wb:154
action-activate_outpost-stop1 = No free OUTPOST slot
# dashboard.wb:154
action-activate_outpost-stop2 = Nothing to do here
# dashboard.wb:164
action-bonus_action = Bonus action
# dashboard.wb:164
action-bonus_action-stop1 = No free BONUS slot
# dashboard.wb:164
action-bonus_action-stop2 = No bonus action available
# cards/events.wb:92
on-bounty_hunters-log1 = { $who } collects a $3 bounty
# cargo.wb:394
ent-food = Food
    .text = A food crate.
# cargo.wb:395
ent-water = Water
    .text = A water barrel.
# cargo.wb:396
ent-weapons = Weapons
    .text = A weapons crate.
# cargo.wb:397
ent-artifact_piece = Artifact
    .text = Needed for certain contracts; never paid for on delivery.
# cargo.wb:398
ent-damage_token_piece = Damage token
    .text = Occupies a slot; the mod under it is inactive.
# cargo.wb:399
ent-trailer_piece = Trailer
    .text = Adds 3 slots to your truck. At most 2 per truck.
# cargo.wb:402
ent-general_hold = Cargo Hold → General Storage
    .text = Cargo Hold → General Storage ($3): Store 1 food crate or water barrel.
# cargo.wb:406
ent-weapons_hold = Cargo Hold → Weapons Storage
    .text = Cargo Hold → Weapons Storage ($5): Store 1 weapons crate.
# terrain.wb:7
ent-salt_flats = Salt Flats
    .text = Salt Flats. Rough zones: none. Irradiated zones: none.
# terrain.wb:11
ent-dust_bowl = Dust Bowl
    .text = Dust Bowl. Rough zones: none. Irradiated zones: south-east. Raider icon (truck 1) in the north-east zone.
# terrain.wb:16
ent-dead_highway = Dead Highway
    .text = Dead Highway. Rough zones: none. Irradiated zones: none. Raider icon (truck 2) in the south-west zone.
# terrain.wb:21
ent-glass_plain = Glass Plain
    .text = Glass Plain. Rough zones: none. Irradiated zones: north-west, north-east.
# terrain.wb:26
ent-scrap_fields = Scrap Fields
    .text = Scrap Fields. Rough zones: none. Irradiated zones: none. Raider icon (truck 3) in the north-west zone.
# terrain.wb:31
ent-dry_lake = Dry Lake
    .text = Dry Lake. Rough zones: none. Irradiated zones: south-west.
# terrain.wb:36
ent-dune_sea = Dune Sea
    .text = Dune Sea. Rough zones: north-east. Irradiated zones: none. Raider icon (truck 1) in the south-east zone.
# terrain.wb:41
ent-broken_mesa = Broken Mesa
    .text = Broken Mesa. Rough zones: north-west. Irradiated zones: south-east.
# terrain.wb:46
ent-crater_rim = Crater Rim
    .text = Crater Rim. Rough zones: south-east, south-west. Irradiated zones: north-east. Raider icon (truck 2) in the north-west zone.
# terrain.wb:51
ent-rust_canyon = Rust Canyon
    .text = Rust Canyon. Rough zones: north-west, south-east. Irradiated zones: none. Raider icon (truck 3) in the north-east zone.
# terrain.wb:56
ent-ash_hills = Ash Hills
    .text = Ash Hills. Rough zones: north-east, south-west. Irradiated zones: north-west.
# terrain.wb:61
ent-bone_gulch = Bone Gulch
    .text = Bone Gulch. Rough zones: south-west. Irradiated zones: none. Raider icon (truck 3) in the south-east zone.
# terrain.wb:66
ent-badlands = Badlands
    .text = Badlands. Rough zones: north-west, north-east, south-east, south-west. Irradiated zones: none. Raider icon (truck 1) in the south-west zone.
# terrain.wb:71
ent-t_sprawl = The Sprawl
    .text = The Sprawl. Rough zones: north-west, north-east, south-east, south-west. Irradiated zones: south-east, south-west.
# terrain.wb:76
ent-fallout_ridge = Fallout Ridge
    .text = Fallout Ridge. Rough zones: north-west, north-east, south-east. Irradiated zones: north-west. Raider icon (truck 2) in the north-east zone.
# terrain.wb:81
ent-twisted_woods = Twisted Woods
    .text = Twisted Woods. Rough zones: north-east, south-east, south-west. Irradiated zones: none.
# market_counters.wb:5
ent-supply_food_1 = Supply: food $1
    .text = Sells food at $1 each.
# market_counters.wb:6
ent-supply_food_2 = Supply: food $2
    .text = Sells food at $2 each.
# market_counters.wb:7
ent-supply_food_3 = Supply: food $3
    .text = Sells food at $3 each.
# market_counters.wb:8
ent-supply_water_1 = Supply: water $1
    .text = Sells water at $1 each.
# market_counters.wb:9
ent-supply_water_2 = Supply: water $2
    .text = Sells water at $2 each.
# market_counters.wb:10
ent-supply_water_3 = Supply: water $3
    .text = Sells water at $3 each.
# market_counters.wb:11
ent-supply_weapons_2 = Supply: weapons $2
    .text = Sells weapons at $2 each.
# market_counters.wb:12
ent-supply_weapons_3 = Supply: weapons $3
    .text = Sells weapons at $3 each.
# market_counters.wb:13
ent-supply_weapons_4 = Supply: weapons $4
    .text = Sells weapons at $4 each.
# market_counters.wb:15
ent-demand_food = Demand: food
    .text = Buys food at the market price.
# market_counters.wb:16
ent-demand_water = Demand: water
    .text = Buys water at the market price.
# market_counters.wb:17
ent-demand_weapons = Demand: weapons
    .text = Buys weapons at the market price.
# market_counters.wb:18
ent-demand_food_water = Double demand: food and water
    .text = Buys food and water at the market price; deliver at least 1 of each.
# market_counters.wb:19
ent-demand_food_weapons = Double demand: food and weapons
    .text = Buys food and weapons at the market price; deliver at least 1 of each.
# market_counters.wb:20
ent-demand_water_weapons = Double demand: water and weapons
    .text = Buys water and weapons at the market price; deliver at least 1 of each.
# raiders.wb:5
ent-raider_truck_1 = Raider truck 1
    .text = A raider truck. Moved by raider icons marked 1.
# raiders.wb:6
ent-raider_truck_2 = Raider truck 2
    .text = A raider truck. Moved by raider icons marked 2.
# raiders.wb:7
ent-raider_truck_3 = Raider truck 3
    .text = A raider truck. Moved by raider icons marked 3.
# raiders.wb:10
ent-eyeless_enclave = The Eyeless Enclave
    .text = The enclave of the Eyeless.
# raiders.wb:11
ent-bonesaw_enclave = The Bonesaw Enclave
    .text = The enclave of Bonesaw.
# raiders.wb:12
ent-nein_nein_enclave = The Nein Nein Enclave
    .text = The enclave of Nein Nein; directly opposite the Railmen Enclave.
# raiders.wb:13
ent-railmen_enclave = The Railmen Enclave
    .text = The enclave of the Railmen; directly opposite the Nein Nein Enclave.
# raiders.wb:15
ent-torque_figure = Grand Lord Emperor Torque
    .text = Defence: 7 plus the hits of 2 combat dice. If you fail, your truck takes 2 damage.
# raiders.wb:23
ent-rt_scavengers = Scavengers
    .text = Defence 3. Cargo: food, water.
# raiders.wb:24
ent-rt_water_thieves = Water Thieves
    .text = Defence 3. Cargo: water, water.
# raiders.wb:25
ent-rt_road_rats = Road Rats
    .text = Defence 3. Cargo: food, food.
# raiders.wb:26
ent-rt_gunrunners = Gunrunners
    .text = Defence 4. Cargo: weapons, food.
# raiders.wb:27
ent-rt_tankers = Tankers
    .text = Defence 4. Cargo: water, weapons.
# raiders.wb:28
ent-rt_war_rig = War Rig
    .text = Defence 4. Cargo: weapons, weapons.
# raiders.wb:29
ent-rt_chain_gang = Chain Gang
    .text = Defence 5. Cargo: food, weapons.
# raiders.wb:30
ent-rt_spike_wheels = Spike Wheels
    .text = Defence 5. Cargo: water, weapons.
# raiders.wb:31
ent-rt_doom_buggy = Doom Buggy
    .text = Defence 6. Cargo: weapons, weapons.
# raiders.wb:34
ent-re_sleeping_guards = Sleeping Guards
    .text = Defence 3. Cargo: food, water.
# raiders.wb:35
ent-re_thin_walls = Thin Walls
    .text = Defence 3. Cargo: water, water.
# raiders.wb:36
ent-re_open_gate = Open Gate
    .text = Defence 3. Cargo: food, weapons.
# raiders.wb:37
ent-re_lookouts = Lookouts
    .text = Defence 4. Cargo: food, weapons.
# raiders.wb:38
ent-re_dogs = Dogs
    .text = Defence 4. Cargo: weapons, water.
# raiders.wb:39
ent-re_stockpile = Stockpile
    .text = Defence 4. Cargo: food, food, water.
# raiders.wb:40
ent-re_water_tower = Water Tower
    .text = Defence 4. Cargo: water, food.
# raiders.wb:41
ent-re_armory = Armory
    .text = Defence 5. Cargo: weapons, weapons.
# raiders.wb:42
ent-re_market_day = Market Day
    .text = Defence 5. Cargo: food, water, weapons.
# raiders.wb:43
ent-re_cistern = Cistern
    .text = Defence 5. Cargo: water, water, weapons.
# raiders.wb:44
ent-re_feast = Feast
    .text = Defence 5. Cargo: food, food, weapons.
# raiders.wb:45
ent-re_war_party = War Party
    .text = Defence 6. Cargo: weapons, weapons, food.
# raiders.wb:46
ent-re_fortified = Fortified
    .text = Defence 6. Cargo: weapons, water, water.
# raiders.wb:47
ent-re_warlords_hoard = Warlord's Hoard
    .text = Defence 6. Cargo: food, water, weapons.
# raiders.wb:48
ent-re_gun_nest = Gun Nest
    .text = Defence 7. Cargo: weapons, weapons, weapons.
# raiders.wb:49
ent-re_berserkers = Berserkers
    .text = Defence 7. Cargo: weapons, weapons, water.
# raiders.wb:52
ent-rad_sign = Irradiated
    .text = An irradiated zone: roll the RAD check die on entering.
# raiders.wb:53
ent-rough_ground = Rough ground
    .text = Harder terrain: entering this zone counts as 2 spaces.
# raiders.wb:54
ent-raider_icon = Raider icon
    .text = Ending a move here moves the matching raider truck to an adjacent terrain.
# raiders.wb:57
ent-delivery_truck = Delivery truck
    .text = Your truck.
# raiders.wb:58
ent-not_welcome = Not welcome standee
    .text = Marks the outpost of your most recent delivery.
# contract_cards.wb:6
ent-blue_screen_of_death = Blue Screen of Death
    .text = To complete this contract, while at the Depot and carrying 3 artifacts on your truck, take a [BONUS] action to deliver them. (You must deliver all 3 artifacts at 1 time.)
# contract_cards.wb:9
ent-blue_screen_of_death-action-deliver_artifacts = Blue Screen of Death: deliver 3 artifacts at the Depot
# contract_cards.wb:9
ent-blue_screen_of_death-action-deliver_artifacts-stop2 = You must be at the Depot
# contract_cards.wb:9
ent-blue_screen_of_death-action-deliver_artifacts-stop3 = You need 3 artifacts
# contract_cards.wb:21
ent-blue_screen_of_death-action-deliver_artifacts-log1 = { $me } delivers 3 artifacts at the Depot
# contract_cards.wb:26
ent-bailout = Bailout
    .text = To complete this contract, take a [BONUS] action while at New New York and then pay $crap equal to the lowest uncovered amount showing on the contract. (25, 30, 35)
# contract_cards.wb:30
ent-bailout-action-pay_bailout = Bailout: pay the lowest uncovered amount at New New York
# contract_cards.wb:30
ent-bailout-action-pay_bailout-stop2 = You must be at New New York
# contract_cards.wb:30
ent-bailout-action-pay_bailout-stop3 = Not enough $crap
# contract_cards.wb:37
ent-bailout-action-pay_bailout-log1 = { $me } pays ${ $price } to bail out New New York
# contract_cards.wb:42
ent-grand_lord_emperor_torque = Grand Lord Emperor Torque
    .text = To complete this contract, you must defeat the Grand Lord Emperor Torque in combat. To do so, take a [COMBAT] action while at the Eyeless Enclave. Then, determine his defense value by rolling 2 combat dice; his defense value is the number of hits you rolled, plus 7. After his defense value has been determined, make your normal combat roll. If you succeed, you take no damage and have completed the contract. If you fail, your truck takes 2 damage.
# contract_cards.wb:54
ent-kill_em_all = Kill 'Em All
    .text = To complete this contract, you must pillage (i.e., succeed in combat against) all 4 raider enclaves. When you pillage an enclave, place 1 of your progress markers on the enclave to indicate that you have fulfilled that portion of the contract's requirements.
# contract_cards.wb:60
ent-kill_em_all-on-enclave_pillaged-log1 = { $who } has pillaged { $arg2 } of 4 raider enclaves
# events_drivers.wb:5
ent-welcome_to_the_wasteland = Welcome to the Wasteland
    .text = Welcome to the Wasteland! Nothing happens this round.
# events_drivers.wb:9
ent-welcome_to_the_wasteland-on-revealed-log1 = Welcome to the Wasteland!
# events_drivers.wb:13
ent-zero = Zero
    .text = Zero: likes shooting raiders. Add 1 hit to every combat roll.
# events_drivers.wb:19
ent-big_john = Big John
    .text = Big John: hauling is a family affair. Start with an extra general storage hold.
# events_drivers.wb:32
ent-gat = Gat
    .text = Gat: pedal down. Move 1 additional space on the third [MOVEMENT] action in a row.
# events_drivers.wb:38
ent-bandit = Bandit
    .text = Bandit: bought a trailer. Start with a trailer.
# events_drivers.wb:51
ent-the_fallen = The Fallen
    .text = The Fallen: a fully loaded shotgun. Roll 1 additional combat die in raider ambushes... and everywhere else.
# events_drivers.wb:57
ent-tweek = Tweek
    .text = Tweek: used to radiation. When performing a RAD check, you may reroll once.
# cards/allies.wb:11
ent-armistice = Armistice
    .text = Armistice: You may move +1 space when taking a second [MOVEMENT] action in a row.
# cards/allies.wb:17
ent-big_john_sr = Big John Sr.
    .text = Big John Sr.: When you visit the Mod Shop, pay $2 less.
# cards/allies.wb:23
ent-bonesaw = Bonesaw
    .text = Bonesaw: When performing a RAD check, you may reroll once.
# cards/allies.wb:29
ent-the_brothers = The Brothers
    .text = The Brothers: Gain +$2 on water deliveries.
# cards/allies.wb:35
ent-butch = Butch
    .text = Butch: Gain +$2 on food deliveries.
# cards/allies.wb:41
ent-cap = Cap
    .text = Cap: You may move +1 space when taking a second [MOVEMENT] action in a row.
# cards/allies.wb:47
ent-chief = Chief
    .text = Chief: Gain +$2 on weapons deliveries.
# cards/allies.wb:53
ent-the_creep = The Creep
    .text = The Creep: When performing a RAD check, you may reroll once.
# cards/allies.wb:59
ent-dead_eye = Dead Eye
    .text = Dead Eye: When you purchase cargo, pay $1 less.
# cards/allies.wb:65
ent-grease_monkey = Grease Monkey
    .text = Grease Monkey: When you visit the Mod Shop, pay $2 less.
# cards/allies.wb:71
ent-the_great_preservative = The Great Preservative
    .text = The Great Preservative: Gain +$2 on food deliveries.
# cards/allies.wb:77
ent-molls_electric = Molls Electric
    .text = Molls Electric: Gain +$2 on water deliveries.
# cards/allies.wb:83
ent-mortar = Mortar
    .text = Mortar: If you would fail in combat, after taking damage, you may reroll any 1 die.
# cards/allies.wb:89
ent-shady = Shady
    .text = Shady: When you purchase cargo, pay $1 less.
# cards/allies.wb:95
ent-squishy = Squishy
    .text = Squishy: If you would fail in combat, after taking damage, you may reroll any 1 die.
# cards/allies.wb:101
ent-syndicate = Syndicate
    .text = Syndicate: Gain +$2 on weapons deliveries.
# cards/contracts.wb:15
ent-empty_dig_tile = Dig tile (empty)
    .text = An empty dig tile: removed from the game when excavated.
# cards/contracts.wb:16
ent-treasure_dig_tile = Dig tile (treasure)
    .text = Buried treasure: deliver it to the Librarian.
# cards/contracts.wb:21
ent-dig_site = Dig tile (face down)
    .text = A face-down dig tile. Excavate it with a Digger ([BONUS] action).
# cards/contracts.wb:22
ent-nuclear_bomb_piece = Nuclear bomb
    .text = Stored only in a nuclear vault. Deliver it to the Nein Nein Enclave.
# cards/contracts.wb:49
ent-the_big_dig = The Big Dig
    .text = The Big Dig: During setup, take the 15 dig tiles out of the box. Create a pool of these by selecting 2 empty tiles and 1 treasure tile per player. Then, shuffle the pool of selected tiles together, face down, and distribute them around the wasteland as evenly as possible. To complete this contract, you must first purchase a digger mod from the Mod Shop. Once your truck is properly equipped, you can excavate a dig tile in the same zone as your truck by taking a [BONUS] action. If it is an empty tile, remove it from the game. If it is a treasure tile, you must store it in any empty cargo hold or any empty slot on your dashboard. Once you have the treasure on your truck, you must deliver it to the Librarian. While at the Library, take a [BONUS] action to deliver the treasure, and then remove the treasure tile from the game.
# cards/contracts.wb:81
ent-the_big_dig-on-revealed-log1 = The Big Dig: { $total } dig tiles are buried in the wasteland
# cards/contracts.wb:83
ent-the_big_dig-action-excavate = The Big Dig: excavate the dig tile here
# cards/contracts.wb:83
ent-the_big_dig-action-excavate-stop2 = No dig tile here
# cards/contracts.wb:83
ent-the_big_dig-action-excavate-stop3 = You need a Digger
# cards/contracts.wb:83
ent-the_big_dig-action-excavate-stop4 = You already carry the treasure
# cards/contracts.wb:105
ent-the_big_dig-action-excavate-log1 = { $me } digs up the treasure!
# cards/contracts.wb:112
ent-the_big_dig-action-excavate-log2 = { $me } finds the treasure but has no room for it: it stays buried
# cards/contracts.wb:116
ent-the_big_dig-action-excavate-log3 = { $me } digs up nothing but dirt
# cards/contracts.wb:119
ent-the_big_dig-action-deliver_treasure = The Big Dig: deliver the treasure to the Librarian
# cards/contracts.wb:119
ent-the_big_dig-action-deliver_treasure-stop2 = Go to the Library
# cards/contracts.wb:119
ent-the_big_dig-action-deliver_treasure-stop3 = You have no treasure
# cards/contracts.wb:127
ent-the_big_dig-action-deliver_treasure-log1 = { $me } delivers the treasure to the Librarian
# cards/contracts.wb:132
ent-questionable_decisions = Questionable Decisions
    .text = Questionable Decisions: During setup, take the 5 nuclear bombs out of the box and stack them near the Railmen Enclave. To complete this contract, you first must purchase a nuclear vault from the Mod Shop. Once your truck is properly equipped, you then must successfully attack the Railmen Enclave. Instead of pillaging the cargo listed on the raider enclave card, you may instead collect a nuclear bomb, which can be stored only in the nuclear vault. While you are carrying a nuclear bomb, every time your truck enters new terrain, you will automatically be ambushed by raiders. Reveal a raider truck card and resolve a raider ambush; if you fail to fend off the ambush, return the nuclear bomb to the Railmen Enclave. If you arrive at the Nein Nein Enclave with the nuclear bomb on your truck, take a [BONUS] action to deliver the nuclear bomb and complete the contract. You may not use the escort temp mod while a nuclear bomb is stored on your truck. You must drive the bomb across the wasteland.
# cards/contracts.wb:139
ent-questionable_decisions-on-revealed-log1 = 5 nuclear bombs are stacked at the Railmen Enclave
# cards/contracts.wb:145
ent-questionable_decisions-instead-take_bomb-ask-nuclear_bomb = Collect a nuclear bomb instead of the cargo?
# cards/contracts.wb:153
ent-questionable_decisions-instead-take_bomb-log1 = { $p } loads a nuclear bomb into the nuclear vault
# cards/contracts.wb:163
ent-questionable_decisions-action-deliver_bomb = Questionable Decisions: deliver the nuclear bomb to Nein Nein
# cards/contracts.wb:163
ent-questionable_decisions-action-deliver_bomb-stop2 = Go to the Nein Nein Enclave
# cards/contracts.wb:163
ent-questionable_decisions-action-deliver_bomb-stop3 = You carry no nuclear bomb
# cards/contracts.wb:171
ent-questionable_decisions-action-deliver_bomb-log1 = { $me } delivers a nuclear bomb to the Nein Nein Enclave
# cards/contracts.wb:177
ent-smuggler = Smuggler
    .text = Smuggler: To complete this contract, you must finish 1 smuggling run for each faction. Smuggling runs are specific faction jobs, available in the faction job decks, marked with the envelope icon. Each finished smuggling run should be placed face up near your dashboard; once you have finished all required 3 smuggling runs, the contract is complete.
# cards/contracts.wb:185
ent-smuggler-on-smuggled-log1 = { $who } has finished smuggling runs for { $arg2 } of 3 factions (Smuggler)
# cards/contracts.wb:193
ent-vision_quest_contract = Vision Quest
    .text = Vision Quest: During setup, take the 15 vision quest cards out of the box. The cards are labeled 1A, 1B, 1C, etc. Create 5 stacks of 3 cards each (A on top, B in the middle, C on bottom) and place them face down near Motown's location in the wasteland. While in Motown, take a [BONUS] action to take on 1 of these contracts. When you do, select 1 of these stacks, and take the top card (A) of that stack. Once you have fulfilled the requirements listed on that card, place it face up. You may then look at and take the next card in the stack. Repeat the process until you've fulfilled the requirements of all 3 cards (A, B, C) in order. The contract is now complete! Remove those 3 cards from the game.
# cards/contracts.wb:203
ent-vision_quest_contract-action-take_vision_quest = Vision Quest: take a vision quest stack at Motown
# cards/contracts.wb:203
ent-vision_quest_contract-action-take_vision_quest-stop2 = Go to Motown
# cards/contracts.wb:203
ent-vision_quest_contract-action-take_vision_quest-stop3 = You are already on a vision quest
# cards/contracts.wb:203
ent-vision_quest_contract-action-take_vision_quest-stop4 = No vision quest stack is left
# cards/contracts.wb:211
ent-vision_quest_contract-action-take_vision_quest-str-stack = Stack { $arg1 }
# cards/contracts.wb:213
ent-vision_quest_contract-action-take_vision_quest-ask-quest_stack = Take which vision quest stack?
# cards/contracts.wb:219
ent-vision_quest_contract-action-take_vision_quest-log1 = { $me } sets out on a vision quest: stack { $v_stack }
# cards/events.wb:11
ent-dust_storm = Dust Storm
    .text = Dust Storm: This round, every [MOVEMENT] action moves 1 space less.
# cards/events.wb:18
ent-tailwind = Tailwind
    .text = Tailwind: This round, every [MOVEMENT] action may move 1 additional space.
# cards/events.wb:25
ent-black_market_boom = Black Market Boom
    .text = Black Market Boom: Every player takes $2 from the reserve.
# cards/events.wb:32
ent-black_market_boom-on-revealed-log1 = Black Market Boom: every driver takes $2
# cards/events.wb:36
ent-salvage_sale = Salvage Sale
    .text = Salvage Sale: This round, repairing at the Depot costs $1 and trailers cost $6.
# cards/events.wb:44
ent-mercenaries_for_hire = Mercenaries for Hire
    .text = Mercenaries for Hire: This round, hiring an ally at the Rock costs $1.
# cards/events.wb:51
ent-radiation_storm = Radiation Storm
    .text = Radiation Storm: Every player whose truck is in an irradiated zone performs a RAD check.
# cards/events.wb:56
ent-radiation_storm-on-revealed-log1 = Radiation Storm: { $p } performs a RAD check
# cards/events.wb:62
ent-raider_raid = Raider Raid
    .text = Raider Raid: Every raider truck ambushes all player trucks in its terrain (one raider truck card for each raider truck).
# cards/events.wb:74
ent-tax_collectors = Tax Collectors
    .text = Tax Collectors: Every player with $15 or more pays $2 to the reserve.
# cards/events.wb:80
ent-tax_collectors-on-revealed-log1 = Tax Collectors: { $p } pays $2
# cards/events.wb:85
ent-bounty_hunters = Bounty on Raiders
    .text = Bounty on Raiders: This round, every successful attack on raiders (not an ambush) earns $3 from the reserve.
# cards/factions.wb:3
ent-new_republic_army = New Republic Army
    .text = Until recently, the New Republic Army was far and away the most powerful faction in the world. Capital: The Citadel.
# cards/factions.wb:9
ent-free_cities = Free Cities
    .text = Free Cities: outposts aligned with no faction. They keep no faction job deck.
# cards/factions.wb:14
ent-archivists = The Archivists
    .text = For as long as anyone can remember, the Archivists have been obsessed with rediscovering the secrets of the world that was. Capital: The Library.
# cards/factions.wb:20
ent-oracles_of_ceres = Oracles of Ceres
    .text = These religious fanatics blame mankind for the fall of the world. Capital: Corinth.
# cards/factions.wb:26
ent-the_eyeless = The Eyeless
    .text = The Eyeless: a raider coalition. Their enclave is the Eyeless Enclave, seat of the Grand Lord Emperor Torque.
# cards/factions.wb:31
ent-bonesaw_raiders = Bonesaw
    .text = Bonesaw: a raider coalition.
# cards/factions.wb:36
ent-nein_nein = Nein Nein
    .text = Nein Nein: a raider coalition. The Nein Nein Enclave lies opposite the Railmen Enclave.
# cards/factions.wb:41
ent-the_railmen = The Railmen
    .text = The Railmen: a raider coalition. Nuclear bombs are stacked near the Railmen Enclave.
# cards/jobs_archivists.wb:13
ent-fiat_currency = Fiat Currency
    .text = Fiat Currency: Look, I'm gonna level with you. $crap isn't worth anything. We just made it up. Told people we keep gold in a vault and you can convert your $crap into gold. Total lie. My people are loaded down with loans they can't pay off. We stopped growing our own food years ago. We keep minting more $crap and loaning our people more money so they can buy food. House of cards. I LOVE it. Living on the edge, man. It could all crash any minute. Requirements: Deliver food to New New York. Reward: $5.
# cards/jobs_archivists.wb:18
ent-fiat_currency-action-deliver = Fiat Currency: deliver food to New New York
# cards/jobs_archivists.wb:25
ent-reading_lamp_oil = Reading Lamp Oil
    .text = Reading Lamp Oil: The stacks are dry and so are the scribes. Requirements: Deliver water to The Library. Reward: $4.
# cards/jobs_archivists.wb:30
ent-reading_lamp_oil-action-deliver = Reading Lamp Oil: deliver water to The Library
# cards/jobs_archivists.wb:37
ent-guarded_stacks = Guarded Stacks
    .text = Guarded Stacks: The Librarian wants the rare books guarded. Heavily. Requirements: Deliver weapons to The Library. Reward: $6.
# cards/jobs_archivists.wb:42
ent-guarded_stacks-action-deliver = Guarded Stacks: deliver weapons to The Library
# cards/jobs_archivists.wb:49
ent-trading_floor = Trading Floor
    .text = Trading Floor: Traders on the floor work better on a full stomach. Requirements: Deliver food or water to The Coffers. Reward: $4.
# cards/jobs_archivists.wb:54
ent-trading_floor-action-deliver = Trading Floor: deliver food or water to The Coffers
# cards/jobs_archivists.wb:61
ent-research_grant = Research Grant
    .text = Research Grant: New Alexandria pays for anything from the Gipper Years. Requirements: Deliver an artifact to New Alexandria. Reward: $8.
# cards/jobs_archivists.wb:66
ent-research_grant-action-deliver = Research Grant: deliver an artifact to New Alexandria
# cards/jobs_archivists.wb:73
ent-supply_chain = Supply Chain
    .text = Supply Chain: Two outposts, one invoice. Requirements: Deliver food to New Alexandria and water to New New York. Reward: $9.
# cards/jobs_archivists.wb:78
ent-supply_chain-action-deliver_1 = Supply Chain: deliver food to New Alexandria
# cards/jobs_archivists.wb:84
ent-supply_chain-action-deliver_2 = Supply Chain: deliver water to New New York
# cards/jobs_archivists.wb:92
ent-gold_standard = Gold Standard
    .text = Gold Standard: Someone has to guard the vault that holds no gold. Requirements: Deliver weapons to The Coffers and weapons to New New York. Reward: $12.
# cards/jobs_archivists.wb:97
ent-gold_standard-action-deliver_1 = Gold Standard: deliver weapons to The Coffers
# cards/jobs_archivists.wb:103
ent-gold_standard-action-deliver_2 = Gold Standard: deliver weapons to New New York
# cards/jobs_archivists.wb:111
ent-field_expedition = Field Expedition
    .text = Field Expedition: An expedition to dig up the old world needs provisions along the way. Requirements: Deliver water to Dispatch and food to Terminus. Reward: $10.
# cards/jobs_archivists.wb:116
ent-field_expedition-action-deliver_1 = Field Expedition: deliver water to Dispatch
# cards/jobs_archivists.wb:122
ent-field_expedition-action-deliver_2 = Field Expedition: deliver food to Terminus
# cards/jobs_archivists.wb:130
ent-black_market_books = Black Market Books
    .text = {"["}Smuggling run] Black Market Books: A collector in Motown asks no questions. Requirements: Deliver an artifact to Motown. Reward: $9.
# cards/jobs_archivists.wb:135
ent-black_market_books-action-deliver = Black Market Books: deliver an artifact to Motown
# cards/jobs_archivists.wb:142
ent-cyphers_drop = Cypher's Drop
    .text = {"["}Smuggling run] Cypher's Drop: Cypher needs hardware where nobody looks. Requirements: Deliver weapons to New Chernobyl. Reward: $6 + Draw 2 Allies, keep 1.
# cards/jobs_archivists.wb:147
ent-cyphers_drop-action-deliver = Cypher's Drop: deliver weapons to New Chernobyl
# cards/jobs_archivists.wb:154
ent-counterfeit_crap = Counterfeit $crap
    .text = {"["}Smuggling run] Counterfeit $crap: The crates hold food. The false bottoms hold something else. Requirements: Deliver food to The Rock. Reward: $6.
# cards/jobs_archivists.wb:159
ent-counterfeit_crap-action-deliver = Counterfeit $crap: deliver food to The Rock
# cards/jobs_archivists.wb:166
ent-data_smuggling = Data Smuggling
    .text = {"["}Smuggling run] Data Smuggling: The Oracles condemn technology. Some of their priestesses buy it anyway. Requirements: Deliver an artifact to Corinth. Reward: $10.
# cards/jobs_archivists.wb:171
ent-data_smuggling-action-deliver = Data Smuggling: deliver an artifact to Corinth
# cards/jobs_archivists.wb:178
ent-the_gipper_years = The Gipper Years
    .text = The Gipper Years: The Librarian wants two relics of the Gipper Years on the shelves. Requirements: Deliver an artifact to The Library and an artifact to The Library. Reward: Counts as 1 priority first-class contract.
# cards/jobs_archivists.wb:183
ent-the_gipper_years-action-deliver_1 = The Gipper Years: deliver an artifact to The Library
# cards/jobs_archivists.wb:189
ent-the_gipper_years-action-deliver_2 = The Gipper Years: deliver an artifact to The Library
# cards/jobs_archivists.wb:197
ent-market_correction = Market Correction
    .text = Market Correction: The market needs a correction. Preferably at gunpoint. Requirements: Fulfill demand for weapons 4x. Reward: Counts as 1 priority first-class contract.
# cards/jobs_archivists.wb:207
ent-the_audit = The Audit
    .text = The Audit: Prove the Coffers can be supplied with everything, by one driver. Requirements: Deliver food to The Coffers, water to The Coffers and weapons to The Coffers. Reward: Counts as 1 priority first-class contract.
# cards/jobs_archivists.wb:212
ent-the_audit-action-deliver_1 = The Audit: deliver food to The Coffers
# cards/jobs_archivists.wb:218
ent-the_audit-action-deliver_2 = The Audit: deliver water to The Coffers
# cards/jobs_archivists.wb:224
ent-the_audit-action-deliver_3 = The Audit: deliver weapons to The Coffers
# cards/jobs_army.wb:12
ent-rations = Rations
    .text = Rations: The troops in the Citadel are on half rations. Requirements: Deliver food to The Citadel. Reward: $4.
# cards/jobs_army.wb:17
ent-rations-action-deliver = Rations: deliver food to The Citadel
# cards/jobs_army.wb:24
ent-canteens = Canteens
    .text = Canteens: The garrison at Silo 42 is thirsty. Requirements: Deliver water to Silo 42. Reward: $4.
# cards/jobs_army.wb:29
ent-canteens-action-deliver = Canteens: deliver water to Silo 42
# cards/jobs_army.wb:36
ent-ammunition_drop = Ammunition Drop
    .text = Ammunition Drop: The Rock is short on rounds. Requirements: Deliver weapons to The Rock. Reward: $6.
# cards/jobs_army.wb:41
ent-ammunition_drop-action-deliver = Ammunition Drop: deliver weapons to The Rock
# cards/jobs_army.wb:48
ent-field_hospital = Field Hospital
    .text = Field Hospital: Clean water for the wounded at Terminus. Requirements: Deliver water to Terminus. Reward: $5.
# cards/jobs_army.wb:53
ent-field_hospital-action-deliver = Field Hospital: deliver water to Terminus
# cards/jobs_army.wb:60
ent-mess_hall = Mess Hall
    .text = Mess Hall: Anything edible. Anything drinkable. Requirements: Deliver food or water to The Rock. Reward: $4.
# cards/jobs_army.wb:65
ent-mess_hall-action-deliver = Mess Hall: deliver food or water to The Rock
# cards/jobs_army.wb:72
ent-outpost_reinforcement = Outpost Reinforcement
    .text = Outpost Reinforcement: General Houston wants the outer outposts armed. Requirements: Deliver weapons to Terminus and weapons to Silo 42. Reward: $12.
# cards/jobs_army.wb:77
ent-outpost_reinforcement-action-deliver_1 = Outpost Reinforcement: deliver weapons to Terminus
# cards/jobs_army.wb:83
ent-outpost_reinforcement-action-deliver_2 = Outpost Reinforcement: deliver weapons to Silo 42
# cards/jobs_army.wb:91
ent-border_patrol = Border Patrol
    .text = Border Patrol: A patrol marches on its stomach, and its canteen. Requirements: Deliver food to The Citadel and water to The Rock. Reward: $9.
# cards/jobs_army.wb:96
ent-border_patrol-action-deliver_1 = Border Patrol: deliver food to The Citadel
# cards/jobs_army.wb:102
ent-border_patrol-action-deliver_2 = Border Patrol: deliver water to The Rock
# cards/jobs_army.wb:110
ent-insurrection_watch = Insurrection Watch
    .text = Insurrection Watch: Keep the loyal ones fed and the Citadel armed. Requirements: Deliver weapons to The Citadel and food to Silo 42. Reward: $10.
# cards/jobs_army.wb:115
ent-insurrection_watch-action-deliver_1 = Insurrection Watch: deliver weapons to The Citadel
# cards/jobs_army.wb:121
ent-insurrection_watch-action-deliver_2 = Insurrection Watch: deliver food to Silo 42
# cards/jobs_army.wb:129
ent-arms_deal = Arms Deal
    .text = {"["}Smuggling run] Arms Deal: Army surplus, off the books. Requirements: Deliver weapons to Box Canyon. Reward: $7.
# cards/jobs_army.wb:134
ent-arms_deal-action-deliver = Arms Deal: deliver weapons to Box Canyon
# cards/jobs_army.wb:141
ent-deserters_supplies = Deserters' Supplies
    .text = {"["}Smuggling run] Deserters' Supplies: Some soldiers left. They still need to eat. Requirements: Deliver food to Motown. Reward: $5 + Draw 2 Allies, keep 1.
# cards/jobs_army.wb:146
ent-deserters_supplies-action-deliver = Deserters' Supplies: deliver food to Motown
# cards/jobs_army.wb:153
ent-contraband_fuel = Contraband Water
    .text = {"["}Smuggling run] Contraband Water: The quartermaster sells the Army's water. You carry it. Requirements: Deliver water to Serenity. Reward: $6.
# cards/jobs_army.wb:158
ent-contraband_fuel-action-deliver = Contraband Water: deliver water to Serenity
# cards/jobs_army.wb:165
ent-five_families_favor = Five Families' Favor
    .text = {"["}Smuggling run] Five Families' Favor: The Five Families ask a favor of the Army. The Army asks you. Requirements: Deliver weapons to New New York. Reward: $7.
# cards/jobs_army.wb:170
ent-five_families_favor-action-deliver = Five Families' Favor: deliver weapons to New New York
# cards/jobs_army.wb:178
ent-according_to_keikaku = According to keikaku
    .text = According to keikaku: After our victory at Silo 42, we wanted to take time to focus on our own outposts. It has come to my attention that, as a result of our inward focus over the last few months, supply lines have fallen into disrepair and something of a Black Market has sprung up in some outposts. I am not surprised, given that we had to leave it in the hands of the Wasteland Express. Requirements: Fulfill demand for food and/or water 5x. Reward: Counts as 1 priority first-class contract.
# cards/jobs_army.wb:191
ent-freedom_patrol = Freedom Patrol
    .text = Freedom Patrol: The freedom patrols are no more. Do their job. Requirements: Succeed in normal combat against raiders 3x. Reward: Counts as 1 priority first-class contract.
# cards/jobs_army.wb:201
ent-resupply_the_front = Resupply the Front
    .text = Resupply the Front: Every Army outpost needs guns before the raiders notice. Requirements: Deliver weapons to The Citadel, weapons to Silo 42 and weapons to Terminus. Reward: Counts as 1 priority first-class contract.
# cards/jobs_army.wb:206
ent-resupply_the_front-action-deliver_1 = Resupply the Front: deliver weapons to The Citadel
# cards/jobs_army.wb:212
ent-resupply_the_front-action-deliver_2 = Resupply the Front: deliver weapons to Silo 42
# cards/jobs_army.wb:218
ent-resupply_the_front-action-deliver_3 = Resupply the Front: deliver weapons to Terminus
# cards/jobs_oracles.wb:12
ent-offering_of_grain = Offering of Grain
    .text = Offering of Grain: The goddesses of the harvest expect their share. Requirements: Deliver food to Corinth. Reward: $4.
# cards/jobs_oracles.wb:17
ent-offering_of_grain-action-deliver = Offering of Grain: deliver food to Corinth
# cards/jobs_oracles.wb:24
ent-sacred_spring = Sacred Spring
    .text = Sacred Spring: The spring at Delos has run dry. The Oracle has not. Requirements: Deliver water to Delos. Reward: $5.
# cards/jobs_oracles.wb:29
ent-sacred_spring-action-deliver = Sacred Spring: deliver water to Delos
# cards/jobs_oracles.wb:36
ent-temple_guard = Temple Guard
    .text = Temple Guard: Contrition is easier with a rifle nearby. Requirements: Deliver weapons to Corinth. Reward: $6.
# cards/jobs_oracles.wb:41
ent-temple_guard-action-deliver = Temple Guard: deliver weapons to Corinth
# cards/jobs_oracles.wb:48
ent-pilgrims_bread = Pilgrims' Bread
    .text = Pilgrims' Bread: Pilgrims gather at Serenity, and they are hungry. Requirements: Deliver food to Serenity. Reward: $4.
# cards/jobs_oracles.wb:53
ent-pilgrims_bread-action-deliver = Pilgrims' Bread: deliver food to Serenity
# cards/jobs_oracles.wb:60
ent-two_headed_cows = Two-Headed Cows
    .text = Two-Headed Cows: The cows have two heads and twice the thirst. Requirements: Deliver food or water to Attica. Reward: $4.
# cards/jobs_oracles.wb:65
ent-two_headed_cows-action-deliver = Two-Headed Cows: deliver food or water to Attica
# cards/jobs_oracles.wb:72
ent-procession = Procession
    .text = Procession: The procession walks from Delos to Corinth. Feed it on the way. Requirements: Deliver food to Delos and water to Corinth. Reward: $9.
# cards/jobs_oracles.wb:77
ent-procession-action-deliver_1 = Procession: deliver food to Delos
# cards/jobs_oracles.wb:83
ent-procession-action-deliver_2 = Procession: deliver water to Corinth
# cards/jobs_oracles.wb:91
ent-goddesss_bounty = The Goddess's Bounty
    .text = The Goddess's Bounty: Let the land flow with water and grow green again -- by truck. Requirements: Deliver food to Attica, food to Serenity and water to Delos. Reward: $13.
# cards/jobs_oracles.wb:96
ent-goddesss_bounty-action-deliver_1 = The Goddess's Bounty: deliver food to Attica
# cards/jobs_oracles.wb:102
ent-goddesss_bounty-action-deliver_2 = The Goddess's Bounty: deliver food to Serenity
# cards/jobs_oracles.wb:108
ent-goddesss_bounty-action-deliver_3 = The Goddess's Bounty: deliver water to Delos
# cards/jobs_oracles.wb:116
ent-crusade = Crusade
    .text = Crusade: Blood sacrifice needs blades. Requirements: Deliver weapons to Serenity and weapons to Delos. Reward: $12.
# cards/jobs_oracles.wb:121
ent-crusade-action-deliver_1 = Crusade: deliver weapons to Serenity
# cards/jobs_oracles.wb:127
ent-crusade-action-deliver_2 = Crusade: deliver weapons to Delos
# cards/jobs_oracles.wb:136
ent-needs_of_the_few = Needs of the Few
    .text = {"["}Smuggling run] Needs of the Few: As you may or may not know, the Oracles do not believe, strictly speaking, in ownership of, well, anything. That does not, however, mean all of their followers share in their enthusiasm for the collective good. The Five Families have some interest in Attica and are looking to curry favor with a friend there. Requirements: Deliver water or weapons to Attica. Reward: $4 + Draw 2 Allies, keep 1.
# cards/jobs_oracles.wb:141
ent-needs_of_the_few-action-deliver = Needs of the Few: deliver water or weapons to Attica
# cards/jobs_oracles.wb:148
ent-holy_relics = Holy Relics
    .text = {"["}Smuggling run] Holy Relics: The Oracle decries technology in public and collects it in private. Requirements: Deliver an artifact to Delos. Reward: $9.
# cards/jobs_oracles.wb:153
ent-holy_relics-action-deliver = Holy Relics: deliver an artifact to Delos
# cards/jobs_oracles.wb:160
ent-temple_tithe = Temple Tithe
    .text = {"["}Smuggling run] Temple Tithe: The temple's tithe, sold quietly to the Archivists. Requirements: Deliver food to The Coffers. Reward: $6.
# cards/jobs_oracles.wb:165
ent-temple_tithe-action-deliver = Temple Tithe: deliver food to The Coffers
# cards/jobs_oracles.wb:172
ent-forbidden_tech = Forbidden Tech
    .text = {"["}Smuggling run] Forbidden Tech: What the priestesses confiscate, the Black Market resells. Requirements: Deliver weapons to Dispatch. Reward: $5 + Draw 2 Allies, keep 1.
# cards/jobs_oracles.wb:177
ent-forbidden_tech-action-deliver = Forbidden Tech: deliver weapons to Dispatch
# cards/jobs_oracles.wb:184
ent-rain_dance = Rain Dance
    .text = Rain Dance: Bring rain to every temple. Barrels count. Requirements: Deliver water to Corinth, water to Delos and water to Attica. Reward: Counts as 1 priority first-class contract.
# cards/jobs_oracles.wb:189
ent-rain_dance-action-deliver_1 = Rain Dance: deliver water to Corinth
# cards/jobs_oracles.wb:195
ent-rain_dance-action-deliver_2 = Rain Dance: deliver water to Delos
# cards/jobs_oracles.wb:201
ent-rain_dance-action-deliver_3 = Rain Dance: deliver water to Attica
# cards/jobs_oracles.wb:209
ent-blood_sacrifice = Blood Sacrifice
    .text = Blood Sacrifice: The goddesses want raider blood. Two enclaves' worth. Requirements: Pillage 2 different raider enclaves. Reward: Counts as 1 priority first-class contract.
# cards/jobs_oracles.wb:219
ent-harvest_festival = Harvest Festival
    .text = Harvest Festival: The festival needs food from every corner of the wasteland. Requirements: Fulfill demand for food 4x. Reward: Counts as 1 priority first-class contract.
# cards/mods.wb:18
ent-armor = Armor
    .text = Armor* ($2): Absorbs the next 2 damage. The first time your truck would take damage, put a damage token on the armor mod. The second time, remove the armor mod and damage token. Armor is the only truck mod with a dedicated slot on your dashboard (on the front of the cab), and it is the only truck mod that can be placed in that slot.
# cards/mods.wb:27
ent-armor-instead-absorb-log1 = { $owner }'s Armor absorbs the damage (1 left)
# cards/mods.wb:31
ent-armor-instead-absorb-log2 = { $owner }'s Armor absorbs the damage and is spent
# cards/mods.wb:36
ent-broker = Broker
    .text = Broker* ($1): Gives you an additional $2 every time you deliver cargo (this is per delivery, not per cargo delivered). Available only at Serenity.
# cards/mods.wb:48
ent-digger = Digger
    .text = Digger* ($11): Allows you to dig for buried treasure. It is only required for "The Big Dig," a public contract.
# cards/mods.wb:55
ent-gunner = Gunner
    .text = Gunner ($9): Roll 1 additional die during combat rolls.
# cards/mods.wb:62
ent-machine_gun = Machine Gun
    .text = Machine Gun ($6): Add 1 hit to the final result of your combat roll.
# cards/mods.wb:69
ent-nuclear_vault = Nuclear Vault
    .text = Nuclear Vault* ($4): Allows you to haul a nuclear bomb. It is only required for "Questionable Decisions," a public contract.
# cards/mods.wb:76
ent-rad_shield = RAD Shield
    .text = RAD Shield* ($4): Allows you to move through an irradiated zone without having to roll the RAD check die. Available only at New Chernobyl.
# cards/mods.wb:83
ent-sleeper_cab = Sleeper Cab
    .text = Sleeper Cab ($2): Carry 1 additional ally.
# cards/mods.wb:90
ent-turbo = Turbo
    .text = Turbo ($7): May move 1 additional space during each [MOVEMENT] action.
# cards/mods.wb:99
ent-delivery_bonus_mod = Delivery Bonus
    .text = Delivery Bonus ($2): Earn an additional $5 for any cargo delivery. (Does not count toward the requirements of the $18+ delivery contracts.)
# cards/mods.wb:106
ent-delivery_bonus_mod-on-pay_bonus-ask-delivery_bonus = Use a Delivery Bonus for +$5?
# cards/mods.wb:109
ent-delivery_bonus_mod-on-pay_bonus-log1 = { $owner } uses a Delivery Bonus: +$5
# cards/mods.wb:114
ent-escort = Escort
    .text = Escort ($2): Immediately move your truck to anywhere in the wasteland. This does not require an action.
# cards/mods.wb:123
ent-escort-action-use_escort = Escort: move your truck anywhere in the wasteland
# cards/mods.wb:123
ent-escort-action-use_escort-stop4 = You may not use the escort while carrying a nuclear bomb
# cards/mods.wb:130
ent-escort-action-use_escort-ask-to = Escort your truck to
# cards/mods.wb:137
ent-escort-action-use_escort-log1 = { $owner } is escorted to { $arg2 }
# cards/mods.wb:141
ent-missile = Missile
    .text = Missile ($2): Add 2 hits to the final result of your combat roll. You must commit to using a missile before you roll. You can commit multiple missiles to a single roll.
# cards/outposts.wb:15
ent-the_depot = The Depot
    .text = The Depot: Repair all damage to your truck for $3, purchase trailers — which provide extra slots for truck mods and storing cargo — for $8 each, or both. There is a limit of 2 trailers per truck.
# cards/outposts.wb:19
ent-the_depot-action-depot_services = The Depot: repair and buy trailers
# cards/outposts.wb:19
ent-the_depot-action-depot_services-stop2 = Nothing to repair and no trailer you can buy
# cards/outposts.wb:23
ent-the_depot-action-depot_services-ask-depot = The Depot
# cards/outposts.wb:23
ent-the_depot-action-depot_services-ask-depot-repair = Repair all damage for $3
# cards/outposts.wb:23
ent-the_depot-action-depot_services-ask-depot-trailer = Buy a trailer for $8
# cards/outposts.wb:23
ent-the_depot-action-depot_services-ask-depot-another_trailer = Buy another trailer for $8
# cards/outposts.wb:34
ent-dispatch = Dispatch
    .text = Dispatch: Purchase artifacts at the current price (indicated by the artifact price chart).
# cards/outposts.wb:38
ent-dispatch-action-buy_artifacts_here = Dispatch: purchase artifacts
# cards/outposts.wb:38
ent-dispatch-action-buy_artifacts_here-stop2 = You cannot buy an artifact
# cards/outposts.wb:46
ent-box_canyon = Box Canyon
    .text = Box Canyon: Visit the Temp Mod Shop to purchase temp truck mods.
# cards/outposts.wb:50
ent-box_canyon-action-temp_mod_shop_visit = Box Canyon: visit the Temp Mod Shop
# cards/outposts.wb:50
ent-box_canyon-action-temp_mod_shop_visit-stop2 = Nothing you can buy
# cards/outposts.wb:58
ent-motown = Motown
    .text = Motown: Visit the Temp Mod Shop to purchase temp truck mods.
# cards/outposts.wb:62
ent-motown-action-temp_mod_shop_visit = Motown: visit the Temp Mod Shop
# cards/outposts.wb:62
ent-motown-action-temp_mod_shop_visit-stop2 = Nothing you can buy
# cards/outposts.wb:70
ent-new_chernobyl = New Chernobyl
    .text = New Chernobyl: Purchase a RAD shield for $4.
# cards/outposts.wb:74
ent-new_chernobyl-action-buy_rad_shield = New Chernobyl: purchase a RAD shield for $4
# cards/outposts.wb:74
ent-new_chernobyl-action-buy_rad_shield-stop2 = You cannot buy a RAD shield
# cards/outposts.wb:82
ent-the_coffers = The Coffers
    .text = The Coffers: Take $3 from the reserve.
# cards/outposts.wb:86
ent-the_coffers-action-take_three = The Coffers: take $3
# cards/outposts.wb:90
ent-the_coffers-action-take_three-log1 = { $me } takes $3 from the Coffers
# cards/outposts.wb:94
ent-the_library = The Library
    .text = The Library: Take on a private faction job from the Archivists. (Draw 3, keep 1.)
# cards/outposts.wb:98
ent-the_library-action-take_job = The Library: take an Archivists job
# cards/outposts.wb:98
ent-the_library-action-take_job-stop2 = The Archivists have no jobs left
# cards/outposts.wb:106
ent-new_alexandria = New Alexandria
    .text = New Alexandria: Visit the Mod Shop to purchase permanent truck mods.
# cards/outposts.wb:110
ent-new_alexandria-action-mod_shop_visit = New Alexandria: visit the Mod Shop
# cards/outposts.wb:110
ent-new_alexandria-action-mod_shop_visit-stop2 = Nothing you can buy
# cards/outposts.wb:118
ent-new_new_york = New New York
    .text = New New York: no outpost action. (Bailout is completed here with a [BONUS] action.)
# cards/outposts.wb:124
ent-corinth = Corinth
    .text = Corinth: Take on a private faction job from the Oracles of Ceres. (Draw 3, keep 1.)
# cards/outposts.wb:128
ent-corinth-action-take_job = Corinth: take an Oracles of Ceres job
# cards/outposts.wb:128
ent-corinth-action-take_job-stop2 = The Oracles have no jobs left
# cards/outposts.wb:136
ent-delos = Delos
    .text = Delos: Visit the Mod Shop to purchase permanent truck mods.
# cards/outposts.wb:140
ent-delos-action-mod_shop_visit = Delos: visit the Mod Shop
# cards/outposts.wb:140
ent-delos-action-mod_shop_visit-stop2 = Nothing you can buy
# cards/outposts.wb:148
ent-serenity = Serenity
    .text = Serenity: Hire a broker for $1.
# cards/outposts.wb:152
ent-serenity-action-hire_broker = Serenity: hire a broker for $1
# cards/outposts.wb:152
ent-serenity-action-hire_broker-stop2 = You cannot hire a broker
# cards/outposts.wb:160
ent-attica = Attica
    .text = Attica: no outpost action. (The Five Families have some interest in Attica.)
# cards/outposts.wb:166
ent-the_citadel = The Citadel
    .text = The Citadel: Take on a private faction job from the New Republic Army. (Draw 3, keep 1.)
# cards/outposts.wb:170
ent-the_citadel-action-take_job = The Citadel: take a New Republic Army job
# cards/outposts.wb:170
ent-the_citadel-action-take_job-stop2 = The Army has no jobs left
# cards/outposts.wb:178
ent-the_rock = The Rock
    .text = The Rock: Hire an ally for $3. (Draw 2, keep 1.)
# cards/outposts.wb:182
ent-the_rock-action-hire_ally = The Rock: hire an ally for $3
# cards/outposts.wb:182
ent-the_rock-action-hire_ally-stop2 = You cannot pay $3
# cards/outposts.wb:182
ent-the_rock-action-hire_ally-stop3 = No allies left
# cards/outposts.wb:192
ent-terminus = Terminus
    .text = Terminus: Visit the Mod Shop to purchase permanent truck mods.
# cards/outposts.wb:196
ent-terminus-action-mod_shop_visit = Terminus: visit the Mod Shop
# cards/outposts.wb:196
ent-terminus-action-mod_shop_visit-stop2 = Nothing you can buy
# cards/outposts.wb:204
ent-silo_42 = Silo 42
    .text = Silo 42: no outpost action. (Site of the Battle of Silo 42; a designed tile.)
# cards/vision_quests.wb:40
ent-vq_1a = 1A The Dry Well
    .text = 1A The Dry Well: Deliver water.
# cards/vision_quests.wb:45
ent-vq_1b = 1B The Thirsty Goddess
    .text = 1B The Thirsty Goddess: Deliver water to an outpost of the Oracles of Ceres.
# cards/vision_quests.wb:50
ent-vq_1c = 1C The Flood
    .text = 1C The Flood: Deliver 2 or more water in a single delivery.
# cards/vision_quests.wb:57
ent-vq_2a = 2A First Blood
    .text = 2A First Blood: Succeed in any combat (fending off an ambush counts).
# cards/vision_quests.wb:62
ent-vq_2b = 2B The Hunt
    .text = 2B The Hunt: Pillage a raider truck.
# cards/vision_quests.wb:67
ent-vq_2c = 2C The Warlord's Gate
    .text = 2C The Warlord's Gate: Pillage a raider enclave.
# cards/vision_quests.wb:74
ent-vq_3a = 3A The Glowing Road
    .text = 3A The Glowing Road: End a [MOVEMENT] action in an irradiated zone.
# cards/vision_quests.wb:79
ent-vq_3b = 3B The Pilgrim's Rest
    .text = 3B The Pilgrim's Rest: End a [MOVEMENT] action at Corinth.
# cards/vision_quests.wb:84
ent-vq_3c = 3C The Oracle's Seat
    .text = 3C The Oracle's Seat: End a [MOVEMENT] action at Delos.
# cards/vision_quests.wb:91
ent-vq_4a = 4A The Market Stall
    .text = 4A The Market Stall: Purchase cargo.
# cards/vision_quests.wb:96
ent-vq_4b = 4B The Big Score
    .text = 4B The Big Score: Make a single cargo delivery that pays $10 or more (before bonuses).
# cards/vision_quests.wb:101
ent-vq_4c = 4C The Three Gifts
    .text = 4C The Three Gifts: Deliver food, water and weapons (in any deliveries, while you hold this card). Mark each with a progress marker.
# cards/vision_quests.wb:107
ent-vq_4c-on-gift_delivered-log1 = { $owner } has delivered { $self_marks } for The Three Gifts
# cards/vision_quests.wb:117
ent-vq_5a = 5A The Calling
    .text = 5A The Calling: Take on a faction job.
# cards/vision_quests.wb:122
ent-vq_5b = 5B The Service
    .text = 5B The Service: Complete a faction job.
# cards/vision_quests.wb:127
ent-vq_5c = 5C The Secret Road
    .text = 5C The Secret Road: Complete a smuggling run.
# cargo.wb:394
value-food = food
# cargo.wb:395
value-water = water
# cargo.wb:396
value-weapons = weapons
# cargo.wb:402
value-general = general
# cargo.wb:402
value-any = any
# cards/factions.wb:3
value-the_citadel = the_citadel
# cards/factions.wb:14
value-the_library = the_library
# cards/factions.wb:20
value-corinth = corinth
# cards/jobs_archivists.wb:13
value-deliver = deliver
# cards/jobs_archivists.wb:197
value-fulfill_demand = fulfill_demand
# cards/jobs_army.wb:191
value-win_combat = win_combat
# cards/jobs_oracles.wb:209
value-pillage = pillage
# cards/mods.wb:36
value-serenity = serenity
# cards/mods.wb:76
value-new_chernobyl = new_chernobyl
# cards/mods.wb:99
value-temp_mod_shop = temp_mod_shop
# display.wb:6
display-panel-counter-crap = Money ($)
# display.wb:7
display-panel-counter-pos = Truck at
# display.wb:8
display-panel-counter-contracts_done = Contracts completed
# display.wb:9
display-panel-zone-cab = Driver
# display.wb:10
display-panel-zone-load = Cargo
# display.wb:11
display-panel-zone-truck = Truck
# display.wb:12
display-panel-zone-damaged = Damaged
# display.wb:13
display-panel-zone-jobs = Faction jobs
# display.wb:14
display-panel-zone-done_jobs = Completed jobs
# display.wb:15
display-panel-zone-allies = Allies
# display.wb:16
display-panel-zone-offer = Offer
# display.wb:17
display-panel-counter-markers = Action markers available
# display.wb:18
display-panel-counter-momentum = Movement markers
# display.wb:19
display-panel-show1 = Free holds (general, weapons)
# display.wb:20
display-panel-quantity-combat_dice = Combat dice
# display.wb:21
display-panel-quantity-free_slots = Free truck slots
# display.wb:24
display-board-counter-pos = Trucks
# display.wb:25
display-board-counter-crap = Money ($)
# display.wb:26
display-board-counter-contracts_done = Contracts completed
# display.wb:27
display-board-counter-start_player = Start player
# display.wb:28
display-board-show1 = Food price
# display.wb:29
display-board-show2 = Water price
# display.wb:30
display-board-show3 = Weapons price
# display.wb:31
display-board-show4 = Artifact price
# display.wb:32
display-board-zone-mod_shop = Mod Shop
# display.wb:33
display-board-zone-contracts = Priority contracts
# display.wb:34
display-board-zone-event_now = Current event
# display.wb:35
display-board-zone-raider_card_now = Raider card
board-wasteland = The Wasteland
board-wasteland-show-pos = Truck
board-wasteland-show-last_delivery = Not welcome
board-wasteland-show-outpost = Outpost
board-wasteland-show-raider_enclave = Raider enclave
board-wasteland-show-terrain_octagon = Terrain
board-wasteland-show-supply_counter = Supply
board-wasteland-show-demand_counter = Demand
board-wasteland-show-demand_counter-mark = D
board-wasteland-show-raider_truck = Raider truck
board-wasteland-show-rad_sign = Irradiated
board-wasteland-show-rad_sign-mark = RAD
board-wasteland-show-rough_ground = Rough ground
board-wasteland-show-rough_ground-mark = x2
board-wasteland-show-raider_icon = Raider icon
variant-brutal_competition = Ben's Brutal Competition Variant
variant-no_event_deck = Nathan's "I Hate Event Decks" Variant
variant-perfect_information = Uwe and Stefan's "Perfect Information-Palooza" Variant
variant-raider_warping = Jon's Raider Warping Variant
variant-risky_smuggling = Matt's Risky Smuggling Variant
# variants/brutal_competition.wb:69
variant-brutal_competition-proc-truck_combat_roll-log1 = { $p } rolls { $faces }: { $hits } hit(s)
# variants/brutal_competition.wb:74
variant-brutal_competition-proc-truck_combat_fight-log1 = { $a } attacks { $d }'s truck
# variants/brutal_competition.wb:79
variant-brutal_competition-proc-truck_combat_fight-log2 = { $d } beats off the attack: { $a } takes 1 damage
# variants/brutal_competition.wb:95
variant-brutal_competition-proc-truck_combat_fight-log3 = { $a } wins the fight with { $d }
# variants/brutal_competition.wb:98
variant-brutal_competition-proc-truck_combat_fight-log4 = { $a } and { $d } fight to a stand-off
# variants/brutal_competition.wb:113
variant-brutal_competition-proc-pillage_truck-log1 = { $d } carries no cargo to pillage
# variants/brutal_competition.wb:116
variant-brutal_competition-proc-pillage_truck-ask-pick = Pillage which cargo from { $d }?
# variants/brutal_competition.wb:116
variant-brutal_competition-proc-pillage_truck-str1 = take nothing
# variants/brutal_competition.wb:124
variant-brutal_competition-proc-pillage_truck-log2 = { $a } pillages 1 { $t } from { $d }
# variants/brutal_competition.wb:126
variant-brutal_competition-proc-pillage_truck-log3 = { $a } takes 1 { $t } from { $d } but has no room: it goes back to the reserve
# variants/brutal_competition.wb:45
variant-brutal_competition-action-attack_truck = Attack a player's truck
# variants/brutal_competition.wb:45
variant-brutal_competition-action-attack_truck-stop1 = No free COMBAT slot
# variants/brutal_competition.wb:45
variant-brutal_competition-action-attack_truck-stop2 = You already attacked successfully this round
# variants/brutal_competition.wb:45
variant-brutal_competition-action-attack_truck-stop3 = No other player's truck in this terrain
# variants/brutal_competition.wb:57
variant-brutal_competition-action-attack_truck-ask-pick = Attack whose truck?
variant-no_event_deck-zone-start_player_card = Start player card
# variants/no_event_deck.wb:22
variant-no_event_deck-proc-reveal_event-log1 = { $arg1 } takes the { $card } card: the start player (no events)
variant-perfect_information-zone-cab = Driver (bonus ignored)
# variants/risky_smuggling.wb:35
variant-risky_smuggling-proc-finish_job-log1 = { $p } completes the smuggling run { $job } for ${ $pay } (${ $job_reward } listed, less $2)
# variants/risky_smuggling.wb:41
variant-risky_smuggling-proc-finish_job-log2 = { $p }'s smuggling client rolls { $d }: a ${ $bonus } bonus
# variants/risky_smuggling.wb:43
variant-risky_smuggling-proc-finish_job-log3 = { $p } completes the faction job { $job } for ${ $job_reward }
# variants/risky_smuggling.wb:45
variant-risky_smuggling-proc-finish_job-log4 = { $p } completes the faction job { $job }
