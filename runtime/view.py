"""What one player (or a spectator) may see of a game.

A zone's pieces are listed when the viewer may see them (``visible: all``,
or ``owner`` and the viewer owns the zone); otherwise only its ``count`` is
given, which also hides the order of hidden stacks, plus the pieces shown to
the viewer by a private reveal under ``known``. Other players' pending
decisions shrink to ``{player, kind}``. Every piece anywhere in the view —
zones, counters, props, the pending decision, the log — passes through one
filter, ``sight.Sight``: a piece the viewer may see is shown by its per-game
handle, any other as ``{"hidden": true}``.
"""

from __future__ import annotations

from typing import Any

from .errors import WaybillError
from .sight import Sight


def check_viewer(player: Any, n: int) -> None:
    """A viewer is a seat index (an int, not a bool, in range) or None for a spectator."""
    if player is None:
        return
    if type(player) is not int:
        raise WaybillError(f"a view is for a seat number or None (a spectator), not {player!r}")
    if not 0 <= player < n:
        raise WaybillError(f"there is no seat {player}: seats are 0..{n - 1}")


def view(m: Any, player: int | None, log: bool = True) -> dict:
    st, lay = m.st, m.L
    check_viewer(player, lay.n)
    sight = Sight(m, player)
    props = _props_by_piece(st.props)
    return {
        "viewer": player,
        "players": list(st.players),
        "round": st.round,
        "turn": st.turn,
        "current": st.current,
        "counters": sight.value(_counters(m)),
        "zones": [sight.zone(s, props) for s in range(len(lay.z_id))],
        "pending": sight.pending(st.pending),
        "decision": st.decision,
        "log": sight.log(st.log.entries()) if log else [],
        "over": st.over,
        "winner": st.winner,
        "result": sight.value(st.result),
    }


def _counters(m: Any) -> dict:
    out: dict[str, Any] = {}
    for (cid, of), slot in m.L.cslot.items():
        value = m.st.counters[slot]
        if of is None:
            out[cid] = value
        else:
            out.setdefault(cid, [None] * m.L.n)[of] = value
    return out


def _props_by_piece(props: dict) -> dict[int, dict]:
    """`{"<piece>:<name>": value}` grouped by piece, in one pass (not one per piece)."""
    out: dict[int, dict] = {}
    for key, value in props.items():
        pid, _, name = key.partition(":")
        out.setdefault(int(pid), {})[name] = value
    return out
