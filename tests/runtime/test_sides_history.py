"""`visible: team` in the log follows the sides of each moment (docs/LANGUAGE.md,
"Who sees a zone"): "a log entry is shown as the sides were when it was
written" — a seat that joins a side later does not learn, from the log, what
its new partner drew before."""

from __future__ import annotations

import pytest

from tests.wbkit import checked_ir
from waybill import Game, Rules

TURNCOAT = """
kind card { }
card c "Card" { copies: 6 start: deck }
zone deck "Deck" { ordered hidden }
zone hand "Hand" per player { visible: team }
counter side per player = 0
game {
  players 2
  teams me.side
  setup { set player(1).side = 1 }
  play {
    start_turn(player(0))
    may "Draw?" { draw(deck, me.hand) }
    may "Join?" { set player(1).side = 0 }
    may "Draw again?" { draw(deck, me.hand) }
    end_game()
  }
  score 0
}
"""


def _moves_seen(g: Game, seat: int) -> list[bool]:
    """For each `moved` entry of seat's log view: whether it shows the piece."""
    return ["hidden" not in e["args"]["piece"] for e in g.view(seat, log=True)["log"]
            if e.get("type") == "event" and e.get("event") == "moved"]


@pytest.mark.parametrize("engine", ["compiled", "interpreter"])
def test_a_seat_that_joins_a_side_sees_only_what_is_drawn_after(tmp_path, engine):
    g = Game.new(Rules.from_ir(checked_ir(tmp_path, TURNCOAT), engine=engine), 2, seed=1)
    yes = lambda: g.apply(next(a for a in g.legal_actions() if a["label"] == "yes"))   # noqa: E731
    yes()                                        # seat 0 draws while seat 1 is on the other side
    assert _moves_seen(g, 1) == [False]
    yes()                                        # seat 1 joins seat 0's side
    assert g.sides() == [0, 0]
    assert [e for e in g.log if e.get("type") == "sides"] == [{"type": "sides", "was": [0, 1], "now": [0, 0]}]
    assert _moves_seen(g, 1) == [False], "the draw before the join stays hidden"
    yes()                                        # and draws again
    assert _moves_seen(g, 1) == [False, True], "the draw after it is seen"
    assert _moves_seen(g, 0) == [True, True]
    hand = next(z for z in g.view(1, zones=True)["zones"] if z["zone"] == "hand" and z["of"] == 0)
    assert len(hand["pieces"]) == 2, "the hand itself is seen now, both cards"
    assert {"type": "sides"} in g.view(1, log=True)["log"], "the entry says no side"
    again = Game.from_json(g.rules, g.to_json())
    assert _moves_seen(again, 1) == [False, True], "and so after loading"


def test_static_sides_add_nothing_to_the_log(tmp_path):
    body = TURNCOAT.replace("set player(1).side = 0", "set player(1).side = 1")
    g = Game.new(Rules.from_ir(checked_ir(tmp_path, body)), 2, seed=1)
    while not g.over:
        g.apply(g.legal_actions()[0])
    assert not [e for e in g.log if e.get("type") == "sides"]
