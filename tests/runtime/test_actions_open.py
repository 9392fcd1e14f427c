"""The `actions_open` function: how many live actions with a tag a player may take."""

from waybill import load_pack
from waybill import Game

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
