"""Reading and writing source files without trusting what the path is.

A path in a pack may name a FIFO (opening it for reading waits for a writer
forever), a device (`/dev/zero` never ends), a directory or a link to any of
these. Only regular files are ever opened: the path is checked with `stat`
before it is opened (opening a device can have effects of its own), opened
without blocking, and checked again on the open descriptor, so a file
swapped between the two looks is still caught.
"""

from __future__ import annotations

import errno
import fnmatch
import os
import stat

_KINDS = [(stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket")]


class NotRegularFile(OSError):
    """The path exists but is not a regular file; `strerror` says what it is."""


def _kind(mode: int) -> str:
    for test, word in _KINDS:
        if test(mode):
            return word
    return "not a regular file"


def _check_regular(mode: int, path: str) -> None:
    if stat.S_ISDIR(mode):  # the message people know from open()
        raise NotRegularFile(errno.EISDIR, os.strerror(errno.EISDIR), path)
    if not stat.S_ISREG(mode):
        raise NotRegularFile(errno.EINVAL, f"it is {_kind(mode)}, not a regular file", path)


class OutsideFolder(OSError):
    """The path, links resolved, leaves the folder it must stay in."""


def read_regular(path: str, limit: int) -> bytes:
    """At most `limit` bytes of a regular file (links followed). Raises
    OSError (a `NotRegularFile` for a FIFO, device, folder or socket); never blocks."""
    return _read(path, limit, 0)


def read_inside(path: str, folder: str, limit: int) -> bytes:
    """`read_regular` of a file whose path, links resolved, lies in `folder`
    (itself resolved by the caller). Raises `OutsideFolder` for a path that
    leads out, at any level (a linked file, a linked folder on the way), and
    then reads nothing; the resolved path is opened without following a
    link, so a link put in its place meanwhile is an error, not a way out."""
    real = os.path.realpath(path)
    if not _within(real, folder):
        raise OutsideFolder(errno.EXDEV, "it is a link to a file outside the pack folder", path)
    return _read(real, limit, getattr(os, "O_NOFOLLOW", 0))


def _within(real: str, folder: str) -> bool:
    try:
        return os.path.commonpath([real, folder]) == folder
    except ValueError:
        return False


def _read(path: str, limit: int, flags: int) -> bytes:
    _check_regular(os.stat(path).st_mode, path)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | flags)
    try:
        _check_regular(os.fstat(fd).st_mode, path)
        chunks, left = [], limit
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def is_regular(path: str) -> bool:
    """A regular file, links followed; False for anything that cannot be stat'ed."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def inside(path: str, folder: str) -> bool:
    """Whether `path`, links resolved, lies in `folder` (itself resolved by the caller)."""
    try:
        real = os.path.realpath(path)
        return os.path.commonpath([real, folder]) == folder
    except (OSError, ValueError):
        return False


def rewrite_regular(path: str, text: str) -> None:
    """Replace the text of a regular file that is not a link. Raises OSError
    for a link, a FIFO, a device or a folder, and then writes nothing."""
    st = os.lstat(path)
    if stat.S_ISLNK(st.st_mode):
        raise NotRegularFile(errno.ELOOP, "it is a link; format the file it points to instead", path)
    _check_regular(st.st_mode, path)
    # O_NOFOLLOW: a link put in place after the lstat above is refused, not written through
    fd = os.open(path, os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
                 | getattr(os, "O_CLOEXEC", 0))
    try:
        _check_regular(os.fstat(fd).st_mode, path)
        os.ftruncate(fd, 0)
        data = text.encode("utf-8")
        while data:
            data = data[os.write(fd, data):]
    finally:
        os.close(fd)


def replace_file(path: str, text: str, folder: str | None = None) -> None:
    """Write `text` (UTF-8) as the new file at `path`, never through a link:
    a link at `path` is refused, as is a FIFO, a device or a folder, and with
    `folder` (resolved by the caller) a path whose folder, links resolved,
    is not in it; then nothing is written. The text goes to a new file beside
    it first (created exclusively, never following a link), which is then
    renamed over `path`: a reader sees the old file or the new one, an
    interrupted write leaves the old one, and a link put at `path` meanwhile
    is replaced, not written through. An existing file keeps its mode."""
    name = os.path.basename(path)
    parent = os.path.realpath(os.path.dirname(os.path.abspath(path)))
    if folder is not None and not _within(parent, folder):
        raise OutsideFolder(errno.EXDEV, "it is outside the pack folder (through a link)", path)
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    if st is not None:
        if stat.S_ISLNK(st.st_mode):
            raise NotRegularFile(errno.ELOOP, "it is a link; nothing is written through a link", path)
        _check_regular(st.st_mode, path)
    target = os.path.join(parent, name)
    tmp = os.path.join(parent, f".{name}.{os.urandom(6).hex()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
                 | getattr(os, "O_CLOEXEC", 0), 0o666)  # the umask applies
    try:
        try:
            if st is not None:
                os.fchmod(fd, stat.S_IMODE(st.st_mode))
            data = text.encode("utf-8")
            while data:
                data = data[os.write(fd, data):]
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def glob_files(pattern: str) -> list[str]:
    """The files (and other non-folders) an absolute glob pattern matches,
    sorted, as `glob.glob(pattern, recursive=True)` finds them but without
    entering a linked folder: with a link back up the tree (`a -> ..`) glob's
    `**` walks every path the links spell, which for two such links is a
    hang, not a loop."""
    parts = pattern.split(os.sep)
    fixed = 0
    while fixed < len(parts) and not _magic(parts[fixed]):
        fixed += 1
    if fixed == len(parts):
        return [pattern] if os.path.lexists(pattern) and not os.path.isdir(pattern) else []
    base, rest = os.sep.join(parts[:fixed]) or os.sep, parts[fixed:]
    out = []
    for dirpath, dirnames, filenames in os.walk(base):  # followlinks=False: a linked folder is not entered
        rel = os.path.relpath(dirpath, base)
        depth = 0 if rel == os.curdir else rel.count(os.sep) + 1
        if "**" not in rest and depth >= len(rest) - 1:
            dirnames[:] = []  # deeper files cannot match
        for name in filenames:
            segs = ([] if rel == os.curdir else rel.split(os.sep)) + [name]
            if _match(segs, rest):
                out.append(os.path.join(dirpath, name))
    return sorted(out)


def _magic(part: str) -> bool:
    return any(ch in part for ch in "*?[")


def _match(segs: list[str], pats: list[str]) -> bool:
    """Path segments against pattern segments, as glob does: `*` stays in its
    segment, `**` spans folders, names starting with `.` need a `.` in the pattern."""
    if not pats:
        return not segs
    if pats[0] == "**":
        return any(_match(segs[k:], pats[1:]) for k in range(len(segs) + 1)
                   if not any(seg.startswith(".") for seg in segs[:k]))
    if not segs or (segs[0].startswith(".") and not pats[0].startswith(".")):
        return False
    return fnmatch.fnmatchcase(segs[0], pats[0]) and _match(segs[1:], pats[1:])


__all__ = ["NotRegularFile", "OutsideFolder", "read_regular", "read_inside", "is_regular", "inside", "rewrite_regular",
           "replace_file", "glob_files"]
