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
  same under ``ent-<id>-`` for a card's abilities, or ``table-<id>-row<i>``.

So an edit elsewhere in the pack never renames a message; only reordering
the statements of one declaration renumbers that declaration's messages.

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

class _Code:
    """Numbers the messages of one piece of code."""

    def __init__(self, prefix: str, out: list, nodes: dict | None = None):
        self.prefix, self.out, self.nodes = prefix, out, nodes
        self.n = {"log": 0, "stop": 0, "ask": 0}

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
        for key in ("then", "else", "body"):
            self.block(s.get(key))
        if do == "choose":
            for o in s.get("options") or []:
                self.block(o.get("body"))


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
    for c in ir.get("counters") or []:
        if c.get("name") and c["name"] != c["id"]:
            add(f"counter-{safe_id(c['id'])}", c["name"], c.get("at"))
    for z in ir.get("zones") or []:
        if z.get("name") and z["name"] != z["id"]:
            add(f"zone-{safe_id(z['id'])}", z["name"], z.get("at"))
    for s in ir.get("spaces") or []:
        if s.get("name") and s["name"] != s["id"]:
            add(f"space-{safe_id(s['id'])}", s["name"], s.get("at"))
    for g in ir.get("regions") or []:
        if g.get("name") and g["name"] != g["id"]:
            add(f"region-{safe_id(g['id'])}", g["name"], g.get("at"))
    for inv in ir.get("invariants") or []:
        if inv.get("text"):
            add(f"invariant-{safe_id(inv['id'])}", inv["text"], inv.get("at"))
    for t in ir.get("tables") or []:
        for i, row in enumerate(t.get("rows") or []):
            _Code(f"table-{safe_id(t['id'])}-row{i + 1}", out, nodes).block(row.get("effect"))
    _Code("setup", out, nodes).block(ir.get("setup"))
    _Code("play", out, nodes).block(ir.get("play"))
    for p in ir.get("procedures") or []:
        _Code(f"proc-{safe_id(p['id'])}", out, nodes).block(p.get("body"))
    _abilities(ir.get("rules") or [], "", out, nodes)
    for e in ir.get("entities") or []:
        prefix = f"ent-{safe_id(e['id'])}"
        out.append(Message(prefix, e.get("name") or e["id"], e.get("at"),
                           attrs={"text": e["text"]} if e.get("text") else {}))
        _abilities(e.get("abilities") or [], prefix + "-", out, nodes)
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
    kind = decl.get("type")
    if kind == "action":
        return f"{prefix}action-{safe_id(decl['id'])}"
    if kind == "trigger":
        key = f"on-{safe_id(decl.get('event'))}"
    elif kind == "replace":
        key = f"instead-{safe_id(decl.get('target'))}"
    else:
        return None
    counts[key] = counts.get(key, 0) + 1
    return f"{prefix}{key}-{counts[key]}"


def _abilities(decls: list, prefix: str, out: list, nodes: dict | None) -> None:
    counts: dict[str, int] = {}
    for decl in decls:
        name = ability_prefix(decl, prefix, counts)
        if name is None:
            continue
        if decl.get("type") == "action":
            out.append(Message(name, decl.get("name") or decl["id"], decl.get("at")))
        code = _Code(name, out, nodes)
        for r in decl.get("require") or []:
            code.add("stop", r.get("message"), decl.get("at"), r)
        code.block(decl.get("effect"))


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
        s = super().__new__(cls, text)
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

    def f(m, loc):
        args: dict = {}
        out = []
        for p, name in parts:
            if name is None and type(p) is str:
                out.append(p)
                continue
            v = p(m, loc)
            if name is not None:
                args[name] = v
            out.append(access.text_of(m, v))
        joined = "".join(out)
        if len(joined) > 64:
            check_size(m, joined, at)
        return Said(joined, mid if msg else None, args)
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
            if i:
                self.missing.add(mid)
            text, _errors = b.format_pattern(pattern, args or {})
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
    "play-your-choice": (), "play-the-table": (), "play-game-over": (), "play-winner": ("player",),
    "play-nothing-said": (),
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
        return self.get(f"ent-{safe_id(eid)}", e.get("name") or eid)

    def entity_text(self, eid: str) -> str | None:
        e = self.R.entities.get(eid) or {}
        return self.get(f"ent-{safe_id(eid)}.text", e["text"]) if e.get("text") else None

    def space(self, sid: str) -> str:
        sp = self.R.spaces.get(sid) or {}
        name = sp.get("name") or sid
        return self.get(f"space-{safe_id(sid)}", name) if name != sid else name

    def zone(self, zid: str) -> str:
        if zid in self.R.spaces:
            return self.space(zid)
        z = self.R.zones.get(zid) or {}
        name = z.get("name") or zid
        return self.get(f"zone-{safe_id(zid)}", name) if name != zid else name

    def action(self, eid: str | None, aid: str, fallback: str) -> str:
        mid = f"ent-{safe_id(eid)}-action-{safe_id(aid)}" if eid else f"action-{safe_id(aid)}"
        return self.get(mid, fallback)

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
            return self.space(v) if v in self.R.spaces else v
        if t is list:
            return self.get("engine-list-sep", ", ").join(self.value(x) for x in v) if v else self.word("none")
        if t is dict:
            if v.get("hidden"):
                return self.word("hidden")
            if "player" in v and len(v) == 1 and type(v["player"]) is int:
                names = self.m.st.players
                return names[v["player"]] if 0 <= v["player"] < len(names) else \
                    self.get("engine-seat", f"seat {v['player']}", seat=v["player"])
            if "entity" in v and len(v) == 1:
                return self.entity(v["entity"])
            if "piece" in v:
                ent = v.get("entity", entity)
                return self.entity(ent) if ent is not None else self.get("engine-a-piece", "a piece")
            if "zone" in v:
                name = self.zone(v["zone"])
                of = v.get("of")
                if type(of) is int and 0 <= of < len(self.m.st.players):
                    return self.get("engine-zone-of", f"{name} of {self.m.st.players[of]}",
                                    zone=name, player=self.m.st.players[of])
                return name
            return ", ".join(f"{k}: {self.value(x)}" for k, x in v.items())
        return str(v)

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
                values["counter"] = self.get(f"counter-{safe_id(cid)}", name) if name != cid else name
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
            return label
        if kind in ("pick", "order") and "value" in opt:
            return self.value(opt["value"])
        return label


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
        return f"ent-{safe_id(eid)}-action-{safe_id(act)}" if eid else f"action-{safe_id(act)}"
    if kind == "choose":
        c = opt.get("choice")
        if c is None:
            return "engine-done"
        return f"{ask}-opt{c + 1}" if ask and type(c) is int else None
    if kind == "may":
        return "engine-yes" if opt.get("value") else "engine-no"
    if kind in ("pick", "order") and opt.get("index", 0) is None:
        return "engine-done"
    return None


def option_msgs(m: Any) -> list[str | None]:
    """`option_msg` of each option of the pending decision (in
    ``legal_actions()`` order): what bots and scenarios may match, in any
    language."""
    p = m.st.pending
    if p is None:
        return []
    return [option_msg(m, p.get("kind"), o, p.get("msg")) for o in p.get("options") or []]
