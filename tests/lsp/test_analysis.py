"""The server's diagnostics are `waybill check`'s: the same Diagnostic objects."""

from __future__ import annotations

import os

import pytest

from waybill import check_paths
from waybill.compiler.loader import display_path, shipped_packs
from waybill.lsp.analysis import Workspace


def _row(d) -> tuple:
    return (d.file, d.span.line, d.span.column, d.span.end_line, d.span.end_column, d.severity, d.code, d.message,
            d.hint or "")


def _theirs(target: str) -> list[tuple]:
    return sorted(_row(d) for d in check_paths([target]).sorted())


def _mine(path: str) -> list[tuple]:
    analysis = Workspace().analysis_for(display_path(path))
    return sorted(_row(d) for ds in analysis.diagnostics.values() for d in ds)


@pytest.mark.parametrize("pack", ["weds", "warfare"])
def test_a_shipped_pack(pack):
    folder = shipped_packs()[pack]
    assert _mine(os.path.join(folder, "pack.wb")) == _theirs(folder)


def test_a_pack_with_mistakes_a_stray_file_and_a_loose_file(tmp_path):
    pack = tmp_path / "mini"
    pack.mkdir()
    (pack / "pack.wb").write_text('pack mini extends weds\ninclude "a.wb"\ninclude "missing.wb"\n')
    (pack / "a.wb").write_text("procedure p(x) {\n  gian(crap, 1)\n  set x = nope + 1\n}\nprocedure p() { }\n"
                               "on nothing_happened { stop }\nkind k { a: int }\nk c { b: 1 }\n")
    (pack / "stray.wb").write_text("die d { faces 1, 2 \n")
    assert _mine(str(pack / "a.wb")) == _theirs(str(pack))
    codes = {row[6] for row in _mine(str(pack / "a.wb"))}
    assert {"E201", "E307", "E301", "E302", "E306", "E304", "W502", "E103"} <= codes
    loose = tmp_path / "loose.wb"
    loose.write_text("procedure q() { lose(gold, 1) }\n")
    assert _mine(str(loose)) == _theirs(str(loose)) != []


def test_the_outline_shows_a_replacing_declaration_under_its_own_name():
    from waybill.dsl.parser import parse_source
    from waybill.lsp.outline import document_symbols
    from waybill.lsp.positions import Lines
    text = 'replaces procedure helper() { stop }\nreplaces game { play { stop } }\n'
    module, _ = parse_source(text, "a.wb")
    assert [s.name for s in document_symbols(module.items, Lines(text))][0] == "helper"
    assert len(document_symbols(module.items, Lines(text))) == 2


def test_the_second_pass_findings_kept_meanwhile_are_those_above_the_first_changed_line():
    from waybill.dsl.diagnostics import Diagnostic, Span
    from waybill.lsp.diagnostics import still_placed
    then = "a\nb\nc\nd\n"
    found = [Diagnostic("f.wb", Span(line, 1, line, 2), "warning", "W603", f"on line {line}") for line in (1, 2, 4)]
    assert still_placed(found, then, then) == found
    assert [d.span.line for d in still_placed(found, then, "a\nb\nX\nd\n")] == [1, 2]
    assert [d.span.line for d in still_placed(found, then, "\na\nb\nc\nd\n")] == []
    assert still_placed(found, None, then) == []
