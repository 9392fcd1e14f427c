"""The balance report: written by `waybill balance`, opened from disk in
headless Chromium with the network cut off, it renders every plot with no
console error and asks for nothing outside the file."""

from __future__ import annotations

import json
import os
import re
import shutil

import pytest
from click.testing import CliRunner

from waybill.cli import main

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("balance") / "report.html"
    res = CliRunner().invoke(main, ["balance", "badlands", "--players", "2", "--games", "6", "--seed", "3",
                                    "--round-cap", "12", "-o", str(out), "--json"])
    assert res.exit_code == 0, res.output
    return out, json.loads(res.stdout)


def test_the_figures_cover_every_section(report):
    _, stats = report
    assert stats["games"] == 6
    assert len(stats["seats"]) == 2
    assert stats["finished"] + len(stats["capped"]) + len(stats["errors"]) == 6
    assert [s["key"] for s in stats["choices"]] == ["leader"]
    assert [s["key"] for s in stats["cards"]] == ["item", "ally"]


def test_the_page_is_self_contained(report):
    path, stats = report
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", text)     # nothing fetched
    assert "<script src" not in text
    for section in ("seats", "length", "capped", "choices", "cards"):
        assert f"id='{section}'" in text
    embedded = re.search(r"<script type='application/json' id='data'>(.*?)</script>", text, re.S).group(1)
    assert json.loads(embedded.replace("<\\/", "</"))["stats"] == stats


def test_the_same_games_give_the_same_file(report, tmp_path):
    path, _ = report
    again = tmp_path / "again.html"
    res = CliRunner().invoke(main, ["balance", "badlands", "--players", "2", "--games", "6", "--seed", "3",
                                    "--round-cap", "12", "-o", str(again)])
    assert res.exit_code == 0, res.output
    assert again.read_bytes() == path.read_bytes()


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install -y chromium)")
def test_the_report_renders_in_chromium_from_disk(report, tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    path, stats = report
    problems: list[str] = []
    asked: list[str] = []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            context = browser.new_context(viewport={"width": 1000, "height": 800})

            def only_the_file(route):
                asked.append(route.request.url)
                if route.request.url.startswith("file:"):
                    route.continue_()
                else:
                    route.abort()
            context.route("**/*", only_the_file)
            page = context.new_page()
            page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
            page.on("pageerror", lambda e: problems.append(str(e)))
            page.goto(path.as_uri())
            page.wait_for_load_state("load")
            svgs = page.locator("figure svg")
            # seats, rounds, actions, one per choice with rows, one per card kind with rows
            expected = 3 + sum(1 for s in stats["choices"] + stats["cards"] if s["rows"])
            assert svgs.count() == expected
            for i in range(svgs.count()):
                box = svgs.nth(i).bounding_box()
                assert box and box["width"] > 100 and box["height"] > 50
            assert page.locator("h2").all_inner_texts() == [
                "Win rate by seat", "Game length", "Capped games", "Win rate by choice",
                "Cards held at the end and winning"]
            assert "Player 1" in page.locator("#seats + figure").inner_text()
            page.screenshot(path=str(tmp_path / "report.png"), full_page=True)
        finally:
            browser.close()
    assert problems == []
    assert asked == [path.as_uri()]


def test_a_pack_without_a_balance_block_still_gets_seats_lengths_and_caps(tmp_path):
    from tests.wbkit import ROOT
    out = tmp_path / "dice.html"
    res = CliRunner().invoke(main, ["balance", str(ROOT / "tests" / "packs" / "dice_race"), "--players", "2",
                                    "--games", "5", "-o", str(out), "--json"])
    assert res.exit_code == 0, res.output
    stats = json.loads(res.stdout)
    assert stats["choices"] == [] and stats["cards"] == [] and len(stats["seats"]) == 2
    text = out.read_text(encoding="utf-8")
    assert "declares no balance choices" in text and "No game was capped." in text


def test_an_unwritable_output_is_a_clean_error(tmp_path):
    res = CliRunner().invoke(main, ["balance", "badlands", "--players", "2", "--games", "1",
                                    "-o", str(tmp_path / "no" / "such" / "r.html")])
    assert res.exit_code == 1 and "cannot write" in res.output
