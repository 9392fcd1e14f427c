"""The five variants of Wasteland Express Delivery Service (Appendix F,
content/weds/variants/): `waybill check` does not look inside a variant's
block unless it is applied, so each variant is compiled here on its own and
all five together; they are listed as variants, and their scenarios pass."""

import pytest

from waybill.compiler import list_declarations
from waybill import compile_pack
from waybill.scenarios import run_pack

PACK = "content/weds"
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


def test_variant_scenarios_pass():
    outcomes = [o for o in run_pack(PACK) if o.id.startswith("variant_")]
    assert len(outcomes) >= 5
    failed = [o.render() for o in outcomes if not o.passed]
    assert not failed, "\n".join(failed)
