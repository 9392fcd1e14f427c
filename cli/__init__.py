"""Waybill: a rules language, content compiler and game runtime for tabletop games.

    from waybill import load_pack
    from waybill.runtime import Game

    rules = load_pack("weds", variants=["raider-warping"])
    game = Game.new(rules, players=4, seed=7)
"""

from __future__ import annotations

from .errors import CompileError, WaybillError


def __getattr__(name: str):
    if name == "load_pack":   # loads the compiler and the kernel: only when used
        from .loading import load_pack
        return load_pack
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["load_pack", "CompileError", "WaybillError"]
__version__ = "0.1.0"
