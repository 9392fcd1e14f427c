"""`waybill check / compile / schema / list / fmt` as a designer runs them (a subprocess each)."""

from __future__ import annotations

import json

import pytest

from tests.wbkit import ROOT, run_cli, write_pack
from waybill.compiler.schema import shipped_schema, validate_ir

DICE = str(ROOT / "tests" / "packs" / "dice_race")
JSON_KEYS = {"file", "line", "column", "end_line", "end_column", "severity", "code", "message", "hint"}


def no_traceback(proc):
    out = proc.stdout + proc.stderr
    assert "Traceback" not in out, out[-3000:]
    return out


# ---- check -----------------------------------------------------------------------------------------

def test_check_clean_pack_exits_0():
    proc = run_cli("check", DICE)
    no_traceback(proc)
    assert proc.returncode == 0
    assert proc.stdout.strip().endswith("0 error(s), 0 warning(s)")


def test_check_with_only_warnings_exits_0(tmp_path):
    folder = write_pack(tmp_path / "pk", "table loot { 1: 2 }\n")
    proc = run_cli("check", str(folder))
    no_traceback(proc)
    assert proc.returncode == 0
    assert "warning[W501]: table `loot` is never used" in proc.stdout
    assert proc.stdout.strip().endswith("0 error(s), 1 warning(s)")


def test_check_with_errors_exits_1_and_shows_place_line_caret_and_help(tmp_path):
    folder = write_pack(tmp_path / "pk", "resource gold\ngame { players 2..2 play { let y = gld } }\n")
    proc = run_cli("check", str(folder))
    no_traceback(proc)
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    head = next(i for i, line in enumerate(lines) if "error[E301]" in line)
    assert lines[head].endswith("pack.wb:3:36: error[E301]: unknown name `gld`")
    assert lines[head + 1] == "3 | game { players 2..2 play { let y = gld } }"
    assert lines[head + 2] == " " * 39 + "^^^"
    assert lines[head + 3] == "  help: did you mean `gold`?"
    assert lines[-1] == "1 error(s), 0 warning(s)"


@pytest.mark.parametrize("args", [
    ["check", "--format", "xml"],
    ["check", "--no-such-option"],
    ["compile"],
    ["compile", DICE, "--variant"],
    ["fmt"],
    ["no-such-command"],
])
def test_usage_errors_exit_2(args):
    proc = run_cli(*args)
    no_traceback(proc)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert "Usage:" in proc.stderr or "Error:" in proc.stderr


def test_check_json_format(tmp_path):
    folder = write_pack(tmp_path / "pk", "table loot { 1: 2 }\ngame { players 2..2 play { nope() } }\n")
    proc = run_cli("check", "--format", "json", str(folder))
    no_traceback(proc)
    assert proc.returncode == 1
    rows = json.loads(proc.stdout)
    assert [set(r) for r in rows] == [JSON_KEYS, JSON_KEYS]
    by_code = {r["code"]: r for r in rows}
    assert by_code["E307"]["severity"] == "error" and by_code["W501"]["severity"] == "warning"
    assert (by_code["E307"]["line"], by_code["E307"]["column"], by_code["E307"]["end_line"],
            by_code["E307"]["end_column"]) == (3, 28, 3, 32)
    assert by_code["E307"]["message"] == "unknown procedure or primitive `nope`"
    assert by_code["W501"]["hint"] is None
    assert by_code["E307"]["file"].endswith("pack.wb")


def test_check_json_of_a_clean_pack_is_an_empty_list():
    proc = run_cli("check", "--format", "json", DICE)
    assert proc.returncode == 0 and json.loads(proc.stdout) == []


def test_check_several_targets_reports_them_all(tmp_path):
    a = write_pack(tmp_path / "a", "counter x = 1\ncounter x = 2\n")
    b = tmp_path / "b.wb"
    b.write_text("counter = 1\n")
    proc = run_cli("check", "--format", "json", str(a), str(b))
    assert proc.returncode == 1
    assert sorted(r["code"] for r in json.loads(proc.stdout)) == ["E101", "E302"]


def test_check_without_arguments_checks_every_shipped_pack():
    proc = run_cli("check", "--format", "json")
    no_traceback(proc)
    rows = json.loads(proc.stdout)
    assert [r for r in rows if r["severity"] == "error"] == []
    assert proc.returncode == 0


def test_check_of_a_missing_path_exits_1(tmp_path):
    proc = run_cli("check", str(tmp_path / "nothing"))
    no_traceback(proc)
    assert proc.returncode == 1 and "error[E206]" in proc.stdout


# ---- compile ------------------------------------------------------------------------------------------

def test_compile_prints_schema_valid_ir():
    proc = run_cli("compile", DICE)
    no_traceback(proc)
    assert proc.returncode == 0
    ir = json.loads(proc.stdout)
    assert ir["format"] == "waybill-ir/1" and ir["pack"]["id"] == "dice_race"
    assert validate_ir(ir) == []


def test_compile_to_a_file(tmp_path):
    out = tmp_path / "ir.json"
    proc = run_cli("compile", DICE, "-o", str(out))
    assert proc.returncode == 0 and proc.stdout == ""
    assert proc.stderr.startswith(f"wrote {out} (")
    assert validate_ir(json.loads(out.read_text())) == []


def test_compile_a_shipped_pack_by_name():
    proc = run_cli("compile", "warfare")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert json.loads(proc.stdout)["pack"]["id"] == "warfare"


def test_compile_with_an_unknown_variant_exits_1(tmp_path):
    folder = write_pack(tmp_path / "pk", "variant quick { }\n")
    proc = run_cli("compile", str(folder), "--variant", "quik")
    no_traceback(proc)
    assert proc.returncode == 1 and proc.stdout == ""
    assert "error[E207]: unknown variant `quik`" in proc.stderr and "help: did you mean `quick`?" in proc.stderr


def test_compile_with_a_variant(tmp_path):
    folder = write_pack(tmp_path / "pk", "counter goal = 10\nvariant quick { counter goal = 3 }\n")
    proc = run_cli("compile", str(folder), "--variant", "quick")
    ir = json.loads(proc.stdout)
    assert ir["pack"]["variants"] == ["quick"] and ir["counters"][0]["initial"] == 3


def test_compile_of_a_broken_pack_exits_1_with_diagnostics_on_stderr(tmp_path):
    folder = write_pack(tmp_path / "pk", "game { players 2..2 play { nope() } }\n")
    proc = run_cli("compile", str(folder))
    no_traceback(proc)
    assert proc.returncode == 1 and proc.stdout == ""
    assert "error[E307]: unknown procedure or primitive `nope`" in proc.stderr


def test_compile_of_an_unknown_pack_suggests_a_shipped_one():
    proc = run_cli("compile", "wedz")
    no_traceback(proc)
    assert proc.returncode == 1
    assert "error[E206]: no pack `wedz`" in proc.stderr and "did you mean `weds`?" in proc.stderr


# ---- schema, list -------------------------------------------------------------------------------------

def test_schema_prints_the_shipped_schema():
    proc = run_cli("schema")
    assert proc.returncode == 0
    assert json.loads(proc.stdout) == shipped_schema()


def test_list_json():
    proc = run_cli("list", DICE, "--json")
    no_traceback(proc)
    assert proc.returncode == 0
    rows = json.loads(proc.stdout)
    assert all(set(r) >= {"kind", "id", "name", "file", "line"} for r in rows)
    by_id = {r["id"]: r for r in rows}
    assert by_id["d6"]["kind"] == "die" and by_id["hop"]["kind"] == "boost" and by_id["hop"]["name"] == "Hop"
    assert by_id["goal"]["kind"] == "space" and by_id["goal"]["name"] == "Goal"
    assert by_id["play_boost"]["kind"] == "action"
    assert by_id["hop"]["file"].endswith("cards.wb") and by_id["hop"]["line"] == 1


def test_list_filters_by_kind():
    proc = run_cli("list", DICE, "--json", "--kind", "zone")
    assert sorted(r["id"] for r in json.loads(proc.stdout)) == ["deck", "discard", "hand"]


def test_list_as_a_table():
    proc = run_cli("list", DICE, "--kind", "die")
    words = proc.stdout.split()        # what the table says, however the terminal lays it out
    assert proc.returncode == 0 and "d6" in words and "declarations" in words
    assert words[words.index("declarations") - 1] == "1"


def test_list_lists_variants_and_their_declarations(tmp_path):
    folder = write_pack(tmp_path / "pk", 'variant quick "Quick" { counter goal = 3 }\n')
    rows = json.loads(run_cli("list", str(folder), "--json").stdout)
    assert {"kind": "variant", "id": "quick", "name": "Quick"}.items() <= rows[0].items()
    assert rows[1]["id"] == "goal" and rows[1]["variant"] == "quick"


def test_list_of_an_unknown_pack_exits_1():
    proc = run_cli("list", "no_such_pack")
    no_traceback(proc)
    assert proc.returncode == 1 and "error[E206]" in proc.stderr


# ---- fmt ----------------------------------------------------------------------------------------------

def test_fmt_rewrites_files_and_reports_them(tmp_path):
    a = tmp_path / "a.wb"
    a.write_text("counter   a=1\n")
    b = tmp_path / "sub" / "b.wb"
    b.parent.mkdir()
    b.write_text("counter b = 2\n")
    proc = run_cli("fmt", str(tmp_path))
    assert proc.returncode == 0
    assert proc.stdout.splitlines() == [f"reformatted {a}"]
    assert a.read_text() == "counter a = 1\n" and b.read_text() == "counter b = 2\n"


def test_fmt_check_changes_nothing_and_exits_1(tmp_path):
    a = tmp_path / "a.wb"
    a.write_text("counter   a=1\n")
    proc = run_cli("fmt", "--check", str(a))
    assert proc.returncode == 1 and proc.stdout.splitlines() == [f"would reformat {a}"]
    assert a.read_text() == "counter   a=1\n"
    a.write_text("counter a = 1\n")
    assert run_cli("fmt", "--check", str(a)).returncode == 0


def test_fmt_of_a_missing_path_is_a_usage_error(tmp_path):
    proc = run_cli("fmt", str(tmp_path / "missing.wb"))
    no_traceback(proc)
    assert proc.returncode == 2 and "no such file or folder" in proc.stderr


def test_fmt_of_a_file_that_is_not_utf8_exits_1(tmp_path):
    bad = tmp_path / "bad.wb"
    bad.write_bytes(b"counter \xff = 1\n")
    proc = run_cli("fmt", str(bad))
    no_traceback(proc)
    assert proc.returncode == 1 and f"{bad}: cannot read" in proc.stderr
    assert bad.read_bytes() == b"counter \xff = 1\n"


def test_fmt_check_of_every_shipped_file_settles_in_one_pass(tmp_path):
    import shutil
    copy = tmp_path / "content"
    shutil.copytree(ROOT / "content", copy, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    run_cli("fmt", str(copy))
    proc = run_cli("fmt", "--check", str(copy))
    assert proc.returncode == 0, proc.stdout
