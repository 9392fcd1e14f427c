"""The warfare pack: it compiles cleanly, its scenarios pass, and bot and
random Story Phases finish (a free Recruit keeps a crew in the phase, so the
loop must still end)."""

import random

import pytest

from tests.wbkit import compiled_pack, pack_path, run_pack_scenario, scenario_ids
from waybill import load_pack
from waybill import make_bot
from waybill import check_paths
from waybill import Game

PACK = pack_path("warfare")
SCENARIOS = scenario_ids("warfare")


def test_check_is_clean():
    errors = [d for d in check_paths([PACK]).diagnostics if d.severity == "error"]
    assert not errors, errors


def test_every_scenario_has_its_test():
    assert sorted(sc["id"] for sc in compiled_pack("warfare").scenarios) == sorted(SCENARIOS)
    assert len(SCENARIOS) >= 37


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_scenario_passes(scenario):
    outcome = run_pack_scenario("warfare", scenario)
    assert outcome.passed, outcome.render()


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
