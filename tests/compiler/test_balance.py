"""The `balance` declaration: what `waybill balance` compares.

Checked names (unknown kind, not a kind, unknown field, unknown role, a
subject twice), lowered into the IR's `balance`, valid against the schema,
added to by a pack that extends another, declared by every shipped pack.
"""

from __future__ import annotations

import pytest

from tests.wbkit import compile_src, diags_of, ir_of, parse_one, write_pack
from waybill import load_pack
from waybill import compile_pack
from waybill.compiler.schema import validate_ir
from waybill.dsl import ast

PRELUDE = """\
kind hero { }
kind job { guild: guild }
kind guild { }
kind gear { }
zone hand "Hand" per player
counter lap = 0
"""


def test_a_balance_block_parses_into_props():
    d = parse_one("balance { choices: hero, job.guild cards: gear }")
    assert isinstance(d, ast.BalanceDecl)
    assert [(p.name, len(p.values)) for p in d.props] == [("choices", 2), ("cards", 1)]


def test_the_word_stays_usable_as_a_name_in_statements():
    d = parse_one("procedure p() { let balance = 1 set balance = balance + 1 }")
    assert isinstance(d, ast.ProcedureDecl)


def test_a_balance_block_lowers_into_the_ir(tmp_path):
    ir = ir_of(tmp_path, PRELUDE + "balance {\n  choices: hero, job.guild\n  cards: gear\n}\n")
    assert ir["balance"] == {
        "choices": [{"kind": "hero", "label": "hero"}, {"kind": "job", "field": "guild", "label": "guild"}],
        "cards": [{"kind": "gear", "label": "gear"}]}


def test_no_block_no_balance_in_the_ir(tmp_path):
    assert "balance" not in ir_of(tmp_path, PRELUDE)


def test_the_ir_with_a_balance_is_valid(tmp_path):
    result = compile_src(tmp_path, PRELUDE + "balance { choices: hero cards: gear }")
    assert result.ir is not None and validate_ir(result.ir) == []


def _errors(tmp_path, src):
    return [d for d in diags_of(tmp_path, PRELUDE + src) if d.severity == "error"]


def test_an_unknown_kind_is_an_error_with_the_nearest_names(tmp_path):
    [e] = _errors(tmp_path, "balance {\n  choices: heor\n}\n")
    assert (e.code, e.message, e.span.line, e.span.column) == ("E301", "unknown kind `heor`", 9, 12)
    assert "hero" in e.hint


def test_a_name_that_is_no_kind_is_an_error(tmp_path):
    [e] = _errors(tmp_path, "balance { cards: hand }")
    assert (e.code, e.message) == ("E309", "`hand` is a zone, not a kind")


def test_an_unknown_field_is_an_error(tmp_path):
    [e] = _errors(tmp_path, "balance { choices: job.gild }")
    assert (e.code, e.message) == ("E305", "kind `job` has no field `gild`")
    assert "guild" in e.hint


def test_an_unknown_role_is_an_error(tmp_path):
    [e] = _errors(tmp_path, "balance { choice: hero }")
    assert e.code == "E304" and "choices" in e.hint


def test_a_subject_twice_is_an_error(tmp_path):
    [e] = _errors(tmp_path, "balance { choices: hero cards: gear, hero }")
    assert (e.code, e.message) == ("E302", "`hero` is a balance subject twice")


def test_an_expression_is_no_subject(tmp_path):
    [e] = _errors(tmp_path, "balance { cards: lap + 1 }")
    assert e.code == "E402"


def test_broken_syntax_is_a_diagnostic_not_a_traceback(tmp_path):
    diags = diags_of(tmp_path, PRELUDE + "balance { choices hero }")
    assert [d.code for d in diags if d.severity == "error"] == ["E101"]


def test_a_pack_that_extends_another_adds_subjects(tmp_path):
    write_pack(tmp_path / "base", PRELUDE + "balance { choices: hero }", head="pack base\n")
    plus = write_pack(tmp_path / "plus", "balance { cards: gear }", head="pack plus extends base\n", game=False)
    result = compile_pack(str(plus))
    assert result.ir is not None, result.report.render()
    assert [s["kind"] for s in result.ir["balance"]["choices"]] == ["hero"]
    assert [s["kind"] for s in result.ir["balance"]["cards"]] == ["gear"]


@pytest.mark.parametrize("pack", ["weds", "badlands", "warfare"])
def test_every_shipped_pack_declares_what_varies(pack):
    spec = load_pack(pack).ir["balance"]
    assert spec["choices"] and spec["cards"]
