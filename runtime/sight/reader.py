"""A seat's reader: what one seat may see, read a piece at a time.

A view (``view.py``) builds everything a seat sees — every zone, piece and
counter — which is what a screen wants and what a bot, asking a few
questions per decision, does not. ``SeatReader`` answers those questions
one at a time, each from the state directly, through the same filter as
views (``sight.Sight``): a zone's pieces are given only when the seat sees
into the zone, as the view gives them (``{"piece": handle, "entity": id,
"props": {...}}``), pieces by their handles, values with every piece the
seat does not see shown as ``{"hidden": true}``. Whatever a reader gives, the
seat's view (``zones=True``) holds too.

A reader is cheap to make (``Game.seat_reader(seat)``) and stands for the
state as it is when it is read; make a new one after the game moves on (it
keeps the props of pieces it has grouped once). Narrower questions cost
less than listing a zone: an option's entity (``entity``), one prop
(``prop``), some props of a zone's pieces (``pieces(..., props=[...])``),
the zones holding any of some entities and what lies on top there
(``find_all``, ``first_of``).
"""

from __future__ import annotations

from collections import Counter
from itertools import repeat
from operator import is_
from typing import Any, Iterable, Iterator

from ..engine.access import created_pieces
from waybill.spec.errors import WaybillError
from .filter import Sight
from .view import check_viewer


class SeatReader:
    __slots__ = ("m", "seat", "sight", "_props")

    def __init__(self, m: Any, seat: int | None):
        check_viewer(seat, m.L.n)
        self.m = m
        self.seat = seat
        self.sight = Sight(m, seat)
        self._props: dict[int, dict] | None = None

    # --- the game -------------------------------------------------------------------

    @property
    def players(self) -> list[str]:
        """The players' names, by seat."""
        return list(self.m.st.players)

    @property
    def round(self) -> int:
        return self.m.st.round

    @property
    def turn(self) -> int:
        return self.m.st.turn

    @property
    def current(self) -> int | None:
        return self.m.st.current

    @property
    def decision(self) -> int:
        return self.m.st.decision

    @property
    def over(self) -> bool:
        return self.m.st.over

    def pending(self) -> dict | None:
        """The pending decision as the seat sees it (another seat's: who and what kind only)."""
        return self.sight.pending(self.m.st.pending)

    def text_parts(self, v: Any) -> tuple[str | None, dict]:
        """Text the rules made (a value in the state, the same in every
        language) as its message id and the English words of each hole's
        value: ``"Stack " + text_of(3)`` is ``("<code>-str1", {"arg1": "3"})``;
        a string the rules wrote is its id and ``{}``; ``(None, {})`` for a
        value that is no text. A bot matches these, never a label."""
        from ..text.words import value_msg
        from ..engine.access import TEXT_IDS, text_of
        mid = value_msg(self.m.R, v)
        if mid is None or type(v) is not dict or mid in TEXT_IDS:
            return mid, {}
        return mid, {("text" if k == "@text" else k): text_of(self.m, x) for k, x in v.items() if k != "text"}

    def text_values(self, v: Any) -> tuple[str | None, dict]:
        """``text_parts`` with each hole's value as the state keeps it (a
        number, a text, a card as ``{"entity": id}``), not its English
        words: what a bot compares by id (``words.named_entity``)."""
        from ..text.words import value_msg
        from ..engine.access import TEXT_IDS
        mid = value_msg(self.m.R, v)
        if mid is None or type(v) is not dict or mid in TEXT_IDS:
            return mid, {}
        return mid, {("text" if k == "@text" else k): x for k, x in v.items() if k != "text"}

    # --- counters -------------------------------------------------------------------

    def counter(self, cid: str, of: int | None = None) -> Any:
        """A counter as the view shows it: its value, or a per-player
        counter's values as a list by seat; with ``of`` (a seat), a per-player
        counter's value for that seat alone (the list's item, without the
        others read). ``WaybillError`` for no such counter, or ``of`` for a
        global one or no such seat."""
        m = self.m
        last = _LAST_SLOTS
        slots = (last[1] if last[0] is m.L else _counter_slots(m.L)).get(cid)
        if slots is None:
            if m.R.counters.get(cid) is None:
                raise WaybillError(f"no counter {cid!r}")
            slots = _counter_slot(m, cid)
        if of is not None:
            if type(slots) is int or type(of) is not int or not 0 <= of < len(slots):
                raise WaybillError(f"counter {cid!r} has no value of seat {of!r}")
            v = m.st.counters[slots[of]]
            return self.sight.value(v) if type(v) in _NESTED else v
        cs = m.st.counters
        value = self.sight.value
        if type(slots) is int:
            v = cs[slots]
            return value(v) if type(v) in _NESTED else v
        # a per-player counter: most values are numbers or ids, given as they are
        return [value(v) if type(v) in _NESTED else v for v in map(cs.__getitem__, slots)]

    def counter_values(self, cids: tuple[str, ...], of: int | None = None) -> list:
        """``[counter(cid, of) for cid in cids]`` in one call: a bot reads the
        same few counters at every decision (their slots are kept per layout)."""
        m = self.m
        lay = m.L
        hit = _VALUE_SLOTS.get((id(lay), cids, of))
        if hit is None or hit[0] is not lay:
            for cid in cids:            # each as counter() reads it (an unknown one raises there)
                self.counter(cid, of)
            if len(_VALUE_SLOTS) > 256:     # a bound, not a policy: a few questions of a few layouts
                _VALUE_SLOTS.clear()
            slots = tuple(lay.cslot[(cid, of)] for cid in cids)
            hit = _VALUE_SLOTS[(id(lay), cids, of)] = (lay, slots)
        cs = m.st.counters
        got = list(map(cs.__getitem__, hit[1]))
        if not _NESTED.isdisjoint(map(type, got)):     # most values are numbers or ids, given as they are
            value = self.sight.value
            got = [value(v) if type(v) in _NESTED else v for v in got]
        return got

    def counters(self) -> dict:
        """Every counter, as ``view(...)["counters"]``."""
        from .view import counters_of
        return self.sight.value(counters_of(self.m))

    # --- zones ----------------------------------------------------------------------

    def _slot(self, zone: str, of: int | None) -> int | None:
        return self.m.L.zslot.get((zone, of))

    def sees(self, zone: str, of: int | None = None) -> bool:
        """Whether the seat sees into a zone (its pieces, their order)."""
        slot = self._slot(zone, of)
        return slot is not None and self.sight.zones[slot]

    def count(self, zone: str, of: int | None = None) -> int:
        """How many pieces a zone holds (every seat sees that); 0 for no such zone."""
        slot = self._slot(zone, of)
        return 0 if slot is None else len(self.m.st.zones[slot])

    def pieces(self, zone: str, of: int | None = None, props: Iterable[str] | None = None) -> list[dict]:
        """A zone's pieces as the view lists them, if the seat sees into it,
        else []. With ``props`` (names), each piece's ``props`` holds those of
        them that are set, and no other (no ``props`` when none is): a bot
        that asks two props of a zone's pieces gets them without every other
        prop copied through the Sight."""
        slot = self._slot(zone, of)
        if slot is None or not self.sight.zones[slot]:
            return []
        pile = self.m.st.zones[slot]
        if not pile:
            return []
        if props is not None:
            return self._pieces_with(pile, (props,) if type(props) is str else tuple(props))
        piece = self.sight._piece
        by_piece = self._props_by_piece()
        return [piece(p, by_piece) for p in pile]

    def _pieces_with(self, pile: list[int], names: tuple[str, ...]) -> list[dict]:
        """``pieces`` with only ``names`` of each piece's props, read by key (no index of every prop)."""
        st, sight = self.m.st, self.sight
        handles, ent, props = sight.handles, st.p_ent, st.props
        value = sight.value
        out = []
        for p in pile:
            d = {"piece": handles[p] if p < len(handles) else p, "entity": ent[p]}
            got = {}
            for name in names:
                v = props.get(f"{p}:{name}", _UNSET)
                if v is not _UNSET:
                    got[name] = value(v) if type(v) in _NESTED else v
            if got:
                d["props"] = got
            out.append(d)
        return out

    def entities(self, zone: str, of: int | None = None) -> list[str]:
        """The entity ids of a zone's pieces, in order, if the seat sees into it, else []."""
        m = self.m
        slot = m.L.zslot.get((zone, of))
        if slot is None or not self.sight.zones[slot]:
            return []
        return list(map(m.st.p_ent.__getitem__, m.st.zones[slot]))

    def entity_ids(self, zone: str, of: int | None = None) -> tuple[str, ...]:
        """``entities`` as a tuple, and the very same tuple while the zone
        holds the very same pieces (a pile is replaced when it changes): a
        bot asks of the same zones at every decision, and may keep what it
        made of an answer while the answer ``is`` the one it made it of."""
        m = self.m
        slot = m.L.zslot.get((zone, of))
        if slot is None or not self.sight.zones[slot]:
            return ()
        st = m.st
        pile, ent = st.zones[slot], st.p_ent
        hit = _ENT_IDS.get(id(pile))
        if hit is not None and hit[0] is pile and hit[1] is ent:
            return hit[2]
        got = tuple(map(ent.__getitem__, pile))
        if type(pile) is tuple:
            if len(_ENT_IDS) > 4096:        # a bound, not a policy: a few games' piles
                _ENT_IDS.clear()
            _ENT_IDS[id(pile)] = (pile, ent, got)
        return got

    def pieces_kept(self, zone: str, of: int | None = None, props: Iterable[str] = ()) -> tuple[dict, ...]:
        """``pieces(zone, of, props=props)`` as a tuple, and the very same
        tuple while the zone holds the very same pieces with the very same
        values of ``props`` (values in the state are replaced, never changed
        in place), none of which holds a piece (a piece is shown as the seat
        sees it where it lies now, so such an answer is read afresh). Its
        dicts are shared with every later asker: read them, never change them."""
        m = self.m
        slot = m.L.zslot.get((zone, of))
        if slot is None or not self.sight.zones[slot]:
            return ()
        st = m.st
        pile = st.zones[slot]
        names = (props,) if type(props) is str else tuple(props)
        hit = _KEPT.get((id(pile), names))
        if hit is not None and hit[0] is pile and hit[1] is st.handles and hit[2] is st.p_ent \
                and all(map(is_, map(st.props.get, hit[3], repeat(_UNSET)), hit[4])):
            return hit[5]
        got = tuple(self._pieces_with(pile, names)) if pile else ()
        keys = tuple(f"{p}:{name}" for p in pile for name in names)
        values = tuple(st.props.get(k, _UNSET) for k in keys)
        if type(pile) is tuple and not any(map(_holds_piece, values)):
            if len(_KEPT) > 4096:           # a bound, not a policy: a few games' piles
                _KEPT.clear()
            _KEPT[(id(pile), names)] = (pile, st.handles, st.p_ent, keys, values, got)
        return got

    def known(self, zone: str, of: int | None = None) -> list[dict]:
        """Pieces of a zone the seat does not see into that were shown to it
        (a private reveal), sorted by handle: the view's ``known``."""
        slot = self._slot(zone, of)
        if slot is None or self.sight.zones[slot]:
            return []
        return self.sight.zone(slot, self._props_by_piece()).get("known", [])

    def zones(self) -> Iterator[tuple[str, int | None]]:
        """(zone id, owner) of every non-empty zone, in the view's order."""
        lay, piles = self.m.L, self.m.st.zones
        for slot, pile in enumerate(piles):
            if pile:
                yield lay.z_id[slot], lay.z_of[slot]

    def of_player(self, player: int) -> dict[str, list[dict]]:
        """The pieces of one player's zones that the seat sees, by zone id."""
        lay = self.m.L
        out = {}
        for slot, of in enumerate(lay.z_of):
            if of == player and self.sight.zones[slot] and self.m.st.zones[slot]:
                out[lay.z_id[slot]] = self.pieces(lay.z_id[slot], of)
        return out

    def find(self, entity: str) -> list[tuple[str, int | None]]:
        """(zone id, owner) of every zone the seat sees into that holds a
        piece of ``entity``, each once, in the view's order: found from the
        entity's pieces, not by walking the zones."""
        return self.find_all((entity,))

    def find_all(self, entities: Iterable[str]) -> list[tuple[str, int | None]]:
        """``find`` for several entities at once: every zone the seat sees
        into that holds a piece of any of them, each once, in the view's order."""
        hit = self._found(entities)
        names = hit[5]
        if names is None:           # named once per answer: a bot asks the same at every decision
            lay = self.m.L
            z_id, z_of = lay.z_id, lay.z_of
            names = hit[5] = tuple((z_id[slot], z_of[slot]) for slot in hit[4])
        return list(names)

    def first_of(self, entities: Iterable[str]) -> list[tuple[str, int | None, str]]:
        """(zone id, owner, entity) for every zone ``find_all(entities)``
        gives, with the entity of the zone's first piece (in the zone's order)
        that is one of ``entities``: what lies on top, read without listing
        every zone's pieces."""
        m = self.m
        st, lay = m.st, m.L
        key = entities if type(entities) is tuple else tuple(entities)
        found = self._found(key)
        piles = st.zones
        # Kept with _found's answer (so while the pieces asked of stay put):
        # the tops, and the zones holding two or more of those pieces with
        # the piles they held (a pile is a tuple, replaced when it changes).
        # A zone holding one is answered by it whatever else comes and goes;
        # a zone holding more is read again when its pile is another.
        kept = found[6]
        if kept is not None:
            checks, tops, shown = kept
            stale = [c for c in checks if piles[c[1]] is not c[2]] if checks else None
            if not stale:
                return list(shown)
            out = list(tops)
            for j, slot, _ in stale:
                out[j] = _top(lay, piles[slot], st.p_ent, _start_pieces(lay, key)[1], slot)
            checks = tuple((j, slot, _kept_pile(piles[slot])) for j, slot, _ in checks)
        else:
            slots = found[4]
            want = _start_pieces(lay, key)[1]
            ent = st.p_ent
            out = [_top(lay, piles[slot], ent, want, slot) for slot in slots]
            n = Counter()
            for w in found[3]:
                n.update(w)
            checks = tuple((j, slot, _kept_pile(piles[slot])) for j, slot in enumerate(slots) if n[slot] > 1)
        shown = tuple(t for t in out if t is not None)
        found[6] = (checks, tuple(out), shown)
        return list(shown)

    def _slots_of(self, entities: Iterable[str]) -> list[int]:
        """The slots of the zones the seat sees into that hold a piece of any
        of ``entities``, in order (a list the callers only read)."""
        return self._found(entities)[4]

    def _found(self, entities: Iterable[str]) -> list:
        """``[p_ent, seen, runs of their pieces (slices), where those were, _slots_of,
        find_all's names or None, first_of's (zones holding two or more with
        their piles, tops by slot, tops) or None]`` for ``entities``. A bot asks the same
        entities at every decision and they seldom move: the last answer is
        kept, and given again while every one of their pieces is where it was
        (the same pieces: ``p_ent`` is replaced when one is made). An
        entity's pieces are numbered in a row, so where they are is compared
        a run at a time (slices of ``p_zone``)."""
        m = self.m
        st = m.st
        key = entities if type(entities) is tuple else tuple(entities)
        seen = self.sight.zones
        ent = st.p_ent
        ck = (id(ent), key, id(seen))
        hit = _FOUND.get(ck)
        p_zone = st.p_zone
        if hit is not None and hit[0] is ent and hit[1] is seen:
            # the runs' slices of p_zone as they were, compared in one C loop
            where = list(map(p_zone.__getitem__, hit[2]))
            if where == hit[3]:
                return hit
            runs = hit[2]           # the same pieces (the same p_ent): only where they lie is new
        else:
            pids = _start_pieces(m.L, key)[0]
            if len(ent) > len(m.L.start_pieces):
                made = created_pieces(m)
                more = tuple(p for entity in key for p in made.get(entity, ()))
                if more:
                    pids = pids + more
            runs = tuple(slice(lo, hi) for lo, hi in _runs(pids))
            where = list(map(p_zone.__getitem__, runs))
        out = [slot for slot in sorted({s for w in where for s in w}) if slot >= 0 and seen[slot]]
        if len(_FOUND) > 256:          # a bound, not a policy: a few questions of a few games
            _FOUND.clear()
        hit = _FOUND[ck] = [ent, seen, runs, where, out, None, None]
        return hit

    def locate(self, piece: Any) -> tuple[str, int | None] | None:
        """(zone id, owner) of the piece with handle ``piece`` (or ``{"piece": h}``)
        if it lies in a zone the seat sees into, else None."""
        pid = self._seen_pid(piece)
        if pid is None:
            return None
        slot = self.m.st.p_zone[pid]
        lay = self.m.L
        return lay.z_id[slot], lay.z_of[slot]

    def prop(self, piece: Any, name: str, default: Any = None) -> Any:
        """Prop ``name`` of the piece with handle ``piece`` (or ``{"piece": h}``)
        as the seat's view gives it, if the piece lies in a zone the seat sees
        into and the prop is set; else ``default``."""
        pid = self._seen_pid(piece)
        if pid is None:
            return default
        v = self.m.st.props.get(f"{pid}:{name}", _UNSET)
        if v is _UNSET:
            return default
        return self.sight.value(v) if type(v) in _NESTED else v

    def entity(self, piece: Any) -> str | None:
        """The entity of the piece with handle ``piece`` (or ``{"piece": h}``)
        if it lies in a zone the seat sees into (as ``locate`` finds it), else
        None: what a bot asks of an option's piece, without listing its zone."""
        pid = self._seen_pid(piece)
        return None if pid is None else self.m.st.p_ent[pid]

    def _seen_pid(self, piece: Any) -> int | None:
        """The piece number behind a handle, if the piece lies where the seat sees."""
        h = piece.get("piece") if type(piece) is dict else piece
        if type(h) is not int or h < 0:
            return None
        st = self.m.st
        handles = st.handles
        if h < len(handles):
            pid = _piece_of(handles).get(h)
            if pid is None:
                return None
        else:
            pid = h
        if pid >= len(st.p_zone):
            return None
        slot = st.p_zone[pid]
        if slot < 0 or not self.sight.zones[slot]:
            return None
        return pid

    def _props_by_piece(self) -> dict[int, dict]:
        if self._props is None:
            self._props = _props_index(self.m.st.props)
        return self._props


def reader_of(game: Any, seat: int | None) -> SeatReader:
    """``game.seat_reader(seat)``, for a caller that imported this module
    already: a bot makes a reader at every decision, and the import inside
    ``seat_reader`` costs as much as the reader."""
    return SeatReader(game.m, seat)


_PROPS: dict[int, tuple] = {}
_NESTED = frozenset((dict, list, tuple))      # values that may hold a piece: through the Sight
_UNSET = object()
_SLOTS: dict[int, tuple[Any, dict]] = {}
_LAST_SLOTS: list = [None, None]      # [the layout last asked, its _counter_slots]
_VALUE_SLOTS: dict[tuple, tuple] = {}  # (id(layout), cids, of) -> (layout, slots): counter_values


def _counter_slots(lay: Any) -> dict[str, Any]:
    """counter id -> its slot (a global counter) or its slots by seat, of a
    layout: filled as counters are read (``_counter_slot``), kept per layout
    (checked by identity), as counters are read at every decision; the last
    layout asked is also kept apart (``counter`` looks there first)."""
    hit = _SLOTS.get(id(lay))
    if hit is None or hit[0] is not lay:
        if len(_SLOTS) > 64:          # a bound, not a policy: layouts are few
            _SLOTS.clear()
        hit = _SLOTS[id(lay)] = (lay, {})
    _LAST_SLOTS[0], _LAST_SLOTS[1] = hit
    return hit[1]


def _counter_slot(m: Any, cid: str) -> Any:
    lay = m.L
    if m.R.counters[cid]["scope"] == "global":
        got: Any = lay.cslot[(cid, None)]
    else:
        got = tuple(lay.cslot[(cid, i)] for i in range(lay.n))
    _counter_slots(lay)[cid] = got
    return got
_PIECE_OF: dict[int, tuple[list[int], dict[int, int]]] = {}
_ENT_IDS: dict[int, tuple] = {}        # id(pile) -> (pile, p_ent, entity ids): SeatReader.entity_ids
_KEPT: dict[tuple, tuple] = {}         # (id(pile), prop names) -> see SeatReader.pieces_kept


def _holds_piece(v: Any) -> bool:
    """Whether a value holds a piece (``{"piece": p}``, as ``Sight.value`` finds one)."""
    t = type(v)
    if t is dict:
        if len(v) == 1 and type(v.get("piece")) is int:
            return True
        return any(map(_holds_piece, v.values()))
    if t is list or t is tuple:
        return any(map(_holds_piece, v))
    return False


_START: dict[tuple[int, tuple], tuple[Any, tuple[int, ...], frozenset]] = {}
_FOUND: dict[tuple, list] = {}         # see SeatReader._found


def _start_pieces(lay: Any, entities: tuple) -> tuple[tuple[int, ...], frozenset]:
    """The start pieces of ``entities`` (in one tuple) and the entities as a
    set, of a layout: the same all game, and asked at every decision."""
    hit = _START.get((id(lay), entities))
    if hit is not None and hit[0] is lay:
        return hit[1], hit[2]
    if len(_START) > 1024:         # a bound, not a policy: layouts and questions are few
        _START.clear()
    pids = tuple(p for e in entities for p in lay.ent_pieces.get(e, ()))
    _START[(id(lay), entities)] = (lay, pids, frozenset(entities))
    return pids, frozenset(entities)


def _top(lay: Any, pile: Any, ent: Any, want: frozenset, slot: int) -> tuple[str, int | None, str] | None:
    """(zone id, owner, entity) of the first piece of ``pile`` whose entity
    is in ``want`` (None if none is: a zone ``_found`` gives holds one)."""
    for p in pile:
        e = ent[p]
        if e in want:
            return lay.z_id[slot], lay.z_of[slot], e
    return None


def _kept_pile(pile: Any) -> Any:
    """A pile to compare by identity later: a tuple (never changed in place), else
    None, which no pile is (such a zone is read again at every ask)."""
    return pile if type(pile) is tuple else None


def _runs(pids: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """``pids`` as ranges ``(lo, hi)`` of consecutive numbers (each piece in one)."""
    runs: list[list[int]] = []
    for p in sorted(set(pids)):
        if runs and runs[-1][1] == p:
            runs[-1][1] = p + 1
        else:
            runs.append([p, p + 1])
    return tuple((lo, hi) for lo, hi in runs)


def _piece_of(handles: list[int]) -> dict[int, int]:
    """``{handle: piece}`` of a game's start pieces: the inverse of
    ``state.handles``, which is made once per game and never changed (clones
    share it), so it is kept per list (checked by identity)."""
    hit = _PIECE_OF.get(id(handles))
    if hit is not None and hit[0] is handles:
        return hit[1]
    if len(_PIECE_OF) > 64:        # a bound, not a policy: few games are read at once
        _PIECE_OF.clear()
    inv: dict[int, int] = {}
    for pid, h in enumerate(handles):
        inv.setdefault(h, pid)         # the first, as ``handles.index`` finds it
    _PIECE_OF[id(handles)] = (handles, inv)
    return inv


def _props_index(props: dict) -> dict[int, dict]:
    """``view.props_by_piece(props)``, kept while ``props`` holds the same
    keys, in the same order, with the same (identical) values: readers are
    made at every decision, and props change far less often. Values in the
    state are never changed in place, so identical values are equal ones."""
    hit = _PROPS.get(id(props))
    if hit is not None and hit[0] is props and tuple(props) == hit[1] \
            and all(map(is_, props.values(), hit[2])):
        return hit[3]
    from .view import props_by_piece
    index = props_by_piece(props)
    if len(_PROPS) > 64:          # a bound, not a policy: few games are read at once
        _PROPS.clear()
    _PROPS[id(props)] = (props, tuple(props), tuple(props.values()), index)
    return index
