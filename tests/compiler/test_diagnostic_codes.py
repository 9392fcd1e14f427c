"""One test per diagnostic code in `CODES`: code, line, column, message and `help:` text.

`test_every_code_has_a_test` fails when a code is added without a test here.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.wbkit import compile_src, write_pack
from waybill import check_paths, compile_pack
from waybill.dsl.diagnostics import CODES, Report
from waybill.dsl.parser import MAX_FILE_BYTES, parse_file, parse_source

# Used by every snippet below, and using everything it declares, so that no
# warning or error but the one under test appears.
PRELUDE = """\
resource gold "Gold"
kind gadget { cost: int }
zone deck
event found(who: player)
quantity dice(p: player) = 2
procedure hurt(p: player) { emit found(p) }
gadget g0 { cost: 1 }
"""
USE = "game { players 2..2 play { hurt(me) let d = dice(me) } }\n"
LINE = PRELUDE.count("\n") + 2  # the line of the first snippet line (after `pack t`)


def one(tmp_path, body: str, code: str, **kw):
    """Compile PRELUDE + body; the report must hold exactly one diagnostic, of `code`."""
    result = compile_src(tmp_path, PRELUDE + body, head="pack t\n", **kw)
    diags = result.report.sorted()
    assert [d.code for d in diags] == [code], result.report.render()
    d = diags[0]
    return d, (d.span.line, d.span.column, d.message, d.hint)


def test_a_clean_snippet_pack_has_no_diagnostics(tmp_path):
    result = compile_src(tmp_path, PRELUDE + USE, head="pack t\n")
    assert result.report.diagnostics == [] and result.ir is not None


# ---- syntax -------------------------------------------------------------------------------------

def test_E101_unexpected_token():
    _, diags = parse_source("counter = 3\n", "a.wb")
    (d,) = diags
    assert (d.code, d.span.line, d.span.column, d.message, d.hint) == (
        "E101", 1, 9, "unexpected `=`", "expected a name")


def test_E101_hints_at_a_missing_closing_brace():
    _, diags = parse_source('procedure p() {\n  stop\nprocedure q() { stop }\n', "a.wb")
    (d,) = diags
    assert (d.code, d.span.line, d.span.column, d.message) == ("E103", 1, 15, "this `{` is never closed")


def test_E102_unexpected_character():
    _, diags = parse_source("counter a = 1 @\n", "a.wb")
    (d,) = diags
    assert (d.code, d.span.line, d.span.column, d.message, d.hint) == (
        "E102", 1, 15, "unexpected character `@`", None)


def test_E102_single_quotes_get_a_hint():
    _, diags = parse_source("counter a = 'x'\n", "a.wb")
    assert (diags[0].code, diags[0].span.column, diags[0].message, diags[0].hint) == (
        "E102", 13, "unexpected character \"'\"", 'strings use double quotes: "..."')


def test_E102_unterminated_string():
    _, diags = parse_source('counter a = "abc\n', "a.wb")
    assert (diags[0].code, diags[0].span.line, diags[0].span.column, diags[0].hint) == (
        "E102", 1, 13, "a string must end on the line it starts")


def test_E103_unexpected_end_names_the_missing_brace():
    _, diags = parse_source("procedure p() {\n  stop\n", "a.wb")
    (d,) = diags
    assert (d.code, d.span.line, d.span.column, d.message, d.hint) == (
        "E103", 1, 15, "this `{` is never closed", "a `}` is missing: every `{` needs a matching `}`")


def test_E104_invalid_utf8(tmp_path):
    path = tmp_path / "bad.wb"
    path.write_bytes(b"counter a = 1\ncoun\xfft b = 2\n")
    _, diags, text = parse_file(str(path), "bad.wb")
    assert text is None
    (d,) = diags
    assert (d.code, d.span.line, d.span.column, d.message, d.hint) == (
        "E104", 2, 5, "byte 0xff at offset 18 is not valid UTF-8", "save the file as UTF-8")


def test_E105_nesting_too_deep():
    _, diags = parse_source("quantity q = " + "(" * 200 + "1" + ")" * 200 + "\n", "a.wb")
    (d,) = diags
    assert (d.code, d.span.line, d.span.column, d.message, d.hint) == (
        "E105", 1, 142, "nesting is deeper than 128 levels", "split the rule into procedures")


def test_E106_file_too_large(tmp_path):
    path = tmp_path / "huge.wb"
    path.write_bytes(b"#" * (MAX_FILE_BYTES + 10))
    _, diags, text = parse_file(str(path), "huge.wb")
    (d,) = diags
    assert text is None
    assert (d.code, d.span.line, d.span.column, d.message) == (
        "E106", 1, 1, f"file is {MAX_FILE_BYTES + 1} bytes; the limit is {MAX_FILE_BYTES}")


def test_E107_unreadable_file(tmp_path):
    folder = tmp_path / "not_a_file.wb"
    folder.mkdir()
    _, diags, text = parse_file(str(folder), "not_a_file.wb")
    (d,) = diags
    assert (d.code, d.span.line, d.span.column, d.message) == ("E107", 1, 1, "cannot read file: Is a directory")


def test_E108_a_hole_in_a_string_that_is_not_an_expression():
    src = 'procedure p() {\n  log "score {1 +} and {{braces}}"\n  choose "Pay {2 * } caps" {\n    "ok": { }\n  }\n}\n'
    _, diags = parse_source(src, "a.wb")
    assert [(d.code, d.span.line, d.span.column, d.span.end_column, d.message) for d in diags] == [
        ("E108", 2, 14, 19, "`{1 +}` in this string is not an expression"),
        ("E108", 3, 15, 21, "`{2 * }` in this string is not an expression")]
    assert "`{{`" in diags[0].hint


# ---- files and packs -------------------------------------------------------------------------------

def test_E201_included_file_not_found_suggests_the_nearest(tmp_path):
    folder = write_pack(tmp_path / "pk", PRELUDE + 'include "card.wb"\n' + USE, {"cards.wb": "counter c = 1\n"},
                        head="pack t\n")
    report = compile_pack(str(folder)).report
    errors = report.errors
    assert [d.code for d in errors] == ["E201"], report.render()
    d = errors[0]
    assert (d.span.line, d.span.column, d.message, d.hint) == (
        LINE, 1, "included file `card.wb` not found", "did you mean `cards.wb`?")


@pytest.mark.parametrize("target", ["../outside.wb", "/etc/passwd", "sub/../../outside.wb"])
def test_E202_include_leaves_the_pack_folder(tmp_path, target):
    (tmp_path / "outside.wb").write_text("counter stolen = 1\n")
    d, got = one(tmp_path, f'include "{target}"\n' + USE, "E202")
    assert got[:2] == (LINE, 1)
    assert d.message in (f"include `{target}` leaves the pack folder",
                         f"include `{target}` must be a path inside the pack folder")


def test_E202_include_through_a_symbolic_link(tmp_path):
    (tmp_path / "outside.wb").write_text("counter stolen = 1\n")
    folder = write_pack(tmp_path / "pk", PRELUDE + 'include "link.wb"\n' + USE, head="pack t\n")
    os.symlink(tmp_path / "outside.wb", folder / "link.wb")
    report = compile_pack(str(folder)).report
    assert [(d.code, d.message) for d in report.errors] == [
        ("E202", "include `link.wb` leaves the pack folder (through a link)")]


def test_E203_a_file_that_includes_itself(tmp_path):
    folder = write_pack(tmp_path / "pk", PRELUDE + 'include "a.wb"\n' + USE,
                        {"a.wb": 'counter x = 1\ninclude "a.wb"\n'}, head="pack t\n")
    report = compile_pack(str(folder)).report
    (d,) = report.errors
    assert (d.code, d.file.rsplit("/", 1)[-1], d.span.line, d.span.column) == ("E203", "a.wb", 2, 1)
    assert d.message.startswith("`a.wb` includes itself (through ")
    assert d.hint == "remove one of the includes"


def test_E203_pack_wb_including_itself(tmp_path):
    d, (line, col, message, hint) = one(tmp_path, 'include "pack.wb"\n' + USE, "E203")
    assert (line, col) == (LINE, 1) and message.startswith("`pack.wb` includes itself")


def test_E203_a_pack_that_extends_itself(tmp_path):
    folder = write_pack(tmp_path / "loop", PRELUDE + USE, head="pack loop extends loop\n")
    report = compile_pack(str(folder)).report
    assert [(d.code, d.span.line, d.span.column, d.message) for d in report.errors] == [
        ("E203", 1, 19, "pack `loop` extends itself through `loop`")]


def test_E204_no_pack_declaration(tmp_path):
    folder = tmp_path / "nopack"
    folder.mkdir()
    (folder / "pack.wb").write_text(PRELUDE + USE)
    report = compile_pack(str(folder)).report
    assert [(d.code, d.file.rsplit("/", 1)[-1], d.span.line, d.span.column, d.message, d.hint)
            for d in report.errors] == [
        ("E204", "pack.wb", 1, 1, "this pack has no `pack NAME` declaration",
         'start pack.wb with a line like `pack mygame "My Game"`')]


def test_E205_empty_pack(tmp_path):
    folder = tmp_path / "empty"
    folder.mkdir()
    (folder / "pack.wb").write_text('pack empty "Empty"\n')
    report = compile_pack(str(folder)).report
    assert sorted((d.code, d.span.line, d.span.column, d.message) for d in report.errors) == [
        ("E205", 1, 1, "pack `empty` declares nothing"),
        ("E205", 1, 1, "pack `empty` has no `game` block")]


def test_E205_a_game_without_play(tmp_path):
    d, got = one(tmp_path, "game { players 2..2 setup { hurt(me) let d = dice(me) } }\n", "E205", game=False)
    assert got == (LINE, 1, "the game has no `play` block", "add `play { ... }` with the turn loop")


def test_E206_unknown_pack():
    report = Report()
    result = compile_pack("wedz", report=report)
    assert result.ir is None
    (d,) = report.errors
    assert (d.code, d.file, d.span.line, d.span.column, d.message) == ("E206", "wedz", 1, 1, "no pack `wedz`")
    assert d.hint == "did you mean `weds`?"


def test_E206_extends_an_unknown_pack(tmp_path):
    folder = write_pack(tmp_path / "pk", PRELUDE + USE, head="pack t extends wedss\n")
    report = compile_pack(str(folder)).report
    assert [(d.code, d.span.line, d.span.column, d.message, d.hint) for d in report.errors] == [
        ("E206", 1, 16, "unknown pack `wedss`", "did you mean `weds`?")]


def test_E206_check_of_something_that_does_not_exist(tmp_path):
    report = check_paths([str(tmp_path / "nothing_here")])
    (d,) = report.errors
    assert d.code == "E206" and d.message == f"`{tmp_path / 'nothing_here'}` is neither a file, a folder nor a shipped pack"


def test_E207_unknown_variant_suggests_the_nearest(tmp_path):
    folder = write_pack(tmp_path / "pk", PRELUDE + USE + "variant quick { }\nvariant slow { }\n", head="pack t\n")
    report = compile_pack(str(folder), ["quik"]).report
    assert [(d.code, d.span.line, d.span.column, d.message, d.hint) for d in report.errors] == [
        ("E207", 1, 1, "unknown variant `quik`", "did you mean `quick`?")]
    report = compile_pack(str(folder), ["zzz"]).report
    assert report.errors[0].hint == "this pack has variants: quick, slow"


def test_E208_second_pack_declaration(tmp_path):
    d, got = one(tmp_path, "pack again\n" + USE, "E208")
    assert got == (LINE, 1, "a second pack declaration `again`; a pack has exactly one", None)


# ---- names ---------------------------------------------------------------------------------------------

def test_E301_unknown_name_suggests_the_intended_one(tmp_path):
    d, got = one(tmp_path, "game { players 2..2 play { hurt(me) let d = dice(me) let x = gld } }\n", "E301")
    assert got == (LINE, 62, "unknown name `gld`", "did you mean `gold`?")


def test_E301_unknown_local_suggests_a_local(tmp_path):
    d, got = one(tmp_path, "procedure u(amount: int) { let total = amont }\n" + USE.replace("hurt(me)", "hurt(me) u(1)"),
                 "E301")
    assert got == (LINE, 40, "unknown name `amont`", "did you mean `amount`?")


def test_E302_duplicate_definition(tmp_path):
    d, got = one(tmp_path, "counter deck = 1\n" + USE, "E302")
    assert got[:2] == (LINE, 9)
    assert re.fullmatch(r"`deck` is already defined \(as a zone at .*pack\.wb:4\)", got[2]), got[2]
    assert got[3] == "rename one of them"


def test_E302_duplicate_across_files(tmp_path):
    folder = write_pack(tmp_path / "pk", PRELUDE + 'include "b.wb"\n' + USE, {"b.wb": "\n\nzone deck\n"},
                        head="pack t\n")
    (d,) = compile_pack(str(folder)).report.errors
    assert (d.code, d.file.rsplit("/", 1)[-1], d.span.line, d.span.column) == ("E302", "b.wb", 3, 6)


def test_E303_unknown_kind_suggests_the_intended_one(tmp_path):
    d, got = one(tmp_path, "gadjet g { cost: 1 }\n" + USE, "E303")
    assert got == (LINE, 1, "unknown kind `gadjet`", "did you mean `gadget`?")


def test_E303_unknown_kind_with_nothing_near(tmp_path):
    d, got = one(tmp_path, "zzzz g { }\n" + USE, "E303")
    assert got[3] == "declare it first: `kind zzzz { ... }`"


def test_E304_unknown_field_suggests_the_intended_one(tmp_path):
    d, got = one(tmp_path, "gadget g { cost: 1 cots: 2 }\n" + USE, "E304")
    assert got == (LINE, 20, "kind `gadget` has no field `cots`", "did you mean `cost` or `copies`?")


def test_E304_unknown_zone_property(tmp_path):
    d, got = one(tmp_path, "zone pile { orderd }\n" + USE, "E304")
    assert got == (LINE, 13, "a zone has no property `orderd`", "did you mean `ordered`?")


def test_E305_unknown_attribute_suggests_the_intended_one(tmp_path):
    d, got = one(tmp_path, "game { players 2..2 play { start_turn(player(0)) hurt(me) let d = dice(me) let x = me.gol } }\n",
                 "E305")
    assert got == (LINE, 87, "unknown attribute `gol`", "did you mean `gold`?")


def test_E306_unknown_event_suggests_the_intended_one(tmp_path):
    d, got = one(tmp_path, "on fonud { stop }\n" + USE, "E306")
    assert got == (LINE, 4, "unknown event `fonud`", "did you mean `found`?")


def test_E307_unknown_procedure_suggests_the_intended_one(tmp_path):
    d, got = one(tmp_path, "game { players 2..2 play { hurt(me) let d = dice(me) hurtt(me) } }\n", "E307")
    assert got == (LINE, 54, "unknown procedure or primitive `hurtt`", "did you mean `hurt`?")


def test_E307_instead_of_something_that_is_not_a_procedure(tmp_path):
    d, got = one(tmp_path, "instead of hurtt { stop }\n" + USE, "E307")
    assert got == (LINE, 12, "`instead of` needs a procedure; `hurtt` is not one", "did you mean `hurt`?")


def test_E308_unknown_function_suggests_the_intended_one(tmp_path):
    d, got = one(tmp_path, "game { players 2..2 play { hurt(me) let d = dice(me) let s = sise([]) } }\n", "E308")
    assert got == (LINE, 62, "unknown function or quantity `sise`", "did you mean `size`?")


def test_E308_modifier_of_an_unknown_quantity(tmp_path):
    d, got = one(tmp_path, "modify dise(_) + 1\n" + USE, "E308")
    assert got == (LINE, 8, "unknown quantity `dise`", "did you mean `dice`?")


def test_E309_wrong_kind_of_name(tmp_path):
    d, got = one(tmp_path, "game { players 2..2 play { hurt(me) let d = dice(me) let x = hurt } }\n", "E309")
    assert got == (LINE, 62, "`hurt` is a procedure: call it with `hurt(...)`", None)


def test_E309_a_primitive_inside_an_expression(tmp_path):
    d, got = one(tmp_path, "game { players 2..2 play { hurt(me) let d = dice(me) let x = 1 + hurt(me) } }\n", "E309")
    assert got[:3] == (LINE, 66, "`hurt` changes the game, so it cannot be used inside an expression")
    assert got[3].startswith("bind its result first")


# ---- types and values ---------------------------------------------------------------------------------

def test_E401_missing_argument(tmp_path):
    d, got = one(tmp_path, "game { players 2..2 play { hurt() let d = dice(me) } }\n", "E401")
    assert got == (LINE, 28, "`hurt` needs `p` (player)", "usage: hurt(p)")


def test_E401_too_many_arguments(tmp_path):
    d, got = one(tmp_path, "game { players 2..2 play { hurt(me, 2) let d = dice(me) } }\n", "E401")
    assert got == (LINE, 28, "`hurt` takes at most 1 argument(s), 2 given", "usage: hurt(p)")


def test_E402_wrong_type(tmp_path):
    d, got = one(tmp_path, "game { players 2..2 play { hurt(me) let d = dice(me) gain(deck, 1) } }\n", "E402")
    assert got == (LINE, 59, "`gain` expects a counter; `deck` is a zone", None)


def test_E402_field_of_the_wrong_type(tmp_path):
    d, got = one(tmp_path, 'gadget g1 { cost: "nine" }\n' + USE, "E402")
    assert got == (LINE, 19, "expected int, found str `nine`", None)


def test_E403_missing_required_field(tmp_path):
    d, got = one(tmp_path, "gadget g1 { }\n" + USE, "E403")
    assert got == (LINE, 8, "`g1` does not give field `cost` of kind `gadget`",
                   "add `cost: ...` or give the field a default in `kind gadget`")


def test_E404_invalid_value_suggests_the_intended_one(tmp_path):
    d, got = one(tmp_path, "zone hand { visible: owners }\n" + USE, "E404")
    assert got == (LINE, 22, "`owners` is not a visibility; use one of all, left, none, others, owner, right, team",
                   "did you mean `owner`, `others` or `none`?")


def test_E404_players_range(tmp_path):
    d, got = one(tmp_path, "game { players 3..2 play { hurt(me) let d = dice(me) } }\n", "E404", game=False)
    assert got == (LINE, 8, "players 3..2 is not a valid range (1 to 64)", None)


def test_E404_a_number_too_large(tmp_path):
    d, got = one(tmp_path, "counter big = 12345678901234567890\n" + USE, "E404")
    assert got == (LINE, 15, "the number 12345678901234567890 is too large; numbers go up to 9007199254740991",
                   None)


def test_E405_unknown_keyword_argument_suggests_the_intended_one(tmp_path):
    d, got = one(tmp_path, "game { players 2..2 play { start_turn(player(0)) hurt(me) let d = dice(me) "
                           "gain(gold, 1, whom: me) } }\n", "E405")
    assert got == (LINE, 90, "`gain` has no parameter `whom`", "did you mean `who`?")


def test_E406_misplaced_statement(tmp_path):
    d, got = one(tmp_path, "game { players 2..2 play { hurt(me) let d = dice(me) break } }\n", "E406")
    assert got == (LINE, 54, "`break` outside a loop", None)


def test_E406_remove_outside_a_variant(tmp_path):
    d, got = one(tmp_path, "remove deck\n" + USE, "E406")
    assert got == (LINE, 1, "`remove` belongs inside a `variant` block", None)


def test_E407_a_limit_beyond_the_engine_cap(tmp_path):
    d, got = one(tmp_path, "game { players 2..2 limits { steps: 999999999 } play { hurt(me) let d = dice(me) } }\n",
                 "E407")
    assert got == (LINE, 37, "limit `steps` must be from 1 to 20000000 (the engine's cap), not 999999999",
                   "the default is 200000: steps of work in one action")


def test_E407_decks_over_the_pieces_limit(tmp_path):
    d, got = one(tmp_path, "gadget big { cost: 1 copies: 60000 }\n"
                           "game { players 2..2 limits { pieces: 50000 } play { hurt(me) let d = dice(me) "
                           "move(first(pieces_of(big)), deck) } }\n", "E407")
    assert got == (LINE, 30, "the decks reach 60001 pieces here (for 2 players), over the limit of 50000 pieces "
                             "in a game", "fewer copies, or `game { limits { pieces: N } }` up to 200000")


def test_E420_a_card_template_value_known_only_in_play(tmp_path):
    d, got = one(tmp_path, "gadget card for n in [1..3] { cost: size(deck) + n }\n" + USE, "E420")
    assert got[:2] == (LINE, 37) and "not known until the game is played" in got[2]
    assert got[3].startswith("a card template's values are computed when the pack is compiled")


def test_E421_a_zone_of_each_player_named_in_the_setup(tmp_path):
    d, got = one(tmp_path, "zone hand per player\ngame { players 2..2 setup { let n = size(pieces(hand)) } "
                           "play { hurt(me) let d = dice(me) } }\n", "E421")
    assert got == (LINE + 1, 49, "`hand` is a zone of each player, and in the setup no player is acting, "
                                 "so it names none of them",
                   "name the player's zone: `p.hand` (`for p in players() { ... }`) or `player(0).hand`")


def test_E421_me_read_in_a_procedure_the_setup_calls(tmp_path):
    d, got = one(tmp_path, "procedure opening() { gain(gold, me.gold + 1, who: player(0)) }\n"
                           "game { players 2..2 setup { opening() } play { hurt(me) let d = dice(me) } }\n", "E421")
    assert got == (LINE, 34, "`me.gold` in procedure `opening` (called from the setup at pack.wb:10): "
                             "`me` is none, no player is acting here",
                   "name the player: `p.gold` in `for p in players() { ... }`, or `player(0).gold`")


def test_E421_a_counter_given_to_nobody(tmp_path):
    d, got = one(tmp_path, "game { players 2..2 setup { gain(gold, 3) } play { hurt(me) let d = dice(me) } }\n",
                 "E421")
    assert got == (LINE, 29, "`gain(gold, ...)` in the setup goes to the acting player, and no player is acting here",
                   "name the player: `gain(gold, ..., who: p)`")


def test_E422_a_decision_in_the_setup_without_by(tmp_path):
    d, got = one(tmp_path, 'game { players 2..2 setup { let g = choose "Which?" from pieces(deck) } '
                           'play { hurt(me) let d = dice(me) } }\n', "E422")
    assert got == (LINE, 37, "`choose` in the setup has no player to decide it: no player is acting here",
                   "say who decides: `choose by p ...` for a player `p` (`for p in players() { ... }`, "
                   "`player(0)`), or start a turn first (`start_turn(p)`)")


def test_E422_a_decision_in_play_before_any_turn(tmp_path):
    d, got = one(tmp_path, 'game { players 2..2 play { may "Begin?" { hurt(me) } start_turn(player(0)) '
                           'let d = dice(me) act optional } }\n', "E422")
    assert got[:3] == (LINE, 28, "`may` in the play block before its first `start_turn` has no player to decide it: "
                                 "no player is acting here")


def test_E402_a_zone_where_a_player_is_expected(tmp_path):
    d, got = one(tmp_path, "game { players 2..2 play { hurt(me) let d = dice(me) gain(gold, 1, who: deck) } }\n",
                 "E402")
    assert got == (LINE, 73, "`gain` expects a player; `deck` is a zone",
                   "a player is `me`, `p` of `for p in players()` or `player(0)`")


def test_E402_a_die_where_a_zone_is_expected(tmp_path):
    d, got = one(tmp_path, "die d2 { faces 1, 2 }\n"
                           "game { players 2..2 play { hurt(me) let d = dice(me) let r = roll(d2) shuffle(d2) } }\n",
                 "E402")
    assert got == (LINE + 1, 79, "`shuffle` expects a zone; `d2` is a die", None)


def test_E402_a_string_where_a_piece_is_expected(tmp_path):
    d, got = one(tmp_path, 'game { players 2..2 play { hurt(me) let d = dice(me) reveal("g0") } }\n', "E402")
    assert got == (LINE, 61, "`reveal` expects a piece, not a string", None)


def test_E404_a_seat_the_game_never_has(tmp_path):
    d, got = one(tmp_path, "game { players 2..3 play { hurt(me) let d = dice(me) hurt(player(3)) } }\n", "E404")
    assert got == (LINE, 66, "`player(3)`: no game has a seat 3",
                   "seats are numbered from 0; this game seats at most 3 players: `player(0)` .. `player(2)`")


def test_E402_a_card_where_a_piece_is_expected(tmp_path):
    d, got = one(tmp_path, "game { players 2..2 play { hurt(me) let d = dice(me) move(g0, deck) } }\n", "E402")
    assert got == (LINE, 59, "`move` expects a piece; `g0` is a card, not one of its pieces",
                   "name one of its pieces: `first(pieces_of(g0))`")


# ---- warnings --------------------------------------------------------------------------------------------

def test_W501_unused_declaration(tmp_path):
    d, got = one(tmp_path, "table loot { 1: 2 }\n" + USE, "W501")
    assert d.severity == "warning"
    assert got == (LINE, 7, "table `loot` is never used", None)


def test_W502_file_not_part_of_the_pack(tmp_path):
    folder = write_pack(tmp_path / "pk", PRELUDE + USE, {"stray.wb": "counter c = 1\n"}, head="pack t\n")
    result = compile_pack(str(folder))
    assert result.ir is not None
    (d,) = result.report.diagnostics
    assert (d.code, d.severity, d.file.rsplit("/", 1)[-1], d.span.line, d.span.column, d.message, d.hint) == (
        "W502", "warning", "stray.wb", 1, 1, "this file is in the pack folder but no `include` reads it",
        "include it from pack.wb, or move it out of the pack")


# ---- rules text (reported by `waybill check`) ----------------------------------------------------------

def linted(tmp_path, body: str):
    """Check PRELUDE + body the way `waybill check` does; the one diagnostic it gives."""
    folder = write_pack(tmp_path / "pk", PRELUDE + body + USE, head="pack t\n")
    report = check_paths([str(folder)])
    (d,) = report.sorted()
    assert d.severity == "warning"
    return d, (d.code, d.span.line, d.span.column, d.message, d.hint)


def test_W601_card_with_abilities_but_no_text(tmp_path):
    d, got = linted(tmp_path, "gadget g1 \"Lamp\" { cost: 1 on found { gain(gold, 1, who) } }\n")
    assert got == ("W601", LINE, 1, "`g1` (Lamp): this card has abilities but no printed `text`",
                   "add `text \"...\"` with the card's rules as printed")


def test_W602_printed_cost_differs_from_the_cost_field(tmp_path):
    d, got = linted(tmp_path, 'resource coin "Coin" { display: "$" }\n'
                              'gadget g1 "Lamp" { cost: 8 text "Lamp ($9): take $1." on found { gain(coin, 1, who) } }\n')
    assert got == ("W602", LINE + 1, 1, "`g1` (Lamp): the text prints the cost $9, but `cost` is 8",
                   "correct the text or the field, whichever the card really says")


def test_W603_number_in_text_is_nowhere_in_the_card(tmp_path):
    d, got = linted(tmp_path, 'gadget g1 "Lamp" { cost: 1 text "Take 3 Gold." on found { gain(gold, 2, who) } }\n')
    assert got == ("W603", LINE, 1,
                   "`g1` (Lamp): the text says 3, which appears nowhere in the card's fields or code",
                   "correct the number in the text or in the code, whichever is wrong")

def test_W603_reads_the_numbers_of_a_kind_the_text_names_and_skips_reminder_text(tmp_path):
    # "During setup, take the 15 vision quest cards ... Create 5 stacks of 3" (WEDS):
    # a text may count a kind's cards; "(... the $18+ delivery contracts)" is
    # reminder text about other cards. Neither is this card's number to hold.
    cards = "".join(f'gadget s{i} "Shard {i}" {{ cost: {i % 2} }}\n' for i in range(6))
    ok = cards + ('gadget g1 "Lamp" { cost: 1 text "Lay out the 8 gadgets in 2 rows. (Not 99.) Take 2 Gold."'
                  ' on found { gain(gold, 2, who) } }\n')
    folder = write_pack(tmp_path / "ok", PRELUDE + ok + USE, head="pack t\n")
    assert [d.code for d in check_paths([str(folder)]).sorted()] == []
    wrong = cards + ('gadget g1 "Lamp" { cost: 1 text "Lay out the 7 gadgets. Take 99 Gold. (Not 3.)"'
                     ' on found { gain(gold, 2, who) } }\n')
    folder = write_pack(tmp_path / "bad", PRELUDE + wrong + USE, head="pack t\n")
    (d,) = check_paths([str(folder)]).sorted()
    assert d.code == "W603" and "the text says 7, 99," in d.message


def _expansion(tmp_path, body: str):
    """The PRELUDE pack `t`, and beside it `pack x extends t` with `body`."""
    write_pack(tmp_path / "t", PRELUDE + USE, head="pack t\n")
    folder = write_pack(tmp_path / "x", body, head="pack x extends t\n", game=False)
    return compile_pack(str(folder)).report


def test_E311_a_property_may_be_read_before_it_is_set(tmp_path):
    d, got = one(tmp_path, "quantity shiny(x: any) = x.shine\n"
                           "game { players 2..2 play { hurt(me) let d = dice(me) let s = shiny(me)"
                           " set first(pieces(deck)).shine = 1 } }\n", "E311")
    assert got[:3] == (LINE, 26, "`x.shine` may be read before it is set")
    assert got[3].startswith("no kind declares `shine`: write `x.shine ?? ...`")

def test_W503_a_declaration_replaces_a_base_declaration(tmp_path):
    report = _expansion(tmp_path, "gadget g0 { cost: 2 }\n")
    (d,) = report.diagnostics
    assert (d.code, d.severity, d.file.rsplit("/", 1)[-1], d.span.line, d.span.column) == (
        "W503", "warning", "pack.wb", 2, 8)
    assert d.message.startswith("`g0` replaces the gadget `g0` of pack `t` (") and d.message.endswith("pack.wb:8)")
    assert d.hint == "write `replaces` before the declaration if that is meant, or choose another name"
    assert _expansion(tmp_path / "meant", "replaces gadget g0 { cost: 2 }\n").diagnostics == []


def test_E310_replaces_a_declaration_of_another_kind(tmp_path):
    report = _expansion(tmp_path, "kind widget { }\nwidget g0\n")
    (d,) = report.errors
    assert (d.code, d.span.line, d.span.column, d.message) == (
        "E310", 3, 8, "`g0` would replace the gadget `g0` with a widget")
    assert d.hint.endswith("choose another name for this widget")


# ---- catalogues (PACK/locales/LANG.ftl) ------------------------------------------------------------------

CAT_PACK = 'pack t\naction go "Go" { log "{me} goes {n}" }\ngame { players 2..2 play { act by me } }\n'


def catalogue_diag(tmp_path, ftl: str, lang: str = "xx", code: str | None = None, english: str | None = None):
    """Check a pack with this catalogue; the one diagnostic of the catalogue (of `code`)."""
    (tmp_path / "pack.wb").write_text(CAT_PACK.replace("{n}", "{size(players())}"))
    loc = tmp_path / "locales"
    loc.mkdir(exist_ok=True)
    (loc / "en.ftl").write_text(english if english is not None else
                                "pack-name = t\naction-go = Go\naction-go-log1 = { $me } goes { $arg2 }\n")
    if lang != "en":
        (loc / f"{lang}.ftl").write_text(ftl)
    report = check_paths([str(tmp_path)])
    diags = [d for d in report.sorted() if d.code.startswith(("E8", "W8")) and (d.code != "W801" or code == "W801")]
    assert [d.code for d in diags] == [code], report.render()
    d = diags[0]
    assert d.file.endswith(f"{lang}.ftl")
    return d, (d.span.line, d.span.column, d.message, d.hint)


def test_E801_catalogue_syntax_error(tmp_path):
    d, got = catalogue_diag(tmp_path, "action-go = Go\naction-go-log1 = { $me goes\n", code="E801")
    assert got[:2] == (2, 24) and got[2].startswith("syntax error in the catalogue: Expected token")


def test_E802_unknown_message(tmp_path):
    d, got = catalogue_diag(tmp_path, "action-go = Go\naction-og-log1 = x\naction-go-log1 = { $me }\n", code="E802")
    assert got == (2, 1, "unknown message `action-og-log1`: the pack has no such text",
                   "did you mean `action-go-log1` or `action-go`?")


def test_W803_english_catalogue_behind_the_content(tmp_path):
    d, got = catalogue_diag(tmp_path, "", lang="en", english="action-go = Go\n", code="W803")
    assert got[:2] == (1, 1) and got[2] == "2 message(s) missing from the catalogue: pack-name, action-go-log1"
    assert got[3] == "run `waybill i18n extract PACK`"


def test_E804_variable_the_message_does_not_receive(tmp_path):
    d, got = catalogue_diag(tmp_path, "action-go = Go\naction-go-log1 = { $me } { $who }\npack-name = t\n", code="E804")
    assert got == (2, 28, "`$who` is not given to message `action-go-log1` (it receives: $arg2, $me)", None)


def test_E805_message_given_twice(tmp_path):
    d, got = catalogue_diag(tmp_path, "pack-name = t\naction-go = Go\naction-go = Went\naction-go-log1 = { $me }\n",
                            code="E805")
    assert got == (3, 1, "message `action-go` is given twice in the catalogue", None)


def test_E806_selector_without_a_default_variant(tmp_path):
    d, got = catalogue_diag(tmp_path, "pack-name = t\naction-go = Go\n"
                                      "action-go-log1 = { $arg2 ->\n    [one] { $me } goes once\n  }\n",
                            code="E806")
    assert got[:3] == (5, 3, "a selector has no default variant") and "*[other]" in got[3]


def test_E807_reference_cycle_in_a_catalogue(tmp_path):
    d, got = catalogue_diag(tmp_path, "pack-name = { action-go }\naction-go = { pack-name }\n"
                                      "action-go-log1 = { $me }\n", code="E807")
    assert got == (1, 1, "`pack-name` refers to itself: pack-name -> action-go -> pack-name",
                   "a message may use other messages, never itself through them")


def test_E807_a_term_and_attributes_in_cycles(tmp_path):
    (tmp_path / "a").mkdir()
    d, got = catalogue_diag(tmp_path / "a", "pack-name = t { -t }\naction-go = Go\naction-go-log1 = { $me }\n"
                                            "-t = x { -t }\n", code="E807")
    assert got[:3] == (4, 2, "`-t` refers to itself: -t -> -t")
    report = Report()
    from waybill.compiler.catalogues import check_catalogue
    (tmp_path / "b" / "locales").mkdir(parents=True)
    path = tmp_path / "b" / "locales" / "xx.ftl"
    path.write_text("m = x\n    .a = { m.b }\n    .b = { m.a }\n")
    check_catalogue(str(path), {"m": set(), "m.a": set(), "m.b": set()}, report)
    assert [(d.code, d.span.line, d.span.column, d.message) for d in report.diagnostics] == [
        ("E807", 2, 6, "`m.a` refers to itself: m.a -> m.b -> m.a")]


def test_E808_nesting_too_deep_in_a_catalogue(tmp_path):
    deep = "{ " * 30 + "$me" + " }" * 30
    d, got = catalogue_diag(tmp_path, f"pack-name = t\naction-go = Go\naction-go-log1 = {{ $me }} {deep}\n",
                            code="E808")
    assert got == (3, 74, "nesting is deeper than 24 levels: this message is not read",
                   "select on fewer things at once, or split the message")


def test_E808_a_chain_of_references_too_deep(tmp_path):
    terms = "-t0 = x\n" + "".join(f"-t{i} = {{ -t{i - 1} }}\n" for i in range(1, 31))
    d, got = catalogue_diag(tmp_path, "pack-name = t\naction-go = { -t30 }\naction-go-log1 = { $me }\n" + terms,
                            code="E808")
    assert got == (29, 2, "`-t25` nests 25 levels deep through the messages it uses; the limit is 24",
                   "use fewer messages within messages")


def test_E809_number_out_of_range_in_a_catalogue(tmp_path):
    d, got = catalogue_diag(tmp_path, "pack-name = t\naction-go = Go\n"
                                      "action-go-log1 = { $me } { NUMBER($arg2, minimumFractionDigits: 1000) }\n",
                            code="E809")
    assert got == (3, 42, "option `minimumFractionDigits: 1000` is beyond 100: this message is not read", None)
    (tmp_path / "b").mkdir()
    d, got = catalogue_diag(tmp_path / "b", "pack-name = t\naction-go = Go\naction-go-log1 = { $me } { $arg2 ->\n"
                                            "   [1" + "0" * 40 + "] many\n  *[other] some\n}\n", code="E809")
    assert got[:3] == (4, 5, "a number of more than 30 digits: this message is not read")


def test_W801_messages_missing_from_a_translation(tmp_path):
    d, got = catalogue_diag(tmp_path, "pack-name = т\naction-go = Иди\n", code="W801")
    assert got[:2] == (1, 1) and got[2] == "1 message(s) missing from the catalogue: action-go-log1"
    assert "English" in got[3]


def test_W804_a_message_under_its_id_before_names(tmp_path):
    # a catalogue written when decisions were numbered (`<code>-ask<n>`): read, and renamed by `rekey`
    (tmp_path / "pack.wb").write_text('pack t "T"\nprocedure p(q: player) { may by q "Again?" { } }\n'
                                      'game { players 2..2 play { p(first(players())) } }\n')
    (tmp_path / "locales").mkdir()
    (tmp_path / "locales" / "en.ftl").write_text("pack-name = T\nproc-p-ask-may1 = Again?\n")
    (tmp_path / "locales" / "xx.ftl").write_text("pack-name = Т\nproc-p-ask1 = Ещё?\n", encoding="utf-8")
    diags = [d for d in check_paths([str(tmp_path)]).sorted() if d.code.startswith(("E8", "W8"))]
    assert [(d.code, d.span.line, d.span.column) for d in diags] == [("W804", 2, 1)]
    assert diags[0].message == "`proc-p-ask1` is the id `proc-p-ask-may1` had before names: it is read as " \
                               "`proc-p-ask-may1`"
    assert "waybill i18n rekey PACK" in diags[0].hint


def test_W802_selector_without_an_other_variant(tmp_path):
    d, got = catalogue_diag(tmp_path, "pack-name = t\naction-go = Go\n"
                                      "action-go-log1 = { $arg2 ->\n   *[one] { $me } goes\n    [few] { $me } go\n}\n",
                            code="W802")
    assert got[:3] == (3, 20, "a plural selector in `action-go-log1` has no `other` variant")


def test_the_engine_catalogues_check_clean():
    from waybill.i18n import check_engine_catalogues
    report = Report()
    check_engine_catalogues(report)
    assert report.diagnostics == [], report.render()


# ---- the table itself ---------------------------------------------------------------------------------------

def test_every_code_has_a_test():
    here = Path(__file__).read_text(encoding="utf-8")
    tested = set(re.findall(r"^def test_([EW]\d{3})_", here, re.MULTILINE))
    assert set(CODES) - tested == set(), f"codes without a test: {sorted(set(CODES) - tested)}"
    assert tested - set(CODES) == set(), f"tests of codes that no longer exist: {sorted(tested - set(CODES))}"


def test_codes_are_stable_and_well_formed():
    for code, title in CODES.items():
        assert re.fullmatch(r"[EW][1-8]\d\d", code), code
        assert title and title == title.strip() and not title.endswith(".")
    assert all(c.startswith("W") for c in CODES if c[1] == "5")


def test_W702_a_name_compared_with_words_nothing_is_named(tmp_path):
    # `==` on names compares what they name (docs/LANGUAGE.md): a literal no card, zone or
    # space of the pack says can never be a declared thing's name
    d, got = one(tmp_path, 'game { players 2..2 play { hurt(me) let d = dice(me)\n'
                           '  if g0.name == "G1" { stop } } }\n', "W702")
    assert got == (LINE + 1, 6, 'nothing in the pack is named "G1": this `==` always fails',
                   "the closest name is `g0`")
    # the words a thing is named, and a seat's name (given when the game starts), are no typo
    result = compile_src(tmp_path / "ok", PRELUDE + 'game { players 2..2 play { hurt(me) let d = dice(me)\n'
                         '  if g0.name != "g0" and me.name == "Alice" and text_of(deck) == "deck" { stop } } }\n',
                         head="pack t\n")
    assert result.report.diagnostics == [], result.report.render()


def test_W701_expect_offered_names_a_label_no_option_can_have(tmp_path):
    # issue 26: "`expect not offered "x"` with a label that never exists anywhere passes silently
    # — a typo makes a check that cannot fail"
    body = ('action dig "Dig a hole" { gain(gold, 1) }\n'
            'procedure offer(n: int) { choose "How?" { "Take {n} gold": gain(gold, n)  "Rest": hurt(me) } }\n'
            'procedure name_it(g: piece) { let s = choose from [text_of(g) + " (spare)", "Plain"] }\n'
            # (a turn started first: a decision in play before any turn has no player, E422)
            'game { players 2..2 play { start_turn(player(0)) hurt(me) let d = dice(me) offer(2) '
            'name_it(first(pieces(deck))) act by me } }\n'
            'scenario s {\n'
            '  expect not offered "Dgi a hole"\n'        # a typo: W701
            '  expect offered ~"hole"\n'                 # part of a label
            '  expect offered "Dig a hole"\n'
            '  expect offered "Take 3 gold"\n'           # a hole holds anything
            '  expect not offered "Take"\n'              # a part of a label: a check of whole labels
            '  expect offered "Shard (spare)"\n'         # a label made by `+`
            '  expect offered "plain"\n'
            '  expect offered "3"\n'                     # `choose amount`
            '  expect offered "pass"\n'
            '  expect offered "action-dig"\n'            # by message id
            '  expect offered ~"Sausage"\n'             # a hole may hold it: no warning
            '}\n')
    folder = write_pack(tmp_path / "p", PRELUDE + body, head="pack t\n")
    diags = check_paths([str(folder)]).sorted()
    assert [(d.code, d.span.line) for d in diags] == [("W701", LINE + 5)], [d.render(None) for d in diags]
    assert diags[0].message == ('no option of the pack can ever be labelled "Dgi a hole": '
                                'this `expect` can never fail')
    assert "spelling" in diags[0].hint
    # with no holed label, no option contains "Sausage"
    plain = body.replace('"Take {n} gold"', '"Take gold"').replace('text_of(g) + " (spare)"', '"Spare"')
    folder = write_pack(tmp_path / "q", PRELUDE + plain, head="pack t\n")
    diags = check_paths([str(folder)]).sorted()
    assert [(d.code, d.span.line) for d in diags] == [("W701", LINE + 5), ("W701", LINE + 8), ("W701", LINE + 10),
                                                         ("W701", LINE + 15)]
    assert diags[3].message == ('no option of the pack can ever be labelled ~"Sausage": '
                                'this `expect` can never hold')


def test_E430_a_simultaneous_decision_asked_wrongly(tmp_path):
    d, got = one(tmp_path, 'game { players 2..2 play { hurt(me) let d = dice(me) '
                           'let xs = choose each p in [] "Pick" from [1, 2] } }\n', "E430")
    assert got == (LINE, 80, "a simultaneous decision asks no seat: the list is empty",
                   "name the seats to ask: `choose each p in players() ...`")
    d, got = one(tmp_path, 'game { players 2..2 play { hurt(me) let d = dice(me) '
                           'let xs = choose each p in [me, "Ann"] "Pick" from [1, 2] } }\n', "E430")
    assert got[:3] == (LINE, 85, "a simultaneous decision asks players: this is not a list of players")
    d, got = one(tmp_path, 'game { players 2..2 play { hurt(me) let d = dice(me) '
                           'let xs = choose each p in players() "Order" order [1, 2] } }\n', "E430")
    assert got[2].startswith("`choose order` cannot be asked of several seats at once")
    d, got = one(tmp_path, 'game { players 2..2 play { hurt(me) let d = dice(me) '
                           'let xs = choose each p in players() 2 from [1, 2, 3] } }\n', "E430")
    assert got[2].startswith("`choose N from` cannot be asked of several seats at once")
    assert "for p in ..." in got[3]


def test_a_simultaneous_decision_in_the_setup_needs_no_by(tmp_path):
    """E422 asks who decides; `choose each p in players()` says it: every seat."""
    result = compile_src(tmp_path, PRELUDE + 'game { players 2..2 setup { let xs = choose each p in players() '
                                            '"Pick, {p}" from [1, 2] where xs > 0 } ' + USE[len("game { players 2..2 "):],
                         head="pack t\n")
    assert [d.code for d in result.report.sorted()] == [], result.report.render()


def test_E430_a_menu_asked_of_several_seats_at_once(tmp_path):
    d, got = one(tmp_path, 'game { players 2..2 play { hurt(me) let d = dice(me) '
                           'choose each p in players() "Act?" { "Rest": { } "Run": { } } } }\n', "E430")
    assert got[2].startswith("a menu cannot be asked of several seats at once")
    assert "let x = choose each p in ... from" in got[3]
