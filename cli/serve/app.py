"""`waybill serve`: the HTTP and WebSocket face of a `Store` (Starlette + uvicorn).

Every route turns its request into one of the store's request objects and
answers with the store's response object, so HTTP, WebSocket and `--stdio`
speak the same messages (docs/PROTOCOL.md). Game work runs in worker threads
(each game has its own lock), never on the event loop.

WebSocket pushes cost the game one state and one delta per audience, not
per socket (hub.py); each socket has its own sender, and a socket that does
not take a message within `Limits.send_seconds` is closed. So watchers, slow
or not, never hold the mover's request. Every state sent is bounded in size
(wire.py). Connections are guarded by `guard.py`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from pathlib import Path
from typing import Any

from anyio import to_thread
from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from .guard import Limits, protocols
from . import wire
from .hub import Hub
from .store import Refused, Store, Table
from .words import page_html

MAX_BODY = 64 * 1024           # bytes in one request body or WebSocket message
STATIC = Path(__file__).parent / "static"
log = logging.getLogger("waybill.serve")


class Json(JSONResponse):
    """JSON in ASCII: a string a client sent (a lone surrogate of a `\\ud800` escape
    included) comes back escaped, never as bytes UTF-8 cannot carry."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, separators=(",", ":")).encode("ascii")


def _reply(out: dict) -> JSONResponse:
    return Json(out, status_code=out.get("status", 200) if "error" in out else 200)


def _refuse(status: int, reason: str) -> JSONResponse:
    return Json({"error": reason, "status": status}, status_code=status)


async def _body(request: Request) -> Any:
    length = request.headers.get("content-length")
    if length is not None and (not length.isascii() or not length.isdigit() or int(length) > MAX_BODY):
        raise Refused(413, f"a request body is at most {MAX_BODY} bytes")
    data = bytearray()
    try:
        async for chunk in request.stream():
            data += chunk
            if len(data) > MAX_BODY:
                raise Refused(413, f"a request body is at most {MAX_BODY} bytes")
    except ClientDisconnect:       # gone, or too slow (guard.py): nobody hears the answer
        raise Refused(408, "the request's body did not arrive in time") from None
    return _parse(bytes(data))


def _not_a_number(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _parse(data: bytes | str) -> Any:
    """Strict JSON in UTF-8: no NaN or Infinity, no other encoding."""
    try:
        return json.loads(data.decode("utf-8") if isinstance(data, bytes) else data, parse_constant=_not_a_number)
    except (ValueError, RecursionError) as exc:
        raise Refused(400, f"the body is not JSON in UTF-8: {exc}") from None


_INDEX = re.compile(r"^-?[0-9]{1,16}$")


def _log_from(conn: Request | WebSocket) -> int:
    """The `log_from` of a request's query (0 when left out)."""
    text = conn.query_params.get("log_from")
    if text is None:
        return 0
    if not _INDEX.match(text):
        raise Refused(400, "log_from is a whole number (a log index; negative: back from the end)")
    return int(text)


def _from(conn: Request) -> int:
    """The `from` of a cards or actions request's query (0 when left out): a whole number, 0 or more."""
    text = conn.query_params.get("from", "0")
    if not text.isascii() or not text.isdigit() or len(text) > 16:
        raise Refused(400, "from is a whole number (a place in the list, 0 or more)")
    return int(text)


def _address(conn: Request | WebSocket) -> str | None:
    return conn.client.host if conn.client else None


def make_app(store: Store, limits: Limits | None = None) -> Starlette:
    limits = limits or Limits()
    hub = Hub(store)
    store.listeners.append(hub.changed)

    async def ask(request_obj: dict, client: str | None = None) -> dict:
        return await to_thread.run_sync(store.handle, request_obj, client)

    async def index(request: Request) -> Response:
        return HTMLResponse(page_html(store.lang))      # the page in the server's language (words.py)

    async def packs(request: Request) -> Response:
        return _reply(await ask({"op": "packs"}))

    async def create(request: Request) -> Response:
        try:
            body = await _body(request)
        except Refused as r:
            return _refuse(r.status, r.reason)
        if not isinstance(body, dict):
            return _refuse(400, "a new game is a JSON object")
        return _reply(await ask({**body, "op": "create"}, _address(request)))

    async def indexed(request: Request, op: str, name: str, parse: Any) -> Response:
        """A GET of one game that names an index in its query (`log_from`, `from`)."""
        try:
            index = parse(request)
        except Refused as r:
            return _refuse(r.status, r.reason)
        return _reply(await ask({"op": op, "id": request.path_params["id"],
                                 "token": request.query_params.get("token"), name: index}))

    async def state(request: Request) -> Response:
        return await indexed(request, "state", "log_from", _log_from)

    async def board(request: Request) -> Response:
        return _reply(await ask({"op": "board", "id": request.path_params["id"],
                                 "token": request.query_params.get("token")}))

    async def cards(request: Request) -> Response:
        return await indexed(request, "cards", "from", _from)

    async def options(request: Request) -> Response:
        return await indexed(request, "actions", "from", _from)

    async def act(request: Request) -> Response:
        gid, token = request.path_params["id"], request.query_params.get("token")
        try:
            await to_thread.run_sync(store.find, gid, token)   # a stranger learns nothing from the body's checks
            log_from = _log_from(request)
            body = await _body(request)
        except Refused as r:
            return _refuse(r.status, r.reason)
        return _reply(await ask({"op": "act", "id": gid, "token": token, "action": body, "log_from": log_from}))

    async def socket(ws: WebSocket) -> None:
        gid, token = ws.path_params["id"], ws.query_params.get("token")
        try:
            table, seat = await to_thread.run_sync(store.find, gid, token)
            log_from = _log_from(ws)
        except Refused as r:
            await ws.close(code=4000 + r.status, reason=r.reason)    # before accept: HTTP 403
            return
        await ws.accept()
        w = hub.join(table, seat, log_from)
        client = _address(ws)

        async def send(text: str) -> bool:
            """Send one message; False if the socket did not take it in time (or is gone)."""
            try:
                await asyncio.wait_for(ws.send_text(text), limits.send_seconds)
                return True
            except (asyncio.TimeoutError, WebSocketDisconnect, RuntimeError, OSError):
                return False

        async def push() -> None:
            while True:
                await w.ready.wait()
                w.ready.clear()
                while True:
                    if w.whole and not await hub.whole(table, w):
                        break              # its audience is being built: woken when it is
                    text = w.take()
                    if text is None:
                        if w.whole:
                            continue       # the game moved on while its whole state was built
                        break
                    if not await send(text):
                        return

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
                    out = {"error": r.reason, "status": r.status}
                else:
                    # the socket's own game and token: a message cannot name another
                    out = await ask({**msg, "id": gid, "token": token}, client)
                if not await send(wire.dumps({"type": "reply", **out})):
                    return

        tasks = [asyncio.ensure_future(push()), asyncio.ensure_future(answer())]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            hub.leave(table, w)
            for t in tasks:
                t.cancel()
            for t in await asyncio.gather(*tasks, return_exceptions=True):
                if isinstance(t, Exception) and not isinstance(t, WebSocketDisconnect):
                    log.warning("a WebSocket of game %s ended on %s: %s", gid, type(t).__name__, t)
        try:       # a socket too slow to take its messages is closed (guard.py cuts it if it cannot flush)
            await asyncio.wait_for(ws.close(code=1008, reason="too slow"), 1.0)
        except Exception:        # noqa: BLE001 - already closed, or not flushing: nothing more to do
            pass

    routes = [
        Route("/", index),
        Route("/api/packs", packs),
        Route("/api/games", create, methods=["POST"]),
        Route("/api/games/{id}", state),
        Route("/api/games/{id}/board", board),
        Route("/api/games/{id}/cards", cards),
        Route("/api/games/{id}/actions", act, methods=["POST"]),
        Route("/api/games/{id}/actions", options, methods=["GET"]),
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


def server_config(store: Store, host: str = "127.0.0.1", port: int = 8000, limits: Limits | None = None):
    """uvicorn's configuration for serving `store`: the app, and the guarded
    protocols (guard.py) in place of uvicorn's `limit_concurrency`, which would
    answer 503 to every client once reached."""
    import uvicorn
    limits = limits or Limits()
    http, ws = protocols(limits)
    return uvicorn.Config(make_app(store, limits), host=host, port=port, http=http, ws=ws,
                          ws_max_size=MAX_BODY, h11_max_incomplete_event_size=MAX_BODY,
                          timeout_keep_alive=limits.keep_alive, proxy_headers=False, log_level="warning")


def run(store: Store, host: str, port: int, limits: Limits | None = None) -> None:
    import uvicorn
    uvicorn.Server(server_config(store, host, port, limits)).run()
