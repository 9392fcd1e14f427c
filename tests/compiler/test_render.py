"""Rules text rendered from the IR (compiler/render.py) and the rules-text lint (compiler/lint_text.py)."""

from __future__ import annotations

import copy
import re
from functools import lru_cache
from pathlib import Path

import pytest

from tests.wbkit import compile_src
from waybill import compile_pack
from waybill.compiler.lint_text import lint_entities, text_numbers
from waybill.compiler.render import PRIMITIVE_TEMPLATES, Renderer
from waybill.spec.signatures import PRIMITIVES

CARDS = """\
resource coin "Coin" { display: "$" }
resource ore "Ore"
quantity reach(p: player) = 1
event found(who: player)
procedure hurt(p: player) { emit found(p) }
kind gadget { cost: int }
zone bin
gadget lamp "Lamp" {
  cost: 4
  text "Lamp ($4): +1 reach. When you find something, take $2."
  modify reach(owner) + 1
  on found where who == owner { gain(coin, 2, who) }
}
gadget drill "Drill" {
  cost: 3
  text "Drill ($3): Action, once a round: pay $3 to take 2 Ore."
  action dig "Dig" {
    limit 1 per round
    require me.coin >= 3, "not enough"
    pay(coin, 3)
    gain(ore, 2)
  }
}
gadget shield "Shield" {
  cost: 2
  text "Shield ($2): Instead of getting hurt, discard the Shield."
  instead of hurt where p == owner { move(self, bin) }
}
game { players 2..2 play { hurt(me) let r = reach(me) } }
"""


@pytest.fixture
def cards(tmp_path):
    result = compile_src(tmp_path, CARDS)
    assert result.ir is not None and not result.report.diagnostics, result.report.render()
    ir = result.ir
    return ir, {e["id"]: e for e in ir["entities"]}


def test_each_kind_of_ability_reads_as_english(cards):
    ir, by_id = cards
    r = Renderer(ir)
    assert r.entity(by_id["lamp"]) == ["Owner's reach +1.", "When found (if who is owner): Who gains $2."]
    assert r.entity(by_id["drill"]) == [
        "Action: Dig (at most 1 per round). Requires your $ is at least 3. Pay $3; gain 2 Ore."]
    assert r.entity(by_id["shield"]) == ["Instead of hurt (if p is owner): Move this card to bin."]


def test_every_primitive_renders_from_its_template_or_its_signature():
    assert set(PRIMITIVE_TEMPLATES) <= set(PRIMITIVES)  # a new primitive without one reads `name(param: value)`
    r = Renderer()
    for name, sig in PRIMITIVES.items():
        args = [f"x_{p.name}" if p.required else p.default for p in sig.params]
        text = r.stmt({"do": "prim", "name": name, "args": args})
        assert text and "{" not in text and "?" not in text, (name, text)


def test_what_has_no_template_falls_back_to_a_readable_form():
    r = Renderer()
    assert r.stmt({"do": "teleport", "to": "moon"}) == "teleport(to: moon)"
    assert r.expr({"op": "warp", "x": 3}) == "warp(x: 3)"


def test_nested_arithmetic_keeps_its_parentheses():
    r = Renderer()
    e = {"op": "bin", "o": "*", "l": {"op": "bin", "o": "+", "l": 1, "r": 2}, "r": 3}
    assert r.expr(e) == "(1 + 2) × 3"


@lru_cache(maxsize=None)
def shipped(pack: str) -> dict:
    result = compile_pack(pack)
    assert result.ir is not None, result.report.render()
    return result.ir


@pytest.mark.parametrize("pack", ["weds", "badlands", "warfare"])
def test_every_shipped_ability_renders_without_the_fallback(pack):
    ir = shipped(pack)
    r = Renderer(ir)
    for ent in ir["entities"]:
        for line in r.entity(ent):
            assert line and not re.search(r"\b(do|op|type)\(", line), (ent["id"], line)
            assert not re.search(r"\b[a-z_]+\((?:[a-z_]+: )", line), (ent["id"], line)


# ---- the lint ---------------------------------------------------------------------------------------

def test_correct_cards_are_quiet(cards):
    ir, _ = cards
    assert lint_entities(ir) == []


def test_a_wrong_number_in_the_text_is_found(cards):
    ir, by_id = cards
    ir = copy.deepcopy(ir)
    lamp = next(e for e in ir["entities"] if e["id"] == "lamp")
    lamp["text"] = lamp["text"].replace("take $2", "take $5")
    (found,) = lint_entities(ir)
    assert found[0]["id"] == "lamp" and found[1].code == "W603" and "$5" in found[1].message
    assert found[1].file.endswith("pack.wb") and found[1].span.line == 9


def test_a_wrong_cost_is_found(cards):
    ir, _ = cards
    ir = copy.deepcopy(ir)
    next(e for e in ir["entities"] if e["id"] == "drill")["fields"]["cost"] = 5
    codes = [(e["id"], d.code) for e, d in lint_entities(ir)]
    assert codes == [("drill", "W602")]


def test_numbers_that_are_names_are_not_amounts():
    assert text_numbers("Roll a d6 at Hangar 18 (p. 57), the 2nd time: 1A pays $3 and 4", ["Hangar 18"]) == [
        ("$", 3), ("", 4)]


def test_a_shipped_card_with_a_deliberately_wrong_number_is_found():
    ir = copy.deepcopy(shipped("weds"))
    assert [e["id"] for e, _ in lint_entities(ir) if e["kind"] == "truck_mod"] == [
        e["id"] for e, d in lint_entities(shipped("weds")) if e["kind"] == "truck_mod"]
    mods = [e for e in ir["entities"] if e["kind"] == "truck_mod" and e["abilities"]
            and not any(d for x, d in lint_entities(shipped("weds")) if x["id"] == e["id"])]
    assert mods, "some truck mods lint clean"
    card = mods[0]
    card["fields"]["cost"] += 1
    found = [d for e, d in lint_entities(ir) if e["id"] == card["id"]]
    assert "W602" in [d.code for d in found], [d.message for d in found]


@pytest.mark.parametrize("pack", ["weds", "badlands", "warfare"])
def test_the_shipped_packs_lint_almost_clean(pack):
    """A handful at most per pack: each is a finding to read, not noise to skip."""
    assert len(lint_entities(shipped(pack))) <= 3


def test_the_lint_and_renderer_name_no_game():
    nouns = re.compile(r"cargo|raider|outpost|caravan|settlement|crap|truck|artifact|faction|momentum|"
                       r"dashboard|enclave|stash|wasteland|badlands|warfare|gunner|caps\b", re.I)
    root = Path(__file__).resolve().parents[2]
    for rel in ("compiler/render.py", "compiler/lint_text.py", "cli/cards.py", "cli/reference.py"):
        hits = [f"{rel}:{i}: {line.strip()}" for i, line in
                enumerate((root / rel).read_text(encoding="utf-8").splitlines(), 1) if nouns.search(line)]
        assert hits == []


def test_every_statement_of_the_ir_schema_has_an_english_form():
    from waybill.compiler.schema import shipped_schema
    stmt = shipped_schema()["$defs"]["stmt"]
    for do in stmt["properties"]["do"]["enum"]:
        assert hasattr(Renderer, "s_" + do), do
