"""The language server's bounds: what it reads from its client, what it
analyses, and how long an analysis may run (docs/EDITORS.md, "Bounds").

An editor sends text it did not check; anything can arrive on stdin. Each
bound below turns an input that would cost without limit (memory, a hang, a
message loop stuck behind an analysis) into a JSON-RPC error, a diagnostic
or an abandoned analysis.
"""

from __future__ import annotations

import os

# ---- framing (framing.py) --------------------------------------------------------------
MAX_HEADER_LINE = 1024  # bytes in one header line (an LSP header is ~25)
MAX_HEADERS = 32  # header lines before the blank line (the LSP uses one or two)
MAX_MESSAGE_BYTES = 16 * 1024 * 1024  # a message body: a larger Content-Length is refused unread
# After a frame that cannot be read (its length unknown or refused) the
# stream is searched for the next `Content-Length:`; past this many bytes
# without one, it cannot be read again and the server ends.
MAX_RESYNC_BYTES = 256 * 1024 * 1024

# ---- documents (server.py) ---------------------------------------------------------------
MAX_DOCUMENT_BYTES = 256 * 1024  # an open document larger than this is not analysed (E106)
MAX_OPEN_BYTES = 64 * 1024 * 1024  # every open document's text, counted with DOCUMENT_OVERHEAD each
DOCUMENT_OVERHEAD = 4096  # what an open document counts for beyond its text (so 10 000 empty ones count)
MAX_DIAGNOSTICS_PER_FILE = 200  # published per file; one more says how many were left out

# ---- analysis (worker.py) ----------------------------------------------------------------
MAX_WAITING_REQUESTS = 1000  # requests queued for the worker; past them, a request is answered empty at once
# CPU seconds one job (a check of a pack, a request) may use before it is
# abandoned; the largest shipped pack takes about 2 s from cold.
# `WAYBILL_LSP_BUDGET` sets another (for tests and slow machines).
DEFAULT_BUDGET = 10.0
# Wall seconds a job superseded by a newer edit may run on before it is
# stopped by force (at its next safe point it stops at once).
SUPERSEDED_GRACE = 1.0


def analysis_budget() -> float:
    """The budget in CPU seconds: `WAYBILL_LSP_BUDGET` when it is a positive number."""
    try:
        value = float(os.environ.get("WAYBILL_LSP_BUDGET", ""))
    except ValueError:
        return DEFAULT_BUDGET
    return value if 0 < value < float("inf") else DEFAULT_BUDGET
