"""A client's copy of its state, rebuilt from the messages of docs/PROTOCOL.md
("Deltas"), written from the document and not from the server's code (its
own patch reader), so that the tests check one against the other."""

from __future__ import annotations

import json
from typing import Any


def patched(value: Any, p: dict) -> Any:
    """PROTOCOL.md: `set` replaces; `keys` (and `drop`) change an object; `items` and `length` a list."""
    if "set" in p:
        return json.loads(json.dumps(p["set"]))
    if "keys" in p:
        out = dict(value)
        for key, q in p["keys"].items():
            out[key] = patched(out.get(key), q)
        for key in p.get("drop", []):
            del out[key]
        return out
    out = list(value)[:p["length"]]
    while len(out) < p["length"]:
        out.append(None)
    for i, q in p["items"]:
        out[i] = patched(out[i], q)
    return out


class Rebuilt:
    """The state one client holds: taken whole from a `state`, moved on by `delta`,
    `log` and `actions` messages. `complete` once its log reaches the view's
    `log_end` and it has every option (`options_end`)."""

    def __init__(self) -> None:
        self.state: dict | None = None
        self.behind = False            # a delta came that it cannot apply: it must ask for the state

    def log_end(self) -> int:
        view = self.state["view"]
        return view["log_from"] + len(view["log"])

    def complete(self) -> bool:
        return self.state is not None and self.log_end() == self.state["view"]["log_end"] and self.options_whole()

    def options_whole(self) -> bool:
        """PROTOCOL.md: a state sent with its first options only says how many there are (`options_end`)."""
        return "options_end" not in self.state

    def options_have(self) -> int:
        return len(self.state["actions"])

    def take(self, msg: dict) -> None:
        kind = msg.get("type")
        if kind == "delta":
            self._delta(msg)
        elif kind == "log":
            self._log(msg)
        elif kind == "actions" or (kind == "reply" and "options" in msg):
            self._options(msg)
        elif kind in (None, "state", "reply") and "view" in msg:
            self._whole({k: v for k, v in msg.items() if k not in ("type", "ref")})

    def _whole(self, state: dict) -> None:
        mine = self.state
        if mine is not None and state["version"] < mine["version"]:
            return                     # older than what it has
        view = state["view"]
        if mine is not None and mine["view"]["log_from"] <= view["log_from"] <= self.log_end():
            # its log goes on from (or within) what it has: keep the older entries
            kept = mine["view"]["log"][:view["log_from"] - mine["view"]["log_from"]]
            view = {**view, "log_from": mine["view"]["log_from"], "log": kept + view["log"]}
        self.state = {**state, "view": view}
        self.behind = False
        self._whole_options()

    def _delta(self, msg: dict) -> None:
        mine = self.state
        if mine is None or msg["version"] <= mine["version"]:
            return
        if msg["from"] != mine["version"] or msg["log_from"] != self.log_end() or not self.options_whole():
            self.behind = True
            return
        own = {"log": mine["view"]["log"] + msg["log"], "log_from": mine["view"]["log_from"]}
        base = {k: v for k, v in mine.items() if k != "version"}
        base["view"] = {k: v for k, v in mine["view"].items() if k not in own}
        new = patched(base, msg["patch"]) if msg["patch"] is not None else base
        self.state = {**new, "version": msg["version"], "view": {**new["view"], **own}}

    def _options(self, msg: dict) -> None:
        """PROTOCOL.md: the options from `from` on, as the view says them and as actions."""
        mine = self.state
        if mine is None or self.options_whole() or msg["version"] != mine["version"] \
                or msg["from"] != self.options_have():
            self.behind = True
            return
        pending = mine["view"]["pending"]
        view = {**mine["view"], "pending": {**pending, "options": pending["options"] + msg["options"]}}
        self.state = {**mine, "view": view, "actions": mine["actions"] + msg["actions"]}
        self._whole_options()

    def _whole_options(self) -> None:
        """Once every option came, the state is the whole one: `options_end` goes."""
        if "options_end" in self.state and self.options_have() >= self.state["options_end"]:
            self.state = {k: v for k, v in self.state.items() if k != "options_end"}

    def _log(self, msg: dict) -> None:
        mine = self.state
        if mine is None or msg["version"] != mine["version"] or msg["log_from"] != self.log_end() \
                or not self.options_whole():
            self.behind = True
            return
        self.state = {**mine, "view": {**mine["view"], "log": mine["view"]["log"] + msg["log"]}}


def named_cards(v, out: set) -> set:
    """Every card id a state names (an `entity`): what the client must have from `cards`."""
    if isinstance(v, dict):
        if isinstance(v.get("entity"), str):
            out.add(v["entity"])
        for x in v.values():
            named_cards(x, out)
    elif isinstance(v, list):
        for x in v:
            named_cards(x, out)
    return out
