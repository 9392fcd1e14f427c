"""The WEDS bot's short cuts (bots/weds.py) give what the long way gives.

The bot must choose exactly as before a speed-up (bench/bot_choices.py
hashes whole games); these tests pin each short cut to the computation it
stands for, at every decision of real games, so that a change to one side
alone fails here and not only in a benchmark.
"""

from __future__ import annotations

import heapq
import random

import pytest

from waybill import load_pack
from waybill import make_bot
from waybill.bots import weds
from waybill import Game

PROJECTS = ("bailout", "bsod", "vq", "bigdig", "torque", "kea", "qd", "smuggler")


def _dijkstra(spaces, rough, start):
    """Entering a space costs 1, 2 if rough; a centre space is never entered."""
    dist, heap = {start: 0}, [(0, start)]
    while heap:
        d, s = heapq.heappop(heap)
        if d > dist[s]:
            continue
        for t in weds._enterable(spaces, s):
            nd = d + (2 if t in rough else 1)
            if nd < dist.get(t, 1e9):
                dist[t] = nd
                heapq.heappush(heap, (nd, t))
    return dist


def _decisions(players: int, seed: int, steps: int):
    """(game, seat's bot, seat) before each decision of a default-bot game."""
    rules = load_pack("weds")
    game = Game.new(rules, players=players, seed=seed)
    bots = [make_bot("default", rules) for _ in range(players)]
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            return
        legal = game.legal_actions()
        seat = legal[0]["player"]
        yield game, bots[seat], seat
        game.apply(bots[seat].choose(game, legal, rng))


def test_distances_are_the_shortest_paths_of_the_board():
    # "Rough ground: entering this zone counts as 2 spaces." (content/weds/raiders.wb)
    rules = load_pack("weds")
    spaces = rules.spaces
    some = sorted(spaces)
    for rough in (frozenset(), frozenset(some[::7]), frozenset(some[1::2]), frozenset(some)):
        table = weds._Distances(spaces, rough)
        for start in some:
            assert table[start] == _dijkstra(spaces, rough, start)
    with pytest.raises(KeyError):       # no space: as the long way, which the bot's fallback catches
        table["no such space"]


@pytest.mark.parametrize("players,seed", [(3, 2), (4, 5)])
def test_a_project_kept_is_one_the_costs_hold(players, seed):
    # project() skips the costs when this round's project is still open:
    # _costs_has(p) must be `p in project_costs()` wherever the bot stands
    asked = 0
    for game, bot, seat in _decisions(players, seed, 700):
        s = weds._Seen(game, seat, bot)
        costs = s.project_costs()
        for p in PROJECTS:
            if s._costs_has(p):
                assert p in costs, p
            elif p in costs:
                assert s.pos() is not None and s.pos() not in s._from.spaces, p
        asked += 1
    assert asked > 300


@pytest.mark.parametrize("players,seed", [(3, 4), (4, 2)])
def test_option_ids_of_a_pick_are_the_runtimes(players, seed):
    # _ids_of reads a pick's ids from its options; every kind must give option_ids(game)
    from waybill.runtime.text.words import option_ids
    picks = 0
    for game, bot, seat in _decisions(players, seed, 900):
        legal = game.legal_actions()
        assert weds._ids_of(game, legal) == option_ids(game)
        picks += game.pending["kind"] in ("pick", "order")
    assert picks > 100
