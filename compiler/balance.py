"""The pack's `balance { ... }` block: what a balance report compares.

``choices`` name what each seat got (a character card, a starting role, the
group printed on the cards it holds): win rates are shown for each of them. ``cards`` name kinds of
cards whose presence in a seat's hands at game end is set against winning.
Each value is a kind (the entity of each piece counts) or ``kind.field`` (the
value of that field of each piece counts, e.g. the group a card names).

Later blocks (a pack extending another) add subjects; the same subject named
twice is an error. The engine knows no subject: content says which.
"""

from __future__ import annotations

from typing import Any

from waybill.dsl import ast
from waybill.dsl.diagnostics import suggest

ROLES = ("choices", "cards")


def lower_balance(lw: Any, ir: dict) -> None:
    out: dict[str, list] = {role: [] for role in ROLES}
    seen: set[tuple[str, str | None]] = set()
    for decl, file in lw.p.balances:
        lw.in_file(file)
        for prop in decl.props:
            if prop.name not in ROLES:
                lw.error(prop.span, "E304", f"`{prop.name}` is not part of a balance block",
                         suggest(prop.name, list(ROLES)) or "write `choices: KIND, ...` or `cards: KIND, ...`")
                continue
            if not prop.values:
                lw.error(prop.span, "E402", f"`{prop.name}` names kinds: `{prop.name}: KIND, KIND.FIELD`")
            for value in prop.values:
                row = _subject(lw, value)
                if row is None:
                    continue
                key = (row["kind"], row.get("field"))
                if key in seen:
                    lw.error(value.span, "E302", f"`{_show(row)}` is a balance subject twice")
                    continue
                seen.add(key)
                out[prop.name].append(row)
    if any(out.values()):
        ir["balance"] = out


def _show(row: dict) -> str:
    return row["kind"] + (f".{row['field']}" if row.get("field") else "")


def _subject(lw: Any, value: Any) -> dict | None:
    field_name = field_span = None
    node = value
    if isinstance(node, ast.Attr) and isinstance(node.obj, ast.Name):
        field_name, field_span = node.name, node.name_span
        node = node.obj
    if not isinstance(node, ast.Name):
        lw.error(value.span, "E402", "a balance subject is a kind or `kind.field`")
        return None
    sym = lw.sym(node.id)
    kinds = [s.name for s in lw.p.symbols.values() if s.category == "kind"]
    if sym is None:
        lw.error(node.span, "E301", f"unknown kind `{node.id}`", suggest(node.id, kinds))
        return None
    if sym.category != "kind":
        lw.error(node.span, "E309", f"`{node.id}` is a {sym.category}, not a kind", suggest(node.id, kinds))
        return None
    lw.used.add(node.id)
    row: dict = {"kind": node.id, "label": node.id.replace("_", " ")}
    if field_name is not None:
        fields = [f.name for f in sym.decl.fields]
        if field_name not in fields:
            lw.error(field_span, "E305", f"kind `{node.id}` has no field `{field_name}`",
                     suggest(field_name, fields) or (f"its fields: {', '.join(fields)}" if fields else "it has no fields"))
            return None
        row["field"] = field_name
        row["label"] = field_name.replace("_", " ")
    return row


__all__ = ["lower_balance", "ROLES"]
