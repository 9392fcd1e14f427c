"""Reads written by the generator (DESIGN.md, principle 2): a piece's field
or property, a player's counter or zone, the pile of a zone, a track's item,
each with the cases access.py would test resolved now where the rules or
the static types (exprtypes.py) decide them, and the rest left to the
same helper the interpreter calls (``_ga``: access.attr_read, ``_zp``, the
functions of functions.py). So a read never answers differently from the
interpreter's: where a shape is not known, the generated code tests it in
access.py's order, and where it is known wrongly the read raises and the
interpreter answers (pygen.py, "Errors are the interpreter's").
"""

from __future__ import annotations

from typing import Any

from ..engine import primitives as P
from ..engine.functions import IMPLS as FUNCTIONS
from .pyconst import SIMPLE, Constants

# access._PIECE_BUILTINS written inline (``p``: the piece id), for when no
# entity field of that name shadows them
_PIECE_BUILTIN_CODE = {"entity": "{{_EN: m.st.p_ent[{p}]}}", "owner": "_po(m, {p})", "index": "{p}",
                       "zone": "_pz(m, {p})"}


class Reads(Constants):
    """The reads of pieces, players, zones and tracks (see the module)."""

    def counter_slots(self, cid: str) -> str:
        """The layout's slot (a global counter) or slots by player (a
        per-player one: index it by the player's number) of counter ``cid``.
        A player's number is always one of the game's (0 .. n-1: the layout
        makes every player value, and a save's are checked), and one that
        were not would raise here, and the interpreter would answer."""
        return f"m.L.c_slots[{self.facts.counter_at[cid]}]"

    def zone_slots(self, zid: str) -> str:
        """``counter_slots`` of zone ``zid``."""
        return f"m.L.z_slots[{self.facts.zone_at[zid]}]"

    def counter_spec(self, known: Any) -> tuple | None:
        """(id, global?, min, max, its place in ``c_slots``) of a counter
        named by a constant, as access.counter_store enforces them."""
        return P.known_counter(self.rules, known[0]) if known is not None else None

    def _attr_read(self, of: str, name: str) -> str:
        """access.get_attr of ``name``, its cases known now: on a piece, the
        value set on it (looked up only if some rule sets ``name``), else its
        entity's field (one table for every entity), else a built-in; on a
        player, its counter or zone of that name. Anything else by _ga."""
        v = of if SIMPLE.fullmatch(of) else self._tmp()      # a local or a constant: read as it is
        r = self._tmp()
        slow = f"_ga(m, {v}, {self.k(name)})"
        p, i = self._tmp(), self._tmp()
        piece = self._piece_read(p, r, name, slow)
        player = self._player_read(i, name, slow)
        if piece is None and player is None:
            return f"_ga(m, {of}, {self.k(name)})"
        inner = slow
        if player is not None:
            inner = f"({player} if ({i} := {v}.get(_PL)) is not None else {inner})"
        if piece is not None:
            inner = f"({piece} if ({p} := {v}.get(_PK)) is not None else {inner})"
        return f"({inner} if _ty({v if v == of else f'{v} := {of}'}) is _dict else {slow})"

    def _piece_id(self, e: Any, at: Any) -> str:
        """The id of the piece ``e`` (typed a piece): raises (KeyError,
        TypeError) on any other value, so that the interpreter answers."""
        local = self.env.get(e["name"]) if type(e) is dict and e.get("op") == "var" else None
        return local if local in self.pieceids else self._shaped(e, at, "_PK")

    def _shaped(self, e: Any, at: Any, key: str) -> str:
        """``e[key]``; a name a quantity's locals do not hold (it is made
        again with ``loc``, see ``_quantity``) is read as the closure would."""
        x = self.ex(e, at)
        return f"{x}[{key}]" if x != "None" else f"_ga(m, None, {key})"

    def _typed_attr(self, of: Any, name: str, at: Any) -> str | None:
        """``of.name`` where ``of`` is known to be a piece or a player: the
        read of its field, counter or zone without testing its shape."""
        t = self.ty(of)
        if t == "piece":
            p, r = self._tmp(), self._tmp()
            read = self._piece_read(p, r, name, f"_ga(m, {{_PK: {p}}}, {self.k(name)})")
            if read is None:
                return None
            return f"({read} if ({p} := {self._piece_id(of, at)}) is not None else None)"
        if t != "player":
            return None
        slot = self._player_slot(of, name, at)
        if slot is not None:
            kind, at_slot = slot
            return f"m.st.counters[{at_slot}]" if kind == "counter" else f"m.L.z_ref[{at_slot}]"
        return self._shaped(of, at, "_PL") if name == "index" else None

    def _player_slot(self, of: Any, name: str, at: Any) -> tuple[str, str] | None:
        """("counter" or "zone", the layout slot) of ``name`` of the player
        ``of`` (access.player_attr's order: its counter, else its zone)."""
        if self.ty(of) != "player":
            return None
        R = self.rules
        if (R.counters.get(name) or {}).get("scope") == "player":
            return "counter", f"{self.counter_slots(name)}[{self._shaped(of, at, '_PL')}]"
        if (R.zones.get(name) or {}).get("scope") == "player":
            return "zone", f"{self.zone_slots(name)}[{self._shaped(of, at, '_PL')}]"
        return None

    def _same_entity(self, e: dict, at: Any) -> str | None:
        """``x.entity == E`` (or ``!=``), ``x`` a piece and ``E`` an entity
        named in the rules or a value known to be one: the piece's entity id
        compared with E's, no ``{"entity": ...}`` made (when no field or
        `set` gives ``entity``)."""
        o, l, r = e["o"], e["l"], e["r"]
        if o not in ("==", "!=") or "entity" in self.facts.settable or self.facts.static_table("entity"):
            return None
        const = type(l) is dict and l.get("op") == "ref" and l.get("ns") == "entity"
        if const:
            l, r = r, l     # (a constant: read in either order)
        if not (type(l) is dict and l.get("op") == "attr" and l.get("name") == "entity" and "else" not in l
                and self.ty(l["of"]) == "piece"):
            return None
        if type(r) is dict and r.get("op") == "ref" and r.get("ns") == "entity":
            return f"(m.st.p_ent[{self._piece_id(l['of'], at)}] {o} {self.k(r['id'])})"
        if self.ty(r, True) != "entity":
            return None
        # another entity's value (`{"entity": id}`, never none): its id
        piece = self._piece_id(l["of"], at)
        return f"(m.st.p_ent[{piece}] {o} {self._shaped(r, at, '_EN')})"

    def _piece_attr_read(self, p: str, name: str) -> str:
        """access.piece_attr of the piece whose id is in ``p``."""
        slow = f"_ga(m, {{_PK: {p}}}, {self.k(name)})"
        return self._piece_read(p, self._tmp(), name, slow) or slow

    def _piece_read(self, p: str, r: str, name: str, slow: str) -> str | None:
        """access.piece_attr of piece ``p``, in its order: props, the
        entity's static fields, the built-ins."""
        table = self.facts.static_table(name)
        settable = name in self.facts.settable
        out = _PIECE_BUILTIN_CODE.get(name, "").format(p=p, t=self._tmp()) or slow
        if not table and out == slow and not settable:
            return None
        if table:
            out = f"({r} if ({r} := {self.kobj(('static', name), table)}.get(m.st.p_ent[{p}], _MISSING)) is not _MISSING else {out})"
        if settable:
            pp = self._tmp()
            out = (f"({r} if ({pp} := m.st.props) and ({r} := {pp}.get(_str({p}) + {self.k(':' + name)}, _MISSING)) "
                   f"is not _MISSING else {out})")
        return out

    def _player_read(self, i: str, name: str, slow: str) -> str | None:
        """access.player_attr of player ``i``: a per-player counter, else a
        per-player zone (the layout has one of each for every player)."""
        R, c = self.rules, self._tmp()
        if (R.counters.get(name) or {}).get("scope") == "player":
            return f"m.st.counters[{self.counter_slots(name)}[{i}]]"
        if (R.zones.get(name) or {}).get("scope") == "player":
            return f"m.L.z_ref[{self.zone_slots(name)}[{i}]]"
        if name == "index":
            return i
        return None

    def _zone_call(self, fn: str, arg: str) -> str:
        """`size`, `top` or `pieces` of a value: a zone named by its id (a
        space, a global zone) or by its value (``{"zone", "of"}``, as
        access.zone_slot finds it) read at once, anything else through the
        function."""
        v, z, p = self._tmp(), self._tmp(), self._tmp()
        fast = {"size": f"len(m.st.zones[{z}])", "pieces": f"_pcs(m, m.st.zones[{z}])",
                "top": f"({{_PK: {p}[0]}} if ({p} := m.st.zones[{z}]) else None)"}[fn]
        return (f"({fast} if (({z} := m.L.z_global.get({v})) if _ty({v} := {arg}) is _str else "
                f"({z} := m.L.zslot.get(({v}.get(_ZN), {v}.get(_OF)))) if _ty({v}) is _dict else None) is not None "
                f"else {self.f(FUNCTIONS[fn])}(m, loc, {v}))")

    def _is_track(self, e: Any) -> bool:
        return type(e) is dict and e.get("op") == "ref" and e.get("ns") == "track" and e.get("id") in self.rules.tracks

    def _const_track_item(self, of: Any, i: int) -> str | None:
        """``track[i]`` with a constant index: the item (exprs._index), known now."""
        if not (type(of) is dict and of.get("op") == "ref" and of.get("ns") == "track"
                and of.get("id") in self.rules.tracks):
            return None
        items = list(self.rules.tracks[of["id"]])
        v = items[i] if -len(items) <= i < len(items) else None
        return self.k(v) if type(v) in (int, str, bool, float) or v is None else None

    def _const_slot(self, e: Any) -> str | None:
        """The layout lookup of a zone named by a constant (a global zone or a space)."""
        if type(e) is dict and e.get("op") == "ref" and e.get("ns") == "zone":
            decl = self.rules.zones.get(e["id"])
            if decl is not None and (decl.get("_space") or decl["scope"] == "global"):
                return self.zone_slots(e["id"])
        return None

    def _typed_pile(self, e: Any, at: Any) -> str | None:
        """The pile of ``p.zone``, ``p`` known to be a player and ``zone``
        one of each player's zones (not shadowed by a counter): its slot
        from the layout, as access.zone_slot finds it from the zone's value."""
        if not (type(e) is dict and e.get("op") == "attr" and "else" not in e):
            return None
        slot = self._player_slot(e["of"], e["name"], at)
        return f"m.st.zones[{slot[1]}]" if slot is not None and slot[0] == "zone" else None

    def _const_pile(self, e: Any) -> str | None:
        slot = self._const_slot(e)
        return None if slot is None else f"m.st.zones[{slot}]"

    def _pieces_pile(self, e: Any, at: Any) -> str | None:
        """The pile (a tuple of piece ids) of ``pieces(zone)``, the zone found
        as functions.pieces finds it, uncharged; None for anything else."""
        if not (type(e) is dict and e.get("op") == "call" and e.get("fn") == "pieces" and len(e.get("args", [])) == 1):
            return None
        return self._zone_pile(e["args"][0], at)

    def _zone_pile(self, e: Any, at: Any) -> str:
        """The pile of the zone ``e`` names, found as access.zone_slot finds it."""
        pile = self._const_pile(e) or self._typed_pile(e, at)
        if pile is not None:
            return pile
        v, z = self._tmp(), self._tmp()
        return (f"(m.st.zones[{z}] if (({z} := m.L.z_global.get({v})) if _ty({v} := {self.ex(e, at)}) is _str else "
                f"({z} := m.L.zslot.get(({v}.get(_ZN), {v}.get(_OF)))) if _ty({v}) is _dict else None) is not None "
                f"else _zp(m, loc, {v}))")

