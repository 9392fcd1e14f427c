"""The whole-game API on the dice-race fixture: play, save/load, clone,
determinism, replay, hidden information and scenario set-up."""

import json
import random

import pytest

from waybill import Game, Rules

from .fixtures import END, dice_race_ir

RULES = Rules.from_ir(dice_race_ir())


def dump(g: Game) -> str:
    return json.dumps(g.to_json(), sort_keys=True)


def play_random(g: Game, rnd: random.Random, limit: int = 10_000) -> list:
    taken = []
    while not g.over and len(taken) < limit:
        a = rnd.choice(g.legal_actions())
        taken.append(a)
        g.apply(a)
    return taken


def test_random_games_play_to_completion():
    for seed in range(20):
        g = Game.new(RULES, 2 + seed % 3, seed=seed)
        play_random(g, random.Random(seed))
        assert g.over and g.winner is not None
        assert g.result["ranking"][0] == g.winner
        assert g.result["scores"][g.winner] == END
        assert g.legal_actions() == []


def test_same_seed_and_actions_give_the_same_bytes_over_200_games():
    for seed in range(200):
        g = Game.new(RULES, 2 + seed % 3, seed=seed)
        actions = play_random(g, random.Random(seed * 7 + 1))
        again = Game.replay(RULES, seed, actions, players=2 + seed % 3)
        assert dump(again) == dump(g)
        # (the log's answers are the actions as offered, less the id of the
        # option, which names it for a program while the decision is pending)
        assert again.actions() == [{k: v for k, v in a.items() if k != "id"} for a in actions]


def _to_pick(g: Game) -> None:
    for a in g.legal_actions():
        if a["action"] == "play":
            g.apply(a)
            return
    raise AssertionError("no play action")


def test_a_decision_half_way_through_an_effect_survives_save_and_load():
    g = Game.new(RULES, 3, seed=5)
    _to_pick(g)
    assert g.pending["kind"] == "pick" and len(g.state.stack) >= 2
    saved = json.loads(json.dumps(g.to_json()))
    loaded = Game.from_json(RULES, saved)
    assert dump(loaded) == dump(g)
    rnd1, rnd2 = random.Random(3), random.Random(3)
    a1, a2 = play_random(g, rnd1), play_random(loaded, rnd2)
    assert a1 == a2 and dump(loaded) == dump(g)


def test_a_snapshot_without_its_log_plays_on_identically():
    g = Game.new(RULES, 3, seed=5)
    _to_pick(g)
    lean = json.loads(json.dumps(g.to_json(log=False)))
    assert lean["log"] == {"size": 0, "chunks": []} and lean["log_from"] == len(g.log)
    loaded = Game.from_json(RULES, lean)
    a1 = play_random(g, random.Random(8))
    a2 = play_random(loaded, random.Random(8))
    assert a1 == a2 and loaded.over and loaded.winner == g.winner
    # the loaded game's log is the tail of the whole one, from entry log_from
    assert loaded.log == g.log[lean["log_from"]:]
    assert g.to_json(log=False) == loaded.to_json(log=False)


@pytest.mark.parametrize("data,message", [
    ([1, 2], "a saved game is a JSON object"),
    ({"players": ["a"]}, "needs the field"),
])
def test_loading_what_is_not_a_saved_game_is_a_clear_error(data, message):
    from waybill import WaybillError
    with pytest.raises(WaybillError, match=message):
        Game.from_json(RULES, data)


def test_a_save_of_other_rules_or_a_broken_save_is_refused():
    from waybill import WaybillError
    data = Game.new(RULES, 2, seed=1).to_json()
    with pytest.raises(WaybillError, match=r"saved game: zones are \d+, but these rules have \d+: the save was written for another version"):
        Game.from_json(RULES, {**data, "zones": data["zones"][:-1]})
    with pytest.raises(WaybillError, match="saved game: zones should be a list, not int"):
        Game.from_json(RULES, {**data, "zones": 7})
    with pytest.raises(WaybillError, match="saved game: players should be .* players for these rules, not 0"):
        Game.from_json(RULES, {**data, "players": []})


def test_each_damage_to_a_save_is_named():
    from waybill import WaybillError
    g = Game.new(RULES, 2, seed=1)
    _to_pick(g)
    data = g.to_json()
    moved = list(data["p_zone"])
    moved[0] = (moved[0] + 1) % len(data["zones"])
    frame = {**data["stack"][-1], "code": "nowhere"}
    for damage, message in [
        ({"players": ["a", "b", "c", "d", "e", "f", "g"]}, "players should be .* players for these rules, not 7"),
        ({"p_zone": moved}, r"p_zone\[0\] says zone \d+, but the zones hold piece 0 in"),
        ({"stack": data["stack"][:-1] + [frame]}, "runs no code of these rules"),
        ({"pending": {**data["pending"], "player": 9}}, "pending.player should be a player number"),
        ({"p_ent": ["no_such_card"] + data["p_ent"][1:]}, r"p_ent\[0\] names an entity these rules do not have"),
    ]:
        with pytest.raises(WaybillError, match=message):
            Game.from_json(RULES, {**data, **damage})


def test_an_answer_a_damaged_decision_cannot_take_is_a_rule_error_and_changes_nothing():
    from waybill import RuleError, WaybillError
    g = Game.new(RULES, 2, seed=1)
    _to_pick(g)
    data = g.to_json()
    # options of the wrong kind for the decision waiting on the stack: the
    # load refuses them, so damage the loaded game's state behind its back
    with pytest.raises(WaybillError, match=r"pending.options\[0\] has an unknown key|needs the key"):
        Game.from_json(RULES, {**data, "pending": {**data["pending"], "options": [{"label": "x"}]}})
    broken = Game.from_json(RULES, data)
    broken.state.pending = {**data["pending"], "options": [{"label": "x"}]}
    before = broken.to_json()
    with pytest.raises(RuleError, match="damaged"):
        broken.apply(broken.legal_actions()[0])
    assert broken.to_json() == before


def test_clone_is_independent():
    g = Game.new(RULES, 2, seed=11)
    _to_pick(g)
    before = dump(g)
    c = g.clone()
    assert dump(c) == before
    play_random(c, random.Random(1))
    c.force_rolls("d6", [6])
    c.stack("deck", ["leap"])
    assert c.over and dump(g) == before
    play_random(g, random.Random(1))        # the original still plays on as before
    assert g.over


def test_a_clone_keeps_its_position_while_the_original_plays_on():
    # clones share their containers until one side plays (State.clone): the
    # original playing first must leave the clone as it was, and each of
    # two clones of one position must play as the position alone would
    g = Game.new(RULES, 2, seed=11)
    _to_pick(g)
    before = dump(g)
    c, d = g.clone(), g.clone()
    play_random(g, random.Random(1))
    assert dump(c) == before
    play_random(c, random.Random(1))
    play_random(d, random.Random(1))
    assert c.over and dump(c) == dump(d) == dump(g)


def test_forced_rolls_and_stacked_deck():
    g = Game.new(RULES, 2, seed=1)
    g.force_rolls("d6", [6, 6, 1])
    roll = next(a for a in g.legal_actions() if a["action"] == "roll")
    g.apply(roll)
    assert g.to_json()["counters"][0] == 6 + 1     # player 0 holds Tailwind: +1 per roll
    g.stack("deck", ["leap", "step"])
    deck = g.state.zones[g.m.L.zslot[("deck", None)]]
    assert [g.state.p_ent[p] for p in deck[:2]] == ["leap", "step"]
    assert g.to_json()["forced"] == {"d6": [6, 1]}
    with pytest.raises(Exception, match="no face"):
        g.force_rolls("d6", [7])


def test_views_hide_hands_and_deck_order():
    g = Game.new(RULES, 2, seed=2)
    mine, theirs, spectator = g.view(0, log=True, zones=True), g.view(1, log=True, zones=True), g.view(None, log=True, zones=True)

    def zone(v, zid, of):
        return next(z for z in v["zones"] if z["zone"] == zid and z["of"] == of)
    assert "pieces" in zone(mine, "hand", 0) and "pieces" not in zone(mine, "hand", 1)
    assert zone(mine, "hand", 1)["count"] == 2
    assert "pieces" not in zone(mine, "deck", None) and "pieces" not in zone(spectator, "hand", 0)
    assert zone(mine, "table", 0)["pieces"][0]["entity"] == "tailwind"
    assert mine["pending"]["options"] and theirs["pending"] == {"player": 0, "kind": "act"}
    text = json.dumps(theirs)
    for pid in zone(mine, "hand", 0)["pieces"]:
        assert json.dumps({"piece": pid["piece"]}) not in text    # not even via the log
    json.dumps(spectator)   # plain JSON


def test_log_records_actions_events_and_table_talk():
    g = Game.new(RULES, 2, seed=4)
    play_random(g, random.Random(4))
    types = {e["type"] for e in g.log}
    assert {"action", "event", "say", "end"} <= types
    assert any("rolled" in m for m in g.messages())
