"""Quantities as the compiled engine writes them (runtime/compiled/pyquantity.py):
a function per quantity no modifier changes, its parameters and `me` Python
locals (or a dict when its body hands them to the interpreter's code by
name), recursion, and versions specialised for literal arguments whose
leaf quantities are written in place and charged at the caller's start
(the folding itself: tests/runtime/test_exprfold.py). The language
(docs/LANGUAGE.md, "Quantities"):

    "A quantity is a named value computed from its parameters"

so under both engines each gives the same value, charges the same steps,
and with any budget left runs out where the interpreter does, with its error.
"""

from __future__ import annotations

import pytest

from tests.wbkit import checked_ir
from waybill import Game, Rules
from waybill.runtime.engine.limits import armed
from waybill.runtime.engine.modifiers import quantity_value

PACK = """\
pack quants
counter tally per player = 0
quantity plain(p: player, n: int) = p.tally + n
quantity escaped(p: player, n: int) = (p.tally ?? 7) + n
quantity rec(n: int) = if n > 0 then rec(n - 1) + 2 else 0
quantity mine(n: int) = me.tally * n
quantity pick(s: str, n: int) = if s == "a" then n + 1 else n * 2
quantity both(n: int) = pick("a", n) + pick("b", n) + pick("a", 1)
quantity deep(n: int) = both(n) + rec(n) + mine(n)
action pass "Pass" { tags: turn  set me.tally += 3 }
game { players 2..2 play { while true { act by player(0) tagged turn } } }
"""

CALLS = [("plain", lambda n: [{"player": 1}, n]), ("escaped", lambda n: [{"player": 0}, n]),
         ("rec", lambda n: [n]), ("mine", lambda n: [n]), ("both", lambda n: [n]), ("deep", lambda n: [n])]


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    ir = checked_ir(tmp_path_factory.mktemp("quants"), PACK, head="")
    out = []
    for engine in ("compiled", "interpreter"):
        g = Game.new(Rules.from_ir(ir, engine=engine), players=2, seed=1)
        g.apply(next(a for a in g.legal_actions() if a["label"] == "Pass"))
        out.append(g)
    return out


def _run(game: Game, qid: str, args: list, steps: int | None = None) -> tuple:
    """The value or the error, and the steps left (``steps``: the budget to start with)."""
    m = game.m
    with armed(m):
        if steps is not None:
            m.budget.steps = steps
        start = m.budget.steps
        try:
            got = ("value", quantity_value(m, {"me": {"player": 0}}, qid, args))
        except Exception as e:     # (the engines must fail alike)
            got = ("error", type(e).__name__, str(e))
        return got, start - m.budget.steps


@pytest.mark.parametrize("qid,args", CALLS, ids=[c[0] for c in CALLS])
def test_values_and_charges_are_the_interpreters(games, qid, args):
    fast, slow = games
    for n in (0, 1, 2, 5, 30):
        assert _run(fast, qid, args(n)) == _run(slow, qid, args(n)), n
    # the rules' own values: tally 3 for player 0 (who passed), 0 for player 1
    assert _run(slow, "both", [4])[0] == ("value", 5 + 8 + 2)
    assert _run(slow, "mine", [4])[0] == ("value", 12)


@pytest.mark.parametrize("qid", ["both", "deep"])
def test_steps_run_out_where_the_interpreters_do(games, qid):
    fast, slow = games
    _, cost = _run(slow, qid, [3])
    assert cost > 8
    for budget in range(0, cost + 2):
        a, b = _run(fast, qid, [3], budget), _run(slow, qid, [3], budget)
        assert a == b, budget
    assert _run(slow, qid, [3], cost - 1)[0][0] == "error"
