"""`waybill cards`: the HTML gallery, its escaping, and the page in headless Chromium."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.wbkit import write_pack
from waybill.cards import build_gallery
from waybill.cli import main
from waybill import compile_pack

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

HOSTILE = """\
kind gadget { note: str }
zone bin
gadget evil "<img src=x onerror=alert(1)>" {
  note: "</dd><script>alert(2)</script>"
  tags: sharp
  text "Take <b>$3</b> & \\"run\\" <script>alert(3)</script>"
  on moved where to == bin { log "{self}" }
}
"""


def test_every_content_string_is_escaped(tmp_path):
    folder = write_pack(tmp_path / "pk", HOSTILE)
    page = build_gallery(str(folder)).html
    assert page is not None
    assert "<script>alert" not in page and "<img src=x" not in page and "<b>$3</b>" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page
    assert "&lt;/dd&gt;&lt;script&gt;alert(2)&lt;/script&gt;" in page
    assert "Take &lt;b&gt;$3&lt;/b&gt; &amp; &quot;run&quot;" in page
    assert page.count("<script>") == 1  # the page's own filter script


def test_cards_command_writes_one_page(tmp_path):
    result = CliRunner().invoke(main, ["cards", "badlands", "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    ir = compile_pack("badlands").ir
    assert f"({len(ir['entities'])} cards)" in result.output
    for ent in ir["entities"]:
        assert f'data-id="{ent["id"]}"' in page
    assert "http://" not in page and "https://" not in page  # opens from disk, loads nothing


def test_cards_command_reports_a_broken_pack(tmp_path):
    folder = write_pack(tmp_path / "pk", "kind gadget { }\ngadget g { colour: 1 }\n")
    result = CliRunner().invoke(main, ["cards", str(folder), "-o", str(tmp_path / "out")])
    assert result.exit_code == 1 and "E304" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def _browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright (Python) is not installed")
    return sync_api


def test_the_weds_gallery_in_headless_chromium(tmp_path):
    sync_api = _browser()
    ir = compile_pack("weds").ir
    result = CliRunner().invoke(main, ["cards", "weds", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    url = (tmp_path / "index.html").resolve().as_uri()
    kinds: dict[str, int] = {}
    for ent in ir["entities"]:
        kinds[ent["kind"]] = kinds.get(ent["kind"], 0) + 1
    kind = max(kinds, key=lambda k: (kinds[k] < len(ir["entities"]), -abs(kinds[k] - 12)))
    problems: list[str] = []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: problems.append(str(e)))
            page.on("request", lambda r: None if r.url.startswith("file:") else problems.append("fetched " + r.url))
            page.goto(url)
            ids = page.eval_on_selector_all("article.card", "cs => cs.map(c => c.dataset.id)")
            assert sorted(ids) == sorted(e["id"] for e in ir["entities"])
            assert page.locator("article.card:not(.hidden)").count() == len(ir["entities"])
            page.click(f"button.filter[data-kind='{kind}']")
            visible = page.eval_on_selector_all("article.card:not(.hidden)", "cs => cs.map(c => c.dataset.kind)")
            assert visible == [kind] * kinds[kind]
            assert page.locator("button.filter.on").get_attribute("data-kind") == kind
            page.screenshot(path=str(tmp_path / "weds-cards.png"))
            page.click("button.filter[data-kind='']")
            assert page.locator("article.card:not(.hidden)").count() == len(ir["entities"])
        finally:
            browser.close()
    assert problems == []
    shot = tmp_path / "weds-cards.png"
    assert shot.stat().st_size > 10_000
    keep = os.environ.get("WAYBILL_SCREENSHOTS")
    if keep:  # a folder to keep the picture in, for a person to look at
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(keep) / shot.name)


def test_cards_with_a_variant_and_with_an_unknown_one(tmp_path):
    runner = CliRunner()
    ok = runner.invoke(main, ["cards", "weds", "--variant", "raider_warping", "-o", str(tmp_path / "v")])
    assert ok.exit_code == 0, ok.output
    assert "variants: raider_warping" in (tmp_path / "v" / "index.html").read_text(encoding="utf-8")
    bad = runner.invoke(main, ["cards", "weds", "--variant", "no_such_variant", "-o", str(tmp_path / "w")])
    assert bad.exit_code == 1 and "E207" in bad.output and "Traceback" not in bad.output
