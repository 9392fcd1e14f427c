"""The cache folder, its key and its writes: what the parse cache
(`waybill.dsl.cache`) and the check cache (`waybill.compiler.check_cache`) share.

Light on purpose (no parser, no syntax tree): `waybill check` with nothing
changed imports this and little else.

`WAYBILL_CACHE` sets the folder (default `~/.cache/waybill`);
`WAYBILL_NO_CACHE=1` turns every cache off. The folder is not trusted: an
entry is used only when its seal, an HMAC with the folder's key, matches. The
key is a file that only its owner may read or write; anything else there
turns caching off.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import stat
from contextlib import suppress

from .files import read_regular

KEY_FILE = "key"


def folder() -> str | None:
    if os.environ.get("WAYBILL_NO_CACHE"):
        return None
    return os.environ.get("WAYBILL_CACHE") or os.path.join(os.path.expanduser("~"), ".cache", "waybill")


def secret(base: str, create: bool) -> bytes | None:
    """The folder's key: a regular file of ours that no one else may read or
    write. None (no caching) when it is anything else."""
    path = os.path.join(base, KEY_FILE)
    for _ in range(2):
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            if not create:
                return None
            _make_secret(base, path)
            continue
        except (OSError, ValueError):
            return None
        if not stat.S_ISREG(st.st_mode) or st.st_mode & 0o077 or st.st_uid != os.getuid():
            return None
        try:
            data = read_regular(path, 128)
        except (OSError, ValueError):
            return None
        return data if len(data) == 64 else None
    return None


def _make_secret(base: str, path: str) -> None:
    try:
        os.makedirs(base, mode=0o700, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except (OSError, ValueError):
        return  # another process made it first, or the folder is not ours: secret() decides
    try:
        os.write(fd, os.urandom(32).hex().encode("ascii"))
    finally:
        os.close(fd)


def seal(key: bytes, *parts: str) -> str:
    """The HMAC of `parts` (joined by NUL) under the folder's key."""
    return hmac.new(key, "\0".join(parts).encode("utf-8"), hashlib.sha256).hexdigest()


def sealed(key: bytes, claimed: object, *parts: str) -> bool:
    """Whether `claimed` is the seal of `parts` (compared in constant time)."""
    return isinstance(claimed, str) and hmac.compare_digest(claimed, seal(key, *parts))


def write_entry(path: str, text: str) -> None:
    """Write `text` to `path` whole or not at all (a temporary file, then a
    rename); raises OSError. A link (or anything) planted at the temporary
    name is never written through."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = f"{path}.{os.getpid()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except OSError:
        with suppress(OSError):  # no half-written file left behind
            os.unlink(tmp)
        raise


__all__ = ["KEY_FILE", "folder", "secret", "seal", "sealed", "write_entry"]
