"""The one order of values that sorting uses (`[each x in xs by KEY]`, a
zone's `sort: KEY`): any two values compare, the same in both engines."""

from __future__ import annotations

from typing import Any


def order_key(v: Any) -> tuple:
    """A key any two values compare by: none, then truth values, numbers,
    texts, lists (item by item), players, pieces, other things by their
    text. The same in both engines (the compiled one calls this code)."""
    t = type(v)
    if v is None:
        return (0,)
    if t is bool:
        return (1, int(v))
    if t is int:
        return (2, v)
    if t is str:
        return (3, v)
    if t is list:
        return (4, tuple(order_key(x) for x in v))
    if t is dict and type(v.get("player")) is int:
        return (5, v["player"])
    if t is dict and type(v.get("piece")) is int:
        return (6, v["piece"])
    return (7, repr(v))
