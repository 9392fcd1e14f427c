"""The `waybill` command line: check, compile, schema, list, fmt, play, sim, balance, test, bench, cards, docs, lsp, serve."""

from __future__ import annotations

import json
import math
import os
import sys

import click

from waybill.compiler import list_declarations, shipped_packs
from waybill.api import check_paths, compile_pack
from waybill.dsl.diagnostics import Report


def _echo_report(report: Report, as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps(report.to_json(), indent=1))
        return
    text = report.render()
    if text:
        click.echo(text, err=False)
        click.echo("")
    errors, warnings = len(report.errors), len(report.warnings)
    summary = f"{errors} error(s), {warnings} warning(s)"
    click.echo(click.style(summary, fg="red" if errors else ("yellow" if warnings else "green")))


def _check_lang(ctx, param, value):
    from waybill.spec.messages import LANGUAGE_TAG as _LANG
    if value is not None and not _LANG.fullmatch(value):
        raise click.BadParameter(f"a language is a tag like `ru` or `pt-BR`, not {value!r}")
    return value


LANG_OPTION = click.option("--lang", default=None, callback=_check_lang,
                           help="The language of player-facing text (PACK/locales/LANG.ftl; English where it lacks one).")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="waybill")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Waybill: write tabletop games as rules, check them, play them.

    Set NO_COLOR (or TERM=dumb) for output without colour or other ANSI escapes.
    """
    from waybill.console import plain
    if plain():
        ctx.color = False   # click.echo strips click.style's escapes, even on a terminal


@main.command()
@click.argument("paths", nargs=-1)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              help="`json` prints a JSON array of diagnostics.")
def check(paths: tuple[str, ...], fmt: str) -> None:
    """Check packs, folders of packs, files or shipped packs (default: every shipped pack).

    A file inside a pack's folder is checked as part of its pack (the whole
    pack is checked): alone, it would miss the names the pack declares.

    Exit status: 0 clean (warnings allowed), 1 errors.
    """
    import gc
    # the process ends when the check does: collecting cycles on the way
    # frees nothing it needs, and costs about a tenth of a check that compiles
    gc.disable()
    report = check_paths([_pack_of_file(p) for p in paths], cached=True)
    _echo_report(report, fmt == "json")
    sys.exit(1 if report.errors else 0)


@main.command(name="compile")
@click.argument("pack")
@click.option("--variant", "variants", multiple=True, help="A variant to apply (repeatable).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), help="Write the IR here.")
def compile_cmd(pack: str, variants: tuple[str, ...], output: str | None) -> None:
    """Compile PACK (a shipped name or a folder) to its JSON IR."""
    result = compile_pack(pack, list(variants))
    if result.ir is None:
        click.echo(result.report.render(), err=True)
        sys.exit(1)
    text = json.dumps(result.ir, indent=1)
    if output:
        with open(output, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")
        click.echo(f"wrote {output} ({len(text)} bytes)", err=True)
    else:
        click.echo(text)


@main.command()
@click.option("--view", "which", flag_value="view", help="The schema of a seat's view (Game.view).")
@click.option("--action", "which", flag_value="action", help="The schema of an action (one of legal_actions()).")
def schema(which: str | None) -> None:
    """Print a JSON Schema: the IR's (default), a view's or an action's."""
    if which:
        from waybill.runtime.schemas import shipped
        click.echo(json.dumps(shipped(which), indent=1, sort_keys=True))
        return
    from waybill.compiler.schema import shipped_schema
    click.echo(json.dumps(shipped_schema(), indent=1, sort_keys=True))


@main.command(name="list")
@click.argument("pack")
@click.option("--kind", help="Only declarations of this kind.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@LANG_OPTION
def list_cmd(pack: str, kind: str | None, as_json: bool, lang: str | None) -> None:
    """Every named declaration of PACK and its variants."""
    rows, report = list_declarations(pack)
    if report.errors and not rows:
        click.echo(report.render(), err=True)
        sys.exit(1)
    if lang:
        from waybill.i18n import translate_rows
        rows = translate_rows(pack, rows, lang)
    if kind:
        kinds = sorted({r["kind"] for r in rows})
        if kind not in kinds:
            raise click.BadParameter(f"{pack} has no kind {kind!r}; its kinds are: {', '.join(kinds)}",
                                     param_hint="--kind")
        rows = [r for r in rows if r["kind"] == kind]
    if as_json:
        click.echo(json.dumps(rows, indent=1))
        return
    from rich.table import Table
    from waybill.console import console
    table = Table(title=f"{pack}: {len(rows)} declarations")
    for col in ("kind", "id", "name", "file", "line"):
        table.add_column(col)
    for r in rows:
        table.add_row(r["kind"], r["id"], r["name"], r["file"], str(r["line"]))
    console().print(table)


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--check", "check_only", is_flag=True, help="Only report files that would change (exit 1).")
def fmt(paths: tuple[str, ...], check_only: bool) -> None:
    """Format .wb files (or every .wb file under a folder, or of a shipped pack by name) in the canonical layout.

    Only regular files are read or written: a FIFO or a device is reported, a
    link is never written through, and under a folder a link that leads out
    of it is left alone. Exit status: 1 if a file could not be formatted
    (or, with --check, would change).
    """
    from waybill.spec.files import read_regular, rewrite_regular
    from waybill.dsl.formatter import format_source
    from waybill.dsl.parser import MAX_FILE_BYTES
    changed, failed = [], False
    for path in _wb_files(paths):
        try:
            data = read_regular(path, MAX_FILE_BYTES + 1)
            if len(data) > MAX_FILE_BYTES:
                raise OSError(f"larger than {MAX_FILE_BYTES} bytes")
            text = data.decode("utf-8")
        except (OSError, ValueError) as exc:  # ValueError: not UTF-8
            click.echo(f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}", err=True)
            failed = True
            continue
        new = format_source(text)
        if new == text:
            continue
        if not check_only:
            try:
                rewrite_regular(path, new)
            except OSError as exc:
                click.echo(f"{path}: not rewritten: {exc.strerror or exc}", err=True)
                failed = True
                continue
        changed.append(path)
    for path in changed:
        click.echo(("would reformat " if check_only else "reformatted ") + path)
    if failed or (check_only and changed):
        sys.exit(1)


def _pack_of_file(path: str) -> str:
    """The folder of the pack a file belongs to (the nearest folder above it
    holding pack.wb), else the path itself."""
    from waybill.compiler.loader import PACK_FILE
    if os.path.isdir(path) or not os.path.lexists(path):
        return path
    folder = os.path.dirname(os.path.abspath(path))
    while True:
        if os.path.isfile(os.path.join(folder, PACK_FILE)):
            return os.path.relpath(folder) if not os.path.isabs(path) else folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return path
        folder = parent


def _wb_files(paths) -> list[str]:
    """The .wb files named or found under the named folders; under a folder,
    names that lead out of it through a link are left out (and said so)."""
    from waybill.compiler.loader import shipped_packs
    from waybill.spec.files import inside
    out = []
    shipped = shipped_packs()
    for p in paths:
        if not os.path.lexists(p) and p in shipped:   # a shipped pack by name: `waybill fmt weds`
            p = shipped[p]
        if os.path.isdir(p):
            top = os.path.realpath(p)
            for dirpath, dirnames, filenames in os.walk(p):
                dirnames.sort()
                for f in sorted(filenames):
                    path = os.path.join(dirpath, f)
                    if not f.endswith(".wb"):
                        continue
                    if inside(path, top):
                        out.append(path)
                    else:
                        click.echo(f"{path}: a link out of {p}; left alone", err=True)
        elif os.path.lexists(p):
            out.append(p)
        else:
            from waybill.dsl.diagnostics import suggest
            hint = suggest(p, shipped)
            raise click.BadParameter(f"no such file or folder, nor a shipped pack: {p}" + (f" ({hint})" if hint else ""),
                                     param_hint="PATHS")
    return out


def _load(pack: str, variants: tuple[str, ...]):
    from waybill.api import CompileError, load_pack
    from waybill.api import WaybillError
    try:
        return load_pack(pack, variants=list(variants))
    except CompileError as exc:
        click.echo(str(exc), err=True)
        sys.exit(1)
    except WaybillError as exc:   # rules that compiled but cannot be loaded
        _fail(exc)


def _fail(exc: Exception) -> None:
    """A RuleError (or any WaybillError) as one clean line, `file:line:col` first; exit 1."""
    click.echo(_one_line(exc), err=True)
    sys.exit(1)


MAX_GAMES = 1_000_000  # games of one run of sim or balance: each keeps a record in memory
MAX_THINK_MS = 3_600_000  # the search bot's time per decision: an hour
MAX_ROUND_CAP = 1_000_000


def _game_series_options(games: int):
    """The options of a run of games (sim, balance): seats, how many games,
    the first seed and variants."""
    def apply(f):
        for option in reversed((
            click.option("--players", "-p", type=click.IntRange(1, 64), default=4, show_default=True,
                         help="Seats at the table."),
            click.option("--games", "-g", type=click.IntRange(1, MAX_GAMES), default=games, show_default=True,
                         help="How many games."),
            click.option("--seed", "-s", type=int, default=1, show_default=True,
                         help="Seed of the first game (then +1 each)."),
            click.option("--variant", "variants", multiple=True, help="A variant to apply (repeatable)."))):
            f = option(f)
        return f
    return apply


def _one_line(exc: Exception) -> str:
    return f"error: {' '.join(str(exc).split())}"


@main.command()
@click.argument("pack")
@_game_series_options(games=10)
@click.option("--bot", default="default", show_default=True,
              help="A bot for every seat, or a comma list with one per seat (rotated game by game so that "
                   "seat advantage cancels): `default` (the bot the pack names), `random`, `search`, or a "
                   "registered heuristic bot.")
@click.option("--think-ms", type=click.IntRange(0, MAX_THINK_MS), default=None,
              help="The search bot's time per decision in ms (0: iterations only, deterministic).")
@click.option("--round-cap", type=click.IntRange(1, MAX_ROUND_CAP), default=200, show_default=True,
              help="Safety cap: a game past this many rounds is stopped and not finished.")
@click.option("--check-replay", is_flag=True, help="Replay every game from seed + actions and compare.")
@click.option("--check-invariants", is_flag=True, help="Check the pack's invariants after every step.")
@click.option("--jobs", "-j", type=click.IntRange(0), default=1, show_default=True,
              help="Worker processes (0: one per CPU; never more than the games or the CPUs). "
                   "The summary does not depend on it.")
@click.option("--scheduler", default=None, metavar="dask|tcp://HOST:PORT",
              help="Run the games on Dask: `dask` for a local cluster (--jobs workers, else one per CPU), "
                   "or a running scheduler's address. The summary does not depend on it.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@LANG_OPTION
def sim(pack, players, games, seed, variants, bot, think_ms, round_cap, check_replay, check_invariants, jobs,
        scheduler, as_json, lang) -> None:
    """Simulate GAMES bot games of PACK and summarise them."""
    from waybill.simulate import simulate
    _check_bots(bot, players)
    _check_scheduler(scheduler)
    rules = _load(pack, variants)
    pack_id = rules.ir["pack"]["id"]
    _check_table(rules, players, seed, games)
    _check_bots(bot, players)
    jobs = _workers(jobs, games, scheduler)
    from waybill.api import WaybillError
    try:
        if as_json or games < 5 or not _terminal():
            summary = simulate(rules, pack_id, players, games, seed, bot, list(variants), round_cap, check_replay,
                               check_invariants, jobs=jobs, scheduler=scheduler, think_ms=think_ms)
        else:
            from rich.progress import Progress
            with Progress(transient=True) as bar:
                task = bar.add_task(f"{pack_id}: {games} games", total=games)
                summary = simulate(rules, pack_id, players, games, seed, bot, list(variants), round_cap,
                                   check_replay, check_invariants, progress=lambda: bar.advance(task), jobs=jobs,
                                   scheduler=scheduler, think_ms=think_ms)
    except WaybillError as exc:   # each game's own errors are in the summary; this is anything else
        _fail(exc)
    data = summary.to_json()
    if as_json:
        click.echo(json.dumps(data, indent=1))
    else:
        _print_summary(data, _words(rules, lang))
    failed = data["errors"] or data.get("invariant_violations") or data.get("replay_mismatches")
    sys.exit(1 if failed else 0)


def _workers(jobs: int, games: int, scheduler: str | None) -> int:
    """The worker processes a run of games gets: --jobs (0: one per CPU), but
    never more than the games nor the CPUs; said on stderr when --jobs asked
    for more. (An existing Dask cluster's workers are its own: left alone.)"""
    from waybill.simulate import cpu_count, worker_count
    if scheduler not in (None, "dask"):
        return jobs
    got = worker_count(jobs, games)
    if jobs > got:
        click.echo(f"--jobs {jobs}: {got} worker process(es), at most one per game ({games}) "
                   f"and per CPU ({cpu_count()})", err=True)
    return got


def _terminal() -> bool:
    """A progress bar only for a person watching: not when the output is piped,
    nor under NO_COLOR or TERM=dumb (a bar redraws itself with escapes)."""
    from waybill.console import plain
    return sys.stdout.isatty() and sys.stderr.isatty() and not plain()


def _check_scheduler(scheduler: str | None) -> None:
    if scheduler is None:
        return
    if scheduler != "dask" and "://" not in scheduler:
        raise click.BadParameter(f"`dask` or a scheduler address like tcp://HOST:8786, not {scheduler!r}",
                                 param_hint="--scheduler")
    try:
        import dask.distributed  # noqa: F401
    except ImportError as exc:
        raise click.ClickException(f"--scheduler needs Dask (pip install 'waybill[balance]'): {exc}") from None


def _words(rules, lang: str | None):
    """A catalogue of ``lang`` for these rules, or None (English)."""
    if not lang:
        return None
    from waybill.runtime.text.catalogue import catalogue
    return catalogue(rules, lang)


def _check_bots(bot: str, players: int | None = None) -> None:
    """Refuse, as a usage error, an unknown bot name or a list that is not one per seat."""
    from waybill.api import BOT_NAMES
    names = [b.strip() for b in bot.split(",")]
    for b in names:
        if b not in BOT_NAMES:
            raise click.BadParameter(f"unknown bot {b!r}; choose from {', '.join(BOT_NAMES)}", param_hint="--bot")
    if players is not None and len(names) not in (1, players):
        raise click.BadParameter(f"{len(names)} bots for {players} seats: give one bot, or one per seat",
                                 param_hint="--bot")


def _outcome_rows(data: dict, say) -> list[tuple[str, str]]:
    """The rows of the outcome the pack declares: a cooperative game's wins and
    shared score, wins by side, shared wins, games its own cap ended."""
    rows = []
    coop = data.get("cooperative")
    if coop:
        rows.append((say("sim-team-won", "team won"), f"{coop['won']} / {data['finished']}"))
        if coop["score_mean"] is not None:
            rows.append((say("sim-team-score", "shared score (mean, min..max)"),
                         f"{coop['score_mean']} ({coop['score_min']}..{coop['score_max']})"))
            rows.append((say("sim-team-scores", "shared scores (score: games)"),
                         ", ".join(f"{k}: {v}" for k, v in coop["scores"].items())))
    if data.get("wins_by_side"):
        rows.append((say("sim-wins-by-side", "wins by side"),
                     ", ".join(f"{k}: {v}" for k, v in data["wins_by_side"].items())))
    if data.get("shared_wins"):
        rows.append((say("sim-shared-wins", "shared wins (ties)"), str(data["shared_wins"])))
    if data.get("limit_ended"):
        rows.append((say("sim-limit-ended", "ended by the rules' own limit"), str(data["limit_ended"])))
    return rows


def _print_summary(data: dict, words=None) -> None:
    from rich.table import Table
    from waybill.console import console as make_console
    def say(mid: str, english: str, **args) -> str:      # the engine catalogue's words (spec/locales)
        return words.get(mid, args, english) if words else english

    if data["capped"]:
        # never hidden: a capped game is not finished, and its winner is not counted
        click.echo(say("sim-capped-first", f"{data['capped']} of {data['games']} games were stopped by a safety cap "
                       "and are not counted", capped=data["capped"], games=data["games"]))
    pack = say("pack-name", data["pack"])
    variants = [say(f"variant-{v}", v) for v in data["variants"]]
    title = say("sim-title", f"{pack}" + (f" + {', '.join(variants)}" if variants else "")
                + f": {data['games']} games, {data['players']} players, bot {data['bot']}",
                pack=pack, variants=", ".join(variants) or "none", games=data["games"], players=data["players"], bot=data["bot"])
    table = Table(title=title)
    table.add_column(say("sim-measure", "measure"))
    table.add_column(say("sim-value", "value"), justify="right")
    for key in ("games", "finished", "capped", "errors", "mean_rounds", "mean_actions"):
        table.add_row(say("sim-" + key.replace("_", "-"), key.replace("_", " ")), str(data[key]))
    def player(seat: int) -> str:     # seat 0 is Player 1 (README "Seats")
        return say("engine-player", f"Player {seat + 1}", number=seat + 1)

    wins = ", ".join(f"{player(int(k))}: {v}" for k, v in data["winners"].items())
    if data.get("outcome") not in ("cooperative", "teams"):   # (seats that win together: their rows say so)
        table.add_row(say("sim-wins", "wins"), wins or say("engine-none", "none"))
    first = data["seat_bots"][0] if data.get("seat_bots") else data["lineup"]
    table.add_row(say("sim-bots", "bots (first game)"), ", ".join(f"{player(i)}: {b}" for i, b in enumerate(first))
                  + (say("sim-rotated", " (rotated game by game)") if data["rotated"] else ""))
    if data["rotated"]:
        table.add_row(say("sim-wins-by-bot", "wins by bot"),
                      ", ".join(f"{b}: {v['wins']} / {v['games']}" for b, v in data["wins_by_bot"].items()))
    for row in _outcome_rows(data, say):
        table.add_row(*row)
    if "replay_mismatches" in data:
        table.add_row(say("sim-replay-mismatches", "replay mismatches"), str(len(data["replay_mismatches"])))
    if "invariant_violations" in data:
        table.add_row(say("sim-invariant-violations", "invariant violations"), str(len(data["invariant_violations"])))
    console = make_console()
    console.print(table)
    for e in data["error_samples"]:
        console.print(f"[red]seed {e['seed']}:[/red] {e['error']}", markup=True, highlight=False)


@main.command()
@click.argument("pack")
@_game_series_options(games=100)
@click.option("--bot", default="default", show_default=True, help="`default` (the pack's own bot) or `random`.")
@click.option("--round-cap", type=click.IntRange(1, MAX_ROUND_CAP), default=200, show_default=True,
              help="Safety cap: a game past this many rounds is stopped (and shown as capped).")
@click.option("--jobs", "-j", type=click.IntRange(0), default=1, show_default=True,
              help="Worker processes (0: one per CPU; never more than the games or the CPUs). "
                   "The report does not depend on it.")
@click.option("--scheduler", default=None, metavar="dask|tcp://HOST:PORT",
              help="Run the games on Dask: `dask` for a local cluster, or a running scheduler's address.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), default="balance.html",
              show_default=True, help="Write the HTML report here.")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE",
              help="Override a declared value for the run (repeatable): ENTITY.FIELD=V (gunner.cost=8), "
                   "ENTITY.copies=N, or COUNTER=V (its initial value).")
@click.option("--compare", nargs=2, default=None, metavar="A B",
              help='Play two arms on the same seeds and report the differences: each arm is changes separated '
                   'by spaces, KEY=VALUE overrides and +VARIANT variants ("gunner.cost=9" "gunner.cost=8"; "" is '
                   'the pack as written).')
@click.option("--json", "as_json", is_flag=True, help="Also print the report's figures as JSON.")
def balance(pack, players, games, seed, variants, bot, round_cap, jobs, scheduler, output, sets, compare,
            as_json) -> None:
    """Play GAMES bot games of PACK and write a balance report: win rate by seat,
    game length, win rate by the choices and cards the pack's `balance` block names,
    and capped games. The report is one HTML file that opens from disk.
    With --compare, the report shows two arms' differences and their significance."""
    from waybill.api import BOT_NAMES
    from waybill.simulate import simulate
    if bot not in BOT_NAMES:
        raise click.BadParameter(f"unknown bot {bot!r}; choose from {', '.join(BOT_NAMES)}", param_hint="--bot")
    _check_scheduler(scheduler)
    try:
        from waybill.balance.report import render
        from waybill.balance.stats import analyse, summary_lines
        import matplotlib  # noqa: F401
    except ImportError as exc:
        raise click.ClickException(f"the report needs the `balance` extra (pip install 'waybill[balance]'): {exc}")
    folder = os.path.dirname(os.path.abspath(output))
    if not (os.path.isdir(folder) and os.access(folder, os.W_OK)):     # before the games, not after
        raise click.ClickException(f"cannot write {output}: no writable folder {folder}")
    rules = _load(pack, variants)
    if sets or compare:
        from waybill.whatif import balance_whatif
        balance_whatif(rules, pack, players, games, seed, list(variants), bot, round_cap, jobs, scheduler, output,
                       sets, compare, as_json, _check_table, _workers, _terminal)
        return
    pack_id = rules.ir["pack"]["id"]
    _check_table(rules, players, seed, games)
    jobs = _workers(jobs, games, scheduler)
    from waybill.api import WaybillError
    run = dict(pack=pack_id, players=players, games=games, seed=seed, bot=bot, variants=list(variants),
               round_cap=round_cap, jobs=jobs, scheduler=scheduler)
    try:
        if as_json or not _terminal():
            summary = simulate(rules, **run)
        else:
            from rich.progress import Progress
            with Progress(transient=True) as bar:
                task = bar.add_task(f"{pack_id}: {games} games", total=games)
                summary = simulate(rules, **run, progress=lambda: bar.advance(task))
    except WaybillError as exc:
        _fail(exc)
    from dataclasses import asdict
    from waybill.balance.gather import names
    stats = analyse([asdict(r) for r in summary.records], players, rules.ir.get("balance"), names(rules))
    meta = {"pack": pack_id, "variants": list(variants), "players": players, "games": games, "seed": seed,
            "bot": bot, "round cap": round_cap}
    from waybill.whatif import write_report
    write_report(output, render(stats, meta))
    if as_json:
        click.echo(json.dumps(stats, indent=1))
    else:
        for line in summary_lines(stats):
            click.echo(line)
    click.echo(f"wrote {output}", err=True)


@main.command(name="test")
@click.argument("paths", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print outcomes as JSON.")
@click.option("--own", is_flag=True,
              help="Only the scenarios a pack declares itself, not those of the pack it extends.")
def test_cmd(paths: tuple[str, ...], as_json: bool, own: bool) -> None:
    """Run the scenarios of packs (names or folders; default: every shipped pack)."""
    from waybill.api import CompileError
    from waybill.compiler.loader import find_pack, packs_under
    from waybill.scenarios import run_pack
    targets = []
    for p in paths or tuple(shipped_packs()):
        if find_pack(p):
            targets.append(p)
        elif os.path.isdir(p):
            targets.extend(packs_under(p))
        else:
            raise click.BadParameter(f"no pack {p!r}", param_hint="PATHS")
    from waybill.api import WaybillError
    outcomes, broken = [], 0
    for t in targets:
        try:
            outcomes.extend(run_pack(t, own=own))
        except CompileError as exc:
            broken += 1
            click.echo(str(exc), err=True)
        except WaybillError as exc:
            broken += 1
            click.echo(_one_line(exc), err=True)
    if as_json:
        click.echo(json.dumps([o.__dict__ | {"passed": o.passed} for o in outcomes], indent=1))
    else:
        for o in outcomes:
            click.echo(o.render())
        failed = sum(1 for o in outcomes if not o.passed)
        click.echo(f"{len(outcomes) - failed} passed, {failed} failed")
    sys.exit(1 if broken or any(not o.passed for o in outcomes) else 0)


@main.command()
@click.argument("pack")
@click.option("--players", "-p", type=int, default=None, help="Seats at the table (default: the fewest the game allows).")
@click.option("--seed", "-s", type=int, default=1, show_default=True)
@click.option("--variant", "variants", multiple=True, help="A variant to apply (repeatable).")
@click.option("--human", "humans", default="0", show_default=True,
              help="Seats played by people, numbered from 0 (seat 0 is Player 1): `0`, `0,2`, or `none` to watch bots play.")
@click.option("--bot", default="default", show_default=True,
              help="The bot for the other seats, or a comma list with one per seat: `default` (the bot the pack "
                   "names), `random`, `search`, or a registered heuristic bot.")
@click.option("--think-ms", type=click.IntRange(0, MAX_THINK_MS), default=None,
              help="The search bot's time per decision in ms.")
@LANG_OPTION
def play(pack, players, seed, variants, humans, bot, think_ms, lang) -> None:
    """Play PACK in the terminal: people answer numbered options, bots fill the other seats.

    --human takes seat numbers from 0, as the API, the language and the views
    count them; the screen names seat 0 "Player 1" (README "Seats").
    """
    from waybill.play import play_terminal
    _check_bots(bot)
    rules = _load(pack, variants)
    from waybill.runtime.engine.arguments import player_range
    if players is None:
        players = player_range(rules)[0]
    _check_table(rules, players, seed)
    _check_bots(bot, players)
    text = humans.strip().lower()
    try:
        seats = set() if text in ("", "none") else {int(x) for x in text.split(",") if x.strip()}
    except ValueError:
        raise click.BadParameter(f"seats are numbers like 0 or 0,2 (or `none`), not {humans!r}",
                                 param_hint="--human") from None
    bad = sorted(s for s in seats if not 0 <= s < players)
    if bad:
        raise click.BadParameter(f"there is no seat {bad[0]}: with {players} players the seats are 0 to {players - 1}",
                                 param_hint="--human")
    from waybill.api import WaybillError
    try:
        play_terminal(rules, players, seed, seats, bot, lang, think_ms)
    except WaybillError as exc:   # a setup that fails (play_terminal reports errors once under way)
        _fail(exc)


def _check_table(rules, players: int, seed: int, games: int = 1) -> None:
    """Refuse, as a usage error, what Game.new would refuse for any of the games."""
    from waybill.runtime.engine.arguments import player_range, seed_problem
    from waybill.runtime.engine.plain import SAFE_INT
    lo, hi = player_range(rules)
    if not lo <= players <= hi:
        raise click.BadParameter(f"{rules.ir['pack']['id']} is for {lo} to {hi} players, not {players}", param_hint="--players")
    problem = seed_problem(seed)
    if problem:
        raise click.BadParameter(f"the seed {problem}", param_hint="--seed")
    if seed_problem(seed + games - 1):  # the seed is sound: the games carry the last one past the bound
        raise click.BadParameter(f"{games} games from seed {seed} would need seeds up to {seed + games - 1}, "
                                 f"beyond ±2**53: at most {SAFE_INT - seed + 1} game(s) from that seed",
                                 param_hint="--games")


@main.command()
@click.option("--quick", is_flag=True, help="Fewer repeats and games (a rough figure in seconds).")
@click.option("--pack", default="weds", show_default=True, help="The pack whose games are timed.")
@click.option("--players", type=click.IntRange(1, 64), default=4, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bench(quick: bool, pack: str, players: int, as_json: bool) -> None:
    """Time checking, compiling and playing (medians of repeated runs), by the wall clock and in CPU time."""
    from waybill.benchmarks import run
    from waybill.api import WaybillError
    try:
        data = run(pack, players, quick)
    except WaybillError as exc:     # e.g. more players than the pack allows
        raise click.ClickException(str(exc)) from None
    if as_json:
        click.echo(json.dumps(data, indent=1))
        return
    from rich.table import Table
    from waybill.console import console
    table = Table(title=f"waybill bench ({'quick' if quick else 'full'})")
    table.add_column("measure")
    table.add_column("wall clock", justify="right")
    table.add_column("CPU", justify="right")
    cpu = data.get("cpu", {})
    for key, value in data.items():
        if key != "cpu":
            table.add_row(key, str(value), str(cpu[key]) if key in cpu else "")
    console().print(table)


@main.command()
@click.argument("pack")
@click.option("--variant", "variants", multiple=True, help="A variant to apply (repeatable).")
@click.option("-o", "--output", "out_dir", required=True, type=click.Path(file_okay=False),
              help="The folder to write index.html into (made if missing).")
@LANG_OPTION
def cards(pack: str, variants: tuple[str, ...], out_dir: str, lang: str | None) -> None:
    """Write an HTML gallery of PACK's cards: printed text beside the rules rendered from the code."""
    from waybill.cards import build_gallery
    gallery = build_gallery(pack, list(variants), lang=lang)
    if gallery.html is None:
        click.echo(gallery.report.render(), err=True)
        sys.exit(1)
    path = os.path.join(out_dir, "index.html")
    try:
        os.makedirs(out_dir, exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(gallery.html)
    except OSError as exc:
        raise click.ClickException(f"cannot write {path}: {exc.strerror or exc}") from None
    click.echo(f"wrote {path} ({gallery.cards} cards)")


@main.command()
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write the reference here (else print it).")
@click.option("--check", "check_only", is_flag=True, help="With -o: exit 1 if the file is not current.")
def docs(output: str | None, check_only: bool) -> None:
    """The language reference (primitives, functions, events, statements), from the primitive table."""
    from waybill.reference import reference_markdown
    text = reference_markdown()
    if not output:
        if check_only:
            raise click.UsageError("--check needs -o FILE")
        click.echo(text, nl=False)
        return
    if check_only:
        try:
            with open(output, encoding="utf-8") as fh:
                current = fh.read() == text
        except OSError:
            current = False
        if not current:
            click.echo(f"{output} is not current: run `waybill docs -o {output}`", err=True)
            sys.exit(1)
        return
    try:
        with open(output, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as exc:
        raise click.ClickException(f"cannot write {output}: {exc.strerror or exc}") from None
    click.echo(f"wrote {output}")


@main.command()
def lsp() -> None:
    """Run the language server on stdio (for editors; needs the `lsp` extra: pip install 'waybill[lsp]')."""
    try:
        from waybill.lsp.server import main as serve
    except ImportError as exc:
        raise click.ClickException(f"the language server needs pygls ({exc.name} is missing): "
                                   "pip install 'waybill[lsp]'")
    serve()


class Seconds(click.ParamType):
    """A finite number of seconds from 0 to MAX: FloatRange lets `nan`
    through (every comparison with it is false) and `inf`."""
    name = "seconds"
    MAX = 10 * 365 * 86400  # ten years: longer is a mistake, not a wish

    def convert(self, value, param, ctx):
        try:
            n = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if not math.isfinite(n) or not 0 <= n <= self.MAX:
            self.fail(f"{value!r} is not a number of seconds from 0 to {self.MAX} (ten years)", param, ctx)
        return n


@main.command()
@click.argument("packs", nargs=-1)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="Port to listen on.")
@click.option("--data", type=click.Path(file_okay=False), help="Keep games here (JSON), and resume them on restart.")
@click.option("--max-games", type=click.IntRange(1), default=200, show_default=True,
              help="Games in play at once (finished games do not count).")
@click.option("--finished-ttl", type=Seconds(), default=3600, show_default=True,
              help="Seconds a finished game stays readable.")
@click.option("--abandoned-ttl", type=Seconds(), default=86400, show_default=True,
              help="Seconds a game in play is kept with no request for it.")
@click.option("--games-per-address", type=click.IntRange(0), default=10, show_default=True,
              help="Games in play one client address may have started (0: no bound).")
@click.option("--connections-per-address", type=click.IntRange(0), default=16, show_default=True,
              help="Open connections of one client address (0: no bound).")
@click.option("--stdio", is_flag=True, help="Speak JSON lines on stdin/stdout instead of HTTP.")
@LANG_OPTION
def serve(packs, host, port, data, max_games, finished_ttl, abandoned_ttl, games_per_address,
          connections_per_address, stdio, lang) -> None:
    """Serve PACKS (shipped names or pack folders; all shipped packs if none) to
    browsers and programs: a web page at /, the JSON protocol under /api."""
    try:
        from waybill.serve import Store, offer
    except ImportError as exc:
        raise click.ClickException(f"serving needs the `serve` extra (pip install 'waybill[serve]'): {exc}")
    from waybill.api import WaybillError
    try:
        store = Store(offer(packs), data, max_games, lang=lang, finished_ttl=finished_ttl,
                      abandoned_ttl=abandoned_ttl, games_per_address=games_per_address)
    except WaybillError as exc:
        raise click.ClickException(str(exc)) from None
    except OSError as exc:
        raise click.ClickException(f"cannot use the data folder {data}: {exc}") from None
    for why in store.skipped:
        click.echo(f"not resumed: {why}", err=True)
    if store.cleaned:
        click.echo(f"removed {len(store.cleaned)} temporary file(s) of interrupted saves", err=True)
    if stdio:
        from waybill.serve.stdio import serve_lines
        serve_lines(store, sys.stdin, sys.stdout)
        return
    from waybill.serve.app import run
    from waybill.serve.guard import Limits
    names = ", ".join(store.packs)
    click.echo(f"waybill serve: {names} on http://{host}:{port}/ ({len(store.tables)} game(s) resumed)", err=True)
    run(store, host, port, Limits(per_address=connections_per_address))



# --- i18n ---------------------------------------------------------------------------

@main.group()
def i18n() -> None:
    """Catalogues of player-facing text (Project Fluent, `PACK/locales/LANG.ftl`)."""


@i18n.command(name="extract")
@click.argument("pack")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write here instead of PACK/locales/en.ftl.")
def i18n_extract(pack: str, output: str | None) -> None:
    """Write (or update) the English catalogue of PACK from its content."""
    from waybill.api import CompileError
    from waybill.i18n import extract
    try:
        path, n, changed = extract(pack, output)
    except CompileError as exc:
        click.echo(str(exc), err=True)
        sys.exit(1)
    click.echo(f"{path}: {n} messages" + ("" if changed else " (unchanged)"))


@i18n.command(name="rekey")
@click.argument("pack")
def i18n_rekey(pack: str) -> None:
    """Carry PACK's translations over changed message ids (same place, same English), then rewrite en.ftl."""
    from waybill.api import CompileError
    from waybill.rekey import rekey
    try:
        table, changed = rekey(pack)
    except CompileError as exc:
        click.echo(str(exc), err=True)
        sys.exit(1)
    click.echo(f"{len(table)} id(s) renamed" + "".join(f"\n  {o} -> {n}" for o, n in sorted(table.items())))
    for path in changed:
        click.echo(f"wrote {path}")


@i18n.command(name="coverage")
@click.argument("pack")
@click.option("--lang", required=True, callback=_check_lang, help="The language to count (e.g. ru).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON: {total, translated, missing}.")
def i18n_coverage(pack: str, lang: str, as_json: bool) -> None:
    """How much of PACK's text a language's catalogue translates."""
    from waybill.api import CompileError
    from waybill.i18n import coverage
    try:
        data = coverage(pack, lang)
    except CompileError as exc:
        click.echo(str(exc), err=True)
        sys.exit(1)
    if as_json:
        click.echo(json.dumps(data, indent=1))
        return
    pct = 100.0 * data["translated"] / data["total"] if data["total"] else 100.0
    click.echo(f"{data['file']}: {data['translated']}/{data['total']} translated ({pct:.1f}%), "
               f"{len(data['missing'])} missing (shown in English)")
    for k in data["missing"][:20]:
        click.echo(f"  {k}")
    if len(data["missing"]) > 20:
        click.echo(f"  ... and {len(data['missing']) - 20} more (--json lists all)")


@i18n.command(name="pseudo")
@click.argument("pack")
@click.option("--lang", default="qps", show_default=True, callback=_check_lang, help="The pseudo-language's code.")
def i18n_pseudo(pack: str, lang: str) -> None:
    """Write PACK/locales/LANG.ftl: the English catalogue in capitals, to see untranslated text."""
    from waybill.api import CompileError
    from waybill.i18n import catalogue_path, extract, pseudo
    try:
        path, _, _ = extract(pack)
        folder = os.path.dirname(os.path.dirname(path))
        dest = catalogue_path(folder, lang)
        n = pseudo(path, dest, folder)
    except CompileError as exc:
        click.echo(str(exc), err=True)
        sys.exit(1)
    click.echo(f"{dest}: {n} messages")


__all__ = ["main", "shipped_packs"]
