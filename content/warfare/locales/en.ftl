# warfare: the English catalogue (the source of every translation).
# Written by `waybill i18n extract warfare`: edit the .wb files, not this file.
# Ids are derived from the declarations (see spec/messages.py); a translation
# keeps the ids and the { $variables }, and may select on them:
#   { $count ->
#       [one] ...
#      *[other] ...
#   }

pack-name = Fallout: Wasteland Warfare — Story Phase
counter-caps = Caps
counter-xp = XP
counter-reach = Reach
counter-scouting = Scouting Points
counter-parts = Parts
counter-crew_faction = Faction
counter-tier = Tier
counter-story_left = Story Actions left
counter-nomadic = Nomadic
counter-underground = Underground
counter-rival = Rival crew
counter-hazard = Home Turf Hazard
counter-upgrade_limit = Upgrade Limit
counter-facility_limit = Facility Limit
counter-last_game = Last game
counter-last_hazard = Hazard of the last game
counter-retreated = Retreated in the last game
counter-raid_nomads = Won a Raid whose defenders became Nomads
counter-start_value = Crew value when the Story Phase began
counter-phase_over = Ended its Story Phase
counter-vault_failed = Failed an Open Vault this Story Phase
zone-roster = Roster
zone-home_turf = Home Turf
zone-spoils = Facilities left by a raided crew
zone-chems = Chems
zone-story_board = Story Actions
# invariants.wb:3
invariant-story_actions_never_negative = A crew never has fewer than 0 Story Actions left
# invariants.wb:6
invariant-crews_keep_a_faction = Every crew keeps the faction it was set up with
# tables.wb:28
table-nourishment_table-row2-log1 = { $me } adds { $arg2 } Caps to the Stash (Standard Recruit)
# tables.wb:63
table-vault_table-row1-log1 = { $me } finds the Vault already picked clean
# tables.wb:64
table-vault_table-row2-log1 = { $me } finds 20 Caps in the Vault
# tables.wb:65
table-vault_table-row3-log1 = { $me } salvages 4 Parts and 10 Caps
# tables.wb:69
table-vault_table-row4-log1 = { $me } takes two Rare Chems from the medical bay
# tables.wb:71
table-vault_table-row5-log1 = { $me } studies holotapes: 6 XP
# tables.wb:72
table-vault_table-row6-log1 = { $me } opens the Vault-Tec reserve: 40 Caps and 2 Parts
quantity-at_max-str1 = S
quantity-at_max-str2 = P
quantity-at_max-str3 = E
quantity-at_max-str4 = C
quantity-at_max-str5 = I
quantity-at_max-str6 = A
quantity-at_max-str7 = L
# pack.wb:84
setup-log1 = { $p } ({ $p_crew_faction }, Tier { $p_tier }) has { $p_story_left } Story Actions
# pack.wb:103
play-log1 = { $p } ends their Story Phase
# pack.wb:110
play-log2 = { $p }: crew value { $arg2 } (from { $p_start_value }: { $arg4 }; { $p_caps } caps, { $arg6 } facilities, reputation { $arg7 })
# tests.wb:34
proc-make_test-str1 = Passed
# tests.wb:34
proc-make_test-str2 = Failed
# tests.wb:35
proc-make_test-log1 = { $m } makes a { $name } Test ({ $n }{ $x } + { $bonus } Bonus Dice; Standard Dice hit on { $target } or less, the Lucky Die on { $luck } or less): rolls { $faces }: { $arg9 } Hits ({ $lucky } Lucky) - { $verdict }
# tests.wb:63
proc-add_rare_chem-log1 = { $p } adds a dose of { $c } (Rare) to the Roster
# tests.wb:78
proc-serious_injury_roll-log1 = { $m } dies of their wounds
# tests.wb:83
proc-serious_injury_roll-ask-picked = Serious Injury: which statistic is penalized?
# tests.wb:83
proc-serious_injury_roll-str1 = S
# tests.wb:83
proc-serious_injury_roll-str2 = P
# tests.wb:83
proc-serious_injury_roll-str3 = E
# tests.wb:83
proc-serious_injury_roll-str4 = C
# tests.wb:83
proc-serious_injury_roll-str5 = I
# tests.wb:83
proc-serious_injury_roll-str6 = A
# tests.wb:83
proc-serious_injury_roll-str7 = L
# tests.wb:87
proc-serious_injury_roll-log2 = { $m } suffers a Serious Injury: -1 { $r }
# setup.wb:35
proc-aftermath_of_last_game-str1 = E
# setup.wb:36
proc-aftermath_of_last_game-log1 = { $m } of { $p } carries a Serious Injury from the last game: -1 E
# setup.wb:45
proc-aftermath_of_last_game-log2 = { $m } of { $p } is held Captive by { $arg3 }
# story_actions.wb:84
proc-train-log1 = { $p } rolls { $d1 } and { $d2 } on the Training Table for { $m }
# story_actions.wb:86
proc-train-ask-choose1 = Comfortable Quarters: re-roll a Training die?
# story_actions.wb:86
proc-train-ask-choose1-opt1 = Re-roll the first die
# story_actions.wb:86
proc-train-ask-choose1-opt2 = Re-roll the second die
# story_actions.wb:90
proc-train-log2 = { $p } re-rolls the first die: { $d1 }
# story_actions.wb:95
proc-train-log3 = { $p } re-rolls the second die: { $d2 }
# story_actions.wb:101
proc-train-ask-training_result = Training: which result for { $m }?
# story_actions.wb:106
proc-train-ask-training_special = Training: raise which S.P.E.C.I.A.L.?
# story_actions.wb:106
proc-train-str1 = S
# story_actions.wb:106
proc-train-str2 = P
# story_actions.wb:106
proc-train-str3 = E
# story_actions.wb:106
proc-train-str4 = C
# story_actions.wb:106
proc-train-str5 = I
# story_actions.wb:106
proc-train-str6 = A
# story_actions.wb:106
proc-train-str7 = L
# story_actions.wb:110
proc-train-log4 = { $m } is already at the limit: no Upgrade
# story_actions.wb:116
proc-train-log5 = { $m } gains +1 { $r } (Upgrade { $m_upgrades })
# story_actions.wb:118
proc-train-ask-perk = Upgrade { $m_upgrades }: { $m } gains a Perk
# story_actions.wb:121
proc-train-log6 = { $m } gains the Perk { $k }
# story_actions.wb:124
proc-train-log7 = { $k } matches the { $r } Upgrade: { $p } gains 1 XP
# story_actions.wb:130
proc-train-log8 = Matching numbers with Comfortable Quarters: { $p } gains 1 XP
# story_actions.wb:170
proc-facility_die-log1 = { $p } rolls { $arg2 } on the Facility Table
# story_actions.wb:176
proc-gain_facility_roll-ask-spend_scouting = Spend Scouting Points for extra Facility dice (one die per point)?
# story_actions.wb:185
proc-gain_facility_roll-ask-add_facility = Add which Facility to your Home Turf?
# story_actions.wb:188
proc-gain_facility_roll-log1 = { $p } adds { $f } to their Home Turf
# story_actions.wb:340
proc-nourish-log1 = { $p } rolls { $arg2 } on the Nourishment Table for { $m }: { $r }
# story_actions.wb:344
proc-nourish-ask-may1 = Skin and Bones: spend 5 Caps for a free Upgrade for { $m }?
# story_actions.wb:350
proc-nourish-ask-potential = Potential: give { $m } a free Upgrade?
# captives.wb:11
proc-captive_story_action-log1 = { $captor } puts { $m } to work: { $arg3 } Caps
# captives.wb:14
proc-captive_story_action-log2 = { $captor } interrogates { $m }: 3 Scouting Points
# captives.wb:17
proc-captive_story_action-log3 = { $captor } throws { $m } into the pit: { $m } of { $crew } is Dead; { $captor } gains 2 XP
# captives.wb:22
proc-captive_story_action-log4 = { $captor } sells { $m } of { $crew } to slavers for { $n } Caps: { $m } is lost to { $crew }
# crews.wb:50
ent-survivors = Survivors
# crews.wb:56
ent-brotherhood = Brotherhood of Steel
# crews.wb:63
ent-super_mutants = Super Mutants
# crews.wb:69
ent-raiders = Raiders
# crews.wb:78
ent-pipe_pistol = Pipe Pistol
# crews.wb:79
ent-pipe_rifle = Pipe Rifle
# crews.wb:80
ent-hunting_rifle = Hunting Rifle
# crews.wb:81
ent-laser_pistol = Laser Pistol
# crews.wb:82
ent-laser_rifle = Laser Rifle
# crews.wb:83
ent-minigun = Minigun
# crews.wb:84
ent-board = Board
# crews.wb:85
ent-sledgehammer = Super Sledge
# crews.wb:86
ent-machete = Machete
# crews.wb:88
ent-long_barrel = Long Barrel
# crews.wb:89
ent-scope = Scope
# crews.wb:90
ent-reflex_sight = Reflex Sight
# crews.wb:91
ent-big_magazine = Large Magazine
# crews.wb:92
ent-spiked = Spiked
# crews.wb:93
ent-serrated = Serrated Edge
# crews.wb:96
ent-stimpak = Stimpak
# crews.wb:97
ent-rad_x = Rad-X
# crews.wb:98
ent-radaway = RadAway
# crews.wb:99
ent-jet = Jet
# crews.wb:100
ent-buffout = Buffout
# crews.wb:101
ent-mentats = Mentats
# crews.wb:102
ent-psycho = Psycho
# crews.wb:103
ent-med_x = Med-X
# crews.wb:104
ent-super_stimpak = Super Stimpak
# crews.wb:105
ent-day_tripper = Day Tripper
# crews.wb:106
ent-fury = Fury
# crews.wb:107
ent-ultrajet = Ultrajet
# crews.wb:110
ent-big_leagues = Big Leagues
# crews.wb:111
ent-iron_fist = Iron Fist
# crews.wb:112
ent-awareness = Awareness
    .text = +1 Bonus Die on this model's Scout Tests.
# crews.wb:113
ent-sniper = Sniper
# crews.wb:114
ent-toughness = Toughness
# crews.wb:115
ent-lead_belly = Lead Belly
# crews.wb:116
ent-cap_collector = Cap Collector
    .text = +1 Cap per Hit on this model's Barter Tests.
# crews.wb:117
ent-inspirational = Inspirational
# crews.wb:118
ent-chemist = Chemist
    .text = +1 Bonus Die on this model's Chemistry Tests.
# crews.wb:119
ent-medic = Medic
    .text = +1 Bonus Die on Recuperate Tests of this model's crew.
# crews.wb:120
ent-sneak = Sneak
# crews.wb:121
ent-action_boy = Action Boy
# crews.wb:122
ent-scrounger = Scrounger
    .text = +1 Bonus Die on this model's Decode Tests.
# crews.wb:123
ent-fortune_finder = Fortune Finder
    .text = +5 Caps when this model's crew Migrates.
# crews.wb:124
ent-power_armor_training = Power Armor Training
# crews.wb:125
ent-mutant_hide = Mutant Hide
# crews.wb:126
ent-roboteer = Roboteer
    .text = Companion: a robot (Rating 15).
# crews.wb:127
ent-creature_tamer = Creature Tamer
    .text = Companion: a creature (Rating 12).
# crews.wb:130
ent-survivor_leader = Survivor Leader
# crews.wb:134
ent-settler_scavenger = Settler Scavenger
# crews.wb:137
ent-settler_guard = Settler Guard
# crews.wb:140
ent-survivor_champion = Survivor Champion (Hunting Rifle)
# crews.wb:143
ent-settler_pistol = Settler (Pipe Pistol)
# crews.wb:146
ent-settler_rifle = Settler (Pipe Rifle)
# crews.wb:150
ent-paladin = Paladin
# crews.wb:154
ent-knight = Knight
# crews.wb:157
ent-initiate = Initiate
# crews.wb:160
ent-bos_champion = Brotherhood Champion (Minigun)
# crews.wb:163
ent-bos_initiate = Initiate (Laser Pistol)
# crews.wb:166
ent-bos_knight = Knight (Laser Rifle)
# crews.wb:170
ent-mutant_overlord = Super Mutant Overlord
# crews.wb:174
ent-mutant_brute = Super Mutant Brute
# crews.wb:177
ent-mutant_gunner = Super Mutant Gunner
# crews.wb:180
ent-mutant_master = Super Mutant Master (Minigun)
# crews.wb:183
ent-mutant_brute_recruit = Super Mutant (Board)
# crews.wb:186
ent-mutant_rifle_recruit = Super Mutant (Pipe Rifle)
# crews.wb:190
ent-raider_boss = Raider Boss
# crews.wb:193
ent-raider_scavver = Raider Scavver
# crews.wb:196
ent-raider_psycho = Raider Psycho
# crews.wb:199
ent-raider_veteran = Raider Veteran (Hunting Rifle)
# crews.wb:202
ent-raider_pistol = Raider (Pipe Pistol)
# crews.wb:205
ent-raider_machete = Raider (Machete)
# facilities.wb:17
ent-trader_outpost = Trader Outpost
    .text = Barter: 4 Caps per Hit instead of 3.
# facilities.wb:22
ent-chem_lab = Chem Lab
    .text = Allows the Craft Chems Story Action.
# facilities.wb:26
ent-comfortable_quarters = Comfortable Quarters
    .text = Crew Training: re-roll either or both dice on the Training Table; matching numbers give 1 XP after resolving.
# facilities.wb:31
ent-infirmary = Infirmary
    .text = Adds a Bonus Die to all Recuperate Tests; remove one penalized statistic per Hit instead of just one.
# facilities.wb:37
ent-lookout = Lookout
    .text = Adds 4 Bonus Dice to the Scout Test.
# facilities.wb:42
ent-food_store = Food Store
    .text = Recruit: roll on the Nourishment Table when adding a new model.
# facilities.wb:47
ent-factory = Factory
    .text = Modify Weapons: may modify any weapon, including previously modified ones.
# facilities.wb:52
ent-tunnels = Tunnels
    .text = With Underground status, allows the Surface Story Action.
# facilities.wb:56
ent-unopened_vault = Unopened Vault
    .text = Allows the Open Vault Story Action.
# facilities.wb:61
ent-scrap_yard = Scrap Yard
    .text = Designed here: weapon modifications cost 1 Part less (at least 1).
# story_actions.wb:17
ent-barter = Barter
    .text = Choose a model and make a Barter Test (3C). When building the Dice Pool, gain Bonus Dice equal to your crew's Reach. If your crew has 6 or more Reach, lose 1 Reach after rolling. Add 3 Caps per Hit to your Stash.
# story_actions.wb:22
ent-barter-action-take_barter = Barter
# story_actions.wb:22
ent-barter-action-take_barter-stop1 = no model can act
# story_actions.wb:26
ent-barter-action-take_barter-ask-test_model = Barter: which model makes the Barter Test (3C)?
# story_actions.wb:30
ent-barter-action-take_barter-log1 = { $me } has 6 or more Reach and loses 1 Reach
# story_actions.wb:35
ent-barter-action-take_barter-log2 = { $me } barters for { $n } Caps ({ $per } per Hit)
# story_actions.wb:39
ent-craft_chems = Craft Chems
    .text = Requires a Chem Lab Facility. Choose a model and make a Chemistry Test (4I). For each Hit on a Standard Die, add a dose of any Common Chem to your Roster. For each Hit on a Lucky Die, add a dose of a random Rare Chem.
# story_actions.wb:44
ent-craft_chems-action-take_craft_chems = Craft Chems
# story_actions.wb:44
ent-craft_chems-action-take_craft_chems-stop1 = requires a Chem Lab
# story_actions.wb:44
ent-craft_chems-action-take_craft_chems-stop2 = no model can act
# story_actions.wb:49
ent-craft_chems-action-take_craft_chems-ask-test_model = Craft Chems: which model makes the Chemistry Test (4I)?
# story_actions.wb:52
ent-craft_chems-action-take_craft_chems-ask-c = Craft Chems: add a dose of which Common Chem?
# story_actions.wb:54
ent-craft_chems-action-take_craft_chems-log1 = { $me } brews a dose of { $c }
# story_actions.wb:135
ent-crew_training = Crew Training
    .text = Choose any number of non-Absent models that took part in the last game. Each selected model may purchase one Upgrade (you cannot exceed the crew's Upgrade Limit). After spending XP, roll two dice on your faction's Training Table and choose one result to resolve.
# story_actions.wb:140
ent-crew_training-action-take_crew_training = Crew Training
# story_actions.wb:140
ent-crew_training-action-take_crew_training-stop1 = no model can afford an Upgrade
# story_actions.wb:145
ent-crew_training-action-take_crew_training-ask-m = Crew Training: which model buys an Upgrade?
# story_actions.wb:150
ent-crew_training-action-take_crew_training-log1 = { $me } spends { $cost } XP to train { $m }
# story_actions.wb:152
ent-crew_training-action-take_crew_training-ask-another = Crew Training: another model? (done to stop)
# story_actions.wb:192
ent-expand = Expand
    .text = Spend 2 Reach, then roll one die on the Facility Table. You may spend Scouting Points before rolling to add one extra die per point spent. Choose one rolled result and add that Facility to your Home Turf. You may not add a Facility you already have; re-roll any die that matches an owned Facility. No crew may have more Facilities than their Facility Limit.
# story_actions.wb:197
ent-expand-action-take_expand = Expand
# story_actions.wb:197
ent-expand-action-take_expand-stop1 = requires 2 Reach
# story_actions.wb:197
ent-expand-action-take_expand-stop2 = the Facility Limit is reached
# story_actions.wb:207
ent-migrate = Migrate
    .text = Your crew becomes Nomadic. Roll five dice and add a number of Caps to your Stash equal to the combined total.
# story_actions.wb:212
ent-migrate-action-take_migrate = Migrate
# story_actions.wb:219
ent-migrate-action-take_migrate-log1 = { $me } packs up and becomes Nomadic; rolls { $faces }: { $n } Caps
# story_actions.wb:223
ent-settle = Settle
    .text = Requires a Nomadic crew that either did not Retreat in their last Wasteland game, or won a Raid and the opposing crew became Nomads. The crew settles the current location as their Home Turf, which gains the Hazard present in the last game, plus a Facility.
# story_actions.wb:228
ent-settle-action-take_settle = Settle
# story_actions.wb:228
ent-settle-action-take_settle-stop1 = requires a Nomadic crew
# story_actions.wb:228
ent-settle-action-take_settle-stop2 = the crew retreated from its last game
# story_actions.wb:236
ent-settle-action-take_settle-log1 = { $me } settles a new Home Turf (Hazard: { $me_hazard })
# story_actions.wb:241
ent-settle-action-take_settle-log2 = { $me } takes over the raided crew's { $f }
# story_actions.wb:250
ent-surface = Surface
    .text = Requires a Tunnels Facility and Underground status. Spend 2 Reach. The crew is no longer Underground; remove Underground from your Story Sheet.
# story_actions.wb:255
ent-surface-action-take_surface = Surface
# story_actions.wb:255
ent-surface-action-take_surface-stop1 = requires Tunnels
# story_actions.wb:255
ent-surface-action-take_surface-stop2 = the crew is not Underground
# story_actions.wb:255
ent-surface-action-take_surface-stop3 = requires 2 Reach
# story_actions.wb:263
ent-surface-action-take_surface-log1 = { $me } emerges from the tunnels: no longer Underground
# story_actions.wb:275
ent-modify_weapons = Modify Weapons
    .text = Choose one or more unmodified weapons carried by crew models. Each modification costs a set number of Parts from your Stash and increases the carrying model's Rating. Factory Facility: may modify any weapon, including previously modified ones. No weapon can be modified more than once per Modify Weapons Story Action.
# story_actions.wb:280
ent-modify_weapons-action-take_modify_weapons = Modify Weapons
# story_actions.wb:280
ent-modify_weapons-action-take_modify_weapons-stop1 = no weapon can be modified with your Parts
# story_actions.wb:285
ent-modify_weapons-action-take_modify_weapons-ask-m = Modify Weapons: whose weapon?
# story_actions.wb:288
ent-modify_weapons-action-take_modify_weapons-ask-mod_with = Modify { $m }'s weapon with?
# story_actions.wb:293
ent-modify_weapons-action-take_modify_weapons-log1 = { $me } fits a { $w } to { $m }'s weapon for { $cost } Parts (Rating +{ $w_rating })
# story_actions.wb:294
ent-modify_weapons-action-take_modify_weapons-ask-another = Modify another weapon? (done to stop)
# story_actions.wb:301
ent-open_vault = Open Vault
    .text = Requires an Unopened Vault Facility. Choose one model and make a Decode Test (2I). If Passed, roll on the Vault Table and remove the Unopened Vault Facility. If Failed, the Action may be attempted again in a future Story Phase.
# story_actions.wb:306
ent-open_vault-action-take_open_vault = Open Vault
# story_actions.wb:306
ent-open_vault-action-take_open_vault-stop1 = requires an Unopened Vault
# story_actions.wb:306
ent-open_vault-action-take_open_vault-stop2 = a Failed Open Vault may be attempted again in a future Story Phase
# story_actions.wb:306
ent-open_vault-action-take_open_vault-stop3 = no model can act
# story_actions.wb:312
ent-open_vault-action-take_open_vault-ask-test_model = Open Vault: which model makes the Decode Test (2I)?
# story_actions.wb:319
ent-open_vault-action-take_open_vault-log1 = { $me } cracks the Vault and rolls { $arg2 } on the Vault Table: { $arg3 }
# story_actions.wb:323
ent-open_vault-action-take_open_vault-log2 = The Vault stays shut: it may be attempted again in a future Story Phase
# story_actions.wb:358
ent-recruit = Recruit
    .text = Purchase new models from your Faction List: spend Caps equal to the Weapon Set's Rating. Crew Limits still apply: the faction's maximum number of Champions, and no more than five Grunts per Champion. If the crew's total Reputation is less than 200, this Action is free and does not count against the Story Actions.
# story_actions.wb:363
ent-recruit-action-take_recruit = Recruit
# story_actions.wb:363
ent-recruit-action-take_recruit-stop1 = no Story Action left
# story_actions.wb:363
ent-recruit-action-take_recruit-stop2 = no model you can afford or field
# story_actions.wb:371
ent-recruit-action-take_recruit-log1 = { $me } has Reputation { $rep } (under 200): Recruit is free
# story_actions.wb:373
ent-recruit-action-take_recruit-ask-recruit_which = Recruit: which model and Weapon Set?
# story_actions.wb:377
ent-recruit-action-take_recruit-log2 = { $me } recruits { $m } for { $e_rating } Caps
# story_actions.wb:379
ent-recruit-action-take_recruit-ask-may1 = Hire { $m } with a Companion Perk (Roboteer or Creature Tamer)?
# story_actions.wb:380
ent-recruit-action-take_recruit-ask-k = Which Companion?
# story_actions.wb:385
ent-recruit-action-take_recruit-log3 = { $m } brings a Companion ({ $k }) for { $k_companion } Caps: Rating +{ $k_companion }
# story_actions.wb:391
ent-recruit-action-take_recruit-ask-another = Recruit another model? (done to stop)
# story_actions.wb:400
ent-recuperate = Recuperate
    .text = Choose a model with a Serious Injury and make a Recuperate Test (2E). If Passed, select one penalized statistic and remove the penalty. This can be done for any number of models, but only once per model. Infirmary Facility: adds a Bonus Die to all Recuperate Tests; may remove one penalized statistic per Hit instead of just one.
# story_actions.wb:405
ent-recuperate-action-take_recuperate = Recuperate
# story_actions.wb:405
ent-recuperate-action-take_recuperate-stop1 = no injured model
# story_actions.wb:410
ent-recuperate-action-take_recuperate-ask-m = Recuperate: which injured model?
# story_actions.wb:417
ent-recuperate-action-take_recuperate-ask-x = Recuperate: remove which penalty of { $m }?
# story_actions.wb:420
ent-recuperate-action-take_recuperate-log1 = { $m } recovers: the -1 { $x } penalty is removed
# story_actions.wb:423
ent-recuperate-action-take_recuperate-ask-another = Recuperate another model? (done to stop)
# story_actions.wb:430
ent-scout = Scout
    .text = Choose a model and make a Scout Test (2P). For each Hit, gain 2 Scouting Points. If the test is Failed, the scout is waylaid and marked Absent. Lookout Facility: adds 4 Bonus Dice to the Scout Test.
# story_actions.wb:435
ent-scout-action-take_scout = Scout
# story_actions.wb:435
ent-scout-action-take_scout-stop1 = no model can act
# story_actions.wb:439
ent-scout-action-take_scout-ask-test_model = Scout: which model makes the Scout Test (2P)?
# story_actions.wb:444
ent-scout-action-take_scout-log1 = { $me } gains { $arg2 } Scouting Points
# story_actions.wb:447
ent-scout-action-take_scout-log2 = { $m } is waylaid and marked Absent
# story_actions.wb:453
ent-set_bounty = Set Bounty
    .text = Choose a model in a crew your crew has marked as a Rival, and spend any amount of Reach. The model now has a Bounty worth 5 Caps per Reach spent. A single model may have multiple Bounties, increasing the total value.
# story_actions.wb:458
ent-set_bounty-action-take_set_bounty = Set Bounty
# story_actions.wb:458
ent-set_bounty-action-take_set_bounty-stop1 = the crew has no Rival
# story_actions.wb:458
ent-set_bounty-action-take_set_bounty-stop2 = requires Reach
# story_actions.wb:458
ent-set_bounty-action-take_set_bounty-stop3 = the Rival crew has no models
# story_actions.wb:464
ent-set_bounty-action-take_set_bounty-ask-m = Set Bounty: on which model of { $me_rival }?
# story_actions.wb:465
ent-set_bounty-action-take_set_bounty-ask-n = Spend how much Reach (5 Caps of Bounty each)?
# story_actions.wb:468
ent-set_bounty-action-take_set_bounty-log1 = WANTED: { $m } of { $me_rival } - Bounty { $m_bounty } Caps (posted by { $me })
# story_actions.wb:473
ent-negotiate_release = Negotiate Release
    .text = Requires a model in your crew to be a Captive of another crew. Choose an Absent model that is being held captive and discuss terms with the captor (Caps, Rare Chems, Parts). If terms are agreed, roll on the Handover Table. If terms cannot be agreed, gain 2 XP; the captor must make their Captive Story Action, though doing so does not cost them a Story Action.
# story_actions.wb:478
ent-negotiate_release-action-take_negotiate_release = Negotiate Release
# story_actions.wb:478
ent-negotiate_release-action-take_negotiate_release-stop1 = no model of your crew is held Captive
# story_actions.wb:482
ent-negotiate_release-action-take_negotiate_release-ask-m = Negotiate Release: which Captive?
# story_actions.wb:485
ent-negotiate_release-action-take_negotiate_release-ask-offer = Offer { $captor } how many Caps for { $m }?
# story_actions.wb:488
ent-negotiate_release-action-take_negotiate_release-ask-n = Add how many Parts to the terms?
# story_actions.wb:493
ent-negotiate_release-action-take_negotiate_release-ask-rare_chems = Add Rare Chems to the terms? (done to stop)
# story_actions.wb:497
ent-negotiate_release-action-take_negotiate_release-ask-accept = { $me } offers { $price } Caps, { $parts_offered } Parts and { $nchems } Rare Chems for the release of { $m }. Accept?
# story_actions.wb:520
ent-negotiate_release-action-take_negotiate_release-log1 = No deal: { $me } gains 2 XP; { $captor } makes their Captive Story Action for free
# story_actions.wb:500
ent-negotiate_release-action-take_negotiate_release-log2 = Terms agreed ({ $price } Caps); { $me } rolls { $arg3 } on the Handover Table: { $result }
# story_actions.wb:502
ent-negotiate_release-action-take_negotiate_release-log3 = The handover goes sour: { $m } is Dead
# story_actions.wb:512
ent-negotiate_release-action-take_negotiate_release-log4 = { $m } returns to { $me }; { $captor } takes { $price } Caps, { $parts_offered } Parts and { $nchems } Rare Chems
# story_actions.wb:516
ent-negotiate_release-action-take_negotiate_release-log5 = { $m } escapes! { $me } keeps the price
# captives.wb:29
ent-captive_action = Captive Story Action
    .text = Each faction handles captives differently: Survivors Put to Work (1 die of Caps), the Brotherhood of Steel Interrogate (3 Scouting Points), Super Mutants Feed the Pit (the Captive is Dead, 2 XP), Raiders Sell to Slavers (half the Captive's Rating in Caps; it is lost).
# captives.wb:34
ent-captive_action-action-take_captive_action = Captive Story Action
# captives.wb:34
ent-captive_action-action-take_captive_action-stop1 = you hold no Captive
# captives.wb:44
ent-captive_action-action-take_captive_action-ask-m = Which Captive?
# crews.wb:50
value-wasteland = wasteland
# crews.wb:50
value-none = none
# crews.wb:69
value-raid = raid
# crews.wb:78
value-pistol = pistol
# crews.wb:79
value-rifle = rifle
# crews.wb:83
value-heavy = heavy
# crews.wb:84
value-melee = melee
# crews.wb:130
value-champion = champion
# crews.wb:134
value-grunt = grunt
# display.wb:4
display-panel-counter-crew_faction = Faction
# display.wb:5
display-panel-counter-tier = Tier
# display.wb:6
display-panel-counter-caps = Caps
# display.wb:7
display-panel-counter-xp = XP
# display.wb:8
display-panel-counter-reach = Reach
# display.wb:9
display-panel-counter-scouting = Scouting Points
# display.wb:10
display-panel-counter-parts = Parts
# display.wb:11
display-panel-counter-story_left = Story Actions left
# display.wb:12
display-panel-counter-rival = Rival crew
# display.wb:13
display-panel-counter-hazard = Home Turf Hazard
# display.wb:14
display-panel-zone-roster = Roster
# display.wb:15
display-panel-zone-home_turf = Home Turf
# display.wb:16
display-panel-zone-spoils = Facilities left by a raided crew
# display.wb:17
display-panel-zone-chems = Chems
# display.wb:18
display-panel-quantity-reputation = Reputation
# display.wb:19
display-panel-quantity-crew_value = Crew value
# display.wb:20
display-panel-quantity-captives_of = Captives held
# display.wb:23
display-board-counter-crew_faction = Faction
# display.wb:24
display-board-counter-caps = Caps
# display.wb:25
display-board-counter-phase_over = Ended its Story Phase
# display.wb:26
display-board-zone-story_board = Story Actions
