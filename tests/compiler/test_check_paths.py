"""`check_paths`: every error of every file in one run, each located, and rendered
as `file:line:col: error[CODE]: message`, the line, a caret and `help:`."""

from __future__ import annotations

from tests.wbkit import ROOT, write_pack
from waybill.compiler import shipped_packs
from waybill import check_paths

FILES = {
    "cards.wb": """\
        kind gadget { cost: int }
        gadget g1 { cots: 2 }
        gadjet g2 { cost: 1 }
        """,
    "rules.wb": """\
        procedure p() {
          gian(gold, 1)
          let x = 1 +
        }
        procedure q() { stop }
        procedure q() { stop }
        """,
    "broken.wb": """\
        counter = 3
        counter ok = 1
        counter b = 'x'
        """,
}


def test_errors_in_several_files_all_appear_in_one_run(tmp_path):
    folder = write_pack(tmp_path / "pk", 'resource gold\ninclude "cards.wb"\ninclude "rules.wb"\ninclude "broken.wb"\n'
                        "game { players 2..2 play { p() q() let y = gld } }\n", FILES)
    report = check_paths([str(folder)])
    got = sorted((d.file.rsplit("/", 1)[-1], d.span.line, d.span.column, d.code) for d in report.errors)
    assert got == [
        ("broken.wb", 1, 9, "E101"),
        ("broken.wb", 3, 13, "E102"),
        ("cards.wb", 2, 8, "E403"),
        ("cards.wb", 2, 13, "E304"),
        ("cards.wb", 3, 1, "E303"),
        ("pack.wb", 6, 44, "E301"),
        ("rules.wb", 4, 1, "E101"),
        ("rules.wb", 6, 11, "E302"),
    ], report.render()


def test_a_syntax_error_does_not_hide_the_name_errors_of_other_files(tmp_path):
    folder = write_pack(tmp_path / "pk", 'include "a.wb"\ninclude "b.wb"\n',
                        {"a.wb": "procedure a() {\n", "b.wb": "procedure b() { nope() }\n"})
    codes = sorted((d.file.rsplit("/", 1)[-1], d.code) for d in check_paths([str(folder)]).errors)
    assert codes == [("a.wb", "E103"), ("b.wb", "E307")]


def test_several_packs_and_loose_files_in_one_run(tmp_path):
    write_pack(tmp_path / "one", "counter a = 1\ncounter a = 2\n")
    write_pack(tmp_path / "two", "game { players 2..2 play { nope() } }\n")
    (tmp_path / "loose.wb").write_text("counter = 1\n")
    report = check_paths([str(tmp_path)])
    got = sorted((d.file.rsplit("/", 2)[-2:][0] if "/" in d.file else "", d.code) for d in report.errors)
    files = sorted({d.file.rsplit("/", 1)[-1] for d in report.errors})
    assert sorted(d.code for d in report.errors) == ["E101", "E302", "E307"], got
    assert files == ["loose.wb", "pack.wb"]


def test_several_targets_on_the_command_line_are_all_checked(tmp_path):
    a = write_pack(tmp_path / "a", "counter x = 1\ncounter x = 2\n")
    b = tmp_path / "b.wb"
    b.write_text("counter = 1\n")
    report = check_paths([str(a), str(b), str(tmp_path / "missing")])
    assert sorted(d.code for d in report.errors) == ["E101", "E206", "E302"]


def test_rendering_has_place_line_caret_and_help(tmp_path):
    folder = write_pack(tmp_path / "pk", "resource gold\ngame { players 2..2 play { let y = gld } }\n")
    report = check_paths([str(folder)])
    text = report.render()
    lines = text.splitlines()
    assert lines[0].endswith("pack.wb:3:36: error[E301]: unknown name `gld`")
    assert lines[1] == "3 | game { players 2..2 play { let y = gld } }"
    assert lines[2] == " " * 39 + "^^^"
    assert lines[3] == "  help: did you mean `gold`?"


def test_json_diagnostics_have_the_documented_keys(tmp_path):
    folder = write_pack(tmp_path / "pk", "game { players 2..2 play { nope() } }\n")
    (row,) = check_paths([str(folder)]).to_json()
    assert set(row) == {"file", "line", "column", "end_line", "end_column", "severity", "code", "message", "hint"}
    assert (row["line"], row["column"], row["end_line"], row["end_column"], row["code"], row["severity"]) == (
        2, 28, 2, 32, "E307", "error")


def test_diagnostics_come_sorted_and_without_duplicates(tmp_path):
    folder = write_pack(tmp_path / "pk", 'include "a.wb"\n', {"a.wb": "counter a = 1\ncounter a = 1\ncounter a = 1\n"})
    report = check_paths([str(folder), str(folder)])
    rows = [(d.file, d.span.line, d.span.column, d.code) for d in report.sorted()]
    assert rows == sorted(set(rows))
    assert [r[1] for r in rows] == [2, 3]


def test_every_shipped_pack_checks_without_errors():
    report = check_paths([])
    assert set(shipped_packs()) >= {"weds", "badlands", "warfare"}
    assert report.errors == [], report.render()[:5000]


def test_the_example_test_pack_is_clean():
    report = check_paths([str(ROOT / "tests" / "packs" / "dice_race")])
    assert report.diagnostics == [], report.render()
