"""What one player (or a spectator) may see of a game.

A zone's pieces are listed when the viewer may see them (``visible: all``,
or ``owner`` and the viewer owns the zone); otherwise only its ``count`` is
given, which also hides the order of hidden stacks, plus the pieces shown to
the viewer by a private reveal under ``known``. Other players' pending
decisions shrink to ``{player, kind}``. Every piece anywhere in the view —
zones, counters, props, the pending decision, the log — passes through one
filter, ``sight.Sight``: a piece the viewer may see is shown by its per-game
handle, any other as ``{"hidden": true}``.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring_ascii as _json_str
from typing import Any

from . import board as _board
from . import cards as _cards
from . import display as _display
from ..text import words as _text
from ..engine.english import label_english, option_labels, prompt_english
from waybill.spec.errors import WaybillError
from ..engine.decisions import ask_of
from .filter import Sight
from . import whynot as _whynot


def check_viewer(player: Any, n: int) -> None:
    """A viewer is a seat index (an int, not a bool, in range) or None for a spectator."""
    if player is None:
        return
    if type(player) is not int:
        raise WaybillError(f"a view is for a seat number or None (a spectator), not {player!r}")
    if not 0 <= player < n:
        raise WaybillError(f"there is no seat {player}: seats are 0..{n - 1}")


def view(m: Any, player: int | None, log: bool | None = None, log_from: int | None = None,
         zones: bool = False, display: bool = True, lang: str | None = None, cards: bool = True) -> dict:
    """The view of seat ``player`` (None: a spectator). Lean by default: the
    pack's display, the question and the counters; log entries only when
    asked (``log=True`` for all of them, ``log_from=N`` for those from
    index N on: ``log_end`` of an earlier view), and every non-empty zone
    only with ``zones=True`` (what bots and tools read); ``display=False``
    leaves out the display and the entities (bots do not draw). ``lang``
    says every player-facing string in that language (spec/messages.py): a
    message its catalogue lacks is said in English. Only words change.
    ``cards=False`` names cards by id only: no ``entities``, and no
    ``text`` on a display zone (the names of its cards: the cards' static
    data is ``cards.cards``, asked once a game: what the server sends)."""
    st, lay = m.st, m.L
    words = _text.words(m, lang)
    check_viewer(player, lay.n)
    if log_from is not None and (type(log_from) is not int or log_from < 0):
        raise WaybillError(f"log_from is a log index (0 or more), not {log_from!r}")
    sight = Sight(m, player)
    props = props_by_piece(st.props)
    end = st.log_from + len(st.log)
    start = st.log_from if log else (end if log_from is None else max(log_from, st.log_from))
    out = {
        "viewer": player,
        "players": list(st.players),
        "round": st.round,
        "turn": st.turn,
        "current": st.current,
        "counters": sight.value(counters_of(m)),
        "zones": [z for z in (sight.zone(s, props) for s in range(len(lay.z_id))) if z["count"] or "known" in z]
        if zones else [],
        "pending": _pending(m, sight),
        "decision": st.decision,
        "log": sight.log(st.log.entries(), start - st.log_from) if start < end else [],
        "log_from": start,
        "log_end": end,
        "over": st.over,
        "winner": st.winner,
        "result": sight.value(st.result),
        "display": _display.build(m, sight, props, words, cards) if display else {"panels": [], "board": []},
    }
    if cards:
        out["entities"] = _entities(m, out, words) if display else {}
    if display and _board.drawn(m.R):
        out["boards"] = _board.state(m, sight, props, out["pending"])   # geometry: board.geometry, sent once
    if display and out["pending"] is not None:
        _whynot.note(m, player, out["pending"], words)
    raw_log = st.log[start - st.log_from:] if start < end else []
    if words is not None:
        _translate(m, out, words, raw_log)
    _questions(m, out["log"], raw_log, words)
    _secret_answers(out["log"], words)
    return out


# what another seat's pick or order says in the log, which the seat may not see (filter.py keeps it
# bare): one word a kind, never one that depends on the answer (a pick may offer pieces and values
# together: "picked a card" for a piece only would tell which it was)
_SECRET = {"pick": ("engine-secret-pick", "made a hidden pick"), "order": ("engine-secret-order", "put them in a hidden order")}


def _secret_answers(log: list, w: Any) -> None:
    """Another seat's `pick` or `order` answer reads "made a hidden pick" or
    "put them in a hidden order" (in the view's language), marked
    ``secret``: a log people follow says that the seat answered, never
    what (the entry's other fields stay as the filter left them)."""
    for e in log:
        if e.get("type") != "action" or "label" in e or e.get("each") or e.get("kind") not in _SECRET:
            continue
        mid, english = _SECRET[e["kind"]]
        e["label"] = w.get(mid, english) if w is not None else english
        e["secret"] = True


def _questions(m: Any, log: list, raw_log: list, w: Any) -> None:
    """Each logged answer says the question it answered (``question``, in
    the view's language; English without one), from the message id and
    variables the log kept (game.py ``_action_entry``): a log people can
    follow reads "who — question — answer". A variable the seat may not
    see stays hidden."""
    for e, r in zip(log, raw_log):
        if e.get("type") != "action" or "ask" not in e and not (e.get("kind") == "choose" and "msg" in e):
            continue
        mid = r.get("ask") or r.get("msg")
        if w is None:
            w = _text.words(m, "en")
        seen = e.get("ask_args")
        args = _named_seen(m, r.get("ask_args"), seen) if seen else None
        asked = w.prompt({"msg": mid, "args": args, "kind": e.get("kind")})
        if asked:
            e["question"] = asked


def _named_seen(m: Any, raw: Any, seen: Any) -> Any:
    """``raw`` named as its English words name it (``_named_value``), but
    hidden wherever the seat's sight (``seen``) hid it."""
    if seen == {"hidden": True} and raw != seen:
        return seen
    t = type(raw)
    if t is dict and type(seen) is dict and "piece" not in raw:
        return {k: _named_seen(m, x, seen.get(k)) for k, x in raw.items()}
    if t is list and type(seen) is list and len(seen) == len(raw):
        return [_named_seen(m, x, y) for x, y in zip(raw, seen)]
    return _named_value(m, raw)


def _translate(m: Any, out: dict, w: Any, raw_log: list) -> None:
    """The question and the log in the view's language (the display and the
    entities are built in it). Options and answers are said from what the
    seat's sight left of them; a log line or a prompt says the values its
    English words already name (a piece by its card's name), no more."""
    out["players"] = [w.player(i) for i in range(len(out["players"]))]
    for panel in out["display"]["panels"]:
        panel["name"] = out["players"][panel["seat"]]
    p = out["pending"]
    if p is not None and "options" in p:
        raw = _asked(m, p["player"])
        p["prompt"] = w.prompt({**raw, "args": _named(m, raw.get("args"))})
        ask = raw.get("msg")
        for opt, shown in zip(raw["options"], p["options"]):
            src = opt.get("source")
            owner = m.st.p_ent[src] if type(src) is int else None
            if shown.get("label") == "hidden":
                shown["label"] = w.word("hidden")
            else:
                # (the value as the seat sees it, with its card if the seat sees that)
                seen = {"value": shown["value"], "entity": shown.get("entity")} if "value" in shown else {}
                if "args" in opt:       # a menu line's values, named as its English names them
                    seen["args"] = _named(m, opt["args"])
                seen["label"] = label_english(m, p["kind"], opt, ask)
                shown["label"] = w.option(p["kind"], {**opt, **seen}, ask, owner)
    for e, r in zip(out["log"], raw_log):
        kind = e.get("type")
        if kind == "say" and "text" in e:
            e["text"] = w.said(r.get("msg"), _named(m, r.get("args")), r.get("text"))
        elif kind == "stopped" and e.get("message"):
            e["message"] = w.said(r.get("msg"), _named(m, r.get("args")), r.get("message"))
        elif kind == "action" and "label" in e:
            _answer_words(m, w, e, r)


def _answer_words(m: Any, w: Any, e: dict, r: dict) -> None:
    """An answer in the log: the action and its card, the value (as the seat
    sees it: a hidden one stays hidden), yes/no, pass/done, a menu line (read
    named by the menu's message id the answer keeps)."""
    k = e.get("kind")
    if e.get("label") == "hidden" or e.get("value") == {"hidden": True}:
        e["label"] = w.word("hidden")
        return
    src = r.get("source")
    owner = m.st.p_ent[src] if type(src) is int and 0 <= src < len(m.st.p_ent) else None
    opt = {**r, "value": _named_value(m, r["value"])} if "value" in r else r
    if "args" in r:
        opt = {**opt, "args": _named(m, r["args"])}
    if "label" not in r:
        opt = {**opt, "label": label_english(m, k, r, r.get("msg"))}
    e["label"] = w.option(k, opt, None, owner)


def decision_at(m: Any) -> str | None:
    """The id of the pending decision (``proc-turn-ask-where``: its
    declaration and its name, spec/messages.py): never a file, a line or a
    column, so it is the same wherever the pack was loaded from and says
    nothing of the server's folders. None for a decision the rules do not
    declare (a scenario's own steps)."""
    st = m.st
    if st.pending is None or not st.stack:
        return None
    fr = st.stack[-1]
    code = m.R.codes.get(fr.get("code")) or []
    pc = fr.get("pc", 0) - 1
    at = code[pc][1] if 0 <= pc < len(code) else None
    return _decision_ids(m.R).get(at) if at else None


def _decision_ids(R: Any) -> dict:
    """``file:line:col`` of each decision (what the compiled code keeps) ->
    its id, kept per rules."""
    ids = R.decision_ids
    if ids is None:
        ids = R.decision_ids = {R.where(list(at)): ask for at, ask in R.messages.decision_at.items()}
    return ids


def _asked(m: Any, seat: int) -> dict:
    """What the pending decision asks ``seat`` (its own ask, in a simultaneous one)."""
    raw = m.st.pending
    return ask_of(raw, seat) if "waiting" in raw else raw


def _pending(m: Any, sight: Sight) -> dict | None:
    out = sight.pending(m.st.pending)
    if out is None or "options" not in out:
        return out
    raw = _asked(m, out["player"])      # (the seat's own ask, in a simultaneous decision)
    if "prompt" not in out:         # (the state keeps its id and values: said here, in English)
        out = {"player": out["player"], "kind": out["kind"], "prompt": prompt_english(m, raw), **out}
    at = pending_at(m)
    out["at"] = at
    msgs = _text.option_msgs(m, raw)
    shown_options = out["options"]
    labels = option_labels(m, raw)
    ids = option_ids(m, shown_options, at, raw)
    for i, (opt, shown) in enumerate(zip(raw["options"], shown_options)):
        if "label" not in shown:        # (its English words, first, as the state once kept them)
            shown = shown_options[i] = {"label": labels[i], **shown}
        shown["option"] = i
        shown["id"] = ids[i]
        if msgs[i] is not None:
            shown["msg"] = msgs[i]      # the message id of its words (spec/messages.py), in any language
        src = opt.get("source")
        value = opt.get("value")
        pid = src if type(src) is int else (value.get("piece") if type(value) is dict and len(value) == 1 else None)
        ent = sight.entity_seen(pid)
        if ent is not None:
            shown["entity"] = ent
    return out


def pending_at(m: Any) -> str:
    """The id of the pending decision its options' ids are built on: its
    declaration's (``decision_at``), else its message id, else its number."""
    return decision_at(m) or m.st.pending.get("msg") or f"decision-{m.st.decision}"


def option_ids(m: Any, shown: list[dict], at: str | None = None, raw: dict | None = None) -> list[str]:
    """The id of each option of the pending decision, ``<decision id>#token``
    (the option's declared name, else what it is: ``_option_token``; a
    repeated token gets ``~n``), from the options as the seat is shown them
    (``shown``: a view's, or ``legal_actions()``: pieces by their handles,
    the same in both). What a view shows as ``id`` and a legal action
    carries (issue 24, items 2 and 5). ``raw``: the options' decision as
    the state keeps it, one seat's ask of a simultaneous one (else the
    pending decision)."""
    raw = m.st.pending if raw is None else raw
    at = at or pending_at(m)
    named = m.R.messages.option_names.get(at) if raw.get("kind") == "choose" else None
    taken: dict[str, int] = {}
    out = []
    for i, (opt, seen) in enumerate(zip(raw["options"], shown)):
        c = opt.get("choice")
        token = named[c] if named and type(c) is int and 0 <= c < len(named) and named[c] else \
            _option_token(opt, seen, i)
        n = taken.get(token, 0)
        taken[token] = n + 1
        out.append(f"{at}#{token}" + (f"~{n}" if n else ""))
    return out


def plain_words(m: Any, pending: dict, at: str) -> tuple[list[str], list[str]]:
    """The labels and ids (``option_ids``) of a pending decision's options
    that show no piece (``filter.plain_options``): a function of the rules,
    the decision's id and kind and the options alone, so kept per rules (a
    bot's every decision asks; no word goes into the state). Bounded, as
    ``english.per_rules``."""
    opts = pending["options"]
    key = (pending.get("kind"), pending.get("msg"), at, tuple(tuple(o.items()) for o in opts))
    kept = m.R.plain_words
    if kept is None:
        kept = m.R.plain_words = {}
    got = kept.get(key)
    if got is None:
        got = (option_labels(m, pending), option_ids(m, opts, at, pending))
        if len(kept) < 4096:    # a bound, not a policy
            kept[key] = got
    return got


def _named(m: Any, args: dict | None) -> dict | None:
    """A message's variables as its English words named them: a piece as
    its card (``text_of`` wrote the card's name into the line already)."""
    if not args:
        return args
    return {k: _named_value(m, v) for k, v in args.items()}


def _named_value(m: Any, v: Any) -> Any:
    if type(v) is dict and type(v.get("piece")) is int and 0 <= v["piece"] < len(m.st.p_ent):
        return {"entity": m.st.p_ent[v["piece"]]}
    if type(v) is list:
        return [_named_value(m, x) for x in v]
    return v


def _option_token(opt: dict, shown: dict, i: int) -> str:
    """What an option is, apart from its label: the action and its card, the
    value chosen, the menu line, or else its place in the list."""
    if "action" in opt:
        src = shown.get("source")
        act = opt.get("action")
        if act is None:
            return "pass"
        return f"act:{act}" + (f"@{src['piece']}" if type(src) is dict and "piece" in src else "")
    if "value" in shown:
        v = shown["value"]
        if type(v) is dict and "piece" in v and len(v) == 1:
            return f"p{v['piece']}"
        t = type(v)
        if t is str:
            return "v:" + _json_str(v)        # (json.dumps of a string, without its Python layers)
        if v is None or t is bool or t is int:
            return "v:" + ("null" if v is None else "true" if v is True else "false" if v is False else str(v))
    if type(opt.get("choice")) is int:
        return f"c{opt['choice']}"
    return f"i{i}"


def _entities(m: Any, v: dict, words: Any = None) -> dict:
    """Every entity a piece in the view shows, by name; those the display or
    the pending decision name also with their kind, text and fields (the
    rest are one `Rules.ir` look-up away, and would make every view heavy)."""
    seen: set = set()
    _gather(v["zones"], seen)
    shown: set = set()
    _gather(v["display"], shown)
    _gather(v["pending"], shown)
    # an option that names a card (a character to choose, an action of a card) shows its text
    for o in (v["pending"] or {}).get("options") or ():
        if type(o.get("entity")) is str:
            shown.add(o["entity"])
    ents = m.R.entities
    return {eid: _cards.card(m.R, eid, words, eid in shown) for eid in sorted(seen | shown) if eid in ents}


def _gather(v: Any, seen: set) -> None:
    t = type(v)
    if t is dict:
        e = v.get("entity")
        if type(e) is str and ("piece" in v or "count" in v):
            seen.add(e)
        for x in v.values():
            if type(x) in (dict, list):
                _gather(x, seen)
    elif t is list:
        for x in v:
            if type(x) in (dict, list):
                _gather(x, seen)


def counters_of(m: Any) -> dict:
    out: dict[str, Any] = {}
    for (cid, of), slot in m.L.cslot.items():
        value = m.st.counters[slot]
        if of is None:
            out[cid] = value
        else:
            out.setdefault(cid, [None] * m.L.n)[of] = value
    return out


def props_by_piece(props: dict) -> dict[int, dict]:
    """`{"<piece>:<name>": value}` grouped by piece, in one pass (not one per piece)."""
    out: dict[int, dict] = {}
    for key, value in props.items():
        pid, _, name = key.partition(":")
        out.setdefault(int(pid), {})[name] = value
    return out
