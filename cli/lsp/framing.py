"""Reading LSP messages from a byte stream that may hold anything.

A message is a header (lines `Name: value`, ended by a blank line; only
`Content-Length` counts) and a body of exactly that many bytes. pygls's own
reader trusts the header: a `Content-Length` of 10^12 asks for that much
memory, a negative one leaves it waiting for a header that never comes,
and a body that is not JSON is a traceback. This reader checks each part:

- a frame with a readable, bounded length is read whole; a body that is not
  UTF-8 JSON, or not a JSON-RPC message, is a `Frame` whose `message` is
  an `RpcError` (answered, then the next frame is read as usual);
- a header that cannot be read (a length that is missing, negative, not a
  number, over `MAX_MESSAGE_BYTES`, given twice; a line over
  `MAX_HEADER_LINE`; more than `MAX_HEADERS` lines; a line that is not
  `Name: value` in ASCII) is a `BadFrame`: where its body ends is unknown,
  so the stream is searched for the next `Content-Length:` and read from
  there (JSON never holds a raw line break, so a body cannot fake a header
  line); past `MAX_RESYNC_BYTES` without one the stream is given up (`End`);
- the end of the stream is an `End`, with a reason when it came inside a
  message.

Memory is bounded by `MAX_MESSAGE_BYTES` plus one read, whatever arrives.
`read_events` returns every event that the bytes already read complete, so
that a burst of small messages costs the message loop one wake-up, not one
per message.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Callable

from .limits import MAX_HEADER_LINE, MAX_HEADERS, MAX_MESSAGE_BYTES, MAX_RESYNC_BYTES

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
READ_SIZE = 1 << 20
MAX_BATCH = 1000  # events handed to the message loop at once
MARKERS = (b"Content-Length:", b"content-length:")
_TOKEN = re.compile(rb"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_DIGITS = re.compile(rb"[0-9]{1,15}")


@dataclass
class RpcError:
    """A message that cannot be handled, as the JSON-RPC error that answers it."""

    code: int
    message: str
    id: int | str | None = None
    answer: bool = True  # False for a notification or a response: nothing may answer it

    def response(self) -> dict:
        return {"jsonrpc": "2.0", "id": self.id, "error": {"code": self.code, "message": self.message}}


@dataclass
class Frame:
    """A whole frame: its body as a JSON-RPC message (a dict), or the error that answers it."""

    message: dict | RpcError


@dataclass
class BadFrame:
    """A frame whose header cannot be read; the stream is searched for the next one."""

    reason: str


@dataclass
class End:
    """The stream ended (reason None: between two messages) or was given up."""

    reason: str | None


Event = Frame | BadFrame | End
_MORE = object()  # a step that consumed something and produced no event: take the next


class FrameReader:
    """Frames from `read(n)` (which returns at most n bytes, b"" at the end)."""

    def __init__(self, read: Callable[[int], bytes]):
        self._read = read
        self._buf = bytearray()
        self._pos = 0
        self._eof = False
        self._state = "headers"
        self._length: int | None = None  # the frame's Content-Length, once read
        self._lines = 0  # header lines of the frame so far
        self._skipped = 0  # bytes passed over while looking for a header
        self.frames = 0  # frames read whole (for the tests and the log)
        self.bad = 0  # frames that could not be read

    # ---- the public side ------------------------------------------------------------------
    def read_events(self) -> list[Event]:
        """Block until at least one event; return it with every other event the
        bytes already read complete (at most MAX_BATCH). After an `End`, only `End`s."""
        events: list[Event] = []
        while len(events) < MAX_BATCH:
            event = self._step()
            if event is None:  # more bytes are needed
                if events:
                    return events
                if self._eof:
                    return [self._ended()]
                self._fill()
                continue
            events.append(event)
            if isinstance(event, End):
                self._eof = True
                self._state = "ended"
                return events
        return events

    # ---- reading ----------------------------------------------------------------------------
    def _fill(self) -> None:
        if self._pos > (1 << 20) or (self._pos and self._pos == len(self._buf)):
            del self._buf[:self._pos]
            self._pos = 0
        data = self._read(READ_SIZE)
        if not data:
            self._eof = True
        else:
            self._buf += data

    def _ended(self) -> End:
        if self._state == "ended":
            return End(None)
        state, self._state = self._state, "ended"
        if state == "body":
            return End(f"the stream ended inside a message: {len(self._buf) - self._pos} of its "
                       f"{self._length} bytes came")
        if state == "headers" and (self._lines or self._pos < len(self._buf)):
            return End("the stream ended inside a message's header")
        return End(None)

    def _step(self) -> Event | None:
        """The next event, or None when more bytes are needed."""
        while True:
            if self._state == "headers":
                event = self._header_line()
            elif self._state == "body":
                event = self._body()
            elif self._state == "scan":
                event = self._scan()
            else:
                return End(None)
            if event is not _MORE:
                return event

    def _bad(self, reason: str, line_start: int | None = None) -> BadFrame:
        """The frame cannot be read: look for the next header from here on (or
        from the second byte of the line that was wrong)."""
        if line_start is not None:
            self._pos = line_start + 1
        self.bad += 1
        self._state = "scan"
        self._length = None
        self._lines = 0
        return BadFrame(reason)

    def _header_line(self) -> object:
        end = self._buf.find(b"\n", self._pos, self._pos + MAX_HEADER_LINE + 2)
        if end < 0:
            if len(self._buf) - self._pos > MAX_HEADER_LINE + 1:
                self._pos += 1  # the search for the next header starts past this line's start
                return self._bad(f"a header line longer than {MAX_HEADER_LINE} bytes")
            return None
        line = bytes(self._buf[self._pos:end]).rstrip(b"\r")
        start, self._pos = self._pos, end + 1
        if not line:
            if not self._lines:
                return _MORE  # a blank line between messages
            if self._length is None:
                return self._bad("a header without Content-Length")
            self._state = "body"
            return _MORE
        self._lines += 1
        if self._lines > MAX_HEADERS:
            return self._bad(f"more than {MAX_HEADERS} header lines", start)
        name, colon, value = line.partition(b":")
        # A bad line is searched for the next header from its second byte on: the
        # end of a body longer than its Content-Length may be stuck to the next header.
        if not colon or not _TOKEN.fullmatch(name) or not all(32 <= b < 127 or b == 9 for b in value):
            return self._bad("a header line that is not `Name: value` in ASCII", start)
        if name.lower() != b"content-length":
            return _MORE  # Content-Type and any other header: not needed
        value = value.strip(b" \t")
        if not _DIGITS.fullmatch(value):
            shown = value[:40].decode("ascii")
            return self._bad(f"Content-Length `{shown}` is not a number of bytes", start)
        length = int(value)
        if length > MAX_MESSAGE_BYTES:
            return self._bad(f"a message of {length} bytes; the limit is {MAX_MESSAGE_BYTES}", start)
        if self._length is not None and self._length != length:
            return self._bad("two different Content-Length headers", start)
        self._length = length
        return _MORE

    def _body(self) -> object:
        assert self._length is not None
        if len(self._buf) - self._pos < self._length:
            return None
        body = bytes(self._buf[self._pos:self._pos + self._length])
        self._pos += self._length
        self._state, self._length, self._lines, self._skipped = "headers", None, 0, 0
        self.frames += 1
        return Frame(parse_message(body))

    def _scan(self) -> object:
        found = [i for i in (self._buf.find(m, self._pos) for m in MARKERS) if i >= 0]
        if found:
            at = min(found)
            self._skipped += at - self._pos
            self._pos = at
            self._state = "headers"
            if self._skipped > MAX_RESYNC_BYTES:
                return End(f"no message header in {self._skipped} bytes: the stream cannot be read again")
            return _MORE
        keep = len(MARKERS[0]) - 1  # a marker may be cut between two reads
        drop = max(0, len(self._buf) - self._pos - keep)
        self._skipped += drop
        self._pos += drop
        if self._skipped > MAX_RESYNC_BYTES:
            return End(f"no message header in {self._skipped} bytes: the stream cannot be read again")
        return None


def parse_message(body: bytes) -> dict | RpcError:
    """A body as a JSON-RPC 2.0 message (request, notification or response),
    or the error that answers it (JSON-RPC 2.0, section 5.1)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        return RpcError(PARSE_ERROR, f"Parse error: the message is not UTF-8 (byte {exc.start})")
    try:
        data = json.loads(text)
    except RecursionError:
        return RpcError(PARSE_ERROR, "Parse error: the message nests too deep")
    except ValueError as exc:  # JSONDecodeError, and an integer of more than 4300 digits
        return RpcError(PARSE_ERROR, f"Parse error: the message is not JSON ({str(exc)[:200]})")
    if isinstance(data, list):
        return RpcError(INVALID_REQUEST, "Invalid Request: a batch (JSON array); the Language Server "
                                         "Protocol sends one message at a time")
    if not isinstance(data, dict):
        return RpcError(INVALID_REQUEST, "Invalid Request: a message is a JSON object")
    msg_id = data.get("id")
    good_id = msg_id is None or (isinstance(msg_id, (str, int)) and not isinstance(msg_id, bool))
    is_call = "method" in data
    # a notification is never answered, nor is what was meant as a response (an id, no method)
    answer = "id" in data if is_call else "id" not in data
    shown_id = msg_id if good_id else None
    if data.get("jsonrpc") != "2.0":
        return RpcError(INVALID_REQUEST, 'Invalid Request: `jsonrpc` must be "2.0"', shown_id, answer)
    if not good_id:
        return RpcError(INVALID_REQUEST, "Invalid Request: an `id` is a string or an integer", None, answer)
    if is_call:
        if not isinstance(data["method"], str):
            return RpcError(INVALID_REQUEST, "Invalid Request: `method` must be a string", shown_id, answer)
        params = data.get("params")
        if params is not None and not isinstance(params, (dict, list)):
            return RpcError(INVALID_REQUEST, "Invalid Request: `params` must be an object or an array",
                            shown_id, answer)
        if "id" in data and msg_id is None:
            return RpcError(INVALID_REQUEST, "Invalid Request: a request's `id` may not be null", None, True)
        return data
    if "id" not in data or ("result" in data) == ("error" in data):
        return RpcError(INVALID_REQUEST, "Invalid Request: neither a request, a notification nor a response",
                        None, answer)
    return data
