"""Games on a Dask cluster: `--scheduler dask` or `--scheduler tcp://HOST:8786`.

A seed is one game wherever it runs. The rules travel as their IR (plain
JSON: compiled rules hold closures, which do not travel), scattered once to
every worker; each worker builds its rules from the IR once per process and
keeps them under the IR's digest. Records are gathered in seed order, so the
summary is byte for byte the one of ``jobs`` 1.

"dask" starts a ``LocalCluster`` of worker processes (``jobs`` of them when
more than 1, else one per CPU) for the run and closes it after; an address
connects to a running scheduler whose workers have waybill installed.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from typing import Any, Callable

from waybill.api import WaybillError

_rules_cache: dict[str, Any] = {}
_rules_lock = threading.Lock()


def _rules_for(digest: str, ir: dict) -> Any:
    with _rules_lock:
        rules = _rules_cache.get(digest)
        if rules is None:
            from waybill.api import Rules
            rules = _rules_cache[digest] = Rules.from_ir(ir)
            while len(_rules_cache) > 4:   # a long-lived worker serving many packs
                _rules_cache.pop(next(iter(_rules_cache)))
        return rules


def _play_seed(play: Callable[..., Any], digest: str, ir: dict, seed: int) -> Any:
    return play(_rules_for(digest, ir), seed=seed)


class SchedulerError(WaybillError):
    """The Dask scheduler could not be reached or started."""


def open_client(scheduler: str, jobs: int = 1, timeout: float = 30):
    """A Dask client: on a new LocalCluster for "dask", else on the scheduler at that address.
    The caller closes it (and, for "dask", its cluster: ``client.cluster``)."""
    from dask.distributed import Client, LocalCluster
    try:
        if scheduler == "dask":
            workers = jobs if jobs > 1 else (os.cpu_count() or 1)
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=":0", silence_logs=40)
            return Client(cluster)
        return Client(scheduler, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as exc:
        raise SchedulerError(f"no Dask scheduler at {scheduler}: {exc}") from None


def run_on_dask(ir: dict, play: Callable[..., Any], seeds: list[int], scheduler: str, jobs: int = 1,
                progress: Callable[[], None] | None = None) -> list:
    """Play one game per seed on the cluster; the records, in seed order."""
    from dask.distributed import as_completed
    client = open_client(scheduler, jobs)
    try:
        digest = hashlib.sha256(json.dumps(ir, sort_keys=True).encode()).hexdigest()
        [shared] = client.scatter([ir], broadcast=True, hash=False)
        futures = client.map(_play_seed, [play] * len(seeds), [digest] * len(seeds), [shared] * len(seeds),
                             seeds, pure=False)
        where = {f.key: i for i, f in enumerate(futures)}
        records: list = [None] * len(seeds)
        for fut in as_completed(futures):
            records[where[fut.key]] = fut.result()
            fut.release()
            if progress:
                progress()
        return records
    finally:
        cluster = client.cluster if scheduler == "dask" else None
        client.close()
        if cluster is not None:
            cluster.close()


__all__ = ["run_on_dask", "open_client", "SchedulerError"]
