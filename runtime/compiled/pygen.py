"""The compiled engine: Python generated from the checked IR (DESIGN.md,
principle 2, "Two engines, one meaning").

**What is generated.** For every code block (setup, play, a procedure, an
ability's effect, a table row) the interpreter's instruction list is laid
out as usual (codegen.py); this module then writes one Python function per
*entry point* of that list (pc 0, every jump or decision target, every pc
after an instruction that may leave the frame, every loop test's and
decision's target). The function runs the instructions from its entry
point inline — expressions as Python expressions, not closure calls; an
`if`/`else` as a Python ``if``/``else``; a `for` whose body neither calls
nor decides as a Python loop — until an instruction that calls, decides,
returns or ends the game, or another entry point: a later one it calls
(``return n + _s9(m, fr)``, so each instruction is written once per block),
an earlier one (a loop's jump back) it leaves to the run loop. It sets
``fr["pc"]`` where the interpreter would have it, and returns how many
instructions it ran. So a
frame is always ``{code, pc, locals}`` at an interpreter pc: a game stopped
at a decision is the same plain data under both engines and resumes under
either. Instructions at other pcs (reached only when resuming a saved
frame) run as the interpreter's own.

**Safety of the source.** No content value is ever written into the source:
names, strings and numbers are read from the constants table ``_K``
(entry ``i`` bound to the global ``_k<i>``), runtime helpers from ``_F``
(``_f<i>``), and every identifier is made here (``_s12``). The source is compiled in memory, per ``Rules``, never written
to disk and never cached across processes (tests/runtime/
test_engines_differential.py proves there is no content in it).

**Same meaning.** Each inlined instruction does what the interpreter's does,
in the same order, through the same helpers (access, events, primitives),
so logs, events and states are the same byte for byte. Between two
instructions the run loop resolves queued triggers when no effect is
running: an inlined instruction that may queue one ends the run there.
A ``Stop`` (a failed `require`, a short `pay`) is handled at the
instruction that raised it, as the interpreter does.

**Reads known now.** A piece field is read from ``props`` only if some
``set x.NAME`` can write that name (access.settable_names; a save holding
another is refused), then from one ``{entity: value}`` table per name; a
player's counter or zone from the layout's slot tables (``m.L.c_slots[i][p]``,
``i`` the counter's place, written here: no ``(name, p)`` key is built). Aggregate items and quantity
parameters (and ``me``) are Python locals, unless something generated in
them hands ``loc`` to code that reads a variable by name (an interpreter
closure): then that aggregate or quantity is generated again with its
variables in ``loc``, as the interpreter keeps them. What reads ``loc``
otherwise (functions, zones, modified quantities) reads only ``me``
through ``access.me_of``, which gives the same player from a quantity's
caller's locals as from the quantity's own.

**Quantities with literal arguments.** `can_take(me, "combat")` calls a
version of `can_take` made for ``s = "combat"`` (``_quantity_special``):
its body folded (exprfold.py: the tests of ``s`` decided, the branches not
taken dropped), and the folded quantities it calls that call nothing
themselves written in place, their steps charged with its own at its start
(``_inlined``, which says why that is exact).

**Budget.** Steps are counted in the interpreter's unit (one per
instruction, charged ``TICK`` at a time; the same helpers charge the same
extra work). A run of inlined instructions is charged when it ends, so the
compiled engine's count is never *ahead* of the interpreter's: it can only
find the budget exhausted where the interpreter did too (a little later).
**Errors are the interpreter's.** Whenever the compiled engine raises
anything in ``Game.apply`` or ``Game.new``, the game is rolled back (as it
always is) and the action is played again by the interpreter, which then
reports the reference ``RuleError`` (or, should the compiled engine have
been wrong, plays on: ``rules.deopts`` counts these, and the differential
test requires it to stay 0 in games without errors).
"""

from __future__ import annotations

import re
from typing import Any, Callable

from ..engine import access, events
from ..engine import decisions as D
from . import exprfold, exprtypes
from ..engine import instructions as I
from ..engine import primitives as P
from waybill.spec.errors import RuleError, Stop
from ..engine.exprs import checked_add, checked_div, checked_mod, checked_mul, checked_sub
from ..engine.functions import IMPLS as FUNCTIONS, pile_pieces, pile_top
from ..engine.modifiers import quantity_value
from ..engine.interpreter import call_procedure, loop, pop, stop_effect
from ..engine.limits import CALL_DEPTH, LOOP_LIMIT, MAX_INT, TICK, check_int, check_size, flat_enough

# a segment calls segments at most this deep (each call a Python frame);
# past it, and going back, the run loop takes over
_MAXD = 16
# frames on the stack past which a call is left to the run loop (below
# CALL_DEPTH: Python's stack holds at most _DP * (_MAXD + 1) segments)
_DP = 24

# instructions after which the frame is left, or the pc set from outside
_ENDS = (I.jump, I.call, I.ret, I.table, I.for_init, I.for_next, I.repeat_init, I.repeat_next,
         I.while_init)
_ENDS_GAME = (P.win, P.end_game)
# instructions (not written inline) that only set the frame's locals: the
# segment goes on after them
_SETS_LOCALS = frozenset((D.pick_start, D.order_start, D.choose_start))


def _joined(m: Any, a: Any, b: Any, at: Any) -> Any:
    try:
        r = a + b
    except TypeError:       # (exprs._bin's join: a text and a text or string)
        r = access.join_texts(m, a, b)
        if r is None:
            raise
        return r
    if type(r) is int:
        return checked_add(a, b)
    if type(r) is list or type(r) is str:
        check_size(m, r, at)
    return r


_MISSING = object()
# the literal arguments a quantity is specialised for, and the names a
# quantity's parameter never binds there (its caller's host, read from ``loc``)
_LITERALS = (str, int, bool)
_HOST_NAMES = frozenset(("me", "self", "owner"))
_AGGS = frozenset(("count", "sum", "min", "max", "any", "all", "list"))


def _sum_checked(items: list) -> Any:
    total = sum(items)
    if type(total) is int and not -MAX_INT <= total <= MAX_INT:
        check_int(total)
    return total


def _int_checked(v: Any, at: Any) -> Any:
    if type(v) is int and not -MAX_INT <= v <= MAX_INT:
        check_int(v, at)
    return v


def _steps_out(b: Any, at: Any) -> None:
    b.exhausted("steps", at)


def _charged_twice(b: Any, n: int) -> None:
    """``2 n`` steps charged at once ran the steps out: given back, and
    charged ``n`` then ``n`` as functions.pieces and access.walked charge
    them (the same error, or an idle budget refilled at the same point)."""
    b.steps += n + n
    b.steps -= n
    if b.steps < 0:
        b.exhausted("steps", None)
    b.steps -= n
    if b.steps < 0:
        b.exhausted("steps", None)


def _for_items(m: Any, coll: Any, loc: dict) -> list:
    """What instructions.for_init stores: a snapshot, within the loop limit."""
    items = list(access.walked(m, coll, loc))
    if len(items) > LOOP_LIMIT:
        raise RuleError(f"a loop over {len(items)} items is over the loop limit of {LOOP_LIMIT}")
    return items


def _for_pieces(m: Any, pile: tuple) -> list:
    """``_for_items(m, functions.pieces(zone), loc)`` of the zone's pile: the
    same snapshot, charged the same (the list made, then walked), made once."""
    b = m.budget
    b.steps -= 2 * len(pile)
    if b.steps < 0:
        b.exhausted("steps")
    if len(pile) > LOOP_LIMIT:
        raise RuleError(f"a loop over {len(pile)} items is over the loop limit of {LOOP_LIMIT}")
    return [{"piece": p} for p in pile]


def _quantity_modified(m: Any, loc: dict, qid: str, at: Any, args: Callable) -> Any:
    """exprs._quantity: charged, then its arguments, then its modifiers."""
    b = m.budget
    b.steps -= 4
    if b.steps < 0:
        b.exhausted("steps", at)
    v = quantity_value(m, loc, qid, args())
    if type(v) is int and not -MAX_INT <= v <= MAX_INT:
        check_int(v, at)
    return v


def _stopped(m: Any, e: Stop, at: Any) -> None:
    """A `require` or `pay` stopped inlined code: as the interpreter's run loop
    does, with the stop's words and its message id (the source names no field)."""
    stop_effect(m, e.message, at, e.msg, e.values)


def _me(m: Any, loc: dict) -> Any:
    return loc["me"] if "me" in loc else access.me_of(m, loc)


def _counter(m: Any, key: tuple) -> Any:
    return m.st.counters[m.L.cslot[key]]


def _set_counter(m: Any, cid: str, value: Any, loc: dict) -> None:
    access.counter_store(m, access.counter_slot(m, cid, None, loc), value)


def _zone_of_piece(m: Any, pid: int) -> Any:
    slot = m.st.p_zone[pid]
    return access.zone_value(m, slot) if slot >= 0 else None


# access._PIECE_BUILTINS written inline (``p``: the piece id), for when no
# entity field of that name shadows them
_PIECE_BUILTIN_CODE = {"entity": "{{_EN: m.st.p_ent[{p}]}}", "owner": "_po(m, {p})", "index": "{p}",
                       "zone": "_pz(m, {p})"}


class Facts:
    """What every block's generator knows of the rules: the names a rule
    may set (``props``), each name's entity fields as one table, and the
    static types of expressions and variables (exprtypes.py): a read of a
    value known to be a piece or a player skips the tests of its shape."""

    def __init__(self, rules: Any):
        self.rules = rules
        self.settable = access.settable_names(rules)
        self._static: dict[str, dict] = {}
        self.types = exprtypes.Program(rules.ir)     # what is certain of each value's shape
        # each counter's and zone's place in the layout's tables (layout.Layout.c_slots, z_slots)
        self.counter_at = {c["id"]: i for i, c in enumerate(rules.counter_list)}
        self.zone_at = {z["id"]: i for i, z in enumerate(rules.zone_list)}

    def static_table(self, name: str) -> dict:
        """``{entity id: value}`` of every entity whose pieces read ``name``
        from their fields (access.piece_attr's second case)."""
        table = self._static.get(name)
        if table is None:
            R = self.rules
            table = self._static[name] = {eid: static[name] for eid in R.entities
                                          if name in (static := access.static_of(R, eid))}
        return table


def _zone_pile(m: Any, loc: dict, v: Any) -> tuple:
    """functions.pieces before its list is made: the pile of zone ``v``."""
    return m.st.zones[access.zone_slot(m, v, loc)]


_SIMPLE = re.compile(r"_[vk][0-9]+")
_BOOL_OPS = frozenset(("==", "!=", "<", "<=", ">", ">=", "in", "not in", "and", "or"))


# a call in generated code (``name(``, ``](``, ``)(``); of these only
# `len`, `bool` (of plain values), `_ty` (type) and `_ci` (which only raises) charge nothing
_CALL = re.compile(r"([A-Za-z_][A-Za-z_0-9]*|\]|\))\(")
_FREE_CALLS = frozenset(("len", "bool", "_ty", "_ci"))


def _calls(src: str) -> bool:
    """Whether generated code ``src`` calls anything that may charge steps."""
    return any(c.group(1) not in _FREE_CALLS for c in _CALL.finditer(src))


# static types (exprtypes.py) whose values are never a text nor a string:
# `==` of one is plain equality (exprs._equal)
_NOT_TEXT = frozenset(("int", "bool", "piece", "player", "entity", "zone", "pieces", "players", "entities", "none"))


def _in_range(v: Any) -> bool:
    """Whether ``v`` is a literal that is never out of the JSON-safe range."""
    return type(v) in (str, bool) or v is None or type(v) is int and -MAX_INT <= v <= MAX_INT


def _is_bool(e: Any) -> bool:
    """Whether an expression's value is a bool whatever it reads (as
    generated: comparisons of plain values, `not`, `any`/`all`)."""
    if type(e) is not dict:
        return type(e) is bool
    op = e.get("op")
    return (op == "not" or op == "bin" and e.get("o") in _BOOL_OPS
            or op == "agg" and e.get("fn") in ("any", "all"))


def _names(e: Any) -> set[str]:
    """Every variable an IR expression names."""
    out: set[str] = set()
    todo = [e]
    while todo:
        x = todo.pop()
        if type(x) is dict:
            if x.get("op") == "var" and type(x.get("name")) is str:
                out.add(x["name"])
            todo.extend(x.values())
        elif type(x) is list:
            todo.extend(x)
    return out


# runtime helpers the generated code calls, bound to fixed generated names
_HELPERS: dict[str, Any] = {
    "_ga": access.attr_read, "_fl": _for_items, "_qm": _quantity_modified, "_tp": pile_top, "_pcs": pile_pieces, "_sa": access.set_attr, "_wk": access.walked, "_me": _me,
    "_ad": checked_add, "_sb": checked_sub, "_ml": checked_mul, "_dv": checked_div, "_md": checked_mod, "_jn": _joined, "_teq": access.text_equal, "_tis": access.text_is,
    "_em": events.emit, "_say": I.say, "_Stop": Stop, "_stop": _stopped, "_ct": _counter,
    "_sc": _set_counter, "_MISSING": _MISSING, "_sm": _sum_checked, "_fe": flat_enough,
    "_xh": _steps_out, "_ch2": _charged_twice, "_ME": "me", "_mo": access.me_of, "_ci": _int_checked,
    "_LL": LOOP_LIMIT, "_cpr": call_procedure, "_pop": pop, "_ty": type, "_str": str, "_PK": "piece", "_PL": "player", "_zp": _zone_pile, "_EN": "entity", "_po": access.piece_owner, "_pz": _zone_of_piece, "_ZN": "zone", "_OF": "of", "_int": int, "_dict": dict, "_list": list, "_al": access.as_list, "_MX": MAX_INT, "_gn": P.gain_known, "_dr": P.draw_from,
}

def _events_out(m: Any) -> None:
    m.budget.exhausted("events")


# the statements' own helpers (loops, tables, moves)
_STMT_HELPERS: dict[str, Any] = {"_rc": I.repeat_count, "_tb": I.enter_row, "_pl": P.place, "_pid": access.piece_id, "_LAST": -1, "_NOWHERE": -1,
                                  "_wo": P.without, "_CD": CALL_DEPTH, "_DP": _DP, "_cst": access.counter_store, "_mve": events.moved_entry, "_xev": _events_out,
                                  "_flp": _for_pieces}


class Gen:
    """Python source for one code block, from its codegen.Builder."""

    def __init__(self, rules: Any, code_id: str, builder: Any, K: list, F: list, facts: "Facts | None" = None):
        self.rules, self.code_id, self.b = rules, code_id, builder
        self.K, self.F = K, F
        self.facts = facts or Facts(rules)
        self._k: dict[tuple, int] = {}
        self._f: dict[int, int] = {}
        self.extra: list[str] = []      # helper functions (aggregates, quantities)
        self._qfns: dict[str, str] = {}   # quantity id -> its function
        self._qspecial: dict[tuple, str | None] = {}    # (quantity id, its literal arguments) -> its function
        # a specialised quantity's body that calls nothing: its function -> (body, its
        # parameters' identifiers, whether its value needs no range check); see ``_inlined``
        self._leaf: dict[str, tuple[str, list[str], bool]] = {}
        self.clean = False          # see ``ex``
        self.precharge = 0          # steps charged at the start of the specialised quantity being written
        # Variables held in Python locals (aggregate items, quantity
        # parameters): name -> identifier, or "None". Code that hands ``loc``
        # to something that reads one of them by name cannot use them: it
        # sets ``escaped`` and the aggregate or quantity is made again with
        # its variables in ``loc``, as the interpreter has them.
        self.env: dict[str, str] = {}
        self.escaped = False
        self.qlocal = False     # in a quantity's body as locals: ``loc`` is its caller's
        self.pieceids: set[str] = set()     # identifiers holding a piece's id, not its value
        self.callees: dict[str, str] = {}   # code id -> the global of its first segment (calls run inline)

    # --- tables -----------------------------------------------------------------

    def k(self, v: Any) -> str:
        """A content value, by its index in the constants table."""
        key = (type(v).__name__, repr(v))
        i = self._k.get(key)
        if i is None:
            i = self._k[key] = len(self.K)
            self.K.append(v)
        return f"_k{i}"      # a global of its own: one lookup, not a lookup and an index

    def f(self, obj: Any) -> str:
        """A runtime object (a primitive, a function, a closure) by its index."""
        i = self._f.get(id(obj))
        if i is None:
            i = self._f[id(obj)] = len(self.F)
            self.F.append(obj)
        return f"_f{i}"

    # --- expressions -----------------------------------------------------------------

    def x(self, fn: Callable) -> str:
        """The Python expression of a compiled closure's IR (``m``, ``loc`` bound)."""
        known = self.b.exprs.get(id(fn))
        if known is None:
            return f"{self.f(fn)}(m, loc)"
        e, at, _ = known
        return self.ex(e, at, fn)

    @property
    def vt(self) -> dict:
        """The static types of the variables in scope (exprtypes.py): the
        frame's, or those ``_install_expressions``, ``_agg`` and
        ``_quantity`` set."""
        known = self.__dict__.get("_vt")
        if known is None:
            known = self._vt = self.facts.types.frame(self.code_id)
        return known

    def ty(self, e: Any, exact: bool = False) -> Any:
        """The static type of ``e``, or None if not certain. Unless
        ``exact``, "or none" is dropped: what reads a field raises on none
        under both engines."""
        t = self.facts.types.of(e, self.vt)
        return t if exact else exprtypes.base(t)

    def ex(self, e: Any, at: Any, fn: Callable | None = None) -> str:
        """The Python expression of IR ``e``. Inside a specialised quantity
        (``_quantity_special``) it also keeps ``clean``: whether everything
        written so far, in the order it runs, calls nothing (so charges
        nothing, and always runs: see ``_inlined``)."""
        out = self._ex(e, at, fn)
        if self.clean and _calls(out):
            self.clean = False
        return out

    def _ex(self, e: Any, at: Any, fn: Callable | None = None) -> str:
        if type(e) is not dict:
            if type(e) is int and fn is None:
                return self.k(e)
            return self.k(e) if type(e) in (int, str, bool, float) or e is None else self._closure(e, at, fn)
        R = self.rules
        at = R.where(e.get("at")) or at
        op = e.get("op")
        if op == "var":
            name = e["name"]
            local = self.env.get(name)
            if local is not None:
                return f"{{_PK: {local}}}" if local in self.pieceids else local
            if self.qlocal:
                self.escaped = True     # a name the quantity does not bind: the interpreter's error
                return "None"
            if name == "me":
                return "(loc[_ME] if _ME in loc else _mo(m, loc))"
            if name in ("self", "owner"):
                return f"loc.get({self.k(name)})"
            return f"loc[{self.k(name)}]"
        if op == "ref":
            ns, rid = e["ns"], e["id"]
            if ns == "counter" and R.counters.get(rid, {}).get("scope") == "global":
                return f"m.st.counters[{self.counter_slots(rid)}]"
            if ns == "counter" and rid in R.counters:
                return self.k(rid)
            if ns == "zone":
                decl = R.zones.get(rid)
                if decl is not None and decl.get("_space"):
                    return self.k(rid)
                if decl is not None and decl["scope"] == "global":
                    return self.k({"zone": rid, "of": None})
                return self._closure(e, at, fn)
            if ns == "entity":
                return self.k({"entity": rid})
            if ns == "track" and rid in R.tracks:
                return self.k(list(R.tracks[rid]))
            if ns in ("counter", "track"):
                return self._closure(e, at, fn)
            return self.k(rid)
        if op == "attr" and "else" in e:
            return self._closure(e, at, fn)     # `x.name ?? other`: exprs._attr's or_else
        if op == "attr":
            of = e["of"]
            local = self.env.get(of["name"]) if type(of) is dict and of.get("op") == "var" else None
            if local in self.pieceids:
                return self._piece_attr_read(local, e["name"])
            if type(of) is dict and of.get("op") == "call" and of.get("fn") == "top" and len(of.get("args", [])) == 1:
                # `top(zone).name`: the read of the top piece's id (functions.top makes its value)
                p = self._tmp()
                return (f"({self._piece_attr_read(f'{p}[0]', e['name'])} if ({p} := {self._zone_pile(of['args'][0], at)}) "
                        f"else _ga(m, None, {self.k(e['name'])}))")
            typed = self._typed_attr(of, e["name"], at)
            if typed is not None:
                return typed
            return self._attr_read(self.ex(of, at), e["name"])
        if op == "bin":
            o = e["o"]
            if o == "+" and R.messages.of(e) is not None:
                return self._closure(e, at, fn)     # text built with `+`: data (exprs.built)
            same = self._same_entity(e, at)
            if same is not None:
                return same
            lx = self.ex(e["l"], at)
            if o in ("and", "or"):
                # exprs._bin: `bool(l) and bool(r)`; a comparison is a bool already
                self.clean = False      # (the right side may not run)
                rx = self.ex(e["r"], at)
                lx = lx if _is_bool(e["l"]) or self.ty(e["l"], True) == "bool" else f"bool({lx})"
                rx = rx if _is_bool(e["r"]) or self.ty(e["r"], True) == "bool" else f"bool({rx})"
                return f"({lx} {o} {rx})"
            rx = self.ex(e["r"], at)
            if o in ("+", "-", "*") and self.ty(e["l"], True) == self.ty(e["r"], True) == "int":
                # two ints: only the range is checked (exprs.checked_add, checked_sub, checked_mul's error)
                r = self._tmp()
                return f"({r} if -_MX <= ({r} := {lx} {o} {rx}) <= _MX else _ci({r}, {self.k(at) if o == '*' else 'None'}))"
            if o == "in":
                return f"({lx} in _wk(m, {rx}, loc))"
            if o == "not in":
                return f"({lx} not in _wk(m, {rx}, loc))"
            if o == "*":
                return self._int_op("*", lx, rx, f"_ml(m, {{a}}, {{b}}, {self.k(at)})")
            if o == "+":
                if type(e["r"]) is int:
                    return self._int_op("+", lx, rx, "_ad({a}, {b})")
                return self._int_op("+", lx, rx, f"_jn(m, {{a}}, {{b}}, {self.k(at)})")
            fname = {"-": "_sb", "/": "_dv", "%": "_md"}.get(o)
            if fname is not None:
                return f"{fname}({lx}, {rx})"
            if o in ("==", "!=") and e.get("said") is not None:
                # a text naming what a literal says in the source (exprs._equal)
                lit_left = type(e["l"]) is str
                c, vx = (lx, rx) if lit_left else (rx, lx)
                v, keys = self._tmp(), self.k(frozenset(e["said"]))
                if o == "==":
                    return f"(({v} := {vx}) == {c} or _tis(m, {v}, {c}, {keys}))"
                return f"(({v} := {vx}) != {c} and not _tis(m, {v}, {c}, {keys}))"
            if o in ("==", "!=") and not (self.ty(e["l"]) in _NOT_TEXT or self.ty(e["r"]) in _NOT_TEXT):
                # a text and a string held in a variable naming the same thing (exprs._equal)
                a, b = self._tmp(), self._tmp()
                if o == "==":
                    return f"(({a} := {lx}) == ({b} := {rx}) or _teq(m, {a}, {b}))"
                return f"(({a} := {lx}) != ({b} := {rx}) and not _teq(m, {a}, {b}))"
            cmp = {"==": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}.get(o)
            if cmp is not None:
                return f"({lx} {cmp} {rx})"
            return self._closure(e, at, fn)
        if op == "not":
            return f"(not {self.ex(e['x'], at)})"
        if op == "neg":
            return f"_sb(0, {self.ex(e['x'], at)})"
        if op == "cond":
            test = self.ex(e["if"], at)     # (written first: it runs first)
            self.clean = False              # (either branch may not run)
            return f"({self.ex(e['then'], at)} if {test} else {self.ex(e.get('else'), at)})"
        if op == "agg" and e["fn"] in _AGGS and e.get("by") is None:
            return self._agg(e, at)
        if op == "quantity" and e["id"] in R.quantities and not R.modifiers.get(e["id"]) \
                and len(e.get("args", [])) == len(R.quantities[e["id"]][0]):
            special = self._quantity_call(e, at)
            if special is not None:
                return special
            name = self._quantity(e["id"])
            args = "".join(f", {self.ex(a, at)}" for a in e.get("args", []))
            return f"{name}(m, loc, {self.k(at)}{args})"
        if op == "quantity" and e["id"] in R.quantities:
            args = ", ".join(self.ex(a, at) for a in e.get("args", []))
            return f"_qm(m, loc, {self.k(e['id'])}, {self.k(at)}, lambda: [{args}])"
        if op == "call" and e["fn"] == "size" and len(e.get("args", [])) == 1 \
                and self.ty(e["args"][0], True) in ("pieces", "players", "entities"):
            return f"len({self.ex(e['args'][0], at)})"      # functions.size of a list (never none)
        if op == "call" and e["fn"] == "size" and len(e.get("args", [])) == 1 and self._is_track(e["args"][0]):
            return f"len({self.ex(e['args'][0], at)})"      # a track is a list (a constant)
        if op == "call" and e["fn"] in ("size", "top", "pieces") and len(e.get("args", [])) == 1:
            pile = self._const_pile(e["args"][0]) or self._typed_pile(e["args"][0], at)
            if pile is not None:
                return {"size": f"len({pile})", "top": f"_tp({pile})", "pieces": f"_pcs(m, {pile})"}[e["fn"]]
            return self._zone_call(e["fn"], self.ex(e["args"][0], at))
        if op == "index" and type(e.get("index")) is int:
            known = self._const_track_item(e["of"], e["index"])
            if known is not None:
                return known
        if op == "index" and "of" in e and "index" in e:
            # exprs._index: the collection as a list, then the index; out of range: none
            t, i, x = self._tmp(), self._tmp(), self._tmp()
            items = f"({x} if _ty({x} := {self.ex(e['of'], at)}) is _list else _al(m, {x}, loc))"
            ix = e["index"]
            # (a literal index: a constant of its own, as the IR keeps it apart from other numbers)
            ix = self.kobj(("index", ix), ix) if type(ix) is int else self.ex(ix, at)
            return f"({t}[{i}] if -len({t} := {items}) <= ({i} := {ix}) < len({t}) else None)"
        if op == "list" and type(e.get("items")) is list:
            # exprs._list: a new list, its nesting checked if it holds a list
            items = ", ".join(self.ex(i, at) for i in e["items"])
            if all(_in_range(i) for i in e["items"]):
                return f"[{items}]"         # literals: no list inside
            return f"_fe(m, [{items}], {self.k(at)})"
        if op == "call":
            impl = FUNCTIONS.get(e["fn"])
            if impl is None:
                return self._closure(e, at, fn)
            args = "".join(f", {self.ex(a, at)}" for a in e.get("args", []))
            return f"{self.f(impl)}(m, loc{args})"
        return self._closure(e, at, fn)

    def counter_slots(self, cid: str) -> str:
        """The layout's slot (a global counter) or slots by player (a
        per-player one: index it by the player's number) of counter ``cid``.
        A player's number is always one of the game's (0 .. n-1: the layout
        makes every player value, and a save's are checked), and one that
        were not would raise here, and the interpreter would answer."""
        return f"m.L.c_slots[{self.facts.counter_at[cid]}]"

    def zone_slots(self, zid: str) -> str:
        """``counter_slots`` of zone ``zid``."""
        return f"m.L.z_slots[{self.facts.zone_at[zid]}]"

    def counter_spec(self, known: Any) -> tuple | None:
        """(id, global?, min, max, its place in ``c_slots``) of a counter
        named by a constant, as access.counter_store enforces them."""
        return P.known_counter(self.rules, known[0]) if known is not None else None

    def _int_op(self, o: str, lx: str, rx: str, slow: str) -> str:
        """``l o r`` of two ints within the JSON-safe range at once; any other
        operands (or result) through ``slow`` (exprs.checked_add/checked_mul, ...), given
        the operands already evaluated, in the same order."""
        a, b, r = self._tmp(), self._tmp(), self._tmp()
        return (f"({r} if _ty({a} := {lx}) is _ty({b} := {rx}) is _int and -_MX <= ({r} := {a} {o} {b}) <= _MX "
                f"else {slow.format(a=a, b=b)})")

    def _attr_read(self, of: str, name: str) -> str:
        """access.get_attr of ``name``, its cases known now: on a piece, the
        value set on it (looked up only if some rule sets ``name``), else its
        entity's field (one table for every entity), else a built-in; on a
        player, its counter or zone of that name. Anything else by _ga."""
        v = of if _SIMPLE.fullmatch(of) else self._tmp()      # a local or a constant: read as it is
        r = self._tmp()
        slow = f"_ga(m, {v}, {self.k(name)})"
        p, i = self._tmp(), self._tmp()
        piece = self._piece_read(p, r, name, slow)
        player = self._player_read(i, name, slow)
        if piece is None and player is None:
            return f"_ga(m, {of}, {self.k(name)})"
        inner = slow
        if player is not None:
            inner = f"({player} if ({i} := {v}.get(_PL)) is not None else {inner})"
        if piece is not None:
            inner = f"({piece} if ({p} := {v}.get(_PK)) is not None else {inner})"
        return f"({inner} if _ty({v if v == of else f'{v} := {of}'}) is _dict else {slow})"

    def _piece_id(self, e: Any, at: Any) -> str:
        """The id of the piece ``e`` (typed a piece): raises (KeyError,
        TypeError) on any other value, so that the interpreter answers."""
        local = self.env.get(e["name"]) if type(e) is dict and e.get("op") == "var" else None
        return local if local in self.pieceids else self._shaped(e, at, "_PK")

    def _shaped(self, e: Any, at: Any, key: str) -> str:
        """``e[key]``; a name a quantity's locals do not hold (it is made
        again with ``loc``, see ``_quantity``) is read as the closure would."""
        x = self.ex(e, at)
        return f"{x}[{key}]" if x != "None" else f"_ga(m, None, {key})"

    def _typed_attr(self, of: Any, name: str, at: Any) -> str | None:
        """``of.name`` where ``of`` is known to be a piece or a player: the
        read of its field, counter or zone without testing its shape."""
        t = self.ty(of)
        if t == "piece":
            p, r = self._tmp(), self._tmp()
            read = self._piece_read(p, r, name, f"_ga(m, {{_PK: {p}}}, {self.k(name)})")
            if read is None:
                return None
            return f"({read} if ({p} := {self._piece_id(of, at)}) is not None else None)"
        if t != "player":
            return None
        slot = self._player_slot(of, name, at)
        if slot is not None:
            kind, at_slot = slot
            return f"m.st.counters[{at_slot}]" if kind == "counter" else f"m.L.z_ref[{at_slot}]"
        return self._shaped(of, at, "_PL") if name == "index" else None

    def _player_slot(self, of: Any, name: str, at: Any) -> tuple[str, str] | None:
        """("counter" or "zone", the layout slot) of ``name`` of the player
        ``of`` (access.player_attr's order: its counter, else its zone)."""
        if self.ty(of) != "player":
            return None
        R = self.rules
        if (R.counters.get(name) or {}).get("scope") == "player":
            return "counter", f"{self.counter_slots(name)}[{self._shaped(of, at, '_PL')}]"
        if (R.zones.get(name) or {}).get("scope") == "player":
            return "zone", f"{self.zone_slots(name)}[{self._shaped(of, at, '_PL')}]"
        return None

    def _same_entity(self, e: dict, at: Any) -> str | None:
        """``x.entity == E`` (or ``!=``), ``x`` a piece and ``E`` an entity
        named in the rules or a value known to be one: the piece's entity id
        compared with E's, no ``{"entity": ...}`` made (when no field or
        `set` gives ``entity``)."""
        o, l, r = e["o"], e["l"], e["r"]
        if o not in ("==", "!=") or "entity" in self.facts.settable or self.facts.static_table("entity"):
            return None
        const = type(l) is dict and l.get("op") == "ref" and l.get("ns") == "entity"
        if const:
            l, r = r, l     # (a constant: read in either order)
        if not (type(l) is dict and l.get("op") == "attr" and l.get("name") == "entity" and "else" not in l
                and self.ty(l["of"]) == "piece"):
            return None
        if type(r) is dict and r.get("op") == "ref" and r.get("ns") == "entity":
            return f"(m.st.p_ent[{self._piece_id(l['of'], at)}] {o} {self.k(r['id'])})"
        if self.ty(r, True) != "entity":
            return None
        # another entity's value (`{"entity": id}`, never none): its id
        piece = self._piece_id(l["of"], at)
        return f"(m.st.p_ent[{piece}] {o} {self._shaped(r, at, '_EN')})"

    def _piece_attr_read(self, p: str, name: str) -> str:
        """access.piece_attr of the piece whose id is in ``p``."""
        slow = f"_ga(m, {{_PK: {p}}}, {self.k(name)})"
        return self._piece_read(p, self._tmp(), name, slow) or slow

    def _piece_read(self, p: str, r: str, name: str, slow: str) -> str | None:
        """access.piece_attr of piece ``p``, in its order: props, the
        entity's static fields, the built-ins."""
        table = self.facts.static_table(name)
        settable = name in self.facts.settable
        out = _PIECE_BUILTIN_CODE.get(name, "").format(p=p, t=self._tmp()) or slow
        if not table and out == slow and not settable:
            return None
        if table:
            out = f"({r} if ({r} := {self.kobj(('static', name), table)}.get(m.st.p_ent[{p}], _MISSING)) is not _MISSING else {out})"
        if settable:
            pp = self._tmp()
            out = (f"({r} if ({pp} := m.st.props) and ({r} := {pp}.get(_str({p}) + {self.k(':' + name)}, _MISSING)) "
                   f"is not _MISSING else {out})")
        return out

    def _player_read(self, i: str, name: str, slow: str) -> str | None:
        """access.player_attr of player ``i``: a per-player counter, else a
        per-player zone (the layout has one of each for every player)."""
        R, c = self.rules, self._tmp()
        if (R.counters.get(name) or {}).get("scope") == "player":
            return f"m.st.counters[{self.counter_slots(name)}[{i}]]"
        if (R.zones.get(name) or {}).get("scope") == "player":
            return f"m.L.z_ref[{self.zone_slots(name)}[{i}]]"
        if name == "index":
            return i
        return None

    def kobj(self, key: tuple, v: Any) -> str:
        """A content value made here (a table), by its index, known by ``key``."""
        i = self._k.get(key)
        if i is None:
            i = self._k[key] = len(self.K)
            self.K.append(v)
        return f"_k{i}"

    def _tmp(self) -> str:
        self._ntmp = getattr(self, "_ntmp", 0) + 1
        return f"_t{self._ntmp}"

    def _zone_call(self, fn: str, arg: str) -> str:
        """`size`, `top` or `pieces` of a value: a zone named by its id (a
        space, a global zone) or by its value (``{"zone", "of"}``, as
        access.zone_slot finds it) read at once, anything else through the
        function."""
        v, z, p = self._tmp(), self._tmp(), self._tmp()
        fast = {"size": f"len(m.st.zones[{z}])", "pieces": f"_pcs(m, m.st.zones[{z}])",
                "top": f"({{_PK: {p}[0]}} if ({p} := m.st.zones[{z}]) else None)"}[fn]
        return (f"({fast} if (({z} := m.L.z_global.get({v})) if _ty({v} := {arg}) is _str else "
                f"({z} := m.L.zslot.get(({v}.get(_ZN), {v}.get(_OF)))) if _ty({v}) is _dict else None) is not None "
                f"else {self.f(FUNCTIONS[fn])}(m, loc, {v}))")

    def _is_track(self, e: Any) -> bool:
        return type(e) is dict and e.get("op") == "ref" and e.get("ns") == "track" and e.get("id") in self.rules.tracks

    def _const_track_item(self, of: Any, i: int) -> str | None:
        """``track[i]`` with a constant index: the item (exprs._index), known now."""
        if not (type(of) is dict and of.get("op") == "ref" and of.get("ns") == "track"
                and of.get("id") in self.rules.tracks):
            return None
        items = list(self.rules.tracks[of["id"]])
        v = items[i] if -len(items) <= i < len(items) else None
        return self.k(v) if type(v) in (int, str, bool, float) or v is None else None

    def _const_slot(self, e: Any) -> str | None:
        """The layout lookup of a zone named by a constant (a global zone or a space)."""
        if type(e) is dict and e.get("op") == "ref" and e.get("ns") == "zone":
            decl = self.rules.zones.get(e["id"])
            if decl is not None and (decl.get("_space") or decl["scope"] == "global"):
                return self.zone_slots(e["id"])
        return None

    def _typed_pile(self, e: Any, at: Any) -> str | None:
        """The pile of ``p.zone``, ``p`` known to be a player and ``zone``
        one of each player's zones (not shadowed by a counter): its slot
        from the layout, as access.zone_slot finds it from the zone's value."""
        if not (type(e) is dict and e.get("op") == "attr" and "else" not in e):
            return None
        slot = self._player_slot(e["of"], e["name"], at)
        return f"m.st.zones[{slot[1]}]" if slot is not None and slot[0] == "zone" else None

    def _const_pile(self, e: Any) -> str | None:
        slot = self._const_slot(e)
        return None if slot is None else f"m.st.zones[{slot}]"

    def _name(self, prefix: str) -> str:
        return f"_{prefix}{len(self.extra)}"

    def _local(self) -> str:
        self._nlocal = getattr(self, "_nlocal", 0) + 1
        return f"_v{self._nlocal}"

    def _helper(self, name: str, slot: int, head: str, lines: list[str], env: dict) -> str:
        """Write helper ``name`` taking ``m``, ``loc`` and the locals of
        ``env`` its body reads; the call that passes them."""
        body = "\n".join(lines)
        # (a constant, ``_k<i>``, is a global: not passed)
        ids = [x for x in dict.fromkeys(env.values())
               if x != "None" and not x.startswith("_k") and re.search(rf"\b{x}\b", body)]
        params = "".join(f", {x}" for x in ids)
        self.extra[slot] = f"def {name}(m, loc{params}{head}):\n" + body
        return f"{name}(m, loc{params}"

    def _pieces_pile(self, e: Any, at: Any) -> str | None:
        """The pile (a tuple of piece ids) of ``pieces(zone)``, the zone found
        as functions.pieces finds it, uncharged; None for anything else."""
        if not (type(e) is dict and e.get("op") == "call" and e.get("fn") == "pieces" and len(e.get("args", [])) == 1):
            return None
        return self._zone_pile(e["args"][0], at)

    def _zone_pile(self, e: Any, at: Any) -> str:
        """The pile of the zone ``e`` names, found as access.zone_slot finds it."""
        pile = self._const_pile(e) or self._typed_pile(e, at)
        if pile is not None:
            return pile
        v, z = self._tmp(), self._tmp()
        return (f"(m.st.zones[{z}] if (({z} := m.L.z_global.get({v})) if _ty({v} := {self.ex(e, at)}) is _str else "
                f"({z} := m.L.zslot.get(({v}.get(_ZN), {v}.get(_OF)))) if _ty({v}) is _dict else None) is not None "
                f"else _zp(m, loc, {v}))")

    def _agg(self, e: dict, at: Any) -> str:
        """An aggregate as a generated loop: its item a Python local when
        nothing in it reads the variable from ``loc``, else set in ``loc``
        and restored as the interpreter does."""
        fn, where, value = e["fn"], e.get("where"), e.get("value")
        if fn in ("any", "all") and value is None:
            where, value = None, where
        name = self._name("a")
        self.extra.append("")       # reserve the name before nested helpers take theirs
        slot = len(self.extra) - 1
        env, escaped, vt = self.env, self.escaped, self.vt
        self.clean = False      # (its loop runs in a function of its own: nothing written inline before it)
        x = self._local()
        # `me` is read from `loc` by functions and zones: such an item stays there
        lines = self._agg_local(e, at, fn, where, value, x) if e["var"] != "me" else None
        if lines is None:
            self.env, self._vt = env, vt
            lines = self._agg_in_loc(e, at, fn, where, value, x)
        start = {"count": ["    _n = 0"], "any": [], "all": []}.get(fn, ["    _l = []"])
        end = {"count": "return _n", "any": "return False", "all": "return True", "sum": "return _sm(_l)",
               "min": "return min(_l, default=None)", "max": "return max(_l, default=None)", "list": "return _fe(m, _l)"}
        call = self._helper(name, slot, "", start + lines + ["    " + end[fn]], env)
        self.env, self.escaped, self._vt = env, escaped or self.escaped, vt
        return call + ")"

    def _item_types(self, e: dict) -> dict:
        """The variables' types inside aggregate ``e``: its item's added."""
        vt = self.vt
        return {**vt, e["var"]: exprtypes.element(self.facts.types.of(e["in"], vt))}

    def _agg_local(self, e: dict, at: Any, fn: str, where: Any, value: Any, x: str) -> list[str] | None:
        """The loop with the item in the Python local ``x`` (a piece id for
        `pieces(zone)`), or None if something reads it from ``loc``."""
        env = self.env
        self.escaped = False
        pile = self._pieces_pile(e["in"], at)      # (the collection: in the outer variables)
        coll = self.ex(e["in"], at) if pile is None else ""
        if pile is not None:
            self.pieceids.add(x)    # the items of `pieces(zone)`: piece ids, made values where read
        self._vt = self._item_types(e)
        self.env = {**env, e["var"]: x}
        w = self.ex(where, at) if where is not None else None
        v = self.ex(value, at) if value is not None else f"{{_PK: {x}}}" if pile is not None else x
        if self.escaped:
            self.pieceids.discard(x)
            return None
        if pile is None:
            return [f"    for {x} in _wk(m, {coll}, loc):"] + self._agg_body(fn, w, v, None)
        # functions.pieces then access.walked: each charges the pile's length
        # (both at once; should that run the steps out, given back and charged
        # one after the other, as they are: the same error, or the same refills)
        lines = [f"    _pl = {pile}", "    _b = m.budget", "    _np = len(_pl)", "    _b.steps -= _np + _np",
                 "    if _b.steps < 0:", "        _ch2(_b, _np)"]
        return lines + [f"    for {x} in _pl:"] + self._agg_body(fn, w, v, None)

    def _agg_in_loc(self, e: dict, at: Any, fn: str, where: Any, value: Any, x: str) -> list[str]:
        """The loop with the item set in ``loc`` and restored after (exprs._agg)."""
        env, var = self.env, e["var"]
        self.escaped = False
        coll = self.ex(e["in"], at)
        k = self.k(var)
        self._vt = self._item_types(e)
        self.env = {n: i for n, i in env.items() if n != var}
        w = self.ex(where, at) if where is not None else None
        v = self.ex(value, at) if value is not None else x
        lines = [f"    _it = _wk(m, {coll}, loc)", f"    _sv = loc.get({k}, _MISSING)", "    try:",
                 f"        for {x} in _it:"]
        lines += ["    " + line for line in self._agg_body(fn, w, v, k, x)]
        lines += ["    finally:", "        if _sv is _MISSING:", f"            loc.pop({k}, None)",
                  "        else:", f"            loc[{k}] = _sv"]
        # a quantity's body as locals has no `loc` of its own to set the item in
        self.escaped = self.escaped or self.qlocal
        return lines

    @staticmethod
    def _agg_body(fn: str, w: str | None, v: str, k: str | None, x: str = "") -> list[str]:
        """The loop's body (indented for the ``for``); ``k``: the item set in ``loc`` first."""
        body = [f"        loc[{k}] = {x}"] if k is not None else []
        if fn == "count":
            act = ["_n += 1"]
        elif fn == "any":
            act = [f"if {v}:", "    return True"]
        elif fn == "all":
            act = [f"if not {v}:", "    return False"]
        else:
            act = [f"_l.append({v})"]
        if w:
            body += [f"        if {w}:"] + ["            " + a for a in act]
        else:
            body += ["        " + a for a in act]
        return body

    def _quantity_place(self, qid: str) -> tuple[int, list, dict, Any]:
        """A place in the source for a function of quantity ``qid`` (filled
        once its body is written: a recursive quantity calls it by name
        first), with the quantity's parameters, IR and place in the pack."""
        self.extra.append("")
        params, _ = self.rules.quantities[qid]
        q = next(q for q in self.rules.ir.get("quantities") or [] if q["id"] == qid)
        return len(self.extra) - 1, params, q, self.rules.where(q.get("at"))

    def _quantity(self, qid: str) -> str:
        """The function of a quantity no modifier can change, called with
        its arguments: charged as the interpreter does (exprs._quantity),
        its parameters and ``me`` Python locals, or (should its body read
        them from ``loc``) a dict as quantity_value makes it. ``loc`` is the
        caller's: what reads it there reads only ``me`` (``me_of``), the
        same from the caller's locals as from the quantity's."""
        known = self._qfns.get(qid)
        if known is not None:
            return known
        name = self._qfns[qid] = self._name("q")
        slot, params, q, qat = self._quantity_place(qid)
        ids = [self._local() for _ in params]
        me = self._local()
        saved = self.env, self.escaped, self.qlocal
        vt, clean = self.vt, self.clean
        self.clean = False      # (nothing in it is charged at a caller's start)
        self._vt = self.facts.types.quantity_env(qid)
        self.env = {"self": "None", "owner": "None", **dict(zip(params, ids)), "me": me}
        self.escaped, self.qlocal = False, True
        body = self.ex(q["value"], qat)
        t = self._tmp()
        me_of = f"({t} if ({t} := loc.get(_ME)) is not None else _mo(m, loc))"
        if not self.escaped:
            start = [f"    {me} = {me_of}"] if re.search(rf"\b{me}\b", body) else []
        else:
            self.env, self.escaped, self.qlocal = {}, False, False
            body = self.ex(q["value"], qat)
            shown = "".join(f"{self.k(p)}: {i}, " for p, i in zip(params, ids))
            start = [f"    loc = {{{shown}_ME: {me_of}}}"]
        self.env, self.escaped, self.qlocal = saved
        self._vt, self.clean = vt, clean
        args = "".join(f", {i}" for i in ids)
        self.extra[slot] = "\n".join([
            f"def {name}(m, loc, _at{args}):",
            "    _b = m.budget",
            "    _b.steps -= 4",
            "    if _b.steps < 0:",
            "        _xh(_b, _at)",
            *start,
            *([f"    return {body}"] if _is_bool(q["value"]) else [     # (a bool is never out of range)
                f"    _v = {body}",
                "    if _ty(_v) is _int and not -_MX <= _v <= _MX:",
                "        _ci(_v, _at)",
                "    return _v"])])
        return name

    def _quantity_call(self, e: dict, at: Any) -> str | None:
        """The call of a quantity no modifier can change with some arguments
        literals (a text, a whole number, a truth value): of its version
        specialised for them (``_quantity_special``), the other arguments
        passed as usual; None if there is none."""
        args = e.get("args", [])
        params = self.rules.quantities[e["id"]][0]
        binds = tuple((p, a) for p, a in zip(params, args) if type(a) in _LITERALS)
        if not binds or any(p in _HOST_NAMES for p, _ in binds):
            return None
        name = self._quantity_special(e["id"], binds)
        if name is None:
            return None
        rest = [self.ex(a, at) for a in args if type(a) not in _LITERALS]
        if self.clean and name in self._leaf and all(_SIMPLE.fullmatch(a) for a in rest):
            return self._inlined(name, rest, at)
        return f"{name}(m, loc, {self.k(at)}{''.join(', ' + a for a in rest)})"

    def _inlined(self, name: str, args: list[str], at: Any) -> str:
        """The body of the specialised quantity ``name`` (one that calls
        nothing) written in place of its call, inside another specialised
        quantity, its parameters replaced by ``args`` (locals or constants).
        Its charge is added to ``precharge``: the caller charges it at its
        start with its own. That changes nothing: everything the caller runs
        before this point calls nothing (``clean``), so charges nothing and
        cannot fail but by raising (and a raise is answered by the
        interpreter, steps given back); if the sum runs the steps out, the
        caller gives it back and runs its plain version, which charges each
        quantity where the interpreter does and stops at the same one."""
        body, ids, plain, charge = self._leaf[name]
        given = dict(zip(ids, args))
        body = re.sub(r"\b_v[0-9]+\b", lambda x: given.get(x.group(0), x.group(0)), body)
        self.precharge += charge
        if plain:
            return f"({body})"
        t = self._tmp()     # the range check the quantity's function makes of its value
        return f"({t} if _ty({t} := {body}) is not _int or -_MX <= {t} <= _MX else _ci({t}, {self.k(at)}))"

    def _quantity_special(self, qid: str, binds: tuple) -> str | None:
        """The function of quantity ``qid`` with the parameters of ``binds``
        bound to literals: its body folded now (exprfold.fold: the tests,
        branches and truth of known values decided), the other parameters
        and ``me`` Python locals, charged as ``_quantity``'s (the same 4
        steps at its start, then whatever its folded body charges, which
        is what the unfolded body charges on the branch taken). Made once
        per distinct literals (so a recursive quantity ends at a name made
        already); None (the plain function is called) if its body reads a
        variable from ``loc``."""
        key = (qid, tuple((p, type(v).__name__, v) for p, v in binds))
        if key in self._qspecial:
            return self._qspecial[key]
        name = self._qspecial[key] = self._name("q")
        slot, params, q, qat = self._quantity_place(qid)
        bound = dict(binds)
        value = exprfold.fold(q["value"], bound)
        free = [p for p in params if p not in bound]
        ids = [self._local() for _ in free]
        me = self._local()
        saved = self.env, self.escaped, self.qlocal, self.vt, self.clean, self.precharge
        self._vt = {n: t for n, t in self.facts.types.quantity_env(qid).items() if n not in bound}
        # a bound parameter still read (in a text's parts) is its constant
        self.env = {"self": "None", "owner": "None", **{p: self.k(v) for p, v in binds},
                    **dict(zip(free, ids)), "me": me}
        self.escaped, self.qlocal, self.clean, self.precharge = False, True, True, 0
        body = self.ex(value, qat)
        escaped, pre = self.escaped, self.precharge
        self.env, self.escaped, self.qlocal, self._vt, self.clean, self.precharge = saved
        if escaped:
            self._qspecial[key] = None
            return None
        t = self._tmp()
        uses_me = re.search(rf"\b{me}\b", body)
        start = [f"    {me} = ({t} if ({t} := loc.get(_ME)) is not None else _mo(m, loc))"] if uses_me else []
        plain = _is_bool(value) or _in_range(value)
        if not uses_me and not _calls(body):
            self._leaf[name] = (body, ids, plain, 4 + pre)
        args = "".join(f", {i}" for i in ids)
        charge = ["    _b.steps -= 4", "    if _b.steps < 0:", "        _xh(_b, _at)"]
        if pre:
            # the quantities written inline charged with this one's 4; should
            # that run the steps out, given back and charged one by one
            # where the interpreter charges them, by the plain version
            plain_fn = self._quantity(qid)
            given = iter(ids)
            every = "".join(f", {self.k(bound[p]) if p in bound else next(given)}" for p in params)
            charge = [f"    _b.steps -= {4 + pre}", "    if _b.steps < 0:", f"        _b.steps += {4 + pre}",
                      f"        return {plain_fn}(m, loc, _at{every})"]
        self.extra[slot] = "\n".join([
            f"def {name}(m, loc, _at{args}):",
            "    _b = m.budget",
            *charge,
            *start,
            *([f"    return {body}"] if plain else [     # (known in range)
                f"    _v = {body}",
                "    if _ty(_v) is _int and not -_MX <= _v <= _MX:",
                "        _ci(_v, _at)",
                "    return _v"])])
        return name

    def _closure(self, e: Any, at: Any, fn: Callable | None) -> str:
        """Anything not inlined runs as the interpreter's closure."""
        if self.env and (names := _names(e)) and (self.qlocal or names & self.env.keys()):
            self.escaped = True     # it reads a variable held in a Python local
        if fn is None:
            from ..engine.exprs import compile_expr
            fn = compile_expr(e, self.rules, at)
        return f"{self.f(fn)}(m, loc)"

    # --- statements --------------------------------------------------------------------

    def segment(self, start: int) -> str:
        """The function that runs the instructions from ``start`` on, each
        once: an `if` as a Python ``if`` (its branches meet again in the same
        function), a `for` whose body neither calls nor decides as a Python
        loop; reaching another segment's entry pc, it calls that segment
        (``return n + _sX(m, fr)``: no copy of its code, no trip of the run
        loop), except going back (a loop's jump back is a trip) or too deep.
        Counts are static (``n``) until paths meet or a loop runs, then
        ``_n + n``."""
        out = [f"def _s{start}(m, fr):", "    st = m.st", "    loc = fr[\"locals\"]"]
        self.marks = [(len(out), None)]
        self.cn, self.dyn = 0, False
        self.open, self.follow, self.seen, self.depth_here = start, False, set(), 1
        self._walk(out, start, None)
        self.depth[start] = self.depth_here
        return "\n".join(out)

    def count(self) -> str:
        """How many instructions this function has run so far."""
        return (f"_n + {self.cn}" if self.cn else "_n") if self.dyn else str(self.cn)

    def goto(self, target: int, at_pc: int) -> list[str]:
        """The lines that go on at ``target`` from inside this function: a
        call of its segment if that is made already (segments are made last
        first, so a segment calls only segments after its own start: calls
        never go round a loop) and is not too deep; else a trip of the run loop."""
        depth = self.depth.get(target)
        if depth is not None and depth < _MAXD:
            self.depth_here = max(self.depth_here, depth + 1)
            return [f"    return {self.count()} + _s{target}(m, fr)"]
        return [f"    fr[\"pc\"] = {target}", f"    return {self.count()}"]

    def _nested(self, out: list, pc: int, stop: int | None) -> bool:
        """``_walk`` into a list of its own, written into ``out`` one level in
        (with the marks of its lines); whether it reaches ``stop``."""
        sub: list[str] = []
        marks, self.marks = self.marks, [(0, None)]
        falls = self._walk(sub, pc, stop)
        sub_marks, self.marks = self.marks, marks
        base = len(out)
        out.extend("    " + line for line in sub)
        marks.extend((base + end, at) for end, at in sub_marks[1:])
        return falls

    def _walk(self, out: list, pc: int, stop: int | None) -> bool:
        """Write the instructions from ``pc`` on until ``stop`` (True: the
        code goes on there) or until every path has left (False)."""
        items, marks = self.b.items, self.marks
        while True:
            if pc == stop:
                return True
            if pc >= len(items):
                out.extend([f"    fr[\"pc\"] = {pc}", f"    return {self.count()}"])
                return False
            if pc in self.seen or (pc in self.entries and pc != self.open):
                out.extend(self.goto(pc, pc - 1) if pc not in self.seen else
                           [f"    fr[\"pc\"] = {pc}", f"    return {self.count()}"])
                marks.append((len(out), None))
                return False
            self.seen.add(pc)
            factory, at, args, decision = items[pc]
            self.cn += 1
            nxt = pc + 1
            count = self.count()
            if factory is I.for_init and self._loop_inline(pc):
                end = self._loop_inline(pc)
                out.append(f"    loc[{self.k(f'${pc}l')}] = {self._for_snapshot(args.coll)}")
                out.append(f"    loc[{self.k(f'${pc}i')}] = 0")
                out.append(f"    _n = {count}")
                marks.append((len(out), at))
                self.dyn, self.cn = True, 0
                self.seen.add(pc + 1)
                self._loop(out, pc, end)
                self.seen.update(range(pc, end))
                pc = end
                continue
            if factory is I.jump_if_not and not decision:
                falls = self._if(out, pc, args, at, stop)
                if falls is None:
                    return False
                pc = falls
                continue
            native = _NATIVE.get(factory)
            if native is not None and not decision:
                native(self, out, args, at, pc, count)
                marks.append((len(out), at))
                pc = nxt
                continue
            if factory is I.jump and not decision:
                t = _pc(args.target)
                marks.append((len(out), at))
                if t > pc:
                    pc = t      # on at the target: a meeting point, a segment, or written here
                    continue
                if not self.follow and t not in self.seen and self._short_head(t):
                    # a loop's jump back to a test followed at once by a
                    # decision (`while ... { act ... }`): the test is run here,
                    # as the run loop's next trip would
                    self.follow, self.open = True, t
                    pc = t
                    continue
                out.extend([f"    fr[\"pc\"] = {t}", f"    return {count}"])
                marks.append((len(out), at))
                return False
            if decision or factory in _ENDS or factory not in _INLINE:
                if factory is I.ret and args.value is not None:
                    out.append(f"    fr[\"pc\"] = {nxt}")
                    out.append(f"    _pop(m, {self.x(args.value)})")
                elif factory is I.table:
                    out.append(f"    fr[\"pc\"] = {nxt}")
                    out.append(f"    _tb(m, fr, {self.k(args.tid)}, {self.x(args.value)}, {self.k(args.at)})")
                elif factory is I.call and self._callee(args.proc) is not None:
                    self._call_inline(out, args, nxt, count)
                    marks.append((len(out), at))
                    self.dyn, self.cn = True, 0
                    pc = nxt
                    continue
                elif factory is I.call:
                    out.append(f"    fr[\"pc\"] = {nxt}")
                    out.append(f"    {self._call(args)}")
                elif factory is I.ret and args.value is None:
                    out.append(f"    fr[\"pc\"] = {nxt}")
                    out.append("    _pop(m, None)")
                elif factory in _SETS_LOCALS and not decision:
                    # what a decision walks, put in the frame's locals: on at once
                    out.append(f"    fr[\"pc\"] = {nxt}")
                    out.append(f"    {self.f(self.ins[pc][0])}(m, fr)")
                    marks.append((len(out), at))
                    pc = nxt
                    continue
                else:
                    out.append(f"    fr[\"pc\"] = {nxt}")
                    out.append(f"    {self.f(self.ins[pc][0])}(m, fr)")
                out.append(f"    return {count}")
                marks.append((len(out), at))
                return False
            _INLINE[factory](self, out, args, at, pc, count)
            marks.append((len(out), at))
            if factory is I.prim and args.impl in _ENDS_GAME:
                return False
            pc = nxt

    def _if(self, out: list, pc: int, args: tuple, at: Any, stop: int | None) -> int | None:
        """`if` (jump_if_not to ``other``, and for an `else` a jump over it
        at ``other - 1``) as a Python ``if``/``else``; the pc where both
        branches meet, or None if neither goes on."""
        items = self.b.items
        cond, other = args.cond, _pc(args.target)
        end = None
        last = items[other - 1] if other - 1 > pc else None
        if last is not None and last[0] is I.jump and not last[3]:
            j = _pc(last[2].target)
            if j >= other and (stop is None or j <= stop):
                end = j
        out.append(f"    if {self.x(cond)}:")
        self.marks.append((len(out), at))
        cn, dyn = self.cn, self.dyn
        before = len(out)
        then_falls = self._nested(out, pc + 1, other - 1 if end is not None else other)
        if then_falls:
            if end is not None:
                self.cn += 1        # the jump over the `else`
                self.seen.add(other - 1)
            out.append(f"        _n = {self.count()}")
            self.marks.append((len(out), at))
        if len(out) == before:
            out.append("        pass")
            self.marks.append((len(out), at))
        self.cn, self.dyn = cn, dyn
        out.append("    else:")
        self.marks.append((len(out), at))
        if end is not None:
            else_falls = self._nested(out, other, end)
            if else_falls:
                out.append(f"        _n = {self.count()}")
                self.marks.append((len(out), at))
            elif out[-1] == "    else:":
                out.append("        pass")
        else:
            else_falls = True
            out.append(f"        _n = {self.count()}")
            self.marks.append((len(out), at))
        if not then_falls and not else_falls:
            return None
        self.dyn, self.cn = True, 0
        return end if end is not None else other

    def _short_head(self, t: int) -> bool:
        """Whether a loop's test at ``t`` is followed, after at most a few
        plain instructions, by a decision or a call (then the jump back to it
        is followed: a short copy, and a trip of the run loop less a round)."""
        items = self.b.items
        if t >= len(items) or items[t][0] not in (I.while_test, I.for_next, I.repeat_next):
            return False
        for pc in range(t + 1, min(t + 5, len(items))):
            factory, _, _, decision = items[pc]
            if decision or factory is I.call:
                return True
            if factory not in _INLINE or factory is I.jump_if_not or factory in _ENDS:
                return False
        return False

    def _call(self, args: tuple) -> str:
        """instructions.call: the arguments as a dict display, in order."""
        proc, params, xs, into = args.proc, args.params, args.args, args.into
        values = [self.x(a) for a in xs[:len(params)]]
        values += ["None"] * (len(params) - len(values))
        shown = ", ".join(f"{self.k(p)}: {v}" for p, v in zip(params, values))
        return f"_cpr(m, fr, {self.k(proc)}, {{{shown}}}, {self.k(into)})"

    def _for_snapshot(self, coll: Callable) -> str:
        """What a `for` walks: its collection's snapshot (instructions.for_init);
        of `pieces(zone)`, made from the pile at once."""
        known = self.b.exprs.get(id(coll))
        pile = self._pieces_pile(known[0], known[1]) if known is not None else None
        if pile is not None and not self.env:
            return f"_flp(m, {pile})"
        return f"_fl(m, {self.x(coll)}, loc)"

    def _callee(self, proc: str) -> str | None:
        """The global bound (at install) to the first segment of ``proc``,
        if a call of it is always that procedure (no replacement can take it)."""
        if proc not in self.rules.procedures or proc in self.rules.replacements:
            return None
        name = self.callees.setdefault(f"proc:{proc}", f"_c{len(self.callees)}")
        return name

    def _call_inline(self, out: list, args: tuple, nxt: int, count: str) -> None:
        """instructions.call, then what the run loop's next trips would do:
        the callee's first segment at once and, once it has returned, the
        caller's instructions after the call in this same function. Anything
        else (a decision, a deeper call left to the run loop, the game's end,
        a trigger to resolve) leaves the rest to the run loop, the caller's
        pc already past the call. Calls nest at most CALL_DEPTH (the push
        checks it), so this recursion is bounded, and the callee's counts
        are returned with the caller's."""
        proc, params, xs, into = args.proc, args.params, args.args, args.into
        values = [self.x(a) for a in xs[:len(params)]]
        values += ["None"] * (len(params) - len(values))
        shown = ", ".join(f"{self.k(p)}: {v}" for p, v in zip(params, values))
        frame = (f"{{{self.k('code')}: {self.k('proc:' + proc)}, \"pc\": {self.kobj(('pc', 1), 1)}, \"locals\": _a, "
                 f"{self.k('kind')}: {self.k('proc')}, {self.k('into')}: {self.k(into)}}}")
        out.append(f"    fr[\"pc\"] = {nxt}")
        # interpreter.call_procedure written out (its replacement case cannot
        # happen here): a frame inside a replacement, or too deep, takes it;
        # past _DP frames the callee is left to the run loop, so that Python's
        # stack (segments call segments) stays well within its limit
        out.append("    _sk = st.stack")
        out.append("    if len(_sk) >= _DP:")
        out.append(f"        {self._call(args)}")
        out.append(f"        return {count}")
        out.append(f"    if {self.k('skip')} in fr or len(_sk) >= _CD:")
        out.append(f"        _c = {self._call(args)}")
        out.append("        _c[\"pc\"] = 1")
        out.append("    else:")
        out.append(f"        _a = {{{shown}}}")
        out.append("        _me = loc.get(_ME)")
        out.append("        if _me is not None:")
        out.append("            _a[_ME] = _me")
        out.append(f"        _c = {frame}")
        out.append("        _sk.append(_c)")
        out.append(f"    _n = {count} + {self._callee(args.proc)}(m, _c)")
        out.append("    _sk = st.stack")
        out.append("    if not _sk or _sk[_LAST] is not fr or st.queue and not st.edepth:")
        out.append("        return _n")

    def _loop_inline(self, k: int) -> int | None:
        """The end pc of the `for` loop whose init is at ``k``, if its body
        can run as a Python loop (straight-line statements only)."""
        items = self.b.items
        if k + 1 >= len(items) or items[k + 1][0] is not I.for_next:
            return None
        end = _pc(items[k + 1][2].end)
        j = end - 1
        if not (k + 1 < j < len(items)) or items[j][0] is not I.jump or _pc(items[j][2].target) != k + 1:
            return None
        for pc in range(k + 2, j):
            factory, at, args, decision = items[pc]
            if factory is I.jump and not decision and pc < _pc(args.target) <= j:
                continue        # the jump over an `else` (written as a Python `else`)
            if decision or factory not in _INLINE or factory in _ENDS:
                return None
            if factory is I.prim and args.impl in _ENDS_GAME:
                return None
            if factory is I.jump_if_not and not k + 2 <= _pc(args.target) <= j:
                return None
        return end

    def _loop(self, out: list, k: int, end: int) -> None:
        """for_next, the body and the jump back as a Python loop; a bounded
        number of instructions runs before the run loop counts them."""
        items = self.b.items
        var, where = items[k + 1][2].var, items[k + 1][2].where
        lk, ik, var = self.k(f"${k}l"), self.k(f"${k}i"), self.k(var)
        out.append("    while True:")
        out.append(f"        _it = loc[{lk}]")
        out.append(f"        _i = loc[{ik}]")
        out.append("        while _i < len(_it):")
        out.append(f"            loc[{var}] = _it[_i]")
        out.append("            _i += 1")
        if where is not None:
            out.append(f"            if {self.x(where)}:")
            out.append(f"                loc[{ik}] = _i")
            out.append("                break")
        else:
            out.append(f"            loc[{ik}] = _i")
            out.append("            break")
        out.append("        else:")
        out.append(f"            del loc[{lk}], loc[{ik}]")
        out.append("            _n += 1")
        out.append("            break")
        out.append("        _n += 1")
        self.marks.append((len(out), items[k + 1][1]))
        self.dyn, self.cn = True, 0
        body: list[str] = []
        marks, self.marks = self.marks, [(0, None)]
        falls = self._walk(body, k + 2, end - 1)       # up to the jump back
        sub_marks, self.marks = self.marks, marks
        base = len(out)
        out.extend("    " + line for line in body)
        marks.extend((base + e, at) for e, at in sub_marks[1:])
        if falls:
            out.append(f"        _n += {self.cn + 1}")
            out.append(f"        if _n > {TICK}:")
            out.append(f"            fr[\"pc\"] = {k + 1}")
            out.append("            return _n")
            marks.append((len(out), items[end - 1][1]))
        self.dyn, self.cn = True, 0

    def _queued(self, out: list, nxt: int, n: int) -> None:
        out.append("    if st.queue and not st.edepth:")
        out.append(f"        fr[\"pc\"] = {nxt}")
        out.append(f"        return {n}")

    def _stopping(self, out: list, body: list[str], at: Any, n: int) -> None:
        out.append("    try:")
        out.extend("        " + line for line in body)
        out.append("    except _Stop as _e:")
        out.append(f"        _stop(m, _e, {self.k(at)})")
        out.append(f"        return {n}")


def _pc(t: Any) -> int:
    return t.pc if hasattr(t, "pc") else t


def _let(g: Gen, out: list, args: tuple, at: Any, pc: int, n: int) -> None:
    name, value = args.name, args.value
    out.append(f"    loc[{g.k(name)}] = {g.x(value)}")


def _set_attr(g: Gen, out: list, args: tuple, at: Any, pc: int, n: int) -> None:
    """access.set_attr: of a value known to be a piece, its prop written at
    once; of a player, its counter stored (``_store``). Anything else (or a
    value of another shape: it raises, the interpreter answers) by set_attr."""
    of, name, value = args.of, args.name, args.value
    known = g.b.exprs.get(id(of))
    t = g.ty(known[0]) if known is not None else None
    spec = g.counter_spec((name,))
    if t == "piece":
        out.append(f"    _o = {g.x(of)}")
        out.append(f"    _v = {g.x(value)}")
        out.append(f"    st.props[_str(_o[_PK]) + {g.k(':' + name)}] = _v")
    elif t == "player" and spec is not None and not spec[1]:
        out.append(f"    _o = {g.x(of)}")
        out.append(f"    _v = {g.x(value)}")
        _store(g, out, f"{g.counter_slots(name)}[_o[_PL]]", spec)
    else:
        out.append(f"    _sa(m, {g.x(of)}, {g.k(name)}, {g.x(value)}, loc)")


def _store(g: Gen, out: list, slot: str, spec: tuple) -> None:
    """access.counter_store of ``_v`` into ``slot``, its bounds known now:
    a value within them stored at once, any other by counter_store (its
    error, or its clamp)."""
    lo, hi = spec[2], spec[3]
    ok = [f"{g.k(lo)} <= _v"] if lo is not None else []
    ok += [f"_v <= {g.k(hi)}"] if hi is not None else []
    if slot != "_s":
        out.append(f"    _s = {slot}")
    out.append(f"    if _ty(_v) is not _int or {' and '.join(ok + ['-_MX <= _v <= _MX'])}:")
    out.append("        st.counters[_s] = _v")
    out.append("    else:")
    out.append("        _cst(m, _s, _v)")


def _set_counter_i(g: Gen, out: list, args: tuple, at: Any, pc: int, n: int) -> None:
    """instructions.set_counter: the slot (of a global counter known now),
    then the value, stored as ``_store`` does."""
    cid, value = args.cid, args.value
    spec = g.counter_spec((cid,))
    if spec is not None and spec[1]:
        out.append(f"    _s = {g.counter_slots(cid)}")
        out.append(f"    _v = {g.x(value)}")
        _store(g, out, "_s", spec)
        return
    out.append(f"    _sc(m, {g.k(cid)}, {g.x(value)}, loc)")


def _jump_if_not(g: Gen, out: list, args: tuple, at: Any, pc: int, n: int) -> None:
    cond, target = args.cond, args.target
    out.append(f"    if not {g.x(cond)}:")
    out.append(f"        fr[\"pc\"] = {_pc(target)}")
    out.append(f"        return {n}")


def _arg_slot(g: Gen, arg: Any) -> str | None:
    """The layout lookup of a primitive's zone argument when the IR names a
    constant zone (see ``Gen._const_slot``), else None."""
    known = g.b.exprs.get(id(arg))
    return g._const_slot(known[0]) if known is not None else None


def _prim(g: Gen, out: list, args: tuple, at: Any, pc: int, n: int) -> None:
    impl, xs, into = args.impl, args.args, args.into
    call = f"{g.f(impl)}(m, loc{''.join(', ' + g.x(a) for a in xs)})"
    if impl is P.move and len(xs) == 3 and into is None and _move_inline(g, out, xs):
        return
    if impl is P.move and len(xs) == 3 and into is None:
        slot = _arg_slot(g, xs[1])
        if slot is not None:
            # primitives.move to a zone slot known now: place, the piece's id read here
            t = g._tmp()
            pid = f"({t}[_PK] if _ty({t} := {g.x(xs[0])}) is _dict and _PK in {t} else _pid({t}))"
            call = f"_pl(m, {pid}, {slot}, {g.x(xs[2])})"
    if impl is P.gain and len(xs) == 3 and into is None:
        spec = g.counter_spec(g.b.exprs.get(id(xs[0])))
        if spec is not None:
            call = f"_gn(m, loc, {g.k(spec)}, {g.x(xs[1])}, {g.x(xs[2])})"
    if impl is P.draw and len(xs) == 4 and into is None:
        slot = _arg_slot(g, xs[0])
        if slot is not None:
            call = f"_dr(m, loc, {slot}, {g.x(xs[1])}, {g.x(xs[2])}, {g.x(xs[3])})"
    line = f"loc[{g.k(into)}] = {call}" if into is not None else call
    if impl is P.pay:
        g._stopping(out, [line], at, n)
    else:
        out.append("    " + line)
    if impl in _ENDS_GAME:
        out.append(f"    fr[\"pc\"] = {pc + 1}")
        out.append(f"    return {n}")
    if not _quiet(g, impl):
        g._queued(out, pc + 1, n)


# the events a primitive may emit, for those that emit nothing else
_EMITS = {P.gain: ("gained",), P.lose: ("lost",), P.pay: ("paid",), P.move: ("moved",), P.draw: ("moved",),
          P.move_all: ("moved",), P.destroy: ("moved",)}


def _quiet(g: Gen, impl: Callable) -> bool:
    """Whether a primitive cannot queue a trigger: no trigger listens to
    what it emits (then no check of the queue need follow it)."""
    emits = _EMITS.get(impl)
    return emits is not None and not any(g.rules.triggers.get(e) for e in emits)


def _move_inline(g: Gen, out: list, xs: list) -> bool:
    """``move(piece, zone)`` to a zone named by a constant that neither
    checks what it accepts nor holds a bounded number, while no trigger
    listens to ``moved``: primitives.place written here, its cases known now
    (the zone's order, no owner to set), the event logged as place logs it.
    Nothing can be queued by it, so no trigger check follows. False (nothing
    written) for any other move."""
    known, pos = g.b.exprs.get(id(xs[1])), g.b.exprs.get(id(xs[2]))
    slot = _arg_slot(g, xs[1])
    if slot is None or pos is None or pos[0] not in ("top", "bottom") or "moved" in g.rules.triggers:
        return False
    decl = g.rules.zones[known[0]["id"]]
    if decl.get("capacity") is not None or decl.get("accepts") or decl.get("sort") is not None:
        return False        # (a zone that keeps itself sorted: place sorts it)
    t = g._tmp()
    pid = f"({t}[_PK] if _ty({t} := {g.x(xs[0])}) is _dict and _PK in {t} else _pid({t}))"
    top = bool(decl.get("ordered", False)) and pos[0] != "bottom"
    out.extend([
        f"    _p = {pid}",
        "    _zs = st.zones",
        "    _o = st.p_zone[_p]",
        f"    _d = {slot}",
        "    if _o != _NOWHERE:",
        "        _pp = _zs[_o]",
        "        _zs[_o] = _pp[1:] if _pp[0] == _p else _wo(_pp, _p)",
        f"    _zs[_d] = {'(_p,) + _zs[_d]' if top else '_zs[_d] + (_p,)'}",
        "    st.p_zone[_p] = _d",
        "    st.seq += 1",
        "    if st.seq > m.budget.last_event:",
        "        _xev(m)",
        "    _lg = st.log",
        "    (_lg.page if not _lg.shared else _lg.own()).extend((5, _mve, m.L, _p, _o, _d))"])
    return True


def _require(g: Gen, out: list, args: tuple, at: Any, pc: int, n: int) -> None:
    cond, message, mid = args.cond, args.message, args.msg
    text = g.k(message or "requirement not met")
    key = g.k(mid if message else "engine-requirement")
    g._stopping(out, [f"if not {g.x(cond)}:", f"    raise _Stop({text}, {key})"], at, n)


def _emit(g: Gen, out: list, args: tuple, at: Any, pc: int, n: int) -> None:
    event, xs = args.event, args.args
    body = ", ".join(f"{g.k(k)}: {g.x(a)}" for k, a in xs.items())
    out.append(f"    _em(m, {g.k(event)}, {{{body}}})")
    g._queued(out, pc + 1, n)


def _while_test(g: Gen, out: list, args: tuple, at: Any, pc: int, n: int) -> None:
    """instructions.while_test: one more time round, or on past the loop's end."""
    k, cond, end = args.k, args.cond, args.end
    nk = g.k(f"${k}n")
    out.append(f"    _w = loc[{nk}] + 1")
    out.append("    if _w > _LL:")
    out.append(f"        {g.f(g.ins[pc][0])}(m, fr)")     # raises the interpreter's error
    out.append(f"    if {g.x(cond)}:")
    out.append(f"        loc[{nk}] = _w")
    out.append("    else:")
    out.append(f"        del loc[{nk}]")
    out.extend("    " + line for line in g.goto(_pc(end), pc))


def _log(g: Gen, out: list, args: tuple, at: Any, pc: int, n: int) -> None:
    out.append(f"    _say(m, {g.x(args.text)})")


def _for_init(g: Gen, out: list, args: tuple, at: Any, pc: int, n: str) -> None:
    """instructions.for_init of a loop not run as a Python loop: the snapshot."""
    k, coll = args.k, args.coll
    out.append(f"    loc[{g.k(f'${k}l')}] = {g._for_snapshot(coll)}")
    out.append(f"    loc[{g.k(f'${k}i')}] = 0")


def _for_next(g: Gen, out: list, args: tuple, at: Any, pc: int, n: str) -> None:
    """instructions.for_next: the next item its `where` lets through (the
    filter generated here), or on past the loop's end."""
    k, var, where, end = args.k, args.var, args.where, args.end
    lk, ik = g.k(f"${k}l"), g.k(f"${k}i")
    out.append(f"    _it = loc[{lk}]")
    out.append(f"    _i = loc[{ik}]")
    out.append("    while True:")
    out.append("        if _i >= len(_it):")
    out.append(f"            del loc[{lk}], loc[{ik}]")
    out.extend("        " + line for line in g.goto(_pc(end), pc))
    out.append(f"        loc[{g.k(var)}] = _it[_i]")
    out.append("        _i += 1")
    if where is not None:
        out.append(f"        if {g.x(where)}:")
        out.append("            break")
    else:
        out.append("        break")
    out.append(f"    loc[{ik}] = _i")


def _repeat_init(g: Gen, out: list, args: tuple, at: Any, pc: int, n: str) -> None:
    k, count, rat = args.k, args.count, args.at
    out.append(f"    loc[{g.k(f'${k}n')}] = _rc({g.x(count)}, {g.k(rat)})")


def _repeat_next(g: Gen, out: list, args: tuple, at: Any, pc: int, n: str) -> None:
    k, end = args.k, args.end
    nk = g.k(f"${k}n")
    out.append(f"    _r = loc[{nk}]")
    out.append("    if _r < 1:")     # (an int: repeat_count checked it)
    out.append(f"        del loc[{nk}]")
    out.extend("    " + line for line in g.goto(_pc(end), pc))
    out.append("    _r -= 1")
    out.append(f"    loc[{nk}] = _r")


def _while_init(g: Gen, out: list, args: tuple, at: Any, pc: int, n: str) -> None:
    out.append(f"    loc[{g.k(f'${args.k}n')}] = 0")


# loop instructions written inline in a segment (not in a Python loop of
# Gen._loop): they fall through, or leave the segment at the loop's end
_NATIVE: dict[Callable, Callable] = {
    I.for_init: _for_init, I.for_next: _for_next, I.repeat_init: _repeat_init,
    I.repeat_next: _repeat_next, I.while_init: _while_init,
}

_INLINE: dict[Callable, Callable] = {
    I.let: _let, I.set_attr: _set_attr, I.set_counter: _set_counter_i,
    I.jump_if_not: _jump_if_not, I.while_test: _while_test, I.prim: _prim, I.require: _require, I.emit: _emit, I.log: _log,
}


def _entries(b: Any) -> set[int]:
    """The pcs that get a segment of their own: pc 0, every pc a frame is
    resumed at (after a decision, a call, a return, anything not written
    inline), every label a decision or a loop's test jumps to, a loop's
    jump back's target and a `break`'s. The branches of an `if` are written
    in the segment that reaches it (``Gen._if``), so its labels are not."""
    items = b.items
    out = {0}
    # an `if`'s other branch: the jump just before it (the then-branch's
    # last) is the jump over the `else`
    others = {_pc(args.target) for factory, _, args, decision in items if factory is I.jump_if_not and not decision}
    for pc, (factory, at, args, decision) in enumerate(items):
        if factory is I.jump and not decision:
            t = _pc(args.target)
            if t <= pc or pc + 1 not in others:
                out.add(t)
            continue
        if factory is I.jump_if_not and not decision:
            continue
        for a in args:
            for t in (a if type(a) is list else [a]):
                if hasattr(t, "pc") and not callable(t):
                    out.add(t.pc)
        if factory in _NATIVE and not decision:
            pass        # falls through in the same segment
        elif decision or factory in _ENDS or factory not in _INLINE:
            out.add(pc + 1)
    return {pc for pc in out if 0 <= pc < len(items)}


def generate(rules: Any, code_id: str, builder: Any, K: list, F: list,
             facts: Facts | None = None) -> tuple[str, list[int]]:
    """The Python source of one code block and its entry pcs."""
    g = Gen(rules, code_id, builder, K, F, facts)
    g.ins = rules.codes[code_id]
    generate.last = g
    # every argument was resolved to plain ints by finish(); labels keep their pc
    entries = sorted(_entries(builder))
    g.entries, g.depth = set(entries), {}
    # the last segment first: a segment calls only segments after it, whose
    # depth of calls is then known (``Gen.goto``)
    made = {}
    for pc in reversed(entries):
        made[pc] = (g.segment(pc), g.marks)
    segments, lines = [], {}
    line = sum(x.count("\n") + 2 for x in g.extra) + 1    # where the first segment starts
    for pc in entries:
        text, marks = made[pc]
        segments.append(text)
        first = 0
        for end, at in marks:
            for i in range(first, end):
                lines[line + i] = at
            first = end
        line += text.count("\n") + 2
    g.lines = lines
    return "\n\n".join(g.extra + segments) + "\n", entries


def install(rules: Any) -> Facts:
    """Generate and compile the fast code of every block and expression of
    ``rules``; the facts known of its expressions, for the listings."""
    fast: dict[str, list] = {}
    sources: dict[str, str] = {}
    where: dict[str, dict[int, Any]] = {}
    facts = Facts(rules)
    calls: list[tuple[dict, dict]] = []
    for code_id, b in rules.builders.items():
        K: list = []
        F: list = []
        src, entries = generate(rules, code_id, b, K, F, facts)
        ns = namespace(BUILTINS, K, F)
        filename = f"<waybill {len(fast)}>"
        exec(compile(src, filename, "exec"), ns)   # noqa: S102 (principle 2)
        where[filename] = generate.last.lines
        calls.append((ns, generate.last.callees))
        table = list(rules.codes[code_id])
        for pc in entries:
            table[pc] = (ns[f"_s{pc}"], table[pc][1], table[pc][2])
        fast[code_id] = table
        sources[code_id] = src
    for ns, callees in calls:       # every block is compiled: bind the callees' first segments
        for code_id, name in callees.items():
            ns[name] = fast[code_id][0][0]
    _install_expressions(rules, sources, facts)
    rules.fast_codes = fast
    rules.fast_sources = sources
    rules.fast_where = where
    rules.fast = run
    rules.engine = "compiled"
    return facts


def _install_expressions(rules: Any, sources: dict, facts: Facts | None = None) -> None:
    """Requirements, conditions, modifier values and quantity bases as
    generated functions. Should one raise, the interpreter's closure runs
    again and answers (expressions never change the state), so an error
    reads the same under both engines."""
    class _NoBlock:
        exprs: dict = {}
    K: list = []
    F: list = []
    g = Gen(rules, "expressions", _NoBlock(), K, F, facts)
    made: list[tuple[Callable, str]] = []

    types = g.facts.types

    def fn(e: Any, at: Any, closure: Callable, put: Callable[[Callable], None], env: dict) -> None:
        name = f"_e{len(made)}"
        g._vt = env
        body = g.ex(e, at)
        # the steps the failed attempt spent are given back: the closure
        # charges what the interpreter does (a quantity recursing past
        # Python's stack would otherwise spend them once per level)
        made.append((put, f"def {name}(m, loc):\n    _b = m.budget\n    _s = _b.steps\n    try:\n        return {body}\n"
                          f"    except Exception:\n        _b.steps = _s\n        return {g.f(closure)}(m, loc)"))

    for qid, q in ((q["id"], q) for q in rules.ir.get("quantities") or []):
        params, base = rules.quantities[qid]
        fn(q["value"], rules.where(q.get("at")), base,
           lambda f, qid=qid, params=params: rules.quantities.__setitem__(qid, (params, f)), types.quantity_env(qid))
    for ab in rules.ability_by_key.values():
        decl = ab.decl
        env = types.ability_env(decl, ab.entity)
        if ab.where is not None:
            fn(decl["where"], ab.at, ab.where, lambda f, ab=ab: setattr(ab, "where", f), env)
        if ab.type == "action":
            for i, (r, (req, msg)) in enumerate(zip(decl.get("require") or [], ab.requires)):
                fn(r["expr"], ab.at, req, lambda f, ab=ab, i=i, msg=msg: ab.requires.__setitem__(i, (f, msg)), env)
        if ab.type == "modifier" and ab.value is not None:
            fn(decl["value"], ab.at, ab.value, lambda f, ab=ab: setattr(ab, "value", f), env)
    src = "\n\n".join(g.extra + [code for _, code in made]) + "\n"
    ns = namespace(BUILTINS_EXPR, K, F)
    exec(compile(src, "<waybill expressions>", "exec"), ns)   # noqa: S102 (principle 2)
    for i, (put, _) in enumerate(made):
        put(ns[f"_e{i}"])
    sources["expressions"] = src


def namespace(builtins: dict, K: list, F: list) -> dict[str, Any]:
    """The globals of generated code: the helpers, and the constants table
    ``_K`` and runtime objects ``_F`` with each entry also bound to a name
    of its own (``_k3``, ``_f2``: what the source reads)."""
    ns: dict[str, Any] = {"__builtins__": builtins, "_K": tuple(K), "_F": tuple(F), **_HELPERS,
                          **_STMT_HELPERS}
    ns.update({f"_k{i}": v for i, v in enumerate(K)})
    ns.update({f"_f{i}": v for i, v in enumerate(F)})
    return ns


BUILTINS = {"bool": bool, "dict": dict, "zip": zip, "min": min, "max": max, "len": len}
BUILTINS_EXPR = {**BUILTINS, "Exception": Exception}


def run(m: Any) -> None:
    """The compiled engine: the interpreter's run loop over the fast code."""
    loop(m, m.R.fast_codes)
