"""A compact text map of the boards a pack draws, for `waybill play`.

Spaces keep their declared order on each axis (``xy``, compressed to ranks,
so any unit a pack chose works) and each takes a cell of ``CELL``
characters. A cell shows, most urgent first: the number of the option that
names the space when the seat is to answer (``[3]``), the seats whose
tokens stand there (``1``, ``12``), the first letters of a tile shown there
as a label (``Sp``), a ``*`` for markers only, else ``·``. When there is
room, the links between spaces are drawn too, in a gap between cells and
rows: ``─`` and ``│`` along a row or a column (across empty cells, never
through a space), ``╲``, ``╱`` and ``╳`` between diagonal neighbours; a
link that is neither is left out (the options still say where one may go).
Without room for the links, the map is drawn without them. Everything
comes from ``Game.boards()`` and the view's ``boards``, so the map shows
what the seat may see and no more.
"""

from __future__ import annotations

from typing import Any

CELL = 3


def lines(geometry: list[dict], view: dict, width: int, height: int | None = None) -> list[str]:
    """The map of every drawn board of ``view``, or [] when one is wider than
    ``width`` columns or, with ``height``, taller than ``height`` rows."""
    for links in (True, False):     # with the links when they fit, else the spaces alone
        out: list[str] = []
        live = {b["id"]: b for b in view.get("boards") or []}
        fits = True
        for g in geometry:
            now = live.get(g["id"])
            if now is None:
                continue
            drawn = _board(g, now, view, links)
            if max(len(x) for x in drawn) > width:
                fits = False
                break
            out += drawn
        if fits and (height is None or len(out) <= height):
            return out
    return []


def _board(g: dict, now: dict, view: dict, links: bool = False) -> list[str]:
    xs = sorted({s["xy"][0] for s in g["spaces"]})
    ys = sorted({s["xy"][1] for s in g["spaces"]})
    col = {x: i for i, x in enumerate(xs)}
    row = {y: i for i, y in enumerate(ys)}
    grid = [[" " * CELL for _ in xs] for _ in ys]
    shows = {s["id"]: s for s in g["shows"]}
    cards = g.get("cards") or {}
    number = _option_numbers(now, view)
    seats: dict[str, list[int]] = {}
    for t in now["tokens"]:
        if t.get("seat") is not None and shows.get(t["show"], {}).get("shape") == "token":
            seats.setdefault(t["space"], []).append(t["seat"])
    for s in g["spaces"]:
        grid[row[s["xy"][1]]][col[s["xy"][0]]] = _cell(s["id"], number, seats, now, shows, cards)
    title = g["name"]
    legend = []
    for seat in sorted({x for v in seats.values() for x in v}):
        name = view["players"][seat] if 0 <= seat < len(view["players"]) else str(seat + 1)
        legend.append(f"{seat + 1 if seat < 9 else '+'} {name}")
    if number:
        legend.append("[n] option n")
    if links:
        at = {s["id"]: (row[s["xy"][1]], col[s["xy"][0]]) for s in g["spaces"]}
        body = _linked(grid, [(at[a], at[b]) for a, b in g.get("links") or [] if a in at and b in at])
    else:
        body = ["".join(r).rstrip() for r in grid]
    return [title] + body + (["  ".join(legend)] if legend else [])


def _linked(grid: list[list[str]], links: list[tuple[tuple[int, int], tuple[int, int]]]) -> list[str]:
    """The cells with a gap column between cells and a gap row between rows,
    each link drawn that runs along a row or a column over empty cells, or
    joins diagonal neighbours."""
    rows, cols, step = len(grid), len(grid[0]) if grid else 0, CELL + 1
    canvas = [[" "] * (cols * step - 1) for _ in range(rows * 2 - 1)]
    for r, cells in enumerate(grid):
        for c, cell in enumerate(cells):
            canvas[2 * r][c * step:c * step + CELL] = list(cell)
    empty = {(r, c) for r in range(rows) for c in range(cols) if not grid[r][c].strip()}
    mid = CELL // 2

    def put(y: int, x: int, ch: str) -> None:
        old = canvas[y][x]
        canvas[y][x] = "╳" if {old, ch} == {"╲", "╱"} else ch

    for (r1, c1), (r2, c2) in links:
        (r1, c1), (r2, c2) = sorted(((r1, c1), (r2, c2)))
        if r1 == r2 and all((r1, c) in empty for c in range(c1 + 1, c2)):
            for x in range(c1 * step + CELL, c2 * step):
                if canvas[2 * r1][x] == " ":
                    put(2 * r1, x, "─")
        elif c1 == c2 and all((r, c1) in empty for r in range(r1 + 1, r2)):
            for y in range(2 * r1 + 1, 2 * r2):
                put(y, c1 * step + mid, "│")
        elif r2 == r1 + 1 and abs(c2 - c1) == 1:
            put(2 * r1 + 1, min(c1, c2) * step + CELL, "╲" if c2 > c1 else "╱")
    return ["".join(line).rstrip() for line in canvas]


def _option_numbers(now: dict, view: dict) -> dict[str, int]:
    """Space -> the number people type for the option naming it (options are numbered from 1)."""
    out = {}
    for t in now.get("targets") or []:
        if t["options"]:
            out[t["space"]] = t["options"][0] + 1
    return out


def _cell(sid: str, number: dict, seats: dict, now: dict, shows: dict, cards: dict) -> str:
    if sid in number:
        return f"[{number[sid]}]" if number[sid] < 10 else f"{number[sid]:>3}"
    if sid in seats:
        return "".join(str(s + 1) if s < 9 else "+" for s in sorted(seats[sid]))[:CELL].center(CELL)
    pieces = (now.get("pieces") or {}).get(sid) or []
    shapes = [(shows.get((cards.get(p["entity"]) or {}).get("show")) or {}).get("shape") for p in pieces]
    for p, shape in zip(pieces, shapes):
        if shape == "label":
            name = (cards.get(p["entity"]) or {}).get("name") or p["entity"]
            return _initials(name).center(CELL)
    if pieces or any(x["space"] == sid for x in now.get("hidden") or []):
        return " * "
    return " · "


def _initials(name: str) -> str:
    """Two letters for a name: "The Sprawl" -> "Sp", "New Chernobyl" -> "NC"."""
    words = [w for w in name.replace("-", " ").split() if w.lower() not in ("the", "of", "a", "an")] or [name]
    if len(words) == 1:
        return words[0][:2].capitalize() if len(words[0]) > 1 else words[0].upper()
    return (words[0][0] + words[1][0]).upper()


def draw(console: Any, game: Any, view: dict, lang: str | None = None) -> None:
    """Print the map of ``view`` on ``console`` when it fits beside what else
    the turn shows (the question needs about a dozen rows of its own)."""
    if not view.get("boards"):
        return
    height = console.height - 12 if console.height else None
    got = lines(game.boards(lang), view, console.width, height)
    for line in got:
        console.print(line, markup=False, highlight=False, soft_wrap=True)
