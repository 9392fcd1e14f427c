"""The constants table and generated names (runtime/compiled/pyconst.py).
DESIGN.md, principle 2 (a): "no content string, name or number is ever
spliced into the source — identifiers are generated (`_v12`) and every
content value goes through a constants table read by index".

These tests compile a little source made only of generated names and read
back what the compiled code sees: each value exactly as given, equal values
of different types kept apart, runtime objects by identity.
"""

from __future__ import annotations

from waybill.runtime.compiled.pyconst import BUILTINS, Constants, namespace


def _seen(c: Constants, names: list[str]) -> tuple:
    """What generated code reading ``names`` gets, compiled as pygen compiles it."""
    src = f"def _e():\n    return ({', '.join(names)},)\n"
    ns = namespace(BUILTINS, c.K, c.F)
    exec(compile(src, "<test>", "exec"), ns)   # noqa: S102 (generated names only)
    return ns["_e"]()


def test_content_values_read_back_as_given_and_equal_values_of_other_types_apart():
    c = Constants([], [])
    values = [1, True, 1.0, "1", None, "x", {"zone": "z", "of": None}, [1, 2]]
    names = [c.k(v) for v in values]
    got = _seen(c, names)
    assert list(got) == values
    assert [type(v) for v in got] == [type(v) for v in values]     # 1, True and 1.0 are three entries
    assert len(set(names)) == len(values)
    assert c.k("x") == names[5] and len(c.K) == len(values)        # a value is stored once


def test_runtime_objects_are_kept_by_identity_and_tables_by_their_key():
    c = Constants([], [])
    a, b = [], []       # equal, not the same object
    fa, fb, fa2 = c.f(a), c.f(b), c.f(a)
    assert fa == fa2 and fa != fb
    got = _seen(c, [fa, fb])
    assert got[0] is a and got[1] is b
    table = {"x": 3}
    t1 = c.kobj(("static", "cost"), table)
    assert c.kobj(("static", "cost"), {"other": 1}) == t1     # known by its key: made once
    assert _seen(c, [t1])[0] is table


def test_generated_names_never_repeat():
    c = Constants([], [])
    made = [c._tmp() for _ in range(5)] + [c._local() for _ in range(5)]
    assert len(set(made)) == 10
    first = c._name("q")
    c.extra.append("")      # (the helper's place taken: the next one is named apart)
    assert c._name("q") != first
