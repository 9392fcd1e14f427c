"""The engine's bounds, which the compiler checks a pack's `limits` against
and the runtime enforces (DESIGN.md, principle 7): depth bounds, fixed, and
the budget of work and memory of one action, which a pack may set up to
the hard caps. ``waybill.runtime.engine.limits`` does the counting."""

from __future__ import annotations

from typing import Any

LOOP_LIMIT = 100_000    # iterations of one `while`/`repeat`/`for` statement
CALL_DEPTH = 200        # frames on the stack (procedure calls, effects, ...)
CHAIN_LIMIT = 50        # triggers caused by triggers caused by ...

MAX_INT = 2 ** 53 - 1   # beyond this a JSON reader may round a number (the compiler's bound too)
MAX_DEPTH = 32          # lists in lists in ...: deeper, and saving a game (JSON) would fail
TICK = 256              # instructions counted locally before the budget is charged

# name: (default, hard cap, what it bounds)
LIMITS: dict[str, tuple[int, int, str]] = {
    "steps": (200_000, 20_000_000, "steps of work in one action"),
    "events": (10_000, 1_000_000, "events emitted in one action"),
    "created": (1_000, 100_000, "pieces created in one action"),
    "pieces": (20_000, 200_000, "pieces in a game"),
    "list": (10_000, 1_000_000, "items in one list, range or choice"),
    "text": (20_000, 1_000_000, "characters in one text"),
}
DEFAULTS = {k: v[0] for k, v in LIMITS.items()}
CAPS = {k: v[1] for k, v in LIMITS.items()}


def resolve_limits(declared: Any) -> dict[str, int]:
    """The defaults with a pack's declared limits over them. An IR that did
    not come through the checker is clamped to the caps, never trusted."""
    out = dict(DEFAULTS)
    if isinstance(declared, dict):
        for k, v in declared.items():
            if k in out and type(v) is int:
                out[k] = max(1, min(v, CAPS[k]))
    return out
