"""Legality and bot benchmark: WEDS (or PACK), 4 players.

    python bench/legality_bench.py [--pack weds] [--games 3] [--repeats 3]

Reports, with the legality cache on and off (runtime/legality.py; toggled
in this process): CPU per default-bot game split into the bot's part
(``choose``) and the engine's part, random legal steps per CPU second, how
many requirement checks (``decisions._offered``) ran, and the cache's hits
and misses. Medians of process CPU time over repeats; the games are the same
in every mode (same seeds, same actions).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from waybill.benchmarks import _rules  # noqa: E402
from waybill.bots import make_bot  # noqa: E402
from waybill.runtime import Game  # noqa: E402
from waybill.runtime import decisions  # noqa: E402

CHECKS = [0]
_offered = decisions._offered


def _counted(*args):
    CHECKS[0] += 1
    return _offered(*args)


def play(rules, pack: str, seed: int, bot: str) -> tuple[float, float, int, int, int]:
    """(bot CPU, engine CPU, steps, cache hits, cache misses) of one game."""
    t0 = time.process_time()
    g = Game.new(rules, players=4, seed=seed)
    bots = [make_bot(bot, pack) for _ in range(4)]
    rng = random.Random(seed)
    t_bot = 0.0
    steps = hits = misses = 0
    while not g.over and g.state.round <= 200:
        legal = g.legal_actions()
        t = time.process_time()
        a = bots[legal[0]["player"]].choose(g, legal, rng)
        t_bot += time.process_time() - t
        cache = g.m.legality
        g.apply(a)
        if cache is not None and g.m.legality is not cache:   # an apply rolled back
            hits, misses = hits + cache.hits, misses + cache.misses
        steps += 1
    if g.m.legality is not None:
        hits, misses = hits + g.m.legality.hits, misses + g.m.legality.misses
    total = time.process_time() - t0
    return t_bot, total - t_bot, steps, hits, misses


def run(pack: str, games: int, repeats: int) -> None:
    rules = _rules(pack)
    decisions._offered = _counted
    for cached in ((False, True) if "--off-first" in sys.argv else (True, False)):
        decisions.CACHED = cached
        for bot in ("default", "random"):
            runs = []
            for _ in range(repeats):
                CHECKS[0] = 0
                rows = [play(rules, pack, seed, bot) for seed in range(1, games + 1)]
                runs.append([sum(col) for col in zip(*rows)] + [CHECKS[0]])
            t_bot = statistics.median(r[0] for r in runs)
            t_eng = statistics.median(r[1] for r in runs)
            steps, hits, misses, checks = runs[0][2:]
            mode = "cache on " if cached else "cache off"
            if bot == "default":
                print(f"{mode} {pack} default bot: {1000 * (t_bot + t_eng) / games:.0f} ms CPU/game "
                      f"(bot {1000 * t_bot / games:.0f}, engine {1000 * t_eng / games:.0f}), "
                      f"{games / (t_bot + t_eng):.2f} games/s; requirement checks {checks}, "
                      f"hits {hits}, misses {misses}")
            else:
                print(f"{mode} {pack} random: {steps / (t_bot + t_eng):.0f} steps/s; requirement checks "
                      f"{checks}, hits {hits}, misses {misses}")
    decisions.CACHED = True
    decisions._offered = _offered


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pack", default="weds")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--off-first", action="store_true", help="measure without the cache first")
    a = ap.parse_args()
    run(a.pack, a.games, a.repeats)


if __name__ == "__main__":
    main()
