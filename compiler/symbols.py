"""Name resolution: every declaration of a pack (and the packs it extends,
and the chosen variants) in one table, with duplicates reported.

All declared names share one namespace, so `gunner` means one thing
wherever it is written, and suggestions can draw on every name.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from waybill.dsl import ast
from waybill.dsl.diagnostics import Diagnostic, Report, suggest

from .loader import PackSource

# Declaration class -> the category name used in messages and the IR.
CATEGORY = {
    ast.ResourceDecl: "counter",
    ast.CounterDecl: "counter",
    ast.KindDecl: "kind",
    ast.ZoneDecl: "zone",
    ast.SpaceDecl: "space",
    ast.RegionDecl: "region",
    ast.BoardDecl: "board",
    ast.DieDecl: "die",
    ast.TrackDecl: "track",
    ast.TableDecl: "table",
    ast.EventDecl: "event",
    ast.QuantityDecl: "quantity",
    ast.ProcedureDecl: "procedure",
    ast.InvariantDecl: "invariant",
    ast.EntityDecl: "entity",
    ast.ActionDecl: "action",
    ast.VariantDecl: "variant",
    ast.ScenarioDecl: "scenario",
}


@dataclass
class Symbol:
    name: str
    category: str
    decl: ast.Decl
    file: str
    pack: str | None


@dataclass
class Program:
    """What the checker and the lowering see: the resolved declarations."""

    pack: ast.PackDecl | None = None
    pack_file: str | None = None
    symbols: dict[str, Symbol] = field(default_factory=dict)
    rules: list[tuple[ast.Node, str]] = field(default_factory=list)  # top-level abilities, with file
    game: ast.GameDecl | None = None
    game_file: str | None = None
    displays: list[tuple[ast.DisplayDecl, str]] = field(default_factory=list)  # base packs first
    bots: list[tuple[ast.Node, str, str | None]] = field(default_factory=list)  # `bot` and `score {}`, base first
    variants: dict[str, Symbol] = field(default_factory=dict)
    scenarios: list[Symbol] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    ok_files: set[str] = field(default_factory=set)
    broken: set[str] = field(default_factory=set)  # names of declarations lost to syntax errors
    applied_variants: list[str] = field(default_factory=list)

    def of(self, category: str) -> list[Symbol]:
        return [s for s in self.symbols.values() if s.category == category]

    def names(self) -> list[str]:
        return list(self.symbols)


def build_program(pack: PackSource, variants: list[str], report: Report) -> Program:
    program = Program()
    chain = []
    p: PackSource | None = pack
    while p is not None:
        chain.append(p)
        p = p.base
    for layer in reversed(chain):  # base packs first; later layers replace
        _collect_layer(program, layer, report, replaceable=set(program.symbols))
    for source in pack.files:
        for item in source.module.items:
            if isinstance(item, ast.PackDecl) and program.pack is None:
                program.pack, program.pack_file = item, source.path
    _apply_variants(program, variants, report)
    return program


def _collect_layer(program: Program, layer: PackSource, report: Report, replaceable: set[str]) -> None:
    for source in layer.files:
        program.files.append(source.path)
        if source.ok:
            program.ok_files.add(source.path)
        program.broken.update(getattr(source.module, "broken", ()))
        for item in source.module.items:
            _collect(program, item, source.path, layer.name, report, replaceable)


def _collect(program: Program, item: ast.Node, file: str, pack: str | None, report: Report,
             replaceable: set[str]) -> None:
    if isinstance(item, (ast.PackDecl, ast.Include)):
        return
    if isinstance(item, ast.BoardDecl):
        _declare(program, item, file, pack, report, replaceable)
        for sub in item.spaces + item.regions:
            _declare(program, sub, file, pack, report, replaceable)
        return
    if isinstance(item, ast.GameDecl):
        if program.game is not None and program.game_file is not None and not replaceable:
            report.add(Diagnostic(file, item.span, "error", "E302",
                                  f"a second `game` block; the first is at {program.game_file}:{program.game.span.line}"))
            return
        program.game, program.game_file = item, file
        return
    if isinstance(item, ast.DisplayDecl):
        program.displays.append((item, file))
        return
    if isinstance(item, (ast.BotDecl, ast.BotScoreDecl)):
        program.bots.append((item, file, pack))
        return
    if isinstance(item, ast.VariantDecl):
        sym = Symbol(item.name, "variant", item, file, pack)
        if item.name in program.variants:
            first = program.variants[item.name]
            report.add(_dup(item, file, first))
        else:
            program.variants[item.name] = sym
        return
    if isinstance(item, ast.ScenarioDecl):
        program.scenarios.append(Symbol(item.name, "scenario", item, file, pack))
        return
    if isinstance(item, (ast.TriggerDecl, ast.ModifierDecl, ast.ReplaceDecl)):
        program.rules.append((item, file))
        return
    if isinstance(item, ast.ActionDecl):
        program.rules.append((item, file))
    if isinstance(item, ast.RemoveDecl):
        report.add(Diagnostic(file, item.span, "error", "E406",
                              "`remove` belongs inside a `variant` block"))
        return
    if isinstance(item, ast.Decl):
        _declare(program, item, file, pack, report, replaceable)


def _declare(program: Program, decl: ast.Decl, file: str, pack: str | None, report: Report,
             replaceable: set[str]) -> None:
    category = CATEGORY.get(type(decl), "declaration")
    first = program.symbols.get(decl.name)
    if first is not None and decl.name not in replaceable:
        report.add(_dup(decl, file, first))
        return
    if first is not None and first.category != category:
        report.add(Diagnostic(file, decl.name_span, "error", "E302",
                              f"`{decl.name}` replaces a {first.category} with a {category}",
                              f"the {first.category} is at {first.file}:{first.decl.span.line}; use another name"))
        return
    program.symbols[decl.name] = Symbol(decl.name, category, decl, file, pack)


def _dup(decl: ast.Decl, file: str, first: Symbol) -> Diagnostic:
    return Diagnostic(file, decl.name_span, "error", "E302",
                      f"`{decl.name}` is already defined (as a {first.category} at {first.file}:{first.decl.name_span.line})",
                      "rename one of them")


def _apply_variants(program: Program, chosen: list[str], report: Report) -> None:
    for asked in chosen:
        # A variant's id is its declared name; `-` is not allowed in names, so
        # `--variant risky-smuggling` means `risky_smuggling`.
        name = asked.replace("-", "_")
        sym = program.variants.get(name)
        if sym is None:
            from waybill.dsl.diagnostics import Span
            hint = suggest(name, program.variants) or (
                "this pack has variants: " + ", ".join(sorted(program.variants)) if program.variants
                else "this pack has no variants")
            report.add(Diagnostic(program.pack_file or "<command line>", Span.point(1, 1), "error", "E207",
                                  f"unknown variant `{asked}`", hint))
            continue
        if name in program.applied_variants:
            continue  # chosen twice (e.g. once dashed): applied once
        program.applied_variants.append(name)
        variant: ast.VariantDecl = sym.decl
        replaceable = set(program.symbols)
        for item in variant.items:
            if isinstance(item, ast.RemoveDecl):
                if item.name in program.symbols:
                    del program.symbols[item.name]
                else:
                    report.add(Diagnostic(sym.file, item.span, "error", "E301",
                                          f"variant `{name}` removes `{item.name}`, which is not defined",
                                          suggest(item.name, program.symbols)))
            elif isinstance(item, ast.GameDecl) and program.game is not None:
                program.game = _merge_game(program.game, item)
            else:
                _collect(program, item, sym.file, sym.pack, report, replaceable)


def _merge_game(base: ast.GameDecl, patch: ast.GameDecl) -> ast.GameDecl:
    """A variant's `game` block replaces only the parts it writes."""
    return ast.GameDecl(base.span, patch.title or base.title,
                        patch.players or base.players,
                        patch.setup or base.setup,
                        patch.play or base.play,
                        patch.score or base.score,
                        patch.text or base.text)
