"""Ordering (docs/LANGUAGE.md, "Ordering" and "Zones that keep themselves
sorted"): `[each x in LIST where COND by KEY: VALUE]` and `sort: KEY` on a
zone, the same under both engines."""

from __future__ import annotations

import pytest

from tests.wbkit import checked_ir, diags_of
from waybill import Game
from waybill.runtime.rules import Rules

ENGINES = ("compiled", "interpreter")

CARDS = '''
kind card { value: int, suit: str = "" }
card b2 "B2" { value: 2 suit: "b" start: deck }
card a5 "A5" { value: 5 suit: "a" start: deck }
card a2 "A2" { value: 2 suit: "a" start: deck }
card b1 "B1" { value: 1 suit: "b" start: deck }
zone deck "Deck"
'''


def said(tmp_path, body: str, engine: str) -> list[str]:
    rules = Rules.from_ir(checked_ir(tmp_path, CARDS + body), engine=engine)
    g = Game.new(rules, players=2, seed=1)
    return g.messages()


def logs(*lines: str) -> str:
    return "game { players 2 play { start_turn(player(0))\n" + "".join(
        f"  let v{i} = {x}\n  log \"{{v{i}}}\"\n" for i, x in enumerate(lines)) + "  end_game() } }\n"


@pytest.mark.parametrize("engine", ENGINES)
def test_each_by_orders_by_any_key_lowest_first_and_stably(tmp_path, engine):
    # "`[each x in LIST where COND by KEY: VALUE]` orders the items by KEY ..., lowest first; items of
    # equal keys keep their order (a stable sort)"
    got = said(tmp_path, logs(
        "[each c in pieces(deck) by c.value]",                       # B2 before A2: the deck's order
        "[each c in pieces(deck) by -c.value]",                      # highest first
        "[each c in pieces(deck) where c.value > 1 by c.suit: c.value]",
        "[each c in pieces(deck) by [c.suit, c.value]]",             # a list key: item by item
        '[each x in [3, none, "b", true, 1, "a"] by x]',              # none < truth < numbers < texts
        "first([each c in pieces(deck) by c.value])",
        "[each p in players() by -p.index]",
    ), engine)
    assert got == ["B1, B2, A2, A5", "A5, B2, A2, B1", "5, 2, 2", "A2, A5, B1, B2", "none, yes, 1, 3, a, b", "B1",
                   "Player 2, Player 1"]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_sorted_zone_keeps_its_pieces_in_key_order(tmp_path, engine):
    # "`sort: KEY` keeps a zone's pieces ordered by KEY ... each piece that enters is put in its place,
    # after the pieces of an equal key"
    body = '''zone hand "Hand" per player { sort: self.value }
zone pile "Pile" { ordered  sort: [self.suit, self.value] }
game { players 2 play { start_turn(player(0))
  for c in pieces(deck) { move(c, me.hand) }
  log "{pieces(me.hand)}"
  for c in pieces(me.hand) { move(c, pile) }
  log "{pieces(pile)} {top(pile)}"
  end_game() } }
'''
    assert said(tmp_path, body, engine) == ["B1, B2, A2, A5", "A2, A5, B1, B2 A2"]


SHUFFLED = """zone hand "Hand" per player { sort: self.value }
game { players 2 play { start_turn(player(0))
  for c in pieces(deck) { move(c, me.hand) }
  repeat 6 { shuffle(me.hand)  log "{pieces(me.hand)}" }
  end_game() } }
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_a_sorted_zone_is_sorted_again_after_a_shuffle(tmp_path, engine):
    # "The zone is sorted as pieces enter, and again after a `shuffle` (only pieces of equal keys change places)"
    rules = Rules.from_ir(checked_ir(tmp_path, CARDS + SHUFFLED), engine=engine)
    orders = set()
    for seed in range(1, 12):
        g = Game.new(rules, players=2, seed=seed)
        orders |= set(g.messages())
    assert orders == {"B1, B2, A2, A5", "B1, A2, B2, A5"}, "the two cards of value 2 in either order"


def test_a_scenario_stack_on_a_sorted_zone_keeps_it_sorted(tmp_path):
    body = """zone hand "Hand" per player { sort: self.value }
game { players 2 play { start_turn(player(0)) may "Go?" { } end_game() } }
"""
    g = Game.new(Rules.from_ir(checked_ir(tmp_path, CARDS + body)), players=2, seed=1)
    g.stack({"zone": "hand", "of": 0}, ["a5", "b1"])
    assert [g.state.p_ent[p] for p in g.state.zones[g.m.L.zslot[("hand", 0)]]] == ["b1", "a5"]


def test_a_zone_sort_takes_one_key(tmp_path):
    d = diags_of(tmp_path, CARDS + 'zone hand per player { sort: self.value, self.suit }\n'
                 'game { players 2 play { end_game() } }\n')
    assert [x.code for x in d] == ["E404"] and "[self.suit, self.value]" in (d[0].hint or "")
