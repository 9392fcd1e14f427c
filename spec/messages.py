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
- a drawn board: ``board-<id>`` (its title), ``board-<id>-show-<what>`` (a
  `show`'s label) and ``board-<id>-show-<what>-mark`` (its `mark`);
- text written in code is named after the code that holds it and its place
  there: ``<code>-log<n>`` (the n-th `log` in it), ``<code>-stop<n>`` (a
  `require` message);
- a decision is ``<code>-ask-<key>`` (its prompt's id, and the id views
  build option ids from), its k-th `choose` option ``<ask>-<name>`` if
  the option is named (``"Heal" as heal: ...``), else ``<ask>-opt<k>``
  (an option's place in its menu is its structure). The key is structural,
  never a position in the file: the decision's declared name (``choose as
  menu ...``), else the variable it sets (``let to = choose ...`` is
  ``-ask-to``), else its statement kind numbered among the decisions of
  that kind with neither in the declaration (``-ask-may1``,
  ``-ask-choose2``, ``-ask-act1``). So a line added above it, a `log`, a
  `let`, a decision of another kind or any named or variable-setting
  decision never moves it; a second decision setting the same variable is
  ``-ask-<var>-2``. ``<code>`` is
  ``proc-<id>``, ``setup``, ``play``, ``action-<id>``, ``on-<event>-<k>`` /
  ``instead-<target>-<k>`` (the k-th top-level trigger of that event), the
  same under ``ent-<id>-`` for a card's abilities, ``table-<id>-row<i>``, or
  ``quantity-<id>``;
- text the code builds as a value is ``<code>-str-<name>`` if it is named
  (``["stop here" as stop] + spaces``: every text with that English in the
  declaration has that id), else ``<code>-str<n>``: a string offered in a
  list (``["none of these"] + opts``) or as a branch of an `if`, and text
  joined with ``+`` (``"Pile " + text_of(n)`` is ``Pile { $arg1 }``); a
  track's strings are ``track-<id>-<n>``, a card field's enum-like values
  ``value-<value>``. A string the rules wrote is a value of its own (rules
  compare it: ``"S" == stat``), kept as it is written and marked ``value``
  here: its id is the first such message with those words (``literal_ids``).
  Text built with holes or ``+`` is kept as data, ``{"text": id, variable:
  value, ...}`` (runtime/engine/access.py), never as words: a view
  says it from the catalogue, and ``option_ids`` gives a bot its id.

So an edit elsewhere in the pack never renames a message; only reordering
the statements of one declaration renumbers its unnamed logs, `require`
messages, text values and var-less decisions of one kind. What programs
match (bots, scenarios by id) is named: ``tests/bots`` forbids them a
numbered id.

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
    value: bool = False            # a string the rules wrote as a value (``literal_ids``)
    place: int | None = None       # a `choose` option's place in its menu (1-based)
    legacy: str | None = None      # a decision's or option's id before names (`<code>-ask<n>[-opt<k>]`)

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


def hole_names(parts: list) -> list:
    """The variable of each part of a text with holes (None for its words),
    named as ``hole_vars`` names them: text with the same English gets the
    same names, whatever expressions fill its holes."""
    names = hole_vars({"op": "text", "parts": parts})
    by_key = {json.dumps(_strip_at(e), sort_keys=True): n for n, e in names.items()}
    return [None if type(p) is str else by_key[json.dumps(_strip_at(p), sort_keys=True)] for p in parts]


def chain(e: Any) -> list:
    """The operands of a chain of `+` (strings next to each other joined):
    the parts of text built with `+`."""
    return _chain(e)


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


_DECISIONS = ("choose", "may", "pick", "amount", "order", "act")


class _Code:
    """Names the messages of one piece of code (a declaration's body)."""

    def __init__(self, prefix: str, out: list, nodes: dict | None = None, refs: frozenset = frozenset(),
                 asks: dict | None = None, clashes: list | None = None):
        self.prefix, self.out, self.nodes, self.refs, self.asks = prefix, out, nodes, refs, asks
        self.clashes = clashes         # (at, what) of a name given twice in this code
        self.n = {"log": 0, "stop": 0, "str": 0}
        self.said: set = set()         # the English of this code's `str` messages (one id each)
        self.built: dict = {}          # the English of this code's text with holes -> its id
        self.unnamed: dict[str, int] = {}      # decisions with no name and no variable, by statement kind
        self.keys: set = set()                 # the decision keys given so far
        self.declared: set = set()             # the decisions' declared names (reserved from the start)
        self.text_names: dict[str, str] = {}   # English -> the declared name of a text value
        self.scanned = False
        self.legacy_asks = 0           # decisions so far, as ids were numbered before names
        self.made: Message | None = None       # the message the last `add` made (None: none)

    def add(self, kind: str, text: Any, at: Any, node: Any, mid: str | None = None) -> str:
        if mid is None:
            self.n[kind] += 1
            mid = f"{self.prefix}-{kind}{self.n[kind]}"
        if self.nodes is not None:
            self.nodes[id(node)] = mid
        made = None
        if text is not None and _is_text(text):
            made = Message(mid, text, at, hole_vars(text), node=node)
            self.out.append(made)
            if type(text) is dict:       # text built inside a hole: `{text_of(p) + "!"}`
                for p in text.get("parts") or []:
                    if type(p) is not str:
                        self.expr(p, at, True)
        # (not out[-1]: text built in its holes is added after it)
        self.made = made
        return mid

    def _legacy(self, mid: str, old: str) -> None:
        """Note the id a message had before names (catalogues and scenarios
        written then still find it: spec/messages.Index.legacy)."""
        if self.made is not None and self.made.id == mid and old != mid:
            self.made.legacy = old

    def scan(self, tree: Any, at: Any = None) -> None:
        """Reserve the names declared anywhere in this code before naming
        anything: a named decision or text keeps its name whatever comes first."""
        self.scanned = True
        if type(tree) is list:
            for x in tree:
                self.scan(x, at)
        elif type(tree) is dict:
            name = tree.get("name")
            at = tree.get("at") or at
            if type(name) is str and tree.get("do") in _DECISIONS:
                if name in self.declared:
                    self._clash(at, f"two decisions of `{self.prefix}` are named `{name}`")
                self.declared.add(name)
            elif type(name) is str and tree.get("op") == "text":
                english = Message("", tree, vars=hole_vars(tree)).english()
                self._name_text(english, name, at)
            elif tree.get("op") == "bin" and tree.get("o") == "+":
                # `"Pile " as pile + text_of(n)`: the text built is named after its named part
                named = _chain_name(tree)
                parts = _chain(tree)
                if named and any(type(p) is not str for p in parts):
                    text = {"op": "text", "parts": parts}
                    self._name_text(Message("", text, vars=hole_vars(text)).english(), named, at)
                    for x in _operands(tree):      # the named part names the whole text, not itself
                        if not (type(x) is dict and x.get("op") == "text" and x.get("name")):
                            self.scan(x, at)
                    return
            for k, v in tree.items():
                if k != "at" and type(v) in (dict, list):
                    self.scan(v, at)

    def _name_text(self, english: str, name: str, at: Any) -> None:
        """`"..." as name`: one name for one text in a piece of code (the same
        text may be named again, at each place it is written)."""
        had = self.text_names.get(english)
        if had is not None and had != name:
            self._clash(at, f"this text is named `{had}` and `{name}` in `{self.prefix}`")
        elif any(n == name and e != english for e, n in self.text_names.items()):
            self._clash(at, f"two different texts of `{self.prefix}` are named `{name}`")
        else:
            self.text_names[english] = name

    def _clash(self, at: Any, what: str) -> None:
        if self.clashes is not None:
            self.clashes.append((at, what))

    def ask_id(self, s: dict) -> str:
        """``<code>-ask-<key>``: the declared name, the variable set, or the
        statement kind numbered among the unnamed ones of that kind."""
        do, name, into = s.get("do"), s.get("name"), s.get("into")
        if type(name) is str:
            key = name
        elif type(into) is str and _KEY.fullmatch(into):
            key = into
        else:
            self.unnamed[do] = self.unnamed.get(do, 0) + 1
            key = f"{do}{self.unnamed[do]}"
        base, k = key, 2
        while key in self.keys or (key != name and key in self.declared):
            key, k = f"{base}-{k}", k + 1
        self.keys.add(key)
        return f"{self.prefix}-ask-{key}"

    def block(self, stmts: Any) -> None:
        if not self.scanned:
            self.scan(stmts)
        for s in stmts or []:
            if type(s) is dict:
                self.stmt(s)

    def stmt(self, s: dict) -> None:
        do, at = s.get("do"), s.get("at")
        if do == "log":
            self.add("log", s.get("text"), at, s)
        elif do == "require":
            self.add("stop", s.get("message"), at, s)
        elif do in _DECISIONS:
            ask = self.add("ask", s.get("prompt"), at, s, self.ask_id(s))
            self.legacy_asks += 1
            old = f"{self.prefix}-ask{self.legacy_asks}"
            self._legacy(ask, old)
            opts: list = []
            if do == "choose":
                for k, o in enumerate(s.get("options") or [], 1):
                    name = o.get("name")
                    mid = f"{ask}-{name}" if type(name) is str else f"{ask}-opt{k}"
                    opts.append(self.add("ask", o.get("label"), at, o, mid))
                    if self.made is not None and self.made.id == mid:
                        self.made.place = k
                    self._legacy(mid, f"{old}-opt{k}")
            if self.asks is not None:
                self.asks[ask] = (at, opts if do == "choose" else [])
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
        self.out.append(Message(self.str_id(s), s, at, value=True))

    def str_id(self, english: str) -> str:
        name = self.text_names.get(english)
        if name is not None:
            return f"{self.prefix}-str-{name}"
        self.n["str"] += 1
        return f"{self.prefix}-str{self.n['str']}"

    def template(self, parts: list, at: Any, node: Any) -> None:
        """Text built with holes or ``+``: a message ``<code>-str<n>`` (one per
        English in this code), and the id of every node that builds it (the
        runtime keeps the value as that id and its variables)."""
        text = {"op": "text", "parts": parts}
        english = Message("", text, vars=hole_vars(text)).english()
        if all(type(p) is str for p in parts):      # a named text value without holes: a plain string
            if english not in self.said and _LETTER.search(english):
                self.said.add(english)
                self.out.append(Message(self.str_id(english), english, at, node=node, value=True))
            return
        mid = self.built.get(english)
        if mid is None:
            if english in self.said:
                return
            self.said.add(english)
            mid = self.built[english] = self.str_id(english)
            self.out.append(Message(mid, text, at, hole_vars(text), node=node))
        if self.nodes is not None:
            self.nodes[id(node)] = mid

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


def _plain(e: Any) -> Any:
    """A named text without holes is its string (its name only names it)."""
    if type(e) is dict and e.get("op") == "text" and all(type(p) is str for p in e.get("parts") or []):
        return "".join(e.get("parts") or [])
    return e


def _operands(e: Any) -> list:
    """The operands of a chain of `+`, as written."""
    if type(e) is dict and e.get("op") == "bin" and e.get("o") == "+":
        return _operands(e.get("l")) + _operands(e.get("r"))
    return [e]


def _chain_name(e: Any) -> str | None:
    """The first declared name among the operands of a chain of `+`."""
    if type(e) is dict and e.get("op") == "bin" and e.get("o") == "+":
        return _chain_name(e.get("l")) or _chain_name(e.get("r"))
    return e.get("name") if type(e) is dict and e.get("op") == "text" and type(e.get("name")) is str else None


def _chain(e: Any) -> list:
    """The operands of a chain of `+` (strings next to each other joined)."""
    if type(e) is not dict or e.get("op") != "bin" or e.get("o") != "+":
        return [_plain(e)]
    out: list = []
    for p in _chain(e.get("l")) + _chain(e.get("r")):
        if type(p) is str and out and type(out[-1]) is str:
            out[-1] += p
        else:
            out.append(p)
    return out


def messages(ir: dict, nodes: dict | None = None, asks: dict | None = None,
             clashes: list | None = None) -> list[Message]:
    """Every player-facing string of a rules program, with its id, in a
    stable order (declaration order). ``nodes`` (if given) is filled with
    `id(node) -> message id` for every IR statement or option that says
    something, or asks (a decision without a prompt has an id too);
    ``asks`` with `decision id -> (its "at", [its options' ids])` for every decision."""
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
    code = lambda prefix: _Code(prefix, out, nodes, refs, asks, clashes)  # noqa: E731
    for t in ir.get("tracks") or []:
        for i, v in enumerate(t.get("values") or [], 1):
            if type(v) is str and v not in refs and _LETTER.search(v):
                out.append(Message(f"{name_id('track', t, t['id'])}-{i}", v, t.get("at"), value=True))
    for t in ir.get("tables") or []:
        for i, row in enumerate(t.get("rows") or []):
            code(f"{name_id('table', t, t['id'])}-row{i + 1}").block(row.get("effect"))
    for q in ir.get("quantities") or []:
        c = code(name_id("quantity", q, q["id"]))
        c.scan(q.get("value"))
        c.literal(q["value"], q.get("at")) if type(q.get("value")) is str else c.expr(q.get("value"), q.get("at"))
    code("setup").block(ir.get("setup"))
    code("play").block(ir.get("play"))
    for p in ir.get("procedures") or []:
        code(name_id("proc", p, p["id"])).block(p.get("body"))
    _abilities(ir.get("rules") or [], "", out, nodes, refs, asks, clashes)
    for e in ir.get("entities") or []:
        prefix = name_id("ent", e, e["id"])
        out.append(Message(prefix, e.get("name") or e["id"], e.get("at"),
                           attrs={"text": e["text"]} if e.get("text") else {}))
        _abilities(e.get("abilities") or [], prefix + "-", out, nodes, refs, asks, clashes)
    _field_values(ir, places, lambda mid, text, at, value: out.append(Message(mid, text, at, value=value)))
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
    for b in ir.get("boards") or []:        # what a drawn board says (compiler/boards.py)
        if b.get("name") and b["name"] != b["id"]:
            add(f"board-{safe_id(b['id'])}", b["name"])
        for sh in b.get("shows") or []:
            mid = f"board-{safe_id(b['id'])}-show-{safe_id(sh['id'])}"
            add(mid, sh.get("label") or "", sh.get("at"))
            if sh.get("mark"):
                add(mid + "-mark", sh["mark"], sh.get("at"))
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
    counts[key] = counts.get(key, 0) + 1     # a named one counts too: naming one moves no other's id
    name = decl.get("name")
    if type(name) is str:        # `on EVENT as NAME`: ids that stay when a trigger is added above it
        return f"{prefix}{'on' if kind == 'trigger' else 'instead'}-{safe_id(name)}"
    return f"{key}-{counts[key]}"


def counted_prefix(decl: dict, prefix: str, counts: dict) -> str | None:
    """The prefix an ability's ids had before it was named (`on-<event>-<k>`):
    what catalogues and saves written then still say."""
    return ability_prefix({k: v for k, v in decl.items() if k != "name"}, prefix, dict(counts))


def _abilities(decls: list, prefix: str, out: list, nodes: dict | None, refs: frozenset,
               asks: dict | None = None, clashes: list | None = None) -> None:
    counts: dict[str, int] = {}
    named: set = set()
    for decl in decls:
        old = counted_prefix(decl, prefix, counts) if type(decl.get("name")) is str else None
        name = ability_prefix(decl, prefix, counts)
        if name is None:
            continue
        start = len(out)
        if type(decl.get("name")) is str and decl.get("type") != "action":
            # one name, one trigger: two would share their message ids
            key = (variant_prefix(decl), decl["name"])
            if key in named and clashes is not None:
                clashes.append((decl.get("at"), f"two triggers of `{prefix.rstrip('-') or 'the rules'}` "
                                                f"are named `{decl['name']}`"))
            named.add(key)
        if decl.get("type") == "action":
            out.append(Message(name, decl.get("name") or decl["id"], decl.get("at")))
        code = _Code(name, out, nodes, refs, asks, clashes)
        for r in decl.get("require") or []:
            code.add("stop", r.get("message"), decl.get("at"), r)
        code.block(decl.get("effect"))
        if old is not None and old != name:
            for m in out[start:]:       # the id each had when the trigger was counted
                if m.id.startswith(name + "-"):
                    m.legacy = old + m.id[len(name):]


_ENUM = re.compile(r"[a-z][a-z0-9_]*")
_PLACE = re.compile(r"-opt\d+\Z")          # an unnamed option's id: its place in its menu
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")        # a variable that can name a decision (not a hidden `$` one)


def _field_values(ir: dict, refs: frozenset, add: Callable[..., None]) -> None:
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
                    add(f"value-{safe_id(x)}", x, e.get("at"), True)


def name_clashes(ir: dict) -> list[tuple[Any, str]]:
    """(at, what) of each name given twice where it must be unique: two
    decisions of one declaration, two texts of one declaration (or one text
    given two names). The compiler reports them (two options of one choice
    with one name it finds itself)."""
    clashes: list = []
    messages(ir, clashes=clashes)
    return clashes


class Index:
    """The messages of a rules program, for the runtime: by id, and the id
    of each IR node that says or asks something."""

    def __init__(self, ir: dict):
        self.nodes: dict[int, str] = {}
        asks: dict[str, tuple] = {}
        self.by_id: dict[str, Message] = {m.id: m for m in messages(ir, self.nodes, asks)}
        self.options: dict[str, list] = {ask: opts for ask, (_, opts) in asks.items() if opts}
        # a menu's declared option names by place (None where unnamed): what a view's option id says
        self.option_names: dict[str, list] = {
            ask: [o[len(ask) + 1:] if not _PLACE.search(o) else None for o in opts]
            for ask, opts in self.options.items() if any(not _PLACE.search(o) for o in opts)}
        # a decision's or option's id before names -> its id (old catalogues and scenarios)
        self.legacy: dict[str, str] = {m.legacy: m.id for m in self.by_id.values() if m.legacy}
        # a decision's place in the source (`[file, line, col]`) -> its id: what a view names it by
        self.decision_at: dict[tuple, str] = {tuple(at): ask for ask, (at, _) in asks.items() if at}

    def of(self, node: Any) -> str | None:
        return self.nodes.get(id(node))

    def literal_ids(self) -> dict[str, str]:
        """{a string the rules wrote as a value: its message id}, the first
        declared for those words (a string is its own value: rules compare
        it, so the same words are the same value wherever written)."""
        got = self.__dict__.get("_literals")
        if got is None:
            got = {}
            for msg in self.by_id.values():
                if msg.value and type(msg.text) is str:
                    got.setdefault(msg.text, msg.id)
            self._literals = got
        return got

    def choice(self, ask: str | None, c: int) -> str | None:
        """The message id of option ``c`` (0-based) of the `choose` ``ask``."""
        opts = self.options.get(ask) if ask else None
        return opts[c] if opts and 0 <= c < len(opts) else None



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
    "engine-secret-pick": (), "engine-secret-order": (),
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

# --- ENGINE: the surfaces' own words (issue 24.5) ------------------------------------
# What `waybill play` (``play-``) and the web page of `waybill serve` (``page-``)
# say of their own, beside the game's words; id -> the variables it receives.
# The page is given its words with each variable as text (`{ $name }` filled
# in by the page), so a page message selects on no number.
ENGINE_IDS.update({
    "play-earlier": ("count", "log"),        # `log` named in the screen's language too
    # the terminal: commands (what a person types, in the screen's language too) and their help
    "play-cmd-help": (), "play-cmd-log": (), "play-cmd-card": (), "play-cmd-save": (), "play-cmd-load": (),
    "play-cmd-quit": (), "play-arg-file": (), "play-arg-name": (),
    "play-help-intro": (), "play-help-help": (), "play-help-log": (), "play-help-card": (),
    "play-help-save": ("file",), "play-help-load": ("save",), "play-help-quit": (),
    # the terminal: answers to what was typed
    "play-choose-number": ("count", "help"), "play-not-a-command": ("line", "count", "help"),
    "play-did-not-work": ("reason",), "play-stopped": ("reason",), "play-left": (), "play-has-chosen": ("seat",),
    "play-which-card": ("card", "name"), "play-no-card": ("name",), "play-no-card-close": ("name", "names"),
    "play-more-cards": ("count",), "play-save-where": ("save", "file"), "play-cannot-save": ("path", "reason"),
    "play-saved": ("path",), "play-load-what": ("load", "file"), "play-cannot-read": ("path", "reason"),
    "play-not-json": ("path",), "play-not-a-save": ("path", "save", "file"),
    "play-other-pack": ("path", "found", "want"), "play-not-these-rules": ("path", "reason"),
    "play-loaded": ("path", "decision"), "play-score": ("score",),
    # bots as people read them (a bot a pack registers is said by `play-bot-own`)
    "play-bot-random": (), "play-bot-search": (), "play-bot-own": ("name",),
    # the web page: its headings, setup form, status lines and errors
    "page-title": (), "page-new-game": (), "page-game": (), "page-players": (), "page-your-seat": (),
    "page-seed": (), "page-seed-random": (), "page-variants": (), "page-start": (), "page-you": (),
    "page-log": (), "page-board": (), "page-watching": (), "page-spectator": (),
    "page-game-over": (), "page-game-over-winner": ("player",), "page-round": ("round",), "page-setting-up": (),
    "page-status": ("when", "player"), "page-new-game-link": (), "page-waiting-for": ("player",),
    "page-waiting": (), "page-your-choice": (), "page-wins": ("player",), "page-over": (),
    "page-option": ("number",), "page-face-down": (), "page-you-mark": ("name",), "page-bot-mark": ("name",),
    "page-holds": (), "page-bot-stopped": (),
    "page-error-400": (), "page-error-403": (), "page-error-404": (), "page-error-409": (),
    "page-error-413": (), "page-error-429": (), "page-error-500": (), "page-error-503": (),
    "page-error-other": ("status",), "page-error-connection": (),
})

# --- ENGINE: a log people can follow, a page for everyone (issue 25.3, 25.5) ---------------
ENGINE_IDS.update({
    # an answer in the log: who, the question asked (when the rules wrote one) and the answer
    "engine-log-answer": ("player", "question", "answer"), "engine-log-did": ("player", "answer"),
    # the web page: the setup form's bots, a finished game, the log's count
    "page-bots-play": ("players",), "page-bots-none": (), "page-finished": (),
    "page-log-count": ("count",),
    # the terminal: the log lines left out to keep the question on screen
    "play-more-above": ("count", "log"),
})
