"""Timing by two clocks, for the benchmarks: the wall clock and CPU time.

On a shared machine the wall clock also counts the time other jobs took;
CPU time (``time.process_time``, plus the CPU of the child processes waited
for) does not. Every figure of `waybill bench` is taken by both.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from typing import Callable

try:
    import resource
except ImportError:         # (not on Windows: child processes' CPU is then not counted)
    resource = None         # type: ignore[assignment]


def _children_cpu() -> float:
    """CPU seconds of the child processes this one has waited for."""
    if resource is None:
        return 0.0
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


@dataclass(frozen=True)
class Took:
    """How long something took: ``wall`` seconds by the clock, ``cpu``
    seconds of CPU (this process's and its waited-for children's)."""
    wall: float
    cpu: float

    def per(self, n: float) -> "Took":
        return Took(self.wall / n, self.cpu / n)


def took(fn: Callable[[], object]) -> Took:
    """One call of ``fn``, timed by both clocks."""
    c, w = time.process_time() + _children_cpu(), time.perf_counter()
    fn()
    return Took(time.perf_counter() - w, time.process_time() + _children_cpu() - c)


def median(runs: list[Took]) -> Took:
    """Each clock's median over ``runs``."""
    return Took(statistics.median(t.wall for t in runs), statistics.median(t.cpu for t in runs))


def median_took(fn: Callable[[], object], repeats: int) -> Took:
    """Each clock's median over ``repeats`` calls of ``fn``."""
    return median([took(fn) for _ in range(repeats)])


class Figures:
    """Figures by the wall clock and by CPU time, under the same names."""

    def __init__(self) -> None:
        self.wall: dict = {}
        self.cpu: dict = {}

    def put(self, name: str, t: Took, scale: float = 1.0, digits: int = 1) -> None:
        """A time (``scale`` 1e6: in µs, 1e3: in ms)."""
        self.wall[name] = round(t.wall * scale, digits)
        self.cpu[name] = round(t.cpu * scale, digits)

    def rate(self, name: str, work: float, t: Took, digits: int = 1) -> None:
        """``work`` done in ``t``, per second."""
        self.wall[name] = round(work / t.wall, digits)
        self.cpu[name] = round(work / t.cpu, digits) if t.cpu > 0 else None

    def ratio(self, name: str, top: Took, bottom: Took, digits: int = 2) -> None:
        self.wall[name] = round(top.wall / bottom.wall, digits)
        self.cpu[name] = round(top.cpu / bottom.cpu, digits) if bottom.cpu > 0 else None

    def merge(self, other: "Figures", suffix: str = "", skip: tuple[str, ...] = ()) -> None:
        for name in other.wall:
            if name not in skip:
                self.wall[name + suffix] = other.wall[name]
                self.cpu[name + suffix] = other.cpu[name]

    def data(self, plain: dict | None = None) -> dict:
        """``plain`` (figures no clock gives: sizes, names), the wall-clock
        figures, and the same by CPU time under ``"cpu"``."""
        return {**(plain or {}), **self.wall, "cpu": dict(self.cpu)}
