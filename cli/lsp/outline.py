"""Document symbols: the outline of one file's declarations."""

from __future__ import annotations

from lsprotocol import types

from waybill.dsl import ast

from .index import name_span
from .positions import Lines, to_range

SymbolKind = types.SymbolKind
KINDS = {
    ast.ResourceDecl: SymbolKind.Variable, ast.CounterDecl: SymbolKind.Variable, ast.KindDecl: SymbolKind.Class,
    ast.ZoneDecl: SymbolKind.Array, ast.SpaceDecl: SymbolKind.Constant, ast.RegionDecl: SymbolKind.Namespace,
    ast.BoardDecl: SymbolKind.Namespace, ast.DieDecl: SymbolKind.Enum, ast.TrackDecl: SymbolKind.Array,
    ast.TableDecl: SymbolKind.Enum, ast.EventDecl: SymbolKind.Event, ast.QuantityDecl: SymbolKind.Function,
    ast.ProcedureDecl: SymbolKind.Function, ast.InvariantDecl: SymbolKind.Boolean, ast.EntityDecl: SymbolKind.Object,
    ast.ActionDecl: SymbolKind.Method, ast.VariantDecl: SymbolKind.Package, ast.ScenarioDecl: SymbolKind.Module,
    ast.PackDecl: SymbolKind.Package,
}


def document_symbols(items: list, lines: Lines) -> list[types.DocumentSymbol]:
    return [s for s in (_symbol(item, lines) for item in items) if s is not None]


def _symbol(item, lines: Lines) -> types.DocumentSymbol | None:
    if isinstance(item, ast.Replaces):  # `replaces procedure p ...`: outlined as the declaration
        item = item.decl
    if isinstance(item, ast.Decl):
        detail = item.kind if isinstance(item, ast.EntityDecl) else type(item).__name__.removesuffix("Decl").lower()
        children = [s for s in (_symbol(c, lines) for c in _children(item)) if s is not None]
        if isinstance(item, ast.KindDecl):
            children = [types.DocumentSymbol(f.name, SymbolKind.Field, to_range(f.span, lines),
                                             to_range(name_span(f, f.name), lines), detail=f.type)
                        for f in item.fields]
        return types.DocumentSymbol(item.name, KINDS.get(type(item), SymbolKind.Object), _whole(item, lines),
                                    to_range(item.name_span, lines), detail=item.title or detail,
                                    children=children or None)
    label = _rule_label(item)
    if label is None:
        return None
    kind = SymbolKind.Module if isinstance(item, ast.GameDecl) else SymbolKind.Event
    return types.DocumentSymbol(label, kind, to_range(item.span, lines), to_range(item.span, lines))


def _whole(item: ast.Decl, lines: Lines) -> types.Range:
    # the selection (the name) must lie inside the range
    rng = to_range(item.span, lines)
    sel = to_range(item.name_span, lines)
    if (sel.start.line, sel.start.character) < (rng.start.line, rng.start.character):
        rng.start = sel.start
    if (sel.end.line, sel.end.character) > (rng.end.line, rng.end.character):
        rng.end = sel.end
    return rng


def _children(item: ast.Decl) -> list:
    if isinstance(item, ast.BoardDecl):
        return item.spaces + item.regions
    if isinstance(item, ast.EntityDecl):
        return item.abilities
    if isinstance(item, ast.VariantDecl):
        return item.items
    return []


def _rule_label(item) -> str | None:
    if isinstance(item, ast.TriggerDecl):
        return f"on {item.event}"
    if isinstance(item, ast.ModifierDecl):
        return f"modify {item.quantity}"
    if isinstance(item, ast.ReplaceDecl):
        return f"instead of {item.target}"
    if isinstance(item, ast.GameDecl):
        return "game"
    return None
