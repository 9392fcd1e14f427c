"""The parse cache gives back the very tree a parse gives, and never trusts a bad entry."""

from __future__ import annotations

import glob
import os
from pathlib import Path

from waybill.dsl import cache
from waybill.dsl.parser import parse_file, parse_source

ROOT = Path(__file__).parents[2]


def test_a_cached_file_reads_back_as_the_same_tree(tmp_path, monkeypatch):
    monkeypatch.setenv("WAYBILL_CACHE", str(tmp_path / "cache"))
    path = ROOT / "tests" / "packs" / "dice_race" / "pack.wb"
    first, diags, text = parse_file(str(path))
    assert not diags
    assert cache.load(text, str(path)) is not None, "a clean parse is stored"
    second, _, _ = parse_file(str(path))
    assert second.items == first.items == parse_source(text, str(path))[0].items


def test_a_damaged_entry_is_parsed_again(tmp_path, monkeypatch):
    monkeypatch.setenv("WAYBILL_CACHE", str(tmp_path / "cache"))
    path = ROOT / "tests" / "packs" / "dice_race" / "cards.wb"
    module, _, text = parse_file(str(path))
    for entry in glob.glob(str(tmp_path / "cache" / "*" / "*.json")):
        Path(entry).write_text('[{"_": ["NoSuchNode", 1]}]', encoding="utf-8")
    again, diags, _ = parse_file(str(path))
    assert not diags and again.items == module.items


def test_files_with_errors_are_not_cached_and_the_cache_can_be_turned_off(tmp_path, monkeypatch):
    monkeypatch.setenv("WAYBILL_CACHE", str(tmp_path / "cache"))
    bad = tmp_path / "bad.wb"
    bad.write_text("kind k {\n", encoding="utf-8")
    _, diags, _ = parse_file(str(bad))
    assert diags and not os.path.exists(tmp_path / "cache")
    monkeypatch.setenv("WAYBILL_NO_CACHE", "1")
    good = tmp_path / "good.wb"
    good.write_text("kind k { }\n", encoding="utf-8")
    parse_file(str(good))
    assert not os.path.exists(tmp_path / "cache")


def test_every_shipped_file_reads_back_from_the_cache_as_parsed(tmp_path, monkeypatch):
    # prompts and log strings with `{expr}` holes, tuples and spans all survive
    from tests.wbkit import shipped_wb_files
    monkeypatch.setenv("WAYBILL_CACHE", str(tmp_path / "cache"))
    for path in shipped_wb_files():
        parsed, diags, text = parse_file(str(path))
        assert not diags, path
        assert cache.load(text, str(path)).items == parsed.items, path
