"""A board's geometry and what is drawn on it, lowered to ``ir["boards"]``.

A `board` block declares spaces, links and regions (the graph the rules
read); a frontend also needs to know where to draw them and what to put on
them. So a space may say where it lies (`at: x, y`, whole numbers in any unit
the pack likes: a frontend scales the bounding box), and a board may `show`
things on it:

* a counter whose value is a space (`show at "Pawn" { shape: token }`):
  per player, one token per seat in that seat's colour; global, one token;
* a quantity of no parameter or of one `p: player` whose value is a space
  or a list of spaces (`show walkers_at "Walker" { shape: token }`): where the
  rules keep a place as something else (a card's `at` field, say), the pack
  says in its own words which spaces that is; per player, tokens in each
  seat's colour. Like a display's `show`, it reads the whole state: declare
  only what the table knows;
* a kind or an entity (`show flower { field: petals }`): each of its
  pieces lying in a space, as the seat may see it, drawn with its name (or
  `mark`) and optionally the value of one of its fields.

An extending pack or a variant adds to a board with `extend board B { ... }`
(more spaces, links, regions and shows). Positions are checked per board: two
spaces at one position would be drawn on top of each other (E302), a space
without a position on a board where others have one cannot be drawn (E404).
"""

from __future__ import annotations

from typing import Any

from waybill.dsl import ast
from waybill.dsl.diagnostics import suggest

from .scope import Scope

SHAPES = ("token", "marker", "label")
SHOWN = ("counter", "quantity", "kind", "entity")
DRAW_PROPS = {"shape", "mark", "field", "colour"}
COLOURS = ("seat",)


def lower_boards(lw: Any, ir: dict) -> None:
    """``ir["boards"]`` and each drawn space's ``xy`` (its `at: x, y`); errors for what cannot be drawn."""
    spaces = {s["id"]: s for s in ir["spaces"]}
    boards: dict[str, dict] = {}
    placed: dict[str, dict[tuple, str]] = {}
    declared = {b.name for b in lw.p.of("board")}
    for decl, file in lw.p.boards():
        lw.in_file(file)
        if decl.extends and decl.name not in declared:
            lw.error(decl.name_span, "E301", f"`extend board {decl.name}`: no board `{decl.name}` is declared",
                     suggest(decl.name, declared) or "declare it with `board NAME { ... }`")
        board = boards.setdefault(decl.name, {"id": decl.name, "name": decl.title or decl.name,
                                              "spaces": [], "shows": []})
        if decl.title and not decl.extends:
            board["name"] = decl.title
        taken = placed.setdefault(decl.name, {})
        for sp in decl.spaces:
            if sp.name in board["spaces"] or sp.name not in spaces:
                continue
            board["spaces"].append(sp.name)
            at = _position(lw, sp)
            if at is None:
                continue
            if tuple(at) in taken:
                lw.error(_prop(sp, "at").span, "E302", f"space `{sp.name}` is at {at[0]}, {at[1]}, "
                         f"where `{taken[tuple(at)]}` already is", "give each space of a board its own position")
                continue
            taken[tuple(at)] = sp.name
            spaces[sp.name]["xy"] = at
        for link in decl.links:
            names = [n for n, _ in link.names]
            for (a, span), b in zip(link.names[1:], names):
                if a == b:
                    lw.error(span, "E404", f"a link from `{a}` to itself", "a link joins two different spaces")
        shown = {s["id"] for s in board["shows"]}
        for d in decl.draws:
            row = _show(lw, d)
            if row is None:
                continue
            if row["id"] in shown:
                lw.error(d.name_span, "E302", f"`{d.name}` is shown twice on board `{decl.name}`",
                         "one `show` says how its pieces are drawn")
                continue
            shown.add(row["id"])
            board["shows"].append(row)
    _answers(lw, spaces)
    for decl, file in lw.p.boards():
        lw.in_file(file)
        board = boards[decl.name]
        if not any("xy" in spaces[s] for s in board["spaces"]):
            continue
        for sp in decl.spaces:
            if sp.name in spaces and "xy" not in spaces[sp.name] and _prop(sp, "at") is None:
                lw.error(sp.name_span, "E404", f"space `{sp.name}` has no position, and other spaces of board "
                         f"`{decl.name}` have one", "give it one: `at: x, y`")
    ir["boards"] = list(boards.values())


def _answers(lw: Any, spaces: dict[str, dict]) -> None:
    """Each space's `answers: NAME, ...`: the menu lines (`"..." as NAME`, in
    any `choose`) a click on the space answers, when the space is drawn
    (sight/board.py's targets). A name no menu line has is E301, with the
    nearest names."""
    decls = [s for s in lw.p.of("space") if _prop(s.decl, "answers") is not None]
    if not decls:
        return
    roots = [s.decl for s in lw.p.symbols.values()] + [n for n, _ in lw.p.rules] + \
        ([lw.p.game] if lw.p.game else []) + [h for h, _ in lw.p.hooks] + [e for e, _ in lw.p.setup_extensions]
    lines = {n.name for n in ast.walk(roots) if isinstance(n, ast.Option) and n.name}
    for sym in decls:
        lw.in_file(sym.file)
        names = []
        for v in _prop(sym.decl, "answers").values:
            name = v.id if isinstance(v, ast.Name) else None
            if name in lines:
                if name not in names:
                    names.append(name)
            else:
                lw.error(v.span, "E301", f"space `{sym.name}` answers `{name or '?'}`, but no menu line is named so",
                         suggest(name or "", lines) or 'name the menu line: `"..." as NAME`')
        if names:
            spaces[sym.name]["answers"] = names


def _prop(decl: Any, name: str) -> ast.Prop | None:
    return next((p for p in decl.props if p.name == name), None)


def _position(lw: Any, sp: ast.SpaceDecl) -> list[int] | None:
    prop = _prop(sp, "at")
    if prop is None:
        return None
    values = [lw.literal(v) for v in prop.values]
    if len(values) != 2 or not all(type(v) is int and -10000 <= v <= 10000 for v in values):
        lw.error(prop.span, "E404", f"`at` of space `{sp.name}` is two whole numbers from -10000 to 10000",
                 "write `at: x, y`, for example `at: 3, 1`")
        return None
    return values


def _show(lw: Any, d: ast.DrawDecl) -> dict | None:
    """One `show` of a board: what it names and how it is drawn."""
    sym = lw.sym(d.name)
    if sym is None or sym.category not in SHOWN:
        known = [s.name for s in lw.p.symbols.values() if s.category in SHOWN]
        if sym is None:
            lw.error(d.name_span, "E301", f"unknown counter, quantity, kind or card `{d.name}`",
                     suggest(d.name, known))
        else:
            lw.error(d.name_span, "E309", f"`{d.name}` is a {sym.category}; a board shows a counter or a quantity "
                     "naming spaces, or the pieces of a kind or a card", suggest(d.name, known))
        return None
    lw.used.add(d.name)
    what = sym.category
    props = lw.props(d.props, DRAW_PROPS, "board `show`")
    row: dict = {"id": d.name, "what": what,
                 "label": d.title or getattr(sym.decl, "title", None) or d.name.replace("_", " ")}
    if what == "counter":
        row["per_player"] = getattr(sym.decl, "scope", None) is not None
    if what == "quantity" and not _quantity(lw, d, sym, row):
        return None
    places = what in ("counter", "quantity")
    row["shape"] = _word(lw, props.get("shape"), SHAPES, "shape") or ("token" if places else "label")
    if "mark" in props:
        mark = lw.literal(props["mark"][0]) if len(props["mark"]) == 1 else None
        if type(mark) is not str or not 0 < len(mark) <= 12:
            lw.error(props["mark"][0].span, "E404", "`mark` is a short text (1 to 12 characters) drawn on the piece",
                     'for example `mark: "$"`')
        else:
            row["mark"] = mark
    if "field" in props:
        row["field"] = _field(lw, d, props["field"], sym)
    if "colour" in props:
        colour = declared_colour(lw, props["colour"], seat=True)
        if colour is not None:
            row["colour"] = colour
    elif places and row["per_player"]:
        row["colour"] = "seat"
    return row


def _quantity(lw: Any, d: ast.DrawDecl, sym: Any, row: dict) -> bool:
    """A shown quantity: of no parameter, or of one `p: player` (given each seat in turn)."""
    params = sym.decl.params or []
    seat = len(params) == 1 and params[0].type == "player"
    if params and not seat:
        shown = ", ".join(f"{p.name}: {p.type}" if p.type else p.name for p in params)
        lw.error(d.name_span, "E401", f"quantity `{d.name}({shown})` needs arguments a board cannot give",
                 "a board shows a quantity of no parameter, or of one `p: player` (each seat's spaces)")
        return False
    row["per_player"] = seat
    args = [ast.Name(d.name_span, "me")] if seat else []
    row["expr"] = lw.expr(ast.Call(d.name_span, d.name, d.name_span, args), Scope())
    row["at"] = lw.at(d)
    return True


def _word(lw: Any, values: list | None, allowed: tuple, what: str) -> str | None:
    if not values:
        return None
    v = values[0]
    word = v.id if isinstance(v, ast.Name) else None
    if word in allowed and len(values) == 1:
        return word
    lw.error(v.span, "E404", f"`{what}` is one of {', '.join(allowed)}, not `{word or '?'}`",
             suggest(word or "", allowed) or f"write `{what}: {allowed[0]}`")
    return None


def _field(lw: Any, d: ast.DrawDecl, values: list, sym: Any) -> str | None:
    v = values[0]
    name = v.id if isinstance(v, ast.Name) else None
    kind = sym.decl.kind if sym.category == "entity" else (d.name if sym.category == "kind" else None)
    if kind is None:
        lw.error(v.span, "E404", f"`field` shows a field of the shown pieces; a {sym.category} has none",
                 "drop `field`, or show a kind")
        return None
    ksym = lw.sym(kind) if kind else None
    fields = [f.name for f in getattr(ksym.decl, "fields", [])] if ksym is not None else []
    if name not in fields or len(values) != 1:
        lw.error(v.span, "E304", f"kind `{kind}` has no field `{name or '?'}`",
                 suggest(name or "", fields) or ("its fields: " + ", ".join(fields) if fields else "it has no fields"))
        return None
    return name


def declared_colour(lw: Any, values: list, seat: bool = False) -> str | None:
    """A `colour:` a pack declares (a board's `show`, a region): `"#rrggbb"`
    (kept lower-case), or, where ``seat``, `seat` (each seat's own); else
    E404 with the colour it may have meant (a short `"#abc"` written out)."""
    v = values[0]
    colour = v.id if isinstance(v, ast.Name) else lw.literal(v)
    if len(values) == 1 and seat and colour in COLOURS:
        return colour
    if len(values) == 1 and type(colour) is str and _is_hex(colour):
        return colour.lower()
    said = "`seat` (each seat's own) or a colour" if seat else "a colour"
    short = type(colour) is str and len(colour) == 4 and _is_hex("#" + colour[1:] * 2)
    hint = (f'write `colour: "#{"".join(c * 2 for c in colour[1:]).lower()}"` (six digits)' if short else
            "write `colour: seat` or `colour: \"#c0392b\"`" if seat else 'write `colour: "#c0392b"` (red, green, blue)')
    lw.error(v.span, "E404", f"`colour` is {said} like \"#c0392b\", not `{colour}`", hint)
    return None


def _is_hex(s: str) -> bool:
    return len(s) == 7 and s[0] == "#" and all(c in "0123456789abcdefABCDEF" for c in s[1:])
