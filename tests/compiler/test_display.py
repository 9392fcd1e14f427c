"""The `display` declaration: what a seat's panel and the board show.

Checked names (unknown, wrong kind, a quantity a panel cannot call), lowered
into the IR's `display`, inherited by a pack that extends another.
"""

from __future__ import annotations

from pathlib import Path

from tests.wbkit import compile_src, diags_of, ir_of, parse_one, strip_at, write_pack
from waybill import compile_pack
from waybill.compiler.schema import validate_ir
from waybill.dsl import ast

ROOT = Path(__file__).resolve().parents[2]

PRELUDE = """\
resource gold "Gold"
counter lap = 0
zone hand "Hand" per player { visible: owner }
zone pile "Pile"
quantity wealth(p: player) = p.gold + 1
quantity price(t: str) = 3
"""


def test_a_display_parses_into_parts_and_items():
    d = parse_one('display { panel { counter gold "Gold" zone hand "Hand" full quantity wealth } '
                  'board { zone pile grouped show "Lap": lap + 1 } }')
    assert isinstance(d, ast.DisplayDecl)
    assert [p.part for p in d.parts] == ["panel", "board"]
    assert [(i.what, i.name, i.label, i.flag) for i in d.parts[0].items] == [
        ("counter", "gold", "Gold", None), ("zone", "hand", "Hand", "full"), ("quantity", "wealth", None, None)]
    show = d.parts[1].items[1]
    assert (show.what, show.label, type(show.expr).__name__) == ("show", "Lap", "Binary")


def test_words_of_the_display_stay_usable_as_names():
    # `show`, `panel` and `display` are keywords only inside a display block
    d = parse_one('action show "Show a card" { let panel = 1 let display = panel }')
    assert isinstance(d, ast.ActionDecl) and d.name == "show"


def test_a_display_lowers_into_the_ir(tmp_path):
    ir = ir_of(tmp_path, PRELUDE + """
display {
  panel { counter gold zone hand "Cards" full quantity wealth "Worth" show "Double": me.gold * 2 }
  board { counter lap "Lap" zone pile "Pile" grouped show "Price": price("x") }
}
""")
    panel, board = ir["display"]["panel"], ir["display"]["board"]
    assert [(i["type"], i.get("id"), i["label"]) for i in panel] == [
        ("counter", "gold", "Gold"), ("zone", "hand", "Cards"), ("quantity", "wealth", "Worth"), ("show", None, "Double")]
    assert panel[1]["full"] is True and board[1]["grouped"] is True
    # a panel's quantity of one player is called for the panel's seat
    assert panel[2]["expr"] == {"op": "quantity", "id": "wealth", "args": [{"op": "var", "name": "me"}]}
    assert [i["label"] for i in board] == ["Lap", "Pile", "Price"]


def test_the_ir_with_a_display_is_valid(tmp_path):
    result = compile_src(tmp_path, PRELUDE + 'display { panel { counter gold } board { zone pile grouped } }')
    assert result.ir is not None and validate_ir(result.ir) == []


def test_an_unknown_name_is_an_error_with_the_nearest_names(tmp_path):
    diags = diags_of(tmp_path, PRELUDE + 'display {\n  panel {\n    counter golf "G"\n    zone hnad\n  }\n}\n')
    errors = [d for d in diags if d.severity == "error"]
    assert [d.code for d in errors] == ["E301", "E301"]
    golf, hnad = errors
    assert (golf.span.line, golf.span.column, golf.message) == (10, 13, "unknown counter `golf`")
    assert "gold" in golf.hint
    assert hnad.message == "unknown zone `hnad`" and "hand" in hnad.hint


def test_a_name_of_the_wrong_kind_is_an_error(tmp_path):
    diags = [d for d in diags_of(tmp_path, PRELUDE + "display { panel { counter hand } }") if d.severity == "error"]
    assert [(d.code, d.message, d.hint) for d in diags] == [
        ("E309", "`hand` is a zone, not a counter", "write `zone hand`")]


def test_a_quantity_a_part_cannot_call_is_an_error_that_suggests_show(tmp_path):
    src = PRELUDE + "display { panel { quantity price } board { quantity wealth } }"
    diags = [d for d in diags_of(tmp_path, src) if d.severity == "error"]
    assert [d.code for d in diags] == ["E401", "E401"]
    assert diags[0].message == "quantity `price(t: str)` needs arguments a panel cannot give"
    assert 'show "price": price(...)' in diags[0].hint
    assert diags[1].message == "quantity `wealth(p: player)` needs arguments a board cannot give"


def test_an_unknown_display_option_is_an_error(tmp_path):
    diags = [d for d in diags_of(tmp_path, PRELUDE + "display { board { zone pile sorted counter lap } }")
             if d.severity == "error"]
    assert [d.code for d in diags] == ["E404"]
    assert diags[0].message == "`sorted` is not a display option here"


def test_the_board_has_no_me(tmp_path):
    diags = [d for d in diags_of(tmp_path, PRELUDE + 'display { board { show "Mine": me.gold } }')
             if d.severity == "error"]
    assert diags and diags[0].code == "E301" and "`me`" in diags[0].message


def test_broken_display_syntax_is_a_diagnostic_not_a_traceback(tmp_path):
    diags = diags_of(tmp_path, PRELUDE + "display { panel { counter } }")
    assert [d.code for d in diags if d.severity == "error"] == ["E101"]


def test_a_pack_that_extends_another_inherits_its_display_and_extends_it(tmp_path):
    base = tmp_path / "base"
    write_pack(base, PRELUDE + 'display { panel { counter gold "Gold" } board { counter lap "Lap" } }',
               head="pack base\n")
    plus = write_pack(tmp_path / "plus", 'display { panel { zone hand } board { counter lap "Round" } }',
                      head="pack plus extends base\n", game=False)
    result = compile_pack(str(plus))
    assert result.ir is not None, result.report.render()
    d = strip_at(result.ir["display"])
    assert [(i["type"], i["label"]) for i in d["panel"]] == [("counter", "Gold"), ("zone", "Hand")]
    assert d["board"] == [{"type": "counter", "id": "lap", "label": "Round"}]   # relabelled in place


def test_every_shipped_pack_and_test_pack_declares_a_display():
    for folder in ["weds", "badlands", "warfare", str(ROOT / "tests/packs/dice_race"),
                   str(ROOT / "tests/packs/dice_sprint")]:
        ir = compile_pack(folder).ir
        assert ir is not None and ir["display"]["panel"] and ir["display"]["board"], folder


def test_weds_shows_what_a_player_needs():
    d = compile_pack("weds").ir["display"]
    panel = {(i["type"], i.get("id")) for i in d["panel"]}
    board = {(i["type"], i.get("id") or i["label"]) for i in d["board"]}
    # truck position, cargo, money, driver (with its ability), card text of jobs
    assert {("counter", "pos"), ("zone", "load"), ("counter", "crap"), ("zone", "cab"), ("zone", "jobs")} <= panel
    assert all(i.get("full") for i in d["panel"] if i.get("id") in ("cab", "jobs"))
    # market prices and mod costs (the Mod Shop, whose cards carry their cost)
    assert {("show", "Food price"), ("show", "Water price"), ("show", "Weapons price"), ("zone", "mod_shop")} <= board
