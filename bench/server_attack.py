"""Latency of a well-behaved client of `waybill serve` while an attack runs.

    python bench/server_attack.py                 # every attack, a table
    python bench/server_attack.py --json          # the same figures as JSON
    python bench/server_attack.py --only slowloris --seconds 10

Each attack gets a fresh `waybill serve tests/packs/dice_race weds --data TMP`
subprocess (its default limits) on a free port of 127.0.0.1. The attacker
speaks from its own loopback addresses (127.0.0.2 ... 127.0.0.99, the
client socket bound to them); the well-behaved client speaks from
127.0.1.1. For the length of the attack the well-behaved client plays
rounds, 0.2 s apart: it creates a game against a bot (a new one when that
game is over, at most one every 3 s), asks `GET /api/packs`, its state, and
plays one action; every request has a deadline of 30 s. A request answered
with an error status or not at all counts as failed; the median and max are
of the answered ones.

`--pythonpath DIR` runs the server with `PYTHONPATH=DIR`, to measure
another version of it: the figures "before" in bench/README.md are of the
server as it was before issue #27, with `DIR/waybill` a link to its `cli/`
(`git archive 787e985 cli`).

The attacks:

- `none`: nobody attacks (the baseline); `none-weds` the same, the
  client playing WEDS (the baseline of `spectators`).
- `create-flood`: one address creates games (bots only, and games with a
  human seat it never plays) as fast as 4 connections can.
- `slowloris`: 300 connections from one address, each sending a request
  line and then one header byte every 2 s, never ending its headers
  (reconnecting when the server closes it).
- `slowloris-spread`: the same 300 connections from 30 addresses.
- `slow-body`: 300 POSTs from 30 addresses announcing 60 000 bytes of body
  and sending 10 bytes every second.
- `spectators`: 100 spectator WebSockets (10 addresses) on the
  well-behaved client's game, here of WEDS (a long game, whose spectator
  view with its log grows to 500 KB) — half read what they are sent, half
  never read a byte.
- `ws-flood`: 40 WebSockets from one address, each asking for its state
  as fast as it is answered.
- `junk-json`: 8 connections of one address posting 64 KiB bodies of
  junk (deep nesting, huge numbers, wrong types, bad UTF-8) in a loop.

Measured here, never asserted in tests (DESIGN.md, principle 5).

Figures, 2026-12-02, a 2-core VM shared with other engineers' jobs, 20 s
of play per attack; "before" is the server before issue #27 (787e985: no
request deadline, 256 connections then 503 for everyone, finished games
counted, one state built per socket under the game's lock), "after" this
server with its default limits. Requests: how many the client made in the
20 s (fewer when each waits longer); failed: answered with an error status
(503, 429) or not at all; latency of the answered ones.

| attack | before: requests, failed | median ms | max ms | after: requests, failed | median ms | max ms |
| --- | --- | ---: | ---: | --- | ---: | ---: |
| none | 224, 0 | 2.7 | 15.9 | 221, 0 | 2.4 | 55.8 |
| none-weds | 241, 0 | 13.5 | 126.1 | 229, 0 | 15.8 | 125.8 |
| create-flood | 192, 96 (every create: 503) | 4.0 | 11.6 | 209, 0 | 9.6 | 45.9 |
| slowloris | 196, 196 (all 503) | — | — | 219, 0 | 3.2 | 70.9 |
| slowloris-spread | 196, 196 (all 503) | — | — | 220, 0 | 3.6 | 23.6 |
| slow-body | 224, 0 | 2.7 | 75.8 | 218, 0 | 3.2 | 42.3 |
| spectators | 79, 0 | 53.1 | 1223.9 | 226, 0 | 11.3 | 205.0 |
| ws-flood | 170, 0 | 30.9 | 149.4 | 186, 0 | 22.0 | 88.3 |
| junk-json | 198, 0 | 15.1 | 228.5 | 176, 0 | 25.0 | 220.6 |

(slow-body did not reach the old server's 256 connections at once here:
its connections were answered 503 and opened again as fast as they could.)
Deltas (issue 25): the client asks with `log_from` and a spectator is sent
deltas. `spectators` also gives how long after a move was sent each of the
50 reading spectators had the position it made (every delivery counted).
Figures, 2026-12-02, the same VM under a load average of about 9 (other
sessions' test runs): "before" is the server before deltas (2278d95, which
ignores `log_from` and sends every state with its whole log), "after" this one.

    python bench/server_attack.py --only none-weds --only spectators --seconds 20 [--pythonpath DIR]

| attack | before: requests, failed | median ms | max ms | after: requests, failed | median ms | max ms | spectators had the move after: median, max ms |
| --- | --- | ---: | ---: | --- | ---: | ---: | --- |
| none-weds | 139, 0 | 43.4 | 773.6 | 208, 0 | 16.1 | 566.7 | — |
| spectators (100) | 118, 0 | 38.9 | 944.3 | 193, 0 | 20.7 | 787.8 | 78.8, 1263.8 (3250 deliveries) |
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
from websockets.sync.client import connect

logging.getLogger("websockets").setLevel(logging.CRITICAL)   # the attacker's refused sockets are no news

ROOT = Path(__file__).resolve().parents[1]
DICE = str(ROOT / "tests" / "packs" / "dice_race")
VICTIM = "127.0.1.1"
DEADLINE = 30.0


def attacker(i: int) -> str:
    return f"127.0.0.{2 + i % 98}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`waybill serve` in a subprocess, on a free port, keeping games in a temporary folder."""

    def __init__(self, extra: list[str], pythonpath: str | None = None):
        self.tmp = tempfile.TemporaryDirectory()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [sys.executable, "-P", "-c", "from waybill.cli import main; main()", "serve", DICE, "weds",
             "--port", str(self.port), "--data", os.path.join(self.tmp.name, "games"), *extra],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            env=dict(os.environ, **({"PYTHONPATH": pythonpath} if pythonpath else {})))
        end = time.monotonic() + 120
        while True:
            if self.proc.poll() is not None or time.monotonic() > end:
                raise RuntimeError(f"waybill serve did not start: {self.proc.stderr.read()}")
            try:
                httpx.get(self.url + "/api/packs", timeout=5)
                return
            except httpx.TransportError:
                time.sleep(0.1)

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.communicate()
        self.tmp.cleanup()


def client(address: str) -> httpx.Client:
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=DEADLINE)


def raw(port: int, address: str, timeout: float = 5.0) -> socket.socket:
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.bind((address, 0))
    s.connect(("127.0.0.1", port))
    return s


# --- the well-behaved client ---------------------------------------------------

class Victim:
    """Plays dice race against a bot and times every request."""

    def __init__(self, url: str, pack: str = "dice_race"):
        self.url = url
        self.pack = pack
        self.http = client(VICTIM)
        self.times: list[float] = []
        self.failed = 0
        self.over = False
        self.game: dict | None = None
        self.created = float("-inf")
        self.posted: list[tuple[float, int | None]] = []     # (when an action was sent, the version it made)
        self.arrivals: dict[int, list[float]] = {}          # version -> when each reading spectator had it

    def timed(self, method: str, path: str, **kw) -> httpx.Response | None:
        start = time.perf_counter()
        try:
            r = self.http.request(method, self.url + path, **kw)
        except httpx.HTTPError:
            self.failed += 1
            return None
        if r.status_code >= 400:
            self.failed += 1
            return r
        self.times.append(time.perf_counter() - start)
        return r

    def new_game(self) -> None:
        self.created = time.monotonic()
        r = self.timed("POST", "/api/games", json={"pack": self.pack, "players": 2, "bots": [1]})
        if r is not None and r.status_code == 200:
            self.game = r.json()

    def round(self) -> None:
        if self.game is None or (self.over and time.monotonic() - self.created >= 3.0):
            self.new_game()               # (at most one game every 3 s: 20 a minute)
        self.timed("GET", "/api/packs")
        if self.game is None:
            return
        gid, token = self.game["id"], self.game["tokens"]["0"]
        # (only the newest log entry: a client keeps its log and asks for what is new;
        # a server before deltas ignores log_from and sends the whole log)
        r = self.timed("GET", f"/api/games/{gid}", params={"token": token, "log_from": -1})
        if r is None or r.status_code != 200:
            return
        state = r.json()
        self.over = state["view"]["over"]
        if state["actions"]:
            start = time.perf_counter()
            r = self.timed("POST", f"/api/games/{gid}/actions", params={"token": token, "log_from": -1},
                           json=state["actions"][0])
            if r is not None and r.status_code == 200:
                self.posted.append((start, r.json().get("version")))

    def play(self, stop: threading.Event) -> None:
        while not stop.is_set():
            self.round()
            stop.wait(0.2)


# --- the attacks -----------------------------------------------------------------

def attack_none(url: str, port: int, stop: threading.Event, victim: Victim) -> None:
    stop.wait()


def attack_create_flood(url: str, port: int, stop: threading.Event, victim: Victim) -> None:
    def one() -> None:
        http = client(attacker(0))
        while not stop.is_set():
            body = random.choice([{"pack": "dice_race", "players": 2, "bots": [0, 1]},
                                  {"pack": "dice_race", "players": 4}])
            try:
                http.post(url + "/api/games", json=body)
            except httpx.HTTPError:
                stop.wait(0.05)
    threads = [threading.Thread(target=one, daemon=True) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def _slow_connections(port: int, stop: threading.Event, n: int, addresses: int, opening: bytes,
                      drip: bytes, every: float) -> None:
    """n connections (over `addresses` source addresses) that send `opening`, then
    `drip` every `every` seconds, for ever; a closed one is opened again."""
    slots: list[socket.socket | None] = [None] * n
    while not stop.is_set():
        tick = time.monotonic()
        for i in range(n):
            if stop.is_set():
                break
            s = slots[i]
            try:
                if s is None:
                    s = raw(port, attacker(i % addresses), timeout=2)
                    s.sendall(opening)
                    slots[i] = s
                else:
                    s.sendall(drip)
            except OSError:
                if s is not None:
                    s.close()
                slots[i] = None
        stop.wait(max(0.0, every - (time.monotonic() - tick)))
    for s in slots:
        if s is not None:
            s.close()


def attack_slowloris(url: str, port: int, stop: threading.Event, victim: Victim) -> None:
    _slow_connections(port, stop, 300, 1, b"GET /api/packs HTTP/1.1\r\nHost: x\r\nX-a: ", b"a", 2.0)


def attack_slowloris_spread(url: str, port: int, stop: threading.Event, victim: Victim) -> None:
    _slow_connections(port, stop, 300, 30, b"GET /api/packs HTTP/1.1\r\nHost: x\r\nX-a: ", b"a", 2.0)


def attack_slow_body(url: str, port: int, stop: threading.Event, victim: Victim) -> None:
    head = (b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 60000\r\n\r\n")
    _slow_connections(port, stop, 300, 30, head, b" " * 10, 1.0)


def _handshake(port: int, address: str, path: str) -> socket.socket:
    s = raw(port, address)
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
              "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    return s


def attack_spectators(url: str, port: int, stop: threading.Event, victim: Victim) -> None:
    while victim.game is None and not stop.is_set():
        stop.wait(0.1)
    if stop.is_set():
        return
    game = victim.game          # a game of WEDS: it lasts longer than the attack
    path = f"/api/games/{game['id']}/ws?token={game['spectator']}"
    ws_url = url.replace("http://", "ws://") + path
    deaf: list[socket.socket] = []
    for i in range(50):            # never read a byte
        try:
            deaf.append(_handshake(port, attacker(i % 10), path))
        except OSError:
            pass

    def reader(i: int) -> None:
        while not stop.is_set():
            try:
                with connect(ws_url, max_size=None, open_timeout=10, proxy=None,
                             source_address=(attacker(i % 10), 0)) as ws:
                    while not stop.is_set():
                        try:
                            msg = json.loads(ws.recv(timeout=1))
                        except TimeoutError:
                            continue
                        if type(msg.get("version")) is int:      # (a delta or a state: the position it brings)
                            victim.arrivals.setdefault(msg["version"], []).append(time.perf_counter())
            except Exception:
                stop.wait(0.5)
    threads = [threading.Thread(target=reader, args=(i,), daemon=True) for i in range(50)]
    for t in threads:
        t.start()
    stop.wait()
    for t in threads:
        t.join(timeout=15)
    for s in deaf:
        s.close()


def attack_ws_flood(url: str, port: int, stop: threading.Event, victim: Victim) -> None:
    own = client(attacker(0)).post(url + "/api/games", json={"pack": "dice_race", "players": 2}).json()
    ws_url = url.replace("http://", "ws://") + f"/api/games/{own['id']}/ws?token={own['tokens']['0']}"

    def one() -> None:
        while not stop.is_set():
            try:
                with connect(ws_url, max_size=None, open_timeout=10, proxy=None,
                             source_address=(attacker(0), 0)) as ws:
                    while not stop.is_set():
                        ws.send('{"op": "state"}')
                        while json.loads(ws.recv(timeout=DEADLINE))["type"] != "reply":
                            pass
            except Exception:
                stop.wait(1.0)
    threads = [threading.Thread(target=one, daemon=True) for _ in range(40)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=DEADLINE + 15)


JUNK = [
    b"[" * 65000,
    b'{"pack": "dice_race", "players": ' + b"9" * 60000 + b"}",
    b'{"pack": "\xff\xfe", "players": 2}',
    b'{"pack": ["dice_race"], "players": 2.0, "seed": true, "bots": {"0": 1}}',
    b'{"pack": "dice_race", "players": 2, "variants": [' + b'"x",' * 8000 + b'"x"]}',
    b'{"a": ' * 10000 + b"1" + b"}" * 10000,
]


def attack_junk_json(url: str, port: int, stop: threading.Event, victim: Victim) -> None:
    def one(k: int) -> None:
        http = client(attacker(0))
        i = k
        while not stop.is_set():
            try:
                http.post(url + "/api/games", content=JUNK[i % len(JUNK)],
                          headers={"content-type": "application/json"})
            except httpx.HTTPError:
                stop.wait(0.05)
            i += 1
    threads = [threading.Thread(target=one, args=(k,), daemon=True) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


ATTACKS = {
    "none": attack_none,
    "none-weds": attack_none,
    "create-flood": attack_create_flood,
    "slowloris": attack_slowloris,
    "slowloris-spread": attack_slowloris_spread,
    "slow-body": attack_slow_body,
    "spectators": attack_spectators,
    "ws-flood": attack_ws_flood,
    "junk-json": attack_junk_json,
}


def measure(name: str, seconds: float, extra: list[str], pythonpath: str | None = None) -> dict:
    server = Server(extra, pythonpath)
    try:
        victim = Victim(server.url, "weds" if name in ("none-weds", "spectators") else "dice_race")
        stop = threading.Event()
        attack = threading.Thread(target=ATTACKS[name], args=(server.url, server.port, stop, victim), daemon=True)
        attack.start()
        time.sleep(min(3.0, seconds / 4))       # let the attack build up first
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            victim.round()
            time.sleep(0.2)
        stop.set()
        attack.join(timeout=60)
        t = sorted(victim.times)
        row = {"attack": name, "requests": len(t) + victim.failed, "failed": victim.failed,
               "median_ms": round(1000 * statistics.median(t), 1) if t else None,
               "max_ms": round(1000 * t[-1], 1) if t else None}
        # how long after an action was sent each reading spectator had the position it made
        lags = sorted(when - start for start, v in victim.posted for when in victim.arrivals.get(v, ()))
        if lags:
            row["spectator_lag_median_ms"] = round(1000 * statistics.median(lags), 1)
            row["spectator_lag_max_ms"] = round(1000 * lags[-1], 1)
            row["spectator_deliveries"] = len(lags)
        return row
    finally:
        server.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", action="append", choices=list(ATTACKS), help="run this attack (repeatable)")
    ap.add_argument("--seconds", type=float, default=20.0, help="how long the client plays under each attack")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--serve-option", action="append", default=[], help="an option for `waybill serve`")
    ap.add_argument("--pythonpath", help="PYTHONPATH of the server (another version of it)")
    args = ap.parse_args()
    rows = []
    for name in args.only or list(ATTACKS):
        rows.append(measure(name, args.seconds, args.serve_option, args.pythonpath))
        if not args.json:
            r = rows[-1]
            lag = (f"   spectators had each move after: median {r['spectator_lag_median_ms']} ms, "
                   f"max {r['spectator_lag_max_ms']} ms ({r['spectator_deliveries']} deliveries)"
                   if "spectator_lag_median_ms" in r else "")
            print(f"{r['attack']:17} {r['requests']:>5} requests {r['failed']:>5} failed   "
                  f"median {r['median_ms']} ms   max {r['max_ms']} ms{lag}", flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
