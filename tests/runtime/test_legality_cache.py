"""The legality cache (runtime/legality.py) gives exactly the answers a fresh
listing gives: whole games of every shipped pack are played in its check
mode, where every answer the cache gives is compared with a fresh one."""

from __future__ import annotations

import random

import pytest

from waybill import load_pack
from waybill.bots import make_bot
from waybill.runtime import Game
from waybill.runtime import legality
from waybill.runtime.legality import Cache


def _play(pack: str, seed: int, bot: str, check: bool, steps: int = 100_000) -> tuple:
    rules = load_pack(pack)
    g = Game.new(rules, players=4, seed=seed)
    g.m.legality = Cache(check=check)
    bots = [make_bot(bot, pack) for _ in range(4)]
    rng = random.Random(seed)
    taken = 0
    while not g.over and taken < steps and g.state.round <= 200:
        legal = g.legal_actions()
        if g.m.legality is None:         # an action rolled back: a fresh machine
            g.m.legality = Cache(check=check)
        g.apply(bots[legal[0]["player"]].choose(g, legal, rng))
        taken += 1
    return g, taken


@pytest.mark.parametrize("pack", ["weds", "badlands", "warfare"])
def test_every_cached_answer_matches_a_fresh_listing(pack):
    # check mode raises AssertionError on the first answer that differs
    g, _ = _play(pack, 3, "random", check=True)
    assert g.m.legality.hits + g.m.legality.misses > 0


@pytest.mark.parametrize("pack", ["weds", "badlands"])
def test_bot_games_checked(pack):
    _play(pack, 2, "default", check=True, steps=600)


def test_same_game_with_and_without_cache(monkeypatch):
    cached, n1 = _play("weds", 5, "random", check=False, steps=1500)
    monkeypatch.setattr("waybill.runtime.decisions.CACHED", False)
    plain, n2 = _play("weds", 5, "random", check=False, steps=1500)
    assert n1 == n2
    assert cached.to_json() == plain.to_json()


def test_a_loaded_game_and_a_clone_answer_the_same():
    g, _ = _play("weds", 7, "random", check=False, steps=400)
    again = Game.from_json(g.rules, g.to_json())
    assert again.m.legality is None               # derived: never saved
    assert again.legal_actions() == g.legal_actions()
    c = g.clone()
    rng = random.Random(1)
    for _ in range(50):
        if c.over:
            break
        c.apply(rng.choice(c.legal_actions()))
    # the clone shares the cache, and its answers hold for the original too
    fresh = Game.from_json(g.rules, g.to_json())
    assert g.legal_actions() == fresh.legal_actions()


def test_reads_are_recorded_and_checked():
    g, _ = _play("weds", 11, "random", check=False, steps=200)
    cache = g.m.legality
    assert cache.entries
    st = g.state
    for e in cache.entries.values():
        assert e.valid(st) in (True, False)
    # a change to a counter a listing read makes that listing stale
    stale = [e for e in cache.entries.values() if e.reads.counters]
    e = stale[0]
    slot = next(iter(e.reads.counters))
    saved = st.counters[slot]
    st.counters[slot] = (saved + 1) if type(saved) is int else 1
    assert not e.valid(st)
    st.counters[slot] = saved


def test_zero_never_passes_for_false():
    r = legality.Reads()
    r.counters[0] = False

    class S:
        counters = [0]
    assert not r.checker()(S)
    S.counters = [False]
    assert r.checker()(S)


def test_a_write_while_recording_is_refused():
    g, _ = _play("weds", 1, "random", check=False, steps=5)
    rec = legality._Recorder(g.state, legality.Reads())
    with pytest.raises(AttributeError):
        rec.round = 3
