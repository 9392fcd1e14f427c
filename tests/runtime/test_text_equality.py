"""A name compared with the words it says: `x.name == "Pawn"` held when a
name was a string, and still does now that a name is kept as text (issue
24.1: `{"text": "engine-name", "of": ...}`); packs written against the
language before compare names so (tests/packs/count_up: `card_17.name ==
"Card 17"`). A text equals a string saying its English words; two texts are
equal as data; anything else as before. Both engines."""

from __future__ import annotations

import pytest

from tests.wbkit import checked_ir
from waybill import Game
from waybill.runtime.rules import Rules

ENGINES = ("compiled", "interpreter")

BODY = '''
resource points "Points" { start: 0 }
kind token { worth: int }
token pawn "Pawn" { worth: 2 }
token rook "Rook" { worth: 5 }
game {
  players 2
  play {
    start_turn(player(0))
    let said = "Pawn"
    if pawn.name == "Pawn" { gain(points, 1) }
    if pawn.name != "Pawn" { gain(points, 2) }
    if "Pawn" == text_of(pawn) { gain(points, 4) }
    if pawn.name == "Pawns" { gain(points, 8) }
    if pawn.name != rook.name { gain(points, 16) }
    if pawn.name == said { gain(points, 32) }
    if said != pawn.name { gain(points, 64) }
    if pawn.worth == 2 and rook.worth != 2 { gain(points, 128) }
    if me.name == "Player 1" { gain(points, 256) }
    end_game()
  }
  score me.points
}
'''


@pytest.mark.parametrize("engine", ENGINES)
def test_a_name_equals_the_words_it_says(tmp_path, engine):
    g = Game.new(Rules.from_ir(checked_ir(tmp_path, BODY), engine=engine), players=2, seed=1)
    assert g.over
    # held: 1 (== its words), 4 (either side), 16 (two names), 32 (a string
    # held in a variable), 128 (numbers as before), 256 (a seat's name);
    # not 2, 8 (other words) nor 64
    assert g.result["scores"][0] == 1 + 4 + 16 + 32 + 128 + 256


@pytest.mark.parametrize("engine", ENGINES)
def test_a_name_is_compared_by_what_it_names_never_by_its_english(tmp_path, engine, monkeypatch):
    # DESIGN 10: nothing parses rendered text back into meaning. A literal is
    # resolved to the things named so when the pack is compiled, a string in a
    # variable through the pack's source words: no comparison renders a name.
    from waybill.runtime.engine import access

    def no_english(*a, **k):
        raise AssertionError("a comparison rendered a text to English")

    rules = Rules.from_ir(checked_ir(tmp_path, BODY), engine=engine)
    monkeypatch.setattr(access, "_english", no_english)
    monkeypatch.setattr(access, "text_of", no_english)
    g = Game.new(rules, players=2, seed=1)
    assert g.result["scores"][0] == 1 + 4 + 16 + 32 + 128 + 256


TEMPLATE = '''
resource points "Points" { start: 0 }
kind number_card { value: int }
number_card card "Card {value}" for value in [1..3] { }
zone spot "Spot"
game {
  players 2
  play {
    start_turn(player(0))
    if card_2.name == "Card 2" { gain(points, 1) }
    if card_3.name == "Card 2" { gain(points, 2) }
    if text_of(spot) == "Spot" { gain(points, 4) }
    if "Card 3" != card_3.name { gain(points, 8) }
    end_game()
  }
  score me.points
}
'''


@pytest.mark.parametrize("engine", ENGINES)
def test_a_card_of_a_template_is_named_by_its_own_words(tmp_path, engine):
    # tests/packs/count_up: `card_17.name == "Card 17"`, the name built from `"Card {value}"`
    g = Game.new(Rules.from_ir(checked_ir(tmp_path, TEMPLATE), engine=engine), players=2, seed=1)
    assert g.result["scores"][0] == 1 + 4
