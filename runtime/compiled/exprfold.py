"""Folding an IR expression for known variable values (the compiled engine's
constant-argument specialisation of quantities, pygen.py).

``fold(e, binds)`` puts each bound variable's literal value where ``e``
reads it, then decides now what no longer depends on the game: a test of
two literals, an `if` whose test is a literal, `and`/`or`/`not` of a truth
value. What it drops is only what the interpreter would not evaluate either
(the branch not taken, the right side a literal left side decides), so the
folded expression reads, charges and raises as the original does on the
path it takes, with the same value.

Only folds whose outcome is the same for every *number* are made: a test of
two whole numbers (== and order are the same for any shift of both), never
the truth of a number, nor a number compared with a truth value. So the
generated source does not depend on the content's numbers
(tests/runtime/test_engines_differential.py shifts them all and compares).
No value is computed that was not already in the IR, except truth values.
"""

from __future__ import annotations

from typing import Any

_CMP = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
        "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}
_ORDERED = (int, str)
# operators whose value is a truth value whatever they compare
_BOOLS = frozenset(("==", "!=", "<", "<=", ">", ">=", "in", "not in", "and", "or"))


def fold(e: Any, binds: dict[str, Any]) -> Any:
    """``e`` with the variables of ``binds`` (name -> str, int or bool)
    replaced by their values, and what that decides folded."""
    if type(e) is list:
        return [fold(x, binds) for x in e]
    if type(e) is not dict:
        return e
    op = e.get("op")
    if op == "var":
        name = e.get("name")
        return binds[name] if type(name) is str and name in binds else e
    if op == "text":
        return e        # a value shown in a text is rendered (access.text_of): read as the variable
    if op == "agg":
        # the item's name hides a bound one in `where` and `value`, not in `in`
        inner = {k: v for k, v in binds.items() if k != e.get("var")}
        out = dict(e)
        out["in"] = fold(e.get("in"), binds)
        for key in ("where", "value", "by"):
            if e.get(key) is not None:
                out[key] = fold(e[key], inner)
        return out
    out = {k: (v if k == "at" else fold(v, binds)) for k, v in e.items()}
    return _simplify(out)


def _literal(v: Any) -> bool:
    return type(v) in (str, int, bool)


def _truth(v: Any) -> bool | None:
    """The truth of a literal, if it is the same for any number: of a truth
    value or a text; None for anything else."""
    if type(v) is bool:
        return v
    if type(v) is str:
        return bool(v)
    return None


def _as_bool(e: Any) -> Any:
    """An expression with the value ``bool(e)`` (exprs._bin's `and`/`or`)."""
    t = _truth(e)
    if t is not None:
        return t
    if type(e) is dict and (e.get("op") == "not" or e.get("op") == "bin" and e.get("o") in _BOOLS
                            or e.get("op") == "agg" and e.get("fn") in ("any", "all")):
        return e        # a truth value already (as pygen._is_bool knows it)
    return _with_at({"op": "not", "x": _with_at({"op": "not", "x": e}, e)}, e)


def _with_at(node: dict, e: Any) -> dict:
    if type(e) is dict and e.get("at") is not None:
        node["at"] = e["at"]
    return node


def _simplify(e: dict) -> Any:
    op = e.get("op")
    if op == "bin":
        o, l, r = e.get("o"), e.get("l"), e.get("r")
        if o in _CMP and _literal(l) and _literal(r) and type(l) is type(r) \
                and (o in ("==", "!=") or type(l) in _ORDERED):
            return _CMP[o](l, r)
        if o in ("and", "or"):
            t = _truth(l)
            if t is None:
                return e
            if o == "and":
                return _as_bool(r) if t else False
            return True if t else _as_bool(r)
        return e
    if op == "not":
        t = _truth(e.get("x"))
        return e if t is None else not t
    if op == "cond":
        t = _truth(e.get("if"))
        if t is None:
            return e
        return e.get("then") if t else e.get("else")
    return e
