"""A cache of parsed files, so that checking unchanged content is fast.

Parsing is most of the time of `waybill check` (Lark's LALR parser runs in
pure Python). A file that parsed without errors is kept as an entry of the
cache store (`cachestore`: the folder, its key, sealed entries and their
encoding), named by the SHA-256 of its text, the grammar and the code that
makes trees; an unchanged file is then read back instead of parsed.
`WAYBILL_CACHE` sets the folder (default `~/.cache/waybill`);
`WAYBILL_NO_CACHE=1` turns the cache off.

The cache folder is not trusted. An entry is plain JSON (it can never run
code) and is used only when all of these hold, else the file is parsed again:

- the store finds it sound: a regular file of bounded size (a FIFO, a link
  to `/dev/zero`, a huge or deeply nested file is ignored, never waited on
  or recursed into), of this module's format, its seal (an HMAC with a key
  kept in the cache folder, readable by its owner only) matching, so a
  damaged, copied or edited entry is refused;
- it names the SHA-256 of the very text being parsed;
- and, should the key itself have leaked, the tree it holds has the AST's
  shape (classes and field types as the dataclasses declare them), every
  span lies inside the text, the top-level declarations cover all of the
  text but blanks and comments (none can vanish), and every string in a
  node is found in the text under that node (nothing is said that the
  source does not say).
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import re
import types
import typing
from functools import lru_cache

from . import ast
from .cachestore import BAD_ENTRY, KEY_FILE, decode, encode, entry_path, folder, read_entry, seal_entry, write_entry
from .cachestore import secret as _secret  # noqa: F401 (the hostile-entry tests reseal with it)
from .diagnostics import Span
from .grammar import grammar_digest, grammar_words
from .transform import MADE_UP_NAMES

FORMAT = "ast-7"  # bump when the AST or what an entry holds changes
FIELDS = ("source", "items")  # an entry: the SHA-256 of the text, and its items (encoded)
_CLASSES = {name: cls for name, cls in vars(ast).items()
            if isinstance(cls, type) and dataclasses.is_dataclass(cls) and issubclass(cls, ast.Node)}
MIN_ENTRY_BYTES = 1 << 16
ENTRY_BYTES_PER_SOURCE_BYTE = 24  # the shipped files' entries are at most ~8 times their text
MAX_ENTRY_BYTES = 64 << 20


# the modules whose code decides what tree a text parses to, or how it is
# kept: a change to any of them (not only to the grammar) makes every entry stale
_TREE_MAKERS = ("ast.py", "transform.py", "parser.py", "cache.py", "cachestore.py")


@lru_cache(maxsize=1)
def _salt() -> str:
    code = hashlib.sha256()
    here = os.path.dirname(os.path.abspath(__file__))
    for name in _TREE_MAKERS:
        try:
            with open(os.path.join(here, name), "rb") as fh:
                code.update(fh.read())
        except OSError:
            code.update(b"?" + name.encode())  # e.g. run from a zip: the format and grammar still count
    return grammar_digest() + FORMAT + code.hexdigest()


def key(text: str) -> str:
    """The name of the entry of `text`."""
    return hashlib.sha256((_salt() + "\0" + text).encode("utf-8")).hexdigest()


def _source_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _entry_path(base: str, text: str) -> str:
    return entry_path(base, key(text))


def _seal(secret: bytes, source_hash: str, body: str) -> str:
    """The seal of an entry holding `body` for the text of `source_hash`."""
    return seal_entry(secret, FORMAT, {"source": source_hash, "items": body})


def _limit(text: str) -> int:
    """The largest entry `text` may have: an entry far larger than its text is not read."""
    return min(MAX_ENTRY_BYTES, MIN_ENTRY_BYTES + ENTRY_BYTES_PER_SOURCE_BYTE * len(text.encode("utf-8")))


# ---- load and store -----------------------------------------------------------------------

def load(text: str, path: str) -> ast.Module | None:
    """The cached tree of `text`, or None: never raises, never blocks."""
    base = folder()
    if base is None:
        return None
    found = read_entry(base, _entry_path(base, text), FORMAT, FIELDS, _limit(text))
    if found is None or found["source"] != _source_hash(text):
        return None
    try:
        items = decode(found["items"], _CLASSES)
    except BAD_ENTRY:
        return None
    if not isinstance(items, list) or not verified(items, text):
        return None
    return ast.Module(path, items)


def store(text: str, module: ast.Module) -> None:
    """Keep the tree of `text`, a file that parsed without errors."""
    base = folder()
    if base is None:
        return
    try:
        body = encode(module.items)
    except (TypeError, ValueError, RecursionError):
        return  # a tree the store has no form for is parsed again next time
    write_entry(base, _entry_path(base, text), FORMAT, {"source": _source_hash(text), "items": body},
                _limit(text))


# ---- the tree against the text ------------------------------------------------------------

def verified(items: list, text: str) -> bool:
    """Whether decoded `items` are a tree the parser could have made of `text` (see the module's doc)."""
    return _Verifier(text).items(items)


@lru_cache(maxsize=None)
def _hints(cls: type) -> tuple[tuple[str, object], ...]:
    hints = typing.get_type_hints(cls, vars(ast))
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))


def _grammar_word(v: str) -> bool:
    """A tag the parser makes up from the grammar's own words (`neg`, `expect_not_offered`)."""
    words = grammar_words()
    return v in words or v in MADE_UP_NAMES or (len(v) <= 40 and all(part in words for part in v.split("_")))


def _is_node_type(t) -> bool:
    return isinstance(t, type) and issubclass(t, ast.Node)


_BLANK = re.compile(r"(?:\s|#[^\n]*)*")


class _Verifier:
    def __init__(self, text: str):
        self.text = text
        self.lines = [len(line) for line in text.split("\n")]
        self.starts = [0]
        for n in self.lines:
            self.starts.append(self.starts[-1] + n + 1)

    def items(self, items: list) -> bool:
        pos = 0
        for item in items:
            if not isinstance(item, ast.Node) or not self.span(item.span):
                return False
            start, end = self.offset(item.span.line, item.span.column), \
                self.offset(item.span.end_line, item.span.end_column)
            if start < pos or not _BLANK.fullmatch(self.text, pos, start):
                return False  # overlapping items, or source text no item accounts for
            pos = end
        if not _BLANK.fullmatch(self.text, min(pos, len(self.text))):
            return False
        return self.tree(items)

    def tree(self, items: list) -> bool:
        stack: list[ast.Node] = list(items)
        while stack:  # no recursion: a deep tree is refused, not a crash
            node = stack.pop()
            if type(node) not in _CLASSES.values() or not self.span(node.span):
                return False
            for name, tp in _hints(type(node)):
                if not self.value(getattr(node, name), tp, node.span, stack, 0):
                    return False
        return True

    def value(self, v, tp, span: Span, stack: list, depth: int) -> bool:
        """Whether `v` fits type `tp`; nodes inside are pushed on `stack`;
        strings must be found in the text under `span`."""
        if depth > 8:  # plain lists and tuples inside one node are shallow
            return False
        if tp is object or tp is typing.Any:
            return self.anything(v, span, stack, depth)
        origin = typing.get_origin(tp)
        if origin is typing.Union or origin is types.UnionType:
            arms = typing.get_args(tp)
            if isinstance(v, ast.Node):  # pushed once, whichever arm declares it
                return any(_is_node_type(t) for t in arms) and self.value(v, ast.Node, span, stack, depth)
            return any(self.value(v, t, span, stack, depth) for t in arms if not _is_node_type(t))
        if tp is type(None):
            return v is None
        if tp is bool:
            return isinstance(v, bool)
        if tp is int:
            return isinstance(v, int) and not isinstance(v, bool)
        if tp is float:
            return isinstance(v, (int, float)) and not isinstance(v, bool)
        if tp is str:
            return isinstance(v, str) and self.said(v, span)
        if tp is Span:
            return isinstance(v, Span) and self.span(v)
        if _is_node_type(tp):
            # any node where a node is declared: the parser stores a Literal
            # where some fields declare Text (ast.Log.text), so the class is not checked
            if isinstance(v, ast.Node):
                stack.append(v)
                return True
            return False
        if tp is list or origin is list:
            args = typing.get_args(tp)
            return isinstance(v, list) and all(
                self.value(x, args[0], span, stack, depth + 1) if args else self.anything(x, span, stack, depth + 1)
                for x in v)
        if tp is tuple or origin is tuple:
            return isinstance(v, tuple) and all(self.anything(x, span, stack, depth + 1) for x in v)
        return False

    def anything(self, v, span: Span, stack: list, depth: int) -> bool:
        if v is None or isinstance(v, bool):
            return True
        if isinstance(v, int):
            return True
        if isinstance(v, str):
            return self.said(v, span)
        if isinstance(v, Span):
            return self.span(v)
        if isinstance(v, ast.Node):
            stack.append(v)
            return True
        if isinstance(v, (list, tuple)) and depth < 8:
            return all(self.anything(x, span, stack, depth + 1) for x in v)
        return False

    def span(self, s) -> bool:
        if not isinstance(s, Span):
            return False
        nums = (s.line, s.column, s.end_line, s.end_column)
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in nums):
            return False
        n = len(self.lines)
        if not (1 <= s.line <= n and 1 <= s.end_line <= n and (s.line, s.column) <= (s.end_line, s.end_column)):
            return False
        # a point at the end of a line (an empty file, a missing `}`) reaches one past it
        return 1 <= s.column <= self.lines[s.line - 1] + 2 and 1 <= s.end_column <= self.lines[s.end_line - 1] + 2

    def offset(self, line: int, column: int) -> int:
        return min(self.starts[line - 1] + column - 1, len(self.text))

    def said(self, v: str, span: Span) -> bool:
        """Whether the text under `span` says `v` (as written, or as a string
        literal writes it), or `v` is a word of the grammar itself."""
        start = self.offset(span.line, span.column)
        end = self.offset(span.end_line, span.end_column)
        if self.text.find(v, start, end) != -1 or _grammar_word(v):
            return True
        quoted = v.replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
        return self.text.find(quoted, start, end) != -1 or \
            self.text.find(v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t"),
                           start, end) != -1


__all__ = ["load", "store", "key", "folder", "verified", "FORMAT", "KEY_FILE"]
