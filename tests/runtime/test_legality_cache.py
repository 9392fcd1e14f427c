"""The legality cache (runtime/engine/legality.py) gives exactly the answers a fresh
listing gives: whole games of every shipped pack are played in its check
mode, where every answer the cache gives is compared with a fresh one."""

from __future__ import annotations

import random

import pytest

from waybill import load_pack
from waybill import make_bot
from waybill import Game
from waybill.runtime.engine import legality
from waybill.runtime.engine.legality import Cache


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
    monkeypatch.setattr("waybill.runtime.engine.decisions.CACHED", False)
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
    kept = [e for slot in cache.entries.values() for e in slot.kept]
    for e in kept:
        assert e.valid(st) in (True, False)
    # a change to a counter a listing read makes that listing stale
    stale = [e for e in kept if e.reads.counters]
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


def test_host_zones_are_checked_as_runs_of_the_piece_array():
    # legality.py: a listing's host pieces' zones are read in one go and
    # checked again as the runs they make in the piece array (keys less than
    # _GAP apart share a run): a host moved, or a piece between two hosts of
    # a run, makes the entry stale; a piece outside every run does not
    from array import array
    from operator import itemgetter

    class S:
        p_zone = array("i", range(40))
    hosts = (1, 2, 5, 30)              # runs 1..5 and 30
    reads = legality.Reads()
    rec = legality._Recorder.__new__(legality._Recorder)
    object.__setattr__(rec, "_reads", reads)
    seen = legality.ReadList(S.p_zone, rec, "p_zone").picked(itemgetter(*hosts), hosts)
    assert seen == (1, 2, 5, 30)
    check = reads.checker()
    assert check(S)
    for moved, stale in ((10, False), (6, False), (3, True), (5, True), (30, True), (29, False)):
        S.p_zone = array("i", range(40))
        S.p_zone[moved] = 99
        assert check(S) is not stale, moved
    S.p_zone = array("i", range(30))     # fewer pieces than the highest host: stale
    assert not check(S)
    S.p_zone = list(range(40))           # not an array any more: never taken for the same
    assert not check(S)


def test_a_write_while_recording_is_refused():
    g, _ = _play("weds", 1, "random", check=False, steps=5)
    rec = legality._Recorder(g.state, legality.Reads())
    with pytest.raises(AttributeError):
        rec.round = 3


# --- entries kept per key, zones compared by value, giving up ------------------

SRC = '''
pack t "T"
counter n per player = 0
kind chip { }
zone bag "Bag" { }
chip red "Red" { copies: 2 start: bag }
action a "A" { tags: inner  require me.n < 1  set me.n += 1 }
action b "B" { tags: inner  require size(bag) > 1  set me.n += 0 }
action probe "Probe" { tags: main  let k = actions_open("inner")  log "open {k}" }
game "T" {
  players 1..2
  play { while true { start_turn(player(0)) act by player(0) tagged main } }
}
'''


def _game(tmp_path, check: bool = True, cheap: int = 0):
    # these listings are cheap (two rule actions): kept only with cheap=0
    (tmp_path / "pack.wb").write_text(SRC)
    g = Game.new(load_pack(str(tmp_path)), players=1, seed=1)
    g.m.legality = Cache(check=check, cheap=cheap)
    return g


def _inner(g) -> list:
    from waybill.runtime.engine.decisions import live_actions
    from waybill.runtime.engine.english import label_english
    return [label_english(g.m, "act", a, None) for a in live_actions(g.m, 0, frozenset(["inner"]))]


def test_a_state_left_and_come_back_to_finds_its_listing_again(tmp_path):
    # "How many live actions with a tag a player may take now": the answer
    # follows the state there and back, and the first answer is kept
    g = _game(tmp_path)
    cache = g.m.legality
    slot = g.m.L.cslot[("n", 0)]
    assert _inner(g) == ["A", "B"]
    g.state.counters[slot] = 1
    assert _inner(g) == ["B"]
    misses = cache.misses
    g.state.counters[slot] = 0
    assert _inner(g) == ["A", "B"]        # the first entry, kept: a hit
    assert cache.misses == misses and cache.hits >= 1


def test_a_zone_refilled_with_the_same_pieces_is_the_same_zone(tmp_path):
    g = _game(tmp_path)
    cache = g.m.legality
    z = g.m.L.zslot[("bag", None)]
    assert _inner(g) == ["A", "B"]
    misses = cache.misses
    g.state.zones[z] = tuple(list(g.state.zones[z]))    # another tuple, equal
    assert _inner(g) == ["A", "B"]
    assert cache.misses == misses
    g.state.zones[z] = g.state.zones[z][:1]             # one chip: B is closed
    assert _inner(g) == ["A"]
    assert cache.misses == misses + 1


def test_a_listing_that_never_holds_is_given_up_and_one_that_holds_is_not(tmp_path):
    g = _game(tmp_path, check=False)
    cache = g.m.legality
    slot = g.m.L.cslot[("n", 0)]
    for i in range(40):                   # a new value every time: nothing holds
        g.state.counters[slot] = 10 + i
        assert _inner(g) == ["B"]
    assert cache.plain > 0
    g = _game(tmp_path, check=False)
    cache = g.m.legality
    for i in range(40):                   # two values by turns: both kept
        g.state.counters[slot] = i % 2
        assert _inner(g) == (["A", "B"] if i % 2 == 0 else ["B"])
    assert cache.plain == 0 and cache.misses == 2


def test_a_listing_cheaper_than_its_recording_is_computed_plainly(tmp_path):
    # two rule actions, a requirement each: less work than the default
    # threshold, so after its first computation the key is not looked up
    g = _game(tmp_path, check=False, cheap=None)
    cache = g.m.legality
    for _ in range(5):
        assert _inner(g) == ["A", "B"]
    assert (cache.misses, cache.hits, cache.plain) == (1, 0, 4)
    g = _game(tmp_path, check=False, cheap=0)
    cache = g.m.legality
    for _ in range(5):
        assert _inner(g) == ["A", "B"]
    assert (cache.misses, cache.hits, cache.plain) == (1, 4, 0)
