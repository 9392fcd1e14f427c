"""The Waybill game kernel: state, events, triggers, modifiers, effects,
actions, turns, randomness, views, save/load and replay.

Public API: ``Rules.from_ir(ir)``, ``Game.new(rules, players, seed)``, and the
errors ``WaybillError`` > ``RuleError``, ``IllegalAction``.
"""

from waybill.spec.errors import IllegalAction, RuleError, WaybillError


def __getattr__(name: str):
    # Game and Rules load on first use: the compiler imports this package for
    # its signature table only, and `waybill check` should not pay for the kernel
    if name == "Game":
        from .game import Game
        return Game
    if name == "Rules":
        from .rules import Rules
        return Rules
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Game", "Rules", "IllegalAction", "RuleError", "WaybillError"]
