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
