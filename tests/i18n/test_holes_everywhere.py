"""Text with holes everywhere (issue #26, part 5): "labels, prompts and menu
entries fill `{expr}` holes (with arguments kept as data, see the text
issue), any expression allowed inside a hole; a hole the checker cannot
resolve is an error." Menu lines like "Take {n} coins" were shown literally,
and `log "{text_of(p) + " "}"` was an E101."""

from __future__ import annotations

import re

import pytest

from waybill import Game, load_pack
from waybill.compiler import check_paths

PACK = '''pack holes "Holes"
resource coins "Coins" { start: 0 }

action take "Take coins" {
  tags: turn
  let n = 3
  choose "Take {n} coins, {text_of(me) + "?"}" {
    "Take {n} coins": { gain(coins, n) }
    "Take {n + 1} coins, {text_of(me) + " " + "now"}": { gain(coins, n + 1) }
  }
  log "{text_of(me) + " has"} {me.coins}"
  if me.coins > 5 { win(me) }
}

game "Holes" {
  players 2..2
  setup { }
  play { repeat 10 { for p in players() { act by p tagged turn } } }
}
'''

# the Russian of every line (ids from the declaration and place: spec/messages.py);
# a number stays a number, so the plural form is chosen by it
RU = '''pack-name = Дырки
counter-coins = Монеты
action-take = Взять монеты
action-take-ask1 = Взять { $n } { $n ->
        [one] монету
        [few] монеты
       *[many] монет
    }, { $arg2 }
action-take-str1 = { $arg1 }?
action-take-ask1-opt1 = Взять { $n } { $n ->
        [one] монету
        [few] монеты
       *[many] монет
    }
action-take-ask1-opt2 = Взять { $arg1 } { $arg1 ->
        [one] монету
        [few] монеты
       *[many] монет
    }, { $arg2 }
action-take-str2 = { $arg1 } сейчас
action-take-log1 = { $arg1 } { $me_coins }
action-take-str3 = у игрока { $arg1 } монет:
'''


@pytest.fixture(scope="module")
def pack(tmp_path_factory):
    d = tmp_path_factory.mktemp("holes")
    (d / "pack.wb").write_text(PACK, encoding="utf-8")
    (d / "locales").mkdir()
    (d / "locales" / "ru.ftl").write_text(RU, encoding="utf-8")
    return d


def test_menu_lines_fill_their_holes_and_a_hole_may_hold_strings(pack):
    g = Game.new(load_pack(str(pack)), players=2, seed=1)
    g.apply(g.legal_actions()[0])                       # Take coins
    assert g.view(0)["pending"]["prompt"] == "Take 3 coins, Player 1?"
    assert [a["label"] for a in g.legal_actions()] == ["Take 3 coins", "Take 4 coins, Player 1 now"]
    g.apply(g.legal_actions()[1])
    assert g.messages() == ["Player 1 has 4"]


def test_the_holes_are_kept_as_data_and_said_in_the_language_of_the_view(pack):
    g = Game.new(load_pack(str(pack)), players=2, seed=1)
    g.apply(g.legal_actions()[0])
    # the state keeps the message and the values, never the words of a built text
    pending = g.state.pending
    assert pending["args"] == {"n": 3, "arg2": {"text": "action-take-str1", "arg1": {"player": 0}}}
    assert pending["options"][1]["args"] == {"arg1": 4, "arg2": {"text": "action-take-str2", "arg1": {"player": 0}}}
    v = g.view(0, lang="ru")["pending"]
    assert v["prompt"] == "Взять 3 монеты, Игрок 1?"
    assert [o["label"] for o in v["options"]] == ["Взять 3 монеты", "Взять 4 монеты, Игрок 1 сейчас"]
    g.apply(g.legal_actions()[1])
    log = g.view(0, log=True, lang="ru")["log"]
    answer = next(e for e in log if e["type"] == "action" and e["kind"] == "choose")
    assert answer["label"] == "Взять 4 монеты, Игрок 1 сейчас"     # the answer names its menu
    assert [e["text"] for e in log if e["type"] == "say"] == ["у игрока Игрок 1 монет: 4"]
    # a save keeps all of it, and loads to the same Russian
    again = Game.from_json(g.rules, g.to_json())
    assert again.view(0, log=True, lang="ru")["log"] == log


@pytest.mark.parametrize("line,code,words", [
    ('    "Take {nn} coins": { gain(coins, n) }', "E301", "did you mean `n`"),
    ('    "Take {n +} coins": { gain(coins, n) }', "E108", "is not an expression"),
    ('    "Take {n} coins": { gain(coins, n) }\n    "Take {text_of(me) + } coins": { gain(coins, 1) }', "E108",
     "is not an expression"),
])
def test_a_hole_the_checker_cannot_read_is_an_error_at_the_hole(tmp_path, line, code, words):
    text = PACK.replace('    "Take {n} coins": { gain(coins, n) }', line)
    (tmp_path / "pack.wb").write_text(text, encoding="utf-8")
    report = check_paths([str(tmp_path)])
    errors = [d for d in report.diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == [code]
    rendered = report.render()
    assert words in rendered and re.search(r"pack\.wb:\d+:\d+: error\[" + code, rendered)
    bad = next(i for i, x in enumerate(text.splitlines(), 1) if "{nn}" in x or "+}" in x or "+ }" in x)
    assert errors[0].span.line == bad


def test_a_menu_line_naming_a_piece_names_its_card_in_the_language(tmp_path):
    # "Keep {c}": the piece is kept in the option, and named by its card's words
    pack = PACK.replace('resource coins "Coins" { start: 0 }', 'resource coins "Coins" { start: 0 }\n'
                        'kind chip { }\nzone bag "Bag" { }\nchip red "Red chip" { start: bag }')
    pack = pack.replace('    "Take {n} coins": { gain(coins, n) }',
                        '    "Take {n} coins": { gain(coins, n) }\n    "Keep {top(bag)}": { gain(coins, 1) }')
    (tmp_path / "pack.wb").write_text(pack, encoding="utf-8")
    (tmp_path / "locales").mkdir()
    # (the new line is the menu's second: the one after it is third now)
    ru = RU.replace("action-take-ask1-opt2", "action-take-ask1-opt3")
    (tmp_path / "locales" / "ru.ftl").write_text(ru + "ent-red = Красная фишка\naction-take-ask1-opt2 = Оставить { $arg1 }\n",
                                                encoding="utf-8")
    g = Game.new(load_pack(str(tmp_path)), players=2, seed=1)
    g.apply(g.legal_actions()[0])
    assert [a["label"] for a in g.legal_actions()][1] == "Keep Red chip"
    assert g.view(0, lang="ru")["pending"]["options"][1]["label"] == "Оставить Красная фишка"
    g.apply(g.legal_actions()[1])
    answer = next(e for e in g.view(0, log=True, lang="ru")["log"] if e["type"] == "action" and e["kind"] == "choose")
    assert answer["label"] == "Оставить Красная фишка"
