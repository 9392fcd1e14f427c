"""Instructions the compiled engine writes inline (runtime/compiled/pyinstr.py):
`let`, `set` of a piece's property, of a player's counter and of a global
counter within its bounds, `while`, a primitive (an inline `move` to a
zone known now, `gain` of a counter known now, `draw`, `pay` that stops),
`require`, `emit` and `log`. The language (docs/LANGUAGE.md):

    gain(crap, 3)         pay(crap, 3, who: p)     move(card, discard)
    emit delivered(me, card, depot)
    log "{me} delivers {n} food for ${n * price(food)}"

    "a counter that starts as a number (or a resource, or one with min/max)
    keeps whole numbers within its bounds"

Each action is played under both engines, which must agree byte for byte
(state, log, events) and never hand an action back to the interpreter; the
values checked are the rules' own.
"""

from __future__ import annotations

import json

import pytest

from tests.wbkit import checked_ir
from waybill import Game, Rules
from waybill.runtime.compiled import pyinstr
from waybill.runtime.engine import instructions as I

PACK = """\
pack instrs
resource cash { start: 3 }
counter tally per player = 0
counter pot = 0 { min: 0 max: 10 }
zone pile { ordered }
zone discard
zone hand per player
event paid_out(who: player, n: int)
kind card { cost: int = 1 }
card a "A" { cost: 3 copies: 3 start: pile }

on paid_out where n > 4 { gain(cash, 1, who) }

action work "Work" {
  tags: turn
  let n = 2
  let k = 0
  while k < 3 { set k += 1  set me.tally += n }
  set pot = pot + 4
  gain(cash, k)
  emit paid_out(me, me.tally)
  log "{me} works"
}
action mark "Mark" {
  tags: turn
  let c = top(pile)
  set c.cost = c.cost + 10
  move(c, discard)
  draw(pile, me.hand, 1)
}
action spend "Spend" {
  tags: turn
  pay(cash, 5)
  set me.tally += 100
}
action check "Check" {
  tags: turn
  require pot < 9, "Pot full"
  set pot = pot * 3
}
action guard "Guard" {
  tags: turn
  set me.tally += 1
  if pot > 0 { require pot < 9, "Pot full" }
  set me.tally += 10
}
game { players 2..2 play { while true { act by player(0) tagged turn } } }
"""


@pytest.fixture(scope="module")
def ir(tmp_path_factory):
    return checked_ir(tmp_path_factory.mktemp("instrs"), PACK, head="")


def _play(ir: dict, labels: list[str]) -> list[dict]:
    """Counters after each action, under both engines (which must agree byte for byte)."""
    seen = []
    for engine in ("compiled", "interpreter"):
        rules = Rules.from_ir(ir, engine=engine)
        game = Game.new(rules, players=2, seed=2)
        out = []
        for label in labels:
            legal = game.legal_actions()
            game.apply(next(a for a in legal if a["label"] == label))
            L, st = game.m.L, game.state
            out.append({"cash": st.counters[L.cslot[("cash", 0)]], "tally": st.counters[L.cslot[("tally", 0)]],
                        "pot": st.counters[L.cslot[("pot", None)]] if ("pot", None) in L.cslot else None,
                        "hand": len(st.zones[L.zslot[("hand", 0)]]),
                        "discard": len(st.zones[L.zslot[("discard", None)]])})
        seen.append((out, json.dumps(game.to_json())))
        assert rules.deopts == 0
    assert seen[0] == seen[1]
    return seen[0][0]


def test_let_while_set_gain_emit_and_log(ir):
    after = _play(ir, ["Work"])[0]
    # tally: 3 rounds of +2; cash 3 + k (3) + 1 from the trigger (tally 6 > 4)
    assert after["tally"] == 6 and after["cash"] == 7
    assert after["pot"] == 4


def test_a_global_counter_past_its_bound_is_clamped_as_the_interpreter_clamps_it(ir):
    # pot 4, then `pot * 3` = 12 over max 10: kept within its bounds
    states = _play(ir, ["Work", "Check"])
    assert states[1]["pot"] == 10
    with pytest.raises(StopIteration):      # then `require pot < 9` holds back "Check"
        _play(ir, ["Work", "Check", "Check"])


def test_a_property_set_then_moved_then_drawn(ir):
    after = _play(ir, ["Mark"])[0]
    assert after["discard"] == 1 and after["hand"] == 1


def test_pay_short_stops_the_action_before_its_rest(ir):
    after = _play(ir, ["Spend"])[0]
    # 3 cash: pay 5 stops the effect, so the `set` after it never runs
    assert after["tally"] == 0


def test_a_require_inside_the_effect_stops_it_where_it_fails(ir):
    # before "Work", pot 0: both sets run; after two "Work"s, pot 8 < 9 still;
    # after "Check" (24, kept at 10) the require fails and the second set never runs
    assert _play(ir, ["Guard"])[0]["tally"] == 11
    states = _play(ir, ["Work", "Work", "Guard"])
    assert states[-1]["tally"] == 12 + 11
    states = _play(ir, ["Work", "Work", "Guard", "Check", "Guard"])
    assert states[3]["pot"] == 10
    assert states[4]["tally"] == states[3]["tally"] + 1


def test_the_pack_reaches_every_inline_writer(ir, monkeypatch):
    # each writer of pyinstr.INLINE is used for this pack (but `if`'s test:
    # a segment writes it as a Python `if`, pysegment.Segments._if)
    used = set()
    for factory, write in list(pyinstr.INLINE.items()):
        def spy(*a, _f=factory, _w=write):
            used.add(_f)
            return _w(*a)
        monkeypatch.setitem(pyinstr.INLINE, factory, spy)
    Rules.from_ir(ir, engine="compiled")
    assert set(pyinstr.INLINE) - {I.jump_if_not} <= used
