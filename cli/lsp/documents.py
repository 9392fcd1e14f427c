"""Parsing a file again after an edit, one top-level declaration at a time.

A Lark LALR parse of a 500-line file takes over 100 ms in pure Python, too
slow to run on every keystroke. Every top-level declaration starts at column
1, so a file splits into chunks (the same split `dsl.parser` uses to recover
from errors); after an edit only the chunks whose text changed are parsed,
and the others are reused, moved to their new lines if lines were added or
removed above them. The items and diagnostics are those `parse_source`
gives for the file.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Callable, TypeVar

from waybill.dsl import ast, cache
from waybill.dsl.diagnostics import Diagnostic, Span
# The parser's own chunking and per-chunk parse: reused so that the server's
# syntax errors are exactly the checker's.
from waybill.dsl.parser import MAX_FILE_BYTES, ParsedChunk, join_chunks, parse_chunk, split_chunks

T = TypeVar("T")
MERGE_LIMIT = 3  # a chunk that fails is tried again with up to this many chunks after it
# `kind name`, `on event`, `include "x"`, `game "X"`: after a chunk whose brackets
# all close, a chunk that starts so is a declaration of its own, never the wrapped
# end of the one before, and joining them is not worth a parse
DECLARATION_START = re.compile(r"[A-Za-z_][A-Za-z0-9_]*[ \t]+[A-Za-z_\"]")


@dataclass
class ParsedFile:
    path: str
    text: str
    module: ast.Module
    diagnostics: list[Diagnostic]
    chunks: dict[str, ParsedChunk] = field(default_factory=dict)  # chunk text -> its parse

    @property
    def ok(self) -> bool:
        return not any(d.is_error for d in self.diagnostics)


def parse_text(text: str, path: str, previous: ParsedFile | None = None,
               checkpoint: Callable[[], None] | None = None) -> ParsedFile:
    """Parse `text`, reusing the chunks of `previous` that did not change.
    `checkpoint` is called before each chunk is parsed (nothing is changed
    until the parse returns: the server may stop it there)."""
    if previous is not None and previous.text == text and previous.path == path:
        return previous
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        diag = Diagnostic(path, Span.point(1, 1), "error", "E106", f"file is larger than {MAX_FILE_BYTES} bytes")
        return ParsedFile(path, text, ast.Module(path, []), [diag])
    known = previous.chunks if previous is not None and previous.path == path else {}
    if not known:
        seeded = _from_disk_cache(text, path)
        if seeded is not None:
            return seeded
    pieces = split_chunks(text)
    chunks, groups = _parse_pieces(pieces, known, path, merge=False, checkpoint=checkpoint)
    if any(c.diagnostics for c in groups):
        # A declaration with a line at column 1 inside it (a list wrapped
        # oddly) fails in pieces but parses whole. Only when every failing
        # chunk parses joined to the ones after it does the whole file parse
        # clean; otherwise the checker's answer is the one chunk by chunk.
        merged_chunks, merged = _parse_pieces(pieces, known | chunks, path, merge=True, checkpoint=checkpoint)
        if not any(c.diagnostics for c in merged):
            chunks, groups = merged_chunks, merged
    module, diags = join_chunks(path, groups)
    result = ParsedFile(path, text, module, diags, chunks)
    if result.ok and not known:  # a file read for the first time; edits in progress are not cached
        cache.store(text, module)
    return result


def _parse_pieces(pieces: list[tuple[int, str]], known: dict[str, ParsedChunk], path: str,
                  merge: bool, checkpoint: Callable[[], None] | None = None,
                  ) -> tuple[dict[str, ParsedChunk], list[ParsedChunk]]:
    """Each chunk's parse (keyed by its text), and the parses in file order."""
    chunks: dict[str, ParsedChunk] = {}
    groups: list[tuple[int, ParsedChunk]] = []  # (index of the first piece, its parse)

    def parse(first: int, last: int) -> ParsedChunk:  # pieces first..last-1 as one text
        text = "\n".join(p[1] for p in pieces[first:last])
        chunk = _reuse(known.get(text), pieces[first][0])
        if chunk is None:
            if checkpoint is not None:
                checkpoint()
            chunk = parse_chunk(text, path, pieces[first][0])
        chunks[text] = chunk
        return chunk

    i = 0
    while i < len(pieces):
        chunk, used = parse(i, i + 1), 1
        if chunk.diagnostics and merge:
            found = _join(pieces, i, groups, parse)
            if found is not None:
                start, used, chunk = found
                if start < i:
                    groups.pop()  # the declaration before was not whole either
                    i = start
        groups.append((i, chunk))
        i += used
    return chunks, [chunk for _, chunk in groups]


def _join(pieces, i: int, groups: list, parse) -> tuple[int, int, ParsedChunk] | None:
    """A failing chunk joined to the ones after it (when it leaves a bracket
    open, or they do not start like declarations), or to the one before
    (when it does not start like a declaration), if that parses clean:
    (first piece, pieces used from `i`'s group start, parse)."""
    unclosed = _unclosed(pieces[i][1])
    for extra in range(2, MERGE_LIMIT + 2):
        if i + extra > len(pieces) or (not unclosed and DECLARATION_START.match(pieces[i + extra - 1][1])):
            break
        attempt = parse(i, i + extra)
        if not attempt.diagnostics:
            return i, extra, attempt
    if groups and not DECLARATION_START.match(pieces[i][1]):
        start = groups[-1][0]
        for extra in range(1, MERGE_LIMIT + 1):
            if i + extra > len(pieces):
                break
            attempt = parse(start, i + extra)
            if not attempt.diagnostics:
                return start, i + extra - start, attempt
    return None


def _unclosed(text: str) -> bool:
    """Whether a bracket opened in `text` (outside strings and comments) stays open."""
    depth = 0
    for line in text.split("\n"):
        in_str = False
        for ch in line:
            if in_str:
                in_str = ch != '"'
            elif ch == '"':
                in_str = True
            elif ch == "#":
                break
            elif ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth -= 1
    return depth > 0


def _reuse(chunk: ParsedChunk | None, offset: int) -> ParsedChunk | None:
    if chunk is None:
        return None
    if chunk.line == offset:
        return chunk
    delta = offset - chunk.line
    return ParsedChunk(offset, shifted(chunk.items, delta), shifted(chunk.diagnostics, delta), chunk.broken)


def shifted(x: T, delta: int) -> T:
    """A copy of `x` (a syntax tree, diagnostics, or lists and tuples of
    them) with every span moved `delta` lines down: what a declaration parsed
    or checked before is, once lines were added or removed above it."""
    if isinstance(x, Span):
        return Span(x.line + delta, x.column, x.end_line + delta, x.end_column)
    if isinstance(x, list):
        return [shifted(v, delta) for v in x]
    if isinstance(x, tuple):
        return tuple(shifted(v, delta) for v in x)
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return type(x)(*(shifted(getattr(x, f.name), delta) for f in dataclasses.fields(x)))
    return x


def _from_disk_cache(text: str, path: str) -> ParsedFile | None:
    """A file that parsed clean before (in `waybill check` or here) is read
    from the parse cache; its items are then sorted into chunks so that the
    first edit re-parses only the edited declaration."""
    module = cache.load(text, path)
    if module is None:
        return None
    chunks: dict[str, ParsedChunk] = {}
    pieces = split_chunks(text)
    ends = [p[0] for p in pieces[1:]] + [text.count("\n") + 1]
    pos = 0
    for (offset, chunk_text), end in zip(pieces, ends):
        mine = []
        while pos < len(module.items) and module.items[pos].span.line - 1 < end:
            mine.append(module.items[pos])
            pos += 1
        chunks[chunk_text] = ParsedChunk(offset, mine, [], [])
    return ParsedFile(path, text, module, [], chunks)
