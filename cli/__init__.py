"""Waybill: a rules language, content compiler and game runtime for tabletop games.

    from waybill import load_pack, Game

    rules = load_pack("weds", variants=["raider-warping"])
    game = Game.new(rules, players=4, seed=7)

The public API is ``waybill.api``; its names are offered here and loaded on
first use, so that ``import waybill.dsl`` (which runs this file first) does
not load the compiler, the runtime and the bots.

This package is the top of the house: the CLI, the server, the language
server and the balance report, over the API.

May import: *
"""

from __future__ import annotations

__version__ = "0.1.0"

_API = frozenset({
    "load_pack", "compile_pack", "compile_ir", "rules_from_ir", "check_paths", "CompileResult", "Report",
    "Game", "Rules", "schema", "schema_errors",
    "make_bot", "Bot", "BOT_NAMES", "bot_settings", "words",
    "WaybillError", "CompileError", "RuleError", "IllegalAction", "BadSave",
})


def __getattr__(name: str):
    if name in _API:
        from . import api
        return getattr(api, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | _API)


__all__ = sorted(_API)
