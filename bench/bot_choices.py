"""A pack's default bot: its CPU per game, and proof that it still chooses the same.

    python -P bench/bot_choices.py                        # weds, seeds 1-12, 3 and 4 players
    python -P bench/bot_choices.py --save /tmp/before.json
    python -P bench/bot_choices.py --compare /tmp/before.json   # exit 1 on any difference

Each game is played to its end (or the round cap) with the pack's default
bot in every seat, as `waybill bench` plays them; its full save
(`game.to_json()`, log included) is hashed. A speed-up of a bot or of what it
reads must leave every hash unchanged: the same seed and the same choices
give the same save, byte for byte, and one different choice anywhere changes
it. CPU is `time.process_time`, split into the bot's `choose` and the rest
(listing and applying); compare figures taken in the same minute.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time

from waybill.benchmarks import _rules
from waybill import make_bot
from waybill import Game


def play(rules, players: int, seed: int, bot: str, round_cap: int = 200) -> tuple[str, float, float, int]:
    """(sha256 of the final save, CPU in the bot, CPU in total, decisions) of one game."""
    t0 = time.process_time()
    game = Game.new(rules, players=players, seed=seed)
    bots = [make_bot(bot, rules) for _ in range(players)]
    rng = random.Random(seed)
    in_bot = 0.0
    steps = 0
    clock = time.process_time
    while not game.over and game.state.round <= round_cap:
        legal = game.legal_actions()
        t = clock()
        pick = bots[legal[0]["player"]].choose(game, legal, rng)
        in_bot += clock() - t
        game.apply(pick)
        steps += 1
    total = time.process_time() - t0
    save = json.dumps(game.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(save.encode()).hexdigest(), in_bot, total, steps


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pack", nargs="?", default="weds")
    ap.add_argument("--seeds", type=int, default=12, help="seeds 1..N (default 12)")
    ap.add_argument("--players", default="3,4")
    ap.add_argument("--bot", default="default")
    ap.add_argument("--save", help="write the hashes and figures to this JSON file")
    ap.add_argument("--compare", help="a file written by --save: exit 1 unless every hash is the same")
    args = ap.parse_args(argv)
    rules = _rules(args.pack)
    games = {}
    bot_cpu = total_cpu = 0.0
    decisions = 0
    for n in (int(x) for x in args.players.split(",")):
        for seed in range(1, args.seeds + 1):
            h, b, t, steps = play(rules, n, seed, args.bot)
            games[f"{n}p-{seed}"] = h
            bot_cpu += b
            total_cpu += t
            decisions += steps
    k = len(games)
    out = {"pack": args.pack, "bot": args.bot, "games": k, "decisions": decisions,
           "cpu_per_game_s": round(total_cpu / k, 4), "bot_cpu_per_game_s": round(bot_cpu / k, 4),
           "bot_us_per_decision": round(bot_cpu / decisions * 1e6, 1),
           "all": hashlib.sha256("".join(games[g] for g in sorted(games)).encode()).hexdigest(),
           "hashes": games}
    print(json.dumps({k2: v for k2, v in out.items() if k2 != "hashes"}))
    if args.save:
        with open(args.save, "w") as f:
            json.dump(out, f, indent=1)
    if args.compare:
        with open(args.compare) as f:
            old = json.load(f)["hashes"]
        diff = sorted(g for g in games if old.get(g) != games[g])    # the games of this run
        if diff:
            print("different saves:", ", ".join(diff))
            return 1
        print(f"all {k} saves identical")
    return 0


if __name__ == "__main__":
    sys.exit(main())
