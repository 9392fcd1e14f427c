"""Reading a pack as the compiler's loader does, from the server's parsed files.

`compiler.loader.read_pack` reads every file from disk and parses it; the
server instead asks a `source(path)` function, which returns the editor's
unsaved text for open files and reuses earlier parses. Includes, the pack
declaration and `extends` are followed, and reported, as in the loader.
"""

from __future__ import annotations

import os
from typing import Callable

from waybill.compiler.loader import (PACK_FILE, PackSource, SourceFile, _include_targets, display_path, find_pack,
                                     shipped_packs, unincluded_files)
from waybill.dsl import ast
from waybill.dsl.diagnostics import Diagnostic, Report, Span, suggest

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


def read_pack(folder: str, source: Source, report: Report, _seen: tuple[str, ...] = ()) -> PackSource:
    folder = os.path.abspath(folder)
    pack = PackSource(folder, None)
    root = os.path.join(folder, PACK_FILE)
    _read(root, folder, pack, source, report, stack=(), done=set())
    decls = [(f.path, it) for f in pack.files for it in f.module.items if isinstance(it, ast.PackDecl)]
    if not decls:
        report.add(Diagnostic(display_path(root), Span.point(1, 1), "error", "E204",
                              "this pack has no `pack NAME` declaration",
                              "start pack.wb with a line like `pack mygame \"My Game\"`"))
    for path, extra in decls[1:]:
        report.add(Diagnostic(path, extra.span, "error", "E208",
                              f"a second pack declaration `{extra.name}`; a pack has exactly one"))
    if decls:
        where, decl = decls[0]
        pack.name = decl.name
        if decl.extends:
            pack.base = _read_base(decl, where, pack, source, report, _seen + (folder,))
    return pack


def base_folder(decl: ast.PackDecl, folder: str) -> str | None:
    """Where `pack X extends Y` finds Y: a sibling folder first, then the shipped packs."""
    if not decl.extends:
        return None
    return find_pack(os.path.join(os.path.dirname(folder), decl.extends)) or find_pack(decl.extends)


def _read_base(decl: ast.PackDecl, where: str, pack: PackSource, source: Source, report: Report,
               seen: tuple[str, ...]) -> PackSource | None:
    folder = base_folder(decl, pack.folder)
    if folder is None:
        report.add(Diagnostic(where, decl.extends_span or decl.span, "error", "E206",
                              f"unknown pack `{decl.extends}`", suggest(decl.extends, shipped_packs())))
        return None
    if folder in seen or folder == pack.folder:
        report.add(Diagnostic(where, decl.extends_span or decl.span, "error", "E203",
                              f"pack `{pack.name}` extends itself through `{decl.extends}`"))
        return None
    return read_pack(folder, source, report, seen)


def _read(path: str, folder: str, pack: PackSource, source: Source, report: Report,
          stack: tuple[str, ...], done: set[str]) -> None:
    shown = display_path(path)  # files are named as `waybill check` names them
    parsed = source(shown)
    done.add(path)
    if parsed is None:
        report.add(Diagnostic(shown, Span.point(1, 1), "error", "E107", "cannot read file"))
        pack.files.append(SourceFile(shown, ast.Module(shown, []), ok=False))
        return
    report.sources[shown] = parsed.text
    report.extend(parsed.diagnostics)
    pack.files.append(SourceFile(shown, parsed.module, ok=parsed.ok))
    for item in parsed.module.items:
        if isinstance(item, ast.Include):
            for target in _include_targets(item, path, folder, shown, report):
                if target in stack or target == path:
                    chain = " -> ".join(display_path(s) for s in stack + (path,))
                    report.add(Diagnostic(shown, item.span, "error", "E203",
                                          f"`{item.path}` includes itself (through {chain})",
                                          "remove one of the includes"))
                elif target not in done:
                    _read(target, folder, pack, source, report, stack + (path,), done)


def loose_files(pack: PackSource) -> list[str]:
    """The .wb files in the pack's folder that no include reads (W502)."""
    return [display_path(p) for p in unincluded_files(pack)]
