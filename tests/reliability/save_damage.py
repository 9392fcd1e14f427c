"""Damage for saved games: seeded random edits of real saves, and what a
game loaded from one must survive. Shared by the seeded and the hypothesis
tests in test_saves.py."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from waybill import Game, WaybillError
from waybill.runtime.engine.record import CHUNK

# values that are wrong in most places, and a few that are right in some
JUNK: list[Any] = [
    None, True, False, 0, 1, -1, 7, 2 ** 53 + 1, -(2 ** 63), 10 ** 30, 1.5, float("nan"), float("inf"),
    float("-inf"), "", "x", "²:x", "0:", "1:name", "\x00", "\ud800", "7", "drive|0", [], [1, 2], [[]], {},
    {"x": 1}, {"piece": 0}, {"player": 9}, {"zone": "nowhere"}, (1, 2), {1, 2},
]


def junk(rng: random.Random, old: Any) -> Any:
    """A replacement for ``old``: near it (off by one, another type) or far."""
    roll = rng.random()
    if roll < 0.25 and type(old) is int:
        return old + rng.choice([-1, 1, -old - 1, 2 ** 53, 10 ** 6])
    if roll < 0.35:
        return {int: str, str: lambda s: len(s), list: lambda v: dict(enumerate(v)),
                dict: lambda d: list(d.values()), bool: int}.get(type(old), lambda v: [v])(old)
    if roll < 0.40:
        return "é" * rng.choice([101, 10_001, 100_001])   # long texts
    if roll < 0.43:
        deep: Any = 0
        for _ in range(rng.choice([40, 500])):
            deep = [deep]
        return deep
    return copy.deepcopy(rng.choice(JUNK))


def _containers(data: Any, path: tuple = ()) -> list[tuple]:
    """Paths of every list and dict inside ``data`` (the root included)."""
    out = [path]
    items = data.items() if type(data) is dict else enumerate(data) if type(data) is list else ()
    for k, v in items:
        if type(v) in (dict, list):
            out.extend(_containers(v, path + (k,)))
    return out


def _at(data: Any, path: tuple) -> Any:
    for k in path:
        data = data[k]
    return data


def mutate(data: dict, rng: random.Random) -> str:
    """Damage ``data`` in place, once; returns what was done (for messages).
    The log is saved as chunks of JSON text (``{"size", "chunks"}``): it is
    decoded, so damage lands in its entries as often as anywhere, and
    encoded again."""
    log = data.get("log")
    entries = decoded(log)
    if entries is None:
        return _mutate(data, rng)
    data["log"] = entries
    done = _mutate(data, rng)
    entries = data.get("log", log)
    if type(entries) is list and "log" in data:
        data["log"] = encoded(entries, default=repr)
        if rng.random() < 0.02:
            data["log"]["size"] += rng.choice([-1, 1])
    return done


def decoded(log: Any) -> list | None:
    """The entries of a saved log, or None if it is not a sound one."""
    if type(log) is not dict or type(log.get("chunks")) is not list:
        return None
    try:
        return [e for text in log["chunks"] for e in json.loads(text)]
    except (TypeError, ValueError):
        return None


def encoded(entries: list, **dumps: Any) -> dict:
    """A saved log of ``entries``, chunked as the game writes it."""
    return {"size": len(entries),
            "chunks": [json.dumps(entries[i:i + CHUNK], **dumps) for i in range(0, len(entries), CHUNK)]}


def _mutate(data: dict, rng: random.Random) -> str:
    path = rng.choice(_containers(data))
    box = _at(data, path)
    keys = list(box) if type(box) is dict else list(range(len(box)))
    what = rng.random()
    if not keys or what < 0.08:
        key = rng.choice(["x", "²:x", "0:zz", 0, "code", "decision", "type"]) if type(box) is dict else None
        if type(box) is dict:
            box[key] = junk(rng, None)
        else:
            box.append(junk(rng, box[-1] if box else None))
        return f"added {key!r} at {path}"
    key = rng.choice(keys)
    if what < 0.2:
        del box[key]
        return f"deleted {key!r} at {path}"
    if what < 0.27 and type(box) is list:
        del box[rng.randrange(len(box)):]
        return f"truncated {path} at {key}"
    if what < 0.32 and type(box) is list:
        box.insert(key, copy.deepcopy(box[key]))
        return f"doubled {path}[{key}]"
    if what < 0.37 and type(box) is list and len(box) > 1:
        j = rng.randrange(len(box))
        box[key], box[j] = box[j], box[key]
        return f"swapped {path}[{key}] and [{j}]"
    old = box[key]
    box[key] = junk(rng, old)
    return f"replaced {path}[{key!r}]"


def survives(rules: Any, data: dict) -> Game | None:
    """Load ``data``; either a ``WaybillError`` (None is returned), or a game
    on which everything a frontend calls raises nothing but ``WaybillError``
    (None too if its record, checked when first read, is refused then)."""
    try:
        game = Game.from_json(rules, data)
    except WaybillError:
        return None
    for call in _CALLS:
        try:
            call(game)
        except WaybillError:
            pass
    try:
        game.log      # the saved record is checked in full when first read
    except WaybillError:
        return None
    return game


def _views(game: Game) -> None:
    for p in list(range(len(game.state.players))) + [None]:
        json.dumps(game.view(p), allow_nan=False)


def _reload(game: Game) -> None:
    # what was accepted saves as JSON and loads again, unchanged
    text = json.dumps(game.to_json(), allow_nan=False)
    again = Game.from_json(game.rules, json.loads(text))
    assert json.dumps(again.to_json(), allow_nan=False) == text


def _play(game: Game) -> None:
    for _ in range(2):
        legal = game.legal_actions()
        if not legal:
            return
        json.dumps(legal, allow_nan=False)
        game.apply(legal[-1])


_CALLS = [
    lambda g: g.legal_actions(),
    _views,
    _reload,
    lambda g: g.broken_invariants(),
    lambda g: (g.messages(), g.actions()),
    _play,
]
