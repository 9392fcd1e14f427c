"""Who wins together, and the places of a finished game.

A pack declares its outcome in the `game` block: nothing (every seat plays
for itself), `teams EXPR` (the side of seat `me` is EXPR: seats with equal
values win together) or `cooperative` (every seat is one side). The sides
are read when asked (a team may be drawn in the setup), from the rules'
``sides`` expression; `side_of` is what `team_of(p)`, `teammates(p)`, the
zones `visible: team` and the search bot read. `eliminated EXPR` says which
seats are out (EXPR of `me` not none, false or 0): they are left out of
`players_in()` and of `choose each`, and rank after the seats still in.
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


def note_sides(m: Any) -> None:
    """After an action (and the setup) of a game whose zones are `visible:
    team` and whose sides the rules may change (`teams EXPR`): when the sides
    differ from those last noted, a log entry ``{"type": "sides", "was",
    "now"}`` says so, so that a view of the log shows each entry as the
    sides then allowed (sight/filter.py). The sides last noted are kept on
    the machine; a new one (a loaded game, a rolled-back action) finds them
    in the log's last such entry, else takes the sides now (none changed)."""
    now = sides(m)
    was = m.sides_seen
    if was is None:
        was = next((e["now"] for e in reversed(m.st.log.entries()) if e.get("type") == "sides"), now)
    if now != was:
        m.st.log.append({"type": "sides", "was": was, "now": now})
    m.sides_seen = now


def out_values(m: Any) -> list | None:
    """`eliminated EXPR` of every seat (``me``), by seat; None when the pack
    declares no elimination."""
    fn, lay = m.R.out, m.L
    if fn is None:
        return None
    return [fn(m, {"me": lay.player_refs[i]}) for i in range(lay.n)]


def is_out(v: Any) -> bool:
    """Whether an `eliminated` value says the seat is out: anything but none, false and 0."""
    return not (v is None or v is False or type(v) is int and v == 0)


def still_in(m: Any) -> list[int]:
    """The seats not eliminated, in seat order (every seat without `eliminated`)."""
    out = out_values(m)
    return list(range(m.L.n)) if out is None else [i for i, v in enumerate(out) if not is_out(v)]


def standing(out: list | None, i: int) -> tuple:
    """How seat ``i``'s elimination ranks it (lower first): a seat still in,
    then the seats out, the later out (the higher number) first; `true`
    counts as 0. Without `eliminated`, every seat alike."""
    if out is None or not is_out(out[i]):
        return (0, 0)
    v = out[i]
    return (1, -v if type(v) is int else 0)


def winners(m: Any, winner: int | None, scores: list, out: list | None = None) -> tuple[list[int], int | None]:
    """(every winning seat, the one seat `win` named or the single winner).

    `win(p)`: p's side. `end_game()`: the side whose best score is highest;
    sides tied there all win (a shared win: no single winner). A cooperative
    game, or one without a score, has no winner by `end_game()`. Seats
    eliminated (``out``: `eliminated EXPR` by seat) count only if all are."""
    n = m.L.n
    side = sides(m)
    if winner is not None:
        return [i for i in range(n) if side[i] == side[winner]], winner
    # (with `eliminated` and no score, the seats still in share the win: the last one standing wins)
    if m.R.score is None and out is None or m.R.cooperative or not n:
        return [], None
    best: dict = {}
    left = [i for i in range(n) if out is None or not is_out(out[i])] or range(n)
    for i in left:
        v = scores[i] or 0
        key = _key(side[i])
        best[key] = max(best.get(key, v), v)
    top = max(best.values())
    won = [i for i in range(n) if best.get(_key(side[i])) == top]
    return won, (won[0] if len(won) == 1 else None)


def _key(v: Any) -> Any:
    """A side's value as a dict key (a player or a piece is a dict)."""
    return repr(v) if isinstance(v, (dict, list)) else v


def places(order: list[int], won: set, scores: list, out: list | None = None) -> list[int]:
    """The place of each seat (1 = first): seats equal in winning, standing
    (`eliminated`) and score share a place, the next place counts them all (1, 1, 3)."""
    places_ = [0] * len(order)
    prev, place = None, 0
    for rank, i in enumerate(order):
        key = (i in won, standing(out, i), scores[i] or 0)
        if key != prev:
            place, prev = rank + 1, key
        places_[i] = place
    return places_
