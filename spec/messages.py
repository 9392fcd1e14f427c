"""Player-facing text by id: the message ids of a rules program (the words
are in catalogues: ``waybill.runtime.text``).

Ids are derived from the IR, never from the wording, so a translation or a
reworded English string keeps its id:

- a declaration's name: ``pack-name``, ``ent-<id>`` (its ``.text`` attribute
  is the card's text), ``space-<id>``, ``zone-<id>``, ``region-<id>``,
  ``counter-<id>``, ``invariant-<id>``, ``action-<id>`` (a top-level action),
  ``ent-<id>-action-<action>`` (a card's action);
- a display line: ``display-panel-<type>-<id>`` / ``display-board-<type>-<id>``
  (a ``show`` line: ``display-panel-show<n>``, n-th show of that part);
- text written in code is named after the code that holds it and its place
  there: ``<code>-log<n>`` (the n-th `log` in it), ``<code>-stop<n>`` (a
  `require` message), ``<code>-ask<n>`` (the n-th decision's prompt) and
  ``<code>-ask<n>-opt<k>`` (its k-th `choose` option). ``<code>`` is
  ``proc-<id>``, ``setup``, ``play``, ``action-<id>``, ``on-<event>-<k>`` /
  ``instead-<target>-<k>`` (the k-th top-level trigger of that event), the
  same under ``ent-<id>-`` for a card's abilities, ``table-<id>-row<i>``, or
  ``quantity-<id>``;
- text the code builds as a value is ``<code>-str<n>``: a string offered in a
  list (``["none of these"] + opts``) or as a branch of an `if`, and text
  joined with ``+`` (``"Pile " + text_of(n)`` is ``Pile { $arg1 }``); a
  track's strings are ``track-<id>-<n>``, a card field's enum-like values
  ``value-<value>``. The state keeps such a value as English text; a view
  finds it by its English (a pattern read back into its holes) and says it
  in its language, and ``option_ids`` gives a bot its id.

So an edit elsewhere in the pack never renames a message; only reordering
the statements of one declaration renumbers that declaration's messages.

What a chosen variant declares (the IR marks it ``"variant"``) has the id it
would have after ``variant-<variant>-``: a variant that replaces a procedure
says other lines at the same places, and must not be said with the base
game's translation of them.

A hole ``{expr}`` becomes a Fluent variable: ``{ $me }`` for a local,
``{ $x_y }`` for ``x.y``, ``{ $arg<i> }`` for any other expression.

Only the ids of the engine's own words are known here (``ENGINE``); the
words themselves are in ``locales/<lang>.ftl`` beside this module.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from typing import Any, Callable

DEFAULT_LANG = "en"
_ID_BAD = re.compile(r"[^a-zA-Z0-9_-]")
LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,3}")     # a BCP 47 language tag (its common shapes)


@dataclass
class Message:
    """One player-facing string: its id, its English, the variables it
    receives (name -> IR expression) and where it is declared."""
    id: str
    text: Any                      # a str, or the IR `{"op": "text", "parts": [...]}`
    at: Any = None
    vars: dict = field(default_factory=dict)
    attrs: dict = field(default_factory=dict)   # attribute name -> English str
    node: Any = None               # the IR node holding the text (for the runtime)

    def english(self) -> str:
        return self.text if type(self.text) is str else "".join(
            p if type(p) is str else "{ $" + self._var(p) + " }" for p in self.text.get("parts") or [])

    def _var(self, expr: Any) -> str:
        key = json.dumps(_strip_at(expr), sort_keys=True)
        for name, e in self.vars.items():
            if json.dumps(_strip_at(e), sort_keys=True) == key:
                return name
        return "arg"


def safe_id(s: str) -> str:
    s = _ID_BAD.sub("_", str(s))
    return s if s[:1].isalpha() else "x" + s


def variant_prefix(decl: Any) -> str:
    """``variant-<id>-`` for a declaration a chosen variant made (the IR marks
    it ``"variant"``), else nothing: a variant's procedure that replaces the
    base game's says other lines at the same places, so its ids are its own."""
    v = decl.get("variant") if type(decl) is dict else None
    return f"variant-{safe_id(v)}-" if v else ""


def name_id(kind: str, decl: Any, did: Any) -> str:
    """The id of a declaration's name (``ent-<id>``, ``zone-<id>``, ...),
    prefixed if a variant declared it."""
    return f"{variant_prefix(decl)}{kind}-{safe_id(did)}"


_VARIANT_ID = re.compile(r"\Avariant-[A-Za-z0-9_]+-")


def base_id(mid: str) -> str:
    """A message id without its variant prefix (what kind of message it is)."""
    return _VARIANT_ID.sub("", mid, count=1)


def _strip_at(e: Any) -> Any:
    if type(e) is dict:
        return {k: _strip_at(v) for k, v in e.items() if k != "at"}
    if type(e) is list:
        return [_strip_at(x) for x in e]
    return e


def hole_vars(text: Any) -> dict:
    """The Fluent variables of a text with holes: name -> expression."""
    out: dict[str, Any] = {}
    seen: dict[str, str] = {}
    if type(text) is not dict:
        return out
    for i, p in enumerate(x for x in text.get("parts") or [] if type(x) is not str):
        key = json.dumps(_strip_at(p), sort_keys=True)
        if key in seen:
            continue
        name = _var_name(p) or f"arg{i + 1}"
        base, n = name, 2
        while name in out:
            name, n = f"{base}{n}", n + 1
        out[name] = p
        seen[key] = name
    return out


def _var_name(e: Any) -> str | None:
    if type(e) is not dict:
        return None
    if e.get("op") == "var":
        return safe_id(e["name"].lstrip("$")) if e["name"].lstrip("$") else None
    if e.get("op") == "attr":
        inner = _var_name(e.get("of"))
        return f"{inner}_{safe_id(e['name'])}" if inner else None
    return None


def _is_text(v: Any) -> bool:
    return type(v) is str or (type(v) is dict and v.get("op") == "text")


# --- walking the IR ------------------------------------------------------------------

# expression ops whose plain-string operands are text a player may be shown
# (a list offered as a choice, a branch of an `if`, a list built by `each`)
_LITERAL_AT = {"list": ("items",), "cond": ("then", "else"), "agg": ("value",)}
# statement keys that hold text or blocks, not expressions
_NOT_EXPR = frozenset({"do", "at", "then", "else", "body", "options", "text", "message", "prompt"})
_LETTER = re.compile(r"[^\W\d_]")


class _Code:
    """Numbers the messages of one piece of code."""

    def __init__(self, prefix: str, out: list, nodes: dict | None = None, refs: frozenset = frozenset()):
        self.prefix, self.out, self.nodes, self.refs = prefix, out, nodes, refs
        self.n = {"log": 0, "stop": 0, "ask": 0, "str": 0}
        self.said: set = set()         # the English of this code's `str` messages (one id each)

    def add(self, kind: str, text: Any, at: Any, node: Any, suffix: str = "") -> str:
        if not suffix:
            self.n[kind] += 1
        mid = f"{self.prefix}-{kind}{self.n[kind]}{suffix}"
        if self.nodes is not None:
            self.nodes[id(node)] = mid
        if text is not None and _is_text(text):
            self.out.append(Message(mid, text, at, hole_vars(text), node=node))
        return mid

    def block(self, stmts: Any) -> None:
        for s in stmts or []:
            if type(s) is dict:
                self.stmt(s)

    def stmt(self, s: dict) -> None:
        do, at = s.get("do"), s.get("at")
        if do == "log":
            self.add("log", s.get("text"), at, s)
        elif do == "require":
            self.add("stop", s.get("message"), at, s)
        elif do in ("choose", "may", "pick", "amount", "order", "act"):
            self.add("ask", s.get("prompt"), at, s)
            if do == "choose":
                for k, o in enumerate(s.get("options") or [], 1):
                    self.add("ask", o.get("label"), at, o, f"-opt{k}")
        for key, v in s.items():
            if key not in _NOT_EXPR:
                if key == "value" and type(v) is str:
                    self.literal(v, at)
                else:
                    self.expr(v, at)
        for key in ("then", "else", "body"):
            self.block(s.get(key))
        if do == "choose":
            for o in s.get("options") or []:
                self.block(o.get("body"))

    # text the code builds as a value: `["none of these"] + opts`, `"Pile " + text_of(n)`
    def literal(self, s: str, at: Any, in_text: bool = False) -> None:
        """A string value a player may be shown: a message ``<code>-str<n>``
        (once per English in this code). A reference to a space or zone is
        named as that, and a key (``"first_round"``, one lower-case word) is
        no text unless it is a part of text being built."""
        if s in self.said or s in self.refs or not _LETTER.search(s) or (not in_text and _ENUM.fullmatch(s)):
            return
        self.said.add(s)
        self.n["str"] += 1
        self.out.append(Message(f"{self.prefix}-str{self.n['str']}", s, at))

    def template(self, parts: list, at: Any, node: Any) -> None:
        text = {"op": "text", "parts": parts}
        english = Message("", text, vars=hole_vars(text)).english()
        if english in self.said or not any(type(p) is str and _LETTER.search(p) or type(p) is not str for p in parts):
            return
        self.said.add(english)
        self.n["str"] += 1
        self.out.append(Message(f"{self.prefix}-str{self.n['str']}", text, at, hole_vars(text), node=node))

    def expr(self, e: Any, at: Any, in_text: bool = False) -> None:
        if type(e) is list:
            for x in e:
                self.expr(x, at, in_text)
            return
        if type(e) is not dict:
            return
        op, here = e.get("op"), e.get("at") or at
        if op == "text":                       # "left of {x}" as a value
            self.template(list(e.get("parts") or []), here, e)
        elif op == "bin" and e.get("o") == "+":
            parts = _chain(e)
            if any(type(p) is str for p in parts) and any(type(p) is not str for p in parts):
                self.template(parts, here, e)
                for p in parts:
                    self.expr(p, here, True)
                return
        for key in _LITERAL_AT.get(op, ()):
            v = e.get(key)
            for x in v if type(v) is list else [v]:
                if type(x) is str:
                    self.literal(x, here, in_text)
        for k, v in e.items():
            if k != "at" and type(v) in (dict, list):
                self.expr(v, here, in_text and op != "call")


def _chain(e: Any) -> list:
    """The operands of a chain of `+` (strings next to each other joined)."""
    if type(e) is not dict or e.get("op") != "bin" or e.get("o") != "+":
        return [e]
    out: list = []
    for p in _chain(e.get("l")) + _chain(e.get("r")):
        if type(p) is str and out and type(out[-1]) is str:
            out[-1] += p
        else:
            out.append(p)
    return out


def messages(ir: dict, nodes: dict | None = None) -> list[Message]:
    """Every player-facing string of a rules program, with its id, in a
    stable order (declaration order). ``nodes`` (if given) is filled with
    `id(node) -> message id` for every IR statement or option that says
    something, or asks (a decision without a prompt has an id too)."""
    out: list[Message] = []
    add = lambda mid, text, at=None, **attrs: out.append(  # noqa: E731
        Message(mid, text, at, attrs={k: v for k, v in attrs.items() if v}))
    pack = ir.get("pack") or {}
    if pack.get("name"):
        add("pack-name", pack["name"])
    for key, kind in (("counters", "counter"), ("zones", "zone"), ("spaces", "space"), ("regions", "region")):
        for d in ir.get(key) or []:
            if d.get("name") and d["name"] != d["id"]:
                add(name_id(kind, d, d["id"]), d["name"], d.get("at"))
    for inv in ir.get("invariants") or []:
        if inv.get("text"):
            add(name_id("invariant", inv, inv["id"]), inv["text"], inv.get("at"))
    places = frozenset(x["id"] for key in ("spaces", "zones", "regions") for x in ir.get(key) or [])
    refs = places | {x["id"] for key in ("entities", "counters") for x in ir.get(key) or []}
    code = lambda prefix: _Code(prefix, out, nodes, refs)  # noqa: E731
    for t in ir.get("tracks") or []:
        for i, v in enumerate(t.get("values") or [], 1):
            if type(v) is str and v not in refs and _LETTER.search(v):
                add(f"{name_id('track', t, t['id'])}-{i}", v, t.get("at"))
    for t in ir.get("tables") or []:
        for i, row in enumerate(t.get("rows") or []):
            code(f"{name_id('table', t, t['id'])}-row{i + 1}").block(row.get("effect"))
    for q in ir.get("quantities") or []:
        c = code(name_id("quantity", q, q["id"]))
        c.literal(q["value"], q.get("at")) if type(q.get("value")) is str else c.expr(q.get("value"), q.get("at"))
    code("setup").block(ir.get("setup"))
    code("play").block(ir.get("play"))
    for p in ir.get("procedures") or []:
        code(name_id("proc", p, p["id"])).block(p.get("body"))
    _abilities(ir.get("rules") or [], "", out, nodes, refs)
    for e in ir.get("entities") or []:
        prefix = name_id("ent", e, e["id"])
        out.append(Message(prefix, e.get("name") or e["id"], e.get("at"),
                           attrs={"text": e["text"]} if e.get("text") else {}))
        _abilities(e.get("abilities") or [], prefix + "-", out, nodes, refs)
    _field_values(ir, places, add)
    disp = ir.get("display") or {}
    for part in ("panel", "board"):
        shows = 0
        for it in disp.get(part) or []:
            if it.get("id") is not None:
                mid = f"display-{part}-{safe_id(it['type'])}-{safe_id(it['id'])}"
            else:
                shows += 1
                mid = f"display-{part}-show{shows}"
            add(mid, it.get("label") or "", it.get("at"))
    seen: set = set()
    unique = []
    for msg in out:           # first one wins (an id is never given twice)
        if msg.id not in seen:
            seen.add(msg.id)
            unique.append(msg)
    return unique


def ability_prefix(decl: dict, prefix: str, counts: dict) -> str | None:
    """The code prefix of an ability (a variant's top-level ones under
    ``variant-<id>-``, numbered apart from the base game's)."""
    prefix = variant_prefix(decl) + prefix
    kind = decl.get("type")
    if kind == "action":
        return f"{prefix}action-{safe_id(decl['id'])}"
    if kind == "trigger":
        key = f"on-{safe_id(decl.get('event'))}"
    elif kind == "replace":
        key = f"instead-{safe_id(decl.get('target'))}"
    else:
        return None
    key = prefix + key
    counts[key] = counts.get(key, 0) + 1
    return f"{key}-{counts[key]}"


def _abilities(decls: list, prefix: str, out: list, nodes: dict | None, refs: frozenset) -> None:
    counts: dict[str, int] = {}
    for decl in decls:
        name = ability_prefix(decl, prefix, counts)
        if name is None:
            continue
        if decl.get("type") == "action":
            out.append(Message(name, decl.get("name") or decl["id"], decl.get("at")))
        code = _Code(name, out, nodes, refs)
        for r in decl.get("require") or []:
            code.add("stop", r.get("message"), decl.get("at"), r)
        code.block(decl.get("effect"))


_ENUM = re.compile(r"[a-z][a-z0-9_]*")


def _field_values(ir: dict, refs: frozenset, add: Callable) -> None:
    """Enum-like field values of cards (``colour: "red"``): a word a
    rule may say (``{t}`` in a log line), ``value-<value>``, declared at the
    first card holding it. A space, zone or region is named as that; a
    value that is also a card's id gets its own word (said in a sentence,
    not as a title)."""
    seen: set = set()
    for e in ir.get("entities") or []:
        for v in (e.get("fields") or {}).values():
            for x in v if type(v) is list else [v]:
                if type(x) is str and x not in seen and x not in refs and _ENUM.fullmatch(x):
                    seen.add(x)
                    add(f"value-{safe_id(x)}", x, e.get("at"))


class Index:
    """The messages of a rules program, for the runtime: by id, and the id
    of each IR node that says or asks something."""

    def __init__(self, ir: dict):
        self.nodes: dict[int, str] = {}
        self.by_id: dict[str, Message] = {m.id: m for m in messages(ir, self.nodes)}

    def of(self, node: Any) -> str | None:
        return self.nodes.get(id(node))



# the engine's own catalogues (its words in each language)
ENGINE_DIR = os.path.join(os.path.dirname(__file__), "locales")

# id -> the variables it receives (spec/locales/en.ftl gives the words)
# id -> the variables it receives (spec/locales/en.ftl gives the words)
ENGINE_IDS: dict[str, tuple] = {
    "engine-pass": (), "engine-done": (), "engine-yes": (), "engine-no": (),
    "engine-prompt-act": (), "engine-prompt-choose": (), "engine-prompt-pick": (),
    "engine-prompt-amount": (), "engine-prompt-order": (), "engine-prompt-may": (),
    "engine-none": (), "engine-hidden": (), "engine-empty": (), "engine-hidden-count": ("count",),
    "engine-a-piece": (), "engine-seat": ("seat",), "engine-zone-of": ("zone", "player"),
    "engine-list-sep": (), "engine-stopped": ("message",), "engine-requirement": (),
    "engine-cannot-pay": ("amount", "counter", "has"),
    "engine-player": ("number",), "engine-seat-name": ("seat",), "engine-times": ("name", "count"),
    "play-your-choice": (), "play-the-table": (), "play-game-over": (), "play-winner": ("player",),
    "play-winners": ("players",), "play-team-won": (), "play-team-lost": (),
    "play-nothing-said": (), "play-bots": ("bots",), "play-bot-of": ("seat", "bot"), "play-earlier": ("count",),
    "sim-title": ("pack", "variants", "games", "players", "bot"), "sim-measure": (), "sim-value": (),
    "sim-games": (), "sim-finished": (), "sim-capped": (), "sim-errors": (), "sim-mean-rounds": (),
    "sim-mean-actions": (), "sim-wins": (), "sim-replay-mismatches": (), "sim-invariant-violations": (),
    "sim-capped-first": ("capped", "games"), "sim-bots": (), "sim-rotated": (), "sim-wins-by-bot": (),
    "sim-team-won": (), "sim-team-score": (), "sim-team-scores": (), "sim-wins-by-side": (), "sim-shared-wins": (),
    "sim-limit-ended": (),
}
