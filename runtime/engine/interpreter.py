"""The machine that runs compiled code: frames, the run loop, calls, stops.

A frame is plain data ``{"code", "pc", "locals", "kind", ...}`` kept in
``state.stack``; ``kind`` is one of ``setup play proc table replace action
trigger``. Action and trigger frames are *effects*: triggered effects queued
while an effect runs resolve when it ends (see events.py).

An instruction is ``(run, at, answer)``: ``run(m, frame)`` executes it
(``frame["pc"]`` already points past it), ``at`` is its source location and
``answer(m, frame, pending, option)`` is set on decision instructions: a
decision is resumed by calling the ``answer`` of the instruction just before
the top frame's ``pc``.
"""

from __future__ import annotations

from typing import Any

from waybill.spec.errors import RuleError, Stop, WaybillError

from . import events
from .frames import EFFECTS, STOPPABLE, Machine, push
from .limits import CALL_DEPTH, TICK
from .primitives import finish_game
from .english import english

def run(m: Machine) -> None:
    """Run until a decision is pending or the game is over, on the rules'
    compiled engine (pygen.py) unless the machine asks for the reference."""
    fast = m.R.fast
    if fast is not None and not m.reference:
        fast(m)
    else:
        interpret(m)


def interpret(m: Machine) -> None:
    """The reference: ``loop`` over the instructions codegen.py made."""
    loop(m, m.R.codes)


def loop(m: Machine, codes: dict[str, list]) -> None:
    """Run ``codes`` (the interpreter's instructions, or the compiled
    engine's, whose entries run a whole segment of them) until a decision is
    pending or the game is over: the one run loop of both engines.

    An instruction returns how many instructions it ran (None: one); they
    are counted against the budget's steps, ``TICK`` at a time, after each
    runs. A ``Stop`` abandons the innermost effect; any other error becomes
    a ``RuleError`` located at the instruction that raised it (inside a
    segment, at its generated line: ``_at``)."""
    st, budget = m.st, m.budget
    fr = ins = None
    tick = TICK
    try:
        while st.pending is None and not st.over:
            if st.queue and not st.edepth:
                events.resolve(m)
                continue
            stack = st.stack
            if not stack:
                finish_game(m, None)
                break
            fr = stack[-1]
            pc = fr["pc"]
            ins = codes[fr["code"]][pc]
            fr["pc"] = pc + 1
            try:
                n = ins[0](m, fr)
            except Stop as s:
                stop_effect(m, s.message, _at(m, s, ins), s.msg, s.values)
                n = None
            tick -= n or 1
            if tick <= 0:
                while tick <= 0:
                    tick += TICK
                    budget.steps -= TICK
                if budget.steps < 0:
                    budget.exhausted("steps")
    except RuleError as e:
        raise e.locate(_at(m, e, ins), _where(m, fr))
    except WaybillError:
        raise
    except Exception as e:
        # Content that checks clean can still overflow, recurse or exhaust
        # memory: whatever Python raises becomes a RuleError naming the rule.
        raise RuleError(python_error(e), _at(m, e, ins), _where(m, fr)) from e


def _where(m: Machine, fr: Any) -> Any:
    """The name of the code that was running: the top frame's (a callee run
    inline by ``fr``'s segment is on top of it)."""
    stack = m.st.stack
    if fr and stack and fr in stack:
        fr = stack[-1]
    return m.R.names.get(fr["code"]) if fr else None


def _at(m: Machine, e: BaseException, ins: Any) -> Any:
    """The location of the instruction that raised ``e``: inside a run of
    inlined instructions (a generated segment ``_s<pc>``), found from the
    generated line being executed."""
    if not ins:
        return None
    tb = e.__traceback__
    lines = m.R.fast_where
    at = ins[1]
    while tb is not None:       # the innermost segment: a call runs its callee's inline
        code = tb.tb_frame.f_code
        known = lines.get(code.co_filename)
        if known is not None and code.co_name.startswith("_s"):
            at = known.get(tb.tb_lineno, ins[1])
        tb = tb.tb_next
    return at


def python_error(e: BaseException) -> str:
    """A designer-readable line for a Python exception raised by content."""
    if isinstance(e, MemoryError):
        return "the rules ran out of memory (MemoryError)"
    if isinstance(e, RecursionError):
        return "values or quantities nested too deeply (RecursionError)"
    text = str(e)
    if len(text) > 200:
        text = text[:200] + "..."
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def answer(m: Machine, option: int) -> None:
    """Resume the decision pending on the top frame with option ``option``."""
    st = m.st
    pending, st.pending = st.pending, None
    fr = st.stack[-1]
    ins = m.R.codes[fr["code"]][fr["pc"] - 1]
    ins[2](m, fr, pending, option)


def pop(m: Machine, value: Any = None) -> None:
    """Leave the top frame, giving ``value`` to the caller's ``into``."""
    st = m.st
    stack = st.stack
    fr = stack.pop()
    into = fr.get("into")
    if into is not None and stack:
        stack[-1]["locals"][into] = value
    if fr["kind"] in EFFECTS:
        st.edepth -= 1
        if st.queue:
            events.resolve(m)


def stop_effect(m: Machine, message: str, at: str | None, msg: str | None = None, args: dict | None = None) -> None:
    """A `require` failed or a `pay` fell short: abandon the innermost effect
    (or, outside effects, the innermost procedure call). Nothing is undone."""
    st = m.st
    stack = st.stack
    target = _innermost(stack, EFFECTS)
    if target is None:
        target = _innermost(stack, STOPPABLE)
    if target is None:
        raise RuleError(f"requirement failed outside any effect: {message}", at)
    entry = {"type": "stopped", "message": message, "at": at}
    if msg:                           # what a catalogue needs to say it again (spec/messages.py)
        if english(m, msg, args) == message:
            del entry["message"]      # (said again from its id by a view: sight.filter.said_words)
        entry["msg"] = msg
        if args:
            entry["args"] = args
    st.log.append(entry)
    while len(stack) > target + 1:
        fr = stack.pop()
        if fr["kind"] in EFFECTS:
            st.edepth -= 1
    pop(m, None)


def _innermost(stack: list, kinds: frozenset) -> int | None:
    for i in range(len(stack) - 1, -1, -1):
        if stack[i]["kind"] in kinds:
            return i
    return None


def call_procedure(m: Machine, fr: dict, proc: str, args: dict, into: str | None) -> dict:
    """Call a procedure, or the first live replacement effect that applies:
    push its frame, and return it."""
    me = fr["locals"].get("me")
    if me is not None:
        args["me"] = me
    skip = fr.get("skip")
    if proc in m.R.replacements:
        found = events.find_replacement(m, proc, args, skip)
        if found is not None:
            ikey, ab, loc = found
            return push(m, ab.key, loc, "replace", into=into, skip=(skip or []) + [ikey])
    if proc not in m.R.procedures:
        raise RuleError(f"unknown procedure {proc!r}")
    # push's frame, written out (a call of a procedure is most of the
    # frames a game pushes): the same keys in the same order
    code = "proc:" + proc
    stack = m.st.stack
    if len(stack) >= CALL_DEPTH:
        raise RuleError(f"more than {CALL_DEPTH} nested calls (entering {m.R.names.get(code, code)})")
    if skip:
        callee = {"code": code, "pc": 0, "locals": args, "kind": "proc", "into": into, "skip": skip}
    else:
        callee = {"code": code, "pc": 0, "locals": args, "kind": "proc", "into": into}
    stack.append(callee)
    return callee
