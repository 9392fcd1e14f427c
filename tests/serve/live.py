"""A real uvicorn server on a free loopback port, in a thread, configured
as `waybill serve` configures it (the guarded protocols of serve/guard.py)."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from pathlib import Path

import uvicorn

from waybill.serve import Store
from waybill.serve.app import server_config
from waybill.serve.guard import Limits

DICE = str(Path(__file__).parents[1] / "packs" / "dice_race")
STOP_TIMEOUT = 60      # seconds


@contextlib.contextmanager
def running(store: Store, limits: Limits | None = None, started_within: float = 120.0):
    """Serve `store` until the block ends; yields the base URL (on 127.0.0.1)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(server_config(store, limits=limits))   # off the main thread it leaves signals alone
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + started_within
        while not server.started:          # waiting for start-up, with a deadline
            if not thread.is_alive():
                raise RuntimeError("the server did not start")
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start within {started_within} s")
            time.sleep(0.01)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=STOP_TIMEOUT)
        sock.close()
        if thread.is_alive():
            raise RuntimeError(f"the server did not stop within {STOP_TIMEOUT} s")
