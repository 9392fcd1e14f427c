"""Reads the compiled engine resolves when it generates its Python
(runtime/compiled/pyreads.py): a piece's field or property, a player's counter or
zone, aggregate items and quantity parameters held as Python locals.

Each test plays a small pack under both engines and checks the values the
language documents (docs/LANGUAGE.md, "Expressions"):

    "Attributes: a player has its per-player counters and zones (`p.crap`,
    `p.hand`), `index`, `name`. A piece has its kind's fields, properties set
    with `set`, and `id`, `kind`, `name`, `owner`, `zone`, `entity`, `tags`,
    `text`."

    "`a ?? b` is `b` when `a` is none or a piece property never set"
"""

from __future__ import annotations

import json

import pytest

from tests.wbkit import checked_ir
from waybill import Game, Rules
from waybill import BadSave

PACK = """\
pack reads
resource points { start: 0 }
counter tally per player = 0
zone pile
zone hand per player
kind card { cost: int = 1 }
card a "A" { cost: 3 copies: 3 start: pile }

quantity pile_cost() = sum(each c in pieces(pile): c.cost)
quantity marked() = count(each c in pieces(pile) where c.marked ?? false)
quantity tally_of(p: player) = p.tally
quantity my_tally() = me.tally
quantity in_hand(p: player) = count(each c in pieces(p.hand) where c.owner == p)
quantity pick(i: int) = [4, 5, 6][i]

action mark "Mark" {
  tags: turn
  let c = top(pile)
  set c.cost = 7
  set c.marked = true
  gain(points, pile_cost())
}
action costly "Costly" {
  tags: turn
  require pile_cost() >= 13, "Mark first"
  gain(points, 100)
}
action count_marks "Count marks" {
  tags: turn
  gain(points, 10 * marked())
}
action tally_up "Tally" {
  tags: turn
  set me.tally += 2
  gain(points, tally_of(me) + my_tally())
}
action tallied "Tallied" {
  tags: turn
  require me.tally > 0 and tally_of(me) == me.tally, "Tally first"
  gain(points, 1000)
}
action take "Take" {
  tags: turn
  move(top(pile), me.hand)
  gain(points, in_hand(me) + count(each c in pieces(me.hand) where c.zone == me.hand))
}
action shadows "Shadows" {
  tags: turn
  let c = 40
  gain(points, c + sum(each c in pieces(pile): size([c, c])) + max(each i in [0..2]: [5, 6, 7][i]) + pick(1))
}
game { players 2..2 play { while true { act by player(0) tagged turn } } }
"""


@pytest.fixture(scope="module")
def ir(tmp_path_factory):
    return checked_ir(tmp_path_factory.mktemp("reads"), PACK, head="")


def _points(game: Game) -> int:
    return game.state.counters[game.m.L.cslot[("points", 0)]]


def _play(ir: dict, labels: list[str]) -> list[tuple[int, list[str]]]:
    """Points after each action, and the actions then legal, under both
    engines (which must also agree byte for byte)."""
    seen = []
    for engine in ("compiled", "interpreter"):
        rules = Rules.from_ir(ir, engine=engine)
        game = Game.new(rules, players=2, seed=1)
        out = []
        for label in labels:
            game.apply(next(a for a in game.legal_actions() if a["label"] == label))
            out.append((_points(game), sorted(a["label"] for a in game.legal_actions())))
        seen.append((out, json.dumps(game.to_json())))
        assert rules.deopts == 0
    assert seen[0] == seen[1]
    return seen[0][0]


def test_a_property_set_on_a_piece_is_what_reads_see(ir):
    # three cards of cost 3; `set c.cost = 7` on one: 7 + 3 + 3, read in a
    # quantity's aggregate and in a requirement (Costly is legal only then)
    (after_mark, legal), (after_costly, _) = _play(ir, ["Mark", "Costly"])
    assert after_mark == 13
    assert "Costly" in legal
    assert after_costly == 113


def test_a_property_never_set_reads_its_fallback(ir):
    # `c.marked ?? false`: false for every card until Mark sets one
    (before, legal), = _play(ir, ["Count marks"])
    assert before == 0 and "Costly" not in legal
    _, _, (after, _) = _play(ir, ["Mark", "Count marks", "Count marks"])
    assert after == 13 + 10 + 10


def test_a_players_counter_is_read_by_its_slot(ir):
    # `set me.tally += 2`, then `tally_of(me) + my_tally()` (a parameter and `me`)
    (first, legal), (second, _), (third, _) = _play(ir, ["Tally", "Tally", "Tallied"])
    assert first == 2 + 2
    assert "Tallied" in legal
    assert second == first + 4 + 4
    assert third == second + 1000


def test_a_players_zone_and_a_pieces_builtins(ir):
    # one card into my hand: owned by me (its zone's player), in my hand
    (got, _), (again, _) = _play(ir, ["Take", "Take"])
    assert got == 1 + 1
    assert again == got + 2 + 2


def test_variables_read_by_name_keep_their_meaning(ir):
    # the item `c` shadows the local `c` inside the aggregate only; a list
    # and an index (read through the interpreter's closures) see the item
    (got, _), = _play(ir, ["Shadows"])
    assert got == 40 + 3 * 2 + 7 + 5


def test_a_save_holding_a_property_no_rule_sets_is_refused(ir):
    rules = Rules.from_ir(ir)
    game = Game.new(rules, players=2, seed=1)
    data = game.to_json()
    data["props"] = {"0:marked": True}
    Game.from_json(rules, data)          # a property `set` gives: fine
    data["props"] = {"0:colour": "red"}
    with pytest.raises(BadSave, match="no rule of this pack sets `colour`"):
        Game.from_json(rules, data)
