"""The VS Code grammar (editors/vscode/syntaxes/waybill.tmLanguage.json),
tested in Python with a small TextMate tokenizer (`textmate.py`).

Why not `vscode-tmgrammar-test` from npm: it needs node and a download in
CI, and would test only the samples; in Python the test runs wherever the
rest of the suite runs, reads every shipped .wb file, and checks the
grammar against the Lark grammar's own keyword list, so the two cannot
drift apart. The regexes are kept to the syntax Python's `re` and
Oniguruma read alike (checked below: they must compile in `re`).
"""

from __future__ import annotations

import glob
import json
import os
import re

import pytest

from waybill.compiler.loader import content_root
from waybill.dsl.grammar import grammar_text

from .textmate import Grammar

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EDITOR = os.path.join(ROOT, "editors", "vscode")
GRAMMAR = Grammar(os.path.join(EDITOR, "syntaxes", "waybill.tmLanguage.json"))

SAMPLE = '''# a comment with "quotes" and {braces}
kind truck_mod { cost: int, slot: str = "any" }
truck_mod gunner "Gunner" {
  cost: 9
  text "Roll 1 additional die during combat rolls."
  modify combat_dice(owner) + 1
}
procedure deliver(p: player, n: int) {
  if n >= 2 and not done { gain(crap, n, who: p) }
  log "{p} delivers {n * 2} crates, {{literally}} # not a comment"
}
on delivered where who == me { stop }
'''


def scopes_of(word: str, line: str) -> list[str]:
    """The scopes of the first occurrence of `word` (as a whole word) in `line`."""
    m = re.search(r"(?<![A-Za-z0-9_])" + re.escape(word) + r"(?![A-Za-z0-9_])", line)
    assert m, (word, line)
    return GRAMMAR.tokenize([line])[0][m.start()]


def test_the_grammar_is_valid_json_and_every_regex_compiles():
    doc = GRAMMAR.doc
    assert doc["scopeName"] == "source.waybill" and "wb" in doc["fileTypes"]
    for pattern in GRAMMAR.regexes():
        re.compile(pattern)
    package = json.load(open(os.path.join(EDITOR, "package.json"), encoding="utf-8"))
    assert package["contributes"]["grammars"][0]["scopeName"] == doc["scopeName"]
    assert package["contributes"]["languages"][0]["extensions"] == [".wb"]
    json.load(open(os.path.join(EDITOR, "language-configuration.json"), encoding="utf-8"))


@pytest.mark.parametrize("keyword", sorted(set(re.findall(r'^[A-Z_]+: "([a-z]+)"$', grammar_text(), re.M))))
def test_every_keyword_of_the_language_is_highlighted(keyword):
    scopes = scopes_of(keyword, f"  x = y {keyword} z")
    assert any(s.startswith(("keyword.", "storage.", "constant.language.")) for s in scopes), (keyword, scopes)


def test_the_sample_is_highlighted_as_a_designer_reads_it():
    lines = SAMPLE.split("\n")
    tok = GRAMMAR.tokenize(lines)

    def at(line: int, word: str, nth: int = 0) -> str:
        starts = [m.start() for m in re.finditer(r"(?<![A-Za-z0-9_])" + re.escape(word), lines[line])]
        return " ".join(tok[line][starts[nth]])

    assert "comment.line" in at(0, "quotes")
    assert "storage.type.declaration" in at(1, "kind") and "entity.name.type" in at(1, "truck_mod")
    assert "variable.other.property" in at(1, "cost")
    assert "string.quoted" in at(1, "any")
    assert "entity.name.class" in at(2, "truck_mod") and "entity.name.type" in at(2, "gunner")
    assert "string.quoted" in at(2, "Gunner")
    assert "variable.other.property" in at(3, "cost") and "constant.numeric" in at(3, "9")
    assert "variable.other.property" not in at(4, "text")  # `text "..."`: a keyword, then a string
    assert "keyword" in at(4, "text") and "string.quoted" in at(4, "additional")
    assert "keyword.control" in at(5, "modify") and "entity.name.function.call" in at(5, "combat_dice")
    assert "variable.language" in at(5, "owner")
    assert "storage.type.declaration" in at(7, "procedure") and "entity.name.type" in at(7, "deliver")
    assert "keyword.operator.logical" in at(8, "and") and "entity.name.function.call" in at(8, "gain")
    assert "variable.other.property" in at(8, "who")
    assert "meta.interpolation" in at(9, "p") and "meta.interpolation" not in at(9, "delivers")
    assert "keyword.operator" in " ".join(tok[9][lines[9].index("*")])
    assert "constant.character.escape" in " ".join(tok[9][lines[9].index("{{")])
    assert "comment" not in at(9, "not")  # a `#` inside a string is text
    assert "keyword.control" in at(11, "on") and "keyword.control" in at(11, "where")


@pytest.mark.parametrize("pack", ["weds", "badlands", "warfare"])
def test_every_shipped_file_tokenizes_with_strings_closed_on_their_line(pack):
    files = sorted(glob.glob(os.path.join(content_root(), pack, "**", "*.wb"), recursive=True))
    assert files
    for path in files:
        lines = open(path, encoding="utf-8").read().split("\n")
        stack: list = []
        for number, line in enumerate(lines, 1):
            scopes, stack = GRAMMAR.line(line, stack)
            assert not stack, f"{path}:{number}: a string or a hole left open"
            for col, ch in enumerate(line):
                names = " ".join(scopes[col])
                if ch == '"' and "comment" not in names:
                    assert "string" in names, f"{path}:{number}:{col + 1}: a quote outside a string"


def test_the_extension_is_valid_javascript():
    import shutil
    import subprocess
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: extension.js is checked where it is")
    done = subprocess.run([node, "--check", os.path.join(EDITOR, "extension.js")], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    package = json.load(open(os.path.join(EDITOR, "package.json"), encoding="utf-8"))
    assert package["main"] == "./extension.js" and "vscode-languageclient" in package["dependencies"]
