"""Hypothesis properties: random text, token soup from the grammar's own
vocabulary, and mutations of every shipped file give only the checker's own
diagnostics (codes in `CODES`, with a place) -- never an exception.

Each property is bounded (`max_examples`, no deadline) so the suite stays fast;
set HYPOTHESIS_PROFILE=long for a longer hunt.
"""

from __future__ import annotations

import os
import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.wbkit import ROOT, assert_checker_diags, shipped_wb_files
from waybill import compile_pack
from waybill.dsl.formatter import format_source, tokenize
from waybill.dsl.grammar import grammar_text
from waybill.dsl.parser import parse_source

settings.register_profile("quick", max_examples=60, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
settings.register_profile("long", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "quick")


def bounded(n: int | None = None) -> settings:
    """The run's profile, with `n` examples in the quick profile."""
    base = settings.get_profile(PROFILE)
    return settings(base, max_examples=n) if n is not None and PROFILE == "quick" else base

SHIPPED = shipped_wb_files()

KEYWORDS = sorted(set(re.findall(r'^[A-Z_]+(?:\.\d+)?: "([a-z]+)"', grammar_text(), re.MULTILINE)))
PUNCT = sorted(set(re.findall(r'^[A-Z_]+: "([^a-z"]+)"', grammar_text(), re.MULTILINE)))
NAMES = ["x", "me", "self", "owner", "gold", "deck", "p", "_", "card", "roll", "gain", "size", "players", "tags"]
NUMBERS = ["0", "1", "42", "007", "99999999999999999999"]
STRINGS = ['"a"', '""', '"{x}"', '"{{"', '"{1 +}"', '"\\""', '"\\n"', '"unterminated', '"{me.gold}"']
OTHER = ["#c\n", "\n", " ", "\t", "'", "@", "$", "\\", "\x00", "é", "🂡", "\r\n", "not in", "up to"]
VOCABULARY = KEYWORDS + PUNCT + NAMES + NUMBERS + STRINGS + OTHER


def test_the_vocabulary_is_drawn_from_the_grammar():
    assert {"procedure", "choose", "instead", "modify", "else", "not"} <= set(KEYWORDS)
    assert {"{", "}", "(", ")", "..", "+=", "=="} <= set(PUNCT)


def check_text(text: str) -> None:
    _, diags = parse_source(text, "fuzz.wb")
    assert_checker_diags(diags)
    # the formatter never loses or invents a token, and settles in one step
    out = format_source(text)
    assert format_source(out) == out


def compile_text(tmp_path, files: dict[str, str]) -> None:
    folder = tmp_path / "pk"
    if folder.exists():
        for p in folder.rglob("*.wb"):
            p.unlink()
    folder.mkdir(exist_ok=True)
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    result = compile_pack(str(folder))
    assert_checker_diags(result.report.diagnostics)
    if result.ir is not None:
        assert not result.report.errors


@bounded()
@given(st.text(max_size=400))
def test_random_text(text):
    check_text(text)


@bounded()
@given(st.lists(st.sampled_from(VOCABULARY), max_size=80).map(" ".join))
def test_token_soup(text):
    check_text(text)


@bounded()
@given(st.lists(st.sampled_from(VOCABULARY), max_size=60).map("".join))
def test_token_soup_without_spaces(text):
    check_text(text)


# A declaration head followed by soup: reaches the statement and expression rules more often.
HEADS = ["procedure p() { ", "quantity q = ", "game { play { ", "on found where ", "modify dice(_) + ",
         "kind k { ", 'action a "A" { ', "let x = ", "board b { ", "table t { 1..2: ", "scenario s { given { ",
         'variant v { ', "thing t { "]


@bounded()
@given(st.sampled_from(HEADS), st.lists(st.sampled_from(VOCABULARY), max_size=40).map(" ".join),
       st.sampled_from(["", "}", "} }", "\n}\n"]))
def test_declarations_with_soup_inside(head, soup, tail):
    check_text(head + soup + tail)


PRELUDE = """pack fuzz
resource gold
zone deck
event found(who: player)
quantity dice(p: player) = 2
kind thing { cost: int }
procedure hurt(p: player) { stop }
"""


@bounded(30)
@given(st.sampled_from(HEADS), st.lists(st.sampled_from(VOCABULARY), max_size=30).map(" ".join),
       st.sampled_from(["", "}", "} }"]))
def test_soup_through_the_whole_checker(tmp_path, head, soup, tail):
    compile_text(tmp_path, {"pack.wb": PRELUDE + head + soup + tail + "\n"})


# ---- mutations of every shipped file -----------------------------------------------------------------

def _tokens(text: str) -> list[str]:
    return [v for _, v in tokenize(text)]


MUTATIONS = ["delete_token", "duplicate_token", "swap_tokens", "delete_line", "duplicate_line", "swap_lines",
             "insert_token"]


def mutate(text: str, how: str, i: int, j: int, word: str) -> str:
    if how.endswith(("_line", "_lines")):
        parts, unit = text.split("\n"), "\n"
    else:
        parts, unit = _tokens(text), ""
    if not parts:
        return text
    i, j = i % len(parts), j % len(parts)
    if how.startswith("delete"):
        del parts[i]
    elif how.startswith("duplicate"):
        parts.insert(i, parts[i])
    elif how.startswith("swap"):
        parts[i], parts[j] = parts[j], parts[i]
    elif how == "insert_token":
        parts.insert(i, " " + word + " ")
    return unit.join(parts)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_mutations_of_a_shipped_file(path):
    text = path.read_text(encoding="utf-8")

    @bounded(12)
    @given(st.sampled_from(MUTATIONS), st.integers(0, 10**6), st.integers(0, 10**6), st.sampled_from(VOCABULARY))
    def run(how, i, j, word):
        check_text(mutate(text, how, i, j, word))

    run()


def _pack_of(path) -> tuple:
    for parent in path.parents:
        if (parent / "pack.wb").exists():
            return parent
    return None


PACKS = sorted({_pack_of(p) for p in SHIPPED if _pack_of(p) is not None})


@pytest.mark.parametrize("folder", PACKS, ids=lambda p: p.name)
def test_mutations_through_the_whole_checker(tmp_path, folder):
    """Mutate one file of a shipped pack and check the whole pack: names,
    types and lowering see the damage, and still only report it."""
    files = {str(p.relative_to(folder)): p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*.wb"))}
    names = sorted(files)

    @bounded(8)
    @given(st.sampled_from(names), st.sampled_from(MUTATIONS), st.integers(0, 10**6), st.integers(0, 10**6),
           st.sampled_from(VOCABULARY))
    def run(name, how, i, j, word):
        changed = dict(files)
        changed[name] = mutate(files[name], how, i, j, word)
        compile_text(tmp_path, changed)

    run()
