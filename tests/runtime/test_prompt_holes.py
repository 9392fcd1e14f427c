"""Decision prompts fill `{expr}` holes like `log` strings do."""

from waybill import load_pack
from waybill import Game

SRC = '''
pack t "T"
counter n = 3
game "T" {
  players 1..2
  play {
    start_turn(player(0))
    let k = choose "Pick one of {n} (n + 1 = {n + 1})" from [1, 2]
    may "Really {k}?" { log "yes {k}" }
  }
}
'''


def test_prompts_are_interpolated(tmp_path):
    (tmp_path / "pack.wb").write_text(SRC)
    g = Game.new(load_pack(str(tmp_path)), players=1, seed=1)
    assert g.pending["prompt"] == "Pick one of 3 (n + 1 = 4)"
    g.apply(g.legal_actions()[1])
    assert g.pending["prompt"] == "Really 2?"
