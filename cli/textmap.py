"""A compact text map of the boards a pack draws, for `waybill play`.

Spaces keep their declared order on each axis (``xy``, compressed to ranks,
so any unit a pack chose works) and each takes a cell of ``CELL``
characters. A cell shows, most urgent first: the number of the option that
names the space when the seat is to answer (``[3]``), the seats whose
tokens stand there (``1``, ``12``), the first letters of a tile shown there
as a label (``Sp``), a ``*`` for markers only, else ``·``. Links are not
drawn: the map says where things are, the options say where one may go.
Everything comes from ``Game.boards()`` and the view's ``boards``, so the
map shows what the seat may see and no more.
"""

from __future__ import annotations

from typing import Any

CELL = 3


def lines(geometry: list[dict], view: dict, width: int, height: int | None = None) -> list[str]:
    """The map of every drawn board of ``view``, or [] when one is wider than
    ``width`` columns or, with ``height``, taller than ``height`` rows."""
    out: list[str] = []
    live = {b["id"]: b for b in view.get("boards") or []}
    for g in geometry:
        now = live.get(g["id"])
        if now is None:
            continue
        drawn = _board(g, now, view)
        if max(len(x) for x in drawn) > width:
            return []
        out += drawn
    if height is not None and len(out) > height:
        return []
    return out


def _board(g: dict, now: dict, view: dict) -> list[str]:
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
    body = ["".join(r).rstrip() for r in grid]
    return [title] + body + (["  ".join(legend)] if legend else [])


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
