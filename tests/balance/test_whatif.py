"""What-if balance studies: `waybill balance PACK --set KEY=VALUE` and
`--compare "A" "B"` (waybill.whatif, waybill.balance.overrides and .compare).

Overrides are checked like content ("an unknown key or a wrong type is an
error with a suggestion"); a comparison reports, per seat and per declared
choice, both rates, B - A with a Newcombe interval, Fisher's exact p and its
Holm-adjusted p, and a closing note; the page renders in headless Chromium."""

from __future__ import annotations

import json
import os
import random
import shutil

import pytest
from click.testing import CliRunner

from waybill import Game, compile_ir, rules_from_ir
from waybill.balance.compare import compare
from waybill.balance.overrides import OverrideError, apply, parse
from waybill.cli import main

pytest.importorskip("scipy")
pytest.importorskip("statsmodels")

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def weds_ir():
    return compile_ir("weds")


def test_an_entity_field_and_a_counter_start_are_overridden(weds_ir):
    # content/weds/cards/mods.wb: truck_mod gunner "Gunner" { cost: 9 ... }
    ir = apply(weds_ir, [parse("gunner.cost=8"), parse("round_cap=2"), parse("gunner.copies=3")])
    rules = rules_from_ir(ir)
    assert rules.entities["gunner"]["fields"]["cost"] == 8
    assert weds_ir["entities"] != ir["entities"]                      # the original is untouched
    assert sum(1 for e in Game.new(rules, 3, seed=1).state.p_ent if e == "gunner") == 3
    # weds plays `while round_number() < round_cap`: with round_cap 2 the season is two rounds
    game = Game.new(rules, 3, seed=1)
    rng = random.Random(1)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    assert game.view(0)["round"] == 2


def test_the_overridden_price_is_the_price_paid(weds_ir):
    # content/weds/cargo.wb, visit_shop: `let price = highest(0, m.cost - left)` ... `log "{p} buys {m} for ${price}"`
    from waybill import make_bot
    rules = rules_from_ir(apply(weds_ir, [parse("gunner.cost=8")]))
    game, bot, rng = Game.new(rules, 4, seed=3), make_bot("default", rules), random.Random(3)
    while not game.over and not any("buys Gunner" in m for m in game.messages()):
        game.apply(bot.choose(game, game.legal_actions(), rng))
    assert "Player 1 buys Gunner for $8" in game.messages()


@pytest.mark.parametrize("text, says", [
    ("gunner.cots=8", "has no field 'cots' (did you mean 'cost'?)"),
    ("gunnr.cost=8", "no entity 'gunnr' (did you mean 'gunner'?)"),
    ("roundcap=5", "no counter 'roundcap' (did you mean 'round_cap'?)"),
    ("gunner.cost=cheap", "declared int, not a word, e.g. gunner.cost=8"),
    ("gunner.cost=true", "declared int, not a flag"),
    ("round_cap=soon", "so its value is a number, not a word"),
    ("gunner.copies=-1", "copies is a whole number"),
])
def test_a_bad_override_says_what_and_suggests(weds_ir, text, says):
    with pytest.raises(OverrideError) as err:
        apply(weds_ir, [parse(text)])
    assert says in str(err.value)


def test_a_field_typed_by_a_kind_takes_an_entity_of_that_kind(weds_ir):
    # content/weds: a faction_job's `faction` field holds a faction
    job = next(e["id"] for e in weds_ir["entities"] if e["kind"] == "faction_job")
    ir = apply(weds_ir, [parse(f"{job}.faction=archivists")])
    assert next(e for e in ir["entities"] if e["id"] == job)["fields"]["faction"] == {"entity": "archivists"}
    with pytest.raises(OverrideError, match="holds a faction"):
        apply(weds_ir, [parse(f"{job}.faction=gunner")])


def test_the_cli_refuses_bad_overrides_before_any_game(tmp_path):
    out = tmp_path / "r.html"
    res = CliRunner().invoke(main, ["balance", "weds", "--set", "gunner.cots=8", "-o", str(out)])
    assert res.exit_code == 2 and "did you mean 'cost'?" in res.output and "--set" in res.output
    res = CliRunner().invoke(main, ["balance", "weds", "--compare", "gunner.cost=9", "gunner.cost=x", "-o", str(out)])
    assert res.exit_code == 2 and "--compare" in res.output and "not a word" in res.output
    res = CliRunner().invoke(main, ["balance", "weds", "--compare", "", "+no_such_variant", "-o", str(out)])
    assert res.exit_code == 1 and "unknown variant" in res.output
    assert not out.exists()


def _stats(seat_wins: list[int], n: int) -> dict:
    return {"seats": [{"seat": s, "wins": w, "n": n} for s, w in enumerate(seat_wins)], "choices": []}


def test_a_large_difference_is_significant_and_a_small_one_is_not():
    result = compare(_stats([20, 80], 100), _stats([60, 40], 100))
    assert [r["significant"] for r in result["rows"]] == [True, True]
    row = result["rows"][0]
    assert row["diff"] == 0.4 and row["lo"] < 0.4 < row["hi"] and row["lo"] > 0
    assert row["p_holm"] >= row["p"]
    assert "2 of 2 differences are significant" in result["note"]
    same = compare(_stats([50, 50], 100), _stats([53, 47], 100))
    assert not any(r["significant"] for r in same["rows"])
    assert same["rows"][0]["lo"] < 0 < same["rows"][0]["hi"]
    assert "None of the 2 differences is significant" in same["note"]


def test_what_the_arms_held_differently_is_listed_largest_change_first():
    def held(counts: dict) -> dict:
        rows = [{"id": k, "name": k.title(), "n": n, "wins": 0} for k, n in counts.items()]
        return dict(_stats([1, 1], 2), cards=[{"key": "mod", "label": "mod", "rows": rows}])
    rows = compare(held({"gunner": 10, "turbo": 5}), held({"gunner": 30, "turbo": 4, "rig": 1}))["held"]
    assert [(r["id"], r["a"], r["b"], r["diff"]) for r in rows] == [
        ("gunner", 10, 30, 20), ("rig", 0, 1, 1), ("turbo", 5, 4, -1)]


def test_holm_corrects_over_every_row():
    # one borderline seat among many: Fisher's p under 0.05, not after Holm over 8 rows
    a = _stats([40] + [50] * 7, 100)
    b = _stats([55] + [50] * 7, 100)
    row = compare(a, b)["rows"][0]
    assert row["p"] < 0.05 and row["p_holm"] > 0.05 and not row["significant"]


@pytest.fixture(scope="module")
def compared(tmp_path_factory):
    out = tmp_path_factory.mktemp("whatif") / "r.html"
    res = CliRunner().invoke(main, ["balance", "badlands", "--players", "2", "--games", "6", "--seed", "3",
                                    "--round-cap", "12", "--compare", "", "max_rounds=3", "-o", str(out), "--json"])
    assert res.exit_code == 0, res.output
    return out, json.loads(res.stdout)


def test_the_comparison_has_both_arms_and_every_row(compared):
    _, data = compared
    assert data["a"]["games"] == data["b"]["games"] == 6
    rows = data["compare"]["rows"]
    assert [r["name"] for r in rows if r["group"] == "seat"] == ["seat 0", "seat 1"]
    assert any(r["group"] == "leader" for r in rows)           # badlands: balance { choices: leader }
    assert "Fisher" in data["compare"]["test"] and "Holm" in data["compare"]["correction"]
    for r in rows:
        if r["p"] is not None:
            assert r["lo"] <= r["diff"] <= r["hi"]


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install -y chromium)")
def test_the_comparison_renders_in_chromium_from_disk(compared):
    sync_api = pytest.importorskip("playwright.sync_api")
    path, data = compared
    problems: list[str] = []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_context().new_page()
            page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
            page.on("pageerror", lambda e: problems.append(str(e)))
            page.goto(path.as_uri())
            page.wait_for_load_state("load")
            assert page.locator("h2").all_inner_texts()[0] == "Win rate by seat"
            assert page.locator("h2").all_inner_texts()[-1] == "What the comparison found"
            assert page.locator("#note").inner_text() == data["compare"]["note"]
            for i in range(page.locator("figure svg").count()):
                box = page.locator("figure svg").nth(i).bounding_box()
                assert box and box["width"] > 100
        finally:
            browser.close()
    assert problems == []


def test_a_comparison_on_dask_is_the_comparison_in_one_process(compared, tmp_path):
    pytest.importorskip("dask.distributed")
    _, local = compared
    res = CliRunner().invoke(main, ["balance", "badlands", "--players", "2", "--games", "6", "--seed", "3",
                                    "--round-cap", "12", "--compare", "", "max_rounds=3", "--scheduler", "dask",
                                    "--jobs", "2", "-o", str(tmp_path / "d.html"), "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout) == local
