"""What a state looks like on the wire: bounded in size, and sent as deltas.

A seat's state (store.py) is its view with the log since the index the
client asked for, its legal actions, and the game's version. Two things
keep every message small (docs/PROTOCOL.md, "Deltas"):

- the log in one message is cut so that the message fits in MAX_MESSAGE
  bytes; what is left is sent in `log` messages (WebSocket) or asked for
  again with `log_from` (HTTP);
- a WebSocket that has a state is sent only what changed: a `patch` of the
  state without its log, and the log entries that are new.

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
    """The state with as much of its log as fits in one message, and the rest
    of its log as `log` messages (each fitting too). `kind` is the message's
    `type` (None: an HTTP answer, which has none)."""
    view = state["view"]
    head = {"type": kind} if kind else {}
    msg = {**head, **state, "view": {**view, "log": []}}
    first, rest = _cut(view["log"], len(dumps(msg)))
    msg["view"]["log"] = first
    return msg, _log_messages(rest, view["log_from"] + len(first), state["version"])


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
