"""Frames and the machine that holds them: what every instruction sees.

A frame is plain data ``{"code", "pc", "locals", "kind", ...}`` kept in
``state.stack`` (interpreter.py runs them). Its own module because pushing a
frame is what both the run loop and a triggered effect (events.py) do, and
neither may import the other.
"""

from __future__ import annotations

from typing import Any

from waybill.spec.errors import RuleError

from .limits import CALL_DEPTH, Budget

EFFECTS = frozenset(("action", "trigger"))
STOPPABLE = frozenset(("proc", "replace"))


class Machine:
    """What every instruction sees: rules ``R``, layout ``L``, state ``st``."""
    __slots__ = ("R", "L", "st", "created", "open_actions", "budget", "legality", "reference", "sides_seen")

    def __init__(self, rules: Any, layout: Any, st: Any):
        self.R, self.L, self.st = rules, layout, st
        self.created: tuple | None = None  # see access.created_pieces
        self.open_actions: dict | None = None  # see decisions.live_actions
        self.budget: Budget = rules.idle_budget  # armed by Game.apply/new (limits.py)
        self.legality: Any = None  # listings kept across decisions (legality.py)
        self.reference = False  # True: run the interpreter even if the rules are compiled
        self.sides_seen: list | None = None  # the sides last noted in the log (outcome.note_sides)


def push(m: Machine, code: str, loc: dict, kind: str, **extra: Any) -> dict:
    st = m.st
    if len(st.stack) >= CALL_DEPTH:
        raise RuleError(f"more than {CALL_DEPTH} nested calls (entering {m.R.names.get(code, code)})")
    fr = {"code": code, "pc": 0, "locals": loc, "kind": kind}
    if extra:
        fr.update(extra)
    st.stack.append(fr)
    if kind in EFFECTS:
        st.edepth += 1
    return fr
