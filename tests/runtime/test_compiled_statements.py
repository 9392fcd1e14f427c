"""Statements the compiled engine (runtime/compiled/pysegment.py, pyinstr.py) writes as Python of its
own: loops whose body calls or decides (`for` with its `where` filter,
`repeat`, `while`), procedure calls run inline by the caller's code, and
the values procedures return. Each test plays a small pack under both
engines, which must agree byte for byte, and checks what the language
documents (docs/LANGUAGE.md, "Statements"):

    for c in pieces(me.hold) where c.kind == "cargo" { ... }
    repeat 3 { ... }      while cond { ... }       break      stop      return expr
    deliver(me, 2)        let n = count_cargo(me)  # procedure calls

and, for a failure (docs/LANGUAGE.md, "Limits"): "any other failure while
the rules run (a division by zero, ...), is a `RuleError` naming the
`file:line:col`, the procedure or card [...]; the game is rolled back to
how it was before the action".
"""

from __future__ import annotations

import json

import pytest

from tests.wbkit import checked_ir
from waybill import Game, RuleError, Rules
from waybill.runtime.engine import instructions as I
from waybill.runtime.compiled import pygen

PACK = """\
pack stmts
resource points { start: 0 }
zone pile { ordered }
zone hand per player
kind card { cost: int = 1 }
card big "Big" { cost: 5 copies: 2 start: pile }
card small "Small" { cost: 1 copies: 3 start: pile }

procedure score(n: int) {
  gain(points, n)
}
procedure doubled(n: int) {
  score(1)
  return n * 2
}
procedure ratio(n: int) {
  score(1)
  let x = 12 / n;
  score(x)
}
procedure take_small(p: player) {
  for c in pieces(pile) where c.cost < 2 and size(p.hand) < 2 {
    score(c.cost)
    move(c, p.hand)
  }
}

action take "Take small" {
  tags: turn
  take_small(me)
}
action offer "Offer big" {
  tags: turn
  for c in pieces(pile) where c.cost > 2 {
    may "Take {c}?" { move(c, me.hand) score(100) }
  }
}
action loops "Loops" {
  tags: turn
  repeat 3 { score(10) }
  let k = 0
  while k < 4 {
    set k += 1
    if k == 3 { break };
    score(1000)
  }
  let d = doubled(21)
  gain(points, d)
}
action divide "Divide" {
  tags: turn
  ratio(0)
}
game { players 2..2 play { while true { act by player(0) tagged turn } } }
"""


@pytest.fixture(scope="module")
def ir(tmp_path_factory):
    return checked_ir(tmp_path_factory.mktemp("stmts"), PACK, head="")


def _points(game: Game) -> int:
    return game.state.counters[game.m.L.cslot[("points", 0)]]


def _hand(game: Game) -> list[str]:
    L, st = game.m.L, game.state
    return [st.p_ent[p] for p in st.zones[L.zslot[("hand", 0)]]]


def _play(ir: dict, answers: list[str]) -> list[tuple[int, list[str]]]:
    """Points and my hand after each answer (an action's label or an option's),
    under both engines, which must agree byte for byte."""
    seen = []
    for engine in ("compiled", "interpreter"):
        rules = Rules.from_ir(ir, engine=engine)
        game = Game.new(rules, players=2, seed=1)
        out = []
        for label in answers:
            game.apply(next(a for a in game.legal_actions() if a["label"] == label))
            out.append((_points(game), _hand(game)))
        seen.append((out, json.dumps(game.to_json())))
        assert rules.deopts == 0
    assert seen[0] == seen[1]
    return seen[0][0]


def test_a_for_loop_filters_with_its_where_and_calls_in_its_body(ir):
    # three small cards (cost 1), two big: `where c.cost < 2 and size(p.hand) < 2`
    # lets two small ones through, each scored then moved
    (points, hand), = _play(ir, ["Take small"])
    assert points == 2
    assert hand == ["small", "small"]


def test_a_for_loop_waits_at_a_decision_and_goes_on_with_its_filter(ir):
    # the loop stops at each `may` (a frame waiting mid-loop: a save's plain
    # data, the same under both engines) and its filter skips the small cards
    steps = _play(ir, ["Offer big", "yes", "no"])
    assert steps[0] == (0, [])
    assert steps[1] == (100, ["big"])
    assert steps[2] == (100, ["big"])


def test_repeat_while_break_and_a_returned_value(ir):
    # repeat 3 x 10; the while scores 1000 for k = 1 and 2, then breaks at 3;
    # doubled(21) scores 1 and returns 42
    (points, _), = _play(ir, ["Loops"])
    assert points == 30 + 2000 + 1 + 42


def test_no_loop_or_return_runs_as_the_interpreters_closure(ir):
    """Generated statements call no closure of the interpreter's loop or
    return instructions (nor the `where` closure inside them): the runtime
    objects a generated block may call (its ``_F`` table) hold none."""
    rules = Rules.from_ir(ir, engine="compiled")
    factories = ("for_init", "for_next", "repeat_init", "repeat_next", "while_init", "ret", "table")
    seen = 0
    for code_id, table in rules.fast_codes.items():
        for fn, _, _ in table:
            if fn.__name__.startswith("_s"):
                seen += 1
                called = fn.__globals__["_F"]
                assert not [f for f in called if getattr(f, "__qualname__", "").split(".")[0] in factories], code_id
    assert seen
    assert I.for_next(0, "c", None, 1).__qualname__.split(".")[0] in factories    # what the test looks for


def test_a_call_run_inline_that_fails_rolls_back_and_names_the_callee(ir):
    """`ratio(0)` scores, then divides by zero: the error names the callee's
    line, under both engines, and the game is as it was before the action.
    The compiled engine's own error (before the interpreter plays the action
    again, pygen.py) names the same place."""
    errors, saves = [], []
    for engine in ("compiled", "interpreter"):
        rules = Rules.from_ir(ir, engine=engine)
        game = Game.new(rules, players=2, seed=1)
        own = []
        if engine == "compiled":
            def recording(m, run=rules.fast):
                try:
                    run(m)
                except RuleError as e:
                    own.append(str(e))
                    raise
            rules.fast = recording
        before = json.dumps(game.to_json())
        with pytest.raises(RuleError) as info:
            game.apply(next(a for a in game.legal_actions() if a["label"] == "Divide"))
        assert json.dumps(game.to_json()) == before
        errors.append(str(info.value))
        saves.append(before)
        if engine == "compiled":
            assert rules.deopts == 1
            assert own == [str(info.value)]
    assert errors[0] == errors[1]
    line = PACK.splitlines().index("  let x = 12 / n;") + 1
    assert f"pack.wb:{line}:" in errors[0] and "division by zero" in errors[0]
    assert "ratio" in errors[0]


def _trips(rules: Rules) -> list:
    """Every call the run loop makes into the generated code, recorded as (code, pc)."""
    made = []
    for code, table in rules.fast_codes.items():
        for pc, ins in enumerate(table):
            def run(m, fr, f=ins[0], where=(code, pc)):
                made.append(where)
                return f(m, fr)
            table[pc] = (run,) + tuple(ins[1:])
    return made


@pytest.mark.parametrize("label", ["Take small", "Loops"])
def test_the_callee_runs_in_the_callers_segment(ir, label):
    """A call of a procedure no replacement can take is run by the caller's
    generated code (what saves the run loop's trips): playing an action
    that calls `score`, `take_small` and `doubled` never enters `score` or
    `doubled` from the run loop, and the game is the interpreter's."""
    _play(ir, [label])
    rules = Rules.from_ir(ir, engine="compiled")
    game = Game.new(rules, players=2, seed=1)
    trips = _trips(rules)
    game.apply(next(a for a in game.legal_actions() if a["label"] == label))
    assert trips, "the action ran generated code"
    assert not [t for t in trips if t[0] in ("proc:score", "proc:doubled")], trips
