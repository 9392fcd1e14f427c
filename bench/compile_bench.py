"""How long checking and compiling the shipped content takes.

    python bench/compile_bench.py            # a table
    python bench/compile_bench.py --json     # the same figures as JSON
    python bench/compile_bench.py --repeat 9 --cold-repeat 5

Cold: a fresh process running `waybill check` over every shipped pack (what a
designer waits for at the command line), with the parse cache off and with a
warm parse cache. Warm: in one process, `check_paths([])` and `compile_pack`
of each pack, repeated; every figure is a median, in milliseconds.
Timings are measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return round(statistics.median(times), 1)


def _cli() -> list[str]:
    script = Path(sys.executable).with_name("waybill")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-P", "-c", "import sys; from waybill.cli import main; sys.argv[0] = 'waybill'; main()"]


def cold(repeat: int, cache_dir: str | None) -> dict:
    """`waybill check` in a fresh process; cache_dir None turns the parse cache off."""
    env = dict(os.environ)
    if cache_dir is None:
        env["WAYBILL_NO_CACHE"] = "1"
    else:
        env.pop("WAYBILL_NO_CACHE", None)
        env["WAYBILL_CACHE"] = cache_dir
        subprocess.run(_cli() + ["check"], env=env, capture_output=True, check=False)  # fill it
    codes = set()

    def run():
        proc = subprocess.run(_cli() + ["check"], env=env, capture_output=True, text=True, check=False)
        codes.add(proc.returncode)

    ms = _median_ms(run, repeat)
    startup = _median_ms(lambda: subprocess.run(_cli() + ["--help"], env=env, capture_output=True, check=False),
                         repeat)
    return {"check_ms": ms, "cli_startup_ms": startup, "exit_codes": sorted(codes)}


def warm(repeat: int, use_cache: bool) -> dict:
    from waybill.compiler import shipped_packs
    from waybill import check_paths, compile_pack
    if use_cache:
        os.environ.pop("WAYBILL_NO_CACHE", None)
    else:
        os.environ["WAYBILL_NO_CACHE"] = "1"
    check_paths([])  # imports, parser tables, and (with the cache on) a filled cache
    out = {"check_all_ms": _median_ms(lambda: check_paths([]), repeat), "compile_ms": {}}
    for name in shipped_packs():
        out["compile_ms"][name] = _median_ms(lambda: compile_pack(name), repeat)
    return out


def parse_only(repeat: int) -> dict:
    """Parsing alone, every shipped file (no cache): the Lark share of the time."""
    from waybill.dsl.parser import parse_source
    files = sorted(ROOT.glob("content/**/*.wb"))
    texts = [(str(p), p.read_text(encoding="utf-8")) for p in files]
    return {"parse_all_ms": _median_ms(lambda: [parse_source(t, p) for p, t in texts], repeat)}


def content_size() -> dict:
    files = sorted(ROOT.glob("content/**/*.wb"))
    text = [p.read_text(encoding="utf-8") for p in files]
    return {"files": len(files), "lines": sum(t.count("\n") for t in text), "bytes": sum(len(t.encode()) for t in text)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", action="store_true", help="print JSON")
    ap.add_argument("--repeat", type=int, default=5, help="warm repetitions (median)")
    ap.add_argument("--cold-repeat", type=int, default=3, help="fresh-process repetitions (median)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="waybill-bench-cache-") as cache:
        figures = {
            "python": sys.version.split()[0],
            "content": content_size(),
            "cold_no_cache": cold(args.cold_repeat, None),
            "cold_with_cache": cold(args.cold_repeat, cache),
            "warm_no_cache": warm(args.repeat, use_cache=False),
        }
        os.environ["WAYBILL_CACHE"] = cache
        figures["warm_with_cache"] = warm(args.repeat, use_cache=True)
        figures["parse_only_no_cache"] = parse_only(args.repeat)
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    c = figures["content"]
    print(f"shipped content: {c['files']} files, {c['lines']} lines, {c['bytes'] // 1024} KB (Python {figures['python']})")
    print("median milliseconds")
    for key in ("cold_no_cache", "cold_with_cache"):
        f = figures[key]
        print(f"  {key:18} waybill check (fresh process) {f['check_ms']:>8}   "
              f"(startup alone {f['cli_startup_ms']}; exit {f['exit_codes']})")
    for key in ("warm_no_cache", "warm_with_cache"):
        f = figures[key]
        packs = "  ".join(f"{n} {ms}" for n, ms in f["compile_ms"].items())
        print(f"  {key:18} check_paths([]) {f['check_all_ms']:>8}   compile_pack: {packs}")
    print(f"  parse only (no cache, every content file) {figures['parse_only_no_cache']['parse_all_ms']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
