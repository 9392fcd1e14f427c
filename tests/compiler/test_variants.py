"""Variants: chosen by id; a dashed id (`--variant risky-smuggling`) names the
variant declared as `risky_smuggling` (`-` is not allowed in names)."""

from waybill import compile_pack

from tests.wbkit import only, write_pack

BODY = """
counter n = 1
event bumped()
variant risky_smuggling "Risky" {
  counter n = 2
}
variant other_one { on bumped { set n = 3 } }
"""


def _counter(ir: dict, name: str):
    return next(c for c in ir["counters"] if c["id"] == name)


def test_dashed_variant_id_is_the_underscored_name(tmp_path):
    folder = write_pack(tmp_path / "pk", BODY)
    plain = compile_pack(str(folder), ["risky_smuggling"])
    dashed = compile_pack(str(folder), ["risky-smuggling"])
    assert plain.ir is not None and dashed.ir is not None, dashed.report.render()
    assert dashed.ir["pack"]["variants"] == ["risky_smuggling"]
    assert _counter(dashed.ir, "n") == _counter(plain.ir, "n")


def test_a_variant_named_twice_applies_once(tmp_path):
    folder = write_pack(tmp_path / "pk", BODY)
    result = compile_pack(str(folder), ["other-one", "other_one"])
    assert result.ir is not None, result.report.render()
    assert result.ir["pack"]["variants"] == ["other_one"]
    once = compile_pack(str(folder), ["other_one"])
    assert len(result.ir["rules"]) == len(once.ir["rules"]) == 1


def test_unknown_dashed_variant_is_reported_as_asked(tmp_path):
    folder = write_pack(tmp_path / "pk", BODY)
    result = compile_pack(str(folder), ["risky-smugling"])
    errs = only(result.report.sorted(), "E207")
    assert errs and "risky-smugling" in errs[0].message
    assert "risky_smuggling" in (errs[0].hint or "")


def test_check_reports_errors_inside_variant_blocks(tmp_path):
    """A variant's code is checked by `waybill check` even though no variant is chosen."""
    import shutil
    from pathlib import Path

    from waybill import check_paths

    pack = tmp_path / "race"
    shutil.copytree(Path(__file__).parents[1] / "packs" / "dice_race", pack)
    with open(pack / "pack.wb", "a", encoding="utf-8") as fh:
        fh.write('\nvariant shorter "A shorter race" {\n  on advanced where points >= 8 { win(whoo) }\n}\n')
    errors = check_paths([str(pack)]).errors
    assert [(e.code, e.message, e.hint) for e in errors] == [("E301", "unknown name `whoo`", "did you mean `who`?")]
