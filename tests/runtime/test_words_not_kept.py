"""The state and the log keep ids and values, and a view says them (issue
24, item 1: "The state and the log hold ids and arguments, never rendered
text. Every player-facing string a rule builds (log lines, prompts, option
labels, menu entries, text joined with `+`, holes like `{n}`) is kept as
(message id, arguments) ... Rendering to a language happens only in the
view, from the catalogue."). What programs read stays as it was: legal
actions and views carry their English labels and prompts, `Game.log` and
`Game.messages()` their lines."""

from __future__ import annotations

import json
import random

import pytest

from waybill import Game, IllegalAction, load_pack

SRC = '''
pack t "T"
counter n per player = 3
procedure check(p: player) {
  require p.n == 2, "two or nothing"
  log "yes"
}
game "T" {
  players 1..2
  play {
    start_turn(player(0))
    choose as menu "Take {me.n} or more?" {
      "Take {me.n}" as take: { log "{me} took {me.n}" }
      "->" as arrow: { log "{me} went on" }
    }
    let k = choose "How many?" amount 1..2
    may "Really {k}?" { check(me) }
    end_game()
  }
}
'''


def _game(tmp_path) -> Game:
    (tmp_path / "pack.wb").write_text(SRC)
    return Game.new(load_pack(str(tmp_path)), players=1, seed=1)


def _saved_log(g: Game) -> list[dict]:
    return [e for chunk in g.to_json()["log"]["chunks"] for e in json.loads(chunk)]


def test_a_menu_keeps_ids_and_values_and_programs_read_its_words(tmp_path):
    g = _game(tmp_path)
    raw = g.to_json()["pending"]
    assert "prompt" not in raw and raw["msg"].endswith("-ask-menu") and raw["args"]
    # no line keeps its words: a message says each (its id: the menu's and its name)
    assert [o.get("label") for o in raw["options"]] == [None, None]
    assert g.pending["prompt"] == "Take 3 or more?"
    assert [a["label"] for a in g.legal_actions()] == ["Take 3", "->"]
    v = g.view(0)
    assert v["pending"]["prompt"] == "Take 3 or more?"
    assert [o["label"] for o in v["pending"]["options"]] == ["Take 3", "->"]
    # in the view the label comes first, as it did when the state kept it
    assert list(v["pending"]["options"][0])[0] == "label"


def test_the_log_keeps_no_words_and_game_log_and_views_say_them(tmp_path):
    g = _game(tmp_path)
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])        # amount 1
    g.apply(g.legal_actions()[0])        # yes: the requirement stops it
    saved = [e for e in _saved_log(g) if e["type"] in ("say", "stopped", "action")]
    assert saved and not [e for e in saved if {"text", "message", "label"} & e.keys()]
    assert g.messages() == ["Player 1 took 3"]
    said = [e for e in g.log if e["type"] in ("say", "stopped", "action")]
    assert [e.get("text") or e.get("message") or e.get("label") for e in said] == \
        ["Take 3", "Player 1 took 3", "1", "yes", "two or nothing"]
    shown = [e for e in g.view(0, log=True)["log"] if e["type"] in ("say", "stopped", "action")]
    assert [e.get("text") or e.get("message") or e.get("label") for e in shown] == \
        ["Take 3", "Player 1 took 3", "1", "yes", "two or nothing"]
    assert [list(e)[:2] for e in shown if e["type"] != "action"] == [["type", "text"], ["type", "message"]]


def test_an_action_without_its_label_is_still_an_answer_and_a_wrong_label_is_refused(tmp_path):
    g = _game(tmp_path)
    a = g.legal_actions()[0]
    with pytest.raises(IllegalAction, match="label"):
        g.apply({**a, "label": "Take 4"})
    # (a client that sends the head only, as older clients may)
    g.apply({k: a[k] for k in ("player", "decision", "option")})
    assert g.messages() == ["Player 1 took 3"]


def test_a_russian_view_says_the_kept_ids_in_russian():
    g = Game.new(load_pack("weds"), players=3, seed=1)
    en = g.view(0, lang="en")["pending"]
    ru = g.view(0, lang="ru")["pending"]
    assert "prompt" not in g.to_json()["pending"]
    assert en["prompt"] == g.pending["prompt"] and ru["prompt"] != en["prompt"]
    assert {o["label"] for o in ru["options"]} == {"Бандит", "Большой Джон", "Гат", "Твик", "Зеро", "Падший"}


def _played(pack: str, players: int, seed: int, steps: int, each=None) -> Game:
    """A seeded game of random answers; ``each(g, legal)`` before each."""
    g = Game.new(load_pack(pack), players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.over:
            break
        legal = g.legal_actions()
        if each is not None:
            each(g, legal)
        g.apply(rng.choice(legal))
    return g


@pytest.mark.parametrize("pack,players", [("weds", 3), ("badlands", 2), ("warfare", 2)])
def test_a_shipped_game_keeps_no_words_its_rules_say(pack, players):
    g = _played(pack, players, 3, 150)
    save = g.to_json()
    kept = [e for e in _saved_log(g) if {"text", "message", "label"} & e.keys()]
    assert kept == []
    if save["pending"] is not None:
        assert "prompt" not in save["pending"]
        assert not [o for o in save["pending"]["options"] if "label" in o]


# --- legal actions carry the option's id (issue 24, item 2: "Option ids in
# views and legal actions are built from these names and the per-game piece
# handle") ---------------------------------------------------------------------

@pytest.mark.parametrize("pack,players", [("weds", 3), ("badlands", 2), ("warfare", 2)])
def test_each_legal_action_carries_the_id_its_view_shows(pack, players):
    def same_ids(g, legal):
        shown = g.view(legal[0]["player"], display=False)["pending"]["options"]
        assert [a["id"] for a in legal] == [o["id"] for o in shown]
        assert len({a["id"] for a in legal}) == len(legal)
    _played(pack, players, 5, 60, same_ids)


def test_an_action_is_matched_by_its_id_and_a_wrong_id_is_refused(tmp_path):
    g = _game(tmp_path)
    legal = g.legal_actions()
    assert [a["id"] for a in legal] == [a["id"] for a in g.view(0)["pending"]["options"]]
    assert legal[0]["id"].endswith("-ask-menu#take") and legal[1]["id"].endswith("-ask-menu#arrow")
    with pytest.raises(IllegalAction, match="'id'"):
        g.apply({**legal[0], "id": legal[1]["id"]})
    # an action without its id (an older client) is still an answer
    g.apply({k: v for k, v in legal[1].items() if k != "id"})
    assert g.messages() == ["Player 1 went on"]
