"""Test-wide settings: the parse cache lives in a temporary folder for the run."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("WAYBILL_CACHE", tempfile.mkdtemp(prefix="waybill-cache-"))
