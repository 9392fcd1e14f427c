"""Frontends send every kind of wrong action: each is refused with IllegalAction and
the state stays byte for byte the same. Saving and loading anywhere changes nothing."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from waybill import benchmarks, load_pack
from waybill import Game, IllegalAction

PACK = str(Path(__file__).parents[1] / "packs" / "dice_race")
MAX_GAME = 10_000      # actions: a dice race that has not ended by then never will


@pytest.fixture(scope="module")
def rules():
    return load_pack(PACK)


def snapshot(game: Game) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


def mid_game(rules, seed: int, steps: int) -> Game:
    """A three-player game after `steps` random legal actions."""
    return benchmarks.mid_game(rules, 3, seed, steps)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 50) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk=json_values, seed=st.integers(1, 50), steps=st.integers(0, 6))
def test_random_json_is_refused_and_changes_nothing(rules, junk, seed, steps):
    game = mid_game(rules, seed, steps)
    if game.over or junk in game.legal_actions():
        return
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply(junk)
    assert snapshot(game) == before


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(1, 50), steps=st.integers(0, 6), field=st.sampled_from(["player", "decision", "option"]),
       delta=st.integers(1, 3))
def test_a_tampered_legal_action_is_refused(rules, seed, steps, field, delta):
    game = mid_game(rules, seed, steps)
    if game.over:
        return
    action = dict(game.legal_actions()[0])
    action[field] = action[field] + delta
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply(action)
    assert snapshot(game) == before


def test_a_stale_action_from_an_earlier_state_is_refused(rules):
    game = mid_game(rules, 3, 0)
    stale = game.legal_actions()[0]
    game.apply(stale)
    assert not game.over
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="decision"):
        game.apply(stale)
    assert snapshot(game) == before


def test_the_wrong_player_is_refused_with_a_clear_message(rules):
    game = mid_game(rules, 4, 0)
    action = dict(game.legal_actions()[0])
    action["player"] = (action["player"] + 1) % 3
    with pytest.raises(IllegalAction, match="may not act"):
        game.apply(action)


@pytest.mark.parametrize("seed", range(1, 21))
def test_saving_and_loading_at_random_points_continues_identically(rules, seed):
    rng = random.Random(seed)
    straight = Game.new(rules, players=3, seed=seed)
    hopping = Game.new(rules, players=3, seed=seed)
    for _ in range(MAX_GAME):
        if straight.over:
            break
        action = rng.choice(straight.legal_actions())
        straight.apply(action)
        if rng.random() < 0.5:
            hopping = Game.from_json(rules, json.loads(json.dumps(hopping.to_json())))
        hopping.apply(action)
        assert snapshot(hopping) == snapshot(straight)
    assert straight.over, f"the game did not end in {MAX_GAME} actions"
    assert hopping.over and hopping.winner == straight.winner


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk=json_values)
def test_loading_random_json_is_a_waybill_error(rules, junk):
    from waybill import WaybillError
    with pytest.raises(WaybillError):
        Game.from_json(rules, junk)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(1, 50), field=st.sampled_from(["players", "zones", "p_ent", "counters"]), junk=json_values)
def test_loading_a_save_with_a_broken_field_raises_only_waybill_errors(rules, seed, field, junk):
    # the load checks every field (see runtime/saves/check.py; test_saves.py
    # damages real saves of the shipped packs)
    from waybill import WaybillError
    data = mid_game(rules, seed, 3).to_json()
    data[field] = junk
    try:
        Game.from_json(rules, data)
    except WaybillError:
        pass


def _damaged(data: dict, field: str, k: int, junk) -> dict:
    """A deep copy of a save with one value (a field, or an item inside it) replaced."""
    data = json.loads(json.dumps(data))
    value = data[field]
    if isinstance(value, list) and value:
        value[k % len(value)] = junk
    elif isinstance(value, dict) and value:
        value[sorted(value)[k % len(value)]] = junk
    else:
        data[field] = junk
    return data


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(1, 40), steps=st.integers(0, 8), k=st.integers(0, 1000), junk=json_values,
       field=st.sampled_from(sorted(Game.new(load_pack(PACK), 3, 1).to_json())))
def test_a_damaged_save_is_refused_or_plays_with_only_waybill_errors(rules, seed, steps, k, junk, field):
    from waybill import WaybillError
    data = _damaged(mid_game(rules, seed, steps).to_json(), field, k, junk)
    try:
        game = Game.from_json(rules, data)
    except WaybillError:
        return
    # what got through the door must never fail with anything but a WaybillError
    try:
        game.view(0, log=True)
        game.view(None, log=True)
        game.messages()
        game.actions()
        for _ in range(3):
            legal = game.legal_actions()
            if not legal:
                break
            game.apply(legal[0])
    except WaybillError:
        pass
