"""The error tree: `WaybillError` is the root of every error Waybill raises."""

from __future__ import annotations

from waybill.spec.errors import IllegalAction, RuleError, WaybillError


class CompileError(WaybillError):
    """Content that does not compile; `report` holds every diagnostic."""

    def __init__(self, message: str, report=None):
        super().__init__(message)
        self.report = report


__all__ = ["WaybillError", "CompileError", "RuleError", "IllegalAction"]
