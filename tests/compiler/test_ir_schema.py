"""The IR's JSON Schema: the shipped file is current, every shipped pack's IR
validates, and the schema rejects what it should (deep nesting stays cheap)."""

from __future__ import annotations

import copy
import json

import pytest

from tests.wbkit import ROOT, pack_folders
from waybill import compile_pack
from waybill.compiler.schema import SCHEMA_FILE, build_schema, shipped_schema, validate_ir

PACKS = pack_folders()


@pytest.fixture(scope="module")
def dice_ir():
    result = compile_pack(str(ROOT / "tests" / "packs" / "dice_race"))
    assert result.ir is not None, result.report.render()
    return result.ir


def test_build_schema_equals_the_shipped_file():
    on_disk = json.loads((ROOT / "compiler" / SCHEMA_FILE).read_text(encoding="utf-8"))
    assert build_schema() == on_disk, "compiler/ir.schema.json is stale: run `python -m waybill.compiler.schema`"
    assert shipped_schema() == on_disk


def test_the_schema_is_a_valid_draft_2020_12_schema():
    from jsonschema import Draft202012Validator
    Draft202012Validator.check_schema(build_schema())


def test_every_shipped_pack_has_been_found():
    names = {p.name for p in PACKS}
    assert {"dice_race", "weds", "badlands", "warfare"} <= names, names


@pytest.mark.parametrize("folder", PACKS, ids=lambda p: p.name)
def test_every_shipped_pack_compiles_to_schema_valid_ir(folder):
    result = compile_pack(str(folder))
    assert result.ir is not None, f"{folder.name} does not compile:\n{result.report.render()}"
    assert validate_ir(result.ir) == []
    # and the IR survives a trip through JSON unchanged (no tuples, no sets, no objects)
    assert json.loads(json.dumps(result.ir)) == result.ir


def test_validate_reports_a_wrong_statement_with_its_path(dice_ir):
    ir = copy.deepcopy(dice_ir)
    ir["setup"][0]["do"] = "explode"
    problems = validate_ir(ir)
    assert problems and problems[0].startswith("setup/0")


def test_validate_rejects_an_unknown_primitive(dice_ir):
    ir = copy.deepcopy(dice_ir)
    prim = next(s for s in ir["setup"] if s["do"] == "prim")
    prim["name"] = "eval"
    assert any("setup/0" in p and "eval" in p for p in validate_ir(ir))


def test_validate_rejects_an_unknown_expression_op(dice_ir):
    ir = copy.deepcopy(dice_ir)
    ir["score"] = {"op": "exec", "x": 1}
    assert any(p.startswith("score") for p in validate_ir(ir))


def test_validate_rejects_extra_top_level_keys_and_a_wrong_format(dice_ir):
    ir = copy.deepcopy(dice_ir)
    ir["format"] = "waybill-ir/0"
    ir["python"] = "import os"
    problems = validate_ir(ir)
    assert any(p.startswith("format") for p in problems)
    assert any("python" in p for p in problems)


def test_validate_rejects_a_rule_of_an_unknown_type(dice_ir):
    ir = copy.deepcopy(dice_ir)
    ir["rules"].append({"type": "hook", "effect": []})
    assert any(p.startswith(f"rules/{len(ir['rules']) - 1}") for p in validate_ir(ir))


@pytest.mark.parametrize("wrap", [
    lambda e: {"op": "neg", "x": e},
    lambda e: {"op": "not", "x": e},
    lambda e: {"op": "attr", "of": e, "name": "a"},
    lambda e: {"op": "index", "of": e, "index": 0},
], ids=["neg", "not", "attr", "index"])
def test_deeply_nested_expressions_validate_in_linear_time(dice_ir, wrap):
    """Shapes that share a property (`x`, `of`) once made validation exponential in
    the depth: 16 nested `-` took a minute. 60 levels must now be quick; the
    depth is far past what a test could wait for if the cost doubled per level."""
    e = 1
    for _ in range(60):
        e = wrap(e)
    ir = copy.deepcopy(dice_ir)
    ir["score"] = e
    assert validate_ir(ir) == []
    e["op"] = "nope"
    assert validate_ir(ir) != []


def test_deeply_nested_blocks_validate_in_linear_time(dice_ir):
    block = [{"do": "break"}]
    for i in range(40):
        kind = i % 4
        if kind == 0:
            block = [{"do": "while", "cond": True, "body": block}]
        elif kind == 1:
            block = [{"do": "repeat", "count": 2, "body": block}]
        elif kind == 2:
            block = [{"do": "may", "body": block, "else": block[:0]}]
        else:
            block = [{"do": "for", "var": "v", "in": [1], "body": block}]
    ir = copy.deepcopy(dice_ir)
    ir["setup"] = block
    assert validate_ir(ir) == []


def test_absurdly_deep_ir_is_refused_not_raised(dice_ir):
    e = 1
    for _ in range(5000):
        e = {"op": "not", "x": e}
    ir = copy.deepcopy(dice_ir)
    ir["score"] = e
    assert validate_ir(ir) == ["(top): nested too deeply to check"]


@pytest.mark.parametrize("junk", [None, 3, "ir", [], {}, {"format": "waybill-ir/1"}])
def test_validate_refuses_junk_with_messages(junk):
    problems = validate_ir(junk)
    assert problems and all(isinstance(p, str) for p in problems)


def test_load_pack_refuses_an_ir_file_nested_too_deeply(tmp_path):
    from waybill import CompileError, load_pack
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(CompileError) as err:
        load_pack(str(path))
    assert str(err.value).startswith(f"{path}: not a readable IR JSON file: ")


def test_load_pack_checks_ir_from_outside_against_the_schema(dice_ir, tmp_path):
    from waybill import CompileError, load_pack
    ir = copy.deepcopy(dice_ir)
    ir["score"] = {"op": "exec"}
    with pytest.raises(CompileError) as err:
        load_pack(ir)
    assert str(err.value).startswith("the IR does not match the schema:")
