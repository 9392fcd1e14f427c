"""Frame locals held in Python locals of a generated segment
(runtime/compiled/pysegment.py, "Frame locals"): a variable a segment writes,
and a procedure's parameters, are read from a Python local while every write
still goes to the frame. The language (docs/LANGUAGE.md, "Statements"):

    let s = choose "Where to?" from adjacent(here(me)) where ...
    let n = choose "How many?" amount 1..5
    for c in pieces(me.hold) where c.kind == "cargo" { ... }

so a variable holds the last value given to it, whoever gave it: a `set` in
one branch of an `if`, a procedure's `return`, a decision's answer, a loop's
last item. Each case is played under both engines, which must agree byte for
byte (logs and saves) with no action handed back to the interpreter, and a
game saved at a decision inside such a segment resumes under either engine.
"""

from __future__ import annotations

import json

import pytest

from tests.wbkit import checked_ir
from waybill import Game, Rules

PACK = """\
pack locals
counter score per player = 0
counter seen per player = 0
zone pile { ordered }
kind card { cost: int = 1 }
card a "A" { cost: 2 copies: 2 start: pile }
card b "B" { cost: 7 copies: 1 start: pile }

procedure double(n: int) {
  return n * 2
}
procedure work(n: int, flag: bool) {
  let x = 1
  if flag { set x = 10  set n = n + 100 } else { set n = n + 1 }
  set me.score += x + n
  let d = 0
  set me.score += d
  set d = double(n)
  set me.score += d
  let last = 0
  for c in pieces(pile) where c.cost > 1 { set last = c.cost }
  set me.seen += last
  let k = choose "How many?" amount 1..3
  set me.score += k * 1000
  set me.seen += n
}

action go "Go" { tags: turn  work(5, true) }
action stay "Stay" { tags: turn  work(5, false) }
game { players 2..2 play { while true { act by player(0) tagged turn } } }
"""


@pytest.fixture(scope="module")
def ir(tmp_path_factory):
    return checked_ir(tmp_path_factory.mktemp("locals"), PACK, head="")


def _counters(g: Game) -> tuple[int, int]:
    L, st = g.m.L, g.state
    return st.counters[L.cslot[("score", 0)]], st.counters[L.cslot[("seen", 0)]]


def _answer(g: Game, label: str) -> None:
    g.apply(next(a for a in g.legal_actions() if a["label"] == label))


def _play(ir: dict, labels: list[str], engines=("compiled", "interpreter")) -> list:
    seen = []
    for engine in engines:
        rules = Rules.from_ir(ir, engine=engine)
        g = Game.new(rules, players=2, seed=1)
        for label in labels:
            _answer(g, label)
        seen.append((_counters(g), json.dumps(g.to_json())))
        assert rules.deopts == 0
    assert all(s == seen[0] for s in seen)
    return seen[0][0]


def _amounts(ir: dict) -> list[str]:
    g = Game.new(Rules.from_ir(ir, engine="interpreter"), players=2, seed=1)
    _answer(g, "Go")
    return [a["label"] for a in g.legal_actions()]


def test_a_variable_set_in_one_branch_and_a_parameter_set_are_read_after_the_if(ir):
    # flag: x = 10, n = 105; score 10 + 105, then d = 0, then double(105) = 210;
    # seen: the last card walked with cost > 1 (the pile is a, a, b: 7), then n
    assert _amounts(ir) == ["1", "2", "3"]
    score, seen = _play(ir, ["Go", "1"])
    assert score == 10 + 105 + 0 + 210 + 1000
    assert seen == 7 + 105
    score, seen = _play(ir, ["Stay", "1"])
    assert (score, seen) == (1 + 6 + 0 + 12 + 1000, 7 + 6)


def test_a_decisions_answer_is_read_from_the_frame(ir):
    labels = _amounts(ir)
    assert len(labels) == 3
    scores = [_play(ir, ["Go", label])[0] for label in labels]
    assert sorted(scores) == [325 + 1000 * k for k in (1, 2, 3)]


def test_a_game_saved_at_the_decision_resumes_under_either_engine(ir):
    fast, ref = Rules.from_ir(ir, engine="compiled"), Rules.from_ir(ir, engine="interpreter")
    out = []
    for a, b in ((fast, ref), (ref, fast), (fast, fast)):
        g = Game.new(a, players=2, seed=1)
        _answer(g, "Stay")
        saved = json.loads(json.dumps(g.to_json()))
        again = Game.from_json(b, saved)
        _answer(again, again.legal_actions()[-1]["label"])
        out.append((_counters(again), json.dumps(again.to_json())))
    assert out[0] == out[1] == out[2]
    assert out[0][0][0] == 19 + 3000
    assert fast.deopts == 0
