"""The `waybill` command line: check, compile, schema, list, fmt, play, sim, test, bench."""

from __future__ import annotations

import json
import os
import sys

import click

from waybill.compiler import check_paths, compile_pack, list_declarations, shipped_packs
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


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="waybill")
def main() -> None:
    """Waybill: write tabletop games as rules, check them, play them."""


@main.command()
@click.argument("paths", nargs=-1)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              help="`json` prints a JSON array of diagnostics.")
def check(paths: tuple[str, ...], fmt: str) -> None:
    """Check packs, folders of packs, files or shipped packs (default: every shipped pack).

    Exit status: 0 clean (warnings allowed), 1 errors.
    """
    report = check_paths(list(paths))
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
def schema() -> None:
    """Print the IR's JSON Schema."""
    from waybill.compiler.schema import shipped_schema
    click.echo(json.dumps(shipped_schema(), indent=1, sort_keys=True))


@main.command(name="list")
@click.argument("pack")
@click.option("--kind", help="Only declarations of this kind.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def list_cmd(pack: str, kind: str | None, as_json: bool) -> None:
    """Every named declaration of PACK and its variants."""
    rows, report = list_declarations(pack)
    if report.errors and not rows:
        click.echo(report.render(), err=True)
        sys.exit(1)
    if kind:
        rows = [r for r in rows if r["kind"] == kind]
    if as_json:
        click.echo(json.dumps(rows, indent=1))
        return
    from rich.console import Console
    from rich.table import Table
    table = Table(title=f"{pack}: {len(rows)} declarations")
    for col in ("kind", "id", "name", "file", "line"):
        table.add_column(col)
    for r in rows:
        table.add_row(r["kind"], r["id"], r["name"], r["file"], str(r["line"]))
    Console().print(table)


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--check", "check_only", is_flag=True, help="Only report files that would change (exit 1).")
def fmt(paths: tuple[str, ...], check_only: bool) -> None:
    """Format .wb files (or every .wb file under a folder) in the canonical layout."""
    from waybill.dsl.formatter import format_source
    changed = []
    for path in _wb_files(paths):
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except (OSError, UnicodeDecodeError) as exc:
            click.echo(f"{path}: cannot read: {exc}", err=True)
            sys.exit(1)
        new = format_source(text)
        if new != text:
            changed.append(path)
            if not check_only:
                with open(path, "w", encoding="utf-8") as fh:
                    fh.write(new)
    for path in changed:
        click.echo(("would reformat " if check_only else "reformatted ") + path)
    if check_only and changed:
        sys.exit(1)


def _wb_files(paths) -> list[str]:
    out = []
    for p in paths:
        if os.path.isdir(p):
            for dirpath, dirnames, filenames in os.walk(p):
                dirnames.sort()
                out.extend(os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith(".wb"))
        elif os.path.isfile(p):
            out.append(p)
        else:
            raise click.BadParameter(f"no such file or folder: {p}", param_hint="PATHS")
    return out


__all__ = ["main", "shipped_packs"]
