"""What each seat got and held at game end, by the pack's `balance` block.

A seat *holds* a piece when the piece stands in one of that seat's zones at
the end of the game (a piece it once held and lost does not count). For a
subject ``kind`` the piece's entity is recorded; for ``kind.field`` the value
of that field on the piece (an entity's id when it names one). Values are
recorded once per seat, sorted, so a record is plain, stable JSON.
"""

from __future__ import annotations

import json
from typing import Any

from waybill.runtime.engine.access import piece_attr


def subject_key(subject: dict) -> str:
    """The key of a subject in records: ``kind`` or ``kind.field``."""
    return subject["kind"] + (f".{subject['field']}" if subject.get("field") else "")


def holdings(game: Any) -> list[dict] | None:
    """Per seat ``{"choices": {key: [ids]}, "cards": {key: [ids]}}``, or None
    when the pack declares no balance subjects."""
    spec = game.rules.ir.get("balance")
    if not spec:
        return None
    m = game.m
    st, lay, entities = m.st, m.L, game.rules.entities
    seats = len(st.players)
    by_kind: dict[str, list[tuple[str, dict]]] = {}
    for role in ("choices", "cards"):
        for subject in spec.get(role) or []:
            by_kind.setdefault(subject["kind"], []).append((role, subject))
    found = [{role: {subject_key(s): set() for s in spec.get(role) or []} for role in ("choices", "cards")}
             for _ in range(seats)]
    for pid, eid in enumerate(st.p_ent):
        wanted = by_kind.get(entities[eid].get("kind"))
        if not wanted:
            continue
        slot = st.p_zone[pid]
        seat = lay.z_of[slot] if slot >= 0 else None
        if seat is None:
            continue
        for role, subject in wanted:
            if subject.get("field"):
                value = _plain(piece_attr(m, pid, subject["field"]))
                if value is None:
                    continue
            else:
                value = eid
            found[seat][role][subject_key(subject)].add(value)
    return [{role: {k: sorted(v) for k, v in part.items()} for role, part in seat.items()} for seat in found]


def _plain(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, dict) and "entity" in value:
        return str(value["entity"])
    if isinstance(value, str):
        return value
    return json.dumps(value, sort_keys=True)


def names(rules: Any) -> dict[str, str]:
    """Entity id -> its name, for labels in the report."""
    return {e["id"]: e.get("name") or e["id"] for e in rules.entity_list}


__all__ = ["holdings", "names", "subject_key"]
