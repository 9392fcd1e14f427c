"""Incremental legality: listings of live actions kept across decisions.

Listing the actions a player may take (``decisions.live_actions``) walks
every live action and evaluates its requirements; requirements may ask for
other listings (`actions_open`). Most listings repeat an earlier one over a
state that, as far as that listing can tell, has not changed. This module
keeps each listing with the exact *reads* its computation made, and gives
it again only while every one of those reads would return the same value.

How reads are known (recorded, never guessed): while a listing is
computed, ``m.st`` is a ``_Recorder`` standing for the state. Every read of
a counter, zone, piece's zone or owner, prop, use count or scalar field
(round, turn, current, ...) passes through it and is noted with the value it
returned; a read of a whole container (an iteration, ``len``) notes a copy of
it. A list of the state (counters, zones, ...) is read through a dict of the
reads made so far (``ReadList``): a key read again (a player's position, once
per host) is a dict hit in C, and only its first read is a Python call. A
listing computed inside another one hands its reads up, so the outer
listing depends on everything the inner one read, even when the inner one
was a cache hit.

How a listing is checked: each noted read is read again from the real state
and compared by identity (``is``; state values are never changed in place,
so an identical object is the same value). Scalars (ints, texts, bools,
None) that are equal and of the same type also match, so ``0`` never passes
for ``False``; so do equal zones (tuples of piece ids: a zone emptied and
filled again with the same pieces is the same zone). An entry's check is
made when it is first checked (``_Check``), not when it is recorded: a few
reads of a container are checked in one loop, many by an ``itemgetter``
and ``map`` in C; the zones of a listing's host pieces, read by one
``itemgetter``, are checked again as the runs those pieces make in the
piece array (``_Runs``: a slice compared as one block; the first shipped
pack's 54 host pieces are 2 runs, their check 3.0 -> 1.3 µs).

Why the reads are not checked by version stamps that the writers bump
(issue 28 asked for them, and they were measured against this): a zone is
a tuple replaced by every write, so its identity already is its stamp, and
a counter holds an immutable scalar; a check is an identity compare per
read either way. A stamp can only say "changed" where a value check says
"the same" (a counter set back, a zone refilled), so it can give no more
hits; and the misses are real changes (the first shipped pack, random
play: a listing hosted by pieces misses when the player moves, a main listing
after every action of its player). What a listing costs is evaluating the
requirements when they must be (``_listed_actions``, pylisting.py).

A key keeps its last few entries (``Slot``, the latest first): a player who
leaves a position and comes back finds the listing it had there.

Nothing here is in the state: the cache hangs on the machine (``m.legality``),
a clone or a loaded game starts without one, and an answer from it is the
answer a fresh computation gives. ``check=True`` (or the environment
variable ``WAYBILL_CHECK_LEGALITY=1``) recomputes every hit and raises if
the two differ: tests play whole games of every pack that way.

Speed, not answers: a key whose kept listings seldom hold (a main
listing reads the player's markers and position, which most of its
actions change) is computed plainly for a while (twice as long each time
it is given up without a hit since), with no look-up and no recording; how
seldom is a moving average of its look-ups, so a key that holds two times
in three but misses in streaks is kept. A key whose computation is cheaper
than recording it and checking it (its work, budget steps charged and
hosts walked, below ``Cache.cheap``) is computed plainly too. Within one
outermost listing (the state cannot change until it ends) an entry checked
once is not checked again. Measured with ``bench/legality_bench.py`` and
instruction counts; figures in bench/README.md ("Listings kept by value"
and "Cheaper recording", 2026-12-01).

What reuse there is (the first shipped pack, 4 players, random play): its
main listings are never reused (every action changes the acting player's
markers); the listings nested in requirements (`actions_open`) are, about
three times in four with 2 entries kept (a position counter is the read
that goes stale). Tried and measured as no gain: keeping entries per host
action instead of per listing (recording a host costs more than the half
of them that hold saves), and stopping `actions_open(t) > 0` at the first
open action (the open action is usually among the last walked, and the
`act tagged t` that follows then finds no listing kept). What a listing
costs is evaluating the requirements themselves.

Work: a computation's budget charge (steps walked) is recorded and charged
again on a hit, so the budget left after a listing does not depend on the
cache; a hit that would run the budget out is recomputed instead, so the
error (and where it is raised) is the same.
"""

from __future__ import annotations

import os
from array import array
from itertools import repeat
from operator import is_, itemgetter
from typing import Any, Callable

from .plain import copy_json

MISSING = object()            # a key read and found absent
_SCALARS = frozenset((int, str, bool, float, type(None)))
# fields read as containers element by element
_LISTS = ("counters", "zones", "p_zone", "p_owner")


# WAYBILL_LEGALITY=off lists afresh every time (to measure what the cache saves)
CACHED = os.environ.get("WAYBILL_LEGALITY", "") != "off"


def checking() -> bool:
    return os.environ.get("WAYBILL_CHECK_LEGALITY", "") not in ("", "0")


class Reads:
    """What one computation read: per container, key -> value returned."""

    __slots__ = ("counters", "zones", "p_zone", "p_owner", "props", "uses", "fields", "whole", "truth", "picks")

    def __init__(self) -> None:
        self.counters: dict = {}
        self.zones: dict = {}
        self.p_zone: dict = {}
        self.p_owner: dict = {}
        self.props: dict = {}
        self.uses: dict = {}          # per -> {key: value}
        self.fields: dict = {}        # scalar fields (round, turn, current, ...)
        self.whole: dict = {}         # containers read whole: name -> snapshot
        self.truth: dict = {}         # containers only asked whether empty: name -> bool
        # lists read at many keys in one call (a listing's host pieces' zones):
        # (name, itemgetter, keys, values), kept as read, checked as read
        self.picks: list = []

    def done(self) -> None:
        """The computation is over: its list reads as plain dicts (a
        recording ``ReadList`` holds them while it runs)."""
        for name in _LISTS:
            got = getattr(self, name)
            if type(got) is ReadList:
                setattr(self, name, got.noted())

    def merge(self, other: "Reads") -> None:
        # a key read by both was read from the same, unchanged state; most
        # computations read a few containers only (one host's requirements)
        if other.counters:
            self.counters.update(other.counters)
        if other.zones:
            self.zones.update(other.zones)
        if other.p_zone:
            self.p_zone.update(other.p_zone)
        if other.p_owner:
            self.p_owner.update(other.p_owner)
        if other.props:
            self.props.update(other.props)
        for per, keys in other.uses.items():
            self.uses.setdefault(per, {}).update(keys)
        if other.fields:
            self.fields.update(other.fields)
        self.whole.update(other.whole)
        self.truth.update(other.truth)
        if other.picks:
            self.picks += other.picks

    def checker(self) -> Callable[[Any], bool]:
        """A function ``valid(state)``: every read gives the same value now."""
        return _Check(self).valid


class _Check:
    """The reads of one computation arranged for checking, made from the
    ``Reads`` when an entry is first checked (an entry replaced before its
    first check never needs it): a container of a few reads keeps them as
    (key, value) pairs checked in one loop; one of many keeps an
    ``itemgetter`` of its keys and the tuple of their values (a C call and
    a C comparison). Closures per container, made when recorded, were the
    larger half of what recording a listing cost."""

    __slots__ = ("small", "lists", "props", "uses", "fields", "idents", "truths", "others")

    def __init__(self, r: Reads):
        small, lists = [], []
        for name in _LISTS:
            got = getattr(r, name)
            if not got:
                continue
            if len(got) <= _SMALL:
                small.append((name, tuple(got.items()), name == "zones"))
                continue
            keys, want = tuple(got), tuple(got.values())
            lists.append((name, itemgetter(*keys), want, max(keys), _by_value(name, want)))
        for name, get, keys, want in r.picks:
            if type(keys) is _Runs:     # slices of an array: equal is the same, as for zones
                lists.append((name, get, want, keys.top, True))
            else:
                lists.append((name, get, want, max(keys), _by_value(name, want)))
        self.small, self.lists = tuple(small), tuple(lists)
        self.props = tuple(r.props.items())
        self.uses = tuple((per,) + _keyed(keys) for per, keys in r.uses.items())
        self.fields = tuple(r.fields.items())
        idents, others = [], []
        for name, snap in r.whole.items():
            if type(snap) is _Ident:
                idents.append((name, snap.obj))
            else:
                others.append(_whole_check(name, snap))
        self.idents, self.others = tuple(idents), tuple(others)
        self.truths = tuple((name, v) for name, v in r.truth.items() if name not in r.whole)

    def valid(self, st: Any) -> bool:
        # loops, not all(generator): a miss is found at the first check
        # (a counter, mostly) by entries tried in turn (memo); the few
        # reads of counters and zones first, what goes stale most often
        # (a player's position), the pieces' entities and whether any piece
        # has props (which seldom change) after them
        for name, items, by_value in self.small:
            seq = getattr(st, name)
            n = len(seq)
            for k, w in items:
                if k >= n:
                    return False
                v = seq[k]
                if v is not w and not (by_value and v == w) \
                        and not (type(v) is type(w) and type(v) in _SCALARS and v == w):
                    return False
        for name, obj in self.idents:
            if getattr(st, name) is not obj:
                return False
        for name, v in self.truths:
            if bool(getattr(st, name)) is not v:
                return False
        for name, get, want, top, by_value in self.lists:
            seq = getattr(st, name)
            if top >= len(seq):
                return False
            now = get(seq)
            if by_value is not False and (by_value is True or type(seq) is array):
                # equal is the same (_by_value): one C comparison, half the
                # instructions of ``is`` mapped over 54 pieces' zones
                if now != want:
                    return False
            elif not all(map(is_, now, want)) and not _equal(now, want, False):
                return False
        if self.props:
            get = st.props.get
            for k, w in self.props:
                v = get(k, MISSING)
                if v is not w and not (type(v) is type(w) and type(v) in _SCALARS and v == w):
                    return False
        for per, keys, want, missing in self.uses:
            now = tuple(map((st.uses.get(per) or _EMPTY).get, keys, missing))
            if not all(map(is_, now, want)) and not _equal(now, want, False):
                return False
        for name, w in self.fields:
            if not _same(getattr(st, name), w):
                return False
        for c in self.others:
            if not c(st):
                return False
        return True


def _by_value(name: str, want: tuple) -> Any:
    """How a list's many reads are compared again: True, by value (zones:
    tuples of piece ids, equal is the same); None, by value if the list is
    still an ``array`` (``p_zone``, ``p_owner``: ints only) and every value
    noted an int (so no ``0`` can pass for ``False``); False, each identical
    or an equal scalar of the same type (``_equal``)."""
    if name == "zones":
        return True
    if name in ("p_zone", "p_owner") and all(type(w) is int for w in want):
        return None
    return False


class _Runs:
    """Reads a list's ``keys`` (ascending) as the slices of its runs: keys
    less than ``_GAP`` apart share a run, the keys between them read too
    (reading more can only make an entry stale more often, never wrong).
    ``get`` called on an ``array`` gives its slice (a tuple of them, for
    several runs), equal iff every value in the runs is; ``top`` is the
    highest index read."""
    __slots__ = ("get", "top")

    def __init__(self, keys: tuple):
        runs, start, last = [], keys[0], keys[0]
        for k in keys[1:]:
            if k < last or k - last > _GAP:
                runs.append(slice(start, last + 1))
                start = k
            last = k
        runs.append(slice(start, last + 1))
        self.get = itemgetter(*runs)
        self.top = max(keys)


def _spans(keys: tuple) -> _Runs:
    """The runs of ``keys`` (a listing's host pieces: the same tuple at
    every listing of a tag set), made once per tuple."""
    hit = _RUNS.get(id(keys))
    if hit is not None and hit[0] is keys:
        return hit[1]
    if len(_RUNS) > 1024:       # a bound: host tuples are few (one per layout and tag set)
        _RUNS.clear()
    runs = _Runs(keys)
    _RUNS[id(keys)] = (keys, runs)
    return runs


_RUNS: dict = {}
# keys of a run at most this far apart share it (the first shipped pack:
# one listing's 54 host pieces are 6 runs with gaps of 1 or 2, read as 2)
_GAP = 4


# reads of one list up to which a check loops over (key, value) pairs; more
# are read by an itemgetter (made once, when the entry is first checked)
_SMALL = 8


_EMPTY: dict = {}


def _keyed(got: dict) -> tuple:
    """(keys, values, MISSING for each key) of a dict's reads."""
    keys = tuple(got)
    return keys, tuple(got.values()), tuple(repeat(MISSING, len(keys)))


def _equal(now: tuple, want: tuple, by_value: bool) -> bool:
    """Values read again, not all identical to those noted: the same values
    if equal and, but for zones (tuples of piece ids: equal is the same),
    each one identical or a scalar of the same type (``0`` never passes for
    ``False``; two equal lists are not known to stay equal)."""
    if now != want:
        return False
    if by_value:
        return True
    for a, b in zip(now, want):
        if a is not b and not (type(a) is type(b) and type(a) in _SCALARS):
            return False
    return True


def _same(a: Any, b: Any) -> bool:
    return a is b or (type(a) is type(b) and type(a) in _SCALARS and a == b)


def _truth_check(name: str, v: bool) -> Callable[[Any], bool]:
    return lambda st: bool(getattr(st, name)) is v


def _whole_check(name: str, snap: Any) -> Callable[[Any], bool]:
    if type(snap) is _Ident:
        obj = snap.obj
        return lambda st: getattr(st, name) is obj
    if type(snap) is _Uses:
        return lambda st: snap.same(st.uses)
    if type(snap) is _Deep:
        return lambda st: _strict_eq(copy_json(getattr(st, name)), snap.v)
    if type(snap) is dict:
        def dict_same(st):
            cur = getattr(st, name)
            return cur.keys() == snap.keys() and all(map(is_, map(cur.get, snap), snap.values()))
        return dict_same

    def seq_same(st):
        cur = getattr(st, name)
        return len(cur) == len(snap) and all(map(is_, cur, snap))
    return seq_same


class _Ident:
    """A container never changed in place (``p_ent``): its identity is its value."""
    __slots__ = ("obj",)

    def __init__(self, obj: Any):
        self.obj = obj


# --- recording ------------------------------------------------------------------

class ReadList(dict):
    """A list of the state read through the reads made so far: the dict
    itself holds them (index -> value), so a key read again is a dict hit in
    C, and only a key's first read (``__missing__``) is a Python call. The
    state does not change while requirements are checked, so the value kept
    is the value a read gives. Anything but a read by index (``len``, ``in``,
    iteration) reads the list whole; a write is refused."""
    __slots__ = ("_d", "_rec", "_name")

    def __init__(self, data: Any, rec: "_Recorder", name: str):
        super().__init__()
        self._d, self._rec, self._name = data, rec, name

    def __missing__(self, i: Any) -> Any:
        v = self._d[i]          # the list's own error for a bad index
        if type(i) is int and i >= 0:
            dict.__setitem__(self, i, v)
        else:
            self._rec._whole(self._name)
        return v

    def __setitem__(self, i: Any, v: Any) -> None:
        raise TypeError(f"the state is read-only while requirements are checked ({self._name})")

    __delitem__ = __setitem__

    def picked(self, getter: Any, keys: tuple) -> tuple:
        """``getter(list)`` for an ``itemgetter`` of ``keys`` (several), noted
        in one go: the getter and its answer are kept as they are, and the
        check asks the getter again (no entry per key to note, or to check)."""
        data = self._d
        vals = getter(data)
        if keys:
            if type(data) is array:
                # checked again as a few runs of the array, each compared as
                # one block (_spans): a slice and a C comparison, not a
                # Python int made and compared per key
                runs = _spans(keys)
                self._rec._reads.picks.append((self._name, runs.get, runs, runs.get(data)))
            else:
                self._rec._reads.picks.append((self._name, getter, keys, vals))
        return vals

    def noted(self) -> dict:
        """The reads made, as a plain dict."""
        return dict.copy(self)

    def __len__(self) -> int:
        self._rec._whole(self._name)
        return len(self._d)

    def __bool__(self) -> bool:
        return len(self) > 0

    def __iter__(self):
        self._rec._whole(self._name)
        return iter(self._d)

    def __contains__(self, x: Any) -> bool:
        self._rec._whole(self._name)
        return x in self._d

    def index(self, *a: Any) -> int:
        self._rec._whole(self._name)
        return self._d.index(*a)

    def count(self, x: Any) -> int:
        self._rec._whole(self._name)
        return self._d.count(x)


class _RDict:
    """A dict of the state (props, one usage table) whose key reads are noted.
    ``truth`` answers a test of emptiness alone (``if props and k in props``,
    on every piece attribute read), noted beforehand: the dict is not read
    whole for it."""
    __slots__ = ("_d", "_got", "_whole", "_truth")

    def __init__(self, data: dict, got: dict, whole: Callable[[], None], truth: bool | None = None):
        self._d, self._got, self._whole, self._truth = data, got, whole, truth

    def __bool__(self) -> bool:
        truth = self._truth
        if truth is None:
            self._whole()
            return bool(self._d)
        return truth            # noted when the recorder was made

    def get(self, k: Any, default: Any = None) -> Any:
        v = self._d.get(k, MISSING)
        self._got[k] = v
        return default if v is MISSING else v

    def __getitem__(self, k: Any) -> Any:
        v = self._d.get(k, MISSING)
        self._got[k] = v
        if v is MISSING:
            raise KeyError(k)
        return v

    def __contains__(self, k: Any) -> bool:
        v = self._d.get(k, MISSING)
        self._got[k] = v
        return v is not MISSING

    def __len__(self) -> int:
        self._whole()
        return len(self._d)

    def __iter__(self):
        self._whole()
        return iter(self._d)

    def keys(self):
        self._whole()
        return self._d.keys()

    def values(self):
        self._whole()
        return self._d.values()

    def items(self):
        self._whole()
        return self._d.items()

    def copy(self) -> dict:
        self._whole()
        return self._d.copy()


class _RUses:
    """``state.uses``: per -> a noted usage table."""
    __slots__ = ("_st", "_reads", "_rec")

    def __init__(self, st: Any, reads: Reads, rec: "_Recorder"):
        self._st, self._reads, self._rec = st, reads, rec

    def get(self, per: Any, default: Any = None) -> Any:
        table = self._st.uses.get(per)
        if table is None:
            self._rec._whole("uses")
            return default
        got = self._reads.uses.setdefault(per, {})
        return _RDict(table, got, lambda: self._rec._whole("uses"))

    def __getitem__(self, per: Any) -> Any:
        out = self.get(per, MISSING)
        if out is MISSING:
            raise KeyError(per)
        return out

    def __iter__(self):
        self._rec._whole("uses")
        return iter(self._st.uses)

    def items(self):
        self._rec._whole("uses")
        return self._st.uses.items()

    def values(self):
        self._rec._whole("uses")
        return self._st.uses.values()


class _Recorder:
    """Stands for the state while a listing is computed: reads pass through
    and are noted in ``reads``. Rules never change the state while they
    check requirements; a write here is refused (AttributeError).

    Two reads that nearly every listing makes are noted when the recorder is
    made, not at each read (a Python call per read is what recording
    costs): ``p_ent`` (the tuple of piece entities, replaced only when a
    piece is created) by identity, and whether ``props`` is empty (asked
    before each piece attribute read). Noting a read that is then not made
    can only make an entry stale more often, never wrong."""

    __slots__ = ("_st", "_reads", "counters", "zones", "p_zone", "p_owner", "props", "uses", "p_ent")

    def __init__(self, st: Any, reads: Reads):
        # the noted containers are made on first use (``__getattr__``): a
        # host's requirements read two or three of them
        object.__setattr__(self, "_st", st)
        object.__setattr__(self, "_reads", reads)
        reads.truth["props"] = bool(st.props)
        p_ent = st.p_ent
        object.__setattr__(self, "p_ent", p_ent)
        if "p_ent" not in reads.whole:
            reads.whole["p_ent"] = _Ident(p_ent)       # replaced, never changed in place

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"the state is read-only while requirements are checked ({name})")

    def __getattr__(self, name: str) -> Any:
        # an unset slot (a noted container, made now) or any other field:
        # scalars by value, containers whole
        st, reads = self._st, self._reads
        if name in _LISTS:
            v = ReadList(getattr(st, name), self, name)
            got = getattr(reads, name)
            if got:                     # reads handed up by a listing computed inside this one
                dict.update(v, got)
            setattr(reads, name, v)     # the reads are the list's own dict (Reads.done)
        elif name == "props":
            v = _RDict(st.props, reads.props, lambda: self._whole("props"), reads.truth["props"])
        elif name == "uses":
            v = _RUses(st, reads, self)
        else:
            v = getattr(st, name)
            if type(v) in _SCALARS:
                reads.fields[name] = v
            else:
                self._whole(name)
            return v
        object.__setattr__(self, name, v)
        return v

    def _whole(self, name: str) -> None:
        reads = self._reads
        if name in reads.whole:
            return
        v = getattr(self._st, name)
        if name == "uses":
            reads.whole[name] = _Uses({per: dict(t) for per, t in v.items()})
        elif name == "props" or name in _LISTS:
            reads.whole[name] = dict(v) if type(v) is dict else tuple(v)
        elif type(v) is tuple:
            reads.whole[name] = _Ident(v)       # replaced, never changed in place (p_ent)
        else:                                   # a field rules do not read: a deep copy
            reads.whole[name] = _Deep(copy_json(v))


class _Deep:
    """A deep copy of a field, compared value by value (types included)."""
    __slots__ = ("v",)

    def __init__(self, v: Any):
        self.v = v


def _strict_eq(a: Any, b: Any) -> bool:
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(_strict_eq(x, b[k]) for k, x in a.items())
    if type(a) in (list, tuple):
        return len(a) == len(b) and all(map(_strict_eq, a, b))
    return a == b


class _Uses:
    """A copy of every usage table."""
    __slots__ = ("tables",)

    def __init__(self, tables: dict):
        self.tables = tables

    def same(self, uses: dict) -> bool:
        if uses.keys() != self.tables.keys():
            return False
        for per, snap in self.tables.items():
            cur = uses[per]
            if cur.keys() != snap.keys() or not all(_same(cur[k], v) for k, v in snap.items()):
                return False
        return True


# --- the cache ------------------------------------------------------------------

class Entry:
    """One computation kept: its value, its reads (and their check, made
    when first needed), and the budget it charged."""
    __slots__ = ("result", "reads", "cost", "check")

    def __init__(self, result: Any, reads: Reads, cost: int):
        self.result, self.reads, self.cost = result, reads, cost
        self.check: _Check | None = None

    def valid(self, st: Any) -> bool:
        """Whether every read of this entry gives the same value in ``st``."""
        c = self.check
        if c is None:
            c = self.check = _Check(self.reads)
        return c.valid(st)


class Slot:
    """What a key keeps: its last few entries (the latest first; a position
    left and come back to, say, finds its listing again) and how well they
    have been holding."""
    __slots__ = ("kept", "score", "skip", "backoff", "hit")

    def __init__(self) -> None:
        self.kept: list[Entry] = []
        self.score = _RATE0      # how often an entry held, recently
        self.skip = 0            # plain computations left before the key is looked up again
        self.backoff = _SKIP     # the next skip
        self.hit = False         # a hit since the key was last given up


class Cache:
    """Listings by (player, tags), each with its reads. ``hits``/``misses``
    count answers (for benchmarks and tests)."""

    __slots__ = ("entries", "check", "cheap", "hits", "misses", "plain", "walked", "_recording", "_fresh", "_depth")

    def __init__(self, check: bool | None = None, cheap: int | None = None):
        self.entries: dict[Any, Slot] = {}
        self.check = checking() if check is None else check
        self.cheap = _CHEAP if cheap is None else cheap     # see memo
        self.hits = 0
        self.misses = 0
        self.plain = 0           # computed without looking up or recording (see memo)
        self.walked = 0          # hosts walked by computations (told by the caller): their work, with the budget's
        self._recording: list[Reads] = []
        # the entry of each key checked or made during the outermost listing
        # under way: the state does not change until it ends
        self._fresh: dict = {}
        self._depth = 0


def listing(m: Any, p: int, tags: frozenset, compute: Callable[[Any, int, frozenset], list]) -> list:
    """``compute(m, p, tags)`` through the machine's cache (made on first use);
    the caller owns the list."""
    return list(memo(m, p, tags, compute))


def count(m: Any, p: int, tags: frozenset, compute: Callable[[Any, int, frozenset], list]) -> int:
    """``len(listing(m, p, tags, compute))``, the listing not copied."""
    return len(memo(m, p, tags, compute))


def memo(m: Any, p: int, tags: frozenset, compute: Callable[[Any, int, frozenset], list]) -> list:
    """``compute(m, p, tags)`` (which reads the state through ``m.st`` only),
    or the value it gave under the key ``(p, tags)`` while every read it made
    still holds. A value given here is shared: the caller must not change it.

    Recording costs time: a key whose kept values are seldom valid any more
    is computed plainly, unrecorded, for a while (unless a recording listing
    needs its reads). That choice changes only the speed, never a value.

    The depth count tells when the outermost listing ends (and the entries
    it checked go stale). Written as one function, the look-up of the kept
    entries (``Slot.find``) inline: every listing and every `actions_open`
    count passes here, most of them computed plainly or kept (a call less
    each is ~1 % of a random step)."""
    cache = m.legality
    if cache is None:
        cache = m.legality = Cache()
    key = (p, tags)
    cache._depth += 1
    try:
        rec = cache._recording
        slot = cache.entries.get(key)
        if slot is None:
            slot = cache.entries[key] = Slot()
        elif slot.kept:
            e = cache._fresh.get(key)
            b = m.budget
            if e is None or b.steps < e.cost:
                if slot.skip and not rec:
                    slot.skip -= 1
                    cache.plain += 1
                    return compute(m, p, tags)
                st = m.st
                real = st._st if type(st) is _Recorder else st
                # the first kept entry whose reads all hold (and whose charge
                # the budget left can pay), moved to the front
                e = None
                kept, steps = slot.kept, b.steps
                for i, k in enumerate(kept):
                    if steps >= k.cost:
                        c = k.check
                        if c is None:
                            c = k.check = _Check(k.reads)
                        if c.valid(real):
                            if i:
                                del kept[i]
                                kept.insert(0, k)
                            e = k
                            break
            if e is not None:
                if cache.check:
                    _compare(m, compute, (m, p, tags), e.result, key)
                cache.hits += 1
                cache._fresh[key] = e
                slot.score += (1.0 - slot.score) * _ALPHA
                slot.hit = True
                b.steps -= e.cost
                if rec:
                    rec[-1].merge(e.reads)
                return e.result
            slot.score -= slot.score * _ALPHA
            if slot.score < _GIVE_UP:
                # a key given up again without a single hit since (a listing whose
                # own actions change what it reads) is tried twice as seldom
                slot.backoff = _SKIP if slot.hit else min(2 * slot.backoff, _SKIP_MAX)
                slot.score, slot.skip, slot.hit = _RETRY, slot.backoff, False
                if not rec:
                    cache.plain += 1
                    return compute(m, p, tags)
        return _recorded(m, cache, slot, key, compute)
    finally:
        cache._depth -= 1
        if not cache._depth:
            cache._fresh.clear()


def _recorded(m: Any, cache: Cache, slot: Slot, key: tuple, compute: Callable) -> list:
    """A miss: ``compute`` run with ``m.st`` a recorder, its value kept with its reads."""
    cache.misses += 1
    rec = cache._recording
    st = m.st
    real = st._st if type(st) is _Recorder else st
    b = m.budget
    reads = Reads()
    rec.append(reads)
    m.st = _Recorder(real, reads)
    before, walked = b.steps, cache.walked
    try:
        out = compute(m, key[0], key[1])
    finally:
        m.st = st
        rec.pop()
        reads.done()
    # an idle budget never runs out (it refills): its count is not kept
    spent = before - b.steps
    cost = spent if b.armed else 0
    if rec:
        rec[-1].merge(reads)
    elif max(spent, 0) + cache.walked - walked < cache.cheap:
        # cheaper to compute than to look up and record (a listing of a
        # tag few hosts carry): computed plainly for a long while
        slot.skip = slot.backoff = _SKIP_MAX
    e = Entry(out, reads, cost)
    kept = slot.kept
    kept.insert(0, e)
    if len(kept) > _KEEP:
        kept.pop()
    cache._fresh[key] = e
    return out


# A key's score is a moving average of how often its entry held (each
# look-up weighs _ALPHA): one below _GIVE_UP is computed plainly for a while.
# A listing whose entry holds two times in three (an `actions_open` listing
# of a player who moves about) misses in streaks: a count of misses gave
# it up after four in a row, and lost a third of its hits (the first
# shipped pack, random play); an average gives it up after about nine.
# A new key starts low and a key tried again is given up after two misses:
# main listings, which never hold, were recorded 192 times in three random
# games (0.5 and 0.3), 96 times now, for 50 of 4,100 hits lost.
_ALPHA = 0.125
_RATE0 = 0.35    # a new key: given up after 5 misses
_GIVE_UP = 0.2
_RETRY = 0.25    # a key tried again after a while: given up after 2 misses
_SKIP = 16       # then how many times it is computed plainly (not looked up) before it is tried again
_SKIP_MAX = 1024
# A computation whose work (budget steps charged, hosts walked) is below
# _CHEAP costs less than recording it and checking it again: the first
# shipped pack, random play, one of its nested listings (median 32 steps
# and 3 hosts, holding two times in three) cost three times more with the
# cache than without; its costliest nested listing (154 steps, 17 hosts)
# is the one the cache pays for.
_CHEAP = 64
# entries kept per key: the first shipped pack, random play, its costliest
# `actions_open` listing, hits by entries kept (zones compared by value;
# 1 = the latest only): 1: 1244, 2: 1282, 4: 1311, 8: 1330, unbounded 1334,
# of 1788 look-ups. More than 2 bought no time: the garbage collector had
# more to walk (0.24 s vs 0.20 s of 2.0 s CPU, 3 games) and a miss tries
# every entry kept.
_KEEP = 2


def _compare(m: Any, compute: Callable, args: tuple, cached: Any, key: tuple) -> None:
    """The check mode: the cached answer against a fresh one, with no cache."""
    saved, st, b = m.legality, m.st, m.budget
    real = st._st if type(st) is _Recorder else st
    steps = b.steps
    m.legality = NoCache()
    m.st = real
    try:
        fresh = compute(*args)
    finally:
        m.legality, m.st = saved, st
        b.steps = steps
    if fresh != cached:
        raise AssertionError(f"legality cache: {key!r} gave {cached!r}, a fresh computation gives {fresh!r}")


class NoCache:
    """Stands for a cache that keeps nothing: every listing is computed."""
    __slots__ = ()
