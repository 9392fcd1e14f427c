"""One function per entry of ``signatures.PRIMITIVES``, under the same name.

Each takes ``(m, loc, *args)`` in the signature's parameter order, with the
signature's defaults; ``who`` defaulting to none means the acting player.
Primitives change the state and emit the events their signature lists.
Event payloads are exactly ``signatures.EVENTS``; notes:

- ``gained`` / ``lost`` / ``paid``: ``amount`` is what actually changed;
  ``who`` is none for a global counter;
- ``moved``: ``source`` and ``to`` are zones (a space is its id string),
  none = out of play.
"""

from __future__ import annotations

from typing import Any

from . import access, outcome, rng
from .access import counter_slot, counter_store, me_of, piece_id, zone_slot, zone_value
from waybill.spec.errors import RuleError, Stop
from .events import emit, emit_counter, moved_args, moved_entry
from .reveal import reveal  # noqa: F401  (its own module: private reveals, views)
from .limits import MAX_INT, check_count, over_message, spend
from .ordering import order_key


def _who(m: Any, loc: dict, cid: str, who: Any) -> Any:
    if m.R.counters.get(cid, {}).get("scope") == "global":
        return None
    return who if who is not None else me_of(m, loc)


def checked_amount(amount: Any) -> int:
    if type(amount) is not int:
        raise RuleError(f"expected a number, got {amount!r}")
    if amount < 0:
        raise RuleError(f"amount must not be negative, got {amount}")
    return amount


def gain(m: Any, loc: dict, counter: str, amount: int, who: Any = None) -> None:
    who = _who(m, loc, counter, who)
    slot = counter_slot(m, counter, who, loc)
    before = m.st.counters[slot]
    after = counter_store(m, slot, before + checked_amount(amount))
    emit_counter(m, "gained", counter, after - before, who)


def known_counter(rules: Any, cid: Any) -> tuple | None:
    """What ``gain_known`` needs of counter ``cid``, known before any game:
    (id, global?, min, max, its place in the layout's ``c_slots``), the
    bounds as access.counter_store enforces them; None if no such counter."""
    decl = rules.counters.get(cid) if type(cid) is str else None
    if decl is None:
        return None
    lo, hi = decl.get("min"), decl.get("max")
    if lo is None and decl.get("resource"):
        lo = 0
    at = next(i for i, c in enumerate(rules.counter_list) if c["id"] == cid)
    return (cid, decl["scope"] == "global", lo, hi, at)


def gain_known(m: Any, loc: dict, spec: tuple, amount: Any, who: Any) -> None:
    """``gain`` of a counter known when the code was generated (``spec``:
    ``known_counter``), for the compiled engine: the counter written at once
    and its event built only if observed. Anything unusual (not a whole
    amount, a bound to enforce, a number out of range, no player of this
    game) is left to ``gain``, which does or says the same as always."""
    cid, glob, lo, hi, at = spec
    if type(amount) is int and amount >= 0:
        slots = m.L.c_slots[at]
        if glob:
            who = None
            slot = slots
        else:
            if who is None:
                who = loc["me"] if "me" in loc else me_of(m, loc)
            p = who.get("player") if type(who) is dict else None
            slot = slots[p] if type(p) is int and 0 <= p < len(slots) else None
        if slot is not None:
            counters = m.st.counters
            before = counters[slot]
            value = before + amount if type(before) is int else None
            if type(value) is int and (hi is None or value <= hi) and (lo is None or value >= lo) \
                    and value <= MAX_INT:
                counters[slot] = value
                emit_counter(m, "gained", cid, amount, who)
                return
    gain(m, loc, cid, amount, who)


def lose(m: Any, loc: dict, counter: str, amount: int, who: Any = None) -> None:
    who = _who(m, loc, counter, who)
    slot = counter_slot(m, counter, who, loc)
    before = m.st.counters[slot]
    after = counter_store(m, slot, before - checked_amount(amount), clamp=True)
    emit_counter(m, "lost", counter, before - after, who)


def pay(m: Any, loc: dict, counter: str, amount: int, who: Any = None) -> None:
    who = _who(m, loc, counter, who)
    slot = counter_slot(m, counter, who, loc)
    before = m.st.counters[slot]
    amount = checked_amount(amount)
    decl = m.R.counters[counter]
    lo = decl.get("min")
    lo = (0 if decl.get("resource") else None) if lo is None else lo
    if lo is not None and before - amount < lo:
        raise Stop(f"cannot pay {amount} {counter} (has {before})", "engine-cannot-pay",
                   {"amount": amount, "counter": counter, "has": before})
    counter_store(m, slot, before - amount)
    emit_counter(m, "paid", counter, amount, who)


# --- pieces ------------------------------------------------------------------

def sorted_pile(m: Any, pile: tuple, key: Any, of: Any) -> tuple:
    """A zone that keeps itself sorted (`sort: KEY`): its pieces ordered by
    KEY of each (`self`; `owner` the zone's), lowest first; equal keys keep
    the order they stood in (a piece entering goes after its equals on an
    unordered zone, before them on an ordered one, as `move` puts it)."""
    owner = None if of is None else m.L.player_refs[of]
    keys = {p: order_key(key(m, {"self": {"piece": p}, "owner": owner})) for p in pile}
    return tuple(sorted(pile, key=keys.__getitem__))


def place(m: Any, pid: int, slot: int, position: str = "top") -> None:
    """Move one piece to a zone slot (-1 = out of play) and emit ``moved``.
    (Written out, not calls: this runs for every piece moved. While no
    trigger listens to ``moved``, its log entry is a recipe, as
    events.emit_made writes it, without emit_made's argument tuples.)"""
    st, lay = m.st, m.L
    zones = st.zones
    old = st.p_zone[pid]
    if slot >= 0 and (lay.z_accepts[slot] is not None or lay.z_capacity[slot] is not None):
        _check_room(m, pid, slot)
    if old >= 0:
        pile = zones[old]
        if pile[0] == pid:          # the top (a draw, most moves)
            zones[old] = pile[1:]
        else:
            i = pile.index(pid)
            zones[old] = pile[:i] + pile[i + 1:]
    if slot >= 0:
        dest = zones[slot]
        if lay.z_ordered[slot] and position != "bottom":
            zones[slot] = (pid,) + dest
        else:
            zones[slot] = dest + (pid,)
        if lay.z_sort[slot] is not None:
            zones[slot] = sorted_pile(m, zones[slot], lay.z_sort[slot], lay.z_of[slot])
        of = lay.z_of[slot]
        if of is not None:
            st.p_owner[pid] = of
    st.p_zone[pid] = slot
    if "moved" in m.R.triggers:
        emit(m, "moved", moved_args(lay, pid, old, slot))
        return
    st.seq += 1
    if st.seq > m.budget.last_event:
        m.budget.exhausted("events")
    lg = st.log
    (lg.page if not lg.shared else lg.own()).extend((5, moved_entry, lay, pid, old, slot))


def without(pile: tuple, pid: int) -> tuple:
    """A zone's tuple of pieces without one piece."""
    i = pile.index(pid)
    return pile[:i] + pile[i + 1:]


def _check_room(m: Any, pid: int, slot: int) -> None:
    lay = m.L
    accepts = lay.z_accepts[slot]
    if accepts is not None:
        kind = m.R.entities[m.st.p_ent[pid]].get("kind")
        if kind not in accepts:
            raise RuleError(f"zone {lay.z_id[slot]!r} does not accept {kind!r}")
    cap = lay.z_capacity[slot]
    if cap is not None and len(m.st.zones[slot]) >= cap and m.st.p_zone[pid] != slot:
        raise RuleError(f"zone {lay.z_id[slot]!r} is full ({cap})")


def move(m: Any, loc: dict, piece: Any, to: Any, position: str = "top") -> None:
    place(m, piece_id(piece), zone_slot(m, to, loc), position)


def move_all(m: Any, loc: dict, source: Any, to: Any) -> list:
    src, dst = zone_slot(m, source, loc), zone_slot(m, to, loc)
    pids = list(m.st.zones[src])
    spend(m, len(pids))
    # onto an ordered zone, bottom-most first, so the moved pile keeps its order
    for pid in reversed(pids) if m.L.z_ordered[dst] else pids:
        place(m, pid, dst)
    return [{"piece": p} for p in pids]


def draw(m: Any, loc: dict, source: Any, to: Any, n: int = 1, position: str = "top") -> list:
    src, dst = zone_slot(m, source, loc), zone_slot(m, to, loc)
    out = []
    for _ in range(checked_amount(n)):
        pile = m.st.zones[src]
        if not pile:
            break
        pid = pile[0]
        place(m, pid, dst, position)
        out.append({"piece": pid})
    return out


def draw_from(m: Any, loc: dict, src: int, to: Any, n: Any, position: Any) -> None:
    """``draw`` from zone slot ``src`` (known when the code was generated),
    its result unused, for the compiled engine: the same moves, in the same
    order, with the same errors."""
    if type(to) is str:
        dst = m.L.z_global.get(to)
        if dst is None:
            dst = zone_slot(m, to, loc)
    else:
        dst = zone_slot(m, to, loc)
    zones = m.st.zones
    if n == 1 and type(n) is int:       # (most draws: no range, no loop)
        pile = zones[src]
        if pile:
            place(m, pile[0], dst, position)
        return
    for _ in range(checked_amount(n)):
        pile = zones[src]
        if not pile:
            break
        place(m, pile[0], dst, position)


def shuffle(m: Any, loc: dict, zone: Any) -> None:
    slot = zone_slot(m, zone, loc)
    st = m.st
    spend(m, len(st.zones[slot]))
    st.rng, order = rng.shuffled(st.rng, st.zones[slot])
    st.zones[slot] = tuple(order)
    lay = m.L
    if lay.z_sort[slot] is not None:
        # a zone that keeps itself sorted is sorted again: only pieces of equal keys change places
        st.zones[slot] = sorted_pile(m, st.zones[slot], lay.z_sort[slot], lay.z_of[slot])
    emit(m, "shuffled", {"zone": zone_value(m, slot)})


def roll(m: Any, loc: dict, die: str, n: int = 1, who: Any = None) -> list:
    faces = m.R.dice.get(die)
    if faces is None:
        raise RuleError(f"unknown die {die!r}")
    st = m.st
    out = []
    for _ in range(check_count(m, checked_amount(n))):   # refused before rolling a billion dice
        forced = st.forced.get(die)
        if forced:
            out.append(forced[0])
            if len(forced) > 1:
                st.forced[die] = forced[1:]
            else:
                del st.forced[die]
        else:
            st.rng, i = rng.below(st.rng, len(faces))
            out.append(faces[i])
    who = who if who is not None else me_of(m, loc)
    emit(m, "rolled", {"die": die, "faces": out, "who": who})
    return out


def create(m: Any, loc: dict, entity: Any, to: Any) -> dict:
    eid = entity["entity"] if type(entity) is dict else entity
    if eid not in m.R.entities:
        raise RuleError(f"unknown entity {eid!r}")
    st = m.st
    pid = len(st.p_ent)
    b = m.budget
    b.created -= 1
    if b.created < 0:
        b.exhausted("created")
    if pid >= b.limits["pieces"]:
        raise RuleError(f"cannot create piece {pid + 1}: {over_message('pieces', b.limits['pieces'])}")
    st.p_ent = st.p_ent + (eid,)
    st.p_zone.append(-1)
    st.p_owner.append(-1)          # no owner yet
    place(m, pid, zone_slot(m, to, loc))
    return {"piece": pid}


def destroy(m: Any, loc: dict, piece: Any) -> None:
    place(m, piece_id(piece), -1)


# --- turns -------------------------------------------------------------------

def start_round(m: Any, loc: dict) -> None:
    st = m.st
    st.round += 1
    st.uses["round"] = {}
    emit(m, "round_started", {"round": st.round})


def start_turn(m: Any, loc: dict, who: Any) -> None:
    st = m.st
    st.current = access.player_index(who)
    st.turn += 1
    st.uses["turn"] = {}
    emit(m, "turn_started", {"who": m.L.player_refs[st.current]})


def win(m: Any, loc: dict, who: Any) -> None:
    finish_game(m, access.player_index(who))


def end_game(m: Any, loc: dict, limit: Any = None) -> None:
    finish_game(m, None, bool(limit))


def finish_game(m: Any, winner: int | None, limit: bool = False) -> None:
    """End the game. Ranking: the winners first, then by score (the IR's
    ``score`` with ``me`` bound, highest first), ties by seat order. `win(p)`
    makes p's whole side win (outcome.py); without it, the side of the best
    score wins, and sides tied at the top share the win (``winner``, the
    single winning seat, is then none). A cooperative game wins only by
    `win`. ``limit``: the rules' own cap ended it (`end_game(limit: true)`)."""
    st, lay = m.st, m.L
    scores = [m.R.score(m, {"me": lay.player_refs[i]}) if m.R.score else None for i in range(lay.n)]
    out = outcome.out_values(m)        # `eliminated EXPR`: the seats out rank after those still in
    winners, winner = outcome.winners(m, winner, scores, out)
    won = set(winners)
    order = sorted(range(lay.n), key=lambda i: (i not in won, outcome.standing(out, i), -(scores[i] or 0), i))
    st.over, st.winner = True, winner
    st.result = {"winner": winner, "ranking": order, "scores": scores, "winners": winners,
                 "places": outcome.places(order, won, scores, out)}
    if out is not None:
        st.result["out"] = out
    if m.R.cooperative:
        st.result["won"] = bool(winners)
    if limit:
        st.result["ended"] = "limit"
    st.pending = None
    st.stack = []
    st.queue = []
    st.edepth = 0
    st.log.append({"type": "end", **st.result})


IMPLS = {name: globals()[name] for name in (
    "gain", "lose", "pay", "move", "move_all", "draw", "shuffle", "roll", "create",
    "destroy", "reveal", "start_round", "start_turn", "win", "end_game")}
