"""A small deterministic PRNG whose whole state is one int (splitmix64).

Python's ``random`` keeps a 625-word state that is neither cheap to copy nor
pleasant in JSON; splitmix64 is one 64-bit integer, passes BigCrush and is a
few integer operations per draw. All functions are pure: they take the state
and return the new state with the result.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return int(seed) & _MASK


def next64(state: int) -> tuple[int, int]:
    """Advance the state; return (new state, 64-bit output)."""
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Uniform integer in [0, n) without modulo bias (rejection sampling)."""
    if n <= 1:
        return state, 0
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, x = next64(state)
        if x < limit:
            return state, x % n


def shuffled(state: int, items: list) -> tuple[int, list]:
    """Fisher-Yates shuffle into a new list."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state, j = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return state, out
