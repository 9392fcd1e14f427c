"""Games on a real Dask cluster give the same records and summary as games
in this process: a seed is one game wherever it runs, gathered in seed order.

CI plays a small pack here (badlands, 2 seats); the 40-game WEDS comparison
(`waybill sim weds --games 40 --scheduler dask --json` against `--jobs 1`)
is run by hand and reported, since 80 WEDS games are too slow for CI.
"""

from __future__ import annotations

import pytest

from tests.wbkit import run_cli
from waybill import load_pack
from waybill.simulate import simulate

distributed = pytest.importorskip("dask.distributed")

GAMES = ["--players", "2", "--games", "8", "--seed", "5", "--json"]


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=40) as c:
        yield c


def test_sim_on_a_running_scheduler_prints_the_same_json_as_jobs_1(cluster):
    local = run_cli("sim", "badlands", *GAMES, "--jobs", "1")
    assert local.returncode == 0, local.stderr
    remote = run_cli("sim", "badlands", *GAMES, "--scheduler", cluster.scheduler_address)
    assert remote.returncode == 0, remote.stderr
    assert remote.stdout == local.stdout                  # byte for byte
    assert '"games": 8' in local.stdout


def test_records_from_a_local_dask_cluster_equal_those_of_one_process():
    # --scheduler dask: a LocalCluster of 2 worker processes, started and closed for the run
    rules = load_pack("badlands")
    seen: list[int] = []
    here = simulate(rules, "badlands", 2, 6, 11)
    there = simulate(rules, "badlands", 2, 6, 11, scheduler="dask", jobs=2, progress=lambda: seen.append(1))
    assert there.records == here.records
    assert [r.seed for r in there.records] == list(range(11, 17))
    assert there.to_json() == here.to_json()
    assert len(seen) == 6


def test_the_balance_report_on_dask_equals_the_local_one(cluster, tmp_path):
    args = ["balance", "badlands", "--players", "2", "--games", "4", "--seed", "2", "--json"]
    local = run_cli(*args, "-o", str(tmp_path / "a.html"))
    remote = run_cli(*args, "-o", str(tmp_path / "b.html"), "--scheduler", cluster.scheduler_address)
    assert local.returncode == 0 and remote.returncode == 0, local.stderr + remote.stderr
    assert remote.stdout == local.stdout
    assert (tmp_path / "a.html").read_bytes() == (tmp_path / "b.html").read_bytes()


def test_a_bad_scheduler_is_a_usage_error():
    res = run_cli("sim", "badlands", "--players", "2", "--games", "1", "--scheduler", "nowhere")
    assert res.returncode == 2 and "--scheduler" in res.stderr


def test_no_progress_bar_when_piped(cluster):
    # a bar is for a person at a terminal; piped output stays clean
    res = run_cli("sim", "badlands", "--players", "2", "--games", "6", "--scheduler", cluster.scheduler_address)
    assert res.returncode == 0, res.stderr
    assert "100%" not in res.stdout + res.stderr and "games ━" not in res.stdout + res.stderr
    assert "mean rounds" in res.stdout


def test_an_unreachable_scheduler_is_one_clean_line():
    from waybill.balance.cluster import SchedulerError, open_client
    with pytest.raises(SchedulerError, match="no Dask scheduler at tcp://127.0.0.1:1"):
        open_client("tcp://127.0.0.1:1", timeout=2)
