"""Legality and bot benchmark: WEDS (or PACK), 4 players.

    python -P bench/legality_bench.py [--pack weds] [--games 3] [--repeats 3] [--off-first]

Reports, with the legality cache on and off (runtime/engine/legality.py; toggled
in this process), for default-bot games and random play: process CPU per
game and steps per CPU second, split into

- ``bot``: the bot's ``choose``;
- ``legal``: ``Game.legal_actions`` (the pending options as the seat sees them);
- ``listing``: every outermost listing of legal actions (``decisions.live_actions``,
  and `actions_open` counts, ``decisions.open_count``; nested listings
  included), wherever it runs (mostly in ``apply``);
- ``rest``: the rest of ``apply`` (running the rules, the rollback copy, ...);

and how many listings were computed (``decisions._live_actions``: the
cache's misses and the listings it computed plainly), and the cache's hits
and misses. Medians of process CPU time over repeats; the games
are the same in every mode (same seeds, same actions).
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
from waybill import make_bot  # noqa: E402
from waybill import Game  # noqa: E402
from waybill.runtime.engine import decisions  # noqa: E402

CHECKS = [0]                # listings computed
LISTING = [0.0, 0]          # CPU in outermost listings, nesting depth
_computed = decisions._live_actions
_live_actions = decisions.live_actions
_open_count = decisions.open_count


def _counted(*args):
    CHECKS[0] += 1
    return _computed(*args)


def _timed(f):
    def timed(*args):
        LISTING[1] += 1
        t = time.process_time() if LISTING[1] == 1 else 0.0
        try:
            return f(*args)
        finally:
            LISTING[1] -= 1
            if not LISTING[1]:
                LISTING[0] += time.process_time() - t
    return timed


def play(rules, pack: str, seed: int, bot: str) -> list:
    """[bot, legal, listing, total CPU, steps, cache hits, cache misses] of one game."""
    LISTING[0] = 0.0
    t0 = time.process_time()
    g = Game.new(rules, players=4, seed=seed)
    bots = [make_bot(bot, pack) for _ in range(4)]
    rng = random.Random(seed)
    t_bot = t_legal = 0.0
    steps = hits = misses = 0
    while not g.over and g.state.round <= 200:
        t = time.process_time()
        legal = g.legal_actions()
        t_legal += time.process_time() - t
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
    return [t_bot, t_legal, LISTING[0], time.process_time() - t0, steps, hits, misses]


def run(pack: str, games: int, repeats: int, off_first: bool) -> None:
    rules = _rules(pack)
    decisions._live_actions = _counted
    decisions.live_actions = _timed(_live_actions)
    decisions.open_count = _timed(_open_count)
    play(rules, pack, games + 1, "default")     # warm up: lazy tables, caches of the bots
    try:
        for cached in ((False, True) if off_first else (True, False)):
            decisions.CACHED = cached
            for bot in ("default", "random"):
                _report(rules, pack, games, repeats, cached, bot)
    finally:
        decisions.CACHED = True
        decisions._live_actions = _computed
        decisions.live_actions = _live_actions
        decisions.open_count = _open_count


def _report(rules, pack: str, games: int, repeats: int, cached: bool, bot: str) -> None:
    runs = []
    for _ in range(repeats):
        CHECKS[0] = 0
        rows = [play(rules, pack, seed, bot) for seed in range(1, games + 1)]
        runs.append([sum(col) for col in zip(*rows)] + [CHECKS[0]])
    best = sorted(runs, key=lambda r: r[3])[len(runs) // 2]       # the median run by total CPU
    t_bot, t_legal, t_list, total, steps, hits, misses, checks = best
    rest = total - t_bot - t_legal - t_list

    def part(t: float) -> str:
        return f"{1000 * t / games:.0f} ms ({100 * t / total:.0f}%)"
    mode = "cache on " if cached else "cache off"
    print(f"{mode} {pack} {bot:7}: {1000 * total / games:.0f} ms CPU/game, {games / total:.2f} games/s, "
          f"{steps / total:.0f} steps/s; bot {part(t_bot)}, legal {part(t_legal)}, "
          f"listing {part(t_list)}, rest {part(rest)}; listings computed {checks}, "
          f"hits {hits}, misses {misses}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pack", default="weds")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--off-first", action="store_true", help="measure without the cache first")
    a = ap.parse_args()
    run(a.pack, a.games, a.repeats, a.off_first)


if __name__ == "__main__":
    main()
