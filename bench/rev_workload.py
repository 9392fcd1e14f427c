"""One timed workload on the sources of one revision (run by bench/compare_revs.py).

    python -P bench/rev_workload.py SOURCES WORKLOAD [--pack weds] [--players 4] [--games 3] [--seed 1]

``SOURCES`` is a folder holding a revision's sources (``cli/``, ``runtime/``,
...): ``waybill`` is imported from there, whatever the venv has installed, so
two revisions run the same workload from the same script. Prints one JSON
line: ``{"cpu": s, "wall": s, "work": n, "unit": ...}`` — CPU
(``time.process_time``) and wall time of the workload alone (loading the
pack, compiling its rules and making the bots are not timed), and how much
work it did. With ``--games 0`` it loads everything and plays nothing: under
callgrind, a run less that run is the workload's instructions.

The workloads use only the public API (and ``waybill.overhead`` for the bench
rule), so that an older revision runs them too:

- ``steps``: random play (``make_bot("random")``), ``--games`` games from
  ``--seed``; work = actions applied (as ``waybill bench``'s ``steps_per_s``);
- ``bot``: the pack's default bot in every seat; work = games;
- ``rule``: the bench rule of ``waybill bench``'s ``overhead_ratio``
  applied to ``--games`` × 100 clones; work = applies.
"""

from __future__ import annotations

import argparse
import importlib.abc
import importlib.util
import json
import os
import random
import sys
import time
from typing import Any

# the package folders of pyproject.toml's [tool.setuptools.package-dir]
PACKAGE_DIRS = {"waybill": "cli", "waybill.dsl": "dsl", "waybill.compiler": "compiler",
                "waybill.runtime": "runtime", "waybill.spec": "spec", "waybill.content": "content",
                "waybill.bots": "bots"}
ROUND_CAP = 200     # as waybill.benchmarks.play_game


class _Sources(importlib.abc.MetaPathFinder):
    """Finds ``waybill`` and its mapped packages under one folder, before the
    venv's editable install does (subpackages follow their parent's path)."""

    def __init__(self, root: str):
        self.root = root

    def find_spec(self, fullname, path=None, target=None):
        folder = PACKAGE_DIRS.get(fullname)
        if folder is None:
            return None
        where = os.path.join(self.root, folder)
        return importlib.util.spec_from_file_location(fullname, os.path.join(where, "__init__.py"),
                                                      submodule_search_locations=[where])


def use_sources(root: str) -> None:
    """Import ``waybill`` from ``root`` (and check that it did)."""
    if any(name == "waybill" or name.startswith("waybill.") for name in sys.modules):
        raise SystemExit("waybill was imported before its sources were chosen")
    sys.meta_path.insert(0, _Sources(os.path.abspath(root)))
    import waybill
    got = os.path.abspath(waybill.__file__)
    if not got.startswith(os.path.abspath(root) + os.sep):
        raise SystemExit(f"waybill came from {got}, not from {root}")


def _clocks() -> tuple[float, float]:
    return time.process_time(), time.perf_counter()


def play_games(rules: Any, players: int, games: int, seed: int, bot: str) -> int:
    """``games`` games from ``seed`` with ``bot`` in every seat (made per game,
    as `waybill bench` does: a bot may keep state for its game); the steps taken."""
    from waybill import Game, make_bot
    steps = 0
    for s in range(seed, seed + games):
        bots = [make_bot(bot, rules) for _ in range(players)]
        game = Game.new(rules, players=players, seed=s)
        rng = random.Random(s)
        while not game.over and game.state.round <= ROUND_CAP:
            legal = game.legal_actions()
            game.apply(bots[legal[0]["player"]].choose(game, legal, rng))
            steps += 1
    return steps


def random_steps(pack: str, players: int, games: int, seed: int) -> tuple[int, float, float]:
    from waybill import load_pack
    rules = load_pack(pack)
    cpu, wall = _clocks()
    steps = play_games(rules, players, games, seed, "random")
    cpu2, wall2 = _clocks()
    return steps, cpu2 - cpu, wall2 - wall


def bot_games(pack: str, players: int, games: int, seed: int) -> tuple[int, float, float]:
    from waybill import load_pack
    rules = load_pack(pack)
    cpu, wall = _clocks()
    play_games(rules, players, games, seed, "default")
    cpu2, wall2 = _clocks()
    return games, cpu2 - cpu, wall2 - wall


def rule_applies(pack: str, players: int, games: int, seed: int) -> tuple[int, float, float]:
    from waybill import Game
    from waybill.overhead import bench_rules
    start = Game.new(bench_rules(), players=1, seed=seed)
    action = start.legal_actions()[0]
    clones = [start.clone() for _ in range(100 * games)]
    for g in clones:
        own = getattr(g.m.st, "own", None)      # (a clone shares its containers until it plays)
        if own is not None:
            own()
    cpu, wall = _clocks()
    for g in clones:
        g.apply(action)
    cpu2, wall2 = _clocks()
    return len(clones), cpu2 - cpu, wall2 - wall


WORKLOADS = {"steps": (random_steps, "steps"), "bot": (bot_games, "games"), "rule": (rule_applies, "applies")}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sources")
    ap.add_argument("workload", choices=sorted(WORKLOADS))
    ap.add_argument("--pack", default="weds")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    use_sources(a.sources)
    fn, unit = WORKLOADS[a.workload]
    work, cpu, wall = fn(a.pack, a.players, a.games, a.seed)
    print(json.dumps({"cpu": cpu, "wall": wall, "work": work, "unit": unit}))


if __name__ == "__main__":
    main()
