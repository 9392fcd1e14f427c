"""The web page, driven in headless Chromium: games played by clicking its buttons."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.serve.live import DICE, running
from waybill.serve import Store, offer

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install -y chromium)")
sync_api = pytest.importorskip("playwright.sync_api")

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    store = Store(offer([DICE, "weds"]), str(tmp_path_factory.mktemp("games")))
    with running(store) as url:
        yield store, url


def start(page, url: str, pack: str, players: int, seat: int, seed: int) -> None:
    page.goto(url + "/")
    page.wait_for_selector(f"#pack option[value='{pack}']", state="attached")
    page.select_option("#pack", pack)
    page.fill("#players", str(players))
    page.dispatch_event("#players", "change")
    page.select_option("#seat", str(seat))
    page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_selector("#table:not([hidden])")


def wait_for_turn(page) -> None:
    """Until it is this seat's decision (buttons to click) or the game is over."""
    page.wait_for_function("document.body.dataset.over === 'true' || "
                           "document.querySelectorAll('#options button.option:not(:disabled)').length > 0")


def click_first(page) -> int:
    """Click the first option; returns the decision it answered."""
    decision = int(page.evaluate("document.body.dataset.decision"))
    page.click("#options button.option >> nth=0")
    page.wait_for_function(f"document.body.dataset.over === 'true' || Number(document.body.dataset.decision) > {decision}")
    return decision


def game_of(store: Store, page):
    gid = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('game')")
    return store.tables[gid].game


def test_a_whole_game_is_played_through_the_page(site, page):
    store, url = site
    start(page, url, "dice_race", 3, 1, 21)
    answered = 0
    while True:
        wait_for_turn(page)
        if page.evaluate("document.body.dataset.over") == "true":
            break
        click_first(page)
        answered += 1
        assert answered < 500, "the game does not end"
    game = game_of(store, page)
    assert game.over and answered > 0
    # what the page shows is the game's end, as seat 1 sees it
    assert "Game over" in page.inner_text("#status")
    assert [a["player"] for a in game.actions()].count(1) == answered
    winner = game.view(1)["players"][game.winner]
    assert winner in page.inner_text("#status")
    shown = page.evaluate("Array.from(document.querySelectorAll('#log li .said'), li => li.textContent)")
    said = game.messages()
    assert said and said[-1] in shown


def test_the_first_turns_of_weds_through_the_page(site, page, tmp_path):
    store, url = site
    start(page, url, "weds", 3, 0, 7)
    for _ in range(8):
        wait_for_turn(page)
        if page.evaluate("document.body.dataset.over") == "true":
            break
        click_first(page)
    wait_for_turn(page)
    game = game_of(store, page)
    view = game.view(0, True)
    assert view["decision"] == int(page.evaluate("document.body.dataset.decision"))
    # the buttons are this seat's legal actions, in order, with their labels
    labels = page.evaluate("Array.from(document.querySelectorAll('#options button.option .label'), b => b.textContent)")
    legal = game.legal_actions() if game.pending and game.pending["player"] == 0 else []
    assert len(labels) == len(legal)
    assert [lab for lab, a in zip(labels, legal) if a.get("label") not in (None, "hidden")] == \
        [a["label"] for a in legal if a.get("label") not in (None, "hidden")]
    # the panel shows this seat's own counters, the players' table every seat
    panel = page.inner_text("#panel")
    crap = view["counters"].get("crap")
    if crap:
        assert str(crap[0]) in panel
    others = page.inner_text("#others")
    assert all(name in others for name in view["players"])
    # WAYBILL_SCREENSHOTS=DIR keeps the picture to look at
    shots = Path(os.environ.get("WAYBILL_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / "weds-page.png"))
    page.screenshot(path=str(shots / "weds-page-full.png"), full_page=True)


def test_reloading_the_page_resumes_the_seat(site, page):
    store, url = site
    start(page, url, "dice_race", 2, 0, 3)
    wait_for_turn(page)
    click_first(page)
    wait_for_turn(page)
    before = page.evaluate("document.body.dataset.decision")
    page.reload()
    page.wait_for_function(f"document.body.dataset.decision === '{before}'")
    assert page.inner_text("#status").endswith("You are Player 1.") or "Game over" in page.inner_text("#status")


def test_an_english_page_shows_the_servers_reason(site, page):
    _, url = site
    page.goto(url + "/#game=0123456789abcdef&token=nothing")
    page.wait_for_selector("#error:not([hidden])")
    assert page.inner_text("#error").startswith("no game '0123456789abcdef'")
    assert page.title() == "Waybill" and page.inner_text("header h1") == "Waybill"


def test_a_question_longer_than_a_message_shows_every_option_and_takes_the_last(page, tmp_path):
    """400 tiles to choose from (tests/packs/long_menu): the state comes with
    its first options, the page asks for the rest before it draws the
    question, and the last tile can be taken like the first."""
    store = Store(offer([str(Path(__file__).parents[1] / "packs" / "long_menu")]), str(tmp_path / "games"))
    with running(store) as url:
        start(page, url, "long_menu", 2, 0, 4)
        wait_for_turn(page)
        click_first(page)                          # "Take an action": Take a tile
        wait_for_turn(page)
        game = game_of(store, page)
        legal = game.legal_actions(0)
        assert len(legal) == 400
        buttons = page.locator("#options button.option")
        assert buttons.count() == len(legal)
        last = legal[-1]["label"]
        assert buttons.nth(len(legal) - 1).inner_text().startswith(last)
        buttons.nth(len(legal) - 1).click()
        page.wait_for_function("Number(document.body.dataset.decision) > %d" % legal[0]["decision"])
        # the log says it (rule 2: "take any tile from the table")
        assert any(line.endswith(f"takes {last}") for line in game.messages()), f"{last} was not taken"
