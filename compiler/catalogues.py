"""Catalogue checks of `waybill check` (E8xx/W8xx): each `locales/*.ftl`
of a pack (Project Fluent) against the messages of its content
(`spec/messages.py` derives their ids), and the engine's own catalogues.

- E801 a syntax error in a catalogue (Fluent's own message);
- E802 a message the pack does not have (a stale or mistyped id);
- W801 messages missing from a translation (English is shown for them);
- W803 messages missing from the English catalogue (run `waybill i18n extract`);
- E804 a `{ $variable }` the message does not receive;
- E805 a message given twice;
- E806 a selector without a default variant (`*[other]`);
- E807 a reference cycle (`a = { b }`, `b = { a }`; terms and attributes too);
- E808 nesting too deep: placeables and calls within each other, or a
  chain of references, deeper than MAX_DEPTH levels;
- E809 a number out of range: a literal of more than MAX_NUMBER_DIGITS
  digits, or a formatting option (`minimumFractionDigits: ...`) above
  MAX_OPTION;
- W802 a selector whose variants have no `other`.

A catalogue is content and is read as a `.wb` file is (spec/files.py): only
a regular file whose path, links resolved, lies in the pack's folder (a link
out is an E202, a FIFO, a device or a folder an E107), at most
MAX_CATALOGUE_BYTES (E106), UTF-8 (E104; a byte-order mark is allowed).
It is parsed with bounds (`bounded_parser`: nesting, numbers) so that no
input reaches Python's recursion limit or asks for a gigabyte of digits,
and checked in time linear in its size. The bounds live in spec/ftl.py,
which the runtime reads catalogues with too (runtime/text/catalogue.py), so
what `check` accepts is what a game says.
"""

from __future__ import annotations

import bisect
import os
from typing import Any

from waybill.dsl.diagnostics import Diagnostic, Report, Span, suggest
from waybill.compiler.loader import display_path as _rel
from waybill.spec import ftl
from waybill.spec.ftl import BIG, DEEP, MAX_DEPTH, bounded_parser, broken_nodes, entry_nodes, node_name, pattern_refs
from waybill.spec.messages import ENGINE_DIR, ENGINE_IDS, Message, messages, safe_id


def _own_messages(ir: dict) -> list[Message]:
    """A pack's messages, without those an extended pack declares (the
    base pack's catalogue holds them)."""
    folder = pack_folder(ir)
    files = ir.get("files") or []
    mine = []
    for m in messages(ir):
        at = m.at
        if type(at) is list and type(at[0]) is int and 0 <= at[0] < len(files):
            f = os.path.abspath(files[at[0]])
            if not f.startswith(os.path.abspath(folder) + os.sep):
                continue
        elif m.id == "pack-name" or m.at is None:
            pass
        mine.append(m)
    return mine


def pack_folder(ir: dict) -> str:
    packs = [f for f in ir.get("files") or [] if os.path.basename(f) == "pack.wb"]
    return os.path.dirname(packs[-1]) if packs else "."


def pack_messages_of(result: Any, variant_irs: list) -> list[Message]:
    """A pack's messages: the pack as it is, its variants' names, then what
    only its variants add (in the order given)."""
    ir = result.ir
    out = _own_messages(ir)
    for name, v in sorted((result.program.variants if result.program else {}).items()):
        title = getattr(v.decl, "title", None)
        if title:
            out.append(Message(f"variant-{safe_id(name)}", title))
    seen = {m.id for m in out}
    for vir in variant_irs:
        for m in _own_messages(vir):
            if m.id not in seen:
                seen.add(m.id)
                out.append(m)
    return out


# --- reading catalogues (the bounds are spec/ftl.py's, shared with the runtime) ---------

MAX_SUGGESTED = 20  # E802s of one file that get "did you mean" (each compares against every id)


def read_catalogue(path: str, folder: str) -> tuple[str | None, list[Diagnostic]]:
    """The text of a catalogue in `folder` (resolved), or None and why not
    (E202 a link out of the folder, E107 not a regular file, E106 too
    large, E104 not UTF-8). A leading byte-order mark is dropped."""
    text, why = ftl.read_catalogue(path, folder)
    if why is None:
        return text, []
    return None, [Diagnostic(_rel(path), Span.point(why.line, why.column), "error", why.code, why.message, why.hint)]


def parse_ftl(path: str, folder: str | None = None) -> tuple[Any, str]:
    """A catalogue's syntax tree (bounded_parser) and text. Raises
    CatalogueUnread when it may not or cannot be read (`folder`: the
    pack's; default the catalogue's own folder's parent)."""
    folder = os.path.realpath(folder or os.path.dirname(os.path.dirname(os.path.abspath(path))))
    text, diags = read_catalogue(path, folder)
    if text is None:
        raise CatalogueUnread(diags[0])
    return bounded_parser(True).parse(text), text


class CatalogueUnread(OSError):
    """A catalogue that was not read; ``diagnostic`` says why (E202, E107, E106, E104)."""

    def __init__(self, diagnostic: Diagnostic):
        super().__init__(f"{diagnostic.file}:{diagnostic.span.line}:{diagnostic.span.column}: "
                         f"error[{diagnostic.code}]: {diagnostic.message}")
        self.diagnostic = diagnostic


def ftl_ids(path: str, folder: str | None = None) -> dict[str, Any]:
    """The messages of a catalogue file by id (attributes as `id.attr`).
    Raises CatalogueUnread (see parse_ftl)."""
    from fluent.syntax import ast as fa
    res, _ = parse_ftl(path, folder)
    out: dict[str, Any] = {}
    for e in res.body:
        if isinstance(e, fa.Message):
            if e.value is not None:
                out[e.id.name] = e.value
            for a in e.attributes:
                out[f"{e.id.name}.{a.id.name}"] = a.value
    return out


def expected_ids(msgs: list[Message]) -> dict[str, set]:
    """id (or id.attr) -> the variables it receives."""
    out: dict[str, set] = {}
    for m in msgs:
        out[m.id] = set(m.vars)
        for a in m.attrs:
            out[f"{m.id}.{a}"] = set()
    return out


# --- checking catalogues (waybill check) ------------------------------------------------

class _Lines:
    """Offsets to (line, column), each in O(log lines): the line starts are
    found once per file (counting newlines from the start for each
    diagnostic made the check quadratic in the catalogue's size)."""

    def __init__(self, text: str):
        starts = [0]
        find = text.find
        at = find("\n")
        while at >= 0:
            starts.append(at + 1)
            at = find("\n", at + 1)
        self.starts = starts

    def pos(self, offset: int) -> tuple[int, int]:
        i = bisect.bisect_right(self.starts, offset) - 1
        return i + 1, offset - self.starts[i] + 1


def _diag(report: Report, path: str, lines: _Lines, start: int, end: int, sev: str, code: str,
          msg: str, hint: str | None = None) -> None:
    line, col = lines.pos(start)
    eline, ecol = lines.pos(max(end, start + 1))
    if eline != line:
        ecol = col + 1
    report.add(Diagnostic(_rel(path), Span(line, col, line, ecol), sev, code, msg, hint))


def check_catalogues(ir: dict | None, report: Report, msgs: list[Message] | None = None,
                     folder: str | None = None) -> None:
    """E8xx/W8xx: every `locales/*.ftl` of the pack against the pack's messages."""
    if ir is None:
        return
    folder = os.path.realpath(folder or pack_folder(ir))
    loc = os.path.join(folder, "locales")
    if not os.path.lexists(loc):
        return
    if not _inside(loc, folder):
        report.add(Diagnostic(_rel(loc), Span.point(1, 1), "error", "E202",
                              "the pack's locales folder is a link to a folder outside the pack; it is not read",
                              "copy the catalogues into the pack's locales/ folder, or remove the link"))
        return
    if not os.path.isdir(loc):
        return
    want = expected_ids(msgs if msgs is not None else _own_messages(ir))
    for name in sorted(os.listdir(loc)):
        if name.endswith(".ftl"):
            check_catalogue(os.path.join(loc, name), want, report, english=name == "en.ftl", folder=folder,
                            said_with=_said_before(ir, folder, name, report))


def _said_before(ir: dict, folder: str, name: str, report: Report) -> list[tuple[str, Any]]:
    """The catalogues of the same language a game says this pack's with,
    before it (the engine's, then each pack it extends), as (shown path,
    entries): a message may refer to theirs, so a cycle can run through
    them. One that cannot be read is left out (its own check reports it).
    A pack's text joins the report's sources, which the check cache
    compares: an edit there can change what this pack's check says (the
    engine's is part of the code the cache is keyed by)."""
    dirs = [ENGINE_DIR] + [os.path.join(os.path.dirname(f), "locales") for f in ir.get("files") or []
                           if os.path.basename(f) == "pack.wb"
                           and os.path.realpath(os.path.dirname(f)) != folder]
    out = []
    for d in dict.fromkeys(dirs):
        path = os.path.join(d, name)
        if not os.path.lexists(path):
            continue
        root = os.path.realpath(d if d == ENGINE_DIR else os.path.dirname(d))
        text, why = ftl.read_catalogue(path, root)
        if why is None:
            if d != ENGINE_DIR:
                report.sources.setdefault(_rel(path), text)
            out.append((_rel(path), bounded_parser(False).parse(text).body))
    return out


def _inside(path: str, folder: str) -> bool:
    from waybill.spec.files import inside
    return inside(path, folder)


def check_engine_catalogues(report: Report, folder: str | None = None) -> None:
    """E8xx/W8xx: the engine's own catalogues (``folder``, default spec/locales)
    against ENGINE_IDS: every engine message in every language (the words of
    `waybill play` and of the web page among them), with the variables it is given."""
    folder = os.path.realpath(folder or ENGINE_DIR)
    want = {k: set(v) for k, v in ENGINE_IDS.items()}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".ftl"):
            check_catalogue(os.path.join(folder, name), want, report, english=name == "en.ftl", folder=folder)


def check_catalogue(path: str, want: dict[str, set], report: Report, english: bool = False,
                    folder: str | None = None, said_with: list[tuple[str, Any]] | None = None) -> None:
    """E8xx/W8xx of one catalogue. `said_with`: the catalogues a game says it
    with, before it (see `_said_before`), for cycles and depths through them."""
    from fluent.syntax import ast as fa
    folder = os.path.realpath(folder or os.path.dirname(os.path.dirname(os.path.abspath(path))))
    text, diags = read_catalogue(path, folder)
    if text is None:
        report.extend(diags)
        return
    report.sources[_rel(path)] = text  # to draw the lines, and what the check cache compares
    res = bounded_parser(True).parse(text)
    lines = _Lines(text)
    have: set = set()
    suggested = 0
    for e in res.body:
        if isinstance(e, fa.Junk):
            for a in e.annotations or [None]:
                start = a.span.start if a is not None and a.span else e.span.start
                if a is not None and a.code == "E0010":
                    _diag(report, path, lines, start, start + 1, "error", "E806",
                          "a selector has no default variant", "mark the last variant `*[other]`")
                    continue
                if a is not None and a.code == DEEP:
                    _diag(report, path, lines, start, start + 1, "error", "E808",
                          f"{a.message}: this message is not read",
                          "select on fewer things at once, or split the message")
                    continue
                if a is not None and a.code == BIG:
                    _diag(report, path, lines, start, start + 1, "error", "E809",
                          f"{a.message}: this message is not read", None)
                    continue
                msg = a.message if a is not None else "not a Fluent message"
                _diag(report, path, lines, start, start + 1, "error", "E801", f"syntax error in the catalogue: {msg}",
                      "a message is `id = text`; a brace opens a placeable: write {\"{\"} for a brace")
            continue
        if not isinstance(e, fa.Message):
            continue
        base = e.id.name
        parts = ([(base, e.value, e.id.span)] if e.value is not None else []) + \
                [(f"{base}.{a.id.name}", a.value, a.id.span) for a in e.attributes]
        for key, pattern, span in parts:
            if key in have:
                _diag(report, path, lines, span.start, span.end, "error", "E805",
                      f"message `{key}` is given twice in the catalogue")
            have.add(key)
            if key not in want:
                suggested += 1
                hint = suggest(key, want) if suggested <= MAX_SUGGESTED else None
                _diag(report, path, lines, span.start, span.end, "error", "E802",
                      f"unknown message `{key}`: the pack has no such text",
                      hint or "run `waybill i18n extract PACK` and compare")
                continue
            _check_pattern(report, path, lines, key, pattern, want[key])
    _check_references(report, path, lines, res.body)
    if said_with:
        _check_references_across(report, path, lines, res.body, said_with)
    missing = [k for k in want if k not in have]
    if missing:
        code, sev = ("W803", "warning") if english else ("W801", "warning")
        shown = ", ".join(missing[:5]) + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
        _diag(report, path, lines, 0, 1, sev, code,
              f"{len(missing)} message(s) missing from the catalogue: {shown}",
              "run `waybill i18n extract PACK`" if english else
              "the game shows English for these (`waybill i18n coverage PACK --lang LANG`)")


def _check_references(report: Report, path: str, lines: _Lines, entries: Any) -> None:
    """E807 reference cycles and E808 chains of references too deep, among the
    messages and terms of one file (the game says such a message in English)."""
    nodes = entry_nodes(entries)
    cycles, depths = broken_nodes(nodes)
    for node, cycle in cycles.items():
        if cycle:
            ident = nodes[node][0]
            _diag(report, path, lines, ident.span.start, ident.span.end, "error", "E807",
                  f"`{node_name(node)}` refers to itself: {' -> '.join(node_name(n) for n in cycle)}",
                  "a message may use other messages, never itself through them")
    for node, d in depths.items():
        if d is not None and d > MAX_DEPTH:
            _, refs = pattern_refs(nodes[node][1])
            if any(depths.get(t) is not None and depths[t] > MAX_DEPTH for _, t in refs):
                continue  # reported where the chain crosses the limit
            ident = nodes[node][0]
            _diag(report, path, lines, ident.span.start, ident.span.end, "error", "E808",
                  f"`{node_name(node)}` nests {d} levels deep through the messages it uses; "
                  f"the limit is {MAX_DEPTH}", "use fewer messages within messages")


def _check_references_across(report: Report, path: str, lines: _Lines, entries: Any,
                             said_with: list[tuple[str, Any]]) -> None:
    """E807/E808 for what only shows when this catalogue is said with the
    others of its language (a message of this pack referring to a term of
    the pack it extends that refers back): the game builds one bundle of
    them all, in which a later message replaces an earlier one of its id."""
    alone_cycles, alone_depths = broken_nodes(entry_nodes(entries))
    where: dict[tuple, str] = {}
    every: list = []
    for shown, theirs in said_with:
        for node in entry_nodes(theirs):
            where[node] = shown
        every.extend(theirs)
    mine = entry_nodes(entries)
    for node in mine:
        where.pop(node, None)
    every.extend(entries)
    nodes = entry_nodes(every)
    # this file's nodes first, so that a cycle is told from one of them
    nodes = {n: nodes[n] for n in sorted(nodes, key=lambda n: n not in mine)}
    cycles, depths = broken_nodes(nodes)
    for node, cycle in cycles.items():
        if cycle and node in mine and node not in alone_cycles:
            others = sorted({where[n] for n in cycle if n in where})
            ident = mine[node][0]
            _diag(report, path, lines, ident.span.start, ident.span.end, "error", "E807",
                  f"`{node_name(node)}` refers to itself through {', '.join(others)}: "
                  f"{' -> '.join(node_name(n) for n in cycle)}",
                  "a message may use other messages, never itself through them; the game says it in English")
    for node in mine:
        d = depths.get(node)
        if node in cycles or d is None or d <= MAX_DEPTH or (alone_depths.get(node) or 0) > MAX_DEPTH:
            continue
        _, refs = pattern_refs(nodes[node][1])
        if any(t in mine and depths.get(t) is not None and depths[t] > MAX_DEPTH for _, t in refs):
            continue  # reported where the chain crosses the limit
        ident = mine[node][0]
        _diag(report, path, lines, ident.span.start, ident.span.end, "error", "E808",
              f"`{node_name(node)}` nests {d} levels deep through the messages it uses here and in the "
              f"catalogues it is said with; the limit is {MAX_DEPTH}", "use fewer messages within messages")


def _check_pattern(report: Report, path: str, lines: _Lines, key: str, pattern: Any, vars_: set) -> None:
    from fluent.syntax import ast as fa
    from fluent.syntax.visitor import Visitor

    class V(Visitor):
        def visit_VariableReference(self, node):
            name = node.id.name
            if name not in vars_:
                known = ", ".join("$" + v for v in sorted(vars_)) or "none"
                _diag(report, path, lines, node.span.start, node.span.end, "error", "E804",
                      f"`${name}` is not given to message `{key}` (it receives: {known})")

        def visit_SelectExpression(self, node):
            if not any(v.default for v in node.variants):
                _diag(report, path, lines, node.span.start, node.span.end, "error", "E806",
                      f"a selector in `{key}` has no default variant", "mark one variant `*[other]`")
            elif not any(v.default and _key_name(v.key) == "other" for v in node.variants) and \
                    not any(_key_name(v.key) == "other" for v in node.variants):
                _diag(report, path, lines, node.span.start, node.span.end, "warning", "W802",
                      f"a plural selector in `{key}` has no `other` variant", "add `*[other] ...`")
            self.generic_visit(node)

    V().visit(pattern)
    del fa


def _key_name(k: Any) -> str:
    return getattr(k, "name", None) or getattr(k, "value", "")
