"""Name resolution: every declaration of a pack (and the packs it extends,
and the chosen variants) in one table, with duplicates reported.

All declared names share one namespace, so `lamp` means one thing
wherever it is written, and suggestions can draw on every name.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from waybill.dsl import ast
from waybill.dsl.diagnostics import Diagnostic, Report, Span, suggest

from .generate import expand
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
    variant: str | None = None  # the variant that declared it (its text gets ids of its own)


@dataclass
class Program:
    """What the checker and the lowering see: the resolved declarations."""

    pack: ast.PackDecl | None = None
    pack_file: str | None = None
    symbols: dict[str, Symbol] = field(default_factory=dict)
    rules: list[tuple[ast.Node, str]] = field(default_factory=list)  # top-level abilities, with file
    game: ast.GameDecl | None = None
    game_file: str | None = None
    game_pack: str | None = None  # the pack whose `game` block it is (a base pack's may be replaced)
    displays: list[tuple[ast.DisplayDecl, str]] = field(default_factory=list)  # base packs first
    balances: list[tuple[ast.BalanceDecl, str]] = field(default_factory=list)  # base packs first
    bots: list[tuple[ast.Node, str, str | None]] = field(default_factory=list)  # `bot` and `score {}`, base first
    variants: dict[str, Symbol] = field(default_factory=dict)
    scenarios: list[Symbol] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    ok_files: set[str] = field(default_factory=set)
    broken: set[str] = field(default_factory=set)  # names of declarations lost to syntax errors
    applied_variants: list[str] = field(default_factory=list)
    setup_extensions: list[tuple[ast.ExtendSetup, str]] = field(default_factory=list)  # base packs first
    field_files: dict[int, str] = field(default_factory=dict)  # id(field) -> file, for fields added by `extend kind`
    rule_variants: dict[int, str] = field(default_factory=dict)  # id(top-level ability) -> the variant declaring it
    implicit_props: set[int] = field(default_factory=set)  # id(prop) a card template made for a generator
    templates: dict[str, str] = field(default_factory=dict)  # a card a template made -> the template's name
    hooks: list[tuple[ast.Hook, str]] = field(default_factory=list)  # `before/after NAME { }`, base packs first
    board_extensions: list[tuple[ast.BoardDecl, str]] = field(default_factory=list)  # `extend board B { }`

    def boards(self) -> list[tuple[ast.BoardDecl, str]]:
        """Every board block with its file: the declarations, then what `extend board` added."""
        return [(b.decl, b.file) for b in self.of("board")] + self.board_extensions

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
    extensions: list[tuple[ast.ExtendKind, str]] = []
    for layer in reversed(chain):  # base packs first; later layers replace
        _collect_layer(program, layer, report, replaceable=set(program.symbols), extensions=extensions)
    for item, file in extensions:
        _extend_kind(program, item, file, report)
    for source in pack.files:
        for item in source.module.items:
            if isinstance(item, ast.PackDecl) and program.pack is None:
                program.pack, program.pack_file = item, source.path
    _apply_variants(program, variants, report)
    return program


def _collect_layer(program: Program, layer: PackSource, report: Report, replaceable: set[str],
                   extensions: list) -> None:
    base_scenarios = {s.name for s in program.scenarios}
    for source in layer.files:
        program.files.append(source.path)
        if source.ok:
            program.ok_files.add(source.path)
        program.broken.update(getattr(source.module, "broken", ()))
        for item in source.module.items:
            if isinstance(item, ast.ExtendKind):
                extensions.append((item, source.path))
                continue
            _collect(program, item, source.path, layer.name, report, replaceable,
                     base_scenarios=base_scenarios, warn=True)


def _collect(program: Program, item: ast.Node, file: str, pack: str | None, report: Report,
             replaceable: set[str], base_scenarios: set[str] | None = None, warn: bool = False,
             meant: bool = False) -> None:
    """Declare one item. `replaceable`: names a base pack (or, for a variant,
    the pack) declared, which this item may replace; `warn`: say so (W503)
    unless the item says `replaces` (`meant`)."""
    if isinstance(item, (ast.PackDecl, ast.Include)):
        return
    base_scenarios = set() if base_scenarios is None else base_scenarios
    if isinstance(item, ast.Replaces) and isinstance(item.decl, ast.GameDecl):
        if program.game is None:
            report.add(Diagnostic(file, item.span, "error", "E301", "`replaces game`: no base pack has a `game` block",
                                  "drop `replaces` to declare the game"))
        _collect(program, item.decl, file, pack, report, replaceable, base_scenarios, warn, meant=True)
        return
    if isinstance(item, ast.Replaces):
        inner = item.decl
        is_scenario = isinstance(inner, ast.ScenarioDecl)
        known = base_scenarios if is_scenario else replaceable
        declared = {s.name for s in program.scenarios} if is_scenario else program.symbols
        template = isinstance(inner, ast.EntityDecl) and bool(inner.generators)  # its cards are checked each
        if inner.name not in declared and not template:  # (declared, but not by a base pack: an E302 below)
            report.add(Diagnostic(file, inner.name_span, "error", "E301",
                                  f"`replaces {inner.name}`: no base pack declares `{inner.name}`",
                                  suggest(inner.name, known) or "drop `replaces` to declare something new"))
        _collect(program, inner, file, pack, report, replaceable, base_scenarios, warn, meant=True)
        return
    if isinstance(item, ast.ExtendSetup):
        program.setup_extensions.append((item, file))
        return
    if isinstance(item, ast.Hook):
        if item.target == "setup" and item.when == "after":     # the same as `extend setup`
            program.setup_extensions.append((ast.ExtendSetup(item.span, item.body), file))
        else:
            program.hooks.append((item, file))
        return
    if isinstance(item, ast.BoardDecl) and item.extends:    # checked against the boards once all are read
        program.board_extensions.append((item, file))
        for sub in item.spaces + item.regions:
            _declare(program, sub, file, pack, report, replaceable)
        return
    if isinstance(item, ast.BoardDecl):
        _declare(program, item, file, pack, report, replaceable)
        for sub in item.spaces + item.regions:
            _declare(program, sub, file, pack, report, replaceable)
        return
    if isinstance(item, ast.GameDecl):
        if program.game is not None and program.game_file is not None and program.game_pack == pack:
            report.add(Diagnostic(file, item.span, "error", "E302",
                                  f"a second `game` block; the first is at {program.game_file}:{program.game.span.line}"))
            return
        if program.game is not None and warn and not meant:
            word = Span(item.span.line, item.span.column, item.span.line, item.span.column + len("game"))
            report.add(Diagnostic(file, word, "warning", "W503",
                                  f"this `game` block replaces the whole game of pack `{program.game_pack}` "
                                  f"({program.game_file}:{program.game.span.line})",
                                  "to add setup steps write `extend setup { ... }`; write `replaces game { ... }` "
                                  "if replacing the whole game is meant"))
        program.game, program.game_file, program.game_pack = item, file, pack
        return
    if isinstance(item, ast.DisplayDecl):
        program.displays.append((item, file))
        return
    if isinstance(item, ast.BalanceDecl):
        program.balances.append((item, file))
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
        sym = Symbol(item.name, "scenario", item, file, pack)
        for i, old in enumerate(program.scenarios):
            if old.name != item.name:
                continue
            if item.name not in base_scenarios:
                report.add(_dup(item, file, old))
                return
            if warn and not meant:
                report.add(_replaced(item, file, old))
            program.scenarios[i] = sym  # a redeclared scenario runs once: the extension's
            base_scenarios.discard(item.name)
            return
        program.scenarios.append(sym)
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
    if isinstance(item, ast.EntityDecl) and item.generators:
        for card in expand(item, file, report, program.implicit_props):
            program.templates[card.name] = item.name
            _declare(program, card, file, pack, report, replaceable, warn and not meant)
        return
    if isinstance(item, ast.Decl):
        _declare(program, item, file, pack, report, replaceable, warn and not meant)


def _declare(program: Program, decl: ast.Decl, file: str, pack: str | None, report: Report,
             replaceable: set[str], warn: bool = False) -> None:
    category = CATEGORY.get(type(decl), "declaration")
    first = program.symbols.get(decl.name)
    if first is not None and decl.name not in replaceable:
        report.add(_dup(decl, file, first))
        return
    if first is not None and _what(first.decl, first.category) != _what(decl, category):
        old, new = _what(first.decl, first.category), _what(decl, category)
        report.add(Diagnostic(file, decl.name_span, "error", "E310",
                              f"`{decl.name}` would replace the {old} `{decl.name}` with a {new}",
                              f"the {old} is at {first.file}:{first.decl.name_span.line}; "
                              f"choose another name for this {new}"))
        return
    if first is not None and warn:
        report.add(_replaced(decl, file, first))
    program.symbols[decl.name] = Symbol(decl.name, category, decl, file, pack)
    replaceable.discard(decl.name)  # replaced once; a second declaration here is a duplicate


def _what(decl: ast.Decl, category: str) -> str:
    """What a declaration is, in words: its kind for a card (`upgrade`), else its category."""
    return decl.kind if isinstance(decl, ast.EntityDecl) else category


def _replaced(decl: ast.Decl, file: str, first: Symbol) -> Diagnostic:
    what = _what(first.decl, first.category)
    return Diagnostic(file, decl.name_span, "warning", "W503",
                      f"`{decl.name}` replaces the {what} `{decl.name}` of pack `{first.pack}` "
                      f"({first.file}:{first.decl.name_span.line})",
                      f"write `replaces` before the declaration if that is meant, or choose another name")


def _extend_kind(program: Program, item: ast.ExtendKind, file: str, report: Report) -> None:
    """`extend kind K { ... }`: K, with the new fields, replaces K (a new
    declaration object: the parsed one may be shared by other compilations)."""
    sym = program.symbols.get(item.name)
    if sym is None or sym.category != "kind":
        kinds = [s.name for s in program.symbols.values() if s.category == "kind"]
        report.add(Diagnostic(file, item.name_span, "error", "E303", f"`extend kind {item.name}`: no kind `{item.name}`",
                              suggest(item.name, kinds) or (f"`{item.name}` is a {sym.category}" if sym else None)))
        return
    have = {f.name: f for f in sym.decl.fields}
    added = []
    for f in item.fields:
        if f.name in have:
            where = program.field_files.get(id(have[f.name]), sym.file)
            report.add(Diagnostic(file, f.span, "error", "E302",
                                  f"kind `{item.name}` already has a field `{f.name}` ({where}:{have[f.name].span.line})",
                                  "choose another name for the new field"))
            continue
        if f.default is None and not f.is_list:
            report.add(Diagnostic(file, f.span, "error", "E403",
                                  f"field `{f.name}` added to kind `{item.name}` needs a default",
                                  f"the base pack's cards do not give it: write `{f.name}: {f.type} = ...`"))
            f = dataclasses.replace(f, default=ast.Literal(f.span, None))  # reported once, here
        have[f.name] = f
        added.append(f)
        program.field_files[id(f)] = file
    decl = dataclasses.replace(sym.decl, fields=list(sym.decl.fields) + added)
    program.symbols[item.name] = Symbol(sym.name, sym.category, decl, sym.file, sym.pack)


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
                _collect_from_variant(program, name, item, sym, report, replaceable)


def _collect_from_variant(program: Program, variant: str, item: ast.Node, sym: Symbol, report: Report,
                          replaceable: set[str]) -> None:
    """Declare a variant's item, marked as the variant's: its text is not the
    text of a base declaration it replaces, so it gets ids of its own
    (`spec/messages.py`, `variant-<id>-...`)."""
    before, rules = dict(program.symbols), len(program.rules)
    _collect(program, item, sym.file, sym.pack, report, replaceable)
    for key, s in program.symbols.items():
        if before.get(key) is not s:
            s.variant = variant
    for node, _ in program.rules[rules:]:
        program.rule_variants[id(node)] = variant


def _merge_game(base: ast.GameDecl, patch: ast.GameDecl) -> ast.GameDecl:
    """A variant's `game` block replaces only the parts it writes."""
    return ast.GameDecl(base.span, patch.title or base.title,
                        patch.players or base.players,
                        patch.setup or base.setup,
                        patch.play or base.play,
                        patch.score or base.score,
                        patch.text or base.text)
