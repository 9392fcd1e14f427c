"""Bot games in bulk: `waybill sim`.

With `check_replay`, a game also goes on from a saved-and-loaded copy of
itself at random steps, and at the end is rebuilt from seed + actions; the
two must match byte for byte.

Each game gets its own seed (`seed + i`) and its own bot random stream, so a
run is reproducible game by game. A game stopped by the safety cap on rounds
(or on actions) is counted, but not as finished.

Where games run is the caller's choice and never changes a result: in this
process (``jobs`` 1), in worker processes (``jobs`` > 1; never more than
the games, nor than the CPUs: ``worker_count``), or on a Dask
cluster (``scheduler="dask"`` for a local one, ``"tcp://host:8786"`` for an
existing one). Records always come back in seed order.

Each record also keeps what the report of `waybill balance` needs beyond the
summary: what each seat got and held at the end (``holdings``, by the pack's
`balance` block; see ``waybill.balance.gather``).

Bots: `bot` is one name for every seat, or a comma list, one per seat
(`search,random`). A list rotates with the seed (the game of seed `s` gives
seat `i` the bot at `(i + s) % players`), so over as many games as seats
every bot sits in every seat and seat advantage cancels. `default` is the
bot the pack names (`bot ...` in its content). The summary says which bot
actually played (`lineup`), and counts wins per bot and per seat.
"""

from __future__ import annotations

import json
import os
import random
import statistics
from collections import Counter
from typing import Any
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Callable

from waybill.balance.gather import holdings
from waybill.bots import resolve
from waybill.api import make_bot
from waybill.api import Game, Rules, WaybillError


@dataclass
class GameRecord:
    seed: int
    finished: bool
    rounds: int
    actions: int
    winner: int | None
    error: str | None = None
    capped: str | None = None
    replay_ok: bool | None = None
    violations: list = field(default_factory=list)
    # per seat, what it got and held at the end (None: the pack declares no balance subjects)
    holdings: list | None = None
    bots: list = field(default_factory=list)     # the bot of each seat, by registered name
    # the outcome the pack declares (runtime/engine/outcome.py): every winning seat, a
    # cooperative game's result and shared score, the side of each seat, and how it ended
    winners: list = field(default_factory=list)
    won: bool | None = None
    score: Any = None
    sides: list = field(default_factory=list)
    ended: str | None = None


def lineup(bot: str | list[str], players: int, rules: Rules | None = None) -> list[str]:
    """The bots named by ``bot`` (one name, or a comma list with one per seat),
    one per seat, each as the registered name that plays (``default`` is the
    pack's own). ``ValueError`` says what is wrong."""
    names = [b.strip() for b in bot.split(",")] if isinstance(bot, str) else list(bot)
    if len(names) == 1:
        names = names * players
    elif len(names) != players:
        raise ValueError(f"{len(names)} bots for {players} seats: give one bot, or one per seat")
    return [resolve(n, rules)[0] if rules is not None else n for n in names]


def seat_bots(names: list[str], seed: int) -> list[str]:
    """The bot of each seat in the game of ``seed``: the list rotated by the seed."""
    n = len(names)
    return [names[(i + seed) % n] for i in range(n)]


@dataclass
class SimSummary:
    pack: str
    players: int
    bot: str
    variants: list[str]
    records: list[GameRecord] = field(default_factory=list)
    check_invariants: bool = False
    lineup: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        recs = self.records
        done = [r for r in recs if r.finished]
        winners: dict[str, int] = {}
        for r in done:
            if r.winner is not None:
                key = str(r.winner)
                winners[key] = winners.get(key, 0) + 1
        out = {
            "pack": self.pack,
            "variants": self.variants,
            "players": self.players,
            "bot": self.bot,
            "games": len(recs),
            "finished": len(done),
            "errors": sum(1 for r in recs if r.error),
            "capped": sum(1 for r in recs if r.capped),
            "mean_rounds": round(statistics.fmean(r.rounds for r in done), 2) if done else None,
            "mean_actions": round(statistics.fmean(r.actions for r in done), 2) if done else None,
            "winners": dict(sorted(winners.items())),
            "lineup": self.lineup,
            "rotated": len(set(self.lineup)) > 1,
            "wins_by_seat": dict(sorted(winners.items())),
            "wins_by_bot": _wins_by_bot(done, self.lineup),
            **outcome_summary(done),
            "seat_bots": [r.bots for r in recs],
            "error_samples": [{"seed": r.seed, "error": r.error} for r in recs if r.error][:5],
        }
        if self.check_invariants:
            out["invariant_violations"] = [v for r in recs for v in r.violations]
        replays = [r for r in recs if r.replay_ok is not None]
        if replays:
            out["replay_mismatches"] = [r.seed for r in replays if not r.replay_ok]
        return out


def outcome_summary(done: list[GameRecord]) -> dict:
    """What the finished games' outcomes were, as the pack declares them:
    games ended by the rules' own cap (`end_game(limit: true)`), shared
    wins and games nobody won; a cooperative game's wins and the spread of
    its shared score; wins of each side of a game with teams."""
    out: dict = {
        "outcome": "cooperative" if any(r.won is not None for r in done) else
                   "teams" if any(len(set(map(repr, r.sides))) < len(r.sides) for r in done) else "each",
        "limit_ended": sum(1 for r in done if r.ended == "limit"),
        "shared_wins": sum(1 for r in done if _sides_won(r) > 1),
        "no_winner": sum(1 for r in done if not r.winners),
    }
    if out["outcome"] == "cooperative":
        scores = [r.score for r in done if isinstance(r.score, int) and not isinstance(r.score, bool)]
        out["cooperative"] = {
            "won": sum(1 for r in done if r.won), "lost": sum(1 for r in done if r.won is False),
            "score_mean": round(statistics.fmean(scores), 2) if scores else None,
            "score_min": min(scores, default=None), "score_max": max(scores, default=None),
            "scores": {str(k): v for k, v in sorted(Counter(scores).items())},
        }
    elif out["outcome"] == "teams":
        sides: Counter = Counter()
        for r in done:
            for s in dict.fromkeys(repr(r.sides[i]) for i in r.winners):
                sides[s] += 1
        out["wins_by_side"] = dict(sorted(sides.items()))
    return out


def _sides_won(r: GameRecord) -> int:
    """How many sides won the game (more than one: a tie shared the win)."""
    return len({repr(r.sides[i]) if i < len(r.sides) else i for i in r.winners})


def _wins_by_bot(done: list[GameRecord], names: list[str]) -> dict:
    """Per bot: games finished with it at the table, wins, and win rate."""
    out: dict[str, dict] = {b: {"games": 0, "wins": 0} for b in dict.fromkeys(names)}
    for r in done:
        for b in dict.fromkeys(r.bots):
            out.setdefault(b, {"games": 0, "wins": 0})["games"] += 1
        if r.winner is not None and r.winner < len(r.bots):
            out[r.bots[r.winner]]["wins"] += 1
    for v in out.values():
        v["win_rate"] = round(v["wins"] / v["games"], 3) if v["games"] else None
    return out


def play_one(rules: Rules, players: int, seed: int, bot_name: str | list[str], pack: str,
             round_cap: int = 200, action_cap: int = 50_000, check_replay: bool = False,
             check_invariants: bool = False, think_ms: int | None = None) -> GameRecord:
    names = seat_bots(lineup(bot_name, players, rules), seed)
    bots = [make_bot(name, rules, think_ms=think_ms) for name in names]
    rng = random.Random(seed * 7919 + 17)
    hops = random.Random(seed)  # when to save and load, apart from the bots' stream
    violations: list[dict] = []
    reported: set[str] = set()

    def check(step: int) -> None:
        for iid, text in game.broken_invariants():
            if iid not in reported:  # once per invariant per game
                reported.add(iid)
                violations.append({"seed": seed, "step": step, "invariant": iid, "text": text})

    try:
        game = Game.new(rules, players=players, seed=seed)
        actions = 0
        capped = None
        if check_invariants:
            check(0)
        while not game.over:
            if game.state.round > round_cap:
                capped = f"more than {round_cap} rounds"
                break
            if actions >= action_cap:
                capped = f"more than {action_cap} actions"
                break
            legal = game.legal_actions()
            seat = legal[0]["player"]
            game.apply(bots[seat].choose(game, legal, rng))
            actions += 1
            if check_replay and hops.random() < 0.1:
                # go on from a saved copy: the replay below must still match
                game = Game.from_json(rules, json.loads(json.dumps(game.to_json())))
            if check_invariants:
                check(actions)
    except WaybillError as exc:
        return GameRecord(seed, False, 0, 0, None, error=str(exc), violations=violations, bots=names)
    record = GameRecord(seed, game.over and capped is None, game.state.round, actions, game.winner, capped=capped,
                        violations=violations, holdings=holdings(game), bots=names)
    result = game.result or {}
    record.winners = list(result.get("winners", [] if game.winner is None else [game.winner]))
    record.won, record.ended = result.get("won"), result.get("ended")
    record.score = (result.get("scores") or [None])[0] if record.won is not None else None
    record.sides = game.sides() if game.over else []
    if check_replay:
        again = Game.replay(rules, seed, game.actions(), players=players)
        record.replay_ok = json.dumps(again.to_json(), sort_keys=True) == json.dumps(game.to_json(), sort_keys=True)
    return record


def cpu_count() -> int:
    """The CPUs this process may run on (its affinity, where the system says)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def worker_count(jobs: int, games: int) -> int:
    """Worker processes for ``games`` games asked to run on ``jobs`` (0: one
    per CPU): never more than the games, nor than the CPUs (a process more
    than either only costs its start and its memory)."""
    cpus = cpu_count()
    return max(1, min(jobs or cpus, games, cpus))


def simulate(rules: Rules, pack: str, players: int, games: int, seed: int, bot: str = "default",
             variants: list[str] | None = None, round_cap: int = 200, check_replay: bool = False,
             check_invariants: bool = False, progress: Callable[[], None] | None = None,
             jobs: int = 1, scheduler: str | None = None, think_ms: int | None = None) -> SimSummary:
    """Play ``games`` games; with ``jobs`` > 1 they are shared among worker
    processes, with a ``scheduler`` ("dask" or a Dask scheduler's address)
    among a Dask cluster's workers (``jobs`` > 1: that many local workers).
    Each game depends only on its seed, so the summary is the same wherever
    the games run. ``bot``: one name or a comma list, one per seat (rotated
    game by game); ``think_ms`` caps the search bot's time per decision.
    ``jobs`` is capped by ``worker_count`` (the games, the CPUs)."""
    jobs = worker_count(jobs, games)
    summary = SimSummary(pack, players, bot, list(variants or []), check_invariants=check_invariants,
                         lineup=lineup(bot, players, rules))
    seeds = range(seed, seed + games)
    play = partial(play_one, players=players, bot_name=bot, pack=pack, round_cap=round_cap,
                   check_replay=check_replay, check_invariants=check_invariants, think_ms=think_ms)
    if scheduler:
        from waybill.balance.cluster import run_on_dask
        summary.records.extend(run_on_dask(rules.ir, play, list(seeds), scheduler, jobs, progress))
        return summary
    if jobs <= 1 or games == 1:
        records = (play(rules, seed=s) for s in seeds)
        for record in records:
            summary.records.append(record)
            if progress:
                progress()
        return summary
    # Rules hold compiled closures, so each worker builds its own from the IR.
    with ProcessPoolExecutor(max_workers=jobs, initializer=_worker_init, initargs=(rules.ir,)) as pool:
        for record in pool.map(partial(_worker_play, play), seeds, chunksize=1):
            summary.records.append(record)
            if progress:
                progress()
    return summary


_worker_rules: Rules | None = None


def _worker_init(ir: dict) -> None:
    global _worker_rules
    _worker_rules = Rules.from_ir(ir)


def _worker_play(play: Callable[..., GameRecord], seed: int) -> GameRecord:
    return play(_worker_rules, seed=seed)
