"""What a bot is: something that picks one of the legal actions.

Bots only see the public API (`game.legal_actions()`, `game.view(seat)`,
`game.clone()`, ...), never the rules' internals, and their heuristics live
here, apart from the rules content.
"""

from __future__ import annotations

import random
from typing import Protocol


class Bot(Protocol):
    name: str

    def choose(self, game, legal: list[dict], rng: random.Random) -> dict:
        """One of `legal` (the current `game.legal_actions()`)."""


class RandomBot:
    """Uniformly random among legal actions: the baseline, and a fuzzer."""

    name = "random"

    def choose(self, game, legal: list[dict], rng: random.Random) -> dict:
        return legal[rng.randrange(len(legal))]
