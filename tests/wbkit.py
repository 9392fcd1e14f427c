"""Helpers for the language and compiler suites: parse snippets, compile
small packs written on the fly, and compare IR without source locations."""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

from waybill import compile_pack
from waybill.dsl import ast
from waybill.dsl.diagnostics import CODES, Diagnostic
from waybill.dsl.parser import parse_source

ROOT = Path(__file__).resolve().parents[1]
WAYBILL = [sys.executable, "-P", "-c", "import sys; from waybill.cli import main; sys.argv[0] = 'waybill'; main()"]

# A game block that is enough for a pack to compile.
GAME = "game { players 2..4 play { end_game() } }\n"


def shipped_wb_files() -> list[Path]:
    return sorted(ROOT.glob("content/**/*.wb")) + sorted(ROOT.glob("tests/packs/**/*.wb"))


def pack_folders() -> list[Path]:
    """Every shipped pack folder (content and test packs)."""
    out = []
    for base in (ROOT / "content", ROOT / "tests" / "packs"):
        for pack in sorted(base.glob("*/pack.wb")):
            out.append(pack.parent)
    return out


# ---- shipped packs and their scenarios -------------------------------------------------------

SCENARIO = re.compile(r"^[ \t]*scenario[ \t]+([A-Za-z_][A-Za-z0-9_]*)", re.MULTILINE)


def pack_path(name: str) -> str:
    """A shipped pack's folder in this checkout (`weds`, or a test pack as `tests/packs/dice_race`),
    absolute, so that no test depends on the current directory."""
    return str(ROOT / name) if "/" in name else str(ROOT / "content" / name)


def scenario_ids(pack: str, files: str = "**/*.wb") -> list[str]:
    """The ids of the scenarios declared in the pack's files matching `files`, read from the text
    (nothing compiled, so that tests can be made of them at collection). A test of the pack checks
    that these are all its scenarios (`compiled_pack(...).scenarios`)."""
    folder = Path(pack_path(pack))
    return [m.group(1) for f in sorted(folder.glob(files)) for m in SCENARIO.finditer(f.read_text(encoding="utf-8"))]


@functools.lru_cache(maxsize=None)
def compiled_pack(pack: str, variants: tuple[str, ...] = ()):
    """A pack of this checkout (named as for `pack_path`) compiled with `variants`, once per test
    process; the result is shared by the tests of the process, which must not change it."""
    result = compile_pack(pack_path(pack), list(variants))
    assert result.ir is not None, result.report.render()
    return result


def run_pack_scenario(pack: str, scenario_id: str):
    """The outcome of one scenario of a shipped pack, run as `waybill test` runs it: on the pack
    compiled with the scenario's variants, in the form that compilation gives it."""
    from waybill.scenarios import run_scenario
    base = compiled_pack(pack)
    sc = next(s for s in base.scenarios if s["id"] == scenario_id)
    result = compiled_pack(pack, tuple(sc["variants"])) if sc["variants"] else base
    sc = next((s for s in result.scenarios if s["id"] == scenario_id), sc)
    return run_scenario(pack_path(pack), result.ir, sc)


def parse(src: str, path: str = "t.wb"):
    """(items, diagnostics) of a source text."""
    module, diags = parse_source(textwrap.dedent(src), path)
    return module.items, diags


def parse_one(src: str):
    items, diags = parse(src)
    assert diags == [], [d.message for d in diags]
    assert len(items) == 1, items
    return items[0]


def write_pack(folder: Path, body: str, files: dict[str, str] | None = None, head: str = "pack t \"Test\"\n",
               game: bool = True) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    text = head + textwrap.dedent(body)
    if game and not re.search(r"^\s*game\b", body, re.MULTILINE):
        text += "\n" + GAME
    (folder / "pack.wb").write_text(text, encoding="utf-8")
    for name, content in (files or {}).items():
        p = folder / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(content), encoding="utf-8")
    return folder


def compile_src(tmp_path: Path, body: str, files: dict[str, str] | None = None, variants: tuple = (), **kw):
    folder = write_pack(tmp_path / "pk", body, files, **kw)
    return compile_pack(str(folder), variants)


def checked_ir(tmp_path: Path, body: str, **kw) -> dict:
    """The IR of a pack that must compile, locations kept (a failure shows the report)."""
    result = compile_src(tmp_path, body, **kw)
    assert result.ir is not None, result.report.render()
    return result.ir


def ir_of(tmp_path: Path, body: str, **kw) -> dict:
    return strip_at(checked_ir(tmp_path, body, **kw))


def strip_at(x):
    """The IR without its `at` source locations."""
    if isinstance(x, dict):
        return {k: strip_at(v) for k, v in x.items() if k != "at"}
    if isinstance(x, list):
        return [strip_at(v) for v in x]
    return x


def body_of(tmp_path: Path, statements: str, prelude: str = "", params: str = "") -> list:
    """The lowered body of a procedure holding `statements`."""
    src = prelude + f"\nprocedure p({params}) {{\n{textwrap.dedent(statements)}\n}}\n"
    # a turn starts first: the body may ask the acting player (`me`) to decide
    src += "game { players 2..4 play { start_turn(player(0)) p(" + ", ".join("1" for _ in filter(None, params.split(","))) + ") } }\n"
    ir = ir_of(tmp_path, src)
    return next(p for p in ir["procedures"] if p["id"] == "p")["body"]


def diags_of(tmp_path: Path, body: str, **kw) -> list[Diagnostic]:
    return compile_src(tmp_path, body, **kw).report.sorted()


def only(diags: list[Diagnostic], code: str) -> list[Diagnostic]:
    return [d for d in diags if d.code == code]


def assert_checker_diags(diags) -> None:
    """Only the checker's own diagnostics: objects with a known code and a place."""
    for d in diags:
        assert isinstance(d, Diagnostic), d
        assert d.code in CODES, d
        assert d.span.line >= 1 and d.span.column >= 1, d
        assert d.message, d


# The terminal the command-line tests give the CLI: wide enough that no path of a checkout wraps.
COLUMNS = "1000"


def run_cli(*args: str, cwd: str | os.PathLike | None = None, timeout: int = 120) -> subprocess.CompletedProcess:
    return subprocess.run(WAYBILL + list(args), capture_output=True, text=True, cwd=cwd or ROOT, timeout=timeout,
                          env={**os.environ, "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8", "COLUMNS": COLUMNS})


__all__ = ["ROOT", "GAME", "parse", "parse_one", "write_pack", "compile_src", "ir_of", "strip_at", "body_of",
           "diags_of", "only", "assert_checker_diags", "run_cli", "shipped_wb_files", "pack_folders", "ast",
           "pack_path", "scenario_ids", "compiled_pack", "run_pack_scenario"]
