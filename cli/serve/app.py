"""`waybill serve`: the HTTP and WebSocket face of a `Store` (Starlette + uvicorn).

Every route turns its request into one of the store's request objects and
answers with the store's response object, so HTTP, WebSocket and `--stdio`
speak the same messages (docs/PROTOCOL.md). Game work runs in worker threads
(each game has its own lock), never on the event loop.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from anyio import to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from .store import Refused, Store, Table

MAX_BODY = 64 * 1024           # bytes in one request body or WebSocket message
MAX_CONNECTIONS = 256          # open connections and sockets at once
STATIC = Path(__file__).parent / "static"
log = logging.getLogger("waybill.serve")


@dataclass(eq=False)
class Watcher:
    """One open WebSocket: its seat, and a flag raised when its game changed."""

    seat: Any
    loop: asyncio.AbstractEventLoop
    changed: asyncio.Event = field(default_factory=asyncio.Event)


class Hub:
    """Who watches which game; the store calls `changed` (from a worker thread)."""

    def __init__(self) -> None:
        self.watchers: dict[str, set[Watcher]] = {}

    def changed(self, table: Table) -> None:
        for w in list(self.watchers.get(table.id, ())):
            w.loop.call_soon_threadsafe(w.changed.set)

    def add(self, gid: str, w: Watcher) -> None:
        self.watchers.setdefault(gid, set()).add(w)

    def remove(self, gid: str, w: Watcher) -> None:
        ws = self.watchers.get(gid)
        if ws is not None:
            ws.discard(w)
            if not ws:
                del self.watchers[gid]


def _reply(out: dict) -> JSONResponse:
    return JSONResponse(out, status_code=out.get("status", 200) if "error" in out else 200)


def _refuse(status: int, reason: str) -> JSONResponse:
    return JSONResponse({"error": reason, "status": status}, status_code=status)


async def _body(request: Request) -> Any:
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise Refused(413, f"a request body is at most {MAX_BODY} bytes")
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise Refused(413, f"a request body is at most {MAX_BODY} bytes")
    return _parse(bytes(data))


def _parse(data: bytes | str) -> Any:
    try:
        return json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise Refused(400, f"the body is not JSON: {exc}") from None


def make_app(store: Store) -> Starlette:
    hub = Hub()
    store.listeners.append(hub.changed)

    async def ask(request_obj: dict) -> dict:
        return await to_thread.run_sync(store.handle, request_obj)

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    async def packs(request: Request) -> Response:
        return _reply(await ask({"op": "packs"}))

    async def create(request: Request) -> Response:
        try:
            body = await _body(request)
        except Refused as r:
            return _refuse(r.status, r.reason)
        if not isinstance(body, dict):
            return _refuse(400, "a new game is a JSON object")
        return _reply(await ask({**body, "op": "create"}))

    async def state(request: Request) -> Response:
        return _reply(await ask({"op": "state", "id": request.path_params["id"],
                                 "token": request.query_params.get("token")}))

    async def act(request: Request) -> Response:
        gid, token = request.path_params["id"], request.query_params.get("token")
        try:
            store.find(gid, token)          # a stranger learns nothing from the body's checks
            body = await _body(request)
        except Refused as r:
            return _refuse(r.status, r.reason)
        return _reply(await ask({"op": "act", "id": gid, "token": token, "action": body}))

    async def socket(ws: WebSocket) -> None:
        gid, token = ws.path_params["id"], ws.query_params.get("token")
        try:
            table, seat = store.find(gid, token)
        except Refused as r:
            await ws.close(code=4000 + r.status, reason=r.reason)    # before accept: HTTP 403/404
            return
        await ws.accept()
        w = Watcher(seat, asyncio.get_running_loop())
        hub.add(gid, w)
        w.changed.set()                   # the first message is the position as it is now

        async def send_states() -> None:
            while True:
                await w.changed.wait()
                w.changed.clear()
                out = await to_thread.run_sync(store.state_of, table, seat)
                await ws.send_text(json.dumps({"type": "state", **out}))

        async def answer() -> None:
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    return
                try:
                    if frame.get("text") is None:
                        raise Refused(400, "send requests as text frames of JSON")
                    msg = _parse(frame["text"])
                    if not isinstance(msg, dict):
                        raise Refused(400, "a message is a JSON object")
                except Refused as r:
                    await ws.send_text(json.dumps({"type": "reply", "error": r.reason, "status": r.status}))
                    continue
                # the socket's own game and token: a message cannot name another
                out = await ask({**msg, "id": gid, "token": token})
                await ws.send_text(json.dumps({"type": "reply", **out}))

        sender = asyncio.ensure_future(send_states())
        # a socket closed mid-send ends the sender; its error is no news
        sender.add_done_callback(lambda t: t.cancelled() or t.exception())
        try:
            await answer()
        except WebSocketDisconnect:
            pass
        finally:
            sender.cancel()
            hub.remove(gid, w)

    routes = [
        Route("/", index),
        Route("/api/packs", packs),
        Route("/api/games", create, methods=["POST"]),
        Route("/api/games/{id}", state),
        Route("/api/games/{id}/actions", act, methods=["POST"]),
        WebSocketRoute("/api/games/{id}/ws", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    async def not_found(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 404)
        return _refuse(status, getattr(exc, "detail", "") or "not found")

    async def failed(request: Request, exc: Exception) -> Response:
        log.exception("request failed: %s %s", request.method, request.url.path)
        return _refuse(500, "the server failed on this request")

    return Starlette(routes=routes, exception_handlers={404: not_found, 405: not_found, 500: failed})


def run(store: Store, host: str, port: int) -> None:
    import uvicorn
    config = uvicorn.Config(make_app(store), host=host, port=port, ws_max_size=MAX_BODY,
                            limit_concurrency=MAX_CONNECTIONS, log_level="warning",
                            h11_max_incomplete_event_size=MAX_BODY)
    uvicorn.Server(config).run()
