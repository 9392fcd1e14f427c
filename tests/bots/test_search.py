"""The generic search bot, and bots chosen by content.

Small budgets only: these check behaviour, never speed or strength (those
are measured by bench/bots.py).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from click.testing import CliRunner

from tests.wbkit import diags_of, ir_of, write_pack
from waybill import load_pack
from waybill.bots import resolve
from waybill import make_bot
from waybill.bots.search import SearchBot
from waybill.cli import main
from waybill import Game
from waybill.simulate import play_one, simulate

PACKS = Path(__file__).parents[1] / "packs"
BUST = str(PACKS / "bust")
TINY = {"iterations": 12, "think_ms": 0, "rollout": 4}


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


# ---- the search bot ---------------------------------------------------------------

def test_search_plays_a_hidden_hand_game_to_the_end():
    rules = load_pack(BUST)
    g = Game.new(rules, 2, seed=4)
    bots = [SearchBot(**TINY), make_bot("random", rules)]
    rng = random.Random(4)
    steps = 0
    while not g.over and steps < 400:
        legal = g.legal_actions()
        pick = bots[legal[0]["player"]].choose(g, legal, rng)
        assert pick in legal
        g.apply(pick)
        steps += 1
    assert g.over


def test_one_option_is_answered_without_search():
    class Untouchable:
        state = None

        def determinise(self, *a):
            raise AssertionError("no search for a forced answer")

    only = [{"player": 0, "decision": 1, "option": 0, "label": "ok"}]
    assert SearchBot(**TINY).choose(Untouchable(), only, random.Random(1)) is only[0]


def test_same_seed_and_iterations_same_game():
    rules = load_pack(BUST)
    one = play_one(rules, 2, 11, "search,random", "bust", think_ms=0)
    two = play_one(rules, 2, 11, "search,random", "bust", think_ms=0)
    assert one == two and one.finished


def test_search_reads_the_score_hint_only_of_determinisations():
    rules = load_pack(BUST)
    g = Game.new(rules, 2, seed=2)
    assert g.has_bot_score()
    assert [g.bot_score(s) for s in range(2)] == [0, 0]


def _turn_with_two_choices(rules, seed: int = 3):
    """A Bust position where the seat to act has two decisions in a row:
    which action, then (after "Play a card") which card."""
    g = Game.new(rules, 2, seed=seed)
    legal = g.legal_actions()
    assert len(legal) > 1 and legal[0]["label"] == "Play a card"
    return g, legal


def test_the_chosen_moves_subtree_is_kept_for_the_seats_next_decision():
    rules = load_pack(BUST)
    g, legal = _turn_with_two_choices(rules)
    bot = SearchBot(iterations=40, think_ms=0, rollout=2)
    pick = bot.choose(g, legal, random.Random(1))
    kept = bot._kept[2]
    assert kept.visits > 0
    g.apply(pick)
    nxt = g.legal_actions()
    # on an empty pile every card scores: playing beats passing
    assert pick["label"] == "Play a card"
    # the card to play: the same seat, at the decision the tree saw next
    assert nxt[0]["player"] == legal[0]["player"]
    assert bot._reused(g, nxt[0]["player"], nxt[0]["decision"]) is kept
    bot._kept = (g, legal[0]["player"], kept)
    assert bot._reused(g, nxt[0]["player"], nxt[0]["decision"] + 1) is None
    # another game starts afresh
    bot._kept = (g, legal[0]["player"], kept)
    other = Game.new(rules, 2, seed=3)
    assert bot._reused(other, legal[0]["player"], other.legal_actions()[0]["decision"]) is None


def test_reuse_and_greedy_rollouts_stay_deterministic():
    rules = load_pack(BUST)
    for settings in ({"reuse": 0}, {"greedy": 50, "rollout": 2},
                     {"backup": 1, "linear": 1, "rival": 0, "rollout": 0}):
        games = []
        for _ in range(2):
            g = Game.new(rules, 2, seed=9)
            bots = [SearchBot(iterations=10, think_ms=0, **settings), make_bot("random", rules)]
            rng = random.Random(9)
            while not g.over and g.state.round < 6:
                legal = g.legal_actions()
                g.apply(bots[legal[0]["player"]].choose(g, legal, rng))
            games.append(g.to_json(log=False))
        assert games[0] == games[1]


def test_greedy_rollouts_prefer_the_move_the_hint_likes():
    """With every rollout greedy, the move that raises the mover's score hint
    most is taken (Bust: "a card that keeps the pile at 10 or less scores its
    value": on an empty pile, the highest card in hand)."""
    rules = load_pack(BUST)
    g, legal = _turn_with_two_choices(rules)
    bot = SearchBot(iterations=1, think_ms=0, greedy=100)
    seat = legal[0]["player"]
    d = g.determinise(seat, random.Random(2))
    d.apply(d.legal_actions()[0])                   # "Play a card"
    cards = d.legal_actions()
    values = {a["label"]: int(a["label"]) for a in cards}
    assert len(set(values.values())) > 1, "a hand of one value would not test anything"
    picks = {bot._greedy_pick(d, cards, random.Random(k), 2)["label"] for k in range(5)}
    assert picks == {str(max(values.values()))}


def test_max_backup_takes_the_movers_best_line_among_moves_open_in_most_deals():
    from waybill.bots.search import _STEP_COST, _best_line, _Node

    def leaf(value: float, avail: int) -> _Node:
        c = _Node(2)
        c.visits, c.avail, c.total = 1, avail, [value, -value]
        return c

    nd = _Node(2)
    nd.actor, nd.visits = 0, 4
    # a step back, a pass, the one step that gains: a mean would hide it
    nd.children = {"back": leaf(-1.0, 4), "pass": leaf(0.0, 4), "gain": leaf(0.5, 4)}
    assert _best_line(nd) == [0.5 - _STEP_COST, -0.5]
    # a move that was there in one deal of four (a card drawn) is chance, not a choice
    nd.children["lucky draw"] = leaf(9.0, 1)
    assert _best_line(nd) == [0.5 - _STEP_COST, -0.5]
    # when only seat 1 reads its hint, seat 0's lines are averaged, not chosen
    assert _best_line(nd, only=1) == [x / nd.visits for x in nd.total]


def test_linear_values_with_and_without_the_rival():
    class Scored:
        over = False

        def bot_score(self, seat):
            return [30, 70][seat]

    lead = SearchBot(linear=1, scale=10)._evaluate(Scored(), 2, True)
    own = SearchBot(linear=1, rival=0, scale=10)
    own._seat = 1                    # the seat searching
    assert lead == [-4.0, 4.0]       # far behind still counts every point (a logistic is flat there)
    assert own._evaluate(Scored(), 2, True) == [0.0, 7.0]    # only its own hint is read


def test_a_move_that_came_back_to_the_same_position_is_not_taken_again():
    """A detour that returns to the very same position (a free action, then
    pass) is worth what staying is, and the search would go round for ever:
    at a position seen before, the bot picks a move it has not taken there."""
    rules = load_pack(BUST)
    g, legal = _turn_with_two_choices(rules)
    bot = SearchBot(iterations=20, think_ms=0, rollout=2)
    first = bot.choose(g, legal, random.Random(1))
    again = bot.choose(g, legal, random.Random(1))      # the same position, as after a detour
    assert again["label"] != first["label"]
    fresh = SearchBot(iterations=20, think_ms=0, rollout=2)
    assert fresh.choose(g, legal, random.Random(1))["label"] == first["label"]


# ---- bots declared by content -----------------------------------------------------------

def test_the_weds_hint_rises_when_a_contract_is_completed():
    # Appendix C: "The first player to complete 3 separate contracts will win
    # the game." Blue Screen of Death: "while at the Depot and carrying 3
    # artifacts on your truck, take a [BONUS] action to deliver them". A hint
    # whose progress terms outweighed the contract made the search bot stand
    # at the Depot with 3 artifacts for ever (content/weds/bot.wb).
    from waybill import compile_pack
    from waybill.scenarios import run_step, start
    result = compile_pack("weds")
    sc = next(s for s in result.scenarios if s["id"] == "bot_hint_blue_screen")
    game = start(result.ir, sc)
    before = None
    for step in sc["steps"]:
        if step["kind"] == "do":        # the BONUS action: 3 artifacts aboard, at the Depot
            before = float(game.bot_score(0))
        run_step(game, step)
    assert game.seat_reader(0).counter("contracts_done")[0] == 1
    assert float(game.bot_score(0)) > before + 200, "a contract outweighs the progress it uses up"


def test_shipped_packs_name_their_heuristic_bots():
    for pack, name in (("weds", "weds_heuristic"), ("badlands", "badlands_heuristic"),
                       ("warfare", "warfare_heuristic")):
        rules = load_pack(pack)
        assert resolve("default", rules) == (name, {})
        assert rules.ir["bot_score"]["expr"]


def test_a_pack_without_a_bot_plays_random(tmp_path):
    ir = ir_of(tmp_path, "counter x = 0\n")
    assert "bot" not in ir and "bot_score" not in ir
    assert resolve("default", type("R", (), {"ir": ir})())[0] == "random"


def test_bot_declaration_and_settings_reach_the_bot():
    rules = load_pack(BUST)
    assert rules.ir["bot"]["name"] == "search"
    bot = make_bot("default", rules)
    assert isinstance(bot, SearchBot) and bot.iterations == 100 and bot.think_ms == 0
    assert make_bot("search", rules, think_ms=50).think_ms == 50


def test_a_second_bot_gives_settings_only(tmp_path):
    write_pack(tmp_path / "p", "bot random\nbot search { depth: 3 }\n")
    rules = load_pack(str(tmp_path / "p"))
    assert resolve("default", rules) == ("random", {})
    assert make_bot("search", rules).depth == 3


def test_an_extending_pack_inherits_its_bases_bot(tmp_path):
    write_pack(tmp_path / "base", 'bot search { iterations: 7 }\nscore { 1 }\n', head='pack base "Base"\n')
    write_pack(tmp_path / "kid", "counter y = 0\n", head='pack kid "Kid" extends base\n', game=False)
    write_pack(tmp_path / "own", "bot random\n", head='pack own "Own" extends base\n', game=False)
    kid = load_pack(str(tmp_path / "kid"))
    assert kid.ir["bot"]["name"] == "search" and kid.ir["bot"]["settings"] == {"iterations": 7}
    assert kid.ir["bot_score"]["expr"] == 1
    own = load_pack(str(tmp_path / "own"))
    assert own.ir["bot"]["name"] == "random" and own.ir["bot_score"]["expr"] == 1


def test_bot_declarations_are_checked(tmp_path):
    codes = lambda body: sorted(d.code for d in diags_of(tmp_path / str(abs(hash(body))), body)
                                if d.severity == "error")  # noqa: E731
    assert codes("bot serch\n") == ["E301"]
    assert codes("bot search { iteratons: 3 }\n") == ["E304"]
    assert codes("bot search { iterations: -3 }\n") == ["E402"]
    assert codes("bot search { iterations: 3 iterations: 4 }\n") == ["E302"]
    assert codes("bot random\nbot random\n") == ["E302"]
    assert codes("score { 1 }\nscore { 2 }\n") == ["E302"]
    assert codes("bot random\nbot search { depth: 2 }\n") == []
    assert codes("bot random { depth: 3 }\n") == ["E304"]
    assert codes("score { nothing_here }\n") == ["E301"]
    assert codes("bot search { iterations: 3 }\nscore { me.x }\ncounter x per player = 0\n") == []


# ---- sim: bot lists, rotation, the summary ----------------------------------------------------

def test_a_bot_list_rotates_seats_and_counts_wins_per_bot():
    rules = load_pack(BUST)
    s = simulate(rules, "bust", 2, 4, 1, "random,search", think_ms=0).to_json()
    assert s["lineup"] == ["random", "search"] and s["rotated"]
    assert [r for r in s["seat_bots"]] == [["search", "random"], ["random", "search"]] * 2
    assert set(s["wins_by_bot"]) == {"random", "search"}
    assert sum(v["wins"] for v in s["wins_by_bot"].values()) == sum(s["wins_by_seat"].values())
    assert all(v["games"] == s["finished"] for v in s["wins_by_bot"].values())
    assert "capped" in s


def test_sim_cli_takes_a_list_and_refuses_a_wrong_count():
    res = run("sim", BUST, "--bot", "search,random", "--players", "2", "--games", "2", "--think-ms", "0", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["games"] == 2 and data["lineup"] == ["search", "random"]
    assert run("sim", BUST, "--bot", "search,random,random", "--players", "2").exit_code == 2
    assert run("sim", BUST, "--bot", "nobody", "--players", "2").exit_code == 2


def test_a_text_summary_says_first_that_games_were_capped():
    res = run("sim", str(PACKS / "dice_race"), "--games", "2", "--round-cap", "1", "--bot", "random")
    assert res.output.splitlines()[0].startswith("2 of 2 games were stopped by a safety cap")
    assert "Player 1: random" in res.output


def test_play_says_which_bot_plays_each_seat():
    res = CliRunner().invoke(main, ["play", BUST, "--players", "2", "--human", "none", "--bot", "random,random"])
    assert "Player 1 plays random, Player 2 plays random" in res.output


# ---- a broken score hint is the designer's error, not a bot that plays blind ----------------

SPIN = "quantity spin(p: player, n: int) = if n > 1000000 then 0 else spin(p, n + 1)\n"


def test_a_score_hint_that_cannot_be_evaluated_is_a_game_error_with_its_place(tmp_path):
    import shutil
    pack = tmp_path / "bust"
    shutil.copytree(BUST, pack)
    (pack / "bot.wb").write_text("bot search { iterations: 12 think_ms: 0 rollout: 4 }\n" + SPIN
                                 + "score { spin(me, 0) }\n", encoding="utf-8")
    s = simulate(load_pack(str(pack)), "bust", 2, 2, 1, "search,random").to_json()
    assert s["errors"] == 2
    # the hint's own line, what failed, and no Python traceback
    assert all(e["error"] == f"{pack / 'bot.wb'}:3:1: values or quantities nested too deeply (RecursionError) "
               "(in the bot's score hint)" for e in s["error_samples"]), s["error_samples"]


def test_an_invariant_that_cannot_be_evaluated_says_which_and_where(tmp_path):
    import pytest
    from waybill import RuleError
    write_pack(tmp_path / "inv", SPIN + 'invariant calm "Spins settle":\n  spin(players()[0], 0) == 0\n')
    g = Game.new(load_pack(str(tmp_path / "inv")), 2, seed=1)
    with pytest.raises(RuleError) as err:
        g.broken_invariants()
    assert err.value.where == "invariant calm" and err.value.at.endswith("pack.wb:3:1")
    assert "RecursionError" in err.value.message
