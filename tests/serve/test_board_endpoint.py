"""`GET /api/games/{id}/board?token=T` (op `board`): the geometry of a game's
boards, asked once a game (docs/PROTOCOL.md "Requests", docs/VIEW.md "Boards")."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from tests.serve.live import running
from waybill import Game, load_pack
from waybill.serve import Store, offer

GARDEN = str(Path(__file__).parents[1] / "packs" / "garden_walk")


@pytest.fixture(scope="module")
def garden(tmp_path_factory):
    store = Store(offer([GARDEN]), str(tmp_path_factory.mktemp("games")))
    with running(store) as url:
        made = httpx.post(f"{url}/api/games", json={"pack": "garden_walk", "players": 2, "bots": [1]}).json()
        yield store, url, made


def test_every_token_of_the_game_gets_the_same_geometry(garden):
    store, url, made = garden
    mine = httpx.get(f"{url}/api/games/{made['id']}/board", params={"token": made["tokens"]["0"]})
    watching = httpx.get(f"{url}/api/games/{made['id']}/board", params={"token": made["spectator"]})
    assert mine.status_code == watching.status_code == 200
    assert mine.json() == watching.json()
    body = mine.json()
    assert body["id"] == made["id"]
    assert body["boards"] == Game.new(load_pack(GARDEN), players=2, seed=0).boards()


def test_a_stranger_gets_no_board(garden):
    _, url, made = garden
    assert httpx.get(f"{url}/api/games/{made['id']}/board", params={"token": "nothing"}).status_code == 403
    assert httpx.get(f"{url}/api/games/{made['id']}/board").status_code == 403
    assert httpx.get(f"{url}/api/games/0123456789abcdef/board", params={"token": "x"}).status_code == 404


def test_the_board_op_over_json_lines(garden):
    store, _, made = garden
    got = store.handle({"op": "board", "id": made["id"], "token": made["tokens"]["0"], "ref": 7})
    assert got["ref"] == 7 and [b["id"] for b in got["boards"]] == ["garden"]
    assert store.handle({"op": "board", "id": made["id"], "token": "x"})["status"] == 403
