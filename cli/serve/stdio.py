"""`waybill serve --stdio`: the same request objects as JSON lines.

One request object a line on standard input, one response object a line on
standard output, in order. A line longer than the bound, or one that is not
JSON, is answered with an error and the next line is read.
"""

from __future__ import annotations

import json
from typing import IO

from .app import MAX_BODY
from .store import Store


def serve_lines(store: Store, inp: IO[str], out: IO[str]) -> None:
    while True:
        line = inp.readline(MAX_BODY + 1)
        if not line:
            return
        if len(line) > MAX_BODY and not line.endswith("\n"):
            while line and not line.endswith("\n"):      # skip the rest of the long line
                line = inp.readline(MAX_BODY + 1)
            reply = {"error": f"a request line is at most {MAX_BODY} bytes", "status": 413}
        elif not line.strip():
            continue
        else:
            try:
                request = json.loads(line)
            except (ValueError, RecursionError) as exc:
                reply = {"error": f"the line is not JSON: {exc}", "status": 400}
            else:
                try:
                    reply = store.handle(request)
                except Exception as exc:     # a fault of ours: answered, and the next line is read
                    reply = {"error": f"the server failed on this request ({type(exc).__name__}: {exc})",
                             "status": 500}
        out.write(json.dumps(reply) + "\n")
        out.flush()
