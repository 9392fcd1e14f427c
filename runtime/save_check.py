"""A saved game's shape, checked before the runtime trusts it.

A save comes from outside (a file, a network frontend), and the kernel reads
it without further checks, so a damaged one must be refused at the door with
a message that names the field, never fail later with a Python error. The
checks are what the kernel relies on: types, lengths that match the rules'
layout, piece and zone numbers in range, zones that agree with the pieces'
positions, frames that point into compiled code. They are linear in the size
of the state (about 0.13 ms for a mid-game WEDS save). Values the kernel
only computes with (counters, properties, locals) are not checked here: a
wrong one stops the game with a ``RuleError`` when it is used.
"""

from __future__ import annotations

from typing import Any

from .errors import WaybillError


class BadSave(WaybillError):
    """What is wrong with data given as a saved game."""


def check_save(st: Any, rules: Any, layout: Any) -> None:
    """Raise ``BadSave`` naming the first field of ``st`` the kernel could not use."""
    n, nz, npieces = layout.n, len(layout.z_id), len(st.p_ent)
    _ints(st, ("seed", "rng", "round", "turn", "edepth", "decision", "seq", "log_from"))
    _is(st.options, dict, "options")
    _is(st.over, bool, "over")
    try:
        unknown = set(st.p_ent) - rules.entities.keys()
    except TypeError:
        unknown = True
    if unknown:
        raise BadSave("a saved game's `p_ent` names an entity these rules do not have")
    if st.p_ent[:len(layout.start_entities)] != layout.start_entities:
        raise BadSave("a saved game's pieces are not those of these rules")
    for name in ("p_zone", "p_owner"):
        if not isinstance(getattr(st, name), list) or len(getattr(st, name)) != npieces:
            raise BadSave(f"a saved game's `{name}` needs one entry per piece ({npieces})")
    if not _ints_in([o for o in st.p_owner if o is not None], 0, n):
        raise BadSave("a saved game's `p_owner` has a player number out of range")
    _check_zones(st, nz, npieces)
    if len(_is(st.counters, list, "counters")) != len(layout.c_initial):
        raise BadSave("a saved game's counters are not those of these rules")
    _check_keys(_is(st.props, dict, "props"), "props", lambda k: k.partition(":")[0].isdigit() and int(k.partition(":")[0]) < npieces)
    _is(st.uses, dict, "uses")
    for per in ("turn", "round", "game"):
        _check_keys(_is(st.uses.get(per), dict, f"uses.{per}"), f"uses.{per}", lambda k: True)
    _is(st.forced, dict, "forced")
    if not all(isinstance(v, list) for v in st.forced.values()):
        raise BadSave("a saved game's `forced` holds die results as lists")
    for name in ("current", "winner"):
        v = getattr(st, name)
        if v is not None and not (type(v) is int and 0 <= v < n):
            raise BadSave(f"a saved game's `{name}` is not a player number")
    _check_stack(st, rules)
    _check_pending(st, n)
    _is(st.queue, list, "queue")
    if set(map(type, _is(st.log, list, "log"))) - {dict}:
        raise BadSave("a saved game's `log` holds entries that are not log entries")
    _check_secrets(st, layout)


def _is(value: Any, kind: type, name: str) -> Any:
    if not isinstance(value, kind):
        raise BadSave(f"a saved game's `{name}` should be a {kind.__name__}, not {type(value).__name__}")
    return value


def _ints(st: Any, names: tuple[str, ...]) -> None:
    for name in names:
        if type(getattr(st, name)) is not int:
            raise BadSave(f"a saved game's `{name}` should be a whole number")


def _check_keys(table: dict, name: str, ok) -> None:
    if not all(type(k) is str and ok(k) for k in table):
        raise BadSave(f"a saved game's `{name}` has a key that names nothing")


def _ints_in(values: list, lo: int, hi: int) -> bool:
    """Every value an int (not a bool) with lo <= value < hi."""
    if not values:
        return True
    return set(map(type, values)) == {int} and lo <= min(values) and max(values) < hi


def _check_zones(st: Any, nz: int, npieces: int) -> None:
    """The zones must hold each piece at most once, and exactly where ``p_zone`` says."""
    if not isinstance(st.zones, list) or len(st.zones) != nz:
        raise BadSave("a saved game's zones are not those of these rules")
    where = [-1] * npieces
    try:
        for slot, pile in enumerate(st.zones):
            for pid in pile:
                if pid < 0 or where[pid] != -1:
                    raise IndexError
                where[pid] = slot
    except (TypeError, IndexError):
        raise BadSave(f"a saved game's zone {slot} holds a piece twice, or a piece number out of range") from None
    if where != st.p_zone:
        raise BadSave("a saved game's zones and piece positions (`p_zone`) disagree")
    st.p_zone = where   # equal, and made of ints only


def _check_stack(st: Any, rules: Any) -> None:
    for fr in _is(st.stack, list, "stack"):
        if not isinstance(fr, dict) or fr.get("code") not in rules.codes:
            raise BadSave("a saved game's `stack` has a frame that runs no code of these rules")
        pc = fr.get("pc")
        if type(pc) is not int or not 0 <= pc <= len(rules.codes[fr["code"]]):
            raise BadSave("a saved game's `stack` has a frame whose place in its code is out of range")
        _is(fr.get("locals"), dict, "stack[].locals")
        _is(fr.get("kind"), str, "stack[].kind")


def _check_pending(st: Any, n: int) -> None:
    p = st.pending
    if p is None:
        return
    if not isinstance(p, dict) or not (type(p.get("player")) is int and 0 <= p["player"] < n):
        raise BadSave("a saved game's pending decision names no player")
    if type(p.get("kind")) is not str or not isinstance(p.get("options"), list) \
            or not all(isinstance(o, dict) for o in p["options"]):
        raise BadSave("a saved game's pending decision has no list of options")
    if not st.stack:
        raise BadSave("a saved game has a pending decision but no effect waiting for it")


def _check_secrets(st: Any, layout: Any) -> None:
    """Piece handles are a permutation of the start pieces; private reveals
    name a seat, a piece, a zone and a log position."""
    count = len(layout.start_pieces)
    h = st.handles
    if not isinstance(h, list) or len(h) != count or not _ints_in(h, 0, count) or len(set(h)) != count:
        raise BadSave(f"a saved game's `handles` should number the {count} start pieces 0..{count - 1}, "
                      "each once")
    bounds = (layout.n, len(st.p_ent), len(layout.z_id), 1 << 62)
    for k in _is(st.known, list, "known"):
        if not (isinstance(k, list) and len(k) == 4 and all(_ints_in([v], 0, hi) for v, hi in zip(k, bounds))):
            raise BadSave("a saved game's `known` holds an entry that is not [seat, piece, zone, log position]")
