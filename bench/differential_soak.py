"""The long version of the two-engine differential test (outside CI): random
legal games of every shipped pack (and WEDS with all its variants) and the
test packs, played under the compiled engine and the reference interpreter
side by side, compared byte for byte after every action.

    python bench/differential_soak.py                      # 50 seeds, 1000 actions each
    python bench/differential_soak.py --seeds 200 --steps 3000
    python bench/differential_soak.py --pack weds --players 4

tests/runtime/test_engines_differential.py plays a few seeds of 150 actions
with the same comparison; this runs as many as you give it time for and
prints each game that differs (pack, players, seed, action index and what
differed), then a summary line. Exits 1 when any game differed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from waybill import Game, RuleError, Rules, compile_pack

ROOT = Path(__file__).resolve().parents[1]
ALL_VARIANTS = ["risky-smuggling", "brutal-competition", "raider-warping", "no-event-deck", "perfect-information"]
GAMES = [
    ("weds", [], 4), ("weds", [], 2), ("weds", ALL_VARIANTS, 3),
    ("badlands", [], 3), ("warfare", [], 2),
    (str(ROOT / "tests/packs/dice_race"), [], 2), (str(ROOT / "tests/packs/dice_sprint"), [], 2),
    (str(ROOT / "tests/packs/turnabout"), [], 2),
]


def _dump(g: Game) -> str:
    return json.dumps(g.to_json())


def play_both(ir: dict, players: int, seed: int, steps: int) -> str | None:
    """None when both engines play the same game; else what differed first."""
    fast, ref = Rules.from_ir(ir, engine="compiled"), Rules.from_ir(ir, engine="interpreter")
    a, b = Game.new(fast, players=players, seed=seed), Game.new(ref, players=players, seed=seed)
    if _dump(a) != _dump(b):
        return "the games differ after setup"
    rng = random.Random(seed)
    for i in range(steps):
        if a.over or b.over:
            if a.over != b.over:
                return f"action {i}: one game is over, the other is not"
            break
        legal = a.legal_actions()
        if legal != b.legal_actions():
            return f"action {i}: different legal actions"
        action = rng.choice(legal)
        said = []
        for g in (a, b):
            try:
                g.apply(action)
                said.append(None)
            except RuleError as e:
                said.append(str(e))
        if said[0] != said[1]:
            return f"action {i}: errors differ: {said[0]!r} / {said[1]!r}"
        if _dump(a) != _dump(b):
            return f"action {i} ({action.get('label')!r}): the saves differ"
        if said[0] is not None:
            return None                       # the same error under both: the game stops here
    if fast.deopts:
        return f"the compiled engine handed {fast.deopts} action(s) back to the interpreter"
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=50)
    ap.add_argument("--steps", type=int, default=1000)
    ap.add_argument("--pack", help="only this pack (a shipped name or a folder)")
    ap.add_argument("--players", type=int, help="only games of this many players")
    args = ap.parse_args()
    games = [g for g in GAMES if (args.pack is None or g[0] == args.pack)
             and (args.players is None or g[2] == args.players)]
    if args.pack is not None and not games:
        games = [(args.pack, [], args.players or 2)]
    played = failed = 0
    start = time.perf_counter()
    for pack, variants, players in games:
        result = compile_pack(pack, variants)
        if result.ir is None:
            print(result.report.render(), file=sys.stderr)
            return 2
        for seed in range(args.seeds):
            problem = play_both(result.ir, players, seed, args.steps)
            played += 1
            if problem:
                failed += 1
                print(f"DIFFER {pack} {'+'.join(variants) or '-'} {players}p seed {seed}: {problem}", flush=True)
        print(f"{pack} {'+'.join(variants) or '-'} {players}p: {args.seeds} games", flush=True)
    print(f"{played} games, {failed} differed, {time.perf_counter() - start:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
