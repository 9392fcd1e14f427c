"""Events, triggers and replacement effects.

**Emitting.** Every event is logged (``{"type": "event", "event", "args"}``)
and matched at once against the live triggers: top-level rules, and trigger
abilities of entities whose pieces stand in active zones. A trigger's
``where`` is checked at emission time, with the event's fields, ``self``
(the host piece), ``owner`` (the player of the host's zone, or none) and
``me`` (the owner, else the current player) bound. Matches wait in
``state.queue``.

**When they resolve.** Triggered effects queued while an effect (an action's
or a trigger's) runs resolve when that effect ends — depth first: the
effects triggered by a triggered effect resolve before its queued siblings.
Outside any effect (the game's own setup/play procedures) they resolve before
the next statement runs.

**Order.** A batch resolves sorted by ``(group, seat rank, piece id, event
sequence, ability index)``:

1. top-level rules first (the game's own rules before cards react), in event
   order then declaration order;
2. then abilities of pieces owned by players, the current player first, then
   the others in seat order after the current player; within a player by
   piece id, then event order, then ability order;
3. then abilities of unowned pieces (global zones, e.g. board spaces), by
   piece id.

**Bound.** Each trigger frame carries its ``chain`` (the trigger codes that
caused it); a chain longer than ``CHAIN_LIMIT`` stops the game with a
``RuleError`` naming those cards and their source locations.

**Replacements** (``instead of`` a procedure call) use the same host order;
the first live one whose ``where`` holds replaces the call. A replacement
applies at most once per call: its effect (and everything it calls) skips it.
"""

from __future__ import annotations

from typing import Any, Callable

from waybill.spec.errors import RuleError

from .access import live_pieces
from .frames import push
from .limits import CHAIN_LIMIT

_EFFECTS = ("action", "trigger")


def emit(m: Any, event: str, args: dict) -> None:
    st = m.st
    st.seq += 1
    if st.seq > m.budget.last_event:      # the events of one action are counted by seq (limits.py)
        m.budget.exhausted("events")
    lg = st.log         # Log.append, written out
    (lg.page if not lg.shared else lg.own()).append({"type": "event", "event": event, "args": args})
    abilities = m.R.triggers.get(event)
    if abilities:
        _match(m, abilities, args)


def emit_made(m: Any, event: str, make: Callable[..., dict], *parts: Any) -> None:
    """``emit(m, event, make(*parts))``, but while no trigger listens to
    ``event`` its arguments are not built: the log keeps the recipe and the
    record builds the entry when it is first read or saved (record.py), the
    same entry ``emit`` would have written. Most events of a game (moves,
    gains) are observed by nothing but the log."""
    abilities = m.R.triggers.get(event)
    if abilities:
        emit(m, event, make(*parts))
        return
    st = m.st
    st.seq += 1
    if st.seq > m.budget.last_event:
        m.budget.exhausted("events")
    # the recipe, flat in the log's page (record.py; Log.append written out:
    # most entries of a game are these)
    lg = st.log
    (lg.page if not lg.shared else lg.own()).extend((len(parts) + 3, _made_entry, event, make) + parts)


def emit_counter(m: Any, event: str, counter: str, amount: int, who: Any) -> None:
    """``emit_made(m, event, counter_args, counter, amount, who)`` (a ``gained``,
    ``lost`` or ``paid``), the same recipe, without its argument tuples."""
    if m.R.triggers.get(event):
        emit(m, event, {"counter": counter, "amount": amount, "who": who})
        return
    st = m.st
    st.seq += 1
    if st.seq > m.budget.last_event:
        m.budget.exhausted("events")
    lg = st.log
    (lg.page if not lg.shared else lg.own()).extend((6, _made_entry, event, counter_args, counter, amount, who))


def _made_entry(event: str, make: Callable[..., dict], *parts: Any) -> dict:
    return {"type": "event", "event": event, "args": make(*parts)}


def moved_entry(lay: Any, pid: int, old: int, slot: int) -> dict:
    """The log entry of a ``moved`` event (primitives.place logs it as a recipe)."""
    return {"type": "event", "event": "moved", "args": moved_args(lay, pid, old, slot)}


def moved_args(lay: Any, pid: int, old: int, slot: int) -> dict:
    """The arguments of a ``moved`` event (zones as ``access.zone_value``)."""
    return {"piece": {"piece": pid},
            "source": (lay.z_id[old] if lay.z_space[old] else lay.z_ref[old]) if old >= 0 else None,
            "to": (lay.z_id[slot] if lay.z_space[slot] else lay.z_ref[slot]) if slot >= 0 else None}


def counter_args(counter: str, amount: int, who: Any) -> dict:
    """The arguments of a ``gained``, ``lost`` or ``paid`` event."""
    return {"counter": counter, "amount": amount, "who": who}


def _match(m: Any, abilities: list, args: dict) -> None:
    """Queue every live trigger of an event just emitted whose ``where`` holds."""
    st = m.st
    chain = _current_chain(st.stack)
    for ab in abilities:
        for key, loc in _hosts(m, ab, args, st.seq):
            if ab.where is None or ab.where(m, loc):
                st.queue.append({"code": ab.key, "key": key, "locals": loc, "chain": chain})


def _hosts(m: Any, ab: Any, args: dict, seq: int):
    """(sort key, locals) for each live host of an ability."""
    st, lay = m.st, m.L
    cur = st.current
    if ab.entity is None:
        me = lay.player_refs[cur] if cur is not None else None
        yield [0, 0, -1, seq, ab.index], {**args, "self": None, "owner": None, "me": me}
        return
    n = lay.n
    for p in live_pieces(m, ab.entity):
        of = lay.z_of[st.p_zone[p]]
        if of is None:
            rank, owner = n, None
            me = lay.player_refs[cur] if cur is not None else None
        else:
            rank = (of - cur) % n if cur is not None else of
            owner = me = lay.player_refs[of]
        yield [1, rank, p, seq, ab.index], {**args, "self": {"piece": p}, "owner": owner, "me": me}


def _current_chain(stack: list) -> list:
    for i in range(len(stack) - 1, -1, -1):
        if stack[i]["kind"] in _EFFECTS:
            return stack[i].get("chain", [])
    return []


def resolve(m: Any) -> None:
    """Push the queued triggered effects as frames, first to run on top."""
    st = m.st
    batch = sorted(st.queue, key=lambda q: q["key"])
    st.queue = []
    for q in reversed(batch):
        chain = q["chain"] + [q["code"]]
        if len(chain) > CHAIN_LIMIT:
            ab = m.R.ability_by_key.get(q["code"])
            raise RuleError(chain_message(m, chain), ab.at if ab else None, m.R.names.get(q["code"]))
        push(m, q["code"], dict(q["locals"]), "trigger", chain=chain)


def chain_message(m: Any, chain: list) -> str:
    seen: list[str] = []
    for code in chain:
        if code not in seen:
            seen.append(code)
    parts = []
    for code in seen:
        ab = m.R.ability_by_key.get(code)
        parts.append(f"{m.R.names.get(code, code)} at {ab.at if ab else '?'}")
    return f"trigger chain deeper than {CHAIN_LIMIT}: " + " -> ".join(parts)


def find_replacement(m: Any, proc: str, args: dict, skip: list | None):
    """The first live replacement of ``proc`` whose ``where`` holds, not in ``skip``."""
    best = None
    for ab in m.R.replacements.get(proc, ()):
        for key, loc in _hosts(m, ab, args, 0):
            ikey = f"{ab.key}@{loc['self']['piece'] if loc['self'] else '-'}"
            if skip and ikey in skip:
                continue
            if best is not None and key >= best[0]:
                continue
            if "me" in args:
                loc["me"] = args["me"]      # a replacement acts for the caller
            if ab.where is None or ab.where(m, loc):
                best = (key, ikey, ab, loc)
    return None if best is None else best[1:]
