"""The HTTP and WebSocket protocol against a real uvicorn server on loopback."""

from __future__ import annotations

import json
import os
import time

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from tests.serve.live import running
from tests.serve.rebuild import Rebuilt
from waybill import load_pack
from waybill import Game
from waybill.serve import Store
from waybill.serve.app import MAX_BODY

STATE_KEYS = {"id", "pack", "seat", "version", "view", "actions", "bots", "stopped"}
WAIT = 60              # seconds: the longest any test here waits for a message or a game's end


class Deadline:
    """A deadline for a loop: `tick()` fails the test, saying what was awaited, once it has passed."""

    def __init__(self, what: str, seconds: float = WAIT):
        self.what, self.seconds, self.end = what, seconds, time.monotonic() + seconds

    def tick(self) -> None:
        assert time.monotonic() < self.end, f"{self.what}: not within {self.seconds} s"


def new_game(url: str, **body) -> dict:
    body = {"pack": "dice_race", "players": 2, "seed": 5, **body}
    r = httpx.post(f"{url}/api/games", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def get(url: str, gid: str, token: str | None) -> httpx.Response:
    params = {} if token is None else {"token": token}
    return httpx.get(f"{url}/api/games/{gid}", params=params)


def act(url: str, gid: str, token: str, action) -> httpx.Response:
    return httpx.post(f"{url}/api/games/{gid}/actions", params={"token": token}, json=action)


def ws_url(url: str, gid: str, token: str) -> str:
    return url.replace("http://", "ws://") + f"/api/games/{gid}/ws?token={token}"


def test_packs_lists_what_is_served(served):
    _, url = served
    packs = httpx.get(f"{url}/api/packs").json()["packs"]
    assert packs == [{"id": "dice_race", "name": "Dice Race", "players": {"min": 2, "max": 4}, "variants": [],
                      "variant_names": {}}]


def test_each_human_seat_gets_its_own_token_and_sees_its_own_view(served):
    store, url = served
    g = new_game(url)
    assert set(g["tokens"]) == {"0", "1"} and len({*g["tokens"].values(), g["spectator"]}) == 3
    game = store.tables[g["id"]].game
    for seat in (0, 1):
        out = get(url, g["id"], g["tokens"][str(seat)]).json()
        assert set(out) == STATE_KEYS and out["seat"] == seat
        assert out["view"] == json.loads(json.dumps(game.view(seat, True, cards=False)))
        mine = game.pending["player"] == seat
        assert out["actions"] == (game.legal_actions() if mine else [])
    spectator = get(url, g["id"], g["spectator"]).json()
    assert spectator["seat"] is None and spectator["actions"] == []
    assert spectator["view"] == json.loads(json.dumps(game.view(None, True, cards=False)))


def test_a_wrong_or_missing_token_is_refused(served):
    _, url = served
    g, other = new_game(url), new_game(url)
    for token in (None, "", "not-a-token", other["tokens"]["0"], g["tokens"]["0"] + "x"):
        r = get(url, g["id"], token)
        assert r.status_code == 403, (token, r.text)
        assert r.json()["status"] == 403 and r.json()["error"]
    assert get(url, "0123456789abcdef", g["tokens"]["0"]).status_code == 404


def test_a_seat_cannot_act_as_another_seat_and_nothing_changes(served):
    store, url = served
    g = new_game(url)
    t0, t1 = g["tokens"]["0"], g["tokens"]["1"]
    before = get(url, g["id"], t0).json()
    action = before["actions"][0]
    assert action["player"] == 0
    saved = store.tables[g["id"]].game.to_json()
    for token in (t1, g["spectator"], "forged"):
        r = act(url, g["id"], token, action)
        assert r.status_code == 403, r.text
    assert store.tables[g["id"]].game.to_json() == saved
    assert get(url, g["id"], t0).json() == before


def test_an_illegal_action_is_409_and_changes_nothing(served):
    store, url = served
    g = new_game(url)
    t0, t1 = g["tokens"]["0"], g["tokens"]["1"]
    state = get(url, g["id"], t0).json()
    saved = store.tables[g["id"]].game.to_json()
    good = state["actions"][0]
    for bad in ({**good, "option": 99}, {**good, "decision": good["decision"] + 1},
                {**good, "label": "something else"}, {"player": 0}):
        r = act(url, g["id"], t0, bad)
        assert r.status_code == 409, (bad, r.text)
        assert "illegal action" in r.json()["error"]
    # seat 1 answering on seat 0's decision, as itself
    r = act(url, g["id"], t1, {**good, "player": 1})
    assert r.status_code == 409, r.text
    assert store.tables[g["id"]].game.to_json() == saved
    r = act(url, g["id"], t0, good)
    assert r.status_code == 200 and r.json()["view"]["decision"] > good["decision"]


def test_bad_json_and_oversized_bodies_are_400_and_413(served):
    store, url = served
    g = new_game(url)
    t0 = g["tokens"]["0"]
    cases = [
        ("/api/games", "{", 400), ("/api/games", "[1, 2]", 400), ("/api/games", "[" * 100000, 413),
        ("/api/games", json.dumps({"pack": "dice_race", "players": 2, "x": "y" * MAX_BODY}), 413),
        ("/api/games", json.dumps({"pack": "nope", "players": 2}), 400),
        ("/api/games", json.dumps({"pack": "dice_race", "players": 9}), 400),
        ("/api/games", json.dumps({"pack": "dice_race", "players": True}), 400),
        ("/api/games", json.dumps({"pack": "dice_race", "players": 2, "bots": [2]}), 400),
        ("/api/games", json.dumps({"pack": "dice_race", "players": 2, "bots": [0, 0]}), 400),
        ("/api/games", json.dumps({"pack": "dice_race", "players": 2, "seed": -1}), 400),
        ("/api/games", json.dumps({"pack": "dice_race", "players": 2, "seed": "7"}), 400),
        ("/api/games", json.dumps({"pack": "dice_race", "players": 2, "variants": ["x"]}), 400),
        ("/api/games", json.dumps({"pack": "dice_race", "players": 2, "colour": "red"}), 400),
        (f"/api/games/{g['id']}/actions?token={t0}", "{", 400),
        (f"/api/games/{g['id']}/actions?token={t0}", "[" * 5000 + "]" * 5000, 400),
        (f"/api/games/{g['id']}/actions?token={t0}", "1e999999", 400),
        (f"/api/games/{g['id']}/actions?token={t0}", "9" * 5000, 400),
        (f"/api/games/{g['id']}/actions?token={t0}", "x" * (MAX_BODY + 1), 413),
    ]
    for path, body, status in cases:
        r = httpx.post(url + path, content=body, headers={"content-type": "application/json"})
        assert r.status_code == status, (path, body[:60], r.text)
        assert r.json()["status"] == status and r.json()["error"]
    assert len(store.tables) == 1
    assert httpx.get(f"{url}/nowhere").status_code == 404
    assert httpx.delete(f"{url}/api/games").status_code == 405


def test_the_number_of_games_is_bounded(dice_packs):
    store = Store(dice_packs, None, max_games=2)
    with running(store) as url:
        new_game(url), new_game(url)
        r = httpx.post(f"{url}/api/games", json={"pack": "dice_race", "players": 2})
        assert r.status_code == 503 and "limit of 2 games" in r.json()["error"]


def test_websocket_refuses_a_wrong_token(served):
    _, url = served
    g = new_game(url)
    for token in ("forged", ""):
        with pytest.raises(InvalidStatus) as e:
            connect(ws_url(url, g["id"], token)).close()
        assert e.value.response.status_code == 403


def _views_of_replay(pack: str, seed: int, players: int, actions: list[dict]) -> dict:
    """Every (view, legal actions) each viewer could be shown along the game, by viewer."""
    game = Game.new(load_pack(pack), players, seed)
    shown: dict = {s: [] for s in [None, *range(players)]}

    def note():
        for s in shown:
            legal = game.legal_actions() if s is not None and game.pending and game.pending["player"] == s else []
            shown[s].append(json.dumps({"view": game.view(s, True, cards=False), "actions": legal}, sort_keys=True))
    note()
    for a in actions:
        game.apply(a)
        note()
    return shown


def test_no_message_to_a_seat_carries_what_its_view_hides(served):
    """Seat 0 plays through HTTP against a bot while seat 0 and a spectator
    watch over WebSockets; every message any of them got is exactly the
    view (and legal actions) of that viewer at some point of the game."""
    store, url = served
    g = new_game(url, players=3, seed=11, bots=[1, 2])
    gid, t0 = g["id"], g["tokens"]["0"]
    got: list[tuple[object, dict]] = []
    with connect(ws_url(url, gid, t0), max_size=None) as mine, \
            connect(ws_url(url, gid, g["spectator"]), max_size=None) as public:
        state = get(url, gid, t0).json()
        got.append((0, state))
        game_over = Deadline("the game against the bots to end")
        while not state["view"]["over"]:
            game_over.tick()
            # the boost card when there is one (moves a hidden card), else the dice
            action = state["actions"][-1]
            r = act(url, gid, t0, action)
            assert r.status_code == 200, r.text
            state = r.json()
            got.append((0, state))
            mine.send(json.dumps({"op": "state"}))
        for sock, seat in ((mine, 0), (public, None)):
            last = Deadline(f"the last position pushed to seat {seat}")
            copy = Rebuilt()           # pushes are deltas: what the socket's client holds after each
            while True:
                last.tick()
                msg = json.loads(sock.recv(timeout=WAIT))
                assert msg["type"] in ("state", "reply", "delta", "log")
                copy.take(msg)
                assert not copy.behind
                if copy.complete():
                    got.append((seat, copy.state))
                    if copy.state["view"]["over"]:
                        break
    game = store.tables[gid].game
    shown = _views_of_replay(store.packs["dice_race"].source, 11, 3, game.actions())
    seats_seen = set()
    for seat, msg in got:
        assert set(msg) == STATE_KEYS, msg.keys()
        assert msg["seat"] == seat
        key = json.dumps({"view": msg["view"], "actions": msg["actions"]}, sort_keys=True)
        assert key in shown[seat], f"a message to {seat} is no view of its own"
        seats_seen.add(seat)
    assert seats_seen == {0, None}


def reply_on(sock, what: str) -> dict:
    """The next reply on `sock`, past the positions pushed meanwhile: the server pushes a new
    position when it has it, which may be after its replies to later requests."""
    deadline = Deadline(what)
    while True:
        deadline.tick()
        msg = json.loads(sock.recv(timeout=WAIT))
        if msg["type"] == "reply":
            return msg


def test_websocket_pushes_each_new_position_and_takes_actions(served):
    store, url = served
    g = new_game(url, seed=2)
    gid = g["id"]
    with connect(ws_url(url, gid, g["tokens"]["1"]), max_size=None) as watcher, \
            connect(ws_url(url, gid, g["tokens"]["0"]), max_size=None) as player:
        first = json.loads(watcher.recv(timeout=WAIT))
        assert first["type"] == "state" and first["seat"] == 1 and first["actions"] == []
        state = json.loads(player.recv(timeout=WAIT))
        player.send(json.dumps({"op": "act", "action": state["actions"][0]}))
        reply = reply_on(player, "the reply to an action")
        assert reply["seat"] == 0 and reply["view"]["decision"] > state["view"]["decision"]
        copy = Rebuilt()
        copy.take(first)
        while copy.state["version"] < reply["version"]:
            pushed = json.loads(watcher.recv(timeout=WAIT))
            assert pushed["type"] == "delta"           # only what changed
            copy.take(pushed)
        assert copy.complete() and copy.state["view"]["decision"] == reply["view"]["decision"]
        assert copy.state["actions"] == store.tables[gid].game.legal_actions()
        # the socket's own token speaks: naming another game or token changes nothing
        player.send(json.dumps({"op": "act", "id": "x", "token": "y", "action": state["actions"][0]}))
        assert reply_on(player, "the reply to a refused action")["status"] == 409
        player.send("{")
        assert reply_on(player, "the reply to a broken message")["status"] == 400
        player.send(b'{"op": "state"}')
        assert reply_on(player, "the reply to a binary frame")["status"] == 400
        player.send(json.dumps({"op": "state"}))
        assert reply_on(player, "the reply to a request for the state")["seat"] == 0


def test_an_oversized_websocket_message_closes_that_socket_only(served):
    _, url = served
    g = new_game(url)
    with connect(ws_url(url, g["id"], g["tokens"]["0"]), max_size=None) as sock:
        assert json.loads(sock.recv(timeout=WAIT))["type"] == "state"
        sock.send("x" * (MAX_BODY + 1))
        closed = Deadline("the socket to close")
        with pytest.raises(ConnectionClosed) as e:
            while True:
                closed.tick()
                sock.recv(timeout=WAIT)
        assert e.value.rcvd is not None and e.value.rcvd.code == 1009
    assert get(url, g["id"], g["tokens"]["0"]).status_code == 200


def test_a_restarted_server_resumes_its_games(dice_packs, tmp_path):
    data = str(tmp_path / "games")
    first = Store(dice_packs, data)
    with running(first) as url:
        g = new_game(url, players=3, bots=[2])
        t0 = g["tokens"]["0"]
        state = act(url, g["id"], t0, get(url, g["id"], t0).json()["actions"][0]).json()
    saved = first.tables[g["id"]].game.to_json()
    files = os.listdir(data)
    assert files == [f"{g['id']}.json"]
    text = open(os.path.join(data, files[0]), encoding="utf-8").read()
    assert not any(t in text for t in [*g["tokens"].values(), g["spectator"]]), "tokens are not kept in clear"

    second = Store(dice_packs, data)
    assert second.tables[g["id"]].game.to_json() == saved
    with running(second) as url:
        again = get(url, g["id"], t0).json()
        assert again == state
        t1 = g["tokens"]["1"]
        resumed = get(url, g["id"], t1).json()
        assert resumed["seat"] == 1
        assert get(url, g["id"], "forged").status_code == 403
        if resumed["actions"]:
            assert act(url, g["id"], t1, resumed["actions"][0]).status_code == 200


def test_a_damaged_save_is_skipped_not_fatal(dice_packs, tmp_path):
    data = tmp_path / "games"
    data.mkdir()
    (data / "0123456789abcdef.json").write_text("{not json")
    (data / "fedcba9876543210.json").write_text(json.dumps({"version": 1, "pack": "dice_race"}))
    (data / "0000000000000000.json").write_text(json.dumps({"version": 1, "id": "1111111111111111"}))
    store = Store(dice_packs, str(data))
    assert store.tables == {} and len(store.skipped) == 3


class Broken:
    name = "broken"

    def choose(self, game, legal, rng):
        raise RuntimeError("the bot fell over")


def test_a_failing_bot_stops_its_game_with_a_reason_not_the_server(served, monkeypatch):
    store, url = served
    monkeypatch.setattr("waybill.serve.store.make_bot", lambda name, pack: Broken())
    g = new_game(url, bots=[1])
    t0 = g["tokens"]["0"]
    state = get(url, g["id"], t0).json()
    r = act(url, g["id"], t0, state["actions"][0])
    assert r.status_code == 200
    assert "the bot at seat 1 (Player 2) could not play on: RuntimeError: the bot fell over" in r.json()["stopped"]
    assert get(url, g["id"], g["spectator"]).json()["stopped"] == r.json()["stopped"]
    assert httpx.get(f"{url}/api/packs").status_code == 200
