"""The bridges' costs: OpenSpiel's ISMCTS over a whole game, its random
simulation test, and the observation encoding.

    python -P bench/bridges_bench.py                       # weds, 2 seats, 2 simulations a decision
    python -P bench/bridges_bench.py --pack badlands --players 3 --sims 4
    python -P bench/bridges_bench.py --what sim            # pyspiel.random_sim_test, one full-length game
    python -P bench/bridges_bench.py --what obs            # observations a second, every seat

CPU is `time.process_time` (this process only), wall is `time.perf_counter`;
on a shared machine compare CPU, taken in the same minute.
"""

from __future__ import annotations

import argparse
import random
import time


def ismcts(pack: str, players: int, sims: int, seed: int) -> dict:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms.ismcts import ISMCTSBot

    import waybill.openspiel
    game = pyspiel.load_game("waybill", {"pack": pack, "players": players, "seed": seed})
    bots = [ISMCTSBot(game, waybill.openspiel.ScoreEvaluator(), uct_c=2.0, max_simulations=sims,
                      random_state=np.random.RandomState(i)) for i in range(players)]
    state = game.new_initial_state()
    cpu, wall, moves, searched = time.process_time(), time.perf_counter(), 0, 0
    while not state.is_terminal():
        searched += len(state.legal_actions()) > 1
        state.apply_action(bots[state.current_player()].step(state))
        moves += 1
    return {"moves": moves, "searched": searched, "returns": state.returns(),
            "cpu_s": round(time.process_time() - cpu, 1), "wall_s": round(time.perf_counter() - wall, 1)}


def sim(pack: str, players: int, seed: int) -> dict:
    import pyspiel

    import waybill.openspiel  # noqa: F401
    game = pyspiel.load_game("waybill", {"pack": pack, "players": players, "seed": seed})
    cpu, wall = time.process_time(), time.perf_counter()
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    return {"cpu_s": round(time.process_time() - cpu, 1), "wall_s": round(time.perf_counter() - wall, 1)}


def obs(pack: str, players: int, seed: int) -> dict:
    from waybill import Game, load_pack
    from waybill.observation import Encoding, observe
    rules = load_pack(pack)
    enc = Encoding(rules, players)
    game, rng = Game.new(rules, players, seed), random.Random(seed)
    n, cpu = 0, time.process_time()
    for step in range(300):
        if game.over:
            break
        for seat in range(players):
            observe(game, seat, enc)
            n += 1
        game.apply(rng.choice(game.legal_actions()))
    spent = time.process_time() - cpu
    return {"size": enc.size, "observations": n, "per_s": round(n / spent, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--what", choices=["ismcts", "sim", "obs"], default="ismcts")
    ap.add_argument("--pack", default="weds")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--sims", type=int, default=2)
    ap.add_argument("--seed", type=int, default=4)
    a = ap.parse_args()
    if a.what == "ismcts":
        print(ismcts(a.pack, a.players, a.sims, a.seed))
    elif a.what == "sim":
        print(sim(a.pack, a.players, a.seed))
    else:
        print(obs(a.pack, a.players, a.seed))


if __name__ == "__main__":
    main()
