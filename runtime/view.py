"""What one player (or a spectator) may see of a game.

A zone's pieces are listed when the viewer may see them (``visible: all``,
or ``owner`` and the viewer owns the zone); otherwise only its ``count`` is
given, which also hides the order of hidden stacks. Other players' pending
decisions shrink to ``{player, kind}``. In the log, a ``moved`` event whose
piece the viewer could see neither before nor after names no piece, and
other players' answers to pick/order decisions keep no label.
"""

from __future__ import annotations

from typing import Any


def view(m: Any, player: int | None, log: bool = True) -> dict:
    st, lay = m.st, m.L
    seen = [_sees(lay, s, player) for s in range(len(lay.z_id))]
    props = _props_by_piece(st.props)
    return {
        "viewer": player,
        "players": list(st.players),
        "round": st.round,
        "turn": st.turn,
        "current": st.current,
        "counters": _counters(m),
        "zones": [_zone(m, s, seen[s], props) for s in range(len(lay.z_id))],
        "pending": _pending(st.pending, player),
        "decision": st.decision,
        "log": [_entry(m, e, player, seen) for e in st.log] if log else [],
        "over": st.over,
        "winner": st.winner,
        "result": st.result,
    }


def _sees(lay: Any, slot: int, player: int | None) -> bool:
    vis = lay.z_visible[slot]
    return vis == "all" or (vis == "owner" and player is not None and lay.z_of[slot] == player)


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


def _zone(m: Any, slot: int, visible: bool, props: dict[int, dict]) -> dict:
    st, lay = m.st, m.L
    pile = st.zones[slot]
    z = {"zone": lay.z_id[slot], "of": lay.z_of[slot], "count": len(pile)}
    if visible:
        ents = st.p_ent
        # inline, not a helper per piece: bots build a view at every decision
        z["pieces"] = [{"piece": p, "entity": ents[p], "props": props[p]} if p in props
                       else {"piece": p, "entity": ents[p]} for p in pile]
    return z


def _pending(pending: dict | None, player: int | None) -> dict | None:
    if pending is None or pending["player"] == player:
        return pending
    return {"player": pending["player"], "kind": pending["kind"]}


def _entry(m: Any, e: dict, player: int | None, seen: list) -> dict:
    if e.get("type") == "event" and e.get("event") == "moved" and isinstance(e.get("args"), dict):
        args = e["args"]
        if not (_zone_seen(m, args.get("source"), seen) or _zone_seen(m, args.get("to"), seen)):
            return {**e, "args": {**args, "piece": {"hidden": True}}}
    elif e.get("type") == "action" and e.get("player") != player and e.get("kind") in ("pick", "order"):
        return {k: e[k] for k in ("type", "player", "decision", "kind")}
    return e


def _zone_seen(m: Any, z: Any, seen: list) -> bool:
    if z is None:
        return False
    if type(z) is str:
        slot = m.L.zslot.get((z, None))
    elif type(z) is dict:
        slot = m.L.zslot.get((z.get("zone"), z.get("of")))
    else:
        return False
    return slot is not None and seen[slot]
