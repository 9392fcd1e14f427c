"""`waybill lsp` against hostile input, as a subprocess over stdio.

Three kinds of input:

- framing and JSON-RPC (`FRAMED`, `ENDINGS`): raw bytes written to the
  server's stdin. The inputs the server survives are sent one after the
  other in one session, each followed by a probe request: every probe must
  be answered (the stream was read again after the attack), and the
  answers between two probes must be the errors the attack deserves
  (-32700 for what cannot be read, -32600 for what is not a message, ...).
  The inputs that end the stream each get a session of their own;
- documents (`test_document_*`): a real LSP client (pytest-lsp) opening,
  editing and asking about hostile documents and URIs;
- analysis: `shutdown` (and `exit`) while a heavy analysis runs, an
  analysis over its budget of CPU time.

Every session must end within a generous deadline (a subprocess timeout,
never a timed assertion: the latency is measured by
`bench/lsp_shutdown.py`) and print no traceback on stderr.
`INPUTS` counts the hostile inputs tried.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import time
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the language server needs the `lsp` extra (pygls)")
pytest_lsp = pytest.importorskip("pytest_lsp", reason="the document tests need pytest-lsp (the `dev` extra)")

from lsprotocol import types  # noqa: E402
from pygls.protocol import default_converter  # noqa: E402
from pygls.uris import from_fs_path  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities  # noqa: E402
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features  # noqa: E402

from waybill.lsp import framing  # noqa: E402
from waybill.lsp.limits import MAX_DIAGNOSTICS_PER_FILE, MAX_DOCUMENT_BYTES, MAX_MESSAGE_BYTES  # noqa: E402

from .conftest import server_command  # noqa: E402

DEADLINE = 240  # seconds a whole session may take (the machine is shared and slow)
PARSE, INVALID, METHOD, PARAMS, ANY = -32700, -32600, -32601, -32602, "any"


def body_of(message) -> bytes:
    return json.dumps(message).encode()


def frame(message, crlf: bytes = b"\r\n") -> bytes:
    body = message if isinstance(message, bytes) else body_of(message)
    return b"Content-Length: %d" % len(body) + crlf + crlf + body


def request(msg_id, method: str = "waybill/nothing", params=None) -> dict:
    out = {"jsonrpc": "2.0", "id": msg_id, "method": method}
    if params is not None:
        out["params"] = params
    return out


def notification(method: str, params) -> dict:
    return {"jsonrpc": "2.0", "method": method, "params": params}


INITIALIZE = frame(request(0, "initialize", {"processId": None, "rootUri": None, "capabilities": {}})) + \
    frame(notification("initialized", {}))
SHUTDOWN = frame(request("bye", "shutdown"))
EXIT = frame({"jsonrpc": "2.0", "method": "exit"})


def read_frames(data: bytes) -> list[dict]:
    """The server's messages (its own framing is trusted here)."""
    out, pos = [], 0
    while True:
        end = data.find(b"\r\n\r\n", pos)
        if end < 0:
            return out
        length = next(int(line.split(b":")[1]) for line in data[pos:end].split(b"\r\n")
                      if line.lower().startswith(b"content-length:"))
        out.append(json.loads(data[end + 4:end + 4 + length]))
        pos = end + 4 + length


def assert_clean(stderr: str) -> None:
    assert "Traceback" not in stderr, stderr[-3000:]
    assert "Fatal Python error" not in stderr, stderr[-3000:]


def session(payload: bytes, env: dict | None = None) -> tuple[list[dict], str, int]:
    """Write `payload` to a new server (then close its stdin); its answers, stderr and exit code."""
    proc = subprocess.run(server_command(), input=payload, capture_output=True, timeout=DEADLINE,
                          env={**os.environ, **(env or {})})
    stderr = proc.stderr.decode("utf-8", "replace")
    assert_clean(stderr)
    return read_frames(proc.stdout), stderr, proc.returncode


def responses(messages: list[dict]) -> list[dict]:
    return [m for m in messages if "method" not in m]


# ---- framing and JSON-RPC: inputs the server survives -------------------------------------------
DEEP = 100_000
TAIL = body_of(request("long-tail"))

# (name, bytes, the answers it deserves before the next probe: error codes, or ANY with an id)
FRAMED: list[tuple[str, bytes, list]] = [
    ("negative Content-Length", b"Content-Length: -5\r\n\r\n{}", [PARSE]),
    ("Content-Length of 10^12", b"Content-Length: 1000000000000\r\n\r\n{}", [PARSE]),
    ("Content-Length not a number", b"Content-Length: abc\r\n\r\n{}", [PARSE]),
    ("empty Content-Length", b"Content-Length: \r\n\r\n{}", [PARSE]),
    ("fractional Content-Length", b"Content-Length: 2.0\r\n\r\n{}", [PARSE]),
    ("hexadecimal Content-Length", b"Content-Length: 0x2\r\n\r\n{}", [PARSE]),
    ("signed Content-Length", b"Content-Length: +2\r\n\r\n{}", [PARSE]),
    ("Content-Length of 30 digits", b"Content-Length: " + b"9" * 30 + b"\r\n\r\n{}", [PARSE]),
    ("Content-Length one over the bound, its bytes sent",
     b"Content-Length: %d\r\n\r\n" % (MAX_MESSAGE_BYTES + 1) + b"x" * (MAX_MESSAGE_BYTES + 1), [PARSE]),
    ("no Content-Length", b"Content-Type: application/vscode-jsonrpc\r\n\r\n{}", [PARSE]),
    ("two Content-Lengths that differ", b"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}", [PARSE]),
    ("a header line of 100 kB, then a frame", b"X-Pad: " + b"a" * 100_000 + b"\r\nContent-Length: 2\r\n\r\n{}",
     [PARSE, INVALID]),
    ("10 MB without a line break", b"a" * 10_000_000, [PARSE]),
    ("1000 header lines", b"X-A: b\r\n" * 1000 + b"\r\n{}", [PARSE]),
    ("non-ASCII header name", "Ünïcødé: 1\r\n".encode() + b"Content-Length: 2\r\n\r\n{}", [PARSE, INVALID]),
    ("non-ASCII charset", "Content-Type: application/vscode-jsonrpc; charset=ütf-8\r\n".encode()
     + frame(request("charset")), [PARSE, ANY]),
    ("NUL in a header", b"Content-Length: 2\x00\r\n\r\n{}", [PARSE]),
    ("header without a colon", b"Content-Length 2\r\n\r\n{}", [PARSE]),
    ("100 000 blank lines", b"\r\n" * 100_000, []),
    ("LF line endings", frame(request("lf"), crlf=b"\n"), [METHOD]),
    ("lower-case header", frame(request("lower")).replace(b"Content-Length", b"content-length"), [METHOD]),
    ("another Content-Type", frame(request("ctype")).replace(
        b"\r\n\r\n", b"\r\nContent-Type: text/plain; charset=latin-1\r\n\r\n"), [METHOD]),
    ("empty body", b"Content-Length: 0\r\n\r\n", [PARSE]),
    ("body not JSON", b"Content-Length: 5\r\n\r\nhello", [PARSE]),
    ("body not UTF-8", frame(b'{"jsonrpc": "2.0", "id": "\xff\xfe"}'), [PARSE]),
    ("JSON number", frame(b"42"), [INVALID]),
    ("JSON string", frame(b'"shutdown"'), [INVALID]),
    ("JSON null", frame(b"null"), [INVALID]),
    ("batch of two requests", frame([request("b1"), request("b2")]), [INVALID]),
    ("empty batch", frame(b"[]"), [INVALID]),
    ("arrays nested 100 000 deep", frame(b"[" * DEEP + b"]" * DEEP), [PARSE]),
    ("objects nested 100 000 deep", frame(b'{"a":' * DEEP + b"1" + b"}" * DEEP), [PARSE]),
    ("params nested 500 deep", frame(request("deep", "waybill/nothing", json.loads("[" * 500 + "]" * 500))),
     [METHOD]),
    ("command arguments nested 500 deep", frame(request("deep-cmd", "workspace/executeCommand", {
        "command": "x", "arguments": json.loads("[" * 500 + "]" * 500)})), [ANY]),
    ('jsonrpc "1.0"', frame({"jsonrpc": "1.0", "id": "v1", "method": "x"}), [INVALID]),
    ("no jsonrpc member", frame({"id": "nj", "method": "x"}), [INVALID]),
    ("method is a number", frame({"jsonrpc": "2.0", "id": "mn", "method": 5}), [INVALID]),
    ("id is an object", frame({"jsonrpc": "2.0", "id": {"a": 1}, "method": "x"}), [INVALID]),
    ("id is true", frame({"jsonrpc": "2.0", "id": True, "method": "x"}), [INVALID]),
    ("id is a fraction", frame({"jsonrpc": "2.0", "id": 1.5, "method": "x"}), [INVALID]),
    ("id is null", frame({"jsonrpc": "2.0", "id": None, "method": "x"}), [INVALID]),
    ("params is a string", frame({"jsonrpc": "2.0", "id": "ps", "method": "x", "params": "x"}), [INVALID]),
    ("{}", frame(b"{}"), [INVALID]),
    ("unknown method", frame(request("unknown", "nothing/here")), [METHOD]),
    ("hover with params of the wrong shape", frame(request("hover", "textDocument/hover", {"x": 1})), [PARAMS]),
    ("id of 4 000 digits", frame(b'{"jsonrpc": "2.0", "method": "x", "id": 1' + b"0" * 3999 + b"}"), [METHOD]),
    ("id of 5 000 digits", frame(b'{"jsonrpc": "2.0", "method": "x", "id": 1' + b"0" * 4999 + b"}"), [PARSE]),
    ("Content-Length shorter than the body", b"Content-Length: 10\r\n\r\n" + TAIL, [PARSE, PARSE]),
    ("1 MB of random bytes", random.Random(27).randbytes(1 << 20), None),
    ("the header name 1 000 times", b"Content-Length:" * 1000, None),
    ("a notification with params of the wrong shape", frame(notification("textDocument/didOpen", {"x": 1})), []),
    ("a response to no request", frame({"jsonrpc": "2.0", "id": "r", "result": None}), []),
    ("an error response to no request",
     frame({"jsonrpc": "2.0", "id": 77, "error": {"code": 1, "message": "x"}}), []),
    ("a malformed response", frame({"jsonrpc": "2.0", "id": "r", "result": 1, "error": 2}), []),
    ("cancel of an unknown request", frame(notification("$/cancelRequest", {"id": 12345})), []),
    ("change of a document never opened (/dev/zero)", frame(notification("textDocument/didChange", {
        "textDocument": {"uri": "file:///dev/zero", "version": 2},
        "contentChanges": [{"text": "x"}]})), []),
    ("2 000 requests in one write", b"".join(frame(request(f"many-{i}")) for i in range(2000)), [METHOD] * 2000),
]


def test_framing_attacks_are_answered_and_the_stream_is_read_again():
    payload = INITIALIZE
    for i, (_, data, _) in enumerate(FRAMED):
        payload += data + frame(request(f"probe-{i}"))
    messages, stderr, code = session(payload + SHUTDOWN + EXIT)
    answers = responses(messages)
    assert answers[0]["id"] == 0 and "result" in answers[0]  # initialize
    pos = 1
    for i, (name, _, expected) in enumerate(FRAMED):
        probe = next((k for k in range(pos, len(answers)) if answers[k].get("id") == f"probe-{i}"), None)
        assert probe is not None, f"after `{name}` the server no longer answers"
        got = answers[pos:probe]
        if expected is not None:
            codes = [a["error"]["code"] if "error" in a else ANY for a in got]
            want = [ANY if e == ANY else e for e in expected]
            assert len(codes) == len(want) and all(w == ANY or c == w for c, w in zip(codes, want)), \
                (name, got[:3])
            for a in got:
                if "error" in a:
                    assert isinstance(a["error"].get("message"), str) and a["jsonrpc"] == "2.0"
        else:
            assert all(a.get("error", {}).get("code") == PARSE for a in got), (name, got[:3])
        pos = probe + 1
    assert answers[-1] == {"id": "bye", "jsonrpc": "2.0", "result": None}
    assert code == 0, stderr[-2000:]


def test_an_error_answers_a_request_with_its_own_id():
    messages, _, _ = session(INITIALIZE + frame(request("hover", "textDocument/hover", {"x": 1}))
                             + frame({"jsonrpc": "1.0", "id": "v1", "method": "x"})
                             + frame(b'{"jsonrpc": "2.0", "method": "x", "id": 1' + b"0" * 3999 + b"}")
                             + SHUTDOWN + EXIT)
    ids = {a["id"]: a for a in responses(messages)}
    assert ids["hover"]["error"]["code"] == PARAMS
    assert ids["v1"]["error"]["code"] == INVALID
    assert ids[10 ** 3999]["error"]["code"] == METHOD


def test_a_flood_of_requests_that_need_the_analysis_is_answered(tmp_path):
    """5 000 hovers in one write, then shutdown: each is answered (a result,
    an empty answer past MAX_WAITING_REQUESTS, or cancelled by shutdown)."""
    doc = tmp_path / "flood.wb"
    doc.write_text("counter coins per player\nprocedure p() { gain(coins, 1) }\n", encoding="utf-8")
    uri = from_fs_path(str(doc))
    hovers = b"".join(frame(request(f"h{i}", "textDocument/hover", {
        "textDocument": {"uri": uri}, "position": {"line": 1, "character": 22}})) for i in range(5000))
    messages, stderr, code = session(INITIALIZE + hovers + SHUTDOWN + EXIT)
    answered = {a["id"] for a in responses(messages)}
    assert {f"h{i}" for i in range(5000)} <= answered
    assert "bye" in answered and code == 0, stderr[-2000:]


# ---- framing: inputs that end the stream --------------------------------------------------------
ENDINGS: list[tuple[str, bytes, int]] = [  # (name, bytes after initialize, exit code)
    ("nothing at all", b"", 1),
    ("a header, then the end", b"Content-Length: 20\r\n", 1),
    ("a header and its blank line, then the end", b"Content-Length: 20\r\n\r\n", 1),
    ("a body shorter than its Content-Length, then the end", b"Content-Length: 200\r\n\r\n{\"jsonrpc\"", 1),
    ("the end inside a header line", b"Content-Len", 1),
    ("exit without shutdown", EXIT, 1),
    ("shutdown, a request, exit", SHUTDOWN + frame(request("late", "textDocument/hover", {})) + EXIT, 0),
    ("shutdown, then the end of the stream", SHUTDOWN, 0),
]


@pytest.mark.parametrize("name,data,code", ENDINGS, ids=[e[0] for e in ENDINGS])
def test_the_end_of_the_stream_ends_the_server_cleanly(name, data, code):
    messages, stderr, returncode = session(INITIALIZE + data)
    assert returncode == code, stderr[-2000:]
    if name.startswith("shutdown, a request"):
        late = next(a for a in responses(messages) if a["id"] == "late")
        assert late["error"]["code"] == INVALID


def test_a_message_dripped_one_byte_at_a_time_is_read():
    proc = subprocess.Popen(server_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    try:
        proc.stdin.write(INITIALIZE)
        for byte in frame(request("drip")):
            proc.stdin.write(bytes([byte]))
            proc.stdin.flush()
            time.sleep(0.002)
        proc.stdin.write(SHUTDOWN + EXIT)
        out, err = proc.communicate(timeout=DEADLINE)
    finally:
        proc.kill()
    assert_clean(err.decode("utf-8", "replace"))
    assert any(a["id"] == "drip" for a in responses(read_frames(out)))
    assert proc.returncode == 0


def test_a_client_that_stops_reading_ends_the_server_cleanly():
    proc = subprocess.Popen(server_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    try:
        proc.stdout.close()  # every answer now fails to be written
        proc.stdin.write(INITIALIZE + b"".join(frame(request(i)) for i in range(50)))
        proc.stdin.flush()
        proc.stdin.close()
        err = proc.stderr.read()
        proc.wait(DEADLINE)
    finally:
        proc.kill()
    assert_clean(err.decode("utf-8", "replace"))
    assert proc.returncode == 1


def test_a_stream_without_any_header_is_given_up(monkeypatch):
    """Past MAX_RESYNC_BYTES without a header (256 MB by default; 1 MB here) the stream ends."""
    monkeypatch.setattr(framing, "MAX_RESYNC_BYTES", 1 << 20)
    data = b"Content-Length: x\r\n\r\n" + b"z" * (3 << 20) + frame(request(1))
    pos = 0

    def read(n: int) -> bytes:
        nonlocal pos
        pos += min(n, 100_000)
        return data[pos - min(n, 100_000):pos]
    reader = framing.FrameReader(read)
    events = []
    while not events or not isinstance(events[-1], framing.End):
        events += reader.read_events()
    assert [type(e).__name__ for e in events] == ["BadFrame", "End"]
    assert "cannot be read again" in events[-1].reason


# ---- documents --------------------------------------------------------------------------------
class HostileClient(LanguageClient):
    """pytest-lsp's client, keeping the server's stderr and every publication."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.stderr_lines: list[str] = []
        self.published: list[types.PublishDiagnosticsParams] = []

    async def start_io(self, cmd: str, *args, **kwargs):
        await super().start_io(cmd, *args, **kwargs)
        if self._stderr_forwarder is not None:
            self._stderr_forwarder.cancel()
        self._stderr_forwarder = asyncio.ensure_future(self._keep_stderr())

    async def _keep_stderr(self):
        while self._server is not None and self._server.stderr is not None:
            line = await self._server.stderr.readline()
            if not line:
                return
            self.stderr_lines.append(line.decode("utf-8", "replace"))


def record(client: HostileClient, params: types.PublishDiagnosticsParams) -> None:
    client.diagnostics[params.uri] = params.diagnostics
    client.published.append(params)


def make_client() -> HostileClient:
    client = HostileClient(converter_factory=default_converter)
    register_lsp_features(client, {**DEFAULT_CLIENT_FEATURES, types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: record})
    return client


async def start(folder: str, env: dict | None = None) -> HostileClient:
    config = ClientServerConfig(server_command=server_command(), client_factory=make_client,
                                server_env={**os.environ, **(env or {})})
    client = await config.start()
    await asyncio.wait_for(client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"), root_uri=from_fs_path(folder))), DEADLINE)
    return client


async def stop(client: HostileClient) -> None:
    """shutdown and exit, each within the deadline; the server ends, with no traceback."""
    await asyncio.wait_for(client.shutdown_session(), DEADLINE)
    await asyncio.wait_for(client._server.wait(), DEADLINE)
    await client.stop()
    assert_clean("".join(client.stderr_lines))
    faults = [m.message for m in client.log_messages if m.type == types.MessageType.Error]
    assert not faults, faults[0][-3000:]  # a fault of the server, caught, is still a fault


async def published(client: HostileClient, uri: str, version: int) -> list[types.Diagnostic]:
    """The diagnostics published for `uri` at `version` (the last such publication)."""
    async def wait():
        while True:
            for params in reversed(client.published):
                if params.uri == uri and params.version == version:
                    return list(params.diagnostics)
            await asyncio.sleep(0.02)
    return await asyncio.wait_for(wait(), DEADLINE)


def open_doc(client: HostileClient, uri: str, text: str, version: int = 1) -> None:
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="waybill", version=version, text=text)))


def replace(client: HostileClient, uri: str, text: str, version: int, end=(10 ** 6, 0)) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        [types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(0, 0), types.Position(*end)), text=text)]))


def append(client: HostileClient, uri: str, text: str, version: int) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        [types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(10 ** 6, 0), types.Position(10 ** 6, 0)), text=text)]))


def nested_procedures(count: int = 1100) -> str:
    """Seconds of CPU to check, little memory, under the bound on document size."""
    one = "procedure p{}() {{\n  let a = " + "(" * 100 + "1" + ")" * 100 + "\n}}\n"
    return "".join(one.format(i) for i in range(count))


GOOD = "counter coins per player\n"

DOCUMENTS: list[tuple[str, str, str]] = [  # (name, text, the first diagnostic's code, "" for none)
    ("'x ' * 200 000 (over the bound)", "x " * 200_000, "E106"),
    ("10 MB", "counter c\n" * 1_000_000, "E106"),
    ("15 MB, under the message bound", "#" * (15 << 20), "E106"),
    ("one line of 200 kB", "a" * 200_000, "E103"),
    ("10 000 nested brackets", "procedure p() {\n  let a = " + "(" * 10_000 + "\n}\n", "E105"),
    ("100 000 lines of `}`", "}\n" * 100_000, "E101"),
    ("control characters, NUL, a lone surrogate", "kind \x00\x01\x1b[31m \ud800 {\n" * 50, "E102"),
    ("a BOM and CR line ends", "\ufeffcounter coins\r\ncounter gold\r\n", ""),
]


@pytest.mark.asyncio
async def test_documents_over_the_bound_get_one_diagnostic_and_others_are_checked(tmp_path):
    client = await start(str(tmp_path))
    for i, (name, text, code) in enumerate(DOCUMENTS):
        uri = from_fs_path(str(tmp_path / f"doc{i}.wb"))
        open_doc(client, uri, text)
        diags = await published(client, uri, 1)
        if code == "E106":
            assert [d.code for d in diags] == ["E106"], name
            assert str(MAX_DOCUMENT_BYTES) in diags[0].message
        elif code:
            assert diags and diags[0].code == code, (name, diags[:2])
        assert len(diags) <= MAX_DIAGNOSTICS_PER_FILE + 1, name
        client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri)))
    await stop(client)


@pytest.mark.asyncio
async def test_a_document_grown_past_the_bound_then_cut_back_is_checked_again(tmp_path):
    client = await start(str(tmp_path))
    uri = from_fs_path(str(tmp_path / "grows.wb"))
    open_doc(client, uri, GOOD)
    assert await published(client, uri, 1) == []
    piece = "# " + "g" * 20_000 + "\n"
    for version in range(2, 2 + MAX_DOCUMENT_BYTES // len(piece) + 2):  # appended, one piece at a time
        append(client, uri, piece, version)
    assert [d.code for d in await published(client, uri, version)] == ["E106"]
    replace(client, uri, GOOD + "counter coins per player\n", version + 1)
    assert [d.code for d in await published(client, uri, version + 1)] == ["E302"]
    await stop(client)


@pytest.mark.asyncio
async def test_a_flood_of_changes_ends_with_the_last_ones_diagnostics(tmp_path):
    client = await start(str(tmp_path))
    uri = from_fs_path(str(tmp_path / "flood.wb"))
    open_doc(client, uri, GOOD)
    for version in range(2, 2002):
        replace(client, uri, GOOD + f"counter c{version} per player\nbad{version}(\n", version)
    diags = await published(client, uri, 2001)
    assert any("bad2001" in d.message for d in diags), diags  # the last text's
    assert len([p for p in client.published if p.uri == uri]) < 2001  # checked far fewer times than changed
    await stop(client)


@pytest.mark.asyncio
async def test_many_small_documents(tmp_path):
    client = await start(str(tmp_path))
    uris = [from_fs_path(str(tmp_path / f"small{i}.wb")) for i in range(300)]
    for i, uri in enumerate(uris):
        open_doc(client, uri, f"counter c{i} per player\nprocedure p{i}() {{ gain(c{i}, 1) }}\n")
    await published(client, uris[-1], 1)
    hover = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uris[-1]), types.Position(1, 25))), DEADLINE)
    assert "counter c299" in hover.contents.value  # the hovered name, in the last document
    await stop(client)


URIS = ["/dev/zero", "/dev/urandom", "a FIFO", "a folder", "a missing file", "untitled:", "http:", "a NUL",
        "10 000 characters", "not a URI", "/proc/self/mem"]


def hostile_uris(folder: Path) -> list[str]:
    """One URI for each of URIS."""
    fifo = folder / "fifo.wb"
    os.mkfifo(fifo)
    (folder / "a folder.wb").mkdir()
    out = ["file:///dev/zero", "file:///dev/urandom", from_fs_path(str(fifo)),
           from_fs_path(str(folder / "a folder.wb")), from_fs_path(str(folder / "missing.wb")),
           "untitled:Untitled-1", "http://example.com/a.wb", "file:///tmp/a%00b.wb",
           "file:///" + "a/" * 5000 + "x.wb", "not a uri at all", "file:///proc/self/mem"]
    assert len(out) == len(URIS)
    return out


POSITIONS = [types.Position(0, 0), types.Position(2 ** 31 - 1, 2 ** 31 - 1), types.Position(3, 10 ** 6)]


@pytest.mark.asyncio
async def test_requests_on_hostile_uris_and_positions_are_answered(tmp_path):
    client = await start(str(tmp_path))
    for uri in hostile_uris(tmp_path):
        doc = types.TextDocumentIdentifier(uri)
        for pos in POSITIONS:
            for ask in (client.text_document_hover_async(types.HoverParams(doc, pos)),
                        client.text_document_completion_async(types.CompletionParams(doc, pos)),
                        client.text_document_definition_async(types.DefinitionParams(doc, pos)),
                        client.text_document_references_async(types.ReferenceParams(
                            context=types.ReferenceContext(include_declaration=True), text_document=doc,
                            position=pos))):
                await asyncio.wait_for(ask, DEADLINE)
        await asyncio.wait_for(client.text_document_document_symbol_async(types.DocumentSymbolParams(doc)),
                               DEADLINE)
    # an edit whose range lies past the end of the document
    uri = from_fs_path(str(tmp_path / "ranges.wb"))
    open_doc(client, uri, GOOD)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        [types.TextDocumentContentChangePartial(range=types.Range(
            types.Position(2 ** 31 - 1, 2 ** 31 - 1), types.Position(5, 0)), text="counter gold\n")]))
    await published(client, uri, 2)
    await stop(client)


# ---- analysis: shutdown while it runs, a budget ------------------------------------------------
HEAVY = [("nested procedures", nested_procedures()), ("one line of 120 000 names", "x " * 120_000)]


@pytest.mark.asyncio
@pytest.mark.parametrize("name,text", HEAVY, ids=[h[0] for h in HEAVY])
async def test_shutdown_is_answered_during_a_heavy_analysis(tmp_path, name, text):
    assert len(text.encode()) <= MAX_DOCUMENT_BYTES  # analysed, not refused
    client = await start(str(tmp_path), env={"WAYBILL_LSP_BUDGET": "600"})
    open_doc(client, from_fs_path(str(tmp_path / "heavy.wb")), text)
    await asyncio.sleep(1.0)  # the check has started (it takes seconds)
    await stop(client)  # shutdown and exit within the deadline, though the check was far from done


@pytest.mark.asyncio
async def test_an_analysis_over_its_budget_is_stopped_and_said(tmp_path):
    client = await start(str(tmp_path), env={"WAYBILL_LSP_BUDGET": "0.3"})
    uri = from_fs_path(str(tmp_path / "heavy.wb"))
    open_doc(client, uri, nested_procedures())
    diags = await published(client, uri, 1)
    assert len(diags) == 1 and "stopped checking" in diags[0].message and "budget" in diags[0].message
    hover = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), types.Position(0, 12))), DEADLINE)
    assert hover is None  # no edit since: not tried again
    replace(client, uri, GOOD, 2)
    assert await published(client, uri, 2) == []
    await stop(client)


def test_jobs_stopped_by_force_leave_the_worker_sound():
    """The worker raises into a running analysis; whenever that lands, the
    worker goes on: the next job runs and every future is settled."""
    from waybill.lsp.worker import QUICK, SLOW, Stopped, Worker
    worker = Worker(budget=60, grace=0.0)  # a superseded job is stopped by force at the next tick
    rng = random.Random(27)

    def spin():
        table: dict = {}
        while True:
            table[len(table) % 64] = [str(len(table))] * 8

    def polite():
        while True:
            worker.checkpoint()

    def pausing():
        worker.pause(10)
        raise AssertionError("not stopped")
    for i in range(60):
        kind = (spin, polite, pausing)[i % 3]
        job = worker.submit(kind, SLOW if kind is pausing else QUICK, key="k", yields=kind is pausing)
        time.sleep(rng.random() * 0.03)
        worker.supersede("k")
        with pytest.raises(Stopped):
            job.future.result(DEADLINE)
        assert worker.submit(lambda i=i: i).future.result(DEADLINE) == i
    job = worker.submit(spin)
    time.sleep(0.05)
    worker.close()
    with pytest.raises(Stopped):
        job.future.result(DEADLINE)
    assert worker.join(DEADLINE)


# The hostile inputs this suite tries (an input tried several ways counts once).
INPUTS = (len(FRAMED) + len(ENDINGS)
          + 4  # 5 000 hovers, a message dripped byte by byte, a client that stops reading, no header at all
          + len(DOCUMENTS)
          + 3  # a document grown past the bound, 2 000 changes, 300 documents
          + len(URIS) + len(POSITIONS) - 1 + 1  # hostile URIs, positions out of range, an edit past the end
          + len(HEAVY) + 1)  # shutdown during heavy analyses, an analysis over budget
