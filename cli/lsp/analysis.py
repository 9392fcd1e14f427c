"""Checking a pack as `waybill check` does, from the server's parsed files.

One `Workspace` holds the text of every open document, the last parse of
every file it has read, and the last analysis of each pack. After an edit
only the edited file is parsed again (and only its changed declarations,
see `documents`); the pack's other files, and its base pack's, reuse their
syntax trees; then names are resolved over the whole pack (`build_program`,
which is what makes a diagnostic in one file appear when a name it uses is
removed in another), and only the declarations the edit can affect are
checked again (`incremental`): the edited ones, and those that look up a
name whose declaration changed.

Two passes, as the server publishes them: first the pack as it is; then
(`finish`) what `waybill check` adds: the pack with all its variants, and
the rules-text lint (W6xx), which reads the whole lowered pack.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from typing import Callable

from waybill.api import bot_settings
from waybill.compiler import drop_unsure_unused
from waybill.compiler.loader import PackSource, SourceFile, display_path
from waybill.compiler.lower import Lowerer
from waybill.compiler.symbols import Program, build_program
from waybill.dsl import ast
from waybill.dsl.diagnostics import Diagnostic, Report, Span
from waybill.spec.files import read_regular
from waybill.dsl.parser import MAX_FILE_BYTES, decode

from . import packs
from .documents import ParsedFile, parse_text
from .incremental import SYMBOL_UNITS, LoweringMemo


@dataclass
class Analysis:
    """One check of one pack (or of one file outside any pack)."""

    folder: str | None
    program: Program | None
    pack: PackSource | None
    diagnostics: dict[str, list[Diagnostic]] = field(default_factory=dict)  # absolute path -> its diagnostics
    files: list[str] = field(default_factory=list)  # every file read, base packs' included
    complete: bool = True  # False until the second pass (variants, rules-text lint) has run
    lint: bool = False  # the second pass lints the rules text (the first found no error)
    variant_only: dict[str, list[Diagnostic]] = field(default_factory=dict)  # found only by that pass
    report: Report | None = None
    _index: object = None

    @property
    def index(self):
        """The name index, built on first use (not on every keystroke)."""
        if self._index is None:
            from .index import build_index
            self._index = build_index(self)
        return self._index

    def parsed_modules(self) -> list[SourceFile]:
        out, layer = [], self.pack
        while layer is not None:
            out.extend(layer.files)
            layer = layer.base
        return out


class Workspace:
    def __init__(self) -> None:
        self.open_texts: dict[str, str] = {}  # absolute path -> the editor's text
        self.parsed: dict[str, ParsedFile] = {}
        self.analyses: dict[str, Analysis] = {}  # pack folder (or file, outside packs) -> analysis
        self.memos: dict[str, LoweringMemo] = {}  # pack folder -> its declarations' last checks
        self.readings: dict[str, packs.Reading] = {}  # pack folder -> what the loader last found
        self.disk: dict[str, tuple] = {}  # path -> the stat of the file when last read from disk
        self.oversized: dict[str, str] = {}  # open documents too large to analyse -> why (the server's bounds)
        # Called between steps that leave nothing half done; the server's worker
        # stops an abandoned analysis there (it raises).
        self.checkpoint: Callable[[], None] = _nothing

    # ---- documents ----------------------------------------------------------------
    def set_text(self, path: str, text: str) -> None:
        self.open_texts[name(path)] = text
        self.oversized.pop(name(path), None)
        self.analyses.clear()  # any pack may include or extend this file

    def set_oversized(self, path: str, message: str) -> None:
        """An open document that is not analysed: its one diagnostic is `message` (E106)."""
        self.open_texts[name(path)] = ""
        self.oversized[name(path)] = message
        self.analyses.clear()

    def close(self, path: str) -> None:
        self.open_texts.pop(name(path), None)
        self.oversized.pop(name(path), None)
        self.analyses.clear()

    def forget_checks(self) -> None:
        """After an analysis was stopped by force: whatever it was building may
        be half done (the per-declaration memos); the next one starts afresh."""
        self.analyses.clear()
        self.memos.clear()

    def text_of(self, path: str) -> str | None:
        path = name(path)
        if path in self.open_texts:
            return self.open_texts[path]
        parsed = self.source(path)
        return parsed.text if parsed is not None else None

    def source(self, path: str) -> ParsedFile | None:
        """The parse of a file: the editor's text when open, else the disk's."""
        path = name(path)
        if path in self.oversized:
            diag = Diagnostic(path, Span.point(1, 1), "error", "E106", self.oversized[path])
            return ParsedFile(path, "", ast.Module(path, []), [diag])
        text = self.open_texts.get(path)
        seen = None
        if text is None:
            seen = _stat(path)
            if seen is not None and path in self.parsed and self.disk.get(path) == seen:
                return self.parsed[path]  # not open, and unchanged on disk since read
            try:  # a regular file only: a FIFO or a device is not waited on
                data = read_regular(path, MAX_FILE_BYTES + 1)
            except (OSError, ValueError):  # ValueError: a NUL in the path
                return None
            text, diags = decode(data, path)
            if text is None:
                return ParsedFile(path, "", ast.Module(path, []), diags)
        parsed = parse_text(text, path, self.parsed.get(path), checkpoint=self.checkpoint)
        # both at once, after the parse: a parse stopped half-way leaves the last one in place
        self.parsed[path] = parsed
        if seen is None:
            self.disk.pop(path, None)
        else:
            self.disk[path] = seen
        return parsed

    # ---- analysis -------------------------------------------------------------------
    def analysis_for(self, path: str, complete: bool = True) -> Analysis:
        """The pack's analysis; `complete=False` may skip the second pass
        (the pack with its variants), which `finish` runs later. Files are
        named as `waybill check` names them (`display_path`)."""
        path = name(path)
        folder = packs.pack_folder_of(path)
        key = folder or path
        found = self.analyses.get(key)
        if found is None:
            found = self.analyze_pack(folder) if folder else self.analyze_file(path)
            self.analyses[key] = found
        if complete and not found.complete:
            self.finish(found)
        return found

    def finish(self, analysis: Analysis) -> None:
        """The second pass of `waybill check`: the rules-text lint of the pack
        as it is, and the pack with all its variants applied, so that the code
        inside `variant` blocks is checked too.

        It works on a copy of the first pass's report and changes `analysis`
        only at the end: stopped at a checkpoint (or anywhere), it can be run
        again (it builds its own lowerings, never the memos)."""
        if analysis.complete or analysis.report is None or analysis.pack is None:
            return
        report = Report(list(analysis.report.diagnostics), dict(analysis.report.sources))
        before = {_key(d) for d in report.diagnostics}
        self.checkpoint()
        if analysis.lint:
            _lint(analysis.pack, report, self.checkpoint)
            self.checkpoint()
        if analysis.program.variants:
            _check(analysis.pack, sorted(analysis.program.variants), report, checkpoint=self.checkpoint)
            self.checkpoint()
        done = _collect(analysis.folder, analysis.program, analysis.pack, report)
        variant_only: dict[str, list[Diagnostic]] = {}
        for d in report.sorted():
            if _key(d) not in before:
                variant_only.setdefault(d.file, []).append(d)
        analysis.report, analysis.diagnostics, analysis.variant_only = report, done.diagnostics, variant_only
        analysis.complete = True

    def analyze_pack(self, folder: str) -> Analysis:
        """`waybill check FOLDER`: the pack (and, in `finish`, the pack with all its variants)."""
        report = Report()
        pack = packs.read_pack(folder, self.source, report, self.readings)
        self.checkpoint()  # the last safe point: the memo below is changed as the pack is checked
        memo = self.memos.setdefault(folder, LoweringMemo())
        program = _check(pack, (), report, memo, [self.parsed[f] for f in _files_of(pack) if f in self.parsed])
        out = _collect(folder, program, pack, report)
        out.lint = pack.name is not None and not report.errors
        out.complete = not program.variants and not out.lint
        return out

    def analyze_file(self, path: str) -> Analysis:
        """`waybill check FILE` for a file outside any pack."""
        report = Report()
        parsed = self.source(path)
        if parsed is None:
            report.add(Diagnostic(path, Span.point(1, 1), "error", "E107", "cannot read file"))
            return _collect(None, None, None, report)
        report.extend(parsed.diagnostics)
        pack = PackSource(os.path.dirname(os.path.abspath(path)), None, [SourceFile(path, parsed.module, ok=parsed.ok)])
        program = _check(pack, (), report, checkpoint=self.checkpoint)
        return _collect(None, program, pack, report)


def _nothing() -> None:
    pass


def _stat(path: str) -> tuple | None:
    """What tells a regular file changed on disk; None for anything else (read every time)."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    return (st.st_mtime_ns, st.st_ctime_ns, st.st_size, st.st_ino)


def name(path: str) -> str:
    """A file as `waybill check` names it: relative to the working folder when inside it."""
    return display_path(os.path.abspath(path))


class StoppableLowerer(Lowerer):
    """The compiler's Lowerer, calling `checkpoint` before each declaration.
    For a lowering from scratch only (it changes nothing but itself and its
    report, so stopping it anywhere leaves nothing half done); the memo's
    lowering is not stopped inside."""

    def __init__(self, program: Program, report: Report, bots: dict | None = None,
                 checkpoint: Callable[[], None] | None = None):
        super().__init__(program, report, bots)
        self.checkpoint = checkpoint or _nothing


def _stoppable(unit: str):
    method = getattr(Lowerer, unit)

    def lowered(self: StoppableLowerer, *args):
        self.checkpoint()
        return method(self, *args)
    lowered.__name__ = unit
    return lowered


for _unit in SYMBOL_UNITS + ("rule",):
    setattr(StoppableLowerer, _unit, _stoppable(_unit))


def _check(pack: PackSource, variants, report: Report, memo: LoweringMemo | None = None,
           parsed: list[ParsedFile] = (), checkpoint: Callable[[], None] | None = None) -> Program | None:
    """Resolve and check; with a memo, only what changed since its last check is lowered."""
    start = len(report.diagnostics)
    program = build_program(pack, list(variants), report)
    if memo is not None and not variants:
        memo.lower(program, report, list(parsed))
    else:
        StoppableLowerer(program, report, bot_settings(), checkpoint).lower()
    drop_unsure_unused(program, report, start)  # as `waybill check` does
    if program.pack is not None and not (program.symbols or program.rules or program.game) and not program.broken:
        report.add(Diagnostic(program.pack_file or "?", program.pack.span, "error", "E205",
                              f"pack `{program.pack.name}` declares nothing"))
    return program


def _lint(pack: PackSource, report: Report, checkpoint: Callable[[], None] | None = None) -> None:
    """The rules-text warnings, as `waybill check` gives them for the pack as it
    is: from a lowering from scratch (the lint reads positions from the IR)."""
    from waybill.compiler.lint_text import lint_rules_text
    ir = StoppableLowerer(build_program(pack, [], Report()), Report(), checkpoint=checkpoint).lower()
    if checkpoint is not None:
        checkpoint()
    lint_rules_text(ir, report)


def _files_of(pack: PackSource) -> list[str]:
    out, layer = [], pack
    while layer is not None:
        out.extend(f.path for f in layer.files)
        layer = layer.base
    return out


def _key(d: Diagnostic) -> tuple:
    return (d.file, d.span, d.code, d.message)


def _collect(folder: str | None, program: Program | None, pack: PackSource | None, report: Report) -> Analysis:
    out = Analysis(folder, program, pack, report=report)
    layer = pack
    while layer is not None:
        out.files.extend(f.path for f in layer.files)
        layer = layer.base
    for d in report.sorted():
        out.diagnostics.setdefault(d.file, []).append(d)
    return out
