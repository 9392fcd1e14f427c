"""`waybill bench`: how fast checking, compiling and playing are.

Every figure is a median of repeated runs, measured in one process (except
`check_ms`, which times a cold `waybill check` process, start-up included).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time

from waybill.bots import make_bot
from waybill.compiler import compile_pack, shipped_packs
from waybill.runtime import Game, Rules


def _median_time(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def check_ms_cold(repeats: int) -> float:
    """A fresh `waybill check` of every shipped pack, process start-up included."""
    # -P: never import the source folder `waybill/` from the working directory
    cmd = [sys.executable, "-P", "-c", "from waybill.cli import main; main()", "check"]
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="0")
    subprocess.run(cmd, capture_output=True, env=env)  # warm the file cache and .pyc files
    return 1000 * _median_time(lambda: subprocess.run(cmd, capture_output=True, env=env), repeats)


def compile_ms(repeats: int) -> float:
    """Compiling every shipped pack in a warm process."""
    packs = list(shipped_packs())
    return 1000 * _median_time(lambda: [compile_pack(p) for p in packs], repeats)


def _rules(pack: str, engine: str | None = None) -> Rules:
    result = compile_pack(pack)
    if result.ir is None:
        raise RuntimeError(f"{pack} does not compile:\n{result.report.render()}")
    return Rules.from_ir(result.ir, engine=engine)


def play_game(rules: Rules, players: int, seed: int, bot: str, round_cap: int = 200) -> int:
    """Play one bot game; returns the number of actions taken."""
    game = Game.new(rules, players=players, seed=seed)
    bots = [make_bot(bot, rules.ir["pack"]["id"]) for _ in range(players)]
    rng = random.Random(seed)
    steps = 0
    while not game.over and game.state.round <= round_cap:
        legal = game.legal_actions()
        game.apply(bots[legal[0]["player"]].choose(game, legal, rng))
        steps += 1
    return steps


def games_per_s(rules: Rules, players: int, games: int, bot: str = "default") -> float:
    t = time.perf_counter()
    for seed in range(1, games + 1):
        play_game(rules, players, seed, bot)
    return games / (time.perf_counter() - t)


def steps_per_s(rules: Rules, players: int, games: int) -> float:
    t = time.perf_counter()
    steps = sum(play_game(rules, players, seed, "random") for seed in range(1, games + 1))
    return steps / (time.perf_counter() - t)


def mid_game(rules: Rules, players: int, seed: int = 1, steps: int = 60) -> Game:
    game = Game.new(rules, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def clone_us(game: Game, repeats: int) -> float:
    n = 200
    return 1e6 * _median_time(lambda: [game.clone() for _ in range(n)], repeats) / n


def roundtrip_us(game: Game, repeats: int, log: bool = True) -> float:
    """Save to JSON text and load back; ``log=False`` saves without the history."""
    rules = game.rules
    n = 50

    def trip() -> None:
        for _ in range(n):
            Game.from_json(rules, json.loads(json.dumps(game.to_json(log))))
    return 1e6 * _median_time(trip, repeats) / n


def run(pack: str = "weds", players: int = 4, quick: bool = False) -> dict:
    repeats = 3 if quick else 7
    games = 5 if quick else 30
    rules = _rules(pack)
    reference = _rules(pack, engine="interpreter")
    game = mid_game(rules, players)
    out = {
        "pack": pack,
        "players": players,
        "engine": rules.engine,
        "check_ms": round(check_ms_cold(repeats), 1),
        "compile_ms": round(compile_ms(repeats), 1),
        "games_per_s": round(games_per_s(rules, players, games), 2),
        "steps_per_s": round(steps_per_s(rules, players, games), 1),
        "steps_per_s_interpreter": round(steps_per_s(reference, players, games), 1),
        "clone_us": round(clone_us(game, repeats), 2),
        "roundtrip_us": round(roundtrip_us(game, repeats), 1),
        "roundtrip_lean_us": round(roundtrip_us(game, repeats, log=False), 1),
        "state_bytes": len(json.dumps(game.to_json())),
        "state_lean_bytes": len(json.dumps(game.to_json(log=False))),
    }
    from waybill.overhead import overhead_ratio
    # both engines side by side, so one run shows what the compiled engine gains
    ratio = overhead_ratio(repeats, engine=rules.engine)
    if ratio is not None:
        out.update(ratio)
    ratio = overhead_ratio(repeats, engine="interpreter")
    if ratio is not None:
        out.update({f"{k}_interpreter": v for k, v in ratio.items() if k != "rule_by_hand_us"})
    return out
