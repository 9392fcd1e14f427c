"""Game.new, Game.replay and Game.from_json check their arguments before any
work: anything else is a WaybillError naming the argument, and whatever
starts a game also saves and loads (issue #12, part 5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from waybill import load_pack
from waybill.cli import main
from waybill import Game, WaybillError

PACK = str(Path(__file__).parents[1] / "packs" / "dice_race")   # 2 to 4 players
MAX_GAME = 10_000      # actions: a dice race that has not ended by then never will
RULES = load_pack(PACK)
NAN, INF = float("nan"), float("inf")


@pytest.mark.parametrize("players", [
    2.0, None, "2", "abc", True, NAN, INF, -INF, -1, 0, 1, 5, 10 ** 9, 10 ** 100, [1, 2], ["a"], ["a", None],
    ["a", ""], ["a", "b" * 101], ["n"] * 10 ** 6, {"a": 1, "b": 2}, ("a",), object(), b"ab",
])
def test_players_not_a_count_or_names_in_range_is_refused(players):
    with pytest.raises(WaybillError, match="^players"):
        Game.new(RULES, players=players, seed=1)


@pytest.mark.parametrize("seed", ["abc", "7", 7.9, 7.0, True, False, None, NAN, INF, 2 ** 53 + 1, -(2 ** 53) - 1,
                                  10 ** 400, [7], {"seed": 7}])
def test_a_seed_that_is_not_a_json_safe_whole_number_is_refused(seed):
    with pytest.raises(WaybillError, match="^seed should be a whole number"):
        Game.new(RULES, players=2, seed=seed)


@pytest.mark.parametrize("options", [[1, 2], "x", 7, {"x": 1}, {1: True}, {"check_invariants": "yes"},
                                     {"check_invariants": 1}, {"check_invariants": None}])
def test_unknown_options_or_options_of_the_wrong_type_are_refused(options):
    with pytest.raises(WaybillError, match="^options"):
        Game.new(RULES, players=2, seed=1, options=options)


@pytest.mark.parametrize("rules", [None, "dice_race", {}, RULES.ir])
def test_rules_that_are_not_rules_are_refused(rules):
    with pytest.raises(WaybillError, match="^rules should be a Rules"):
        Game.new(rules, players=2, seed=1)
    with pytest.raises(WaybillError, match="^rules should be a Rules"):
        Game.replay(rules, 1, [])
    with pytest.raises(WaybillError, match="^rules should be a Rules"):
        Game.from_json(rules, Game.new(RULES, 2, 1).to_json())


@pytest.mark.parametrize("args,message", [
    ({"players": 2.0}, "^players"), ({"seed": "7"}, "^seed"), ({"options": [1]}, "^options"),
    ({"actions": 5}, "^actions should be a list"), ({"actions": None}, "^actions should be a list"),
])
def test_replay_checks_its_arguments(args, message):
    kw = {"seed": 1, "actions": [], "players": 2, **args}
    with pytest.raises(WaybillError, match=message):
        Game.replay(RULES, kw["seed"], kw["actions"], players=kw["players"], options=kw.get("options"))


def test_good_arguments_start_a_game_whose_save_loads():
    for players in (2, 4, ["Ann", "Bo"], ("Ann", "Bo", "Cy"), ["x" * 100] * 2):
        for seed in (0, -5, 2 ** 53, -(2 ** 53)):
            g = Game.new(RULES, players=players, seed=seed, options={"check_invariants": True})
            text = json.dumps(g.to_json(), allow_nan=False)
            assert json.dumps(Game.from_json(RULES, json.loads(text)).to_json()) == text


def test_replay_of_a_game_matches_it():
    g = Game.new(RULES, players=3, seed=4)
    for _ in range(MAX_GAME):
        if g.over:
            break
        g.apply(g.legal_actions()[0])
    assert g.over, f"the game did not end in {MAX_GAME} actions"
    again = Game.replay(RULES, 4, iter(g.actions()), players=3)
    assert again.to_json() == g.to_json()


anything = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=120),
    lambda inner: st.lists(inner, max_size=5) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=20) | st.integers(), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=anything | st.integers(0, 6), seed=anything, options=anything | st.just({"check_invariants": True}))
def test_any_arguments_give_a_game_that_saves_and_loads_or_a_waybill_error(players, seed, options):
    try:
        g = Game.new(RULES, players=players, seed=seed, options=options)
    except WaybillError:
        return
    text = json.dumps(g.to_json(), allow_nan=False)
    assert json.dumps(Game.from_json(RULES, json.loads(text)).to_json()) == text


@pytest.mark.parametrize("argv,hint", [
    (["play", PACK, "--players", "9"], "2 to 4 players"),
    (["play", PACK, "--seed", str(10 ** 20)], "--seed"),
    (["sim", PACK, "--seed", str(2 ** 53), "--games", "3"], "--games"),   # the seed alone is valid: the games push it out
])
def test_the_cli_refuses_what_a_game_cannot_start_with_a_usage_error(argv, hint):
    res = CliRunner().invoke(main, argv, input="")
    assert res.exit_code == 2, res.output      # click's usage error, not a traceback
    assert hint in res.output
