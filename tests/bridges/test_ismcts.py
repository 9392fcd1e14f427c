"""OpenSpiel's ISMCTS bot plays a whole WEDS game: every seat searches (two
simulations a decision, root states from `resample_from_infostate`, leaves
scored by the pack's score hint), and the game ends with a winner paid 1.

A whole game is about 1 450 answers at two seats: about 24 s of CPU
(`python -P bench/bridges_bench.py`; not asserted here)."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
import waybill.openspiel  # noqa: E402


def test_ismcts_plays_a_whole_weds_game():
    game = pyspiel.load_game("waybill", {"pack": "weds", "players": 2, "seed": 4})
    bots = [ismcts.ISMCTSBot(game, waybill.openspiel.ScoreEvaluator(), uct_c=2.0, max_simulations=2,
                             random_state=np.random.RandomState(seat)) for seat in range(2)]
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if len(state.legal_actions()) > 1:
            searched += 1
        state.apply_action(bots[state.current_player()].step(state))
    assert state.wb.over                                    # the season ended, not the length bound
    assert state.wb.view(0)["round"] == 60                 # weds: `while round_number() < round_cap` (60)
    assert sorted(state.returns()) == [0.0, 1.0]
    assert searched > 100
