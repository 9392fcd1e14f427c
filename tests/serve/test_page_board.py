"""The map on the web page (cli/serve/static/board.js), in headless Chromium.

Issue 25, item 1: "The web page draws it as SVG (pieces, prices or markers
on spaces, the acting seat's legal targets highlighted and clickable where
an option names a space)"; acceptance: "a WEDS game played by clicking
spaces on the map for at least 20 decisions", on a phone (360x800) and a
desktop (1280x900), with no JavaScript errors. WAYBILL_SCREENSHOTS=DIR keeps
the screenshots.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.serve.live import running
from tests.serve.test_page import ARGS, CHROMIUM, game_of, start, wait_for_turn  # noqa: F401 (skips without chromium)
from waybill.serve import Store, offer

GARDEN = str(Path(__file__).parents[1] / "packs" / "garden_walk")
MAP_CLICKS = 20
WAIT_MS = 60_000            # every wait of the page has this deadline


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    store = Store(offer(["weds", "badlands", GARDEN]), str(tmp_path_factory.mktemp("games")))
    with running(store) as url:
        yield store, url


@pytest.fixture
def screen(browser, request):
    """A page of the size the test is parametrised with; fails if the page raised or logged an error."""
    width, height = request.param
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(WAIT_MS)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    # (the browser's own ask for a favicon the server has not is no error of the page)
    pg.on("console", lambda m: errors.append(m.text)
          if m.type == "error" and not m.location.get("url", "").endswith("/favicon.ico") else None)
    yield pg
    context.close()
    assert errors == [], f"the page raised: {errors}"


def shots(tmp_path: Path) -> Path:
    out = Path(os.environ.get("WAYBILL_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    return out


def map_drawn(page) -> None:
    """Until the map shows the position the rest of the page shows."""
    page.wait_for_function("document.getElementById('map') !== null && "
                           "document.getElementById('map').dataset.decision === document.body.dataset.decision")


def click_space(page, game, n: int) -> str:
    """Click one of the highlighted spaces (the n-th, cycling); checks that the
    game took the option that space names. Returns the space's id."""
    decision = int(page.evaluate("document.body.dataset.decision"))
    [board] = game.view(0)["boards"]
    wanted = {t["space"]: t["options"] for t in board["targets"]}
    spaces = page.evaluate("Array.from(document.querySelectorAll('svg.board g.target'), g => g.dataset.space)")
    assert sorted(spaces) == sorted(wanted), "the highlighted spaces are the seat's targets"
    space = spaces[n % len(spaces)]
    page.click(f"svg.board g.target[data-space='{space}']")
    page.wait_for_function(f"document.body.dataset.over === 'true' || Number(document.body.dataset.decision) > {decision}")
    taken = [a for a in game.actions() if a["decision"] == decision]
    assert [a["option"] for a in taken] == wanted[space][:1], "the click answered the option naming that space"
    return space


@pytest.mark.parametrize("screen", [(360, 800), (1280, 900)], ids=["phone", "desktop"], indirect=True)
def test_a_weds_game_is_played_by_clicking_the_map(site, screen, tmp_path):
    store, url = site
    page = screen
    start(page, url, "weds", 2, 0, 7)
    game = game_of(store, page)
    width = page.viewport_size["width"]
    clicked: list[str] = []
    for _ in range(200):
        wait_for_turn(page)
        if page.evaluate("document.body.dataset.over") == "true" or len(clicked) >= MAP_CLICKS:
            break
        map_drawn(page)
        if page.evaluate("document.querySelectorAll('svg.board g.target').length") > 0:
            if len(clicked) == 3:
                page.screenshot(path=str(shots(tmp_path) / f"weds-map-{width}.png"))
            clicked.append(click_space(page, game, len(clicked)))
        else:           # a question that names no space: its first button ("Move your truck", a driver, ...)
            decision = int(page.evaluate("document.body.dataset.decision"))
            page.click("#options button.option >> nth=0")
            page.wait_for_function(f"document.body.dataset.over === 'true' || "
                                   f"Number(document.body.dataset.decision) > {decision}")
    assert len(clicked) >= MAP_CLICKS, clicked
    wait_for_turn(page)
    # the map shows what the seat's view says: both trucks in their seats' colours, the tiles dealt
    view = game.view(0)
    [board] = view["boards"]
    page.wait_for_function(f"document.body.dataset.decision === '{view['decision']}'")
    map_drawn(page)
    drawn = page.evaluate("""Array.from(document.querySelectorAll('svg.board circle.token[data-seat]'))
        .filter(c => c.dataset.seat !== '').map(c => [Number(c.dataset.seat), c.closest('g.space').dataset.space])""")
    # (`show pos "Truck" { shape: token }`; `last_delivery`, a marker, is drawn as a ring)
    assert sorted(map(tuple, drawn)) == sorted((t["seat"], t["space"]) for t in board["tokens"] if t["show"] == "pos")
    rings = page.evaluate("document.querySelectorAll('svg.board circle.ring').length")
    assert rings == sum(1 for t in board["tokens"] if t["show"] == "last_delivery")
    assert page.evaluate("document.querySelectorAll('svg.board g.space').length") == 101
    tiles = page.evaluate("Array.from(document.querySelectorAll('svg.board text.tile'), t => t.textContent)")
    assert "The Depot" in tiles
    # nothing wider than the screen
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(shots(tmp_path) / f"weds-map-{width}-after.png"))
    page.screenshot(path=str(shots(tmp_path) / f"weds-map-{width}-full.png"), full_page=True)


@pytest.mark.parametrize("screen", [(360, 800)], ids=["phone"], indirect=True)
def test_a_space_is_answered_from_the_keyboard(site, screen, tmp_path):
    """The garden test pack: a board that is not WEDS's, drawn the same way;
    a highlighted space takes the focus and Enter answers it."""
    store, url = site
    page = screen
    start(page, url, "garden_walk", 2, 0, 1)
    game = game_of(store, page)
    wait_for_turn(page)
    page.click("#options button.option >> nth=0")          # Walk
    page.wait_for_selector("svg.board g.target")
    map_drawn(page)
    assert sorted(page.evaluate("Array.from(document.querySelectorAll('svg.board g.target'), g => g.dataset.space)")) \
        == ["g01", "g10"]
    decision = int(page.evaluate("document.body.dataset.decision"))
    page.focus("svg.board g.target[data-space='g10']")
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.body.dataset.decision) > {decision}")
    assert game.view(0)["counters"]["at"][0] == "g10"
    wait_for_turn(page)
    map_drawn(page)
    page.wait_for_function("document.querySelector(\"svg.board g.space[data-space='g10'] circle.token[data-seat='0']\")")
    # flowers show their petals, as `show flower { shape: marker field: petals }` says
    marks = page.evaluate("Array.from(document.querySelectorAll(\"svg.board g.space[data-space='g02'] text.marker-text\"), t => t.textContent)")
    assert marks == ["3"]
    # the north side in the colour the pack gives it (`region north ... colour: "#2E7D32"`)
    assert page.evaluate("document.querySelector(\"svg.board rect.region[data-region='north']\").getAttribute('fill')") \
        == "#2e7d32"
    page.screenshot(path=str(shots(tmp_path) / "garden-map-360.png"))


@pytest.mark.parametrize("screen", [(360, 800)], ids=["phone"], indirect=True)
def test_the_first_turns_of_badlands_on_its_map(site, screen, tmp_path):
    """content/badlands/map.wb: each seat's Raiders (R), Marauders (M) and
    Caravan, wherever their cards' `at` says, in the seat's colour."""
    store, url = site
    page = screen
    start(page, url, "badlands", 2, 0, 3)
    game = game_of(store, page)
    for _ in range(8):
        wait_for_turn(page)
        if page.evaluate("document.body.dataset.over") == "true":
            break
        decision = int(page.evaluate("document.body.dataset.decision"))
        page.click("#options button.option >> nth=0")
        page.wait_for_function(f"document.body.dataset.over === 'true' || Number(document.body.dataset.decision) > {decision}")
    wait_for_turn(page)
    map_drawn(page)
    [board] = game.view(0)["boards"]
    drawn = page.evaluate("""Array.from(document.querySelectorAll('svg.board g.space'))
        .flatMap(g => Array.from(g.querySelectorAll('circle.token, circle.ring'), c => [g.dataset.space, c.getAttribute('class')]))""")
    assert sorted(map(tuple, drawn)) == sorted(
        (t["space"], "token" if t["show"] != "caravan_at" else "ring") for t in board["tokens"])
    assert len(board["tokens"]) == 6           # 2 seats x (Raiders, Marauders, Caravan)
    names = page.evaluate("Array.from(document.querySelectorAll('svg.board text.space-name'), t => t.textContent)")
    assert "Settlement 1" in names and "Crossroads 2" in names
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(shots(tmp_path) / "badlands-map-360.png"))


@pytest.mark.parametrize("screen", [(1280, 900)], ids=["desktop"], indirect=True)
def test_a_badlands_gang_rides_where_its_space_is_clicked(site, screen, tmp_path):
    """content/badlands/map.wb: a location `answers` the line of "Where does
    the Gang go?" that rides there, so the map's space is clickable and a
    click chooses it."""
    import random

    import httpx
    store, url = site
    page = screen
    made = httpx.post(f"{url}/api/games", json={"pack": "badlands", "players": 2, "seed": 3, "bots": [1]}).json()
    gid, token = made["id"], made["tokens"]["0"]
    game = store.tables[gid].game
    rng = random.Random(2)
    for _ in range(200):        # seat 0 plays over HTTP until one of its Gangs is to ride out
        state = httpx.get(f"{url}/api/games/{gid}", params={"token": token}).json()
        assert not state["view"]["over"]
        if (state["view"]["pending"] or {}).get("at") == "proc-pick_destination-ask-destination":
            break
        assert httpx.post(f"{url}/api/games/{gid}/actions", params={"token": token},
                          json=rng.choice(state["actions"])).status_code == 200
    else:
        pytest.fail("no Gang of seat 0 rode out")
    page.goto(f"{url}/#game={gid}&token={token}")
    wait_for_turn(page)
    map_drawn(page)
    targets = page.evaluate("Array.from(document.querySelectorAll('svg.board g.target'), g => g.dataset.space)")
    assert targets and all(t.startswith("map_") for t in targets)
    space = sorted(targets)[0]
    decision = int(page.evaluate("document.body.dataset.decision"))
    page.click(f"svg.board g.target[data-space='{space}']")
    page.wait_for_function(f"Number(document.body.dataset.decision) > {decision}")
    # the answer was the line riding there ("Junkyard (1 Fuel)" for map_junkyard)
    answer = next(e for e in reversed(game.log) if e.get("type") == "action" and e.get("decision") == decision)
    ridden = next(o for o in state["view"]["pending"]["options"] if o["option"] == answer["option"])
    assert ridden["id"].endswith("#" + space.removeprefix("map_"))
    page.screenshot(path=str(shots(tmp_path) / "badlands-destination-1280.png"))
