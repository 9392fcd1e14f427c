"""The shipped parser tables are current and parse exactly like a fresh strict build."""

from __future__ import annotations

from pathlib import Path

from waybill.dsl import parser

ROOT = Path(__file__).parents[2]


def test_the_shipped_tables_match_the_grammar():
    assert parser._load_tables() is not None, (
        "dsl/waybill.lark.json is stale: run `python -m waybill.dsl.parser` after editing the grammar")


def test_tables_and_a_strict_build_parse_every_shipped_file_alike():
    loaded, built = parser._load_tables(), parser.build_parser()
    files = sorted(ROOT.glob("content/**/*.wb")) + sorted(ROOT.glob("tests/packs/**/*.wb"))
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        try:
            a = loaded.parse(text, start="start")
        except Exception as exc:  # a file under construction: both must fail alike
            a = type(exc).__name__
        try:
            b = built.parse(text, start="start")
        except Exception as exc:
            b = type(exc).__name__
        assert a == b, path
