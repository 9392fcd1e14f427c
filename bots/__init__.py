"""Bots for simulation and for empty seats in `waybill play` and `waybill serve`.

Bots are chosen by content: a pack names its bot (`bot search { iterations:
200 }`, or `bot weds_heuristic`), an extending pack inherits its base's, and
`make_bot("default", rules)` gives that bot with the pack's settings. A pack
that names none plays `random`. Any registered name may also be asked for
directly (`--bot search`); it gets the settings the pack gives it, if any
(a pack may declare several bots: the first is its default, the others
only give settings).

The registry (``REGISTRY``) maps a name to where the class lives and the
settings it takes; the compiler is given ``bot_settings()`` to check `bot`
declarations against.

May import: waybill.runtime, waybill.spec
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .base import Bot, RandomBot

# name -> ("module:Class", settings it takes)
REGISTRY: dict[str, tuple[str, tuple[str, ...]]] = {
    "random": (".base:RandomBot", ()),
    "search": (".search:SearchBot", ("iterations", "think_ms", "rollout", "depth", "explore", "scale",
                                     "greedy", "reuse", "backup", "linear", "rival")),
    "weds_heuristic": (".weds:WedsBot", ()),
    "badlands_heuristic": (".badlands:BadlandsBot", ()),
    "warfare_heuristic": (".warfare:WarfareBot", ()),
}

BOT_NAMES = ["default", *REGISTRY]


def bot_settings() -> dict[str, frozenset]:
    """Each registered bot and the settings it takes (what the compiler checks)."""
    return {name: frozenset(takes) for name, (_, takes) in REGISTRY.items()}


def declared_bot(rules: Any) -> tuple[str, dict]:
    """The bot a pack names (inherited from its base if it names none) and its
    settings; ``("random", {})`` for a pack that names none."""
    decl = (getattr(rules, "ir", None) or {}).get("bot") or {}
    name = decl.get("name")
    if name not in REGISTRY:
        return "random", {}
    return name, dict(decl.get("settings") or {})


def resolve(name: str, rules: Any) -> tuple[str, dict]:
    """The registered bot ``name`` stands for in a game of ``rules``, and its settings."""
    declared, settings = declared_bot(rules)
    if name == "default":
        return declared, settings
    if name not in REGISTRY:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(BOT_NAMES)}")
    given = ((getattr(rules, "ir", None) or {}).get("bot_settings") or {}).get(name)
    return name, dict(given or {})


def make_bot(name: str, rules: Any, **overrides: Any) -> Bot:
    """A bot by name for a game of ``rules`` (a ``Rules``, or None: the bot's
    defaults). ``overrides`` change its settings (for bots that take them:
    ``think_ms=100``). ``waybill.make_bot`` also takes a pack's name."""
    if isinstance(rules, str):
        raise TypeError(f"make_bot takes the rules, not {rules!r}: waybill.make_bot loads a pack by name")
    real, settings = resolve(name, rules)
    target, takes = REGISTRY[real]
    settings.update({k: v for k, v in overrides.items() if k in takes and v is not None})
    module, _, cls = target.partition(":")
    return getattr(import_module(module, __package__), cls)(**settings)


__all__ = ["Bot", "RandomBot", "make_bot", "resolve", "declared_bot", "bot_settings", "REGISTRY", "BOT_NAMES"]
