"""How the version-1 saves beside this file were made: run once, with the
engine of `main` at 0559ad3 (before saves carried a version), from the
repository root: ``python tests/reliability/saves_v1/make.py``. Each file
holds the save and what that engine did next: the label of each random
answer (rng seeded 99) and the log lines said after it, and the result.
Re-running it with a later engine would record that engine, not main's."""

from __future__ import annotations

import json
import os
import random
import sys

from waybill import Game, load_pack

HERE = os.path.dirname(os.path.abspath(__file__))
# (pack, players, seed, random steps before saving, save with its log, answers after)
CASES = [("weds", 3, 5, 120, True, 150), ("weds", 3, 8, 60, False, 150),
         ("badlands", 3, 5, 150, True, 150), ("warfare", 2, 5, 15, True, 60)]


def make(pack: str, players: int, seed: int, steps: int, log: bool, after: int) -> dict:
    rules = load_pack(pack)
    game = Game.new(rules, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        game.apply(rng.choice(game.legal_actions()))
    save = game.to_json(log=log)
    return {"pack": pack, "save": save, **play_on(game, after)}


def play_on(game: Game, after: int) -> dict:
    """Up to ``after`` random answers (rng seeded 99): the label of each,
    the log lines said meanwhile, and the result."""
    said_before = len(game.messages())
    rng = random.Random(99)
    labels = []
    for _ in range(after):
        if game.over:
            break
        acts = game.legal_actions()
        a = rng.choice(acts)
        labels.append(a.get("label"))
        game.apply(a)
    return {"labels": labels, "said": game.messages()[said_before:], "over": game.over, "winner": game.winner}


if __name__ == "__main__":
    for case in CASES:
        name = f"{case[0]}-{case[1]}p-seed{case[2]}-{'log' if case[4] else 'nolog'}.json"
        with open(os.path.join(HERE, name), "w") as f:
            json.dump(make(*case), f, separators=(",", ":"), sort_keys=True)
        print(name, file=sys.stderr)
