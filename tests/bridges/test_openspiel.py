"""waybill.openspiel: every shipped pack and a test pack pass OpenSpiel's
random-simulation test (short games: see conftest.PACKS), the game's shape
follows the pack's declarations, and a state resampled from a seat's
information state is one that seat cannot tell apart (what ISMCTS needs)."""

from __future__ import annotations

import random

import pytest

from tests.bridges.conftest import DICE_RACE, PACKS, THROWS

pyspiel = pytest.importorskip("pyspiel")
import waybill.openspiel  # noqa: E402,F401  (registers "waybill")


def load(pack: str, **more):
    players, sets = PACKS[pack]
    return pyspiel.load_game("waybill", {"pack": pack, "players": players, "set": sets, **more})


@pytest.mark.parametrize("pack", list(PACKS))
def test_random_simulation(pack):
    pyspiel.random_sim_test(load(pack), num_sims=1, serialize=False, verbose=False)


def test_the_shape_comes_from_the_pack():
    game = pyspiel.load_game("waybill", {"pack": "weds", "players": 3})
    t = game.get_type()
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
    # weds plays `while round_number() < round_cap` with `counter round_cap = 60`
    assert game.max_game_length() == 60 * 3 * 100
    assert game.num_distinct_actions() == 10_000           # the default `list` limit
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    shorter = pyspiel.load_game("waybill", {"pack": "weds", "players": 3, "set": "round_cap=10"})
    assert shorter.max_game_length() == 10 * 3 * 100


def test_a_whole_game_pays_the_winner():
    game = load("warfare")
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    returns = state.returns()
    assert sorted(returns) == [0.0, 1.0]
    assert returns[state.wb.winner] == 1.0


def test_bad_parameters_are_refused_with_the_reason():
    with pytest.raises(Exception, match="played by 2 to 6"):
        pyspiel.load_game("waybill", {"pack": "weds", "players": 9})
    with pytest.raises(Exception, match="did you mean 'round_cap'"):
        pyspiel.load_game("waybill", {"pack": "weds", "players": 3, "set": "roundcap=3"})


@pytest.mark.parametrize("pack", ["weds", DICE_RACE, THROWS])
def test_a_resampled_state_has_the_seats_information_state(pack):
    game = load(pack)
    state = game.new_initial_state()
    rng = random.Random(4)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for step in range(60):
        if state.is_terminal():
            break
        if step % 15 == 0:
            p = state.current_player()
            for _ in range(3):
                other = state.resample_from_infostate(p, sampler)
                assert other.information_state_string(p) == state.information_state_string(p)
                assert other.observation_tensor(p) == state.observation_tensor(p)
                assert other.legal_actions() == state.legal_actions()
        state.apply_action(rng.choice(state.legal_actions()))


def test_a_clone_plays_on_alone():
    state = load("badlands").new_initial_state()
    state.apply_action(state.legal_actions()[0])
    twin = state.clone()
    assert twin.history() == state.history()
    assert twin.information_state_string(0) == state.information_state_string(0)
    twin.apply_action(twin.legal_actions()[-1])
    assert len(state.history()) == 1 and len(twin.history()) == 2


def test_a_simultaneous_decision_is_asked_one_seat_at_a_time_and_its_answers_stay_hidden():
    """The turn-based conversion of `choose each` (tests/packs/throws_at_once, rule 1:
    "Nobody learns another player's throw until all have picked"): the seats
    answer lowest first, and a seat's information state is the same whatever
    the seats before it answered; a state resampled for it deals their answers again."""
    game = load(THROWS)
    states = []
    for first in range(3):                 # seat 0 throws Rock, Paper or Scissors
        s = game.new_initial_state()
        assert s.current_player() == 0 and len(s.legal_actions()) == 3
        s.apply_action(first)
        assert s.current_player() == 1
        states.append(s)
    for seat in (1, 2):
        assert len({s.information_state_string(seat) for s in states}) == 1, seat
        assert len({tuple(s.observation_tensor(seat)) for s in states}) == 1, seat
    assert len({s.information_state_string(0) for s in states}) == 3, "seat 0 knows its own throw"
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    dealt = set()
    for _ in range(30):
        other = states[0].resample_from_infostate(1, sampler)
        other.apply_action(0)
        other.apply_action(0)
        dealt.add(other.wb.messages()[0])
    assert len(dealt) == 3, f"seat 2 plans on every throw seat 1 could have made: {dealt}"
