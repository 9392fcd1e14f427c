"""Whatever the text, the server's features answer (in process, without a
client: the same functions the server calls), never raise."""

from __future__ import annotations

import os
import random
import shutil

from lsprotocol import types

from waybill.compiler.loader import shipped_packs
from waybill.lsp import completion, hover, navigation, outline
from waybill.lsp.analysis import Workspace
from waybill.lsp.positions import Lines

PIECES = ["", "x", "\n", "}", "{", "(", ")", " on ", " . ", ".", "\"", "#", ":", " let ", "each", "\t", "é", "𝄞",
          "procedure", " kind k { a: int }\n", "\n\n\n"]


def test_random_edits_never_break_a_feature(tmp_path):
    folder = tmp_path / "warfare"
    shutil.copytree(shipped_packs()["warfare"], folder)
    path = str(folder / "story_actions.wb")
    text = open(path, encoding="utf-8").read()
    ws = Workspace()
    rng = random.Random(15)
    for step in range(25):
        at = rng.randrange(len(text) + 1)
        text = text[:at] + rng.choice(PIECES) + text[at + rng.choice([0, 0, 1, 5, 40]):]
        ws.set_text(path, text)
        analysis = ws.analysis_for(path, complete=step % 2 == 0)
        lines = Lines(text)
        outline.document_symbols(ws.source(path).module.items, lines)
        for _ in range(8):
            line = rng.randrange(text.count("\n") + 2)
            column = rng.randrange(90)
            occ = analysis.index.at(path, line + 1, column + 1)
            completion.complete(analysis.index, text, line, column, path)
            if occ is not None:
                hover.hover_text(analysis.index, occ)
                navigation.definitions(analysis.index, occ, analysis.folder)
                navigation.references(analysis.index, occ)
                if navigation.rename_problem(analysis.index, occ, "renamed_x") is None:
                    navigation.rename_edits(analysis.index, occ, "renamed_x")
    assert os.path.exists(path)


def test_positions_round_trip_outside_the_basic_plane():
    lines = Lines('x "𝄞é" y\n')
    assert lines.to_utf16(0, 5) == 6  # 𝄞 is two UTF-16 units
    assert lines.from_utf16(0, 6) == 5
    assert types.Position(0, lines.to_utf16(0, 7)).character == 8
