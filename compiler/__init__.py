"""The Waybill compiler: packs of `.wb` files to a checked JSON IR.

Reading a pack (loader), resolving its names (symbols), checking and lowering
to the IR (lower, with a module per family of declarations), the IR's JSON
Schema (schema), the rules-text lint, the catalogue checks and the check cache.
It is given what it needs from above (the bots a pack may name).

May import: waybill.spec, waybill.dsl, waybill.content
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from waybill.dsl.diagnostics import Diagnostic, Report, Span, suggest

from .loader import (PackSource, Source, SourceFile, checkable, display_path, find_pack, links_out, loose_files, packs_under, read_pack,
                     shipped_packs, unincluded_files)

if TYPE_CHECKING:
    from .symbols import Program

# The parser, the checker and the lowering load on first use: `waybill check`
# with nothing changed (see check_cache) needs none of them.
_LAZY = {"IR_FORMAT": "lower", "Lowerer": "lower", "Program": "symbols", "build_program": "symbols"}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib
        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["CompileResult", "compile_pack", "check_paths", "IR_FORMAT", "shipped_packs", "list_declarations"]


@dataclass
class CompileResult:
    ir: dict | None
    report: Report
    program: Program | None
    scenarios: list | None = None

    @property
    def ok(self) -> bool:
        return not self.report.errors


def locate_pack(name_or_path: str, report: Report) -> str | None:
    """The folder of a pack given by path or shipped name, or None with an E204/E206."""
    folder = find_pack(name_or_path)
    if folder is None and os.path.isdir(name_or_path):
        report.add(Diagnostic(name_or_path, Span.point(1, 1), "error", "E204", f"`{name_or_path}` has no pack.wb",
                              "a pack folder holds a pack.wb that starts with `pack NAME`"))
    elif folder is None:
        report.add(Diagnostic(name_or_path, Span.point(1, 1), "error", "E206", f"no pack `{name_or_path}`",
                              suggest(name_or_path, shipped_packs()) or
                              "give a shipped pack's name or a folder holding pack.wb"))
    return folder


def compile_pack(name_or_path: str, variants: list[str] | tuple[str, ...] = (), report: Report | None = None,
                 bots: dict[str, frozenset] | None = None) -> CompileResult:
    """Compile a shipped pack (by name) or a pack folder; never raises on bad content.

    ``bots``: the bots a pack may name, each with the settings it takes
    (``waybill.bots.bot_settings()``; the public API gives it); None: not checked."""
    report = report if report is not None else Report()
    folder = locate_pack(name_or_path, report)
    if folder is None:
        return CompileResult(None, report, None)
    return _compile_source(read_pack_checked(folder, report), variants, report, bots)


def read_pack_checked(folder: str, report: Report, source: Source | None = None) -> PackSource:
    """A pack's files, with the .wb files in its folder that nothing includes
    checked too (``source`` as in ``loader.read_pack``: an editor's texts)."""
    pack = read_pack(folder, report, source=source)
    for path in unincluded_files(pack):
        _check_loose(path, report, warn_unincluded=True, source=source)
    for path in links_out(pack):  # never read: its lines are not the pack's to print
        report.add(Diagnostic(display_path(path), Span.point(1, 1), "warning", "W502",
                              "this name in the pack folder is a link to a file outside it; it is not read",
                              "copy the file into the pack, or remove the link"))
    return pack


def _compile_source(pack: PackSource, variants: list[str] | tuple[str, ...], report: Report,
                    bots: dict[str, frozenset] | None = None) -> CompileResult:
    """Compile a pack already read; its syntax trees are only read, so one
    reading serves several compilations (the pack, then with its variants)."""
    from .lower import Lowerer
    from .symbols import build_program
    start = len(report.diagnostics)
    program = build_program(pack, list(variants), report)
    lowerer = Lowerer(program, report, bots)
    ir = lowerer.lower()
    if ir is not None and not any(d.is_error for d in report.diagnostics[start:]):
        _check_names(ir, program, report)
        from .said import resolve_said
        resolve_said(ir, lowerer.scenario_irs, report, program.files)
    drop_unsure_unused(program, report, start)
    if program.pack is not None and not _has_content(program) and not program.broken:
        report.add(Diagnostic(program.pack_file or "?", program.pack.span, "error", "E205",
                              f"pack `{program.pack.name}` declares nothing"))
    return CompileResult(None if report.errors else ir, report, program, lowerer.scenario_irs)


def _check_names(ir: dict, program: Program, report: Report) -> None:
    """E302: a name given with `as` twice where programs must tell them apart
    (two decisions of one declaration, two texts of one declaration)."""
    from waybill.spec.messages import name_clashes
    files = program.files
    for at, what in name_clashes(ir):
        if type(at) is list and len(at) == 3 and 0 <= at[0] < len(files):
            where, span = files[at[0]], Span.point(at[1], at[2])
        else:
            where, span = program.pack_file or "?", Span.point(1, 1)
        report.add(Diagnostic(where, span, "error", "E302", what,
                              "give each its own name: bots and scenarios tell them apart by it (its message id)"))


def drop_unsure_unused(program: Program, report: Report, start: int) -> None:
    """Once a declaration is lost to a syntax error, it may be what used an
    "unused" one: the W501s found since `start` are no longer sure, so dropped."""
    if program.broken:
        report.diagnostics[start:] = [d for d in report.diagnostics[start:] if d.code != "W501"]


def _has_content(program: Program) -> bool:
    return bool(program.symbols) or bool(program.rules) or program.game is not None


def _check_loose(path: str, report: Report, warn_unincluded: bool = False, source: Source | None = None) -> None:
    from waybill.dsl.parser import parse_file
    shown = display_path(path)
    module, diags, text = (source or parse_file)(path, shown)
    if text is not None:
        report.sources[shown] = text
    report.extend(diags)
    if warn_unincluded:
        report.add(Diagnostic(shown, Span.point(1, 1), "warning", "W502",
                              "this file is in the pack folder but no `include` reads it",
                              "include it from pack.wb, or move it out of the pack"))


def check_file(path: str, report: Report, bots: dict[str, frozenset] | None = None) -> None:
    """Check one loose file on its own: syntax, then names within the file."""
    from waybill.dsl.parser import parse_file

    from .lower import Lowerer
    from .symbols import build_program
    shown = display_path(path)
    module, diags, text = parse_file(path, shown)
    if text is not None:
        report.sources[shown] = text
    report.extend(diags)
    pack = PackSource(os.path.dirname(os.path.abspath(path)), None,
                      [SourceFile(shown, module, ok=checkable(module, diags, text))])
    start = len(report.diagnostics)
    program = build_program(pack, [], report)
    lowerer = Lowerer(program, report, bots)
    ir = lowerer.lower()
    if ir is not None and not any(d.is_error for d in report.diagnostics[start:]):
        _check_names(ir, program, report)
        from .said import resolve_said
        resolve_said(ir, lowerer.scenario_irs, report, program.files)
    drop_unsure_unused(program, report, start)


def check_pack(name_or_path: str, report: Report, cached: bool = False, bots: dict[str, frozenset] | None = None) -> None:
    """Check a pack as it is, then once more with all its variants applied,
    so that the code inside `variant` blocks is checked too (a variant's
    declarations replace the pack's, so they are only lowered when applied).

    `cached`: read back what the last check of the pack found when nothing
    it depends on has changed, and keep what this one finds (see check_cache)."""
    folder = locate_pack(name_or_path, report)
    if folder is None:
        return
    from . import check_cache
    if not (cached and check_cache.enabled()):
        _check_pack_in(folder, report, bots)
        return
    given = check_cache.given_digest(bots)
    if check_cache.replay(folder, report, given):
        return
    listed = check_cache.listing(folder)
    fresh = Report()
    pack = _check_pack_in(folder, fresh, bots)
    check_cache.store(folder, pack, fresh, listed, given)
    report.extend(fresh.diagnostics)
    report.sources.update(fresh.sources)


def _check_pack_in(folder: str, report: Report, bots: dict[str, frozenset] | None = None) -> PackSource:
    pack = read_pack_checked(folder, report)
    result = _compile_source(pack, (), report, bots)
    _lint_rules_text(result.ir, report)
    from .offered import lint_offered
    lint_offered(result.ir, result.scenarios, report)
    variants = sorted(result.program.variants) if result.program else []
    variant_irs = []
    if variants:
        together = _compile_source(pack, variants, report, bots)
        lint_offered(together.ir, together.scenarios, report, only_variants=True)
        if together.ir is not None and result.ir is not None:
            quiet = Report()          # one variant at a time: only for the messages it adds
            variant_irs = [r.ir for r in (_compile_source(pack, [v], quiet, bots) for v in variants) if r.ir is not None]
    if result.ir is not None:
        from .catalogues import check_catalogues, pack_messages_of
        check_catalogues(result.ir, report, pack_messages_of(result, variant_irs), folder)
    return pack


def _lint_rules_text(ir: dict | None, report: Report) -> None:
    """W6xx: printed card text against the card's code (for the pack as it is)."""
    from .lint_text import lint_rules_text
    lint_rules_text(ir, report)


def check_paths(paths: list[str], cached: bool = False, bots: dict[str, frozenset] | None = None) -> Report:
    """`waybill check`: packs, folders of packs, single files or shipped names.

    `cached`: use the check cache for packs (see `check_pack`)."""
    report = Report()
    targets = paths or list(shipped_packs().values())
    for target in targets:
        if os.path.isdir(target):
            if find_pack(target):
                check_pack(target, report, cached, bots)
                continue
            folders, loose = packs_under(target), loose_files(target)
            for folder in folders:
                check_pack(folder, report, cached, bots)
            for path in loose:
                check_file(path, report, bots)
            if not folders and not loose:
                report.add(Diagnostic(target, Span.point(1, 1), "error", "E204",
                                      f"`{target}` holds no pack.wb and no .wb file"))
        elif os.path.lexists(target):  # a file, or a FIFO, device or broken link: E107 when read
            folder = find_pack(target)
            if folder:
                check_pack(folder, report, cached, bots)
            else:
                check_file(target, report, bots)
        elif target in shipped_packs():
            check_pack(target, report, cached, bots)
        else:
            report.add(Diagnostic(target, Span.point(1, 1), "error", "E206",
                                  f"`{target}` is neither a file, a folder nor a shipped pack",
                                  suggest(target, shipped_packs())))
    _check_engine_words(report, cached)
    return report


def _check_engine_words(report: Report, cached: bool = False) -> None:
    """The engine's own catalogues (spec/locales: what every game, `waybill play`
    and the web page say) are checked with every pack: said only when wrong.
    `cached`: a check found clean before is not done again (the check cache)."""
    from . import catalogues, check_cache
    folder = catalogues.ENGINE_DIR
    digest = check_cache.engine_digest(folder) if cached and check_cache.enabled() else None
    if digest is not None and check_cache.engine_clean(digest):
        return
    engine = Report()
    catalogues.check_engine_catalogues(engine, folder)
    report.extend(engine.diagnostics)
    said = {d.file for d in engine.diagnostics}
    report.sources.update({f: text for f, text in engine.sources.items() if f in said})
    if digest is not None and not engine.diagnostics:
        check_cache.remember_engine_clean(digest)


def list_declarations(name_or_path: str) -> tuple[list[dict], Report]:
    """Every named declaration of a pack and its variants: {kind, id, name, file, line}."""
    from waybill.dsl import ast

    from .symbols import build_program
    report = Report()
    folder = locate_pack(name_or_path, report)
    if folder is None:
        return [], report
    pack = read_pack(folder, report)
    program = build_program(pack, [], report)
    rows = []
    for s in program.symbols.values():
        kind = s.decl.kind if s.category == "entity" else s.category
        rows.append({"kind": kind, "id": s.name, "name": s.decl.title or s.name, "file": s.file,
                     "line": s.decl.name_span.line})
    for s in program.variants.values():
        rows.append({"kind": "variant", "id": s.name, "name": s.decl.title or s.name, "file": s.file,
                     "line": s.decl.name_span.line})
        for item in s.decl.items:
            if isinstance(item, ast.Decl) and not isinstance(item, ast.RemoveDecl):
                kind = item.kind if isinstance(item, ast.EntityDecl) else _category(item)
                rows.append({"kind": kind, "id": item.name, "name": item.title or item.name, "file": s.file,
                             "line": item.name_span.line, "variant": s.name})
    for s in program.scenarios:
        rows.append({"kind": "scenario", "id": s.name, "name": s.decl.title or s.name, "file": s.file,
                     "line": s.decl.name_span.line})
    return rows, report


def _category(item) -> str:
    from .symbols import CATEGORY
    return CATEGORY.get(type(item), "declaration")
