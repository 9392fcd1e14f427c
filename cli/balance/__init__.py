"""`waybill balance`: many bot games, and a report on what wins.

- ``gather``: what each seat got and held at the end of one game, read from
  the final state by the pack's `balance { ... }` declaration;
- ``stats``: win rates with Wilson intervals, length distributions, win
  rates by choice and by card presence, from per-game records;
- ``report``: a self-contained HTML page (inline SVG plots) of those figures.

May import: waybill.api, waybill.runtime.engine
"""

from .gather import holdings

__all__ = ["holdings"]
