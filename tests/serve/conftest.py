"""Fixtures: a served dice race pack, its store and its URL."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from tests.serve.live import DICE, running  # noqa: E402
from waybill.serve import Store, offer  # noqa: E402


@pytest.fixture(scope="session")
def dice_packs():
    return offer([DICE])


@pytest.fixture
def served(dice_packs, tmp_path):
    """(store, base URL) of a server of the dice race pack keeping games in tmp_path."""
    store = Store(dice_packs, str(tmp_path / "games"))
    with running(store) as url:
        yield store, url


# ---- the page in headless Chromium (test_page.py, test_page_language.py) ------------------

@pytest.fixture(scope="module")
def browser():
    from playwright import sync_api        # (the page tests skip without it)
    from tests.serve.test_page import ARGS, CHROMIUM
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    """A page on a phone-sized screen; the test fails if the page raised."""
    context = browser.new_context(viewport={"width": 412, "height": 915})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert errors == [], f"the page raised: {errors}"
