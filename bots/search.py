"""The generic search bot: information-set MCTS over determinisations.

It plays any pack with no Python of its own. Each iteration deals a fresh
*determinisation* of the game (``Game.determinise``: a copy that agrees with
everything this seat sees, hidden pieces and the random stream resampled),
walks one shared tree of actions down it (single-observer ISMCTS: UCB1 over
the children legal in this deal, counted by how often each was available),
adds one node, plays on with a cheap default policy (uniformly random) for
at most ``rollout`` decisions, and scores the end:

- a finished game: 1 for each seat of the winning side, 0 for the others
  (a win shared by k tied sides: 1/k; a game without a winner: an equal
  share); a cooperative game: 1 for a win, else a logistic of the shared
  score, so that a team that scores more is better off (``_outcome``);
- otherwise the pack's ``score`` hint, when it declares one (an expression
  per seat, ``score { ... }``): each seat's value is a logistic of its
  lead over the best other seat, ``1 / (1 + exp(-(s_me - s_best_other) /
  scale))``;
- otherwise a draw (an equal share): without a hint only finished rollouts
  teach anything.

Decisions with one option are answered without search, and are never tree
nodes. The answer is the most visited child of the root (ties: the better
mean). Its subtree is kept (``reuse``): when the seat's next decision is one
that deals reached right after that move (same game, same decision number,
as within a turn of several choices), the search goes on from it, its visits
counting as iterations already run.

The default policy is uniformly random; with ``greedy`` (a percent) that
share of rollout decisions instead takes the move whose one-step score hint
is best for the mover (each option applied to a copy: dearer per step, but a
rollout that buys, delivers and scores like a player tells more than one
that passes at random).

Settings for hints that already value what a line leads to (WEDS): with
``backup`` 1 a node is worth its mover's best line (max^n, over the moves
open in at least half the deals) instead of the mean of its deals; with
``linear`` 1 a value is the lead divided by ``scale``, unbounded (a logistic
is flat far behind); with ``rival`` 0 a seat's own hint alone counts (and,
with ``linear``, only the searching seat's is read). In every pack, a move
that brought the true game back to a position the bot stood at before (a
free action, then pass) is not taken there again.

Budget: ``iterations`` per decision, and ``think_ms`` (0: no time limit;
counted from the start of the decision, its setup included), whichever
ends first. With ``think_ms`` 0 the bot is deterministic for a
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

from waybill.spec.errors import RuleError, WaybillError
from waybill.runtime.sight.determinise import Deals

DEFAULTS: dict[str, Any] = {
    "iterations": 200,      # per decision
    "think_ms": 300,        # per decision; 0: no time limit (deterministic)
    "rollout": 8,           # decisions played by the default policy after the tree
    "depth": 8,             # decisions (of more than one option) walked in the tree
    "explore": 70,          # UCB1 exploration constant, in hundredths
    "scale": 10,            # logistic scale of score-hint differences
    "greedy": 0,            # percent of rollout decisions taken by the best one-step score hint
    "reuse": 1,             # 1: keep the subtree of the chosen move for the seat's next decision
    "backup": 0,            # 0: a node is worth the mean of its deals; 1: its mover's best child (max^n)
    "linear": 0,            # 1: a hint is worth its lead / scale, unbounded (a won game: +100, lost: -100)
    "rival": 1,             # 1: a seat's hint counts less the best other seat's; 0: its own hint alone
}


class _HintFailed(Exception):
    """The score hint raised a RuleError: carried past the search's own
    handling of broken lines of play (not a WaybillError, on purpose)."""

    def __init__(self, error: Exception):
        super().__init__(str(error))
        self.error = error


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
        self.greedy = min(100.0, float(self.settings["greedy"])) / 100
        self.reuse = bool(self.settings["reuse"])
        self.max_backup = bool(self.settings["backup"])
        self.linear = bool(self.settings["linear"])
        self.rival = bool(self.settings["rival"])
        self.last_iterations = 0      # how many the last search ran (for benchmarks)
        self._seat = 0                # the seat searching now
        self._teams = False           # whether the game's seats play in sides (outcome.py)
        self._kept: tuple[Any, int, _Node] | None = None   # (game, seat, subtree) for the next decision
        self._loops: tuple[Any, dict[int, set]] = (None, {})    # (game, position -> moves taken there)

    def choose(self, game, legal: list[dict], rng: random.Random) -> dict:
        if len(legal) == 1:
            return legal[0]
        # the budget counts from here: finding the hidden pieces and the
        # position (a copy of the state) are part of the decision's time
        start = time.perf_counter()
        seat = legal[0]["player"]
        self._seat = seat
        # sides other than one per seat: the pack declares `teams` or `cooperative`
        self._teams = game.rules.sides is not None or game.cooperative
        r = random.Random(rng.getrandbits(64))
        n = len(game.state.players)
        root = self._reused(game, seat, legal[0]["decision"]) or _Node(n)
        hinted = game.has_bot_score()
        deals = Deals(game, seat)      # what the seat cannot see, found once for every deal
        here, taken = self._position(game)
        deadline = start + self.think_ms / 1000 if self.think_ms else None
        it = 0
        while it < self.iterations:
            # stop when one more iteration (at 1.5 times the mean so far: iterations
            # vary, and a budget is a ceiling, not an average) would pass the deadline
            now = time.perf_counter()
            if deadline is not None and it and now + 1.5 * (now - start) / it > deadline:
                break
            it += 1
            try:
                self._iterate(_seat_first(deals.deal(r), seat, r), root, r, n, hinted)
            except _HintFailed as failed:
                # the pack's own hint is broken: the designer must hear of it
                # (a game error in `sim`), not get a bot that quietly plays blind
                raise failed.error from None
            except WaybillError:
                # a broken line of play in a deal: it teaches nothing; the next deal goes on
                continue
        self.last_iterations = it
        best, best_child = legal[0], None
        better = self._better_line if self.max_backup else _better
        for a in legal:
            child = root.children.get(_key(a))
            if child is None or _key(a) in taken:
                continue
            if best_child is None or better(child, best_child, seat):
                best, best_child = a, child
        if best_child is None:     # every searched move was taken here before: the most visited anyway
            for a in legal:
                child = root.children.get(_key(a))
                if child is not None and (best_child is None or better(child, best_child, seat)):
                    best, best_child = a, child
        taken.add(_key(best))
        self._kept = (game, seat, best_child) if self.reuse and best_child is not None else None
        return best

    def _position(self, game) -> tuple[int, set]:
        """The true game's position (all but counts of decisions and the log),
        and the moves this bot took when the game stood there before. A move
        that came back to the same position (a free action, then pass) is not
        taken again there: the search values such a detour as much as staying,
        and it would go round for ever."""
        if self._loops[0] is not game:
            self._loops = (game, {})
        d = game.to_json(log=False)
        pend = {k: v for k, v in (d.get("pending") or {}).items() if k != "decision"}
        here = hash(repr((d.get("zones"), d.get("counters"), d.get("props"), d.get("p_zone"), pend,
                     d.get("round"), d.get("turn"))))
        return here, self._loops[1].setdefault(here, set())

    def _reused(self, game, seat: int, decision: int) -> "_Node | None":
        """The subtree kept from this seat's last choice, when the decision now
        pending is the one that followed that choice in the tree (same game,
        same seat, the decision number some deal reached right after it):
        its statistics count as iterations already run."""
        kept, self._kept = self._kept, None
        if kept is None or kept[0] is not game or kept[1] != seat:
            return None
        node = kept[2]
        return node if (seat, decision) in node.next_decision else None

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
            node.actor = player
            if node is not root:
                node.next_decision.add((player, acts[0]["decision"]))
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
                    u = self._worth(c, player) + self.explore * math.sqrt(math.log(c.avail) / c.visits)
                    if u > best_u:
                        best_i, best_u = i, u
            depth += 1
            if untried:
                i = untried[r.randrange(len(untried))]
                node = kids[keys[i]] = _Node(n)
                d.apply(acts[i])
                path.append(node)
                self._note_next(d, node)
                break
            node = kids[keys[best_i]]
            d.apply(acts[best_i])
            path.append(node)
        self._rollout(d, r, n, hinted)
        values = self._evaluate(d, n, hinted)
        for nd in path:
            nd.visits += 1
            t = nd.total
            for j in range(n):
                t[j] += values[j]
        if self.max_backup:
            for nd in reversed(path):
                nd.best = _best_line(nd, None if self.rival else self._seat)

    @staticmethod
    def _note_next(d, node: "_Node") -> None:
        """Which decision a deal reaches after a new node's move (forced answers
        played), so that a later search can tell whether the true game did too."""
        while not d.over:
            acts = d.legal_actions()
            if len(acts) > 1:
                node.next_decision.add((acts[0]["player"], acts[0]["decision"]))
                return
            d.apply(acts[0])

    def _rollout(self, d, r: random.Random, n: int, hinted: bool) -> None:
        """The default policy: uniformly random, or (``greedy`` percent of the
        time) the move whose one-step score hint is best for the mover."""
        steps = 0
        greedy = self.greedy if hinted else 0.0
        while not d.over and steps < self.rollout:
            pending = d.pending
            count = len(pending["options"])
            if count > 1:
                steps += 1
                if greedy and r.random() < greedy:
                    d.apply(self._greedy_pick(d, d.legal_actions(), r, n))
                    continue
            # an answer by its number alone: listing the options as the seat
            # sees them (labels, handles) is a cost a random pick does not need
            d.apply({"player": pending["player"], "decision": d.decision,
                     "option": r.randrange(count) if count > 1 else 0})

    def _greedy_pick(self, d, acts: list[dict], r: random.Random, n: int) -> dict:
        me = acts[0]["player"]
        best, best_v = acts[r.randrange(len(acts))], None
        order = list(range(len(acts)))
        r.shuffle(order)   # ties go to a random move, never to the first listed
        for i in order:
            g = d.clone()
            try:
                g.apply(acts[i])
            except WaybillError:
                continue
            v = self._evaluate(g, n, True)[me]
            if best_v is None or v > best_v:
                best, best_v = acts[i], v
        return best

    def _evaluate(self, d, n: int, hinted: bool) -> list[float]:
        if d.over:
            return self._outcome(d, n)
        if hinted:
            try:
                # own hints alone (rival 0): only the searching seat's is read; the
                # others' lines are then averaged, not chosen (_best_line)
                s = ([float(d.bot_score(j)) for j in range(n)] if self.rival or not self.linear else
                     [float(d.bot_score(j)) if j == self._seat else 0.0 for j in range(n)])
            except RuleError as exc:
                raise _HintFailed(exc) from None
            except (WaybillError, TypeError, ValueError):
                return [0.0 if self.linear else 1.0 / n] * n
            out = []
            side = d.sides() if self._teams else None
            for j in range(n):
                # own hint alone: in a race, a line that ends before the rival's
                # turn must not look better for it (a horizon that favours stalling);
                # the rival is the best seat of another side (none in a cooperative game)
                rivals = [s[k] for k in range(n) if (k != j if side is None else side[k] != side[j])]
                lead = s[j] - (max(rivals, default=0.0) if self.rival else 0.0)
                if self.linear:
                    # far behind or far ahead, a gain still counts as much:
                    # a logistic flattens there, and the bot stops trying
                    out.append(max(-_WON, min(_WON, lead / self.scale)))
                    continue
                x = max(-60.0, min(60.0, lead / self.scale))
                out.append(1.0 / (1.0 + math.exp(-x)))
            return out
        return [0.0 if self.linear else 1.0 / n] * n


    def _outcome(self, d, n: int) -> list[float]:
        """A finished game's worth to each seat, as the pack declares its
        outcome: 1 to every seat of the winning side (a win shared by k
        tied sides: 1/k each), 0 to the others; nobody won: an equal share.
        A cooperative game: 1 when the team won, else a logistic of the
        shared score (the game's `score`), so that 25 points beat 0."""
        res = d.result or {}
        won = res.get("winners", [] if d.winner is None else [d.winner])
        if d.cooperative:
            if won:
                return [_WON if self.linear else 1.0] * n
            s = (res.get("scores") or [None])[0]
            s = float(s) if isinstance(s, (int, float)) and not isinstance(s, bool) else 0.0
            if self.linear:
                return [max(-_WON, min(_WON, s / self.scale))] * n
            x = max(-60.0, min(60.0, s / self.scale))
            return [0.99 / (1.0 + math.exp(-x))] * n
        if not won:
            return [0.0 if self.linear else 1.0 / n] * n
        side = d.sides()
        k = len({repr(side[i]) for i in won})
        if self.linear:
            return [(_WON if k == 1 else 0.0) if j in won else -_WON for j in range(n)]
        return [1.0 / k if j in won else 0.0 for j in range(n)]

    def _worth(self, c: "_Node", player: int) -> float:
        """What a child is worth to the player choosing it: the mean of the deals
        through it, or (``backup`` 1) the value of its best line of play."""
        if self.max_backup and c.best is not None:
            return c.best[player]
        return c.total[player] / c.visits

    def _better_line(self, a: "_Node", b: "_Node", seat: int) -> bool:
        """The child whose best line is better for the seat; equal, more visits."""
        va, vb = self._worth(a, seat), self._worth(b, seat)
        if va != vb:
            return va > vb
        return a.visits > b.visits


_WON = 100.0        # a finished game's worth under ``linear``, in scales of the hint
_STEP_COST = 3e-3   # what one more decision of the mover costs a line, under max^n backup


def _best_line(nd: "_Node", only: int | None = None) -> list[float]:
    """max^n backup: a node whose mover has tried moves is worth the line its
    mover likes best (each child by its own best line, among the moves open
    in at least half the deals through the node); otherwise the mean of the
    deals that reached it (always so for other seats' decisions when only
    seat ``only`` reads its hint). Many moves of a turn lead nowhere (a step back,
    a pass): a mean over them would hide the one step that gains."""
    # only moves open in most deals through here: a move that exists only in
    # some deals (a card drawn, a die rolled) is chance, not the mover's to pick
    tried = [c for c in nd.children.values() if c.visits and 2 * c.avail >= nd.visits]
    if nd.actor is None or not tried or (only is not None and nd.actor != only):
        return [x / nd.visits for x in nd.total]
    p = nd.actor
    v = list(max(((c.best if c.best is not None else [x / c.visits for x in c.total]) for c in tried),
                 key=lambda v: v[p]))
    v[p] -= _STEP_COST     # of two lines to the same end, the shorter (no free action and back again)
    return v


def _better(a: "_Node", b: "_Node", seat: int) -> bool:
    """The robust child: most visits; equal visits, the better mean for the seat."""
    if a.visits != b.visits:
        return a.visits > b.visits
    return a.total[seat] * b.visits > b.total[seat] * a.visits


class _Node:
    __slots__ = ("children", "visits", "avail", "total", "next_decision", "actor", "best")

    def __init__(self, n: int):
        self.children: dict[Any, _Node] = {}
        self.next_decision: set[tuple[int, int]] = set()   # (seat, decision number) deals reached next
        self.visits = 0
        self.avail = 1
        self.total = [0.0] * n
        self.actor: int | None = None        # the seat choosing at this node's decision (once a deal saw it)
        self.best: list[float] | None = None  # max^n value (``backup`` 1)


def _seat_first(d: Any, seat: int, r: random.Random) -> Any:
    """A deal where ``seat`` answers now: in a simultaneous decision (`choose
    each`) that lower seats have yet to answer, their answers, which the seat
    will never see before its own, are made at random first."""
    waiting = d.waiting
    while waiting and waiting[0] != seat and seat in waiting:
        acts = d.legal_actions()
        d.apply(acts[r.randrange(len(acts))])
        waiting = d.waiting
    return d


def _key(a: dict) -> Any:
    """An action as the same move in every deal: its option number and what it says."""
    return (a["option"], a.get("label"), repr(a.get("value")), repr(a.get("source")))
