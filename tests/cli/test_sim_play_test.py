"""`waybill sim`, `waybill test` and `waybill play` on the small dice-race pack."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from waybill.cli import main

PACK = str(Path(__file__).parents[1] / "packs" / "dice_race")


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def test_sim_json_summary_has_the_documented_keys():
    res = run("sim", PACK, "--players", "3", "--games", "12", "--seed", "5", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    for key in ("games", "finished", "errors", "mean_rounds", "mean_actions", "winners"):
        assert key in data
    assert data["games"] == 12 and data["finished"] == 12 and data["errors"] == 0
    assert sum(data["winners"].values()) == 12


def test_sim_is_reproducible_and_replays_match():
    a = json.loads(run("sim", PACK, "--games", "8", "--seed", "9", "--json", "--check-replay").output)
    b = json.loads(run("sim", PACK, "--games", "8", "--seed", "9", "--json").output)
    assert a["replay_mismatches"] == []
    assert a["winners"] == b["winners"] and a["mean_actions"] == b["mean_actions"]


def test_a_game_past_the_round_cap_is_not_finished():
    data = json.loads(run("sim", PACK, "--games", "4", "--round-cap", "1", "--json").output)
    assert data["capped"] == 4 and data["finished"] == 0


def test_invariant_violations_name_seed_step_and_invariant(tmp_path):
    pack = tmp_path / "race"
    shutil.copytree(PACK, pack)
    with open(pack / "pack.wb", "a", encoding="utf-8") as fh:
        fh.write('\ninvariant early "The race is short": round_number() < 2\n')
    res = run("sim", str(pack), "--games", "3", "--seed", "1", "--json", "--check-invariants")
    assert res.exit_code == 1
    violations = json.loads(res.output)["invariant_violations"]
    assert violations, "a round-2 game must break the invariant"
    first = violations[0]
    assert first["invariant"] == "early" and first["seed"] == 1 and first["step"] > 0
    assert first["text"] == "The race is short"


def test_sim_rejects_a_seat_count_the_pack_does_not_allow():
    res = CliRunner().invoke(main, ["sim", PACK, "--players", "9"])
    assert res.exit_code == 2
    assert "2 to 4 players" in res.output


def test_scenarios_pass_and_a_failing_one_names_its_line(tmp_path):
    assert run("test", PACK).exit_code == 0
    pack = tmp_path / "race"
    shutil.copytree(PACK, pack)
    with open(pack / "scenarios.wb", "a", encoding="utf-8") as fh:
        fh.write('\nscenario wrong "A wrong expectation" {\n  force d6: 4\n  do "Roll and run"\n'
                 '  expect me.points == 5\n}\n')
    res = run("test", str(pack))
    assert res.exit_code == 1
    assert "FAIL wrong" in res.output
    expect_line = (pack / "scenarios.wb").read_text().splitlines().index("  expect me.points == 5") + 1
    assert f"scenarios.wb:{expect_line}:3: expected the condition to hold: left side is 4, right side is 5" in res.output


def test_play_lets_a_person_choose_by_number():
    # seat 0 is a person who always picks "Roll and run"; seat 1 is a bot
    res = run("play", PACK, "--players", "2", "--human", "0", "--seed", "4", input="1\n" * 40)
    assert res.exit_code == 0, res.output
    assert "1. Roll and run" in res.output
    assert "Game over." in res.output
