"""The rulebook's worked examples of Wasteland Express Delivery Service
(content/weds/scenarios/rulebook_*.wb) pass, and what a scenario step cannot
say ("this choice is not offered") is checked here on the same positions."""

from waybill.compiler import compile_pack
from waybill.scenarios import run_scenario, run_step, start

PACK = "content/weds"


def _compiled():
    result = compile_pack(PACK)
    assert result.ir is not None, result.report.render()
    return result


def test_rulebook_scenarios_pass():
    result = _compiled()
    rulebook = [sc for sc in result.scenarios if sc["id"].startswith("rulebook_")]
    assert len(rulebook) >= 20
    failures = [o.render() for o in (run_scenario(PACK, result.ir, sc) for sc in rulebook) if not o.passed]
    assert not failures, "\n".join(failures)


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
