"""Diagnostics: the one currency of errors from the parser to the CLI.

A `Diagnostic` is data (file, span, severity, code, message, hint); the CLI,
the JSON output and an editor all render the same objects. Codes are stable
and documented in `CODES`; tests assert each one.
"""

from __future__ import annotations

import difflib
from dataclasses import asdict, dataclass, field
from typing import Iterable

# Stable codes. The text is the title used in the README's table.
CODES: dict[str, str] = {
    "E101": "unexpected token",
    "E102": "unexpected character",
    "E103": "unexpected end of a declaration",
    "E104": "file is not valid UTF-8",
    "E105": "nesting too deep",
    "E106": "file too large",
    "E107": "unreadable file",
    "E108": "a `{...}` hole in a string is not an expression",
    "E201": "included file not found",
    "E202": "include leaves the pack folder",
    "E203": "include cycle",
    "E204": "no pack declaration",
    "E205": "empty pack",
    "E206": "unknown pack",
    "E207": "unknown variant",
    "E208": "more than one pack declaration",
    "E301": "unknown name",
    "E302": "duplicate definition",
    "E303": "unknown kind",
    "E304": "unknown field",
    "E305": "unknown attribute",
    "E306": "unknown event",
    "E307": "unknown procedure or primitive",
    "E308": "unknown function or quantity",
    "E309": "wrong kind of name",
    "E310": "replaces a declaration of another kind",
    "E311": "property may be read before it is set",
    "E401": "wrong number of arguments",
    "E402": "wrong type",
    "E403": "missing required field",
    "E404": "invalid value",
    "E405": "unknown keyword argument",
    "E406": "misplaced statement",
    "E407": "beyond an engine limit",
    "E420": "a card template's value is not known when the pack is compiled",
    "E421": "a per-player name read with no seat",
    "E422": "a decision with no player to make it",
    "E430": "a simultaneous decision asked wrongly",
    "W501": "unused declaration",
    "W502": "file is not part of the pack",
    "W503": "replaces a base pack's declaration",
    "W601": "a card with abilities has no printed text",
    "W602": "the printed cost differs from the card's cost",
    "W603": "a number in the printed text is not in the card",
    "W701": "a scenario expects a label no option can have",
    "W702": "a name compared with words nothing in the pack is named",
    "E801": "syntax error in a catalogue",
    "E802": "unknown message in a catalogue",
        "E804": "a variable the message does not receive",
    "E805": "message given twice in a catalogue",
    "E806": "selector without a default variant",
    "E807": "reference cycle in a catalogue",
    "E808": "nesting too deep in a catalogue",
    "E809": "number out of range in a catalogue",
    "W801": "messages missing from a translation",
    "W803": "the English catalogue is behind the content",
    "W804": "a message under its id from before names",
    "W802": "selector without an `other` variant",
}


@dataclass(frozen=True)
class Span:
    """A 1-based, end-exclusive source range."""

    line: int
    column: int
    end_line: int
    end_column: int

    @staticmethod
    def point(line: int, column: int) -> "Span":
        return Span(line, column, line, column + 1)


@dataclass
class Diagnostic:
    file: str
    span: Span
    severity: str  # "error" | "warning"
    code: str
    message: str
    hint: str | None = None

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def to_json(self) -> dict:
        return {
            "file": self.file,
            "line": self.span.line,
            "column": self.span.column,
            "end_line": self.span.end_line,
            "end_column": self.span.end_column,
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
        }

    def render(self, source: str | list[str] | None) -> str:
        """`path:line:col: error[CODE]: message`, the line, a caret, `help:`.

        `source` is the file's text, or its lines already split (`source_lines`),
        which a report drawing many diagnostics of one file passes to split it once."""
        head = f"{self.file}:{self.span.line}:{self.span.column}: {self.severity}[{self.code}]: {self.message}"
        lines = [head]
        shown = _shown_line(source_lines(source) if isinstance(source, str) else source, self.span)
        if shown is not None:
            text, column = shown
            gutter = f"{self.span.line} | "
            lines.append(gutter + text)
            width = 1
            if self.span.end_line == self.span.line:
                width = max(1, self.span.end_column - self.span.column)
            width = min(width, max(1, len(text) - column + 1))
            lines.append(" " * (len(gutter) + column - 1) + "^" * width)
        if self.hint:
            lines.append(f"  help: {self.hint}")
        return "\n".join(lines)


SHOWN_LINE = 400  # characters of a source line drawn under a message
MAX_SHOWN_PER_FILE = 25  # diagnostics drawn per file; the rest are counted in one note


def source_lines(source: str | None) -> list[str] | None:
    """A file's lines as the parser counts them: only at \n (str.splitlines()
    also breaks at \f, \x1c, \u2028...)."""
    return None if source is None else source.split("\n")


def _shown_line(lines: list[str] | None, span: Span) -> tuple[str, int] | None:
    """The line to draw and the caret's column in it. A long line is cut to
    a window around the column (so a message at column 40 000 of a one-line
    file is not drawn with 40 000 spaces)."""
    if lines is None or not 1 <= span.line <= len(lines):
        return None
    text = lines[span.line - 1].rstrip("\r").expandtabs(1)
    column = span.column
    if len(text) <= SHOWN_LINE:
        return text, column
    start = max(0, min(column - 1 - SHOWN_LINE // 2, len(text) - SHOWN_LINE))
    if start == 0:
        return text[:SHOWN_LINE] + " ...", column
    return "... " + text[start:start + SHOWN_LINE] + (" ..." if start + SHOWN_LINE < len(text) else ""), \
        column - start + 4


@dataclass
class Report:
    """Every diagnostic of one run, and the sources to draw them."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)

    def add(self, diag: Diagnostic) -> None:
        self.diagnostics.append(diag)

    def extend(self, diags: Iterable[Diagnostic]) -> None:
        self.diagnostics.extend(diags)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.sorted() if d.is_error]

    @property
    def warnings(self) -> list[Diagnostic]:
        # a pack is checked twice (as is, and with its variants): count each finding once
        return [d for d in self.sorted() if not d.is_error]

    def sorted(self) -> list[Diagnostic]:
        seen: set[tuple] = set()
        out = []
        for d in sorted(self.diagnostics, key=lambda d: (d.file, d.span.line, d.span.column, d.code)):
            key = (d.file, d.span.line, d.span.column, d.code, d.message)
            if key not in seen:
                seen.add(key)
                out.append(d)
        return out

    def render(self) -> str:
        """Every diagnostic, drawn; past MAX_SHOWN_PER_FILE in one file, a note
        says how many more there are (the summary and the JSON count them all)."""
        out: list[str] = []
        by_file: dict[str, list[Diagnostic]] = {}
        for d in self.sorted():  # sorted by file first: groups keep that order
            by_file.setdefault(d.file, []).append(d)
        for file, diags in by_file.items():
            lines = source_lines(self.sources.get(file))
            out.extend(d.render(lines) for d in diags[:MAX_SHOWN_PER_FILE])
            if len(diags) > MAX_SHOWN_PER_FILE:
                out.append(f"{file}: and {len(diags) - MAX_SHOWN_PER_FILE} more diagnostic(s) in this file, not shown")
        return "\n\n".join(out)

    def to_json(self) -> list[dict]:
        return [asdict_diag(d) for d in self.sorted()]


def asdict_diag(d: Diagnostic) -> dict:
    return d.to_json()


def suggest(name: str, known: Iterable[str], limit: int = 3) -> str | None:
    """A `help:` text naming the nearest known names, or None."""
    candidates = sorted(set(known))
    close = difflib.get_close_matches(name, candidates, n=limit, cutoff=0.6)
    if not close:
        lowered = {c.lower(): c for c in candidates}
        close = [lowered[c] for c in difflib.get_close_matches(name.lower(), list(lowered), n=limit, cutoff=0.6)]
    if not close:
        return None
    if len(close) == 1:
        return f"did you mean `{close[0]}`?"
    return "did you mean " + ", ".join(f"`{c}`" for c in close[:-1]) + f" or `{close[-1]}`?"


__all__ = ["CODES", "Span", "Diagnostic", "Report", "suggest", "asdict", "source_lines", "MAX_SHOWN_PER_FILE"]
