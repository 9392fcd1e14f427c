"""`waybill fmt`: canonical layout that keeps every token and comment.

The formatter works on tokens, not on the tree, so comments survive and the
token sequence (hence the compiled program) never changes. It keeps the
author's line breaks, re-indents by bracket depth and statement continuation
(two spaces a level; see `_Layout`), puts single
spaces between tokens by a few rules, trims trailing space and collapses runs
of blank lines. Formatting twice gives the same text.
"""

from __future__ import annotations

import re
from functools import lru_cache

_TOKEN = re.compile(r"""
    (?P<comment>\#[^\n]*)
  | (?P<string>"(?:[^"\\\n]|\\.)*"|"(?:[^"\\\n]|\\.)*(?<![ \t]))  # an unterminated one keeps no trailing space
  | (?P<newline>\n)
  | (?P<space>[ \t\r\f]+)
  | (?P<word>not[ \t]+in\b|up[ \t]+to\b|[A-Za-z_][A-Za-z0-9_]*)
  | (?P<number>[0-9]+)
  | (?P<op>\.\.|\?\?|==|!=|<=|>=|\+=|-=|[-+*/%<>=.,:;(){}\[\]~])
  | (?P<other>.)
""", re.VERBOSE)

OPENERS = "({["
CLOSERS = ")}]"
NO_SPACE_BEFORE = {",", ")", "]", ".", ":", ";", ".."}
NO_SPACE_AFTER = {"(", "[", ".", "..", "~"}  # `~"part"`: a scenario names part of a label
VALUE_END = ("word", "number", "string")


def tokenize(text: str) -> list[tuple[str, str]]:
    out = []
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        value = m.group()
        if kind == "word":
            value = re.sub(r"[ \t]+", " ", value)
        out.append((kind, value))
    return out


def format_source(text: str) -> str:
    lines: list[list[tuple[str, str]]] = [[]]
    gaps: dict[tuple[int, int], int] = {}  # (line, token): the width of the space written before it
    gap = ""
    for kind, value in tokenize(text.replace("\r\n", "\n")):
        if kind == "newline":
            lines.append([])
        elif kind == "space":
            gap = value
            continue
        else:
            if lines[-1] and gap:
                gaps[len(lines) - 1, len(lines[-1])] = len(gap.expandtabs(2))
            lines[-1].append((kind, value))
        gap = ""
    out: list[str] = []
    layout = _Layout()
    blank = 0
    for number, toks in enumerate(lines):
        if not toks:
            blank += 1
            continue
        if out and blank:
            out.append("")
        blank = 0
        indent = layout.indent(toks)
        spaced = {i: w for (n, i), w in gaps.items() if n == number}
        out.append("  " * indent + _join(toks, spaced, layout.continued))
    return "\n".join(out) + "\n" if out else ""


# A line that starts with one of these, or follows a line that ends with one
# of these, continues the statement above it (one level deeper than its start).
_OPERATORS = {"+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", ".", ".."}
CONTINUES_START = _OPERATORS | {"and", "or", "where", "then", "else"}
CONTINUES_END = _OPERATORS - {"."} | {"and", "or", "where", "then", "else", "not", "in", "=", ":", ","}


class _Layout:
    """Indentation: two spaces per open `{` block, one level for the lines
    inside a `(` or `[` opened on an earlier line, and one level for the
    continuation lines of a statement written over several lines."""

    def __init__(self) -> None:
        self.stack: list[tuple[str, int]] = []  # (opener, indent its lines are relative to)
        self.statement = 0  # indent of the first line of the current statement
        self.last: str | None = None  # the last token (not a comment) of the last line with code
        self.continued = False  # the last line given an indent continues a statement
        self.fields = False  # the current statement starts `name:` (a list of fields: `a: int,` lines are siblings)

    def indent(self, toks: list[tuple[str, str]]) -> int:
        code = [v for k, v in toks if k != "comment"]
        self.continued = False
        first = toks[0]
        if first[0] == "op" and first[1] in CLOSERS:
            closers = 0
            for kind, value in toks:
                if not (kind == "op" and value in CLOSERS):
                    break
                closers += 1
            popped = self.stack[-min(closers, len(self.stack)):] if self.stack else []
            indent = popped[0][1] if popped else 0
            if popped and popped[0][0] == "{":
                self.statement = indent
        else:
            top = self.stack[-1] if self.stack else None
            block = top[1] + 1 if top else 0
            if top and top[0] != "{":
                indent = block
            elif code and self.last is not None and self._continues(code[0]):
                indent = self.statement + 1
                self.continued = True
            else:
                indent = block
                if code:
                    self.statement = indent
                    self.fields = len(toks) > 1 and first[0] == "word" and toks[1] == ("op", ":")
        for kind, value in toks:
            if kind == "op" and value in OPENERS:
                self.stack.append((value, self.statement if value == "{" else indent))
            elif kind == "op" and value in CLOSERS and self.stack:
                self.stack.pop()
        if code:
            self.last = code[-1]
        return indent

    def _continues(self, first: str) -> bool:
        if first == "else" and self.last == "}":
            return False  # `} \n else {`: a new branch, not a continued line
        if self.last == "," and self.fields:
            return False
        return first in CONTINUES_START or self.last in CONTINUES_END


def _join(toks: list[tuple[str, str]], spaced: dict[int, int] | None = None, continued: bool = False) -> str:
    """One line's tokens, spaced. `spaced` gives the width of the space the
    author wrote before a token: where it is two or more between a value and
    a word (two statements on one line: `set a = 1  set b = 2`), two stay. On a `continued` line a
    leading `-` is a binary minus."""
    spaced = spaced or {}
    parts: list[str] = []
    prev: tuple[str, str] | None = None
    unary = False
    for i, tok in enumerate(toks):
        kind, value = tok
        if prev is not None:
            gap = _gap(prev, tok, unary)
            if gap == " " and spaced.get(i, 0) >= 2 and _ends_value(prev) and kind == "word":
                gap = "  "
            elif kind == "op" and value == "[" and prev[1] in _KEYWORDS_BEFORE_PAREN and not spaced.get(i):
                gap = ""  # `order[i]`: a name that is also a keyword, indexed
            if not gap and _fuses(prev[1], value):
                gap = " "
            parts.append(gap)
        if kind == "comment":
            if prev is not None:
                parts[-1] = "  "
        unary = kind == "op" and value == "-" and not _ends_value(prev) and not (continued and prev is None)
        parts.append(value)
        prev = tok
    return "".join(parts).rstrip(" \t")  # not str.rstrip(): it also eats control characters


def _fuses(a: str, b: str) -> bool:
    """Whether `a` and `b` written together read as other tokens (`-` `==` as `-=` `=`)."""
    return [v for _, v in tokenize(a + b)] != [a, b]


def _ends_value(tok: tuple[str, str] | None) -> bool:
    if tok is None:
        return False
    kind, value = tok
    if kind == "word" and value in keywords():
        return False
    return kind in VALUE_END or (kind == "op" and value in (")", "]"))


@lru_cache(maxsize=1)
def keywords() -> frozenset[str]:
    from .parser import grammar_text
    return frozenset(re.findall(r'^[A-Z_]+(?:\.\d+)?: "([a-z]+)"', grammar_text(), re.MULTILINE))


def _gap(prev: tuple[str, str], tok: tuple[str, str], prev_unary: bool) -> str:
    pk, pv = prev
    kind, value = tok
    if kind == "op" and value in NO_SPACE_BEFORE:
        return ""
    if pk == "op" and pv in NO_SPACE_AFTER:
        return ""
    if prev_unary:
        return ""
    if kind == "op" and value in ("(", "[") and pk == "word" and pv not in _KEYWORDS_BEFORE_PAREN:
        return ""
    if kind == "op" and value == "[" and pk == "op" and pv in (")", "]"):
        return ""  # `f()[i]`, `xs[0][1]`: an index, not a list
    return " "


# Words after which `(` or `[` starts a new expression rather than a call.
_KEYWORDS_BEFORE_PAREN = {
    "if", "then", "else", "in", "not", "and", "or", "return", "while", "repeat", "require", "by",
    "from", "where", "let", "set", "for", "of", "amount", "order", "not in", "up to", "each", "when",
}
