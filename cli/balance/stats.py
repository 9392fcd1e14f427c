"""The figures of a balance report, from per-game records (plain dicts).

Every rate is a share of *finished* games (a game stopped by a cap or an
error has no winner to count) with a Wilson score interval, which stays
inside [0, 1] and behaves for small counts and rates near 0 or 1, where
the normal approximation does not.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

Z95 = 1.959963984540054   # the two-sided 95% normal quantile


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` successes in ``n`` trials."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(wins: int, n: int) -> dict:
    lo, hi = wilson(wins, n)
    return {"wins": wins, "n": n, "rate": round(wins / n, 4) if n else None, "lo": round(lo, 4), "hi": round(hi, 4)}


def analyse(records: list[dict], players: int, spec: dict | None = None, names: dict | None = None) -> dict:
    """Everything the report shows, as plain JSON."""
    names = names or {}
    done = [r for r in records if r.get("finished")]
    capped = [r for r in records if r.get("capped")]
    errors = [r for r in records if r.get("error")]
    seat_wins = Counter(s for r in done for s in won_by(r))
    out: dict[str, Any] = {
        "games": len(records),
        "finished": len(done),
        "no_winner": sum(1 for r in done if r.get("winner") is None),
        "outcome": outcome(done),
        "capped": [{"seed": r["seed"], "why": r["capped"], "rounds": r["rounds"], "actions": r["actions"]}
                   for r in capped],
        "errors": [{"seed": r["seed"], "error": r["error"]} for r in errors],
        "seats": [dict(rate(seat_wins.get(s, 0), len(done)), seat=s) for s in range(players)],
        "fair_share": round(1 / players, 4) if players else None,
        "rounds": sorted(r["rounds"] for r in done),
        "actions": sorted(r["actions"] for r in done),
        "choices": [],
        "cards": [],
    }
    for role in ("choices", "cards"):
        for subject in (spec or {}).get(role) or []:
            out[role].append(_subject(done, role, subject, names))
    return out


def won_by(r: dict) -> list[int]:
    """Every seat that won a game's record: its side (`teams`, `cooperative`)
    or the seats tied at the top; a record without `winners`, its winner."""
    if r.get("winners") or (r.get("winners") is not None and r.get("winner") is None):
        return list(r["winners"])
    return [] if r.get("winner") is None else [r["winner"]]


def _sides_won(r: dict) -> int:
    """How many sides won a game (more than one: a tie shared the win)."""
    sides = r.get("sides") or []
    return len({repr(sides[i]) if i < len(sides) else i for i in won_by(r)})


def outcome(done: list[dict]) -> dict:
    """What the pack's declared outcome gave: a cooperative game's wins and
    the spread of its shared score, shared wins, games the rules' own
    limit ended (`end_game(limit: true)`)."""
    out: dict[str, Any] = {
        "shared_wins": sum(1 for r in done if _sides_won(r) > 1),
        "limit_ended": sum(1 for r in done if r.get("ended") == "limit"),
        "cooperative": None,
    }
    coop = [r for r in done if r.get("won") is not None]
    if coop:
        scores = sorted(r["score"] for r in coop if type(r.get("score")) is int)
        out["cooperative"] = {"won": rate(sum(1 for r in coop if r["won"]), len(coop)), "scores": scores,
                              "mean": round(sum(scores) / len(scores), 2) if scores else None}
    return out


def _subject(done: list[dict], role: str, subject: dict, names: dict) -> dict:
    key = subject["kind"] + (f".{subject['field']}" if subject.get("field") else "")
    held: Counter = Counter()
    won: Counter = Counter()
    seats = 0
    for r in done:
        for seat, h in enumerate(r.get("holdings") or []):
            seats += 1
            for value in (h.get(role) or {}).get(key, []):
                held[value] += 1
                if seat in won_by(r):
                    won[value] += 1
    wins_all = sum(len(won_by(r)) for r in done)
    rows = []
    for value in sorted(held, key=lambda v: (-held[v], str(v))):
        row = dict(rate(won[value], held[value]), id=value, name=names.get(value, value))
        # the same seats' record without it: what holding it changes
        row["without"] = rate(wins_all - won[value], seats - held[value])
        rows.append(row)
    return {"key": key, "label": subject.get("label") or key, "kind": subject["kind"], "seats": seats, "rows": rows}


def summary_lines(stats: dict) -> list[str]:
    """A few plain lines for the terminal."""
    seats = ", ".join(f"Player {s['seat'] + 1}: {_pct(s['rate'])} [{_pct(s['lo'])}-{_pct(s['hi'])}]" for s in stats["seats"])
    lines = [f"{stats['finished']} of {stats['games']} games finished; {len(stats['capped'])} capped, "
             f"{len(stats['errors'])} errors", f"win rate by seat: {seats}"]
    for sub in stats["choices"]:
        best = sub["rows"][:1] and max(sub["rows"], key=lambda r: r["rate"] or 0)
        worst = sub["rows"][:1] and min(sub["rows"], key=lambda r: r["rate"] or 0)
        if best:
            lines.append(f"{sub['label']}: best {best['name']} {_pct(best['rate'])} (n={best['n']}), "
                         f"worst {worst['name']} {_pct(worst['rate'])} (n={worst['n']})")
    return lines


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.0f}%"


__all__ = ["wilson", "rate", "analyse", "summary_lines"]
