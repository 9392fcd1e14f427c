"""The page of `waybill balance PACK --compare A B`: one self-contained HTML
file (inline SVG, no script but the embedded data) with the differences in
win rate by seat and by declared choice, their intervals and tests, and a
closing note that says what was found and whether any of it is significant."""

from __future__ import annotations

import json

from .report import CAPTION_STYLE, esc, pct, pyplot, svg


def _diff_plot(rows: list[dict], title: str) -> str:
    """Each difference B - A as a point with its 95% interval; significant ones in red."""
    plt = pyplot()
    rows = [r for r in rows if r["diff"] is not None]
    fig, ax = plt.subplots(figsize=(7, 0.35 * len(rows) + 1.2))
    ys = list(range(len(rows)))[::-1]
    for y, r in zip(ys, rows):
        colour = "#e45756" if r["significant"] else "#4c78a8"
        ax.errorbar([r["diff"]], [y], xerr=[[r["diff"] - r["lo"]], [r["hi"] - r["diff"]]], fmt="o",
                    color=colour, ecolor=colour, capsize=3)
    ax.axvline(0, color="#333", linewidth=1)
    ax.set_yticks(ys, [r["name"] for r in rows])
    ax.set_xlabel("win rate B - A (95% Newcombe interval; red: significant after Holm)")
    ax.set_title(title)
    return svg(fig)


def _table(rows: list[dict], first: str) -> str:
    head = (f"<tr><th>{esc(first)}</th><th>A wins / n</th><th>A rate</th><th>B wins / n</th><th>B rate</th>"
            "<th>B - A</th><th>95% interval</th><th>p</th><th>Holm p</th><th>significant</th></tr>")
    body = []
    for r in rows:
        a, b = r["a"], r["b"]
        diff = "–" if r["diff"] is None else f"{100 * r['diff']:+.1f} pts"
        ci = "–" if r["lo"] is None else f"{100 * r['lo']:+.1f} to {100 * r['hi']:+.1f}"
        p = "–" if r["p"] is None else f"{r['p']:.3g}"
        ph = "–" if r["p_holm"] is None else f"{r['p_holm']:.3g}"
        sig = "<b class='warn'>yes</b>" if r["significant"] else ("no" if r["p"] is not None else "not tested")
        body.append(f"<tr><td>{esc(r['name'])}</td><td>{a['wins']} / {a['n']}</td><td>{pct(a['rate'])}</td>"
                    f"<td>{b['wins']} / {b['n']}</td><td>{pct(b['rate'])}</td><td>{diff}</td><td>{ci}</td>"
                    f"<td>{p}</td><td>{ph}</td><td>{sig}</td></tr>")
    return f"<table>{head}{''.join(body)}</table>"


def render(result: dict, meta: dict) -> str:
    """The comparison page for ``result`` ({"a", "b", "compare"}, see ``waybill.whatif``) and the run's ``meta``."""
    cmp = result["compare"]
    title = f"Balance what-if: {meta.get('pack', '')}"
    parts = [f"<h1>{esc(title)}</h1>"]
    run = ", ".join(f"{k} {v}" for k, v in meta.items() if k not in ("pack", "A", "B") and v not in (None, "", []))
    parts.append(f"<p class='note'>{esc(run)}. Both arms play the same seeds.</p>")
    parts.append("<table><tr><th>arm</th><th>changes</th><th>games finished</th><th>capped</th><th>errors</th></tr>"
                 + "".join(f"<tr><td>{arm}</td><td>{esc(meta[arm] or '(as written)')}</td>"
                           f"<td>{result[arm.lower()]['finished']} / {result[arm.lower()]['games']}</td>"
                           f"<td>{len(result[arm.lower()]['capped'])}</td><td>{len(result[arm.lower()]['errors'])}</td></tr>"
                           for arm in ("A", "B")) + "</table>")
    parts.append(f"<p class='note'>Test: {esc(cmp['test'])}. Interval: {esc(cmp['interval'])}. "
                 f"Correction: {esc(cmp['correction'])}; significant means a Holm-adjusted p below "
                 f"{cmp['alpha']}. Rates count finished games only.</p>")
    groups: dict[str, list[dict]] = {}
    for r in cmp["rows"]:
        groups.setdefault(r["group"], []).append(r)
    for group, rows in groups.items():
        anchor = "seats" if group == "seat" else "choice-" + "".join(c if c.isalnum() else "-" for c in group)
        parts.append(f"<h2 id='{esc(anchor)}'>Win rate by {esc(group)}</h2>")
        if any(r["diff"] is not None for r in rows):
            parts.append(f"<figure>{_diff_plot(rows, f'Win rate by {group}: B - A')}</figure>")
        parts.append(_table(rows, group))
    if cmp.get("held"):
        parts.append("<h2 id='held'>What the arms did differently</h2><p class='note'>Seats holding each card at "
                     "the end of a finished game, the largest changes first (described, not tested).</p>")
        parts.append("<table><tr><th>card</th><th>kind</th><th>A</th><th>B</th><th>B - A</th></tr>"
                     + "".join(f"<tr><td>{esc(r['name'])}</td><td>{esc(r['group'])}</td><td>{r['a']}</td>"
                               f"<td>{r['b']}</td><td>{r['diff']:+d}</td></tr>" for r in cmp["held"]) + "</table>")
    parts.append(f"<h2 id='finding'>What the comparison found</h2><p id='note'>{esc(cmp['note'])}</p>")
    data = json.dumps({"meta": meta, **result}, sort_keys=True).replace("</", "<\\/")
    parts.append(f"<script type='application/json' id='data'>{data}</script>")
    return ("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
            f"<title>{esc(title)}</title><style>{CAPTION_STYLE}</style></head>"
            f"<body>{''.join(parts)}</body></html>\n")


__all__ = ["render"]
