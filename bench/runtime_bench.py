"""Runtime benchmark on the dice-race fixture (tests/runtime/fixtures.py).

    python bench/runtime_bench.py [--games N] [--repeats R] [--scale K]

Reports medians over repeats: random legal steps per second (legal_actions +
apply), full games per second, clone µs and JSON round-trip µs
(``json.loads(json.dumps(to_json()))`` + ``from_json``) on a mid-game state,
and, for comparison, ``copy.deepcopy`` of the same state.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.runtime.fixtures import dice_race_ir  # noqa: E402
from waybill import Game, Rules  # noqa: E402


def play(rules: Rules, seed: int, players: int) -> int:
    g = Game.new(rules, players, seed)
    rnd = random.Random(seed)
    steps = 0
    while not g.over:
        g.apply(rnd.choice(g.legal_actions()))
        steps += 1
    return steps


def steps_per_second(rules: Rules, games: int) -> tuple[float, float]:
    t0 = time.perf_counter()
    steps = sum(play(rules, s, 2 + s % 3) for s in range(games))
    dt = time.perf_counter() - t0
    return steps / dt, games / dt


def big_rules(scale: int) -> Rules:
    """The same game with ``scale`` times the cards: a realistic-size state."""
    ir = dice_race_ir()
    for e in ir["entities"]:
        if e["kind"] == "card":
            e["copies"] *= scale
    return Rules.from_ir(ir)


def mid_game(rules: Rules, steps: int = 12) -> Game:
    g = Game.new(rules, 4, seed=3)
    rnd = random.Random(3)
    for _ in range(steps):
        if g.over:
            break
        g.apply(rnd.choice(g.legal_actions()))
    return g


def per_call_us(fn, n: int) -> float:
    t0 = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - t0) / n * 1e6


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--scale", type=int, default=1, help="multiply the deck (20 = ~200 pieces)")
    args = ap.parse_args()
    rules = Rules.from_ir(dice_race_ir()) if args.scale == 1 else big_rules(args.scale)
    g = mid_game(rules)
    st = g.state
    rows = {"steps/s": [], "games/s": [], "clone µs": [], "json round trip µs": [], "deepcopy µs": []}
    for _ in range(args.repeats):
        sps, gps = steps_per_second(rules, args.games)
        rows["steps/s"].append(sps)
        rows["games/s"].append(gps)
        rows["clone µs"].append(per_call_us(g.clone, 5000))
        rows["json round trip µs"].append(
            per_call_us(lambda: Game.from_json(rules, json.loads(json.dumps(g.to_json()))), 1000))
        rows["deepcopy µs"].append(per_call_us(lambda: copy.deepcopy(st), 500))
    print(f"dice race, mid-game state: {len(st.p_ent)} pieces, {len(st.zones)} zones, "
          f"{len(st.log)} log entries, {len(json.dumps(g.to_json()))} JSON bytes")
    for name, values in rows.items():
        print(f"{name:>20}: {statistics.median(values):10.1f}  (median of {args.repeats})")


if __name__ == "__main__":
    main()
