"""The `actions_open` function: how many live actions with a tag a player may take."""

from waybill import load_pack
from waybill.runtime import Game

SRC = '''
pack t "T"
counter n per player = 0
action a "A" { tags: inner  require me.n < 1  set me.n += 1 }
action b "B" { tags: inner  set me.n += 0 }
action outer "Outer" {
  tags: main
  require actions_open("inner") > 0
  act tagged inner
}
action probe "Probe" { tags: main  let k = actions_open("inner")  log "open {k}" }
game "T" {
  players 1..2
  play { while true { start_turn(player(0)) act by player(0) tagged main } }
}
'''


def test_actions_open_counts_live_tagged_actions(tmp_path):
    (tmp_path / "pack.wb").write_text(SRC)
    g = Game.new(load_pack(str(tmp_path)), players=1, seed=1)
    labels = [a["label"] for a in g.legal_actions()]
    assert labels == ["Outer", "Probe"]
    g.apply(g.legal_actions()[1])
    assert g.messages()[-1] == "open 2"
    g.apply(g.legal_actions()[0])          # Outer -> A or B
    assert [a["label"] for a in g.legal_actions()] == ["A", "B"]
    g.apply(g.legal_actions()[0])          # A: n = 1, A is no longer open
    g.apply(g.legal_actions()[1])
    assert g.messages()[-1] == "open 1"


def test_view_without_log(tmp_path):
    (tmp_path / "pack.wb").write_text(SRC)
    g = Game.new(load_pack(str(tmp_path)), players=1, seed=1)
    g.apply(g.legal_actions()[1])
    assert g.view(0, log=True)["log"] and g.view(0, log=False)["log"] == []
    assert g.view(0, log=False)["counters"] == g.view(0, log=True)["counters"]


# --- "is one open?": a comparison that stops at the first open action ----------
# REFERENCE: `actions_open(tag, who)` is "how many live actions with a tag a
# player may take now (what `act ... tagged` would offer)". Compared with a
# constant so that only "one or none" matters (`> 0`, `>= 1`, `!= 0`;
# `== 0`, `< 1`, `<= 0`), the engines stop at the first open action.

import pytest

from waybill.runtime import decisions, functions
from waybill.runtime.exprs import existence
from waybill.runtime.legality import Cache, _NoCache

CALL = {"op": "call", "fn": "actions_open", "args": ["inner"]}


@pytest.mark.parametrize("o, n, some", [(">", 0, True), (">=", 1, True), ("!=", 0, True),
                                        ("==", 0, False), ("<", 1, False), ("<=", 0, False)])
def test_comparisons_that_ask_one_or_none(o, n, some):
    assert existence({"op": "bin", "o": o, "l": CALL, "r": n}) == (["inner"], some)


@pytest.mark.parametrize("e", [
    {"op": "bin", "o": ">", "l": CALL, "r": 1},               # at least two: a count
    {"op": "bin", "o": "==", "l": CALL, "r": 1},
    {"op": "bin", "o": ">", "l": CALL, "r": {"op": "var", "name": "k"}},
    {"op": "bin", "o": ">", "l": {"op": "call", "fn": "size", "args": ["x"]}, "r": 0},
    {"op": "bin", "o": ">", "l": CALL, "r": False},           # a bool is not the number 0
])
def test_comparisons_that_need_the_count(e):
    assert existence(e) is None


def test_a_constant_on_the_left_reads_the_same():
    assert existence({"op": "bin", "o": "<", "l": 0, "r": CALL}) == (["inner"], True)
    assert existence({"op": "bin", "o": ">=", "l": 0, "r": CALL}) == (["inner"], False)


FIRST = '''
pack t "T"
counter n per player = 0
action a "A" { tags: inner  require me.n >= 1  set me.n += 1 }
action b "B" { tags: inner  require me.n >= 1  set me.n += 0 }
action c "C" { tags: inner  require me.n >= 1  set me.n += 0 }
action outer "Outer" {
  tags: main
  require actions_open("inner") > 0
  act tagged inner
}
action none_open "None open" { tags: main  require actions_open("inner") == 0  set me.n += 1 }
game "T" {
  players 1..2
  play { while true { start_turn(player(0)) act by player(0) tagged main } }
}
'''


def _first_game(tmp_path, monkeypatch, cache: bool) -> Game:
    monkeypatch.setenv("WAYBILL_ENGINE", "interpreter")
    (tmp_path / "pack.wb").write_text(FIRST)
    g = Game.new(load_pack(str(tmp_path)), players=1, seed=1)
    if cache:
        g.m.legality = Cache(check=True)       # every kept answer compared with a fresh one
    return g


@pytest.mark.parametrize("cache", [True, False])
def test_one_or_none_stops_early_and_sees_an_action_opened_later(tmp_path, monkeypatch, cache):
    g = _first_game(tmp_path, monkeypatch, cache)
    # none of A, B, C is open (n = 0): "None open" is offered, "Outer" is not
    assert [a["label"] for a in g.legal_actions()] == ["None open"]
    g.apply(g.legal_actions()[0])          # n = 1: now all three are open
    assert [a["label"] for a in g.legal_actions()] == ["Outer"]
    checked = []
    real = decisions._offered
    monkeypatch.setattr(decisions, "_offered", lambda *a: checked.append(a[1].action) or real(*a))
    m = g.m
    m.legality = Cache(check=True) if cache else _NoCache()     # nothing kept yet
    assert functions.any_action_open(m, {"me": m.L.player_refs[0]}, "inner") is True
    assert checked == ["a"]                # stopped at the first open action
    assert functions.actions_open(m, {"me": m.L.player_refs[0]}, "inner") == 3
