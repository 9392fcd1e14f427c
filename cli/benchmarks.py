"""`waybill bench`: how fast checking, compiling and playing are.

Every figure is a median of repeated runs, measured in one process (except
`check_ms` and `check_nocache_ms`, which time a cold `waybill check`
process, start-up included: with its result cached, and without).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time

from waybill.api import make_bot
from waybill.compiler import shipped_packs
from waybill.api import compile_pack
from waybill.api import Game, Rules


def _median_time(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def check_ms_cold(repeats: int) -> dict[str, float]:
    """A fresh `waybill check` process of every shipped pack, start-up included:

    - `check_ms`: nothing changed since the last check (its result is cached);
    - `check_nocache_ms`: no cached check result (as after an edit), the parse cache warm.

    The runs use a cache folder of their own, so the user's is left as it is."""
    import shutil
    import tempfile

    from waybill.compiler.check_cache import SUBFOLDER
    # -P: never import a source folder named like the package from the working directory
    cmd = [sys.executable, "-P", "-c", "from waybill.cli import main; main()", "check"]
    with tempfile.TemporaryDirectory(prefix="waybill-bench-") as cache:
        env = {k: v for k, v in os.environ.items() if k != "WAYBILL_NO_CACHE"}
        env.update(PYTHONDONTWRITEBYTECODE="0", WAYBILL_CACHE=cache)

        def run() -> None:
            subprocess.run(cmd, capture_output=True, env=env)
        run()  # fills the parse cache and the check cache, warms the file cache and .pyc files
        warm = _median_time(run, repeats)
        times = []
        for _ in range(repeats):
            shutil.rmtree(os.path.join(cache, SUBFOLDER), ignore_errors=True)
            times.append(_median_time(run, 1))
    return {"check_ms": round(1000 * warm, 1), "check_nocache_ms": round(1000 * statistics.median(times), 1)}


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
    bots = [make_bot(bot, rules) for _ in range(players)]
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


def end_game(rules: Rules, players: int, seed: int = 1, round_cap: int = 200) -> Game:
    """A game played by random moves to its end (or ``round_cap``): the longest record."""
    game = Game.new(rules, players=players, seed=seed)
    rng = random.Random(seed)
    while not game.over and game.state.round <= round_cap:
        game.apply(rng.choice(game.legal_actions()))
    return game


def roundtrip_us(game: Game, repeats: int, log: bool = True) -> float:
    """``to_json`` then ``from_json`` (what the engine does to save and load);
    ``log=False`` saves without the history. The JSON text encoding between
    them is the caller's and is timed apart (``save_text_us``)."""
    rules = game.rules
    n = 50

    def trip() -> None:
        for _ in range(n):
            Game.from_json(rules, game.to_json(log))
    return 1e6 * _median_time(trip, repeats) / n


def save_text_us(game: Game, repeats: int) -> float:
    """The whole save through JSON text: ``json.dumps(to_json())``, ``json.loads``, ``from_json``."""
    rules = game.rules
    n = 5

    def trip() -> None:
        for _ in range(n):
            Game.from_json(rules, json.loads(json.dumps(game.to_json())))
    return 1e6 * _median_time(trip, repeats) / n


def view_positions(rules: Rules, players: int, count: int = 200, seed: int = 3) -> list[tuple[Game, int]]:
    """``count`` mid-game positions (a game played by random moves, a clone
    every few decisions, past the setup), each with the seat to act."""
    game = Game.new(rules, players=players, seed=seed)
    rng = random.Random(seed)
    out: list[tuple[Game, int]] = []
    step = 0
    while len(out) < count:
        if game.over:
            game = Game.new(rules, players=players, seed=seed + len(out) + 1)
        game.apply(rng.choice(game.legal_actions()))
        step += 1
        if step > 40 and step % 3 == 0 and not game.over:
            out.append((game.clone(), game.pending["player"]))
    return out


def view_lang_cpu_us(positions: list[tuple[Game, int]], lang: str | None, repeats: int) -> float:
    """CPU time of one view with the display (what a frontend asks after
    every action) in ``lang``, per view, median of ``repeats`` passes over
    ``positions`` (CPU time: the machine is shared, and a view waits on nothing)."""
    for game, seat in positions[:5]:
        game.view(seat, lang=lang)          # (the catalogue is read once, outside the timing)
    times = []
    for _ in range(repeats):
        t = time.process_time()
        for game, seat in positions:
            game.view(seat, lang=lang)
        times.append(time.process_time() - t)
    return 1e6 * statistics.median(times) / len(positions)


def view_langs(rules: Rules, players: int, repeats: int) -> dict:
    """A Russian view against an English one on the same 200 positions
    (issue #24: a view in another language costs about what one in English
    does; the ratio was 3.4 when text was read back from its English)."""
    positions = view_positions(rules, players)
    plain = view_lang_cpu_us(positions, None, repeats)      # the IR's own English words, no catalogue
    en = view_lang_cpu_us(positions, "en", repeats)
    ru = view_lang_cpu_us(positions, "ru", repeats)
    return {"view_cpu_us": round(plain, 1), "view_en_cpu_us": round(en, 1), "view_ru_cpu_us": round(ru, 1),
            "view_ru_en_ratio": round(ru / en, 2), "view_ru_plain_ratio": round(ru / plain, 2)}


def run(pack: str = "weds", players: int = 4, quick: bool = False) -> dict:
    repeats = 3 if quick else 7
    games = 5 if quick else 30
    rules = _rules(pack)
    reference = _rules(pack, engine="interpreter")
    game = mid_game(rules, players)
    end = end_game(rules, players)
    out = {
        "pack": pack,
        "players": players,
        "engine": rules.engine,
        **check_ms_cold(repeats),
        "compile_ms": round(compile_ms(repeats), 1),
        "games_per_s": round(games_per_s(rules, players, games), 2),
        "steps_per_s": round(steps_per_s(rules, players, games), 1),
        "steps_per_s_interpreter": round(steps_per_s(reference, players, games), 1),
        "clone_us": round(clone_us(game, repeats), 2),
        "roundtrip_us": round(roundtrip_us(game, repeats), 1),
        "roundtrip_lean_us": round(roundtrip_us(game, repeats, log=False), 1),
        "roundtrip_end_us": round(roundtrip_us(end, repeats), 1),
        "save_text_us": round(save_text_us(game, repeats), 1),
        "save_text_end_us": round(save_text_us(end, repeats), 1),
        "state_bytes": len(json.dumps(game.to_json())),
        "state_lean_bytes": len(json.dumps(game.to_json(log=False))),
        "state_end_bytes": len(json.dumps(end.to_json())),
        "log_end_entries": len(end.log),
        **view_langs(rules, players, repeats),
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
