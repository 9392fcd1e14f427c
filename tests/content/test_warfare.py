"""The warfare pack: it compiles cleanly, its scenarios pass, and bot and
random Story Phases finish (a free Recruit keeps a crew in the phase, so the
loop must still end)."""

import random

import pytest

from waybill import load_pack
from waybill.compiler import check_paths
from waybill.runtime import Game
from waybill.scenarios import run_pack

PACK = "content/warfare"


def test_check_is_clean():
    report = check_paths([PACK])
    assert not [d for d in report.diagnostics if d.severity == "error"]


def test_scenarios_pass():
    outcomes = run_pack(PACK)
    assert len(outcomes) >= 37
    failed = [o.render() for o in outcomes if not o.passed]
    assert not failed, "\n".join(failed)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_games_finish(players):
    from waybill.bots import make_bot
    rules = load_pack(PACK)
    for seed in range(3):
        g = Game.new(rules, players=players, seed=seed)
        rng = random.Random(seed)
        bots = [make_bot("default", "warfare") for _ in range(players)]
        while not g.over:
            legal = g.legal_actions()
            g.apply(bots[legal[0]["player"]].choose(g, legal, rng))
        assert g.result is not None


@pytest.mark.parametrize("seed", [3, 11])
def test_random_games_finish(seed):
    rules = load_pack(PACK)
    g = Game.new(rules, players=3, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not g.over and steps < 20000:
        g.apply(rng.choice(g.legal_actions()))
        steps += 1
    assert g.over
