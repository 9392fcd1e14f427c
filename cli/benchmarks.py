"""`waybill bench`: how fast checking, compiling and playing are.

Every figure is a median of repeated runs, measured in one process (except
`check_ms` and `check_nocache_ms`, which time a cold `waybill check`
process, start-up included: with its result cached, and without).

Every timed figure is given twice: by the wall clock (the top-level keys) and
by CPU time (the same keys under ``"cpu"``: ``time.process_time`` plus the
CPU of the child processes waited for). On a shared machine the wall clock
counts the time other jobs took; CPU time does not, so compare CPU figures
(and, between two revisions, bench/compare_revs.py).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

from waybill.api import make_bot
from waybill.compiler import shipped_packs
from waybill.api import compile_pack
from waybill.api import Game, Rules
from waybill.clocks import Figures, Took, median, median_took, took


def check_ms_cold(repeats: int) -> Figures:
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
        warm = median_took(run, repeats)

        def run_uncached() -> Took:
            shutil.rmtree(os.path.join(cache, SUBFOLDER), ignore_errors=True)
            return took(run)
        cold = [run_uncached() for _ in range(repeats)]
    out = Figures()
    out.put("check_ms", warm, 1e3)
    out.put("check_nocache_ms", median(cold), 1e3)
    return out


def compile_took(repeats: int) -> Took:
    """Compiling every shipped pack in a warm process."""
    packs = list(shipped_packs())
    return median_took(lambda: [compile_pack(p) for p in packs], repeats)


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


def bot_games(rules: Rules, players: int, games: int, bot: str = "default") -> Took:
    """``games`` games of ``bot`` in every seat (seeds 1 to ``games``)."""
    return took(lambda: [play_game(rules, players, seed, bot) for seed in range(1, games + 1)])


def random_steps(rules: Rules, players: int, games: int) -> tuple[int, Took]:
    """Actions taken by random play in ``games`` games (seeds 1 to ``games``), and their time."""
    steps = []
    t = took(lambda: steps.extend(play_game(rules, players, seed, "random") for seed in range(1, games + 1)))
    return sum(steps), t


def mid_game(rules: Rules, players: int, seed: int = 1, steps: int = 60) -> Game:
    game = Game.new(rules, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def clone_took(game: Game, repeats: int) -> Took:
    n = 200
    return median_took(lambda: [game.clone() for _ in range(n)], repeats).per(n)


def end_game(rules: Rules, players: int, seed: int = 1, round_cap: int = 200) -> Game:
    """A game played by random moves to its end (or ``round_cap``): the longest record."""
    game = Game.new(rules, players=players, seed=seed)
    rng = random.Random(seed)
    while not game.over and game.state.round <= round_cap:
        game.apply(rng.choice(game.legal_actions()))
    return game


def roundtrip_took(game: Game, repeats: int, log: bool = True) -> Took:
    """``to_json`` then ``from_json`` (what the engine does to save and load);
    ``log=False`` saves without the history. The JSON text encoding between
    them is the caller's and is timed apart (``save_text_us``)."""
    rules = game.rules
    n = 50

    def trip() -> None:
        for _ in range(n):
            Game.from_json(rules, game.to_json(log))
    return median_took(trip, repeats).per(n)


def save_text_took(game: Game, repeats: int) -> Took:
    """The whole save through JSON text: ``json.dumps(to_json())``, ``json.loads``, ``from_json``."""
    rules = game.rules
    n = 5

    def trip() -> None:
        for _ in range(n):
            Game.from_json(rules, json.loads(json.dumps(game.to_json())))
    return median_took(trip, repeats).per(n)


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


def view_lang_took(positions: list[tuple[Game, int]], lang: str | None, repeats: int) -> Took:
    """One view with the display (what a frontend asks after every action)
    in ``lang``, per view, median of ``repeats`` passes over ``positions``."""
    for game, seat in positions[:5]:
        game.view(seat, lang=lang)          # (the catalogue is read once, outside the timing)

    def views() -> None:
        for game, seat in positions:
            game.view(seat, lang=lang)
    return median_took(views, repeats).per(len(positions))


def view_langs(rules: Rules, players: int, repeats: int) -> Figures:
    """A Russian view against an English one on the same 200 positions
    (issue #24: a view in another language costs about what one in English
    does; the ratio was 3.4 when text was read back from its English)."""
    positions = view_positions(rules, players)
    plain = view_lang_took(positions, None, repeats)      # the IR's own English words, no catalogue
    en = view_lang_took(positions, "en", repeats)
    ru = view_lang_took(positions, "ru", repeats)
    out = Figures()
    out.put("view_us", plain, 1e6)
    out.put("view_en_us", en, 1e6)
    out.put("view_ru_us", ru, 1e6)
    out.ratio("view_ru_en_ratio", ru, en)
    out.ratio("view_ru_plain_ratio", ru, plain)
    return out


def run(pack: str = "weds", players: int = 4, quick: bool = False,
        repeats: int | None = None, games: int | None = None) -> dict:
    """Every figure, by the wall clock and (under ``"cpu"``) by CPU time;
    ``repeats`` and ``games`` other than ``quick``'s (for a test)."""
    repeats = repeats or (3 if quick else 7)
    games = games or (5 if quick else 30)
    rules = _rules(pack)
    reference = _rules(pack, engine="interpreter")
    game = mid_game(rules, players)
    end = end_game(rules, players)
    plain = {"pack": pack, "players": players, "engine": rules.engine}
    out = Figures()
    out.merge(check_ms_cold(repeats))
    out.put("compile_ms", compile_took(repeats), 1e3)
    out.rate("games_per_s", games, bot_games(rules, players, games), digits=2)
    out.rate("steps_per_s", *random_steps(rules, players, games))
    out.rate("steps_per_s_interpreter", *random_steps(reference, players, games))
    out.put("clone_us", clone_took(game, repeats), 1e6, digits=2)
    out.put("roundtrip_us", roundtrip_took(game, repeats), 1e6)
    out.put("roundtrip_lean_us", roundtrip_took(game, repeats, log=False), 1e6)
    out.put("roundtrip_end_us", roundtrip_took(end, repeats), 1e6)
    out.put("save_text_us", save_text_took(game, repeats), 1e6)
    out.put("save_text_end_us", save_text_took(end, repeats), 1e6)
    plain.update({
        "state_bytes": len(json.dumps(game.to_json())),
        "state_lean_bytes": len(json.dumps(game.to_json(log=False))),
        "state_end_bytes": len(json.dumps(end.to_json())),
        "log_end_entries": len(end.log),
    })
    out.merge(view_langs(rules, players, repeats))
    from waybill.overhead import overhead_ratio
    # both engines side by side, so one run shows what the compiled engine gains
    out.merge(overhead_ratio(repeats, engine=rules.engine))
    out.merge(overhead_ratio(repeats, engine="interpreter"), "_interpreter", skip=("rule_by_hand_us",))
    return out.data(plain)
