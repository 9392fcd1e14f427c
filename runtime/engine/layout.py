"""Integer indexes for one player count: zone slots, counter slots, pieces.

The IR names zones and counters by id, and per-player ones exist once per
player; the state stores them in flat lists, so the slot numbers depend on
the number of players. A ``Layout`` is computed once per player count and
cached on the ``Rules``; it is immutable and shared by every game and clone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from waybill.spec.errors import RuleError
from .limits import over_message


@dataclass
class Layout:
    n: int
    player_refs: list[dict]
    # zones, by slot
    zslot: dict[tuple[str, Any], int] = field(default_factory=dict)
    z_id: list[str] = field(default_factory=list)
    z_of: list[Any] = field(default_factory=list)
    z_ref: list[dict] = field(default_factory=list)
    z_ordered: list[bool] = field(default_factory=list)
    z_visible: list[str] = field(default_factory=list)
    z_active: list[bool] = field(default_factory=list)
    z_capacity: list[Any] = field(default_factory=list)
    z_accepts: list[Any] = field(default_factory=list)
    z_space: list[bool] = field(default_factory=list)
    # the sort key of each zone slot that keeps itself sorted (`sort: KEY`), else None
    z_sort: list[Any] = field(default_factory=list)
    # a zone is `visible: team` (who sees it depends on the game's sides)
    z_team: bool = False
    # counters, by slot
    cslot: dict[tuple[str, Any], int] = field(default_factory=dict)
    c_id: list[str] = field(default_factory=list)
    c_initial: list[Any] = field(default_factory=list)
    # the slots of each counter and zone, by its place in the rules' lists
    # (rules.counter_list, rules.zone_list): one slot of a global one, a
    # tuple of every player's of a per-player one. The compiled engine reads
    # `p.name` as ``c_slots[i][p]`` (i known when it generates the code),
    # not by building and hashing ``(name, p)`` for ``cslot``.
    c_slots: list[Any] = field(default_factory=list)
    z_slots: list[Any] = field(default_factory=list)
    # the slot of each global zone and space by its id (``zslot[(id, None)]``,
    # found without making and hashing a tuple: a zone named by a text)
    z_global: dict[str, int] = field(default_factory=dict)
    # pieces that exist from the start: (entity id, zone slot or -1, owner)
    start_pieces: list[tuple[str, int, Any]] = field(default_factory=list)
    ent_pieces: dict[str, list[int]] = field(default_factory=dict)
    start_entities: tuple = ()   # the entity of each start piece (what a new state's p_ent is)
    # start pieces whose entity has actions, by piece id, with those actions
    action_pieces: list[tuple[int, list]] = field(default_factory=list)


def build_layout(rules: Any, n: int) -> Layout:
    lay = Layout(n=n, player_refs=[{"player": i} for i in range(n)])
    sort = getattr(rules, "zone_sort", {})
    for z in rules.zone_list:
        owners = range(n) if z["scope"] == "player" else [None]
        for of in owners:
            _add_zone(lay, z, of)
            lay.z_sort.append(sort.get(z["id"]))
    for c in rules.counter_list:
        owners = range(n) if c["scope"] == "player" else [None]
        for of in owners:
            lay.cslot[(c["id"], of)] = len(lay.c_id)
            lay.c_id.append(c["id"])
            lay.c_initial.append(c.get("initial", 0))
    lay.c_slots = _slots(rules.counter_list, lay.cslot, n)
    lay.z_slots = _slots(rules.zone_list, lay.zslot, n)
    lay.z_global = {zid: slot for (zid, of), slot in lay.zslot.items() if of is None}
    _place_start_pieces(rules, lay)
    lay.start_entities = tuple(e for e, _, _ in lay.start_pieces)
    actions = dict(rules.entity_actions)
    lay.action_pieces = [(pid, actions[eid]) for pid, (eid, _, _) in enumerate(lay.start_pieces) if eid in actions]
    return lay


def _slots(decls: list[dict], slot: dict, n: int) -> list[Any]:
    """``Layout.c_slots`` / ``z_slots`` of these declarations, from their slots."""
    return [tuple(slot[(d["id"], p)] for p in range(n)) if d["scope"] == "player" else slot[(d["id"], None)]
            for d in decls]


def _add_zone(lay: Layout, z: dict, of: Any) -> None:
    slot = len(lay.z_id)
    lay.zslot[(z["id"], of)] = slot
    lay.z_id.append(z["id"])
    lay.z_of.append(of)
    lay.z_ref.append({"zone": z["id"], "of": of})
    lay.z_ordered.append(bool(z.get("ordered", False)))
    vis = z.get("visible", "all")
    lay.z_visible.append(vis if type(vis) is str else tuple(vis))
    lay.z_team = lay.z_team or vis == "team" or (type(vis) is list and "team" in vis)
    lay.z_active.append(bool(z.get("active", False)))
    lay.z_capacity.append(z.get("capacity"))
    acc = z.get("accepts")
    lay.z_accepts.append(frozenset(acc) if acc else None)
    lay.z_space.append(bool(z.get("_space")))


def _check_piece_count(rules: Any, n: int) -> None:
    """Refuse a game of huge decks before any memory is spent on its pieces,
    naming the deck whose copies go past the `pieces` limit."""
    total, most = 0, rules.limits["pieces"]
    for e in rules.entity_list:
        start = e.get("start")
        copies = int(e.get("copies", 1))
        total += copies * n if start and start.get("each_player") else copies
        if total > most:
            raise RuleError(f"the decks reach {total} pieces here (for {n} players): "
                            f"{over_message('pieces', most)}",
                            rules.where(e.get("at")), f"entity {e['id']}")


def _place_start_pieces(rules: Any, lay: Layout) -> None:
    _check_piece_count(rules, lay.n)
    for e in rules.entity_list:
        ids = lay.ent_pieces.setdefault(e["id"], [])
        start = e.get("start")
        copies = int(e.get("copies", 1))
        if not start:
            places = [(-1, None)] * copies
        else:
            zid, each = start["zone"], start.get("each_player", False)
            per_player = rules.zones[zid]["scope"] == "player"
            if each:
                places = [(lay.zslot[(zid, p if per_player else None)], p)
                          for p in range(lay.n) for _ in range(copies)]
            elif per_player:
                places = [(-1, None)] * copies
            else:
                places = [(lay.zslot[(zid, None)], None)] * copies
        for slot, owner in places:
            ids.append(len(lay.start_pieces))
            lay.start_pieces.append((e["id"], slot, owner))
