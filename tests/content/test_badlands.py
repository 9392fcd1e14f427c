"""The badlands pack: it compiles cleanly, its scenarios pass, and bot and
random games finish without errors."""

import random

import pytest

from tests.wbkit import compiled_pack, pack_path, run_pack_scenario, scenario_ids
from waybill import load_pack
from waybill import check_paths
from waybill import Game

PACK = pack_path("badlands")
SCENARIOS = scenario_ids("badlands")
MAX_ACTIONS = 50_000       # a game that has not ended by then never will


def test_check_is_clean():
    report = check_paths([PACK])
    assert not [d for d in report.diagnostics if d.severity == "error"]


def test_every_scenario_has_its_test():
    assert sorted(sc["id"] for sc in compiled_pack("badlands").scenarios) == sorted(SCENARIOS)
    assert len(SCENARIOS) >= 30


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_scenario_passes(scenario):
    outcome = run_pack_scenario("badlands", scenario)
    assert outcome.passed, outcome.render()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_games_finish(players):
    from waybill import make_bot
    rules = load_pack(PACK)
    for seed in range(3):
        g = Game.new(rules, players=players, seed=seed)
        rng = random.Random(seed)
        bots = [make_bot("default", "badlands") for _ in range(players)]
        assert bots[0].name == "badlands"
        for _ in range(MAX_ACTIONS):
            if g.over:
                break
            legal = g.legal_actions()
            g.apply(bots[legal[0]["player"]].choose(g, legal, rng))
        assert g.over, f"a {players}-player bot game (seed {seed}) did not end in {MAX_ACTIONS} actions"
        assert g.result["scores"][g.result["ranking"][0]] >= 100


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_finish(players):
    rules = load_pack(PACK)
    g = Game.new(rules, players=players, seed=11)
    rng = random.Random(11)
    for _ in range(MAX_ACTIONS):
        if g.over:
            break
        g.apply(rng.choice(g.legal_actions()))
    assert g.over, f"a {players}-player random game did not end in {MAX_ACTIONS} actions"
    assert g.result is not None


def _seen_by(game, seat, entity):
    """Whether `seat`'s view names a piece of `entity` anywhere (zones, known)."""
    import json
    return f'"entity": "{entity}"' in json.dumps(game.view(seat, zones=True))


def test_an_encounter_card_is_looked_at_secretly():
    # "draw the top card of this location's Encounter deck without showing it
    # to anyone" ... "secretly looks at it. The card is an Armored door ...
    # The player shows the Armored door to everyone else, discards it".
    from waybill.scenarios import run_step, start
    result = compiled_pack("badlands")
    sc = next(s for s in result.scenarios if s["id"] == "door_secret_look")
    game = start(result.ir, sc)
    for step in sc["steps"][:3]:       # move on, to the Military Base, draw a card
        run_step(game, step)
    assert game.pending["player"] == 0 and "Open the Armored Door: Armory" in game.pending["prompt"]
    assert _seen_by(game, 0, "mb_armory_door"), "the drawer looks at the door"
    assert not _seen_by(game, 1, "mb_armory_door"), "no one else sees it"
    game.apply(next(a for a in game.legal_actions() if a["label"] == "Electronic Passkey"))
    assert _seen_by(game, 1, "mb_armory_door"), "opened, it is shown to everyone and discarded"


def test_a_card_played_in_a_fight_is_revealed_to_the_table():
    # "At the beginning of combat the attacking Gang may play any number of
    # cards equipped: reveal them."
    from waybill.scenarios import run_step, start
    result = compiled_pack("badlands")
    sc = next(s for s in result.scenarios if s["id"] == "fight_reveals_cards")
    game = start(result.ir, sc)
    assert not _seen_by(game, 1, "mb_body_armor"), "equipped face-down"
    for step in sc["steps"][:5]:
        run_step(game, step)
    assert _seen_by(game, 1, "mb_body_armor"), "played: revealed"
