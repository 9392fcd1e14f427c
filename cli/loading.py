"""`load_pack`: shipped packs, pack folders or compiled IR to playable rules."""

from __future__ import annotations

import json
import os
from functools import lru_cache

from waybill.compiler import compile_pack
from waybill.compiler.schema import validate_ir
from waybill.runtime import Rules

from .errors import CompileError


def load_pack(source, variants: list[str] | tuple[str, ...] = ()) -> Rules:
    """The rules of a shipped pack (by name), a pack folder, an IR dict or an IR `.json` file.

    IR from outside is checked against the IR schema first. Raises
    `CompileError` (with the full diagnostic report) when the content is bad.
    """
    if isinstance(source, dict):
        return rules_from_ir(source)
    if isinstance(source, str) and source.endswith(".json") and os.path.isfile(source):
        try:
            with open(source, encoding="utf-8") as fh:
                data = json.load(fh)
        except (OSError, ValueError, RecursionError) as exc:
            raise CompileError(f"{source}: not a readable IR JSON file: {exc}") from None
        return rules_from_ir(data)
    return _compiled(str(source), tuple(variants))


@lru_cache(maxsize=32)
def _compiled(source: str, variants: tuple[str, ...]) -> Rules:
    result = compile_pack(source, list(variants))
    if result.ir is None:
        errors = result.report.errors
        raise CompileError(f"{source} does not compile ({len(errors)} error(s)):\n" + result.report.render(),
                           result.report)
    return Rules.from_ir(result.ir)


def compile_ir(source: str, variants: list[str] | tuple[str, ...] = ()) -> dict:
    result = compile_pack(source, list(variants))
    if result.ir is None:
        raise CompileError(f"{source} does not compile:\n" + result.report.render(), result.report)
    return result.ir


def rules_from_ir(ir: object) -> Rules:
    problems = validate_ir(ir)
    if problems:
        raise CompileError("the IR does not match the schema:\n  " + "\n  ".join(problems))
    return Rules.from_ir(ir)
