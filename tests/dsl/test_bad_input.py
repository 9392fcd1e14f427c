"""Bad input never gives a traceback or a hang: each gets a located diagnostic with a code.

Random bytes, truncated files, 5,000-deep nesting of every kind, a 400 KB
file, invalid UTF-8, includes that loop or leave the pack, empty packs,
folders without pack.wb -- in-process and through the `waybill` command.
"""

from __future__ import annotations

import random

import pytest

from tests.wbkit import assert_checker_diags, run_cli, shipped_wb_files, write_pack
from waybill import check_paths, compile_pack
from waybill.dsl.parser import MAX_DEPTH, MAX_NESTING, parse_file, parse_source

N = 5000

DEEP = {
    "parens": "quantity q = " + "(" * N + "1" + ")" * N,
    "brackets": "quantity q = " + "[" * N + "]" * N,
    "braces": "procedure p() " + "{" * N + "}" * N,
    "unclosed_braces": "procedure p() " + "{" * N,
    "if_blocks": "procedure p() {" + " if true {" * N + "}" * N + "}",
    "else_if": "procedure p() {\n  if true { stop }" + " else if true { stop }" * N + "\n}",
    "not": "quantity q = " + "not " * N + "true",
    "neg": "quantity q = " + "- " * N + "1",
    "neg_nospace": "quantity q = " + "-" * N + "1",
    "sum": "quantity q = " + "1 + " * N + "1",
    "product": "quantity q = " + "2 * " * N + "1",
    "and": "quantity q = " + "true and " * N + "true",
    "or": "quantity q = " + "false or " * N + "true",
    "attr": "quantity q = x" + ".a" * N,
    "index": "quantity q = x" + "[0]" * N,
    "cond": "quantity q = " + "if true then 1 else " * N + "1",
    "calls": "quantity q = " + "abs(" * N + "1" + ")" * N,
    "neg_parens": "quantity q = " + "-(" * N + "1" + ")" * N,
    "list_in_list": "quantity q = " + "[1, " * N + "2" + "]" * N,
    "hole_sum": 'procedure p() { log "{' + "1 + " * N + '1}" }',
    "hole_not": 'procedure p() { log "{' + "not " * N + 'true}" }',
    "prompt_sum": 'procedure p() { choose "{' + "1 + " * N + '1}" { "a": stop } }',
    "let_chain": "procedure p() { let x = " + "x + " * N + "1 }",
}


@pytest.mark.parametrize("name", sorted(DEEP))
def test_deep_nesting_is_a_located_E105_or_harmless(name):
    text = DEEP[name]
    _, diags = parse_source(text, "deep.wb")
    assert_checker_diags(diags)
    if name.startswith(("hole_", "prompt_")):
        return  # a hole that is not an expression stays text
    assert [d.code for d in diags if d.code == "E105"], [d.render(text) for d in diags]
    d = next(d for d in diags if d.code == "E105")
    assert d.message in (f"nesting is deeper than {MAX_NESTING} levels", f"nesting is deeper than {MAX_DEPTH} levels")
    assert d.span.line >= 1 and d.span.column >= 1
    assert d.render(text).count("\n") >= 2  # the line and a caret


@pytest.mark.parametrize("name", sorted(DEEP))
def test_deep_nesting_in_a_pack_is_reported_and_the_rest_still_checked(tmp_path, name):
    body = DEEP[name] + "\ncounter a = 1\ncounter a = 2\n"
    folder = write_pack(tmp_path / "pk", body)
    report = compile_pack(str(folder)).report
    assert_checker_diags(report.diagnostics)
    codes = [d.code for d in report.errors]
    assert "E302" in codes  # the declarations after the deep one are still read
    assert "E204" not in codes  # and so is the pack declaration


def test_the_limit_itself_is_accepted_and_one_more_is_not():
    ok = "quantity q = " + "not " * (MAX_DEPTH - 3) + "true"
    assert parse_source(ok, "a.wb")[1] == []
    too_deep = "quantity q = " + "not " * (MAX_DEPTH + 1) + "true"
    (d,) = parse_source(too_deep, "a.wb")[1]
    assert (d.code, d.span.line) == ("E105", 1)
    # it points at the first `not` past the limit, not at the start of the file
    assert d.span.column > 14 and too_deep[d.span.column - 1:].startswith("not")


def test_deep_but_legal_nesting_compiles_and_validates(tmp_path):
    from waybill.compiler.schema import validate_ir
    depth = MAX_DEPTH - 8
    body = ("procedure p(n: int) {\n" + "  if n > 0 {\n" * (depth // 2) + "  stop\n" + "  }\n" * (depth // 2) +
            "  let x = " + "- " * (depth // 2) + "n\n}\n" + "game { players 2..2 play { p(1) } }\n")
    result = compile_pack(str(write_pack(tmp_path / "pk", body)))
    assert result.ir is not None, result.report.render()
    assert validate_ir(result.ir) == []


def test_a_long_sum_lowered_deep_in_a_block_does_not_overflow(tmp_path):
    body = ("procedure p(n: int) {\n" + "  while true {\n" * 20 + "  let x = " + "n + " * 40 + "1\n" +
            "  }\n" * 20 + "}\ngame { players 2..2 play { p(1) } }\n")
    result = compile_pack(str(write_pack(tmp_path / "pk", body)))
    assert_checker_diags(result.report.diagnostics)
    assert result.ir is not None or [d.code for d in result.report.errors] == ["E105"]


@pytest.mark.parametrize("seed", range(40))
def test_random_bytes(tmp_path, seed):
    rng = random.Random(seed)
    data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 3000)))
    path = tmp_path / "junk.wb"
    path.write_bytes(data)
    _, diags, _ = parse_file(str(path), "junk.wb")
    assert_checker_diags(diags)
    report = check_paths([str(path)])
    assert_checker_diags(report.diagnostics)


@pytest.mark.parametrize("seed", range(40))
def test_random_printable_text(seed):
    rng = random.Random(seed)
    alphabet = "abcdefgxyz_019 \n\t{}()[]<>=!+-*/%.,:;\"#\\'$@"
    text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 2000)))
    _, diags = parse_source(text, "junk.wb")
    assert_checker_diags(diags)


@pytest.mark.parametrize("path", shipped_wb_files(), ids=lambda p: str(p.relative_to(p.parents[2])))
def test_every_shipped_file_truncated_anywhere(tmp_path, path):
    """Cut each shipped file at several points: located syntax errors, never a crash."""
    text = path.read_text(encoding="utf-8")
    rng = random.Random(str(path))
    cuts = sorted({rng.randrange(len(text)) for _ in range(6)} | {len(text) // 2})
    for cut in cuts:
        head = text[:cut]
        _, diags = parse_source(head, "cut.wb")
        assert_checker_diags(diags)
        lines = head.split("\n")
        for d in diags:
            assert d.span.line <= len(lines) + 1, (cut, d)


def test_a_truncated_declaration_is_reported_at_its_end():
    text = "counter a = 1\nprocedure p() {\n  let x = 1 +"
    (d,) = parse_source(text, "cut.wb")[1]
    assert (d.code, d.span.line, d.span.column) == ("E103", 3, 14)


def test_a_missing_brace_is_reported_near_its_place():
    text = ("procedure a() {\n  stop\n}\n\nprocedure b() {\n  if true {\n    stop\n\n"
            "procedure c() {\n  stop\n}\n")
    _, diags = parse_source(text, "brace.wb")
    assert diags, "a missing brace must be an error"
    # b ends (where c starts) with two `{` open; the innermost, of `if true`
    # on line 6, is shown, not the end of b or of the file
    (d,) = diags
    assert (d.code, d.span.line, d.span.column, d.message) == ("E103", 6, 11, "this `{` is never closed")
    assert "`}`" in d.hint


def test_a_missing_brace_in_one_file_leaves_the_next_declarations_checked(tmp_path):
    folder = write_pack(tmp_path / "pk", "procedure a() {\n  stop\n\ncounter a = 1\ncounter a = 2\n")
    report = compile_pack(str(folder)).report
    codes = sorted(d.code for d in report.errors)
    assert "E302" in codes and ("E103" in codes or "E101" in codes), report.render()


def test_a_400_kb_file(tmp_path):
    lines = [f'counter c{i} "Counter number {i}" = {i}  # padding padding padding' for i in range(6000)]
    text = "\n".join(lines) + "\n"
    assert len(text.encode()) > 400_000
    folder = write_pack(tmp_path / "pk", text)
    result = compile_pack(str(folder))
    assert result.ir is not None, result.report.render()[:2000]
    assert len(result.ir["counters"]) == 6000


def test_a_400_kb_file_of_garbage_is_one_error_a_line_and_shows_25(tmp_path):
    text = "counter = = =\n" * 30000
    assert len(text) > 400_000
    path = tmp_path / "big.wb"
    path.write_text(text)
    report = check_paths([str(path)])
    assert_checker_diags(report.diagnostics)
    assert [(d.span.line, d.code) for d in report.errors] == [(i, "E101") for i in range(1, 30001)]
    shown = report.render()
    assert shown.count("error[E101]") == 25
    assert shown.endswith("big.wb: and 29975 more diagnostic(s) in this file, not shown")


def test_a_long_single_line(tmp_path):
    text = "quantity q = " + " + ".join(["1"] * 30_000)
    _, diags = parse_source(text, "line.wb")
    assert [d.code for d in diags] == ["E105"]


def test_invalid_utf8_in_a_pack_is_located(tmp_path):
    folder = write_pack(tmp_path / "pk", 'include "bad.wb"\n')
    (folder / "bad.wb").write_bytes(b"counter a = 1\n\xc3\x28 = 2\n")
    report = compile_pack(str(folder)).report
    (d,) = report.errors
    assert (d.code, d.file.rsplit("/", 1)[-1], d.span.line, d.span.column) == ("E104", "bad.wb", 2, 1)


def test_a_file_with_a_nul_byte():
    _, diags = parse_source("counter a = 1\x00\n", "nul.wb")
    (d,) = diags
    assert (d.code, d.span.line, d.span.column, d.message) == ("E102", 1, 14, "unexpected character '\\x00'")


def test_mutual_includes(tmp_path):
    folder = write_pack(tmp_path / "pk", 'include "a.wb"\n',
                        {"a.wb": 'include "b.wb"\ncounter a = 1\n', "b.wb": 'include "a.wb"\ncounter b = 1\n'})
    report = compile_pack(str(folder)).report
    assert [(d.code, d.file.rsplit("/", 1)[-1], d.span.line) for d in report.errors] == [("E203", "b.wb", 1)]


def test_a_glob_include_that_matches_the_including_file(tmp_path):
    folder = write_pack(tmp_path / "pk", 'include "*.wb"\n', {"a.wb": "counter a = 1\n"})
    result = compile_pack(str(folder))
    assert_checker_diags(result.report.diagnostics)
    assert [d.code for d in result.report.errors] == ["E203"]


def test_an_include_of_a_folder(tmp_path):
    folder = write_pack(tmp_path / "pk", 'include "sub"\n')
    (folder / "sub").mkdir()
    report = compile_pack(str(folder)).report
    assert [(d.code, d.message) for d in report.errors] == [("E201", "included file `sub` not found")]


def test_an_include_with_a_nul_character(tmp_path):
    folder = write_pack(tmp_path / "pk", 'include "a\\0b.wb"\ninclude "x\x00y.wb"\n')
    report = compile_pack(str(folder)).report
    assert_checker_diags(report.diagnostics)
    assert report.errors


def test_an_empty_pack_wb(tmp_path):
    folder = tmp_path / "pk"
    folder.mkdir()
    (folder / "pack.wb").write_text("")
    report = compile_pack(str(folder)).report
    assert [(d.code, d.span.line, d.span.column) for d in report.errors] == [("E204", 1, 1)]


def test_a_folder_without_pack_wb(tmp_path):
    folder = tmp_path / "nopack"
    folder.mkdir()
    (folder / "cards.wb").write_text("counter a = 1\n")
    result = compile_pack(str(folder))
    (d,) = result.report.errors
    assert d.code == "E204" and d.message == f"`{folder}` has no pack.wb"


def test_check_of_an_empty_folder_says_so(tmp_path):
    report = check_paths([str(tmp_path)])
    (d,) = report.errors
    assert (d.code, d.message) == ("E204", f"`{tmp_path}` holds no pack.wb and no .wb file")


def test_a_pack_wb_that_is_a_folder(tmp_path):
    folder = tmp_path / "pk"
    (folder / "pack.wb").mkdir(parents=True)
    report = check_paths([str(folder)])
    assert_checker_diags(report.diagnostics)
    assert report.errors


# ---- through the command line --------------------------------------------------------------------------

CLI_CASES = {
    "random_bytes": lambda d: (d / "x.wb").write_bytes(bytes(random.Random(1).randrange(256) for _ in range(4000))),
    "deep_not": lambda d: (d / "x.wb").write_text(DEEP["not"]),
    "deep_sum": lambda d: (d / "x.wb").write_text(DEEP["sum"]),
    "deep_else_if": lambda d: (d / "x.wb").write_text(DEEP["else_if"]),
    "deep_neg": lambda d: (d / "x.wb").write_text(DEEP["neg"]),
    "deep_braces": lambda d: (d / "x.wb").write_text(DEEP["braces"]),
    "invalid_utf8": lambda d: (d / "x.wb").write_bytes(b"counter \xff = 1\n"),
    "truncated": lambda d: (d / "x.wb").write_text("procedure p() {\n  if true {\n    let x = [1, "),
    "self_include": lambda d: write_pack(d / "pk", 'include "pack.wb"\n'),
    "include_outside": lambda d: write_pack(d / "pk", 'include "../../etc/passwd"\n'),
    "empty_pack": lambda d: write_pack(d / "pk", "", game=False),
    "no_pack_wb": lambda d: (d / "pk").mkdir(),
}


@pytest.mark.parametrize("case", sorted(CLI_CASES))
def test_check_command_on_bad_input_exits_1_without_a_traceback(tmp_path, case):
    CLI_CASES[case](tmp_path)
    target = tmp_path / "pk" if (tmp_path / "pk").exists() else tmp_path / "x.wb"
    proc = run_cli("check", str(target), timeout=120)
    out = proc.stdout + proc.stderr
    assert "Traceback" not in out, out[-3000:]
    assert proc.returncode == 1, out[-3000:]
    assert "error[E" in out


@pytest.mark.parametrize("case", ["deep_sum", "self_include", "empty_pack", "no_pack_wb", "include_outside"])
def test_compile_command_on_bad_input_exits_1_without_a_traceback(tmp_path, case):
    CLI_CASES[case](tmp_path)
    if not (tmp_path / "pk").exists():
        write_pack(tmp_path / "pk", "include \"x.wb\"\n")
        (tmp_path / "x.wb").rename(tmp_path / "pk" / "x.wb")
    proc = run_cli("compile", str(tmp_path / "pk"), timeout=120)
    out = proc.stdout + proc.stderr
    assert "Traceback" not in out, out[-3000:]
    assert proc.returncode == 1 and "error[E" in proc.stderr


def test_form_feeds_and_unicode_line_separators_do_not_shift_the_shown_line():
    """The parser counts lines by `\\n` alone; the shown line and the end-of-file
    position must count the same way (str.splitlines() also breaks at \\f, \\x1c, \\u2028)."""
    src = "counter a = 1 \f\u2028\n\x1ccounter = 2\n"
    _, diags = parse_source(src, "x.wb")
    shown = {(d.span.line, d.code): d.render(src).split("\n")[1] for d in diags}
    assert shown[(2, "E102")] == "2 | \x1ccounter = 2"
    _, diags = parse_source("procedure p() {\f\n  stop\n", "x.wb")
    assert [(d.code, d.span.line, d.span.column) for d in diags] == [("E103", 1, 15)]


def test_crlf_files_are_located_like_lf_files():
    _, diags = parse_source("counter a = 1\r\ncounter = 2\r\n", "x.wb")
    (d,) = diags
    assert (d.span.line, d.span.column) == (2, 9)
    assert d.render("counter a = 1\r\ncounter = 2\r\n").splitlines()[1] == "2 | counter = 2"


@pytest.mark.parametrize("src", [
    "counter a = {n}",
    "table t {{ {n}: 1 }}",
    "scenario s {{ seed {n} }}",
    "game {{ players 1..{n} }}",
    "procedure p() {{ let x = choose {n} from xs }}",
])
def test_a_huge_number_is_an_E404_not_a_crash(src):
    """A 5,000-digit number once raised Python's ValueError (int() digit limit)."""
    text = src.format(n="9" * 5000)
    _, diags = parse_source(text, "n.wb")
    (d,) = diags
    assert (d.code, d.span.line, d.span.column) == ("E404", 1, text.index("9") + 1)
    assert d.message == "the number 99999999999999999999... is too large; numbers go up to 9007199254740991"


def test_numbers_up_to_the_json_safe_limit_are_fine():
    assert parse_source("counter a = 0009007199254740991", "n.wb")[1] == []
    (d,) = parse_source("counter a = 9007199254740992", "n.wb")[1]
    assert d.message == "the number 9007199254740992 is too large; numbers go up to 9007199254740991"
