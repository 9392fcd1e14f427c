"""Time and peak memory of `waybill check` on 400 KB junk files.

    python bench/recovery_bench.py             # a table
    python bench/recovery_bench.py --json      # the same figures as JSON
    python bench/recovery_bench.py --kb 100    # smaller files

Each case is a fresh process running `waybill check FILE` (parse cache off),
so the figures are what a designer waits for; peak memory is the process's
maximum resident size. The junk kinds: a one-line run of names (`x x x ...`,
each pair a declaration, so the errors are semantic), one line of random
tokens (one syntax error), many broken lines (one error per line) and a
valid declaration followed by random tokens. Measured here, never asserted
in tests.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TOKENS = ["x", "=", "{", "}", "(", ")", "1", '"s"', ":", ",", ".", "+", "if", "on", "kind", "let", "procedure"]


def junk(kind: str, size: int) -> str:
    rng = random.Random(kind)
    if kind == "names":
        return " ".join(["x"] * (size // 2)) + "\n"
    if kind == "tokens":
        out, n = [], 0
        while n < size:
            t = rng.choice(TOKENS)
            out.append(t)
            n += len(t) + 1
        return " ".join(out) + "\n"
    if kind == "lines":
        return "counter = = =\n" * (size // 14)
    if kind == "tail":
        return "kind k { n: int }\nk a { n: 1 }\n" + junk("tokens", size)
    raise ValueError(kind)


KINDS = ["names", "tokens", "lines", "tail"]


# the child reports its own peak: RUSAGE_CHILDREN would give the largest child so far
CHILD = """
import resource, sys
from waybill.cli import main
try:
    main(["check", sys.argv[1]])
finally:
    sys.stderr.write("\\npeak_kb=%d\\n" % resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def run_case(path: str) -> dict:
    """One fresh `waybill check` process: wall time, exit code, peak memory."""
    env = dict(os.environ, WAYBILL_NO_CACHE="1")
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", CHILD, path], capture_output=True, text=True, env=env)
    seconds = time.perf_counter() - start
    peak = [line for line in proc.stderr.splitlines() if line.startswith("peak_kb=")]
    out = proc.stdout
    return {"seconds": round(seconds, 2), "exit": proc.returncode,
            "peak_mb": round(int(peak[-1][8:]) / 1024, 1) if peak else None,
            "output_kb": round(len(out) / 1024, 1), "summary": out.strip().splitlines()[-1] if out.strip() else "",
            "traceback": "Traceback" in proc.stderr}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kb", type=int, default=400, help="size of each junk file in KB")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for kind in KINDS:
            path = Path(tmp) / f"{kind}.wb"
            path.write_text(junk(kind, args.kb * 1024), encoding="utf-8")
            rows.append({"kind": kind, "kb": args.kb, **run_case(str(path))})
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print(f"{'junk':8} {'KB':>5} {'s':>6} {'peak MB':>8} {'out KB':>7}  summary")
    for r in rows:
        peak = "?" if r["peak_mb"] is None else r["peak_mb"]
        print(f"{r['kind']:8} {r['kb']:>5} {r['seconds']:>6} {peak:>8} {r['output_kb']:>7}  {r['summary']}"
              + ("  TRACEBACK" if r["traceback"] else ""))


if __name__ == "__main__":
    main()
