"""Figures of the balance report: Wilson intervals, what each seat held, and
the per-game records they come from (real games of the shipped packs)."""

from __future__ import annotations

import json
from dataclasses import asdict

import pytest

from waybill import load_pack
from waybill.balance.gather import holdings, names
from waybill.balance.stats import analyse, wilson
from waybill import Game
from waybill.simulate import simulate


@pytest.mark.parametrize("wins, n, lo, hi", [
    (5, 10, 0.2366, 0.7634),      # the textbook example
    (0, 10, 0.0, 0.2775),         # stays inside [0, 1] where the normal interval does not
    (10, 10, 0.7225, 1.0),
    (1, 1, 0.2065, 1.0),
])
def test_wilson_interval(wins, n, lo, hi):
    a, b = wilson(wins, n)
    assert (round(a, 4), round(b, 4)) == (lo, hi)


def test_wilson_of_no_trials_is_the_whole_range():
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_finished_game_records_what_each_seat_holds():
    rules = load_pack("badlands")
    summary = simulate(rules, "badlands", 2, 2, 1)
    for rec in summary.records:
        assert rec.finished and len(rec.holdings) == 2
        for seat in rec.holdings:
            assert set(seat) == {"choices", "cards"}
            assert set(seat["choices"]) == {"leader"} and set(seat["cards"]) == {"item", "ally"}
            assert all(rules.entities[e]["kind"] == "leader" for e in seat["choices"]["leader"])
    json.dumps([asdict(r) for r in summary.records])      # plain data


def test_a_field_subject_records_the_field_value():
    # weds: `faction_job.faction` is the faction of each job a seat holds
    rules = load_pack("weds")
    game = Game.new(rules, players=3, seed=4)
    while game.state.round < 1 and not game.over:        # through setup: drivers and first jobs chosen
        game.apply(game.legal_actions()[0])
    held = holdings(game)
    factions = {e["id"] for e in rules.entity_list if e["kind"] == "faction"}
    for seat in held:
        assert len(seat["choices"]["driver"]) == 1
        assert seat["choices"]["faction_job.faction"] and set(seat["choices"]["faction_job.faction"]) <= factions


def test_analyse_counts_finished_games_only_and_shows_capped_ones():
    spec = {"choices": [{"kind": "hero", "label": "hero"}], "cards": [{"kind": "gear", "label": "gear"}]}

    def rec(seed, winner, a, b, finished=True, capped=None, gear=()):
        return {"seed": seed, "finished": finished, "winner": winner, "rounds": 5 + seed, "actions": 50 + seed,
                "capped": capped, "error": None,
                "holdings": [{"choices": {"hero": [a]}, "cards": {"gear": list(gear)}},
                             {"choices": {"hero": [b]}, "cards": {"gear": []}}]}
    records = [rec(1, 0, "x", "y", gear=["g"]), rec(2, 0, "x", "y", gear=["g"]), rec(3, 1, "y", "x"),
               rec(4, None, "x", "y", finished=False, capped="more than 9 rounds")]
    stats = analyse(records, 2, spec, {"x": "Ex"})
    assert (stats["games"], stats["finished"]) == (4, 3)
    assert [(s["seat"], s["wins"], s["n"]) for s in stats["seats"]] == [(0, 2, 3), (1, 1, 3)]
    assert stats["capped"] == [{"seed": 4, "why": "more than 9 rounds", "rounds": 9, "actions": 54}]
    assert stats["rounds"] == [6, 7, 8] and stats["actions"] == [51, 52, 53]
    hero = {r["id"]: r for r in stats["choices"][0]["rows"]}
    assert (hero["x"]["name"], hero["x"]["wins"], hero["x"]["n"]) == ("Ex", 3, 3)
    assert (hero["y"]["wins"], hero["y"]["n"]) == (0, 3)
    g = stats["cards"][0]["rows"][0]
    assert (g["id"], g["wins"], g["n"]) == ("g", 2, 2)
    assert (g["without"]["wins"], g["without"]["n"]) == (1, 4)     # the 4 other seat-games, 1 win among them
    json.dumps(stats)


def test_names_are_the_entities_names():
    assert names(load_pack("badlands"))["warden"] == "The Warden"
