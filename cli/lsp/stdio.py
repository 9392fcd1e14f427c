"""The server's stdin and stdout, in place of pygls's own reader.

A thread reads stdin (`framing.FrameReader`: bounded, never trusting a
header) and hands each batch of events to the message loop, waiting until
the loop has taken it (so a client that writes faster than the server
reads is held back by the pipe, not by memory). On the loop, each message
is checked as JSON-RPC before pygls sees it:

- a frame that could not be read is answered with a parse error (-32700,
  `id` null) and the stream is read again from the next header;
- a body that is not JSON is a parse error, valid JSON that is not a
  message (an array, a number, a wrong `jsonrpc`, `id` or `method`) an
  invalid request (-32600); a request whose parameters pygls cannot read
  gets its error with its own `id`; a notification is never answered,
  only logged;
- `exit` ends the server here (code 0 after `shutdown`, else 1), and a
  request after `shutdown` is an invalid request;
- the end of stdin, or a stream given up, ends it with one log line.

Log lines go to stderr, one line each (never a traceback), at most
`MAX_LOG_LINES`. Whatever else writes to stdout (a stray `print`) goes to
stderr too: the protocol's stdout is a copy of the original descriptor.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import threading
from typing import Any, BinaryIO, Callable

from .framing import (INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, PARSE_ERROR, BadFrame, End, Frame,
                      FrameReader, RpcError)

MAX_LOG_LINES = 1000
LOG_LINE = 300  # characters
log = logging.getLogger("waybill.lsp")


class OneLine(logging.Handler):
    """Log records as single lines on a stream, without tracebacks, at most `MAX_LOG_LINES`."""

    def __init__(self, stream) -> None:
        super().__init__(logging.INFO)
        self.stream = stream
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.count += 1
            if self.count > MAX_LOG_LINES:
                if self.count == MAX_LOG_LINES + 1:
                    self.stream.write("waybill lsp: further log lines are left out\n")
                    self.stream.flush()
                return
            text = (record.getMessage().strip().splitlines() or [""])[0][:LOG_LINE]
            self.stream.write(f"waybill lsp: {record.levelname.lower()}: {text}\n")
            self.stream.flush()
        except Exception:  # a closed stderr: nothing to say it on
            pass


def quiet_logging(stream=None) -> None:
    """Every log line (ours, pygls's, asyncio's, a thread's) as one line on stderr."""
    logging.raiseExceptions = False
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    root.addHandler(OneLine(stream or sys.stderr))
    root.setLevel(logging.WARNING)
    log.setLevel(logging.INFO)

    def thread_fault(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is not SystemExit:
            log.error("thread %s: %s: %s", getattr(args.thread, "name", "?"), args.exc_type.__name__,
                      args.exc_value)
    threading.excepthook = thread_fault

    def unraisable(args) -> None:  # an exception in a finaliser, say
        log.error("ignored: %s: %s", getattr(args.exc_type, "__name__", "?"), args.exc_value)
    sys.unraisablehook = unraisable


class Output:
    """stdout for the protocol: one message at a time, from any thread."""

    def __init__(self, stream: BinaryIO, on_broken: Callable[[], None] = lambda: None):
        self.stream = stream
        self.lock = threading.Lock()
        self.broken = False
        self.on_broken = on_broken

    def write(self, data: bytes) -> None:
        with self.lock:
            if self.broken:
                return
            try:
                self.stream.write(data)
                self.stream.flush()
            except (OSError, ValueError):  # the client closed its end
                self.broken = True
                self.on_broken()

    def close(self) -> None:
        pass  # the process ends instead (`exit`)

    def send(self, message: dict) -> None:
        body = json.dumps(message, separators=(",", ":")).encode("utf-8")
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)


class Connection:
    """The message loop's side: events from the reader to pygls's protocol."""

    def __init__(self, server: Any, output: Output, loop: asyncio.AbstractEventLoop,
                 on_shutdown: Callable[[], None] = lambda: None):
        self.server = server
        self.output = output
        self.loop = loop
        self.done: asyncio.Future[int] = loop.create_future()
        self.shutdown_requested = False
        self.on_shutdown = on_shutdown
        self.answered_errors = 0  # for the log

    def finish(self, code: int, reason: str | None = None) -> None:
        if self.done.done():
            return
        if reason:
            log.warning("%s", reason)
        self.done.set_result(code)

    def handle(self, events: list) -> None:
        for event in events:
            if self.done.done():
                return
            try:
                if isinstance(event, Frame):
                    if isinstance(event.message, RpcError):
                        self.refuse(event.message)
                    else:
                        self.dispatch(event.message)
                elif isinstance(event, BadFrame):
                    self.refuse(RpcError(PARSE_ERROR, f"Parse error: {event.reason}; the next message is read "
                                                      "from the next Content-Length header"))
                elif isinstance(event, End):
                    self.finish(0 if self.shutdown_requested else 1,
                                event.reason or "the client closed the stream")
            except Exception as exc:  # a fault of the server: one message lost, never the session
                log.error("a message could not be handled: %s: %s", type(exc).__name__, exc)

    def refuse(self, error: RpcError) -> None:
        log.warning("%s", error.message)
        if error.answer:
            self.answered_errors += 1
            self.output.send(error.response())

    def dispatch(self, data: dict) -> None:
        method = data.get("method")
        is_request = method is not None and "id" in data
        if method == "exit":
            self.finish(0 if self.shutdown_requested else 1)
            return
        if self.shutdown_requested:
            if is_request:
                self.refuse(RpcError(INVALID_REQUEST, "Invalid Request: the server is shutting down", data["id"]))
            return
        protocol = self.server.protocol
        if method is not None and "params" not in data:
            data["params"] = None  # pygls's generic message types need the member
        try:  # the envelope is sound (framing.parse_message): what fails here is the params
            message = protocol.structure_message(data)
        except Exception as exc:
            detail = exc.__cause__ or exc
            self._fault(data, INVALID_PARAMS, f"Invalid params: {type(detail).__name__}", is_request)
            return
        if method == "shutdown" and is_request:
            self.shutdown_requested = True
            self.on_shutdown()
        try:
            protocol.handle_message(message)
        except SystemExit:  # pygls's own `exit` (never reached: handled above)
            self.finish(0 if self.shutdown_requested else 1)
        except Exception as exc:
            self._fault(data, INTERNAL_ERROR, f"Internal error: {type(exc).__name__}: {exc}", is_request)

    def _fault(self, data: dict, code: int, message: str, is_request: bool) -> None:
        method = str(data.get("method"))[:80]
        self.refuse(RpcError(code, f"{message} ({method})", data.get("id") if is_request else None, is_request))


def reader_of(stdin: BinaryIO | None) -> Callable[[int], bytes]:
    """Unbuffered reads (nothing held by a Python lock while waiting)."""
    stream = stdin if stdin is not None else sys.stdin.buffer
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        read1 = getattr(stream, "read1", stream.read)
        return lambda n: read1(n)
    return lambda n: os.read(fd, n)


def protocol_stdout(stdout: BinaryIO | None) -> BinaryIO:
    """The protocol's stdout; when it is the process's, fd 1 and `sys.stdout`
    are pointed at stderr, so that nothing else can write into the stream."""
    if stdout is not None:
        return stdout
    try:
        out = os.fdopen(os.dup(1), "wb")
        sys.stdout.flush()
        os.dup2(2, 1)
        sys.stdout = sys.stderr
        return out
    except OSError:
        return sys.stdout.buffer


async def run(server: Any, read: Callable[[int], bytes], out_stream: BinaryIO,
              on_shutdown: Callable[[], None] = lambda: None) -> int:
    """Serve until `exit`, the end of stdin or a stream given up; the exit code."""
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(_loop_fault)
    conn_box: list[Connection] = []

    def broken() -> None:
        loop.call_soon_threadsafe(lambda: conn_box[0].finish(1, "the client closed its end of stdout"))

    output = Output(out_stream, broken)
    conn = Connection(server, output, loop, on_shutdown)
    conn_box.append(conn)
    server.protocol.set_writer(output)
    reader = FrameReader(read)

    def pump() -> None:
        while True:
            try:
                events = reader.read_events()
            except Exception as exc:  # stdin itself failed
                events = [End(f"cannot read stdin: {type(exc).__name__}: {exc}")]
            taken = threading.Event()

            def deliver(batch: list = events, taken: threading.Event = taken) -> None:
                try:
                    conn.handle(batch)
                finally:
                    taken.set()
            try:
                loop.call_soon_threadsafe(deliver)
            except RuntimeError:  # the loop is gone
                return
            taken.wait()
            if isinstance(events[-1], End) or conn.done.done():
                return

    threading.Thread(target=pump, name="waybill-stdin", daemon=True).start()
    return await conn.done


def _loop_fault(loop: asyncio.AbstractEventLoop, context: dict) -> None:
    exc = context.get("exception")
    detail = f": {type(exc).__name__}: {exc}" if exc is not None else ""
    log.error("%s%s", context.get("message", "a fault in the message loop"), detail)
