"""Scenarios: the setup's own choices take their first option; choices that
`given` asks are left to the scenario's steps."""

from __future__ import annotations

from click.testing import CliRunner

from waybill.cli import main

PACK = '''pack given_choices "Given choices"
resource points "Points" { start: 0 }
die d6 { faces 1, 2, 3, 4, 5, 6 }
action run "Roll and run" {
  tags: turn
  let f = roll(d6)
  gain(points, f[0])
}
game "Given choices" {
  players 2..2
  setup {
    for p in players() {
      choose by p "Starting points?" {
        "one": gain(points, 1, p)
        "two": gain(points, 2, p)
      }
    }
  }
  play {
    while true {
      start_round()
      for p in players() {
        start_turn(p)
        act by p tagged turn
      }
    }
  }
  score me.points
}
scenario setup_first "The setup's choices take their first option" {
  players 2
  expect me.points == 1
  expect player(1).points == 1
}
scenario given_asks "A choice given asks is answered by a step" {
  players 2
  given {
    choose "Bonus?" {
      "small": gain(points, 10)
      "big": gain(points, 100)
    }
  }
  answer "big"
  expect me.points == 101
  force d6: 3
  do "Roll and run"
  expect me.points == 104
}
'''


def test_setup_choices_are_taken_and_given_choices_are_left_to_the_steps(tmp_path):
    pack = tmp_path / "given_choices"
    pack.mkdir()
    (pack / "pack.wb").write_text(PACK, encoding="utf-8")
    res = CliRunner().invoke(main, ["test", str(pack)], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert "PASS setup_first" in res.output and "PASS given_asks" in res.output


OFFERED = '''
scenario offered_choices "What is offered and what is not" {
  players 2
  answer "big"
  expect offered ~"roll and"
  expect not offered "Fly"
}
scenario offered_fails "A choice expected to be offered is not" {
  players 2
  answer "big"
  expect offered "Fly"
}
scenario not_offered_fails "A choice expected not to be offered is" {
  players 2
  answer "big"
  expect not offered ~"Roll"
}
'''


def test_expect_offered_and_not_offered(tmp_path):
    pack = tmp_path / "given_choices"
    pack.mkdir()
    # the `given` of the second scenario asks a choice; reuse it as the position
    given = PACK[PACK.index("  given {"):PACK.index("  answer \"big\"")]
    (pack / "pack.wb").write_text(PACK + OFFERED.replace('  players 2\n', '  players 2\n' + given), encoding="utf-8")
    res = CliRunner().invoke(main, ["test", str(pack)], catch_exceptions=False)
    assert "PASS offered_choices" in res.output, res.output
    assert "FAIL offered_fails" in res.output and "expected a choice matching 'Fly'; the choices are ['Roll and run'], for 'Take an action' by Player 1 (me)" \
        in res.output
    assert "FAIL not_offered_fails" in res.output and "expected no choice matching ~'Roll', but ['Roll and run'] offered" \
        in res.output
    assert res.exit_code == 1


VARIANT_PACK = '''pack with_variant "With a variant"
resource points "Points" { start: 0 }
action score_one "Score one" {
  tags: turn
  gain(points, 1)
}
variant generous "Generous" {
  resource bonus "Bonus" { start: 5 }
}
game "With a variant" {
  players 2..2
  play { while true { start_round() for p in players() { start_turn(p) act by p tagged turn } } }
  score me.points
}
scenario variant_names "A scenario may name what its variant adds" {
  players 2
  variants generous
  do "Score one"
  expect me.bonus == 5 and me.points == 1
}
'''


def test_a_scenario_may_name_what_its_variant_adds(tmp_path):
    pack = tmp_path / "with_variant"
    pack.mkdir()
    (pack / "pack.wb").write_text(VARIANT_PACK, encoding="utf-8")
    res = CliRunner().invoke(main, ["test", str(pack)], catch_exceptions=False)
    assert res.exit_code == 0 and "PASS variant_names" in res.output, res.output
    res = CliRunner().invoke(main, ["check", str(pack)], catch_exceptions=False)
    assert res.exit_code == 0, res.output


def test_a_scenario_of_an_unknown_variant_is_an_E207(tmp_path):
    pack = tmp_path / "with_variant"
    pack.mkdir()
    (pack / "pack.wb").write_text(VARIANT_PACK.replace("variants generous", "variants generus"), encoding="utf-8")
    res = CliRunner().invoke(main, ["check", str(pack)], catch_exceptions=False)
    assert res.exit_code == 1
    assert "error[E207]: scenario `variant_names` names unknown variant `generus`" in res.output
    assert "generous" in res.output


# docs/LANGUAGE.md, Scenarios: "A `given` written after a step that acts or asserts ... is itself a
# step: it runs there, may not ask a decision, and the pending decision is then asked again, so its
# choices are those of the new position."
REFRESH_PACK = '''pack refresh "Refresh"
kind token { }
token red "Red" { start: pool }
token blue "Blue" { start: pool }
token green "Green" { start: box }
zone pool "Pool"
zone box "Box"
zone taken "Taken"
game "Refresh" {
  players 2..2
  play {
    start_turn(player(0))
    let t = choose "Take which?" from pieces(pool)
    move(t, taken)
    let two = choose 2 from pieces(pool)
    let ord = choose order pieces(pool)
    end_game()
  }
}
scenario refreshed "A given between steps changes what the pending pick offers" {
  players 2
  expect offered "Red"
  expect not offered "Green"
  given { move(first(pieces(box)), pool)  move(first(pieces_of(red)), box) }
  expect offered "Green"
  expect not offered "Red"
  answer "Green"
  expect count(each c in pieces(taken) where c.entity == green) == 1
}
scenario refreshed_many "A given refreshes a pick of several and an order too" {
  players 2
  answer "Red"
  expect offered "Blue"
  given { move(first(pieces(box)), pool) }
  expect offered "Green"
  answer "Green"
  answer "Blue"
  given { move(first(pieces(taken)), pool) }
  expect offered "Red"
}
'''


def test_a_given_between_steps_refreshes_a_pending_pick(tmp_path):
    pack = tmp_path / "refresh"
    pack.mkdir()
    (pack / "pack.wb").write_text(REFRESH_PACK, encoding="utf-8")
    res = CliRunner().invoke(main, ["test", str(pack)], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert "PASS refreshed" in res.output and "PASS refreshed_many" in res.output
