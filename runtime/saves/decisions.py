"""Save checks for decisions: the pending one (its options, and the
instruction that waits for it) and the answers and events in the log, in
the shapes ``legal_actions``, ``apply``, ``actions()`` and the view read.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from waybill.spec.errors import RuleError
from ..engine.plain import SAFE_INT, short
from ..engine.record import CHUNK, Log, loaded
from .shapes import Ctx, bad, game_record, need_dict, need_int, need_list, need_player, need_shape, need_text

LOG_MAX = 1_000_000           # entries in a saved log
LOG_TEXT_MAX = 1 << 30        # characters of a saved log's text
_LOG_KEYS = frozenset(("size", "chunks"))
RESULT_KEYS = frozenset(("winner", "ranking", "scores"))
# what a result may hold besides (runtime/engine/outcome.py): older saves have none of them
OUTCOME_KEYS = frozenset(("winners", "places", "won", "ended", "out"))
_EVENT_KEYS = frozenset(("type", "event", "args"))
_MOVED_KEYS = frozenset(("piece", "source", "to"))
_PIECE_KEYS = frozenset(("piece",))
_ZONE_KEYS = frozenset(("zone", "of"))
_SAY_KEYS = frozenset(("type",))
_STOPPED_KEYS = frozenset(("type", "at"))


def ending(v: Any, path: str, c: Ctx, keys: frozenset) -> dict:
    """The shape of a result (and of the log's `end` entry): winner, ranking, scores."""
    need_shape(v, path, keys, OUTCOME_KEYS)
    need_player(v["winner"], f"{path}.winner", c)
    if "winners" in v:
        for i, w in enumerate(need_list(v["winners"], f"{path}.winners", most=c.n)):
            if type(w) is not int or not 0 <= w < c.n:
                raise bad(f"{path}.winners[{i}]", f"should be a seat 0..{c.n - 1}")
    if "places" in v:
        places = need_list(v["places"], f"{path}.places", c.n)
        if len(places) != c.n or any(type(x) is not int or not 1 <= x <= c.n for x in places):
            raise bad(f"{path}.places", f"should give each of the {c.n} players a place 1..{c.n}")
    if "won" in v and type(v["won"]) is not bool:
        raise bad(f"{path}.won", "should be true or false")
    if "out" in v and len(need_list(v["out"], f"{path}.out", c.n)) != c.n:
        raise bad(f"{path}.out", f"should give each of the {c.n} players its `eliminated` value")
    if "ended" in v and v["ended"] != "limit":
        raise bad(f"{path}.ended", "should be \"limit\" when given")
    ranking = need_list(v["ranking"], f"{path}.ranking", c.n)
    if sorted(x if type(x) is int else -1 for x in ranking) != list(range(c.n)):
        raise bad(f"{path}.ranking", f"should rank each player 0..{c.n - 1} once")
    need_list(v["scores"], f"{path}.scores", c.n)
    return game_record(v, path, c)


# --- decisions: what a pending decision and a logged answer look like ------------

# the fields each kind of decision gives an option (and a logged answer)
OPTION_KEYS: dict[str, frozenset] = {
    "act": frozenset(("action", "source")),
    "choose": frozenset(("choice",)),
    "pick": frozenset(("value", "index")),
    "order": frozenset(("value", "index")),
    "amount": frozenset(("value",)),
    "may": frozenset(("value",)),
}
# what an option (and a logged answer) may hold besides: its words (kept
# only where no message says them: english.label_english; saves of version 2
# written before kept them always); a menu line's hole values; an answer to
# a menu, the menu's message id; a seat's answer to a simultaneous decision
# is marked `each` (others see only that it answered)
_LABEL = frozenset(("label",))
OPTION_MORE: dict[str, frozenset] = {k: _LABEL | ({"args"} if k == "choose" else set()) for k in OPTION_KEYS}
ANSWER_MORE: dict[str, frozenset] = {k: _LABEL | ({"args", "msg"} if k == "choose" else set())
                                     | ({"each"} if k in ("pick", "amount") else set()) for k in OPTION_KEYS}
_PENDING_KEYS = frozenset(("player", "kind", "options"))
_EACH_KEYS = frozenset(("waiting", "asks"))      # a simultaneous decision's (decisions.each)
_ASK_KEYS = frozenset(("player", "options"))
_SAID_KEYS = frozenset(("msg", "args"))      # a message id and its variables (spec/messages.py)


def _option(o: Any, path: str, kind: str, c: Ctx) -> None:
    need_shape(o, path, OPTION_KEYS[kind], OPTION_MORE.get(kind, frozenset()))
    if "args" in o:
        need_dict(o["args"], f"{path}.args")
    if "label" in o:
        need_text(o["label"], f"{path}.label")
    OPTION_CHECKS[kind](o, path, c)


def _act_option(o: dict, path: str, c: Ctx) -> None:
    action, source = o["action"], o["source"]
    if source is not None:
        need_int(source, f"{path}.source", 0, c.pieces - 1)
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
        need_int(o["choice"], f"{path}.choice")


def _index_option(o: dict, path: str, c: Ctx) -> None:
    if o["index"] is not None:
        need_int(o["index"], f"{path}.index")


def _amount_option(o: dict, path: str, c: Ctx) -> None:
    need_int(o["value"], f"{path}.value", -SAFE_INT)


def _may_option(o: dict, path: str, c: Ctx) -> None:
    if type(o["value"]) is not bool:
        raise bad(f"{path}.value", "should be true or false")


OPTION_CHECKS: dict[str, Callable[[dict, str, Ctx], None]] = {
    "act": _act_option, "choose": _choose_option, "pick": _index_option,
    "order": _index_option, "amount": _amount_option, "may": _may_option,
}


def check_pending(v: Any, c: Ctx) -> dict | None:
    if v is None:
        return None
    if "waiting" in v or "asks" in v:
        return _check_each(v, c)
    need_shape(v, "pending", _PENDING_KEYS, _SAID_KEYS | {"prompt"})
    _said(v, "pending", "prompt")
    need_player(v["player"], "pending.player", c, none=False)
    kind = v["kind"]
    if type(kind) is not str or kind not in OPTION_KEYS:
        raise bad("pending.kind", f"is not a kind of decision ({short(kind)})")
    if not need_list(v["options"], "pending.options"):
        raise bad("pending.options", "is empty: a decision needs something to choose")
    options = []
    for i, o in enumerate(v["options"]):
        _option(o, f"pending.options[{i}]", kind, c)
        if "args" in o:         # a menu line's hole values
            options.append({**game_record({k: x for k, x in o.items() if k != "args"}, f"pending.options[{i}]", c),
                            "args": game_record(o["args"], f"pending.options[{i}].args", c)})
        else:
            options.append(game_record(o, f"pending.options[{i}]", c))
    out = {**v, "options": options}
    if "args" in v:
        out["args"] = game_record(v["args"], "pending.args", c)
    return out


def _check_each(v: dict, c: Ctx) -> dict:
    """A simultaneous decision: each waiting seat's ask (checked as a decision
    of its own), the seats in order, and the decision itself the first ask."""
    need_shape(v, "pending", _PENDING_KEYS | _EACH_KEYS, _SAID_KEYS | {"prompt"})
    if v["kind"] not in ("pick", "amount"):
        raise bad("pending.kind", f"should be 'pick' or 'amount' in a simultaneous decision ({short(v['kind'])})")
    waiting = need_list(v["waiting"], "pending.waiting", most=c.n)
    asks = need_list(v["asks"], "pending.asks", most=c.n)
    if not waiting or len(asks) != len(waiting):
        raise bad("pending.asks", "should hold one ask per waiting seat")
    out = []
    for i, (seat, ask) in enumerate(zip(waiting, asks)):
        need_shape(ask, f"pending.asks[{i}]", _ASK_KEYS, _SAID_KEYS | {"prompt"})
        if ask["player"] != seat:
            raise bad(f"pending.asks[{i}].player", f"should be the waiting seat {short(seat)}")
        out.append({k: x for k, x in check_pending({**ask, "kind": v["kind"]}, c).items() if k != "kind"})
    if sorted(set(waiting)) != waiting:
        raise bad("pending.waiting", "should list each waiting seat once, lowest first")
    first = {k: x for k, x in v.items() if k not in _EACH_KEYS and k != "kind"}
    if first != asks[0]:
        raise bad("pending", "should be the ask of its lowest waiting seat")
    return {**out[0], "kind": v["kind"], "waiting": list(waiting), "asks": out}


def _log_entry(e: Any, path: str, c: Ctx) -> dict:
    need_dict(e, path, needs=("type",))
    check = LOG_CHECKS.get(e["type"]) if type(e["type"]) is str else None
    if check is None:
        raise bad(f"{path}.type", f"is not a kind of log entry ({short(e['type'])})")
    check(e, path, c)
    if e["type"] == "event" or "args" in e or "ask_args" in e:
        # event arguments; a log line's variables; the variables of the question an answer answered
        held = [k for k in ("args", "ask_args") if k in e]
        return {**game_record({k: x for k, x in e.items() if k not in held}, path, c),
                **{k: game_record(e[k], f"{path}.{k}", c) for k in held}}
    return game_record(e, path, c)


_ACTION_HEAD = frozenset(("type", "kind", "player", "decision", "option"))
# the question an answer answered: its message id and variables (game.py `_action_entry`)
_ASKED = frozenset(("ask", "ask_args"))


def _log_action(e: dict, path: str, c: Ctx) -> None:
    """An answer as `apply` logs it: what `actions()`, replay and the view read."""
    kind = e.get("kind")
    if type(kind) is not str or kind not in OPTION_KEYS:
        raise bad(f"{path}.kind", f"is not a kind of decision ({short(kind)})")
    need_shape(e, path, _ACTION_HEAD | OPTION_KEYS[kind], ANSWER_MORE.get(kind, frozenset()) | _ASKED)
    if "msg" in e:
        need_text(e["msg"], f"{path}.msg", 200)
    if "ask" in e:
        need_text(e["ask"], f"{path}.ask", 200)
    if "ask_args" in e:
        need_dict(e["ask_args"], f"{path}.ask_args")
    need_player(e["player"], f"{path}.player", c, none=False)
    need_int(e["decision"], f"{path}.decision", 1)
    need_int(e["option"], f"{path}.option")
    if "label" in e:
        need_text(e["label"], f"{path}.label")
    OPTION_CHECKS[kind](e, path, c)


def _log_event(e: dict, path: str, c: Ctx) -> None:
    need_shape(e, path, _EVENT_KEYS)
    need_text(e["event"], f"{path}.event", 200)
    need_dict(e["args"], f"{path}.args")
    check = EVENT_ARGS.get(e["event"])
    if check is not None:
        check(e["args"], f"{path}.args", c)


def _moved_args(args: dict, path: str, c: Ctx) -> None:
    """The view reads a `moved` event's zones to decide who may see the piece."""
    # the shapes only: `_record` then checks every reference in them
    need_shape(args, path, _MOVED_KEYS)
    need_shape(args["piece"], f"{path}.piece", _PIECE_KEYS)
    for end in ("source", "to"):
        z = args[end]
        t = type(z)
        if not (z is None or t is dict or t is str and (z, None) in c.lay.zslot):
            raise bad(f"{path}.{end}", "is not a zone of these rules")
        if t is dict:
            need_shape(z, f"{path}.{end}", _ZONE_KEYS)


# events whose arguments the kernel reads back from the log
EVENT_ARGS: dict[str, Callable[[dict, str, Ctx], None]] = {"moved": _moved_args}


def _log_say(e: dict, path: str, c: Ctx) -> None:
    need_shape(e, path, _SAY_KEYS, _SAID_KEYS | {"text"})
    _said(e, path, "text")


def _said(e: dict, path: str, words: str) -> None:
    """A message id and its values, and the words (``words``): the words
    may be left out where the id says them (a view says them again)."""
    if "msg" in e:
        need_text(e["msg"], f"{path}.msg", 200)
    elif words not in e:
        raise bad(path, f"has no {words} and no msg (a message id) to say it from")
    if words in e:
        need_text(e[words], f"{path}.{words}")
    if "args" in e:
        need_dict(e["args"], f"{path}.args")


def _log_stopped(e: dict, path: str, c: Ctx) -> None:
    need_shape(e, path, _STOPPED_KEYS, _SAID_KEYS | {"message"})
    _said(e, path, "message")
    if e["at"] is not None:
        need_text(e["at"], f"{path}.at")


def _log_sides(e: dict, path: str, c: Ctx) -> None:
    """The sides changed (`teams EXPR`, outcome.note_sides): what they were and are, one per seat."""
    need_shape(e, path, frozenset(("type", "was", "now")))
    for k in ("was", "now"):
        if len(need_list(e[k], f"{path}.{k}", c.n)) != c.n:
            raise bad(f"{path}.{k}", f"should give each of the {c.n} players its side")


def _log_end(e: dict, path: str, c: Ctx) -> None:
    ending(e, path, c, RESULT_KEYS | {"type"})


LOG_CHECKS: dict[str, Callable[[dict, str, Ctx], None]] = {
    "action": _log_action, "event": _log_event, "say": _log_say, "stopped": _log_stopped, "end": _log_end,
    "sides": _log_sides,
}


def check_log(v: Any, c: Ctx) -> Log:
    """The saved record, ``{"size": n, "chunks": ["[...]", ...]}`` (see
    record.py): its shape is checked now, its entries the first time one is
    read (``record.Base``), in full, against the game as loaded. A log saved
    as a list of entries (before the record was text) is checked now."""
    if type(v) is list:
        entries = [_log_entry(e, f"log[{i}]", c) for i, e in enumerate(need_list(v, "log", most=LOG_MAX))]
        return loaded(len(entries), None, entries, None)
    need_shape(v, "log", _LOG_KEYS)
    n = need_int(v["size"], "log.size", 0, LOG_MAX)
    chunks = need_list(v["chunks"], "log.chunks")
    count = -(-n // CHUNK)
    if len(chunks) != count:
        raise bad("log.chunks", f"should be {count} chunk(s) for log.size {n} ({CHUNK} entries each, "
                                f"the last the rest), not {len(chunks)}")
    if chunks and not (set(map(type, chunks)) == {str} and all(t[:1] == "[" and t[-1:] == "]" for t in chunks)):
        i = next(i for i, t in enumerate(chunks) if type(t) is not str or t[:1] != "[" or t[-1:] != "]")
        raise bad(f"log.chunks[{i}]", "should be the JSON text of a list of log entries")
    if sum(map(len, chunks)) > LOG_TEXT_MAX:
        raise bad("log.chunks", f"hold more than {LOG_TEXT_MAX} characters")
    # what the entries are checked against: the game as it was loaded
    # (p_ent is a tuple, replaced, never changed, when pieces are made)
    then = Ctx(c.rules, {"p_ent": c.got["p_ent"]}, c.lay)

    def entries(chunks: list[str]) -> list[dict]:
        out: list[dict] = []
        for i, text in enumerate(chunks):
            try:
                got = json.loads(text)
            except (ValueError, RecursionError) as e:
                raise bad(f"log.chunks[{i}]", f"is not JSON text ({short(str(e))})") from None
            want = CHUNK if i < count - 1 else n - CHUNK * (count - 1)
            if type(got) is not list or len(got) != want:
                held = f"{len(got)} entries" if type(got) is list else f"a {type(got).__name__}"
                raise bad(f"log.chunks[{i}]", f"holds {held}, but should hold {want} (log.size is {n})")
            at = len(out)
            out += [_log_entry(e, f"log[{at + j}]", then) for j, e in enumerate(got)]
        return out
    return loaded(n, list(chunks), None, entries)


def decision_waits(c: Ctx) -> None:
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
    if ("waiting" in p) != (made_by == "each"):
        raise bad("pending", "is not the kind of decision the instruction waiting posts")
    if made_by == "each":
        _asks_match(p, fr, pc - 2, c)
        return
    if made_by in OPTION_KEYS and made_by != p["kind"]:
        raise bad("pending.kind", f"is {p['kind']!r}, but the instruction waiting posts a {made_by!r} decision")
    if p["kind"] in ("pick", "order"):
        _candidates_match(p, fr, pc - 2, c)


def _asks_match(p: dict, fr: dict, k: int, c: Ctx) -> None:
    """A simultaneous decision asks, of the seats the frame keeps
    (``$<k>q``: ``[[seat, values]...]``), those yet to answer (``$<k>a``),
    each to choose among its values."""
    path = f"stack[{len(c.got['stack']) - 1}].locals"
    asked, got = fr["locals"].get(f"${k}q"), fr["locals"].get(f"${k}a")
    if type(asked) is not list or type(got) is not list or len(asked) != len(got) \
            or any(type(a) is not list or len(a) != 2 or type(a[1]) is not list for a in asked):
        raise bad(path, "lacks the asks of the pending simultaneous decision")
    for i, ((_, values), g) in enumerate(zip(asked, got)):
        if not (g is None or type(g) is int and -1 <= g < len(values) and (g == -1) == (not values)):
            raise bad(f"{path}.${k}a[{i}]", "is not an answer to its seat's ask")
    if fr["locals"].get(f"${k}d") != c.got["decision"]:
        raise bad(f"{path}.${k}d", "is not the number of the pending decision")
    waiting = sorted((seat, i) for i, ((seat, _), g) in enumerate(zip(asked, got)) if g is None)
    if [s for s, _ in waiting] != p["waiting"]:
        raise bad("pending.waiting", "are not the seats the frame has yet to hear from")
    for (_, i), ask in zip(waiting, p["asks"]):
        if [o["value"] for o in ask["options"]] != asked[i][1]:
            raise bad("pending.asks", "offer other values than the frame keeps for their seat")


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
