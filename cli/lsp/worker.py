"""Analysis off the message loop: one thread runs every job that reads the
workspace, and a job can be abandoned.

The message loop (pygls's handlers) only records what arrived and queues
jobs; this thread runs them one at a time: checking a pack and publishing
its diagnostics, answering a hover, a completion... So a request the loop
answers itself (`shutdown`) never waits behind an analysis; Python switches
threads every few milliseconds, however long the analysis.

A job is stopped

- when a newer edit supersedes it (`supersede`): at its next safe point
  (`checkpoint`, between two steps that leave nothing half done) at once,
  and by force if it is still running `SUPERSEDED_GRACE` seconds later;
- when it has used its budget of CPU time (`budget`): by force;
- when the server shuts down (`close`): by force;
- when a request is cancelled, or a waiting request should go first
  (`yields`): at its next safe point only.

By force means an `Abandoned` exception raised in this thread by the
interpreter (`PyThreadState_SetAsyncExc`) at its next bytecode, wherever
the analysis is (a parse of one huge declaration has no safe point). It is
raised at most once per job, and only while the job's own code runs, never
while this module takes a lock or settles a future (`_injectable`), so the
thread and its queue stay sound; what the analysis was building may be left
half done, which the job's `on_force` cleans up (the server drops its
per-declaration memos). A watchdog thread checks the budget and the grace
every `TICK` seconds while a job runs.
"""

from __future__ import annotations

import ctypes
import heapq
import itertools
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Callable

TICK = 0.05

REQUEST, QUICK, SLOW = 0, 1, 2  # priorities: a request, the first pass of a check, its second pass


class Abandoned(BaseException):
    """Raised inside a job to stop it (a BaseException, so that no `except
    Exception` of the analysis catches it)."""


class Stopped(Exception):
    """The result of a job that was stopped: why."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(eq=False)
class Job:
    fn: Callable[[], object]
    priority: int
    key: str | None = None  # what `supersede` names (the pack a check is for)
    yields: bool = False  # stops at a safe point when a job of higher priority waits, and goes back in the queue
    on_force: Callable[[str], None] | None = None  # run in the worker after a stop by force, with the reason
    future: Future = field(default_factory=Future)
    stop: str | None = None  # why it should stop, once asked
    stop_at: float = 0.0  # when it was asked (time.monotonic)
    force: bool = False  # the stop may be forced (else only at a safe point)
    forced: bool = False  # an Abandoned was raised, or is on its way, or the job raised it itself
    injected: bool = False  # it was raised from outside (the job may have left something half done)
    started: bool = False  # its future is running (a job that yielded keeps it so)
    cpu0: float = 0.0  # the worker's CPU time when the job started


def _raise_in(thread_id: int) -> bool:
    """Raise `Abandoned` in the thread at its next bytecode."""
    try:
        done = ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id), ctypes.py_object(Abandoned))
    except (AttributeError, OSError):  # not CPython: jobs stop at their safe points only
        return False
    return done == 1


def _settle() -> None:
    """A call, so that an `Abandoned` raised just before arrives here."""


class Worker:
    def __init__(self, budget: float, grace: float):
        self.budget = budget
        self.grace = grace
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._queue: list[tuple[int, int, Job]] = []  # heap of (priority, order, job)
        self._order = itertools.count()
        self._current: Job | None = None
        self._injectable = False
        self._closed = False
        self._local = threading.local()
        self.stops: list[str] = []  # why jobs were stopped, last few (for the tests and the log)
        self._thread = threading.Thread(target=self._run, name="waybill-analysis", daemon=True)
        self._thread.start()
        self._clock = None
        try:
            self._clock = time.pthread_getcpuclockid(self._thread.ident)
        except (AttributeError, OSError):  # no per-thread CPU clock: the budget is counted in wall time
            pass
        threading.Thread(target=self._watch, name="waybill-watchdog", daemon=True).start()

    # ---- from any thread --------------------------------------------------------------------
    def submit(self, fn: Callable[[], object], priority: int = REQUEST, key: str | None = None,
               once: bool = False, yields: bool = False,
               on_force: Callable[[str], None] | None = None) -> Job:
        """Queue `fn`; with `once`, a job of the same key and priority already
        waiting is given back instead (it will read the latest state)."""
        with self._lock:
            if once:
                for _, _, queued in self._queue:
                    if queued.key == key and queued.priority == priority and not queued.future.done():
                        return queued
            job = Job(fn, priority, key, yields, on_force)
            if self._closed:
                job.future.set_exception(Stopped("the server is shutting down"))
                return job
            heapq.heappush(self._queue, (priority, next(self._order), job))
            self._wake.notify_all()
            return job

    def supersede(self, key: str) -> None:
        """A newer edit: the running job for `key` stops (at once at a safe point, by force after the grace)."""
        with self._lock:
            job = self._current
            if job is not None and job.key == key:
                self._ask(job, "superseded by a newer edit", force=True)

    def cancel(self, job: Job) -> None:
        """A cancelled request: not run if still waiting; stopped at a safe point if running."""
        job.future.cancel()
        with self._lock:
            if self._current is job:
                self._ask(job, "cancelled", force=False)

    def close(self) -> None:
        """Shutdown: no more jobs; the waiting ones are cancelled, the running one is stopped at once."""
        with self._lock:
            self._closed = True
            queued, self._queue = self._queue, []
            job = self._current
            if job is not None:
                self._ask(job, "the server is shutting down", force=True)
                self._force(job)
            self._wake.notify_all()
        for _, _, waiting in queued:
            waiting.future.cancel()

    def join(self, timeout: float) -> bool:
        """Wait until the running job has ended; whether it did."""
        end = time.monotonic() + timeout
        with self._lock:
            while self._current is not None:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._wake.wait(left)
        return True

    @property
    def busy(self) -> bool:
        return self._current is not None

    def waiting(self, priority: int) -> int:
        """How many jobs of `priority` are queued."""
        with self._lock:
            return sum(1 for p, _, _ in self._queue if p == priority)

    # ---- in the worker --------------------------------------------------------------------------
    def checkpoint(self) -> None:
        """A safe point of the running job: stop here if asked to, or if it
        yields to a waiting job of higher priority (it is queued again)."""
        job = getattr(self._local, "job", None)
        if job is None:
            return
        with self._lock:
            if job.forced:
                stop = None
            elif job.stop is not None:
                stop = job.stop
            elif job.yields and self._queue and self._queue[0][0] < job.priority:
                stop = "yield"
            else:
                return
            if stop is not None:
                job.forced = True  # nothing will be raised from outside any more
                job.stop = stop
                self._injectable = False
        if stop is None:
            _settle()  # an Abandoned raised from outside is on its way
        raise Abandoned()

    def pause(self, seconds: float) -> None:
        """Wait up to `seconds` in the running job, less if it is asked to stop
        (or, if it yields, a job of higher priority comes): then `checkpoint`."""
        job = getattr(self._local, "job", None)
        if job is None:
            time.sleep(seconds)
            return
        end = time.monotonic() + seconds
        with self._lock:
            self._injectable = False  # nothing is raised inside the wait below
            while job.stop is None and not (job.yields and self._queue and self._queue[0][0] < job.priority):
                left = end - time.monotonic()
                if left <= 0:
                    break
                self._wake.wait(left)
            self._injectable = True
        self.checkpoint()

    def _run(self) -> None:
        while True:
            try:
                job = self._next()
                if job is None:
                    return
                self._execute(job)
            except Abandoned:  # raised just as a job ended: nothing left to stop
                continue
            except Exception:  # never: a job's faults go to its future
                continue

    def _next(self) -> Job | None:
        with self._lock:
            while not self._queue:
                if self._closed:
                    return None
                self._wake.wait()
            _, _, job = heapq.heappop(self._queue)
            return job

    def _execute(self, job: Job) -> None:
        if not job.started:
            if not job.future.set_running_or_notify_cancel():
                return
            job.started = True
        job.cpu0 = self._cpu()
        self._local.job = job
        result: object = None
        error: BaseException | None = None
        stopped = False
        try:
            try:
                with self._lock:  # nothing is raised from outside before the lock is let go
                    self._current = job
                    self._injectable = True
                    self._wake.notify_all()  # the watchdog starts counting
                result = job.fn()
            except Exception as exc:
                error = exc
            with self._lock:
                self._injectable = False
            _settle()
        except Abandoned:
            stopped = True
            with self._lock:
                self._injectable = False
        self._local.job = None
        if stopped and job.stop == "yield":
            with self._lock:
                self._current = None
                job.stop, job.forced, job.force, job.injected = None, False, False, False
                if self._closed:
                    job.future.set_exception(Stopped("the server is shutting down"))
                else:  # its future stays running; it is run again after the job it yielded to
                    heapq.heappush(self._queue, (job.priority, next(self._order), job))
                self._wake.notify_all()
            return
        reason = job.stop or "stopped"
        if stopped and job.injected and job.on_force is not None and not self._closed:
            try:
                job.on_force(reason)
            except Exception:
                pass
        with self._lock:
            self._current = None
            if stopped:
                self.stops = (self.stops + [reason])[-20:]
            self._wake.notify_all()
        if stopped:
            job.future.set_exception(Stopped(reason))
        elif error is not None:
            job.future.set_exception(error)
        else:
            job.future.set_result(result)

    # ---- the watchdog --------------------------------------------------------------------------
    def _watch(self) -> None:
        while True:
            with self._lock:
                while self._current is None:
                    if self._closed:
                        return
                    self._wake.wait()
                job = self._current
                if not job.forced and self._cpu() - job.cpu0 > self.budget:
                    self._ask(job, f"over its budget of {self.budget:g} s of CPU time", force=True)
                    self._force(job)
                elif job.stop is not None and job.force and time.monotonic() - job.stop_at > self.grace:
                    self._force(job)
                self._wake.wait(TICK)

    # ---- with the lock held ----------------------------------------------------------------------
    def _ask(self, job: Job, reason: str, force: bool) -> None:
        if job.stop is None or (force and not job.force):
            job.stop, job.stop_at = reason, time.monotonic()
        job.force = job.force or force
        self._wake.notify_all()  # a job in `pause` stops waiting

    def _force(self, job: Job) -> None:
        if self._current is job and self._injectable and not job.forced:
            job.forced = job.injected = True
            if not _raise_in(self._thread.ident):
                job.forced = job.injected = False

    def _cpu(self) -> float:
        if self._clock is not None:
            try:
                return time.clock_gettime(self._clock)
            except OSError:
                pass
        return time.monotonic()
