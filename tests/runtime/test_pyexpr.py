"""Expressions as the compiled engine writes them, one writer per IR op
(runtime/compiled/pyexpr.py, with the reads of pyreads.py and the aggregates
of pyagg.py). The language promises one meaning whatever engine runs it
(docs/LANGUAGE.md, "Quantities"):

    "A quantity is a named value computed from its parameters"

so each quantity below, one or more per op, must give under the compiled
engine the value the interpreter gives, charge the same steps, and fail with
the same error, for every argument tried (out-of-range numbers included).
"""

from __future__ import annotations

import pytest

from tests.wbkit import checked_ir
from waybill import Game, Rules
from waybill.runtime.compiled import pyexpr
from waybill.runtime.engine.limits import armed
from waybill.runtime.engine.modifiers import quantity_value

PACK = """\
pack exprs
counter tally per player = 0
counter pot = 0
zone pile { ordered }
zone hand per player
track steps { 1, 2, 4 }
kind card { cost: int = 1 }
card a "A" { cost: 3 copies: 2 start: pile }
card b "B" { cost: 5 copies: 1 start: pile }

quantity q_var(n: int) = n
quantity q_ref(n: int) = pot + n
quantity q_attr(n: int) = top(pile).cost + me.tally + n
quantity q_arith(n: int) = n * 3 + 1 - n % 2 + n / 2
quantity q_big(n: int) = n * 4000000000000000
quantity q_cmp(n: int) = n >= 2 and n != 5 or n < 0
quantity q_in(n: int) = n in [1, 2] or n not in [3]
quantity q_not(n: int) = not (n > 1)
quantity q_neg(n: int) = -n
quantity q_cond(n: int) = if n > 2 then 1 else 0
quantity q_agg(n: int) = sum(each c in pieces(pile) where c.cost > n: c.cost)
quantity q_count(n: int) = count(each c in pieces(pile) where c.cost >= n) + max(each c in pieces(pile): c.cost)
quantity q_any(n: int) = any(each c in pieces(pile): c.cost == n) and all(each c in pieces(pile): c.cost > 0)
quantity q_quantity(n: int) = q_arith(n) + q_arith(2)
quantity q_call(n: int) = size(pile) + size(me.hand) + n
quantity q_track(n: int) = steps[n] ?? 0
quantity q_index(n: int) = [4, 5, 6][n] ?? -1
quantity q_list(n: int) = size([n, n + 1, [n]])
quantity q_entity(n: int) = top(pile).entity == a
game { players 2..2 play { while true { act by player(0) tagged turn } } }
action pass "Pass" { tags: turn }
"""

ARGS = [-3, -1, 0, 1, 2, 3, 5, 2000000000000000, 4000000000000000]


@pytest.fixture(scope="module")
def ir(tmp_path_factory):
    return checked_ir(tmp_path_factory.mktemp("exprs"), PACK, head="")


def _value(game: Game, qid: str, n: int) -> tuple:
    """The quantity's value (or error) for ``n``, and the steps it charged."""
    m = game.m
    with armed(m):
        before = m.budget.steps
        try:
            got = ("value", quantity_value(m, {"me": {"player": 0}}, qid, [n]))
        except Exception as e:     # (the engines must fail alike)
            got = ("error", type(e).__name__, str(e))
        return got, before - m.budget.steps


def test_every_op_gives_the_interpreters_value_steps_and_errors(ir):
    games = [Game.new(Rules.from_ir(ir, engine=e), players=2, seed=3) for e in ("compiled", "interpreter")]
    for qid in (q["id"] for q in ir["quantities"]):
        for n in ARGS:
            assert _value(games[0], qid, n) == _value(games[1], qid, n), (qid, n)
    # (the answers differ from quantity to quantity: the comparison is not of constants)
    assert len({_value(games[1], "q_arith", n) for n in ARGS}) > 4
    assert _value(games[1], "q_big", 4)[0][0] == "error"


def test_the_pack_reaches_every_op_writer(ir):
    # each writer of pyexpr._OPS is exercised by some quantity above
    seen, todo = set(), [q["value"] for q in ir["quantities"]]
    while todo:
        x = todo.pop()
        if type(x) is dict:
            seen.add(x.get("op"))
            todo.extend(x.values())
        elif type(x) is list:
            todo.extend(x)
    assert set(pyexpr._OPS) <= seen


def test_the_compiled_engine_runs_generated_functions_not_the_closures(ir):
    # the quantities are generated functions (their names made by pyconst), the
    # interpreter's are its closures: what the first test compared is both
    fast, ref = (Rules.from_ir(ir, engine=e) for e in ("compiled", "interpreter"))
    for qid in ("q_arith", "q_cmp", "q_agg"):
        assert fast.quantities[qid][1].__name__.startswith("_e")
        assert fast.quantities[qid][1] is not ref.quantities[qid][1]
