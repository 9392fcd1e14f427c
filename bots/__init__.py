"""Bots for simulation and for empty seats in `waybill play`.

`make_bot(name, pack)` gives a bot by name; `"default"` is the pack's own
goal-directed bot when it has one (registered in `PACK_BOTS`), else random.
"""

from __future__ import annotations

from importlib import import_module

from .base import Bot, RandomBot

# pack id -> "module:Class" of its default, goal-directed bot
PACK_BOTS: dict[str, str] = {}
PACK_BOTS["warfare"] = ".warfare:WarfareBot"
PACK_BOTS["weds"] = ".weds:WedsBot"
PACK_BOTS["badlands"] = ".badlands:BadlandsBot"

BOT_NAMES = ["default", "random"]


def _pack_bot(pack: str):
    target = PACK_BOTS.get(pack)
    if target is None:
        return None
    module, _, cls = target.partition(":")
    return getattr(import_module(module, __package__), cls)()


def make_bot(name: str, pack: str) -> Bot:
    if name == "random":
        return RandomBot()
    if name == "default":
        return _pack_bot(pack) or RandomBot()
    raise ValueError(f"unknown bot {name!r}; known: {', '.join(BOT_NAMES)}")


__all__ = ["Bot", "RandomBot", "make_bot", "PACK_BOTS", "BOT_NAMES"]
