"""What-if balance studies: `waybill balance PACK --set KEY=VALUE` and
`--compare "A" "B"`.

An *arm* is a string of changes separated by spaces: ``KEY=VALUE``
overrides (``waybill.balance.overrides``) and ``+VARIANT`` variants, e.g.
``"gunner.cost=8 +brutal_competition"``; the empty string is the pack as
written. Both arms are played on the same seeds, with the same bots, in
this process, in worker processes or on Dask (as `balance` is), then
compared (``waybill.balance.compare``).
"""

from __future__ import annotations

import shlex
from dataclasses import asdict
from typing import Any, Callable

from waybill.api import Rules, WaybillError, load_pack, rules_from_ir
from waybill.balance import overrides as _overrides


def arm(text: str) -> tuple[list[str], list[tuple[str, Any]]]:
    """The variants and the overrides an arm string names; ``OverrideError`` when it cannot be read."""
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise _overrides.OverrideError(f"{text!r}: {exc}") from None
    variants, sets = [], []
    for w in words:
        if w.startswith("+") and len(w) > 1:
            variants.append(w[1:])
        else:
            sets.append(_overrides.parse(w))
    return variants, sets


def rules_for(pack: str, variants: list[str], sets: list[tuple[str, Any]]) -> Rules:
    """The rules of ``pack`` with ``variants`` and the overrides ``sets`` (checked) applied."""
    rules = load_pack(pack, variants)           # (compiled once a process: load_pack keeps them)
    if not sets:
        return rules
    return rules_from_ir(_overrides.apply(rules.ir, sets))


def run_compare(pack: str, a: str, b: str, base_variants: list[str], base_sets: list[tuple[str, Any]],
                players: int, games: int, seed: int, bot: str, round_cap: int, jobs: int = 1,
                scheduler: str | None = None, progress: Callable[[], None] | None = None) -> dict:
    """Both arms' analyses and their comparison: ``{"a": stats, "b": stats, "compare": ...}``.
    Both arms are checked before any game is played."""
    from waybill.balance.compare import compare
    from waybill.balance.gather import names
    from waybill.balance.stats import analyse
    from waybill.simulate import simulate
    arms = []
    for text in (a, b):
        variants, sets = arm(text)
        arms.append((base_variants + variants, rules_for(pack, base_variants + variants, base_sets + sets)))
    result: dict[str, Any] = {}
    for key, (variants, rules) in zip(("a", "b"), arms):
        summary = simulate(rules, rules.ir["pack"]["id"], players, games, seed, bot, variants, round_cap,
                           jobs=jobs, scheduler=scheduler, progress=progress)
        result[key] = analyse([asdict(r) for r in summary.records], players, rules.ir.get("balance"), names(rules))
    result["compare"] = compare(result["a"], result["b"])
    return result


def balance_whatif(rules: Rules, pack: str, players: int, games: int, seed: int, variants: list[str], bot: str,
                   round_cap: int, jobs: int, scheduler: str | None, output: str, sets: tuple[str, ...],
                   compare: tuple[str, str] | None, as_json: bool, check_table: Callable, workers: Callable,
                   terminal: Callable) -> None:
    """`waybill balance` with --set and/or --compare: the CLI's checks (``check_table``,
    ``workers``, ``terminal``) are given by the CLI, which this module does not import."""
    import json
    import click
    from waybill.balance.report import render
    from waybill.balance.stats import analyse, summary_lines
    try:
        base = [_overrides.parse(s) for s in sets]
        rules = rules_for(pack, variants, base)                 # --set alone: one run of the overridden pack
    except _overrides.OverrideError as exc:
        raise click.BadParameter(str(exc), param_hint="--set") from None
    for text in compare or ():
        try:
            more, extra = arm(text)
            rules_for(pack, variants + more, base + extra)       # both arms checked before any game
        except _overrides.OverrideError as exc:
            raise click.BadParameter(f"arm {text!r}: {exc}", param_hint="--compare") from None
        except WaybillError as exc:                              # an unknown variant: the compiler's report
            click.echo(str(exc), err=True)
            raise SystemExit(1) from None
    check_table(rules, players, seed, games)
    jobs = workers(jobs, games, scheduler)
    pack_id = rules.ir["pack"]["id"]
    meta: dict[str, Any] = {"pack": pack_id, "variants": list(variants), "set": " ".join(sets), "players": players,
                            "games": games, "seed": seed, "bot": bot, "round cap": round_cap}
    progress, bar = None, None
    if not as_json and terminal():
        from rich.progress import Progress
        bar = Progress(transient=True)
        task = bar.add_task(f"{pack_id}: {games * (2 if compare else 1)} games", total=games * (2 if compare else 1))
        progress = lambda: bar.advance(task)    # noqa: E731
        bar.start()
    try:
        if compare is None:
            from waybill.simulate import simulate
            summary = simulate(rules, pack_id, players, games, seed, bot, variants, round_cap, jobs=jobs,
                               scheduler=scheduler, progress=progress)
            from waybill.balance.gather import names
            out = analyse([asdict(r) for r in summary.records], players, rules.ir.get("balance"), names(rules))
            page = render(out, meta)
        else:
            from waybill.balance.compare_report import render as render_compare
            meta.update(A=compare[0], B=compare[1])
            out = run_compare(pack, compare[0], compare[1], variants, base, players, games, seed, bot, round_cap,
                              jobs, scheduler, progress)
            page = render_compare(out, meta)
    except WaybillError as exc:
        raise click.ClickException(" ".join(str(exc).split())) from None
    finally:
        if bar is not None:
            bar.stop()
    write_report(output, page)
    if as_json:
        click.echo(json.dumps(out, indent=1))
    elif compare is None:
        for line in summary_lines(out):
            click.echo(line)
    else:
        for key in ("a", "b"):
            click.echo(f"{key.upper()} ({meta[key.upper()] or 'as written'}): " + summary_lines(out[key])[1])
        click.echo(out["compare"]["note"])
    click.echo(f"wrote {output}", err=True)


def write_report(output: str, page: str) -> None:
    """Write a balance report's page, or stop the command saying why not."""
    import click
    try:
        with open(output, "w", encoding="utf-8") as fh:
            fh.write(page)
    except OSError as exc:
        raise click.ClickException(f"cannot write {output}: {exc.strerror or exc}") from None


__all__ = ["arm", "rules_for", "run_compare", "balance_whatif", "write_report"]
