"""`waybill lsp` end to end: a real LSP client over stdio, as an editor uses it."""

from __future__ import annotations

import os

import pytest
from lsprotocol import types

from waybill.compiler.loader import shipped_packs
from waybill.spec.signatures import PRIMITIVES

from .conftest import PACK, answer, fresh_diagnostics, open_doc, replace_all, uri

pytestmark = pytest.mark.asyncio(loop_scope="module")

MISTAKE = PACK["rules.wb"].replace("boost(who, 2)", "bost(who, 2)")


def doc(pack_dir: str, name: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri(pack_dir, name))


async def test_a_planted_mistake_gives_the_checkers_code_and_range_then_clears(client, pack_dir):
    rules = uri(pack_dir, "rules.wb")
    open_doc(client, rules, MISTAKE)
    diags = await fresh_diagnostics(client, rules, 1)
    assert [d.code for d in diags] == ["E307"]
    d = diags[0]
    assert "unknown procedure or primitive `bost`" in d.message and "boost" in d.message  # the hint
    assert d.range == types.Range(types.Position(1, 2), types.Position(1, 6))
    assert d.severity == types.DiagnosticSeverity.Error

    replace_all(client, rules, MISTAKE, PACK["rules.wb"], 2)
    assert await fresh_diagnostics(client, rules, 2) == []

    # a second mistake, in another statement, appears on the next edit
    broken = PACK["rules.wb"].replace("boost(who, 2)", "boost(who, 2)\n  gain(crap, nope)")
    replace_all(client, rules, PACK["rules.wb"], broken, 3)
    diags = await fresh_diagnostics(client, rules, 3)
    assert [(d.code, d.range.start.line) for d in diags] == [("E301", 2)]
    replace_all(client, rules, broken, PACK["rules.wb"], 4)
    assert await fresh_diagnostics(client, rules, 4) == []


async def test_hover_shows_a_procedure_a_card_and_a_primitive(client, pack_dir):
    open_doc(client, uri(pack_dir, "cards.wb"), PACK["cards.wb"])
    hover = await answer(client.text_document_hover_async(types.HoverParams(doc(pack_dir, "rules.wb"), types.Position(1, 4))))
    assert "procedure boost(p: player, n: int)" in hover.contents.value
    hover = await answer(client.text_document_hover_async(types.HoverParams(doc(pack_dir, "cards.wb"), types.Position(2, 9))))
    assert "gadget spanner" in hover.contents.value and "Gain 2 crap when you deliver." in hover.contents.value
    assert "`power`: 2" in hover.contents.value
    hover = await answer(client.text_document_hover_async(types.HoverParams(doc(pack_dir, "cards.wb"), types.Position(8, 3))))
    assert "gain(counter: counter, amount: int, who: player = none)" in hover.contents.value
    assert PRIMITIVES["gain"].doc in hover.contents.value


async def test_definition_across_files_and_into_the_base_pack(client, pack_dir):
    found = await answer(client.text_document_definition_async(
        types.DefinitionParams(doc(pack_dir, "rules.wb"), types.Position(1, 3))))
    assert [(loc.uri, loc.range.start.line, loc.range.start.character) for loc in found] == \
        [(uri(pack_dir, "cards.wb"), 7, 10)]
    found = await answer(client.text_document_definition_async(
        types.DefinitionParams(doc(pack_dir, "cards.wb"), types.Position(8, 8))))  # `crap`, declared by weds
    weds = shipped_packs()["weds"]
    assert [loc.uri for loc in found] == [uri(weds, "components.wb")]
    found = await answer(client.text_document_definition_async(  # an event of the base pack
        types.DefinitionParams(doc(pack_dir, "rules.wb"), types.Position(0, 5))))
    assert [loc.uri for loc in found] == [uri(weds, "components.wb")]


async def test_references_include_the_declaration_and_every_use(client, pack_dir):
    refs = await answer(client.text_document_references_async(types.ReferenceParams(
        context=types.ReferenceContext(include_declaration=True), text_document=doc(pack_dir, "cards.wb"),
        position=types.Position(7, 12))))
    assert sorted((os.path.basename(r.uri), r.range.start.line) for r in refs) == [("cards.wb", 7), ("rules.wb", 1)]
    refs = await answer(client.text_document_references_async(types.ReferenceParams(  # `crap` is used all over weds
        context=types.ReferenceContext(include_declaration=False), text_document=doc(pack_dir, "cards.wb"),
        position=types.Position(8, 8))))
    assert len({r.uri for r in refs}) > 3


async def test_completion_of_fields_primitives_and_events(client, pack_dir):
    cards = uri(pack_dir, "cards.wb")
    text = PACK["cards.wb"].replace("  power: 2\n", "  power: 2\n  \n")
    replace_all(client, cards, PACK["cards.wb"], text, 2)
    items = await answer(client.text_document_completion_async(types.CompletionParams(
        doc(pack_dir, "cards.wb"), types.Position(4, 2))))
    labels = {i.label for i in items.items}
    assert {"power", "label", "copies"} <= labels  # the card's kind's fields first
    gain = next(i for i in items.items if i.label == "gain")
    assert gain.insert_text == "gain(${1:counter}, ${2:amount})" and "who" in gain.detail
    replace_all(client, cards, text, PACK["cards.wb"], 3)

    rules = uri(pack_dir, "rules.wb")
    text = PACK["rules.wb"] + "on \n"
    replace_all(client, rules, PACK["rules.wb"], text, 10)
    items = await answer(client.text_document_completion_async(types.CompletionParams(
        doc(pack_dir, "rules.wb"), types.Position(3, 3))))
    labels = {i.label for i in items.items}
    assert {"delivered", "gained", "moved"} <= labels and "gain" not in labels
    text2 = PACK["rules.wb"].replace("boost(who, 2)", "boost(who, spanner.)")
    replace_all(client, rules, text, text2, 11)
    items = await answer(client.text_document_completion_async(types.CompletionParams(
        doc(pack_dir, "rules.wb"), types.Position(1, 21))))
    labels = {i.label for i in items.items}
    assert {"power", "label", "crap", "owner"} <= labels
    replace_all(client, rules, text2, PACK["rules.wb"], 12)
    assert await fresh_diagnostics(client, rules, 12) == []


async def test_rename_edits_the_declaration_and_every_use(client, pack_dir):
    edit = await answer(client.text_document_rename_async(types.RenameParams(
        doc(pack_dir, "rules.wb"), types.Position(1, 3), "power_up")))
    changes = {os.path.basename(u): [(e.range.start.line, e.range.start.character, e.new_text) for e in es]
               for u, es in edit.changes.items()}
    assert changes == {"cards.wb": [(7, 10, "power_up")], "rules.wb": [(1, 2, "power_up")]}
    edit = await answer(client.text_document_rename_async(types.RenameParams(  # onto a taken name: refused
        doc(pack_dir, "rules.wb"), types.Position(1, 3), "spanner")))
    assert edit is None


async def test_document_symbols_outline_the_file(client, pack_dir):
    symbols = await answer(client.text_document_document_symbol_async(
        types.DocumentSymbolParams(doc(pack_dir, "cards.wb"))))
    assert [(s.name, s.kind) for s in symbols] == [
        ("gadget", types.SymbolKind.Class), ("spanner", types.SymbolKind.Object),
        ("boost", types.SymbolKind.Function)]
    assert [c.name for c in symbols[0].children] == ["power", "label"]


BROKEN = [
    "kind { ((( \"unterminated\n",
    "gadget x \"X\" { power: }\n}}}}\n" + "(" * 500 + "\n",
    "\x00\x01 on on on where where {\n  let = = =\n",
    "",
    "procedure p( { if { else } }\nscenario s { players 0 seed -1 }\n",
]


async def test_a_broken_file_gives_diagnostics_never_a_crash(client, pack_dir):
    rules = uri(pack_dir, "rules.wb")
    old = PACK["rules.wb"]
    for version, text in enumerate(BROKEN, 20):
        replace_all(client, rules, old, text, version)
        diags = await fresh_diagnostics(client, rules, version)
        if text:
            assert diags and all(d.code.startswith("E1") for d in diags), (text, diags)
        for pos in (types.Position(0, 0), types.Position(0, 3), types.Position(1, 2), types.Position(40, 40)):
            await answer(client.text_document_hover_async(types.HoverParams(doc(pack_dir, "rules.wb"), pos)))
            await answer(client.text_document_completion_async(types.CompletionParams(doc(pack_dir, "rules.wb"), pos)))
            await answer(client.text_document_definition_async(types.DefinitionParams(doc(pack_dir, "rules.wb"), pos)))
        await answer(client.text_document_document_symbol_async(types.DocumentSymbolParams(doc(pack_dir, "rules.wb"))))
        old = text
    replace_all(client, rules, old, PACK["rules.wb"], 99)
    assert await fresh_diagnostics(client, rules, 99) == []
    assert not [m for m in client.log_messages if m.type == types.MessageType.Error]


async def test_locals_and_kinds(client, pack_dir):
    items = await answer(client.text_document_completion_async(types.CompletionParams(  # inside `procedure boost(p, n)`
        doc(pack_dir, "cards.wb"), types.Position(8, 2))))
    local = {i.label for i in items.items if i.detail == "local"}
    assert {"p", "n"} <= local
    found = await answer(client.text_document_definition_async(  # `gadget spanner`: the kind
        types.DefinitionParams(doc(pack_dir, "cards.wb"), types.Position(2, 3))))
    assert [(loc.range.start.line, loc.range.start.character) for loc in found] == [(0, 5)]
    found = await answer(client.text_document_definition_async(  # `power: 2`: the kind's field
        types.DefinitionParams(doc(pack_dir, "cards.wb"), types.Position(3, 3))))
    assert [(loc.range.start.line, loc.range.start.character) for loc in found] == [(0, 14)]


async def test_a_burst_of_keystrokes_ends_with_the_last_ones_diagnostics(client, pack_dir):
    rules = uri(pack_dir, "rules.wb")
    old = PACK["rules.wb"]
    for version, typed in enumerate(["b", "bo", "boo", "boos"], 200):  # typing a call's name again
        text = PACK["rules.wb"].replace("boost(who, 2)", f"{typed}(who, 2)")
        replace_all(client, rules, old, text, version)
        old = text
    diags = await fresh_diagnostics(client, rules, 203)
    assert [d.code for d in diags] == ["E307"] and "`boos`" in diags[0].message
    replace_all(client, rules, old, PACK["rules.wb"], 204)
    assert await fresh_diagnostics(client, rules, 204) == []
