"""Go to definition, find references and rename, over the pack and its base."""

from __future__ import annotations

import os
import re

from waybill.compiler.loader import PACK_FILE, find_pack
from waybill.dsl.diagnostics import Span

from .index import Index, Occurrence

NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
RENAMEABLE = ("symbol", "attr")


def definitions(index: Index, occ: Occurrence, folder: str | None) -> list[tuple[str, Span]]:
    if occ.key is None:
        return []
    found = [(d.file, d.span) for d in index.definitions.get(occ.key, [])]
    if not found and occ.key[0] == "pack":
        base = find_pack(os.path.join(os.path.dirname(folder), occ.name)) if folder else None
        base = base or find_pack(occ.name)
        if base:
            found = [(os.path.join(base, PACK_FILE), Span.point(1, 1))]
    return found


def references(index: Index, occ: Occurrence, include_declaration: bool = True) -> list[Occurrence]:
    if occ.key is None:
        return []
    refs = index.references.get(occ.key, [])
    if include_declaration:
        return list(refs)
    return [r for r in refs if r.role not in ("decl", "field", "pack")]


def rename_problem(index: Index, occ: Occurrence, new_name: str) -> str | None:
    """Why this rename cannot be done, or None."""
    if occ.key is None or occ.key[0] not in RENAMEABLE:
        return f"`{occ.name}` is built in and cannot be renamed"
    if not index.definitions.get(occ.key):
        return f"`{occ.name}` is not declared in this pack"
    if not NAME.match(new_name):
        return f"`{new_name}` is not a name (letters, digits and `_`, not starting with a digit)"
    if occ.key[0] == "symbol" and new_name in index.decls and new_name != occ.name:
        return f"`{new_name}` is already declared; all declared names share one namespace"
    return None


def rename_edits(index: Index, occ: Occurrence, new_name: str) -> dict[str, list[Span]]:
    """File -> the spans to replace with the new name."""
    out: dict[str, list[Span]] = {}
    for ref in references(index, occ):
        out.setdefault(ref.file, []).append(ref.span)
    return out
