"""The catalogues (Project Fluent) that give a rules program's words in one
language: the engine's, then each pack's, falling back to English.

A catalogue is content and is read with the guards `waybill check` applies
(compiler/catalogues.py; the layers share no code, and
tests/reliability/test_hostile_catalogues.py checks they agree): only a
regular file whose path, links resolved, lies in its pack's folder, of at
most MAX_CATALOGUE_BYTES, in UTF-8; parsed with bounds on nesting and on
numbers. A file that fails any of these is not read (a warning on the
`waybill.catalogue` logger, and `Catalogue.problems`).

Saying a message is bounded too: a message in a reference cycle, nesting
deeper than MAX_DEPTH through the messages it uses, or failing to format
for any reason is not said in that language; the English message is said
instead, and the id counted in ``missing`` and ``broken`` (with why). No
catalogue makes ``get`` raise.
"""

from __future__ import annotations

import logging
import os
import stat
from functools import lru_cache
from typing import Any

from waybill.spec.errors import WaybillError
from waybill.spec.messages import DEFAULT_LANG, ENGINE_DIR, LANGUAGE_TAG

MAX_CATALOGUE_BYTES = 5_000_000  # as compiler/catalogues.py
MAX_DEPTH = 24
MAX_NUMBER_DIGITS = 30
MAX_OPTION = 100

log = logging.getLogger("waybill.catalogue")


class Catalogue:
    """The words of one language for one rules program: the pack's
    catalogues (a base pack's first, then each extending pack's) and the
    engine's, each falling back to English. ``missing`` collects the ids
    asked for and not found in the language (English fills in); ``broken``
    the ids whose words could not be said (id -> why), also in ``missing``;
    ``problems`` the catalogue files that were not read, and why."""

    def __init__(self, lang: str, pack_dirs: list[str]):
        from fluent.runtime import FluentBundle, FluentResource  # noqa: F401
        self.lang = lang
        self.missing: set[str] = set()
        self.broken: dict[str, str] = {}
        self.problems: list[str] = []
        self.aliases: dict[str, str] = {}      # id -> the id it had before names (spec/messages.py)
        self._bundles = [self._bundle(lang, [ENGINE_DIR] + pack_dirs)]
        if lang != DEFAULT_LANG:
            self._bundles.append(self._bundle(DEFAULT_LANG, [ENGINE_DIR] + pack_dirs))

    def _bundle(self, lang: str, dirs: list[str]) -> tuple[Any, dict]:
        """A bundle of the catalogues of ``lang`` in ``dirs``, and its broken
        patterns: node -> why (see ``_broken``)."""
        from fluent.runtime import FluentBundle
        b = FluentBundle([lang], use_isolating=False)
        entries: list = []
        for d in dirs:
            path = os.path.join(d, f"{lang}.ftl")
            text = self._read(path, os.path.dirname(d) if d != ENGINE_DIR else d)
            if text is None:
                continue
            res = _parser_class()(with_spans=False).parse(text)
            b.add_resource(res, allow_overrides=True)
            entries.extend(res.body)
        return b, _broken(entries)

    def _read(self, path: str, root: str) -> str | None:
        """The text of a catalogue, or None (not there, or not to be read: a
        problem noted)."""
        if not os.path.lexists(path):
            return None
        why = None
        try:
            data = _read_inside(path, os.path.realpath(root), MAX_CATALOGUE_BYTES + 1)
            if data is None:
                why = "it is a link to a file outside the pack folder"
            elif len(data) > MAX_CATALOGUE_BYTES:
                why = f"it is more than {MAX_CATALOGUE_BYTES} bytes"
            else:
                text = data.decode("utf-8")
                return text[1:] if text.startswith("\ufeff") else text
        except UnicodeDecodeError as exc:
            why = f"it is not UTF-8 (byte {exc.start})"
        except (OSError, ValueError) as exc:
            why = getattr(exc, "strerror", None) or str(exc)
        self.problems.append(f"{path}: not read: {why}")
        log.warning("catalogue %s not read (%s): English is said instead", path, why)
        return None

    def has(self, mid: str) -> bool:
        b, bad = self._bundles[0]
        base, _, attr = mid.partition(".")
        if not b.has_message(base):
            base = self.aliases.get(base, base)
        return b.has_message(base) and ("m", base, attr or None) not in bad

    def get(self, mid: str, args: dict | None = None, fallback: str | None = None) -> str:
        """The words of message ``mid`` (``id.attr`` for an attribute)."""
        asked, _, attr = mid.partition(".")
        said = None
        for i, (b, bad) in enumerate(self._bundles):
            base = asked if b.has_message(asked) else self.aliases.get(asked, asked)
            node = ("m", base, attr or None)
            if not b.has_message(base):
                continue
            if node in bad:
                self._break(mid, bad[node])
                if fallback is not None:
                    return fallback
                continue
            try:
                msg = b.get_message(base)
                pattern = msg.attributes.get(attr) if attr else msg.value
                if pattern is None:
                    continue
                text, errors = b.format_pattern(pattern, args or {})
            except Exception as exc:  # RecursionError and ValueError among them: never raised to a view
                self._break(mid, f"{type(exc).__name__}: {exc}")
                if fallback is not None:
                    return fallback
                continue
            if errors and fallback is not None:
                # A safety net, not the way variants are told apart (they have
                # ids of their own): a translation that asks for a value the
                # line does not carry (a stale or unchecked catalogue of a
                # user's pack; `waybill check` reports it as E804) would show
                # `{$x}`; the English is shown instead, and counted missing.
                self.missing.add(mid)
                return fallback
            if errors:
                said = said if said is not None else str(text)
                self.missing.add(mid)
                continue
            if i:
                self.missing.add(mid)
            return str(text)
        if said is not None:
            return said
        if len(self._bundles) > 1 or fallback is None:
            self.missing.add(mid)
        return fallback if fallback is not None else mid

    def _break(self, mid: str, why: str) -> None:
        self.missing.add(mid)
        if mid not in self.broken:
            self.broken[mid] = why
            log.warning("message %s of catalogue %s cannot be said (%s): English is said instead", mid, self.lang, why)


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
    if type(lang) is not str or not LANGUAGE_TAG.fullmatch(lang):
        raise WaybillError(f"a language is a tag like `ru` or `pt-BR`, not {lang!r}")
    cache = rules.__dict__.setdefault("_catalogues", {})
    cat = cache.get(lang)
    if cat is None:
        cat = cache[lang] = Catalogue(lang, pack_locale_dirs(rules))
        # a catalogue written before decisions were named keys them by their old ids
        cat.aliases = {new: old for old, new in getattr(rules.messages, "legacy", {}).items()}
    return cat


# --- reading: a regular file inside the pack, never blocking -------------------------------

def _read_inside(path: str, root: str, limit: int) -> bytes | None:
    """At most ``limit`` bytes of the regular file at ``path`` when its path,
    links resolved, lies in ``root`` (resolved); None when it leads out.
    Raises OSError for a FIFO, a device, a folder or a socket, without
    opening it (a FIFO would wait for a writer) or blocking."""
    real = os.path.realpath(path)
    try:
        if os.path.commonpath([real, root]) != root:
            return None
    except ValueError:
        return None
    if not stat.S_ISREG(os.stat(real).st_mode):
        raise OSError("it is not a regular file")
    fd = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
                 | getattr(os, "O_NOFOLLOW", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError("it is not a regular file")
        chunks, left = [], limit
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


# --- parsing with bounds (as compiler/catalogues.py bounded_parser) -------------------------

@lru_cache(maxsize=1)
def _parser_class() -> Any:
    """A Fluent parser that turns an entry nesting deeper than MAX_DEPTH
    (placeables, calls) or holding a number out of range into Junk, which a
    bundle ignores."""
    from fluent.syntax import FluentParser
    from fluent.syntax import ast as fa
    from fluent.syntax.errors import ParseError

    class BoundedParser(FluentParser):
        depth = 0

        def get_entry_or_junk(self, ps):
            self.depth = 0
            return super().get_entry_or_junk(ps)

        def _nested(self, get, ps):
            if self.depth >= MAX_DEPTH:
                raise ParseError("WB808")
            self.depth += 1
            try:
                return get(ps)
            finally:
                self.depth -= 1

        def get_placeable(self, ps):
            return self._nested(super().get_placeable, ps)

        def get_call_arguments(self, ps):
            return self._nested(super().get_call_arguments, ps)

        def get_number(self, ps):
            start = ps.index
            node = super().get_number(ps)
            if sum(ch.isdigit() for ch in node.value) > MAX_NUMBER_DIGITS:
                ps.index = start  # the error is placed at the number
                raise ParseError("WB809")
            return node

        def get_call_argument(self, ps):
            start = ps.index
            arg = super().get_call_argument(ps)
            if isinstance(arg, fa.NamedArgument) and isinstance(arg.value, fa.NumberLiteral) \
                    and abs(float(arg.value.value)) > MAX_OPTION:
                ps.index = start  # the error is placed at the option
                raise ParseError("WB809")
            return arg

    return BoundedParser


# --- references: cycles and depth (as compiler/catalogues.py broken_nodes) ------------------

def _broken(entries: list) -> dict[tuple, str]:
    """The patterns of a bundle that are not to be formatted: node ("m" or
    "t", id, attribute or None) -> why. A node is broken when it is in a
    reference cycle or reaches one, or nests deeper than MAX_DEPTH through
    the patterns it names. Linear, and without recursion."""
    from fluent.syntax import ast as fa
    nodes: dict[tuple, Any] = {}
    keys: dict[tuple, list] = {}
    for e in entries:  # a later entry replaces an earlier one whole (allow_overrides)
        if not isinstance(e, (fa.Message, fa.Term)):
            continue
        kind = "t" if isinstance(e, fa.Term) else "m"
        for key in keys.pop((kind, e.id.name), ()):
            del nodes[key]
        mine = keys[(kind, e.id.name)] = []
        for attr, pattern in [(None, e.value)] + [(a.id.name, a.value) for a in e.attributes]:
            if pattern is not None:
                nodes[(kind, e.id.name, attr)] = pattern
                mine.append((kind, e.id.name, attr))
    info = {n: _refs(p) for n, p in nodes.items()}
    edges = {n: [t for _, t in refs if t in nodes] for n, (_, refs) in info.items()}
    # Tarjan's strongly connected components, iteratively; each closes after those it reaches
    index: dict[tuple, int] = {}
    low: dict[tuple, int] = {}
    on_stack: set = set()
    stack: list = []
    depth: dict[tuple, int | None] = {}
    bad: dict[tuple, str] = {}
    for root in nodes:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(edges[root]))]
        while work:
            n, succ = work[-1]
            for t in succ:
                if t not in index:
                    index[t] = low[t] = len(index)
                    stack.append(t)
                    on_stack.add(t)
                    work.append((t, iter(edges[t])))
                    break
                if t in on_stack:
                    low[n] = min(low[n], index[t])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[n])
                if low[n] != index[n]:
                    continue
                comp = []
                while True:
                    m = stack.pop()
                    on_stack.discard(m)
                    comp.append(m)
                    if m == n:
                        break
                if len(comp) > 1 or n in edges[n]:
                    for m in comp:
                        depth[m] = None
                        bad[m] = "a reference cycle"
                    continue
                deepest, refs = info[n]
                d: int | None = deepest
                for at, t in refs:
                    if t in depth:
                        if depth[t] is None:
                            d = None
                            break
                        d = max(d, at + depth[t])
                depth[n] = d
                if d is None:
                    bad[n] = "it uses a message in a reference cycle"
                elif d > MAX_DEPTH:
                    bad[n] = f"it nests {d} levels deep through the messages it uses (the limit is {MAX_DEPTH})"
    return bad


def _refs(pattern: Any) -> tuple[int, list[tuple[int, tuple]]]:
    """How deep a pattern nests on its own, and each reference in it with the depth it stands at."""
    from fluent.syntax import ast as fa
    deepest, refs = 0, []
    stack = [(pattern, 0)]
    while stack:
        node, d = stack.pop()
        if isinstance(node, fa.Pattern):
            stack.extend((e, d) for e in node.elements)
        elif isinstance(node, fa.Placeable):
            deepest = max(deepest, d + 1)
            stack.append((node.expression, d + 1))
        elif isinstance(node, fa.SelectExpression):
            stack.append((node.selector, d))
            stack.extend((v.value, d) for v in node.variants)
        elif isinstance(node, (fa.MessageReference, fa.TermReference)):
            kind = "t" if isinstance(node, fa.TermReference) else "m"
            refs.append((d, (kind, node.id.name, node.attribute.name if node.attribute else None)))
            if getattr(node, "arguments", None) is not None:
                deepest = max(deepest, d + 1)
                stack.extend((a, d + 1) for a in node.arguments.positional)
        elif isinstance(node, fa.FunctionReference):
            deepest = max(deepest, d + 1)
            stack.extend((a, d + 1) for a in node.arguments.positional)
    return deepest, refs
