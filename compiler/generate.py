"""Card templates: one declaration that stands for a run of cards.

`number_card card "Card {value}" for value in [1..104] { heads: ... }`
declares `card_1` .. `card_104`. Each is an ordinary card of its own (its
own name, fields and text), so options, zones and logs name it without any
help from the rules, and the runtime never learns that templates exist.

The values and the fields computed from them are known when the pack is
compiled: numbers, strings, yes/no, lists and ranges, arithmetic,
comparisons, `and`/`or`/`not`, `in`, `if ... then ... else`, indexing and
text with holes. A field whose value names no generator (nor a field
computed before it) is left as written, for the checks every card gets.
"""

from __future__ import annotations

import dataclasses
import itertools
import re

from waybill.dsl import ast
from waybill.dsl.diagnostics import Diagnostic, Report, Span

# a template makes at most this many cards (the runtime's `pieces` cap is 200000;
# a template larger than a real deck is a mistake, and would make the IR huge)
MAX_GENERATED = 10000
MAX_VALUES = 10000          # items in one list or range a template computes
MAX_TEXT = 1000             # characters in one computed string
MAX_INT = 2 ** 53 - 1


class NotKnown(Exception):
    """An expression that cannot be computed when the pack is compiled."""

    def __init__(self, node: ast.Node, why: str):
        super().__init__(why)
        self.node = node
        self.why = why


def expand(decl: ast.EntityDecl, file: str, report: Report, implicit: set[int]) -> list[ast.EntityDecl]:
    """The cards a template declares (an empty list after an error, reported).
    ``implicit`` receives the ids of the props made for generators the body
    does not write (`value: 73`), which the lowering drops when the kind has
    no such field."""
    runs = _runs(decl, file, report)
    if runs is None:
        return []
    cards: list[ast.EntityDecl] = []
    seen: dict[str, dict] = {}
    for env in runs:
        card = _card(decl, env, file, report, implicit)
        if card is None:
            return []
        if card.name in seen:
            report.add(Diagnostic(file, decl.generators[0].span, "error", "E302",
                                  f"the template `{decl.name}` makes `{card.name}` twice "
                                  f"(for {_shown(seen[card.name])} and for {_shown(env)})",
                                  "give each generator values that differ"))
            return []
        seen[card.name] = env
        cards.append(card)
    return cards


def _runs(decl: ast.EntityDecl, file: str, report: Report) -> list[dict] | None:
    """Every combination of the generators' values, in order (the last generator varies fastest)."""
    runs: list[dict] = [{}]
    names: set[str] = set()
    for g in decl.generators:
        if g.name in names:
            report.add(Diagnostic(file, g.name_span, "error", "E302", f"`{g.name}` is a generator twice",
                                  "give each generator its own name"))
            return None
        names.add(g.name)
        out: list[dict] = []
        for env in runs:
            try:
                values = evaluate(g.values, env)
            except NotKnown as e:
                report.add(_not_known(file, e))
                return None
            if not isinstance(values, list):
                report.add(Diagnostic(file, g.values.span, "error", "E402",
                                      f"`{g.name}` takes its values from a list, not {_describe(values)}",
                                      "write a range `[1..104]` or a list `[\"red\", \"blue\"]`"))
                return None
            for v in values:
                if isinstance(v, list) or v is None:
                    report.add(Diagnostic(file, g.values.span, "error", "E402",
                                          f"a value of `{g.name}` is {_describe(v)}; "
                                          "each card's value is a number, a string or yes/no"))
                    return None
                out.append({**env, g.name: v})
                if len(out) > MAX_GENERATED:
                    report.add(Diagnostic(file, g.span, "error", "E407",
                                          f"the template `{decl.name}` makes more than {MAX_GENERATED} cards",
                                          "a template is for a deck: split it, or use `copies` for "
                                          "cards that are alike"))
                    return None
        runs = out
    return runs


def _card(decl: ast.EntityDecl, env: dict, file: str, report: Report,
          implicit: set[int]) -> ast.EntityDecl | None:
    gens = {g.name: env[g.name] for g in decl.generators}
    known = dict(env)        # the generators, then each field computed so far
    props = []
    for prop in decl.props:
        uses = _names(prop.values) & set(known)
        if not uses:
            # nothing of the template in it: checked like any card's; a plain value may be read by later holes
            props.append(prop)
            if len(prop.values) == 1 and isinstance(prop.values[0], ast.Literal):
                known.setdefault(prop.name, prop.values[0].value)
            continue
        try:
            values = [evaluate(v, known) for v in prop.values]
        except NotKnown as e:
            report.add(_not_known(file, e))
            return None
        if len(values) == 1:
            known[prop.name] = values[0]
            if isinstance(values[0], list):    # `shops: [a, b]`: a list field's values
                values = values[0]
        props.append(ast.Prop(prop.span, prop.name, [_literal(prop.span, v) for v in values]))
    written = {p.name for p in decl.props}
    for g in decl.generators:
        if g.name not in written:
            made = ast.Prop(g.span, g.name, [ast.Literal(g.span, env[g.name])])
            implicit.add(id(made))
            props.append(made)
    try:
        title = (_fill(decl.title_holes, known) if decl.title_holes is not None
                 else " ".join([decl.name.replace("_", " ")] + [_text(v) for v in gens.values()]))
        text = _fill(decl.text_holes, known) if decl.text_holes is not None else decl.text
    except NotKnown as e:
        report.add(_not_known(file, e))
        return None
    name = "_".join([decl.name] + [_slug(v) for v in gens.values()])
    return dataclasses.replace(decl, name=name, title=title, text=text, props=props,
                               generators=[], title_holes=None, text_holes=None)


# ---- values known when the pack is compiled -----------------------------------------------

_ARITH = {"+", "-", "*", "/", "%"}
_COMPARE = {"==", "!=", "<", "<=", ">", ">="}


def evaluate(e: ast.Node, env: dict):
    """The value of ``e`` with ``env``'s names, or `NotKnown`."""
    if isinstance(e, ast.Literal):
        return e.value
    if isinstance(e, ast.Name):
        if e.id in env:
            return env[e.id]
        raise NotKnown(e, f"`{e.id}` is not a generator of this template nor a field computed before this one")
    if isinstance(e, ast.Text):
        return _fill(e, env)
    if isinstance(e, ast.ListLit):
        return _bounded(e, [evaluate(i, env) for i in e.items])
    if isinstance(e, ast.RangeLit):
        lo, hi = _int(e.lo, evaluate(e.lo, env)), _int(e.hi, evaluate(e.hi, env))
        if hi - lo + 1 > MAX_VALUES:
            raise NotKnown(e, f"the range has {hi - lo + 1} values; a template takes at most {MAX_VALUES}")
        return list(range(lo, hi + 1))
    if isinstance(e, ast.Cond):
        return evaluate(e.then, env) if _truth(e.test, evaluate(e.test, env)) else evaluate(e.orelse, env)
    if isinstance(e, ast.Unary):
        v = evaluate(e.operand, env)
        if e.op == "not":
            return not _truth(e.operand, v)
        return _checked(e, -_int(e.operand, v))
    if isinstance(e, ast.Index):
        xs, i = evaluate(e.obj, env), evaluate(e.index, env)
        if not isinstance(xs, list):
            raise NotKnown(e.obj, f"only a list can be indexed, not {_describe(xs)}")
        i = _int(e.index, i)
        if not 0 <= i < len(xs):
            raise NotKnown(e.index, f"index {i} is outside the list (0..{len(xs) - 1})")
        return xs[i]
    if isinstance(e, ast.Binary):
        return _binary(e, env)
    raise NotKnown(e, "a card template computes its values from numbers, strings, lists and its generators "
                      "(`+ - * / %`, comparisons, `and or not in`, `if ... then ... else`, `xs[i]`); "
                      "this is not known until the game is played")


def _binary(e: ast.Binary, env: dict):
    if e.op == "and":
        return _truth(e.left, evaluate(e.left, env)) and _truth(e.right, evaluate(e.right, env))
    if e.op == "or":
        return _truth(e.left, evaluate(e.left, env)) or _truth(e.right, evaluate(e.right, env))
    a, b = evaluate(e.left, env), evaluate(e.right, env)
    if e.op in ("==", "!="):
        same = type(a) is type(b) and a == b
        return same if e.op == "==" else not same
    if e.op in ("in", "not in"):
        if not isinstance(b, list):
            raise NotKnown(e.right, f"`{e.op}` looks in a list, not in {_describe(b)}")
        found = any(type(a) is type(x) and a == x for x in b)
        return found if e.op == "in" else not found
    if e.op == "+" and isinstance(a, str) and isinstance(b, str):
        return _bounded(e, a + b)
    if e.op == "+" and isinstance(a, list) and isinstance(b, list):
        return _bounded(e, a + b)
    if e.op in _COMPARE:
        if isinstance(a, str) and isinstance(b, str):
            pass
        else:
            a, b = _int(e.left, a), _int(e.right, b)
        return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[e.op]
    if e.op in _ARITH:
        x, y = _int(e.left, a), _int(e.right, b)
        if e.op in ("/", "%") and y == 0:
            raise NotKnown(e.right, "division by zero")
        return _checked(e, {"+": x + y, "-": x - y, "*": x * y, "/": x // y if y else 0,
                            "%": x % y if y else 0}[e.op])
    raise NotKnown(e, f"`{e.op}` is not known when the pack is compiled")


def _fill(t: ast.Node, env: dict) -> str:
    if isinstance(t, ast.Literal):
        return str(t.value)
    parts = [p if isinstance(p, str) else _text(evaluate(p, env)) for p in t.parts]
    return _bounded(t, "".join(parts))


def _int(node: ast.Node, v) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise NotKnown(node, f"expected a number, found {_describe(v)}")
    return v


def _truth(node: ast.Node, v) -> bool:
    if not isinstance(v, bool):
        raise NotKnown(node, f"expected yes or no (a comparison), found {_describe(v)}")
    return v


def _checked(node: ast.Node, n: int) -> int:
    if abs(n) > MAX_INT:
        raise NotKnown(node, f"the number {n} is beyond ±{MAX_INT}")
    return n


def _bounded(node: ast.Node, v):
    if len(v) > (MAX_TEXT if isinstance(v, str) else MAX_VALUES):
        raise NotKnown(node, "the value is too long for a card")
    return v


def _text(v) -> str:
    """A value as the runtime writes it into text (`access.text_of`)."""
    if v is True or v is False:
        return "yes" if v else "no"
    if v is None:
        return "none"
    if isinstance(v, list):
        return ", ".join(_text(x) for x in v)
    return str(v)


def _slug(v) -> str:
    """A value as a part of a card's name: `card_73`, `card_red_7`, `card_minus_2`."""
    if v is True or v is False:
        return "yes" if v else "no"
    if isinstance(v, int):
        return str(v) if v >= 0 else f"minus_{-v}"
    slug = re.sub(r"[^A-Za-z0-9]+", "_", str(v)).strip("_").lower()
    return slug or "blank"


def _literal(span: Span, v) -> ast.Node:
    if isinstance(v, list):
        return ast.ListLit(span, [_literal(span, x) for x in v])
    return ast.Literal(span, v)


def _names(nodes) -> set[str]:
    """Every bare name read in these expressions."""
    return {n.id for n in ast.walk(list(nodes)) if isinstance(n, ast.Name)}


def _describe(v) -> str:
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "yes/no"
    if isinstance(v, list):
        return "a list"
    return f"the {'number' if isinstance(v, int) else 'string'} {v!r}" if not isinstance(v, str) else f'"{v}"'


def _shown(env: dict) -> str:
    return ", ".join(f"{k} = {_text(v)}" for k, v in env.items())


def _not_known(file: str, e: NotKnown) -> Diagnostic:
    return Diagnostic(file, e.node.span, "error", "E420", e.why,
                      "a card template's values are computed when the pack is compiled; "
                      "compute what depends on play in the card's abilities (`self.value`)")
