"""`GET /api/games/{id}/cards?token=T&from=N` (op `cards`): every card's static
data, asked once a game, in pages that fit in a message; views name cards by id
(docs/PROTOCOL.md "Requests", docs/VIEW.md "Cards")."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import jsonschema
import pytest

from tests.serve.live import running
from tests.serve.rebuild import named_cards
from waybill import Game, load_pack
from waybill.serve import Store, offer
from waybill.serve.wire import MAX_MESSAGE, dumps

SCHEMA = json.loads((Path(__file__).parents[2] / "cli" / "serve" / "messages.schema.json").read_text())
PAGE = {**SCHEMA, "oneOf": [{"$ref": "#/$defs/cards"}]}     # (the answer to `cards`, as the schema says it)


@pytest.fixture(scope="module")
def weds(tmp_path_factory):
    store = Store(offer(["weds"]), str(tmp_path_factory.mktemp("games")))
    with running(store) as url:
        made = httpx.post(f"{url}/api/games", json={"pack": "weds", "players": 2, "seed": 3, "bots": [1]}).json()
        yield store, url, made


def _all_cards(url: str, gid: str, token: str) -> tuple[dict, list[int]]:
    """Every card, asked page by page as a client does; and each page's size."""
    cards: dict = {}
    sizes = []
    start, end = 0, None
    while end is None or start < end:
        r = httpx.get(f"{url}/api/games/{gid}/cards", params={"token": token, "from": start})
        assert r.status_code == 200
        body = r.json()
        jsonschema.validate(body, PAGE)
        sizes.append(len(r.content))
        assert body["id"] == gid and body["from"] == start and body["cards"]
        cards.update(body["cards"])
        start, end = start + len(body["cards"]), body["end"]
    return cards, sizes


def test_pages_fit_a_message_and_add_up_to_every_card_of_the_rules(weds):
    _, url, made = weds
    cards, sizes = _all_cards(url, made["id"], made["tokens"]["0"])
    assert len(sizes) > 1                  # WEDS's cards do not fit one message: paged
    assert max(sizes) <= MAX_MESSAGE
    rules = load_pack("weds")
    assert cards == Game.new(rules, players=2, seed=0).cards() and set(cards) == set(rules.entities)
    # "Armor* ($2): Absorbs the next 2 damage." (the card's text, as the pack gives it)
    assert cards["armor"]["name"] == "Armor" and cards["armor"]["text"].startswith("Armor* ($2): Absorbs")
    assert cards["armor"]["kind"] == "truck_mod" and cards["armor"]["fields"]["cost"] == 2


def test_the_spectator_gets_the_same_cards_and_views_name_cards_by_id(weds):
    _, url, made = weds
    mine, _ = _all_cards(url, made["id"], made["tokens"]["0"])
    watching, _ = _all_cards(url, made["id"], made["spectator"])
    assert mine == watching
    state = httpx.get(f"{url}/api/games/{made['id']}", params={"token": made["tokens"]["0"]}).json()
    assert "entities" not in state["view"]
    named = named_cards(state["view"], set())
    assert named and named <= set(mine)    # every card a view names, the client has


def test_a_bad_from_or_token_is_refused(weds):
    store, url, made = weds
    gid, token = made["id"], made["tokens"]["0"]
    for bad in ("-1", "x", "1.5", ""):
        assert httpx.get(f"{url}/api/games/{gid}/cards", params={"token": token, "from": bad}).status_code == 400
    assert httpx.get(f"{url}/api/games/{gid}/cards", params={"token": "nothing"}).status_code == 403
    assert httpx.get(f"{url}/api/games/0123456789abcdef/cards", params={"token": "x"}).status_code == 404
    past = httpx.get(f"{url}/api/games/{gid}/cards", params={"token": token, "from": 10**6}).json()
    assert past["cards"] == {} and past["from"] == past["end"]
    assert store.handle({"op": "cards", "id": gid, "token": token, "from": True})["status"] == 400


def test_a_page_of_cards_fits_a_websocket_reply(weds):
    from websockets.sync.client import connect
    _, url, made = weds
    ws = url.replace("http://", "ws://") + f"/api/games/{made['id']}/ws?token={made['spectator']}"
    with connect(ws, max_size=None, proxy=None, open_timeout=60) as sock:
        sock.recv(timeout=60)                               # its first state
        sock.send('{"op": "cards", "from": 0}')
        while True:
            text = sock.recv(timeout=60)
            if '"type":"reply"' in text[:20]:
                break
    reply = json.loads(text)
    assert reply["from"] == 0 and reply["cards"] and len(text.encode()) <= MAX_MESSAGE


def test_the_cards_op_over_json_lines(weds):
    store, _, made = weds
    got = store.handle({"op": "cards", "id": made["id"], "token": made["tokens"]["0"], "from": 2, "ref": 7})
    assert got["ref"] == 7 and got["from"] == 2 and len(dumps(got)) <= MAX_MESSAGE
    assert list(got["cards"])[0] == sorted(load_pack("weds").entities)[2]
    assert store.handle({"op": "cards", "id": made["id"], "token": "x"})["status"] == 403


def test_one_card_larger_than_a_message_still_moves_the_client_on():
    from waybill.serve.wire import cards_page
    big = {"a": {"name": "A", "text": "x" * (MAX_MESSAGE + 10)}, "b": {"name": "B"}}
    first = cards_page(big, 0)
    assert list(first["cards"]) == ["a"] and first["end"] == 2
    assert list(cards_page(big, 1)["cards"]) == ["b"]
