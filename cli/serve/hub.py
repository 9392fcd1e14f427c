"""Who watches which game over a WebSocket, and what each socket is sent.

An **audience** is everyone who sees one view of a game: one seat, or the
spectators. When a game changes, one task of that game builds, for each
audience that has a socket, the new state once and the `delta` messages
from its last one once (wire.py), as JSON text, and queues that same text
on every socket of the audience. So the work of a change grows with the
number of audiences, never with the number of watchers: what grows with
them is only the sending.

A socket that still has messages queued when the next change comes fell
behind: its queue is dropped, and when it can take messages again it is
sent the whole state (with the log from where its own log ends) instead.
A socket that just opened is sent a whole state too. Whole states are built
from the audience's last state, once per audience, version and log index,
and shared the same way. Building runs in worker threads; the queues and
the audiences are only touched on the event loop.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter, deque
from typing import Any

from anyio import to_thread

from . import wire
from .store import Store, Table

log = logging.getLogger("waybill.serve")


class Watcher:
    """One open WebSocket: its audience, what it will have once its queue is sent."""

    def __init__(self, seat: Any, log_from: int):
        self.seat = seat
        self.version: int | None = None    # the version the client has once its queue is sent
        self.log_end = log_from            # where its log ends once its queue is sent (negative: from the end)
        self.queue: deque[tuple[str, int]] = deque()    # (message, where its log ends after it)
        self.whole = True                  # it needs a whole state (it just came, or fell behind)
        self.ready = asyncio.Event()

    def take(self) -> str | None:
        """The next message to send, if any; its log end is the client's from now on."""
        if not self.queue:
            return None
        text, self.log_end = self.queue.popleft()
        return text


class Audience:
    """The last state one audience was built, without its log, and what it was sent."""

    def __init__(self) -> None:
        self.core: dict | None = None      # wire.core of the last state built
        self.version = 0
        self.log_end = 0                   # where the log ended at that state
        self.wholes: dict[int, list[tuple[str, int]]] = {}     # whole states of this version, by log index


class Channel:
    """The watchers of one game, its audiences, and the task that builds their messages."""

    def __init__(self, table: Table):
        self.table = table
        self.watchers: set[Watcher] = set()
        self.audiences: dict[Any, Audience] = {}
        self.dirty = asyncio.Event()
        self.poked = False                 # a change told to the loop and not taken yet (set from threads)
        self.task: asyncio.Future | None = None


class Hub:
    """The channels of the games watched; the store calls `changed` (from a worker thread).
    `built` counts what was built, by (game, audience, version, "delta" | "whole"),
    while the game is watched (what tests and benches count)."""

    def __init__(self, store: Store):
        self.store = store
        self.loop: asyncio.AbstractEventLoop | None = None
        self.channels: dict[str, Channel] = {}
        self.built: Counter = Counter()

    def changed(self, table: Table) -> None:
        channel = self.channels.get(table.id)
        if channel is None or channel.poked or self.loop is None:
            return
        channel.poked = True                # one wake-up for any number of changes before it is taken
        self.loop.call_soon_threadsafe(channel.dirty.set)

    def join(self, table: Table, seat: Any, log_from: int) -> Watcher:
        self.loop = asyncio.get_running_loop()
        channel = self.channels.get(table.id)
        if channel is None:
            channel = self.channels[table.id] = Channel(table)
            channel.task = asyncio.ensure_future(self.broadcast(channel))
        watcher = Watcher(seat, log_from)
        channel.watchers.add(watcher)
        if seat in channel.audiences:
            watcher.ready.set()            # its first state: from its audience's last one
        else:
            channel.dirty.set()            # a new audience: built with the next round
        return watcher

    def leave(self, table: Table, watcher: Watcher) -> None:
        channel = self.channels.get(table.id)
        if channel is None:
            return
        channel.watchers.discard(watcher)
        if not any(w.seat == watcher.seat for w in channel.watchers):
            channel.audiences.pop(watcher.seat, None)
        if not channel.watchers:
            del self.channels[table.id]
            if channel.task is not None:
                channel.task.cancel()
            for key in [k for k in list(self.built) if k[0] == table.id]:     # (the counts of a game watched no more)
                self.built.pop(key, None)

    # --- a change: one state and one delta an audience ----------------------------------

    async def broadcast(self, channel: Channel) -> None:
        while True:
            await channel.dirty.wait()
            channel.dirty.clear()
            channel.poked = False
            seats = {w.seat for w in channel.watchers}
            if not seats:
                continue
            old = {s: channel.audiences.get(s) for s in seats}
            since = {s: (a.log_end if a is not None else None) for s, a in old.items()}
            try:
                built = await to_thread.run_sync(self._build, channel.table, old, since)
            except asyncio.CancelledError:
                raise
            except Exception:                # a fault of the game's rules: logged, the watchers keep waiting
                log.exception("game %s: its states could not be built for its watchers", channel.table.id)
                continue
            for seat, (state, texts) in built.items():
                self._offer(channel, seat, state, texts)

    def _build(self, table: Table, old: dict[Any, Audience | None], since: dict[Any, int | None]) -> dict:
        """(worker thread) Each audience's new state and its delta messages as text
        (None: a new audience, or nothing it sees changed)."""
        states = self.store.states_of(table, since)
        out = {}
        for seat, state in states.items():
            a = old[seat]
            texts = None
            if a is not None and a.core is not None:
                msgs = wire.delta(a.core, a.version, state)
                if msgs is not None:
                    texts = wire.with_log_ends(msgs, a.log_end)
                    self.built[(table.id, seat, state["version"], "delta")] += 1
            out[seat] = (state, texts)
        return out

    def _offer(self, channel: Channel, seat: Any, state: dict, texts: list | None) -> None:
        """(event loop) The audience moves to `state`; its sockets get `texts`, the same
        strings for all, or a whole state later if they were behind."""
        a = channel.audiences.get(seat)
        if a is None:
            if not any(w.seat == seat for w in channel.watchers):
                return                     # its last socket left meanwhile
            a = channel.audiences[seat] = Audience()
        elif a.core is not None and texts is None:
            return                         # nothing it sees changed: it stays at its version
        before = a.version if a.core is not None else None
        a.core, a.version, a.log_end, a.wholes = wire.core(state), state["version"], state["view"]["log_end"], {}
        for w in channel.watchers:
            if w.seat != seat:
                continue
            if w.whole:
                pass                       # it will take the whole state of this version
            elif w.version != before or w.queue:
                w.whole = True             # it fell behind: its queue goes, a whole state comes instead
                w.queue.clear()
            elif texts is not None:
                w.queue.extend(texts)
                w.version = a.version
            w.ready.set()

    # --- a whole state: for a socket that just came or fell behind ----------------------

    async def whole(self, table: Table, w: Watcher) -> bool:
        """Queue the whole state for `w` (its audience's last, with its log from where
        the socket's ends); False if its audience has no state yet (the broadcast builds it)."""
        channel = self.channels.get(table.id)
        a = channel.audiences.get(w.seat) if channel is not None else None
        if a is None or a.core is None:
            return False
        start = w.log_end if w.log_end >= 0 else max(0, a.log_end + w.log_end)
        texts = a.wholes.get(start)
        if texts is None:
            version, core, end = a.version, a.core, a.log_end
            texts = await to_thread.run_sync(self._whole, table, w.seat, version, core, start, end)
            if a.version != version or channel.audiences.get(w.seat) is not a:
                return True                # it moved on meanwhile: the next round builds anew
            a.wholes[start] = texts
        w.queue = deque(texts)
        w.version = a.version
        w.whole = False
        return True

    def _whole(self, table: Table, seat: Any, version: int, core: dict, start: int, end: int) -> list:
        """(worker thread) The whole state of `version` with the log from `start`, as messages."""
        log_from, entries = self.store.log_of(table, seat, start, end)
        view = {**core["view"], "log_from": log_from, "log": entries}
        first, rest = wire.bounded({**core, "version": version, "view": view}, "state")
        self.built[(table.id, seat, version, "whole")] += 1
        return wire.with_log_ends([first, *rest], start)
