"""Text is catalogued (issue #16): message ids apart from words, Fluent
catalogues per pack and language, `waybill i18n extract|coverage|pseudo`,
`--lang` and `Game.view(seat, lang=...)`.

The test pack `dice_race` ships an uppercase pseudo-locale (`qps`, written
by `waybill i18n pseudo`), so a string still in lower case on a `qps`
screen is one the catalogues miss."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from tests.wbkit import ROOT, WAYBILL
from waybill import load_pack
from waybill import compile_pack
from waybill.i18n import coverage, extract
from waybill import Game
from waybill.runtime.text.catalogue import catalogue
from waybill.spec.messages import messages

RACE = ROOT / "tests" / "packs" / "dice_race"


def run(*args, cwd=None):
    return subprocess.run(WAYBILL + list(args), capture_output=True, text=True, cwd=cwd or ROOT, timeout=300)


def race_copy(tmp_path):
    dst = tmp_path / "dice_race"
    shutil.copytree(RACE, dst)
    return dst


def ids_of(folder) -> dict[str, str]:
    ir = compile_pack(str(folder)).ir
    return {m.id: m.english() for m in messages(ir)}


# --- ids ------------------------------------------------------------------------------

def test_ids_are_stable_across_runs():
    a = [m.id for m in messages(compile_pack("weds").ir)]
    b = [m.id for m in messages(compile_pack("weds").ir)]
    assert a == b and len(a) == len(set(a)) > 500


def test_ids_do_not_change_with_unrelated_edits(tmp_path):
    pack = race_copy(tmp_path)
    before = ids_of(pack)
    src = (pack / "pack.wb").read_text()
    # new lines above everything, a new action before the others, a reworded log line
    src = src.replace('resource points', '\n\n# a comment\naction sing "Sing" { tags: turn log "{me} sings" }\n\n'
                      'resource points', 1)
    src = src.replace('log "{me} rolls {n}"', 'log "{me} throws {n}"')
    (pack / "pack.wb").write_text(src)
    after = ids_of(pack)
    assert after["action-sing"] == "Sing" and after["action-sing-log1"] == "{ $me } sings"
    assert after["action-run-log1"] == "{ $me } throws { $n }"          # same id, new words
    assert {k: v for k, v in after.items() if k in before and k != "action-run-log1"} == \
        {k: v for k, v in before.items() if k != "action-run-log1"}
    assert set(before) <= set(after)


def test_extract_is_idempotent_and_drops_stale_ids(tmp_path):
    pack = race_copy(tmp_path)
    path, n, changed = extract(str(pack))
    assert not changed, "the committed en.ftl of the test pack is current"
    assert extract(str(pack))[2] is False
    src = (pack / "pack.wb").read_text()
    (pack / "pack.wb").write_text(src.replace('log "{me} rolls {n}"\n', ""))
    _, n2, changed = extract(str(pack))
    assert changed and n2 == n - 1
    assert "action-run-log1" not in open(path, encoding="utf-8").read()


def test_shipped_english_catalogues_are_current(tmp_path):
    for pack in ("weds", "badlands", "warfare"):
        out = tmp_path / f"{pack}.ftl"
        extract(pack, str(out))
        assert out.read_text(encoding="utf-8") == (ROOT / "content" / pack / "locales" / "en.ftl").read_text(
            encoding="utf-8"), f"run `waybill i18n extract {pack}`"


def test_english_catalogue_says_what_the_content_says():
    from fluent.runtime import FluentBundle, FluentResource
    b = FluentBundle(["en"], use_isolating=False)
    b.add_resource(FluentResource((ROOT / "content/weds/locales/en.ftl").read_text(encoding="utf-8")))
    for m in messages(compile_pack("weds").ir):
        if not m.vars and b.has_message(m.id):
            assert b.format_pattern(b.get_message(m.id).value)[0] == m.text, m.id
        for a, text in m.attrs.items():
            assert b.format_pattern(b.get_message(m.id).attributes[a])[0] == text, f"{m.id}.{a}"


# --- views in a language -----------------------------------------------------------

LOWER = re.compile(r"[a-z]")


def _played(seed=3, steps=12):
    rules = load_pack(str(RACE))
    g = Game.new(rules, players=["ANN", "BOB"], seed=seed)
    for i in range(steps):
        if g.over:
            break
        legal = g.legal_actions()
        g.apply(legal[i % len(legal)])
    return rules, g


def _strings(v: dict):
    """Every player-facing string of a view: labels, texts, names, prompts, log lines."""
    p = v["pending"] or {}
    yield p.get("prompt")
    for o in p.get("options") or []:
        yield o["label"]
    for part in v["display"]["panels"] + [{"items": v["display"]["board"]}]:
        for it in part["items"]:
            yield it["label"]
            yield from (it["text"] if isinstance(it["text"], list) else [it["text"]])
            val = it.get("value") if isinstance(it.get("value"), dict) else None
            if val and "name" in val:
                yield val["name"]
    for e in v["entities"].values():
        yield e["name"]
        yield e.get("text")
    for e in v["log"]:
        if e["type"] == "say":
            yield e["text"]
        elif e["type"] == "action" and e.get("label"):
            yield e["label"]
        elif e["type"] == "stopped":
            yield e["message"]


def test_a_view_in_the_pseudo_locale_has_every_string_translated():
    rules, g = _played()
    seen = 0
    for seat in (0, 1, None):
        v = g.view(seat, log=True, lang="qps")
        for s in _strings(v):
            if s is None:
                continue
            seen += 1
            assert not LOWER.search(s), f"not translated: {s!r}"
    assert seen > 40
    assert catalogue(rules, "qps").missing == set()


def test_language_changes_only_words():
    _, g = _played()
    en, qps = g.view(0, log=True, zones=True), g.view(0, log=True, zones=True, lang="qps")
    assert en["pending"]["prompt"] != qps["pending"]["prompt"]
    for a, b in zip(en["pending"]["options"], qps["pending"]["options"]):
        assert a["id"] == b["id"] and a["option"] == b["option"] and a.get("msg") == b.get("msg")
    assert en["counters"] == qps["counters"] and en["zones"] == qps["zones"]
    assert [e["type"] for e in en["log"]] == [e["type"] for e in qps["log"]]
    # and the game is the same game: nothing in the state depends on the language
    _, g2 = _played()
    assert g.to_json() == g2.to_json()


def test_a_hidden_hand_stays_hidden_in_every_language():
    _, g = _played()
    for seat, other in ((0, 1), (1, 0)):
        text = json.dumps(g.view(seat, log=True, lang="qps"))
        hand = [g.state.p_ent[p] for p in g.state.zones[g.m.L.zslot[("hand", other)]]]
        mine = [g.state.p_ent[p] for p in g.state.zones[g.m.L.zslot[("hand", seat)]]]
        for eid in set(hand) - set(mine):
            # the other seat's card may be public elsewhere (the discard pile): only check it when it is not
            if all(g.state.p_ent[p] != eid for z in ("discard",) for p in g.state.zones[g.m.L.zslot[(z, None)]]):
                assert eid.upper() not in text


def test_a_missing_translation_falls_back_to_english_and_is_counted(tmp_path):
    pack = race_copy(tmp_path)
    qps = pack / "locales" / "qps.ftl"
    qps.write_text(re.sub(r"(?m)^action-run = .*\n", "", qps.read_text(encoding="utf-8")), encoding="utf-8")
    cov = coverage(str(pack), "qps")
    assert cov["missing"] == ["action-run"] and cov["translated"] == cov["total"] - 1
    rules = load_pack(str(pack))
    g = Game.new(rules, players=["ANN", "BOB"], seed=3)
    labels = [o["label"] for o in g.view(g.pending["player"], lang="qps")["pending"]["options"]]
    assert "Roll and run" in labels and "PLAY A BOOST CARD" in labels
    assert catalogue(rules, "qps").missing == {"action-run"}
    out = run("i18n", "coverage", str(pack), "--lang", "qps", "--json")
    assert out.returncode == 0 and json.loads(out.stdout)["missing"] == ["action-run"]


def test_a_language_without_a_catalogue_is_english():
    _, g = _played()
    assert g.view(0, log=True, lang="xx")["pending"] == g.view(0, log=True)["pending"]


def test_plural_forms_select_on_numbers(tmp_path):
    pack = race_copy(tmp_path)
    (pack / "locales" / "ru.ftl").write_text(
        "action-run-log1 = { $me } { $n ->\n"
        "    [one] бросает { $n } очко\n    [few] бросает { $n } очка\n   *[other] бросает { $n } очков\n}\n",
        encoding="utf-8")
    rules = load_pack(str(pack))
    g = Game.new(rules, players=["Аня", "Боря"], seed=5)
    while not any(e["type"] == "say" for e in g.log):
        g.apply(next(a for a in g.legal_actions() if a["label"] == "Roll and run"))
    said = [e for e in g.view(0, log=True, lang="ru")["log"] if e["type"] == "say"]
    n = said[0]["args"]["n"]
    word = {1: "очко", 2: "очка", 3: "очка", 4: "очка"}.get(n, "очков")
    assert said[0]["text"].endswith(f"бросает {n} {word}")


# --- bots, scenarios and the command line with --lang ----------------------------------------

def test_scenarios_match_message_ids_as_well_as_english(tmp_path):
    pack = race_copy(tmp_path)
    sc = (pack / "scenarios.wb").read_text()
    sc = sc.replace('do "Play a boost card"', 'do "action-play_boost"')
    sc = sc.replace('do "Roll and run"\n  expect me.points == 6', 'expect offered "action-run"\n  do "action-run"\n'
                    '  expect me.points == 6')
    (pack / "scenarios.wb").write_text(sc)
    out = run("test", str(pack))
    assert out.returncode == 0, out.stdout + out.stderr


def test_sim_and_list_in_a_language():
    out = run("sim", str(RACE), "-g", "2", "-p", "2", "--lang", "qps")
    assert out.returncode == 0 and "DICE RACE" in out.stdout and "PLAYER 1" in out.stdout
    out = run("list", str(RACE), "--lang", "qps", "--json")
    rows = {r["id"]: r["name"] for r in json.loads(out.stdout)}
    assert rows["leap"] == "LEAP" and rows["run"] == "ROLL AND RUN" and rows["s0"] == "START"


def test_play_in_a_language_watching_bots():
    out = run("play", str(RACE), "--human", "none", "--lang", "qps", "-s", "2")
    assert out.returncode == 0, out.stderr
    assert "GAME OVER." in out.stdout and "ROLLS" in out.stdout


def test_cards_in_a_language(tmp_path):
    out = run("cards", str(RACE), "-o", str(tmp_path), "--lang", "qps")
    assert out.returncode == 0, out.stderr
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "MOVE 3 POINTS." in html


@pytest.mark.parametrize("lang", ["qps", "ru"])
def test_bots_play_the_same_game_in_any_language(lang):
    import random

    from waybill import make_bot
    rules = load_pack("weds")
    games = []
    for view_lang in (None, lang):
        g = Game.new(rules, players=3, seed=11)
        bots = [make_bot("default", "weds") for _ in range(3)]
        rng = random.Random(4)
        for _ in range(150):
            if g.over:
                break
            seat = g.pending["player"]
            g.view(seat, log_from=0, lang=view_lang)         # a screen drawn in that language
            g.apply(bots[seat].choose(g, g.legal_actions(), rng))
        games.append(g.to_json())
    assert games[0] == games[1]


def test_serve_sends_views_in_its_language():
    from waybill.serve import Store, offer
    store = Store(offer([str(RACE)]), None, lang="qps")
    made = store.create({"pack": "dice_race", "players": 2, "seed": 3})
    seat, token = next(iter(made["tokens"].items()))
    state = store.state(made["id"], token)
    assert state["view"]["display"]["board"][0]["label"] == "LAP"
    assert all(not LOWER.search(o["label"]) for o in (state["view"]["pending"] or {}).get("options") or [])


@pytest.mark.parametrize("bad", ["../../etc/x", "ru/../en", "", "r", 7])
def test_a_language_is_a_tag_never_a_path(bad):
    from waybill import WaybillError
    _, g = _played()
    if bad == "":
        assert g.view(0, lang=bad) == g.view(0)
        return
    with pytest.raises(WaybillError):
        g.view(0, lang=bad)
