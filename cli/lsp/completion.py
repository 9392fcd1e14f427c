"""Completion: what may be written at the cursor.

The context comes from the text before the cursor, not from the syntax
tree, because the line being typed rarely parses: after `on ` the events,
after `x.` the attributes (kinds' fields, per-player counters and zones,
the built-ins), at the start of a line inside a card the fields of its
kind, elsewhere the names in scope (locals, declarations, primitives with
their argument names, built-in functions).
"""

from __future__ import annotations

import re

from lsprotocol import types

from waybill.compiler.lower import BUILTIN_ATTRS
from waybill.dsl import ast
from waybill.spec.signatures import EVENTS, FUNCTIONS, PRIMITIVES, Signature

from .hover import CATEGORY_WORD
from .index import Index

Kind = types.CompletionItemKind
ENTITY_PROPS = ("copies", "tags", "start")
HEADER = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)[ \t]+([A-Za-z_][A-Za-z0-9_]*)")


def complete(index: Index, text: str, line: int, column: int, file: str) -> list[types.CompletionItem]:
    """Items at (line, column), 0-based, in `text`."""
    lines = text.split("\n")
    prefix = lines[line][:column] if 0 <= line < len(lines) else ""
    if re.search(r"(^|\s)(on|emit)\s+\w*$", prefix):
        return events(index)
    if re.search(r"(^|\s)instead\s+of\s+\w*$", prefix):
        return declared(index, (ast.ProcedureDecl,))
    if re.search(r"(^|\s)modify\s+\w*$", prefix):
        return declared(index, (ast.QuantityDecl,))
    if re.search(r"[\w)\]]\.\w*$", prefix):
        return attributes(index)
    out: list[types.CompletionItem] = []
    kind = enclosing_kind(index, lines, line)
    if kind is not None and re.fullmatch(r"[ \t]+\w*", prefix):
        out.extend(fields(index, kind))
    out.extend(names(index, file, line + 1))
    return out


def enclosing_kind(index: Index, lines: list[str], line: int) -> str | None:
    """The kind of the card whose body holds `line` (`kind_name card_name ... {`)."""
    for i in range(min(line, len(lines) - 1), -1, -1):
        text = lines[i]
        if text[:1] in ("", " ", "\t", "#", "}", ")", "]", "\r"):
            continue
        if i == line:
            return None
        m = HEADER.match(text)
        if m and isinstance(index.decls.get(m.group(1), (None,))[0], ast.KindDecl):
            return m.group(1)
        return None
    return None


def events(index: Index) -> list[types.CompletionItem]:
    out = [types.CompletionItem(name, kind=Kind.Event, detail=f"event {name}({', '.join(params)})")
           for name, params in EVENTS.items()]
    for name, (decl, _) in index.decls.items():
        if isinstance(decl, ast.EventDecl):
            params = ", ".join(p.name for p in decl.params)
            out.append(types.CompletionItem(name, kind=Kind.Event, detail=f"event {name}({params})"))
    return out


def declared(index: Index, classes: tuple) -> list[types.CompletionItem]:
    return [_decl_item(name, decl) for name, (decl, _) in index.decls.items() if isinstance(decl, classes)]


def attributes(index: Index) -> list[types.CompletionItem]:
    out = {}
    for name, owners in index.fields.items():
        kinds = ", ".join(k for k, _ in owners)
        out[name] = types.CompletionItem(name, kind=Kind.Field, detail=f"field of {kinds}")
    for name, (decl, _) in index.decls.items():
        if isinstance(decl, ast.ResourceDecl) or (isinstance(decl, (ast.CounterDecl, ast.ZoneDecl)) and decl.scope):
            out.setdefault(name, types.CompletionItem(name, kind=Kind.Property,
                                                      detail=f"per-player {CATEGORY_WORD[type(decl)]}"))
    for name in sorted(BUILTIN_ATTRS):
        out.setdefault(name, types.CompletionItem(name, kind=Kind.Property, detail="built-in attribute"))
    return list(out.values())


def fields(index: Index, kind: str) -> list[types.CompletionItem]:
    decl = index.decls[kind][0]
    out = [types.CompletionItem(f.name, kind=Kind.Field, detail=f"{'list of ' if f.is_list else ''}{f.type}",
                                insert_text=f"{f.name}: ", sort_text="0" + f.name)
           for f in decl.fields]
    out += [types.CompletionItem(p, kind=Kind.Property, detail="piece property", insert_text=f"{p}: ",
                                 sort_text="1" + p) for p in ENTITY_PROPS]
    return out


def names(index: Index, file: str, line: int) -> list[types.CompletionItem]:
    out = [types.CompletionItem(n, kind=Kind.Variable, detail="local", sort_text="0" + n)
           for n in sorted(index.locals_at(file, line))]
    out += [_decl_item(name, decl) for name, (decl, _) in index.decls.items()
            if not isinstance(decl, (ast.ScenarioDecl, ast.VariantDecl))]
    out += [_sig_item(sig, Kind.Function, "primitive") for sig in PRIMITIVES.values()]
    out += [_sig_item(sig, Kind.Function, "function") for sig in FUNCTIONS.values()]
    return out


def _decl_item(name: str, decl: ast.Decl) -> types.CompletionItem:
    what = decl.kind if isinstance(decl, ast.EntityDecl) else CATEGORY_WORD.get(type(decl), "declaration")
    kind = {"procedure": Kind.Function, "quantity": Kind.Function, "kind": Kind.Class, "event": Kind.Event,
            "zone": Kind.Variable, "counter": Kind.Variable, "resource": Kind.Variable}.get(what, Kind.Constant)
    detail = what + (f" “{decl.title}”" if decl.title else "")
    if isinstance(decl, (ast.ProcedureDecl, ast.QuantityDecl)):
        params = ", ".join(p.name for p in decl.params)
        return types.CompletionItem(name, kind=kind, detail=f"{what} {name}({params})", sort_text="1" + name,
                                    insert_text=_snippet(name, [p.name for p in decl.params]),
                                    insert_text_format=types.InsertTextFormat.Snippet)
    return types.CompletionItem(name, kind=kind, detail=detail, sort_text="1" + name)


def _sig_item(sig: Signature, kind: Kind, what: str) -> types.CompletionItem:
    args = [p.name for p in sig.params if p.required]
    shown = ", ".join(p.name if p.required else f"{p.name}:" for p in sig.params)
    return types.CompletionItem(sig.name, kind=kind, detail=f"{what} {sig.name}({shown})",
                                documentation=sig.doc, sort_text="2" + sig.name,
                                insert_text=_snippet(sig.name, args),
                                insert_text_format=types.InsertTextFormat.Snippet)


def _snippet(name: str, args: list[str]) -> str:
    return f"{name}(" + ", ".join(f"${{{i}:{a}}}" for i, a in enumerate(args, 1)) + ")"
