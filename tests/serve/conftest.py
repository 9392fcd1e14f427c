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
