"""Every card of a pack as a frontend shows it: its static data, sent once a game.

A card (an entity) never changes: its name, kind, text and fields are the
pack's. So a view names the cards its pieces show by id only (``Game.view(...,
cards=False)``, what ``waybill serve`` sends) and a client asks for the cards
once (``Game.cards()``, ``GET /api/games/{id}/cards``). The list is every
entity of the game's rules, whatever the state: it depends on nothing a seat
may not see (which card a hidden piece is stays with the piece, and a seat
learns nothing from which cards exist: the pack says that), so it is the
same for every seat and the spectators.
"""

from __future__ import annotations

from typing import Any


def card(R: Any, eid: str, words: Any = None, full: bool = True) -> dict:
    """The card ``eid`` as shown: its ``name``; with ``full``, also its
    ``kind``, ``text`` (when it has one) and ``fields`` (when it has any), in
    the language of ``words`` (runtime/text.Words; None: the IR's words)."""
    e = R.entities[eid]
    row: dict[str, Any] = {"name": words.entity(eid) if words else e.get("name") or eid}
    if full:
        row["kind"] = e.get("kind")
        if e.get("text"):
            row["text"] = words.entity_text(eid) if words else e["text"]
        if e.get("fields"):
            row["fields"] = e["fields"]
    return row


def cards(R: Any, words: Any = None) -> dict[str, dict]:
    """Every card of the rules by id (sorted), each ``card(..., full=True)``."""
    return {eid: card(R, eid, words) for eid in sorted(R.entities)}
