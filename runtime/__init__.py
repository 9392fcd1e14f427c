"""The Waybill game kernel: it plays a checked rules program (the IR).

Its door is ``Rules.from_ir(ir)`` (rules.py) and ``Game.new(rules, players,
seed)`` (game.py); behind it, rooms that each say what they may import:

- ``engine/``: the machine: state, record, frames, events, primitives,
  modifiers, the interpreter and the code it runs, decisions and legality;
- ``compiled/``: the same code generated as Python from the checked IR;
- ``sight/``: what one seat may see: the filter, views, the display, the
  reader bots use, states sampled from a seat's view;
- ``saves/``: a saved game checked before it is trusted;
- ``text/``: the words of a view in one language (catalogues).

Embedders use ``waybill`` (the package root), not this package directly.

May import: waybill.spec, waybill.runtime.engine, waybill.runtime.compiled, waybill.runtime.sight, waybill.runtime.saves, waybill.runtime.text
"""

from .game import Game
from .rules import Rules

__all__ = ["Game", "Rules"]
