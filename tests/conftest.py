"""Test-wide settings: the parse cache lives in a temporary folder for the run;
every test runs in an empty working folder of its own process and with the
same terminal width, so that no test depends on where pytest was started,
where the repository is, or how wide the terminal is."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

from tests.wbkit import COLUMNS

os.environ.setdefault("WAYBILL_CACHE", tempfile.mkdtemp(prefix="waybill-cache-"))


_FOLDERS: list[tuple[str, str]] = []      # (the folder pytest was started in, the empty one)


def pytest_configure(config):
    """An empty folder as the working folder of every test process, from before the tests are
    collected (a module may compile a pack when it is imported: the IR's file names are shown
    relative to the working folder, and the rules read their catalogues by those names). A test
    that reaches the repository by a relative path, or whose expected output depends on the
    folder pytest was started in, then fails everywhere alike: files are found from
    `tests.wbkit.ROOT`, and messages show a path outside the working folder as given."""
    if _distributes(config):
        return          # the xdist controller runs no test; its workers start where it was started
    here = tempfile.mkdtemp(prefix="waybill-cwd-")
    _FOLDERS.append((os.getcwd(), here))
    os.chdir(here)


def _distributes(config) -> bool:
    """Whether this process hands the tests to xdist workers (and runs none itself)."""
    return not hasattr(config, "workerinput") and getattr(config.option, "dist", "no") != "no" \
        and bool(getattr(config.option, "tx", None))


def pytest_unconfigure(config):
    if _FOLDERS:
        before, here = _FOLDERS.pop()
        os.chdir(before)
        shutil.rmtree(here, ignore_errors=True)


@pytest.fixture(autouse=True)
def _terminal_width(monkeypatch):
    """One terminal width for what a test runs (rich reads `COLUMNS`), whatever the terminal's."""
    monkeypatch.setenv("COLUMNS", COLUMNS)
