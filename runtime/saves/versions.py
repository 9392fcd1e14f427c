"""The format versions of a saved game, and the chain of steps that brings
an older save up to the one this engine reads (docs/SAVES.md).

A save names its format in a top-level ``"version"`` (an integer); a save
without the key is version 1, the format engines wrote before saves carried
a version. Loading runs the steps from the save's version up to
``VERSION`` one at a time (``STEPS[n]`` turns a version-``n`` save into a
version-``n + 1`` one), then the full check (check.py) of the result: a
step only reshapes, it never vouches for the data. A version the engine
does not know is refused by name, before anything else is read.

Adding a format is adding its number here and one step from the one before;
the older steps stay as they are.
"""

from __future__ import annotations

from typing import Any, Callable

from .shapes import BadSave

# the format this engine writes
VERSION = 2
# the format of a save without a "version" key
UNVERSIONED = 1

# what a step may ask of the loader: the game of a save, played again from
# its seed through the answers in its log (None when it cannot be: no log,
# or the answers no longer fit), as a save of the current version
Replay = Callable[[dict], "dict | None"]


def version_of(data: dict) -> int:
    """The format version a save claims; ``BadSave`` naming it if this engine
    does not read it (the steps below go up to ``VERSION``)."""
    if "version" not in data:
        return UNVERSIONED
    v = data["version"]
    reads = f"this engine reads versions {UNVERSIONED} to {VERSION}"
    if type(v) is not int:
        shown = repr(v) if type(v) in (str, float, bool) or v is None else f"a {type(v).__name__}"
        raise BadSave(f"saved game: version should be an integer, not {shown[:40]} ({reads})")
    if not UNVERSIONED <= v <= VERSION:
        later = " (a save from a newer engine)" if v > VERSION else ""
        raise BadSave(f"saved game: version {v} is not one this engine reads{later}; {reads}")
    return v


def _one_to_two(data: dict, replay: Replay) -> dict:
    """Version 1 kept text the rules built as English words (``"Stack 3"``,
    a place's name in a log line's values); version 2 keeps it as data (a
    message id and its values). The words cannot be read back into data
    (that was the pattern-matching version 2 removed), so the game is played
    again from its seed through the answers in its log, which makes every
    such value afresh. A save without its whole log (``to_json(log=False)``)
    or whose answers no longer fit the rules keeps its values as they are:
    English words stay valid strings, said as they are written."""
    again = replay(data)
    return again if again is not None else {k: v for k, v in data.items() if k != "version"}


# STEPS[n]: a version-n save as a version-(n + 1) save
STEPS: dict[int, Callable[[dict, Replay], dict]] = {1: _one_to_two}


def migrated(data: dict, replay: Replay) -> dict:
    """The save ``data`` in the current format (without its ``"version"``
    key, as check.py reads the fields): the steps from its version on, in
    order. ``data`` itself is not changed."""
    v = version_of(data)
    out = data
    while v < VERSION:
        out = STEPS[v](out, replay)
        v += 1
    return {k: x for k, x in out.items() if k != "version"}
