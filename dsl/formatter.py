"""`waybill fmt`: canonical layout that keeps every token and comment.

The formatter works on tokens, not on the tree, so comments survive and the
token sequence (hence the compiled program) never changes. It keeps the
author's line breaks, re-indents by bracket depth (two spaces), puts single
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
    for kind, value in tokenize(text.replace("\r\n", "\n")):
        if kind == "newline":
            lines.append([])
        elif kind != "space":
            lines[-1].append((kind, value))
    out: list[str] = []
    depth = 0
    blank = 0
    for toks in lines:
        if not toks:
            blank += 1
            continue
        if out and blank:
            out.append("")
        blank = 0
        leading_closers = 0
        for kind, value in toks:
            if kind == "op" and value in CLOSERS:
                leading_closers += 1
            else:
                break
        indent = max(0, depth - leading_closers)
        out.append("  " * indent + _join(toks))
        for kind, value in toks:
            if kind == "op" and value in OPENERS:
                depth += 1
            elif kind == "op" and value in CLOSERS:
                depth = max(0, depth - 1)
    return "\n".join(out) + "\n" if out else ""


def _join(toks: list[tuple[str, str]]) -> str:
    parts: list[str] = []
    prev: tuple[str, str] | None = None
    unary = False
    for tok in toks:
        kind, value = tok
        if prev is not None:
            gap = _gap(prev, tok, unary)
            if not gap and _fuses(prev[1], value):
                gap = " "
            parts.append(gap)
        if kind == "comment":
            if prev is not None:
                parts[-1] = "  "
        unary = kind == "op" and value == "-" and not _ends_value(prev)
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
    return " "


# Words after which `(` or `[` starts a new expression rather than a call.
_KEYWORDS_BEFORE_PAREN = {
    "if", "then", "else", "in", "not", "and", "or", "return", "while", "repeat", "require", "by",
    "from", "where", "let", "set", "for", "of", "amount", "order", "not in", "up to", "each", "when",
}
