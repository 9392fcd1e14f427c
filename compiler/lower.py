"""Checking and lowering: resolved declarations to the JSON IR.

Checks and lowering walk the same scopes (which names are locals, which are
declared things, what `self` means here), so one walker does both: every
name, call, field and attribute is checked as it is lowered, and every
problem becomes a diagnostic; lowering goes on after an error so that one
run reports them all.
"""

from __future__ import annotations

from waybill.dsl import ast
from waybill.dsl.diagnostics import Diagnostic, Report, Span, suggest
from waybill.spec.signatures import EVENTS, FUNCTIONS, PRIMITIVES, Signature

from .scenario import ScenarioLowering
from .balance import lower_balance
from .boards import declared_colour, lower_boards
from .bots import lower_bots
from .limits import check_start_pieces, lower_limits
from .hooks import PREFIX as HOOKS, hooked, lower_hooks
from .scope import Scope
from .seats import SeatCheck
from .symbols import Program, Symbol

IR_FORMAT = "waybill-ir/1"
UNKNOWN_CODES = {"E301", "E303", "E306", "E307", "E308"}

BUILTIN_ATTRS = {"index", "name", "id", "kind", "owner", "zone", "entity", "tags", "count", "top", "pieces", "text",
                 "adjacent", "spaces", "size", "copies"}
ID_TYPES = {"counter", "die", "table", "track", "kind", "event"}
FIELD_TYPES = {"int", "str", "bool", "any", "list"}
ZONE_PROPS = {"ordered", "capacity", "accepts", "visible", "hidden", "active", "private", "sort"}
COUNTER_PROPS = {"display", "start", "min", "max"}
ENTITY_PROPS = {"copies", "tags", "start"}
PERIODS = {"turn", "round", "game"}
VISIBILITY = {"all", "owner", "none"}
# seats of a per-player zone that may see it, combined in a list (`visible: owner, left`):
# every seat but the owner, the owner's side (`teams`), the seats before and after the owner
SEAT_VISIBILITY = ("owner", "others", "team", "left", "right")


class Lowerer(ScenarioLowering):
    def __init__(self, program: Program, report: Report, bots: dict[str, frozenset] | None = None):
        self.p = program
        self.report = report
        # the bots a pack may name and the settings each takes (None: not checked)
        self.bots = bots
        self.file = ""
        self.file_index = {f: i for i, f in enumerate(program.files)}
        self.used: set[str] = set()
        self.action_tags: set[str] = set()
        self.assigned_attrs: set[str] = set()
        self.attr_names: set[str] = set()
        self.checking = True

    # ---- helpers -----------------------------------------------------------------
    def error(self, span: Span, code: str, message: str, hint: str | None = None) -> None:
        if self.checking and not self._about_broken(code, message):
            self.report.add(Diagnostic(self.file, span, "error", code, message, hint))

    def _about_broken(self, code: str, message: str) -> bool:
        """An unknown name whose declaration was lost to a syntax error (already reported)."""
        if code not in UNKNOWN_CODES or not self.p.broken:
            return False
        import re
        return any(name in self.p.broken for name in re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)", message))

    def warn(self, file: str, span: Span, code: str, message: str, hint: str | None = None) -> None:
        self.report.add(Diagnostic(file, span, "warning", code, message, hint))

    def at(self, node: ast.Node) -> list[int]:
        return [self.file_index.get(self.file, 0), node.span.line, node.span.column]

    def sym(self, name: str) -> Symbol | None:
        return self.p.symbols.get(name)

    def category(self, name: str) -> str | None:
        s = self.sym(name)
        return s.category if s else None

    def scope_of(self, decl) -> str | None:
        return getattr(decl, "scope", None)

    def in_file(self, file: str) -> None:
        self.file = file
        self.checking = file in self.p.ok_files

    # ---- the program -------------------------------------------------------------
    def lower(self) -> dict:
        self._prepare()
        ir = {
            "format": IR_FORMAT,
            "pack": {
                "id": self.p.pack.name if self.p.pack else "unnamed",
                "name": (self.p.pack.title or self.p.pack.name) if self.p.pack else "unnamed",
                "variants": list(self.p.applied_variants),
            },
            "files": list(self.p.files),
            "players": {"min": 1, "max": 8},
            "counters": [self.counter(s) for s in self.p.of("counter")],
            "kinds": [self.kind(s) for s in self.p.of("kind")],
            "zones": [self.zone(s) for s in self.p.of("zone")],
            "spaces": [],
            "regions": [self.region(s) for s in self.p.of("region")],
            "dice": [self.die(s) for s in self.p.of("die")],
            "tracks": [self.track(s) for s in self.p.of("track")],
            "tables": [self.table(s) for s in self.p.of("table")],
            "events": [self.event(s) for s in self.p.of("event")],
            "quantities": [self.quantity(s) for s in self.p.of("quantity")],
            "procedures": [self.procedure(s) for s in self.p.of("procedure")],
            "entities": [self.entity(s) for s in self.p.of("entity")],
            "rules": [r for r in (self.rule(node, file) for node, file in self.p.rules) if r],
            "invariants": [self.invariant(s) for s in self.p.of("invariant")],
            "setup": [],
            "play": [],
            "score": None,
        }
        ir["spaces"] = self.spaces()
        lower_boards(self, ir)
        self._mark_variants(ir)
        self.game(ir)
        lower_hooks(self, ir)
        self._seats_in_range(ir)
        ir["display"] = self.display()
        lower_balance(self, ir)
        lower_bots(self, ir)
        self.scenario_irs = [self.scenario(s) for s in self.p.scenarios]
        self._deferred_checks()
        self._unused()
        return ir

    def _seats_in_range(self, ir: dict) -> None:
        """`player(N)` with a seat the game never has (the runtime's "no player in seat N")."""
        hi = ir["players"]["max"]
        for n, span, file, checking in self.seat_uses:
            if checking and not 0 <= n < hi:
                self.report.add(Diagnostic(
                    file, span, "error", "E404", f"`player({n})`: no game has a seat {n}",
                    f"seats are numbered from 0; this game seats at most {hi} players: `player(0)` .. "
                    f"`player({hi - 1})`"))

    # declarations a chosen variant made: their text has ids of their own
    _VARIANT_LISTS = (("counters", "counter"), ("zones", "zone"), ("spaces", "space"), ("regions", "region"),
                      ("tracks", "track"), ("tables", "table"), ("quantities", "quantity"),
                      ("procedures", "procedure"), ("entities", "entity"), ("invariants", "invariant"))

    def _mark_variants(self, ir: dict) -> None:
        """`"variant": <id>` on each declaration a chosen variant declared
        (or replaced), so that text ids tell its lines from the base's."""
        for key, category in self._VARIANT_LISTS:
            for d in ir[key]:
                s = self.p.symbols.get(d["id"])
                if s is not None and s.category == category and s.variant:
                    d["variant"] = s.variant

    def _prepare(self) -> None:
        """Attribute names known before lowering: counters and zones per
        player, the kinds' fields and the built-ins. Names assigned with
        `set x.name = ...` and action tags are gathered while lowering, and
        the checks that need them run at the end (`_deferred_checks`)."""
        names = set(BUILTIN_ATTRS)
        for s in self.p.symbols.values():
            if s.category in ("counter", "zone") and (self.scope_of(s.decl) or isinstance(s.decl, ast.ResourceDecl)):
                names.add(s.name)
            if s.category == "kind":
                names.update(f.name for f in s.decl.fields)
        self.attr_names = names
        self.hooked = hooked(self)     # procedures with `before`/`after` steps: their calls go through them
        self.seat_uses: list[tuple[int, Span, str, bool]] = []   # `player(N)`: checked against `players`
        self.attr_uses: list[tuple[str, Span, str, bool]] = []
        self.tag_uses: list[tuple[str, Span, str, bool]] = []
        self.unset_reads: list[tuple[str, str, Span, str, bool]] = []  # (prop, as written, span, file, checking)

    def _deferred_checks(self) -> None:
        known = self.attr_names | self.assigned_attrs
        for name, span, file, checking in self.attr_uses:
            if checking and name not in known:
                self.report.add(Diagnostic(file, span, "error", "E305", f"unknown attribute `{name}`",
                                           suggest(name, known)))
        undeclared = self.assigned_attrs - self.attr_names  # piece properties only `set` gives
        for name, shown, span, file, checking in self.unset_reads:
            if checking and name in undeclared:
                self.report.add(Diagnostic(
                    file, span, "error", "E311", f"`{shown}` may be read before it is set",
                    f"no kind declares `{name}`: write `{shown} ?? ...` for the value it has until set, "
                    f"or declare it with a default in its kind (`{name}: int = 0`)"))
        for tag, span, file, checking in self.tag_uses:
            if checking and tag not in self.action_tags:
                self.report.add(Diagnostic(file, span, "error", "E301", f"no action has the tag `{tag}`",
                                           suggest(tag, self.action_tags)))

    # ---- declarations ------------------------------------------------------------------
    def counter(self, s: Symbol) -> dict:
        self.in_file(s.file)
        d = s.decl
        props = self.props(d.props, COUNTER_PROPS, "counter")
        is_resource = isinstance(d, ast.ResourceDecl)
        scope = "player" if is_resource else self.check_scope(d)
        if not is_resource and d.initial is not None:
            initial = self.literal(d.initial)
        else:
            initial = self.literal(props["start"][0]) if props.get("start") else 0
        mn = self.literal(props["min"][0]) if "min" in props else (0 if is_resource else None)
        mx = self.literal(props["max"][0]) if "max" in props else None
        display = self.literal(props["display"][0]) if "display" in props else None
        return {"id": s.name, "name": d.title or s.name, "scope": scope, "initial": initial,
                "min": mn, "max": mx, "display": display, "resource": is_resource}

    def check_scope(self, d) -> str:
        if d.scope is None:
            return "global"
        if d.scope != "player":
            self.error(d.span, "E404", f"`per {d.scope}`: only `per player` is supported", "did you mean `per player`?")
        return "player"

    def kind(self, s: Symbol) -> dict:
        self.in_file(s.file)
        out = []
        seen = set()
        for f in s.decl.fields:
            self.in_file(self.p.field_files.get(id(f), s.file))  # `extend kind` fields: the extension's file
            if f.name in seen:
                self.error(f.span, "E302", f"field `{f.name}` is declared twice in kind `{s.name}`")
            seen.add(f.name)
            type_name = f.type
            if type_name not in FIELD_TYPES and self.category(type_name) != "kind":
                self.error(f.span, "E303", f"unknown field type `{type_name}`",
                           suggest(type_name, FIELD_TYPES | {k.name for k in self.p.of("kind")}))
            default = self.literal(f.default) if f.default is not None else (
                [] if f.is_list else None)
            out.append({"name": f.name, "type": "list" if f.is_list else type_name, "default": default,
                        "required": f.default is None and not f.is_list})
        return {"id": s.name, "fields": out}

    def zone(self, s: Symbol) -> dict:
        self.in_file(s.file)
        d = s.decl
        props = self.props(d.props, ZONE_PROPS, "zone")
        visible = "all"
        if "hidden" in props:
            visible = "none"
        if "private" in props:
            visible = "owner"
        if "visible" in props:
            visible = self.visibility(props["visible"], d)
        accepts = None
        if "accepts" in props:
            accepts = []
            for v in props["accepts"]:
                if isinstance(v, ast.Name) and self.category(v.id) == "kind":
                    accepts.append(v.id)
                    self.used.add(v.id)
                else:
                    self.error(v.span, "E303", "`accepts` takes kind names",
                               suggest(getattr(v, "id", ""), [k.name for k in self.p.of("kind")]))
        capacity = self.literal(props["capacity"][0]) if "capacity" in props else None
        if capacity is not None and (not isinstance(capacity, int) or capacity < 0):
            self.error(props["capacity"][0].span, "E404", "capacity must be a whole number, 0 or more")
            capacity = None
        out = {"id": s.name, "name": d.title or s.name, "scope": self.check_scope(d),
               "ordered": "ordered" in props, "capacity": capacity, "accepts": accepts,
               "visible": visible, "active": "active" in props}
        if "sort" in props:
            # `sort: self.value`: the zone keeps its pieces ordered by this key of each (`self`)
            if len(props["sort"]) != 1:
                self.error(props["sort"][1].span, "E404", "`sort` takes one key",
                           "order by several keys with a list: `sort: [self.suit, self.value]`")
            out["sort"] = self.expr(props["sort"][0], Scope(entity=True))
        return out

    def visibility(self, values: list, d) -> str | list:
        """`visible: all|owner|none`, or seats of a per-player zone: one or more of
        `owner, others, team, left, right` (a list of words in the IR)."""
        words = [v.id if isinstance(v, ast.Name) else None for v in values]
        if len(values) == 1 and (words[0] in VISIBILITY or words[0] not in SEAT_VISIBILITY):
            return self.name_value(values[0], VISIBILITY | set(SEAT_VISIBILITY), "visibility")
        ok = set(SEAT_VISIBILITY)
        for v, w in zip(values, words):
            if w not in ok:
                self.error(v.span, "E404", f"`visible` takes all, owner, none, or seats among "
                           f"{', '.join(SEAT_VISIBILITY)}" + (f", not `{w}`" if w else ""),
                           suggest(w or "", sorted(ok | VISIBILITY)))
                return "none"
        if d.scope is None:
            self.error(values[0].span, "E404", "only a zone per player has seats near its owner to be seen by",
                       "write `visible: all`, `owner` or `none`, or make the zone `per player`")
            return "none"
        return words[0] if len(words) == 1 else list(dict.fromkeys(words))

    def name_value(self, expr, allowed: set[str], what: str) -> str:
        if isinstance(expr, ast.Name) and expr.id in allowed:
            return expr.id
        shown = getattr(expr, "id", None) or "this"
        self.error(expr.span, "E404", f"`{shown}` is not a {what}; use one of {', '.join(sorted(allowed))}",
                   suggest(str(shown), allowed))
        return sorted(allowed)[0]

    def spaces(self) -> list[dict]:
        out: dict[str, dict] = {}
        for s in self.p.of("space"):
            self.in_file(s.file)
            props = self.props(s.decl.props, {"tags", "at", "answers"}, "space")  # `at`, `answers`: compiler/boards.py
            out[s.name] = {"id": s.name, "name": s.decl.title or s.name,
                           "tags": self.tag_list(props.get("tags", [])), "adjacent": []}
        for decl, file in self.p.boards():
            self.in_file(file)
            for link in decl.links:
                names = []
                for name, span in link.names:
                    if name not in out:
                        self.error(span, "E301", f"unknown space `{name}`", suggest(name, out))
                    names.append(name)
                for a, c in zip(names, names[1:]):
                    if a in out and c in out:
                        if c not in out[a]["adjacent"]:
                            out[a]["adjacent"].append(c)
                        if a not in out[c]["adjacent"]:
                            out[c]["adjacent"].append(a)
        return list(out.values())

    def tag_list(self, values) -> list[str]:
        tags = []
        for v in values:
            if isinstance(v, ast.Name):
                tags.append(v.id)
            elif isinstance(v, ast.Literal) and isinstance(v.value, str):
                tags.append(v.value)
            else:
                self.error(v.span, "E402", "a tag is a name like `heavy`")
        return tags

    def region(self, s: Symbol) -> dict:
        self.in_file(s.file)
        props = self.props(s.decl.props, {"spaces", "tags", "colour"}, "region")
        spaces = []
        for v in props.get("spaces", []):
            if isinstance(v, ast.Name) and self.category(v.id) == "space":
                spaces.append(v.id)
            else:
                self.error(v.span, "E301", f"unknown space `{getattr(v, 'id', '?')}`",
                           suggest(getattr(v, "id", ""), [x.name for x in self.p.of("space")]))
        out = {"id": s.name, "name": s.decl.title or s.name, "spaces": spaces,
               "tags": self.tag_list(props.get("tags", []))}
        colour = declared_colour(self, props["colour"]) if "colour" in props else None
        if colour is not None:          # how a drawn board fills it (compiler/boards.py)
            out["colour"] = colour
        return out

    def die(self, s: Symbol) -> dict:
        self.in_file(s.file)
        faces = [self.literal(f) for f in s.decl.faces]
        if not faces:
            self.error(s.decl.span, "E404", f"die `{s.name}` has no faces")
        return {"id": s.name, "faces": faces}

    def track(self, s: Symbol) -> dict:
        self.in_file(s.file)
        return {"id": s.name, "values": [self.track_value(v) for v in s.decl.values]}

    def track_value(self, v):
        """A track's value: a constant, or a declared name meaning what the
        name means in an expression (a card is the card, as `x == card`
        compares it); a quoted name stays a string."""
        if not isinstance(v, ast.Name):
            return self.literal(v)
        s = self.sym(v.id)
        if s is None:
            self.error(v.span, "E301", f"unknown name `{v.id}` in track",
                       suggest(v.id, self.p.symbols) or f"quote it (\"{v.id}\") if a string is meant")
            return v.id
        self.used.add(v.id)
        if s.category == "entity":
            return {"entity": v.id}
        changing = s.category == "counter" and not (self.scope_of(s.decl) or isinstance(s.decl, ast.ResourceDecl))
        if changing or s.category in ("zone", "track", "quantity", "procedure", "action", "invariant"):
            self.error(v.span, "E309", f"`{v.id}` is a {s.category}; a track holds constants, cards and names",
                       f"quote it (\"{v.id}\") if its name is meant")
        return v.id

    def table(self, s: Symbol) -> dict:
        self.in_file(s.file)
        rows = []
        covered: dict[int, ast.TableRow] = {}
        for r in s.decl.rows:
            if r.lo > r.hi:
                self.error(r.span, "E404", f"row {r.lo}..{r.hi} is empty: the low end is above the high end")
            for v in range(r.lo, min(r.hi, r.lo + 1000) + 1):
                if v in covered:
                    self.error(r.span, "E404", f"{v} is already covered by the row at line {covered[v].span.line}")
                    break
                covered[v] = r
            body = self.block(r.body, Scope()) if r.body is not None else None
            rows.append({"lo": r.lo, "hi": r.hi, "value": self.literal(r.value), "effect": body})
        return {"id": s.name, "rows": rows}

    def params(self, params: list[ast.Param]) -> list[dict]:
        out, seen = [], set()
        for prm in params:
            if prm.name in seen:
                self.error(prm.span, "E302", f"parameter `{prm.name}` is declared twice")
            seen.add(prm.name)
            out.append({"name": prm.name, "type": prm.type or "any"})
        return out

    def event(self, s: Symbol) -> dict:
        self.in_file(s.file)
        if s.name in EVENTS:
            self.error(s.decl.name_span, "E302", f"`{s.name}` is a built-in event; choose another name")
        return {"id": s.name, "params": self.params(s.decl.params)}

    def quantity(self, s: Symbol) -> dict:
        self.in_file(s.file)
        names = [p.name for p in s.decl.params]
        return {"id": s.name, "params": self.params(s.decl.params),
                "value": self.expr(s.decl.value, Scope(names))}

    def procedure(self, s: Symbol) -> dict:
        self.in_file(s.file)
        names = [p.name for p in s.decl.params]
        if s.name in PRIMITIVES or s.name in FUNCTIONS:
            self.error(s.decl.name_span, "E302", f"`{s.name}` is a built-in; choose another name for the procedure")
        return {"id": s.name, "params": self.params(s.decl.params),
                "body": self.block(s.decl.body, Scope(names, procedure=True)), "at": self.at(s.decl)}

    def invariant(self, s: Symbol) -> dict:
        self.in_file(s.file)
        return {"id": s.name, "text": s.decl.title or s.name, "expr": self.expr(s.decl.test, Scope()),
                "at": self.at(s.decl)}

    def entity(self, s: Symbol) -> dict:
        self.in_file(s.file)
        d: ast.EntityDecl = s.decl
        kind = self.sym(d.kind)
        fields: dict = {}
        if kind is None or kind.category != "kind":
            self.error(d.kind_span, "E303", f"unknown kind `{d.kind}`",
                       suggest(d.kind, [k.name for k in self.p.of("kind")]) or
                       f"declare it first: `kind {d.kind} {{ ... }}`")
            kind_fields = {}
        else:
            self.used.add(d.kind)
            kind_fields = {f.name: f for f in kind.decl.fields}
        special: dict = {"copies": 1, "tags": [], "start": None}
        seen = set()
        for prop in d.props:
            if id(prop) in self.p.implicit_props and prop.name not in kind_fields:
                continue    # a template's generator that is no field of the kind: only its name and text use it
            if prop.name in seen:
                self.error(prop.span, "E302", f"`{prop.name}` is given twice")
            seen.add(prop.name)
            if prop.name in ENTITY_PROPS:
                self.entity_special(prop, special)
            elif prop.name in kind_fields:
                fields[prop.name] = self.field_value(prop, kind_fields[prop.name])
            elif kind_fields or kind is not None:
                self.error(prop.span, "E304", f"kind `{d.kind}` has no field `{prop.name}`",
                           suggest(prop.name, list(kind_fields) + sorted(ENTITY_PROPS)))
        for name, f in kind_fields.items():
            if name not in fields:
                if f.default is None and not f.is_list:
                    # the cards of a template are told once, by the template's name
                    who = f"the cards of `{self.p.templates[d.name]}`" if d.name in self.p.templates else f"`{d.name}`"
                    self.error(d.name_span, "E403", f"{who} do{'es' * (who[0] == '`')} not give field `{name}` "
                               f"of kind `{d.kind}`", f"add `{name}: ...` or give the field a default in `kind {d.kind}`")
                    fields[name] = None
                else:
                    fields[name] = self.literal(f.default) if f.default is not None else []
        abilities = [a for a in (self.ability(a, entity=True) for a in d.abilities) if a]
        return {"id": s.name, "kind": d.kind, "name": d.title or s.name, "text": d.text or "",
                "fields": fields, "copies": special["copies"], "start": special["start"],
                "tags": special["tags"], "abilities": abilities, "at": self.at(d)}

    # ---- the table: what panels and the board show ------------------------------
    def display(self) -> dict:
        """Every `display` block, base packs first: an item of a later block
        that shows the same thing (or a `show` of the same label) replaces the
        earlier one in place, anything else is added at the end."""
        out: dict[str, list] = {"panel": [], "board": []}
        keys: dict[str, list] = {"panel": [], "board": []}
        for decl, file in self.p.displays:
            self.in_file(file)
            for part in decl.parts:
                for it in part.items:
                    row = self.display_item(it, part.part)
                    if row is None:
                        continue
                    key = (row["type"], row.get("id") or row["label"])
                    if key in keys[part.part]:
                        out[part.part][keys[part.part].index(key)] = row
                    else:
                        keys[part.part].append(key)
                        out[part.part].append(row)
        return out

    def display_item(self, it: ast.DisplayItem, part: str) -> dict | None:
        if it.what == "show":
            scope = Scope()
            if part == "board":
                scope.frames[0].discard("me")     # the board is everybody's: no seat to be `me`
            expr = self.expr(it.expr, scope)
            return {"type": "show", "label": it.label or "", "expr": expr, "at": self.at(it)}
        wanted = ("zone", "space") if it.what == "zone" else (it.what,)
        sym = self.sym(it.name)
        if sym is None:
            known = [s.name for s in self.p.symbols.values() if s.category in wanted]
            self.error(it.name_span, "E301", f"unknown {it.what} `{it.name}`",
                       suggest(it.name, known) or f"declare it first: `{it.what} {it.name} ...`")
            return None
        if sym.category not in wanted:
            self.error(it.name_span, "E309", f"`{it.name}` is a {sym.category}, not a {it.what}",
                       f"write `{sym.category} {it.name}`" if sym.category in ("counter", "zone", "quantity")
                       else f"show it with `show \"...\": {it.name}`")
            return None
        self.used.add(it.name)
        label = it.label or sym.decl.title or it.name.replace("_", " ")
        row: dict = {"type": it.what, "id": it.name, "label": label}
        if it.flag is not None:
            if it.what != "zone" or it.flag not in ("grouped", "full"):
                self.error(it.flag_span, "E404", f"`{it.flag}` is not a display option here",
                           "a zone may be shown `grouped` (pieces of one entity counted together) "
                           "or `full` (each piece with its text)")
            else:
                row[it.flag] = True
        if it.what == "quantity":
            params = sym.decl.params or []
            seat = part == "panel" and len(params) == 1 and params[0].type == "player"
            if params and not seat:
                shown = ", ".join(f"{p.name}: {p.type}" if p.type else p.name for p in params)
                self.error(it.name_span, "E401",
                           f"quantity `{it.name}({shown})` needs arguments a {part} cannot give",
                           f"show it with `show \"{label}\": {it.name}(...)`" +
                           ("" if part == "board" else "; a panel gives one `p: player` itself"))
                return None
            args = [ast.Name(it.name_span, "me")] if seat else []
            row["expr"] = self.expr(ast.Call(it.name_span, it.name, it.name_span, args), Scope())
        row["at"] = self.at(it)
        return row

    def entity_special(self, prop: ast.Prop, out: dict) -> None:
        if prop.name == "tags":
            out["tags"] = self.tag_list(prop.values)
            return
        if not prop.values:
            self.error(prop.span, "E404", f"`{prop.name}` needs a value")
            return
        v = prop.values[0]
        if prop.name == "copies":
            n = self.literal(v)
            if not isinstance(n, int) or isinstance(n, bool) or n < 0 or n > 100000:
                self.error(v.span, "E404", "copies must be a whole number from 0 to 100000")
                n = 1
            out["copies"] = n
        elif prop.name == "start":
            if isinstance(v, ast.Name) and self.category(v.id) in ("zone", "space"):
                self.used.add(v.id)
                zdecl = self.sym(v.id).decl
                out["start"] = {"zone": v.id, "each_player": bool(getattr(zdecl, "scope", None))}
            else:
                self.error(v.span, "E301", f"`start` takes a zone or space name; `{getattr(v, 'id', '?')}` is not one",
                           suggest(getattr(v, "id", ""), [z.name for z in self.p.of("zone")]))

    def field_value(self, prop: ast.Prop, f: ast.FieldDecl):
        if f.is_list:
            return [self.field_item(v, f.type) for v in prop.values]
        if len(prop.values) != 1:
            self.error(prop.span, "E402", f"field `{f.name}` takes one value, not {len(prop.values)}",
                       f"declare it as `{f.name}: list of {f.type}` to give several")
            return None
        return self.field_item(prop.values[0], f.type)

    def field_item(self, v, type_name: str):
        if type_name in FIELD_TYPES:
            value = self.literal(v, allow_names=type_name in ("any", "str"))
            expected = {"int": int, "str": str, "bool": bool}.get(type_name)
            if expected and value is not None and (not isinstance(value, expected) or
                                                   (expected is int and isinstance(value, bool))):
                self.error(v.span, "E402", f"expected {type_name}, found {type(value).__name__} `{value}`")
            return value
        # a reference to an entity of kind `type_name`
        if isinstance(v, ast.Literal) and v.value is None:
            return None
        if isinstance(v, ast.Name):
            target = self.sym(v.id)
            if target and target.category == "entity" and target.decl.kind == type_name:
                self.used.add(v.id)
                return {"entity": v.id}  # the same value the name has in expressions
            names = [e.name for e in self.p.of("entity") if e.decl.kind == type_name]
            self.error(v.span, "E402" if target else "E301",
                       f"`{v.id}` is not a {type_name}" if target else f"unknown {type_name} `{v.id}`",
                       suggest(v.id, names))
            return v.id
        self.error(v.span, "E402", f"expected the name of a {type_name}")
        return None

    def props(self, props: list[ast.Prop], allowed: set[str], what: str) -> dict:
        out = {}
        for p in props:
            if p.name not in allowed:
                self.error(p.span, "E304", f"a {what} has no property `{p.name}`",
                           suggest(p.name, allowed) or "known: " + ", ".join(sorted(allowed)))
                continue
            if p.name in out:
                self.error(p.span, "E302", f"`{p.name}` is given twice")
            out[p.name] = p.values
        return out

    def literal(self, node, allow_names: bool = False):
        """A compile-time value: numbers, strings, booleans, none, lists, names as strings."""
        if node is None:
            return None
        if isinstance(node, ast.Literal):
            return node.value
        if isinstance(node, ast.Text):
            if all(isinstance(p, str) for p in node.parts):
                return "".join(node.parts)
        if isinstance(node, ast.Unary) and node.op == "neg":
            v = self.literal(node.operand)
            if isinstance(v, int) and not isinstance(v, bool):
                return -v
        if isinstance(node, ast.ListLit):
            return [self.literal(i, allow_names) for i in node.items]
        if isinstance(node, ast.Name):
            if self.sym(node.id) is not None:
                self.used.add(node.id)
                return node.id
            if allow_names:
                return node.id
            self.error(node.span, "E301", f"unknown name `{node.id}`", suggest(node.id, self.p.symbols))
            return node.id
        self.error(node.span, "E402", "expected a constant (a number, a string, true, false, none or a name)")
        return None

    # ---- abilities ------------------------------------------------------------------
    def rule(self, node, file: str):
        self.in_file(file)
        out = self.ability(node, entity=False)
        if out and id(node) in self.p.rule_variants:      # a variant's: its text has ids of its own
            out["variant"] = self.p.rule_variants[id(node)]
        return out

    def ability(self, node, entity: bool):
        if isinstance(node, ast.ActionDecl):
            return self.action(node, entity)
        if isinstance(node, ast.TriggerDecl):
            return self.trigger(node, entity)
        if isinstance(node, ast.ModifierDecl):
            return self.modifier(node, entity)
        if isinstance(node, ast.ReplaceDecl):
            return self.replacement(node, entity)
        return None

    def action(self, a: ast.ActionDecl, entity: bool) -> dict:
        scope = Scope(entity=entity)
        limit = None
        if a.limit:
            count_expr, per, per_span = a.limit
            count = self.literal(count_expr)
            if not isinstance(count, int) or count < 1:
                self.error(count_expr.span, "E404", "a limit is a whole number, 1 or more")
                count = 1
            if per not in PERIODS:
                self.error(per_span, "E404", f"`per {per}`: limits are per turn, round or game",
                           suggest(per, PERIODS))
            limit = {"count": count, "per": per}
        props = self.props(a.props, {"tags"}, "action")
        tags = self.tag_list(props.get("tags", []))
        self.action_tags.update(tags)
        body = list(a.body)
        requires = []
        while body and isinstance(body[0], ast.Require):
            r = body.pop(0)
            requires.append({"expr": self.expr(r.test, scope), "message": r.message})
        return {"type": "action", "id": a.name, "name": a.title or a.name, "tags": tags,
                "limit": limit, "require": requires, "effect": self.block(body, scope),
                "text": a.text, "at": self.at(a)}

    def event_params(self, name: str, span: Span) -> list[str] | None:
        if name in EVENTS:
            return list(EVENTS[name])
        s = self.sym(name)
        if s and s.category == "event":
            self.used.add(name)
            return [p.name for p in s.decl.params]
        self.error(span, "E306", f"unknown event `{name}`",
                   suggest(name, list(EVENTS) + [e.name for e in self.p.of("event")]))
        return None

    def trigger(self, t: ast.TriggerDecl, entity: bool) -> dict:
        params = self.event_params(t.event, t.event_span) or []
        scope = Scope(params, entity=entity)
        return {"type": "trigger", "event": t.event, **({"name": t.name} if t.name else {}),
                "where": self.expr(t.where, scope) if t.where else None,
                "effect": self.block(t.body, scope), "at": self.at(t)}

    def modifier(self, m: ast.ModifierDecl, entity: bool) -> dict:
        q = self.sym(m.quantity)
        params: list[str] = []
        if q is None or q.category != "quantity":
            self.error(m.quantity_span, "E308", f"unknown quantity `{m.quantity}`",
                       suggest(m.quantity, [x.name for x in self.p.of("quantity")]))
        else:
            self.used.add(m.quantity)
            params = [p.name for p in q.decl.params]
            if len(m.patterns) != len(params):
                self.error(m.quantity_span, "E401",
                           f"quantity `{m.quantity}` takes {len(params)} argument(s), the modifier gives {len(m.patterns)}")
        outer = Scope(entity=entity)
        inner = Scope(params, entity=entity)
        return {"type": "modifier", "quantity": m.quantity,
                "args": [self.expr(p, outer) if p is not None else None for p in m.patterns],
                "op": m.op, "value": self.expr(m.value, inner),
                "where": self.expr(m.where, inner) if m.where else None, "at": self.at(m)}

    def replacement(self, r: ast.ReplaceDecl, entity: bool) -> dict:
        target = self.sym(r.target)
        params: list[str] = []
        if target is None or target.category != "procedure":
            self.error(r.target_span, "E307", f"`instead of` needs a procedure; `{r.target}` is not one",
                       suggest(r.target, [p.name for p in self.p.of("procedure")]))
        else:
            self.used.add(r.target)
            params = [p.name for p in target.decl.params]
        scope = Scope(params, entity=entity)
        return {"type": "replace", "target": r.target, **({"name": r.name} if r.name else {}),
                "where": self.expr(r.where, scope) if r.where else None,
                "effect": self.block(r.body, scope), "at": self.at(r)}

    # ---- the game ---------------------------------------------------------------------
    def game(self, ir: dict) -> None:
        g = self.p.game
        if g is None:
            if self.p.pack is not None and "game" not in self.p.broken:
                self.file = self.p.pack_file or ""
                self.checking = True
                self.error(self.p.pack.span, "E205", f"pack `{self.p.pack.name}` has no `game` block",
                           "add `game { players 2..4 setup { ... } play { ... } }`")
            return
        self.in_file(self.p.game_file or "")
        if g.players:
            lo, hi, span = g.players
            if lo < 1 or hi < lo or hi > 64:
                self.error(span, "E404", f"players {lo}..{hi} is not a valid range (1 to 64)")
            else:
                ir["players"] = {"min": lo, "max": hi}
        lower_limits(self, g.limits, ir)
        check_start_pieces(self, ir)
        self.in_file(self.p.game_file or "")
        ir["setup"] = self.block(g.setup, Scope())
        for ext, file in self.p.setup_extensions:  # `extend setup`: after the base setup, base packs first
            self.in_file(file)
            ir["setup"] += self.block(ext.body, Scope())
        self.in_file(self.p.game_file or "")
        ir["play"] = self.block(g.play, Scope())
        if not g.play:
            self.error(g.span, "E205", "the game has no `play` block", "add `play { ... }` with the turn loop")
        ir["score"] = self.expr(g.score, Scope()) if g.score else None
        if g.cooperative and g.teams is not None:
            self.error(g.teams.span, "E404", "a cooperative game has one side: it takes no `teams`",
                       "drop `teams` (every seat wins or loses together), or `cooperative` (sides play apart)")
        if g.cooperative:
            ir["outcome"] = {"cooperative": True}
        elif g.teams is not None:
            ir["outcome"] = {"sides": self.expr(g.teams, Scope())}
        if g.eliminated is not None:          # who is out of the game (outcome.py)
            ir.setdefault("outcome", {})["out"] = self.expr(g.eliminated, Scope())
        # what needs an acting player where none is (E421, E422): the setup, then play until a turn starts
        seats = SeatCheck(self)
        for h, file in self.p.hooks:
            if h.target == "setup" and h.when == "before":
                seats.block(h.body, "`before setup`", file)
        seats.block(g.setup, "the setup", self.p.game_file or "")
        for ext, file in self.p.setup_extensions:
            seats.block(ext.body, "the setup", file)
        seats.block(g.play, "the play block before its first `start_turn`", self.p.game_file or "")

    def _unused(self) -> None:
        # Quantities are left out: a quantity only reads the game, and a pack
        # declares them as the vocabulary its cards, variants and the packs
        # that extend it are written in (a pack's README lists them), so one
        # that nothing in the pack reads yet is not dead code.
        for s in self.p.symbols.values():
            if s.category in ("procedure", "table", "die", "track", "event", "kind") \
                    and s.name not in self.used:
                self.warn(s.file, s.decl.name_span, "W501", f"{s.category} `{s.name}` is never used")

    # ---- statements --------------------------------------------------------------------
    def block(self, stmts, scope: Scope) -> list:
        scope.push()
        out: list = []
        for s in stmts:
            if s is None:
                continue
            lowered = self.stmt(s, scope)
            if isinstance(lowered, list):
                out.extend(lowered)
            elif lowered is not None:
                out.append(lowered)
        scope.pop()
        return out

    def stmt(self, s, scope: Scope) -> dict | None:
        method = getattr(self, "s_" + type(s).__name__, None)
        if method is None:
            self.error(s.span, "E406", "this cannot be used as a statement")
            return None
        out = method(s, scope)
        if isinstance(out, dict):
            out["at"] = self.at(s)
        elif isinstance(out, list):
            for part in out:
                part.setdefault("at", self.at(s))
        return out

    def s_Let(self, s: ast.Let, scope: Scope) -> dict:
        v = s.value
        if isinstance(v, ast.Call) and (v.fn in PRIMITIVES or self.category(v.fn) == "procedure"):
            out = self.call_stmt(v, scope, into=s.name)
        elif isinstance(v, (ast.Pick, ast.Amount, ast.Order)) and v.each is not None:
            out = self.asked_each(v, scope, s.name)
        elif isinstance(v, ast.Pick):
            out = self.pick(v, scope, s.name)
        elif isinstance(v, ast.Amount):
            out = {"do": "amount", "by": self.by(v.by, scope), "prompt": self.prompt(v.prompt, scope),
                   "lo": self.expr(v.lo, scope), "hi": self.expr(v.hi, scope), "into": s.name, **_named(v)}
        elif isinstance(v, ast.Order):
            out = {"do": "order", "by": self.by(v.by, scope), "prompt": self.prompt(v.prompt, scope),
                   "from": self.expr(v.coll, scope), "into": s.name, **_named(v)}
        elif isinstance(v, ast.Act):
            out = self.act(v, scope, s.name)
        else:
            out = {"do": "let", "name": s.name, "value": self.expr(v, scope)}
        scope.add(s.name)
        return out

    def prompt(self, text, scope: Scope):
        """A decision's prompt: `{expr}` holes are filled like `log` strings."""
        if isinstance(text, ast.Text):
            return self.expr(text, scope)
        return text

    def pick(self, v: ast.Pick, scope: Scope, into: str) -> dict:
        coll = self.expr(v.coll, scope)
        scope.push(into)
        where = self.expr(v.where, scope) if v.where else None
        scope.pop()
        return {"do": "pick", "by": self.by(v.by, scope), "prompt": self.prompt(v.prompt, scope), "from": coll, "where": where,
                "var": into, "count": self.expr(v.count, scope) if v.count is not None else None,
                "up_to": v.up_to, "into": into, **_named(v)}

    def asked_each(self, v, scope: Scope, into: str) -> dict:
        """`let x = choose each p in SEATS ... from/amount ...`: one pick (or
        amount) asked of every seat of SEATS at once, with `p` bound to the
        seat in its prompt, list and bounds; `x` is the list of answers in
        the order of SEATS (runtime/engine/decisions.py, ``each``)."""
        e = v.each
        seats = self.expr(e.seats, scope)
        self.check_seats(e.seats)
        if isinstance(v, ast.Order) or (isinstance(v, ast.Pick) and v.count is not None):
            word = "choose order" if isinstance(v, ast.Order) else "choose N from"
            self.error(v.span, "E430", f"`{word}` cannot be asked of several seats at once: a simultaneous "
                                       "decision is one pick or an amount per seat",
                       f"pick one item each (`let x = choose each {e.var} in ... from LIST`), or ask each "
                       f"seat in turn (`for {e.var} in ... {{ let x = choose by {e.var} ... }}`)")
        scope.push(e.var)
        prompt = self.prompt(v.prompt, scope)
        if isinstance(v, ast.Amount):
            out = {"do": "amount", "by": None, "prompt": prompt, "lo": self.expr(v.lo, scope),
                   "hi": self.expr(v.hi, scope), "into": into, **_named(v)}
        else:
            coll = self.expr(v.coll, scope)
            where = None
            if isinstance(v, ast.Pick) and v.where is not None:
                scope.push(into)
                where = self.expr(v.where, scope)
                scope.pop()
            out = {"do": "pick", "by": None, "prompt": prompt, "from": coll, "where": where, "var": into,
                   "count": None, "up_to": False, "into": into, **_named(v)}
        scope.pop()
        out["each"] = {"var": e.var, "seats": seats}
        return out

    def check_seats(self, seats) -> None:
        """What a simultaneous decision's seat list can be seen not to be: no
        seats (`[]`), or an item that is never a player (E430)."""
        if isinstance(seats, ast.ListLit) and not seats.items:
            self.error(seats.span, "E430", "a simultaneous decision asks no seat: the list is empty",
                       "name the seats to ask: `choose each p in players() ...`")
            return
        items = seats.items if isinstance(seats, ast.ListLit) else [seats]
        for it in items:
            if isinstance(it, (ast.Literal, ast.Text, ast.RangeLit)) or \
                    isinstance(it, ast.Name) and self.category(it.id) in self._WRONG_NAMES["player"]:
                self.error(it.span, "E430", "a simultaneous decision asks players: this is not a list of players",
                           "write a list of players: `players()`, `opponents(me)`, `[player(0), player(1)]`, "
                           "`[each q in players() where ...]`")
                return

    def by(self, expr, scope: Scope):
        return self.expr(expr, scope) if expr is not None else None

    def s_Set(self, s: ast.Set, scope: Scope) -> dict | list:
        v = s.value
        if isinstance(v, ast.Call) and (v.fn in PRIMITIVES or self.category(v.fn) == "procedure"):
            # `set x = roll(...)`: call into a hidden local, then assign it
            temp = f"$set{s.span.line}_{s.span.column}"
            call = self.call_stmt(v, scope, into=temp)
            call["at"] = self.at(s)
            scope.add(temp)
            assign = self.s_Set(ast.Set(s.span, s.target, s.op, ast.Name(v.span, temp)), scope)
            return [call, assign]
        target = self.set_target(s.target, scope)
        value = self.expr(s.value, scope)
        if s.op != "=":
            if isinstance(s.target, ast.Attr):  # `+=` reads the property first
                self.note_read(s.target, scope)
            value = {"op": "bin", "o": s.op[0], "l": target, "r": value}
        if isinstance(s.target, ast.Attr):
            scope.mark_set(_prop_key(s.target))
        return {"do": "set", "target": target, "value": value}

    def set_target(self, t, scope: Scope):
        if isinstance(t, ast.Name):
            if scope.has(t.id):
                return {"op": "var", "name": t.id}
            s = self.sym(t.id)
            if s and s.category == "counter":
                self.used.add(t.id)
                if self.scope_of(s.decl) or isinstance(s.decl, ast.ResourceDecl):
                    return {"op": "attr", "of": {"op": "var", "name": "me"}, "name": t.id}
                return {"op": "ref", "ns": "counter", "id": t.id}
            self.error(t.span, "E301" if s is None else "E309",
                       f"cannot set `{t.id}`: it is " + (f"a {s.category}" if s else "not a local or counter"),
                       suggest(t.id, scope.all() | {c.name for c in self.p.of("counter")}))
            return {"op": "var", "name": t.id}
        if isinstance(t, ast.Attr):
            self.assigned_attrs.add(t.name)
            return self.e_Attr(t, scope, read=False)
        self.error(t.span, "E406", "only a variable, a counter or an attribute can be set")
        return {"op": "var", "name": "_"}

    def s_If(self, s: ast.If, scope: Scope) -> dict:
        return {"do": "if", "cond": self.expr(s.test, scope), "then": self.block(s.body, scope),
                "else": self.block(s.orelse, scope)}

    def s_For(self, s: ast.For, scope: Scope) -> dict:
        coll = self.expr(s.coll, scope)
        scope.push(s.var)
        scope.loops += 1
        where = self.expr(s.where, scope) if s.where else None
        body = self.block(s.body, scope)
        scope.loops -= 1
        scope.pop()
        return {"do": "for", "var": s.var, "in": coll, "where": where, "body": body}

    def s_Repeat(self, s: ast.Repeat, scope: Scope) -> dict:
        scope.loops += 1
        out = {"do": "repeat", "count": self.expr(s.count, scope), "body": self.block(s.body, scope)}
        scope.loops -= 1
        return out

    def s_While(self, s: ast.While, scope: Scope) -> dict:
        scope.loops += 1
        out = {"do": "while", "cond": self.expr(s.test, scope), "body": self.block(s.body, scope)}
        scope.loops -= 1
        return out

    def s_Choose(self, s: ast.Choose, scope: Scope) -> dict:
        if s.each is not None:
            self.error(s.span, "E430", "a menu cannot be asked of several seats at once: its lines run "
                                       "rules, and a simultaneous decision only picks a value per seat",
                       f"pick the value at once, then act on each answer: `let x = choose each {s.each.var} in "
                       f"... from [\"A\", \"B\"]` and `for {s.each.var} in ... {{ if x[{s.each.var}.index] == "
                       f"\"A\" {{ ... }} }}`")
        labels = set()
        names: set = set()
        options = []
        for o in s.options:
            if isinstance(o.label, str):        # (a line with holes may say either)
                if o.label in labels:
                    self.error(o.span, "E302", f"option \"{o.label}\" appears twice")
                labels.add(o.label)
            if o.name is not None and o.name in names:
                self.error(o.span, "E302", f"option name `{o.name}` appears twice in this choice",
                           "give each option its own name: programs tell them apart by it")
            names.add(o.name)
            options.append({"label": self.prompt(o.label, scope), "when": self.expr(o.when, scope) if o.when else None,
                            "body": self.block(o.body, scope), **_named(o)})
        return {"do": "choose", "mode": s.mode, "by": self.by(s.by, scope), "prompt": self.prompt(s.prompt, scope),
                "options": options, **_named(s)}

    def s_May(self, s: ast.May, scope: Scope) -> dict:
        return {"do": "may", "by": self.by(s.by, scope), "prompt": self.prompt(s.prompt, scope),
                "body": self.block(s.body, scope), "else": self.block(s.orelse, scope), **_named(s)}

    def s_Act(self, s: ast.Act, scope: Scope) -> dict:
        return self.act(s, scope, None)

    def act(self, s: ast.Act, scope: Scope, into: str | None) -> dict:
        for tag in s.tags:
            self.tag_uses.append((tag, s.span, self.file, self.checking))
        return {"do": "act", "by": self.by(s.by, scope), "tags": list(s.tags), "optional": s.optional,
                "into": into}

    def s_Emit(self, s: ast.Emit, scope: Scope) -> dict:
        params = self.event_params(s.event, s.event_span)
        args: dict = {}
        if params is not None:
            positional = [a for a in s.args if not isinstance(a, ast.KwArg)]
            if len(positional) > len(params):
                self.error(s.span, "E401", f"event `{s.event}` has {len(params)} field(s), {len(positional)} given")
            for name, a in zip(params, positional):
                args[name] = self.expr(a, scope)
            for a in s.args:
                if isinstance(a, ast.KwArg):
                    if a.name not in params:
                        self.error(a.span, "E405", f"event `{s.event}` has no field `{a.name}`", suggest(a.name, params))
                    args[a.name] = self.expr(a.value, scope)
            for name in params:
                args.setdefault(name, None)
        return {"do": "emit", "event": s.event, "args": args}

    def s_Require(self, s: ast.Require, scope: Scope) -> dict:
        return {"do": "require", "expr": self.expr(s.test, scope), "message": s.message}

    def s_Log(self, s: ast.Log, scope: Scope) -> dict:
        return {"do": "log", "text": self.expr(s.text, scope)}

    def s_Return(self, s: ast.Return, scope: Scope) -> dict:
        if s.value is not None and not scope.procedure:
            self.error(s.span, "E406", "`return` with a value belongs in a procedure",
                       "use `stop` to end this effect early")
        return {"do": "return", "value": self.expr(s.value, scope) if s.value is not None else None}

    def s_Break(self, s: ast.Break, scope: Scope) -> dict:
        if scope.loops == 0:
            self.error(s.span, "E406", "`break` outside a loop")
        return {"do": "break"}

    def s_CallStmt(self, s: ast.CallStmt, scope: Scope) -> dict | None:
        return self.call_stmt(s.call, scope, into=None)

    def s_Resolve(self, s: ast.Resolve, scope: Scope) -> dict:
        if self.category(s.table) != "table":
            self.error(s.table_span, "E301", f"unknown table `{s.table}`",
                       suggest(s.table, [t.name for t in self.p.of("table")]))
        self.used.add(s.table)
        return {"do": "table", "table": s.table, "value": self.expr(s.value, scope)}

    def call_stmt(self, c: ast.Call, scope: Scope, into: str | None) -> dict:
        if c.fn in PRIMITIVES:
            sig = PRIMITIVES[c.fn]
            if into is not None and sig.returns is None:
                self.error(c.fn_span, "E402", f"`{c.fn}` gives no value to bind")
            return {"do": "prim", "name": c.fn, "args": self.args(c, sig, scope), "into": into}
        s = self.sym(c.fn)
        if s and s.category == "procedure":
            self.used.add(c.fn)
            params = s.decl.params
            sig = Signature(c.fn, tuple(_param(p) for p in params), "any", "")
            proc = HOOKS + c.fn if c.fn in self.hooked else c.fn
            return {"do": "call", "proc": proc, "args": self.args(c, sig, scope), "into": into}
        if c.fn in FUNCTIONS or (s and s.category == "quantity"):
            self.error(c.fn_span, "E406", f"`{c.fn}` only computes a value; use it in an expression",
                       f"for example `let x = {c.fn}(...)`")
            return {"do": "let", "name": "_", "value": None}
        self.error(c.fn_span, "E307", f"unknown procedure or primitive `{c.fn}`",
                   suggest(c.fn, list(PRIMITIVES) + [p.name for p in self.p.of("procedure")]))
        return {"do": "let", "name": "_", "value": None}

    def args(self, c: ast.Call, sig: Signature, scope: Scope) -> list:
        params = list(sig.params)
        given: dict[str, object] = {}
        positional = [a for a in c.args if not isinstance(a, ast.KwArg)]
        if len(positional) > len(params):
            self.error(c.span, "E401", f"`{c.fn}` takes at most {len(params)} argument(s), {len(positional)} given",
                       _usage(sig))
        for p, a in zip(params, positional):
            given[p.name] = a
        for a in c.args:
            if isinstance(a, ast.KwArg):
                if a.name not in {p.name for p in params}:
                    self.error(a.span, "E405", f"`{c.fn}` has no parameter `{a.name}`",
                               suggest(a.name, [p.name for p in params]) or _usage(sig))
                elif a.name in given:
                    self.error(a.span, "E401", f"`{a.name}` is given twice")
                given[a.name] = a.value
        out = []
        for p in params:
            if p.name in given:
                out.append(self.typed_arg(given[p.name], p.type, c.fn, scope))
            elif p.required:
                self.error(c.span, "E401", f"`{c.fn}` needs `{p.name}` ({p.type})", _usage(sig))
                out.append(None)
            else:
                out.append(p.default)
        return out

    def typed_arg(self, a, type_name: str, fn: str, scope: Scope):
        if type_name in ID_TYPES:
            if isinstance(a, ast.Name) and not scope.has(a.id):
                s = self.sym(a.id)
                if s and s.category == type_name:
                    self.used.add(a.id)
                    return a.id
                names = [x.name for x in self.p.of(type_name)] if type_name != "event" else \
                    list(EVENTS) + [x.name for x in self.p.of("event")]
                self.error(a.span, "E402" if s else "E301",
                           f"`{fn}` expects a {type_name}; `{a.id}` is " + (f"a {s.category}" if s else "not defined"),
                           suggest(a.id, names))
                return a.id
            return self.expr(a, scope)
        self.check_value_kind(a, type_name, fn, scope)
        value = self.expr(a, scope)
        if type_name == "int" and isinstance(a, ast.Literal) and isinstance(a.value, str):
            self.error(a.span, "E402", f"`{fn}` expects a number here, not a string")
        return value

    # what a declared name is never good for, by the parameter type it is given to (E402);
    # a counter may hold any value (`counter start_player = none`), so it is never one of them
    _WRONG_NAMES = {"piece": {"zone", "space", "kind", "die", "table", "track", "region"},
                    "player": {"entity", "zone", "space", "kind", "die", "table", "track", "region"},
                    "zone": {"entity", "kind", "die", "table", "track", "region"}}

    def check_value_kind(self, a, type_name: str, fn: str, scope: Scope) -> None:
        """A declared name or a literal that can never be the piece, player or zone a
        parameter takes: found here, not when the rules reach it ("expected a piece, got ...")."""
        if type_name not in self._WRONG_NAMES:
            return
        if isinstance(a, ast.Name) and not scope.has(a.id):
            cat = self.category(a.id)
            if cat == "entity" and type_name == "piece":
                # a card's name is the card (what its pieces are copies of), not a piece of it
                self.error(a.span, "E402", f"`{fn}` expects a piece; `{a.id}` is a card, not one of its pieces",
                           f"name one of its pieces: `first(pieces_of({a.id}))`")
            elif cat in self._WRONG_NAMES[type_name]:
                what = "a card" if cat == "entity" else f"a {cat}"
                self.error(a.span, "E402", f"`{fn}` expects a {type_name}; `{a.id}` is {what}",
                           "a player is `me`, `p` of `for p in players()` or `player(0)`" if type_name == "player"
                           else None)
        elif isinstance(a, (ast.Literal, ast.Text)) and isinstance(getattr(a, "value", ""), (str, bool)) \
                and not (type_name == "zone" and isinstance(a, ast.Literal) and isinstance(a.value, str)):
            shown = "a string" if isinstance(getattr(a, "value", ""), str) else "yes/no"
            self.error(a.span, "E402", f"`{fn}` expects a {type_name}, not {shown}")

    # ---- expressions --------------------------------------------------------------------
    def expr(self, e, scope: Scope):
        if e is None:
            return None
        method = getattr(self, "e_" + type(e).__name__, None)
        if method is None:
            self.error(e.span, "E406", "a choice cannot be part of an expression",
                       "bind it first: `let x = choose ...`")
            return None
        return method(e, scope)

    def e_Literal(self, e: ast.Literal, scope: Scope):
        if e.name is not None:      # a named text value: a text of one part, so the name has a node to sit on
            return {"op": "text", "parts": [e.value], "name": e.name}
        return e.value

    def e_Text(self, e: ast.Text, scope: Scope):
        parts = [p if isinstance(p, str) else self.expr(p, scope) for p in e.parts]
        if e.name is not None:
            return {"op": "text", "parts": parts, "name": e.name}
        if all(isinstance(p, str) for p in parts):
            return "".join(parts)
        return {"op": "text", "parts": parts}

    def e_ListLit(self, e: ast.ListLit, scope: Scope):
        return {"op": "list", "items": [self.expr(i, scope) for i in e.items]}

    def e_RangeLit(self, e: ast.RangeLit, scope: Scope):
        return {"op": "range", "lo": self.expr(e.lo, scope), "hi": self.expr(e.hi, scope)}

    def e_Name(self, e: ast.Name, scope: Scope):
        if scope.has(e.id):
            return {"op": "var", "name": e.id}
        if e.id in ("self", "owner"):
            self.error(e.span, "E406", f"`{e.id}` only means something inside a card's abilities")
            return None
        s = self.sym(e.id)
        if s is None:
            hint = suggest(e.id, scope.all() | set(self.p.symbols))
            if e.id in FUNCTIONS:
                hint = f"`{e.id}` is a function: write `{e.id}(...)`"
            self.error(e.span, "E301", f"unknown name `{e.id}`", hint)
            return None
        self.used.add(e.id)
        cat = s.category
        if cat in ("counter", "zone"):
            if self.scope_of(s.decl) or isinstance(s.decl, ast.ResourceDecl):
                return {"op": "attr", "of": {"op": "var", "name": "me"}, "name": e.id, "at": self.at(e)}
            return {"op": "ref", "ns": cat, "id": e.id}
        if cat in ("entity", "track"):
            return {"op": "ref", "ns": cat, "id": e.id}
        if cat in ("quantity", "procedure"):
            self.error(e.span, "E309", f"`{e.id}` is a {cat}: call it with `{e.id}(...)`")
            return None
        return e.id

    def e_Attr(self, e: ast.Attr, scope: Scope, read: bool = True):
        """`x.name`. A `read` of a name no kind declares (a piece property
        only `set` gives) is checked at the end: it must be set earlier in
        the block, or have a `?? default`."""
        obj = self.expr(e.obj, scope)
        if e.name not in self.attr_names:
            self.attr_uses.append((e.name, e.name_span, self.file, self.checking))
            if read:
                self.note_read(e, scope)
        return {"op": "attr", "of": obj, "name": e.name, "at": self.at(e)}

    def note_read(self, e: ast.Attr, scope: Scope) -> None:
        key = _prop_key(e)
        if not scope.was_set(key):
            self.unset_reads.append((e.name, key or e.name, e.span, self.file, self.checking))

    def fallback(self, e: ast.Binary, scope: Scope):
        """`a ?? b`: b when a is none, or when a is a piece property never set."""
        other = self.expr(e.right, scope)
        if isinstance(e.left, ast.Attr):
            return {**self.e_Attr(e.left, scope, read=False), "else": other}
        left = self.expr(e.left, scope)
        return {"op": "cond", "if": {"op": "bin", "o": "!=", "l": left, "r": None}, "then": left, "else": other}

    def e_Index(self, e: ast.Index, scope: Scope):
        return {"op": "index", "of": self.expr(e.obj, scope), "index": self.expr(e.index, scope), "at": self.at(e)}

    def e_Binary(self, e: ast.Binary, scope: Scope):
        if e.op == "??":
            return self.fallback(e, scope)
        return {"op": "bin", "o": e.op, "l": self.expr(e.left, scope), "r": self.expr(e.right, scope),
                "at": self.at(e)}

    def e_Unary(self, e: ast.Unary, scope: Scope):
        return {"op": e.op, "x": self.expr(e.operand, scope)}

    def e_Cond(self, e: ast.Cond, scope: Scope):
        return {"op": "cond", "if": self.expr(e.test, scope), "then": self.expr(e.then, scope),
                "else": self.expr(e.orelse, scope)}

    def e_Aggregate(self, e: ast.Aggregate, scope: Scope):
        coll = self.expr(e.coll, scope)
        if e.var is None:
            return {"op": "agg", "fn": e.fn, "var": None, "in": coll, "where": None, "value": None}
        scope.push(e.var)
        where = self.expr(e.where, scope) if e.where else None
        value = self.expr(e.value, scope) if e.value else None
        by = self.expr(e.by, scope) if e.by is not None else None
        scope.pop()
        if e.fn == "count" and e.value is not None:
            # `count` counts the items; a value after `:` would be silently ignored.
            self.error(e.value.span, "E404", "`count` takes no value after `:` (it counts the items)",
                       "add the values with `sum(each ...: value)`, or drop `: value`")
        out = {"op": "agg", "fn": e.fn, "var": e.var, "in": coll, "where": where, "value": value}
        if by is not None:
            out["by"] = by      # `[each c in xs by key]`: a stable sort, lowest key first
        return out

    def e_Call(self, e: ast.Call, scope: Scope):
        if e.fn == "player" and len(e.args) == 1 and isinstance(e.args[0], ast.Literal) \
                and type(e.args[0].value) is int:
            self.seat_uses.append((e.args[0].value, e.args[0].span, self.file, self.checking))
        if e.fn in FUNCTIONS:
            return {"op": "call", "fn": e.fn, "args": self.args(e, FUNCTIONS[e.fn], scope), "at": self.at(e)}
        s = self.sym(e.fn)
        if s and s.category == "quantity":
            self.used.add(e.fn)
            sig = Signature(e.fn, tuple(_param(p) for p in s.decl.params), "int", "")
            return {"op": "quantity", "id": e.fn, "args": self.args(e, sig, scope), "at": self.at(e)}
        if e.fn in PRIMITIVES or (s and s.category == "procedure"):
            self.error(e.fn_span, "E309", f"`{e.fn}` changes the game, so it cannot be used inside an expression",
                       f"bind its result first (`let x = {e.fn}(...)`), or, for a pure computation, "
                       "declare it as a `quantity`")
            return None
        # every callable name is a candidate: a misspelt procedure is suggested too (its use
        # in an expression is then the E309 it would be if spelt right)
        self.error(e.fn_span, "E308", f"unknown function or quantity `{e.fn}`",
                   suggest(e.fn, list(FUNCTIONS) + list(PRIMITIVES)
                           + [q.name for q in self.p.of("quantity")] + [q.name for q in self.p.of("procedure")]))
        return None


def _prop_key(e) -> str | None:
    """`c.marked` as written, when `c` is a plain name (or a chain of them):
    what "set earlier in this block" compares. None for anything else."""
    if isinstance(e, ast.Name):
        return e.id
    if isinstance(e, ast.Attr):
        inner = _prop_key(e.obj)
        return f"{inner}.{e.name}" if inner else None
    return None


def _param(p: ast.Param):
    from waybill.spec.signatures import REQUIRED, Param
    return Param(p.name, p.type or "any", REQUIRED)


def _usage(sig: Signature) -> str:
    parts = [p.name if p.required else f"{p.name}: {p.default if p.default is not None else 'none'}"
             for p in sig.params]
    return f"usage: {sig.name}({', '.join(parts)})"


def _named(node) -> dict:
    """``{"name": ...}`` for a prompt, an option or a text value given a name
    with `as NAME` (its message id is built from it: spec/messages.py), else nothing."""
    return {"name": node.name} if getattr(node, "name", None) is not None else {}
