"""A string literal compared with a name (`x.name == "Bandit"`,
`"Pawn" != text_of(p)`) is resolved here, once, to the declared things
whose source words it is (spec.said_as): the `==`/`!=` node keeps their
keys as ``said`` and the runtime compares what a name names, never the
English it renders to (DESIGN 10).

W702: the literal is compared with the name of a declared thing (`card.name`,
`text_of(zone)`) and nothing in the pack is named so: the comparison can
never hold (a typo, a renamed card). A seat's name is given when the game
starts, so only names of declared things are checked.
"""

from __future__ import annotations

import difflib
from typing import Any, Iterator

from waybill.dsl.diagnostics import Diagnostic, Span, suggest
from waybill.spec.said_as import said_table


def resolve_said(ir: dict, scenarios: list | None, report: Any, files: list[str]) -> None:
    """Give every `==`/`!=` of a string literal and an expression in `ir`
    and `scenarios` the keys the literal says (``said``); warn (W702) where
    the expression is a declared thing's name and the literal none's."""
    nodes = [n for n in _compares(ir)] + [n for n in _compares(scenarios or [])]
    if not nodes:
        return
    from waybill.spec.messages import Index
    plain = {mid: msg.text for mid, msg in Index(ir).by_id.items() if type(msg.text) is str}
    table = said_table(ir, plain)
    names = sorted(w for w, keys in table.items() if any(not k.startswith("message:") for k in keys))
    for node in nodes:
        lit_left = type(node["l"]) is str
        lit, other = (node["l"], node["r"]) if lit_left else (node["r"], node["l"])
        node["said"] = list(table.get(lit, ()))
        if not node["said"] and _declared_name(other):
            _warn(report, files, node, lit, names)


def _compares(v: Any) -> Iterator[dict]:
    if type(v) is dict:
        if v.get("op") == "bin" and v.get("o") in ("==", "!=") \
                and (type(v.get("l")) is str) != (type(v.get("r")) is str) \
                and (type(v.get("l")) is dict or type(v.get("r")) is dict):
            yield v
        for x in v.values():
            yield from _compares(x)
    elif type(v) is list:
        for x in v:
            yield from _compares(x)


def _declared_name(e: Any) -> bool:
    """Whether ``e`` is surely the name of a declared thing (not a seat's)."""
    if type(e) is not dict:
        return False
    if e.get("op") == "attr" and e.get("name") == "name":
        return _declared(e.get("of"))
    if e.get("op") == "call" and e.get("fn") == "text_of" and len(e.get("args") or []) == 1:
        return _declared(e["args"][0])
    return False


def _declared(e: Any) -> bool:
    return type(e) is dict and e.get("op") == "ref" and e.get("ns") in ("entity", "zone", "space")


def _warn(report: Any, files: list[str], node: dict, lit: str, names: list[str]) -> None:
    at = node.get("at")
    if type(at) is list and len(at) == 3 and 0 <= at[0] < len(files):
        where, span = files[at[0]], Span.point(at[1], at[2])
    else:
        where, span = files[0] if files else "?", Span.point(1, 1)
    hint = suggest(lit, names) or _closest(lit, names)
    verb = "holds" if node["o"] == "!=" else "fails"
    report.add(Diagnostic(where, span, "warning", "W702",
                          f"nothing in the pack is named {_quoted(lit)}: this `{node['o']}` always {verb}", hint))


def _closest(lit: str, names: list[str]) -> str:
    """The nearest name however far (the words a name is compared with are
    those of a card, zone or space)."""
    near = difflib.get_close_matches(lit.lower(), [n.lower() for n in names], n=1, cutoff=0.0)
    if not near:
        return "a name is compared with the words a card, zone or space of the pack is named"
    return f"the closest name is `{next(n for n in names if n.lower() == near[0])}`"


def _quoted(s: str) -> str:
    return '"' + s.replace('"', '\\"') + '"'
