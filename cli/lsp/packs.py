"""Reading a pack with the compiler's own loader, from the server's parsed files.

The loader takes a `source` that reads and parses one file; the server's
returns the editor's unsaved text for open files and reuses earlier parses.

What the loader finds (which files a pack reads, its base pack, its own
diagnostics: includes not found, files nothing includes...) depends only on
the folders' listings and on each file's `include`s and `pack` declaration.
So a reading is kept (`Reading`) and, after an edit, given again with the
files' new syntax trees, without the loader's file-system work, as long as
no folder of the packs changed (its modification time) and no file's
includes or pack declaration changed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Callable

from waybill.compiler import read_pack_checked
from waybill.compiler.loader import PACK_FILE, PackSource, SourceFile, checkable, find_pack
from waybill.compiler.loader import Source as LoaderSource
from waybill.dsl import ast
from waybill.dsl.diagnostics import Diagnostic, Report, Span

from .documents import ParsedFile

Source = Callable[[str], ParsedFile | None]  # absolute path -> its parse, or None when unreadable


def pack_folder_of(path: str) -> str | None:
    """The nearest folder above `path` that holds a pack.wb."""
    folder = os.path.dirname(os.path.abspath(path))
    while True:
        if os.path.isfile(os.path.join(folder, PACK_FILE)):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


@dataclass
class Reading:
    """One reading of a pack by the loader, to be given again."""

    pack: PackSource
    read: list[tuple[str, tuple]]  # each file the loader read (as shown), in order, and its `outline`
    own: list[Diagnostic]  # the loader's own diagnostics (not the files' syntax errors)
    folders: dict[str, int | None]  # every folder it depends on -> its modification time


def read_pack(folder: str, source: Source, report: Report, kept: dict[str, Reading] | None = None) -> PackSource:
    """The pack as `waybill check` reads it (includes, links, loose files and
    its base), each file from `source`; `kept`: readings to reuse and keep."""
    known = kept.get(folder) if kept is not None else None
    if known is not None:
        again = _again(known, source, report)
        if again is not None:
            return again
    start = len(report.diagnostics)
    read: list[tuple[str, tuple]] = []
    theirs: set[int] = set()
    pack = read_pack_checked(folder, report, source=_loader_source(source, read, theirs))
    if kept is not None:
        own = [d for d in report.diagnostics[start:] if id(d) not in theirs]
        kept[folder] = Reading(pack, read, own, _folder_times(pack))
    return pack


def _loader_source(source: Source, read: list, theirs: set[int]) -> LoaderSource:
    def load(path: str, shown: str) -> tuple[ast.Module, list[Diagnostic], str | None]:
        module, diags, text = _load(source, shown)
        read.append((shown, outline(module, text)))
        theirs.update(id(d) for d in diags)
        return module, diags, text
    return load


def _load(source: Source, shown: str) -> tuple[ast.Module, list[Diagnostic], str | None]:
    parsed = source(shown)
    if parsed is None:
        return ast.Module(shown, []), [Diagnostic(shown, Span.point(1, 1), "error", "E107", "cannot read file")], None
    return parsed.module, parsed.diagnostics, parsed.text


def outline(module: ast.Module, text: str | None) -> tuple:
    """What the loader reads of a file: whether it could, its includes and pack declarations."""
    return (text is None,) + tuple(repr(it) for it in module.items if isinstance(it, (ast.Include, ast.PackDecl)))


def _again(known: Reading, source: Source, report: Report) -> PackSource | None:
    """The kept reading with the files' current syntax trees, or None when it
    may no longer be what the loader would find."""
    if _times(known.folders) != known.folders:
        return None
    loaded = {}
    for shown, was in known.read:
        module, diags, text = loaded[shown] = _load(source, shown)
        if outline(module, text) != was:
            return None
    for shown, _ in known.read:
        module, diags, text = loaded[shown]
        if text is not None:
            report.sources[shown] = text
        report.extend(diags)
    report.extend(known.own)
    return _rebuilt(known.pack, loaded)


def _rebuilt(pack: PackSource, loaded: dict) -> PackSource:
    files = []
    for f in pack.files:
        module, diags, text = loaded[f.path]
        files.append(SourceFile(f.path, module, ok=checkable(module, diags, text), real=f.real))
    base = _rebuilt(pack.base, loaded) if pack.base is not None else None
    return PackSource(pack.folder, pack.name, files, base)


def _folder_times(pack: PackSource) -> dict[str, int | None]:
    """The folders a reading depends on: every folder of the packs (a file
    added, removed or renamed in one changes its time) and the folders that
    hold them (where `extends NAME` looks for a sibling)."""
    folders: list[str] = []
    layer: PackSource | None = pack
    while layer is not None:
        folders.append(os.path.dirname(layer.folder))
        for dirpath, dirnames, _ in os.walk(layer.folder):
            folders.append(dirpath)
        layer = layer.base
    return _times(dict.fromkeys(folders))


def _times(folders: dict) -> dict[str, int | None]:
    out = {}
    for folder in folders:
        try:
            out[folder] = os.stat(folder).st_mtime_ns
        except OSError:
            out[folder] = None
    return out


def base_folder(decl: ast.PackDecl, folder: str) -> str | None:
    """Where `pack X extends Y` finds Y: a sibling folder first, then the shipped packs."""
    if not decl.extends:
        return None
    return find_pack(os.path.join(os.path.dirname(folder), decl.extends)) or find_pack(decl.extends)
