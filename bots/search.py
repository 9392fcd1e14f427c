"""The generic search bot: information-set MCTS over determinisations.

It plays any pack with no Python of its own. Each iteration deals a fresh
*determinisation* of the game (``Game.determinise``: a copy that agrees with
everything this seat sees, hidden pieces and the random stream resampled),
walks one shared tree of actions down it (single-observer ISMCTS: UCB1 over
the children legal in this deal, counted by how often each was available),
adds one node, plays on with a cheap default policy (uniformly random) for
at most ``rollout`` decisions, and scores the end:

- a finished game: 1 for the winner, 0 for the others (a game without a
  winner: an equal share);
- otherwise the pack's ``score`` hint, when it declares one (an expression
  per seat, ``score { ... }``): each seat's value is a logistic of its
  lead over the best other seat, ``1 / (1 + exp(-(s_me - s_best_other) /
  scale))``;
- otherwise a draw (an equal share): without a hint only finished rollouts
  teach anything.

Decisions with one option are answered without search, and are never tree
nodes. The answer is the most visited child of the root.

Budget: ``iterations`` per decision, and ``think_ms`` (0: no time limit),
whichever ends first. With ``think_ms`` 0 the bot is deterministic for a
given game, random stream and iteration budget (its own stream is drawn
from the one it is given).

The bot never reads the true game beyond what its seat sees: it searches
only determinisations, and reads ``legal_actions`` (the acting seat's own
options) and ``bot_score`` on them.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from waybill.runtime import WaybillError

DEFAULTS: dict[str, Any] = {
    "iterations": 200,      # per decision
    "think_ms": 300,        # per decision; 0: no time limit (deterministic)
    "rollout": 8,           # decisions played by the default policy after the tree
    "depth": 8,             # decisions (of more than one option) walked in the tree
    "explore": 70,          # UCB1 exploration constant, in hundredths
    "scale": 10,            # logistic scale of score-hint differences
}


class SearchBot:
    name = "search"

    def __init__(self, **settings: Any):
        unknown = sorted(set(settings) - set(DEFAULTS))
        if unknown:
            raise ValueError(f"unknown search setting {unknown[0]!r}; known: {', '.join(DEFAULTS)}")
        self.settings = {**DEFAULTS, **settings}
        for k, v in self.settings.items():
            if isinstance(v, bool) or not isinstance(v, (int, float)) or v < 0:
                raise ValueError(f"search setting {k!r} is a number of 0 or more, not {v!r}")
        self.iterations = max(1, int(self.settings["iterations"]))
        self.think_ms = self.settings["think_ms"]
        self.rollout = int(self.settings["rollout"])
        self.depth = int(self.settings["depth"])
        self.explore = float(self.settings["explore"]) / 100
        self.scale = float(self.settings["scale"]) or 1.0
        self.last_iterations = 0      # how many the last search ran (for benchmarks)

    def choose(self, game, legal: list[dict], rng: random.Random) -> dict:
        if len(legal) == 1:
            return legal[0]
        seat = legal[0]["player"]
        r = random.Random(rng.getrandbits(64))
        n = len(game.state.players)
        root = _Node(n)
        hinted = game.has_bot_score()
        start = time.perf_counter()
        deadline = start + self.think_ms / 1000 if self.think_ms else None
        it = 0
        while it < self.iterations:
            # stop when one more iteration (at the mean so far) would pass the deadline
            if deadline is not None and it and time.perf_counter() + (time.perf_counter() - start) / it > deadline:
                break
            it += 1
            try:
                self._iterate(game.determinise(seat, r), root, r, n, hinted)
            except WaybillError:
                # a broken line of play in a deal: it teaches nothing; the next deal goes on
                continue
        self.last_iterations = it
        best, best_visits = legal[0], -1
        for a in legal:
            child = root.children.get(_key(a))
            if child is not None and child.visits > best_visits:
                best, best_visits = a, child.visits
        return best

    def _iterate(self, d, root: "_Node", r: random.Random, n: int, hinted: bool) -> None:
        path: list[_Node] = [root]
        node = root
        depth = 0
        # selection and expansion: one new node per deal
        while not d.over and depth < self.depth:
            acts = d.legal_actions()
            if len(acts) == 1:
                d.apply(acts[0])
                continue
            player = acts[0]["player"]
            kids = node.children
            keys = [_key(a) for a in acts]
            untried = []
            best_i, best_u = -1, -1.0
            for i, k in enumerate(keys):
                c = kids.get(k)
                if c is None:
                    untried.append(i)
                    continue
                c.avail += 1
                if not untried:
                    u = c.total[player] / c.visits + self.explore * math.sqrt(math.log(c.avail) / c.visits)
                    if u > best_u:
                        best_i, best_u = i, u
            depth += 1
            if untried:
                i = untried[r.randrange(len(untried))]
                node = kids[keys[i]] = _Node(n)
                d.apply(acts[i])
                path.append(node)
                break
            node = kids[keys[best_i]]
            d.apply(acts[best_i])
            path.append(node)
        # the default policy
        steps = 0
        while not d.over and steps < self.rollout:
            acts = d.legal_actions()
            d.apply(acts[r.randrange(len(acts))] if len(acts) > 1 else acts[0])
            if len(acts) > 1:
                steps += 1
        values = self._evaluate(d, n, hinted)
        for nd in path:
            nd.visits += 1
            t = nd.total
            for j in range(n):
                t[j] += values[j]

    def _evaluate(self, d, n: int, hinted: bool) -> list[float]:
        if d.over:
            w = d.winner
            if w is None:
                return [1.0 / n] * n
            return [1.0 if j == w else 0.0 for j in range(n)]
        if hinted:
            try:
                s = [float(d.bot_score(j)) for j in range(n)]
            except (WaybillError, TypeError, ValueError):
                return [1.0 / n] * n
            out = []
            for j in range(n):
                lead = s[j] - max((s[k] for k in range(n) if k != j), default=0.0)
                x = max(-60.0, min(60.0, lead / self.scale))
                out.append(1.0 / (1.0 + math.exp(-x)))
            return out
        return [1.0 / n] * n


class _Node:
    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self, n: int):
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = [0.0] * n


def _key(a: dict) -> Any:
    """An action as the same move in every deal: its option number and what it says."""
    return (a["option"], a.get("label"), repr(a.get("value")), repr(a.get("source")))
