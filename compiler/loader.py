"""Finding packs and reading their files, includes and all.

A pack is a folder whose `pack.wb` starts with `pack NAME`. Its files are
`pack.wb` and what it includes (recursively, globs allowed); an include may
never leave the pack's folder. Shipped packs live in `waybill.content`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from waybill.dsl.diagnostics import Diagnostic, Report, Span
from waybill.spec.files import glob_files, inside

if TYPE_CHECKING:  # the syntax tree and the parser load when a pack is read: finding packs needs neither
    from waybill.dsl import ast

PACK_FILE = "pack.wb"


@dataclass
class SourceFile:
    path: str  # as shown in diagnostics
    module: ast.Module
    ok: bool  # parsed without syntax errors
    real: str = ""  # the file's resolved path: what "already read" compares


@dataclass
class PackSource:
    folder: str
    name: str | None
    files: list[SourceFile] = field(default_factory=list)
    base: "PackSource | None" = None


def content_root() -> str:
    # the package's folder, as importlib.resources.files() gives it for a
    # package on disk, without loading importlib.resources (and tempfile, shutil...)
    import waybill.content
    return os.path.dirname(os.path.abspath(waybill.content.__file__))


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
    """The folder of a pack given by path or by shipped name, links resolved.

    Resolved once, here: every later path is built from this folder, so a
    pack reached through a linked folder reads exactly as under its real path.
    A pack.wb that is not a regular file still names a pack (reading it then
    reports E107), so that it is reported rather than skipped.
    """
    if os.path.isdir(name_or_path) and os.path.lexists(os.path.join(name_or_path, PACK_FILE)):
        return os.path.realpath(name_or_path)
    if os.path.basename(name_or_path) == PACK_FILE and os.path.lexists(name_or_path) \
            and not os.path.isdir(name_or_path):
        return os.path.dirname(os.path.realpath(os.path.abspath(name_or_path)))
    return shipped_packs().get(name_or_path)


# (path, shown path) -> (module, diagnostics, text or None when unreadable):
# how a file is read and parsed. The default reads it from disk; an editor
# passes one that returns its unsaved text and reuses earlier parses.
Source = Callable[[str, str], "tuple[ast.Module, list[Diagnostic], str | None]"]


def read_pack(folder: str, report: Report, _seen: tuple[str, ...] = (), source: Source | None = None) -> PackSource:
    """Parse a pack's files, following includes; every problem goes to `report`."""
    from waybill.dsl import ast
    if source is None:
        from waybill.dsl.parser import parse_file as source
    folder = os.path.realpath(folder)
    pack = PackSource(folder, None)
    root = os.path.join(folder, PACK_FILE)
    if os.path.lexists(root) and not inside(root, folder):
        report.add(Diagnostic(display_path(root), Span.point(1, 1), "error", "E202",
                              "pack.wb is a link to a file outside the pack folder",
                              "put the pack's own pack.wb in its folder"))
    else:
        _read(root, folder, pack, report, stack=(), done=set(), source=source)
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
            pack.base = _read_base(decls[0], pack, report, _seen + (folder,), source)
    return pack


def _file_of(pack: PackSource, node: ast.Node) -> str:
    for f in pack.files:
        if any(it is node for it in f.module.items):
            return f.path
    return pack.files[0].path if pack.files else "?"


def find_base(folder: str, name: str) -> str | None:
    """The folder of the pack that the pack in `folder` extends by `name`:
    a sibling folder of that name first, else a shipped pack."""
    return find_pack(os.path.join(os.path.dirname(folder), name)) or find_pack(name)


def _read_base(decl: ast.PackDecl, pack: PackSource, report: Report, seen: tuple[str, ...],
               source: Source) -> PackSource | None:
    folder = find_base(pack.folder, decl.extends)
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
    return read_pack(folder, report, seen, source)


def _read(path: str, folder: str, pack: PackSource, report: Report, stack: tuple[str, ...], done: set[str],
          source: Source) -> None:
    """Read `path` (inside `folder`: the callers make sure) and what it includes."""
    from waybill.dsl import ast
    shown = display_path(path)
    real = os.path.realpath(path)
    module, diags, text = source(path, shown)
    if text is not None:
        report.sources[shown] = text
    report.extend(diags)
    done.add(real)
    pack.files.append(SourceFile(shown, module, ok=checkable(module, diags, text), real=real))
    for item in module.items:
        if isinstance(item, ast.Include):
            for target in _include_targets(item, path, folder, shown, report):
                target_real = os.path.realpath(target)
                if target_real in stack or target_real == real:
                    report.add(Diagnostic(shown, item.span, "error", "E203",
                                          f"`{item.path}` includes itself (through {' -> '.join(display_path(s) for s in stack + (path,))})",
                                          "remove one of the includes"))
                elif target_real not in done:
                    _read(target, folder, pack, report, stack + (real,), done, source)


def checkable(module: ast.Module, diags: list[Diagnostic], text: str | None) -> bool:
    """Whether the checker should check the declarations of a file: yes when
    it read clean, and also when syntax errors only cost it whole declarations
    whose names are known (the parser leaves those out and lists them in
    `module.broken`, so that a use of them is not also called unknown)."""
    if not any(d.is_error for d in diags):
        return True
    return text is not None and None not in module.broken


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
        # not only regular files: a FIFO or a device that matches is reported (E107) when read, never skipped
        found = [p for p in glob_files(pattern) if p.endswith(".wb")]
        for p in found:
            if not inside(p, folder):
                report.add(Diagnostic(shown, item.span, "error", "E202",
                                      f"`{os.path.relpath(p, folder)}`, matched by `{item.path}`, leaves the pack folder (through a link)",
                                      "a pack may only include files inside its own folder"))
        return [p for p in found if inside(p, folder)]
    if not os.path.lexists(pattern) or os.path.isdir(pattern):
        report.add(Diagnostic(shown, item.span, "error", "E201", f"included file `{item.path}` not found",
                              _nearby_files(pattern)))
        return []
    if not inside(pattern, folder):
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
    """Files in the pack folder that the pack never includes (links that
    lead out of the folder are not among them: see `links_out`)."""
    included = {f.real for f in pack.files}
    out = []
    for p in _folder_wb_files(pack.folder):
        if inside(p, pack.folder) and os.path.realpath(p) not in included:
            out.append(p)
    return out


def links_out(pack: PackSource) -> list[str]:
    """`.wb` names in the pack folder that are links to somewhere outside it: never read."""
    return [p for p in _folder_wb_files(pack.folder) if not inside(p, pack.folder)]


def _folder_wb_files(folder: str) -> list[str]:
    out = []
    for dirpath, dirnames, filenames in os.walk(folder):  # linked folders are not entered
        dirnames.sort()
        out.extend(os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith(".wb"))
    return out
