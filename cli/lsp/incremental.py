"""Checking a pack again after an edit, one declaration at a time.

The compiler checks while it lowers (`compiler.lower`), declaration by
declaration: a counter, a kind, a card, a procedure, a top-level rule, a
scenario. What checking one of them finds depends only on

- its own syntax tree and file (and whether that file parsed clean);
- what it looks up by name (`Lowerer.sym`): for each such name, whether it
  is declared and its *interface* (category, parameters, a kind's fields,
  a card's kind, a counter's or zone's scope), recorded as it runs;
- for a declaration with a diagnostic, the pack's whole set of names (the
  suggestions "did you mean" draw on every name);
- a few things of the whole pack: the attribute names (counters and zones
  per player, kinds' fields), the variants, the player count, the names of
  declarations lost to syntax errors.

So `LoweringMemo` keeps, per declaration, what lowering it gave: its
diagnostics, the names it used and what it left for the checks that run at
the end (`Lowerer._deferred_checks`, `_unused`); after an edit only the
declarations whose text changed, or whose looked-up names changed, are
lowered again. A declaration that only moved (lines added above it) is
reused with its positions moved. The parts of the program that are not one
declaration (the board's links, the `game` block, `display`, `balance`,
bots) and the checks over the whole pack are run every time: they are
cheap. `tests/lsp/test_incremental.py` checks the result equals a check
from scratch through a sequence of edits.

The IR this builds is for checking only (a reused declaration's `at`
positions are not moved): the server never hands it out; the rules-text
lint, which reads positions from the IR, runs on a fresh lowering in the
second pass (`analysis.Workspace.finish`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from waybill.api import bot_settings
from waybill.compiler.lower import Lowerer
from waybill.compiler.symbols import Program, Symbol
from waybill.dsl import ast
from waybill.dsl.diagnostics import Report

from .documents import ParsedFile, shifted

# The Lowerer's methods that lower one declaration, each called once per
# symbol (or, `rule`, per top-level ability) by `Lowerer.lower`.
SYMBOL_UNITS = ("counter", "kind", "zone", "region", "die", "track", "table", "event", "quantity", "procedure",
                "entity", "invariant", "scenario")

# The Lowerer's state: what lowering a declaration adds to (kept per declaration
# and given back when it is reused), and the rest (set up for the whole pack, or
# only read). A new attribute of the Lowerer must be sorted into one of them
# (`tests/lsp/test_incremental.py` fails until it is).
PER_DECLARATION_STATE = frozenset({"used", "action_tags", "assigned_attrs", "attr_uses", "tag_uses", "unset_reads",
                                   "seat_uses"})
WHOLE_PACK_STATE = frozenset({"p", "report", "bots", "file", "checking", "file_index", "attr_names", "scenario_irs",
                              "hooked"})

Where = tuple[str, int, tuple, int]  # (chunk text, item index in the chunk, path inside the item, chunk's line)


@dataclass
class Entry:
    """What lowering one declaration gave, and what it depended on."""

    gen: int  # the analysis that computed it
    line: int  # its chunk's line then
    lookups: frozenset[str]
    ir: object
    diags: list
    state: dict  # each of PER_DECLARATION_STATE: what this declaration added to it (a set or a list)
    end_file: str


def interface(s: Symbol) -> tuple:
    """What lowering other declarations reads of a declared name."""
    d = s.decl
    params = tuple((p.name, p.type) for p in getattr(d, "params", None) or ())
    fields = tuple((f.name, f.type, f.is_list, repr(f.default)) for f in getattr(d, "fields", None) or ())
    return (s.category, type(d).__name__, getattr(d, "scope", None), getattr(d, "kind", None), params, fields)


def locations(parsed: ParsedFile) -> dict[int, Where]:
    """Where each declaration of a file comes from: its chunk's text, so that
    a declaration is known again after a re-parse, or a move."""
    out: dict[int, Where] = {}
    for text, chunk in parsed.chunks.items():
        for i, item in enumerate(chunk.items):
            out[id(item)] = (text, i, (), chunk.line)
            if isinstance(item, ast.Replaces):
                out[id(item.decl)] = (text, i, ("decl",), chunk.line)
            if isinstance(item, ast.BoardDecl):
                for j, sub in enumerate(item.spaces):
                    out[id(sub)] = (text, i, ("space", j), chunk.line)
                for j, sub in enumerate(item.regions):
                    out[id(sub)] = (text, i, ("region", j), chunk.line)
    return out


class LoweringMemo:
    """The per-declaration results of the last checks of one pack."""

    def __init__(self) -> None:
        self.entries: dict[tuple, Entry] = {}
        self.gen = 0
        self.ifaces: dict[str, tuple] = {}
        self.changed_at: dict[str, int] = {}  # name -> the analysis in which its interface last changed
        self.iface_gen = 0  # the last analysis in which any interface changed
        self.names: frozenset = frozenset()
        self.names_gen = 0
        self.whole: tuple | None = None
        self.whole_gen = 0
        self.where: dict[int, Where] = {}
        self._files: dict[str, tuple[ParsedFile, dict[int, Where]]] = {}
        self.lowered = 0  # declarations lowered in the last check (for the tests and the bench)

    def lower(self, program: Program, report: Report, parsed: list[ParsedFile]) -> dict:
        """Check `program` (the pack as it is) as `Lowerer(program, report).lower()` does."""
        self.gen += 1
        self._locate(parsed)
        self._compare_names(program)
        self.lowered = 0
        ir = MemoLowerer(program, report, self).lower()
        live = {key for key, e in self.entries.items() if e.gen == self.gen or key in self._seen}
        self.entries = {k: v for k, v in self.entries.items() if k in live}  # forget what no longer exists
        return ir

    # ---- what changed since the last check ----------------------------------------------
    def _locate(self, parsed: list[ParsedFile]) -> None:
        files = {}
        for p in parsed:
            known = self._files.get(p.path)
            files[p.path] = known if known is not None and known[0] is p else (p, locations(p))
        self._files = files
        self.where = {}
        for _, where in files.values():
            self.where.update(where)
        self._seen: set[tuple] = set()

    def _compare_names(self, program: Program) -> None:
        ifaces = {n: interface(s) for n, s in program.symbols.items()}
        old = self.ifaces
        for n in ifaces.keys() | old.keys():
            if ifaces.get(n) != old.get(n):
                self.changed_at[n] = self.gen
                self.iface_gen = self.gen
        self.ifaces = ifaces
        names = frozenset((n, s.category, getattr(s.decl, "kind", None)) for n, s in program.symbols.items())
        if names != self.names:
            self.names, self.names_gen = names, self.gen

    def compare_whole(self, lowerer: Lowerer) -> None:
        """The things of the whole pack lowering reads (see the module's doc)."""
        p = lowerer.p
        whole = (frozenset(lowerer.attr_names), frozenset(p.variants), tuple(p.applied_variants),
                 p.game.players[:2] if p.game is not None and p.game.players else None, frozenset(p.broken))
        if whole != self.whole:
            self.whole, self.whole_gen = whole, self.gen

    # ---- one declaration ------------------------------------------------------------------
    def key(self, unit: str, decl: ast.Node, file: str, ok: bool) -> tuple[tuple, int] | None:
        where = self.where.get(id(decl))
        if where is None:
            return None  # not a parsed declaration (`extend kind` makes a new one): lowered every time
        text, index, path, line = where
        return (unit, file, ok, text, index, path), line

    def reusable(self, key: tuple, line: int) -> Entry | None:
        e = self.entries.get(key)
        if e is None or e.gen < self.whole_gen:
            return None
        if e.diags and (e.gen < self.names_gen or line != e.line):
            return None  # a message may name other declarations, or lines of its own
        if e.gen < self.iface_gen and any(self.changed_at.get(n, 0) > e.gen for n in e.lookups):
            return None
        self._seen.add(key)
        return e


class MemoLowerer(Lowerer):
    """The compiler's Lowerer, each declaration looked up in a `LoweringMemo` first."""

    def __init__(self, program: Program, report: Report, memo: LoweringMemo):
        super().__init__(program, report, bot_settings())
        self.memo = memo
        self.lookups: set[str] | None = None

    def sym(self, name: str) -> Symbol | None:
        if self.lookups is not None:
            self.lookups.add(name)
        return super().sym(name)

    def _prepare(self) -> None:
        super()._prepare()
        self.memo.compare_whole(self)

    def unit(self, unit: str, decl: ast.Node, file: str, run: Callable[[], object]):
        found = self.memo.key(unit, decl, file, file in self.p.ok_files)
        if found is None:
            self.memo.lowered += 1
            return run()
        key, line = found
        e = self.memo.reusable(key, line)
        if e is not None:
            self._replay(e, line - e.line)
            return e.ir
        self.memo.lowered += 1
        e = self._record(run, line)
        self.memo.entries[key] = e
        self.memo._seen.add(key)
        self._replay(e, 0)
        return e.ir

    def _record(self, run: Callable[[], object], line: int) -> Entry:
        """Lower one declaration on its own: its findings apart from the others'."""
        saved = {name: getattr(self, name) for name in PER_DECLARATION_STATE}
        for name, value in saved.items():
            setattr(self, name, type(value)())
        self.lookups = set()
        start = len(self.report.diagnostics)
        try:
            ir = run()
            return Entry(self.memo.gen, line, frozenset(self.lookups), ir, self.report.diagnostics[start:],
                         {name: getattr(self, name) for name in PER_DECLARATION_STATE}, self.file)
        finally:
            del self.report.diagnostics[start:]  # given back by _replay
            self.lookups = None
            for name, value in saved.items():
                setattr(self, name, value)

    def _replay(self, e: Entry, delta: int) -> None:
        """What lowering the declaration did, again (moved `delta` lines down)."""
        move = (lambda x: shifted(x, delta)) if delta else (lambda x: x)
        self.report.extend(move(e.diags))
        for name, added in e.state.items():
            mine = getattr(self, name)
            if isinstance(mine, set):
                mine |= added  # names: nothing to move
            else:
                mine.extend(move(added))  # findings with places
        self.in_file(e.end_file)

    def rule(self, node, file: str):
        return self.unit("rule", node, file, lambda: Lowerer.rule(self, node, file))


def _symbol_unit(name: str):
    method = getattr(Lowerer, name)

    def lowered(self: MemoLowerer, s: Symbol):
        return self.unit(name, s.decl, s.file, lambda: method(self, s))
    lowered.__name__ = name
    return lowered


for _name in SYMBOL_UNITS:
    setattr(MemoLowerer, _name, _symbol_unit(_name))
