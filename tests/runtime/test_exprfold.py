"""Quantities specialised for literal arguments (runtime/compiled/exprfold.py, and
pyquantity.py's ``_quantity_special``): `can_take(me, "combat")` runs a version of
`can_take` with `s` bound and its `if s == ...` chains decided when the code
is generated.

The language promises one meaning whatever engine runs it (docs/LANGUAGE.md,
"Quantities"):

    "A quantity is a named value computed from its parameters"

so a folded quantity must give the interpreter's value, charge the same
steps, and run out of steps where the interpreter does, with its error.
"""

from __future__ import annotations

import pytest

from tests.wbkit import checked_ir
from waybill.runtime.engine.english import label_english
from waybill import Game, Rules
from waybill.runtime.engine import decisions
from waybill import RuleError
from waybill.runtime.compiled.exprfold import fold
from waybill.runtime.engine.legality import NoCache
from waybill.runtime.engine.limits import armed

PACK = """\
counter a per player = 0
counter b per player = 0
counter tilted per player = 0
quantity used(p: player, s: str) = if s == "x" then p.a else if s == "y" then p.b else 0
quantity slots(p: player, s: str) = if s == "x" then 2 else if s == "y" then 1 else 99
quantity can(p: player, s: str) = used(p, s) < slots(p, s) and (if p.tilted > 0 then s != "y" else true)
zone pile
kind card { cost: int = 1 }
card ace "Ace" { cost: 2 copies: 3 start: pile }
quantity piled(s: str) = if s == "x" then count(each c in pieces(pile) where c.cost > 1) else 0
quantity loops(s: str, n: int) = if s == "" then 0 else if n > 0 then loops(s, n - 1) + 1 else loops("", n)
action take_x "Take X" { tags: main  require can(me, "x")  set me.a += 1 }
action take_y "Take Y" { tags: main  require can(me, "y"), "No Y"  set me.b += 1 }
action tilt "Tilt" { tags: main  require loops("go", 3) == 3  set me.tilted += 1 }
action count_x "Count" { tags: main  require piled("x") == 3 }
action other "Other" { tags: main  require can(me, "z") and slots(me, "x") == 2 }
game { players 1..2 play { while true { act by player(0) tagged main } } }
"""

MAIN = frozenset(["main"])


@pytest.fixture(scope="module")
def ir(tmp_path_factory):
    return checked_ir(tmp_path_factory.mktemp("folded"), PACK)


def _listing(m) -> tuple[list, int]:
    """One uncached listing of player 0's main actions: the labels and the steps charged."""
    m.legality, m.open_actions = NoCache(), {}
    before = m.budget.steps
    labels = [label_english(m, "act", a, None) for a in decisions._live_actions(m, 0, MAIN)]
    return labels, before - m.budget.steps


def _games(ir) -> list[Game]:
    return [Game.new(Rules.from_ir(ir, engine=e), players=1, seed=1) for e in ("compiled", "interpreter")]


# --- the folding itself ----------------------------------------------------------

def _eq(l, r, o="=="):
    return {"op": "bin", "o": o, "l": l, "r": r}


S = {"op": "var", "name": "s"}
P = {"op": "var", "name": "p"}


def test_a_test_of_a_bound_text_is_decided():
    e = {"op": "cond", "if": _eq(S, "x"), "then": 1, "else": {"op": "cond", "if": _eq(S, "y"), "then": P, "else": 3}}
    assert fold(e, {"s": "y"}) == P
    assert fold(e, {"s": "q"}) == 3
    assert fold(e, {}) == e


def test_what_the_interpreter_would_evaluate_is_kept():
    # `p and s == "x"`: `p` is read (it may raise), only the right side is known
    e = {"op": "bin", "o": "and", "l": P, "r": _eq(S, "x")}
    assert fold(e, {"s": "x"}) == {**e, "r": True}
    # `s == "x" and p`: true, so the value is `bool(p)`, p still read
    assert fold({**e, "l": _eq(S, "x"), "r": P}, {"s": "x"}) == {"op": "not", "x": {"op": "not", "x": P}}
    # false: `p` is never read, by either engine
    assert fold({"op": "bin", "o": "and", "l": _eq(S, "x"), "r": P}, {"s": "y"}) is False
    assert fold({"op": "bin", "o": "or", "l": _eq(S, "x"), "r": P}, {"s": "x"}) is True


def test_nothing_is_decided_by_the_value_of_a_number():
    # the source must not depend on content numbers: `if n` and `n == true`
    # (whose answers would change if the number did) are left to run time
    n = {"op": "var", "name": "n"}
    assert fold({"op": "cond", "if": n, "then": 1, "else": 2}, {"n": 0})["if"] == 0
    assert fold(_eq(n, True), {"n": 1}) == _eq(1, True)
    assert fold(_eq(n, 3, "<"), {"n": 2}) is True     # order is the same for any shift of both
    assert fold(_eq(S, 3, "<"), {"s": "a"}) == _eq("a", 3, "<")     # (raises at run time, as it did)


def test_an_aggregate_item_hides_a_bound_name_and_texts_are_left_alone():
    agg = {"op": "agg", "fn": "count", "var": "s", "in": S, "where": _eq(S, "x")}
    assert fold(agg, {"s": "x"}) == {**agg, "in": "x"}
    text = {"op": "text", "parts": ["at ", S]}
    assert fold(text, {"s": "x"}) == text


# --- the specialised quantities, played ---------------------------------------------

def _offered(a: int, b: int, tilted: int) -> set[str]:
    """What the pack offers player 0, by its rules: `can(me, "x")` is `a < 2`,
    `can(me, "y")` is `b < 1` untilted, `can(me, "z")` always holds."""
    return {"Tilt", "Count", "Other"} | ({"Take X"} if a < 2 else set()) | ({"Take Y"} if b < 1 and not tilted else set())


@pytest.mark.parametrize("path", [["Take X", "Take X", "Take Y", "Tilt"], ["Tilt", "Take X", "Take X"]])
def test_every_branch_a_bound_text_decides_answers_as_the_rules_say(ir, path):
    """`can(me, "x")`, `can(me, "y")` and `can(me, "z")` run with `s` bound and
    their `if s == ...` chains decided when the code is generated: along
    these games each branch is taken, at the slot's limit and under it, tilted
    and not; the listing offers what the rules say, as the interpreter's does,
    and both charge the same steps."""
    fast, slow = _games(ir)
    counts = {"a": 0, "b": 0, "tilted": 0}
    for label in [None] + path:
        if label is not None:
            for g in (fast, slow):
                g.apply(next(x for x in g.legal_actions() if x["label"] == label))
            counts[{"Take X": "a", "Take Y": "b", "Tilt": "tilted"}[label]] += 1
        want = _offered(counts["a"], counts["b"], counts["tilted"])
        assert {x["label"] for x in fast.legal_actions()} == want, (label, counts)
        assert {x["label"] for x in slow.legal_actions()} == want, (label, counts)
        assert _listing(fast.m) == _listing(slow.m), (label, counts)
    assert fast.to_json() == slow.to_json()
    assert fast.rules.deopts == 0


def test_values_and_charges_are_the_interpreters(ir):
    fast, slow = _games(ir)
    seen = set()
    for step in range(6):
        a, b = _listing(fast.m), _listing(slow.m)
        assert a == b, step
        seen.update(a[0])
        label = a[0][step % len(a[0])]
        for g in (fast, slow):
            g.apply(next(x for x in g.legal_actions() if x["label"] == label))
        assert fast.to_json() == slow.to_json()
    assert {"Take X", "Take Y", "Tilt", "Count"} <= seen
    assert fast.rules.deopts == 0


@pytest.mark.parametrize("tilted", [0, 1])
def test_steps_run_out_where_the_interpreters_do(ir, tilted):
    """With a budget of k steps left, for every k up to the listing's cost:
    the same error (message and place) or the same answer, and the same
    steps left; an idle budget refills at the same points."""
    fast, slow = _games(ir)
    for g in (fast, slow):
        g.m.st.counters[g.m.L.cslot[("tilted", 0)]] = tilted
    _, cost = _listing(slow.m)
    assert cost > 20
    for k in range(cost + 2):
        said = []
        for g in (fast, slow):
            with armed(g.m):
                g.m.budget.steps = k
                try:
                    said.append(_listing(g.m))
                except RuleError as e:
                    said.append((str(e), g.m.budget.steps))
        assert said[0] == said[1], k
    for k in range(cost + 2):
        left = []
        for g in (fast, slow):
            g.m.budget.steps = k
            left.append((_listing(g.m), g.m.budget.steps))
        assert left[0] == left[1], k
