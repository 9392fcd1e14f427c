"""A board's geometry and what is drawn on it (compiler/boards.py).

docs/LANGUAGE.md, "Boards": "A space may say where it lies (`at: x, y`) ...
a board `show`s a counter naming a space, or the pieces of a kind or a card
... an extending pack or a variant adds to a board with `extend board`."
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tests.wbkit import assert_checker_diags, diags_of, ir_of, write_pack
from waybill import compile_pack
from waybill.compiler.schema import validate_ir

PRELUDE = """\
counter at "Walker at" per player = none
counter flag = none
kind flower { petals: int }
flower rose "Rose" { petals: 3 start: b }
zone pouch "Pouch" per player
"""

BOARD = """\
board yard "The Yard" {
  space a "Gate" { at: 0, 0 }
  space b "Pond" { tags: water  at: 2, 0 }
  space c { at: 1, 1 }
  link a - b - c
  region top "Top row" { spaces: a, b  colour: "#1F5FA8" }
  show at "Walker" { shape: token }
  show flag { shape: marker colour: "#C0392B" }
  show flower { field: petals }
  show rose "Rose bush" { shape: marker mark: "R" }
}
"""


def errors(tmp_path: Path, body: str) -> list[tuple[str, int, str]]:
    diags = [d for d in diags_of(tmp_path, body) if d.severity == "error"]
    assert_checker_diags(diags)
    return [(d.code, d.span.line, d.message) for d in diags]


def test_positions_and_shows_lower_into_the_ir(tmp_path):
    ir = ir_of(tmp_path, PRELUDE + BOARD)
    assert validate_ir(ir) == []
    at = {s["id"]: s.get("xy") for s in ir["spaces"]}
    assert at == {"a": [0, 0], "b": [2, 0], "c": [1, 1]}
    [board] = ir["boards"]
    assert (board["id"], board["name"], board["spaces"]) == ("yard", "The Yard", ["a", "b", "c"])
    assert board["shows"] == [
        {"id": "at", "what": "counter", "label": "Walker", "per_player": True, "shape": "token", "colour": "seat"},
        {"id": "flag", "what": "counter", "label": "flag", "per_player": False, "shape": "marker",
         "colour": "#c0392b"},
        {"id": "flower", "what": "kind", "label": "flower", "shape": "label", "field": "petals"},
        {"id": "rose", "what": "entity", "label": "Rose bush", "shape": "marker", "mark": "R"}]


def test_a_board_without_positions_is_a_graph_nobody_draws(tmp_path):
    ir = ir_of(tmp_path, "board g { space a space b link a - b }\n")
    assert ir["boards"] == [{"id": "g", "name": "g", "spaces": ["a", "b"], "shows": []}]
    assert all("xy" not in s for s in ir["spaces"])


@pytest.mark.parametrize("line, code, words", [
    ('  space d { at: 2, 0 }\n', "E302", "space `d` is at 2, 0, where `b` already is"),
    ('  space d\n', "E404", "space `d` has no position"),
    ('  space d { at: 1 }\n', "E404", "`at` of space `d` is two whole numbers"),
    ('  space d { at: 1, "x" }\n', "E404", "`at` of space `d` is two whole numbers"),
    ('  link a - nowhere\n', "E301", "unknown space `nowhere`"),
    ('  link c - c\n', "E404", "a link from `c` to itself"),
    ('  show att { shape: token }\n', "E301", "unknown counter, quantity, kind or card `att`"),
    ('  show pouch\n', "E309", "`pouch` is a zone"),
    ('  show at "W2" { shape: tokn }\n', "E404", "`shape` is one of token, marker, label, not `tokn`"),
    ('  show at "W2" { size: 3 }\n', "E304", "a board `show` has no property `size`"),
    ('  show flower "F2" { field: petal }\n', "E304", "kind `flower` has no field `petal`"),
    ('  show flag "F" { field: petals }\n', "E404", "`field` shows a field of the shown pieces; a counter has none"),
    ('  show flag "F" { colour: red }\n', "E404", "`colour` is `seat`"),
    ('  show rose "R" { mark: "much too long a mark" }\n', "E404", "`mark` is a short text"),
    ('  region low "Low" { spaces: c  colour: "green" }\n', "E404", '`colour` is a colour like "#c0392b", not `green`'),
    ('  region low "Low" { spaces: c  colour: seat }\n', "E404", '`colour` is a colour like "#c0392b", not `seat`'),
    ('  region low "Low" { spaces: c  colour: "#12345g" }\n', "E404", "not `#12345g`"),
])
def test_every_mistake_in_a_board_is_an_error_at_its_line(tmp_path, line, code, words):
    shown = line.split()[1] if line.startswith("  show ") else None
    board = "".join(x for x in BOARD.splitlines(keepends=True) if shown is None or x.split()[:2] != ["show", shown])
    body = PRELUDE + board.replace("  link a - b - c\n", "  link a - b - c\n" + line)
    got = errors(tmp_path, body)
    expected_line = 1 + PRELUDE.count("\n") + BOARD.splitlines().index("  link a - b - c") + 2   # (1: the `pack` line)
    assert [(c, n) for c, n, _ in got] == [(code, expected_line)], got
    assert words in got[0][2]


def test_the_mistakes_come_with_suggestions(tmp_path):
    board = BOARD.replace('  show at "Walker" { shape: token }\n', '  show att\n  show at "X" { shape: tokn }\n')
    diags = [d for d in diags_of(tmp_path, PRELUDE + board) if d.severity == "error"]
    assert [d.hint for d in diags] == ["did you mean `at`?", "did you mean `token`?"]


def test_a_region_keeps_its_colour_and_the_board_gives_it(tmp_path):
    ir = ir_of(tmp_path, PRELUDE + BOARD)
    assert [r.get("colour") for r in ir["regions"]] == ["#1f5fa8"]     # (written "#1F5FA8": kept lower-case)
    assert "colour" not in ir_of(tmp_path, PRELUDE + BOARD.replace('  colour: "#1F5FA8"', ""))["regions"][0]


def test_a_short_colour_is_written_out_in_the_suggestion(tmp_path):
    board = BOARD.replace('colour: "#C0392B"', 'colour: "#c39"').replace('colour: "#1F5FA8"', 'colour: "blue"')
    diags = [d for d in diags_of(tmp_path, PRELUDE + board) if d.severity == "error"]
    assert [(d.code, d.hint) for d in diags] == [
        ("E404", 'write `colour: "#c0392b"` (red, green, blue)'),
        ("E404", 'write `colour: "#cc3399"` (six digits)')]


def test_a_space_answers_menu_lines_by_name(tmp_path):
    menu = 'action go "Go" { choose "Where?" { "To the gate" as to_gate: { } "Stay": { } } }\n'
    ir = ir_of(tmp_path, PRELUDE + menu + BOARD.replace('space a "Gate" { at: 0, 0 }',
                                                        'space a "Gate" { at: 0, 0  answers: to_gate }'))
    assert {s["id"]: s.get("answers") for s in ir["spaces"]} == {"a": ["to_gate"], "b": None, "c": None}
    bad = BOARD.replace('space a "Gate" { at: 0, 0 }', 'space a "Gate" { at: 0, 0  answers: to_gat }')
    diags = [d for d in diags_of(tmp_path, PRELUDE + menu + bad) if d.severity == "error"]
    assert [(d.code, d.message, d.hint) for d in diags] == [
        ("E301", "space `a` answers `to_gat`, but no menu line is named so", "did you mean `to_gate`?")]


def test_a_show_twice_on_a_board_is_an_error(tmp_path):
    got = errors(tmp_path, PRELUDE + BOARD.replace("  show flower", "  show at\n  show flower"))
    assert [(c, m) for c, _, m in got] == [("E302", "`at` is shown twice on board `yard`")]


def test_extending_an_unknown_board(tmp_path):
    got = errors(tmp_path, PRELUDE + BOARD + "extend board yrd { space d { at: 5, 5 } }\n")
    assert [(c, m) for c, _, m in got] == [("E301", "`extend board yrd`: no board `yrd` is declared")]


EXTENSION = """\
extend board yard {
  space d "Shed" { at: 3, 1 }
  link c - d
  show flower { shape: marker }
}
"""


def test_an_extending_pack_adds_spaces_links_and_shows(tmp_path):
    base = write_pack(tmp_path / "yard", PRELUDE + BOARD.replace("  show flower { field: petals }\n", ""),
                      head='pack yard "Yard"\n')
    more = tmp_path / "more"
    more.mkdir()
    (more / "pack.wb").write_text("pack more extends yard\n" + textwrap.dedent(EXTENSION), encoding="utf-8")
    result = compile_pack(str(more))
    assert result.ir is not None, result.report.render()
    assert base.exists()
    ir = result.ir
    [board] = ir["boards"]
    assert board["spaces"] == ["a", "b", "c", "d"]
    assert [s["id"] for s in board["shows"]] == ["at", "flag", "rose", "flower"]
    spaces = {s["id"]: s for s in ir["spaces"]}
    assert spaces["d"]["xy"] == [3, 1] and "d" in spaces["c"]["adjacent"]


def test_a_variant_adds_to_the_board_only_when_chosen(tmp_path):
    folder = write_pack(tmp_path / "pk", PRELUDE + BOARD + 'variant shed "Shed" {\n'
                        + textwrap.indent(EXTENSION.replace("show flower { shape: marker }", ""), "  ") + "}\n")
    plain = compile_pack(str(folder)).ir
    shed = compile_pack(str(folder), ["shed"]).ir
    assert plain["boards"][0]["spaces"] == ["a", "b", "c"]
    assert shed["boards"][0]["spaces"] == ["a", "b", "c", "d"]


def test_the_test_pack_draws_its_garden():
    pack = Path(__file__).resolve().parents[1] / "packs" / "garden_walk"
    result = compile_pack(str(pack))
    assert result.ir is not None, result.report.render()
    [board] = result.ir["boards"]
    assert board["id"] == "garden" and len(board["spaces"]) == 9
    assert [s["id"] for s in board["shows"]] == ["at", "flower"]


def test_a_quantity_naming_spaces_is_shown_per_seat_or_once(tmp_path):
    ir = ir_of(tmp_path, PRELUDE + "quantity home(p: player) = \"a\"\nquantity ponds = [\"b\"]\n"
               + BOARD.replace("  show flower", "  show home { shape: marker }\n  show ponds\n  show flower"))
    assert validate_ir(ir) == []
    shows = {s["id"]: s for s in ir["boards"][0]["shows"]}
    assert (shows["home"]["what"], shows["home"]["per_player"], shows["home"]["colour"]) == ("quantity", True, "seat")
    assert (shows["ponds"]["per_player"], shows["ponds"]["shape"], "colour" in shows["ponds"]) == (False, "token", False)
    assert shows["home"]["expr"]["op"] == "quantity"


def test_a_quantity_a_board_cannot_call(tmp_path):
    got = errors(tmp_path, PRELUDE + "quantity near(p: player, n: int) = \"a\"\n"
                 + BOARD.replace("  show flower", "  show near\n  show flower"))
    assert [(c, m) for c, _, m in got] == [("E401", "quantity `near(p: player, n: int)` needs arguments a board "
                                                     "cannot give")]
