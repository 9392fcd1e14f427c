"""Who wins together, and the places of a finished game.

A pack declares its outcome in the `game` block: nothing (every seat plays
for itself), `teams EXPR` (the side of seat `me` is EXPR: seats with equal
values win together) or `cooperative` (every seat is one side). The sides
are read when asked (a team may be drawn in the setup), from the rules'
``sides`` expression; `side_of` is what `team_of(p)`, `teammates(p)`, the
zones `visible: team` and the search bot read.
"""

from __future__ import annotations

from typing import Any


def sides(m: Any) -> list:
    """The side of every seat, by seat: its own number when the pack declares
    no teams, the same value for all in a cooperative game."""
    R, lay = m.R, m.L
    if R.cooperative:
        return [0] * lay.n
    if R.sides is None:
        return list(range(lay.n))
    return [R.sides(m, {"me": lay.player_refs[i]}) for i in range(lay.n)]


def winners(m: Any, winner: int | None, scores: list) -> tuple[list[int], int | None]:
    """(every winning seat, the one seat `win` named or the single winner).

    `win(p)`: p's side. `end_game()`: the side whose best score is highest;
    sides tied there all win (a shared win: no single winner). A cooperative
    game, or one without a score, has no winner by `end_game()`."""
    n = m.L.n
    side = sides(m)
    if winner is not None:
        return [i for i in range(n) if side[i] == side[winner]], winner
    if m.R.score is None or m.R.cooperative or not n:
        return [], None
    best: dict = {}
    for i in range(n):
        v = scores[i] or 0
        key = _key(side[i])
        best[key] = max(best.get(key, v), v)
    top = max(best.values())
    won = [i for i in range(n) if best[_key(side[i])] == top]
    return won, (won[0] if len(won) == 1 else None)


def _key(v: Any) -> Any:
    """A side's value as a dict key (a player or a piece is a dict)."""
    return repr(v) if isinstance(v, (dict, list)) else v


def places(order: list[int], won: set, scores: list) -> list[int]:
    """The place of each seat (1 = first): seats equal in winning and score
    share a place, the next place counts them all (1, 1, 3)."""
    out = [0] * len(order)
    prev, place = None, 0
    for rank, i in enumerate(order):
        key = (i in won, scores[i] or 0)
        if key != prev:
            place, prev = rank + 1, key
        out[i] = place
    return out
