"""Rollback: an action that fails half-way leaves the game exactly as it was.

DESIGN.md, principle 7: whatever goes wrong while the rules run ends "with
the game rolled back to before the action". ``Game.apply`` keeps a snapshot
(``State.keep``) and puts it back (``State.restore``): these tests fail an
action after it has moved pieces, set properties, gained, counted a use of a
limited action, queued a trigger, consumed forced rolls, pushed frames and
logged events, and require the game to be byte for byte what it was — its
save (key order too), log, pending decision and options — and to play on as
a game that never tried the action.
"""

from __future__ import annotations

import json

import pytest

from tests.wbkit import compile_src
from waybill import Game, RuleError, Rules

PACK = """\
resource points { start: 0 }
event ping(who: player)
zone pile
zone table_zone { active }
die d6 { faces 1, 2, 3, 4, 5, 6 }
kind chip { hp: int = 0 }
chip c1 "Chip" { copies: 4 start: pile }
on ping { gain(points, 1, who) }
procedure deep(n: int) {
  let c = top(pile)
  move(c, table_zone)
  set c.hp = n
  let r = roll(d6)
  gain(points, r[0])
  if n > 0 { deep(n - 1) }
  let x = 10 / n
}
action fine "Fine" {
  tags: turn
  limit 9 per turn
  gain(points, 1)
  move(top(pile), table_zone)
}
action broken "Broken" {
  tags: turn
  limit 9 per turn
  gain(points, 5)
  emit ping(me)
  deep(2)
}
# the answer is kept in the waiting frame's locals before the action runs
game { players 2..2 play { while true { let taken = act by player(0) tagged turn } } }
"""


def _rules(tmp_path, engine: str) -> Rules:
    result = compile_src(tmp_path, PACK)
    assert result.ir is not None and not result.report.errors, result.report.render()
    return Rules.from_ir(result.ir, engine=engine)


def _take(game: Game, label: str) -> None:
    game.apply(next(a for a in game.legal_actions() if a["label"] == label))


def _fails_and_leaves_no_trace(game: Game) -> None:
    text = json.dumps(game.to_json())               # key order too: no sort_keys
    log, pending, legal = game.log, json.dumps(game.pending), game.legal_actions()
    with pytest.raises(RuleError, match="division by zero"):
        _take(game, "Broken")
    assert json.dumps(game.to_json()) == text
    assert game.log == log and json.dumps(game.pending) == pending and game.legal_actions() == legal


@pytest.mark.parametrize("engine", ["interpreter", "compiled"])
def test_a_failure_half_way_through_an_effect_leaves_the_game_as_it_was(tmp_path, engine):
    rules = _rules(tmp_path, engine)
    game = Game.new(rules, players=2, seed=3)
    _take(game, "Fine")                 # a use counted, a piece moved, something in the log
    game.force_rolls("d6", [6, 5, 4, 3])   # the failed action consumes these
    untouched = game.clone()
    _fails_and_leaves_no_trace(game)
    st = game.state
    assert st.forced == {"d6": [6, 5, 4, 3]} and st.props == {} and st.queue == [] and len(st.stack) == 1
    assert st.uses["turn"] == {"fine|0": 1}
    # and it plays on as the game that never tried it
    for g in (game, untouched):
        for _ in range(3):
            _take(g, "Fine")
    assert json.dumps(game.to_json()) == json.dumps(untouched.to_json())
    assert rules.deopts == (1 if engine == "compiled" else 0)   # the interpreter said why, as always


def test_a_loaded_game_rolls_back_to_its_save_as_it_was_written(tmp_path):
    """A save may hold its tables in another order than a new game makes
    them; after a rollback the game saves as it was loaded, byte for byte."""
    rules = _rules(tmp_path, "compiled")
    game = Game.new(rules, players=2, seed=5)
    _take(game, "Fine")
    data = game.to_json()
    data["uses"] = {per: data["uses"][per] for per in ("game", "turn", "round")}
    data["props"] = {"0:hp": 7}
    loaded = Game.from_json(rules, json.loads(json.dumps(data)))
    _fails_and_leaves_no_trace(loaded)
    assert list(loaded.to_json()["uses"]) == ["game", "turn", "round"]


def test_a_rollback_forgets_the_log_entries_of_the_failed_action_in_every_clone(tmp_path):
    """The log's pages are shared by clones (runtime/engine/record.py): the entries
    a failed action wrote are no one's, and the next entries go where they
    belong, in the rolled-back game and in a clone made before."""
    rules = _rules(tmp_path, "interpreter")
    game = Game.new(rules, players=2, seed=7)
    before = game.clone()
    _fails_and_leaves_no_trace(game)
    _take(game, "Fine")
    _take(before, "Fine")
    assert game.log == before.log
    assert json.dumps(game.to_json()) == json.dumps(before.to_json())
    assert [e for e in game.log if e.get("event") == "ping"] == []


def test_the_snapshot_keeps_every_field_an_action_may_change():
    """``State.keep`` reads only the fields an action may change; the others
    change outside actions alone. A field added to the state must be added
    to one list or the other (here), or rollbacks would miss it."""
    from waybill.runtime.engine.state import _KEPT, FIELDS
    outside = {"players", "options", "seed", "handles", "log_from", "log"}
    assert set(_KEPT) | outside == set(FIELDS) and not set(_KEPT) & outside
    assert len(_KEPT) == len(set(_KEPT))


# --- every way out of an action rolls back --------------------------------------
#
# DESIGN.md, principle 7: "whatever a pack that checks clean does at run time
# ... ends in a named RuleError within a bounded budget of work and memory,
# with the game rolled back to before the action". The action below writes
# every container an action can write (a piece moved and its owner set by
# the zone, a prop, a counter, a use of a limited action, a trigger queued,
# forced rolls consumed, frames pushed, events logged) and then leaves by
# one of the exits: a mistake in the content, the budget run out, an
# interrupt from outside.

EXITS = PACK.replace("game { players", """\
zone mine_zone per player
event pong(who: player)
on pong { gain(points, 1, who) }
procedure writes(times: int) {
  repeat times {
    let c = top(pile)
    move(c, mine_zone)
    set c.hp = times
    let rolled = roll(d6)
    emit pong(me)
    gain(points, rolled[0] + times)
  }
}
action runaway "Runaway" {
  tags: turn
  limit 9 per turn
  writes(2)
  repeat 100000 { repeat 100000 { } }
}
action interrupted "Interrupted" {
  tags: turn
  limit 9 per turn
  writes(2)
  gain(points, abs(-2))
}
game { players""")


def _exits_game(tmp_path, engine: str) -> Game:
    result = compile_src(tmp_path, EXITS)
    assert result.ir is not None and not result.report.errors, result.report.render()
    game = Game.new(Rules.from_ir(result.ir, engine=engine), players=2, seed=3)
    _take(game, "Fine")
    game.force_rolls("d6", [6, 5, 4, 3])
    return game


def _left_as_it_was(game: Game, label: str, error: type, match: str | None) -> None:
    # (a copy through a save, not a clone: a clone would share the game's
    # containers, and the rollback of a shared state is another path, taken
    # by the tests above)
    untouched = Game.from_json(game.rules, game.to_json())
    text, log, legal = json.dumps(game.to_json()), game.log, game.legal_actions()
    with pytest.raises(error, match=match):
        _take(game, label)
    assert json.dumps(game.to_json()) == text
    assert game.log == log and game.legal_actions() == legal
    # and plays on as the game (and the clone made before) that never tried it
    for g in (game, untouched):
        for _ in range(3):
            _take(g, "Fine")
    assert json.dumps(game.to_json()) == json.dumps(untouched.to_json())


@pytest.mark.parametrize("engine", ["interpreter", "compiled"])
def test_the_budget_running_out_leaves_the_game_as_it_was(tmp_path, engine):
    _left_as_it_was(_exits_game(tmp_path, engine), "Runaway", RuleError, "steps")


@pytest.mark.parametrize("engine", ["interpreter", "compiled"])
def test_an_interrupt_half_way_through_an_action_leaves_the_game_as_it_was(tmp_path, engine, monkeypatch):
    """Not a mistake of the content (nothing to say about it): the interrupt
    goes on to the caller, the game rolled back, and no engine plays it again."""
    from waybill.runtime.engine import functions

    def interrupt(m, loc, x):
        raise KeyboardInterrupt
    monkeypatch.setitem(functions.IMPLS, "abs", interrupt)
    game = _exits_game(tmp_path, engine)
    _left_as_it_was(game, "Interrupted", KeyboardInterrupt, None)
    assert game.rules.deopts == 0


def test_the_compiled_engine_stopping_half_way_plays_the_action_again_from_where_it_began(tmp_path, monkeypatch):
    """The compiled engine's way out (pygen.py): a Python error inside its
    code rolls the action back and the reference interpreter plays it again.
    Here the compiled engine's gain writes its counter and then fails; the
    interpreter's gain does not: the game must come out as the interpreter's
    alone, not with anything of the failed attempt in it."""
    from waybill.runtime.compiled import pyhelpers
    from waybill.runtime.engine import primitives

    def half_a_gain(m, loc, spec, amount, who):
        primitives.gain(m, loc, spec[0], amount, who)       # written ...
        raise ValueError("planted")                          # ... then the engine stops
    monkeypatch.setitem(pyhelpers.HELPERS, "_gn", half_a_gain)
    compiled = _exits_game(tmp_path / "c", "compiled")
    reference = _exits_game(tmp_path / "i", "interpreter")
    for g in (compiled, reference):
        _take(g, "Fine")
    assert compiled.rules.deopts >= 1
    assert json.dumps(compiled.to_json()) == json.dumps(reference.to_json())
    assert compiled.log == reference.log
