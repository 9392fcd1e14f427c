"""`waybill sim` reports the outcome a pack declares (issue 26, item 2 and 8):
a cooperative game's wins and shared score, not "wins: none"; games ended
by the rules' own limit counted as such, not `capped: 0` and silence; the
search bot values a cooperative line by its shared score."""

from __future__ import annotations

import json

from click.testing import CliRunner

from tests.wbkit import pack_path
from waybill import load_pack
from waybill.bots.search import SearchBot
from waybill.cli import main
from waybill.simulate import simulate


def test_sim_of_a_cooperative_game_reports_the_team_and_its_shared_score():
    rules = load_pack(pack_path("tests/packs/hint_circle"))
    data = simulate(rules, "hint_circle", 2, 8, 1, bot="random").to_json()
    assert data["outcome"] == "cooperative" and data["finished"] == 8
    coop = data["cooperative"]
    assert coop["won"] + coop["lost"] == 8
    assert sum(coop["scores"].values()) == 8 and coop["score_min"] <= coop["score_mean"] <= coop["score_max"]
    res = CliRunner().invoke(main, ["sim", pack_path("tests/packs/hint_circle"), "--games", "4", "--players", "2",
                                    "--bot", "random"], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert "team won" in res.output and "shared score" in res.output
    assert "wins " not in res.output.replace("wins by", "")   # no "wins: none" for a team


def test_sim_counts_games_the_rules_own_limit_ended():
    # low_first: "After five rounds the game ends at its round limit" (end_game(limit: true))
    rules = load_pack(pack_path("tests/packs/low_first"))
    data = simulate(rules, "low_first", 3, 4, 1, bot="random").to_json()
    assert data["limit_ended"] == 4 and data["capped"] == 0 and data["finished"] == 4
    res = CliRunner().invoke(main, ["sim", pack_path("tests/packs/low_first"), "--games", "2", "--players", "2",
                                    "--bot", "random", "--json"], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["limit_ended"] == 2


def test_sim_of_partners_reports_wins_by_side():
    rules = load_pack(pack_path("tests/packs/partners"))
    data = simulate(rules, "partners", 4, 6, 1, bot="random").to_json()
    assert data["outcome"] == "teams"
    # a side's win counts once for the side (not as a tie of its two seats); a tie, once for each side
    assert sum(data["wins_by_side"].values()) == 6 - data["no_winner"] + data["shared_wins"]
    assert data["shared_wins"] < 6
    assert set(data["wins_by_side"]) <= {"0", "1"}


def _finished(pack: str, players: int, seed: int):
    from waybill import Game
    import random
    rules = load_pack(pack_path(pack))
    g = Game.new(rules, players=players, seed=seed)
    rnd = random.Random(seed)
    while not g.over:
        g.apply(rnd.choice(g.legal_actions()))
    return g


def test_the_search_bot_values_a_cooperative_game_by_its_shared_score():
    # issue 26: "a team that blows up (0 points) is as good to it as a perfect game (25)" no more
    bot = SearchBot()
    games = [_finished("tests/packs/hint_circle", 2, seed) for seed in range(1, 30)]
    lost = [g for g in games if not g.result["won"]]
    low = min(lost, key=lambda g: g.result["scores"][0])
    high = max(lost, key=lambda g: g.result["scores"][0])
    assert low.result["scores"][0] < high.result["scores"][0]
    v_low, v_high = bot._outcome(low, 2), bot._outcome(high, 2)
    assert v_low[0] == v_low[1] and v_high[0] == v_high[1]      # one team: one value
    assert v_low[0] < v_high[0] < 1.0


def test_the_search_bot_gives_a_side_win_to_both_partners():
    bot = SearchBot()
    for seed in range(1, 20):
        g = _finished("tests/packs/partners", 4, seed)
        won = g.result["winners"]
        v = bot._outcome(g, 4)
        sides = {i % 2 for i in won}
        for seat in range(4):
            assert v[seat] == (1.0 / len(sides) if seat in won else 0.0)
