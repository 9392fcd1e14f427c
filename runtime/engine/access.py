"""Reading and writing the state through run-time values (references).

Values follow docs/IR.md: ``{"player": i}``, ``{"piece": i}``,
``{"zone": id, "of": i|None}`` (a space may also be its string id),
``{"entity": id}``. Every helper takes the machine ``m`` (``m.R`` rules,
``m.L`` layout, ``m.st`` state).
"""

from __future__ import annotations

from typing import Any

from waybill.spec.errors import RuleError
from .limits import MAX_INT, check_int, spend


# --- players ---------------------------------------------------------------

def me_of(m: Any, loc: dict) -> Any:
    """The acting player: ``me`` if bound, else the current player."""
    me = loc.get("me")
    if me is None and m.st.current is not None:
        return m.L.player_refs[m.st.current]
    return me


def player_index(v: Any) -> int:
    if type(v) is dict and "player" in v:
        return v["player"]
    if type(v) is int:
        return v
    raise RuleError(f"expected a player, got {_show(v)}")


# --- zones -----------------------------------------------------------------

def zone_slot(m: Any, v: Any, loc: dict | None = None) -> int:
    """The slot of a zone value; a bare per-player zone id means ``me``'s."""
    lay = m.L
    if type(v) is dict:
        zid = v.get("zone")
        if zid is None:
            raise RuleError(f"expected a zone, got {_show(v)}")
        of = v.get("of")
        slot = lay.zslot.get((zid, of))
        if slot is None and of is None:
            return _own_zone(m, zid, loc)
        if slot is None:
            raise RuleError(f"no zone {zid!r} of player {of}")
        return slot
    if type(v) is str:
        slot = lay.zslot.get((v, None))
        return _own_zone(m, v, loc) if slot is None else slot
    raise RuleError(f"expected a zone, got {_show(v)}")


def _own_zone(m: Any, zid: str, loc: dict | None) -> int:
    me = me_of(m, loc or {})
    slot = m.L.zslot.get((zid, me["player"] if me else None))
    if slot is None:
        raise RuleError(f"unknown zone {zid!r}")
    return slot


def zone_value(m: Any, slot: int) -> Any:
    """The run-time value of a zone slot (spaces are their string id)."""
    lay = m.L
    return lay.z_id[slot] if lay.z_space[slot] else lay.z_ref[slot]


# --- pieces ----------------------------------------------------------------

def piece_id(v: Any) -> int:
    if type(v) is dict and "piece" in v:
        return v["piece"]
    raise RuleError(f"expected a piece, got {_show(v)}")


def piece_owner(m: Any, pid: int) -> Any:
    """A piece's owner: the player of its zone, else the last player who held it."""
    st = m.st
    slot = st.p_zone[pid]
    of = m.L.z_of[slot] if slot >= 0 else None
    if of is None:
        of = st.p_owner[pid]     # -1: no owner
    return None if of is None or of < 0 else m.L.player_refs[of]


def live_pieces(m: Any, eid: str) -> list[int]:
    """Pieces of an entity standing in an active zone (their abilities are live)."""
    st, lay = m.st, m.L
    pz, active = st.p_zone, lay.z_active
    start = lay.ent_pieces.get(eid, ())
    out = [p for p in start if pz[p] >= 0 and active[pz[p]]]
    seen = len(start)
    if len(st.p_ent) > len(lay.start_pieces):
        made = created_pieces(m).get(eid, ())
        out += [p for p in made if pz[p] >= 0 and active[pz[p]]]
        seen += len(made)
    # every trigger and modifier asks this: a card in 20000 copies is walked
    # on each event, so the walk is charged
    if seen > 8:
        b = m.budget
        b.steps -= seen
        if b.steps < 0:
            b.exhausted("steps")
    return out


def created_pieces(m: Any) -> dict[str, list[int]]:
    """Pieces brought into play by `create`, by entity. Kept on the machine,
    not in the state, and rebuilt only when a piece has been created since."""
    st, n0 = m.st, len(m.L.start_pieces)
    cached = m.created
    if cached is not None and cached[0] == len(st.p_ent):
        return cached[1]
    index: dict[str, list[int]] = {}
    spend(m, len(st.p_ent) - n0)    # rebuilt after every creation: charged, or it turns quadratic
    for p in range(n0, len(st.p_ent)):
        index.setdefault(st.p_ent[p], []).append(p)
    m.created = (len(st.p_ent), index)
    return index


def as_list(m: Any, v: Any, loc: dict | None = None) -> list:
    """A collection as a list: lists as they are, zones as their pieces."""
    if type(v) is list:
        return v
    if v is None:
        return []
    if type(v) is dict and "zone" in v or type(v) is str:
        pile = m.st.zones[zone_slot(m, v, loc)]
        b = m.budget            # a list of handles is built: charged as work
        b.steps -= len(pile)
        if b.steps < 0:
            b.exhausted("steps")
        return [{"piece": p} for p in pile]
    raise RuleError(f"expected a list or a zone, got {_show(v)}")


def walked(m: Any, v: Any, loc: dict | None = None) -> list:
    """``as_list`` for a collection about to be walked item by item: a list's
    length is charged as work (a zone's is charged as its list is built)."""
    if type(v) is list:
        b = m.budget
        b.steps -= len(v)
        if b.steps < 0:
            b.exhausted("steps")
        return v
    return as_list(m, v, loc)


# --- counters --------------------------------------------------------------

def counter_slot(m: Any, cid: Any, who: Any, loc: dict) -> int:
    decl = m.R.counters.get(cid)
    if decl is None:
        raise RuleError(f"unknown counter {cid!r}")
    if decl["scope"] == "global":
        return m.L.cslot[(cid, None)]
    if who is None:
        who = me_of(m, loc)
        if who is None:
            raise RuleError(f"counter {cid!r} needs a player")
    return m.L.cslot[(cid, player_index(who))]


def counter_store(m: Any, slot: int, value: Any, clamp: bool = False) -> Any:
    """Store a counter value, enforcing min (error, or clamp) and max (clamp)."""
    decl = m.R.counters[m.L.c_id[slot]]
    lo, hi = decl.get("min"), decl.get("max")
    if lo is None and decl.get("resource"):
        lo = 0
    if type(value) is int:
        if lo is not None and value < lo:
            if not clamp:
                raise RuleError(f"counter {decl['id']!r} would go below {lo} (to {value})")
            value = lo
        if hi is not None and value > hi:
            value = hi
        if not -MAX_INT <= value <= MAX_INT:
            check_int(value)
    m.st.counters[slot] = value
    return value


# --- attributes ------------------------------------------------------------

def get_attr(m: Any, v: Any, name: str) -> Any:
    if type(v) is dict:
        if "piece" in v:
            return piece_attr(m, v["piece"], name)
        if "player" in v:
            return player_attr(m, v["player"], name)
        if "zone" in v:
            return zone_attr(m, zone_slot(m, v), name)
        if "entity" in v:
            return entity_attr(m, v["entity"], name)
    if type(v) is str:
        if v in m.R.spaces:
            return space_attr(m, v, name)
        if v in m.R.regions:
            return region_attr(m, v, name)
        if (v, None) in m.L.zslot:
            return zone_attr(m, m.L.zslot[(v, None)], name)
    if type(v) is list and name in ("count", "size"):
        return len(v)
    raise RuleError(f"{_show(v)} has no attribute {name!r}")


def player_attr(m: Any, i: int, name: str) -> Any:
    lay = m.L
    slot = lay.cslot.get((name, i))
    if slot is not None:
        return m.st.counters[slot]
    slot = lay.zslot.get((name, i))
    if slot is not None:
        return lay.z_ref[slot]
    if name == "index":
        return i
    if name == "name":
        return m.st.players[i]
    raise RuleError(f"a player has no attribute {name!r}")


def piece_attr(m: Any, pid: int, name: str) -> Any:
    """A value set on the piece, else its entity's field, else a built-in
    (owner, zone, ...), else its kind's default."""
    st = m.st
    key = f"{pid}:{name}"
    if key in st.props:
        return st.props[key]
    eid = st.p_ent[pid]
    static = m.R.piece_static.get(eid)
    if static is None:
        static = m.R.piece_static[eid] = _piece_static(m.R, eid)
    if name in static:
        return static[name]
    builtin = _PIECE_BUILTINS.get(name)
    if builtin is not None:
        return builtin(m, pid, m.R.entities[eid])
    raise RuleError(f"piece {pid} ({m.R.entities[eid].get('name', eid)}) has no attribute {name!r}")


def settable_names(rules: Any) -> frozenset:
    """Every name a rule may set on a value (``set x.NAME = ...``): the only
    names ``props`` can hold (a save holding another is refused). Reads of
    any other name need not look at ``props``; kept on the rules."""
    known = getattr(rules, "settable_names", None)
    if known is None:
        found: set[str] = set()
        todo: list = [rules.ir]
        while todo:
            x = todo.pop()
            if type(x) is dict:
                t = x.get("target")
                if x.get("do") == "set" and type(t) is dict and t.get("op") == "attr" and type(t.get("name")) is str:
                    found.add(t["name"])
                todo.extend(x.values())
            elif type(x) is list:
                todo.extend(x)
        known = rules.settable_names = frozenset(found)
    return known


def static_of(rules: Any, eid: str) -> dict:
    """An entity's fields as piece reads see them (see ``_piece_static``)."""
    static = rules.piece_static.get(eid)
    if static is None:
        static = rules.piece_static[eid] = _piece_static(rules, eid)
    return static


def piece_has_attr(m: Any, pid: int, name: str) -> bool:
    """Whether reading `name` of a piece gives a value (see `piece_attr`)."""
    st = m.st
    if f"{pid}:{name}" in st.props or name in _PIECE_BUILTINS:
        return True
    eid = st.p_ent[pid]
    static = m.R.piece_static.get(eid)
    if static is None:
        static = m.R.piece_static[eid] = _piece_static(m.R, eid)
    return name in static


def _piece_static(rules: Any, eid: str) -> dict:
    """An entity's fields over its kind's defaults, less the defaults that a
    built-in shadows, then the built-ins that are the same for every piece
    of the entity (kind, id, name, text) where no field has their name: one
    dict lookup answers most attribute reads (``x.kind`` is read by the
    hundred per listing of legal actions)."""
    ent = rules.entities[eid]
    defaults = rules.kind_defaults.get(ent.get("kind"), {})
    out = {k: v for k, v in defaults.items() if k not in _PIECE_BUILTINS}
    out.update(ent.get("fields") or {})
    for name in _ENTITY_BUILTINS:
        if name not in out:
            out[name] = _PIECE_BUILTINS[name](None, None, ent)
    return out


def _zone_of(m: Any, pid: int, ent: dict) -> Any:
    slot = m.st.p_zone[pid]
    return zone_value(m, slot) if slot >= 0 else None


_PIECE_BUILTINS = {
    "id": lambda m, pid, ent: ent["id"],
    "kind": lambda m, pid, ent: ent.get("kind"),
    "name": lambda m, pid, ent: ent.get("name", ent["id"]),
    "owner": lambda m, pid, ent: piece_owner(m, pid),
    "zone": _zone_of,
    "entity": lambda m, pid, ent: {"entity": ent["id"]},
    "tags": lambda m, pid, ent: list(ent.get("tags") or []),
    "index": lambda m, pid, ent: pid,
    "text": lambda m, pid, ent: ent.get("text", ""),
}


# built-ins that depend on the entity alone, and are immutable (texts, None)
_ENTITY_BUILTINS = ("id", "kind", "name", "text")


def zone_attr(m: Any, slot: int, name: str) -> Any:
    lay, pieces = m.L, m.st.zones[slot]
    if name == "count":
        return len(pieces)
    if name == "top":
        return {"piece": pieces[0]} if pieces else None
    if name == "pieces":
        return [{"piece": p} for p in pieces]
    if name == "owner":
        of = lay.z_of[slot]
        return None if of is None else lay.player_refs[of]
    if name == "id":
        return lay.z_id[slot]
    if name == "name":
        return m.R.zones[lay.z_id[slot]].get("name", lay.z_id[slot])
    raise RuleError(f"a zone has no attribute {name!r}")


def entity_attr(m: Any, eid: str, name: str) -> Any:
    ent = m.R.entities.get(eid)
    if ent is None:
        raise RuleError(f"unknown entity {eid!r}")
    fields = ent.get("fields") or {}
    if name in fields:
        return fields[name]
    if name in ("id", "name", "kind", "text", "copies"):
        return ent.get(name, eid if name in ("id", "name") else None)
    if name == "tags":
        return list(ent.get("tags") or [])
    defaults = m.R.kind_defaults.get(ent.get("kind"), {})
    if name in defaults:
        return defaults[name]
    raise RuleError(f"entity {eid!r} has no attribute {name!r}")


def space_attr(m: Any, sid: str, name: str) -> Any:
    sp = m.R.spaces[sid]
    if name in ("id", "name"):
        return sp.get(name, sid)
    if name == "tags":
        return list(sp.get("tags") or [])
    if name == "adjacent":
        return list(sp.get("adjacent") or [])
    return zone_attr(m, m.L.zslot[(sid, None)], name)


def region_attr(m: Any, rid: str, name: str) -> Any:
    rg = m.R.regions[rid]
    if name in ("id", "name"):
        return rg.get(name, rid)
    if name in ("tags", "spaces"):
        return list(rg.get(name) or [])
    raise RuleError(f"a region has no attribute {name!r}")


def set_attr(m: Any, v: Any, name: str, value: Any, loc: dict) -> None:
    if type(v) is dict and "piece" in v:
        m.st.props[f"{v['piece']}:{name}"] = value
        return
    if type(v) is dict and "player" in v:
        slot = m.L.cslot.get((name, v["player"]))
        if slot is not None:
            counter_store(m, slot, value)
            return
    raise RuleError(f"cannot set {name!r} of {_show(v)}")


# --- text ------------------------------------------------------------------

def text_of(m: Any, v: Any) -> str:
    """A readable name for a value, for logs and option labels."""
    if v is None:
        return "none"
    if v is True or v is False:
        return "yes" if v else "no"
    if type(v) is str:
        if v in m.R.spaces:
            return m.R.spaces[v].get("name", v)
        return v
    if type(v) is list:
        return ", ".join(text_of(m, x) for x in v)
    if type(v) is dict:
        if "piece" in v:
            ent = m.R.entities[m.st.p_ent[v["piece"]]]
            return ent.get("name", ent["id"])
        if "player" in v:
            return m.st.players[v["player"]]
        if "entity" in v:
            ent = m.R.entities.get(v["entity"], {})
            return ent.get("name", v["entity"])
        if "zone" in v:
            z = m.R.zones.get(v["zone"], {})
            name = z.get("name", v["zone"])
            return name if v.get("of") is None else f"{name} of {m.st.players[v['of']]}"
    return str(v)


def _show(v: Any) -> str:
    return "none" if v is None else repr(v)
