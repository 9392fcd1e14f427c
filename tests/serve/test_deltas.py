"""Deltas over the wire (docs/PROTOCOL.md, "Deltas"): whole games of WEDS
with 2 and 4 players, every seat played over HTTP with `log_from`, watched
over WebSockets; every
message at most 30 KB, and what each client rebuilds from its messages is,
at every step, exactly the state the game shows that seat.

"Every state the server sends ... carries only the log since N and, on the
WebSocket, only the view parts that changed ... with a full resync for a
socket that fell behind ... No message in a whole game larger than 30 KB."
(issue 25)
"""

from __future__ import annotations

import json
import random
import socket
from pathlib import Path

import httpx
import jsonschema
import pytest
from websockets.sync.client import connect

from tests.serve.live import running
from tests.serve.rebuild import Rebuilt, named_cards
from waybill.api import make_bot
from waybill.serve import Store, offer
from waybill.serve.guard import Limits
from waybill.serve.store import SPECTATOR

LIMIT = 30_000                     # bytes: the bound every message keeps
WAIT = 60                          # seconds: the longest wait for any one message
JOIN_LATE = 300                    # the step at which the slow spectator opens its socket
FULL_LOG_EVERY = 100               # steps between comparisons of the whole log (each step compares its new entries)
SCHEMA = json.loads((Path(__file__).parents[2] / "cli" / "serve" / "messages.schema.json").read_text())


def hub_of(store: Store):
    """The WebSocket hub serving `store` (it listens to the store's changes)."""
    return next(listen.__self__ for listen in store.listeners)


def truth(store: Store, gid: str, seat, log_from: int) -> dict:
    """What the game shows `seat` now, from the game itself (not the server's states):
    its view with the log from `log_from`, and its legal actions on its own decision."""
    table = store.tables[gid]
    game = table.game
    viewer = None if seat == SPECTATOR else seat
    mine = viewer is not None and game.pending is not None and not game.over and game.pending["player"] == viewer
    return json.loads(json.dumps({
        "id": gid, "pack": table.pack, "seat": viewer, "version": version_of(game), "bots": [], "stopped": None,
        "view": game.view(viewer, log_from=log_from, cards=False), "actions": game.legal_actions() if mine else []}))


def version_of(game) -> int:
    """PROTOCOL.md: the decision's number, plus one once the game is over (no bots here to stop)."""
    return game.decision + game.over


def differences(got: dict, want: dict) -> list[str]:
    """Where two states differ, but for their logs (the log is compared on its own)."""
    def strip(s):
        return {**s, "view": {k: v for k, v in s["view"].items() if k not in ("log", "log_from")}}
    a, b = strip(got), strip(want)
    out = [k for k in {*a, *b} if k != "view" and a.get(k) != b.get(k)]
    return out + [f"view.{k}" for k in {*a["view"], *b["view"]} if a["view"].get(k) != b["view"].get(k)]


class Socket:
    """A WebSocket client and the state it rebuilds; every message checked for size and schema."""

    def __init__(self, url: str, gid: str, token: str, seat, sizes: dict):
        ws = url.replace("http://", "ws://") + f"/api/games/{gid}/ws?token={token}&log_from=0"
        self.ws = connect(ws, max_size=None, proxy=None, open_timeout=WAIT, ping_interval=None)
        self.seat, self.sizes, self.copy = seat, sizes, Rebuilt()
        self.kinds: list[str] = []

    def recv(self) -> str:
        return self.ws.recv(timeout=WAIT)

    def close(self) -> None:
        self.ws.close()

    def read_until(self, version: int) -> None:
        """Take messages until the rebuilt state is whole at `version`."""
        while not (self.copy.complete() and self.copy.state["version"] == version):
            text = self.recv()
            note(self.sizes, "ws", text)
            msg = json.loads(text)
            jsonschema.validate(msg, SCHEMA)
            self.kinds.append(msg["type"])
            self.copy.take(msg)
            assert not self.copy.behind, f"a message to {self.seat} did not follow from the one before"


class SlowSocket(Socket):
    """A WebSocket client that reads nothing until told to: a raw socket with the
    smallest buffers (no library reading ahead for it), so that what the server
    sends it backs up at once; then it reads frames as RFC 6455 has them."""

    def __init__(self, url: str, gid: str, token: str, seat, sizes: dict):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, 536)      # (loopback's segments are 64 KB)
        sock.settimeout(WAIT)
        sock.connect(("127.0.0.1", int(url.rsplit(":", 1)[1])))
        sock.sendall(f"GET /api/games/{gid}/ws?token={token}&log_from=0 HTTP/1.1\r\nHost: x\r\n"
                     "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                     "Sec-WebSocket-Version: 13\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += sock.recv(1)
        assert head.startswith(b"HTTP/1.1 101"), head
        self.sock, self.seat, self.sizes, self.copy = sock, seat, sizes, Rebuilt()
        self.kinds = []

    def _exactly(self, n: int) -> bytes:
        out = b""
        while len(out) < n:
            chunk = self.sock.recv(n - len(out))
            assert chunk, "the server closed the slow socket"
            out += chunk
        return out

    def recv(self) -> str:
        while True:
            b0, b1 = self._exactly(2)
            n = b1 & 0x7F
            if n == 126:
                n = int.from_bytes(self._exactly(2), "big")
            elif n == 127:
                n = int.from_bytes(self._exactly(8), "big")
            payload = self._exactly(n)
            opcode = b0 & 0x0F
            assert b0 & 0x80 and opcode in (1, 9, 10), f"an unexpected frame (opcode {opcode})"
            if opcode == 1:
                return payload.decode("utf-8")
            if opcode == 9:            # a ping: a pong with the same data, masked (a client's frames are)
                mask = b"\x01\x02\x03\x04"
                self.sock.sendall(bytes([0x8A, 0x80 | len(payload)]) + mask +
                                  bytes(x ^ mask[i % 4] for i, x in enumerate(payload)))

    def close(self) -> None:
        self.sock.close()


def note(sizes: dict, kind: str, text: str | bytes) -> None:
    size = len(text.encode("utf-8") if isinstance(text, str) else text)
    assert size <= LIMIT, f"a {kind} message of {size} bytes"
    sizes[kind] = max(sizes.get(kind, 0), size)


class Player:
    """One seat played over HTTP with `log_from`: the state it rebuilds from the answers."""

    def __init__(self, http: httpx.Client, url: str, gid: str, token: str, sizes: dict):
        self.http, self.url, self.gid, self.token, self.sizes = http, url, gid, token, sizes
        self.copy = Rebuilt()
        self.pages = 0                 # `actions` pages asked for (a state sent with its first options only)

    def _take(self, r: httpx.Response) -> None:
        assert r.status_code == 200, r.text
        note(self.sizes, "http", r.content)
        jsonschema.validate({"type": "state", **r.json()}, SCHEMA)
        self.copy.take(r.json())

    def since(self) -> int:
        return self.copy.log_end() if self.copy.state else 0

    def catch_up(self) -> None:
        """GET with `log_from`, and the rest of its log and options, until the state is whole."""
        self._take(self.http.get(f"{self.url}/api/games/{self.gid}",
                                 params={"token": self.token, "log_from": self.since()}))
        self._rest()

    def act(self, action: dict) -> None:
        self._take(self.http.post(f"{self.url}/api/games/{self.gid}/actions",
                                  params={"token": self.token, "log_from": self.since()}, json=action))
        self._rest()

    def _rest(self) -> None:
        """An answer is cut to fit: the options it lacks (`GET …/actions?from=N`) and the log
        (`log_from`) are asked for until the state is whole."""
        while True:
            while not self.copy.options_whole():
                r = self.http.get(f"{self.url}/api/games/{self.gid}/actions",
                                  params={"token": self.token, "from": self.copy.options_have()})
                assert r.status_code == 200, r.text
                note(self.sizes, "http", r.content)
                page = r.json()
                jsonschema.validate(page, SCHEMA)
                self.pages += 1
                if page["version"] != self.copy.state["version"]:
                    break              # the game moved on: the state again
                self.copy.take({"type": "actions", **page})
            if self.copy.complete():
                return
            self._take(self.http.get(f"{self.url}/api/games/{self.gid}",
                                     params={"token": self.token, "log_from": self.since()}))


@pytest.fixture(scope="module")
def weds():
    return offer(["weds"])


def cards_of(http: httpx.Client, url: str, gid: str, token: str, sizes: dict) -> dict:
    """Every card, asked page by page (`from`) as a client does once a game."""
    cards: dict = {}
    while True:
        r = http.get(f"{url}/api/games/{gid}/cards", params={"token": token, "from": len(cards)})
        assert r.status_code == 200, r.text
        note(sizes, "cards", r.content)
        body = r.json()
        cards.update(body["cards"])
        if len(cards) >= body["end"]:
            return cards


@pytest.mark.parametrize("n", [2, 4])
def test_a_whole_game_of_weds_over_http_and_websockets_rebuilds_every_view(weds, n):
    store = Store(weds, None)
    sizes: dict = {}
    # the smallest kernel buffer for a WebSocket: the slow socket falls behind at once
    with running(store, Limits(send_buffer=4096)) as url, httpx.Client(timeout=WAIT) as http:
        r = http.post(f"{url}/api/games", json={"pack": "weds", "players": n, "seed": 3})
        assert r.status_code == 200, r.text
        g = r.json()
        gid = g["id"]
        game = store.tables[gid].game
        cards = cards_of(http, url, gid, g["spectator"], sizes)     # once a game: views name cards by id
        players = {s: Player(http, url, gid, g["tokens"][str(s)], sizes) for s in range(n)}
        sockets = [*(Socket(url, gid, g["tokens"][str(s)], s, sizes) for s in range(n)),
                   Socket(url, gid, g["spectator"], SPECTATOR, sizes)]
        for p in players.values():
            p.catch_up()
        bot, rng = make_bot("default", game.rules), random.Random(3)
        checked = {id(c): 0 for c in [*players.values(), *sockets]}
        slow = None
        hub = hub_of(store)
        lagging = False            # the slow socket is not read until the server found it behind
        step = 0
        while True:
            version = version_of(game)
            whole = step % FULL_LOG_EVERY == 0 or game.over
            if step == JOIN_LATE:
                # a spectator comes late, asks for the whole log and reads nothing: its
                # first state and the log after it fill its buffers, and it falls behind
                # within a move or two (well before the server's keep-alive pings give up on it)
                slow = SlowSocket(url, gid, g["spectator"], SPECTATOR, sizes)
                checked[id(slow)] = 0
                lagging = True
            for c in sockets + ([] if lagging or slow is None else [slow]):
                c.read_until(version)
                k = id(c)
                checked[k] = _check(c.copy, truth(store, gid, c.seat, 0 if whole else checked[k]), checked[k], whole)
            if game.over:
                break
            seat = game.pending["player"]
            p = players[seat]
            if p.copy.state["version"] != version:
                p.catch_up()       # the other seat moved last: its turn, it asks for the state
            k = id(p)
            checked[k] = _check(p.copy, truth(store, gid, seat, 0 if whole else checked[k]), checked[k], whole)
            assert named_cards(p.copy.state, set()) <= cards.keys(), "a state names a card the client lacks"
            p.act(bot.choose(game, p.copy.state["actions"], rng))
            step += 1
            if lagging and any(w.whole and w.version is not None for ch in list(hub.channels.values())
                               for w in list(ch.watchers)):
                lagging = False    # the slow socket fell behind (the others read all): it is read from now on
            assert step < 5000, "the game did not end"
        assert not lagging, "the slow socket never fell behind"
        assert "state" in slow.kinds[1:], "the slow socket got no whole state after its first"
        for s, p in players.items():
            p.catch_up()
            _check(p.copy, truth(store, gid, s, 0), 0, True)
        for c in [*sockets, slow]:
            assert c is not None
            c.close()
    # the figure (bench/wire_sizes.py measures it per pack); shown with -s or on a failure
    print(f"WEDS, {n} players, {step} decisions: largest message over HTTP {sizes['http']} B, "
          f"over the WebSocket {sizes['ws']} B, a page of cards {sizes['cards']} B")


def _check(copy: Rebuilt, want: dict, checked: int, whole: bool) -> int:
    """The rebuilt state is the game's (`want`, with the log from `checked`, or
    the whole log when `whole`): everything but the log, and the log's entries
    from `checked` on (each entry is as the seat saw it when written, so one
    found right stays right). Returns where the log is checked to."""
    got = copy.state
    assert not differences(got, want), f"a rebuilt state differs from the game's in {differences(got, want)}"
    view = got["view"]
    assert view["log_from"] == 0, "the log was asked from 0"
    end = len(view["log"])
    assert end == want["view"]["log_end"], "the rebuilt log does not reach the game's"
    assert want["view"]["log_from"] == (0 if whole else checked)
    assert view["log"][want["view"]["log_from"]:] == want["view"]["log"]
    return end


def test_a_question_too_long_for_one_message_comes_in_pieces_that_rebuild_it():
    """A question of 400 options (tests/packs/long_menu: "take any tile from
    the table") is longer than a message: the state carries the first options
    (`options_end` saying how many), the rest come in `actions` messages on
    the WebSocket and `GET …/actions` pages over HTTP; every message fits,
    and each client's state, once whole, is exactly what the game shows it."""
    store = Store(offer([str(Path(__file__).parents[1] / "packs" / "long_menu")]), None)
    sizes: dict = {}
    with running(store) as url, httpx.Client(timeout=WAIT) as http:
        r = http.post(f"{url}/api/games", json={"pack": "long_menu", "players": 2, "seed": 5})
        assert r.status_code == 200, r.text
        g = r.json()
        gid = g["id"]
        game = store.tables[gid].game
        players = {s: Player(http, url, gid, g["tokens"][str(s)], sizes) for s in range(2)}
        sockets = [*(Socket(url, gid, g["tokens"][str(s)], s, sizes) for s in range(2)),
                   Socket(url, gid, g["spectator"], SPECTATOR, sizes)]
        for p in players.values():
            p.catch_up()
        rng = random.Random(5)
        longest = 0
        while True:
            version = version_of(game)
            for c in sockets:
                c.read_until(version)
                _check(c.copy, truth(store, gid, c.seat, 0), 0, True)
            if game.over:
                break
            p = players[game.pending["player"]]
            if p.copy.state["version"] != version:
                p.catch_up()
            _check(p.copy, truth(store, gid, game.pending["player"], 0), 0, True)
            longest = max(longest, len(p.copy.state["actions"]))
            p.act(rng.choice(p.copy.state["actions"]))
        for c in sockets:
            c.close()
    assert longest >= 390, "the game never asked its long question"
    assert all(p.pages for p in players.values()), "no HTTP client had to ask for the rest of its options"
    assert any("actions" in c.kinds for c in sockets[:2]), "no WebSocket was sent options in pieces"
    assert not any("actions" in c.kinds for c in sockets[2:]), "the spectator, asked nothing, was sent options"


def test_asking_for_options_with_a_bad_place_is_refused_and_a_spectator_has_none():
    """PROTOCOL.md: `from` is a whole number from 0 (400 otherwise); the
    spectator is asked nothing, so it has no options."""
    store = Store(offer([str(Path(__file__).parents[1] / "packs" / "long_menu")]), None)
    with running(store) as url, httpx.Client(timeout=WAIT) as http:
        g = http.post(f"{url}/api/games", json={"pack": "long_menu", "players": 2, "seed": 5}).json()
        for bad in ("-1", "x", "1.5"):
            r = http.get(f"{url}/api/games/{g['id']}/actions", params={"token": g["tokens"]["0"], "from": bad})
            assert r.status_code == 400 and "from is a whole number" in r.json()["error"]
        r = http.get(f"{url}/api/games/{g['id']}/actions", params={"token": g["spectator"], "from": 0})
        assert r.status_code == 200 and r.json()["end"] == 0 and r.json()["actions"] == []
        assert store.handle({"op": "actions", "id": g["id"], "token": g["tokens"]["0"], "from": -3})["status"] == 400
