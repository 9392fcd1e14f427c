"""Decisions are data: choose, pick, amount, order, may, act."""

import pytest

from waybill import IllegalAction

from .ir import act, attr, bin, call, counter, entity, game_of, outs, prim, probe, ref, var, zone

P0 = call("player", 0)


def answer(g, label):
    for a in g.legal_actions():
        if a["label"] == label:
            g.apply(a)
            return
    raise AssertionError(f"no option {label!r} in {[a['label'] for a in g.legal_actions()]}")


def labels(g):
    return [a["label"] for a in g.legal_actions()]


def test_choose_one_respects_when():
    g = game_of([{"do": "choose", "by": P0, "prompt": "Pick one", "mode": "one", "options": [
        {"label": "A", "when": None, "body": [probe("a")]},
        {"label": "B", "when": False, "body": [probe("b")]},
        {"label": "C", "when": True, "body": [probe("c")]}]}, probe("end")])
    assert g.pending["kind"] == "choose" and labels(g) == ["A", "C"]
    answer(g, "C")
    assert outs(g) == ["c", "end"]


def test_choose_any_is_a_repeated_menu_with_done():
    g = game_of([{"do": "choose", "by": P0, "prompt": "Any", "mode": "any", "options": [
        {"label": "A", "when": None, "body": [probe("a")]},
        {"label": "B", "when": None, "body": [probe("b")]}]}, probe("end")])
    assert labels(g) == ["A", "B", "done"]
    answer(g, "B")
    assert labels(g) == ["A", "done"]
    answer(g, "A")
    assert outs(g) == ["b", "a", "end"]


def test_pick_one_count_and_up_to():
    hand = ref("zone", "hand")
    pick = lambda count, up_to, into: {"do": "pick", "by": P0, "prompt": "?", "from": hand,
                                       "where": bin(">", attr(var("c"), "cost"), 1), "var": "c",
                                       "count": count, "up_to": up_to, "into": into}
    g = game_of([pick(None, False, "one"), probe(var("one")), pick(2, False, "two"), probe(var("two")),
                 pick(2, True, "some"), probe(var("some"))],
                zones=[zone("hand")],
                entities=[entity("cheap", start="hand", fields={"cost": 1}),
                          entity("dear", copies=3, start="hand", fields={"cost": 5})])
    # options show pieces by the seat's per-game handles
    assert [a["value"] for a in g.legal_actions()] == [{"piece": g.state.handles[p]} for p in (1, 2, 3)]
    answer(g, "Dear")
    g.apply(g.legal_actions()[2])
    g.apply(g.legal_actions()[0])
    assert labels(g) == ["Dear", "Dear", "Dear", "done"]
    answer(g, "done")
    assert outs(g) == [{"piece": 1}, [{"piece": 3}, {"piece": 1}], []]


def test_amount_order_may():
    g = game_of([
        {"do": "amount", "by": P0, "prompt": "How many?", "lo": 1, "hi": 3, "into": "n"}, probe(var("n")),
        {"do": "order", "by": P0, "prompt": "Order", "from": ["x", "y", "z"], "into": "o"}, probe(var("o")),
        {"do": "may", "by": P0, "prompt": "Sure?", "body": [probe("yes")], "else": [probe("no")]},
    ])
    assert labels(g) == ["1", "2", "3"]
    answer(g, "2")
    answer(g, "z")
    answer(g, "x")
    assert g.pending["kind"] == "may"
    answer(g, "no")
    assert outs(g) == [2, ["z", "x", "y"], "no"]


ACTIONS = [
    {"type": "action", "id": "work", "name": "Work", "tags": ["main"], "limit": {"count": 1, "per": "turn"},
     "require": [], "effect": [prim("gain", "gold", 2)]},
    {"type": "action", "id": "buy", "name": "Buy", "tags": ["main"], "limit": None,
     "require": [{"expr": bin(">=", attr(var("me"), "gold"), 2), "message": None}],
     "effect": [prim("pay", "gold", 2), probe("bought")]},
    {"type": "action", "id": "rest", "name": "Rest", "tags": ["free"], "limit": None, "require": [],
     "effect": []},
]


def test_act_lists_live_actions_by_tag_require_and_limit():
    turn = [prim("start_turn", P0)] + [act(["main"], optional=True, into="did"), probe(var("did"))] * 3
    g = game_of(turn, rules=ACTIONS, counters=[counter("gold", resource=True)])
    assert labels(g) == ["Work", "pass"]
    answer(g, "Work")
    assert labels(g) == ["Buy", "pass"]         # work is used up this turn; buy now affordable
    answer(g, "Buy")
    assert labels(g) == ["pass"]
    answer(g, "pass")
    assert outs(g) == ["work", "bought", "buy", None]
    acted = [e["args"] for e in g.log if e.get("event") == "acted"]
    assert acted == [{"who": {"player": 0}, "action": "work"}, {"who": {"player": 0}, "action": "buy"}]


def test_entity_actions_go_to_the_zone_owner_with_self_bound():
    tool = entity("tool", start={"zone": "table", "each_player": True}, abilities=[
        {"type": "action", "id": "use", "name": "Use tool", "tags": [], "limit": None, "require": [],
         "effect": [probe(var("self")), probe(var("owner"))]}])
    g = game_of([prim("start_turn", call("player", 1)), act()],
                zones=[zone("table", scope="player", active=True)], entities=[tool])
    assert [(a["label"], a["source"]) for a in g.legal_actions()] == [("Use tool", g.state.handles[1])]
    g.apply(g.legal_actions()[0])
    assert outs(g) == [{"piece": 1}, {"player": 1}]


def test_illegal_actions_are_refused_and_leave_the_state_untouched():
    import json
    g = game_of([prim("start_turn", P0), act(["main"])], rules=ACTIONS, counters=[counter("gold", resource=True)])
    before = json.dumps(g.to_json(), sort_keys=True)
    good = g.legal_actions()[0]
    bad = [None, "Work", {}, {**good, "decision": 99}, {**good, "player": 1}, {**good, "option": 5},
           {**good, "option": "0"}, {**good, "label": "Buy"}, {**good, "extra": 1}]
    for a in bad:
        with pytest.raises(IllegalAction):
            g.apply(a)
        assert json.dumps(g.to_json(), sort_keys=True) == before
    g.apply({"player": 0, "decision": good["decision"], "option": 0})   # the short form is fine
    assert g.over
    with pytest.raises(IllegalAction, match="over"):
        g.apply(good)


def test_an_answer_matched_once_is_matched_again_and_nothing_else_is():
    """Game._match keeps the last decision's piece-free answers (clones
    share a pending decision, and a search bot answers it in many): a clone
    taking the same answer is accepted, anything else is still refused."""
    import json
    g = game_of([prim("start_turn", P0), act(["main"])], rules=ACTIONS, counters=[counter("gold", resource=True)])
    good = g.legal_actions()[0]
    clones = [g.clone() for _ in range(3)]
    before = json.dumps(g.to_json())
    clones[0].apply(good)
    for a in [{**good, "label": "Buy"}, {**good, "option": [0]}, {**good, "option": True}, {**good, "extra": 1},
              {**good, "player": 1}, {**good, "decision": good["decision"] + 1}]:
        with pytest.raises(IllegalAction):
            clones[1].apply(a)
    assert json.dumps(clones[1].to_json()) == before
    clones[1].apply(dict(good))
    clones[2].apply({"player": 0, "decision": good["decision"], "option": 0})
    assert json.dumps(clones[1].to_json()) == json.dumps(clones[0].to_json()) == json.dumps(clones[2].to_json())
