"""`waybill serve` as a user starts it: a subprocess on a free port, stopped and started again."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time

import httpx

from tests.serve.live import DICE


START_TIMEOUT = 60          # seconds for the server to answer its first request


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serving(*args: str):
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-P", "-c", "from waybill.cli import main; main()", "serve", DICE,
                             "--port", str(port), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=os.environ)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:                       # until it answers, has died, or the deadline passed
            if proc.poll() is not None:
                raise AssertionError(f"waybill serve stopped: {proc.stderr.read()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"waybill serve did not answer on {url} within {START_TIMEOUT} s")
            try:
                httpx.get(url + "/api/packs", timeout=5)
                break
            except httpx.TransportError:
                time.sleep(0.05)
        yield url
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            _, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, err = proc.communicate(timeout=10)
            raise AssertionError(f"waybill serve did not stop within 60 s of Ctrl-C: {err}") from None
        assert "Traceback" not in err, err


def test_serve_command_keeps_games_across_a_restart(tmp_path):
    data = str(tmp_path / "games")
    with serving("--data", data) as url:
        page = httpx.get(url + "/")
        assert page.status_code == 200 and "<title>Waybill</title>" in page.text
        assert httpx.get(url + "/static/app.js").status_code == 200
        made = httpx.post(url + "/api/games", json={"pack": "dice_race", "players": 2, "seed": 9, "bots": [1]}).json()
        token = made["tokens"]["0"]
        state = httpx.get(f"{url}/api/games/{made['id']}", params={"token": token}).json()
        after = httpx.post(f"{url}/api/games/{made['id']}/actions", params={"token": token},
                           json=state["actions"][0]).json()
    with serving("--data", data) as url:
        again = httpx.get(f"{url}/api/games/{made['id']}", params={"token": token}).json()
        assert again == after
        assert httpx.get(f"{url}/api/games/{made['id']}", params={"token": "x"}).status_code == 403
