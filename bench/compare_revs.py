"""Two revisions on the same workload, interleaved: which is faster, in CPU time.

    python -P bench/compare_revs.py REV_A REV_B [WORKLOAD] [--rounds 5] [--games 3] [--pack weds]
        [--players 4] [--engine compiled|interpreter] [--json] [--callgrind]

A revision is anything ``git rev-parse`` knows (``main``, ``HEAD~2``, a commit)
or ``.``, the working tree as it is (edits not committed included). Each
revision is exported (``git archive``, nothing registered in the repository)
into a folder of its own, and every run is a fresh process that imports
``waybill`` from that folder (bench/rev_workload.py), with a compile cache of
its own (``WAYBILL_CACHE``). The runs alternate A B A B ... ``--rounds``
times, so both meet the same load, and the report gives per revision the
median CPU time (``time.process_time``) and wall time per unit of work, and
B against A: the ratio of the medians and the median of each round's pair.
CPU time is what to compare on a shared machine; wall time is shown to see
how busy it was. WORKLOAD is ``steps`` (random play, default), ``bot`` (the
default bot in every seat) or ``rule`` (the bench rule's ``apply``).

``--callgrind`` counts instructions instead (valgrind, ``PYTHONHASHSEED=0``:
the same count under any load): one run of each revision with ``--games``
and one with none, the difference being the workload's.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORKLOAD = HERE / "rev_workload.py"
SINGULAR = {"steps": "step", "games": "game", "applies": "apply"}
TIMEOUT_S = 3600        # one run; a workload that hangs is stopped, not waited on


def export(repo: Path, rev: str, into: Path) -> str:
    """The sources of ``rev`` written into ``into``; the commit it names (``.``:
    the working tree, copied as it is)."""
    if rev == ".":
        shutil.copytree(repo, into, ignore=shutil.ignore_patterns(".git", ".venv", "__pycache__", "*.egg-info"),
                        symlinks=True)
        return "working tree"
    commit = subprocess.run(["git", "-C", str(repo), "rev-parse", "--verify", f"{rev}^{{commit}}"],
                            capture_output=True, text=True, check=True, timeout=60).stdout.strip()
    into.mkdir(parents=True)
    archive = subprocess.Popen(["git", "-C", str(repo), "archive", commit], stdout=subprocess.PIPE)
    subprocess.run(["tar", "-x", "-C", str(into)], stdin=archive.stdout, check=True, timeout=600)
    archive.stdout.close()
    if archive.wait(timeout=600):
        raise SystemExit(f"git archive {commit} failed")
    return commit


def workload_cmd(sources: Path, workload: str, args: argparse.Namespace, games: int) -> list[str]:
    return [sys.executable, "-P", str(WORKLOAD), str(sources), workload, "--pack", args.pack,
            "--players", str(args.players), "--games", str(games), "--seed", str(args.seed)]


def run_once(cmd: list[str], env: dict[str, str]) -> dict:
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=TIMEOUT_S)
    if done.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def instructions(cmd: list[str], env: dict[str, str]) -> int:
    """Instructions callgrind counts for one run of ``cmd`` (start-up included)."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
                          capture_output=True, text=True, env={**env, "PYTHONHASHSEED": "0"}, timeout=TIMEOUT_S)
    found = re.findall(r"Collected : (\d+)", done.stderr)
    if done.returncode or not found:
        raise SystemExit(f"valgrind {' '.join(cmd)} failed:\n{done.stderr[-3000:]}")
    return int(found[-1])


def per_unit(run: dict, clock: str) -> float:
    """Seconds of ``clock`` per unit of work (a step, a game, an apply)."""
    return run[clock] / run["work"]


def summarise(runs_a: list[dict], runs_b: list[dict]) -> dict:
    """Medians per revision and B against A, from runs taken in pairs
    (``runs_a[i]`` and ``runs_b[i]`` one after the other). A ratio below 1:
    B takes less time per unit of work than A."""
    if not runs_a or len(runs_a) != len(runs_b):
        raise ValueError("the runs of A and B come in pairs")
    works = {r["work"] for r in runs_a + runs_b}
    out: dict = {"unit": runs_a[0]["unit"], "rounds": len(runs_a),
                 "work": {"A": runs_a[0]["work"], "B": runs_b[0]["work"]}, "same_work": len(works) == 1}
    for clock in ("cpu", "wall"):
        a = [per_unit(r, clock) for r in runs_a]
        b = [per_unit(r, clock) for r in runs_b]
        ma, mb = statistics.median(a), statistics.median(b)
        out[clock] = {"A_s_per_unit": ma, "B_s_per_unit": mb,
                      "A_units_per_s": 1 / ma, "B_units_per_s": 1 / mb,
                      "ratio_B_A": mb / ma,
                      "paired_ratio_B_A": statistics.median(y / x for x, y in zip(a, b)),
                      "spread_A": (max(a) - min(a)) / ma, "spread_B": (max(b) - min(b)) / mb}
    return out


def summarise_instructions(a: tuple[int, int], b: tuple[int, int], work: int) -> dict:
    """``a``, ``b``: (instructions with the workload, without); ``work``: its units."""
    ia, ib = a[0] - a[1], b[0] - b[1]
    return {"A_per_unit": ia / work, "B_per_unit": ib / work, "ratio_B_A": ib / ia,
            "A_start_up": a[1], "B_start_up": b[1]}


def report_text(names: dict[str, str], summary: dict) -> str:
    """The summary as lines for a terminal."""
    unit = summary.get("unit", "unit")
    lines = [f"A = {names['A']}", f"B = {names['B']}"]
    if "instructions" in summary:
        ins = summary["instructions"]
        lines.append(f"instructions per {SINGULAR.get(unit, unit)}: A {ins['A_per_unit']:,.0f}  "
                     f"B {ins['B_per_unit']:,.0f}  B/A {ins['ratio_B_A']:.3f}")
        return "\n".join(lines)
    lines.append(f"{summary['rounds']} rounds, A B interleaved; work per run: A {summary['work']['A']} {unit}, "
                 f"B {summary['work']['B']} {unit}" + ("" if summary["same_work"] else "  (NOT the same work)"))
    for clock, label in (("cpu", "CPU "), ("wall", "wall")):
        c = summary[clock]
        lines.append(f"{label} {unit}/s median: A {c['A_units_per_s']:,.2f}  B {c['B_units_per_s']:,.2f}   "
                     f"time B/A {c['ratio_B_A']:.3f} (paired {c['paired_ratio_B_A']:.3f}; "
                     f"spread A {100 * c['spread_A']:.0f} %, B {100 * c['spread_B']:.0f} %)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev_a")
    ap.add_argument("rev_b")
    ap.add_argument("workload", nargs="?", default="steps", choices=("steps", "bot", "rule"))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pack", default="weds")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--engine", choices=("compiled", "interpreter"))
    ap.add_argument("--callgrind", action="store_true", help="count instructions (valgrind) instead of timing")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--repo", default=str(HERE.parent), help="the repository (default: this checkout)")
    args = ap.parse_args(argv)
    if args.rounds < 1 or args.games < 1:
        ap.error("--rounds and --games are at least 1")
    repo = Path(args.repo)
    with tempfile.TemporaryDirectory(prefix="waybill-revs-") as tmp:
        names, sources, envs = {}, {}, {}
        for key, rev in (("A", args.rev_a), ("B", args.rev_b)):
            sources[key] = Path(tmp) / key
            names[key] = f"{rev} ({export(repo, rev, sources[key])})"
            env = {k: v for k, v in os.environ.items() if k not in ("WAYBILL_ENGINE", "WAYBILL_NO_CACHE")}
            env["WAYBILL_CACHE"] = str(Path(tmp) / f"cache-{key}")
            if args.engine:
                env["WAYBILL_ENGINE"] = args.engine
            envs[key] = env
        if args.callgrind:
            counts = {}
            for key in ("A", "B"):
                run_once(workload_cmd(sources[key], args.workload, args, 0), envs[key])    # fills the caches
                full = workload_cmd(sources[key], args.workload, args, args.games)
                counts[key] = (instructions(full, envs[key]),
                               instructions(workload_cmd(sources[key], args.workload, args, 0), envs[key]))
                work = run_once(full, {**envs[key], "PYTHONHASHSEED": "0"})
            summary = {"unit": work["unit"], "work": work["work"],
                       "instructions": summarise_instructions(counts["A"], counts["B"], work["work"])}
        else:
            for key in ("A", "B"):      # untimed: fills each revision's compile cache and .pyc files
                run_once(workload_cmd(sources[key], args.workload, args, 1), envs[key])
            runs: dict[str, list[dict]] = {"A": [], "B": []}
            for _ in range(args.rounds):
                for key in ("A", "B"):
                    runs[key].append(run_once(workload_cmd(sources[key], args.workload, args, args.games),
                                              envs[key]))
            summary = {**summarise(runs["A"], runs["B"]), "runs": runs}
    if args.json:
        print(json.dumps({"revisions": names, "workload": args.workload, **summary}, indent=1))
    else:
        print(report_text(names, summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
