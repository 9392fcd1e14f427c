"""Tiny helpers to write IR by hand in tests (the compiler is not needed)."""

from __future__ import annotations

from typing import Any

AT = [0, 1, 1]


def var(name: str) -> dict:
    return {"op": "var", "name": name}


def ref(ns: str, id: str) -> dict:
    return {"op": "ref", "ns": ns, "id": id}


def attr(of: Any, name: str) -> dict:
    return {"op": "attr", "of": of, "name": name}


def index(of: Any, ix: Any) -> dict:
    return {"op": "index", "of": of, "index": ix}


def bin(o: str, l: Any, r: Any) -> dict:  # noqa: A001
    return {"op": "bin", "o": o, "l": l, "r": r}


def call(fn: str, *args: Any) -> dict:
    return {"op": "call", "fn": fn, "args": list(args)}


def text(*parts: Any) -> dict:
    return {"op": "text", "parts": list(parts)}


def quantity(id: str, *args: Any) -> dict:
    return {"op": "quantity", "id": id, "args": list(args)}


def prim(name: str, *args: Any, into: str | None = None, at: list | None = None) -> dict:
    s = {"do": "prim", "name": name, "args": list(args), "into": into}
    if at:
        s["at"] = at
    return s


def let(name: str, value: Any) -> dict:
    return {"do": "let", "name": name, "value": value}


def set_(target: Any, value: Any) -> dict:
    return {"do": "set", "target": target, "value": value}


def if_(cond: Any, then: list, else_: list | None = None) -> dict:
    return {"do": "if", "cond": cond, "then": then, "else": else_}


def for_(v: str, coll: Any, body: list, where: Any = None) -> dict:
    return {"do": "for", "var": v, "in": coll, "where": where, "body": body}


def while_(cond: Any, body: list, at: list | None = None) -> dict:
    s = {"do": "while", "cond": cond, "body": body}
    if at:
        s["at"] = at
    return s


def log(*parts: Any) -> dict:
    return {"do": "log", "text": text(*parts)}


def act(tags: list | None = None, optional: bool = False, by: Any = None, into: str | None = None) -> dict:
    return {"do": "act", "by": by, "tags": tags or [], "optional": optional, "into": into}


def base_ir(**over: Any) -> dict:
    """An empty game for 1-4 players; override any top-level field."""
    ir = {
        "format": "waybill-ir/1",
        "pack": {"id": "test", "name": "Test", "variants": []},
        "files": ["test.wb"],
        "players": {"min": 1, "max": 4},
        "counters": [], "kinds": [], "zones": [], "spaces": [], "regions": [],
        "dice": [], "tracks": [], "tables": [], "events": [], "quantities": [],
        "procedures": [], "entities": [], "rules": [], "invariants": [],
        "setup": [], "play": [], "score": None,
    }
    ir.update(over)
    return ir


OUT = {"id": "out", "name": "Out", "scope": "global", "initial": [], "min": None, "max": None,
       "display": None, "resource": False}


def probe(expr: Any) -> dict:
    """Append a value to the global counter ``out`` (read it with ``outs``)."""
    return set_(ref("counter", "out"), bin("+", ref("counter", "out"), {"op": "list", "items": [expr]}))


def outs(game: Any) -> list:
    m = game.m
    return m.st.counters[m.L.cslot[("out", None)]]


def zone(id: str, scope: str = "global", ordered: bool = False, visible: str = "all",
         active: bool = False, capacity: int | None = None, accepts: list | None = None) -> dict:
    return {"id": id, "name": id.title(), "scope": scope, "ordered": ordered, "capacity": capacity,
            "accepts": accepts, "visible": visible, "active": active}


def counter(id: str, scope: str = "player", initial: Any = 0, min: int | None = None,
            max: int | None = None, resource: bool = False) -> dict:
    return {"id": id, "name": id.title(), "scope": scope, "initial": initial, "min": min, "max": max,
            "display": None, "resource": resource}


def entity(id: str, kind: str = "card", copies: int = 1, start: Any = None, abilities: list | None = None,
           fields: dict | None = None, tags: list | None = None) -> dict:
    if isinstance(start, str):
        start = {"zone": start, "each_player": False}
    return {"id": id, "kind": kind, "name": id.title(), "text": "", "fields": fields or {},
            "copies": copies, "start": start, "tags": tags or [], "abilities": abilities or []}


def game_of(setup: list, players: int = 2, seed: int = 1, play: list | None = None, **over: Any):
    """A Game whose setup is ``setup`` (plus the ``out`` probe counter)."""
    from waybill import Game, Rules
    over.setdefault("counters", [])
    over["counters"] = over["counters"] + [OUT]
    over.setdefault("kinds", [{"id": "card", "fields": [{"name": "cost", "type": "int", "default": 0}]}])
    rules = Rules.from_ir(base_ir(setup=setup, play=play or [], **over))
    return Game.new(rules, players, seed)
