"""Reading and writing the state through run-time values (references).

Values follow docs/IR.md: ``{"player": i}``, ``{"piece": i}``,
``{"zone": id, "of": i|None}`` (a space may also be its string id),
``{"entity": id}``. Every helper takes the machine ``m`` (``m.R`` rules,
``m.L`` layout, ``m.st`` state).
"""

from __future__ import annotations

from typing import Any

from waybill.spec.errors import RuleError
from .limits import MAX_INT, check_int, check_size, spend


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


def attr_read(m: Any, v: Any, name: str) -> Any:
    """``get_attr``, with a piece's own and static fields read at once (the
    compiled engine's read of a field it could not resolve when generating)."""
    if type(v) is dict and "piece" in v:
        pid = v["piece"]
        props = m.st.props
        if props and f"{pid}:{name}" in props:
            return props[f"{pid}:{name}"]
        static = m.R.piece_static.get(m.st.p_ent[pid])
        if static is not None and name in static:
            return static[name]
        return piece_attr(m, pid, name)
    if type(v) is dict and "player" in v:
        return player_attr(m, v["player"], name)
    return get_attr(m, v, name)


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
        return {"text": TEXT_NAME, "of": lay.player_refs[i]}     # the name as data (a view says it)
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
    known = rules.settable_names
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
    "name": lambda m, pid, ent: {"text": TEXT_NAME, "of": {"entity": ent["id"]}},
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
        if lay.z_of[slot] is None:
            return {"text": TEXT_NAME, "of": lay.z_ref[slot]}
        # a seat's zone is named without its seat (as `Hand`, not `Hand of Player 1`): its words
        return m.R.zones[lay.z_id[slot]].get("name", lay.z_id[slot])
    raise RuleError(f"a zone has no attribute {name!r}")


def entity_attr(m: Any, eid: str, name: str) -> Any:
    ent = m.R.entities.get(eid)
    if ent is None:
        raise RuleError(f"unknown entity {eid!r}")
    fields = ent.get("fields") or {}
    if name in fields:
        return fields[name]
    if name == "name":
        return {"text": TEXT_NAME, "of": {"entity": eid}}
    if name in ("id", "kind", "text", "copies"):
        return ent.get(name, eid if name == "id" else None)
    if name == "tags":
        return list(ent.get("tags") or [])
    defaults = m.R.kind_defaults.get(ent.get("kind"), {})
    if name in defaults:
        return defaults[name]
    raise RuleError(f"entity {eid!r} has no attribute {name!r}")


def space_attr(m: Any, sid: str, name: str) -> Any:
    sp = m.R.spaces[sid]
    if name == "id":
        return sid
    if name == "name":
        return {"text": TEXT_NAME, "of": sid}
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
    """A readable name for a value, in English: the words of a log line or
    an option label as the state's English copy keeps them (a view in
    another language says the value itself from its catalogue)."""
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
        if "text" in v:
            return _english(m, v)
    return str(v)


# --- text as data ------------------------------------------------------------
#
# Text the rules build as a value (``"Pile " + text_of(n)``, ``"left of {x}"``,
# ``text_of(c)``) is kept as data, never as words: ``{"text": message id,
# variable: value, ...}`` (spec/messages.py names the message; a variable
# called `text` is kept as "@text"). Its values are values (numbers, strings, references, lists, other texts); a
# piece is kept as its card (``{"entity": id}``), the name it had when the
# text was made. A view says it in its language from the catalogue; the
# engine's English copy (a log line's words, an option's label) from the
# English of the message (``text_of``). No reference has a "text" key.

TEXT_NAME = "engine-name"      # text_of(v): v by its name ({"text": TEXT_NAME, "of": v})
TEXT_JOIN = "engine-join"      # texts joined with `+` where no message holds them (..., "parts": [...])
TEXT_IDS = frozenset((TEXT_NAME, TEXT_JOIN))
# texts inside texts nest at most this deep; a deeper one is kept as the
# parts it joins (a text grown in a loop: `set s = s + ", " + x`)
TEXT_DEPTH = 16


def is_text(v: Any) -> bool:
    return type(v) is dict and "text" in v


def frozen(m: Any, v: Any) -> Any:
    """``v`` as a text keeps it: a piece as its card, in lists too."""
    if type(v) is dict:
        pid = v.get("piece")
        if type(pid) is int and len(v) == 1:
            return {"entity": m.st.p_ent[pid]}
        return v
    if type(v) is list:
        return [frozen(m, x) for x in v]
    return v


def text_value(m: Any, v: Any) -> Any:
    """`text_of(v)`: a string or a text as it is, any other value as its name."""
    if type(v) is str or (type(v) is dict and "text" in v):
        return v
    return {"text": TEXT_NAME, "of": frozen(m, v)}


def text_depth(v: Any) -> int:
    """How deep texts nest in ``v`` (0: no text)."""
    if type(v) is dict:
        if "text" not in v:
            return 0
        return 1 + max((text_depth(x) for k, x in v.items() if k != "text"), default=0)
    if type(v) is list:
        return max((text_depth(x) for x in v), default=0)
    return 0


def built_text(m: Any, mid: str, args: dict) -> dict:
    """The text of message ``mid`` with ``args`` (values already ``frozen``);
    past ``TEXT_DEPTH`` the parts it joins, in order (its words as written)."""
    if len(args) and max(text_depth(x) for x in args.values()) >= TEXT_DEPTH:
        parts = english_parts(m.R, mid) or []
        return joined_text(m, [p if type(p) is str else args.get("@text" if p[0] == "text" else p[0]) for p in parts])
    out = {"text": mid, **args}
    if args:
        _sized(m, out)
    return out


def text_size(m: Any, v: Any, seen: dict) -> int:
    """About how many characters ``v`` says in English (a reference or a
    number counts 8), each text measured once however often it is held
    (``seen``: by ``id``): a text that holds itself twice per level is
    measured in steps linear in its depth, not in its words."""
    t = type(v)
    if t is str:
        return len(v)
    if t is list:
        return sum(text_size(m, x, seen) + 2 for x in v)
    if t is not dict or "text" not in v:
        return 8
    n = seen.get(id(v))
    if n is None:
        mid = v["text"]
        if mid == TEXT_NAME:
            n = text_size(m, v.get("of"), seen)
        elif mid == TEXT_JOIN:
            n = text_size(m, v.get("parts") or [], seen)
        else:
            n = sum(len(p) if type(p) is str else text_size(m, v.get("@text" if p[0] == "text" else p[0]), seen)
                    for p in english_parts(m.R, mid) or ())
        seen[id(v)] = n
    return n


def _sized(m: Any, v: dict) -> None:
    """A text within the text limit, its size charged as work (as
    limits.check_size charges a string)."""
    n = text_size(m, v, {})
    if n > 64:
        b = m.budget
        if n > b.max_text:
            from .limits import over_message
            raise RuleError(f"a text of {n} characters: {over_message('text', b.limits['text'])}")
        b.steps -= n >> 4
        if b.steps < 0:
            b.exhausted("steps", None)


def joined_text(m: Any, parts: list) -> dict:
    """Texts (and strings) joined with `+` where no message holds the
    words between them: a join of the parts, joins inside it flattened."""
    flat: list = []
    for p in parts:
        if type(p) is dict and p.get("text") == TEXT_JOIN:
            flat.extend(p.get("parts") or [])
        elif type(p) is str and flat and type(flat[-1]) is str:
            flat[-1] += p
        else:
            flat.append(p)
    out = {"text": TEXT_JOIN, "parts": flat}
    _sized(m, out)          # (its parts are fewer than its characters: the text limit bounds both)
    return out


def join_texts(m: Any, a: Any, b: Any) -> Any:
    """``a + b`` when one is a text and the other a text or a string (the
    caller found Python's `+` refuses them), else None."""
    if (type(a) is dict and "text" in a or type(b) is dict and "text" in b) \
            and (type(a) is str or type(a) is dict and "text" in a) and (type(b) is str or type(b) is dict and "text" in b):
        return joined_text(m, [a, b])
    return None


def english_parts(R: Any, mid: str) -> list | None:
    """The English of message ``mid`` as its words and ``(variable,)`` for
    each hole, kept per rules; None for an id the rules do not have."""
    table = R.english_parts
    if table is None:
        table = R.english_parts = {}
    got = table.get(mid)
    if got is None:
        msg = R.messages.by_id.get(mid)
        if msg is None:
            return None
        text = msg.text
        got = [text] if type(text) is str else [p if type(p) is str else (msg._var(p),) for p in text.get("parts") or []]
        table[mid] = got
    return got


def _english(m: Any, v: dict) -> str:
    mid, args = v.get("text"), v
    if mid == TEXT_NAME:
        return text_of(m, v.get("of"))
    if mid == TEXT_JOIN:
        return "".join(text_of(m, x) for x in v.get("parts") or [])
    parts = english_parts(m.R, mid) if type(mid) is str else None
    if parts is None:
        return str(mid)
    out = "".join(p if type(p) is str else text_of(m, args.get("@text" if p[0] == "text" else p[0])) for p in parts)
    if len(out) > 64:
        check_size(m, out)
    return out


def text_equal(m: Any, a: Any, b: Any) -> bool:
    """Whether a text and a string held in a variable name the same thing:
    what `==` asks of them besides plain equality (a literal is resolved when
    the pack is compiled: ``text_is`` with the bin node's ``said``). The
    string is looked up among the pack's source words (spec.said_as), never
    compared with the words a text renders to; two texts, or two values of
    which neither is text, are equal only as data."""
    if type(a) is str:
        a, b = b, a
    if type(b) is not str or type(a) is not dict or "text" not in a:
        return False
    return text_is(m, a, b, said_keys(m.R, b))


def said_keys(R: Any, s: str) -> frozenset:
    """The keys of the declared things whose source words are ``s``, kept per rules."""
    table = R.said_as
    if table is None:
        from waybill.spec.said_as import said_table
        plain = {mid: msg.text for mid, msg in R.messages.by_id.items() if type(msg.text) is str}
        table = R.said_as = {w: frozenset(k) for w, k in said_table(R.ir, plain).items()}
    return table.get(s, frozenset())


def text_is(m: Any, v: Any, s: str, keys: Any) -> bool:
    """Whether ``v``, when a text, names one of ``keys`` (what the string
    ``s`` says in the source). A seat's name, a string and a number are data
    the game holds, so they are compared as such."""
    if type(v) is not dict:
        return False
    mid = v.get("text")
    if mid == TEXT_NAME:
        of = v.get("of")
        t = type(of)
        if t is dict:
            if "entity" in of:
                return "entity:" + of["entity"] in keys
            if "zone" in of:
                return of.get("of") is None and "zone:" + of["zone"] in keys
            if "player" in of:
                return m.st.players[of["player"]] == s     # the name the game was given
            return False
        if t is str:
            return ("space:" + of in keys) if of in m.R.spaces else of == s
        return t is int and str(of) == s
    return type(mid) is str and len(v) == 1 and "message:" + mid in keys


def _show(v: Any) -> str:
    return "none" if v is None else repr(v)
