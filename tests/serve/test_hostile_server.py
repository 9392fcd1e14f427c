"""`waybill serve` under hostile clients: everyone else keeps being answered.

A real uvicorn server on loopback (tests/serve/live.py, configured as
`waybill serve` is); distinct loopback addresses are distinct clients (the
client socket is bound to 127.0.0.2, 127.0.0.3, ...). While an attack runs,
a well-behaved client from another address plays: each of its requests
must be answered, correctly, within DEADLINE — a generous bound, never a
speed assertion (the latencies are measured in bench/server_attack.py).
Every wait has a deadline.

Each hostile input goes through `tried()`; the count is printed when the
module ends ("hostile server inputs tried: N").
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.serve.live import DICE, running
from tests.serve.rebuild import Rebuilt
from waybill.serve import Store, offer
from waybill.serve.app import MAX_BODY
from waybill.serve.guard import Limits

DEADLINE = 60.0               # a well-behaved request is answered within this (generous, not a speed bound)
GOOD = "127.0.0.3"            # the well-behaved client
EVIL = "127.0.0.2"            # the attacker (when it speaks from one address)
FAST = Limits(request_seconds=2.0, per_address=8, keep_alive=1, send_seconds=2.0, abort_seconds=1.0)

TRIED: list[str] = []


def tried(what: str) -> str:
    TRIED.append(what)
    return what


@pytest.fixture(scope="module", autouse=True)
def _count(request):
    yield
    reporter = request.config.pluginmanager.getplugin("terminalreporter")
    capture = request.config.pluginmanager.getplugin("capturemanager")
    if reporter is not None:
        with capture.global_and_fixture_disabled() if capture else contextlib.nullcontext():
            reporter.write_line(f"\nhostile server inputs tried: {len(TRIED)}")


@pytest.fixture(scope="module")
def packs():
    return offer([DICE])


@pytest.fixture
def server(packs, tmp_path):
    """(store, url, port) of a dice race server with short deadlines."""
    store = Store(packs, str(tmp_path / "games"))
    with running(store, FAST) as url:
        yield store, url, int(url.rsplit(":", 1)[1])


# --- clients -------------------------------------------------------------------------

def http(address: str) -> httpx.Client:
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=DEADLINE)


def raw(port: int, address: str, timeout: float = DEADLINE) -> socket.socket:
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.bind((address, 0))
    s.connect(("127.0.0.1", port))
    return s


def ws_url(url: str, game: dict, token: str) -> str:
    return url.replace("http://", "ws://") + f"/api/games/{game['id']}/ws?token={token}"


def well_behaved(url: str, address: str = GOOD, pack: str = "dice_race") -> None:
    """A whole exchange of a polite client: each request answered rightly within DEADLINE."""
    with http(address) as c:
        r = c.get(url + "/api/packs")
        assert r.status_code == 200, r.text
        r = c.post(url + "/api/games", json={"pack": pack, "players": 2, "bots": [1]})
        assert r.status_code == 200, r.text
        game = r.json()
        token = game["tokens"]["0"]
        r = c.get(f"{url}/api/games/{game['id']}", params={"token": token})
        assert r.status_code == 200, r.text
        state = r.json()
        if state["actions"]:
            r = c.post(f"{url}/api/games/{game['id']}/actions", params={"token": token}, json=state["actions"][0])
            assert r.status_code == 200, r.text


def answered_while(url: str, attack, *args, times: int = 3, pause: float = 1.0, **kwargs) -> dict:
    """Run `attack(stop, stats, *args)` in a thread; the polite client plays `times`
    exchanges meanwhile (`pause` s apart). Returns the attack's stats."""
    stop = threading.Event()
    stats: dict = {"closed": 0, "opened": 0, "refused": 0}
    thread = threading.Thread(target=attack, args=(stop, stats, *args), kwargs=kwargs, daemon=True)
    thread.start()
    try:
        time.sleep(pause)                       # let the attack build up
        for _ in range(times):
            well_behaved(url)
            time.sleep(pause)
    finally:
        stop.set()
        thread.join(timeout=DEADLINE)
    assert not thread.is_alive(), "the attack did not stop"
    return stats


# --- attacks -------------------------------------------------------------------------

def slow_connections(stop: threading.Event, stats: dict, port: int, n: int, addresses: list[str],
                     opening: bytes, drip: bytes = b"a", every: float = 0.5) -> None:
    """n connections that send `opening`, then `drip` every `every` s, never
    ending their request; one the server closes is opened again."""
    slots: list[socket.socket | None] = [None] * n
    try:
        while not stop.is_set():
            for i in range(n):
                if stop.is_set():
                    break
                s = slots[i]
                try:
                    if s is None:
                        s = raw(port, addresses[i % len(addresses)], timeout=2)
                        stats["opened"] += 1
                        s.sendall(opening)
                        slots[i] = s
                    else:
                        s.sendall(drip)
                except OSError:
                    stats["closed"] += 1
                    if s is not None:
                        s.close()
                    slots[i] = None
            stop.wait(every)
    finally:
        for s in slots:
            if s is not None:
                s.close()


def addresses(n: int, first: int = 10) -> list[str]:
    return [f"127.0.{1 + (first + i) // 250}.{2 + (first + i) % 250}" for i in range(n)]


def test_slowloris_from_one_address(server):
    """300 connections that never end their headers (the attack that made
    every client get 503 for 20 s): the others are served."""
    _, url, port = server
    tried("slowloris: 300 connections of one address, headers never ended")
    stats = answered_while(url, slow_connections, port, 300, [EVIL], b"GET /api/packs HTTP/1.1\r\nHost: x\r\nX-a: ",
                           times=3, pause=FAST.request_seconds)
    assert stats["closed"] > 0, "the server closed none of the slow connections"


def test_slowloris_from_many_addresses(server):
    _, url, port = server
    tried("slowloris: 300 connections over 30 addresses")
    answered_while(url, slow_connections, port, 300, addresses(30), b"GET /api/packs HTTP/1.1\r\nHost: x\r\nX-a: ",
                   times=3, pause=FAST.request_seconds)


def test_idle_connections_and_a_slow_websocket_handshake(server):
    _, url, port = server
    tried("300 connections that send nothing")
    answered_while(url, slow_connections, port, 300, addresses(30), b"", b"", times=2, pause=FAST.request_seconds)
    tried("300 WebSocket handshakes never ended")
    answered_while(url, slow_connections, port, 300, addresses(30, first=60),
                   b"GET /api/games/0123456789abcdef/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n",
                   times=2, pause=FAST.request_seconds)


def test_slow_bodies(server):
    _, url, port = server
    head = b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n"
    tried("300 request bodies of 60000 bytes sent 1 byte at a time")
    answered_while(url, slow_connections, port, 300, addresses(30), head, b" ", times=3, pause=FAST.request_seconds)
    tried("chunked bodies whose chunks never end")
    chunked = b"POST /api/games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nffff\r\n"
    answered_while(url, slow_connections, port, 100, addresses(10), chunked, b"[", times=2,
                   pause=FAST.request_seconds)


def test_a_slow_body_is_answered_408_within_the_deadline(server):
    _, url, port = server
    tried("a body that stops half way")
    with raw(port, EVIL) as s:
        s.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"pack\": ")
        answer = _read_all(s)
    assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
    tried("headers that stop half way")
    with raw(port, EVIL) as s:
        s.sendall(b"GET /api/packs HTTP/1.1\r\nHo")
        answer = _read_all(s)
    assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
    tried("a keep-alive connection whose second request stops half way")
    with raw(port, EVIL) as s:
        s.sendall(b"GET /api/packs HTTP/1.1\r\nHost: x\r\n\r\nGET /api/packs HTTP/1.1\r\nHo")
        answer = _read_all(s)
    # answered, then closed (408, or uvicorn's keep-alive timer: whichever comes first)
    assert answer.startswith(b"HTTP/1.1 200") and answer.count(b"HTTP/1.1 200") == 1, answer[-200:]


def _read_all(s: socket.socket) -> bytes:
    """Everything until the server closes (the socket's timeout bounds each wait:
    a server that does not close in time fails the test with TimeoutError)."""
    out = b""
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        try:
            chunk = s.recv(65536)
        except ConnectionResetError:
            break
        if not chunk:
            break
        out += chunk
    return out


def test_connections_of_one_address_are_bounded(server):
    _, url, port = server
    tried(f"{3 * FAST.per_address} connections held open by one address")
    held = [raw(port, EVIL) for _ in range(3 * FAST.per_address)]
    try:
        well_behaved(url)
        answers = [_read_all(s) for s in held]     # refused at once, or closed at the request deadline
        refused = [a for a in answers if a.startswith(b"HTTP/1.1 429")]
        assert len(refused) == 2 * FAST.per_address, answers
        assert all(a.startswith((b"HTTP/1.1 429", b"HTTP/1.1 408")) for a in answers), answers
    finally:
        for s in held:
            s.close()


def test_a_flood_of_new_games_is_refused_with_429_and_others_still_create(packs, tmp_path):
    """The attack that filled the server in 4 s: one client creates games as
    fast as it can, some that end at once (bots only), some it never plays."""
    store = Store(packs, str(tmp_path / "games"), max_games=50, clock=lambda: 1000.0)   # time stands still:
    with running(store, FAST) as url:                                                  # no allowance comes back
        statuses = []
        reasons = set()
        with http(EVIL) as c:
            for i in range(200):
                body = {"pack": "dice_race", "players": 2, **({"bots": [0, 1]} if i % 2 else {})}
                tried(f"new game {i} of a flood from one address")
                r = c.post(url + "/api/games", json=body)
                statuses.append(r.status_code)
                if r.status_code == 429:
                    reasons.add(r.json()["error"].split(" (")[0].split(":")[0])
        assert set(statuses) <= {200, 429}
        assert statuses.count(200) == store.creates_burst
        assert any("too many new games" in r for r in reasons), reasons
        for address in addresses(5, first=100):
            well_behaved(url, address)
        well_behaved(url)


def test_games_in_play_per_address_are_bounded(packs):
    store = Store(packs, None, games_per_address=3, creates_per_minute=0)
    with running(store, FAST) as url:
        with http(EVIL) as c:
            for _ in range(3):
                assert c.post(url + "/api/games", json={"pack": "dice_race", "players": 2}).status_code == 200
            tried("a fourth game in play from one address")
            r = c.post(url + "/api/games", json={"pack": "dice_race", "players": 2})
            assert r.status_code == 429 and "already has 3 games in play" in r.json()["error"], r.text
            # a game that ends at once (bots only) does not stay in play
            tried("games of bots only, past the bound")
            r = c.post(url + "/api/games", json={"pack": "dice_race", "players": 2, "bots": [0, 1]})
            assert r.status_code == 429      # (refused before it is played: the bound is checked first)
        well_behaved(url)


def test_finished_games_do_not_count_and_stay_readable_until_they_expire(packs, tmp_path):
    now = [1000.0]
    data = str(tmp_path / "games")
    store = Store(packs, data, max_games=2, finished_ttl=60, abandoned_ttl=600, games_per_address=0,
                  creates_per_minute=0, clock=lambda: now[0])
    finished = [store.create({"pack": "dice_race", "players": 2, "bots": [0, 1]}, EVIL) for _ in range(5)]
    for g in finished:
        assert store.tables[g["id"]].game.over
    tried("more finished games than --max-games")
    live = [store.create({"pack": "dice_race", "players": 2}, EVIL) for _ in range(2)]
    r = store.handle({"op": "create", "pack": "dice_race", "players": 2}, EVIL)
    assert r["status"] == 503 and "games in play" in r["error"]
    assert store.state(finished[0]["id"], finished[0]["spectator"])["view"]["over"]
    now[0] += 61                               # the finished games expire; the others were asked for in time
    for g in live:
        store.state(g["id"], g["tokens"]["0"])
    assert store.handle({"op": "state", "id": finished[0]["id"], "token": finished[0]["spectator"]})["status"] == 404
    assert sorted(os.listdir(data)) == sorted(f"{g['id']}.json" for g in live)
    now[0] += 601                              # nobody asks for the games in play: abandoned
    store.sweep(force=True)
    assert store.tables == {} and os.listdir(data) == []
    assert "id" in store.create({"pack": "dice_race", "players": 2}, EVIL)


def test_a_restart_forgets_expired_games_and_cleans_stale_temporary_files(packs, tmp_path):
    data = tmp_path / "games"
    first = Store(packs, str(data), max_games=2, games_per_address=0, creates_per_minute=0)
    done = [first.create({"pack": "dice_race", "players": 2, "bots": [0, 1]}) for _ in range(4)]
    kept = first.create({"pack": "dice_race", "players": 2})
    old = time.time() - 2 * 3600
    for g in done[:2]:
        os.utime(data / f"{g['id']}.json", (old, old))
    stale = [f".{kept['id']}.k2j3h4.tmp", ".0123456789abcdef.x.tmp"]
    for name in stale:
        tried(f"stale temporary file {name}")
        (data / name).write_text("{half a save")
    others = ["notes.tmp", ".hidden.tmp", "0123456789abcdef.json.tmp"]
    for name in others:
        (data / name).write_text("not ours")
    second = Store(packs, str(data), max_games=2, finished_ttl=3600)
    assert sorted(second.cleaned) == sorted(stale)
    assert set(second.tables) == {done[2]["id"], done[3]["id"], kept["id"]}
    assert sorted(os.listdir(data)) == sorted([*others, *(f"{g['id']}.json" for g in (*done[2:], kept))])
    assert "id" in second.create({"pack": "dice_race", "players": 2})     # finished games leave room


# --- WebSockets ----------------------------------------------------------------------

def _handshake(port: int, address: str, path: str) -> socket.socket:
    s = raw(port, address)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
              "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    return s


def test_many_spectators_do_not_hold_the_mover(tmp_path):
    """100 spectators on one game of WEDS (20 addresses), half of them never
    reading a byte: 30 moves, each answered; the readers end on the last position."""
    store = Store(offer(["weds"]), str(tmp_path / "games"))
    with running(store, FAST) as url:
        port = int(url.rsplit(":", 1)[1])
        with http(GOOD) as c:
            game = c.post(url + "/api/games", json={"pack": "weds", "players": 2, "bots": [1]}).json()
        watchers = addresses(20, first=150)          # 5 sockets an address
        path = f"/api/games/{game['id']}/ws?token={game['spectator']}"
        tried("50 spectator sockets that never read")
        deaf = [_handshake(port, watchers[i % 20], path) for i in range(50)]
        seen: dict[int, int] = {}
        stop = threading.Event()
        ready = threading.Barrier(51, timeout=DEADLINE)

        def reader(i: int) -> None:
            with connect(ws_url(url, game, game["spectator"]), max_size=None, proxy=None, open_timeout=DEADLINE,
                         source_address=(watchers[i % 20], 0)) as ws:
                ready.wait()
                copy = Rebuilt()
                while not stop.is_set():
                    try:
                        copy.take(json.loads(ws.recv(timeout=0.5)))
                    except TimeoutError:
                        continue
                    if copy.complete():
                        seen[i] = copy.state["view"]["decision"]

        tried("50 spectator sockets that read")
        threads = [threading.Thread(target=reader, args=(i,), daemon=True) for i in range(50)]
        for t in threads:
            t.start()
        try:
            ready.wait()
            token = game["tokens"]["0"]
            with http(GOOD) as c:
                state = c.get(f"{url}/api/games/{game['id']}", params={"token": token}).json()
                for _ in range(30):
                    if state["view"]["over"]:
                        break
                    r = c.post(f"{url}/api/games/{game['id']}/actions", params={"token": token},
                               json=state["actions"][-1])
                    assert r.status_code == 200, r.text
                    state = r.json()
            last = store.tables[game["id"]].game.decision
            end = time.monotonic() + DEADLINE
            while time.monotonic() < end and any(seen.get(i) != last for i in range(50)):
                time.sleep(0.1)
            assert all(seen.get(i) == last for i in range(50)), "a reading spectator missed the last position"
            well_behaved(url, pack="weds")
        finally:
            stop.set()
            for t in threads:
                t.join(timeout=DEADLINE)
            for s in deaf:
                s.close()


def test_one_delta_per_audience_and_version_whatever_the_number_of_spectators(packs):
    """Issue 27: "one view delta per audience shared by all its sockets;
    broadcast cost independent of the number of watchers beyond sending".
    40 spectator sockets (and seat 0's) watch 8 moves: the server builds the
    spectators' delta once a move and their first state once, counted, not
    timed; every spectator socket is sent the very same messages."""
    store = Store(packs, None)
    with running(store) as url:
        hub = next(listen.__self__ for listen in store.listeners)     # the WebSocket hub listens to the store
        with http(GOOD) as c:
            game = c.post(url + "/api/games", json={"pack": "dice_race", "players": 2, "seed": 4, "bots": [1]}).json()
        gid, token = game["id"], game["tokens"]["0"]
        tried("40 spectator sockets on one game")
        watchers = addresses(5, first=300)          # 8 sockets an address
        socks = [connect(ws_url(url, game, game["spectator"]), max_size=None, proxy=None, open_timeout=DEADLINE,
                         source_address=(watchers[i % 5], 0)) for i in range(40)]
        socks.append(connect(ws_url(url, game, token), max_size=None, proxy=None, open_timeout=DEADLINE))
        copies = [Rebuilt() for _ in socks]
        texts: list[list[str]] = [[] for _ in socks]

        def read_to(version: int) -> None:
            for sock, copy, got in zip(socks, copies, texts):
                end = time.monotonic() + DEADLINE
                while not (copy.complete() and copy.state["version"] >= version):
                    assert time.monotonic() < end, "a socket was not sent the position"
                    got.append(sock.recv(timeout=DEADLINE))
                    copy.take(json.loads(got[-1]))
                    assert not copy.behind

        try:
            with http(GOOD) as c:
                state = c.get(f"{url}/api/games/{gid}", params={"token": token}).json()
                read_to(state["version"])
                versions = []
                for _ in range(8):
                    if state["view"]["over"]:
                        break
                    r = c.post(f"{url}/api/games/{gid}/actions", params={"token": token}, json=state["actions"][0])
                    assert r.status_code == 200, r.text
                    state = r.json()
                    versions.append(state["version"])
                    read_to(state["version"])      # each socket has it before the next move: none falls behind
            # (counted while the game is watched: the hub forgets a game's counts with its last socket)
            spectators = Counter((v, kind) for (g, seat, v, kind), n in list(hub.built.items())
                                 if g == gid and seat == "spectator" for _ in range(n))
        finally:
            for sock in socks:
                sock.close()
        assert all(n == 1 for n in spectators.values()), f"a spectators' state was built twice: {spectators}"
        assert sorted(v for v, kind in spectators if kind == "delta") == versions, "one delta a move, no more"
        assert [kind for _, kind in spectators].count("whole") == 1, "the first state of 40 sockets, built once"
        assert all(got == texts[0] for got in texts[:40]), "the spectators were sent other messages"
        assert any(json.loads(t)["type"] == "delta" for t in texts[0])


def test_websockets_of_one_address_are_bounded(server):
    store, url, _ = server
    with http(EVIL) as c:
        game = c.post(url + "/api/games", json={"pack": "dice_race", "players": 2}).json()
    held, refused = [], 0
    with contextlib.ExitStack() as stack:
        for _ in range(3 * FAST.per_address):
            tried("one more WebSocket from one address")
            try:
                held.append(stack.enter_context(connect(
                    ws_url(url, game, game["tokens"]["0"]), proxy=None, open_timeout=DEADLINE,
                    source_address=(EVIL, 0))))
            except Exception:      # 429 and closed (the client library's error varies with the timing)
                refused += 1
        assert len(held) <= FAST.per_address and refused >= 2 * FAST.per_address
        well_behaved(url)


def test_websocket_junk_gets_errors_and_the_socket_lives_on(server):
    _, url, _ = server
    with http(EVIL) as c:
        game = c.post(url + "/api/games", json={"pack": "dice_race", "players": 2}).json()
    junk = ["{", "[]", "null", "1", '"x"', "NaN", '{"op": "fly"}', '{"op": null}', '{"op": ["act"]}',
            '{"op": "act"}', '{"op": "act", "action": []}', '{"op": "act", "action": {"player": 0.0}}',
            '{"op": "act", "action": {"player": true}}', '{"op": "create"}', '{"op": "packs", "x": ' + "[" * 40
            + "]" * 40 + "}", "[" * 50000, '{"op": "act", "action": ' * 2000 + "1" + "}" * 2000, "\u2028\u2029",
            "\x00", '{"op": "\\ud800"}', '{"op": "act", "action": {"player": 0, "option": 1e400}}']
    with connect(ws_url(url, game, game["tokens"]["0"]), max_size=None, proxy=None, open_timeout=DEADLINE,
                 source_address=(EVIL, 0)) as ws:
        assert json.loads(ws.recv(timeout=DEADLINE))["type"] == "state"
        for text in junk:
            ws.send(tried(text))
            reply = json.loads(ws.recv(timeout=DEADLINE))
            while reply["type"] != "reply":
                reply = json.loads(ws.recv(timeout=DEADLINE))
            assert 400 <= reply["status"] < 500, (text[:40], reply)
        tried("a binary frame")
        ws.send(b'{"op": "state"}')
        reply = json.loads(ws.recv(timeout=DEADLINE))
        while reply["type"] != "reply":
            reply = json.loads(ws.recv(timeout=DEADLINE))
        assert reply["status"] == 400
        ws.send('{"op": "state"}')
        reply = json.loads(ws.recv(timeout=DEADLINE))
        while reply["type"] != "reply":
            reply = json.loads(ws.recv(timeout=DEADLINE))
        assert reply["seat"] == 0
        tried("a frame over the limit")
        ws.send("x" * (MAX_BODY + 1))
        with pytest.raises(ConnectionClosed):
            end = time.monotonic() + DEADLINE
            while time.monotonic() < end:
                ws.recv(timeout=DEADLINE)
    well_behaved(url)


def test_a_websocket_asking_as_fast_as_it_can_does_not_starve_others(server):
    _, url, _ = server
    with http(EVIL) as c:
        game = c.post(url + "/api/games", json={"pack": "dice_race", "players": 2}).json()

    def ask(stop: threading.Event, stats: dict) -> None:
        def one() -> None:
            with contextlib.suppress(Exception), connect(
                    ws_url(url, game, game["tokens"]["0"]), proxy=None, open_timeout=DEADLINE,
                    source_address=(EVIL, 0)) as ws:
                while not stop.is_set():
                    ws.send('{"op": "state"}')
                    ws.recv(timeout=DEADLINE)
        threads = [threading.Thread(target=one, daemon=True) for _ in range(FAST.per_address)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=DEADLINE)

    tried(f"{FAST.per_address} WebSockets asking for their state without pause")
    answered_while(url, ask, times=3, pause=0.5)


# --- junk in requests ----------------------------------------------------------------

JUNK_BODIES = [
    b"", b" ", b"null", b"true", b"0", b'"x"', b"[]", b"[1, 2]", b"{", b"}", b"{}", b"\x00", b"\r\n\r\n",
    b"[" * 60000, b"[" * 100000, b'{"a": ' * 20000 + b"1" + b"}" * 20000, b"9" * 5000, b"1e999999", b"-0",
    b"NaN", b"Infinity", b"-Infinity", b'{"pack": NaN, "players": 2}', b'{"pack": "dice_race", "players": Infinity}',
    b"\xff\xfe{}", b"\xef\xbb\xbf{}", '{"pack": "dice_race", "players": 2}'.encode("utf-16"),
    b'{"pack": "\\ud800", "players": 2}', b'{"pack": "dice_race\\u0000", "players": 2}',
    b'{"pack": "x", "pack": "y"}', b"x" * (MAX_BODY + 1), b'{"pack": "dice_race", "players": 2}' + b" " * MAX_BODY,
    b'{"a": "' + b"x" * 65000 + b'"}', b'{"__proto__": {"players": 2}, "pack": "dice_race"}',
    b'{"pack": "dice_race", "players": 2, "seed": 1e2}', b'{"pack": "dice_race", "players": 2.0}',
    b'{"pack": "dice_race", "players": "2"}', b'{"pack": "dice_race", "players": 2, "bots": {"0": 1}}',
    b'{"pack": "dice_race", "players": 2, "ref": ' + b"[" * 900 + b"]" * 900 + b"}",
    b'{"pack": "dice_race", "players": 2, "variants": [' + b'"x",' * 8000 + b'"x"]}',
    b'{"pack": "dice_race", "players": 2, "bots": [' + b"0," * 10000 + b"0]}",
    b"\xc3\x28", b'{"pack": "\xed\xa0\x80"}',
]


def test_junk_bodies_are_refused_with_4xx(server):
    store, url, _ = server
    with http(EVIL) as c:
        game = c.post(url + "/api/games", json={"pack": "dice_race", "players": 2}).json()
        token = game["tokens"]["0"]
        before = store.tables[game["id"]].game.to_json()
        for body in JUNK_BODIES:
            for path in ("/api/games", f"/api/games/{game['id']}/actions?token={token}"):
                tried(f"{path[:10]} {body[:30]!r}")
                r = c.post(url + path, content=body, headers={"content-type": "application/json"})
                assert r.status_code in (400, 403, 409, 413), (path, body[:50], r.status_code, r.text[:200])
                assert r.headers["content-type"] == "application/json"
                assert r.json()["status"] == r.status_code and r.json()["error"]
        assert store.tables[game["id"]].game.to_json() == before
        assert len(store.tables) == 1
    well_behaved(url)


RAW_REQUESTS = [
    b"GET /api/packs HTTP/1.1\r\nHost: x\r\nX-a: " + b"a" * (MAX_BODY + 100) + b"\r\n\r\n",
    b"GET /api/packs HTTP/1.1\r\nHost: x\r\n" + b"X-a: b\r\n" * 5000 + b"\r\n",
    b"GET /api/packs HTTP/1.1\r\nHost: x\r\nX-a: \x00\r\n\r\n",
    b"G\xc3\x89T /api/packs HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /api/packs\r\n\r\n",
    b"GET /api/packs HTTP/2.0\r\nHost: x\r\n\r\n",
    b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
    b"GET /" + b"a" * (MAX_BODY + 100) + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
    b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 1e3\r\n\r\n",
    b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n",
    b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n{}{}{}",
    b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    b"POST /api/games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffffff\r\n",
    b"POST /api/games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
    + b"1\r\n[\r\n" * 70000 + b"0\r\n\r\n",
    b"GET /api/games/..%2f..%2fetc%2fpasswd HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /static/..%2f..%2fstore.py HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /static/../../../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /api/games/%ff%fe?token=%ff HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /api/games/x?token=%00 HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /api/games/x/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
    b"GET /api/games/x/ws HTTP/1.1\r\nHost: x\r\nUpgrade: h2c\r\nConnection: Upgrade\r\n\r\n",
    b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 100,
    b"\r\n" * 30000,
]


def test_malformed_http_is_refused_and_nothing_leaks(server):
    _, url, port = server
    for request in RAW_REQUESTS:
        tried(f"raw {request[:40]!r}")
        with raw(port, EVIL) as s:
            with contextlib.suppress(OSError):
                s.sendall(request)
            answer = _read_all(s)
        status = int(answer[9:12]) if answer.startswith(b"HTTP/1.1 ") else None
        assert status is None or status < 500, (request[:60], answer[:200])
        assert b"root:" not in answer and b"import " not in answer and b"Traceback" not in answer
    well_behaved(url)


PACK_NAMES = [
    "../dice_race", "../../etc/passwd", "/etc/passwd", "..", ".", "", " ", "dice_race/", "dice_race/..",
    "dice_race/../dice_race", "./dice_race", "dice_race ", " dice_race", "DICE_RACE", "dice_race\u0000",
    "dice\u200brace", "ｄｉｃｅ_race", "dice_rac\u0435", "\u202edice_race", "dice_race\n", "🎲", "%2e%2e%2f",
    "..\\..\\windows", "C:\\dice_race", "~/dice_race", "${HOME}", "$(reboot)", "<script>alert(1)</script>",
    "\ud800" * 1, "x" * 60000, "weds", "badlands", DICE, str(Path(DICE).resolve()), "tests/packs/dice_race",
    "file:///etc/passwd", "dice_race#", "dice_race?x", "con", "nul",
]


def test_pack_names_are_ids_never_paths(server, tmp_path):
    store, url, _ = server
    link = tmp_path / "linked"
    link.symlink_to(Path(DICE).resolve())
    with http(EVIL) as c:
        for name in [*PACK_NAMES, str(link), str(link) + "/"]:
            tried(f"pack {name[:30]!r}")
            body = json.dumps({"pack": name, "players": 2})
            r = c.post(url + "/api/games", content=body, headers={"content-type": "application/json"})
            assert r.status_code == 400, (name[:40], r.text[:200])
            assert r.headers["content-type"] == "application/json"
    assert store.tables == {}
    well_behaved(url)


BAD_VALUES = [None, True, False, -1, 0.0, 1.5, 2.0, 2**64, -(2**63), "2", "", "x" * 1000, [], {}, [2], {"a": 1},
              "\u0000", "🎲"]

CREATE_FIELDS = {                    # every value here is wrong for its field
    "pack": BAD_VALUES + [0, 1],
    "players": BAD_VALUES + [0, 1, 5],
    "seed": [v for v in BAD_VALUES if v is not None] + [2**63],
    "variants": [v for v in BAD_VALUES if v != []] + [["x"] * 9, [None], [1], [["x"]], ["nope"]],
    "bots": [v for v in BAD_VALUES if v != []] + [[0.0], [True], [2], [0, 0], [-1], ["0"], [None], [0, 1, 2]],
}


def test_wrong_types_in_every_create_field(server):
    store, url, _ = server
    with http(EVIL) as c:
        for field, values in CREATE_FIELDS.items():
            for value in values:
                body = {"pack": "dice_race", "players": 2, field: value}
                tried(f"create {field}={value!r:.30}")
                r = c.post(url + "/api/games", json=body)
                assert r.status_code == 400, (field, value, r.text[:200])
    assert store.tables == {}
    well_behaved(url)


def test_wrong_types_in_every_action_field(server):
    """`0.0` or `true` is not a seat, a decision or an option index; an
    action goes back exactly as it was given, or not at all."""
    store, url, _ = server
    with http(EVIL) as c:
        game = c.post(url + "/api/games", json={"pack": "dice_race", "players": 2}).json()
        token = game["tokens"]["0"]
        state = c.get(f"{url}/api/games/{game['id']}", params={"token": token}).json()
        good = state["actions"][0]
        before = store.tables[game["id"]].game.to_json()
        bad: list[dict] = []
        for key in ("player", "decision", "option"):
            value = good[key]
            for wrong in (float(value), bool(value) if value in (0, 1) else value + 0.0, str(value), None, [value],
                          {"v": value}, value + 2**64, -1, 10**30):
                bad.append({**good, key: wrong})
            bad.append({k: v for k, v in good.items() if k != key})
        for key, value in good.items():
            if key in ("player", "decision", "option"):
                continue
            for wrong in (None, 0, 0.0, True, "", [], {}, [value], {"v": value}):
                if wrong != value or type(wrong) is not type(value):
                    bad.append({**good, key: wrong})
        bad += [{**good, "extra": 1}, {**good, "player": 0.0, "decision": float(good["decision"])},
                {"player": 0}, {}, {**good, "option": -0.0}]
        for action in bad:
            tried(f"action {json.dumps(action)[:60]}")
            r = c.post(f"{url}/api/games/{game['id']}/actions", params={"token": token}, json=action)
            assert r.status_code in (400, 403, 409), (action, r.text[:200])
        assert store.tables[game["id"]].game.to_json() == before
        tried("the action of the attack: player 0.0")
        r = c.post(f"{url}/api/games/{game['id']}/actions", params={"token": token}, json={**good, "player": 0.0})
        assert r.status_code == 400 and "whole number" in r.json()["error"]
        r = c.post(f"{url}/api/games/{game['id']}/actions", params={"token": token}, json=good)
        assert r.status_code == 200
    well_behaved(url)


def test_bad_ids_and_tokens(server):
    store, url, _ = server
    with http(EVIL) as c:
        game = c.post(url + "/api/games", json={"pack": "dice_race", "players": 2}).json()
        other = c.post(url + "/api/games", json={"pack": "dice_race", "players": 2}).json()
        gid, token = game["id"], game["tokens"]["0"]
        for bad in ["", "forged", token + "x", token[:-1], token.upper(), other["tokens"]["0"], "\u0000",
                    "🎲" * 100, "x" * 30000, token + "\u0000", " " + token, "%00", "\x7f"]:
            tried(f"token {bad[:20]!r}")
            r = c.get(f"{url}/api/games/{gid}", params={"token": bad})
            assert r.status_code in (400, 403, 414, 431), (bad[:20], r.status_code)
            r = c.post(f"{url}/api/games/{gid}/actions", params={"token": bad}, json={"player": 0})
            assert r.status_code in (400, 403, 414, 431), (bad[:20], r.status_code)
        tried("two tokens")
        r = c.get(f"{url}/api/games/{gid}?token=forged&token={token}")
        assert r.status_code in (200, 403)
        for bad in ["0123456789abcdef", gid.upper(), gid + "0", "..", "%2e%2e", "🎲", "x" * 5000, gid + "%00"]:
            tried(f"game id {bad[:20]!r}")
            r = c.get(f"{url}/api/games/{bad}", params={"token": token})
            assert r.status_code == 404, (bad[:20], r.status_code)
    well_behaved(url)


def test_bad_log_indices_are_refused_and_far_ones_are_harmless(server):
    """`log_from` (docs/PROTOCOL.md): a whole number; past either end it gives an empty or whole log."""
    store, url, _ = server
    with http(EVIL) as c:
        game = c.post(url + "/api/games", json={"pack": "dice_race", "players": 2}).json()
        gid, token = game["id"], game["tokens"]["0"]
        action = c.get(f"{url}/api/games/{gid}", params={"token": token}).json()["actions"][0]
        for bad in ["", "x", "1.5", "1e3", "0x10", "+3", "--1", " 1", "1 ", "9" * 16, "-" + "9" * 17, "١", "NaN"]:
            tried(f"log_from={bad!r} over HTTP")
            r = c.get(f"{url}/api/games/{gid}", params={"token": token, "log_from": bad})
            assert r.status_code == 400 and "log_from" in r.json()["error"], (bad, r.text)
            r = c.post(f"{url}/api/games/{gid}/actions", params={"token": token, "log_from": bad}, json=action)
            assert r.status_code == 400, (bad, r.text)
        assert store.tables[gid].game.decision == action["decision"], "a refused request changed the game"
        for bad in [True, 1.0, "3", None, [0], {"n": 1}, 2**53 + 1, -(2**60)]:
            tried(f"log_from={bad!r} in a request object")
            out = store.handle({"op": "state", "id": gid, "token": token, "log_from": bad})
            assert out["status"] == 400 and "log_from" in out["error"], (bad, out)
        end = c.get(f"{url}/api/games/{gid}", params={"token": token}).json()["view"]["log_end"]
        for far in [str(2**53), "9" * 15, str(-(2**53)), "-" + "9" * 15]:
            tried(f"log_from={far} (past an end)")
            r = c.get(f"{url}/api/games/{gid}", params={"token": token, "log_from": far})
            assert r.status_code == 200, (far, r.text)
            view = r.json()["view"]
            assert view["log_end"] == end
            # past the end: an empty log from the end; before the start: the log from 0
            assert (view["log_from"], len(view["log"])) == ((end, 0) if not far.startswith("-") else (0, end))
        tried("a WebSocket with log_from=x")
        with pytest.raises(Exception):
            connect(ws_url(url, game, token) + "&log_from=x", proxy=None, open_timeout=DEADLINE).close()
    well_behaved(url)


def test_concurrent_actions_exactly_one_wins(server):
    store, url, _ = server
    with http(GOOD) as c:
        game = c.post(url + "/api/games", json={"pack": "dice_race", "players": 2, "bots": [1]}).json()
        token = game["tokens"]["0"]
        action = c.get(f"{url}/api/games/{game['id']}", params={"token": token}).json()["actions"][0]
    results: list[int] = []
    start = threading.Barrier(20, timeout=DEADLINE)

    def send(i: int) -> None:
        with http(addresses(20, first=200)[i]) as c:
            start.wait()
            r = c.post(f"{url}/api/games/{game['id']}/actions", params={"token": token}, json=action)
            results.append(r.status_code)

    tried("the same action 20 times at once")
    threads = [threading.Thread(target=send, args=(i,)) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=DEADLINE)
    assert sorted(results) == [200] + [409] * 19


def test_actions_after_the_end_are_refused(server):
    store, url, _ = server
    with http(GOOD) as c:
        game = c.post(url + "/api/games", json={"pack": "dice_race", "players": 2, "bots": [1]}).json()
        token = game["tokens"]["0"]
        state = c.get(f"{url}/api/games/{game['id']}", params={"token": token}).json()
        last = state["actions"][0]
        while not state["view"]["over"]:
            last = state["actions"][0]
            state = c.post(f"{url}/api/games/{game['id']}/actions", params={"token": token}, json=last).json()
        tried("an action after the end")
        r = c.post(f"{url}/api/games/{game['id']}/actions", params={"token": token}, json=last)
        assert r.status_code == 409
        assert c.get(f"{url}/api/games/{game['id']}", params={"token": token}).json()["view"]["over"]


def test_a_broken_language_falls_back_to_english_never_an_error(packs, monkeypatch):
    from waybill.serve import store as store_module
    real = store_module.seat_view

    def broken(game, seat, lang=None, log_from=0):
        if lang is not None:
            raise RecursionError("maximum recursion depth exceeded (a catalogue's reference cycle)")
        return real(game, seat, lang, log_from)

    monkeypatch.setattr(store_module, "seat_view", broken)
    store = Store(packs, None, lang="fr")
    with running(store, FAST) as url:
        tried("a catalogue that fails at run time")
        with http(GOOD) as c:
            game = c.post(url + "/api/games", json={"pack": "dice_race", "players": 2, "bots": [1]}).json()
            r = c.get(f"{url}/api/games/{game['id']}", params={"token": game["tokens"]["0"]})
            assert r.status_code == 200, r.text
            assert r.json()["view"] == json.loads(json.dumps(real(store.tables[game["id"]].game, 0)))
        with connect(ws_url(url, game, game["spectator"]), proxy=None, open_timeout=DEADLINE,
                     source_address=(GOOD, 0)) as ws:
            assert json.loads(ws.recv(timeout=DEADLINE))["type"] == "state"
        well_behaved(url)


def test_card_names_cannot_inject_script_into_the_page():
    """The page builds its elements with textContent only: no pack text is parsed as HTML."""
    script = (Path(__file__).parents[2] / "cli" / "serve" / "static" / "app.js").read_text(encoding="utf-8")
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
        tried(f"page sink {sink}")
        assert sink not in script


# --- kill -9 -------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serving(data: str):
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-P", "-c", "from waybill.cli import main; main()", "serve", DICE,
                             "--port", str(port), "--data", data],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=os.environ)
    url = f"http://127.0.0.1:{port}"
    try:
        end = time.monotonic() + DEADLINE * 2
        while True:
            assert proc.poll() is None, f"waybill serve stopped: {proc.stderr.read()}"
            assert time.monotonic() < end, "waybill serve did not start"
            try:
                httpx.get(url + "/api/packs", timeout=DEADLINE)
                break
            except httpx.TransportError:
                time.sleep(0.05)
        yield url, proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=DEADLINE)


def test_kill_9_keeps_every_acknowledged_game_and_cleans_up(tmp_path):
    data = str(tmp_path / "games")
    acked: dict[str, tuple[str, int]] = {}       # id -> (token, decision acknowledged)
    with serving(data) as (url, proc):
        stop = threading.Event()

        def play(address: str) -> None:
            with http(address) as c:
                while not stop.is_set():
                    try:
                        r = c.post(url + "/api/games", json={"pack": "dice_race", "players": 2, "bots": [1]})
                        if r.status_code != 200:
                            continue
                        g = r.json()
                        token = g["tokens"]["0"]
                        state = c.get(f"{url}/api/games/{g['id']}", params={"token": token}).json()
                        acked[g["id"]] = (token, state["view"]["decision"])
                        while state["actions"] and not stop.is_set():
                            state = c.post(f"{url}/api/games/{g['id']}/actions", params={"token": token},
                                           json=state["actions"][0]).json()
                            acked[g["id"]] = (token, state["view"]["decision"])
                    except (httpx.HTTPError, KeyError, ValueError):
                        return

        tried("kill -9 while 4 clients create and play")
        threads = [threading.Thread(target=play, args=(a,), daemon=True) for a in addresses(4, first=230)]
        for t in threads:
            t.start()
        end = time.monotonic() + DEADLINE
        while len(acked) < 8 and time.monotonic() < end:
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=DEADLINE)
        stop.set()
        for t in threads:
            t.join(timeout=DEADLINE)
    assert len(acked) >= 8
    Path(data, ".0123456789abcdef.dead01.tmp").write_text('{"half": ')
    with serving(data) as (url, _):
        for gid, (token, decision) in list(acked.items()):
            r = httpx.get(f"{url}/api/games/{gid}", params={"token": token}, timeout=DEADLINE)
            assert r.status_code == 200, (gid, r.text)
            assert r.json()["view"]["decision"] >= decision
    assert not [n for n in os.listdir(data) if n.endswith(".tmp")]
