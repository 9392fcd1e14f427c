"""Strength and speed of the generic search bot: `python bench/bots.py`.

For each pack, 2-player games of the search bot against an opponent
(`random` by default; `default` is the pack's own bot), seats rotated game
by game (as `waybill sim --bot search,OPPONENT` does), with the search bot's
time per decision (decisions of more than one option; those of one are
answered at once). Prints one JSON object per pack, then a summary table.

    python bench/bots.py --games 40                       # vs random, every pack
    python bench/bots.py weds --opponent default --games 40   # vs the WEDS heuristic bot
    python bench/bots.py bust --iterations 50 --think-ms 0 --set rollout=2   # fixed budget, other settings

Strength runs are long: use few games while developing. Figures depend on
the machine (and on its load, through --think-ms); iteration counts do not.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from waybill import load_pack
from waybill.bots import resolve
from waybill import make_bot
from waybill import Game, WaybillError
from waybill.simulate import lineup, seat_bots

ROOT = Path(__file__).resolve().parents[1]
PACKS = ["weds", "badlands", "warfare", str(ROOT / "tests" / "packs" / "bust")]


def bench_pack(pack: str, opponent: str, games: int, seed: int, think_ms: int | None, iterations: int | None,
               round_cap: int = 200, settings: dict | None = None, progress: bool = False) -> dict:
    rules = load_pack(pack)
    names = lineup(f"search,{opponent}", 2, rules)
    wins = {"search": 0, names[1]: 0, "none": 0}
    capped = errors = 0
    times: list[float] = []
    its: list[int] = []
    margins: list[float] = []      # the search bot's score hint less its opponent's, at the end
    won_rounds: list[int] = []     # rounds the search bot took to win: how fast it plays, not only whether
    for i in range(games):
        s = seed + i
        seats = seat_bots(names, s)
        over = {**(settings or {}), "think_ms": think_ms, "iterations": iterations}
        bots = [make_bot(n, rules, **over) for n in seats]
        rng = random.Random(s * 7919 + 17)
        try:
            g = Game.new(rules, 2, seed=s)
            while not g.over and g.state.round <= round_cap:
                legal = g.legal_actions()
                seat = legal[0]["player"]
                t = time.perf_counter()
                pick = bots[seat].choose(g, legal, rng)
                if seats[seat] == "search" and len(legal) > 1:
                    times.append(time.perf_counter() - t)
                    its.append(bots[seat].last_iterations)
                g.apply(pick)
        except WaybillError:
            errors += 1
            continue
        if g.has_bot_score():
            me = seats.index("search")
            margins.append(float(g.bot_score(me)) - float(g.bot_score(1 - me)))
        if progress:
            print(f"  game {i + 1}/{games} seed {s}: seats {seats}, round {g.state.round}, "
                  f"winner {seats[g.winner] if g.over and g.winner is not None else None}", file=sys.stderr, flush=True)
        if not g.over:
            capped += 1
            continue
        w = g.winner
        wins[seats[w] if w is not None else "none"] += 1
        if w is not None and seats[w] == "search":
            won_rounds.append(g.state.round)
    finished = games - capped - errors
    times.sort()
    return {
        "pack": rules.ir["pack"]["id"], "opponent": names[1], "games": games, "finished": finished,
        "capped": capped, "errors": errors, "wins": wins,
        "search_win_rate": round(wins["search"] / finished, 3) if finished else None,
        "search_decisions": len(times),
        "ms_per_decision_mean": round(1000 * statistics.fmean(times), 1) if times else None,
        "ms_per_decision_p95": round(1000 * times[int(0.95 * (len(times) - 1))], 1) if times else None,
        "iterations_mean": round(statistics.fmean(its), 1) if its else None,
        "hint_margin_mean": round(statistics.fmean(margins), 1) if margins else None,
        "rounds_to_win_mean": round(statistics.fmean(won_rounds), 1) if won_rounds else None,
        "settings": resolve("search", rules)[1] | {k: v for k, v in
                                                   (("think_ms", think_ms), ("iterations", iterations),
                                                    *(settings or {}).items()) if v is not None},
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("packs", nargs="*", default=PACKS)
    ap.add_argument("--opponent", default="random")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--think-ms", type=int, default=None)
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--set", action="append", default=[], metavar="NAME=NUMBER",
                    help="a search setting for this run (repeatable): --set rollout=2")
    ap.add_argument("--progress", action="store_true", help="a line per game on stderr")
    a = ap.parse_args(argv)
    settings = {k: float(v) for k, _, v in (x.partition("=") for x in a.set)}
    rows = []
    for pack in a.packs:
        row = bench_pack(pack, a.opponent, a.games, a.seed, a.think_ms, a.iterations, settings=settings,
                         progress=a.progress)
        print(json.dumps(row), flush=True)
        rows.append(row)
    print(f"{'pack':10} {'vs':18} {'won':>9} {'capped':>6} {'ms/dec':>7} {'p95':>7} {'iters':>6}", file=sys.stderr)
    for r in rows:
        print(f"{r['pack']:10} {r['opponent']:18} {r['wins']['search']:>4}/{r['finished']:<4} {r['capped']:>6} "
              f"{r['ms_per_decision_mean']!s:>7} {r['ms_per_decision_p95']!s:>7} {r['iterations_mean']!s:>6}",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
