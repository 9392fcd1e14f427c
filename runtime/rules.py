"""``Rules``: the IR, indexed and compiled once, shared by every game.

Loading does three things:

1. index declarations by id (counters, zones incl. spaces, entities, ...);
2. compile every expression into a closure (``exprs.py``);
3. compile every Block (setup, play, procedures, ability effects, table row
   effects) into a flat instruction list with jumps (``codegen.py``).

Why a flat, resumable instruction list (an explicit stack machine, as in
clox) rather than re-executing effects with recorded answers: a half-finished
effect is then just frames ``{code, pc, locals}`` in the state, so a decision
costs nothing to suspend or resume, random draws are never replayed, and the
cost of a choice does not grow with the number of choices already made in the
same effect. Re-execution would have to re-run every statement (and every
primitive's side effects on a snapshot) from the start of the effect on each
answer: an effect with k choices costs O(k^2) statements, and each resume
needs a snapshot copy of the state. Measured on the dice-race fixture
(bench/runtime_bench.py) a resume is one dict lookup and a jump; a snapshot
clone alone is ~10 µs, which re-execution would pay per answer on top of the
re-run. Every control-flow construct is therefore written as resumable
instructions: loops keep their iterator in hidden locals (``$<pc>...``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from waybill.spec.errors import RuleError
from .engine.exprs import Fn, compile_expr
from .engine.layout import Layout, build_layout
from .engine.limits import Budget, resolve_limits


ENGINES = ("compiled", "interpreter")


def resolve_engine(engine: str | None) -> str:
    if engine is None:
        engine = os.environ.get("WAYBILL_ENGINE") or "compiled"
    if engine not in ENGINES:
        raise RuleError(f"unknown engine {engine!r} (one of {', '.join(ENGINES)})")
    return engine


@dataclass
class Ability:
    """One ability of an entity (``entity`` set) or a top-level rule."""
    key: str                    # code id of its effect, unique
    type: str                   # action | trigger | modifier | replace
    entity: str | None
    index: int
    decl: dict
    at: str | None
    where: Fn | None = None
    # actions
    action: str = ""
    name: str = ""
    tags: frozenset = frozenset()
    limit: dict | None = None
    requires: list = field(default_factory=list)
    # triggers
    event: str = ""
    # modifiers
    quantity: str = ""
    args: list = field(default_factory=list)
    op: str = "+"
    value: Fn | None = None
    # replacements
    target: str = ""


class Rules:
    """The compiled rules program. Build with ``Rules.from_ir(ir)``.

    Every field a ``Rules`` holds is declared here, by who writes it: this
    module (the IR indexed, then compiled), the compiled engine (pygen.py,
    pylisting.py), and what other modules work out once per rules and keep
    (each set to None, or empty, until its module first asks). No module
    adds a field of its own: tests/runtime/test_rules_fields.py plays every
    shipped pack on both engines and compares ``vars(rules)`` with these."""

    # --- given: the IR and what is read from it at once (__init__) -------------
    ir: dict
    _layouts: dict[int, Layout]     # players -> the layout of their games (layout)
    files: list[str]
    pack: dict
    players: dict
    limits: dict[str, int]
    idle_budget: Budget
    # --- the IR indexed by id (_index) -------------------------------------------
    counter_list: list[dict]
    counters: dict[str, dict]
    kinds: dict[str, dict]
    kind_defaults: dict[str, dict]
    spaces: dict[str, dict]
    space_order: list[str]
    zone_list: list[dict]
    zones: dict[str, dict]
    regions: dict[str, dict]
    region_order: list[str]
    dice: dict[str, list]
    tracks: dict[str, list]
    tables: dict[str, dict]
    events: dict[str, dict]
    procedures: dict[str, dict]
    entity_list: list[dict]
    entities: dict[str, dict]
    kind_entities: dict[str, list[str]]
    # --- compiled (_compile, codegen.py, exprs.py) ---------------------------------
    messages: Any                   # spec.messages.Index: message ids of what the rules say
    codes: dict[str, list]          # code id -> instructions (codegen.py)
    names: dict[str, str]           # code id -> what it is called in errors
    builders: dict[str, Any] | None  # codegen's builders, kept while the compiled engine is made
    quantities: dict[str, Any]      # id -> (parameter names, value)
    triggers: dict[str, list[Ability]]
    modifiers: dict[str, list[Ability]]
    replacements: dict[str, list[Ability]]
    rule_actions: list[Ability]
    ability_by_key: dict[str, Ability]
    entity_actions: list[tuple[str, list[Ability]]]
    _actions: dict[tuple, Ability]  # (entity, action id) -> its ability (action_ability)
    zone_sort: dict[str, Fn]        # zones that keep themselves sorted (`sort: KEY`), by zone id
    score: Fn | None
    cooperative: bool
    sides: Fn | None                # who wins together (`teams EXPR`): outcome.py
    out: Fn | None                  # who is out of the game (`eliminated EXPR`): outcome.py
    invariants: list[tuple]
    # --- the compiled engine (compiled/pygen.py, compiled/pylisting.py) -------------
    engine: str                     # "compiled" or "interpreter"
    fast: Any                       # its run (pygen.run), or None: interpret
    fast_codes: dict[str, list] | None  # its instructions by code id (a segment at each entry pc)
    fast_sources: dict[str, str]    # the generated source by code id
    fast_where: dict[str, dict[int, Any]]  # generated file -> line -> source location
    listed: dict[str, Any] | None   # one requirements check per action key (pylisting.py)
    deopts: int                     # actions the compiled engine handed back to the interpreter
    # --- worked out once per rules by the module named, on first use ------------------
    piece_static: dict[str, dict]   # entity -> its fields as piece reads see them (access.py)
    settable_names: frozenset | None  # names `set x.NAME` may write (access.settable_names)
    english_parts: dict | None      # message id -> its English in parts (access.english_parts)
    space_regions: dict | None      # (space, tag) -> its region (functions.region_of)
    space_distances: dict | None    # space -> every space's distance from it (functions.distance)
    tag_sets: dict | None           # space or region -> its tags (functions.has_tag)
    display: dict | None            # the display, its expressions compiled (sight/display.py)
    drawn_boards: list | None       # the boards drawn, their shows indexed (sight/board.py)
    decision_ids: dict | None       # file:line:col -> decision id (sight/view.py)
    action_ids: dict | None         # (entity, action) -> message id (text/words.py)
    action_names: dict | None       # (entity, action) -> its English name (engine/english.py)
    plain_words: dict | None        # labels and ids of options that show no piece (sight/view.py)
    said_as: dict | None            # source words -> the keys of what says them (access.said_keys)
    prompt_words: dict | None       # (kind, message id) -> a prompt's English, no values (engine/english.py)
    top_actions: dict | None        # top-level action declarations by id (text/words.py)
    catalogues: dict[str, Any]      # language -> Catalogue (text/catalogue.py)
    bot_score: Any                  # the `bot_score` hint compiled, False: none (game.py)

    def __init__(self, ir: dict):
        self.ir = ir
        self.files = list(ir.get("files") or [])
        self.pack = ir.get("pack") or {}
        self.players = ir.get("players") or {"min": 1, "max": 8}
        self.limits = resolve_limits(ir.get("limits"))
        # outside apply/new (views, scenario expectations) work is not counted
        self.idle_budget = Budget(self.limits, armed=False)
        self.codes = {}
        self.names = {}
        self.builders = None
        self.engine = "interpreter"
        self.fast = None
        self.fast_codes = None
        self.fast_sources = {}
        self.fast_where = {}
        self.listed = None
        self.deopts = 0
        self._layouts = {}
        self.piece_static = {}
        self.settable_names = None
        self.english_parts = None
        self.space_regions = None
        self.space_distances = None
        self.tag_sets = None
        self.display = None
        self.drawn_boards = None
        self.decision_ids = None
        self.action_ids = None
        self.action_names = None
        self.plain_words = None
        self.said_as = None
        self.prompt_words = None
        self.top_actions = None
        self.catalogues = {}
        self.bot_score = None

    @classmethod
    def from_ir(cls, ir: dict, engine: str | None = None) -> "Rules":
        """``engine``: ``"compiled"`` (Python generated from the IR, see
        pygen.py) or ``"interpreter"`` (the reference); by default the
        ``WAYBILL_ENGINE`` environment variable, else ``"compiled"``."""
        engine = resolve_engine(engine)
        r = cls(ir)
        r._index()
        if engine == "compiled":
            r.builders = {}
        r._compile()
        if engine == "compiled":
            from .compiled.install import install
            install(r)
            r.builders = None
        return r

    # --- locations -----------------------------------------------------------

    def where(self, at: Any) -> str | None:
        """``[file_index, line, col]`` -> ``"file:line:col"``."""
        if not at:
            return None
        fi, line, col = at
        name = self.files[fi] if 0 <= fi < len(self.files) else f"<file {fi}>"
        return f"{name}:{line}:{col}"

    def action_ability(self, eid: str | None, action: str) -> Ability:
        """The action ability ``action`` of entity ``eid`` (None: a top-level rule)."""
        ab = self._actions.get((eid, action))
        if ab is None:
            raise RuleError(f"no action {action!r}" + (f" on entity {eid!r}" if eid else ""))
        return ab

    def layout(self, n: int) -> Layout:
        lay = self._layouts.get(n)
        if lay is None:
            lay = self._layouts[n] = build_layout(self, n)
        return lay

    # --- indexing -----------------------------------------------------------

    def _index(self) -> None:
        ir = self.ir
        self.counter_list = list(ir.get("counters") or [])
        self.counters = {c["id"]: c for c in self.counter_list}
        self.kinds = {k["id"]: k for k in ir.get("kinds") or []}
        self.kind_defaults = {k: {f["name"]: f.get("default") for f in d.get("fields") or []}
                              for k, d in self.kinds.items()}
        self.spaces = {s["id"]: s for s in ir.get("spaces") or []}
        self.space_order = [s["id"] for s in ir.get("spaces") or []]
        space_zones = [{"id": s["id"], "name": s.get("name", s["id"]), "scope": "global",
                        "ordered": False, "visible": "all", "active": True, "_space": True}
                       for s in ir.get("spaces") or []]
        self.zone_list = list(ir.get("zones") or []) + space_zones
        self.zones = {z["id"]: z for z in self.zone_list}
        self.regions = {g["id"]: g for g in ir.get("regions") or []}
        self.region_order = [g["id"] for g in ir.get("regions") or []]
        self.dice = {d["id"]: list(d["faces"]) for d in ir.get("dice") or []}
        self.tracks = {t["id"]: list(t["values"]) for t in ir.get("tracks") or []}
        self.tables = {t["id"]: t for t in ir.get("tables") or []}
        self.events = {e["id"]: e for e in ir.get("events") or []}
        self.procedures = {p["id"]: p for p in ir.get("procedures") or []}
        self.entity_list = list(ir.get("entities") or [])
        self.entities = {e["id"]: e for e in self.entity_list}
        self.kind_entities = {}
        for e in self.entity_list:
            self.kind_entities.setdefault(e.get("kind"), []).append(e["id"])

    # --- compiling ------------------------------------------------------------

    def _compile(self) -> None:
        from .engine.codegen import compile_code
        from waybill.spec.messages import Index
        ir = self.ir
        self.messages = Index(ir)       # message ids of what rules say (spec/messages.py)
        # Every id first, so a quantity may read another declared anywhere.
        self.quantities = {q["id"]: None for q in ir.get("quantities") or []}
        for q in ir.get("quantities") or []:
            self.quantities[q["id"]] = ([p["name"] for p in q.get("params") or []],
                                        compile_expr(q["value"], self, self.where(q.get("at"))))
        compile_code(self, "setup", ir.get("setup") or [], "setup")
        compile_code(self, "play", ir.get("play") or [], "play")
        for pid, p in self.procedures.items():
            compile_code(self, f"proc:{pid}", p.get("body") or [], f"procedure {pid}")
        for tid, t in self.tables.items():
            for i, row in enumerate(t.get("rows") or []):
                if row.get("effect"):
                    compile_code(self, f"table:{tid}:{i}", row["effect"], f"table {tid} row {i}")
        self._compile_abilities()
        # zones that keep themselves sorted (`sort: KEY` of `self`), by zone id
        self.zone_sort = {z["id"]: compile_expr(z["sort"], self) for z in ir.get("zones") or []
                                         if z.get("sort") is not None}
        score = ir.get("score")
        self.score = compile_expr(score, self) if score is not None else None
        # who wins together (`cooperative`, `teams EXPR`): outcome.py
        outcome = ir.get("outcome") or {}
        self.cooperative = bool(outcome.get("cooperative"))
        sides = outcome.get("sides")
        self.sides = compile_expr(sides, self) if sides is not None else None
        out = outcome.get("out")           # `eliminated EXPR`: who is out of the game
        self.out = compile_expr(out, self) if out is not None else None
        self.invariants = [(inv["id"], inv.get("text") or inv["id"],
                            compile_expr(inv["expr"], self, self.where(inv.get("at"))), inv.get("at"))
                           for inv in ir.get("invariants") or []]

    def _compile_abilities(self) -> None:
        self.triggers = {}
        self.modifiers = {}
        self.replacements = {}
        self.rule_actions = []
        self.ability_by_key = {}
        self._actions = {}
        self.entity_actions = []
        for i, decl in enumerate(self.ir.get("rules") or []):
            self._ability(None, i, decl, f"rule:{i}", f"rule #{i}")
        for e in self.entity_list:
            mine: list[Ability] = []
            for i, decl in enumerate(e.get("abilities") or []):
                label = f"entity {e['id']} {e.get('name', e['id'])!r}"
                ab = self._ability(e["id"], i, decl, f"ent:{e['id']}:{i}", label)
                if ab.type == "action":
                    mine.append(ab)
            if mine:
                self.entity_actions.append((e["id"], mine))

    def _ability(self, eid: str | None, i: int, decl: dict, key: str, label: str) -> Ability:
        at = self.where(decl.get("at"))
        kind = decl["type"]
        ab = Ability(key=key, type=kind, entity=eid, index=i, decl=decl, at=at)
        self.ability_by_key[key] = ab
        if decl.get("where") is not None:
            ab.where = compile_expr(decl["where"], self, at)
        if kind == "action":
            ab.action, ab.name = decl["id"], decl.get("name") or decl["id"]
            ab.tags, ab.limit = frozenset(decl.get("tags") or []), decl.get("limit")
            ab.requires = [(compile_expr(r["expr"], self, at), r.get("message"))
                           for r in decl.get("require") or []]
            self._effect(ab, decl, f"{label} (action {ab.action})")
            self._actions[(eid, ab.action)] = ab
            if eid is None:
                self.rule_actions.append(ab)
        elif kind == "trigger":
            ab.event = decl["event"]
            self._effect(ab, decl, f"{label} (trigger on {ab.event})")
            self.triggers.setdefault(ab.event, []).append(ab)
        elif kind == "modifier":
            ab.quantity, ab.op = decl["quantity"], decl.get("op", "+")
            ab.args = [None if a is None else compile_expr(a, self, at) for a in decl.get("args") or []]
            ab.value = compile_expr(decl["value"], self, at)
            self.names[key] = f"{label} (modifier of {ab.quantity})"
            self.modifiers.setdefault(ab.quantity, []).append(ab)
        elif kind == "replace":
            ab.target = decl["target"]
            self._effect(ab, decl, f"{label} (instead of {ab.target})")
            self.replacements.setdefault(ab.target, []).append(ab)
        else:
            raise RuleError(f"unknown ability type {kind!r}", at)
        return ab

    def _effect(self, ab: Ability, decl: dict, name: str) -> None:
        from .engine.codegen import compile_code
        compile_code(self, ab.key, decl.get("effect") or [], name)
