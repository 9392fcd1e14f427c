"""What ``Game.new`` and ``Game.replay`` accept, and what a save may hold
in the same fields (players, seed, options): one set of rules for both, so
whatever starts a game also loads, and nothing else does.

Each ``*_problem`` function returns what is wrong (a phrase to follow the
argument's name) or ``None``; callers add the name and raise their own
``WaybillError``. Checks run before any work: a billion players is refused
before a single name is made.
"""

from __future__ import annotations

from typing import Any

from .plain import SAFE_INT, short

NAME_MAX = 100            # characters in a player's name
PLAYERS_MAX = 64          # seats at one table, whatever the rules say (the CLI's bound too)
OPTION_TYPES: dict[str, type] = {
    # options={"check_invariants": True}: check content invariants after every step (soak tests)
    "check_invariants": bool,
}


def said(name: str, problem: str) -> str:
    """``name`` followed by what is wrong with it (``players[2] should ...``)."""
    if not name:
        return problem
    return f"{name}{'' if problem.startswith('[') else ' '}{problem}"


def player_range(rules: Any) -> tuple[int, int]:
    """The player counts these rules allow."""
    hi = rules.players.get("max")
    return rules.players.get("min", 1), PLAYERS_MAX if hi is None else min(hi, PLAYERS_MAX)


def players_problem(rules: Any, players: Any) -> str | None:
    """``players``: a count (an int, not a bool) or a list of names, within the rules' range."""
    lo, hi = player_range(rules)
    if type(players) is int:
        count = players
    elif type(players) in (list, tuple):
        count = len(players)
        for i, name in enumerate(players[:hi + 1]):
            if type(name) is not str:
                return f"[{i}] should be a name (a text), not {type(name).__name__}"
            if not 0 < len(name) <= NAME_MAX:
                return f"[{i}] should be a name of 1 to {NAME_MAX} characters, not {len(name)}"
    else:
        return f"should be a number of players or a list of names, not {type(players).__name__}"
    if not lo <= count <= hi:
        return f"should be {lo} to {hi} players for these rules, not {count}"
    return None


def player_names(players: int | list[str] | tuple) -> list[str]:
    """The names for ``players`` (already checked by ``players_problem``)."""
    return [f"Player {i + 1}" for i in range(players)] if type(players) is int else list(players)


def seed_problem(seed: Any) -> str | None:
    """``seed``: a whole number (not a bool) that JSON keeps exactly."""
    if type(seed) is not int:
        return f"should be a whole number, not {type(seed).__name__}"
    if not -SAFE_INT <= seed <= SAFE_INT:
        return "should be a whole number within ±2**53"
    return None


def options_problem(options: Any) -> str | None:
    """``options``: ``None`` or a dict of known options of the right types."""
    if options is None:
        return None
    if type(options) is not dict:
        return f"should be a dict or None, not {type(options).__name__}"
    for key, value in options.items():
        kind = OPTION_TYPES.get(key) if type(key) is str else None
        if kind is None:
            known = ", ".join(sorted(OPTION_TYPES))
            return f"has an unknown option {short(key)} (known: {known})"
        if type(value) is not kind:
            return f"[{key!r}] should be a {kind.__name__}, not {type(value).__name__}"
    return None
