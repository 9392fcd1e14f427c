"""Plain data: the JSON values a game state holds, copied and checked.

Counters, properties, locals, options and log entries hold whatever content
computes: ``None``, bools, whole numbers, texts, lists and dicts with text
keys. The kernel never makes a float (``/`` is whole division), so a float —
and with it NaN and infinity — is damage. Numbers stay within what every
JSON reader keeps exactly (``|x| <= 2**53``), and texts, lists and nesting
are bounded, so a save cannot smuggle in a 50 MB text or a cycle.

``copy_json`` is the fast copy for data the kernel made (``to_json``);
``checked_copy`` copies data from outside and checks it on the way, in one
pass, so loading a save walks it once. Inside a game value every dict is a
reference (``{"piece": 3}``, ``{"player": 0}``, ``{"zone": "deck", "of":
None}``, ...); the caller passes ``ref`` to check those against the game.
"""

from __future__ import annotations

from typing import Any, Callable

SAFE_INT = 2 ** 53       # the largest whole number every JSON reader keeps exactly
TEXT_MAX = 10_000        # characters in one text
LIST_MAX = 100_000       # items in one list or dict
DEPTH_MAX = 32           # nesting of lists and dicts


class NotPlain(ValueError):
    """A value that is not plain data; ``parts`` is its path, innermost first."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason
        self.parts: list[Any] = []

    def at(self, root: str) -> str:
        path = root + "".join(f"[{short(p)}]" for p in reversed(self.parts))
        return f"{path} {self.reason}"


_LEAVES = frozenset((str, int, bool, type(None)))


def copy_json(v: Any) -> Any:
    """A deep copy of plain data the kernel made (tuples become lists)."""
    t = type(v)
    # leaves are taken as they are, without a call: most values are leaves
    if t is dict:
        return {k: x if type(x) in _LEAVES else copy_json(x) for k, x in v.items()}
    if t is list or t is tuple:
        return [x if type(x) in _LEAVES else copy_json(x) for x in v]
    return v


def checked_copy(v: Any, depth: int = 0, ref: Callable[[dict], str | None] | None = None) -> Any:
    """A deep copy of ``v``; ``NotPlain`` if ``v`` is not plain data, or if
    ``ref`` finds something wrong (a reason) with a dict in it."""
    t = type(v)
    if t is str:
        if len(v) > TEXT_MAX:
            raise NotPlain(f"is a text of {len(v)} characters (at most {TEXT_MAX})")
        return v
    if t is int:
        if -SAFE_INT <= v <= SAFE_INT:
            return v
        raise NotPlain(f"is a number beyond ±2**53 ({short(v)})")
    if v is None or t is bool:
        return v
    if t is not dict and t is not list:
        raise NotPlain(f"holds a {t.__name__} ({short(v)}), not plain data")
    if depth >= DEPTH_MAX:
        raise NotPlain(f"is nested more than {DEPTH_MAX} deep")
    if len(v) > LIST_MAX:
        raise NotPlain(f"has {len(v)} items (at most {LIST_MAX})")
    depth += 1
    if t is list:
        out: Any = []
        for i, x in enumerate(v):
            try:
                out.append(checked_copy(x, depth, ref))
            except NotPlain as e:
                e.parts.append(i)
                raise
        return out
    out = {}
    for k, x in v.items():
        if type(k) is not str or len(k) > TEXT_MAX:
            raise NotPlain(f"has a key {short(k)} that is not a text")
        try:
            out[k] = checked_copy(x, depth, ref)
        except NotPlain as e:
            e.parts.append(k)
            raise
    if ref is not None:
        reason = ref(out)
        if reason:
            raise NotPlain(reason)
    return out


def short(v: Any) -> str:
    """A value, told in a few characters: a message never repeats a huge
    value, nor recurses into a deep one."""
    t = type(v)
    if t is str:
        return repr(v) if len(v) <= 40 else repr(v[:37]) + "..."
    if t is int:
        return repr(v) if abs(v) < 10 ** 30 else f"a {v.bit_length()}-bit number"
    if v is None or t is bool or t is float:
        return repr(v)
    if t in (list, tuple, dict, set, frozenset):
        return f"a {t.__name__} of {len(v)} items"
    return f"a {t.__name__}"
