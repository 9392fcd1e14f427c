"""Piece handles: the numbers a seat sees for pieces.

Internally a piece is its index in the layout, and the layout is the same in
every game of a pack: piece 395 is always the same card. Shown as is, an
index seen for a face-down card would name it. So what a seat sees is a
*handle*, drawn per game: the start pieces get a permutation of their
indexes, shuffled from a stream derived from the seed (never the game's own
random stream, so no game changes course) and kept in the state
(``state.handles``, handle of piece ``i`` at index ``i``), so saves and
replays show the same handles. A piece created during play is numbered past
the start pieces in creation order, which depends on play, not on the card;
its handle is its index.
"""

from __future__ import annotations

from . import rng

# Mixed into the seed so the handle stream shares no draws with the game's.
_STREAM = 0x68616E646C657321


def handles_for(seed: int, count: int) -> list[int]:
    """The handles of ``count`` start pieces in a game of ``seed``."""
    state, _ = rng.next64(rng.seed_state(seed) ^ _STREAM)
    return rng.shuffled(state, list(range(count)))[1]


def handle(handles: list[int], pid: int) -> int:
    """The handle of piece ``pid``."""
    return handles[pid] if pid < len(handles) else pid
