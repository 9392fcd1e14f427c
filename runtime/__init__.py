"""The Waybill game kernel: state, events, triggers, modifiers, effects,
actions, turns, randomness, views, save/load and replay.

Public API: ``Rules.from_ir(ir)``, ``Game.new(rules, players, seed)``, and the
errors ``WaybillError`` > ``RuleError``, ``IllegalAction``.
"""

from .errors import IllegalAction, RuleError, WaybillError
from .game import Game
from .rules import Rules

__all__ = ["Game", "Rules", "IllegalAction", "RuleError", "WaybillError"]
