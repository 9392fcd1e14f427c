"""Triggers (order, timing, chain bound), replacement effects and modifiers."""

import pytest

from waybill import RuleError

from .ir import act, attr, bin, call, entity, game_of, outs, prim, probe, quantity, var, zone

TABLE = zone("table", scope="player", active=True)
BOARD = zone("board", active=True)
SHELF = zone("shelf", scope="player", active=False)


def on(event, body, where=None, at=None):
    return {"type": "trigger", "event": event, "where": where, "effect": body, "at": at or [0, 1, 1]}


def emit(event, **args):
    return {"do": "emit", "event": event, "args": args}


def placed(eid, zid, p, copies=1, abilities=()):
    """An entity whose pieces are created in player p's zone during setup."""
    return entity(eid, copies=copies, abilities=list(abilities)), \
        [prim("create", {"op": "ref", "ns": "entity", "id": eid},
              attr(call("player", p), zid) if p is not None else {"op": "ref", "ns": "zone", "id": zid})
         for _ in range(copies)]


def build(specs):
    ents, setup = [], []
    for eid, zid, p, copies, abilities in specs:
        e, s = placed(eid, zid, p, copies, abilities)
        ents.append(e)
        setup += s
    return ents, setup


def test_trigger_order_rules_then_current_player_then_seat_order_then_unowned():
    mark = lambda name: [on("ping", [probe(name)])]
    ents, setup = build([
        ("a0", "table", 0, 1, mark("a0")),
        ("u", "board", None, 1, mark("u")),
        ("b2", "table", 2, 1, mark("b2")),
        ("c1", "table", 1, 2, mark("c1")),
        ("hidden", "shelf", 1, 1, mark("inactive")),
    ])
    rules = [on("ping", [probe("rule"), emit("pong")]), on("pong", [probe("pong")])]
    g = game_of(setup + [prim("start_turn", call("player", 1)), emit("ping")], players=3,
                zones=[TABLE, BOARD, SHELF], entities=ents, rules=rules,
                events=[{"id": "ping", "params": []}, {"id": "pong", "params": []}])
    # the rule's own trigger (pong) resolves before the rule's queued siblings
    assert outs(g) == ["rule", "pong", "c1", "c1", "b2", "a0", "u"]


def test_triggers_wait_for_the_effect_that_caused_them():
    rules = [
        {"type": "action", "id": "go", "name": "Go", "tags": [], "limit": None, "require": [],
         "effect": [emit("ping"), probe("effect end")]},
        on("ping", [probe(var("me"))]),
    ]
    g = game_of([prim("start_turn", call("player", 1)), act()], rules=rules,
                events=[{"id": "ping", "params": []}])
    g.apply(g.legal_actions()[0])
    assert outs(g) == ["effect end", {"player": 1}]


def test_trigger_where_sees_event_fields():
    rules = [on("gained", [probe(var("amount"))], where=bin(">", var("amount"), 2))]
    g = game_of([prim("gain", "gold", 1, call("player", 0)), prim("gain", "gold", 5, call("player", 0))],
                rules=rules, counters=[{"id": "gold", "name": "Gold", "scope": "player", "initial": 0,
                                        "min": 0, "max": None, "display": None, "resource": True}])
    assert outs(g) == [5]


def test_trigger_loop_stops_with_the_cards_named():
    ents, setup = build([("echo", "board", None, 1,
                          [on("ping", [emit("ping")], at=[0, 12, 3])])])
    with pytest.raises(RuleError) as err:
        game_of(setup + [emit("ping")], zones=[BOARD], entities=ents,
                events=[{"id": "ping", "params": []}])
    text = str(err.value)
    assert "trigger chain deeper than 50" in text
    assert "entity echo 'Echo' (trigger on ping) at test.wb:12:3" in text


def test_replacements_apply_once_per_call_in_order():
    hurt = {"id": "hurt", "params": [{"name": "who", "type": "player"}], "body": [probe("hurt")]}
    call_hurt = {"do": "call", "proc": "hurt", "args": [var("who")], "into": None}
    ents, setup = build([("shield", "table", 0, 1, [
        {"type": "replace", "target": "hurt", "where": bin("==", var("who"), var("owner")),
         "effect": [probe("shielded"), call_hurt]}])])
    rules = [{"type": "replace", "target": "hurt", "where": None, "effect": [probe("armor"), call_hurt]}]
    g = game_of(setup + [
        {"do": "call", "proc": "hurt", "args": [call("player", 0)], "into": None}, probe("|"),
        {"do": "call", "proc": "hurt", "args": [call("player", 1)], "into": None},
    ], zones=[TABLE], entities=ents, rules=rules, procedures=[hurt])
    assert outs(g) == ["armor", "shielded", "hurt", "|", "armor", "hurt"]


def test_modifiers_set_then_add_then_multiply():
    mod = lambda op, value, args=(None,), where=None: {
        "type": "modifier", "quantity": "price", "args": list(args), "op": op, "value": value, "where": where}
    ents, setup = build([
        ("discount", "table", 0, 1, [mod("+", 2), mod("-", 1, args=("x",)), mod("*", 2)]),
        ("boxed", "shelf", 0, 1, [mod("+", 100)]),
    ])
    rules = [mod("=", 8, where=bin("==", var("item"), "x"))]
    g = game_of(setup + [probe(quantity("price", "x")), probe(quantity("price", "y"))],
                zones=[TABLE, SHELF], entities=ents, rules=rules,
                quantities=[{"id": "price", "params": [{"name": "item", "type": "str"}], "value": 10}])
    assert outs(g) == [18, 24]


def test_a_quantity_may_read_quantities_declared_before_or_after_it():
    q = lambda id, value: {"id": id, "params": [], "value": value}
    g = game_of([probe(quantity("a")), probe(quantity("c"))],
                quantities=[q("a", bin("+", quantity("b"), 1)), q("b", 10), q("c", bin("*", quantity("a"), 2))])
    assert outs(g) == [11, 22]

