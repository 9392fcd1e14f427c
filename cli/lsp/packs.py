"""Reading a pack with the compiler's own loader, from the server's parsed files.

The loader takes a `source` that reads and parses one file; the server's
returns the editor's unsaved text for open files and reuses earlier parses.
"""

from __future__ import annotations

import os
from typing import Callable

from waybill.compiler import read_pack_checked
from waybill.compiler.loader import PACK_FILE, PackSource, find_pack
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


def read_pack(folder: str, source: Source, report: Report) -> PackSource:
    """The pack as `waybill check` reads it (includes, links, loose files and
    its base), each file from `source`."""
    return read_pack_checked(folder, report, source=_loader_source(source))


def _loader_source(source: Source) -> LoaderSource:
    def read(path: str, shown: str) -> tuple[ast.Module, list[Diagnostic], str | None]:
        parsed = source(shown)
        if parsed is None:
            return ast.Module(shown, []), [Diagnostic(shown, Span.point(1, 1), "error", "E107", "cannot read file")], None
        return parsed.module, parsed.diagnostics, parsed.text
    return read


def base_folder(decl: ast.PackDecl, folder: str) -> str | None:
    """Where `pack X extends Y` finds Y: a sibling folder first, then the shipped packs."""
    if not decl.extends:
        return None
    return find_pack(os.path.join(os.path.dirname(folder), decl.extends)) or find_pack(decl.extends)
