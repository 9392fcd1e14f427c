"""Card templates (docs/LANGUAGE.md, "Runs of cards: templates"): "declare a run
of cards from a template (values, names like "Card 73", fields computed from
the value) without writing each; names in options, zones and logs come out
right with no hand-written `{c.value}`" (issue 26, item 4)."""

from __future__ import annotations

from tests.wbkit import compile_src
from waybill import Game
from waybill.api import Rules

DECK = """
kind number_card { value: int, heads: int = 1 }
zone deck { ordered hidden }
zone hand per player { visible: owner }
zone table { ordered }
"""

PLAY = """
game {
  players 2..2
  setup { shuffle(deck) for p in players() { draw(deck, p.hand, 2) } }
  play {
    let c = choose by player(0) "Which card?" from pieces(player(0).hand)
    move(c, table)
    log "{player(0)} plays {c}"
    end_game()
  }
}
"""


def ir(tmp_path, body: str) -> dict:
    result = compile_src(tmp_path, body)
    assert result.ir is not None and not result.report.diagnostics, result.report.render()
    return result.ir


def diags(tmp_path, body: str) -> list:
    return [(d.code, d.span.line, d.span.column, d.message) for d in compile_src(tmp_path, body).report.sorted()
            if d.severity == "error"]


def test_a_template_declares_one_card_per_value_with_its_name_fields_and_text(tmp_path):
    out = ir(tmp_path, DECK + """
number_card card "Card {value}" for value in [1..104] {
  heads: if value % 11 == 0 then 5 else if value % 10 == 0 then 3 else if value % 5 == 0 then 2 else 1
  start: deck
  text "{heads} bull heads"
}
""" + PLAY)
    cards = {e["id"]: e for e in out["entities"]}
    assert len(cards) == 104 and "card_0" not in cards and "card_105" not in cards
    assert (cards["card_73"]["name"], cards["card_73"]["fields"], cards["card_73"]["text"]) == \
        ("Card 73", {"value": 73, "heads": 1}, "1 bull heads")
    assert [cards[f"card_{n}"]["fields"]["heads"] for n in (55, 50, 15, 7)] == [5, 3, 2, 1]
    assert cards["card_55"]["start"] == {"zone": "deck", "each_player": False}


def test_options_zones_and_logs_name_each_card_without_holes(tmp_path):
    rules = Rules.from_ir(ir(tmp_path, DECK + 'number_card card "Card {value}" for value in [1..10] { start: deck }\n'
                             + PLAY))
    g = Game.new(rules, 2, seed=4)
    labels = [a["label"] for a in g.legal_actions()]
    in_hand = [rules.entities[p["entity"]]["name"] for p in _zone(g.view(0, zones=True), "hand", 0)["pieces"]]
    assert sorted(labels) == sorted(in_hand) and all(lab.startswith("Card ") for lab in labels)
    g.apply(g.legal_actions()[0])
    assert any(e.get("text") == f"Player 1 plays {labels[0]}" for e in g.view(0, log=True)["log"])


def test_a_generator_that_is_no_field_only_names_the_cards(tmp_path):
    out = ir(tmp_path, """
kind suit_card { rank: int }
zone deck { ordered hidden }
zone hand per player { visible: owner }
zone table { ordered }
suit_card card "{rank} of {suit}" for suit in ["Hearts", "Spades"], rank in [1..3] { start: deck }
""" + PLAY.replace("deck, p.hand, 2", "deck, p.hand, 1"))
    cards = [(e["id"], e["name"], e["fields"]) for e in out["entities"]]
    assert cards[:4] == [("card_hearts_1", "1 of Hearts", {"rank": 1}), ("card_hearts_2", "2 of Hearts", {"rank": 2}),
                         ("card_hearts_3", "3 of Hearts", {"rank": 3}), ("card_spades_1", "1 of Spades", {"rank": 1})]
    assert len(cards) == 6


def test_without_a_name_a_card_is_named_by_its_template_and_value(tmp_path):
    out = ir(tmp_path, DECK + "number_card card for value in [5, 7] { start: deck }\n" + PLAY)
    assert [(e["id"], e["name"]) for e in out["entities"]] == [("card_5", "card 5"), ("card_7", "card 7")]


def test_the_cards_are_names_of_the_pack(tmp_path):
    out = ir(tmp_path, DECK + 'number_card card "Card {value}" for value in [1..3] { start: deck }\n'
             "game { players 2..2 play { move(first(pieces_of(card_2)), table) end_game() } }\n")
    assert [e["id"] for e in out["entities"]] == ["card_1", "card_2", "card_3"]


def test_a_field_that_depends_on_play_is_an_E420(tmp_path):
    got = diags(tmp_path, DECK + "number_card card for value in [1..3] { heads: size(deck) + value  start: deck }\n"
                + PLAY)
    assert [(c, line, col) for c, line, col, _ in got] == [("E420", 7, 47)]
    assert "not known until the game is played" in got[0][3]


def test_a_hole_naming_nothing_of_the_template_is_an_E420(tmp_path):
    got = diags(tmp_path, DECK + 'number_card card "Card {valeu}" for value in [1..3] { start: deck }\n' + PLAY)
    assert [(c, line) for c, line, _, _ in got] == [("E420", 7)]
    assert "`valeu` is not a generator of this template" in got[0][3]


def test_values_that_are_not_a_list_are_an_E402(tmp_path):
    got = diags(tmp_path, DECK + 'number_card card for value in 7 { start: deck }\n' + PLAY)
    assert [(c, line, col) for c, line, col, _ in got] == [("E402", 7, 31)]


def test_two_cards_of_one_name_are_an_E302(tmp_path):
    got = diags(tmp_path, DECK + 'number_card card for value in [1, 2, 1] { start: deck }\n' + PLAY)
    assert [c for c, *_ in got] == ["E302"] and "makes `card_1` twice" in got[0][3]


def test_a_card_of_the_template_clashing_with_another_name_is_an_E302(tmp_path):
    got = diags(tmp_path, DECK + 'number_card card_2 { value: 2 start: deck }\n'
                'number_card card for value in [1..3] { start: deck }\n' + PLAY)
    assert [c for c, *_ in got] == ["E302"]


def test_a_huge_template_is_an_E407_and_compiles_no_card(tmp_path):
    got = diags(tmp_path, DECK + 'number_card card for a in [1..1000], b in [1..1000] { value: a start: deck }\n'
                + PLAY)
    assert [c for c, *_ in got][:1] == ["E407"]


def test_a_field_the_kind_lacks_is_still_an_E304(tmp_path):
    got = diags(tmp_path, DECK + 'number_card card for value in [1..2] { colour: "red" start: deck }\n' + PLAY)
    assert {c for c, *_ in got} == {"E304"}


def test_division_by_zero_in_a_template_is_an_E420_not_a_crash(tmp_path):
    got = diags(tmp_path, DECK + 'number_card card for value in [0..2] { heads: 6 / value start: deck }\n' + PLAY)
    assert [c for c, *_ in got] == ["E420"] and "division by zero" in got[0][3]


def _zone(view: dict, zone: str, of: int) -> dict:
    return next(z for z in view["zones"] if z["zone"] == zone and z["of"] == of)


def test_a_field_the_cards_lack_is_told_once_for_the_template(tmp_path):
    got = diags(tmp_path, 'kind k { x: int }\nzone deck { ordered }\nk card for v in [1..104] { start: deck }\n'
                "game { players 2..2 play { end_game() } }\n")
    assert [(c, line, msg) for c, line, _, msg in got] == [
        ("E403", 4, "the cards of `card` do not give field `x` of kind `k`")]
