"""`waybill play` driven by typed input: it draws the pack's display, takes
numbered answers and commands, asks again after bad input, and never ends
in a traceback. Seats are numbered from 0 in flags (`--human 0`); people read
them as Player 1, Player 2, ... (README "Seats")."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from waybill.cli import main

ROOT = Path(__file__).resolve().parents[2]
DICE = str(ROOT / "tests" / "packs" / "dice_race")
SPRINT = str(ROOT / "tests" / "packs" / "dice_sprint")


def play(*args: str, input: str = ""):
    # catch_exceptions=False: a traceback anywhere fails the test
    return CliRunner().invoke(main, ["play", *args], input=input, catch_exceptions=False)


def test_a_whole_game_of_a_test_pack():
    res = play(DICE, "--players", "2", "--human", "0", "--seed", "4", input="1\n" * 40)
    assert res.exit_code == 0, res.output
    out = res.output
    # the panel, the board, the question, the table talk, the result
    for text in ("Player 1", "Points", "Hand", "Roll bonus", "The table", "Boost deck", "Leader's points",
                 "Player 1: Take an action", "1. Roll and run", "2. Play a boost card", "Player 1> ",
                 "Player 1 rolls", "Player 2 rolls", "Game over.", "1. Player "):
        assert text in out, text
    assert "Traceback" not in out


def test_an_extending_pack_shows_its_own_display_lines():
    res = play(SPRINT, "--players", "2", "--seed", "4", input="1\nquit\n")
    assert res.exit_code == 0
    assert "Points to go" in res.output and "Round" in res.output


def test_a_few_turns_of_weds():
    res = play("weds", "--players", "3", "--seed", "2", input="1\n" * 6 + "quit\n")
    assert res.exit_code == 0, res.output
    out = res.output
    for text in ("Money ($)", "Truck at", "Cargo", "Driver", "Faction jobs", "Food price", "Water price",
                 "Weapons price", "Mod Shop", "Priority contracts", "Trucks", "Player 1: ", "You left the game."):
        assert text in out, text
    # the driver's ability is on the panel once chosen, with its text
    assert re.search(r"Driver\s+│\s+\S+.*:", out)


def test_a_card_option_shows_the_card_text():
    # seat 0 plays a boost card: the options name the cards with their text
    res = play(DICE, "--players", "2", "--seed", "4", input="2\nquit\n")
    assert "Which boost?" in res.output
    assert re.search(r"1\. (Hop|Leap)\s+— Move \d points?\.", res.output)


def test_every_command(tmp_path):
    save = tmp_path / "game.json"
    notjson = tmp_path / "notes.txt"
    notjson.write_text("hello")
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"format": "waybill-play/1", "pack": "weds", "game": {}}))
    lines = ["help", "?", "log", "card leap", "card LEAP", "card lep", "card zzz", "card",
             f"save {save}", "save", f"save {tmp_path}/no/such/dir/x.json",
             "1", f"load {save}", "load", f"load {tmp_path}/missing.json", f"load {notjson}", f"load {other}",
             "log", "quit"]
    res = play(DICE, "--players", "2", "--seed", "4", input="\n".join(lines) + "\n")
    assert res.exit_code == 0, res.output
    out = res.output
    assert "Answer with the number of an option" in out and out.count("card NAME") >= 2   # help and ?
    assert "Leap (boost)" in out and "Move 3 points." in out and "steps: 3" in out
    assert "no card named `lep`; did you mean Leap?" in out and "no card named `zzz`" in out
    assert "which card?" in out
    assert f"saved to {save}" in out and json.loads(save.read_text())["format"] == "waybill-play/1"
    assert "save where?" in out and "cannot save to" in out
    assert f"loaded {save}" in out and "load what?" in out and "cannot read" in out
    assert "is not a saved game (not JSON)" in out and "a game of pack 'weds'" in out
    assert "Player 1 rolls" in out          # `log` after the roll
    assert "You left the game." in out


def test_a_loaded_game_goes_on_where_it_was_saved(tmp_path):
    save = tmp_path / "g.json"
    first = play(DICE, "--players", "2", "--seed", "4", input=f"1\nsave {save}\nquit\n")
    assert first.exit_code == 0
    again = play(DICE, "--players", "2", "--seed", "99", input=f"load {save}\n1\nquit\n")
    assert f"loaded {save}" in again.output
    # the loaded game's board: Player 1 (seat 0) has rolled once already
    assert again.output.count("Player 1 rolls") >= 1


@pytest.mark.parametrize("bad,says", [
    ("abc", "`abc` is not a command"), ("0", "choose a number from 1 to 2"), ("99", "choose a number from 1 to 2"),
    ("-1", "`-1` is not a command"), ("1.5", "`1.5` is not a command"), ("card", "which card?")])
def test_bad_input_asks_again(bad, says):
    res = play(DICE, "--players", "2", "--seed", "4", input=f"{bad}\n1\nquit\n")
    assert res.exit_code == 0
    assert says in res.output
    assert "Player 1 rolls" in res.output           # the answer after the bad line was taken


def test_an_empty_line_shows_the_question_again():
    res = play(DICE, "--players", "2", "--seed", "4", input="\nquit\n")
    assert res.output.count("Player 1: Take an action") == 2


def test_the_end_of_input_leaves_cleanly():
    res = play(DICE, "--players", "2", "--seed", "4", input="1\n")
    assert res.exit_code == 0 and "You left the game." in res.output


def test_bots_can_play_every_seat():
    res = play(DICE, "--players", "3", "--human", "none", "--seed", "4")
    assert res.exit_code == 0 and "Game over." in res.output and "Player 1> " not in res.output


@pytest.mark.parametrize("args,message", [
    (["--players", "1"], "dice_race is for 2 to 4 players, not 1"),
    (["--players", "9"], "dice_race is for 2 to 4 players, not 9"),
    (["--players", "2", "--human", "2"], "there is no seat 2: with 2 players the seats are 0 to 1"),
    (["--human", "-1"], "there is no seat -1"),
    (["--human", "x"], "seats are numbers like 0 or 0,2"),
    (["--bot", "clever"], "unknown bot 'clever'"),
])
def test_impossible_setups_are_usage_errors(args, message):
    res = play(DICE, *args)
    assert res.exit_code == 2
    assert message in res.output and "Traceback" not in res.output


def test_an_unknown_pack_is_an_error_not_a_traceback():
    res = CliRunner().invoke(main, ["play", "no_such_pack"])
    assert res.exit_code != 0 and res.exception is None or isinstance(res.exception, SystemExit)


def test_sim_summary_names_players_as_people_read_them():
    # README "Seats": people read Player 1..N; the JSON numbers seats from 0
    res = CliRunner().invoke(main, ["sim", DICE, "--players", "2", "--games", "6", "--seed", "1"])
    assert res.exit_code == 0
    players = {int(n) for n in re.findall(r"Player (\d+):", res.output)}
    assert players == {1, 2} and not re.search(r"\b[Ss]eat \d", res.output)
    data = json.loads(CliRunner().invoke(main, ["sim", DICE, "--players", "2", "--games", "6", "--seed", "1",
                                                "--json"]).output)
    assert set(data["winners"]) <= {"0", "1"} and len(data["seat_bots"][0]) == 2


def test_a_game_saved_when_play_named_seats_seat_0_loads_and_reads_so(tmp_path):
    # before README "Seats", `waybill play` named the players "Seat 0", "Seat 1"; such saves still load
    from waybill.api import Game, load_pack
    game = Game.new(load_pack(DICE), players=["Seat 0", "Seat 1"], seed=4)
    save = tmp_path / "old.json"
    save.write_text(json.dumps({"format": "waybill-play/1", "pack": "dice_race", "humans": [0],
                                "game": game.to_json()}))
    res = play(DICE, "--players", "2", "--seed", "4", input=f"load {save}\n1\nquit\n")
    assert res.exit_code == 0 and f"loaded {save}" in res.output
    assert "Seat 0> " in res.output and "Seat 0 rolls" in res.output and "Player 1" not in res.output.split("loaded")[1]
    ru = play(DICE, "--players", "2", "--seed", "4", "--lang", "ru", input=f"загрузить {save}\nвыход\n")
    assert "Место 0> " in ru.output


def test_actions_not_open_are_shown_greyed_with_why():
    """Issue 25: the actions not available now, with the reason, below the options."""
    pack = str(ROOT / "tests" / "packs" / "why_not")
    res = play(pack, "--players", "2", "--human", "0", "--seed", "1", input="quit\n")
    assert res.exit_code == 0, res.output
    out = res.output
    assert "1. Earn a coin" in out and "2. Rest" in out
    # after the options, on one line: the message of the failing `require`, or the requirement
    assert "× Buy a lamp (You need 3 coins) · Gamble (needs turns ≥ 4)" in out
    assert out.index("2. Rest") < out.index("× Buy a lamp")


THROWS = str(ROOT / "tests" / "packs" / "throws_at_once")


def test_a_simultaneous_decision_asks_each_person_in_turn_and_keeps_the_picks_secret():
    """tests/packs/throws_at_once, rule 1: "Nobody learns another player's throw until all have picked"."""
    res = play(THROWS, "--players", "2", "--human", "0,1", "--seed", "1", input="1\n3\nquit\n")
    out = res.output
    first, rest = out.split("Player 1 has chosen.", 1)
    second, after = rest.split("Player 2> ", 1)
    assert "Player 2: Pick your throw" in second and "Rock" not in second.replace("1. Rock", ""), \
        "the next person sees the question, not the pick"
    assert "Player 1 throws Rock and scores 1" in after and "Player 2 throws Scissors" in after, "shown when all have picked"


def test_the_screen_is_cleared_between_two_people_answering_at_once(monkeypatch):
    import io

    from rich.console import Console

    import waybill.play as play_module
    screen = io.StringIO()
    monkeypatch.setattr(play_module, "console", lambda **kw: Console(file=screen, force_terminal=True, **kw))
    play(THROWS, "--players", "2", "--human", "0,1", "--seed", "1", input="1\n3\nquit\n")
    # on a terminal every question is a screen of its own, drawn whole (issue 25.6)
    screens = screen.getvalue().split("\x1b[2J")
    second = next(s for s in screens if "Player 2: Pick your throw" in s)
    assert "Player 1: Pick your throw" not in second and "Rock" not in second.replace("1. Rock", ""), \
        "the second person's screen shows nothing of the first one's pick"
    assert "Player 1 has chosen." in second, "only that the first person has chosen"
    alone = io.StringIO()
    monkeypatch.setattr(play_module, "console", lambda **kw: Console(file=alone, force_terminal=True, **kw))
    play(THROWS, "--players", "2", "--human", "1", "--seed", "1", input="3\nquit\n")
    assert "Player 1 has chosen." in alone.getvalue()
