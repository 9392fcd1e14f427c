"""Every name written in a pack, where it is declared and where it is used.

Built from the syntax trees the analysis checked and from the compiler's
resolved declarations (`Program.symbols`), so that "the definition of
`spanner`" is the declaration the checker resolved `spanner` to, and a
pack's base pack is searched as well. Local names (parameters, `let`,
`for`, `each`, an event's fields inside its trigger) shadow declared ones,
as they do in the checker, and are not references to them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from waybill.dsl import ast
from waybill.dsl.diagnostics import Span
from waybill.spec.signatures import EVENTS, FUNCTIONS, PRIMITIVES

Key = tuple[str, str]  # ("symbol" | "attr" | "primitive" | "function" | "event" | "pack", name)


@dataclass(frozen=True)
class Occurrence:
    name: str
    span: Span  # of the name alone
    file: str
    role: str  # "decl" | "name" | "call" | "event" | "attr" | "field" | "pack" | "extends"
    key: Key | None


@dataclass
class Index:
    occurrences: dict[str, list[Occurrence]] = field(default_factory=dict)  # file -> in reading order
    definitions: dict[Key, list[Occurrence]] = field(default_factory=dict)
    references: dict[Key, list[Occurrence]] = field(default_factory=dict)  # every use, definitions included
    decls: dict[str, tuple[ast.Decl, str]] = field(default_factory=dict)  # name -> (declaration, file)
    fields: dict[str, list[tuple[str, ast.FieldDecl]]] = field(default_factory=dict)  # field -> [(kind, decl)]
    locals: dict[str, list[tuple[Span, set[str]]]] = field(default_factory=dict)  # file -> [(item span, names)]

    def at(self, file: str, line: int, column: int) -> Occurrence | None:
        """The name under (line, column), 1-based."""
        best = None
        for occ in self.occurrences.get(file, ()):
            s = occ.span
            if (s.line, s.column) <= (line, column) <= (s.end_line, s.end_column):
                best = occ
                if (line, column) < (s.end_line, s.end_column):
                    return occ  # strictly inside beats "just after"
        return best

    def locals_at(self, file: str, line: int) -> set[str]:
        out: set[str] = set()
        for span, names in self.locals.get(file, ()):
            if span.line <= line <= span.end_line:
                out |= names
        return out


def build_index(analysis) -> Index:
    index = Index()
    program = analysis.program
    symbols = program.symbols if program is not None else {}
    walker = _Walker(index, symbols, _event_params(analysis), _procedure_params(analysis))
    for source in analysis.parsed_modules():
        walker.file = source.path
        index.occurrences[source.path] = []
        index.locals[source.path] = []
        for item in source.module.items:
            walker.item(item)
    for occs in index.occurrences.values():
        occs.sort(key=lambda o: (o.span.line, o.span.column))
        for occ in occs:
            if occ.key is None:
                continue
            index.references.setdefault(occ.key, []).append(occ)
            if occ.role in ("decl", "field", "pack"):
                index.definitions.setdefault(occ.key, []).append(occ)
    # the declaration the checker resolved a name to comes first
    for name, sym in symbols.items():
        defs = index.definitions.get(("symbol", name), [])
        defs.sort(key=lambda o: not (o.file == sym.file and o.span == sym.decl.name_span))
        index.decls[name] = (sym.decl, sym.file)
    return index


def _event_params(analysis) -> dict[str, list[str]]:
    out = {name: list(params) for name, params in EVENTS.items()}
    for source in analysis.parsed_modules():
        for item in _all_items(source.module.items):
            if isinstance(item, ast.EventDecl):
                out[item.name] = [p.name for p in item.params]
    return out


def _procedure_params(analysis) -> dict[str, list[str]]:
    out = {}
    for source in analysis.parsed_modules():
        for item in _all_items(source.module.items):
            if isinstance(item, ast.ProcedureDecl):
                out[item.name] = [p.name for p in item.params]
    return out


def _all_items(items):
    for item in items:
        if isinstance(item, ast.Replaces):  # `replaces procedure p(...)`: the declaration itself
            item = item.decl
        yield item
        if isinstance(item, ast.VariantDecl):
            yield from item.items


def name_span(node: ast.Node, name: str) -> Span:
    """The span of a name written at the start of `node` (`cost: 9`, `cost: int`)."""
    s = node.span
    return Span(s.line, s.column, s.line, s.column + len(name))


class _Walker:
    def __init__(self, index: Index, symbols: dict, events: dict[str, list[str]], procedures: dict[str, list[str]]):
        self.index = index
        self.symbols = symbols
        self.events = events
        self.procedures = procedures
        self.file = ""
        self.frames: list[set[str]] = []
        self.bound: set[str] = set()
        self.kind_of_entity: str | None = None

    # ---- recording ----------------------------------------------------------------
    def add(self, name: str, span: Span, role: str, key: Key | None) -> None:
        self.index.occurrences[self.file].append(Occurrence(name, span, self.file, role, key))

    def is_local(self, name: str) -> bool:
        return any(name in f for f in self.frames)

    def name_key(self, name: str) -> Key | None:
        if name in self.symbols or name in self.index.decls:
            return ("symbol", name)
        if name in PRIMITIVES:
            return ("primitive", name)
        if name in FUNCTIONS:
            return ("function", name)
        return ("symbol", name)  # declared in a variant, or unknown: resolved by name

    def push(self, *names: str) -> None:
        self.frames.append(set(names))
        self.bound.update(names)

    def pop(self) -> None:
        self.frames.pop()

    # ---- top-level items ------------------------------------------------------------
    def item(self, item) -> None:
        self.frames, self.bound = [{"me"}], set()
        self.visit(item)
        self.index.locals[self.file].append((item.span, set(self.bound)))

    def visit(self, node) -> None:
        if isinstance(node, (list, tuple)):
            for child in node:
                self.visit(child)
            return
        if not isinstance(node, ast.Node):
            return
        method = getattr(self, "v_" + type(node).__name__, None)
        if isinstance(node, ast.Decl) and not isinstance(node, ast.PackDecl):
            self.add(node.name, node.name_span, "decl", ("symbol", node.name))
            if node.name not in self.index.decls:
                self.index.decls[node.name] = (node, self.file)
        if method is not None:
            method(node)
        else:
            self.children(node)

    def children(self, node, skip: tuple[str, ...] = ()) -> None:
        for f in dataclasses.fields(node):
            if f.name not in skip:
                self.visit(getattr(node, f.name))

    # ---- declarations ------------------------------------------------------------------
    def v_PackDecl(self, d: ast.PackDecl) -> None:
        self.add(d.name, d.name_span, "pack", ("pack", d.name))
        if d.extends and d.extends_span:
            self.add(d.extends, d.extends_span, "extends", ("pack", d.extends))

    def v_KindDecl(self, d: ast.KindDecl) -> None:
        for f in d.fields:
            self.add(f.name, name_span(f, f.name), "field", ("attr", f.name))
            self.index.fields.setdefault(f.name, []).append((d.name, f))
            self.visit(f.default)

    def v_EntityDecl(self, d: ast.EntityDecl) -> None:
        if d.kind_span is not None:
            self.add(d.kind, d.kind_span, "name", ("symbol", d.kind))
        for p in d.props:
            if p.name not in ("copies", "tags", "start"):
                self.add(p.name, name_span(p, p.name), "attr", self.attr_key(p.name))
            self.visit(p.values)
        self.push("self", "owner")
        self.visit(d.abilities)
        self.pop()

    def v_ProcedureDecl(self, d: ast.ProcedureDecl) -> None:
        self.push(*(p.name for p in d.params))
        self.visit(d.body)
        self.pop()

    def v_QuantityDecl(self, d: ast.QuantityDecl) -> None:
        self.push(*(p.name for p in d.params))
        self.visit(d.value)
        self.pop()

    def v_EventDecl(self, d: ast.EventDecl) -> None:
        pass  # parameter names and types only

    def v_TriggerDecl(self, d: ast.TriggerDecl) -> None:
        self.add(d.event, d.event_span, "event", self.event_key(d.event))
        self.push(*self.events.get(d.event, ()))
        self.visit(d.where)
        self.visit(d.body)
        self.pop()

    def v_ReplaceDecl(self, d: ast.ReplaceDecl) -> None:
        self.add(d.target, d.target_span, "call", self.name_key(d.target))
        self.push(*self.procedures.get(d.target, ()))
        self.visit(d.where)
        self.visit(d.body)
        self.pop()

    def v_ModifierDecl(self, d: ast.ModifierDecl) -> None:
        self.add(d.quantity, d.quantity_span, "call", self.name_key(d.quantity))
        self.children(d, skip=("quantity", "quantity_span"))

    def v_LinkDecl(self, d: ast.LinkDecl) -> None:
        for name, span in d.names:
            self.add(name, span, "name", ("symbol", name))

    def v_Prop(self, p: ast.Prop) -> None:
        self.visit(p.values)

    def v_Param(self, p: ast.Param) -> None:
        pass

    def attr_key(self, name: str) -> Key:
        """`p.coins` is the per-player counter `coins` itself; `c.cost` a kind's field."""
        sym = self.symbols.get(name)
        if sym is not None and sym.category in ("counter", "zone") and (
                isinstance(sym.decl, ast.ResourceDecl) or getattr(sym.decl, "scope", None)):
            return ("symbol", name)
        return ("attr", name)

    def event_key(self, name: str) -> Key:
        if name in self.symbols or name not in EVENTS:
            return ("symbol", name)
        return ("event", name)

    # ---- statements and expressions ------------------------------------------------------
    def v_Name(self, e: ast.Name) -> None:
        if not self.is_local(e.id):
            self.add(e.id, e.span, "name", self.name_key(e.id))

    def v_Call(self, e: ast.Call) -> None:
        self.add(e.fn, e.fn_span, "call", self.name_key(e.fn))
        self.visit(e.args)

    def v_KwArg(self, e: ast.KwArg) -> None:
        self.visit(e.value)

    def v_Attr(self, e: ast.Attr) -> None:
        self.visit(e.obj)
        self.add(e.name, e.name_span, "attr", self.attr_key(e.name))

    def v_Emit(self, s: ast.Emit) -> None:
        self.add(s.event, s.event_span, "event", self.event_key(s.event))
        self.visit(s.args)

    def v_Resolve(self, s: ast.Resolve) -> None:
        self.add(s.table, s.table_span, "name", ("symbol", s.table))
        self.visit(s.value)

    def v_Let(self, s: ast.Let) -> None:
        if isinstance(s.value, ast.Pick):  # `let s = choose ... from xs where f(s)`: the name is the item
            self.frames[-1].add(s.name)
            self.bound.add(s.name)
        self.visit(s.value)
        self.frames[-1].add(s.name)
        self.bound.add(s.name)

    def v_For(self, s: ast.For) -> None:
        self.visit(s.coll)
        self.push(s.var)
        self.visit(s.where)
        self.visit(s.body)
        self.pop()

    def v_Aggregate(self, e: ast.Aggregate) -> None:
        self.visit(e.coll)
        self.push(*([e.var] if e.var else []))
        self.visit(e.where)
        self.visit(e.value)
        self.pop()

    def v_If(self, s: ast.If) -> None:
        self.visit(s.test)
        self.block(s.body)
        self.block(s.orelse)

    def v_While(self, s: ast.While) -> None:
        self.visit(s.test)
        self.block(s.body)

    def v_Repeat(self, s: ast.Repeat) -> None:
        self.visit(s.count)
        self.block(s.body)

    def block(self, body) -> None:
        self.push()
        self.visit(body)
        self.pop()
