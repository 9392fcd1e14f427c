"""What a view in a language costs, against the plain English view (issue #24, part 7).

    python bench/view_lang_bench.py                 # weds 4 players, badlands 3, warfare 2
    python bench/view_lang_bench.py --json

The positions are 200 mid-game clones of one game played by random moves
(`waybill.benchmarks.view_positions`); each is viewed with the display, as a
frontend asks after every action: with no language (the IR's own English
words), in English from the catalogue, and in Russian. The figure is CPU time
per view (`time.process_time`, median of 5 passes): the machine is shared and
a view waits on nothing. `waybill bench` reports the same three numbers for
its pack (`view_us`, `view_en_us`, `view_ru_us` under `cpu`) and the ratios.

Figures (2 shared cores; microseconds of CPU per view):

    before (main at 0559ad3: text the rules built was kept as English and read
    back into message ids by pattern; every name formatted by Fluent each time):
        weds 4p       plain 420   en 1789   ru 1768   ru/en 0.99   ru/plain 4.21
        badlands 3p   plain 433   en 1147   ru 1211   ru/en 1.06   ru/plain 2.80
    after (text kept as data; words said once per catalogue kept by message
    and values; names of cards and zones kept per catalogue):
        weds 4p       plain 429   en  558   ru  579   ru/en 1.04   ru/plain 1.35
        badlands 3p   plain 482   en  555   ru  540   ru/en 0.97   ru/plain 1.12

Timings are measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import json

from waybill import load_pack
from waybill.benchmarks import view_langs

CASES = [("weds", 4), ("badlands", 3), ("warfare", 2)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--repeats", type=int, default=5)
    a = ap.parse_args()
    out = {f"{pack}-{n}p": view_langs(load_pack(pack), n, a.repeats).cpu for pack, n in CASES}
    if a.json:
        print(json.dumps(out, indent=1))
        return
    for case, r in out.items():
        print(f"{case:14} plain {r['view_us']:7.1f}  en {r['view_en_us']:7.1f}  ru {r['view_ru_us']:7.1f}"
              f"  ru/en {r['view_ru_en_ratio']:.2f}  ru/plain {r['view_ru_plain_ratio']:.2f}")


if __name__ == "__main__":
    main()
