"""`waybill docs` and docs/REFERENCE.md: generated from the one primitive table, and current."""

from __future__ import annotations

from click.testing import CliRunner

from tests.wbkit import ROOT
from waybill.cli import main
from waybill.reference import reference_markdown
from waybill.spec.signatures import EVENT_DOCS, EVENTS, FUNCTIONS, PRIMITIVES, STATEMENTS


def test_reference_md_is_current():
    current = (ROOT / "docs" / "REFERENCE.md").read_text(encoding="utf-8")
    assert current == reference_markdown(), "docs/REFERENCE.md is stale: run `waybill docs -o docs/REFERENCE.md`"


def test_every_entry_has_a_one_line_meaning():
    for table in (PRIMITIVES, FUNCTIONS):
        for sig in table.values():
            assert sig.doc.strip() and "\n" not in sig.doc, sig.name
    assert set(EVENT_DOCS) == set(EVENTS)
    assert all(doc.strip() for doc in EVENT_DOCS.values())
    assert all(form.strip() and doc.strip() for form, doc in STATEMENTS.values())


def test_the_reference_lists_every_name_with_its_signature():
    text = reference_markdown()
    assert "| `gain(counter: counter, amount: int, who: player = none)` | `gained` |" in text
    assert '`draw(source: zone, to: zone, n: int = 1, position: str = "top") -> list`' in text
    for name in list(PRIMITIVES) + list(FUNCTIONS):
        assert f"`{name}(" in text, name
    for name, fields in EVENTS.items():
        assert f"`{name}({', '.join(fields)})`" in text
    for name in STATEMENTS:
        assert f"| {name} |" in text


def test_docs_command_prints_writes_and_checks(tmp_path):
    runner = CliRunner()
    printed = runner.invoke(main, ["docs"])
    assert printed.exit_code == 0 and printed.output == reference_markdown()
    out = tmp_path / "REF.md"
    assert runner.invoke(main, ["docs", "-o", str(out), "--check"]).exit_code == 1
    assert runner.invoke(main, ["docs", "-o", str(out)]).exit_code == 0
    assert out.read_text(encoding="utf-8") == reference_markdown()
    assert runner.invoke(main, ["docs", "-o", str(out), "--check"]).exit_code == 0
    assert runner.invoke(main, ["docs", "--check"]).exit_code == 2
