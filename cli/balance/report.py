"""The balance report: one self-contained HTML file.

Plots are drawn by matplotlib as SVG and written inline into the page, so
the file opens from disk with no server, no network and no script. Text in
the SVGs stays text (searchable, small), and ids in them are salted with a
fixed value so the same figures give the same file.
"""

from __future__ import annotations

import html
import io
import json
from typing import Any

CAPTION_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; padding: 0 1em; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.9em; }
td, th { padding: 0.2em 0.7em; border-bottom: 1px solid #eee; text-align: right; }
td:first-child, th:first-child { text-align: left; }
.note { color: #666; font-size: 0.9em; } .warn { color: #a40; font-weight: bold; }
figure { margin: 0.5em 0; } svg { max-width: 100%; height: auto; }
"""


def _outcome_parts(oc: dict) -> list[str]:
    """The pack's declared outcome: a cooperative team's wins and shared
    scores, shared wins, games the rules' own limit ended."""
    parts = []
    coop = oc.get("cooperative")
    if coop:
        won = coop["won"]
        parts.append("<h2 id='team'>The team (a cooperative game)</h2>")
        parts.append(f"<p>The team won {won['wins']} of {won['n']} finished games "
                     f"({_pct(won['rate'])}, 95% {_pct(won['lo'])}..{_pct(won['hi'])}); "
                     f"mean shared score {coop['mean']}.</p>")
        if coop["scores"]:
            parts.append(f"<figure>{_histogram(coop['scores'], 'Shared score per game', 'score')}</figure>")
    if oc.get("shared_wins"):
        parts.append(f"<p class='note'>{oc['shared_wins']} finished game(s) ended in a shared win (a tie).</p>")
    if oc.get("limit_ended"):
        parts.append(f"<p class='warn'>{oc['limit_ended']} finished game(s) were ended by the rules' own "
                     "limit (end_game(limit: true)), not by a natural end.</p>")
    return parts


def _plt():
    import matplotlib
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt
    plt.rcParams.update({"svg.hashsalt": "waybill", "svg.fonttype": "none", "font.size": 9})
    return plt


def _svg(fig) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    _plt().close(fig)
    text = buf.getvalue()
    return text[text.index("<svg"):]


def _rate_bars(rows: list[dict], labels: list[str], title: str, fair: float | None) -> str:
    """Horizontal bars of win rates with their Wilson intervals."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 0.35 * len(rows) + 1.1))
    ys = list(range(len(rows)))[::-1]
    rates = [r["rate"] or 0 for r in rows]
    err = [[max(0, (r["rate"] or 0) - r["lo"]) for r in rows], [max(0, r["hi"] - (r["rate"] or 0)) for r in rows]]
    ax.barh(ys, rates, xerr=err, color="#4c78a8", ecolor="#333", capsize=3)
    ax.set_yticks(ys, labels)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95% Wilson interval)")
    ax.set_title(title)
    if fair is not None:
        ax.axvline(fair, color="#e45756", linestyle="--", linewidth=1, label=f"fair share {fair:.0%}")
        ax.legend(loc="lower right", fontsize=8)
    return _svg(fig)


def _histogram(values: list[int], title: str, xlabel: str) -> str:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(4.2, 2.8))
    if values:
        lo, hi = min(values), max(values)
        step = max(1, -(-(hi - lo + 1) // 30))          # whole numbers: bins on integer edges, 30 at most
        edges = [lo - 0.5 + step * i for i in range((hi - lo) // step + 2)]
        ax.hist(values, bins=edges, color="#72b7b2", edgecolor="white")
        mean = sum(values) / len(values)
        ax.axvline(mean, color="#333", linestyle="--", linewidth=1, label=f"mean {mean:.1f}")
        ax.legend(fontsize=8)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    return _svg(fig)


def _esc(x: Any) -> str:
    return html.escape(str(x))


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def _rate_table(rows: list[dict], first: str, extra: bool = False, count: str = "seats") -> str:
    head = f"<tr><th>{_esc(first)}</th><th>{count}</th><th>wins</th><th>win rate</th><th>95% interval</th>"
    head += "<th>without it</th></tr>" if extra else "</tr>"
    body = []
    for r in rows:
        cells = (f"<td>{_esc(r.get('name', r.get('seat')))}</td><td>{r['n']}</td><td>{r['wins']}</td>"
                 f"<td>{_pct(r['rate'])}</td><td>{_pct(r['lo'])} – {_pct(r['hi'])}</td>")
        if extra:
            cells += f"<td>{_pct(r['without']['rate'])}</td>"
        body.append(f"<tr>{cells}</tr>")
    return f"<table>{head}{''.join(body)}</table>"


def render(stats: dict, meta: dict, top_cards: int = 25) -> str:
    """The report page for ``stats`` (from ``stats.analyse``) and the run's ``meta``."""
    title = f"Balance: {meta.get('pack', '')}"
    fair = stats.get("fair_share")
    parts = [f"<h1>{_esc(title)}</h1>"]
    run = ", ".join(f"{k} {v}" for k, v in meta.items() if k != "pack" and v not in (None, "", []))
    parts.append(f"<p class='note'>{_esc(run)}. {stats['finished']} of {stats['games']} games finished; "
                 "rates count finished games only.</p>")

    parts.append("<h2 id='seats'>Win rate by seat</h2>")
    seat_rows = stats["seats"]
    # seats as people read them: seat 0 is Player 1 (README "Seats")
    seat_plot = _rate_bars(seat_rows, [f"Player {r['seat'] + 1}" for r in seat_rows], "Win rate by seat", fair)
    parts.append(f"<figure>{seat_plot}</figure>")
    parts.append(_rate_table([dict(r, name=f"Player {r['seat'] + 1}") for r in seat_rows], "seat", count="games"))
    if stats.get("no_winner"):
        parts.append(f"<p class='note'>{stats['no_winner']} finished game(s) had no single winner.</p>")
    parts.extend(_outcome_parts(stats.get("outcome") or {}))

    parts.append("<h2 id='length'>Game length</h2>")
    parts.append("<p class='note'>Finished games; capped ones are listed below.</p>")
    parts.append(f"<figure>{_histogram(stats['rounds'], 'Rounds per game', 'rounds')}"
                 f"{_histogram(stats['actions'], 'Actions per game', 'actions')}</figure>")

    parts.append("<h2 id='capped'>Capped games</h2>")
    capped = stats["capped"]
    if capped:
        parts.append(f"<p class='warn'>{len(capped)} game(s) were stopped by a safety cap and have no winner.</p>")
        rows = "".join(f"<tr><td>{c['seed']}</td><td>{_esc(c['why'])}</td><td>{c['rounds']}</td><td>{c['actions']}</td></tr>"
                       for c in capped)
        parts.append(f"<table><tr><th>seed</th><th>why</th><th>rounds</th><th>actions</th></tr>{rows}</table>")
    else:
        parts.append("<p>No game was capped.</p>")
    if stats["errors"]:
        rows = "".join(f"<tr><td>{e['seed']}</td><td>{_esc(e['error'])}</td></tr>" for e in stats["errors"][:20])
        parts.append(f"<p class='warn'>{len(stats['errors'])} game(s) ended in an error.</p>"
                     f"<table><tr><th>seed</th><th>error</th></tr>{rows}</table>")

    parts.append("<h2 id='choices'>Win rate by choice</h2>")
    if not stats["choices"]:
        parts.append("<p class='note'>The pack declares no balance choices (a <code>balance { choices: ... }</code> block).</p>")
    for sub in stats["choices"]:
        rows = sub["rows"]
        parts.append(f"<h3>{_esc(sub['label'])}</h3>")
        if not rows:
            parts.append("<p class='note'>No seat held one at the end of a finished game.</p>")
            continue
        plot = _rate_bars(rows, [r["name"] for r in rows], f"Win rate by {sub['label']}", fair)
        parts.append(f"<figure>{plot}</figure>")
        parts.append(_rate_table(rows, sub["label"]))

    parts.append("<h2 id='cards'>Cards held at the end and winning</h2>")
    if not stats["cards"]:
        parts.append("<p class='note'>The pack declares no balance cards (a <code>balance { cards: ... }</code> block).</p>")
    for sub in stats["cards"]:
        rows = sub["rows"][:top_cards]
        parts.append(f"<h3>{_esc(sub['label'])}</h3>")
        if not rows:
            parts.append("<p class='note'>No seat held one at the end of a finished game.</p>")
            continue
        more = len(sub["rows"]) - len(rows)
        parts.append(f"<p class='note'>Win rate of seats holding the card at game end, against the same seats' "
                     f"rate without it; the {len(rows)} most held{f' ({more} more in the data)' if more else ''}.</p>")
        plot = _rate_bars(rows, [r["name"] for r in rows], f"Win rate when holding it: {sub['label']}", fair)
        parts.append(f"<figure>{plot}</figure>")
        parts.append(_rate_table(rows, sub["label"], extra=True))

    data = json.dumps({"meta": meta, "stats": stats}, sort_keys=True).replace("</", "<\\/")
    parts.append(f"<script type='application/json' id='data'>{data}</script>")
    return ("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
            f"<title>{_esc(title)}</title><style>{CAPTION_STYLE}</style></head>"
            f"<body>{''.join(parts)}</body></html>\n")


# for the comparison page (compare_report.py), which draws in the same style
pyplot, svg, esc, pct = _plt, _svg, _esc, _pct

__all__ = ["render", "pyplot", "svg", "esc", "pct", "CAPTION_STYLE"]
