"""The badlands pack: it compiles cleanly, its scenarios pass, and bot and
random games finish without errors."""

import random

import pytest

from waybill import load_pack
from waybill import check_paths
from waybill import Game
from waybill.scenarios import run_pack

PACK = "content/badlands"


def test_check_is_clean():
    report = check_paths([PACK])
    assert not [d for d in report.diagnostics if d.severity == "error"]


def test_scenarios_pass():
    outcomes = run_pack(PACK)
    assert len(outcomes) >= 30
    failed = [o.render() for o in outcomes if not o.passed]
    assert not failed, "\n".join(failed)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_games_finish(players):
    from waybill import make_bot
    rules = load_pack(PACK)
    for seed in range(3):
        g = Game.new(rules, players=players, seed=seed)
        rng = random.Random(seed)
        bots = [make_bot("default", "badlands") for _ in range(players)]
        assert bots[0].name == "badlands"
        while not g.over:
            legal = g.legal_actions()
            g.apply(bots[legal[0]["player"]].choose(g, legal, rng))
        assert g.result["scores"][g.result["ranking"][0]] >= 100


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_finish(players):
    rules = load_pack(PACK)
    g = Game.new(rules, players=players, seed=11)
    rng = random.Random(11)
    while not g.over:
        g.apply(rng.choice(g.legal_actions()))
    assert g.result is not None


def _seen_by(game, seat, entity):
    """Whether `seat`'s view names a piece of `entity` anywhere (zones, known)."""
    import json
    return f'"entity": "{entity}"' in json.dumps(game.view(seat, zones=True))


def test_an_encounter_card_is_looked_at_secretly():
    # "draw the top card of this location's Encounter deck without showing it
    # to anyone" ... "secretly looks at it. The card is an Armored door ...
    # The player shows the Armored door to everyone else, discards it".
    from waybill import compile_pack
    from waybill.scenarios import run_step, start
    result = compile_pack(PACK)
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
    from waybill import compile_pack
    from waybill.scenarios import run_step, start
    result = compile_pack(PACK)
    sc = next(s for s in result.scenarios if s["id"] == "fight_reveals_cards")
    game = start(result.ir, sc)
    assert not _seen_by(game, 1, "mb_body_armor"), "equipped face-down"
    for step in sc["steps"][:5]:
        run_step(game, step)
    assert _seen_by(game, 1, "mb_body_armor"), "played: revealed"
