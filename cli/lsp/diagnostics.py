"""The checker's `Diagnostic` objects as LSP diagnostics: same code, message and hint."""

from __future__ import annotations

from lsprotocol import types

from waybill.dsl.diagnostics import Diagnostic

from .positions import Lines, to_range

SOURCE = "waybill"


def to_lsp(diag: Diagnostic, lines: Lines | None) -> types.Diagnostic:
    message = diag.message if not diag.hint else f"{diag.message}\nhelp: {diag.hint}"
    severity = types.DiagnosticSeverity.Error if diag.is_error else types.DiagnosticSeverity.Warning
    tags = [types.DiagnosticTag.Unnecessary] if diag.code == "W501" else None
    return types.Diagnostic(range=to_range(diag.span, lines), message=message, severity=severity,
                            code=diag.code, source=SOURCE, tags=tags)


def still_placed(diags: list[Diagnostic], then: str | None, now: str | None) -> list[Diagnostic]:
    """Of the diagnostics found in a file's text `then`, those that still stand
    where they were in its text `now`: all of them when the text is the same,
    else those that end above the first line that changed (below it, lines
    may have moved or the finding gone; the next complete pass says)."""
    if then == now:
        return list(diags)
    if then is None or now is None:
        return []
    first = 1
    for old, new in zip(then.split("\n"), now.split("\n")):
        if old != new:
            break
        first += 1
    return [d for d in diags if d.span.end_line < first]
