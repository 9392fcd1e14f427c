"""What generated code calls at run time (DESIGN.md, principle 2): the
helpers bound to fixed generated names in every generated namespace
(``_HELPERS`` for expressions, ``_STMT_HELPERS`` for statements) and the
limits the generated statements read. Each helper does what the
interpreter's code does at that point (the name of the reference is in its
docstring or beside it), so the generated code only chooses *which* of them
to call, never how they behave.
"""

from __future__ import annotations

from typing import Any, Callable

from ..engine import access, events
from ..engine import instructions as I
from ..engine import primitives as P
from waybill.spec.errors import RuleError, Stop
from ..engine.exprs import checked_add, checked_div, checked_mod, checked_mul, checked_sub
from ..engine.functions import pile_pieces, pile_top
from ..engine.modifiers import quantity_value
from ..engine.interpreter import call_procedure, pop, stop_effect
from ..engine.limits import CALL_DEPTH, LOOP_LIMIT, MAX_INT, check_int, check_size, flat_enough

# a segment calls segments at most this deep (each call a Python frame);
# past it, and going back, the run loop takes over
MAXD = 16
# frames on the stack past which a call is left to the run loop (below
# CALL_DEPTH: Python's stack holds at most _DP * (_MAXD + 1) segments)
_DP = 24

def _joined(m: Any, a: Any, b: Any, at: Any) -> Any:
    try:
        r = a + b
    except TypeError:       # (exprs._bin's join: a text and a text or string)
        r = access.join_texts(m, a, b)
        if r is None:
            raise
        return r
    if type(r) is int:
        return checked_add(a, b)
    if type(r) is list or type(r) is str:
        check_size(m, r, at)
    return r


_MISSING = object()


def _sum_checked(items: list) -> Any:
    total = sum(items)
    if type(total) is int and not -MAX_INT <= total <= MAX_INT:
        check_int(total)
    return total


def _int_checked(v: Any, at: Any) -> Any:
    if type(v) is int and not -MAX_INT <= v <= MAX_INT:
        check_int(v, at)
    return v


def _steps_out(b: Any, at: Any) -> None:
    b.exhausted("steps", at)


def _charged_twice(b: Any, n: int) -> None:
    """``2 n`` steps charged at once ran the steps out: given back, and
    charged ``n`` then ``n`` as functions.pieces and access.walked charge
    them (the same error, or an idle budget refilled at the same point)."""
    b.steps += n + n
    b.steps -= n
    if b.steps < 0:
        b.exhausted("steps", None)
    b.steps -= n
    if b.steps < 0:
        b.exhausted("steps", None)


def _for_items(m: Any, coll: Any, loc: dict) -> list:
    """What instructions.for_init stores: a snapshot, within the loop limit."""
    items = list(access.walked(m, coll, loc))
    if len(items) > LOOP_LIMIT:
        raise RuleError(f"a loop over {len(items)} items is over the loop limit of {LOOP_LIMIT}")
    return items


def _for_pieces(m: Any, pile: tuple) -> list:
    """``_for_items(m, functions.pieces(zone), loc)`` of the zone's pile: the
    same snapshot, charged the same (the list made, then walked), made once."""
    b = m.budget
    b.steps -= 2 * len(pile)
    if b.steps < 0:
        b.exhausted("steps")
    if len(pile) > LOOP_LIMIT:
        raise RuleError(f"a loop over {len(pile)} items is over the loop limit of {LOOP_LIMIT}")
    return [{"piece": p} for p in pile]


def _quantity_modified(m: Any, loc: dict, qid: str, at: Any, args: Callable) -> Any:
    """exprs._quantity: charged, then its arguments, then its modifiers."""
    b = m.budget
    b.steps -= 4
    if b.steps < 0:
        b.exhausted("steps", at)
    v = quantity_value(m, loc, qid, args())
    if type(v) is int and not -MAX_INT <= v <= MAX_INT:
        check_int(v, at)
    return v


def _stopped(m: Any, e: Stop, at: Any) -> None:
    """A `require` or `pay` stopped inlined code: as the interpreter's run loop
    does, with the stop's words and its message id (the source names no field)."""
    stop_effect(m, e.message, at, e.msg, e.values)


def _me(m: Any, loc: dict) -> Any:
    return loc["me"] if "me" in loc else access.me_of(m, loc)


def _counter(m: Any, key: tuple) -> Any:
    return m.st.counters[m.L.cslot[key]]


def _set_counter(m: Any, cid: str, value: Any, loc: dict) -> None:
    access.counter_store(m, access.counter_slot(m, cid, None, loc), value)


def _zone_of_piece(m: Any, pid: int) -> Any:
    slot = m.st.p_zone[pid]
    return access.zone_value(m, slot) if slot >= 0 else None


def _zone_pile(m: Any, loc: dict, v: Any) -> tuple:
    """functions.pieces before its list is made: the pile of zone ``v``."""
    return m.st.zones[access.zone_slot(m, v, loc)]

# runtime helpers the generated code calls, bound to fixed generated names
HELPERS: dict[str, Any] = {
    "_ga": access.attr_read, "_fl": _for_items, "_qm": _quantity_modified, "_tp": pile_top, "_pcs": pile_pieces, "_sa": access.set_attr, "_wk": access.walked, "_me": _me,
    "_ad": checked_add, "_sb": checked_sub, "_ml": checked_mul, "_dv": checked_div, "_md": checked_mod, "_jn": _joined, "_teq": access.text_equal, "_tis": access.text_is,
    "_em": events.emit, "_say": I.say, "_Stop": Stop, "_stop": _stopped, "_ct": _counter,
    "_sc": _set_counter, "_MISSING": _MISSING, "_sm": _sum_checked, "_fe": flat_enough,
    "_xh": _steps_out, "_ch2": _charged_twice, "_ME": "me", "_mo": access.me_of, "_ci": _int_checked,
    "_LL": LOOP_LIMIT, "_cpr": call_procedure, "_pop": pop, "_ty": type, "_str": str, "_PK": "piece", "_PL": "player", "_zp": _zone_pile, "_EN": "entity", "_po": access.piece_owner, "_pz": _zone_of_piece, "_ZN": "zone", "_OF": "of", "_int": int, "_dict": dict, "_list": list, "_al": access.as_list, "_MX": MAX_INT, "_gn": P.gain_known, "_dr": P.draw_from,
}

def _events_out(m: Any) -> None:
    m.budget.exhausted("events")


# the statements' own helpers (loops, tables, moves)
STMT_HELPERS: dict[str, Any] = {"_rc": I.repeat_count, "_tb": I.enter_row, "_pl": P.place, "_pid": access.piece_id, "_LAST": -1, "_NOWHERE": -1,
                                  "_wo": P.without, "_CD": CALL_DEPTH, "_DP": _DP, "_cst": access.counter_store, "_mve": events.moved_entry, "_xev": _events_out,
                                  "_flp": _for_pieces}
