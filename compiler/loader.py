"""Finding packs and reading their files, includes and all.

A pack is a folder whose `pack.wb` starts with `pack NAME`. Its files are
`pack.wb` and what it includes (recursively, globs allowed); an include may
never leave the pack's folder. Shipped packs live in `waybill.content`.
"""

from __future__ import annotations

import glob
import os
from dataclasses import dataclass, field
from importlib import resources

from waybill.dsl import ast
from waybill.dsl.diagnostics import Diagnostic, Report, Span
from waybill.dsl.parser import parse_file

PACK_FILE = "pack.wb"


@dataclass
class SourceFile:
    path: str  # as shown in diagnostics
    module: ast.Module
    ok: bool  # parsed without syntax errors


@dataclass
class PackSource:
    folder: str
    name: str | None
    files: list[SourceFile] = field(default_factory=list)
    base: "PackSource | None" = None


def content_root() -> str:
    return str(resources.files("waybill.content"))


def shipped_packs() -> dict[str, str]:
    """Shipped pack name -> folder."""
    root = content_root()
    out = {}
    for entry in sorted(os.listdir(root)):
        folder = os.path.join(root, entry)
        if os.path.isfile(os.path.join(folder, PACK_FILE)):
            out[entry] = folder
    return out


def display_path(path: str) -> str:
    """A short path for messages: relative to the working folder when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


def find_pack(name_or_path: str) -> str | None:
    """The folder of a pack given by path or by shipped name."""
    if os.path.isdir(name_or_path) and os.path.isfile(os.path.join(name_or_path, PACK_FILE)):
        return os.path.abspath(name_or_path)
    if os.path.isfile(name_or_path) and os.path.basename(name_or_path) == PACK_FILE:
        return os.path.dirname(os.path.abspath(name_or_path))
    return shipped_packs().get(name_or_path)


def read_pack(folder: str, report: Report, _seen: tuple[str, ...] = ()) -> PackSource:
    """Parse a pack's files, following includes; every problem goes to `report`."""
    folder = os.path.abspath(folder)
    pack = PackSource(folder, None)
    root = os.path.join(folder, PACK_FILE)
    _read(root, folder, pack, report, stack=(), done=set())
    decls = [it for f in pack.files for it in f.module.items if isinstance(it, ast.PackDecl)]
    if not decls:
        report.add(Diagnostic(display_path(root), Span.point(1, 1), "error", "E204",
                              "this pack has no `pack NAME` declaration",
                              "start pack.wb with a line like `pack mygame \"My Game\"`"))
    for extra in decls[1:]:
        report.add(Diagnostic(_file_of(pack, extra), extra.span, "error", "E208",
                              f"a second pack declaration `{extra.name}`; a pack has exactly one"))
    if decls:
        pack.name = decls[0].name
        if decls[0].extends:
            pack.base = _read_base(decls[0], pack, report, _seen + (folder,))
    return pack


def _file_of(pack: PackSource, node: ast.Node) -> str:
    for f in pack.files:
        if any(it is node for it in f.module.items):
            return f.path
    return pack.files[0].path if pack.files else "?"


def _read_base(decl: ast.PackDecl, pack: PackSource, report: Report, seen: tuple[str, ...]) -> PackSource | None:
    sibling = os.path.join(os.path.dirname(pack.folder), decl.extends)
    folder = find_pack(sibling) or find_pack(decl.extends)
    where = _file_of(pack, decl)
    if folder is None:
        from waybill.dsl.diagnostics import suggest
        report.add(Diagnostic(where, decl.extends_span or decl.span, "error", "E206",
                              f"unknown pack `{decl.extends}`", suggest(decl.extends, shipped_packs())))
        return None
    if folder in seen or folder == pack.folder:
        report.add(Diagnostic(where, decl.extends_span or decl.span, "error", "E203",
                              f"pack `{pack.name}` extends itself through `{decl.extends}`"))
        return None
    return read_pack(folder, report, seen)


def _read(path: str, folder: str, pack: PackSource, report: Report, stack: tuple[str, ...], done: set[str]) -> None:
    shown = display_path(path)
    module, diags, text = parse_file(path, shown)
    if text is not None:
        report.sources[shown] = text
    report.extend(diags)
    done.add(path)
    pack.files.append(SourceFile(shown, module, ok=not any(d.is_error for d in diags)))
    for item in module.items:
        if isinstance(item, ast.Include):
            for target in _include_targets(item, path, folder, shown, report):
                if target in stack or target == path:
                    report.add(Diagnostic(shown, item.span, "error", "E203",
                                          f"`{item.path}` includes itself (through {' -> '.join(display_path(s) for s in stack + (path,))})",
                                          "remove one of the includes"))
                elif target not in done:
                    _read(target, folder, pack, report, stack + (path,), done)


def _include_targets(item: ast.Include, path: str, folder: str, shown: str, report: Report) -> list[str]:
    if os.path.isabs(item.path) or "\0" in item.path:
        report.add(Diagnostic(shown, item.span, "error", "E202",
                              f"include `{item.path}` must be a path inside the pack folder"))
        return []
    pattern = os.path.normpath(os.path.join(os.path.dirname(path), item.path))
    if os.path.commonpath([os.path.abspath(pattern), folder]) != folder:
        report.add(Diagnostic(shown, item.span, "error", "E202",
                              f"include `{item.path}` leaves the pack folder",
                              "a pack may only include files inside its own folder"))
        return []
    if any(ch in item.path for ch in "*?["):
        found = sorted(p for p in glob.glob(pattern, recursive=True) if p.endswith(".wb") and os.path.isfile(p))
        inside = [p for p in found if os.path.commonpath([os.path.realpath(p), folder]) == folder]
        return inside
    if not os.path.isfile(pattern):
        report.add(Diagnostic(shown, item.span, "error", "E201", f"included file `{item.path}` not found",
                              _nearby_files(pattern)))
        return []
    if os.path.commonpath([os.path.realpath(pattern), os.path.realpath(folder)]) != os.path.realpath(folder):
        report.add(Diagnostic(shown, item.span, "error", "E202",
                              f"include `{item.path}` leaves the pack folder (through a link)"))
        return []
    return [pattern]


def _nearby_files(path: str) -> str | None:
    from waybill.dsl.diagnostics import suggest
    folder = os.path.dirname(path)
    if not os.path.isdir(folder):
        return None
    names = [n for n in os.listdir(folder) if n.endswith(".wb")]
    return suggest(os.path.basename(path), names)


def loose_files(folder: str) -> list[str]:
    """`.wb` files under a folder that belong to no pack folder."""
    out = []
    for dirpath, dirnames, filenames in os.walk(folder):
        if PACK_FILE in filenames:
            dirnames[:] = []
            continue
        dirnames.sort()
        out.extend(os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith(".wb"))
    return out


def packs_under(folder: str) -> list[str]:
    out = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames.sort()
        if PACK_FILE in filenames:
            out.append(dirpath)
            dirnames[:] = []
    return out


def unincluded_files(pack: PackSource) -> list[str]:
    """Files in the pack folder that the pack never includes."""
    included = {os.path.abspath(f.path) for f in pack.files}
    out = []
    for dirpath, dirnames, filenames in os.walk(pack.folder):
        dirnames.sort()
        for f in sorted(filenames):
            p = os.path.abspath(os.path.join(dirpath, f))
            if f.endswith(".wb") and p not in included:
                out.append(p)
    return out
