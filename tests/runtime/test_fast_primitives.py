"""The compiled engine's fast primitives against their reference versions
(issue 28, item 4: "the fast version of each primitive sits beside its
reference version, and a test runs both on the same inputs").

Each pair lives in one module: ``primitives.gain_known`` beside ``gain``,
``primitives.draw_from`` beside ``draw``, ``access.attr_read`` beside
``get_attr``, ``functions.pile_pieces``/``pile_top`` under ``pieces``/``top``.
Both are run from the same positions of real games (every shipped pack) on
the same arguments — usual ones and every kind of wrong one — and must leave
the same state, log the same entries, charge the same budget, and return or
raise the same."""

from __future__ import annotations

import random

import pytest

from tests.wbkit import compiled_pack
from waybill import Game, Rules
from waybill.runtime.engine import access, functions
from waybill.runtime.engine import primitives as P
from waybill.runtime.engine.limits import MAX_INT, Budget

CASES = [("weds", 4), ("badlands", 3), ("warfare", 2)]


@pytest.fixture(scope="module", params=CASES, ids=[p for p, _ in CASES])
def positions(request) -> list[Game]:
    """A game's start, and two positions later in it (random play)."""
    pack, players = request.param
    rules = Rules.from_ir(compiled_pack(pack).ir)
    game = Game.new(rules, players=players, seed=5)
    rng = random.Random(5)
    out = [game.clone()]
    for step in range(1, 121):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
        if step in (40, 120):
            out.append(game.clone())
    return out


def _run(game: Game, fn) -> tuple:
    """``fn(m)`` on a clone of ``game`` with a fresh, armed budget: what it
    returned or raised, and what it left (state, new log entries, budget)."""
    g = game.clone()
    m = g.m
    st = m.st
    st.own()
    m.budget = Budget(g.rules.limits, armed=True, seq=st.seq)
    start = len(st.log)
    try:
        got = ("returned", fn(m))
    except Exception as e:      # (the same type and words are asked of both)
        got = ("raised", type(e).__name__, str(e))
    return (got, st.counters, st.zones, st.p_zone, st.p_owner, st.seq, st.log.entries(start),
            m.budget.steps, m.budget.created)


def _players(game: Game) -> list:
    n = len(game.m.st.players)
    return [None, *({"player": i} for i in range(n)), {"player": n + 2}, {"player": -1}, "nobody", 3]


AMOUNTS = [0, 1, 6, -2, MAX_INT, 2.5, "3", True, None]


def test_gain_known_is_gain(positions):
    compared = 0
    for game in positions:
        rules = game.rules
        for decl in rules.counter_list:
            spec = P.known_counter(rules, decl["id"])
            assert spec is not None
            for who in _players(game):
                for amount in AMOUNTS:
                    for loc in ({"me": {"player": 0}}, {}):
                        ref = _run(game, lambda m: P.gain(m, dict(loc), decl["id"], amount, who))
                        fast = _run(game, lambda m: P.gain_known(m, dict(loc), spec, amount, who))
                        assert fast == ref, (decl["id"], who, amount, loc)
                        compared += 1
    assert compared > 500


def test_known_counter_is_none_for_what_is_no_counter(positions):
    rules = positions[0].rules
    assert P.known_counter(rules, "no such counter") is None
    assert P.known_counter(rules, None) is None
    # the place in the layout's counter table: the declaration's
    for i, decl in enumerate(rules.counter_list):
        assert P.known_counter(rules, decl["id"])[4] == i


def _zones(game: Game) -> list:
    """Every zone of the game as its value, with some that are none."""
    m = game.m
    return [access.zone_value(m, slot) for slot in range(len(m.st.zones))]


def test_draw_from_is_draw(positions):
    compared = 0
    for game in positions:
        m = game.m
        zones = _zones(game)
        some = zones[:: max(1, len(zones) // 12)]        # a spread of sources and destinations
        targets = some + ["no such zone", None, {"player": 0}]
        for src in some:
            slot = access.zone_slot(m, src, {})
            for to in targets:
                for n in (1, 0, 2, 5, -1, "x", 1.0):
                    for position in ("top", "bottom"):
                        ref = _run(game, lambda m: (P.draw(m, {"me": {"player": 0}}, src, to, n, position), None)[1])
                        fast = _run(game, lambda m: P.draw_from(m, {"me": {"player": 0}}, slot, to, n, position))
                        assert fast == ref, (src, to, n, position)
                        compared += 1
    assert compared > 500


def _values(game: Game) -> list:
    m = game.m
    st = m.st
    rules = game.rules
    pieces = [{"piece": p} for p in range(0, len(st.p_ent), max(1, len(st.p_ent) // 25))]
    return [*pieces, *({"player": i} for i in range(len(st.players))), *_zones(game)[:8],
            *({"entity": e} for e in list(rules.entities)[:5]), *rules.space_order[:4], *rules.region_order[:3],
            [1, 2, 3], "no such thing", 7, None, {"piece": len(st.p_ent) + 5}]


def _names(game: Game) -> list:
    rules = game.rules
    fields = {f["name"] for k in rules.kinds.values() for f in k.get("fields") or []}
    return sorted(fields) + [c["id"] for c in rules.counter_list[:6]] + \
        ["entity", "owner", "index", "zone", "name", "size", "count", "no_such_field"]


def test_attr_read_is_get_attr(positions):
    compared = 0
    for game in positions:
        for v in _values(game):
            for name in _names(game):
                ref = _run(game, lambda m: access.get_attr(m, v, name))
                fast = _run(game, lambda m: access.attr_read(m, v, name))
                assert fast == ref, (v, name)
                compared += 1
    assert compared > 500


def test_pile_pieces_and_top_are_pieces_and_top(positions):
    for game in positions:
        for zone in _zones(game) + ["no such zone", None]:
            try:
                slot = access.zone_slot(game.m, zone, {})
            except Exception:
                continue
            ref = _run(game, lambda m: functions.pieces(m, {}, zone))
            fast = _run(game, lambda m: functions.pile_pieces(m, m.st.zones[slot]))
            assert fast == ref
            assert _run(game, lambda m: functions.pile_top(m.st.zones[slot])) == \
                _run(game, lambda m: functions.top(m, {}, zone))
