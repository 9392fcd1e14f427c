"""What a random WEDS step would cost if listing actions were free: a ceiling,
for valgrind (bench/README.md).

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null python -P bench/listing_ceiling.py MODE N

After the same 100 warm-up steps as random_instructions.py, N random steps
are played and every outermost listing they make (the options of each
`act`, each `actions_open` count outside a listing) is recorded. With
``oracle``, the same N steps are then played again from a clone of the
position before them, each listing answered from the record in the order
made; the replay must end in the very state the record did (checked), so
the oracle answered exactly what the listings would have.

Runs: ``normal 0`` (A), ``normal 1500`` (B), ``oracle 1500`` (C). One step
costs (B − A) / 1500; with free listings, (C − B) / 1500."""
import json
import random
import sys

from waybill.benchmarks import _rules
from waybill import Game
from waybill.runtime.engine import decisions


def play(game: Game, rng: random.Random, n: int) -> None:
    for _ in range(n):
        if game.over:
            return
        game.apply(rng.choice(game.legal_actions()))


def recording(log: list):
    """The real listings, each outermost answer recorded (the ones nested in
    a listing's requirements are not asked again when the outer one is given)."""
    live, count = decisions.live_actions, decisions.open_count
    depth = [0]

    def recorded(compute, *args):
        depth[0] += 1
        try:
            out = compute(*args)
        finally:
            depth[0] -= 1
        if not depth[0]:
            log.append(list(out) if type(out) is list else out)
        return out

    def live_actions(m, p, tags):
        return recorded(live, m, p, tags)

    def open_count(m, p, tag):
        return recorded(count, m, p, tag)
    return live_actions, open_count


def answering(log: list):
    it = iter(log)

    def live_actions(m, p, tags):
        return list(next(it))

    def open_count(m, p, tag):
        return next(it)
    return live_actions, open_count


if __name__ == "__main__":
    mode, n = sys.argv[1], int(sys.argv[2])
    game = Game.new(_rules("weds"), players=4, seed=1)
    rng = random.Random(1)
    play(game, rng, 100)
    start, seed_state = game.clone(), rng.getstate()
    log: list = []
    original = decisions.live_actions, decisions.open_count
    decisions.live_actions, decisions.open_count = recording(log)
    play(game, rng, n)
    decisions.live_actions, decisions.open_count = original
    if mode == "oracle":
        decisions.live_actions, decisions.open_count = answering(log)
        rng.setstate(seed_state)
        play(start, rng, n)
        decisions.live_actions, decisions.open_count = original
    else:
        start = game
    # the same check in both modes (without the log, whose entries would be
    # built here: their cost is not a step's), so C - B is the replay alone
    if json.dumps(start.to_json(log=False), sort_keys=True) != json.dumps(game.to_json(log=False), sort_keys=True):
        sys.exit("the replay with recorded listings ended elsewhere")
    print(mode, n, "listings", len(log), file=sys.stderr)
