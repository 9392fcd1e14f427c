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


# ---- the page as a phone and a desktop show it, and its accessibility audit ------------------

SCREENS = {"phone": {"width": 360, "height": 800}, "desktop": {"width": 1280, "height": 900}}
NPM_DEADLINE = 300      # seconds for `npm install` of axe-core


@pytest.fixture(params=sorted(SCREENS))
def screen_page(request, browser):
    """(screen name, page) on a 360×800 phone and on a 1280×900 desktop; the
    test fails if the page raised."""
    context = browser.new_context(viewport=SCREENS[request.param])
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield request.param, pg
    context.close()
    assert errors == [], f"the page raised: {errors}"


@pytest.fixture(scope="session")
def axe_source() -> str:
    """The text of axe-core (the npm package, major version 4), installed once
    into a cache folder with npm; the audit is skipped, saying why, where
    node and npm are not installed (CI's machine has them)."""
    import os
    import shutil
    import subprocess
    from pathlib import Path
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("node and npm are not installed: the axe-core audit needs them (apt-get install -y npm)")
    cache = Path(os.environ.get("WAYBILL_AXE_CACHE") or Path(os.environ.get("XDG_CACHE_HOME") or
                                                              Path.home() / ".cache") / "waybill-tests" / "axe")
    script = cache / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        cache.mkdir(parents=True, exist_ok=True)
        try:
            done = subprocess.run(["npm", "install", "--prefix", str(cache), "--no-audit", "--no-fund", "axe-core@4"],
                                  capture_output=True, text=True, timeout=NPM_DEADLINE)
        except subprocess.TimeoutExpired:
            pytest.skip(f"`npm install axe-core@4` did not finish within {NPM_DEADLINE} s")
        if done.returncode != 0 or not script.exists():
            pytest.skip(f"`npm install axe-core@4` failed: {done.stderr.strip()[-400:]}")
    return script.read_text(encoding="utf-8")
