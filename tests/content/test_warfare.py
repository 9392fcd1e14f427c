"""The warfare pack: it compiles cleanly, its scenarios pass, and bot and
random Story Phases finish (a free Recruit keeps a crew in the phase, so the
loop must still end)."""

import random

import pytest

from waybill import load_pack
from waybill import make_bot
from waybill import check_paths
from waybill import Game
from waybill.scenarios import run_pack

PACK = "content/warfare"


def test_clean_and_scenarios_pass():
    errors = [d for d in check_paths([PACK]).diagnostics if d.severity == "error"]
    outcomes = run_pack(PACK)
    failed = [o.render() for o in outcomes if not o.passed]
    assert not errors and len(outcomes) >= 37 and not failed, "\n".join(failed)


def _play(players, seed, pick):
    g = Game.new(load_pack(PACK), players=players, seed=seed)
    rng, steps = random.Random(seed), 0
    while not g.over and steps < 20000:
        g.apply(pick(g, g.legal_actions(), rng))
        steps += 1
    return g


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_phases_end(players):
    bot = make_bot("default", "warfare")
    for seed in range(3):
        assert _play(players, seed, bot.choose).over


@pytest.mark.parametrize("seed", [3, 11])
def test_random_phases_end(seed):
    assert _play(3, seed, lambda g, legal, rng: rng.choice(legal)).over
