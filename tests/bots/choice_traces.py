"""The shipped bots' choices, decision by decision, over fixed seeds.

A trace is the option index (`legal_actions()[i]`) the seat's default bot
chose at every decision of a seeded game. The traces under ``traces/`` were
recorded from the bots as they were before they matched declared names and
read structured card fields (issue 24.3); ``test_bot_traces.py`` replays the
same games and asserts every choice is the same.

    python -P tests/bots/choice_traces.py        # rewrite traces/*.json (only on purpose)
"""

from __future__ import annotations

import json
import os
import random
import sys

# (file, pack, variants, players, seeds): WEDS at 3 and 4 players and with
# two variants, Badlands and Warfare
GAMES: list[tuple[str, str, tuple[str, ...], int, tuple[int, ...]]] = [
    ("weds_3p", "weds", (), 3, (1, 2, 3, 4, 5, 6)),
    ("weds_4p", "weds", (), 4, (7, 8, 9, 10)),
    ("weds_brutal_risky_3p", "weds", ("brutal_competition", "risky_smuggling"), 3, (11, 12, 13)),
    ("weds_no_event_deck_4p", "weds", ("no_event_deck",), 4, (14, 15)),
    ("badlands_2p", "badlands", (), 2, (1, 2, 3, 4)),
    ("badlands_4p", "badlands", (), 4, (5, 6)),
    ("warfare_2p", "warfare", (), 2, (1, 2, 3, 4, 5, 6)),
    ("warfare_3p", "warfare", (), 3, (7, 8, 9)),
]
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "traces")
ROUND_CAP = 200


def trace(rules, players: int, seed: int) -> list[int]:
    """The option index chosen at each decision of one default-bot game."""
    from waybill import Game, make_bot
    game = Game.new(rules, players=players, seed=seed)
    bots = [make_bot("default", rules) for _ in range(players)]
    rng = random.Random(seed)
    out: list[int] = []
    while not game.over and game.state.round <= ROUND_CAP:
        legal = game.legal_actions()
        pick = bots[legal[0]["player"]].choose(game, legal, rng)
        out.append(pick["option"])
        game.apply(pick)
    return out


def record(name: str, pack: str, variants: tuple[str, ...], players: int, seeds: tuple[int, ...]) -> dict:
    from waybill import load_pack
    rules = load_pack(pack, variants=variants)
    return {"pack": pack, "variants": list(variants), "players": players,
            "games": {str(s): "".join(_code(i) for i in trace(rules, players, s)) for s in seeds}}


def _code(i: int) -> str:
    """One choice as one character (0-9, then a-z, A-Z; wider ones bracketed)."""
    digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return digits[i] if i < len(digits) else f"[{i}]"


def path(name: str) -> str:
    return os.path.join(HERE, name + ".json")


def main() -> int:
    os.makedirs(HERE, exist_ok=True)
    for name, *rest in GAMES:
        data = record(name, *rest)
        with open(path(name), "w") as f:
            json.dump(data, f, indent=1)
            f.write("\n")
        print(name, {s: len(t) for s, t in data["games"].items()}, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
