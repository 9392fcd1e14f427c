"""A cache of parsed files, so that checking unchanged content is fast.

Parsing is most of the time of `waybill check` (Lark's LALR parser runs in
pure Python). A file that parsed without errors is saved as JSON, keyed by
the SHA-256 of its text, the grammar and this module's format; an unchanged
file is then read back instead of parsed. Plain JSON, so a damaged or
tampered entry can at worst fail to load (and is then parsed again), it can
never run code. `WAYBILL_CACHE` sets the folder (default
`~/.cache/waybill`); `WAYBILL_NO_CACHE=1` turns the cache off.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from functools import lru_cache

from . import ast
from .diagnostics import Span

FORMAT = "ast-5"  # bump when the AST or this encoding changes
_CLASSES = {name: cls for name, cls in vars(ast).items()
            if isinstance(cls, type) and dataclasses.is_dataclass(cls)}


def folder() -> str | None:
    if os.environ.get("WAYBILL_NO_CACHE"):
        return None
    return os.environ.get("WAYBILL_CACHE") or os.path.join(os.path.expanduser("~"), ".cache", "waybill")


@lru_cache(maxsize=1)
def _salt() -> str:
    from .parser import grammar_digest
    return grammar_digest() + FORMAT


def key(text: str) -> str:
    return hashlib.sha256((_salt() + "\0" + text).encode("utf-8")).hexdigest()


def load(text: str, path: str) -> ast.Module | None:
    base = folder()
    if base is None:
        return None
    entry = os.path.join(base, key(text)[:2], key(text) + ".json")
    try:
        with open(entry, encoding="utf-8") as fh:
            items = json.load(fh, object_hook=_decode)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return ast.Module(path, items)


def store(text: str, module: ast.Module) -> None:
    base = folder()
    if base is None:
        return
    k = key(text)
    entry = os.path.join(base, k[:2], k + ".json")
    try:
        os.makedirs(os.path.dirname(entry), exist_ok=True)
        tmp = f"{entry}.{os.getpid()}.tmp"
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump([_encode(x) for x in module.items], fh, separators=(",", ":"))
        os.replace(tmp, entry)
    except (OSError, RecursionError, ValueError):
        pass  # a cache that cannot be written only costs speed


def _encode(x):
    if isinstance(x, Span):
        return {"~": [x.line, x.column, x.end_line, x.end_column]}
    if dataclasses.is_dataclass(x):
        # positional: [class name, field values...] decodes with one call
        return {"_": [type(x).__name__] + [_encode(getattr(x, f.name)) for f in dataclasses.fields(x)]}
    if isinstance(x, tuple):
        return {"()": [_encode(v) for v in x]}
    if isinstance(x, list):
        return [_encode(v) for v in x]
    return x


def _decode(x: dict):
    # an object_hook: json calls it for every object, innermost first, so the
    # values inside are already decoded and lists need no walk of their own
    if "_" in x:
        name, *values = x["_"]
        return _CLASSES[name](*values)
    if "~" in x:
        return Span(*x["~"])
    if "()" in x:
        return tuple(x["()"])
    return x
