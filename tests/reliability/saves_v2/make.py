"""How the version-2 saves beside this file were made: run once, with the
engine of `main` at 4d89a9c (saves of version 2 that still kept the English
words of log lines, prompts and labels beside their message ids), from the
repository root: ``/work/venv/bin/python tests/reliability/saves_v2/make.py``
(an install of that main). Each file holds the save and what that engine
did next: the label of each random answer (rng seeded 99), the log lines
said after it, the result, and the last views (every seat, in English with
no language asked, and seat 0 in Russian) with their last 40 log entries.
Re-running it with a later engine would record that engine, not main's."""

from __future__ import annotations

import json
import os
import random
import sys

from waybill import Game, load_pack

try:                # (saves_v1/make.py: the same playing-on)
    from ..saves_v1.make import play_on
except ImportError:  # run as a script
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "saves_v1"))
    from make import play_on

HERE = os.path.dirname(os.path.abspath(__file__))
# (pack, players, seed, random steps before saving, answers after)
CASES = [("weds", 3, 5, 120, 150), ("badlands", 3, 5, 150, 150), ("warfare", 2, 5, 6, 60)]


def last_views(game: Game) -> list[dict]:
    """The views the test compares: each seat's, then seat 0's in Russian."""
    end = game.view(None)["log_end"]
    start = max(0, end - 40)
    return [game.view(s, log_from=start) for s in range(len(game.state.players))] + \
        [game.view(0, log_from=start, lang="ru")]


def make(pack: str, players: int, seed: int, steps: int, after: int) -> dict:
    rules = load_pack(pack)
    game = Game.new(rules, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        game.apply(rng.choice(game.legal_actions()))
    save = game.to_json()
    return {"pack": pack, "save": save, **play_on(game, after), "views": last_views(game)}


if __name__ == "__main__":
    for case in CASES:
        name = f"{case[0]}-{case[1]}p-seed{case[2]}.json"
        with open(os.path.join(HERE, name), "w") as f:
            json.dump(make(*case), f, separators=(",", ":"))
        print(name, file=sys.stderr)
