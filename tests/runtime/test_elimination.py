"""Player elimination (docs/LANGUAGE.md, "Who wins": `eliminated EXPR`):
"a seat is out of the game when EXPR of `me` is not none, false or 0 ...
left out of `players_in()` and of `choose each`, and ranked after every
seat still in, the later out first". Test pack: tests/packs/push_luck."""

from __future__ import annotations

import random

import pytest

from tests.wbkit import checked_ir, compiled_pack, diags_of
from waybill import Game, Rules

PACK = "tests/packs/push_luck"


def _out_first(g: Game, seat_rolls: list) -> None:
    """Answer every waiting seat: the first of ``seat_rolls`` pushes, the others stick."""
    for seat in list(g.waiting):
        g.apply(next(a for a in g.legal_actions(seat) if a["label"] == ("Push" if seat in seat_rolls else "Stick")))


@pytest.mark.parametrize("engine", ["compiled", "interpreter"])
def test_the_seats_out_rank_after_those_still_in_the_later_out_first(engine):
    g = Game.new(Rules.from_ir(compiled_pack(PACK).ir, engine=engine), 4, seed=1)
    g.force_rolls("d6", [1, 6, 2, 2])        # round 1: seat 0 pushes a 1 (out), seat 1 stuck
    _out_first(g, [0])
    assert g.waiting == [1, 2, 3], "seat 0 is out: not asked"
    g.force_rolls("d6", [1, 1, 2])            # round 2: seats 1 and 2 push 1s (out), seat 3 sticks
    _out_first(g, [1, 2])
    assert g.over and g.winner == 3
    r = g.result
    assert r["out"] == [1, 2, 2, 0]
    assert r["ranking"][0] == 3 and r["ranking"][-1] == 0, "the first out is last"
    assert r["places"] == [4, 2, 2, 1], "seats out in the same round share a place"


def _ended(tmp_path, play: str, score: str = "") -> Game:
    """A 3-seat game with `eliminated me.out` that plays ``play`` then ends."""
    body = ("counter out per player = 0\ngame {\n  players 3\n  eliminated me.out\n"
            f"  play {{ {play} end_game() }}\n  {score}\n}}\n")
    return Game.new(Rules.from_ir(checked_ir(tmp_path, body)), 3, seed=1)


def test_a_score_does_not_lift_a_seat_out_above_one_still_in(tmp_path):
    g = _ended(tmp_path, "set player(0).out = 1", "score if me.index == 0 then 100 else me.index")
    assert g.winner == 2 and g.result["ranking"] == [2, 1, 0] and g.result["out"] == [1, 0, 0]


def test_when_every_seat_is_out_the_score_decides(tmp_path):
    body = """
counter out per player = 0
game {
  players 2
  eliminated me.out > 0
  play { for p in players() { set p.out = 1 } log "{size(players_in())}" end_game() }
  score me.index
}
"""
    g = Game.new(Rules.from_ir(checked_ir(tmp_path, body)), 2, seed=1)
    assert g.messages() == ["0"] and g.winner == 1 and g.result["out"] == [True, True]


def test_without_eliminated_players_in_is_every_player_and_the_result_has_no_out(tmp_path):
    body = 'game { players 3 play { log "{size(players_in())}" end_game() } score 0 }'
    g = Game.new(Rules.from_ir(checked_ir(tmp_path, body)), 3, seed=1)
    assert g.messages() == ["3"] and "out" not in g.result


def test_a_finished_game_with_seats_out_saves_and_loads(tmp_path):
    g = Game.new(Rules.from_ir(compiled_pack(PACK).ir), 3, seed=2)
    rng = random.Random(2)
    while not g.over:
        g.apply(rng.choice(g.legal_actions(rng.choice(g.waiting))))
    again = Game.from_json(g.rules, g.to_json())
    assert again.result == g.result and "out" in again.result
    bad = g.to_json()
    bad["result"] = {**bad["result"], "out": [0]}
    from waybill import WaybillError
    with pytest.raises(WaybillError, match="result.out"):
        Game.from_json(g.rules, bad)


def test_eliminated_reads_me_and_is_checked_like_any_expression(tmp_path):
    d = diags_of(tmp_path, 'game { players 2 eliminated me.gone play { end_game() } }')
    assert [(x.code, x.message) for x in d] == [("E305", "unknown attribute `gone`")]


def test_without_a_score_the_last_one_standing_wins(tmp_path):
    # docs/LANGUAGE.md's "Last one standing": no `score`, `end_game()` when one player is left
    g = _ended(tmp_path, "set player(0).out = 1 set player(2).out = 2")
    assert g.winner == 1 and g.result["ranking"] == [1, 2, 0] and g.result["places"] == [3, 1, 2]
