"""A log you can follow (issue 25.3): "each entry says who did what in words
the pack declares ... a chosen option is logged as the ids and arguments of
the question and the option (rendered in the view's language)". An answer
in the log keeps its question's message id and variables; the view says the
question as it was asked, in any language, and a save keeps it."""

from __future__ import annotations

import random

import pytest

from tests.screens import latin_words
from waybill import Game, load_pack, make_bot

SEED = 3
DECISIONS = 120


@pytest.fixture(scope="module")
def played():
    """A 2-player WEDS game of the pack's bots, with the question each seat
    was asked at each decision (en and ru), as its own view said it then."""
    rules = load_pack("weds")
    game = Game.new(rules, players=2, seed=SEED)
    bots = [make_bot("default", rules) for _ in range(2)]
    rng = random.Random(SEED)
    asked = {}
    for _ in range(DECISIONS):
        legal = game.legal_actions()
        if game.over or not legal:
            break
        seat = legal[0]["player"]
        asked[game.state.decision] = {lang: game.view(seat, lang=lang)["pending"]["prompt"] for lang in (None, "ru")}
        game.apply(bots[seat].choose(game, legal, rng))
    return rules, game, asked


def answers(view: dict) -> list[dict]:
    return [e for e in view["log"] if e.get("type") == "action"]


def test_an_answer_says_the_question_it_answered_as_it_was_asked(played):
    _, game, asked = played
    for lang in (None, "ru"):
        for seat in (0, 1):
            said = [e for e in answers(game.view(seat, log=True, lang=lang)) if "question" in e]
            assert len(said) > 20, (lang, seat)
            for e in said:
                assert e["question"] == asked[e["decision"]][lang], (lang, e)
            # and every answer of its own says it, but an `act` asked in the engine's default words
            missing = [e for e in answers(game.view(seat, log=True, lang=lang)) if e["player"] == seat
                       and "question" not in e and asked[e["decision"]][None] != "Take an action"]
            assert missing == [], (lang, seat, missing[:3])


def test_the_pack_declared_question_reaches_the_other_seat_too(played):
    # a bot's move reads as a person's: seat 0 reads seat 1's questions (all but its secret picks)
    _, game, asked = played
    theirs = [e for e in answers(game.view(0, log=True)) if e["player"] == 1 and "question" in e]
    assert theirs and {e["kind"] for e in theirs} - {"pick", "order"}
    assert all(e["question"] == asked[e["decision"]][None] for e in theirs)
    # another seat's pick says that it picked, never what: no value, no question, one word for every pick
    secret = [e for e in answers(game.view(0, log=True)) if e["player"] == 1 and e["kind"] == "pick"]
    assert secret and all(e == {"type": "action", "player": 1, "decision": e["decision"], "kind": "pick",
                                "label": "made a hidden pick", "secret": True} for e in secret)


def test_another_seats_secret_pick_reads_in_the_log_in_its_language(played):
    _, game, _ = played
    mine = [e for e in answers(game.view(1, log=True)) if e["player"] == 1 and e["kind"] == "pick"]
    assert mine and not any(e.get("secret") for e in mine)          # a seat's own picks say what it picked
    ru = [e for e in answers(game.view(0, log=True, lang="ru")) if e.get("secret")]
    assert ru and {e["label"] for e in ru} == {"делает скрытый выбор"}
    spectator = [e for e in answers(game.view(None, log=True)) if e["kind"] == "pick"]
    assert spectator and all(e["label"] == "made a hidden pick" for e in spectator)


def test_a_russian_question_has_no_english_word(played):
    _, game, _ = played
    questions = [e["question"] for e in answers(game.view(0, log=True, lang="ru")) if "question" in e]
    assert questions and latin_words("\n".join(questions)) == []


def test_a_saved_game_keeps_its_questions(played):
    rules, game, _ = played
    loaded = Game.from_json(rules, game.to_json())
    assert answers(loaded.view(0, log=True, lang="ru")) == answers(game.view(0, log=True, lang="ru"))
    # replay reads the answers alone: the question is not part of the action sent back
    assert all("ask" not in a and "ask_args" not in a and "question" not in a for a in game.actions())


SECRET = """
pack asked
kind card { value: int }
zone deck "Deck" { ordered hidden }
zone hand "Hand" per player { visible: owner }

card ace "Ace" { value: 3 copies: 2 start: deck }
card two "Two" { value: 2 copies: 2 start: deck }

action draw "Draw a card" {
  tags: turn
  let c = top(deck)
  move(c, me.hand)
  may "Keep {c}?" { log "kept" }
}

game {
  players 2
  play {
    while true {
      for p in players() {
        act by p tagged turn
      }
    }
  }
}
"""


def test_a_question_naming_a_card_hides_it_from_who_may_not_see_it(tmp_path):
    import textwrap
    (tmp_path / "pack.wb").write_text(textwrap.dedent(SECRET), encoding="utf-8")
    # (a question is said from the catalogue: the pack's English one, as `waybill i18n` writes it)
    (tmp_path / "locales").mkdir()
    (tmp_path / "locales" / "en.ftl").write_text("action-draw-ask-may1 = Keep { $c }?\n", encoding="utf-8")
    rules = load_pack(str(tmp_path))
    game = Game.new(rules, 2, seed=1)
    game.apply(game.legal_actions()[0])          # Player 1 draws a card into a hidden hand
    card = game.view(0)["pending"]["prompt"]      # "Keep Ace?" or "Keep Two?": its owner sees it
    game.apply(game.legal_actions()[0])
    mine = [e for e in answers(game.view(0, log=True)) if e["kind"] == "may"]
    theirs = [e for e in answers(game.view(1, log=True)) if e["kind"] == "may"]
    assert [e["question"] for e in mine] == [card] and card in ("Keep Ace?", "Keep Two?")
    assert [e["question"] for e in theirs] == ["Keep hidden?"]
