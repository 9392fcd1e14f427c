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
``{ $p_crap }`` for ``p.crap``, ``{ $arg<i> }`` for any other expression.

Only the ids of the engine's own words are known here (``ENGINE``); the
words themselves are in ``locales/<lang>.ftl`` beside this module.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

DEFAULT_LANG = "en"
_ID_BAD = re.compile(r"[^a-zA-Z0-9_-]")


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

    def __init__(self, prefix: str, out: list):
        self.prefix, self.out = prefix, out
        self.n = {"log": 0, "stop": 0, "ask": 0}

    def add(self, kind: str, text: Any, at: Any, node: Any, suffix: str = "") -> str:
        if not suffix:
            self.n[kind] += 1
        mid = f"{self.prefix}-{kind}{self.n[kind]}{suffix}"
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


def messages(ir: dict) -> list[Message]:
    """Every player-facing string of a rules program, with its id, in a
    stable order (declaration order)."""
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
            _Code(f"table-{safe_id(t['id'])}-row{i + 1}", out).block(row.get("effect"))
    _Code("setup", out).block(ir.get("setup"))
    _Code("play", out).block(ir.get("play"))
    for p in ir.get("procedures") or []:
        _Code(f"proc-{safe_id(p['id'])}", out).block(p.get("body"))
    _abilities(ir.get("rules") or [], "", out)
    for e in ir.get("entities") or []:
        prefix = f"ent-{safe_id(e['id'])}"
        out.append(Message(prefix, e.get("name") or e["id"], e.get("at"),
                           attrs={"text": e["text"]} if e.get("text") else {}))
        _abilities(e.get("abilities") or [], prefix + "-", out)
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


def _abilities(decls: list, prefix: str, out: list) -> None:
    counts: dict[str, int] = {}
    for decl in decls:
        name = ability_prefix(decl, prefix, counts)
        if name is None:
            continue
        if decl.get("type") == "action":
            out.append(Message(name, decl.get("name") or decl["id"], decl.get("at")))
        code = _Code(name, out)
        for r in decl.get("require") or []:
            code.add("stop", r.get("message"), decl.get("at"), r)
        code.block(decl.get("effect"))


def node_ids(ir: dict) -> dict[int, Message]:
    """`id(node)` -> its message, for every IR node holding code text (what
    the runtime needs to name a log line, a prompt or an option)."""
    return {id(m.node): m for m in messages(ir) if m.node is not None}


def iter_vars(msg: Message) -> Iterator[str]:
    return iter(msg.vars)


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
    cache = rules.__dict__.setdefault("_catalogues", {})
    cat = cache.get(lang)
    if cat is None:
        cat = cache[lang] = Catalogue(lang, pack_locale_dirs(rules))
    return cat


Words = Callable[..., str]
