"""After any sequence of edits, the server's incremental check gives what a
check from scratch gives: the first pass what a fresh server's first pass
gives, the complete set what `waybill check` prints for the same text."""

from __future__ import annotations

import os
import shutil

import pytest

from waybill import check_paths
from waybill.compiler.loader import display_path, shipped_packs
from waybill.lsp.analysis import Workspace


def _row(d) -> tuple:
    return (d.file, d.span.line, d.span.column, d.span.end_line, d.span.end_column, d.severity, d.code, d.message,
            d.hint or "")


def _rows(analysis) -> list[tuple]:
    return sorted(_row(d) for ds in analysis.diagnostics.values() for d in ds)


@pytest.fixture()
def pack(tmp_path) -> str:
    folder = tmp_path / "warfare"
    shutil.copytree(shipped_packs()["warfare"], folder)
    return str(folder)


class Editor:
    """Edits files as an editor does (the workspace's open texts), and writes
    them to disk too, for `waybill check` to read the same text."""

    def __init__(self, folder: str):
        self.folder = folder
        self.ws = Workspace()
        self.texts: dict[str, str] = {}

    def path(self, name: str) -> str:
        return display_path(os.path.join(self.folder, name))

    def text(self, name: str) -> str:
        return self.texts.get(name) or open(os.path.join(self.folder, name), encoding="utf-8").read()

    def replace(self, name: str, old: str, new: str) -> None:
        text = self.text(name)
        assert old in text, old
        self.set(name, text.replace(old, new, 1))

    def set(self, name: str, text: str) -> None:
        self.texts[name] = text
        self.ws.set_text(self.path(name), text)
        with open(os.path.join(self.folder, name), "w", encoding="utf-8") as fh:
            fh.write(text)

    def check(self, edited: str) -> list[tuple]:
        """The incremental passes against a fresh workspace's and `waybill check`'s."""
        quick = self.ws.analysis_for(self.path(edited), complete=False)
        fresh = Workspace()
        for name, text in self.texts.items():
            fresh.set_text(self.path(name), text)
        assert _rows(quick) == _rows(fresh.analysis_for(self.path(edited), complete=False))
        complete = self.ws.analysis_for(self.path(edited))
        theirs = sorted(_row(d) for d in check_paths([self.folder]).sorted())
        assert _rows(complete) == theirs
        return theirs


def _codes(rows: list[tuple]) -> set[str]:
    return {r[6] for r in rows}


def test_a_sequence_of_edits_checks_as_from_scratch(pack):
    ed = Editor(pack)
    start = ed.check("story_actions.wb")
    assert not any(r[5] == "error" for r in start)
    total = ed.ws.memos[ed.folder].lowered

    # a comment typed inside a declaration: only that declaration is lowered again
    ed.replace("captives.wb", "{\n", "{ # a note\n")
    assert ed.check("captives.wb") == start
    assert ed.ws.memos[ed.folder].lowered < total / 10

    # rename a name that another declaration uses: the use becomes unknown
    ed.replace("captives.wb", "quantity captives_of(", "quantity captives_off(")
    rows = ed.check("captives.wb")
    assert any(r[6] == "E308" and "captives_of" in r[7] for r in rows)
    # a new name elsewhere changes what the error suggests, though the use did not change
    ed.set("facilities.wb", ed.text("facilities.wb") + "\nquantity captives_oz(p: player) = 0\n")
    rows = ed.check("facilities.wb")
    assert any(r[6] == "E308" and "captives_oz" in r[8] for r in rows)

    # break the syntax of a file, then fix it
    ed.replace("story_actions.wb", "{\n", "{\n  let = (\n")
    assert "E101" in _codes(ed.check("story_actions.wb")) or "E102" in _codes(ed.check("story_actions.wb"))
    ed.replace("story_actions.wb", "{\n  let = (\n", "{\n")
    ed.check("story_actions.wb")

    # add a declaration in another file: the use resolves again
    ed.replace("facilities.wb", "quantity captives_oz(", "quantity captives_of(")
    rows = ed.check("facilities.wb")
    assert not any(r[6] == "E308" for r in rows)

    # delete a kind its cards use; lines added above the cards move them
    ed.replace("crews.wb", "kind chem { rare: bool = false, value: int }\n", "\n\n\n")
    rows = ed.check("crews.wb")
    assert any(r[6] == "E303" and "chem" in r[7] for r in rows)
    ed.replace("crews.wb", "\n\n\n", "kind chem { rare: bool = false }\n")  # back, with a field less
    rows = ed.check("crews.wb")
    assert any(r[6] == "E304" and "value" in r[7] for r in rows)

    # a field's default removed: every card of the kind that does not give it is now wrong
    ed.replace("facilities.wb", "kind facility { roll: int, value: int = 10 }", "kind facility { roll: int, value: int }")
    assert "E403" in _codes(ed.check("facilities.wb"))

    # a file added on disk, that nothing includes (W502), then included: its mistake is found
    with open(os.path.join(pack, "extra.wb"), "w", encoding="utf-8") as fh:
        fh.write("procedure extra() { gain(capz, 1) }\n")
    ed.ws.analyses.clear()  # as the next keystroke does: the kept reading must notice the new file
    assert "W502" in _codes(ed.check("crews.wb"))
    ed.set("pack.wb", ed.text("pack.wb") + 'include "extra.wb"\n')
    rows = ed.check("pack.wb")
    assert "W502" not in _codes(rows) and any("capz" in r[7] for r in rows)
    os.remove(os.path.join(pack, "extra.wb"))
    ed.ws.analyses.clear()
    assert "E201" in _codes(ed.check("crews.wb"))

    # everything put back: what the pack gave at the start
    for name in list(ed.texts):
        ed.set(name, open(os.path.join(shipped_packs()["warfare"], name), encoding="utf-8").read())
    assert ed.check("crews.wb") == start


def test_edits_in_an_expansion_check_as_from_scratch(tmp_path):
    from tests.lsp.conftest import PACK
    folder = tmp_path / "mini"
    folder.mkdir()
    for name, text in PACK.items():
        (folder / name).write_text(text, encoding="utf-8")
    ed = Editor(str(folder))
    assert not any(r[5] == "error" for r in ed.check("cards.wb"))

    # a field added to a base kind (`extend kind`), given by a card of the expansion
    ed.set("cards.wb", ed.text("cards.wb") + "extend kind truck_mod { rarity: int = 0 }\n"
           'truck_mod plating "Plating" { cost: 3 rarity: 1 text "Costs $3." }\n')
    assert not any(r[5] == "error" for r in ed.check("cards.wb"))
    ed.replace("cards.wb", "rarity: int = 0", 'rarity: str = ""')  # the card's value is now of the wrong type
    assert "E402" in _codes(ed.check("cards.wb"))

    # a procedure's parameters change: its call in another file is now wrong
    ed.replace("cards.wb", "procedure boost(p: player, n: int)", "procedure boost(p: player)")
    rows = ed.check("cards.wb")
    assert any(r[0].endswith("rules.wb") and r[6] == "E401" for r in rows)


def test_every_attribute_of_the_lowerer_is_known_to_the_incremental_check():
    # a new piece of state that lowering a declaration adds to would be lost when the
    # declaration is reused: incremental.py must give it back (PER_DECLARATION_STATE)
    from waybill.compiler import read_pack_checked
    from waybill.compiler.lower import Lowerer
    from waybill.compiler.symbols import build_program
    from waybill.dsl.diagnostics import Report
    from waybill.lsp.incremental import PER_DECLARATION_STATE, WHOLE_PACK_STATE
    report = Report()
    lowerer = Lowerer(build_program(read_pack_checked(shipped_packs()["warfare"], report), [], report), report)
    lowerer.lower()
    assert set(vars(lowerer)) == PER_DECLARATION_STATE | WHOLE_PACK_STATE
    assert all(isinstance(getattr(lowerer, name), (set, list)) for name in PER_DECLARATION_STATE)


def test_unused_warnings_are_dropped_once_a_declaration_is_lost_as_waybill_check_drops_them(pack):
    # the lost declaration may be what used the "unused" one
    ed = Editor(pack)
    ed.check("captives.wb")
    ed.replace("captives.wb", "quantity captives_of(p: player) =", "procedure lonely() { stop }\nquantity captives_of(p: player) =")
    assert "W501" in _codes(ed.check("captives.wb"))
    ed.replace("captives.wb", "procedure lonely() { stop }", "procedure lonely() { stop }\nprocedure broken( {\n}\n")
    assert "W501" not in _codes(ed.check("captives.wb"))
