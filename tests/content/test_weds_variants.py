"""The five variants of Wasteland Express Delivery Service (Appendix F,
content/weds/variants/): `waybill check` does not look inside a variant's
block unless it is applied, so each variant is compiled here on its own and
all five together; they are listed as variants, and their scenarios pass."""

import pytest

from tests.wbkit import compiled_pack, pack_path, run_pack_scenario, scenario_ids
from waybill.compiler import list_declarations
from waybill import compile_pack

PACK = pack_path("weds")
VARIANTS = ["risky-smuggling", "brutal-competition", "raider-warping", "no-event-deck", "perfect-information"]


def _errors(result) -> list[str]:
    return [f"{d.file}:{d.span.line}: {d.message}" for d in result.report.diagnostics if d.severity == "error"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_compiles(variant):
    result = compile_pack(PACK, [variant])
    assert not _errors(result), _errors(result)
    assert result.ir["pack"]["variants"] == [variant.replace("-", "_")]


def test_all_variants_combine():
    result = compile_pack(PACK, VARIANTS)
    assert not _errors(result), _errors(result)
    assert len(result.ir["pack"]["variants"]) == 5


@pytest.mark.parametrize("pair", [("raider-warping", "no-event-deck"), ("brutal-competition", "perfect-information")])
def test_pairs_compile(pair):
    result = compile_pack(PACK, list(pair))
    assert not _errors(result), _errors(result)


def test_listed_as_variants():
    rows, _ = list_declarations(PACK)
    ids = {r["id"] for r in rows if r["kind"] == "variant"}
    assert {v.replace("-", "_") for v in VARIANTS} <= ids


VARIANT_SCENARIOS = scenario_ids("weds", "scenarios/variant_*.wb")


def test_each_variant_has_scenarios():
    applied = {v for sc in compiled_pack("weds").scenarios if sc["id"] in VARIANT_SCENARIOS for v in sc["variants"]}
    assert applied == {v.replace("-", "_") for v in VARIANTS}


@pytest.mark.parametrize("scenario", VARIANT_SCENARIOS)
def test_variant_scenario_passes(scenario):
    outcome = run_pack_scenario("weds", scenario)
    assert outcome.passed, outcome.render()
