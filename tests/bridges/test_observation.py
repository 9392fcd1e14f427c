"""The observation encoding (waybill.observation): fixed size per pack and
player count, and it never encodes what the seat's view hides: for every
seat, at positions through a game, the observation of a determinisation
(hidden pieces and the random stream dealt anew, `Game.determinise`) equals
the observation of the game itself."""

from __future__ import annotations

import random

import pytest

from tests.bridges.conftest import PACKS
from waybill import Game, load_pack
from waybill.observation import Encoding, observe


@pytest.mark.parametrize("pack", list(PACKS))
def test_no_seat_sees_in_its_observation_what_its_view_hides(pack):
    players = PACKS[pack][0]
    rules = load_pack(pack)
    enc = Encoding(rules, players)
    game = Game.new(rules, players, seed=11)
    rng = random.Random(5)
    checked = 0
    for step in range(240):
        if game.over:
            break
        if step % 24 == 0:
            for seat in range(players):
                mine = observe(game, seat, enc)
                assert len(mine) == enc.size
                for _ in range(2):
                    dealt = game.determinise(seat, rng.getrandbits(32))
                    assert observe(dealt, seat, enc) == mine, f"seat {seat} at step {step}"
                    checked += 1
        game.apply(rng.choice(game.legal_actions()))
    assert checked >= 2 * players


def test_a_hidden_hand_is_in_its_owners_observation_only():
    # dice_race: `zone hand "Hand" per player { visible: owner }`
    from tests.bridges.conftest import DICE_RACE
    rules = load_pack(DICE_RACE)
    enc = Encoding(rules, 2)
    game = Game.new(rules, 2, seed=3)
    mine = observe(game, 0, enc)
    theirs = observe(game, 1, enc)
    # seat 0's own hand: the first slot of `hand` is the viewer's own
    off, cols = enc.zones[("hand", 0)]
    hand = game.view(0, zones=True, display=False)
    count = next(z["count"] for z in hand["zones"] if z["zone"] == "hand" and z["of"] == 0)
    assert count > 0
    assert mine[off] == count and mine[off + 1] == count                 # counted, and every card shown
    assert sum(mine[off + 2: off + 2 + len(cols)]) == count              # by entity
    # seat 1 sees seat 0's hand as its "next seat" slot: counted, no card shown
    off1, cols1 = enc.zones[("hand", 1)]
    assert theirs[off1] == count and theirs[off1 + 1] == 0
    assert sum(theirs[off1 + 2: off1 + 2 + len(cols1)]) == 0


def test_the_size_depends_on_the_pack_and_players_only():
    rules = load_pack("badlands")
    enc = Encoding(rules, 3)
    sizes = {len(observe(Game.new(rules, 3, seed=s), 0, enc)) for s in range(3)}
    assert sizes == {enc.size}
    assert Encoding(rules, 2).size < enc.size
    words = enc.vocabulary()
    assert len(set(words)) == len(words)                                 # one token per word
    assert [s[0] for s in enc.segments][:2] == ["header", f"counter {rules.ir['counters'][0]['id']}"]
