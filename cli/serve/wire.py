"""What a state looks like on the wire: bounded in size, and sent as deltas.

A seat's state (store.py) is its view with the log since the index the
client asked for, its legal actions, and the game's version. Two things
keep every message small (docs/PROTOCOL.md, "Deltas"):

- the log in one message is cut so that the message fits in MAX_MESSAGE
  bytes; what is left is sent in `log` messages (WebSocket) or asked for
  again with `log_from` (HTTP);
- a WebSocket that has a state is sent only what changed: a `patch` of the
  state without its log, and the log entries that are new;
- a state too long even without its log (a question with many options) is
  sent with the acting seat's first options only (`options_end` says how
  many there are); the rest follow in `actions` messages (WebSocket) or are
  asked for (HTTP, `actions_page`). A change too long for a delta is sent
  as such a state.

A patch is JSON: `{"set": value}` replaces a value; `{"keys": {k: patch},
"drop": [k]}` changes, adds and removes keys of an object; `{"items":
[[i, patch]], "length": n}` cuts or extends a list to n items and changes
the items listed. `diff` makes the smallest of these it finds, `patch`
applies one. Everything here is plain functions of JSON values.
"""

from __future__ import annotations

import json
from typing import Any

MAX_MESSAGE = 30_000       # bytes of any message a state is sent in (a state, a delta, a piece of log)

# the parts of a state's view that are the client's own, not the game's: where
# its log starts (it asked) and the log (sent as new entries, never patched)
_OWN = ("log", "log_from")


def dumps(value: Any) -> str:
    """JSON as sent: compact, in ASCII (a string a client sent comes back escaped)."""
    return json.dumps(value, separators=(",", ":"))


# --- patches -----------------------------------------------------------------------

def diff(old: Any, new: Any) -> dict | None:
    """A patch that turns `old` into `new` (None: they are the same JSON)."""
    if type(old) is dict and type(new) is dict:
        keys: dict[str, Any] = {}
        for k, v in new.items():
            if k not in old:
                keys[k] = {"set": v}
            else:
                p = diff(old[k], v)
                if p is not None:
                    keys[k] = p
        drop = [k for k in old if k not in new]
        if not keys and not drop:
            return None
        out: dict[str, Any] = {"keys": keys}
        if drop:
            out["drop"] = drop
        return _smaller(out, new)
    if type(old) is list and type(new) is list:
        items = []
        for i, v in enumerate(new):
            p = diff(old[i], v) if i < len(old) else {"set": v}
            if p is not None:
                items.append([i, p])
        if not items and len(old) == len(new):
            return None
        return _smaller({"items": items, "length": len(new)}, new)
    # JSON's types, not Python's: 1 is not 1.0 nor true
    if type(old) is type(new) and old == new:
        return None
    return {"set": new}


def _smaller(p: dict, new: Any) -> dict:
    """The patch, or replacing the value whole when that is no longer."""
    whole = {"set": new}
    return whole if len(dumps(whole)) <= len(dumps(p)) else p


def patch(value: Any, p: dict) -> Any:
    """`value` changed by the patch `p` (a new value; `value` is left as it was)."""
    if "set" in p:
        return p["set"]
    if "keys" in p:
        out = dict(value)
        for k, q in p["keys"].items():
            out[k] = patch(out.get(k), q)
        for k in p.get("drop", ()):
            out.pop(k, None)
        return out
    n = p["length"]
    out = list(value[:n]) + [None] * max(0, n - len(value))
    for i, q in p["items"]:
        out[i] = patch(out[i], q)
    return out


# --- states and deltas ----------------------------------------------------------------

def core(state: dict) -> dict:
    """A state without what is the client's own (its log, where its log starts) and its version:
    what two versions of one audience's state are compared by."""
    view = {k: v for k, v in state["view"].items() if k not in _OWN}
    return {**{k: v for k, v in state.items() if k not in ("view", "version")}, "view": view}


def bounded(state: dict, kind: str | None = None) -> tuple[dict, list[dict]]:
    """The state as one message that fits, and what did not fit as the
    messages that follow it: `actions` messages (the acting seat's options
    past the first ones, when the state without its log is too long with
    them all) and `log` messages (each fitting too). `kind` is the message's
    `type` (None: an HTTP answer, which has none)."""
    view = state["view"]
    head = {"type": kind} if kind else {}
    msg = {**head, **state, "view": {**view, "log": []}}
    log = view["log"]
    more: list[dict] = []
    # (room kept for one log entry: an HTTP client asking again from its log's end moves on)
    first_entry = len(dumps(log[0])) + 1 if log else 0
    if len(dumps(msg)) + first_entry > MAX_MESSAGE:
        msg, more = _cut_options(msg, first_entry)
    first, rest = _cut(log, len(dumps(msg)))
    msg["view"]["log"] = first
    return msg, [*more, *_log_messages(rest, view["log_from"] + len(first), state["version"])]


def with_log_ends(msgs: list[dict], log_end: int) -> list[tuple[str, int]]:
    """Each message as sent, with where the client's log ends once it has
    taken it (`log_end`: where it ends before the first)."""
    out = []
    for m in msgs:
        if "view" in m:                   # a state
            log_end = m["view"]["log_from"] + len(m["view"]["log"])
        elif "log" in m:
            log_end = m["log_from"] + len(m["log"])
        out.append((dumps(m), log_end))
    return out


def delta(old: dict, version: int, new: dict) -> list[dict] | None:
    """The messages that take a client from the state `old` (a `core`) of
    `version` to the state `new`, whose view's log holds the entries since
    then: one `delta`, then `log` messages if the new entries do not fit in
    it. None if nothing changed."""
    p = diff(old, core(new))
    log, log_from = new["view"]["log"], new["view"]["log_from"]
    if p is None and not log:
        return None
    msg: dict[str, Any] = {"type": "delta", "from": version, "version": new["version"],
                           "patch": p, "log_from": log_from, "log": []}
    if len(dumps(msg)) > MAX_MESSAGE:
        # a change too big for one delta (a question with many options): the
        # state itself, cut to fit, with its log since the client's end
        whole, more = bounded(new, "state")
        return [whole, *more]
    first, rest = _cut(log, len(dumps(msg)))
    msg["log"] = first
    return [msg, *_log_messages(rest, log_from + len(first), new["version"])]


def cards_page(cards: dict[str, dict], start: int) -> dict:
    """The cards (``Game.cards()``, by id in their order) from the ``start``-th
    on, as many as fit in one message (at least one: a client asking again
    from ``start + len(cards)`` always moves on): ``{"from", "end",
    "cards"}``; ``end`` is how many cards there are."""
    ids = list(cards)
    start = max(0, min(start, len(ids)))
    page: dict[str, dict] = {}
    # (room too for the game's id and, on a WebSocket, the reply's `"type":"reply",`)
    room = MAX_MESSAGE - len(dumps({"type": "reply", "id": "0123456789abcdef", "from": start, "end": len(ids),
                                    "cards": {}}))
    for eid in ids[start:]:
        room -= len(dumps({eid: cards[eid]})) - 2 + (1 if page else 0)   # '"id":{...}' and its comma
        if room < 0 and page:
            break
        page[eid] = cards[eid]
    return {"from": start, "end": len(ids), "cards": page}


def actions_page(state: dict, start: int) -> dict:
    """The acting seat's options (`view.pending.options` and `actions`, the
    same options in the same order) from the ``start``-th on, as many as fit
    in one message (at least one): ``{"version", "from", "end", "options",
    "actions"}``; ``end`` is how many there are."""
    opts, acts = _options_of(state)
    end = max(len(opts), len(acts))
    start = max(0, min(start, end))
    page = {"version": state["version"], "from": start, "end": end, "options": [], "actions": []}
    # (room too for the game's id and, on a WebSocket, the reply's `"type":"reply",`)
    used = len(dumps({"type": "reply", "id": "0123456789abcdef", **page}))
    stop = start + max(1, _fitting(opts, acts, start, MAX_MESSAGE - used)) if start < end else end
    page["options"], page["actions"] = opts[start:stop], acts[start:stop]
    return page


def _options_of(state: dict) -> tuple[list, list]:
    """The acting seat's options as its view says them, and as actions."""
    pending = state["view"].get("pending")
    opts = pending.get("options") if isinstance(pending, dict) else None
    return (opts if isinstance(opts, list) else []), state.get("actions") or []


def _cut_options(msg: dict, reserve: int) -> tuple[dict, list[dict]]:
    """`msg` with only the first of its options that fit beside `reserve`
    bytes (its `options_end` saying how many there are), and the rest as
    `actions` messages."""
    opts, acts = _options_of(msg)
    end = max(len(opts), len(acts))
    if end == 0:
        return msg, []
    view = msg["view"]
    cut = {**msg, "options_end": end, "actions": []}
    if isinstance(view.get("pending"), dict) and "options" in view["pending"]:
        cut["view"] = {**view, "pending": {**view["pending"], "options": []}}
    k = _fitting(opts, acts, 0, MAX_MESSAGE - reserve - len(dumps(cut)))
    cut["actions"] = acts[:k]
    if cut["view"] is not view:
        cut["view"]["pending"]["options"] = opts[:k]
    out = []
    while k < end:
        page = {"type": "actions", **actions_page(msg, k)}
        out.append(page)
        k += max(len(page["actions"]), len(page["options"]))
    return cut, out


def _fitting(opts: list, acts: list, start: int, room: int) -> int:
    """How many options from `start` on (each as said and as an action) fit in `room` bytes."""
    n = 0
    for i in range(start, max(len(opts), len(acts))):
        for part in (opts, acts):
            if i < len(part):
                room -= len(dumps(part[i])) + (1 if n else 0)
        if room < 0:
            break
        n += 1
    return n


def _log_messages(entries: list, log_from: int, version: int) -> list[dict]:
    out = []
    while entries:
        msg = {"type": "log", "version": version, "log_from": log_from, "log": []}
        first, entries = _cut(entries, len(dumps(msg)))
        msg["log"] = first
        out.append(msg)
        log_from += len(first)
    return out


def _cut(entries: list, used: int) -> tuple[list, list]:
    """The longest head of `entries` that fits beside `used` bytes of message
    (at least one entry: the log always moves on), and the rest."""
    room = MAX_MESSAGE - used
    n = 0
    for e in entries:
        room -= len(dumps(e)) + (1 if n else 0)
        if room < 0 and n:
            break
        n += 1
    return entries[:n], entries[n:]
