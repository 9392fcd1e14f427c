"""How long `waybill check` takes on a catalogue of unknown messages, by size.

    python bench/catalogue_bench.py                  # 1 MB, 3.3 MB, 10 MB
    python bench/catalogue_bench.py --mb 1 3.3 --json

Each run copies the dice_race test pack to a temporary folder, writes
`locales/xx.ftl` of N messages the pack does not have (each `unknown-msg-<i> =
...`, about 110 bytes: every one is an E802, the worst case, as each
diagnostic is placed at its line and given suggestions), and times
`check_paths` on it in this process (check cache off). Time per MB should
stay flat as the size grows: the check is linear in the catalogue. The size
limit of a catalogue (5 MB, E106) is lifted for the run, so that 10 MB is
checked rather than refused.

Figures (2 shared cores, load from other jobs; seconds of wall clock):

    before (`_pos` counted the newlines from the file's start for every
    diagnostic: quadratic; and every E802 sorted and ran difflib against every
    id of the pack):
        1.0 MB   10 539 messages   11.0 s   11.0 s/MB
        3.3 MB   34 250 messages   99.2 s   30.1 s/MB   (issue #27 measured 14.7 s and 115 s)
        10  MB   not run (about 15 min at that rate)
    after (the line starts found once per file, then a bisection per
    diagnostic; "did you mean" for the first MAX_SUGGESTED unknown ids of a
    file only):
        1.0 MB   10 539 messages    2.5 s    2.5 s/MB
        3.3 MB   34 250 messages    6.9 s    2.1 s/MB
        10  MB  103 255 messages   16.3 s    1.6 s/MB
    `waybill check` of the 3.3 MB pack from the shell, drawing the first 25
    diagnostics and counting the rest: 4.8 s, 126 MB peak.

Timings are measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINE = "unknown-msg-{i} = Some words a translator wrote for a message the pack never had, number {i}\n"


def catalogue_of(mb: float) -> str:
    out, size, i = [], 0, 0
    while size < mb * 1_000_000:
        line = LINE.format(i=i)
        out.append(line)
        size += len(line)
        i += 1
    return "".join(out)


def time_check(mb: float) -> dict:
    from waybill import check_paths
    from waybill.spec import ftl
    # a catalogue over MAX_CATALOGUE_BYTES (5 MB) is refused at once (E106):
    # lifted here so that the check of a 10 MB one is measured
    ftl.MAX_CATALOGUE_BYTES = max(ftl.MAX_CATALOGUE_BYTES, int(mb * 1_000_000) + 1_000_000)
    with tempfile.TemporaryDirectory() as tmp:
        pack = Path(tmp) / "dice_race"
        shutil.copytree(ROOT / "tests" / "packs" / "dice_race", pack)
        text = catalogue_of(mb)
        (pack / "locales" / "xx.ftl").write_text(text, encoding="utf-8")
        start = time.perf_counter()
        report = check_paths([str(pack)])
        seconds = time.perf_counter() - start
    codes: dict[str, int] = {}
    for d in report.diagnostics:
        codes[d.code] = codes.get(d.code, 0) + 1
    return {"mb": round(len(text.encode()) / 1e6, 2), "messages": text.count("\n"), "seconds": round(seconds, 2),
            "s_per_mb": round(seconds / (len(text.encode()) / 1e6), 2), "codes": codes}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, nargs="+", default=[1.0, 3.3, 10.0])
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    os.environ["WAYBILL_NO_CACHE"] = "1"
    rows = [time_check(mb) for mb in args.mb]
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    for r in rows:
        print(f"{r['mb']:>6} MB  {r['messages']:>7} messages  {r['seconds']:>8} s  {r['s_per_mb']:>6} s/MB  {r['codes']}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
