"""`waybill play weds` on an 80×24 terminal keeps the question and all its
options on screen (issue 25.6): played in tmux as a person plays it, the
screen read after every decision. The same seeded game is played alongside
in this process (the bots choose as they do there), so the test knows each
question and its options."""

from __future__ import annotations

import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid

import pytest

from rich.console import Console
from rich.text import Text

from waybill.api import Game, load_pack
from waybill.play import Session
from waybill.screen import MIN_LOG, fit, wrapped

needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (apt-get install -y tmux)")

WIDTH, HEIGHT = 80, 24
DECISIONS = 12          # answered through the screen
SCREEN_DEADLINE = 120   # seconds for a screen to show its question
SEED = 2


def tmux(socket: str, *args: str) -> str:
    return subprocess.run(["tmux", "-L", socket, *args], capture_output=True, text=True, check=True,
                          timeout=30).stdout


def screen_with_prompt(socket: str, prompt: str, before: str | None) -> list[str]:
    """The screen once it waits for an answer (its last line the prompt) and is not ``before``."""
    deadline = time.monotonic() + SCREEN_DEADLINE
    while True:
        lines = tmux(socket, "capture-pane", "-p", "-t", "play").rstrip("\n").split("\n")
        filled = [ln for ln in lines if ln.strip()]
        if filled and filled[-1].rstrip() == prompt.rstrip() and "\n".join(lines) != before:
            return lines
        if time.monotonic() > deadline:
            pytest.fail(f"no question on screen within {SCREEN_DEADLINE} s:\n" + "\n".join(lines))
        time.sleep(0.2)


def mirror() -> Session:
    """The game `waybill play weds --players 2 --seed 2` plays, in this process."""
    rules = load_pack("weds")
    s = Session(rules, Game.new(rules, players=2, seed=SEED), {0}, "default", SEED)
    s.console.file = io.StringIO()          # (what it would print is not wanted here)
    s.screen = False
    return s


@needs_tmux
def test_the_question_and_all_options_stay_on_an_80x24_screen():
    socket = f"waybill-test-{uuid.uuid4().hex[:8]}"
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    command = " ".join(shlex.quote(x) for x in [sys.executable, "-m", "waybill", "play", "weds", "--players", "2",
                                                 "--seed", str(SEED)])
    subprocess.run(["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", "play", "-x", str(WIDTH),
                    "-y", str(HEIGHT), command], check=True, timeout=30, env=env)
    try:
        game = mirror()
        before = None
        for step in range(DECISIONS):
            while not game.game.over and game.game.legal_actions()[0]["player"] != 0:
                legal = game.game.legal_actions()
                assert game.bot_turn(legal[0]["player"], legal)
            if game.game.over:
                break
            v = game.game.view(0)
            lines = screen_with_prompt(socket, "Player 1> ", before)
            before = "\n".join(lines)
            assert len(lines) <= HEIGHT and all(len(ln) <= WIDTH for ln in lines)
            flat = re.sub(r"\s+", " ", " ".join(lines))
            # the question and every option, whole, above the prompt
            assert f"Player 1: {v['pending']['prompt']}" in flat, (step, before)
            for n, o in enumerate(v["pending"]["options"], 1):
                assert f"{n}. {o['label']}" in flat, (step, n, before)
                # wrapped between words: every word of an option and its card's text stands whole on a line
                for word in game.option_line(n, o, v["entities"]).split():
                    assert any(word in ln for ln in lines), (step, word, before)
            # the seat's panel has not scrolled off: its first line is on the screen with the question
            panel = next(p for p in v["display"]["panels"] if p["seat"] == 0)
            assert f"Player 1 {panel['items'][0]['label']}" in flat, (step, before)
            tmux(socket, "send-keys", "-t", "play", "1", "Enter")
            game.game.apply(game.game.legal_actions()[0])
        assert step >= DECISIONS - 1, "the game ended before the decisions the test reads"
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True, timeout=30)


def lines(*texts: str) -> list[Text]:
    return [Text(t) for t in texts]


def test_a_screen_too_small_keeps_the_question_whole_and_last():
    question = lines("Player 1: Drive where?", "   1. stop here", "   2. B2 south-east")
    top = [lines("panel 1", "panel 2", "panel 3")]
    log = lines(*(f"log {i}" for i in range(10)))
    shown = [t.plain for t in fit(8, question, [], top, log, lambda n: Text(f"({n} more)"))]
    # the panel is cut to leave the log its newest lines (a note of how many are left out first)
    assert MIN_LOG == 3
    assert shown == ["panel 1", "panel 2", "(8 more)", "log 8", "log 9"] + [t.plain for t in question]
    assert [t.plain for t in fit(2, question, [], top, log, lambda n: Text(""))] == [t.plain for t in question]


def test_what_a_command_said_comes_before_the_log():
    question, notes = lines("Q?", "   1. yes"), lines("help line 1", "help line 2")
    shown = [t.plain for t in fit(6, question, notes, [], lines("a", "b", "c"), lambda n: Text(f"({n} more)"))]
    assert shown == ["(2 more)", "c", "help line 1", "help line 2", "Q?", "   1. yes"]


def test_lines_are_wrapped_between_words_under_the_options_words():
    console = Console(width=30, file=io.StringIO())
    text = Text("   1. Gat  — Gat: pedal down. Move 1 additional space on the third action in a row.")
    out = [t.plain for t in wrapped(console, text, 30, 6)]
    assert all(len(x) <= 30 for x in out) and all(x.startswith("      ") for x in out[1:])
    words = text.plain.split()
    assert [w for x in out for w in x.split()] == words        # no word cut in two
