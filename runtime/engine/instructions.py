"""Instruction factories for the non-decision statements.

Each factory returns ``run(m, fr)``; ``codegen`` wraps it as
``(run, at, None)``. Jump targets are ints resolved before the factory is
called. Loops keep their state in hidden locals named ``$<pc><letter>`` so
that a loop suspended by a decision resumes exactly where it was.
"""

from __future__ import annotations

from typing import Any, Callable

from . import access, events
from waybill.spec.errors import RuleError, Stop
from .frames import push
from .interpreter import call_procedure, pop
from .limits import LOOP_LIMIT

Run = Callable[[Any, dict], None]


def prim(impl: Callable, args: list, into: str | None) -> Run:
    if into is None:
        def run(m, fr):
            loc = fr["locals"]
            impl(m, loc, *[a(m, loc) for a in args])
    else:
        def run(m, fr):
            loc = fr["locals"]
            loc[into] = impl(m, loc, *[a(m, loc) for a in args])
    return run


def call(proc: str, params: list[str], args: list, into: str | None) -> Run:
    def run(m, fr):
        loc = fr["locals"]
        values = {p: None for p in params}
        for p, a in zip(params, args):
            values[p] = a(m, loc)
        call_procedure(m, fr, proc, values, into)
    return run


def let(name: str, value: Callable) -> Run:
    def run(m, fr):
        loc = fr["locals"]
        loc[name] = value(m, loc)
    return run


def set_attr(of: Callable, name: str, value: Callable) -> Run:
    def run(m, fr):
        loc = fr["locals"]
        access.set_attr(m, of(m, loc), name, value(m, loc), loc)
    return run


def set_counter(cid: str, value: Callable) -> Run:
    def run(m, fr):
        loc = fr["locals"]
        access.counter_store(m, access.counter_slot(m, cid, None, loc), value(m, loc))
    return run


def jump(target: int) -> Run:
    def run(m, fr):
        fr["pc"] = target
    return run


def jump_if_not(cond: Callable, target: int) -> Run:
    def run(m, fr):
        if not cond(m, fr["locals"]):
            fr["pc"] = target
    return run


def for_init(k: int, coll: Callable) -> Run:
    lk, ik = f"${k}l", f"${k}i"

    def run(m, fr):
        loc = fr["locals"]
        items = list(access.walked(m, coll(m, loc), loc))   # a snapshot
        if len(items) > LOOP_LIMIT:
            raise RuleError(f"a loop over {len(items)} items is over the loop limit of {LOOP_LIMIT}")
        loc[lk] = items
        loc[ik] = 0
    return run


def for_next(k: int, var: str, where: Callable | None, end: int) -> Run:
    lk, ik = f"${k}l", f"${k}i"

    def run(m, fr):
        loc = fr["locals"]
        items, i = loc[lk], loc[ik]
        while i < len(items):
            loc[var] = items[i]
            i += 1
            if where is None or where(m, loc):
                loc[ik] = i
                return
        del loc[lk], loc[ik]
        fr["pc"] = end
    return run


def repeat_init(k: int, count: Callable, at: str | None) -> Run:
    nk = f"${k}n"

    def run(m, fr):
        loc = fr["locals"]
        loc[nk] = repeat_count(count(m, loc), at)
    return run


def repeat_count(n: Any, at: str | None) -> int:
    """A `repeat`'s count, checked (both engines)."""
    if type(n) is not int:
        raise RuleError(f"repeat needs a number, got {n!r}", at)
    if n > LOOP_LIMIT:
        raise RuleError(f"repeat of {n} is over the loop limit of {LOOP_LIMIT}", at)
    return n


def repeat_next(k: int, end: int) -> Run:
    nk = f"${k}n"

    def run(m, fr):
        loc = fr["locals"]
        n = loc[nk]
        if n <= 0:
            del loc[nk]
            fr["pc"] = end
        else:
            loc[nk] = n - 1
    return run


def while_init(k: int) -> Run:
    nk = f"${k}n"

    def run(m, fr):
        fr["locals"][nk] = 0
    return run


def while_test(k: int, cond: Callable, end: int, at: str | None) -> Run:
    nk = f"${k}n"

    def run(m, fr):
        loc = fr["locals"]
        n = loc[nk] + 1
        if n > LOOP_LIMIT:
            raise RuleError(f"loop ran more than {LOOP_LIMIT} times", at)
        if cond(m, loc):
            loc[nk] = n
        else:
            del loc[nk]
            fr["pc"] = end
    return run


def emit(event: str, args: dict) -> Run:
    def run(m, fr):
        loc = fr["locals"]
        events.emit(m, event, {k: a(m, loc) for k, a in args.items()})
    return run


def require(cond: Callable, message: str | None, msg: str | None = None) -> Run:
    def run(m, fr):
        if not cond(m, fr["locals"]):
            raise Stop(message or "requirement not met", msg if message else "engine-requirement")
    return run


def say(m: Any, said: Any) -> None:
    """Write a `log` line: its words, and (for a catalogue) its message id and
    the values of its variables. Both engines write it here."""
    mid = getattr(said, "msg", None)
    if mid is None:
        m.st.log.append({"type": "say", "text": access.text_of(m, str(said))})
        return
    # the words only when no message says them again (Said.own): a view says
    # the line from its id and values (sight.filter.said_words)
    entry = {"type": "say", "text": access.text_of(m, str(said)), "msg": mid} if said.own else {"type": "say", "msg": mid}
    if said.args:
        entry["args"] = said.args
    m.st.log.append(entry)


def log(text: Callable) -> Run:
    def run(m, fr):
        say(m, text(m, fr["locals"]))
    return run


def ret(value: Callable | None) -> Run:
    def run(m, fr):
        pop(m, value(m, fr["locals"]) if value is not None else None)
    return run


def table(tid: str, value: Callable, at: str | None) -> Run:
    def run(m, fr):
        enter_row(m, fr, tid, value(m, fr["locals"]), at)
    return run


def enter_row(m: Any, fr: dict, tid: str, v: Any, at: str | None) -> None:
    """Push the effect of table ``tid``'s row holding ``v``, if it has one (both engines)."""
    loc = fr["locals"]
    i, row = find_row(m, tid, v, at)
    if row.get("effect"):
        sub = {k: loc[k] for k in ("me", "self", "owner") if k in loc}
        sub["value"] = v
        extra = {"skip": fr["skip"]} if fr.get("skip") else {}
        push(m, f"table:{tid}:{i}", sub, "table", **extra)


def find_row(m: Any, tid: str, v: Any, at: str | None = None) -> tuple[int, dict]:
    t = m.R.tables.get(tid)
    if t is None:
        raise RuleError(f"unknown table {tid!r}", at)
    for i, row in enumerate(t.get("rows") or []):
        if row["lo"] <= v <= row["hi"]:
            return i, row
    raise RuleError(f"no row of table {tid!r} holds {v!r}", at)
