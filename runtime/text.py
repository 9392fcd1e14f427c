"""Player-facing text by id: the message ids of a rules program, and the
catalogues (Project Fluent) that give their words in a language.

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
_LANG = re.compile(r"[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,3}")     # a BCP 47 language tag (its common shapes)


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


class Said(str):
    """Text a rule wrote (a log line, a prompt), with its message id and the
    values of its variables: what a catalogue needs to say it again in
    another language. Stored in the state as plain data (``msg``, ``args``)."""
    __slots__ = ("msg", "args")

    def __new__(cls, text: str, msg: str | None, args: dict | None = None) -> "Said":
        s = str.__new__(cls, text)
        s.msg, s.args = msg, args or {}
        return s


def compile_said(rules: Any, node: Any, text: Any, at: str | None, default: str | None = None) -> Callable:
    """A function ``(m, loc) -> Said`` for the text ``text`` (a str or the
    IR's text with holes) held by ``node``; each hole is evaluated once and
    kept by its variable name (the value itself, not its words)."""
    from . import access
    from .exprs import compile_expr
    from .limits import check_size
    mid = rules.messages.of(node)
    msg = rules.messages.by_id.get(mid) if mid else None
    if text is None or type(text) is str or type(text) is not dict or text.get("op") != "text":
        if text is not None and type(text) is not str:          # any other expression: its words
            fn = compile_expr(text, rules, at)
            return lambda m, loc: Said(access.text_of(m, fn(m, loc)), None)
        said = Said(default if text is None else text, mid)
        return lambda m, loc: said
    parts = [(p, None) if type(p) is str else (compile_expr(p, rules, at), msg._var(p) if msg else None)
             for p in text["parts"]]
    # the words written as they are, a hole (None) where each value goes;
    # the holes in order, each with where its words go: a prompt is made at
    # every decision, and most of its parts are words
    words = [p if type(p) is str else None for p, _ in parts]
    holes = tuple((i, p, name) for i, (p, name) in enumerate(parts) if type(p) is not str)
    said_id = mid if msg else None
    text_of = access.text_of

    def f(m, loc):
        args: dict = {}
        out = words.copy()
        for i, p, name in holes:
            v = p(m, loc)
            if name is not None:
                args[name] = v
            out[i] = text_of(m, v)
        joined = "".join(out)
        if len(joined) > 64:
            check_size(m, joined, at)
        return Said(joined, said_id, args)
    return f


# --- catalogues ---------------------------------------------------------------------

ENGINE_DIR = os.path.join(os.path.dirname(__file__), "locales")


class Catalogue:
    """The words of one language for one rules program: the pack's
    catalogues (a base pack's first, then each extending pack's) and the
    engine's, each falling back to English. ``missing`` collects the ids
    asked for and not found in the language (English fills in)."""

    def __init__(self, lang: str, pack_dirs: list[str]):
        from fluent.runtime import FluentBundle, FluentResource  # noqa: F401
        self.lang = lang
        self.missing: set[str] = set()
        self._bundles = [self._bundle(lang, [ENGINE_DIR] + pack_dirs)]
        if lang != DEFAULT_LANG:
            self._bundles.append(self._bundle(DEFAULT_LANG, [ENGINE_DIR] + pack_dirs))

    @staticmethod
    def _bundle(lang: str, dirs: list[str]) -> Any:
        from fluent.runtime import FluentBundle, FluentResource
        b = FluentBundle([lang], use_isolating=False)
        for d in dirs:
            path = os.path.join(d, f"{lang}.ftl")
            if os.path.isfile(path):
                with open(path, encoding="utf-8") as fh:
                    b.add_resource(FluentResource(fh.read()), allow_overrides=True)
        return b

    def has(self, mid: str) -> bool:
        return self._bundles[0].has_message(mid.partition(".")[0])

    def get(self, mid: str, args: dict | None = None, fallback: str | None = None) -> str:
        """The words of message ``mid`` (``id.attr`` for an attribute)."""
        base, _, attr = mid.partition(".")
        for i, b in enumerate(self._bundles):
            if not b.has_message(base):
                continue
            msg = b.get_message(base)
            pattern = msg.attributes.get(attr) if attr else msg.value
            if pattern is None:
                continue
            text, errors = b.format_pattern(pattern, args or {})
            if errors and fallback is not None:
                # A safety net, not the way variants are told apart (they have
                # ids of their own): a translation that asks for a value the
                # line does not carry (a stale or unchecked catalogue of a
                # user's pack; `waybill check` reports it as E804) would show
                # `{$x}`; the English is shown instead, and counted missing.
                self.missing.add(mid)
                return fallback
            if i:
                self.missing.add(mid)
            return text
        if len(self._bundles) > 1 or fallback is None:
            self.missing.add(mid)
        return fallback if fallback is not None else mid


def pack_locale_dirs(rules: Any) -> list[str]:
    """The `locales/` folders of a rules program's packs, base packs first."""
    out = []
    for f in (rules.ir.get("files") or []):
        if type(f) is str and os.path.basename(f) == "pack.wb":
            d = os.path.join(os.path.dirname(f), "locales")
            if d not in out:
                out.append(d)
    return out


def catalogue(rules: Any, lang: str | None) -> "Catalogue | None":
    """The catalogue of ``lang`` for these rules (cached per rules), or None
    when no language is asked for (the IR's own words, nothing to look up)."""
    if not lang:
        return None
    if type(lang) is not str or not _LANG.fullmatch(lang):
        from .errors import WaybillError
        raise WaybillError(f"a language is a tag like `ru` or `pt-BR`, not {lang!r}")
    cache = rules.__dict__.setdefault("_catalogues", {})
    cat = cache.get(lang)
    if cat is None:
        cat = cache[lang] = Catalogue(lang, pack_locale_dirs(rules))
    return cat


Words = Callable[..., str]


# --- the engine's own words ---------------------------------------------------------

# id -> the variables it receives (runtime/locales/en.ftl gives the words)
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
    "play-nothing-said": (), "play-bots": ("bots",), "play-bot-of": ("seat", "bot"), "play-earlier": ("count",),
    "sim-title": ("pack", "variants", "games", "players", "bot"), "sim-measure": (), "sim-value": (),
    "sim-games": (), "sim-finished": (), "sim-capped": (), "sim-errors": (), "sim-mean-rounds": (),
    "sim-mean-actions": (), "sim-wins": (), "sim-replay-mismatches": (), "sim-invariant-violations": (),
    "sim-capped-first": ("capped", "games"), "sim-bots": (), "sim-rotated": (), "sim-wins-by-bot": (),
}
# the English words the engine writes into the state, by id (a view in
# another language finds them here)
ENGINE_WORDS = {"pass": "engine-pass", "done": "engine-done", "yes": "engine-yes", "no": "engine-no",
                "hidden": "engine-hidden", "none": "engine-none"}
DEFAULT_PROMPTS = {"act": "Take an action", "choose": "Choose", "pick": "Pick", "amount": "Choose a number",
                   "order": "Put in order", "may": "Do it?"}


class Words:
    """Everything a view says, in one language: names of entities, spaces,
    zones and actions, display labels, prompts, option labels, log lines.
    A message the language lacks is said in English (and counted in
    ``catalogue.missing``)."""

    def __init__(self, m: Any, cat: Catalogue):
        self.m, self.R, self.cat = m, m.R, cat

    def get(self, mid: str, fallback: str | None = None, **args: Any) -> str:
        return self.cat.get(mid, args, fallback)

    # names
    def entity(self, eid: Any) -> str:
        e = self.R.entities.get(eid) if type(eid) is str else None
        if not e:
            return str(eid)
        return self.get(name_id("ent", e, eid), e.get("name") or eid)

    def entity_text(self, eid: str) -> str | None:
        e = self.R.entities.get(eid) or {}
        return self.get(name_id("ent", e, eid) + ".text", e["text"]) if e.get("text") else None

    def space(self, sid: str) -> str:
        sp = self.R.spaces.get(sid) or {}
        name = sp.get("name") or sid
        return self.get(name_id("space", sp, sid), name) if name != sid else name

    def zone(self, zid: str) -> str:
        if zid in self.R.spaces:
            return self.space(zid)
        z = self.R.zones.get(zid) or {}
        name = z.get("name") or zid
        return self.get(name_id("zone", z, zid), name) if name != zid else name

    def action(self, eid: str | None, aid: str, fallback: str) -> str:
        return self.get(action_id(self.R, eid, aid), fallback)

    def word_id(self, mid: str, english: str) -> str:
        return self.get(mid, english)

    def word(self, english: str) -> str:
        """One of the engine's own words, given in English (what the state holds)."""
        mid = ENGINE_WORDS.get(english)
        return self.get(mid, english) if mid else english

    # values
    def value(self, v: Any, entity: str | None = None) -> str:
        """A value as words (the view's value, already through the seat's sight)."""
        t = type(v)
        if v is None:
            return self.word("none")
        if t is bool:
            return self.word("yes" if v else "no")
        if t is str:
            return self.space(v) if v in self.R.spaces else self.text(v)
        if t is list:
            return self.get("engine-list-sep", ", ").join(self.value(x) for x in v) if v else self.word("none")
        if t is dict:
            if v.get("hidden"):
                return self.word("hidden")
            if "player" in v and len(v) == 1 and type(v["player"]) is int:
                return self.player(v["player"])
            if "entity" in v and len(v) == 1:
                return self.entity(v["entity"])
            if "piece" in v:
                ent = v.get("entity", entity)
                return self.entity(ent) if ent is not None else self.get("engine-a-piece", "a piece")
            if "zone" in v:
                name = self.zone(v["zone"])
                of = v.get("of")
                if type(of) is int and 0 <= of < len(self.m.st.players):
                    who = self.player(of)
                    return self.get("engine-zone-of", f"{name} of {who}", zone=name, player=who)
                return name
            return ", ".join(f"{k}: {self.value(x)}" for k, x in v.items())
        return str(v)

    def player(self, seat: int) -> str:
        """A seat's name; the names the engine gives (``Player 1``, and
        ``Seat 0`` of `waybill play`) said in the language."""
        names = self.m.st.players
        if not 0 <= seat < len(names):
            return self.get("engine-seat", f"seat {seat}", seat=seat)
        name = names[seat]
        if name == f"Player {seat + 1}":
            return self.get("engine-player", name, number=seat + 1)
        if name == f"Seat {seat}":
            return self.get("engine-seat-name", name, seat=seat)
        return name

    def text(self, s: str, templates: Any = None, depth: int = 0) -> str:
        """Text the rules built as a value (a choice offered as a string, a
        name from `text_of`, ``"Pile " + n``), said in the language: found
        by its English among the pack's messages; text built from a pattern
        is read back into its parts, each said in turn."""
        idx = english_index(self.R)
        mid = idx.exact.get(s)
        if mid is not None and templates is None:
            return self.get(mid, s)
        for t in idx.templates if templates is None else templates:
            got = t.read(s)
            if got is None:
                continue
            args = {k: (int(x) if _INT.fullmatch(x) else self._part(x, depth)) for k, x in got.items()}
            return self.get(t.mid, s, **args)
        return s

    def _part(self, s: str, depth: int) -> str:
        if s in self.R.spaces:
            return self.space(s)
        return self.text(s, None, depth + 1) if depth < 3 else s

    def arg(self, v: Any) -> Any:
        """A message variable: numbers stay numbers (plural forms select on them)."""
        if type(v) is int or type(v) is float:
            return v
        return self.value(v)

    def said(self, mid: str | None, args: dict | None, english: str) -> str:
        if mid in ENGINE_IDS:
            values = {k: self.arg(x) for k, x in (args or {}).items()}
            cid = (args or {}).get("counter")
            if type(cid) is str and cid in self.R.counters:      # a counter by its name, not its id
                name = self.R.counters[cid].get("name") or cid
                values["counter"] = self.get(name_id("counter", self.R.counters[cid], cid), name) if name != cid else name
            return self.get(mid, english, **values)
        if not mid or mid not in self.R.messages.by_id:
            return english
        msg = self.R.messages.by_id[mid]
        if set(msg.vars) - set(args or {}):
            return english          # a value it needs was not kept: say it as written
        return self.get(mid, english, **{k: self.arg(x) for k, x in (args or {}).items()})



    # decisions
    def prompt(self, pending: dict) -> str:
        english = pending.get("prompt") or ""
        mid = pending.get("msg")
        if mid and mid in self.R.messages.by_id:
            return self.said(mid, pending.get("args"), english)
        kind = pending.get("kind")
        if english == DEFAULT_PROMPTS.get(kind):
            return self.get(f"engine-prompt-{kind}", english)
        return english

    def option(self, kind: str | None, opt: dict, ask: str | None, owner: Any = None) -> str:
        """An option's label (or an answer's, in the log), from what it is:
        the action and its card, the menu line, the value."""
        label = opt.get("label") or ""
        if label in ENGINE_WORDS and (opt.get("value") is None or type(opt.get("value")) is bool
                                      or opt.get("action", 0) is None):
            if kind != "amount":
                return self.word(label)
        if kind == "act":
            act = opt.get("action")
            if act is None:
                return self.word("pass")
            return self.action(owner, act, label)
        if kind == "choose":
            c = opt.get("choice")
            if type(c) is int and ask:
                mid = f"{ask}-opt{c + 1}"
                msg = self.R.messages.by_id.get(mid)
                if msg is not None and not msg.vars:
                    return self.get(mid, label)
                if msg is not None:             # a line with holes: its values read back from its English
                    return self.text(label, [english_index(self.R).of[mid]])
            if type(c) is int:                  # an answer in the log: the menu is known by the line's place
                return self.text(label, english_index(self.R).menu.get(c + 1, ()))
            return label
        if kind in ("pick", "order") and "value" in opt:
            return self.value(opt["value"])
        return label


_INT = re.compile(r"-?\d+")


class _Template:
    """A message with variables, read back from its English words: which
    text went into each variable (``Pile { $arg1 }`` reads ``Pile 5``)."""

    def __init__(self, msg: Message):
        self.mid = msg.id
        parts = msg.text.get("parts") or []
        names = [None if type(p) is str else msg._var(p) for p in parts]
        self.names = [n for n in names if n is not None]
        self.pattern = re.compile("".join(re.escape(p) if type(p) is str else "(.+?)" for p in parts) + r"\Z", re.S)
        self.words = sum(len(p) for p in parts if type(p) is str)      # longer patterns are tried first

    def read(self, s: str) -> dict | None:
        m = self.pattern.match(s)
        if m is None or len(set(self.names)) != len(self.names):
            return None
        return dict(zip(self.names, m.groups()))


class _English:
    """A rules program's messages by their English words: what a string
    value the rules built is, to say it in another language."""

    def __init__(self, R: Any):
        self.exact: dict[str, str] = {}
        self.templates: list[_Template] = []
        self.menu: dict[int, list] = {}          # k -> the `choose` lines at place k (exact and with holes)
        self.of: dict[str, _Template] = {}       # message id -> its template (text with holes)
        self.ids: dict[str, str | None] = {}     # value_msg's answers so far
        later: dict[str, str] = {}
        for msg in R.messages.by_id.values():
            if type(msg.text) is dict and msg.vars:
                t = self.of[msg.id] = _Template(msg)
                if _VALUE.search(base_id(msg.id)):
                    self.templates.append(t)
                elif "-opt" in msg.id:
                    self.menu.setdefault(int(msg.id.rsplit("-opt", 1)[1]), []).append(t)
                continue
            if type(msg.text) is not str:
                continue
            if _VALUE.search(base_id(msg.id)):
                self.exact.setdefault(msg.text, msg.id)
            elif "-opt" in msg.id:
                self.menu.setdefault(int(msg.id.rsplit("-opt", 1)[1]), []).append(_Exact(msg))
            elif _NAME.match(base_id(msg.id)) and "-action-" not in msg.id:
                later.setdefault(msg.text, msg.id)
        for text, mid in later.items():           # names (from `text_of`) after the values
            self.exact.setdefault(text, mid)
        self.templates = [t for t in self.templates if t.words]
        self.templates.sort(key=lambda t: -t.words)
        for k in self.menu:
            self.menu[k].sort(key=lambda t: -t.words)


class _Exact:
    """A menu line without holes, tried like a template."""

    def __init__(self, msg: Message):
        self.mid, self.english, self.words = msg.id, msg.text, len(msg.text) + 1000

    def read(self, s: str) -> dict | None:
        return {} if s == self.english else None


_VALUE = re.compile(r"-str\d+\Z|\Atrack-|\Avalue-")
_NAME = re.compile(r"(ent|space|zone|region|counter)-")


def english_index(R: Any) -> _English:
    idx = R.__dict__.get("_english_index")
    if idx is None:
        idx = R.__dict__["_english_index"] = _English(R)
    return idx


def words(m: Any, lang: str | None) -> "Words | None":
    cat = catalogue(m.R, lang)
    return Words(m, cat) if cat is not None else None


def option_msg(m: Any, kind: str | None, opt: dict, ask: str | None) -> str | None:
    """The message id of an option's words: its action (and card), its menu
    line, or the engine's pass/done/yes/no; None for a value (a piece, a
    space, a number), which is named by what it is."""
    if kind == "act":
        act = opt.get("action")
        if act is None:
            return "engine-pass"
        src = opt.get("source")
        eid = m.st.p_ent[src] if type(src) is int and 0 <= src < len(m.st.p_ent) else None
        return action_id(m.R, eid, act)
    if kind == "choose":
        c = opt.get("choice")
        if c is None:
            return "engine-done"
        return f"{ask}-opt{c + 1}" if ask and type(c) is int else None
    if kind == "may":
        return "engine-yes" if opt.get("value") else "engine-no"
    if kind in ("pick", "order") and opt.get("index", 0) is None:
        return "engine-done"
    if type(opt.get("value")) is str and kind in ("pick", "order"):
        return value_msg(m.R, opt["value"])
    return None


def action_id(R: Any, eid: str | None, aid: str) -> str:
    """The message id of an action's name: a card's (``ent-<card>-action-<id>``)
    or a top-level one (``action-<id>``), under its variant's prefix if a
    variant declared it. Kept per rules: every option of every turn's
    decision asks, and the answer depends on the rules alone."""
    ids = R.__dict__.get("_action_ids")
    if ids is None:
        ids = R.__dict__["_action_ids"] = {}
    key = (eid, aid)
    mid = ids.get(key)
    if mid is None:
        mid = _action_id(R, eid, aid)
        if len(ids) < 4096:         # a bound, not a policy: a pack declares fewer actions
            ids[key] = mid
    return mid


def _action_id(R: Any, eid: str | None, aid: str) -> str:
    if eid:
        return f"{name_id('ent', R.entities.get(eid), eid)}-action-{safe_id(aid)}"
    tops = R.__dict__.get("_top_actions")
    if tops is None:
        tops = R.__dict__["_top_actions"] = {r["id"]: r for r in R.ir.get("rules") or []
                                              if type(r) is dict and r.get("type") == "action"}
    return name_id("action", tops.get(aid), aid)


def value_msg(R: Any, s: str) -> str | None:
    """The message id of text the rules built (``"none of these"`` offered
    as a choice is ``proc-turn-str2``; ``"Pile 3"`` is its pattern's id),
    None for any other string."""
    idx = english_index(R)
    if s in idx.ids:                    # bots ask at every decision: each string is read once
        return idx.ids[s]
    mid = idx.exact.get(s)
    if mid is not None:
        mid = mid if _VALUE.search(base_id(mid)) else None
    else:
        mid = next((t.mid for t in idx.templates if t.read(s) is not None), None)
    if len(idx.ids) < 4096:
        idx.ids[s] = mid
    return mid


def option_ids(game: Any) -> list[str | None]:
    """The message ids of ``game.legal_actions()``, in order: what a bot
    matches (``engine-done``, ``proc-turn-str1``), never the words."""
    return option_msgs(game.m)


def option_msgs(m: Any) -> list[str | None]:
    """`option_msg` of each option of the pending decision (in
    ``legal_actions()`` order): what bots and scenarios may match, in any
    language."""
    p = m.st.pending
    if p is None:
        return []
    return [option_msg(m, p.get("kind"), o, p.get("msg")) for o in p.get("options") or []]
