"""`waybill play weds --lang ru` says no English word (issue 24): the
terminal's own words (help, commands, prompts, errors, panel titles, bots)
come from the engine's catalogue, the game's from the pack's. Driven as a
person drives it: a real process, typed lines on stdin, a deadline."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from tests.screens import latin_words

DEADLINE = 600      # seconds for the whole session (it takes a few)


def play(*args: str, lines: list[str]) -> subprocess.CompletedProcess:
    env = dict(os.environ, NO_COLOR="1", COLUMNS="100")      # no escapes; a width of its own, not the caller's
    return subprocess.run([sys.executable, "-m", "waybill", "play", *args], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, encoding="utf-8", env=env, timeout=DEADLINE)


# every command the terminal knows, typed in Russian, and each way of typing badly
RUSSIAN_SESSION = (["помощь", "?", "99", "абв", "карта", "карта ъъъ", "карта Большой Джон", "карта прицеп",
                    "сохранить", "загрузить", "журнал"]
                   + ["1"] * 40 + ["журнал", "выход"])


def test_a_russian_session_shows_no_english_word():
    res = play("weds", "--players", "3", "--seed", "2", "--lang", "ru", lines=RUSSIAN_SESSION)
    assert res.returncode == 0, res.stderr
    out = res.stdout
    # the terminal's own words, in Russian
    for said in ("Боты: Игрок 2 — бот этой игры, Игрок 3 — бот этой игры",   # the bots, by seat as people read it
                 "Отвечайте номером варианта. Другие команды:", "помощь, ?", "журнал", "карта НАЗВАНИЕ",
                 "сохранить ФАЙЛ", "загрузить ФАЙЛ", "выход",                  # `помощь` and `?`
                 "выберите число от 1 до 6 (или «помощь»)",                     # 99
                 "«абв» — не команда: введите число от 1 до 6 или «помощь»",
                 "какая карта? «карта НАЗВАНИЕ»", "нет карты «ъъъ»",
                 "Большой Джон: перевозки — семейное дело.", "Добавляет вашему грузовику 3 слота.",   # `карта`
                 "куда сохранить? «сохранить ФАЙЛ»", "что загрузить? «загрузить ФАЙЛ»",
                 "Игрок 1> ", "Стол", "Вы вышли из игры."):
        assert said in out, said
    assert out.count("Отвечайте номером варианта") == 2            # `помощь` and `?`
    assert "Игрок 1 едет" in out                                  # 40 answers played on into the rounds
    assert latin_words(out) == [], "English on a Russian screen:\n" + "\n".join(latin_words(out))
    assert "Traceback" not in res.stderr


def test_english_commands_work_on_a_russian_screen_and_the_reverse_does_not_leak():
    # a person who knows the English commands is understood; the answers stay Russian
    res = play("weds", "--players", "3", "--seed", "2", "--lang", "ru", lines=["help", "card", "quit"])
    assert res.returncode == 0, res.stderr
    assert "Отвечайте номером варианта" in res.stdout and "какая карта?" in res.stdout
    assert "Вы вышли из игры." in res.stdout
    # an English screen says the English words, and knows no Russian command
    en = play("weds", "--players", "3", "--seed", "2", lines=["помощь", "help", "quit"])
    assert "`помощь` is not a command: type a number from 1 to 6, or `help`" in en.stdout
    assert re.search(r"^  help, \?\s+this help$", en.stdout, re.M)
    assert re.search(r"^  card NAME\s+a card's text and fields", en.stdout, re.M)
    assert "Bots: Player 2 plays weds_heuristic, Player 3 plays weds_heuristic" in en.stdout
    assert "Player 1> " in en.stdout and "You left the game." in en.stdout


def test_a_whole_game_of_bots_watched_in_russian():
    # every line of a game to its end: the table talk, the result, the ranking
    res = play("weds", "--players", "3", "--seed", "3", "--lang", "ru", "--human", "none", lines=[])
    assert res.returncode == 0, res.stderr
    out = res.stdout
    assert "Игра окончена." in out and "Победитель: Игрок " in out
    assert re.search(r"^  1\. Игрок \d — ", out, re.M)
    assert latin_words(out) == [], "English on a Russian screen:\n" + "\n".join(latin_words(out))
