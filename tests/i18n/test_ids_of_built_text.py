"""Ids for the text a pack builds itself (issue #16): a string offered as a
choice (``["stop here"] + spaces``), text joined with ``+``
(``"Stack " + text_of(n)``), the words of a track, enum-like card field
values. Each is a message derived from its declaration and place, so bots
and scenarios match the id and a view says it in any language."""

from __future__ import annotations

import random

import pytest

from waybill import load_pack
from waybill.bots import badlands as badlands_bot
from waybill import make_bot
from waybill.bots import weds as weds_bot
from waybill import compile_pack
from waybill import Game
from waybill.runtime.text.words import option_ids
from waybill.spec.messages import messages


@pytest.fixture(scope="module")
def weds_messages():
    return {m.id: m for m in messages(compile_pack("weds").ir)}


@pytest.mark.parametrize("const,english", [
    ("STOP_HERE", "stop here"), ("FREE_ACTION", "take a free action"), ("DONE_SHOPPING", "done shopping"),
    ("KEEP_MODS", "keep my mods"), ("KEEP_LOAD", "keep my load"), ("EMPTY_SLOT", "an empty slot"),
    ("DASHBOARD_SLOT", "an empty slot on the dashboard"), ("WEAPONS_HOLD", "a Weapons Storage hold"),
])
def test_the_ids_the_weds_bot_matches_are_the_packs(weds_messages, const, english):
    # a reordering in content that renumbers an id fails here, not silently in a bot
    mid = getattr(weds_bot, const)
    assert mid in weds_messages and weds_messages[mid].english() == english


def test_the_engine_answers_the_bots_match_are_the_engines():
    from waybill.spec.messages import ENGINE_IDS
    for mod in (weds_bot, badlands_bot):
        assert {mod.DONE, mod.PASS, mod.YES, mod.NO} <= set(ENGINE_IDS)


def test_ids_come_from_the_declaration_and_place(weds_messages):
    # movement.wb: `choose as drive_where by p "Drive where? ..." from ["stop here" as stop_here] + opts + extra`
    stop = weds_messages["proc-drive_truck-str-stop_here"]
    assert stop.english() == "stop here" and stop.at[1:] == [112, 75]
    # cards/contracts.wb: `["Stack " as stack + text_of(v.stack)]` — a pattern with a hole, named by its part
    assert weds_messages["ent-vision_quest_contract-action-take_vision_quest-str-stack"].english() == "Stack { $arg1 }"
    # components.wb: `track directions { "north", ... }`; cargo.wb: `cargo_type: "food"`
    assert weds_messages["track-directions-1"].english() == "north"
    assert weds_messages["value-food"].english() == "food"
    # a key compared or passed (`round_event = "dust_storm"`, `market_price("food")`) is no text
    assert not any(m.english() in ("dust_storm", "mod_shop") for m in weds_messages.values())


def test_a_string_choice_has_its_id_and_is_said_in_russian():
    g = Game.new(load_pack("weds"), players=2, seed=1)
    bots = [make_bot("default", "weds") for _ in range(2)]
    rng = random.Random(1)
    for _ in range(400):
        ids = option_ids(g)
        if weds_bot.STOP_HERE in ids:
            break
        g.apply(bots[g.pending["player"]].choose(g, g.legal_actions(), rng))
    i = ids.index(weds_bot.STOP_HERE)
    assert g.legal_actions()[i]["label"] == "stop here"
    shown = g.view(g.pending["player"], lang="ru")["pending"]["options"][i]
    assert shown["msg"] == weds_bot.STOP_HERE and shown["label"] == "остановиться здесь"


def test_a_translation_that_asks_for_a_value_the_line_lacks_says_the_english(tmp_path):
    # a variant that replaces a procedure numbers its lines anew: the
    # catalogue's line under that id may want a value this one lacks
    import shutil

    from tests.wbkit import ROOT
    from waybill.runtime.text.catalogue import catalogue
    pack = tmp_path / "dice_race"
    shutil.copytree(ROOT / "tests" / "packs" / "dice_race", pack)
    (pack / "locales" / "ru.ftl").write_text("action-run-log1 = { $me } бросает { $n } за { $other }\n",
                                            encoding="utf-8")
    rules = load_pack(str(pack))
    g = Game.new(rules, players=["Аня", "Боря"], seed=5)
    while not any(e["type"] == "say" for e in g.log):
        g.apply(next(a for a in g.legal_actions() if a["label"] == "Roll and run"))
    en = [e["text"] for e in g.view(0, log=True)["log"] if e["type"] == "say"]
    ru = [e["text"] for e in g.view(0, log=True, lang="ru")["log"] if e["type"] == "say"]
    assert ru == en and "action-run-log1" in catalogue(rules, "ru").missing


def test_an_empty_list_in_a_hole_is_said_alike_by_the_catalogue_and_the_engine(tmp_path):
    # a WEDS pillage that got nothing logged "Player 2 pillages  from ..." in the
    # engine's English (access.text_of, as main's log said it) while the
    # catalogue said "pillages none from": both paths now say a list in a hole
    # (a line's, a text_of's) the same way, an empty one as no words
    import shutil

    from tests.wbkit import ROOT
    from waybill.i18n import extract
    pack = tmp_path / "dice_race"
    shutil.copytree(ROOT / "tests" / "packs" / "dice_race", pack)
    src = (pack / "pack.wb").read_text(encoding="utf-8")
    line = '  log "{me} rolls {n}"\n'
    assert line in src
    (pack / "pack.wb").write_text(src.replace(line, line + '  let kept = []\n'
                                              '  log "{me} keeps {kept} and {[n, n]} ({text_of(kept) + "!"})"\n', 1),
                                  encoding="utf-8")
    extract(str(pack))          # the English catalogue holds the new line
    g = Game.new(load_pack(str(pack)), players=2, seed=5)
    g.apply(next(a for a in g.legal_actions() if a["label"] == "Roll and run"))
    mine = [e for e in g.log if e["type"] == "say" and "keeps" in e["text"]]
    assert len(mine) == 1
    n = g.log[g.log.index(mine[0]) - 1]["text"].rsplit(" ", 1)[1]
    want = f"Player 1 keeps  and {n}, {n} (!)"
    assert mine[0]["text"] == want
    for lang in ("en", "ru"):
        said = [e["text"] for e in g.view(0, log=True, lang=lang)["log"] if e["type"] == "say" and "keeps" in e["text"]]
        assert said == [want if lang == "en" else want.replace("Player 1", "Игрок 1")], lang
