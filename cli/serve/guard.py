"""Connections that cannot hold the server: uvicorn's protocols, subclassed.

uvicorn bounds neither the time a client may take to send a request (its
`timeout_keep_alive` covers only the idle time between requests) nor the
connections of one client (its `limit_concurrency` answers 503 to everyone
once the bound is reached). `GuardedH11` adds both:

- a **deadline** for receiving a request: from the connection's opening, or
  from the first byte of a later request on it, until the request's body
  has arrived in full. A request that misses it is answered 408 (if nothing
  was answered yet) and its connection closed; the app sees the client as
  gone.
- a **bound on the open connections of one client address** (HTTP and
  WebSocket alike, counted over uvicorn's own set of connections), and one
  on all of them: a connection over a bound is answered 429 (or 503) and
  closed at once; the connections already open are not touched.

`GuardedWebSockets` gives each WebSocket a small fixed kernel send buffer,
and makes sure a WebSocket whose peer stopped reading is ended: uvicorn closes such a socket politely (flush, then close), which
never completes while the peer reads nothing; here the transport is
aborted a few seconds after the app is done with the socket, or after a
keep-alive ping went unanswered.
"""

from __future__ import annotations

import asyncio
import json
import socket
from dataclasses import dataclass
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol


@dataclass(frozen=True)
class Limits:
    """The bounds of a served connection (docs/PROTOCOL.md, "Limits")."""

    request_seconds: float = 15.0     # to receive a request's headers and body
    per_address: int = 16             # open connections of one client address (0: no bound)
    connections: int = 512            # open connections all told
    keep_alive: int = 5               # idle seconds between requests on one connection
    send_seconds: float = 10.0        # a WebSocket message not taken by then ends that socket
    abort_seconds: float = 5.0        # a closed WebSocket still flushing by then is cut
    send_buffer: int = 64 * 1024      # bytes the kernel holds for one WebSocket's peer (it doubles it)


def _refusal(status: int, reason: str) -> bytes:
    phrase = {408: b"Request Timeout", 429: b"Too Many Requests", 503: b"Service Unavailable"}[status]
    body = json.dumps({"error": reason, "status": status}).encode()
    return (b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\ncontent-length: %d\r\n"
            b"connection: close\r\n\r\n%s" % (status, phrase, len(body), body))


def address_of(conn: Any) -> str | None:
    client = getattr(conn, "client", None)
    return client[0] if client else None


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with a request deadline and per-address bounds
    (`limits` is set on the subclass `protocols` makes)."""

    limits: Limits = Limits()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.deadline: asyncio.TimerHandle | None = None

    # --- the bounds on connections ------------------------------------------

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        refused = self.over_bounds()
        if refused is not None:
            self.connections.discard(self)      # it no longer counts against anyone
            transport.write(_refusal(*refused))
            transport.close()
            return
        self.arm()

    def over_bounds(self) -> tuple[int, str] | None:
        limits = self.limits
        if len(self.connections) > limits.connections:
            return 503, f"this server already holds its limit of {limits.connections} connections"
        host = address_of(self)
        if host is None or limits.per_address <= 0:
            return None
        mine = sum(1 for c in self.connections if address_of(c) == host)
        if mine > limits.per_address:
            return 429, f"at most {limits.per_address} open connections from one address"
        return None

    # --- the deadline ---------------------------------------------------------

    def arm(self) -> None:
        if self.deadline is None:
            self.deadline = self.loop.call_later(self.limits.request_seconds, self.too_slow)

    def disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def receiving(self) -> bool:
        """Whether a request is partly received: its headers begun, or its body."""
        state = self.conn.their_state
        return state is h11.SEND_BODY or (state is h11.IDLE and bool(self.conn.trailing_data[0]))

    def data_received(self, data: bytes) -> None:
        if self.conn.their_state in (h11.IDLE, h11.SEND_BODY):
            self.arm()                          # a new request begins (or goes on)
        super().data_received(data)
        if not self.transport.is_closing() and self.deadline is not None and not self.receiving():
            self.disarm()                       # the request is in (or the connection changed hands)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self.receiving():
            self.arm()                          # a pipelined request, partly here

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self.disarm()
        super().handle_websocket_upgrade(event)

    def connection_lost(self, exc: Exception | None) -> None:
        self.disarm()
        super().connection_lost(exc)

    def too_slow(self) -> None:
        self.deadline = None
        if self.transport.is_closing():
            return
        late = _refusal(408, f"a request's headers and body must arrive within {self.limits.request_seconds:g} s")
        cycle = self.cycle
        if cycle is not None and not cycle.response_complete:
            if not cycle.response_started:      # the app is waiting for the body: it sees the client gone
                cycle.disconnected = True
                cycle.message_event.set()
                self.transport.write(late)
        elif self.conn.our_state is h11.IDLE:   # a request's headers, unfinished
            self.transport.write(late)
        # (else the request was answered before its body ended: nothing more to say)
        self.transport.close()


class GuardedWebSockets(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, cut off when its peer no longer reads."""

    limits: Limits = Limits()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        # a fixed, small kernel buffer: a peer that stops reading holds a few
        # messages, not megabytes (loopback's buffers grow to 4 MB), and falls
        # behind soon enough to be sent one whole state instead of every delta (hub.py)
        sock = transport.get_extra_info("socket")
        if sock is not None and self.limits.send_buffer > 0:
            try:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.limits.send_buffer)
            except OSError:
                pass
        super().connection_made(transport)

    def on_task_complete(self, task: asyncio.Task[None]) -> None:
        super().on_task_complete(task)
        self.loop.call_later(self.limits.abort_seconds + self.close_timeout, self.abort)

    def keepalive_timeout(self) -> None:
        super().keepalive_timeout()
        self.loop.call_later(self.limits.abort_seconds, self.abort)

    def abort(self) -> None:
        if not self.disconnected and self.transport is not None:
            self.transport.abort()


def protocols(limits: Limits) -> tuple[type[GuardedH11], type[GuardedWebSockets]]:
    """The HTTP and WebSocket protocol classes (for uvicorn's `http=` and `ws=`) under `limits`."""
    http = type("GuardedH11", (GuardedH11,), {"limits": limits})
    ws = type("GuardedWebSockets", (GuardedWebSockets,), {"limits": limits})
    return http, ws
