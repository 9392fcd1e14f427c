"""Where a step's CPU goes: random play or bot games, by the engine's parts.

    python -P bench/profile_step.py [steps|bot] [--pack weds] [--players 4] [--games 2] [--json]

Three runs of the same games, each on rules compiled afresh:

1. plain: CPU per step (``time.process_time``), nothing measured inside;
2. parts: the CPU of each part of a step, timed where the call enters it
   (a clock read on the way in and out of a few entry points, so the parts
   are nearly as fast as in the plain run; the difference is reported):
   - ``show``: ``Game.legal_actions`` (the options as the seat sees them);
   - ``bot``: the bots' ``choose``;
   - ``match``: ``Game._match`` (the answer checked against the options);
   - ``snapshot``: ``State.keep`` (the rollback's copies);
   - ``listing``: ``decisions.live_actions`` and ``open_count`` (what a
     decision offers and the rules' ``actions_open``: requirement checks,
     the legality cache), wherever the rules ask;
   - ``rules``: the run loop less the listing (the generated code of the
     rules' bodies, primitives, events, the log, posting the decision);
   - ``machinery``: the rest of ``Game.apply`` (the decision's answer, the
     budget, the log's recipe, the error guard);
   - ``gc``: the garbage collector's collections (``gc.callbacks``), out of
     whichever part allocated;
   - ``other``: the loop that plays (picking, counting), ``Game.new``;
3. cProfile (timed in CPU): the functions with the most time of their own
   (cProfile charges each call a fixed cost: small functions look bigger).

Instruction counts, repeatable under any load, are bench/compare_revs.py
``--callgrind``'s.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import os
import pstats
import sys
import time
from typing import Any


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rev_workload import play_games  # noqa: E402  (the games compare_revs.py times)


def play(pack: str, players: int, games: int, bot: str, rules: Any = None) -> int:
    """The games (seeds 1 to ``games``); returns the steps taken."""
    return play_games(rules if rules is not None else fresh_rules(pack), players, games, 1, bot)


def cpu_and_gc(pack: str, players: int, games: int, bot: str) -> dict:
    """CPU per step without a profiler, and what the garbage collector took of it."""
    rules = fresh_rules(pack)       # (compiled outside the timing)
    gc.collect()                    # (what compiling left is not the games' garbage)
    spent = [0.0, 0, 0.0]   # CPU in collections, collections, start of the current one

    def timed(phase: str, info: dict) -> None:
        if phase == "start":
            spent[2] = time.process_time()
        else:
            spent[0] += time.process_time() - spent[2]
            spent[1] += 1
    gc.callbacks.append(timed)
    try:
        t = time.process_time()
        steps = play(pack, players, games, bot, rules)
        cpu = time.process_time() - t
    finally:
        gc.callbacks.remove(timed)
    return {"steps": steps, "cpu_s": cpu, "cpu_us_per_step": 1e6 * cpu / steps,
            "gc_s": spent[0], "gc_share": spent[0] / cpu, "collections": spent[1]}


def fresh_rules(pack: str) -> Any:
    """Rules compiled now (not ``load_pack``'s, kept per process): the
    generated code binds what the parts run patched in."""
    from waybill.api import Rules, compile_ir
    return Rules.from_ir(compile_ir(pack))


class Parts:
    """CPU per part: each entry point wrapped to read the clock on the way in
    and out, the time charged to the part on top of the stack."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = {}
        self.stack = ["other"]
        self.t = time.process_time()

    def _switch(self, to: str | None) -> None:
        now = time.process_time()
        top = self.stack[-1]
        self.spent[top] = self.spent.get(top, 0.0) + now - self.t
        self.t = now
        if to is None:
            self.stack.pop()
        else:
            self.stack.append(to)

    def wrap(self, fn: Any, part: str) -> Any:
        stack, switch = self.stack, self._switch

        def timed(*args: Any, **kw: Any) -> Any:
            if stack[-1] == part:       # (a listing inside a listing: the same part)
                return fn(*args, **kw)
            switch(part)
            try:
                return fn(*args, **kw)
            finally:
                switch(None)
        return timed

    def collecting(self, phase: str, info: dict) -> None:
        self._switch("gc" if phase == "start" else None)


def parts(pack: str, players: int, games: int, bot: str) -> dict:
    """CPU of each part of the steps, the entry points wrapped (see the docstring)."""
    from waybill.runtime import game as game_module
    from waybill.runtime.compiled import pygen
    from waybill.runtime.engine import decisions, interpreter, state
    p = Parts()
    patched = [(game_module.Game, "legal_actions", "show"), (game_module.Game, "apply", "machinery"),
               (game_module.Game, "_match", "match"), (state.State, "keep", "snapshot"),
               (pygen, "loop", "rules"), (interpreter, "loop", "rules"),
               (decisions, "live_actions", "listing"), (decisions, "open_count", "listing")]
    saved = [(owner, name, getattr(owner, name)) for owner, name, _ in patched]
    for owner, name, part in patched:
        setattr(owner, name, p.wrap(getattr(owner, name), part))
    import waybill
    made = waybill.make_bot

    def bot_made(*a: Any, **kw: Any) -> Any:
        b = made(*a, **kw)
        b.choose = p.wrap(b.choose, "bot")
        return b
    waybill.make_bot = bot_made     # (play_games makes its bots through it)
    try:
        rules = fresh_rules(pack)       # (after the patches: the generated code binds them)
        gc.collect()
        gc.callbacks.append(p.collecting)
        t = time.process_time()
        p.t = t
        steps = play(pack, players, games, bot, rules)
        cpu = time.process_time() - t
        p._switch("other")
        gc.callbacks.remove(p.collecting)
    finally:
        waybill.make_bot = made
        for owner, name, fn in saved:
            setattr(owner, name, fn)
    total = sum(p.spent.values())
    return {"parts_cpu_us_per_step": 1e6 * cpu / steps,
            "shares": {k: v / total for k, v in sorted(p.spent.items(), key=lambda kv: -kv[1])}}


def top_self(pack: str, players: int, games: int, bot: str, n: int = 20) -> list[dict]:
    """The functions with the most CPU of their own, under cProfile."""
    rules = fresh_rules(pack)
    prof = cProfile.Profile(time.process_time)
    prof.enable()
    play(pack, players, games, bot, rules)
    prof.disable()
    st = pstats.Stats(prof)
    total = st.total_tt     # type: ignore[attr-defined]
    rows = sorted(((tt, file, line, fn) for (file, line, fn), (_, _, tt, _, _) in st.stats.items()),  # type: ignore
                  reverse=True)[:n]
    return [{"function": f"{fn} ({'/'.join(file.split('/')[-2:])}:{line})", "share": tt / total}
            for tt, file, line, fn in rows]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("workload", nargs="?", default="steps", choices=("steps", "bot"))
    ap.add_argument("--pack", default="weds")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    bot = "random" if a.workload == "steps" else "default"
    out: dict[str, Any] = {"workload": a.workload, "pack": a.pack, "players": a.players, "games": a.games,
                           **cpu_and_gc(a.pack, a.players, a.games, bot), **parts(a.pack, a.players, a.games, bot),
                           "top_self": top_self(a.pack, a.players, a.games, bot)}
    if a.json:
        print(json.dumps(out, indent=1))
        return
    print(f"{a.workload}: {a.pack} {a.players}p, {a.games} games, {out['steps']} steps")
    print(f"CPU {out['cpu_s']:.2f} s, {out['cpu_us_per_step']:.0f} µs/step; garbage collector "
          f"{100 * out['gc_share']:.1f} % ({out['collections']} collections)")
    print(f"parts (timed at their entry points: {out['parts_cpu_us_per_step']:.0f} µs/step)")
    for k, v in out["shares"].items():
        print(f"  {k:20} {100 * v:5.1f} %")
    print("most self time (cProfile):")
    for row in out["top_self"]:
        print(f"  {100 * row['share']:5.1f} %  {row['function']}")


if __name__ == "__main__":
    main()
