"""`waybill bench` pieces that are cheap enough to run in the tests (no timings asserted).

Issue 28, item 5: "`waybill bench` reports CPU time (process time) beside
wall time for every figure" — the figures' names and both clocks are checked
here, never how fast anything is."""

from __future__ import annotations

import json
import subprocess
import sys

from click.testing import CliRunner

from waybill import Game
from waybill import benchmarks
from waybill.cli import main
from waybill.clocks import Figures, Took, median, took
from waybill.overhead import bench_rules, deliver_by_hand, overhead_ratio

# figures no clock gives (names, sizes): the only keys without a CPU twin
PLAIN = {"pack", "players", "engine", "state_bytes", "state_lean_bytes", "state_end_bytes", "log_end_entries"}


def test_the_hand_written_delivery_does_what_the_rule_does():
    start = Game.new(bench_rules(), players=1, seed=3)
    through, by_hand = start.clone(), start.clone()
    through.apply(through.legal_actions()[0])
    deliver_by_hand(by_hand)
    assert through.state.zones == by_hand.state.zones
    assert through.state.counters == by_hand.state.counters
    assert through.state.counters != start.state.counters, "the delivery paid something"


def test_overhead_ratio_reports_both_sides_by_both_clocks():
    data = overhead_ratio(repeats=1, batch=5)
    for figures in (data.wall, data.cpu):
        assert set(figures) == {"rule_runtime_us", "rule_by_hand_us", "overhead_ratio"}
        assert figures["rule_runtime_us"] > 0 and figures["rule_by_hand_us"] > 0


def test_overhead_ratio_of_each_engine():
    for engine in ("compiled", "interpreter"):
        data = overhead_ratio(repeats=1, batch=3, engine=engine)
        assert data.wall["overhead_ratio"] > 0 and data.cpu["overhead_ratio"] > 0


def _burn_child(seconds: float) -> None:
    """A child process that spends ``seconds`` of its own CPU (however long that takes)."""
    code = ("import time\nt = time.process_time()\n"
            f"while time.process_time() - t < {seconds}:\n    pass\n")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


def test_cpu_time_counts_the_child_processes_waited_for():
    # `check_ms` times a `waybill check` process: its CPU is the child's
    t = took(lambda: _burn_child(0.3))
    assert t.cpu >= 0.3
    assert t.wall >= 0.3


def test_cpu_time_is_not_the_wall_clock():
    """A process that sleeps takes wall time and next to no CPU."""
    t = took(lambda: subprocess.run([sys.executable, "-c", "import time; time.sleep(1.5)"], check=True, timeout=120))
    assert t.wall >= 1.5
    assert t.cpu < 1.0       # (Python's start-up, not the sleep)


def test_figures_keep_each_clock_under_the_same_name():
    f = Figures()
    f.put("clone_us", Took(wall=4e-6, cpu=2e-6), 1e6)
    f.rate("steps_per_s", 1000, Took(wall=0.5, cpu=0.25))
    f.ratio("overhead_ratio", Took(wall=30.0, cpu=20.0), Took(wall=5.0, cpu=4.0))
    other = Figures()
    other.put("rule_runtime_us", Took(wall=3e-5, cpu=2e-5), 1e6)
    other.put("rule_by_hand_us", Took(wall=3e-6, cpu=2e-6), 1e6)
    f.merge(other, "_interpreter", skip=("rule_by_hand_us",))
    assert f.data({"pack": "weds"}) == {
        "pack": "weds", "clone_us": 4.0, "steps_per_s": 2000.0, "overhead_ratio": 6.0, "rule_runtime_us_interpreter": 30.0,
        "cpu": {"clone_us": 2.0, "steps_per_s": 4000.0, "overhead_ratio": 5.0, "rule_runtime_us_interpreter": 20.0}}


def test_median_is_each_clocks_own():
    runs = [Took(1.0, 9.0), Took(3.0, 1.0), Took(2.0, 2.0)]
    assert median(runs) == Took(2.0, 2.0)
    assert median([Took(1.0, 5.0), Took(9.0, 3.0), Took(5.0, 4.0)]) == Took(5.0, 4.0)


def test_bench_json_gives_every_timed_figure_by_both_clocks():
    data = benchmarks.run("weds", 2, repeats=1, games=1)
    cpu = data.pop("cpu")
    timed = set(data) - PLAIN
    assert set(cpu) == timed
    for name in ("steps_per_s", "games_per_s", "overhead_ratio", "check_ms", "clone_us", "view_us"):
        assert name in timed
    assert all(type(v) in (int, float) and v > 0 for v in cpu.values())
    assert data["pack"] == "weds" and data["players"] == 2 and data["state_bytes"] > 0


def test_bench_table_shows_the_cpu_column(monkeypatch):
    monkeypatch.setattr(benchmarks, "run", lambda pack, players, quick: {
        "pack": pack, "steps_per_s": 123.5, "cpu": {"steps_per_s": 456.5}})
    out = CliRunner().invoke(main, ["bench", "--quick"], catch_exceptions=False, terminal_width=200).output
    line = next(x for x in out.splitlines() if "steps_per_s" in x)
    assert line.index("123.5") < line.index("456.5")
    assert "CPU" in out
    got = json.loads(CliRunner().invoke(main, ["bench", "--json"], catch_exceptions=False).output)
    assert got == {"pack": "weds", "steps_per_s": 123.5, "cpu": {"steps_per_s": 456.5}}
