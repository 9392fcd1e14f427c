"""Bounds that keep one broken card from freezing a game or eating the
memory (DESIGN.md, principle 7).

Two sorts of bound:

- **Depth** bounds, fixed: one loop statement, nested calls, trigger chains.
- A **budget** of work and memory, counted in *total* over one ``apply``
  (or ``Game.new``, or one scenario step, which is an ``apply``): the steps
  the rules run (instructions, plus items walked or built by the few
  expensive operations), events emitted, pieces created; and the sizes of
  values (a list, range or option list; a text; a game's pieces); integers
  stay JSON-safe (within ±(2^53 - 1)). Running out is a ``RuleError`` and the
  game is rolled back to before the action.

A pack may raise (or lower) the budget with ``game { limits { ... } }``, up
to the engine's hard ``CAPS``; the compiler checks the values (E407) and
``Rules`` clamps an IR from elsewhere to the same caps.

Counting is cheap on purpose: the run loop counts instructions in a local
and charges the budget every ``TICK`` instructions; expressions charge
only where they build or walk a collection (one subtraction per
collection, not per item).
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

from waybill.spec.errors import RuleError
from waybill.spec.limits import (  # noqa: F401  (the engine's modules read the bounds here)
    CALL_DEPTH, CAPS, CHAIN_LIMIT, DEFAULTS, LIMITS, LOOP_LIMIT, MAX_DEPTH, MAX_INT, TICK, resolve_limits)

_NEVER = 2 ** 62        # an idle budget's last event: never reached


class Budget:
    """What is left of one action's budget. An *idle* budget (outside
    ``apply``/``new``: views, scenario expectations) never runs out, it
    refills; size and integer bounds hold everywhere."""

    __slots__ = ("steps", "last_event", "created", "armed", "limits", "max_list", "max_text", "full")

    def __init__(self, limits: dict[str, int], armed: bool, seq: int = 0):
        self.limits = limits
        self.armed = armed
        self.steps = limits["steps"]
        # Events are counted by the state's event sequence number, which every
        # event advances: the budget runs out past ``last_event`` (``seq`` is
        # the state's when the budget starts). One comparison per event.
        self.last_event = seq + limits["events"] if armed else _NEVER
        self.created = limits["created"]
        self.max_list = limits["list"]
        self.max_text = limits["text"]
        self.full = (limits["steps"], limits["events"], limits["created"])

    def refill(self, seq: int) -> None:
        """Full again, for an action starting at event ``seq`` (Game.apply)."""
        steps, events, created = self.full
        self.steps, self.last_event, self.created = steps, seq + events, created

    def exhausted(self, what: str, at: str | None = None) -> None:
        """Called when a count ran out: a RuleError while armed."""
        if not self.armed:
            if what != "events":        # (an idle budget's events never run out)
                setattr(self, what, self.limits[what])
            return
        raise RuleError(over_message(what, self.limits[what]), at)


@contextmanager
def armed(m: Any) -> Iterator[None]:
    """Run a block on a fresh, armed budget, as ``Game.apply`` and
    ``Game.new`` do (inline, for speed). A caller evaluating content outside
    them (a scenario's `expect`) may use it to bound that work as well."""
    saved = m.budget
    m.budget = Budget(m.R.limits, armed=True, seq=m.st.seq)
    try:
        yield
    finally:
        m.budget = saved


def over_message(what: str, limit: int) -> str:
    return (f"more than {limit} {LIMITS[what][2]} (a runaway? a pack may raise it with "
            f"`game {{ limits {{ {what}: N }} }}`, up to {CAPS[what]})")


def spend(m: Any, n: int, at: str | None = None) -> None:
    """Charge ``n`` steps of work to the machine's budget."""
    b = m.budget
    b.steps -= n
    if b.steps < 0:
        b.exhausted("steps", at)


def check_int(v: int, at: str | None = None) -> int:
    if -MAX_INT <= v <= MAX_INT:
        return v
    raise RuleError(f"a number beyond ±{MAX_INT} ({_digits(v)}): numbers must stay JSON-safe", at)


def check_size(m: Any, v: Any, at: str | None = None) -> Any:
    """A list or text within the budget's size bounds, its size charged as work."""
    n = len(v)
    b = m.budget
    if type(v) is str:
        if n > b.max_text:
            raise RuleError(f"a text of {n} characters: {over_message('text', b.limits['text'])}", at)
        n >>= 4     # text is cheap per character; still bounded in total
    elif n > b.max_list:
        raise RuleError(f"a list of {n} items: {over_message('list', b.limits['list'])}", at)
    b.steps -= n
    if b.steps < 0:
        b.exhausted("steps", at)
    return v


def flat_enough(m: Any, v: list, at: str | None = None) -> list:
    """``v``, a list just built, once any list inside it is checked: a list
    put in a list (`set l = [l]` in a loop) must not nest without end."""
    for x in v:
        if type(x) is list:
            check_nesting(m, v, at)
            break
    return v


def check_nesting(m: Any, v: list, at: str | None = None) -> None:
    """A list of lists no deeper than ``MAX_DEPTH``. Every list built so far
    passed this check, so the walk never recurses deeper than that; lists
    shared inside (`[l, l]`) are walked once, and the walk is charged."""
    memo: dict[int, int] = {}
    if _depth(v, memo) > MAX_DEPTH:
        raise RuleError(f"lists nested more than {MAX_DEPTH} deep: a saved game could not hold them", at)
    spend(m, len(memo), at)


def _depth(v: list, memo: dict[int, int]) -> int:
    d = memo.get(id(v))
    if d is None:
        d = 1
        for x in v:
            if type(x) is list:
                d = max(d, 1 + _depth(x, memo))
        memo[id(v)] = d
    return d


def check_count(m: Any, n: int, at: str | None = None) -> int:
    """A count of items about to be built (a range, options, dice): refused
    before any memory is spent on it."""
    b = m.budget
    if n > b.max_list:
        raise RuleError(f"{n} items at once: {over_message('list', b.limits['list'])}", at)
    if n > 0:
        b.steps -= n
        if b.steps < 0:
            b.exhausted("steps", at)
    return n


def _digits(v: int) -> str:
    # str() of a huge int is itself slow (and refused past 4300 digits)
    bits = v.bit_length()
    return f"{'-' if v < 0 else ''}about 2^{bits - 1}" if bits > 64 else str(v)
