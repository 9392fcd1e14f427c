"""The bounds on a Fluent catalogue, which `waybill check` reports
(compiler/catalogues.py: E202, E107, E106, E104, E807-E809) and the runtime
obeys when it reads one (runtime/text/catalogue.py: a catalogue or message
beyond them is not said; English is said instead). One module, so that the
checker and the game can never disagree on what is readable.

A catalogue is content: only a regular file whose path, links resolved,
lies in its pack's folder (files.py), at most MAX_CATALOGUE_BYTES, in UTF-8
(a byte-order mark is dropped). It is parsed with bounds on nesting and on
numbers (`bounded_parser`), and its references are walked without recursion
in time linear in its size (`broken_nodes`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .files import OutsideFolder, read_inside

MAX_CATALOGUE_BYTES = 5_000_000  # as a .wb file's (dsl/parser.py MAX_FILE_BYTES)
MAX_DEPTH = 24  # placeables, calls and references within each other
MAX_NUMBER_DIGITS = 30  # digits of a number literal (Python refuses int() of 4300+)
MAX_OPTION = 100  # a number given to a function's option (Intl's own bound for fraction digits)
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


@dataclass(frozen=True)
class Unread:
    """Why a catalogue was not read: a code of `waybill check`, a message,
    a suggestion, and where in the file (line, column)."""
    code: str
    message: str
    hint: str | None = None
    line: int = 1
    column: int = 1


def read_catalogue(path: str, folder: str) -> tuple[str | None, Unread | None]:
    """The text of a catalogue in `folder` (resolved by the caller), or None
    and why not: E202 a link out of the folder, E107 not a regular file (a
    FIFO, a device, a folder: never opened, never waited on), E106 too
    large, E104 not UTF-8."""
    try:
        data = read_inside(path, folder, MAX_CATALOGUE_BYTES + 1)
    except OutsideFolder:
        return None, Unread("E202", "this catalogue is a link to a file outside the pack folder; it is not read",
                            "copy the file into the pack's locales/ folder, or remove the link")
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        return None, Unread("E107", f"cannot read file: {getattr(exc, 'strerror', None) or exc}")
    if len(data) > MAX_CATALOGUE_BYTES:
        return None, Unread("E106", f"catalogue is more than {MAX_CATALOGUE_BYTES} bytes; that is the limit",
                            "split the pack, or shorten its texts")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:  # placed as the parser places it for a .wb file
        good = data[: exc.start].decode("utf-8", errors="replace")
        line = good.count("\n") + 1
        col = len(good) - (good.rfind("\n") + 1) + 1
        return None, Unread("E104", f"byte 0x{data[exc.start]:02x} at offset {exc.start} is not valid UTF-8",
                            "save the file as UTF-8", line, col)
    return (text[1:] if text.startswith("\ufeff") else text), None


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


def broken_patterns(entries: Any) -> dict[tuple, str]:
    """The patterns of `entries` not to be formatted, node -> why: in a
    reference cycle or reaching one, or nesting deeper than MAX_DEPTH
    through the patterns it names (what the runtime does not say)."""
    cycles, depths = broken_nodes(entry_nodes(entries))
    bad: dict[tuple, str] = {}
    for node, d in depths.items():
        if node in cycles:
            bad[node] = "a reference cycle"
        elif d is None:
            bad[node] = "it uses a message in a reference cycle"
        elif d > MAX_DEPTH:
            bad[node] = f"it nests {d} levels deep through the messages it uses (the limit is {MAX_DEPTH})"
    return bad
