"""`Game.determinise(seat, rng)`: what the seat sees is kept, the rest dealt again.

The seat's own view (zones, counters, options; the log is left out of a
determinisation) is the same before and after, for every seat at many points
of real games; hidden pieces do move; and the deal is a function of the
seat's view and the rng alone: two games that differ only in what the seat
cannot see give the same determinisation.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from waybill import load_pack
from waybill import Game

PACKS = Path(__file__).parents[1] / "packs"
BUST = str(PACKS / "bust")


def seen(game: Game, seat: int) -> dict:
    v = game.view(seat, log=False, zones=True)
    for k in ("log_from", "log_end", "log"):
        v.pop(k)
    return v


def positions(pack: str, players: int, seed: int, every: int, steps: int):
    """Positions of a random game: one every `every` actions."""
    rules = load_pack(pack)
    g = Game.new(rules, players, seed=seed)
    r = random.Random(seed)
    for step in range(steps):
        if g.over:
            return
        if step % every == 0:
            yield g
        g.apply(r.choice(g.legal_actions()))


@pytest.mark.parametrize("pack,players,every,steps", [
    (BUST, 2, 3, 60), (BUST, 3, 5, 60), (str(PACKS / "dice_race"), 3, 2, 40), ("weds", 2, 40, 240),
    ("badlands", 2, 40, 240), ("warfare", 2, 4, 40)])
def test_the_seat_sees_the_same_game(pack, players, every, steps):
    r = random.Random(7)
    n = 0
    for g in positions(pack, players, 3, every, steps):
        before = json.dumps(g.to_json(), sort_keys=True)
        for seat in range(players):
            d = g.determinise(seat, r)
            assert seen(d, seat) == seen(g, seat)
            if g.pending and g.pending["player"] == seat:
                assert d.legal_actions() == g.legal_actions()
            n += 1
            # the determinisation plays on
            for _ in range(5):
                if d.over:
                    break
                d.apply(r.choice(d.legal_actions()))
        assert json.dumps(g.to_json(), sort_keys=True) == before, "the game itself is untouched"
    assert n >= 4


def test_hidden_pieces_are_dealt_again():
    g = next(positions(BUST, 2, 1, 1, 1))
    truth = g.view(1, zones=True)["zones"]
    hand = next(z for z in truth if z["zone"] == "hand" and z["of"] == 1)
    other_hands = set()
    for i in range(20):
        d = g.determinise(0, i)
        z = next(z for z in d.view(1, zones=True)["zones"] if z["zone"] == "hand" and z["of"] == 1)
        assert z["count"] == hand["count"]
        other_hands.add(tuple(sorted(p["entity"] for p in z["pieces"])))
    assert len(other_hands) > 3, "seat 1's hand, hidden from seat 0, is resampled"


def test_the_deal_depends_only_on_what_the_seat_sees():
    for g in positions(BUST, 3, 4, 4, 30):
        for seat in range(3):
            # another truth the seat cannot tell from this one
            other = g.determinise(seat, 99, log=True)
            a = g.determinise(seat, random.Random(5)).to_json()
            b = other.determinise(seat, random.Random(5)).to_json()
            a.pop("log_from"), b.pop("log_from")
            assert a == b


def test_future_dice_are_not_known():
    rules = load_pack(str(PACKS / "dice_race"))
    g = Game.new(rules, 2, seed=1)
    g.force_rolls("d6", [6, 6, 6])
    d = g.determinise(0, 1)
    assert d.state.forced == {} and d.state.rng != g.state.rng


def test_a_seat_must_be_a_seat():
    g = next(positions(BUST, 2, 1, 1, 1))
    with pytest.raises(Exception):
        g.determinise(5, 1)


def test_a_card_shown_to_the_seat_stays_where_it_is(tmp_path):
    from tests.wbkit import write_pack
    write_pack(tmp_path / "peek", """
        kind card { }
        card a { copies: 5 start: deck }
        card b { copies: 5 start: deck }
        zone deck { ordered hidden }
        zone hand per player { visible: owner }
        game {
          players 2..2
          setup {
            shuffle(deck)
            for p in players() { draw(deck, p.hand, 2) }
            reveal(top(deck), to: player(0))
          }
          play { while true { choose by player(0) "Go on?" { "yes": log "yes"  "no": log "no" } } }
        }
        """)
    rules = load_pack(str(tmp_path / "peek"))
    g = Game.new(rules, 2, seed=1)
    known = g.view(0, zones=True)
    deck = next(z for z in known["zones"] if z["zone"] == "deck")
    assert len(deck["known"]) == 1
    top = g.state.zones[g.m.L.zslot[("deck", None)]][0]
    for i in range(10):
        d = g.determinise(0, i)
        assert d.state.zones[d.m.L.zslot[("deck", None)]][0] == top
        assert seen(d, 0) == seen(g, 0)
    assert any(g.determinise(1, i).state.zones[g.m.L.zslot[("deck", None)]][0] != top for i in range(10))


@pytest.mark.parametrize("pack,players", [(BUST, 3), ("badlands", 2)])
def test_deals_of_one_position_equal_fresh_determinisations(pack, players):
    """`Deals` finds the hidden places once for many deals (what the search
    bot does); each deal is the determinisation `Game.determinise` gives
    for the same rng, and the position itself is left as it was."""
    from waybill.runtime.sight.determinise import Deals
    for g in positions(pack, players, seed=5, every=7, steps=60):
        seat = g.legal_actions()[0]["player"]
        before = g.to_json(log=False)
        deals = Deals(g, seat)
        r1, r2 = random.Random(3), random.Random(3)
        for _ in range(3):
            assert deals.deal(r1).to_json(log=False) == g.determinise(seat, r2).to_json(log=False)
        assert g.to_json(log=False) == before
