"""A short soak of every shipped pack (the long one runs outside CI, see bench/soak.sh):
bot games finish, invariants hold after every step, and every game replays byte for
byte from seed + actions, even after saving and loading at random points."""

from __future__ import annotations

import pytest

from waybill import load_pack
from waybill.compiler import shipped_packs
from waybill.simulate import simulate

SEATS = {"weds": 4, "badlands": 3, "warfare": 2}
GAMES = {"weds": 2}  # a WEDS game is thousands of decisions; the long soak has thousands of games


@pytest.mark.parametrize("pack", sorted(shipped_packs()))
def test_short_soak(pack):
    rules = load_pack(pack)
    players = SEATS.get(pack, rules.players["min"])
    games = GAMES.get(pack, 6)
    data = simulate(rules, pack, players, games=games, seed=100, check_replay=True, check_invariants=True).to_json()
    assert data["errors"] == 0, data["error_samples"]
    assert data["invariant_violations"] == []
    assert data["replay_mismatches"] == []
    assert data["finished"] == data["games"]
