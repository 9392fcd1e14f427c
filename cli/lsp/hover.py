"""Hover: what a name is, in Markdown.

A declaration shows its category (or its kind, for a card), its parameters
or fields, a card's `text` and where it is declared; a primitive or a
built-in function shows its signature and doc from `spec/signatures.py`,
the one table of what the language can do.
"""

from __future__ import annotations

import os

from waybill.dsl import ast
from waybill.spec.signatures import EVENTS, FUNCTIONS, PRIMITIVES, Signature

from .index import Index, Occurrence

CATEGORY_WORD = {
    ast.ResourceDecl: "resource", ast.CounterDecl: "counter", ast.KindDecl: "kind", ast.ZoneDecl: "zone",
    ast.SpaceDecl: "space", ast.RegionDecl: "region", ast.BoardDecl: "board", ast.DieDecl: "die",
    ast.TrackDecl: "track", ast.TableDecl: "table", ast.EventDecl: "event", ast.QuantityDecl: "quantity",
    ast.ProcedureDecl: "procedure", ast.InvariantDecl: "invariant", ast.ActionDecl: "action",
    ast.VariantDecl: "variant", ast.ScenarioDecl: "scenario",
}


def hover_text(index: Index, occ: Occurrence) -> str | None:
    kind, name = occ.key or ("", occ.name)
    if kind == "primitive":
        return signature_text(PRIMITIVES[name], "primitive")
    if kind == "function":
        return signature_text(FUNCTIONS[name], "function")
    if kind == "event":
        return f"```waybill\nevent {name}({', '.join(EVENTS[name])})\n```\nbuilt-in event"
    if kind == "attr":
        return attr_text(index, name)
    if kind == "pack":
        return f"pack `{name}`"
    found = index.decls.get(name)
    if found is None:
        return None
    return decl_text(found[0], found[1], index)


def signature_text(sig: Signature, what: str) -> str:
    params = ", ".join(p.name + (f": {p.type}" if p.type else "") +
                       ("" if p.required else f" = {_default(p.default)}") for p in sig.params)
    returns = f" -> {sig.returns}" if sig.returns else ""
    out = f"```waybill\n{sig.name}({params}){returns}\n```\n{what}: {sig.doc}"
    if sig.emits:
        out += "\n\nemits: " + ", ".join(f"`{e}`" for e in sig.emits)
    return out


def _default(value) -> str:
    if value is None:
        return "none"
    return f'"{value}"' if isinstance(value, str) else str(value)


def decl_text(decl: ast.Decl, file: str, index: Index) -> str:
    head = _head(decl)
    body = _body(decl, index)
    where = f"{os.path.basename(os.path.dirname(file))}/{os.path.basename(file)}:{decl.name_span.line}"
    parts = [f"```waybill\n{head}\n```"]
    if decl.title:
        parts.append(f"**{decl.title}**")
    if body:
        parts.append(body)
    text = getattr(decl, "text", None)
    if text:
        parts.append(f"> {text}")
    parts.append(f"declared at `{where}`")
    return "\n\n".join(parts)


def _head(decl: ast.Decl) -> str:
    if isinstance(decl, ast.EntityDecl):
        return f"{decl.kind} {decl.name}"
    word = CATEGORY_WORD.get(type(decl), "declaration")
    params = getattr(decl, "params", None)
    if isinstance(decl, (ast.ProcedureDecl, ast.QuantityDecl, ast.EventDecl)):
        shown = ", ".join(p.name + (f": {p.type}" if p.type else "") for p in params or [])
        return f"{word} {decl.name}({shown})"
    if isinstance(decl, (ast.CounterDecl, ast.ZoneDecl)) and decl.scope:
        return f"{word} {decl.name} per {decl.scope}"
    if isinstance(decl, ast.KindDecl):
        fields = ", ".join(_field(f) for f in decl.fields)
        return f"kind {decl.name} {{ {fields} }}" if fields else f"kind {decl.name} {{ }}"
    return f"{word} {decl.name}"


def _field(f: ast.FieldDecl) -> str:
    return f"{f.name}: {'list of ' if f.is_list else ''}{f.type}"


def _body(decl: ast.Decl, index: Index) -> str | None:
    if isinstance(decl, ast.EntityDecl):
        rows = [f"- `{p.name}`: {_values(p.values)}" for p in decl.props]
        return "\n".join(rows) if rows else None
    if isinstance(decl, ast.DieDecl):
        return "faces " + ", ".join(_values([f]) for f in decl.faces)
    if isinstance(decl, ast.TrackDecl):
        return "values " + ", ".join(_values([v]) for v in decl.values)
    if isinstance(decl, ast.KindDecl):
        count = sum(1 for d, _ in index.decls.values() if isinstance(d, ast.EntityDecl) and d.kind == decl.name)
        return f"{count} declaration(s) of this kind"
    return None


def _values(values: list) -> str:
    out = []
    for v in values:
        if isinstance(v, ast.Literal):
            out.append(repr(v.value) if isinstance(v.value, str) else str(v.value).lower() if isinstance(v.value, bool)
                       else str(v.value))
        elif isinstance(v, ast.Name):
            out.append(v.id)
        elif isinstance(v, ast.Node):
            out.append("…")
        else:
            out.append(str(v))
    return ", ".join(out) if out else "(set)"


def attr_text(index: Index, name: str) -> str | None:
    rows = [f"- field of kind `{kind}`: `{_field(f)}`" for kind, f in index.fields.get(name, [])]
    found = index.decls.get(name)
    if found is not None and isinstance(found[0], (ast.ResourceDecl, ast.CounterDecl, ast.ZoneDecl)):
        rows.append(f"- per-player {CATEGORY_WORD[type(found[0])]} `{name}`")
    if not rows:
        return f"attribute `{name}`"
    return f"attribute `{name}`\n\n" + "\n".join(rows)
