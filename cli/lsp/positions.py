"""Source spans (1-based lines, columns in code points, end-exclusive) to
LSP positions (0-based, columns in UTF-16 code units), and back.

Content is mostly ASCII, but titles and `text` hold dashes and accents; an
editor counts those in UTF-16 units, the parser in characters.
"""

from __future__ import annotations

from lsprotocol import types

from waybill.dsl.diagnostics import Span


class Lines:
    """The lines of one text, as the parser counts them (only `\\n` breaks)."""

    def __init__(self, text: str):
        self.lines = text.split("\n")

    def line(self, index: int) -> str:
        return self.lines[index] if 0 <= index < len(self.lines) else ""

    def to_utf16(self, line: int, column: int) -> int:
        """0-based code-point column on 0-based `line` to UTF-16 units."""
        text = self.line(line)[:column]
        return column + sum(1 for ch in text if ord(ch) > 0xFFFF)

    def from_utf16(self, line: int, units: int) -> int:
        """0-based UTF-16 column on 0-based `line` to a code-point column."""
        count = 0
        for i, ch in enumerate(self.line(line)):
            if count >= units:
                return i
            count += 2 if ord(ch) > 0xFFFF else 1
        return len(self.line(line)) if count >= units else len(self.line(line)) + (units - count)


def to_range(span: Span, lines: Lines | None = None) -> types.Range:
    start_line, end_line = max(0, span.line - 1), max(0, span.end_line - 1)
    start_col, end_col = max(0, span.column - 1), max(0, span.end_column - 1)
    if lines is not None:
        start_col, end_col = lines.to_utf16(start_line, start_col), lines.to_utf16(end_line, end_col)
    return types.Range(types.Position(start_line, start_col), types.Position(end_line, end_col))


def to_point(position: types.Position, lines: Lines | None = None) -> tuple[int, int]:
    """An LSP position as the parser's (line, column), both 1-based."""
    column = position.character
    if lines is not None:
        column = lines.from_utf16(position.line, column)
    return position.line + 1, column + 1


def contains(span: Span, line: int, column: int) -> bool:
    """Whether (line, column), 1-based, is inside the span or just at its end
    (a cursor right after a name still means that name)."""
    if (line, column) < (span.line, span.column):
        return False
    return (line, column) <= (span.end_line, span.end_column)
