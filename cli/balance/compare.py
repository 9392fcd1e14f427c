"""Two balance runs side by side: what changed from arm A to arm B, and
whether the change is more than chance.

Both arms play the same seeds, so they start from the same deals; play then
diverges (a cheaper card is bought, the dice fall on other turns), so the
two arms are compared as independent samples of games:

- each difference of win rates (B - A) gets a 95% confidence interval by
  Newcombe's hybrid score method (``statsmodels.stats.proportion.
  confint_proportions_2indep``, ``method="newcomb"``), built from the two
  Wilson intervals the single report shows;
- each is tested by Fisher's exact test, two-sided (``scipy.stats.fisher_exact``),
  which holds for small counts and rates near 0 or 1;
- the p-values of one comparison (every seat, every value of every declared
  choice) are corrected together by Holm's step-down method
  (``statsmodels.stats.multitest.multipletests``, ``method="holm"``), which
  keeps the chance of any false finding at 5% without assuming the tests
  are independent. A difference is *significant* when its Holm-adjusted
  p-value is below 0.05.

A row with no games in one arm (a driver never held) is listed but not
tested: there is nothing to compare.
"""

from __future__ import annotations

from typing import Any

ALPHA = 0.05
TEST = "Fisher's exact test (two-sided, scipy.stats.fisher_exact)"
INTERVAL = "Newcombe hybrid score interval for a difference of proportions (statsmodels, method='newcomb')"
CORRECTION = "Holm step-down over every row of the comparison (statsmodels multipletests, method='holm')"


def _libraries() -> tuple[Any, Any, Any]:
    try:
        from scipy.stats import fisher_exact
        from statsmodels.stats.multitest import multipletests
        from statsmodels.stats.proportion import confint_proportions_2indep
    except ImportError as exc:
        from waybill.api import WaybillError
        raise WaybillError(f"--compare needs scipy and statsmodels (pip install 'waybill[balance]'): {exc}") from None
    return fisher_exact, multipletests, confint_proportions_2indep


def compare(a: dict, b: dict) -> dict:
    """The differences between two analyses (``stats.analyse``) of the same seeds: rows by seat
    and by each declared choice, each with both rates, B - A, its interval and both p-values."""
    rows: list[dict] = []
    for sa, sb in zip(a["seats"], b["seats"]):
        rows.append(_row("seat", f"seat {sa['seat']}", sa["seat"], sa, sb))
    b_choices = {c["key"]: c for c in b["choices"]}
    for ca in a["choices"]:
        cb = b_choices.get(ca["key"], {"rows": []})
        ra = {r["id"]: r for r in ca["rows"]}
        rb = {r["id"]: r for r in cb["rows"]}
        for value in sorted(set(ra) | set(rb), key=str):
            name = (ra.get(value) or rb.get(value))["name"]
            rows.append(_row(ca["label"], name, value, ra.get(value), rb.get(value)))
    _test(rows)
    significant = [r for r in rows if r["significant"]]
    return {"alpha": ALPHA, "test": TEST, "interval": INTERVAL, "correction": CORRECTION,
            "rows": rows, "significant": len(significant), "tested": sum(1 for r in rows if r["p"] is not None),
            "held": held(a, b), "note": note(rows)}


def held(a: dict, b: dict, top: int = 10) -> list[dict]:
    """What the arms did differently: how many seats held each declared card at the end in A
    and in B, the largest changes first (described, not tested: a card is held by choice)."""
    out = []
    b_cards = {c["key"]: c for c in b.get("cards") or []}
    for ca in a.get("cards") or []:
        ra = {r["id"]: r for r in ca["rows"]}
        rb = {r["id"]: r for r in (b_cards.get(ca["key"]) or {"rows": []})["rows"]}
        for value in set(ra) | set(rb):
            na, nb = (ra.get(value) or {}).get("n", 0), (rb.get(value) or {}).get("n", 0)
            out.append({"group": ca["label"], "id": value, "name": str((ra.get(value) or rb.get(value))["name"]),
                        "a": na, "b": nb, "diff": nb - na})
    out.sort(key=lambda r: (-abs(r["diff"]), r["group"], str(r["id"])))
    return out[:top]


def _row(group: str, name: str, value: Any, ra: dict | None, rb: dict | None) -> dict:
    wa, na = (ra["wins"], ra["n"]) if ra else (0, 0)
    wb, nb = (rb["wins"], rb["n"]) if rb else (0, 0)
    return {"group": group, "name": str(name), "id": value, "a": {"wins": wa, "n": na, "rate": _rate(wa, na)},
            "b": {"wins": wb, "n": nb, "rate": _rate(wb, nb)},
            "diff": round(wb / nb - wa / na, 4) if na and nb else None,
            "lo": None, "hi": None, "p": None, "p_holm": None, "significant": False}


def _rate(w: int, n: int) -> float | None:
    return round(w / n, 4) if n else None


def _test(rows: list[dict]) -> None:
    fisher_exact, multipletests, confint = _libraries()
    tested = [r for r in rows if r["a"]["n"] and r["b"]["n"]]
    for r in tested:
        wa, na, wb, nb = r["a"]["wins"], r["a"]["n"], r["b"]["wins"], r["b"]["n"]
        lo, hi = confint(wb, nb, wa, na, compare="diff", method="newcomb", alpha=ALPHA)
        r["lo"], r["hi"] = round(float(lo), 4), round(float(hi), 4)
        r["p"] = round(float(fisher_exact([[wb, nb - wb], [wa, na - wa]], alternative="two-sided")[1]), 6)
    if tested:
        reject, adjusted, _, _ = multipletests([r["p"] for r in tested], alpha=ALPHA, method="holm")
        for r, rej, adj in zip(tested, reject, adjusted):
            r["p_holm"] = round(float(adj), 6)
            r["significant"] = bool(rej)


def note(rows: list[dict]) -> str:
    """The closing sentence of the report: the largest differences, and which (if any) are significant."""
    tested = [r for r in rows if r["p"] is not None]
    if not tested:
        return "No row had games in both arms, so nothing was compared."
    sig = [r for r in tested if r["significant"]]
    big = sorted(tested, key=lambda r: -abs(r["diff"]))[:3]
    found = "; ".join(f"{_label(r)} {_pts(r['diff'])} (95% CI {_pts(r['lo'])} to {_pts(r['hi'])}, "
                      f"Holm p = {r['p_holm']:.3g})" for r in big)
    head = f"Largest differences in win rate, B - A: {found}. "
    if sig:
        return head + (f"{len(sig)} of {len(tested)} differences are significant at {ALPHA:.0%} after Holm's "
                       f"correction: " + ", ".join(_label(r) for r in sig) + ".")
    return head + (f"None of the {len(tested)} differences is significant at {ALPHA:.0%} after Holm's "
                   "correction: at this many games they are within chance.")


def _label(r: dict) -> str:
    return r["name"] if r["group"] == "seat" else f"{r['group']} {r['name']}"


def _pts(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:+.1f} pts"


__all__ = ["compare", "held", "note", "ALPHA", "TEST", "INTERVAL", "CORRECTION"]
