"""The web page served with `--lang ru`, driven in headless Chromium (issue
24): its own words (headings, setup form, status lines, errors) and the
game's say no Latin-letter word, bracket icons aside."""

from __future__ import annotations

import pytest

from tests.screens import latin_words
from tests.serve.live import running
from tests.serve.test_page import ARGS, CHROMIUM, click_first, start, wait_for_turn
from waybill.serve import Store, offer

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install -y chromium)")
sync_api = pytest.importorskip("playwright.sync_api")

SCREEN = """() => [document.title, document.body.innerText,
  ...Array.from(document.querySelectorAll('select option'), o => o.textContent),
  ...Array.from(document.querySelectorAll('input[placeholder]'), i => i.placeholder),
  ...Array.from(document.querySelectorAll('[title]'), e => e.title)].join('\\n')"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    store = Store(offer(["weds"]), str(tmp_path_factory.mktemp("games")), lang="ru")
    with running(store) as url:
        yield store, url


def screen(page) -> str:
    """All the page shows: its title, its visible text, the choices of its
    lists (open or not), its placeholders and tooltips."""
    return page.evaluate(SCREEN)


def test_the_setup_form_is_russian(site, page):
    _, url = site
    page.goto(url + "/")
    page.wait_for_selector("#pack option[value='weds']", state="attached")
    page.check("#variants label:first-of-type input")
    shown = screen(page)
    for said in ("Путевой лист", "Новая партия против ботов", "Игра", "Игроки", "Ваше место", "Зерно",
                 "случайное", "Варианты", "Начать", "Служба доставки «Экспресс Пустоши»", "Игрок 1",
                 "Вариант Бена «Жестокая конкуренция»"):
        assert said in shown, said
    assert page.evaluate("document.documentElement.lang") == "ru"
    assert latin_words(shown) == [], "\n".join(latin_words(shown))


def test_a_game_through_the_russian_page_shows_no_latin_word(site, page):
    _, url = site
    start(page, url, "weds", 3, 0, 7)
    leaks: list[str] = []
    shown = ""
    for _ in range(30):                # the setup, then into the rounds (moves, purchases, fights)
        wait_for_turn(page)
        shown = screen(page)
        leaks += latin_words(shown)
        if page.evaluate("document.body.dataset.over") == "true":
            break
        click_first(page)
    for said in ("Вы", "Игроки", "Журнал", "Поле", "Вы — Игрок 1", "Игрок 1 (вы)", "Игрок 2 (бот)"):
        assert said in shown, said
    assert leaks == [], "Latin words on the Russian page:\n" + "\n".join(dict.fromkeys(leaks))


def test_errors_are_said_in_russian(site, page):
    store, url = site
    page.goto(url + "/#game=0123456789abcdef&token=nothing")
    page.wait_for_selector("#error:not([hidden])")
    assert page.inner_text("#error") == "Такой партии нет (или уже нет)."
    # the server's reason stays at hand, as the box's tooltip, for whoever reports it
    assert "no game" in page.get_attribute("#error", "title")
    gid = next(iter(store.tables), None)
    if gid is not None:
        page.goto("about:blank")
        page.goto(url + f"/#game={gid}&token=not-a-seat")
        page.wait_for_selector("#error:not([hidden])")
        assert page.inner_text("#error") == "Эта ссылка не открывает ни одного места в этой партии."
    assert latin_words(page.inner_text("body")) == []


def test_a_finished_game_watched_on_the_russian_page(site, page):
    # bots at every seat play the game through when it is made; a spectator sees its end
    import httpx
    store, url = site
    made = httpx.post(url + "/api/games", json={"pack": "weds", "players": 3, "bots": [0, 1, 2], "seed": 5},
                      timeout=600).json()
    assert store.tables[made["id"]].game.over
    page.goto(url + f"/#game={made['id']}&token={made['spectator']}")
    page.wait_for_function("document.body.dataset.over === 'true'")
    shown = screen(page)
    status = page.inner_text("#status")
    assert status.startswith("Игра окончена"), status
    for said in ("Вы наблюдаете.", "Новая партия", "Игрок 1 (бот)", "Журнал", "Поле"):
        assert said in shown, said
    leaks = latin_words(shown)
    assert leaks == [], "Latin words on the Russian page:\n" + "\n".join(dict.fromkeys(leaks))
