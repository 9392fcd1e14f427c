"""The game state: plain data, flat and integer-indexed.

Everything a game is lives here — including a decision waiting half-way
through an effect (the frame stack) — as ints, strings, lists and dicts, so
``to_json`` is a deep copy and ``clone`` is a structure-aware shallow copy.

Layout (indexes come from the rules' ``Layout`` for the player count):

- pieces are parallel sequences indexed by piece id: ``p_ent`` (entity id;
  a tuple, replaced when a piece is created, so clones share it), ``p_zone``
  (zone slot or -1 = out of play), ``p_owner`` (player or -1 = none; saved
  as None); these two are ``array("i")``, which copies as one block and
  which the garbage collector never walks (a list of 600 pieces, copied by
  every clone, made the collector a third of a clone's cost; compare them
  as lists: ``list(st.p_zone) == [...]``);
  ``props`` holds values set on pieces, keyed ``"<piece>:<name>"``;
- ``zones[slot]`` is the tuple of piece ids in a zone (index 0 = top); a
  change replaces the tuple, so a clone shares every zone it has not changed;
- ``counters[slot]`` is a counter value;
- ``stack`` holds frames ``{"code", "pc", "locals", ...}``;
- ``queue`` holds triggered effects waiting to resolve;
- ``log`` holds actions, events and table talk: a ``record.Log``, this
  state's cursor on an append-only record shared by clones (``record.py``);
  ``log_from`` is how many entries came before it (a snapshot saved without
  its history starts its log afresh, and the game goes on exactly as it
  would have);
- ``handles[i]`` is the handle seats see for start piece ``i`` (a per-game
  permutation, see ``handles.py``); ``known`` lists private reveals as
  ``[seat, piece, zone slot, log position]`` (see ``reveal.py``).

Why clone is cheap: values stored in the state are never mutated in place
(lists held in counters, locals, props, pending decisions, ``handles`` or
``known`` are replaced, never appended to), so only the containers the
interpreter *does* mutate in place need copies: the piece zone and owner
arrays, the zone list (of shared tuples), the counters, the usage tables,
each frame and its locals and the queue. A clone shares even those until
either side plays (copy on write, ``State.own``), and the copy is then the
one the action's rollback snapshot (``keep``) needed anyway. The log is not
copied: a clone copies a cursor on the shared record.
"""

from __future__ import annotations

from array import array
from typing import Any

from .plain import copy_json
from .record import Log, rewind

FIELDS = (
    "players", "options", "seed", "rng", "p_ent", "p_zone", "p_owner", "props",
    "zones", "counters", "round", "turn", "current", "uses", "stack", "edepth",
    "pending", "decision", "queue", "log", "log_from", "forced", "seq", "over", "winner", "result",
    "handles", "known",
)

# the fields an action may change (State.keep); the others (players,
# options, seed, handles, log_from and the log object itself) only change
# outside actions
_KEPT = ("rng", "p_ent", "p_zone", "p_owner", "props", "zones", "counters", "round", "turn", "current",
         "uses", "stack", "edepth", "pending", "decision", "queue", "forced", "seq", "over", "winner",
         "result", "known")

# the fields to_json copies with copy_json (the others are flat, or the log)
_NESTED = tuple(f for f in FIELDS if f not in ("p_ent", "p_zone", "p_owner", "handles", "zones", "log"))


class State:
    # ``shared``: the containers an action changes in place are another
    # state's too (a clone and its original): copy them before changing any
    # (``own``; ``keep`` does it on the way). Not a field: never saved.
    __slots__ = FIELDS + ("shared",)

    def clone(self) -> "State":
        """A state equal to this one that plays on independently. Copy on
        write: the clone shares every container, both sides are marked
        ``shared``, and whichever plays first copies what it changes in place
        (``keep``, at the start of an action). A search clones and then plays
        the clone, so the copy an action's rollback snapshot needs anyway is
        the only copy made, where copying here made two."""
        c = State.__new__(State)
        c.players = self.players
        c.options = self.options
        c.seed = self.seed
        c.rng = self.rng
        c.p_ent = self.p_ent
        c.p_zone = self.p_zone
        c.p_owner = self.p_owner
        c.props = self.props
        c.zones = self.zones
        c.counters = self.counters
        c.round = self.round
        c.turn = self.turn
        c.current = self.current
        c.uses = self.uses
        c.stack = self.stack
        c.edepth = self.edepth
        c.pending = self.pending
        c.decision = self.decision
        c.queue = self.queue
        c.log = self.log.clone()
        c.log_from = self.log_from
        c.forced = self.forced
        c.seq = self.seq
        c.over = self.over
        c.winner = self.winner
        c.result = self.result
        c.handles = self.handles
        c.known = self.known
        c.shared = self.shared = True
        return c

    def own(self) -> None:
        """Copy the containers an action changes in place, if another state
        shares them (``clone``): the piece zone and owner arrays, the zone
        list (of shared tuples), the counters, props, the use tables, each
        frame and its locals, the queue and the forced rolls."""
        if not self.shared:
            return
        self.p_zone = self.p_zone.__copy__()
        self.p_owner = self.p_owner.__copy__()
        self.props = self.props.copy()
        self.zones = self.zones.copy()
        self.counters = self.counters.copy()
        u = self.uses
        self.uses = {per: table.copy() for per, table in u.items()}
        self.stack = _frames(self.stack)
        self.queue = self.queue.copy()
        self.forced = self.forced.copy()
        self.shared = False

    def keep(self) -> tuple:
        """What ``restore`` needs to put this state back exactly as it is now
        (``Game.apply`` rolls back with it): the fields an action may change
        (``_KEPT``, in that order), with a copy of each container it changes
        in place (the copies are the snapshot's: the state goes on with its
        own, so nothing made here outlives the action), then the use tables,
        the log's cursor and whether the containers were shared. Cheaper than
        ``clone``: no State is made, the fields no action changes are not
        read, and an empty ``props``, ``queue`` or ``forced`` is not copied
        (an action can only add to them: ``restore`` makes them empty again).
        A shared state keeps the shared containers themselves (nobody changes
        them) and goes on with copies (``own``): one copy, not two. Written
        out, not a loop or an ``attrgetter``: this runs before every action."""
        u = self.uses
        lg = self.log
        if self.shared:
            kept = (self.rng, self.p_ent, self.p_zone, self.p_owner, self.props, self.zones, self.counters,
                    self.round, self.turn, self.current, u, self.stack, self.edepth, self.pending,
                    self.decision, self.queue, self.forced, self.seq, self.over, self.winner, self.result,
                    self.known, u, lg.back, lg.page, len(lg.page), lg.n0, True)
            self.own()
            return kept
        return (self.rng, self.p_ent, self.p_zone.__copy__(), self.p_owner.__copy__(),
                self.props.copy() if self.props else None, self.zones.copy(), self.counters.copy(),
                self.round, self.turn, self.current, u, _frames(self.stack), self.edepth, self.pending,
                self.decision, self.queue.copy() if self.queue else None,
                self.forced.copy() if self.forced else None,
                self.seq, self.over, self.winner, self.result, self.known,
                {"turn": u["turn"].copy(), "round": u["round"].copy(), "game": u["game"].copy()},
                lg.back, lg.page, len(lg.page), lg.n0, False)

    def restore(self, kept: tuple) -> None:
        """Back to the state ``keep`` saw (the log forgets what came since)."""
        for name, v in zip(_KEPT, kept):
            setattr(self, name, v)
        if self.props is None:
            self.props = {}
        if self.queue is None:
            self.queue = []
        if self.forced is None:
            self.forced = {}
        n = len(_KEPT)
        tables = kept[n]
        # the tables in the order they came (as a loaded save had them)
        self.uses = {per: tables[per] for per in self.uses}
        self.shared = kept[-1]
        rewind(self.log, kept[n + 1:-1])

    def to_json(self, log: bool = True) -> dict[str, Any]:
        """A JSON-ready dict the caller owns: a deep copy, so editing any
        container in it changes nothing in the game (and editing the game
        nothing in it). ``log=False`` leaves the history out: rules never
        read the log, so the game goes on the same, and the snapshot stays
        small. The log is saved as ``{"size": entries, "chunks": [JSON text
        of an array of entries, ...]}``, each entry encoded once (record.py)."""
        out = {name: copy_json(getattr(self, name)) for name in _NESTED}
        # flat sequences of strings, ints and None: copied whole
        out["p_ent"], out["p_zone"] = list(self.p_ent), self.p_zone.tolist()
        out["p_owner"] = [None if o < 0 else o for o in self.p_owner]
        out["handles"], out["zones"] = list(self.handles), [list(pile) for pile in self.zones]
        if log:
            out["log"] = {"size": len(self.log), "chunks": self.log.chunks()}
        else:
            out["log"] = {"size": 0, "chunks": []}
            out["log_from"] = self.log_from + len(self.log)
        return {name: out[name] for name in FIELDS}

    @staticmethod
    def from_json(fields: dict[str, Any]) -> "State":
        """The state made of ``fields`` as ``save_check.checked_fields``
        returns them: checked, and copied from the caller's data (which the
        state must never share). Load a save with ``Game.from_json``."""
        s = State.__new__(State)
        for name in FIELDS:
            setattr(s, name, fields[name])
        s.p_zone = array("i", s.p_zone)
        s.p_owner = array("i", [-1 if o is None else o for o in s.p_owner])
        s.shared = False
        return s


def _frames(stack: list) -> list:
    """A copy of the frame stack: each frame and its locals. A loop of
    ``dict.copy``: valgrind counted ``{**f, "locals": ...}`` in a comprehension
    at 14.4 k instructions against 10.1 k (branch listmach)."""
    out = []
    for f in stack:
        g = f.copy()
        g["locals"] = f["locals"].copy()
        out.append(g)
    return out


def new_state(layout: Any, names: list[str], seed: int, options: dict | None) -> State:
    """The state before setup runs: pieces at their start, counters initial."""
    from .handles import handles_for
    from .rng import seed_state
    s = State.__new__(State)
    s.players = list(names)
    s.options = dict(options or {})
    s.seed = seed
    s.rng = seed_state(seed)
    s.p_ent = layout.start_entities
    s.p_zone = array("i", [z for _, z, _ in layout.start_pieces])
    s.p_owner = array("i", [-1 if o is None else o for _, _, o in layout.start_pieces])
    s.props = {}
    piles: list[list[int]] = [[] for _ in layout.z_id]
    for pid, slot in enumerate(s.p_zone):
        if slot >= 0:
            piles[slot].append(pid)
    s.zones = [tuple(p) for p in piles]
    s.counters = list(layout.c_initial)
    s.round, s.turn, s.current = 0, 0, None
    s.uses = {"turn": {}, "round": {}, "game": {}}
    s.stack, s.edepth = [], 0
    s.pending, s.decision = None, 0
    s.queue, s.log, s.log_from, s.forced, s.seq = [], Log(), 0, {}, 0
    s.over, s.winner, s.result = False, None, None
    s.handles = handles_for(seed, len(layout.start_pieces))
    s.known = []
    s.shared = False
    return s
