"""What the generator knows of the rules and of IR expressions before it
writes anything (DESIGN.md, principle 2): the names a rule may set, each
field's entity table, each counter's and zone's place in the layout, the
static types of expressions (exprtypes.py), and plain facts of IR
expressions (whether a value is a truth value, a literal in range, which
variables an expression names).
"""

from __future__ import annotations

from typing import Any

from ..engine import access
from ..engine.limits import MAX_INT
from . import exprtypes

class Facts:
    """What every block's generator knows of the rules: the names a rule
    may set (``props``), each name's entity fields as one table, and the
    static types of expressions and variables (exprtypes.py): a read of a
    value known to be a piece or a player skips the tests of its shape."""

    def __init__(self, rules: Any):
        self.rules = rules
        self.settable = access.settable_names(rules)
        self._static: dict[str, dict] = {}
        self.types = exprtypes.Program(rules.ir)     # what is certain of each value's shape
        # each counter's and zone's place in the layout's tables (layout.Layout.c_slots, z_slots)
        self.counter_at = {c["id"]: i for i, c in enumerate(rules.counter_list)}
        self.zone_at = {z["id"]: i for i, z in enumerate(rules.zone_list)}

    def static_table(self, name: str) -> dict:
        """``{entity id: value}`` of every entity whose pieces read ``name``
        from their fields (access.piece_attr's second case)."""
        table = self._static.get(name)
        if table is None:
            R = self.rules
            table = self._static[name] = {eid: static[name] for eid in R.entities
                                          if name in (static := access.static_of(R, eid))}
        return table


_BOOL_OPS = frozenset(("==", "!=", "<", "<=", ">", ">=", "in", "not in", "and", "or"))


# static types (exprtypes.py) whose values are never a text nor a string:
# `==` of one is plain equality (exprs._equal)
NOT_TEXT = frozenset(("int", "bool", "piece", "player", "entity", "zone", "pieces", "players", "entities", "none"))


def in_range(v: Any) -> bool:
    """Whether ``v`` is a literal that is never out of the JSON-safe range."""
    return type(v) in (str, bool) or v is None or type(v) is int and -MAX_INT <= v <= MAX_INT


def is_bool(e: Any) -> bool:
    """Whether an expression's value is a bool whatever it reads (as
    generated: comparisons of plain values, `not`, `any`/`all`)."""
    if type(e) is not dict:
        return type(e) is bool
    op = e.get("op")
    return (op == "not" or op == "bin" and e.get("o") in _BOOL_OPS
            or op == "agg" and e.get("fn") in ("any", "all"))


def names_in(e: Any) -> set[str]:
    """Every variable an IR expression names."""
    out: set[str] = set()
    todo = [e]
    while todo:
        x = todo.pop()
        if type(x) is dict:
            if x.get("op") == "var" and type(x.get("name")) is str:
                out.add(x["name"])
            todo.extend(x.values())
        elif type(x) is list:
            todo.extend(x)
    return out

