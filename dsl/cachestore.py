"""The cache folder and the entries kept in it: one store for the parse
cache (`waybill.dsl.cache`) and the check cache (`waybill.compiler.check_cache`),
so both keep their entries one way, under one key, in one encoding. What an
entry is keyed by, and what makes it still true, is each cache's own.

Light on purpose (no parser, no syntax tree): `waybill check` with nothing
changed imports this and little else.

`WAYBILL_CACHE` sets the folder (default `~/.cache/waybill`);
`WAYBILL_NO_CACHE=1` turns every cache off.

The folder is not trusted. An entry is plain JSON (reading it can never run
code: no pickle) and `read_entry` gives it back only when all of these hold,
else it is a miss:

- it is a regular file (links followed) of at most the reader's bound: a
  FIFO, a link to `/dev/zero` or a huge file is never waited on or read whole;
- it is a JSON object of exactly `format`, `seal` and the fields the reader
  names, each a string, and its format is the reader's;
- its seal, an HMAC of the format and the fields under the folder's key,
  matches, so a damaged, copied or edited entry is refused. The key is a
  file that only its owner may read or write; anything else there turns
  caching off.

`write_entry` writes a temporary file, then renames it: an entry is whole or
absent, and a link planted at the temporary name is never written through.

A field holding a value is `encode`d: JSON's own numbers, strings, booleans,
null and lists, and three tagged objects of one key, `{"()": [...]}` a
tuple, `{"~": [line, column, end line, end column]}` a `Span`, and
`{"_": [class name, field values...]}` a dataclass. `decode` builds only the
dataclasses its caller names, with as many values as they have fields; any
other JSON object is refused (a cache's own checks then say whether the
value is what it claims to be).
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import os
import stat
from collections.abc import Mapping
from contextlib import suppress
from functools import partial

from .diagnostics import Span
from waybill.spec.files import read_regular

KEY_FILE = "key"

# What reading an untrusted entry, or decoding it, may raise; each is a miss.
# (ValueError covers bad JSON and bad UTF-8; RecursionError, JSON nested too deep.)
BAD_ENTRY = (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError, MemoryError)


# ---- the folder and its key ------------------------------------------------------------------

def folder() -> str | None:
    """The cache folder, or None when caching is off."""
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


def seal_entry(key: bytes, fmt: str, fields: Mapping[str, str]) -> str:
    """The seal of an entry: an HMAC, under the folder's key, of its format
    and of each field's name and text (in name order, so the order an entry
    is written or read in does not matter)."""
    parts = [fmt] + [part for name in sorted(fields) for part in (name, fields[name])]
    return hmac.new(key, "\0".join(parts).encode("utf-8"), hashlib.sha256).hexdigest()


# ---- entries -----------------------------------------------------------------------------------

def entry_path(base: str, digest: str, subfolder: str = "") -> str:
    """Where the entry named by the hex `digest` lives in the cache folder
    `base`: `[subfolder/]xx/digest.json`, `xx` its first two digits."""
    return os.path.join(base, subfolder, digest[:2], digest + ".json")


def read_entry(base: str, path: str, fmt: str, fields: tuple[str, ...], limit: int) -> dict[str, str] | None:
    """The `fields` of the entry at `path` in the cache folder `base`, when
    it is a sound entry of format `fmt` of at most `limit` bytes (see the
    module's doc); else None. Never raises, never blocks."""
    try:
        key = secret(base, create=False)
        if key is None:
            return None
        raw = read_regular(path, limit + 1)
        if len(raw) > limit:
            return None
        doc = json.loads(raw.decode("utf-8"))
        if not isinstance(doc, dict) or set(doc) != {"format", "seal", *fields} or doc["format"] != fmt:
            return None
        found = {name: doc[name] for name in fields}
        if not all(isinstance(text, str) for text in found.values()):
            return None
        claimed = doc["seal"]
        if not isinstance(claimed, str) or not hmac.compare_digest(claimed, seal_entry(key, fmt, found)):
            return None
        return found
    except BAD_ENTRY:
        return None


def write_entry(base: str, path: str, fmt: str, fields: Mapping[str, str], limit: int) -> None:
    """Keep `fields` as an entry of format `fmt` at `path` in the cache folder
    `base` (its key made on first use), sealed. Nothing is written when the
    entry would be over `limit` bytes (it would never be read) or cannot be
    written: a cache that cannot be written only costs speed. Never raises."""
    try:
        key = secret(base, create=True)
        if key is None:
            return
        doc = json.dumps({"format": fmt, **fields, "seal": seal_entry(key, fmt, fields)}, separators=(",", ":"))
        if len(doc) <= limit:  # ASCII (json.dumps escapes the rest): one byte a character
            _write_whole(path, doc)
    except (OSError, ValueError, RecursionError):
        pass


def _write_whole(path: str, text: str) -> None:
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


# ---- the encoding of values ------------------------------------------------------------------

_TUPLE, _SPAN, _DATACLASS = "()", "~", "_"


def encode(value: object) -> str:
    """`value` as compact JSON in the store's encoding (see the module's doc).
    Raises TypeError for what it has no form for (a dict, a set, ...) and
    RecursionError for a value nested too deep."""
    return json.dumps(_encoded(value), separators=(",", ":"))


def _encoded(x):
    if isinstance(x, Span):
        return {_SPAN: [x.line, x.column, x.end_line, x.end_column]}
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        # positional: [class name, field values...] decodes with one call
        return {_DATACLASS: [type(x).__name__] + [_encoded(getattr(x, f.name)) for f in dataclasses.fields(x)]}
    if isinstance(x, tuple):
        return {_TUPLE: [_encoded(v) for v in x]}
    if isinstance(x, list):
        return [_encoded(v) for v in x]
    if x is None or isinstance(x, (str, int, float)):  # bool is an int
        return x
    raise TypeError(f"a cache entry cannot hold a {type(x).__name__}")


def decode(text: str, classes: Mapping[str, type] | None = None) -> object:
    """The value `encode` made `text` of; a dataclass only of `classes` (by
    name). Raises one of BAD_ENTRY for anything else."""
    return json.loads(text, object_hook=partial(_decoded, classes or {}))


def _decoded(classes: Mapping[str, type], x: dict):
    # an object_hook: json calls it for every object, innermost first, so the
    # values inside are already decoded and lists need no walk of their own
    if len(x) != 1:
        raise KeyError("not an encoded value")
    if _DATACLASS in x:
        name, *values = x[_DATACLASS]
        cls = classes[name]
        if len(values) != len(dataclasses.fields(cls)):
            raise TypeError(name)
        return cls(*values)
    if _SPAN in x:
        return Span(*x[_SPAN])
    if _TUPLE in x:
        return tuple(x[_TUPLE])
    raise KeyError("not an encoded value")


__all__ = ["KEY_FILE", "BAD_ENTRY", "folder", "secret", "seal_entry", "entry_path", "read_entry", "write_entry",
           "encode", "decode"]
