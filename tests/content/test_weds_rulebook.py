"""The rulebook's worked examples of Wasteland Express Delivery Service
(content/weds/scenarios/rulebook_*.wb) pass, and what a scenario step cannot
say ("this choice is not offered") is checked here on the same positions."""

import pytest

from tests.wbkit import compiled_pack, run_pack_scenario, scenario_ids
from waybill.scenarios import run_step, start

PACK = "weds"
RULEBOOK = scenario_ids(PACK, "scenarios/rulebook_*.wb")


def _compiled():
    return compiled_pack(PACK)


def test_the_rulebook_has_its_scenarios():
    assert len(RULEBOOK) >= 20
    assert set(RULEBOOK) <= {sc["id"] for sc in _compiled().scenarios}


@pytest.mark.parametrize("scenario", RULEBOOK)
def test_rulebook_scenario_passes(scenario):
    outcome = run_pack_scenario(PACK, scenario)
    assert outcome.passed, outcome.render()


def test_a_damaged_hold_discards_exactly_its_contents():
    # "You can assign a damage token to a full cargo hold, in which case you
    # must discard its contents": each hold is offered with what it holds, and
    # the damaged hold's food goes with no further choice (the weapons in the
    # working weapons hold are never at stake).
    result = _compiled()
    sc = next(s for s in result.scenarios if s["id"] == "rulebook_damage_full_hold")
    game = start(result.ir, sc)
    assert [a["label"] for a in game.legal_actions()] == [
        "an empty slot", "Cargo Hold → General Storage (Food)", "Cargo Hold → Weapons Storage (Weapons)"]
    game.apply(game.legal_actions()[1])
    assert "Food" not in [a["label"] for a in game.legal_actions()]
    assert "Move your truck" in [a["label"] for a in game.legal_actions()]


def _seen_by(game, seat, entity):
    """Whether `seat`'s view names a piece of `entity` anywhere (zones, known)."""
    import json
    return f'"entity": "{entity}"' in json.dumps(game.view(seat, zones=True))


def test_a_faction_job_is_face_up_once_a_requirement_is_fulfilled():
    # "Keep your incomplete faction job cards in your hand, hidden from all
    # other players." ... "place the card face up when you have fulfilled the
    # first requirement on the card".
    result = _compiled()
    sc = next(s for s in result.scenarios if s["id"] == "cards_job_multi_requirement")
    game = start(result.ir, sc)
    assert _seen_by(game, 0, "procession") and not _seen_by(game, 1, "procession"), "in hand: hidden"
    for step in sc["steps"][:2]:
        run_step(game, step)
    assert _seen_by(game, 1, "procession"), "the first requirement fulfilled, the card is face up"


def test_a_vision_quest_card_is_read_by_its_player_alone():
    # "take the top card (A) of that stack. Once you have fulfilled the
    # requirements listed on that card, place it face up. You may then look at
    # and take the next card in the stack."
    result = _compiled()
    sc = next(s for s in result.scenarios if s["id"] == "cards_vision_quest")
    game = start(result.ir, sc)
    for step in sc["steps"][:3]:
        run_step(game, step)
    assert _seen_by(game, 0, "vq_5a") and not _seen_by(game, 1, "vq_5a")
    sc = next(s for s in result.scenarios if s["id"] == "cards_vision_quest_next_card_private")
    game = start(result.ir, sc)
    assert _seen_by(game, 1, "vq_5a"), "5A fulfilled: face up"
    assert _seen_by(game, 0, "vq_5b") and not _seen_by(game, 1, "vq_5b"), "5B: looked at by its player alone"
