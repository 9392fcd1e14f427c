"""A game as one seat might believe it is: ``Game.determinise(seat, rng)``.

Search bots that may not peek play on *determinisations*: copies of the game
that agree with everything the seat sees and resample everything it does
not. What is resampled:

- **Pieces the seat does not see** (in zones hidden from it, and not shown
  to it by a private reveal that still holds) are dealt again among the
  places those pieces occupy: every hidden zone keeps its count (which the
  seat sees), pieces the seat sees stay where they are, and a hidden piece
  only trades places with a hidden piece of the same kind — a piece's kind
  is treated as its card back (a deck of one kind of card stays that kind).
  The order of hidden stacks is shuffled with them.
  Nothing is renamed: the pieces themselves move, and every reference the
  game holds to a hidden piece (locals of a half-finished effect, the
  queue, the pending decision, counters and properties, other seats'
  private reveals) follows the *place*, so an effect that had bound "the
  top card" still has the top card — now whatever card lies there.
- **Answers to a simultaneous decision** (`choose each`) that other seats
  gave and the seat has not seen yet are dealt again, each uniformly among
  the options that seat had: the seat plans as if it did not know them.
- **The random stream** is reseeded from ``rng``, and forced dice (set by
  scenarios) are dropped: the seat never learns future rolls or draws.
- **The log** is left out by default (``log=False``): the raw log names the
  true places of hidden pieces, and searching needs no history. The seat's
  view of a determinisation (without the log) is the seat's view of the
  game, entry for entry.

What the seat once saw and then lost sight of (a card it passed to another
hand, a card shuffled back into a deck) is not remembered here: a
determinisation may put another card of that kind there. That forgets, it
never leaks.
"""

from __future__ import annotations

import random
from typing import Any

from ..engine import rng as _rng
from ..engine.record import Log
from .filter import Sight


def determinise(game: Any, seat: int, rng: Any, log: bool = False) -> Any:
    """A clone of ``game`` consistent with what ``seat`` sees (see the module)."""
    return Deals(game, seat).deal(rng, log)


class Deals:
    """Determinisations of one position for one seat. The hidden places are
    found once (walking every piece through the seat's sight is the dear
    part); each ``deal`` is then a clone and a shuffle. A search dealing
    hundreds of determinisations of the position it stands in makes one.
    The game must not change between deals."""

    __slots__ = ("game", "seat", "places", "nested")

    def __init__(self, game: Any, seat: int):
        self.game = game
        self.seat = seat
        m = game.m
        st = m.st
        sight = Sight(m, seat)
        entities = m.R.entities
        # the hidden places of each kind, in a fixed order (zone, then place in it),
        # and the pieces there; the deal below depends on these sets alone, never
        # on which piece stands where, so it tells nothing of the true places
        places: dict[Any, list[int]] = {}
        for pile in st.zones:
            for pid in pile:
                if not sight.sees(pid):
                    e = entities.get(st.p_ent[pid])
                    places.setdefault(e.get("kind") if e else None, []).append(pid)
        # the properties that may hold a piece reference (the rest are plain
        # numbers and strings, the same in every deal)
        self.nested = [k for k, v in st.props.items() if type(v) in _NESTED]
        self.places = [(places[k], sorted(places[k])) for k in sorted(places, key=lambda k: (k is None, str(k)))
                       if len(places[k]) > 1]

    def deal(self, rng: Any, log: bool = False) -> Any:
        """A clone of the game, its hidden pieces and random stream dealt anew from ``rng``."""
        if isinstance(rng, int):
            rng = random.Random(rng)
        g = self.game.clone()
        st = g.state     # its own containers: the deal changes them in place
        # sigma[x] = the piece that now stands where x stood
        sigma: dict[int, int] = {}
        for occupants, pieces in self.places:
            dealt = list(pieces)
            rng.shuffle(dealt)
            for old, new in zip(occupants, dealt):
                if old != new:
                    sigma[old] = new
        if sigma:
            _move(st, sigma, self.nested)
        if st.pending is not None and "waiting" in st.pending:
            _redeal_answers(st, self.seat, rng)
        st.rng = _rng.seed_state(rng.getrandbits(64))
        st.forced = {}
        if not log:
            st.log_from += len(st.log)
            st.log = Log()
        return g


_NESTED = (dict, list, tuple)


def _move(st: Any, sigma: dict[int, int], nested: list) -> None:
    p_zone, p_owner = st.p_zone, st.p_owner
    old_zone = {x: p_zone[x] for x in sigma}
    old_owner = {x: p_owner[x] for x in sigma}
    slots = set(old_zone.values())
    for x, y in sigma.items():
        p_zone[y] = old_zone[x]
        p_owner[y] = old_owner[x]
    for s in slots:
        st.zones[s] = tuple(sigma.get(p, p) for p in st.zones[s])
    sub = _Sub(sigma)
    st.counters = [sub(v) for v in st.counters]
    props = dict(st.props)
    for k in nested:
        props[k] = sub(props[k])
    st.props = props
    st.stack = [sub(f) for f in st.stack]
    st.queue = [sub(q) for q in st.queue]
    if st.pending is not None:
        pending = sub(st.pending)
        opts = pending.get("options")
        if isinstance(opts, list):
            pending["options"] = [dict(o, source=sigma.get(o["source"], o["source"]))
                                  if isinstance(o, dict) and type(o.get("source")) is int else o for o in opts]
        st.pending = pending
    st.known = [[who, sigma.get(pid, pid), slot, pos] for who, pid, slot, pos in st.known]


def _redeal_answers(st: Any, seat: int, rng: Any) -> None:
    """A simultaneous decision under way (decisions.each): the answers the
    other seats have given, which ``seat`` does not see, dealt again, each
    uniformly among that seat's options; its own answer stays."""
    fr = st.stack[-1]
    k = fr["pc"] - 2
    loc = dict(fr["locals"])
    asked, got = loc[f"${k}q"], loc[f"${k}a"]
    loc[f"${k}a"] = [rng.randrange(len(values)) if g is not None and g >= 0 and who != seat else g
                     for (who, values), g in zip(asked, got)]
    st.stack = st.stack[:-1] + [{**fr, "locals": loc}]


class _Sub:
    """A copy of a value with every piece reference ``{"piece": x}`` renamed by sigma."""
    __slots__ = ("sigma",)

    def __init__(self, sigma: dict[int, int]):
        self.sigma = sigma

    def __call__(self, v: Any) -> Any:
        t = type(v)
        if t is dict:
            pid = v.get("piece")
            if type(pid) is int and len(v) == 1:
                return {"piece": self.sigma.get(pid, pid)}
            return {k: self(x) for k, x in v.items()}
        if t is list:
            return [self(x) for x in v]
        if t is tuple:
            return tuple(self(x) for x in v)
        return v
