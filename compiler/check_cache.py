"""A cache of `waybill check` results, one entry a pack: a check of a pack
that has not changed reads back what it found instead of parsing, resolving
and lowering it again.

What a check of a pack prints depends on, and the entry records:

- the text of every file the check read: the pack's files, what they
  include (globs too), the `.wb` files in its folder that nothing includes,
  its catalogues (`locales/*.ftl`), and the files of the packs it extends
  (each as a SHA-256 of the text);
- the listing of each of those packs' folders: every `.wb` and `.ftl` name
  in them (whatever it is) and every link (with where it leads), so that a
  new file a glob would match or a new catalogue, a removed or renamed one,
  or a link changed, is a miss;
- which folder each `extends NAME` finds (a new sibling folder may win);
- the code that checks: every file of `waybill.dsl`, `waybill.compiler` and
  `waybill.spec` (the language's tables the checker reads), Lark's
  version and this module's FORMAT;
- the working folder, since diagnostics name files relative to it;
- what the check was given from above: the bots a pack may name.

The entry holds the diagnostics the check found, as data: text or JSON is
drawn from them as on any other run, so no command-line option changes what
is cached. Only packs without errors are cached (an error may be about a
file that cannot be read, or is not there). The entries are kept by the
cache store of the parse cache (`waybill.dsl.cachestore`: `WAYBILL_CACHE`;
`WAYBILL_NO_CACHE=1` turns both off), under `check/`, each one `CheckEntry`
in the store's encoding.

An entry is untrusted input: it is used only when the store finds it sound
(a regular file of bounded size whose seal, the folder's HMAC key, matches),
it was made for this pack, working folder and code, every file it names is
re-read (regular files inside the pack folders only) and still hashes the
same, every folder listing is the same again, and each diagnostic it holds
has a diagnostic's shape. Anything else is a miss: never an exception, never
a wait.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
from dataclasses import dataclass
from functools import lru_cache

from waybill.dsl.cachestore import BAD_ENTRY, decode, encode, entry_path, read_entry, write_entry
from waybill.dsl.cachestore import folder as cache_folder
from waybill.dsl.diagnostics import Diagnostic, Report, Span
from waybill.spec.files import read_regular

from .loader import PACK_FILE, find_base

FORMAT = "check-2"  # bump when what an entry holds, or how it is read, changes
SUBFOLDER = "check"  # of the cache folder: where the entries are
FIELDS = ("body",)  # an entry's one field: its CheckEntry, encoded
MAX_ENTRY_BYTES = 16 << 20
MAX_FILE_BYTES = 5_000_000  # as the parser's bound: a larger file is an error, so never in an entry
MAX_FILES = 5_000  # files one pack check reads
MAX_LISTED = 50_000  # names in the folders of one pack
MAX_DIAGNOSTICS = 50_000
_CODE = re.compile(r"[A-Z][0-9]{3}")
_LISTED = (".wb", ".ftl")  # the names a check looks for: source files and catalogues


@dataclass
class CheckEntry:
    """What one check of a pack found, and what it depended on (see the module's doc)."""

    code: str  # code_version() when it ran
    cwd: str  # the working folder
    folder: str  # the pack's (resolved) folder
    files: list[tuple[str, str]]  # (name as diagnostics show it, SHA-256 of its text) of each file read
    folders: list[str]  # listing() of each pack folder: the pack's, then its bases' in turn
    bases: list[tuple[str, str]]  # (name, folder found) of each `extends`, from the pack down
    diagnostics: list[Diagnostic]  # what it found: warnings only


# the classes an entry may hold: the store builds no other
CLASSES = {cls.__name__: cls for cls in (CheckEntry, Diagnostic)}


# ---- what the check's code is ---------------------------------------------------------------

_CODE_SUFFIXES = (".py", ".lark", ".json")


@lru_cache(maxsize=1)
def code_version() -> str | None:
    """A hash of the code that decides what a check finds; None (no caching)
    when that code cannot be read as files."""
    import importlib.util
    try:
        folders = [os.path.dirname(os.path.abspath(__file__))]
        for name in ("waybill.dsl", "waybill.spec"):
            folders.append(importlib.util.find_spec(name).submodule_search_locations[0])
        lark = importlib.util.find_spec("lark").origin  # its __init__ holds __version__
    except (ImportError, AttributeError, IndexError, TypeError, ValueError):
        return None
    return code_hash(folders, [lark])


def code_hash(folders: list[str], files: list[str]) -> str | None:
    """A hash of the code files (.py, .lark, .json) in `folders`, and of `files`."""
    h = hashlib.sha256(f"{FORMAT}\0{sys.version}\0".encode())
    try:
        for where in folders:
            for name in sorted(os.listdir(where)):
                if name.endswith(_CODE_SUFFIXES):
                    data = read_regular(os.path.join(where, name), 64 << 20)
                    h.update(f"{name}\0{len(data)}\0".encode())
                    h.update(data)
        for path in files:
            data = read_regular(path, 64 << 20)
            h.update(f"{len(data)}\0".encode())
            h.update(data)
    except (OSError, ValueError):
        return None
    return h.hexdigest()


# ---- what a pack's folders hold -------------------------------------------------------------

def listing(folder: str) -> str | None:
    """A hash of the `.wb` and `.ftl` names under `folder` (and what kind of file each
    is) and of its links (and where they lead); None when it is too large.
    Linked folders are not entered, as the loader never enters them either."""
    h = hashlib.sha256()
    stack, count = [folder], 0
    while stack:
        where = stack.pop()
        try:
            with os.scandir(where) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            h.update(b"!" + os.fsencode(where) + b"\0")
            continue
        for e in entries:
            count += 1
            if count > MAX_LISTED:
                return None
            path = os.fsencode(e.path)
            try:
                if e.is_symlink():
                    h.update(b"l" + path + b"\0" + os.fsencode(os.readlink(e.path)) + b"\0"
                             + os.fsencode(os.path.realpath(e.path)) + b"\0")
                elif e.is_dir(follow_symlinks=False):
                    stack.append(e.path)
                    if e.name.endswith(_LISTED):
                        h.update(b"d" + path + b"\0")
                elif e.name.endswith(_LISTED):
                    h.update((b"f" if e.is_file(follow_symlinks=False) else b"o") + path + b"\0")
            except (OSError, ValueError):
                h.update(b"?" + path + b"\0")
    return h.hexdigest()


# ---- entries --------------------------------------------------------------------------------

def _entry_path(base: str, folder: str, cwd: str) -> str:
    digest = hashlib.sha256(f"{FORMAT}\0{cwd}\0{folder}".encode("utf-8", "surrogateescape")).hexdigest()
    return entry_path(base, digest, SUBFOLDER)


def enabled() -> bool:
    return cache_folder() is not None


def given_digest(bots: dict[str, frozenset] | None) -> str:
    """What a check is given from above (the bots a pack may name), as a
    string an entry is kept under: another set of bots is a miss."""
    if not bots:
        return ""
    named = sorted((name, sorted(takes)) for name, takes in bots.items())
    return hashlib.sha256(repr(named).encode("utf-8")).hexdigest()


def _version(given: str) -> str | None:
    code = code_version()
    return code and (code + given)


def replay(folder: str, report: Report, given: str = "") -> bool:
    """Add to `report` what a check of the pack in `folder` (a resolved pack
    folder) found last time, when nothing it depends on has changed since.
    ``given``: ``given_digest`` of what the check is given. True on a hit;
    False, with `report` untouched, on any miss."""
    base = cache_folder()
    if base is None:
        return False
    try:
        found = _open(base, folder, given)
    except BAD_ENTRY:
        return False
    if found is None:
        return False
    diagnostics, sources = found
    report.extend(diagnostics)
    report.sources.update(sources)
    return True


def _open(base: str, folder: str, given: str) -> tuple[list[Diagnostic], dict[str, str]] | None:
    cwd = os.getcwd()
    found = read_entry(base, _entry_path(base, folder, cwd), FORMAT, FIELDS, MAX_ENTRY_BYTES)
    if found is None:
        return None
    version = _version(given)
    entry = decode(found["body"], CLASSES)
    if version is None or not isinstance(entry, CheckEntry):
        return None
    if entry.code != version or entry.cwd != cwd or entry.folder != folder:
        return None
    folders = _same_folders(folder, entry.folders, entry.bases)
    if folders is None:
        return None
    sources = _same_files(entry.files, folders)
    read = {os.path.abspath(shown) for shown in sources or ()}
    if sources is None or any(os.path.join(f, PACK_FILE) not in read for f in folders):
        return None  # every pack's pack.wb is read
    diagnostics = _diagnostics(entry.diagnostics, sources, folders)
    if diagnostics is None:
        return None
    return diagnostics, sources


def _pairs(value, limit: int) -> bool:
    """Whether `value` is a list of at most `limit` pairs of strings."""
    return isinstance(value, list) and len(value) <= limit and all(
        isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(x, str) for x in pair) for pair in value)


def _same_folders(folder: str, listed, bases) -> list[str] | None:
    """The pack folders, when each `extends` still finds the same folder and
    each folder lists the same names; else None."""
    if not isinstance(listed, list) or not _pairs(bases, MAX_FILES) or not listed or len(listed) != len(bases) + 1:
        return None
    folders = [folder]
    for name, found in bases:  # the pack in folders[-1] extends `name`, found in `found`
        if find_base(folders[-1], name) != found:
            return None
        folders.append(found)
    for where, digest in zip(folders, listed):
        if not isinstance(digest, str) or listing(where) != digest:
            return None
    return folders


def _same_files(files, folders: list[str]) -> dict[str, str] | None:
    """Each file's text by the name diagnostics give it, when every file
    still has the text it had; else None."""
    if not _pairs(files, MAX_FILES):
        return None
    sources: dict[str, str] = {}
    real_folders: dict[str, str] = {}
    for shown, digest in files:
        path = os.path.abspath(shown)
        # where the file really is, links resolved: its folder's resolved path
        # once per folder (os.path.realpath walks every part of a path)
        parent, name = os.path.split(path)
        if parent not in real_folders:
            real_folders[parent] = os.path.realpath(parent)
        real = os.path.realpath(path) if os.path.islink(path) else os.path.join(real_folders[parent], name)
        if not any(real.startswith(f + os.sep) for f in folders):
            return None
        data = read_regular(path, MAX_FILE_BYTES + 1)
        if hashlib.sha256(data).hexdigest() != digest:
            return None
        sources[shown] = data.decode("utf-8")
    return sources


def _diagnostics(found, sources: dict[str, str], folders: list[str]) -> list[Diagnostic] | None:
    """The findings, when each has a diagnostic's shape, is a warning (no
    entry holds an error) and is about a file read or a name in the pack folders."""
    if not isinstance(found, list) or len(found) > MAX_DIAGNOSTICS:
        return None
    for d in found:
        if not isinstance(d, Diagnostic) or not isinstance(d.span, Span):
            return None
        numbers = (d.span.line, d.span.column, d.span.end_line, d.span.end_column)
        if not (isinstance(d.file, str) and all(type(n) is int and 0 <= n < 1 << 31 for n in numbers)
                and d.severity == "warning" and isinstance(d.code, str) and _CODE.fullmatch(d.code)
                and isinstance(d.message, str) and (d.hint is None or isinstance(d.hint, str))):
            return None
        if d.file not in sources and not any(os.path.abspath(d.file).startswith(f + os.sep) for f in folders):
            return None
    return found


def store(folder: str, pack, report: Report, listed_before: str | None, given: str = "") -> None:
    """Keep what a check of the pack in `folder` found: `pack` is the pack
    it read (a PackSource), `report` holds only that check's findings and
    sources, `listed_before` the folder's listing taken before it began
    (a file added while it ran must not be taken as seen)."""
    base = cache_folder()
    if base is None or any(d.is_error for d in report.diagnostics):
        return
    try:
        version = _version(given)
        chain = _chain(pack)
        if version is None or chain is None or chain[0][0] != folder:
            return
        listed = [listing(where) for where, _ in chain]
        if None in listed or listed[0] != listed_before or len(report.sources) > MAX_FILES:
            return
        cwd = os.getcwd()
        entry = CheckEntry(
            version, cwd, folder,
            [(shown, hashlib.sha256(text.encode("utf-8")).hexdigest()) for shown, text in report.sources.items()],
            listed,
            [(name, where) for (_, name), (where, _) in zip(chain, chain[1:])],
            [Diagnostic(d.file, d.span, d.severity, d.code, d.message, d.hint) for d in report.diagnostics])
        body = encode(entry)
    except (OSError, ValueError, TypeError, RecursionError, UnicodeError):
        return  # a cache that cannot be written only costs speed
    write_entry(base, _entry_path(base, folder, cwd), FORMAT, {"body": body}, MAX_ENTRY_BYTES)


def _chain(pack) -> list[tuple[str, str | None]] | None:
    """[(folder, the name it extends or None)] from the pack to its last
    base; None when a pack names a base that was not read."""
    from waybill.dsl import ast
    out = []
    while pack is not None:
        decls = [it for f in pack.files for it in f.module.items if isinstance(it, ast.PackDecl)]
        extends = decls[0].extends if decls else None
        if extends and pack.base is None:
            return None
        out.append((pack.folder, extends))
        pack = pack.base
    return out


__all__ = ["enabled", "replay", "store", "listing", "code_version", "code_hash", "CheckEntry", "FORMAT",
           "SUBFOLDER"]


# ---- the engine's catalogues ------------------------------------------------------------------

ENGINE_SUBFOLDER = "check-engine"  # apart from the packs' entries: one entry a clean set of catalogues

def engine_digest(folder: str) -> str | None:
    """What a check of the engine's catalogues in `folder` depends on: the
    checking code and every catalogue's name and text; None when unreadable."""
    version = code_version()
    if version is None:
        return None
    h = hashlib.sha256(f"engine\0{version}\0".encode())
    try:
        for name in sorted(os.listdir(folder)):
            if name.endswith(".ftl"):
                data = read_regular(os.path.join(folder, name), MAX_FILE_BYTES)
                h.update(f"{name}\0{len(data)}\0".encode())
                h.update(data)
    except (OSError, ValueError):
        return None
    return h.hexdigest()


def engine_clean(digest: str) -> bool:
    """Whether the engine's catalogues of this digest were checked clean before
    (a sealed entry holding the digest; anything else is a miss)."""
    base = cache_folder()
    if base is None:
        return False
    try:
        found = read_entry(base, entry_path(base, digest, ENGINE_SUBFOLDER), FORMAT, FIELDS, 4096)
    except BAD_ENTRY:
        return False
    return found is not None and found.get("body") == digest


def remember_engine_clean(digest: str) -> None:
    """Note that the engine's catalogues of this digest check clean."""
    base = cache_folder()
    if base is not None:
        write_entry(base, entry_path(base, digest, ENGINE_SUBFOLDER), FORMAT, {"body": digest}, 4096)
