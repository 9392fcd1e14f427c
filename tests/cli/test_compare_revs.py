"""bench/compare_revs.py: two revisions on one workload, interleaved (issue 28,
item 5: "`bench/` can compare two revisions in one run, interleaved"). What is
checked is the reporting and that each run imports its own revision's sources;
never which is faster."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


compare = _load("compare_revs")


def _run(cpu: float, wall: float, work: int = 100) -> dict:
    return {"cpu": cpu, "wall": wall, "work": work, "unit": "steps"}


def test_summary_gives_medians_per_unit_and_b_against_a():
    a = [_run(2.0, 4.0), _run(1.0, 1.0), _run(3.0, 3.0)]
    b = [_run(1.0, 2.0), _run(0.4, 3.0), _run(1.8, 1.0)]
    s = compare.summarise(a, b)
    assert s["unit"] == "steps" and s["rounds"] == 3 and s["same_work"]
    cpu = s["cpu"]
    assert cpu["A_s_per_unit"] == pytest.approx(0.02) and cpu["B_s_per_unit"] == pytest.approx(0.01)
    assert cpu["A_units_per_s"] == pytest.approx(50) and cpu["B_units_per_s"] == pytest.approx(100)
    assert cpu["ratio_B_A"] == pytest.approx(0.5)
    # each round's pair: 0.5, 0.4, 0.6
    assert cpu["paired_ratio_B_A"] == pytest.approx(0.5)
    assert cpu["spread_A"] == pytest.approx(1.0)        # (3 - 1) / 2
    # the wall clock on its own: medians 3 and 2
    assert s["wall"]["ratio_B_A"] == pytest.approx(2 / 3)


def test_summary_says_when_the_revisions_did_not_do_the_same_work():
    s = compare.summarise([_run(1.0, 1.0, work=100)], [_run(1.0, 1.0, work=90)])
    assert not s["same_work"] and s["work"] == {"A": 100, "B": 90}
    assert s["cpu"]["B_units_per_s"] == pytest.approx(90)
    assert "NOT the same work" in compare.report_text({"A": "a", "B": "b"}, s)


def test_runs_come_in_pairs():
    with pytest.raises(ValueError):
        compare.summarise([_run(1.0, 1.0)], [])


def test_instruction_counts_take_the_start_up_off():
    s = compare.summarise_instructions((1_500, 500), (1_100, 600), work=10)
    assert s["A_per_unit"] == 100 and s["B_per_unit"] == 50 and s["ratio_B_A"] == 0.5


def test_report_text_names_both_revisions_and_both_clocks():
    s = compare.summarise([_run(2.0, 4.0)], [_run(1.0, 4.0)])
    text = compare.report_text({"A": "main (abc)", "B": ". (working tree)"}, s)
    assert "A = main (abc)" in text and "B = . (working tree)" in text
    cpu = next(x for x in text.splitlines() if x.startswith("CPU"))
    assert "B/A 0.500" in cpu
    wall = next(x for x in text.splitlines() if x.startswith("wall"))
    assert "B/A 1.000" in wall


def test_a_run_imports_waybill_from_the_folder_it_is_given(tmp_path):
    """Whatever the venv installed, the child imports the folder's ``waybill``
    (here a fake one that says so and stops)."""
    (tmp_path / "cli").mkdir()
    (tmp_path / "cli" / "__init__.py").write_text("import sys\nsys.stderr.write('fake waybill')\nsys.exit(7)\n")
    done = subprocess.run([sys.executable, "-P", str(BENCH / "rev_workload.py"), str(tmp_path), "rule", "--games", "1"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 7 and "fake waybill" in done.stderr


def test_two_copies_of_the_working_tree_compared_end_to_end(capsys):
    assert compare.main([".", ".", "rule", "--rounds", "2", "--games", "1", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["workload"] == "rule" and got["revisions"]["A"] == ". (working tree)"
    assert got["unit"] == "applies" and got["same_work"] and got["work"] == {"A": 100, "B": 100}
    assert [len(got["runs"][k]) for k in ("A", "B")] == [2, 2]
    for run in got["runs"]["A"] + got["runs"]["B"]:
        assert run["cpu"] > 0 and run["wall"] > 0
    assert got["cpu"]["ratio_B_A"] > 0 and got["wall"]["paired_ratio_B_A"] > 0
