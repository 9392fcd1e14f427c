"""The public API: what an embedding program, the CLI, the server, the
language server and the tests use (``from waybill import load_pack, Game``).

The layers below never import this module: each is given what it needs
here (the compiler the bots it may name, a bot the rules it plays).
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterable

from waybill.bots import BOT_NAMES, Bot, bot_settings
from waybill.bots import make_bot as _make_bot_for_rules
from waybill.compiler import CompileResult
from waybill.compiler import check_paths as _check_paths
from waybill.compiler import compile_pack as _compile_pack
from waybill.dsl.diagnostics import Report
from waybill.spec.errors import BadSave, CompileError, IllegalAction, RuleError, WaybillError

if TYPE_CHECKING:
    from waybill.runtime import Game, Rules

# The kernel loads on first use: `waybill check` and `waybill fmt` go through
# this module too, and should not pay for the runtime (about 100 ms).
_KERNEL = {"Game": ("waybill.runtime.game", "Game"), "Rules": ("waybill.runtime.rules", "Rules"),
           "schema": ("waybill.runtime.schemas", "shipped"), "schema_errors": ("waybill.runtime.schemas", "errors")}


def __getattr__(name: str) -> Any:
    if name in _KERNEL:
        from importlib import import_module
        module, attr = _KERNEL[name]
        return getattr(import_module(module), attr)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def compile_pack(source: str, variants: Iterable[str] = (), report: Report | None = None) -> CompileResult:
    """Compile a shipped pack (by name) or a pack folder; never raises on bad
    content (``result.report`` holds the diagnostics, ``result.ir`` is None)."""
    return _compile_pack(source, list(variants), report, bots=bot_settings())


def check_paths(paths: list[str], cached: bool = False) -> Report:
    """What `waybill check` finds in packs, folders of packs, single files
    or shipped names (every shipped pack when ``paths`` is empty)."""
    return _check_paths(paths, cached, bots=bot_settings())


def load_pack(source: Any, variants: Iterable[str] = ()) -> Rules:
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
    from waybill.runtime.rules import Rules
    return Rules.from_ir(compile_ir(source, variants))


def compile_ir(source: str, variants: Iterable[str] = ()) -> dict:
    """The IR of a shipped pack or a pack folder; `CompileError` when it does not compile."""
    result = compile_pack(source, variants)
    if result.ir is None:
        errors = result.report.errors
        raise CompileError(f"{source} does not compile ({len(errors)} error(s)):\n" + result.report.render(),
                           result.report)
    return result.ir


def rules_from_ir(ir: object) -> Rules:
    """Rules from an IR made elsewhere, checked against the IR schema first."""
    from waybill.compiler.schema import validate_ir
    from waybill.runtime.rules import Rules
    problems = validate_ir(ir)
    if problems:
        raise CompileError("the IR does not match the schema:\n  " + "\n  ".join(problems))
    return Rules.from_ir(ir)


def make_bot(name: str, rules: Rules | str, **overrides: Any) -> Bot:
    """A bot by name (``"default"``: the one the pack names) for a game of
    ``rules``: a ``Rules``, or the name or folder of a pack, then loaded.
    ``overrides`` change the settings of bots that take them (``think_ms=100``).
    A pack that cannot be loaded from that name plays the bot's defaults."""
    if isinstance(rules, str):
        try:
            rules = load_pack(rules)
        except WaybillError:
            rules = None
    return _make_bot_for_rules(name, rules, **overrides)


def words(lang: str | None, rules: Rules | None = None) -> Any:
    """The words of a language for a surface (the terminal, the web page):
    the engine's catalogue (spec/locales) and, given ``rules``, their packs'
    catalogues, each falling back to English; None when no language is asked
    for (English as written). Its ``get(id, args, english)`` never raises; a
    language that is not a tag like ``ru`` or ``pt-BR`` is a `WaybillError`."""
    from waybill.runtime.text.catalogue import catalogue
    return catalogue(rules if rules is not None else _NoPack(), lang)


class _NoPack:
    """Rules of no pack (the engine's words alone), as `catalogue` reads them."""

    ir: dict = {}

    def __init__(self) -> None:
        self.catalogues: dict = {}      # (Rules.catalogues)


__all__ = [
    "load_pack", "compile_pack", "compile_ir", "rules_from_ir", "check_paths", "CompileResult", "Report",
    "Game", "Rules", "schema", "schema_errors",
    "make_bot", "Bot", "BOT_NAMES", "bot_settings", "words",
    "WaybillError", "CompileError", "RuleError", "IllegalAction", "BadSave",
]
