"""A saved game, checked in full before the runtime trusts it.

A save comes from outside (a file, a network frontend), and the kernel reads
it without further checks, so a damaged one is refused at the door with a
``BadSave`` naming the field (``saved game: counters[12] ...``), never a
Python error later and never a broken game accepted in silence.

``CHECKS`` has one entry per state field, in order: a function that takes
the saved value and what was checked before it (``Ctx``) and returns the
value to keep — a fresh copy, so the loaded game never shares a container
with the caller's data. Adding a field to the state is adding one entry
here. ``CROSS`` holds the checks that tie fields together (a pending
decision and the instruction waiting for it, the game being over and the
result). Everything is linear in the size of the save and runs once per
load, never on ``clone``. The small checks live in ``save_shapes``; those of
decisions and the log in ``save_decisions``.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from ..engine.access import settable_names
from ..engine.arguments import options_problem, players_problem, seed_problem
from ..engine.frames import EFFECTS
from ..engine.limits import CALL_DEPTH, CHAIN_LIMIT
from ..engine.plain import SAFE_INT, TEXT_MAX, NotPlain, short
from .decisions import RESULT_KEYS, check_log, check_pending, decision_waits, ending
from .shapes import BadSave, Ctx, bad, game_record, game_value, ints_in, need_code, need_dict, need_int, need_list, need_player, need_shape, need_text
from ..engine.state import FIELDS

FORCED_MAX = 10_000           # forced results waiting for one die
FRAME_KINDS = frozenset(("setup", "play", "proc", "table", "replace", "action", "trigger"))
FRAME_KEYS = frozenset(("code", "pc", "locals", "kind", "into", "skip", "chain"))
_USES_KEYS = frozenset(("turn", "round", "game"))
_QUEUE_KEYS = frozenset(("code", "key", "locals", "chain"))
_PROP_KEY = re.compile(r"(0|[1-9][0-9]{0,8}):[A-Za-z_][A-Za-z0-9_]{0,99}")
_USE_KEY = re.compile(r"(.{1,200})\|(0|[1-9][0-9]{0,2})")


def checked_fields(data: Any, rules: Any) -> dict[str, Any]:
    """Every field of the save ``data``, checked and copied; ``BadSave`` otherwise."""
    if type(data) is not dict:
        raise BadSave(f"a saved game is a JSON object, not {type(data).__name__}")
    missing = [name for name in FIELDS if name not in data]
    if missing:
        raise BadSave(f"saved game: needs the field(s) {', '.join(missing)}")
    unknown = [short(k) for k in data if k not in CHECKS]
    if unknown:
        raise BadSave(f"saved game: has unknown field(s) {', '.join(unknown[:5])}")
    c = Ctx(rules)
    for name, check in CHECKS.items():
        try:
            c.got[name] = check(data[name], c)
        except NotPlain as e:
            raise BadSave(f"saved game: {e.at(name)}") from None
    for check in CROSS:
        check(c)
    return c.got


def _count(name: str) -> Callable[[Any, Ctx], int]:
    """A field that counts something up from 0."""
    return lambda v, c: need_int(v, name)


# --- one function per field ------------------------------------------------------

def _players(v: Any, c: Ctx) -> list[str]:
    if type(v) is not list:
        raise bad("players", f"should be a list of names, not {type(v).__name__}")
    problem = players_problem(c.rules, v)
    if problem:
        raise bad("players", problem)
    c.lay = c.rules.layout(len(v))
    return list(v)


def _options(v: Any, c: Ctx) -> dict:
    problem = options_problem(v) if v is not None else "should be a dict, not None"
    if problem:
        raise bad("options", problem)
    return dict(v)


def _seed(v: Any, c: Ctx) -> int:
    problem = seed_problem(v)
    if problem:
        raise bad("seed", problem)
    return v


def _rng(v: Any, c: Ctx) -> int:
    return need_int(v, "rng", 0, (1 << 64) - 1)   # the generator's whole 64-bit state


def _p_ent(v: Any, c: Ctx) -> tuple:
    ents = c.rules.entities
    if not (set(map(type, need_list(v, "p_ent"))) <= {str} and ents.keys() >= set(v)):
        for i, e in enumerate(v):      # which one, for the message
            if type(e) is not str or e not in ents:
                raise bad(f"p_ent[{i}]", f"names an entity these rules do not have ({short(e)})")
    start = c.lay.start_entities
    if tuple(v[:len(start)]) != start:
        raise bad("p_ent", "does not begin with the pieces these rules start with")
    return tuple(v)


def _p_zone(v: Any, c: Ctx) -> list[int]:
    nz = len(c.lay.z_id)
    if not ints_in(need_list(v, "p_zone", c.pieces), -1, nz - 1):
        for i, z in enumerate(v):       # which one, for the message
            need_int(z, f"p_zone[{i}]", -1, nz - 1)
    return list(v)


def _p_owner(v: Any, c: Ctx) -> list:
    if not ints_in([o for o in need_list(v, "p_owner", c.pieces) if o is not None], 0, c.n - 1):
        for i, o in enumerate(v):
            need_player(o, f"p_owner[{i}]", c)
    return list(v)


def _zones(v: Any, c: Ctx) -> list[tuple]:
    """Each piece in at most one zone, exactly where ``p_zone`` says."""
    piles = _zones_quick(v, c)
    return piles if piles is not None else _zones_named(v, c)


def _zones_quick(v: Any, c: Ctx) -> list[tuple] | None:
    """The zones of a sound save, checked in a few passes over all pieces
    at once; None if anything is wrong (``_zones_named`` then says what)."""
    if type(v) is not list or len(v) != len(c.lay.z_id) or v and set(map(type, v)) != {list}:
        return None
    flat = [pid for pile in v for pid in pile]
    if len(flat) > c.pieces or not ints_in(flat, 0, c.pieces - 1) or len(set(flat)) != len(flat):
        return None
    where = [-1] * c.pieces
    for slot, pile in enumerate(v):
        for pid in pile:
            where[pid] = slot
    if where != c.got["p_zone"]:
        return None
    return [tuple(pile) for pile in v]


def _zones_named(v: Any, c: Ctx) -> list[tuple]:
    nz = len(c.lay.z_id)
    if type(v) is list and len(v) != nz:
        # (zones are saved by position: a pack that since gained or lost a zone, a
        # board's space among them, cannot place the old save's pieces)
        raise bad("zones", f"are {len(v)}, but these rules have {nz}: the save was written "
                           "for another version of the pack, or for another pack")
    where = [-1] * c.pieces
    for slot, pile in enumerate(need_list(v, "zones", len(c.lay.z_id))):
        if not ints_in(need_list(pile, f"zones[{slot}]"), 0, c.pieces - 1):
            for i, pid in enumerate(pile):
                need_int(pid, f"zones[{slot}][{i}]", 0, c.pieces - 1)
        for i, pid in enumerate(pile):
            if where[pid] != -1:
                raise bad(f"zones[{slot}][{i}]", f"holds piece {pid} a second time")
            where[pid] = slot
    p_zone = c.got["p_zone"]
    if where != p_zone:
        pid = next(p for p in range(c.pieces) if where[p] != p_zone[p])
        raise bad(f"p_zone[{pid}]", f"says zone {p_zone[pid]}, but the zones hold piece {pid} in {where[pid]}")
    return [tuple(pile) for pile in v]


def _props(v: Any, c: Ctx) -> dict:
    out = {}
    settable = settable_names(c.rules)
    for k, x in need_dict(v, "props").items():
        if type(k) is not str or not _PROP_KEY.fullmatch(k) or int(k.partition(":")[0]) >= c.pieces:
            raise bad("props", f"has a key {short(k)} that is not `<piece>:<name>` of an existing piece")
        name = k.partition(":")[2]
        if name not in settable:
            # only `set x.NAME` writes props: what no rule sets was never saved by these rules
            raise bad("props", f"has a key {short(k)}, but no rule of this pack sets `{name}`")
        out[k] = game_value(x, f"props[{k!r}]", c)
    return out


def _counters(v: Any, c: Ctx) -> list:
    """Plain values; a counter declared with bounds (or as a resource), or
    starting as a number, holds a whole number within its bounds — what
    `gain`, `lose` and `pay` compute with."""
    lay, decls = c.lay, c.rules.counters
    bounds = _counter_bounds(lay, decls)
    out = list(need_list(v, "counters", len(lay.c_initial)))
    for slot, x in enumerate(out):
        lo, hi, whole = bounds[slot]
        t = type(x)
        if t is int and lo <= x <= hi or not whole and (x is None or t is bool or t is str and len(x) <= TEXT_MAX):
            continue          # most counters: a number within bounds (or a plain scalar), kept as it is
        path = f"counters[{slot}] ({lay.c_id[slot]})"
        x = out[slot] = game_value(x, path, c)
        if whole:
            need_int(x, path, lo, hi)
    return out


_BOUNDS: dict[int, tuple[Any, list[tuple[int, int, bool]]]] = {}


def _counter_bounds(lay: Any, decls: dict) -> list[tuple[int, int, bool]]:
    """(lo, hi, whole number?) of each counter slot, kept per layout (checked by identity)."""
    hit = _BOUNDS.get(id(lay))
    if hit is not None and hit[0] is lay:
        return hit[1]
    out = []
    for cid in lay.c_id:
        decl = decls[cid]
        lo, hi = decl.get("min"), decl.get("max")
        if lo is None and decl.get("resource"):
            lo = 0
        whole = lo is not None or hi is not None or type(decl.get("initial")) is int
        out.append((-SAFE_INT if lo is None else lo, SAFE_INT if hi is None else hi, whole))
    if len(_BOUNDS) > 256:        # a bound, not a policy: layouts are few
        _BOUNDS.clear()
    _BOUNDS[id(lay)] = (lay, out)
    return out


def _current(v: Any, c: Ctx) -> int | None:
    return need_player(v, "current", c)


def _uses(v: Any, c: Ctx) -> dict:
    """How often each player took each limited action, per turn, round and game."""
    if type(v) is dict and v.keys() == _USES_KEYS:     # quick: every key known, every count a number
        keys = _use_keys(c)
        tables = [v[per] for per in ("turn", "round", "game")]
        if all(type(t) is dict and keys.issuperset(t) and ints_in(list(t.values()), 0, SAFE_INT) for t in tables):
            return {per: dict(v[per]) for per in v}
    actions = {ab.action for ab in c.rules.ability_by_key.values() if ab.type == "action"}
    out = {}
    for per, table in need_shape(v, "uses", _USES_KEYS).items():
        for key, times in need_dict(table, f"uses.{per}").items():
            m = _USE_KEY.fullmatch(key) if type(key) is str else None
            if m is None or m.group(1) not in actions or int(m.group(2)) >= c.n:
                raise bad(f"uses.{per}", f"has a key {short(key)} that is not `<action>|<player>`")
            need_int(times, f"uses.{per}[{key!r}]")
        out[per] = dict(table)
    return out


_USE_KEYS: dict[tuple[int, int], tuple[Any, frozenset]] = {}


def _use_keys(c: Ctx) -> frozenset:
    """Every `<action>|<player>` of these rules and players, kept per rules (checked by identity)."""
    hit = _USE_KEYS.get((id(c.rules), c.n))
    if hit is not None and hit[0] is c.rules:
        return hit[1]
    actions = {ab.action for ab in c.rules.ability_by_key.values() if ab.type == "action"}
    keys = frozenset(f"{a}|{p}" for a in actions for p in range(c.n))
    if len(_USE_KEYS) > 256:        # a bound, not a policy: rules are few
        _USE_KEYS.clear()
    _USE_KEYS[(id(c.rules), c.n)] = (c.rules, keys)
    return keys


def _frame(fr: Any, path: str, c: Ctx) -> dict:
    need_dict(fr, path, FRAME_KEYS, ("code", "pc", "locals", "kind"))
    code = need_code(fr["code"], f"{path}.code", c)
    need_int(fr["pc"], f"{path}.pc", 0, len(c.rules.codes[code]))
    if type(fr["kind"]) is not str or fr["kind"] not in FRAME_KINDS:
        raise bad(f"{path}.kind", f"is not a kind of frame ({short(fr['kind'])})")
    if fr.get("into") is not None:
        need_text(fr["into"], f"{path}.into", 200)
    for i, x in enumerate(need_list(fr.get("skip", []), f"{path}.skip", most=CALL_DEPTH)):
        need_text(x, f"{path}.skip[{i}]", 400)
    for i, x in enumerate(need_list(fr.get("chain", []), f"{path}.chain", most=CHAIN_LIMIT)):
        need_code(x, f"{path}.chain[{i}]", c)
    return _locals(fr, path, c)


def _locals(item: dict, path: str, c: Ctx) -> dict:
    """A copy of a frame or queued effect (already checked), its locals checked as game values."""
    out = {k: list(x) if type(x) is list else x for k, x in item.items()}
    out["locals"] = game_record(item["locals"], f"{path}.locals", c)
    return out


def _stack(v: Any, c: Ctx) -> list[dict]:
    return [_frame(fr, f"stack[{i}]", c) for i, fr in enumerate(need_list(v, "stack", most=CALL_DEPTH))]


def _edepth(v: Any, c: Ctx) -> int:
    # every action or trigger frame is one effect deep (interpreter.push/pop)
    effects = sum(1 for fr in c.got["stack"] if fr["kind"] in EFFECTS)
    if type(v) is not int or v != effects:
        raise bad("edepth", f"should be {effects}, the effect frames on the stack, not {short(v)}")
    return v


def _queue(v: Any, c: Ctx) -> list[dict]:
    """Triggered effects waiting: each a trigger ability's code, its sort key and locals."""
    out = []
    for i, q in enumerate(need_list(v, "queue")):
        path = f"queue[{i}]"
        need_shape(q, path, _QUEUE_KEYS)
        ab = c.rules.ability_by_key.get(q["code"]) if type(q["code"]) is str else None
        if ab is None or ab.type != "trigger":
            raise bad(f"{path}.code", f"is no trigger of these rules ({short(q['code'])})")
        key = need_list(q["key"], f"{path}.key", 5)
        for j, x in enumerate(key):
            need_int(x, f"{path}.key[{j}]", -SAFE_INT)
        for j, x in enumerate(need_list(q["chain"], f"{path}.chain", most=CHAIN_LIMIT)):
            need_code(x, f"{path}.chain[{j}]", c)
        out.append(_locals(q, path, c))
    return out


def _forced(v: Any, c: Ctx) -> dict:
    """Die results fixed in advance (scenarios): each among its die's faces."""
    out = {}
    for die, faces in need_dict(v, "forced").items():
        known = c.rules.dice.get(die) if type(die) is str else None
        if known is None:
            raise bad("forced", f"names a die these rules do not have ({short(die)})")
        if not need_list(faces, f"forced[{die!r}]", most=FORCED_MAX):
            raise bad(f"forced[{die!r}]", "is empty (a die with no forced result is left out)")
        for i, f in enumerate(faces):
            # `in` alone would take True for a face 1
            if not any(type(f) is type(k) and f == k for k in known):
                raise bad(f"forced[{die!r}][{i}]", f"is not a face of die {die!r} ({short(f)})")
        out[die] = list(faces)
    return out


def _over(v: Any, c: Ctx) -> bool:
    if type(v) is not bool:
        raise bad("over", f"should be true or false, not {type(v).__name__}")
    return v


def _winner(v: Any, c: Ctx) -> int | None:
    return need_player(v, "winner", c)


def _result(v: Any, c: Ctx) -> dict | None:
    return None if v is None else ending(v, "result", c, RESULT_KEYS)


# The table: one entry per state field, in the order they are checked (a
# check may read the fields above it in ``c.got``).
def _handles(v: Any, c: Ctx) -> list[int]:
    """A permutation of the start pieces (see handles.py)."""
    count = len(c.lay.start_pieces)
    need_list(v, "handles", size=count, most=count)
    if not ints_in(v, 0, count - 1) or len(set(v)) != count:
        raise bad("handles", f"should number the {count} start pieces 0..{count - 1}, each once")
    return list(v)


def _known(v: Any, c: Ctx) -> list[list[int]]:
    """Reveals: [seat, piece, zone, log position] each; seat -1 is everyone."""
    bounds = (c.lay.n - 1, len(c.got["p_ent"]) - 1, len(c.lay.z_id) - 1, SAFE_INT)
    lows = (-1, 0, 0, 0)
    out = []
    for i, k in enumerate(need_list(v, "known")):
        if type(k) is not list or len(k) != 4 or not all(
                type(x) is int and lo <= x <= hi for x, lo, hi in zip(k, lows, bounds)):
            raise bad(f"known[{i}]", "should be [seat, piece, zone, log position]")
        out.append(list(k))
    return out


CHECKS: dict[str, Callable[[Any, Ctx], Any]] = {
    "players": _players,
    "options": _options,
    "seed": _seed,
    "rng": _rng,
    "p_ent": _p_ent,
    "p_zone": _p_zone,
    "p_owner": _p_owner,
    "zones": _zones,
    "props": _props,
    "counters": _counters,
    "round": _count("round"),
    "turn": _count("turn"),
    "current": _current,
    "uses": _uses,
    "stack": _stack,
    "edepth": _edepth,
    "decision": _count("decision"),
    "pending": check_pending,
    "queue": _queue,
    "log": check_log,
    "log_from": _count("log_from"),
    "forced": _forced,
    "handles": _handles,
    "known": _known,
    "seq": _count("seq"),
    "over": _over,
    "winner": _winner,
    "result": _result,
}


# --- checks across fields ----------------------------------------------------------

def _game_ended(c: Ctx) -> None:
    """A game is over with a result and nothing left to run, or it waits for a decision."""
    g = c.got
    if g["over"]:
        if g["pending"] is not None or g["stack"] or g["queue"]:
            raise bad("over", "is true, but a decision or an effect is still waiting")
        if g["result"] is None or g["result"]["winner"] != g["winner"]:
            raise bad("result", "should name the same winner as `winner` when the game is over")
    else:
        if g["pending"] is None:
            raise bad("pending", "is empty, but the game is not over: nothing could ever happen next")
        if g["result"] is not None or g["winner"] is not None:
            raise bad("winner", "is set, but the game is not over")



CROSS: list[Callable[[Ctx], None]] = [_game_ended, decision_waits]
