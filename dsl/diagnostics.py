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
    "E401": "wrong number of arguments",
    "E402": "wrong type",
    "E403": "missing required field",
    "E404": "invalid value",
    "E405": "unknown keyword argument",
    "E406": "misplaced statement",
    "W501": "unused declaration",
    "W502": "file is not part of the pack",
    "W601": "a card with abilities has no printed text",
    "W602": "the printed cost differs from the card's cost",
    "W603": "a number in the printed text is not in the card",
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

    def render(self, source: str | None) -> str:
        """`path:line:col: error[CODE]: message`, the line, a caret, `help:`."""
        head = f"{self.file}:{self.span.line}:{self.span.column}: {self.severity}[{self.code}]: {self.message}"
        lines = [head]
        text = _source_line(source, self.span.line)
        if text is not None:
            gutter = f"{self.span.line} | "
            lines.append(gutter + text)
            width = 1
            if self.span.end_line == self.span.line:
                width = max(1, self.span.end_column - self.span.column)
            width = min(width, max(1, len(text) - self.span.column + 1))
            lines.append(" " * (len(gutter) + self.span.column - 1) + "^" * width)
        if self.hint:
            lines.append(f"  help: {self.hint}")
        return "\n".join(lines)


def _source_line(source: str | None, line: int) -> str | None:
    if source is None or line < 1:
        return None
    lines = source.split("\n")  # the parser counts only \n; splitlines() also breaks at \f, \x1c, \u2028...
    if line > len(lines):
        return None
    text = lines[line - 1].rstrip("\r").expandtabs(1)
    return text if len(text) <= 400 else text[:400] + " ..."


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
        return "\n\n".join(d.render(self.sources.get(d.file)) for d in self.sorted())

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


__all__ = ["CODES", "Span", "Diagnostic", "Report", "suggest", "asdict"]
