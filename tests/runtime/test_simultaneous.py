"""Simultaneous decisions (docs/LANGUAGE.md, "Several players at once: `choose each`"):
"every seat of the list is asked at once; each answers in any order, and no
other seat learns what it picked until the rules show it".

The test pack is tests/packs/throws_at_once (rock-paper-scissors, rule 1:
"Each round every player picks a throw at the same time ... Nobody learns
another player's throw until all have picked")."""

from __future__ import annotations

import json
import random

import pytest

from tests.wbkit import checked_ir, compiled_pack
from waybill import Game, IllegalAction, RuleError, Rules

PACK = "tests/packs/throws_at_once"


def rules(engine: str = "compiled") -> Rules:
    return Rules.from_ir(compiled_pack(PACK).ir, engine=engine)


def pick(g: Game, seat: int, label: str) -> None:
    g.apply(next(a for a in g.legal_actions(seat) if a["label"] == label))


def test_every_seat_is_asked_at_once_and_answers_in_any_order():
    g = Game.new(rules(), 3, seed=1)
    assert g.waiting == [0, 1, 2]
    assert [[a["label"] for a in g.legal_actions(s)] for s in range(3)] == [["Rock", "Paper", "Scissors"]] * 3
    decision = g.decision
    pick(g, 2, "Scissors")
    assert g.waiting == [0, 1] and g.legal_actions(2) == [], "a seat answers once"
    assert g.decision == decision, "the seats answer one decision"
    with pytest.raises(IllegalAction, match="waits for players"):
        g.apply({**g.legal_actions(0)[0], "player": 2})
    pick(g, 0, "Rock")
    assert g.legal_actions() == g.legal_actions(1), "without a seat: the lowest waiting seat's"
    pick(g, 1, "Scissors")
    assert g.messages()[-3:] == ["Player 1 throws Rock and scores 2", "Player 2 throws Scissors and scores 0",
                                 "Player 3 throws Scissors and scores 0"], "bound in seat order, not answer order"
    assert g.waiting == [0, 1, 2] and g.decision == decision + 1, "the next round asks again"


def test_no_seat_sees_what_another_answered_nor_its_question():
    g = Game.new(rules(), 3, seed=2)
    pick(g, 1, "Paper")
    for seat in (0, 2):
        v = g.view(seat, log=True)
        text = json.dumps(v)
        assert "Paper" not in json.dumps(v["log"]), "the log says only that seat 2 has answered"
        answered = [e for e in v["log"] if e.get("type") == "action"]
        assert answered and all(set(e) <= {"type", "player", "decision", "kind", "each", "text", "msg", "args"}
                                for e in answered), answered
        assert v["pending"]["waiting"] == [0, 2] and v["pending"]["player"] == seat
        assert [o["label"] for o in v["pending"]["options"]] == ["Rock", "Paper", "Scissors"]
        assert "option" not in json.dumps([e for e in v["log"] if e.get("player") == 1]), text
    mine = g.view(1, log=True)
    assert "options" not in mine["pending"], "a seat that answered is asked nothing"
    assert mine["pending"]["waiting"] == [0, 2]
    assert any(e.get("label") == "Paper" for e in mine["log"] if e.get("type") == "action"), "its own answer"


def _views(g: Game) -> list[str]:
    return [json.dumps([g.view(s, log=True, zones=True), g.legal_actions(s), g.seat_reader(s).pending()],
                       sort_keys=True) for s in range(g.m.L.n)]


SEALED = """
resource coins "Coins" { start: 3 }
game {
  players 3
  play {
    while true {
      start_round()
      let bids = choose each p in players() "Your sealed bid" amount 0..p.coins
      for p in players() { set p.coins -= bids[p.index] }
      log "bids {bids}"
      if round_number() == 3 { end_game() }
    }
  }
}
"""


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("game", ["throws_at_once", "sealed_bids"])
def test_a_seat_view_is_the_same_whatever_the_others_answered(seed, game, tmp_path):
    """The leak test of a simultaneous decision: two games that differ only
    in what one seat answered look the same, entry for entry, to every other
    seat, at every step until all have answered (a pick of words, and an
    amount: sealed bids)."""
    rng = random.Random(seed)
    g = Game.new(rules() if game == "throws_at_once" else Rules.from_ir(checked_ir(tmp_path, SEALED)), 3, seed=seed)
    for _ in range(6):                      # rounds
        order = rng.sample(g.waiting, len(g.waiting))
        for k, seat in enumerate(order[:-1]):
            labels = [a["label"] for a in g.legal_actions(seat)]
            alike = []
            for label in labels:
                h = Game.from_json(g.rules, g.to_json())
                pick(h, seat, label)
                alike.append(_views(h))
            for viewer in range(3):
                if viewer != seat:
                    assert len({v[viewer] for v in alike}) == 1, (seat, viewer)
            pick(g, seat, rng.choice(labels))
        last = order[-1]
        pick(g, last, rng.choice([a["label"] for a in g.legal_actions(last)]))
        if g.over:
            break


def test_replay_and_a_save_midway_play_on_identically():
    g = Game.new(rules(), 3, seed=3)
    rng = random.Random(3)
    saved = None
    while not g.over:
        seat = rng.choice(g.waiting)
        g.apply(rng.choice(g.legal_actions(seat)))
        if saved is None and len(g.waiting) == 1:
            saved, rest = g.to_json(), []
        elif saved is not None:
            rest.append(g.actions()[-1])
    again = Game.from_json(g.rules, saved)
    for a in rest:
        again.apply(a)
    assert again.to_json() == g.to_json()
    assert Game.replay(g.rules, 3, g.actions(), players=3).to_json() == g.to_json()


@pytest.mark.parametrize("engine", ["compiled", "interpreter"])
def test_both_engines_play_any_order_alike(engine):
    out = []
    for eng in ("compiled", "interpreter"):
        g, rng = Game.new(rules(eng), 4, seed=7), random.Random(7)
        while not g.over:
            g.apply(rng.choice(g.legal_actions(rng.choice(g.waiting))))
            out.append(json.dumps(g.to_json()))
        out.append(None)
    half = len(out) // 2
    assert out[:half] == out[half:]


def test_a_damaged_save_of_a_simultaneous_decision_is_refused():
    from waybill import WaybillError
    g = Game.new(rules(), 2, seed=1)
    pick(g, 1, "Rock")
    good = g.to_json()
    Game.from_json(g.rules, good)
    bad = json.loads(json.dumps(good))
    bad["pending"]["waiting"] = [0, 1]
    with pytest.raises(WaybillError, match="pending"):
        Game.from_json(g.rules, bad)
    bad = json.loads(json.dumps(good))
    frame = bad["stack"][-1]["locals"]
    key = next(k for k in frame if k.endswith("a") and k.startswith("$"))
    frame[key] = [5, None]
    with pytest.raises(WaybillError, match="answer"):
        Game.from_json(g.rules, bad)


def test_the_determinisation_deals_the_others_answers_again():
    g = Game.new(rules(), 2, seed=4)
    pick(g, 0, "Rock")
    seen = set()
    for s in range(40):
        d = g.determinise(1, s)
        pick(d, 1, "Paper")
        seen.add(d.messages()[-2])
    assert seen == {"Player 1 throws Rock and scores 0", "Player 1 throws Paper and scores 0",
                    "Player 1 throws Scissors and scores 1"}, "seat 2 plans without knowing seat 1's throw"
    mine = {Game.determinise(g, 0, s).legal_actions(1)[0]["label"] for s in range(5)}
    assert mine == {"Rock"}
    d = g.determinise(0, 1)
    pick(d, 1, "Paper")
    assert d.messages()[-2] == "Player 1 throws Rock and scores 0", "its own answer stays"


BIDS = """
resource coins "Coins" { start: 3 }
zone hand per player { visible: owner }
kind token { }
token t "Token" { start: hand }
game {
  players 2..4
  play {
    let bids = choose each p in players() "Bid, {p}" amount 0..p.coins - 2 + p.index
    log "bids {bids}"
    let ts = choose each p in players() "Give a token" from [each c in pieces(p.hand) where p.index > 0]
    log "given {size(ts)}"
    end_game()
  }
}
"""


def test_an_amount_per_seat_with_its_own_prompt_and_a_seat_with_nothing_to_pick(tmp_path):
    ir = checked_ir(tmp_path, BIDS)
    g = Game.new(Rules.from_ir(ir), 3, seed=1)
    for seat in range(3):
        for lang in (None, "ru"):
            v = g.view(seat, lang=lang)["pending"]
            assert v["prompt"].endswith("3" if seat == 2 else "2" if seat == 1 else "1"), "each seat its own prompt"
            assert [o["label"] for o in v["options"]] == [str(i) for i in range(seat + 2)], "and its own options"
    assert [a["value"] for a in g.legal_actions(1)] == [0, 1, 2]
    for seat, bid in ((1, 2), (0, 1), (2, 0)):
        g.apply(g.legal_actions(seat)[bid])
    assert g.messages() == ["bids 1, 2, 0"], "in the order of the seats asked"
    assert g.waiting == [1, 2], "seat 1 has no token to give: it is not asked, its answer is none"
    g.apply(g.legal_actions(2)[0])
    g.apply(g.legal_actions(1)[0])
    assert g.messages()[-1] == "given 3" and g.over, "three answers, the first none"


def test_a_seat_list_that_is_not_players_is_a_rule_error_and_the_game_is_untouched(tmp_path):
    body = """
game {
  players 2
  play {
    start_turn(player(0))
    may "Go?" { }
    let xs = choose each p in [me, me] "Pick" from [1, 2]
    end_game()
  }
}
"""
    g = Game.new(Rules.from_ir(checked_ir(tmp_path, body)), 2, seed=1)
    before = g.to_json()
    with pytest.raises(RuleError, match="twice"):
        g.apply(g.legal_actions()[0])
    assert g.to_json() == before


def test_every_seat_view_of_a_simultaneous_decision_fits_the_view_schema():
    from waybill.runtime.schemas import errors
    g = Game.new(rules(), 3, seed=1)
    pick(g, 1, "Rock")
    for seat in (0, 1, 2, None):
        assert errors("view", g.view(seat, log=True)) == []


@pytest.mark.parametrize("seat", [-1, 3, True, "1", 1.0])
def test_legal_actions_of_a_seat_that_is_none_is_an_error_that_says_so(seat):
    from waybill import WaybillError
    g = Game.new(rules(), 3, seed=1)
    with pytest.raises(WaybillError, match="legal_actions takes a seat number 0..2 or None"):
        g.legal_actions(seat)


@pytest.mark.parametrize("seat", [1, 2])
def test_the_search_bot_answers_the_same_whatever_the_others_answered(seat):
    """Bots answer independently: what seat 1 picked changes nothing in the
    search of a seat answering after it (its deals make the picks it has not
    seen at random), down to the move chosen from the same random stream."""
    from waybill.bots.search import SearchBot
    chosen = set()
    for first in ("Rock", "Paper", "Scissors"):
        g = Game.new(rules(), 3, seed=9)
        pick(g, 0, first)
        bot = SearchBot(iterations=40, think_ms=0)
        chosen.add(json.dumps(bot.choose(g, g.legal_actions(seat), random.Random(5))))
    assert len(chosen) == 1, chosen


def test_sim_plays_whole_games_with_the_search_bot_without_peeking():
    from waybill.simulate import simulate
    data = simulate(rules(), "throws_at_once", 2, 40, 1, bot="random,search").to_json()
    assert data["finished"] == 40 and data["errors"] == 0
    search = data["wins_by_bot"]["search"]["wins"]
    assert search <= 26, f"search won {search} of 40 against random: it cannot know the other throw"
