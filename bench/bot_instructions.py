"""Instructions a pack's default bot spends in one game, for valgrind (bench/README.md):

    python -P bench/bot_instructions.py record weds 4 1 > /tmp/picks.json
    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null python -P bench/bot_instructions.py bot weds 4 1
    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null python -P bench/bot_instructions.py replay weds 4 1 /tmp/picks.json

`bot` plays the game (PACK, PLAYERS, SEED) with the default bot in every
seat; `replay` plays the same game, listing the same options, but takes the
recorded option numbers instead of asking the bot. The difference of the two
counts is the bot: its own code and what it reads (SeatReader, Sight). Load
on the machine does not change an instruction count."""
import json
import random
import sys

from waybill.benchmarks import _rules
from waybill import make_bot
from waybill import Game


def play(pack: str, players: int, seed: int, picks: list[int] | None = None, round_cap: int = 200) -> list[int]:
    rules = _rules(pack)
    game = Game.new(rules, players=players, seed=seed)
    bots = [make_bot("default", rules) for _ in range(players)]
    rng = random.Random(seed)
    taken = []
    while not game.over and game.state.round <= round_cap:
        legal = game.legal_actions()
        if picks is None:
            pick = bots[legal[0]["player"]].choose(game, legal, rng)
        else:
            pick = legal[picks[len(taken)]]
        taken.append(pick["option"])
        game.apply(pick)
    return taken


if __name__ == "__main__":
    mode, pack, players, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    if mode == "record":
        print(json.dumps(play(pack, players, seed)))
    elif mode == "bot":
        play(pack, players, seed)
    else:
        with open(sys.argv[5]) as f:
            play(pack, players, seed, json.load(f))
