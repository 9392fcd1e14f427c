"""Syntax errors read like the checker's (issue #15, part 6): one error per
mistake, at the mistake, with a stable code and what would go there."""

from __future__ import annotations

import pytest

from tests.compiler.test_diagnostic_codes import LINE, PRELUDE, USE, one
from waybill.dsl.parser import parse_source

KIND = "kind gadget { cost: int = 0 }\n"


def only(src: str):
    _, diags = parse_source(src, "a.wb")
    (d,) = diags
    return d


@pytest.mark.parametrize("line, word", [
    ("  hurt(owner)", "hurt"),
    ("  set owner.gold = 1", "set"),
    ('  log "hello"', "log"),
    ("  if owner.gold > 1 { stop }", "if"),
])
def test_an_effect_directly_in_a_body_is_one_E406_at_its_start(line, word):
    d = only(KIND + 'gadget g "G" {\n  cost: 2\n' + line + "\n}\n")
    assert (d.code, d.span.line, d.span.column, d.span.end_column) == ("E406", 4, 3, 3 + len(word))
    assert "cannot stand directly in a declaration's body" in d.message
    assert "`action NAME { ... }`" in d.hint and "`on EVENT { ... }`" in d.hint


@pytest.mark.parametrize("line, what", [
    ("    modify dice(owner) + 1", "a modifier `modify ...`"),
    ("    on found { stop }", "a trigger `on ...`"),
    ("    action a \"A\" { stop }", "an action `action ...`"),
    ("    instead of hurt { stop }", "a replacement `instead of ...`"),
])
def test_an_ability_inside_a_block_is_one_E406(line, what):
    d = only(KIND + 'gadget g "G" {\n  on found {\n' + line + "\n  }\n}\n")
    assert (d.code, d.span.line, d.span.column) == ("E406", 4, 5)
    assert d.message == f"{what} cannot stand inside a block of statements"
    assert "directly in a declaration's body" in d.hint


@pytest.mark.parametrize("src", [
    KIND + 'gadget g "G" {\n  modify dice + 1\n}\n',     # a malformed modifier where modifiers go
    KIND + 'gadget g "G" {\n  cost 2\n}\n',             # a field without its `:`
    "procedure p() {\n  set = 1\n}\n",
])
def test_other_syntax_errors_stay_E101(src):
    assert only(src).code == "E101"


def test_a_misspelt_procedure_in_an_expression_is_suggested(tmp_path):
    d, got = one(tmp_path, "quantity q(p: player) = hurtt(p)\n" + USE.replace("dice(me)", "dice(me) + q(me)"),
                 "E308")
    assert got == (LINE, 25, "unknown function or quantity `hurtt`", "did you mean `hurt`?")


@pytest.mark.parametrize("text, at", [('"a {b"', 3), ('"{dice(me)} and {b"', 16), ('"{a {dice(me)}"', 1)])
def test_an_unclosed_hole_in_a_string_is_E108(tmp_path, text, at):
    d, got = one(tmp_path, f"procedure say() {{ log {text} }}\n" + USE.replace("hurt(me)", "hurt(me) say()"), "E108")
    assert got[:3] == (LINE, len("procedure say() { log ") + 1 + at, "this `{` opens a hole that is never closed")


@pytest.mark.parametrize("src, what", [("hurt(me)\n", "a call of `hurt`"), ("set x.a = 1\n", "a `set` statement"),
                                       ('log "x"\n', "a `log` statement")])
def test_an_effect_at_the_top_level_is_one_E406(src, what):
    d = only(src)
    assert (d.code, d.span.line, d.span.column) == ("E406", 1, 1)
    assert d.message == f"{what} cannot stand at the top level of a file"
    assert "`procedure NAME() { ... }`" in d.hint


@pytest.mark.parametrize("line, what", [
    ("  hurt(owner)", "a call of `hurt`"),
    ("  set owner.gold = 1", "a `set` statement"),
    ("  let x = 2", "a `let` statement"),
    ('  log "hello"', "a `log` statement"),
])
@pytest.mark.parametrize("title", ['"Rich" ', ""])
def test_an_effect_directly_in_a_variant_is_one_E406_saying_what_goes_there(line, what, title):
    # a variant's block holds declarations, one before the effect too
    d = only(f"variant rich {title}{{\n  counter silver = 0\n{line}\n}}\n")
    assert (d.code, d.span.line, d.span.column) == ("E406", 3, 3)
    assert d.message == f"{what} cannot stand directly in a `variant` block"
    assert "a variant holds declarations" in d.hint and "`game { setup { ... } }`" in d.hint


def test_an_effect_inside_an_ability_of_a_variant_is_fine_and_a_bad_one_is_not_called_misplaced():
    _, diags = parse_source('variant rich {\n  on found {\n    hurt(owner)\n  }\n}\n', "a.wb")
    assert diags == []
    assert only('variant rich {\n  on found {\n    set = 1\n  }\n}\n').code == "E101"


def test_a_variant_with_an_effect_in_it_leaves_the_other_declarations_checked(tmp_path):
    from waybill import check_paths
    path = tmp_path / "v.wb"
    path.write_text('counter gold = 0\nvariant rich "Rich" {\n  counter silver = 0\n  gain(gold, 2)\n}\n'
                    "procedure p() { bogus() }\n")
    got = [(d.code, d.span.line) for d in check_paths([str(path)]).sorted() if d.is_error]
    assert got == [("E406", 4), ("E307", 6)]


@pytest.mark.parametrize("src, lost", [("replaces procedure helper() {\n  let = 1\n}\n", "helper"),
                                       ("replaces game {\n  play { let = }\n}\n", "game")])
def test_a_broken_replaces_declaration_loses_its_own_name(src, lost):
    # the checker then does not also call every use of the name unknown
    module, diags = parse_source(src, "a.wb")
    assert module.broken == [lost] and [d.code for d in diags] == ["E101"]


@pytest.mark.parametrize("src, where, hint", [
    ('game "G" {\n  players 2..4\n  gain(gold, 1)\n  play { stop }\n}\n', "the `game` block", "`setup { ... }`"),
    ('replaces game {\n  players 2..4\n  let x = 1\n}\n', "the `game` block", "`play { ... }`"),
    ('scenario s "S" {\n  players 2\n  gain(gold, 1)\n}\n', "a `scenario`", "`given { ... }`"),
    ('scenario s {\n  players 2\n  set me.gold = 1\n}\n', "a `scenario`", "`given { ... }`"),
])
def test_an_effect_directly_in_a_game_or_scenario_block_is_one_E406(src, where, hint):
    d = only(src)
    assert (d.code, d.span.line, d.span.column) == ("E406", 3, 3)
    assert d.message.endswith(f"cannot stand directly in {where}") and hint in d.hint


@pytest.mark.parametrize("src, word, hint", [
    ("game {\n  player 2..4\n}\n", "player", "did you mean `players`"),   # was "unexpected name `er`"
    ("game {\n  setupp { stop }\n}\n", "setupp", "did you mean `setup`"),
])
def test_a_word_that_starts_with_a_keyword_is_reported_whole(src, word, hint):
    d = only(src)
    assert (d.code, d.message, d.span.line, d.span.column, d.span.end_column) == \
        ("E101", f"unexpected name `{word}`", 2, 3, 3 + len(word))
    assert d.hint.startswith(hint)
