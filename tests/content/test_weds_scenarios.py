"""Every scenario of Wasteland Express Delivery Service passes, one test
each: the cards' scenarios (content/weds/scenarios/cards_*.wb) and the bot's
(content/weds/bot.wb) here; the rulebook's worked examples in
test_weds_rulebook.py, the variants' in test_weds_variants.py. Together they
are every scenario the pack declares, as `waybill test weds` runs them."""

import pytest

from tests.wbkit import compiled_pack, run_pack_scenario, scenario_ids

PACK = "weds"
RULEBOOK = set(scenario_ids(PACK, "scenarios/rulebook_*.wb"))
VARIANTS = set(scenario_ids(PACK, "scenarios/variant_*.wb"))
OTHERS = [sc for sc in scenario_ids(PACK) if sc not in RULEBOOK | VARIANTS]


def test_every_scenario_of_the_pack_has_its_test():
    declared = [sc["id"] for sc in compiled_pack(PACK).scenarios]
    assert sorted(declared) == sorted(OTHERS + list(RULEBOOK | VARIANTS))
    assert len(OTHERS) >= 40


@pytest.mark.parametrize("scenario", OTHERS)
def test_scenario_passes(scenario):
    outcome = run_pack_scenario(PACK, scenario)
    assert outcome.passed, outcome.render()
