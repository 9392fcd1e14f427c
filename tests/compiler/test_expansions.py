"""Expansions: a pack that `extends` another says what it replaces and what it
adds, and runs its own scenarios.

Each test writes a small expansion of Dice Race (tests/packs/dice_race,
copied beside it) and reads what a designer would see."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from tests.wbkit import ROOT
from waybill import compile_pack
from waybill.scenarios import run_pack


@pytest.fixture
def race(tmp_path) -> Path:
    shutil.copytree(ROOT / "tests" / "packs" / "dice_race", tmp_path / "dice_race")
    return tmp_path


def expansion(race: Path, body: str, name: str = "more_race"):
    """Write `pack more_race extends dice_race` + body; compile it."""
    folder = race / name
    folder.mkdir()
    (folder / "pack.wb").write_text(f"pack {name} extends dice_race\n" + textwrap.dedent(body), encoding="utf-8")
    return compile_pack(str(folder))


def found(result) -> list[tuple]:
    """(code, file name, line, column) of every diagnostic but "never used" (W501)."""
    return [(d.code, d.file.rsplit("/", 1)[-1], d.span.line, d.span.column) for d in result.report.sorted()
            if d.code != "W501"]


# ---- replacing a base declaration ------------------------------------------------------

def test_a_card_that_reuses_a_base_name_is_warned_about(race):
    result = expansion(race, 'boost leap "Long Leap" { steps: 4 copies: 2 start: deck }\n')
    assert found(result) == [("W503", "pack.wb", 2, 7)]
    (d,) = result.report.diagnostics
    assert d.message == "`leap` replaces the boost `leap` of pack `dice_race` (dice_race/cards.wb:2)" \
        or d.message.startswith("`leap` replaces the boost `leap` of pack `dice_race` (")
    assert "replaces" in d.hint
    assert result.ir is not None  # a warning: the replacement still happens
    (leap,) = [e for e in result.ir["entities"] if e["id"] == "leap"]
    assert leap["fields"]["steps"] == 4


def test_replaces_says_it_is_meant(race):
    result = expansion(race, 'replaces boost leap "Long Leap" { steps: 4 copies: 2 start: deck }\n')
    assert found(result) == []
    (leap,) = [e for e in result.ir["entities"] if e["id"] == "leap"]
    assert leap["name"] == "Long Leap"


def test_replaces_works_for_any_declaration(race):
    result = expansion(race, "replaces quantity roll_bonus(p: player) = 1\n"
                             "replaces die d6 { faces 2, 3, 4, 5, 6, 7 }\n")
    assert found(result) == []
    assert [d["faces"] for d in result.ir["dice"]] == [[2, 3, 4, 5, 6, 7]]


def test_a_card_of_another_kind_cannot_take_a_base_cards_name(race):
    result = expansion(race, "kind gadget { power: int }\n"
                             "gadget leap { power: 2 }\n")
    assert found(result) == [("E310", "pack.wb", 3, 8)]
    (d,) = result.report.errors
    assert d.message == "`leap` would replace the boost `leap` with a gadget"
    assert "choose another name" in d.hint


def test_replaces_does_not_allow_another_kind_either(race):
    result = expansion(race, "replaces counter leap = 0\n")
    assert found(result) == [("E310", "pack.wb", 2, 18)]
    assert result.report.errors[0].message == "`leap` would replace the boost `leap` with a counter"


def test_replaces_of_a_name_the_base_does_not_declare(race):
    result = expansion(race, 'replaces boost lepa "Leap" { steps: 4 }\n')
    assert found(result) == [("E301", "pack.wb", 2, 16)]
    d = result.report.errors[0]
    assert d.message == "`replaces lepa`: no base pack declares `lepa`"
    assert "leap" in d.hint


def test_a_pack_on_its_own_still_may_not_declare_a_name_twice(race):
    result = expansion(race, "counter bonus = 0\ncounter bonus = 1\n")
    assert [c for c, *_ in found(result)] == ["E302"]


def test_a_variant_replaces_without_a_warning(race):
    result = expansion(race, 'variant slow "Slow" { quantity roll_bonus(p: player) = 0 }\n'
                             'scenario s { variants slow }\n')
    assert found(result) == []


# ---- new fields on a base kind ------------------------------------------------------------

def test_extend_kind_adds_a_field_with_a_default(race):
    result = expansion(race, """\
        extend kind boost { rare: bool = false }
        boost dash "Dash" { steps: 6 rare: true start: deck }
        on advanced where false { log "never" }
        quantity rare_in_hand(p: player) = count(each c in pieces(p.hand) where c.rare)
        """)
    assert found(result) == []
    fields = {e["id"]: e["fields"] for e in result.ir["entities"]}
    assert fields["leap"] == {"steps": 3, "rare": False}
    assert fields["dash"] == {"steps": 6, "rare": True}


def test_extend_kind_needs_a_default(race):
    result = expansion(race, "extend kind boost { colour: str }\n")
    assert found(result) == [("E403", "pack.wb", 2, 21)]
    assert result.report.errors[0].message == "field `colour` added to kind `boost` needs a default"


def test_extend_kind_of_an_existing_field(race):
    result = expansion(race, "extend kind boost { steps: int = 1 }\n")
    assert found(result) == [("E302", "pack.wb", 2, 21)]
    assert result.report.errors[0].message.startswith("kind `boost` already has a field `steps`")


def test_extend_kind_of_an_unknown_kind(race):
    result = expansion(race, "extend kind bost { rare: bool = false }\n")
    assert found(result) == [("E303", "pack.wb", 2, 13)]
    assert result.report.errors[0].hint == "did you mean `boost`?"


def test_a_new_fields_type_is_checked_in_the_expansion(race):
    result = expansion(race, "extend kind boost { rare: boool = false }\n")
    assert found(result) == [("E303", "pack.wb", 2, 21)]


# ---- adding to the base setup ----------------------------------------------------------------

SETUP_SCENARIO = """\
    counter bonus_laps = 0
    extend setup {
      set bonus_laps = size(pieces(deck))
    }
    scenario setup_added "The expansion's setup runs after the base setup" {
      players 2
      expect bonus_laps == 2, "6 cards, 2 dealt to each of 2 players"
    }
    """


def test_extend_setup_runs_after_the_base_setup(race):
    result = expansion(race, SETUP_SCENARIO)
    assert found(result) == []
    outcomes = {o.id: o for o in run_pack(str(race / "more_race"), own=True)}
    assert outcomes["setup_added"].passed, outcomes["setup_added"].failure


def test_extend_setup_is_checked_in_its_own_file(race):
    result = expansion(race, "extend setup {\n  gian(points, 1)\n}\n")
    assert found(result) == [("E307", "pack.wb", 3, 3)]


GAME = """\
    game "Short Race" {
      players 2..2
      play { stop }
    }
    """


def test_a_game_block_in_an_expansion_replacing_the_base_game_is_warned_about(race):
    result = expansion(race, GAME)
    assert found(result) == [("W503", "pack.wb", 2, 1)]
    (d,) = [d for d in result.report.diagnostics if d.code == "W503"]
    assert d.message.startswith("this `game` block replaces the whole game of pack `dice_race` (")
    assert "`extend setup { ... }`" in d.hint and "`replaces game { ... }`" in d.hint
    assert result.ir["players"] == {"min": 2, "max": 2}  # a warning: the game is still replaced


def test_replaces_game_says_it_is_meant(race):
    result = expansion(race, "replaces " + textwrap.dedent(GAME))
    assert found(result) == [] and result.ir["players"] == {"min": 2, "max": 2}


def test_an_expansion_with_two_game_blocks(race):
    result = expansion(race, "replaces " + textwrap.dedent(GAME) + textwrap.dedent(GAME))
    assert found(result) == [("E302", "pack.wb", 6, 1)]


def test_replaces_game_with_no_base_game(tmp_path):
    folder = tmp_path / "solo"
    folder.mkdir()
    (folder / "pack.wb").write_text("pack solo\nreplaces " + textwrap.dedent(GAME), encoding="utf-8")
    result = compile_pack(str(folder))
    assert [(d.code, d.span.line) for d in result.report.sorted()] == [("E301", 2)]


# ---- scenarios -----------------------------------------------------------------------------

def test_own_runs_only_the_expansions_scenarios(race):
    expansion(race, SETUP_SCENARIO)
    assert [o.id for o in run_pack(str(race / "more_race"), own=True)] == ["setup_added"]
    everything = [o.id for o in run_pack(str(race / "more_race"))]
    assert "boost_card" in everything and "setup_added" in everything


def test_a_redeclared_scenario_runs_once_the_expansions(race):
    result = expansion(race, """\
        replaces scenario rolled_six "A forced six, as the expansion tells it" {
          players 2
          force d6: 6
          do "Roll and run"
          expect me.points == 6
        }
        """)
    assert found(result) == []
    outcomes = [o for o in run_pack(str(race / "more_race")) if o.id == "rolled_six"]
    assert [(o.name, o.file.rsplit("/", 2)[-2]) for o in outcomes] == [
        ("A forced six, as the expansion tells it", "more_race")]
    assert [o.id for o in run_pack(str(race / "more_race"), own=True)] == ["rolled_six"]


def test_a_redeclared_scenario_without_replaces_is_warned_about(race):
    result = expansion(race, 'scenario rolled_six "Mine" { players 2 }\n')
    assert found(result) == [("W503", "pack.wb", 2, 10)]


def test_own_from_the_command_line(race):
    import subprocess
    from tests.wbkit import WAYBILL
    expansion(race, SETUP_SCENARIO)
    proc = subprocess.run(WAYBILL + ["test", "--own", str(race / "more_race")], capture_output=True, text=True,
                          cwd=race, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines()[-1] == "1 passed, 0 failed"


# ---- tracks of names ----------------------------------------------------------------------------

def test_a_track_of_card_names_holds_the_cards(race):
    result = expansion(race, """\
        track favourites { leap, hop, "leap" }
        scenario favourite "A track's card is the card" {
          players 2
          expect favourites[0] == leap
          expect favourites[1] != leap
          expect favourites[2] == "leap", "quoted, it stays a string"
          expect favourites[2] != leap
        }
        """)
    assert found(result) == []
    (t,) = [t for t in result.ir["tracks"] if t["id"] == "favourites"]
    assert t["values"] == [{"entity": "leap"}, {"entity": "hop"}, "leap"]
    outcomes = {o.id: o for o in run_pack(str(race / "more_race"), own=True)}
    assert outcomes["favourite"].passed, outcomes["favourite"].failure


def test_an_unknown_name_in_a_track(race):
    result = expansion(race, "track favourites { leap, hopp }\nscenario s { expect favourites[0] == leap }\n")
    assert found(result) == [("E301", "pack.wb", 2, 26)]
    d = result.report.errors[0]
    assert (d.message, d.hint) == ("unknown name `hopp` in track", "did you mean `hop`?")


def test_a_track_cannot_hold_a_zone(race):
    result = expansion(race, "track places { deck }\nscenario s { expect size(places) == 1 }\n")
    assert found(result) == [("E309", "pack.wb", 2, 16)]


# ---- properties that only `set` gives ------------------------------------------------------------

MARKING = """\
    action mark "Mark the top card" {
      tags: turn
      let c = first(pieces(deck))
      set c.marked = true
      log "marked: {c.marked}"
    }
    """


def test_a_property_read_after_it_is_set_in_the_block_is_fine(race):
    assert found(expansion(race, MARKING)) == []


def test_a_property_that_may_be_unset_is_an_error(race):
    result = expansion(race, MARKING + "quantity marked = count(each c in pieces(deck) where c.marked)\n")
    assert found(result) == [("E311", "pack.wb", 8, 54)]
    d = result.report.errors[0]
    assert d.message == "`c.marked` may be read before it is set"
    assert d.hint.startswith("no kind declares `marked`: write `c.marked ?? ...`")


def test_set_in_another_branch_does_not_count(race):
    result = expansion(race, """\
        action mark "Mark" {
          tags: turn
          let c = first(pieces(deck))
          if size(me.hand) > 0 { set c.marked = true }
          log "marked: {c.marked}"
        }
        """)
    assert found(result) == [("E311", "pack.wb", 6, 17)]


def test_adding_to_an_unset_property_reads_it(race):
    result = expansion(race, 'action mark "Mark" { tags: turn  let c = first(pieces(deck))  set c.marks += 1 }\n')
    assert found(result) == [("E311", "pack.wb", 2, 67)]
    assert found(expansion(race, 'action mark "Mark" { tags: turn  let c = first(pieces(deck))'
                                 '  set c.marks = (c.marks ?? 0) + 1 }\n', name="ok")) == []


def test_a_default_says_what_an_unset_property_reads_as(race):
    result = expansion(race, MARKING + """\
        quantity marked = count(each c in pieces_of(leap) where c.marked ?? false)
        scenario marking "An unset property reads as its default" {
          players 2
          given {
            move(first(pieces_of(leap)), deck, "top")
          }
          expect marked() == 0
          do "Mark the top card"
          expect marked() == 1
          expect log "marked: yes"
          expect (first(pieces_of(hop)).steps ?? 9) == 1, "a field that has a value keeps it"
        }
        """)
    assert found(result) == []
    outcomes = {o.id: o for o in run_pack(str(race / "more_race"), own=True)}
    assert outcomes["marking"].passed, outcomes["marking"].failure


def test_a_declared_field_needs_no_default(race):
    result = expansion(race, MARKING.replace("marked", "rare")
                       + "extend kind boost { rare: bool = false }\n"
                         "quantity rares = count(each c in pieces(deck) where c.rare)\n")
    assert found(result) == []


def test_a_scenario_declared_twice_in_one_pack(race):
    result = expansion(race, "scenario twice { players 2 }\nscenario twice { players 3 }\n")
    assert found(result) == [("E302", "pack.wb", 3, 10)]


def test_an_expansion_that_replaces_a_name_twice(race):
    result = expansion(race, "replaces die d6 { faces 1, 1 }\nreplaces die d6 { faces 2, 2 }\n"
                             "replaces scenario rolled_six { players 2 }\nreplaces scenario rolled_six { players 3 }\n")
    assert found(result) == [("E302", "pack.wb", 3, 14), ("E302", "pack.wb", 5, 19)]
