"""The page on a 360×800 phone and a 1280×900 desktop (issue 25, items 3
and 5): a log you can follow beside the question, nothing wider than the
screen, card text at hand, a clear error for a bad link, keys that reach
every button, and an axe-core audit with no serious or critical violation.
Screenshots are kept (``WAYBILL_SCREENSHOTS=DIR``) to be looked at."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.serve.live import DICE, running
from tests.serve.test_page import CHROMIUM, click_first, game_of, start, wait_for_turn
from waybill.serve import Store, offer

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install -y chromium)")
sync_api = pytest.importorskip("playwright.sync_api")

OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
# what axe-core found, only the serious and the critical, each with where
AUDIT = """async () => {
  const r = await axe.run(document, { resultTypes: ["violations"] });
  return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    store = Store(offer([DICE, "weds"]), str(tmp_path_factory.mktemp("games")))
    with running(store) as url:
        yield store, url


def shots(tmp_path) -> Path:
    where = Path(os.environ.get("WAYBILL_SCREENSHOTS") or tmp_path)
    where.mkdir(parents=True, exist_ok=True)
    return where


def audit(page, axe_source: str) -> list[str]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(content=axe_source)
    return page.evaluate(AUDIT)


def play(page, decisions: int) -> None:
    for _ in range(decisions):
        wait_for_turn(page)
        if page.evaluate("document.body.dataset.over") == "true":
            return
        click_first(page)
    wait_for_turn(page)


def finished_game(url: str) -> str:
    """The spectator's link of a dice race the bots played to its end."""
    import httpx
    made = httpx.post(url + "/api/games", json={"pack": "dice_race", "players": 2, "bots": [0, 1], "seed": 4},
                      timeout=120).json()
    return url + f"/#game={made['id']}&token={made['spectator']}"


def rect(page, selector: str) -> dict:
    return page.evaluate(f"(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect(); "
                         "return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; })()")


def test_the_log_says_who_answered_what_to_which_question(site, page):
    # "Each entry says who did what in words the pack declares": the question and the option
    store, url = site
    start(page, url, "weds", 2, 0, 7)
    for _ in range(40):                  # until the bot (Player 2) has answered something in words
        play(page, 1)
        if page.evaluate("Array.from(document.querySelectorAll('#log li .said')).some(li => "
                         "li.textContent.startsWith('Player 2 — '))"):
            break
    view = game_of(store, page).view(0, log=True)
    asked = [e for e in view["log"] if e.get("type") == "action" and e.get("question") and e.get("label")]
    assert asked, "no answer in the log says its question"
    lines = page.evaluate("Array.from(document.querySelectorAll('#log li .said'), li => li.textContent)")
    for e in asked:
        who = view["players"][e["player"]]
        assert f"{who} — {e['question']} {e['label']}" in lines
    # a bot's answers read the same way: a bot's line names its seat and the option, not a bare value
    bots = [x for x in lines if x.startswith(view["players"][1] + " — ")]
    assert bots, lines


def test_the_log_sits_beside_the_question_on_a_desktop_and_folds_on_a_phone(site, screen_page, tmp_path):
    name, page = screen_page
    store, url = site
    start(page, url, "weds", 2, 0, 7)
    play(page, 12)
    decision, log, box = rect(page, "#decision"), rect(page, "#log"), rect(page, "#logbox")
    if name == "desktop":
        assert page.evaluate("document.querySelector('#logbox').open")
        assert box["left"] >= decision["right"], (box, decision)        # beside the question
        assert box["top"] < 900 and log["bottom"] <= 900 + 1, log      # on the screen, not 1,800 px down
        # the newest line is in sight without scrolling
        last = rect(page, "#log li:last-child")
        assert log["top"] - 1 <= last["top"] and last["bottom"] <= log["bottom"] + 1, (last, log)
    else:
        # folded under the question, its newest line in its heading; a tap opens it
        assert not page.evaluate("document.querySelector('#logbox').open")
        assert box["top"] >= decision["bottom"]
        newest = page.evaluate("document.querySelector('#log li:last-child .said').textContent")
        assert page.inner_text("#log-last") == newest
        page.click("#logbox > summary")
        assert page.evaluate("document.querySelector('#logbox').open")
    # entry numbers are never cut: each whole inside the log's box
    cut = page.evaluate("""Array.from(document.querySelectorAll('#log .n')).filter((n) => {
        const r = n.getBoundingClientRect(), box = document.querySelector('#log').getBoundingClientRect();
        return n.scrollWidth > n.clientWidth || r.left < box.left; }).length""")
    assert cut == 0
    assert page.evaluate(OVERFLOW) <= 0
    page.screenshot(path=str(shots(tmp_path) / f"weds-{name}.png"))


def test_nothing_is_wider_than_the_screen(site, screen_page):
    name, page = screen_page
    store, url = site
    page.goto(url + "/")
    page.wait_for_selector("#pack option[value='weds']", state="attached")
    page.select_option("#pack", "weds")
    assert page.evaluate(OVERFLOW) <= 0, "the setup page is wider than the screen"
    page.goto(finished_game(url))
    page.wait_for_function("document.body.dataset.over === 'true'")
    assert page.evaluate(OVERFLOW) <= 0, "a finished game is wider than the screen"


def test_the_setup_says_the_variants_the_seat_and_the_bots(site, page):
    _, url = site
    page.goto(url + "/")
    page.wait_for_selector("#pack option[value='weds']", state="attached")
    page.select_option("#pack", "weds")
    variants = page.inner_text("#variants")
    assert "_" not in variants            # names, not ids
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    page.select_option("#seat", "1")
    assert page.inner_text("#bots") == "Bots play Player 1, Player 3."


def test_a_bad_link_says_so_and_shows_no_empty_table(site, page):
    _, url = site
    page.goto(url + "/#game=0123456789abcdef&token=nothing")
    page.wait_for_selector("#error:not([hidden])")
    assert page.is_hidden("#table") and page.is_visible("#lost a")
    assert page.inner_text("#error").startswith("no game '0123456789abcdef'")


def test_a_finished_game_says_it_is_over(site, page):
    _, url = site
    page.goto(finished_game(url))
    page.wait_for_function("document.body.dataset.over === 'true'")
    assert page.inner_text("#prompt").startswith("This game is over: here is how it ended.")
    assert page.is_visible("#options a[href='/']")


def test_card_text_opens_on_a_tap_and_shows_on_hover(site, page):
    store, url = site
    start(page, url, "weds", 2, 0, 7)
    wait_for_turn(page)
    # the first decision of WEDS is a driver: each option names a card, with its text
    game = game_of(store, page)
    view = game.view(0)
    named = [o for o in view["pending"]["options"] if o.get("entity") and view["entities"][o["entity"]].get("text")]
    assert named
    titles = page.evaluate("Array.from(document.querySelectorAll('#options button.option'), b => b.title)")
    for o in named:
        assert titles[o["option"]] == view["entities"][o["entity"]]["text"]
    play(page, 3)
    # the pieces on the table that are cards (the driver chosen, the Mod Shop's mods) open to their text
    cards = page.locator("#panel details.card")
    assert cards.count() > 0
    first = cards.first
    assert not first.evaluate("d => d.open")
    first.locator("summary").click()
    assert first.evaluate("d => d.open") and first.locator("p").inner_text() == first.get_attribute("title")
    texts = {e.get("text") for e in game.view(0)["entities"].values()}
    assert first.get_attribute("title") in texts


def test_the_options_are_reached_and_answered_with_keys(site, page):
    store, url = site
    start(page, url, "weds", 2, 0, 7)
    wait_for_turn(page)
    decision = int(page.evaluate("document.body.dataset.decision"))
    for _ in range(40):                  # Tab until an option has the focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('#options button.option')"):
            break
    else:
        pytest.fail("no option button is reached with Tab")
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.body.dataset.decision) > {decision}")
    # the next question's first option has the focus: Enter answers it too
    wait_for_turn(page)
    page.wait_for_function("document.activeElement.matches('#options button.option:not(:disabled)')")
    decision = int(page.evaluate("document.body.dataset.decision"))
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.body.dataset.decision) > {decision}")


def test_the_page_passes_an_axe_audit(site, screen_page, axe_source, tmp_path):
    name, page = screen_page
    store, url = site
    found = {}
    page.goto(url + "/")
    page.wait_for_selector("#pack option[value='weds']", state="attached")
    page.select_option("#pack", "weds")
    found["setup"] = audit(page, axe_source)
    page.screenshot(path=str(shots(tmp_path) / f"setup-{name}.png"), full_page=True)
    start(page, url, "weds", 2, 0, 7)
    play(page, 10)
    found["game"] = audit(page, axe_source)
    page.screenshot(path=str(shots(tmp_path) / f"game-{name}.png"), full_page=True)
    page.goto("about:blank")
    page.goto(finished_game(url))
    page.wait_for_function("document.body.dataset.over === 'true'")
    found["finished"] = audit(page, axe_source)
    page.screenshot(path=str(shots(tmp_path) / f"finished-{name}.png"), full_page=True)
    assert found == {"setup": [], "game": [], "finished": []}


def test_the_russian_log_says_answers_in_russian(tmp_path_factory, page):
    from tests.screens import latin_words
    store = Store(offer(["weds"]), str(tmp_path_factory.mktemp("ru-games")), lang="ru")
    with running(store) as url:
        start(page, url, "weds", 2, 0, 7)
        for _ in range(40):                        # until both seats have answered something in words
            play(page, 1)
            lines = page.evaluate("Array.from(document.querySelectorAll('#log li .said'), li => li.textContent)")
            if any(x.startswith("Игрок 1 — ") for x in lines) and any(x.startswith("Игрок 2 — ") for x in lines):
                break
        else:
            pytest.fail(f"no answer of both seats in the log: {lines}")
        page.click("#logbox > summary")            # folded on a phone: opened to be read
        assert page.inner_text("#log-title").startswith("Журнал (")
        shown = page.inner_text("#logbox")
        assert latin_words(shown) == [], "\n".join(latin_words(shown))
