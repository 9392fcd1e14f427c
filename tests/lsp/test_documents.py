"""The server's incremental parse gives what `parse_source` gives, before
and after edits (so its syntax errors are the checker's)."""

from __future__ import annotations

import glob
import os
import random

import pytest

from waybill.compiler.loader import content_root
from waybill.dsl.parser import parse_source
from waybill.lsp.documents import parse_text

FILES = sorted(glob.glob(os.path.join(content_root(), "**", "*.wb"), recursive=True))
EDITS = ["", "x", "\n", "\n\n", "}", "{", " + 1", "\"", "procedure q() { }\n", "# note\n", "(("]


def _same(text: str, path: str, parsed) -> None:
    module, diags = parse_source(text, path)
    assert parsed.module.items == module.items
    assert parsed.diagnostics == diags
    assert sorted(parsed.module.broken, key=str) == sorted(module.broken, key=str)


@pytest.mark.parametrize("path", FILES[::7], ids=os.path.basename)
def test_edits_parse_as_the_whole_file_does(path, monkeypatch):
    monkeypatch.setenv("WAYBILL_NO_CACHE", "1")
    text = open(path, encoding="utf-8").read()
    parsed = parse_text(text, path)
    _same(text, path, parsed)
    rng = random.Random(os.path.basename(path))   # the same edits wherever the checkout is
    for _ in range(6):  # each edit starts from the last parse, as in an editor
        at = rng.randrange(len(text) + 1)
        text = text[:at] + rng.choice(EDITS) + text[at + rng.choice([0, 0, 1, 3]):]
        parsed = parse_text(text, path, parsed)
        _same(text, path, parsed)


def test_a_declaration_wrapped_at_column_1_still_parses():
    text = "track t { 1, 2,\n3, 4 }\ndie d { faces 1, 2 }\n"
    parsed = parse_text(text, "x.wb")
    _same(text, "x.wb", parsed)
    assert not parsed.diagnostics


def test_moved_declarations_are_reused_with_their_new_lines():
    text = "die a { faces 1 }\n\ndie b { faces 2 }\n"
    first = parse_text(text, "x.wb")
    second = parse_text("\n\n" + text, "x.wb", first)
    assert [it.span.line for it in second.module.items] == [3, 5]
    _same("\n\n" + text, "x.wb", second)
