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
load, never on ``clone``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from .arguments import options_problem, players_problem, said, seed_problem
from .errors import RuleError, WaybillError
from .interpreter import EFFECTS
from .limits import CALL_DEPTH, CHAIN_LIMIT
from .plain import LIST_MAX, SAFE_INT, TEXT_MAX, NotPlain, checked_copy, short
from .state import FIELDS

LOG_MAX = 1_000_000           # entries in a saved log
FORCED_MAX = 10_000           # forced results waiting for one die
FRAME_KINDS = frozenset(("setup", "play", "proc", "table", "replace", "action", "trigger"))
FRAME_KEYS = frozenset(("code", "pc", "locals", "kind", "into", "skip", "chain"))
_USES_KEYS = frozenset(("turn", "round", "game"))
_QUEUE_KEYS = frozenset(("code", "key", "locals", "chain"))
_RESULT_KEYS = frozenset(("winner", "ranking", "scores"))
_EVENT_KEYS = frozenset(("type", "event", "args"))
_MOVED_KEYS = frozenset(("piece", "source", "to"))
_PIECE_KEYS = frozenset(("piece",))
_ZONE_KEYS = frozenset(("zone", "of"))
_SAY_KEYS = frozenset(("type", "text"))
_STOPPED_KEYS = frozenset(("type", "message", "at"))
_PROP_KEY = re.compile(r"(0|[1-9][0-9]{0,8}):[A-Za-z_][A-Za-z0-9_]{0,99}")
_USE_KEY = re.compile(r"(.{1,200})\|(0|[1-9][0-9]{0,2})")


class BadSave(WaybillError):
    """What is wrong with data given as a saved game."""


def bad(path: str, reason: str) -> BadSave:
    return BadSave(f"saved game: {said(path, reason)}")


@dataclass
class Ctx:
    """The rules, and the fields checked so far (by name)."""
    rules: Any
    got: dict[str, Any] = field(default_factory=dict)
    lay: Any = None      # the rules' layout for the saved player count

    @property
    def n(self) -> int:
        return self.lay.n

    @property
    def pieces(self) -> int:
        return len(self.got["p_ent"])

    def ref(self, d: dict) -> str | None:
        """What is wrong with a dict inside a game value: each is a reference
        to a piece, player, entity or zone of this game, and nothing else."""
        if len(d) == 1:
            (kind, x), = d.items()
            if kind == "piece":
                ok = type(x) is int and 0 <= x < self.pieces
            elif kind == "player":
                ok = type(x) is int and 0 <= x < self.n
            elif kind == "entity":
                ok = type(x) is str and x in self.rules.entities
            else:
                return f"is a dict that refers to nothing (key {kind[:40]!r})"
            return None if ok else f"refers to no {kind} of this game ({short(x)})"
        if len(d) == 2 and "zone" in d and "of" in d:
            zone, of = d["zone"], d["of"]
            if type(zone) is str and (of is None or type(of) is int) and (zone, of) in self.lay.zslot:
                return None
            return f"refers to no zone of this game ({short(zone)} of {short(of)})"
        return "is a dict that refers to nothing (a piece, player, entity or zone)"


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


# --- small helpers -------------------------------------------------------------

def _list(v: Any, path: str, size: int | None = None, most: int = LIST_MAX) -> list:
    if type(v) is not list:
        raise bad(path, f"should be a list, not {type(v).__name__}")
    if size is not None and len(v) != size:
        raise bad(path, f"should have {size} entries (one each, for these rules), not {len(v)}")
    if len(v) > most:
        raise bad(path, f"has {len(v)} entries (at most {most})")
    return v


def _dict(v: Any, path: str, keys: frozenset | None = None, needs: tuple = ()) -> dict:
    if type(v) is not dict:
        raise bad(path, f"should be a dict, not {type(v).__name__}")
    if keys is not None:
        odd = [k for k in v if k not in keys]
        if odd:
            raise bad(path, f"has an unknown key {short(odd[0])}")
    for k in needs:
        if k not in v:
            raise bad(path, f"needs the key {k!r}")
    return v


def _shape(v: Any, path: str, keys: frozenset, optional: frozenset = frozenset()) -> dict:
    """A dict with exactly ``keys`` (and maybe some of ``optional``)."""
    if type(v) is dict and v.keys() == keys:
        return v      # the common case, in one comparison
    return _dict(v, path, keys | optional, tuple(sorted(keys)))


def _int(v: Any, path: str, lo: int = 0, hi: int = SAFE_INT) -> int:
    if type(v) is not int:
        raise bad(path, f"should be a whole number, not {type(v).__name__}")
    if not lo <= v <= hi:
        raise bad(path, f"should be within {lo}..{hi}" if hi < SAFE_INT else f"should be at least {lo}")
    return v


def _text(v: Any, path: str, most: int = 10_000) -> str:
    if type(v) is not str:
        raise bad(path, f"should be a text, not {type(v).__name__}")
    if len(v) > most:
        raise bad(path, f"is a text of {len(v)} characters (at most {most})")
    return v


def _player(v: Any, path: str, c: Ctx, none: bool = True) -> int | None:
    if v is None and none:
        return None
    if type(v) is not int or not 0 <= v < c.n:
        raise bad(path, f"should be a player number 0..{c.n - 1}, not {short(v)}")
    return v


def _count(name: str) -> Callable[[Any, Ctx], int]:
    """A field that counts something up from 0."""
    return lambda v, c: _int(v, name)


def _code(v: Any, path: str, c: Ctx) -> str:
    if type(v) is not str or v not in c.rules.codes:
        raise bad(path, f"runs no code of these rules ({short(v)})")
    return v


def _value(v: Any, path: str, c: Ctx) -> Any:
    """A copy of a game value: plain data whose dicts are references."""
    try:
        return checked_copy(v, 1, c.ref)
    except NotPlain as e:
        raise bad("", e.at(path)) from None


def _record(d: dict, path: str, c: Ctx) -> dict:
    """A copy of a dict of game values (locals, an option, event arguments)."""
    out = {}
    ref = c.ref
    for k, x in _dict(d, path).items():
        if type(k) is not str or len(k) > 400:
            raise bad(path, f"has a key {short(k)} that is not a name")
        t = type(x)
        if t is int and -SAFE_INT <= x <= SAFE_INT or t is str and len(x) <= TEXT_MAX or x is None or t is bool:
            out[k] = x   # most values are scalars: no call for them (a long log has 100k)
            continue
        try:
            out[k] = checked_copy(x, 1, ref)
        except NotPlain as e:
            raise bad("", e.at(f"{path}[{k!r}]")) from None
    return out


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
    return _int(v, "rng", 0, (1 << 64) - 1)   # the generator's whole 64-bit state


def _p_ent(v: Any, c: Ctx) -> tuple:
    ents = c.rules.entities
    for i, e in enumerate(_list(v, "p_ent")):
        if type(e) is not str or e not in ents:
            raise bad(f"p_ent[{i}]", f"names an entity these rules do not have ({short(e)})")
    start = c.lay.start_entities
    if tuple(v[:len(start)]) != start:
        raise bad("p_ent", "does not begin with the pieces these rules start with")
    return tuple(v)


def _ints_in(v: list, lo: int, hi: int) -> bool:
    """Every item an int (not a bool) within lo..hi: the quick test for long lists."""
    return not v or set(map(type, v)) == {int} and lo <= min(v) and max(v) <= hi


def _p_zone(v: Any, c: Ctx) -> list[int]:
    nz = len(c.lay.z_id)
    if not _ints_in(_list(v, "p_zone", c.pieces), -1, nz - 1):
        for i, z in enumerate(v):       # which one, for the message
            _int(z, f"p_zone[{i}]", -1, nz - 1)
    return list(v)


def _p_owner(v: Any, c: Ctx) -> list:
    if not _ints_in([o for o in _list(v, "p_owner", c.pieces) if o is not None], 0, c.n - 1):
        for i, o in enumerate(v):
            _player(o, f"p_owner[{i}]", c)
    return list(v)


def _zones(v: Any, c: Ctx) -> list[tuple]:
    """Each piece in at most one zone, exactly where ``p_zone`` says."""
    where = [-1] * c.pieces
    for slot, pile in enumerate(_list(v, "zones", len(c.lay.z_id))):
        if not _ints_in(_list(pile, f"zones[{slot}]"), 0, c.pieces - 1):
            for i, pid in enumerate(pile):
                _int(pid, f"zones[{slot}][{i}]", 0, c.pieces - 1)
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
    for k, x in _dict(v, "props").items():
        if type(k) is not str or not _PROP_KEY.fullmatch(k) or int(k.partition(":")[0]) >= c.pieces:
            raise bad("props", f"has a key {short(k)} that is not `<piece>:<name>` of an existing piece")
        out[k] = _value(x, f"props[{k!r}]", c)
    return out


def _counters(v: Any, c: Ctx) -> list:
    """Plain values; a counter declared with bounds (or as a resource), or
    starting as a number, holds a whole number within its bounds — what
    `gain`, `lose` and `pay` compute with."""
    lay, decls = c.lay, c.rules.counters
    out = []
    for slot, x in enumerate(_list(v, "counters", len(lay.c_initial))):
        path = f"counters[{slot}] ({lay.c_id[slot]})"
        x = _value(x, path, c)
        decl = decls[lay.c_id[slot]]
        lo, hi = decl.get("min"), decl.get("max")
        if lo is None and decl.get("resource"):
            lo = 0
        if lo is not None or hi is not None or type(decl.get("initial")) is int:
            _int(x, path, -SAFE_INT if lo is None else lo, SAFE_INT if hi is None else hi)
        out.append(x)
    return out


def _current(v: Any, c: Ctx) -> int | None:
    return _player(v, "current", c)


def _uses(v: Any, c: Ctx) -> dict:
    """How often each player took each limited action, per turn, round and game."""
    actions = {ab.action for ab in c.rules.ability_by_key.values() if ab.type == "action"}
    out = {}
    for per, table in _shape(v, "uses", _USES_KEYS).items():
        for key, times in _dict(table, f"uses.{per}").items():
            m = _USE_KEY.fullmatch(key) if type(key) is str else None
            if m is None or m.group(1) not in actions or int(m.group(2)) >= c.n:
                raise bad(f"uses.{per}", f"has a key {short(key)} that is not `<action>|<player>`")
            _int(times, f"uses.{per}[{key!r}]")
        out[per] = dict(table)
    return out


def _frame(fr: Any, path: str, c: Ctx) -> dict:
    _dict(fr, path, FRAME_KEYS, ("code", "pc", "locals", "kind"))
    code = _code(fr["code"], f"{path}.code", c)
    _int(fr["pc"], f"{path}.pc", 0, len(c.rules.codes[code]))
    if type(fr["kind"]) is not str or fr["kind"] not in FRAME_KINDS:
        raise bad(f"{path}.kind", f"is not a kind of frame ({short(fr['kind'])})")
    if fr.get("into") is not None:
        _text(fr["into"], f"{path}.into", 200)
    for i, x in enumerate(_list(fr.get("skip", []), f"{path}.skip", most=CALL_DEPTH)):
        _text(x, f"{path}.skip[{i}]", 400)
    for i, x in enumerate(_list(fr.get("chain", []), f"{path}.chain", most=CHAIN_LIMIT)):
        _code(x, f"{path}.chain[{i}]", c)
    return _locals(fr, path, c)


def _locals(item: dict, path: str, c: Ctx) -> dict:
    """A copy of a frame or queued effect (already checked), its locals checked as game values."""
    out = {k: list(x) if type(x) is list else x for k, x in item.items()}
    out["locals"] = _record(item["locals"], f"{path}.locals", c)
    return out


def _stack(v: Any, c: Ctx) -> list[dict]:
    return [_frame(fr, f"stack[{i}]", c) for i, fr in enumerate(_list(v, "stack", most=CALL_DEPTH))]


def _edepth(v: Any, c: Ctx) -> int:
    # every action or trigger frame is one effect deep (interpreter.push/pop)
    effects = sum(1 for fr in c.got["stack"] if fr["kind"] in EFFECTS)
    if type(v) is not int or v != effects:
        raise bad("edepth", f"should be {effects}, the effect frames on the stack, not {short(v)}")
    return v


def _queue(v: Any, c: Ctx) -> list[dict]:
    """Triggered effects waiting: each a trigger ability's code, its sort key and locals."""
    out = []
    for i, q in enumerate(_list(v, "queue")):
        path = f"queue[{i}]"
        _shape(q, path, _QUEUE_KEYS)
        ab = c.rules.ability_by_key.get(q["code"]) if type(q["code"]) is str else None
        if ab is None or ab.type != "trigger":
            raise bad(f"{path}.code", f"is no trigger of these rules ({short(q['code'])})")
        key = _list(q["key"], f"{path}.key", 5)
        for j, x in enumerate(key):
            _int(x, f"{path}.key[{j}]", -SAFE_INT)
        for j, x in enumerate(_list(q["chain"], f"{path}.chain", most=CHAIN_LIMIT)):
            _code(x, f"{path}.chain[{j}]", c)
        out.append(_locals(q, path, c))
    return out


def _forced(v: Any, c: Ctx) -> dict:
    """Die results fixed in advance (scenarios): each among its die's faces."""
    out = {}
    for die, faces in _dict(v, "forced").items():
        known = c.rules.dice.get(die) if type(die) is str else None
        if known is None:
            raise bad("forced", f"names a die these rules do not have ({short(die)})")
        if not _list(faces, f"forced[{die!r}]", most=FORCED_MAX):
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
    return _player(v, "winner", c)


def _ending(v: Any, path: str, c: Ctx, keys: frozenset) -> dict:
    """The shape of a result (and of the log's `end` entry): winner, ranking, scores."""
    _shape(v, path, keys)
    _player(v["winner"], f"{path}.winner", c)
    ranking = _list(v["ranking"], f"{path}.ranking", c.n)
    if sorted(x if type(x) is int else -1 for x in ranking) != list(range(c.n)):
        raise bad(f"{path}.ranking", f"should rank each player 0..{c.n - 1} once")
    _list(v["scores"], f"{path}.scores", c.n)
    return _record(v, path, c)


def _result(v: Any, c: Ctx) -> dict | None:
    return None if v is None else _ending(v, "result", c, _RESULT_KEYS)


# --- decisions: what a pending decision and a logged answer look like ------------

# the fields each kind of decision gives an option (and a logged answer)
OPTION_KEYS: dict[str, frozenset] = {
    "act": frozenset(("label", "action", "source")),
    "choose": frozenset(("label", "choice")),
    "pick": frozenset(("label", "value", "index")),
    "order": frozenset(("label", "value", "index")),
    "amount": frozenset(("label", "value")),
    "may": frozenset(("label", "value")),
}
_PENDING_KEYS = frozenset(("player", "kind", "prompt", "options"))


def _option(o: Any, path: str, kind: str, c: Ctx) -> None:
    _shape(o, path, OPTION_KEYS[kind])
    _text(o["label"], f"{path}.label")
    OPTION_CHECKS[kind](o, path, c)


def _act_option(o: dict, path: str, c: Ctx) -> None:
    action, source = o["action"], o["source"]
    if source is not None:
        _int(source, f"{path}.source", 0, c.pieces - 1)
    if action is None:
        if source is not None:
            raise bad(path, "passes but names a piece")
        return
    eid = c.got["p_ent"][source] if source is not None else None
    try:
        c.rules.action_ability(eid, action if type(action) is str else "")
    except RuleError:
        raise bad(f"{path}.action", f"is no action of {'these rules' if eid is None else repr(eid)}"
                                   f" ({short(action)})") from None


def _choose_option(o: dict, path: str, c: Ctx) -> None:
    if o["choice"] is not None:
        _int(o["choice"], f"{path}.choice")


def _index_option(o: dict, path: str, c: Ctx) -> None:
    if o["index"] is not None:
        _int(o["index"], f"{path}.index")


def _amount_option(o: dict, path: str, c: Ctx) -> None:
    _int(o["value"], f"{path}.value", -SAFE_INT)


def _may_option(o: dict, path: str, c: Ctx) -> None:
    if type(o["value"]) is not bool:
        raise bad(f"{path}.value", "should be true or false")


OPTION_CHECKS: dict[str, Callable[[dict, str, Ctx], None]] = {
    "act": _act_option, "choose": _choose_option, "pick": _index_option,
    "order": _index_option, "amount": _amount_option, "may": _may_option,
}


def _pending(v: Any, c: Ctx) -> dict | None:
    if v is None:
        return None
    _shape(v, "pending", _PENDING_KEYS)
    _player(v["player"], "pending.player", c, none=False)
    kind = v["kind"]
    if type(kind) is not str or kind not in OPTION_KEYS:
        raise bad("pending.kind", f"is not a kind of decision ({short(kind)})")
    _text(v["prompt"], "pending.prompt")
    if not _list(v["options"], "pending.options"):
        raise bad("pending.options", "is empty: a decision needs something to choose")
    options = []
    for i, o in enumerate(v["options"]):
        _option(o, f"pending.options[{i}]", kind, c)
        options.append(_record(o, f"pending.options[{i}]", c))
    return {**v, "options": options}


def _log_entry(e: Any, path: str, c: Ctx) -> dict:
    _dict(e, path, needs=("type",))
    check = LOG_CHECKS.get(e["type"]) if type(e["type"]) is str else None
    if check is None:
        raise bad(f"{path}.type", f"is not a kind of log entry ({short(e['type'])})")
    check(e, path, c)
    if e["type"] == "event":
        return {**e, "args": _record(e["args"], f"{path}.args", c)}
    return _record(e, path, c)


_ACTION_HEAD = frozenset(("type", "kind", "player", "decision", "option"))


def _log_action(e: dict, path: str, c: Ctx) -> None:
    """An answer as `apply` logs it: what `actions()`, replay and the view read."""
    kind = e.get("kind")
    if type(kind) is not str or kind not in OPTION_KEYS:
        raise bad(f"{path}.kind", f"is not a kind of decision ({short(kind)})")
    _shape(e, path, _ACTION_HEAD | OPTION_KEYS[kind])
    _player(e["player"], f"{path}.player", c, none=False)
    _int(e["decision"], f"{path}.decision", 1)
    _int(e["option"], f"{path}.option")
    _text(e["label"], f"{path}.label")
    OPTION_CHECKS[kind](e, path, c)


def _log_event(e: dict, path: str, c: Ctx) -> None:
    _shape(e, path, _EVENT_KEYS)
    _text(e["event"], f"{path}.event", 200)
    _dict(e["args"], f"{path}.args")
    check = EVENT_ARGS.get(e["event"])
    if check is not None:
        check(e["args"], f"{path}.args", c)


def _moved_args(args: dict, path: str, c: Ctx) -> None:
    """The view reads a `moved` event's zones to decide who may see the piece."""
    # the shapes only: `_record` then checks every reference in them
    _shape(args, path, _MOVED_KEYS)
    _shape(args["piece"], f"{path}.piece", _PIECE_KEYS)
    for end in ("source", "to"):
        z = args[end]
        t = type(z)
        if not (z is None or t is dict or t is str and (z, None) in c.lay.zslot):
            raise bad(f"{path}.{end}", "is not a zone of these rules")
        if t is dict:
            _shape(z, f"{path}.{end}", _ZONE_KEYS)


# events whose arguments the kernel reads back from the log
EVENT_ARGS: dict[str, Callable[[dict, str, Ctx], None]] = {"moved": _moved_args}


def _log_say(e: dict, path: str, c: Ctx) -> None:
    _shape(e, path, _SAY_KEYS)
    _text(e["text"], f"{path}.text")


def _log_stopped(e: dict, path: str, c: Ctx) -> None:
    _shape(e, path, _STOPPED_KEYS)
    _text(e["message"], f"{path}.message")
    if e["at"] is not None:
        _text(e["at"], f"{path}.at")


def _log_end(e: dict, path: str, c: Ctx) -> None:
    _ending(e, path, c, _RESULT_KEYS | {"type"})


LOG_CHECKS: dict[str, Callable[[dict, str, Ctx], None]] = {
    "action": _log_action, "event": _log_event, "say": _log_say, "stopped": _log_stopped, "end": _log_end,
}


def _log(v: Any, c: Ctx) -> list[dict]:
    return [_log_entry(e, f"log[{i}]", c) for i, e in enumerate(_list(v, "log", most=LOG_MAX))]


# The table: one entry per state field, in the order they are checked (a
# check may read the fields above it in ``c.got``).
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
    "pending": _pending,
    "queue": _queue,
    "log": _log,
    "log_from": _count("log_from"),
    "forced": _forced,
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


def _decision_waits(c: Ctx) -> None:
    """The pending decision is the one the top frame's instruction posts."""
    g = c.got
    p = g["pending"]
    if p is None:
        return
    if g["decision"] < 1:
        raise bad("decision", "should count the pending decision (at least 1)")
    if not g["stack"]:
        raise bad("stack", "is empty, but a decision is pending: nothing waits for it")
    fr = g["stack"][-1]
    pc = fr["pc"]
    ins = c.rules.codes[fr["code"]][pc - 1] if pc > 0 else None
    if ins is None or ins[2] is None:
        raise bad(f"stack[{len(g['stack']) - 1}].pc", "is not just past a decision, so nothing waits for `pending`")
    # instructions are (run, at, answer) closures made by decisions.<kind>()
    made_by = ins[2].__qualname__.partition(".")[0]
    if made_by in OPTION_KEYS and made_by != p["kind"]:
        raise bad("pending.kind", f"is {p['kind']!r}, but the instruction waiting posts a {made_by!r} decision")
    if p["kind"] in ("pick", "order"):
        _candidates_match(p, fr, pc - 2, c)


def _candidates_match(p: dict, fr: dict, k: int, c: Ctx) -> None:
    """pick/order options index the candidates the frame keeps (``$<k>c``), none chosen twice."""
    cands, chosen = fr["locals"].get(f"${k}c"), fr["locals"].get(f"${k}s")
    if type(cands) is not list or type(chosen) is not list:
        raise bad(f"stack[{len(c.got['stack']) - 1}].locals", "lacks the candidates of the pending decision")
    for i, o in enumerate(p["options"]):
        ix = o["index"]
        if ix is None:
            if p["kind"] == "order":
                raise bad(f"pending.options[{i}].index", "should be a candidate's index")
            continue
        if ix >= len(cands) or ix in chosen or cands[ix] != o["value"]:
            raise bad(f"pending.options[{i}]", "is not a candidate left to choose")


CROSS: list[Callable[[Ctx], None]] = [_game_ended, _decision_waits]
