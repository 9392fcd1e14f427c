"""Instructions per random-play step of a pack, for valgrind (bench/README.md):

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null python -P bench/random_instructions.py weds 4 0
    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null python -P bench/random_instructions.py weds 4 1500

run with N=0 and N=1500: the difference / 1500 is one step (listing, the
random pick and `apply`), as `waybill bench`'s `steps_per_s` plays them.
Both runs first play the same 100 warm-up steps (imports, rules, the
legality cache's first entries), so the difference is steady play only."""
import random
import sys

from waybill.benchmarks import _rules
from waybill import Game


def steps(game: Game, rng: random.Random, n: int) -> int:
    done = 0
    while done < n and not game.over:
        legal = game.legal_actions()
        game.apply(rng.choice(legal))
        done += 1
    return done


if __name__ == "__main__":
    pack, players, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    game = Game.new(_rules(pack), players=players, seed=1)
    rng = random.Random(1)
    steps(game, rng, 100)
    print(steps(game, rng, n), "steps", file=sys.stderr)
