"""CPU time per decision of seeded default-bot games, two source trees
interleaved (the machine is shared: runs of A and B alternate, and the
median of each is compared): `python bench/decision_cpu.py A B`.

A and B are git revisions of this repository (or `.` for the working
tree); each is exported to a temporary folder and imported from there as
`waybill`. One run plays `--games` seeded games of `--pack` with the pack's
default bot at every seat (legal_actions, the bot's choice, apply) and
prints the process time per decision in µs.

    python bench/decision_cpu.py 4d89a9c . --rounds 7
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

RUN = r"""
import random, sys, time
from waybill import Game, load_pack, make_bot
pack, players, games, cap = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rules = load_pack(pack)
decisions, cpu = 0, 0.0
for seed in range(games):
    g = Game.new(rules, players=players, seed=seed)
    bots = [make_bot("default", rules) for _ in range(players)]
    rng = random.Random(seed)
    t = time.process_time()
    n = 0
    while not g.over and n < cap:
        legal = g.legal_actions()
        who = legal[0]["player"]
        g.apply(bots[who].choose(g, legal, rng))
        n += 1
    cpu += time.process_time() - t
    decisions += n
print(cpu / decisions * 1e6, decisions)
"""


def tree(rev: str, into: Path) -> Path:
    """A folder holding the package `waybill` as revision ``rev`` has it
    (``.``: the working tree), laid out as pyproject.toml's package-dir says."""
    src = ROOT
    if rev != ".":
        src = into / "src"
        src.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
    pkg = into / "waybill"
    pkg.mkdir()
    for entry in (src / "cli").iterdir():
        (pkg / entry.name).symlink_to(entry)
    for sub in ("dsl", "compiler", "runtime", "spec", "content", "bots"):
        (pkg / sub).symlink_to(src / sub)
    return into


def run(path: Path, args: argparse.Namespace) -> tuple[float, int]:
    env = {**os.environ, "PYTHONPATH": str(path)}
    out = subprocess.run([sys.executable, "-c", RUN, args.pack, str(args.players), str(args.games), str(args.cap)],
                         env=env, check=False, capture_output=True, text=True, timeout=900, cwd=str(path))
    if out.returncode:
        raise SystemExit(f"the run under {path} failed:\n{out.stderr}")
    us, n = out.stdout.split()
    return float(us), int(n)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--pack", default="weds")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--cap", type=int, default=400, help="decisions per game at most")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for rev in (args.a, args.b):
            into = Path(tmp) / ("worktree" if rev == "." else rev.replace("/", "_"))
            into.mkdir()
            paths[rev] = tree(rev, into)
        got: dict[str, list[float]] = {args.a: [], args.b: []}
        counts = {}
        for r in range(args.rounds):
            for rev in ((args.a, args.b) if r % 2 == 0 else (args.b, args.a)):
                us, n = run(paths[rev], args)
                got[rev].append(us)
                counts[rev] = n
                print(f"round {r} {rev}: {us:.1f} µs/decision ({n} decisions)", flush=True)
    for rev in (args.a, args.b):
        print(f"{rev}: median {statistics.median(got[rev]):.1f} µs CPU per decision over {counts[rev]} decisions, "
              f"runs {', '.join(f'{x:.0f}' for x in got[rev])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
