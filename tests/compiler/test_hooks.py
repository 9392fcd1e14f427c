"""Expansion hooks (docs/LANGUAGE.md, "Steps before and after"): "`before`/`after` a
named procedure or setup step, so an expansion can insert a step without restating
the base procedure" (issue 26, item 9). Each test writes a base pack and an
expansion beside it and plays the setup under both engines."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from waybill import Game, Rules, compile_pack

BASE = """
pack base "Base"
resource coins "Coins"
zone deck { ordered }
zone hand per player { visible: owner }
kind card { value: int }
card c "Card {value}" for value in [1..20] { start: deck }
procedure deal_in(p: player) {
  draw(deck, p.hand, 2)
  log "dealt to {p}"
  return size(p.hand)
}
game {
  players 2..4
  setup { for p in players() { let n = deal_in(p)  log "{p} holds {n}" } }
  play { end_game() }
}
"""


def packs(tmp_path: Path, plus: str):
    (tmp_path / "base").mkdir(parents=True)
    (tmp_path / "base" / "pack.wb").write_text(textwrap.dedent(BASE), encoding="utf-8")
    (tmp_path / "plus").mkdir()
    (tmp_path / "plus" / "pack.wb").write_text('pack plus "Plus" extends base\n' + textwrap.dedent(plus),
                                               encoding="utf-8")
    return compile_pack(str(tmp_path / "plus"))


def said(ir: dict, engine: str) -> list[str]:
    g = Game.new(Rules.from_ir(ir, engine=engine), 2, seed=1)
    return [e["text"] for e in g.view(0, log=True)["log"] if e.get("text")]


@pytest.mark.parametrize("engine", ["compiled", "interpreter"])
def test_steps_run_before_and_after_every_call_and_around_the_setup(tmp_path, engine):
    result = packs(tmp_path, """
        before setup { log "before the setup" }
        after setup { log "after the setup" }
        before deal_in { log "before dealing to {p}" }
        after deal_in { log "after dealing to {p}: {result}" }
    """)
    assert result.ir is not None and not result.report.diagnostics, result.report.render()
    assert said(result.ir, engine) == [
        "before the setup",
        "before dealing to Player 1", "dealt to Player 1", "after dealing to Player 1: 2", "Player 1 holds 2",
        "before dealing to Player 2", "dealt to Player 2", "after dealing to Player 2: 2", "Player 2 holds 2",
        "after the setup"]


def test_the_hooked_procedure_keeps_its_id_and_its_message_ids(tmp_path):
    """Translations of the base procedure stay valid: the hooks live in a procedure of their own."""
    result = packs(tmp_path, 'after deal_in { log "extra" }\n')
    procs = {p["id"]: p for p in result.ir["procedures"]}
    plain = compile_pack(str(tmp_path / "base")).ir
    assert procs["deal_in"]["body"] == {p["id"]: p for p in plain["procedures"]}["deal_in"]["body"]
    assert "hooks-deal_in" in procs


def test_instead_of_still_replaces_the_procedure_between_its_hooks(tmp_path):
    result = packs(tmp_path, """
        before deal_in { log "before" }
        after deal_in { log "after: {result}" }
        instead of deal_in { log "no deal for {p}" }
    """)
    assert result.ir is not None, result.report.render()
    assert said(result.ir, "interpreter")[:4] == ["before", "no deal for Player 1", "after: none", "Player 1 holds none"]


def test_several_expansions_hook_in_pack_order(tmp_path):
    result = packs(tmp_path, 'after deal_in { log "one" }\nafter deal_in { log "two" }\n')
    assert said(result.ir, "compiled")[:4] == ["dealt to Player 1", "one", "two", "Player 1 holds 2"]


def test_a_hook_on_an_unknown_procedure_is_an_E307_with_the_nearest_name(tmp_path):
    result = packs(tmp_path, 'after deal_it { log "x" }\n')
    (d,) = [d for d in result.report.sorted() if d.severity == "error"]
    assert (d.code, d.span.line, d.span.column) == ("E307", 2, 7)
    assert d.message == "`after` needs a procedure or `setup`; `deal_it` is not one"
    assert d.hint == "did you mean `deal_in`?"


def test_a_hook_on_something_that_is_not_a_procedure_is_an_E307(tmp_path):
    result = packs(tmp_path, 'before deck { log "x" }\n')
    (d,) = [d for d in result.report.sorted() if d.severity == "error"]
    assert d.code == "E307" and d.message == "`before` needs a procedure or `setup`; `deck` is a zone"


def test_the_hook_body_is_checked_like_any_code(tmp_path):
    result = packs(tmp_path, 'after deal_in { gain(coins, reslt, who: p) }\n')
    (d,) = [d for d in result.report.sorted() if d.severity == "error"]
    assert (d.code, d.span.line, d.hint) == ("E301", 2, "did you mean `result`?")


def test_hooks_that_run_in_the_setup_need_a_seat_like_the_setup(tmp_path):
    """docs: "`before setup { ... }` runs ahead of everything ... (no player is acting there either)"."""
    result = packs(tmp_path, 'before setup { gain(coins, 1) }\nafter deal_in { gain(coins, result) }\n')
    got = [(d.code, d.span.line, d.message) for d in result.report.sorted() if d.severity == "error"]
    assert got == [
        ("E421", 2, "`gain(coins, ...)` in `before setup` goes to the acting player, and no player is acting here"),
        ("E421", 3, "`gain(coins, ...)` in `after deal_in` (called from the setup at pack.wb:15) goes to the "
                    "acting player, and no player is acting here")]
    fixed = packs(tmp_path / "ok", 'before setup { gain(coins, 1, who: player(0)) }\n'
                                   'after deal_in { gain(coins, result, who: p) }\n')
    assert fixed.ir is not None and not fixed.report.diagnostics, fixed.report.render()


def test_a_variant_may_add_a_step_too(tmp_path):
    result = packs(tmp_path, 'variant loud "Loud" {\n  after deal_in { log "loudly dealt to {p}" }\n}\n')
    assert said(result.ir, "interpreter")[:2] == ["dealt to Player 1", "Player 1 holds 2"]
    loud = compile_pack(str(tmp_path / "plus"), ["loud"])
    assert loud.ir is not None and not loud.report.diagnostics, loud.report.render()
    assert said(loud.ir, "compiled")[:3] == ["dealt to Player 1", "loudly dealt to Player 1", "Player 1 holds 2"]
