"""Catalogue checks of `waybill check` (E8xx/W8xx): each `locales/*.ftl`
of a pack (Project Fluent) against the messages of its content
(`spec/messages.py` derives their ids), and the engine's own catalogues.

- E801 a syntax error in a catalogue (Fluent's own message);
- E802 a message the pack does not have (a stale or mistyped id);
- W801 messages missing from a translation (English is shown for them);
- W803 messages missing from the English catalogue (run `waybill i18n extract`);
- W804 a message under the id it had before decisions were named
  (`proc-x-ask2` for `proc-x-ask-where`): still read, `waybill i18n rekey`
  renames it;
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

A catalogue is content and is read as a `.wb` file is (dsl/files.py): only
a regular file whose path, links resolved, lies in the pack's folder (a link
out is an E202, a FIFO, a device or a folder an E107), at most
MAX_CATALOGUE_BYTES (E106), UTF-8 (E104; a byte-order mark is allowed).
It is parsed with bounds (`bounded_parser`: nesting, numbers) so that no
input reaches Python's recursion limit or asks for a gigabyte of digits,
and checked in time linear in its size. The runtime reads catalogues with
the same bounds (runtime/text/catalogue.py; the two layers do not share
code, tests/reliability/test_hostile_catalogues.py checks they agree).
"""

from __future__ import annotations

import bisect
import os
from functools import lru_cache
from typing import Any

from waybill.dsl.diagnostics import Diagnostic, Report, Span, suggest
from waybill.compiler.loader import display_path as _rel
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


# --- reading catalogues -------------------------------------------------------------

MAX_CATALOGUE_BYTES = 5_000_000  # as a .wb file's (dsl/parser.py MAX_FILE_BYTES)
MAX_DEPTH = 24  # placeables, calls and references within each other
MAX_NUMBER_DIGITS = 30  # digits of a number literal (Python refuses int() of 4300+)
MAX_OPTION = 100  # a number given to a function's option (Intl's own bound for fraction digits)
MAX_SUGGESTED = 20  # E802s of one file that get "did you mean" (each compares against every id)
DEEP, BIG = "WB808", "WB809"  # the codes bounded_parser gives its own Junk


def bounded_parser(with_spans: bool = True) -> Any:
    """A Fluent parser (a new one: it counts as it goes) that refuses, as Junk
    of its entry, nesting deeper than MAX_DEPTH (`{ { {`, `F(F(F(`: the parser
    recurses on both) and numbers out of range, so that parsing, compiling
    and formatting a catalogue stay far from Python's recursion limit and
    from asking for a gigabyte of digits."""
    return _bounded_parser_class()(with_spans=with_spans)


@lru_cache(maxsize=1)
def _bounded_parser_class() -> Any:
    from fluent.syntax import FluentParser
    from fluent.syntax import ast as fa
    from fluent.syntax.errors import ParseError

    def refuse(code: str, message: str) -> ParseError:
        err = ParseError(code)
        err.message = message
        return err

    class BoundedParser(FluentParser):
        depth = 0

        def get_entry_or_junk(self, ps):
            self.depth = 0
            return super().get_entry_or_junk(ps)

        def _nested(self, get, ps):
            if self.depth >= MAX_DEPTH:
                raise refuse(DEEP, f"nesting is deeper than {MAX_DEPTH} levels")
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
                raise refuse(BIG, f"a number of more than {MAX_NUMBER_DIGITS} digits")
            return node

        def get_call_argument(self, ps):
            start = ps.index
            arg = super().get_call_argument(ps)
            if isinstance(arg, fa.NamedArgument) and isinstance(arg.value, fa.NumberLiteral) \
                    and abs(float(arg.value.value)) > MAX_OPTION:
                ps.index = start  # the error is placed at the option
                raise refuse(BIG, f"option `{arg.name.name}: {arg.value.value}` is beyond {MAX_OPTION}")
            return arg

    return BoundedParser


def read_catalogue(path: str, folder: str) -> tuple[str | None, list[Diagnostic]]:
    """The text of a catalogue in `folder` (resolved), or None and why not
    (E202 a link out of the folder, E107 not a regular file, E106 too
    large, E104 not UTF-8). A leading byte-order mark is dropped."""
    from waybill.dsl.files import OutsideFolder, read_inside
    shown = _rel(path)
    try:
        data = read_inside(path, folder, MAX_CATALOGUE_BYTES + 1)
    except OutsideFolder:
        return None, [Diagnostic(shown, Span.point(1, 1), "error", "E202",
                                 "this catalogue is a link to a file outside the pack folder; it is not read",
                                 "copy the file into the pack's locales/ folder, or remove the link")]
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        return None, [Diagnostic(shown, Span.point(1, 1), "error", "E107",
                                 f"cannot read file: {getattr(exc, 'strerror', None) or exc}")]
    if len(data) > MAX_CATALOGUE_BYTES:
        return None, [Diagnostic(shown, Span.point(1, 1), "error", "E106",
                                 f"catalogue is more than {MAX_CATALOGUE_BYTES} bytes; that is the limit",
                                 "split the pack, or shorten its texts")]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:  # placed as the parser places it for a .wb file
        good = data[: exc.start].decode("utf-8", errors="replace")
        line = good.count("\n") + 1
        col = len(good) - (good.rfind("\n") + 1) + 1
        return None, [Diagnostic(shown, Span.point(line, col), "error", "E104",
                                 f"byte 0x{data[exc.start]:02x} at offset {exc.start} is not valid UTF-8",
                                 "save the file as UTF-8")]
    return text[1:] if text.startswith("\ufeff") else text, []


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


# --- references: cycles and depth ---------------------------------------------------------

# A node is one pattern: ("m" or "t", id, attribute or None), a message's or
# term's value or one of its attributes; a reference `{ b }`, `{ -t }`,
# `{ b.attr }` is an edge to the node it names.

def pattern_refs(pattern: Any) -> tuple[int, list[tuple[int, tuple]]]:
    """How deep a pattern nests on its own, and each reference in it with
    the depth it is at (iteratively: no recursion on the tree)."""
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


def entry_nodes(entries: Any) -> dict[tuple, tuple[Any, Any]]:
    """node -> (the identifier naming it, its pattern), for the messages and
    terms of `entries` (a later entry of the same id replaces an earlier one
    whole, as in a bundle that allows overrides)."""
    from fluent.syntax import ast as fa
    out: dict[tuple, tuple[Any, Any]] = {}
    keys: dict[tuple, list] = {}
    for e in entries:
        if not isinstance(e, (fa.Message, fa.Term)):
            continue
        kind = "t" if isinstance(e, fa.Term) else "m"
        for key in keys.pop((kind, e.id.name), ()):
            del out[key]
        mine = keys[(kind, e.id.name)] = []
        if e.value is not None:
            out[(kind, e.id.name, None)] = (e.id, e.value)
            mine.append((kind, e.id.name, None))
        for a in e.attributes:
            out[(kind, e.id.name, a.id.name)] = (a.id, a.value)
            mine.append((kind, e.id.name, a.id.name))
    return out


def broken_nodes(nodes: dict[tuple, Any]) -> tuple[dict[tuple, list], dict[tuple, int | None]]:
    """(cycles, depths): each node in a reference cycle with one cycle through
    it (the first node of each cycle, in the order of `nodes`, holds it; the
    others an empty list), and each node's depth through its references
    (None in a cycle or reaching one: a reference adds the depth of what it
    names to the depth it stands at). Linear: Tarjan's strongly connected
    components, without recursion, then depths in the order they close."""
    info = {n: pattern_refs(p) for n, (_, p) in nodes.items()}
    edges = {n: [t for _, t in refs if t in nodes] for n, (_, refs) in info.items()}
    index: dict[tuple, int] = {}
    low: dict[tuple, int] = {}
    on_stack: set = set()
    stack: list = []
    comps: list[list] = []

    def enter(n: tuple) -> None:
        index[n] = low[n] = len(index)
        stack.append(n)
        on_stack.add(n)

    for root in nodes:
        if root in index:
            continue
        enter(root)
        work = [(root, iter(edges[root]))]
        while work:
            n, succ = work[-1]
            for t in succ:
                if t not in index:
                    enter(t)
                    work.append((t, iter(edges[t])))
                    break
                if t in on_stack:
                    low[n] = min(low[n], index[t])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[n])
                if low[n] == index[n]:
                    comp = []
                    while True:
                        m = stack.pop()
                        on_stack.discard(m)
                        comp.append(m)
                        if m == n:
                            break
                    comps.append(comp)
    order = {n: k for k, n in enumerate(nodes)}
    cycles: dict[tuple, list] = {}
    depths: dict[tuple, int | None] = {}
    for comp in comps:  # each after every component it reaches
        if len(comp) > 1 or comp[0] in edges[comp[0]]:
            first = min(comp, key=order.__getitem__)
            for n in comp:
                cycles[n] = []
                depths[n] = None
            cycles[first] = _cycle_through(first, set(comp), edges)
            continue
        n = comp[0]
        deepest, refs = info[n]
        d: int | None = deepest
        for at, t in refs:
            if t in depths:
                if depths[t] is None:
                    d = None
                    break
                d = max(d, at + depths[t])
        depths[n] = d
    return cycles, depths


def _cycle_through(first: tuple, comp: set, edges: dict) -> list:
    """The nodes of one cycle from `first` back to it, within its component."""
    came: dict[tuple, tuple | None] = {first: None}
    queue = [first]
    for n in queue:
        for t in edges[n]:
            if t == first:
                path = [n]
                while came[path[-1]] is not None:
                    path.append(came[path[-1]])
                return path[::-1] + [first]
            if t in comp and t not in came:
                came[t] = n
                queue.append(t)
    return [first, first]


def node_name(node: tuple) -> str:
    kind, ident, attr = node
    return ("-" if kind == "t" else "") + ident + (f".{attr}" if attr else "")


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
    own = msgs if msgs is not None else _own_messages(ir)
    want = expected_ids(own)
    aliases = {m.legacy: m.id for m in own if m.legacy}
    for name in sorted(os.listdir(loc)):
        if name.endswith(".ftl"):
            check_catalogue(os.path.join(loc, name), want, report, english=name == "en.ftl", folder=folder,
                            aliases=aliases)


def _inside(path: str, folder: str) -> bool:
    from waybill.dsl.files import inside
    return inside(path, folder)


def check_engine_catalogues(report: Report) -> None:
    want = {k: set(v) for k, v in ENGINE_IDS.items()}
    folder = os.path.realpath(ENGINE_DIR)
    for name in sorted(os.listdir(ENGINE_DIR)):
        if name.endswith(".ftl"):
            check_catalogue(os.path.join(ENGINE_DIR, name), want, report, english=name == "en.ftl", folder=folder)


def check_catalogue(path: str, want: dict[str, set], report: Report, english: bool = False,
                    folder: str | None = None, aliases: dict[str, str] | None = None) -> None:
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
            new = (aliases or {}).get(key) if key not in want else None
            if new is not None and new in want:
                _diag(report, path, lines, span.start, span.end, "warning", "W804",
                      f"`{key}` is the id `{new}` had before names: it is read as `{new}`",
                      "run `waybill i18n rekey PACK` to rename the catalogue's keys")
                have.add(new)
                _check_pattern(report, path, lines, new, pattern, want[new])
                continue
            if key not in want:
                suggested += 1
                hint = suggest(key, want) if suggested <= MAX_SUGGESTED else None
                _diag(report, path, lines, span.start, span.end, "error", "E802",
                      f"unknown message `{key}`: the pack has no such text",
                      hint or "if ids changed (a name given with `as`), `waybill i18n rekey PACK` renames the "
                      "keys; else run `waybill i18n extract PACK` and compare")
                continue
            _check_pattern(report, path, lines, key, pattern, want[key])
    _check_references(report, path, lines, res.body)
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
