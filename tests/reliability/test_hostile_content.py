"""Hostile content: each runaway is stopped with an error naming its source, never a hang."""

from __future__ import annotations

import textwrap

import pytest

from waybill import load_pack
from waybill import Game, RuleError

HEAD = """
pack hostile
resource points { start: 0 }
event ping(who: player)
zone pile
kind chip { }
"""


def rules_for(tmp_path, body: str, name: str = "hostile"):
    folder = tmp_path / name
    folder.mkdir()
    (folder / "pack.wb").write_text(HEAD + textwrap.dedent(body), encoding="utf-8")
    return load_pack(str(folder))


def start(rules):
    return Game.new(rules, players=2, seed=1)


def test_runaway_recursion_names_the_procedure_and_line(tmp_path):
    rules = rules_for(tmp_path, """
        procedure forever(n: int) {
          forever(n + 1)
        }
        game { players 2..2 setup { forever(0) } play { end_game() } }
    """)
    with pytest.raises(RuleError) as err:
        start(rules)
    text = str(err.value)
    assert "nested calls" in text
    assert "pack.wb:9:" in text and "forever" in text


def test_an_unbounded_loop_stops_at_the_loop_limit(tmp_path):
    rules = rules_for(tmp_path, """
        game { players 2..2 setup { while true { gain(points, 1, player(0)) } } play { end_game() } }
    """)
    with pytest.raises(RuleError) as err:
        start(rules)
    assert "pack.wb:8:" in str(err.value)
    assert "loop" in str(err.value)


def test_a_trigger_storm_names_the_cards(tmp_path):
    rules = rules_for(tmp_path, """
        chip echo "Echo" {
          copies: 1
          start: pile
          on ping { emit ping(who) }
        }
        zone table_zone { active }
        game { players 2..2 setup { move(first(pieces(pile)), table_zone)  emit ping(player(0)) } play { end_game() } }
    """)
    # the chip's zone `pile` is not active; move it to an active zone first
    with pytest.raises(RuleError) as err:
        start(rules)
    text = str(err.value)
    assert "echo" in text.lower() and "pack.wb:" in text


def test_an_enormous_deck_is_refused_by_the_checker(tmp_path):
    folder = tmp_path / "huge"
    folder.mkdir()
    (folder / "pack.wb").write_text(HEAD + 'chip c "C" { copies: 100000000 }\n'
                                    "game { players 2..2 play { end_game() } }\n", encoding="utf-8")
    from waybill import compile_pack
    result = compile_pack(str(folder))
    codes = [(d.code, d.span.line) for d in result.report.errors]
    assert ("E404", 7) in codes


def test_a_rule_error_during_an_action_leaves_the_game_as_it_was(tmp_path):
    rules = rules_for(tmp_path, """
        chip c1 "Chip" { start: pile }
        zone table_zone
        action broken "Broken" {
          tags: turn
          gain(points, 5)
          move(first(pieces(pile)), table_zone)
          gain(points, 1 / (points - 5))
        }
        action fine "Fine" {
          tags: turn
          gain(points, 1)
        }
        game { players 2..2 play { while true { act by player(0) tagged turn } } }
    """)
    game = start(rules)
    before = game.to_json()
    broken = next(a for a in game.legal_actions() if a["label"] == "Broken")
    with pytest.raises(RuleError, match="division by zero"):
        game.apply(broken)
    assert game.to_json() == before, "points, the moved chip and the log are as they were"
    game.apply(next(a for a in game.legal_actions() if a["label"] == "Fine"))
    assert game.state.counters != before["counters"]
