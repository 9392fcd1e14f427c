"""Code that runs with no acting player (docs/LANGUAGE.md, "Who is acting"): "The
`setup` ... runs with no acting player, and so does the `play` block until its
first `start_turn(p)`: there `me` is none. What needs the acting player is then
an error that `waybill check` reports before anything runs"; and what may run
with a player acting is never reported."""

from __future__ import annotations

import pytest

from tests.wbkit import compile_src
from waybill import Game, RuleError
from waybill.api import Rules

HEAD = """
resource coins "Coins"
zone deck { ordered }
zone hand per player { visible: owner }
kind card { value: int }
card c "Card {value}" for value in [1..9] { start: deck }
"""


def errors(tmp_path, body: str) -> list[tuple[str, int]]:
    result = compile_src(tmp_path, HEAD + body)
    return [(d.code, d.span.line) for d in result.report.sorted() if d.severity == "error"]


def game(setup: str, play: str = "end_game()", procs: str = "") -> str:
    return procs + f"\ngame {{\n  players 2..3\n  setup {{\n{setup}\n  }}\n  play {{ {play} }}\n}}\n"


# line numbers: `pack t` and HEAD are lines 1-7, `game {` is line 9 (after procs), the setup's body line 12


@pytest.mark.parametrize("setup, code", [
    ("draw(deck, hand, 2)", "E421"),
    ("let n = size(me.hand)", "E421"),
    ("lose(coins, 1)", "E421"),
    ('let x = choose "Which?" from pieces(deck)', "E422"),
    ('may "Draw?" { draw(deck, player(0).hand) }', "E422"),
    ("act optional", "E422"),
])
def test_each_thing_that_needs_a_seat_is_found_in_the_setup_and_fails_there_at_run_time(tmp_path, setup, code):
    body = game(setup) + 'action a "A" { tags: t }\n'
    assert errors(tmp_path, body) == [(code, 12)]
    # what the checker says is what play finds: the same pack, past the check, stops in its setup
    result = compile_src(tmp_path / "run", HEAD + body)
    ir = result.ir or _lowered_anyway(tmp_path, HEAD + body)
    with pytest.raises(RuleError):
        Game.new(Rules.from_ir(ir), 2, seed=1)


def _lowered_anyway(tmp_path, text: str) -> dict:
    """The IR lowering gives although the report has errors (the runtime never sees such IR otherwise)."""
    from waybill.compiler import read_pack_checked
    from waybill.compiler.lower import Lowerer
    from waybill.compiler.symbols import build_program
    from waybill.dsl.diagnostics import Report
    folder = tmp_path / "raw"
    folder.mkdir()
    (folder / "pack.wb").write_text('pack t "Test"\n' + text, encoding="utf-8")
    report = Report()
    return Lowerer(build_program(read_pack_checked(str(folder), report), [], report), report).lower()


def test_naming_the_player_is_fine(tmp_path):
    assert errors(tmp_path, game("""
    for p in players() {
      draw(deck, p.hand, 2)
      gain(coins, 1, who: p)
      let keep = choose by p "Keep?" from pieces(p.hand) where keep.value > 0
    }""")) == []


def test_after_a_turn_starts_the_acting_player_decides(tmp_path):
    assert errors(tmp_path, game("start_turn(player(0))\nlet x = choose \"Which?\" from pieces(me.hand)",
                                 'may "Again?" { end_game() }')) == []


def test_play_is_checked_until_its_first_start_turn(tmp_path):
    assert errors(tmp_path, game("shuffle(deck)", 'may "Go?" { end_game() } start_turn(player(0)) act optional')
                  + 'action a "A" { tags: t }\n') == [("E422", 14)]


def test_a_procedure_the_setup_calls_is_checked_once_where_it_reads(tmp_path):
    procs = "procedure deal() {\n  draw(deck, me.hand, 2)\n}\n"
    assert errors(tmp_path, game("deal()\ndeal()", procs=procs)) == [("E421", 9)]


def test_a_procedure_that_starts_a_turn_seats_what_follows(tmp_path):
    procs = "procedure begin() {\n  start_turn(player(0))\n}\n"
    assert errors(tmp_path, game('begin()\nmay "Go?" { end_game() }', procs=procs)) == []


def test_code_that_checks_for_an_acting_player_first_is_not_reported(tmp_path):
    procs = 'procedure tidy() {\n  if me != none { draw(deck, me.hand) } else { log "nobody" }\n}\n'
    assert errors(tmp_path, game("tidy()", procs=procs)) == []


def test_extend_setup_is_checked_in_its_own_file(tmp_path):
    result = compile_src(tmp_path, HEAD + game("shuffle(deck)") + 'include "more.wb"\n',
                         files={"more.wb": "extend setup { draw(deck, hand) }\n"})
    got = [(d.code, d.file.rsplit("/", 1)[-1], d.span.line) for d in result.report.sorted()]
    assert got == [("E421", "more.wb", 1)]
