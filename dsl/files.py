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


def read_regular(path: str, limit: int) -> bytes:
    """At most `limit` bytes of a regular file (links followed). Raises
    OSError (a `NotRegularFile` for a FIFO, device, folder or socket); never blocks."""
    _check_regular(os.stat(path).st_mode, path)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
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


__all__ = ["NotRegularFile", "read_regular", "is_regular", "inside", "rewrite_regular"]
