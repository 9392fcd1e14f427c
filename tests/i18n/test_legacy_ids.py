"""Catalogues and scenarios written before decisions had structural ids
keep working (DESIGN: packs written by others against today's language must
keep checking and passing their scenarios).

Before issue 24 a decision's prompt was ``<code>-ask<n>`` (the n-th
decision of its declaration) and a menu line ``<code>-ask<n>-opt<k>``. A
catalogue keyed so is still read (and `waybill check` says W804, with
`waybill i18n rekey` as the mend), and a scenario that answers by such an
id still finds the option.
"""

from __future__ import annotations

from waybill import Game, check_paths, load_pack
from waybill.scenarios import run_pack

PACK = '''pack bell "Bell"
counter rings "Rings" per player = 0
procedure ring(p: player) {
  may by p "Ring again?" { set p.rings += 1 }
  choose by p "How loud?" {
    "Soft": { set p.rings += 1 }
    "Loud": { set p.rings += 2 }
  }
}
game { players 2..2 play { ring(first(players())) end_game() } }

scenario loud "answered by the ids written before names" {
  players 2
  answer "engine-no"
  expect offered "proc-ring-ask2-opt2"
  answer "proc-ring-ask2-opt2"
  expect me.rings == 2
}
'''
# a catalogue as `waybill i18n extract` wrote it before structural ids
EN = '''pack-name = Bell
counter-rings = Rings
proc-ring-ask1 = Ring again?
proc-ring-ask2 = How loud?
proc-ring-ask2-opt1 = Soft
proc-ring-ask2-opt2 = Loud
'''
XX = '''pack-name = Колокол
counter-rings = Звоны
proc-ring-ask1 = Ещё раз?
proc-ring-ask2 = Как громко?
proc-ring-ask2-opt1 = Тихо
proc-ring-ask2-opt2 = Громко
'''


def _pack(tmp_path):
    folder = tmp_path / "bell"
    (folder / "locales").mkdir(parents=True)
    (folder / "pack.wb").write_text(PACK, encoding="utf-8")
    (folder / "locales" / "en.ftl").write_text(EN, encoding="utf-8")
    (folder / "locales" / "xx.ftl").write_text(XX, encoding="utf-8")
    return folder


def test_the_ids_before_names_are_known():
    rules = load_pack("weds")
    assert rules.messages.legacy["proc-drive_truck-ask1"] == "proc-drive_truck-ask-drive_where"
    assert rules.messages.legacy["ent-the_depot-action-depot_services-ask1-opt1"] == \
        "ent-the_depot-action-depot_services-ask-depot-repair"


def test_an_old_catalogue_checks_with_warnings_only(tmp_path):
    report = check_paths([str(_pack(tmp_path))])
    assert not report.errors, report.render()
    w804 = [d for d in report.diagnostics if d.code == "W804"]
    assert len(w804) == 8          # four old keys in each catalogue
    assert "`proc-ring-ask1` is the id `proc-ring-ask-may1` had before names" in w804[0].message
    assert not [d for d in report.diagnostics if d.code in ("W801", "W803")]   # nothing counted missing


def test_an_old_catalogue_still_translates(tmp_path):
    game = Game.new(load_pack(str(_pack(tmp_path))), players=2, seed=1)
    assert game.view(0, display=False, lang="xx")["pending"]["prompt"] == "Ещё раз?"
    game.apply(game.legal_actions()[1])      # no
    p = game.view(0, display=False, lang="xx")["pending"]
    assert p["prompt"] == "Как громко?" and [o["label"] for o in p["options"]] == ["Тихо", "Громко"]


def test_an_old_scenario_still_passes(tmp_path):
    outcomes = run_pack(str(_pack(tmp_path)))
    assert [(o.id, o.failure) for o in outcomes] == [("loud", None)]


def test_an_unknown_old_looking_id_is_still_an_error(tmp_path):
    folder = _pack(tmp_path)
    (folder / "locales" / "xx.ftl").write_text(XX + "proc-ring-ask7 = ?\n", encoding="utf-8")
    assert [d.code for d in check_paths([str(folder)]).errors] == ["E802"]
