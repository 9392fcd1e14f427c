"""The ``reveal`` primitive, and how long a private reveal lasts.

``reveal(piece)`` shows a piece to every player (and to spectators): the
``revealed`` event names it in every seat's log, and every view lists it under
its zone's ``known`` pieces until it moves — a card turned face up where it
lies. ``reveal(piece, to: p)`` shows it to seat ``p`` only: its ``revealed`` event (which also carries ``to``) names the
piece for ``p`` alone, and ``p`` keeps knowing it — its view lists it under
its zone's ``known`` pieces, without its place in the zone — until the piece
moves. Any move ends it, even one back into the same zone or into a zone
``p`` can see (there the piece is simply visible). ``to:`` a list of players
shows it to each of them (one event each): the seat was shown a card
where it lay, not told where it goes. A shuffle does not end it, and the view
never shows where in a stack a known piece is, so a shuffle teaches nothing.

A reveal is kept in ``state.known`` as ``[seat, piece, zone slot, log
position]``, seat ``EVERYONE`` (-1) for a public one; "has not moved" is checked against the log entries after that
position (a snapshot saved without its log only keeps the zone check).
"""

from __future__ import annotations

from typing import Any

from .access import piece_id, player_index
from waybill.spec.errors import RuleError
from .events import emit

EVERYONE = -1     # the seat of a public reveal in ``state.known``


def reveal(m: Any, loc: dict, piece: Any, to: Any = None) -> None:
    pid = piece_id(piece)
    st = m.st
    if not (type(pid) is int and 0 <= pid < len(st.p_ent)):
        raise RuleError(f"reveal: no piece {pid!r}")
    if to is None:
        _remember(st, EVERYONE, pid)
        emit(m, "revealed", {"piece": {"piece": pid}})
        return
    if type(to) is list:
        # a set of seats (`teammates(me)`): shown to each, one `revealed` each, in seat order
        for seat in sorted({player_index(p) for p in to}):
            reveal(m, loc, piece, m.L.player_refs[seat] if type(seat) is int and 0 <= seat < m.L.n else seat)
        return
    seat = player_index(to)
    if not (type(seat) is int and 0 <= seat < m.L.n):
        raise RuleError(f"reveal: no player {seat!r} to show a piece to")
    _remember(st, seat, pid)
    emit(m, "revealed", {"piece": {"piece": pid}, "to": m.L.player_refs[seat]})


def _remember(st: Any, seat: int, pid: int) -> None:
    slot = st.p_zone[pid]
    # earlier reveals of pieces that have left their zone are dropped here,
    # so the list stays as small as what players actually know
    kept = [k for k in st.known if st.p_zone[k[1]] == k[2] and (k[0], k[1]) != (seat, pid)]
    if slot >= 0:
        kept.append([seat, pid, slot, st.log_from + len(st.log)])
    st.known = kept


def known_pieces(st: Any, seat: int | None) -> dict[int, int]:
    """``{piece: zone slot}`` of the pieces shown to ``seat`` (None: a spectator) that have not moved since."""
    if not st.known:
        return {}
    out = {}
    for who, pid, slot, since in st.known:
        if (who == seat or who == EVERYONE) and st.p_zone[pid] == slot and not _moved_since(st, pid, since):
            out[pid] = slot
    return out


def _moved_since(st: Any, pid: int, since: int) -> bool:
    for e in st.log[max(0, since - st.log_from):]:
        if e.get("event") == "moved" and e.get("type") == "event":
            args = e.get("args")
            if isinstance(args, dict) and args.get("piece") == {"piece": pid}:
                return True
    return False
