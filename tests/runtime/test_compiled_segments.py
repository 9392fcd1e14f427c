"""How the compiled engine (runtime/compiled/pysegment.py) lays a code block out in
Python functions ("segments"): every instruction is written once per block
(an `if`/`else` as a Python ``if``/``else``, a segment that reaches
another's first instruction calls it), so the generated source grows with
the block, not with its square; a `for` whose body branches runs as a Python
loop; deep recursion is left to the run loop before Python's stack is deep.
Each pack is played under both engines, which must agree byte for byte, as
docs/LANGUAGE.md ("Statements") documents them:

    if cond { ... } else { ... }     for c in pieces(pile) { ... }     deliver(me, 2)
"""

from __future__ import annotations

import json

from tests.wbkit import checked_ir
from waybill import Game, Rules

HEAD = """\
pack segs
resource points { start: 0 }
zone pile { ordered }
kind card { cost: int = 1 }
card big "Big" { cost: 5 copies: 2 start: pile }
card small "Small" { cost: 1 copies: 3 start: pile }

procedure earn(n: int) {
  gain(points, n)
}
procedure down(n: int) {
  if n > 0 {
    earn(1)
    down(n - 1)
  }
}
"""

GAME = 'game { players 1..1 play { while true { act by player(0) tagged turn } } }\n'


def _calls(k: int) -> str:
    """An action of ``k`` calls in a row, then an `if`/`else`."""
    body = "".join(f"  earn({i})\n" for i in range(k))
    return f'action many "Many" {{\n  tags: turn\n{body}  if points > {k} {{ earn(1) }} else {{ earn(2) }}\n}}\n'


LOOPS = """\
action sort "Sort" {
  tags: turn
  for c in pieces(pile) {
    if c.cost > 2 { gain(points, 100) } else { gain(points, 1) }
  }
}
action deep "Deep" {
  tags: turn
  down(120)
}
"""


def _play(ir: dict, labels: list[str]) -> tuple[list[int], Rules]:
    """Points after each action, under both engines (which must agree byte
    for byte, the compiled one never handing an action to the interpreter)."""
    seen = []
    for engine in ("compiled", "interpreter"):
        rules = Rules.from_ir(ir, engine=engine)
        game = Game.new(rules, players=1, seed=1)
        points = []
        for label in labels:
            game.apply(next(a for a in game.legal_actions() if a["label"] == label))
            points.append(game.state.counters[game.m.L.cslot[("points", 0)]])
        assert rules.deopts == 0
        seen.append((points, json.dumps(game.to_json()), rules))
    assert seen[0][:2] == seen[1][:2]
    return seen[0][0], seen[0][2]


def test_source_grows_with_the_block_not_its_square(tmp_path):
    """An action of 8 and of 16 calls in a row: each call's continuation is
    a segment of its own that the segment before calls (it was copied into
    every segment before it: 3.2 times the source for twice the calls), so
    twice the calls is about twice the source."""
    sizes = {}
    for k in (8, 16):
        ir = checked_ir(tmp_path / str(k), HEAD + _calls(k) + GAME, head="")
        points, rules = _play(ir, ["Many"])
        assert points == [_expected(k)]
        sizes[k] = sum(len(src) for code, src in rules.fast_sources.items() if code.startswith("rule:")
                       or code.startswith("ent:"))
    assert sizes[16] < 2.3 * sizes[8]


def _expected(k: int) -> int:
    p = sum(range(k))
    return p + (1 if p > k else 2)


def _trips(rules: Rules) -> list:
    """Every call the run loop makes into the generated code, recorded."""
    made = []
    for code, table in rules.fast_codes.items():
        for pc, ins in enumerate(table):
            def run(m, fr, f=ins[0], where=(code, pc)):
                made.append(where)
                return f(m, fr)
            table[pc] = (run,) + tuple(ins[1:])
    return made


def test_a_for_loop_with_an_if_else_runs_in_one_trip(tmp_path):
    """`for c in pieces(pile) { if ... { } else { } }`: the body branches but
    neither calls nor decides, so the loop is a Python loop: the action is
    one trip of the run loop (entering the action's code), whatever the
    number of cards; 2 big (100 each) and 3 small (1 each)."""
    ir = checked_ir(tmp_path, HEAD + LOOPS + GAME, head="")
    points, _ = _play(ir, ["Sort"])
    assert points == [203]
    rules = Rules.from_ir(ir, engine="compiled")
    game = Game.new(rules, players=1, seed=1)
    action = next(a for a in game.legal_actions() if a["label"] == "Sort")
    trips = _trips(rules)
    game.apply(action)
    assert len([t for t in trips if t[0].startswith("ent:") or t[0].startswith("rule:")]) == 1


def test_deep_recursion_is_left_to_the_run_loop(tmp_path):
    """`down(120)`: 120 nested calls (below the language's limit of 200
    frames). Generated code runs a callee inline (its segment called from
    the caller's) only while the stack is shallower than pygen._DP; the
    deeper calls are pushed and left to the run loop, so Python's own stack
    stays shallow; the result is the same under both engines."""
    ir = checked_ir(tmp_path, HEAD + LOOPS + GAME, head="")
    points, _ = _play(ir, ["Deep", "Deep"])
    assert points == [120, 240]
    rules = Rules.from_ir(ir, engine="compiled")
    game = Game.new(rules, players=1, seed=1)
    action = next(a for a in game.legal_actions() if a["label"] == "Deep")
    trips = _trips(rules)
    game.apply(action)
    entered = trips.count(("proc:down", 0))
    assert 0 < entered < 120
