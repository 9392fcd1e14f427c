"""The static types the compiled engine trusts (runtime/compiled/exprtypes.py).

A type given to an expression lets the generated code skip its run-time
shape tests (runtime/compiled/pygen.py), so a wrong one would be a bug: each test
here is a case where a careless pass would be sure and wrong. The language
says (docs/LANGUAGE.md, "Expressions"):

    "`a ?? b` is `b` when `a` is none or a piece property never set"

and a parameter's declared type is a promise the checker does not enforce
at each call, so parameters are typed from their call sites, every one.
Every test also plays the pack under both engines (the interpreter is the
reference) with no action handed back (``rules.deopts == 0``).
"""

from __future__ import annotations

import json

import pytest

from tests.wbkit import checked_ir
from waybill import Game, Rules
from waybill.runtime.compiled.exprtypes import Program, union

PACK = """\
pack typed
resource points { start: 0 }
zone pile
zone mixed
zone hand per player
kind card { cost: int = 1 }
kind token { power: int = 2 }
card a "A" { cost: 3 copies: 2 start: pile }
card b "B" { cost: 4 copies: 1 start: mixed }
token t "T" { power: 5 copies: 1 start: mixed }
event poked(who: player, n: int)

quantity weight(x: piece) = x.cost ?? 0
quantity nobody(x: piece) = 1
quantity same(x: piece, e: any) = x.entity == e

invariant never "Never false": nobody(top(pile)) == 1

procedure hit(p: player, c: piece) {
  if c != none { gain(points, c.cost, p) }
}
procedure odd(p: player) {
  let n = 0
  set n = p.cost
  gain(points, n)
}
action go "Go" {
  tags: turn
  hit(me, top(pile))
  hit(me, top(mixed))
  let total = 0
  for x in mixed {
    set total = total + (x.power ?? x.cost)
  }
  gain(points, total + weight(top(pile)))
  emit poked(me, 1)
}
action oddly "Oddly" {
  tags: turn
  require size(pile) > 0, "empty"
  odd(top(pile))
}
action alike "Alike" {
  tags: turn
  let n = count(each c in pieces(mixed) where same(c, b))
  gain(points, 10 * n + (if same(top(pile), b) then 1 else 0))
}
action rebinding "Rebinding" {
  tags: turn
  let v = top(pile)
  set v = 3
  gain(points, v + 1)
}
on gained {
  let total = 1
  log "{total}"
}
on poked {
  let who = 2
  gain(points, who * n, player(0))
}
game { players 2..2 play { while true { act by player(0) tagged turn } } }
"""


@pytest.fixture(scope="module")
def ir(tmp_path_factory):
    return checked_ir(tmp_path_factory.mktemp("typed"), PACK, head="")


@pytest.fixture(scope="module")
def types(ir):
    return Program(ir)


def _action(ir: dict, action: str) -> tuple[str, dict]:
    i, decl = next((i, r) for i, r in enumerate(ir["rules"]) if r.get("id") == action)
    return f"rule:{i}", decl


def _play(ir: dict, labels: list[str]) -> str:
    """The save after ``labels`` under both engines, which must agree."""
    saves = []
    for engine in ("compiled", "interpreter"):
        rules = Rules.from_ir(ir, engine=engine)
        game = Game.new(rules, players=2, seed=1)
        for label in labels:
            game.apply(next(a for a in game.legal_actions() if a["label"] == label))
        assert rules.deopts == 0
        saves.append(json.dumps(game.to_json()))
    assert saves[0] == saves[1]
    return saves[0]


def test_union_keeps_none_apart():
    assert union("piece", "none") == "piece?"
    assert union("piece?", "piece") == "piece?"
    assert union("piece", "player") is None
    assert union("int", None) is None


def test_a_parameter_is_typed_by_every_call_site(types):
    # hit(me, top(pile)): `top` may give none, so `c` is a piece or none
    assert types.proc_types["hit"] == {"p": "player", "c": "piece?"}
    # odd(top(pile)): declared `player`, given a piece: what it is given
    assert types.proc_types["odd"] == {"p": "piece?"}


def test_a_call_site_not_walked_makes_its_parameters_unknown(types):
    # `nobody` is called only from an invariant, which the pass does not walk
    assert types.quant_types["nobody"] == {}
    assert types.quant_types["weight"] == {"x": "piece?"}


def test_fallback_and_optional_values_are_not_trusted(types):
    env = {"c": "piece?", "x": "piece"}
    fallback = {"op": "attr", "of": {"op": "var", "name": "x"}, "name": "power", "else": 0}
    assert types.of(fallback, env) is None               # `x.power ?? 0`
    maybe = {"op": "cond", "if": True, "then": {"op": "var", "name": "x"}, "else": None}
    assert types.of(maybe, env) == "piece?"
    # a comparison is a bool whatever its sides; an optional is never a bool
    assert types.of({"op": "bin", "o": "==", "l": {"op": "var", "name": "c"}, "r": None}, env) == "bool"
    assert types.of({"op": "bin", "o": "+", "l": 1, "r": {"op": "var", "name": "n"}}, {"n": "int?"}) is None


def test_a_loop_over_a_zone_of_several_kinds_gives_pieces(ir, types):
    key, _ = _action(ir, "go")
    env = types.frame(key)
    assert env["x"] == "piece"          # a card or a token: a piece either way
    assert env["total"] is None         # `total + (x.power ?? x.cost)`: not known to be an int
    assert env["me"] == "player"        # an action's `me` is always bound


def test_a_name_bound_twice_is_the_union(ir, types):
    key, _ = _action(ir, "rebinding")
    assert types.frame(key)["v"] is None     # a piece or none, then 3
    # `let n = 0` then `set n = p.cost` (p unknown)
    assert types.frame("proc:odd")["n"] is None


def test_a_triggers_names_are_the_events_fields_and_its_own(ir, types):
    # `emit poked(me, 1)` is the only emit: `n` is an int; `who` is a player
    # there, but the trigger binds it to 2 (`let who = 2`): neither
    i = next(i for i, r in enumerate(ir["rules"]) if r.get("event") == "poked")
    env = types.frame(f"rule:{i}")
    assert env["n"] == "int" and env["who"] is None
    assert env["me"] == "player?"       # no one may be acting when an event is emitted


def test_a_trigger_on_a_built_in_event_knows_only_its_host(ir, types):
    # the runtime's events carry fields this pass does not know: what the
    # trigger binds may be one of them
    i = next(i for i, r in enumerate(ir["rules"]) if r.get("event") == "gained")
    env = types.frame(f"rule:{i}")
    assert env["total"] is None and env["me"] == "player?"


def test_me_rebound_by_a_rule_is_unknown_everywhere(ir):
    rebound = json.loads(json.dumps(ir))
    rebound["rules"][0]["effect"].insert(0, {"do": "let", "name": "me", "value": 3})
    types = Program(rebound)
    assert "me" in types.rebound
    assert types.frame("rule:0").get("me") is None
    assert types.proc_types["hit"]["p"] is None


def test_the_engines_agree_on_the_tricky_reads(ir):
    # Go: 3 (top of pile) + 4 (top of mixed, a card) + 5 + 4 (power, else cost)
    # + weight 3, then the trigger's 2 * 1
    save = json.loads(_play(ir, ["Go", "Rebinding"]))
    assert save["counters"][:2] == [3 + 4 + (5 + 4 + 3) + 2 + 4, 0]


def test_a_parameter_declared_a_player_and_given_a_piece_reads_the_piece(ir):
    # `odd(p: player)` is given a card and reads `p.cost`: had the declared
    # type been trusted, the compiled read would take a player's slot, fail,
    # and hand the action back to the interpreter (deopts, checked in _play)
    save = json.loads(_play(ir, ["Oddly"]))
    assert save["counters"][:2] == [3, 0]


def test_a_quantity_is_typed_as_its_value_only_with_all_its_arguments(types):
    call = {"op": "quantity", "id": "nobody", "args": [None]}
    assert types.of(call, {}) == "int"                       # `nobody(x) = 1`
    assert types.of({**call, "args": []}, {}) is None         # a parameter left out
    assert types.of({**call, "id": "weight"}, {}) is None     # `x.cost ?? 0`


def test_an_entity_compared_with_a_value_known_to_be_one(ir, types):
    # `same(x, e) = x.entity == e`, always given an entity: one of the two
    # pieces in `mixed` is a B, the top of `pile` is an A
    assert types.quant_types["same"] == {"x": "piece?", "e": "entity"}
    save = json.loads(_play(ir, ["Alike"]))
    assert save["counters"][:2] == [10, 0]
