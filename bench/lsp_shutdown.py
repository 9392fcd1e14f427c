"""How long `waybill lsp` takes to answer `shutdown` (and to end on `exit`)
while it is in the middle of a heavy analysis.

    python bench/lsp_shutdown.py                 # a table
    python bench/lsp_shutdown.py --repeat 9 --json
    python bench/lsp_shutdown.py --document nested --server "python other_server.py"

Over stdio with raw frames (no client library in the way): the server is
started, initialized, sent a document that takes seconds of CPU to check,
and, `--wait` seconds later (while the check runs: the server's CPU time is
read from /proc to make sure), sent `shutdown`; the time from writing
`shutdown` to reading its answer is the latency, then `exit` to the end of
the process. Documents (each under the server's bound on document size,
so that they are analysed):

- `nested`: 1 100 procedures, each with a 100-deep parenthesised
  expression (about 5 s of CPU to check, 35 MB): many declarations, so the
  parse has safe points between them;
- `one-line`: `x x x ...` on one line (120 000 names, about 5 s and 180 MB):
  one declaration, no safe point; the analysis is stopped by force;
- `idle`: no document (the baseline).

Medians and maxima in milliseconds; measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def documents() -> dict[str, str | None]:
    one = "procedure p{}() {{\n  let a = " + "(" * 100 + "1" + ")" * 100 + "\n}}\n"
    return {
        "idle": None,
        "nested": "".join(one.format(i) for i in range(1100)),
        "one-line": "x " * 120000,
    }


def frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Server:
    """A server process, with a thread reading its answers."""

    def __init__(self, command: list[str]):
        # no parse cache: the document would be read from it after the first run, not parsed
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env={**os.environ, "WAYBILL_NO_CACHE": "1"})
        self.answers: dict[object, float] = {}  # request id -> when its answer was read
        self.cond = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self.proc.stderr.read, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if line.strip() == b"":
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            body = out.read(length or 0)
            message = json.loads(body)
            if "id" in message and "method" not in message:
                with self.cond:
                    self.answers[message["id"]] = time.perf_counter()
                    self.cond.notify_all()

    def send(self, message: dict) -> float:
        self.proc.stdin.write(frame(message))
        self.proc.stdin.flush()
        return time.perf_counter()

    def wait_answer(self, msg_id, timeout: float) -> float | None:
        end = time.monotonic() + timeout
        with self.cond:
            while msg_id not in self.answers:
                left = end - time.monotonic()
                if left <= 0:
                    return None
                self.cond.wait(left)
            return self.answers[msg_id]

    def cpu(self) -> float:
        """The process's CPU seconds (Linux), or 0."""
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            return 0.0


def once(command: list[str], text: str | None, wait: float, folder: str) -> dict:
    server = Server(command)
    server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                 "params": {"processId": None, "rootUri": None, "capabilities": {}}})
    server.wait_answer(1, 60)
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    cpu0 = server.cpu()
    if text is not None:
        path = os.path.join(folder, "heavy.wb")
        server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": Path(path).as_uri(), "languageId": "waybill", "version": 1, "text": text}}})
    time.sleep(wait)
    busy = server.cpu() - cpu0
    sent = server.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    answered = server.wait_answer(2, 300)
    exit_sent = server.send({"jsonrpc": "2.0", "method": "exit"})
    try:
        server.proc.wait(60)
        ended = time.perf_counter()
    except subprocess.TimeoutExpired:
        server.proc.kill()
        ended = None
    return {
        "shutdown ms": None if answered is None else (answered - sent) * 1000,
        "exit ms": None if ended is None else (ended - exit_sent) * 1000,
        "CPU s before shutdown": busy,
        "exit code": server.proc.returncode,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--wait", type=float, default=1.5, help="seconds between the document and shutdown")
    ap.add_argument("--server", help="the command to run (default: the `waybill lsp` beside this Python)")
    ap.add_argument("--document", action="append", choices=list(documents()),
                    help="only these documents (repeatable; default: all)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.server:
        command = shlex.split(args.server)
    else:
        command = [os.path.join(os.path.dirname(sys.executable), "waybill"), "lsp"]
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for label, text in documents().items():
            if args.document and label not in args.document:
                continue
            runs = [once(command, text, args.wait, folder) for _ in range(args.repeat)]
            shut = [r["shutdown ms"] for r in runs if r["shutdown ms"] is not None]
            ends = [r["exit ms"] for r in runs if r["exit ms"] is not None]
            rows.append({
                "document": label,
                "bytes": len(text) if text else 0,
                "runs": len(runs),
                "shutdown answered": len(shut),
                "shutdown ms (median)": round(statistics.median(shut), 1) if shut else None,
                "shutdown ms (max)": round(max(shut), 1) if shut else None,
                "exit -> process ended ms (median)": round(statistics.median(ends), 1) if ends else None,
                "server CPU s before shutdown (min)": round(min(r["CPU s before shutdown"] for r in runs), 2),
                "exit codes": sorted({r["exit code"] for r in runs}),
            })
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    for row in rows:
        print(row.pop("document"))
        for key, value in row.items():
            print(f"  {key:40} {value}")


if __name__ == "__main__":
    main()
