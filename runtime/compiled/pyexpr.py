"""Expressions written by the generator (DESIGN.md, principle 2): the
Python expression of an IR expression, one writer per IR op (``_OPS``:
`var`, `ref`, `attr`, `bin`, `not`, `neg`, `cond`, `agg`, `quantity`,
`call`, `index`, `list`). Each writer computes what exprs.py's closure of
that op computes, in the same order and through the same helpers
(pyhelpers.py), so it charges the same steps and raises where it raises;
a shape a writer does not know is left to the interpreter's closure
(``_closure``), called from the generated code.
"""

from __future__ import annotations

from typing import Any, Callable

from ..engine.functions import IMPLS as FUNCTIONS
from . import exprtypes
from .pyagg import AGGS, Aggregates
from .pyconst import calls_charged
from .pyfacts import NOT_TEXT, in_range, is_bool, names_in


class Expressions(Aggregates):
    """The expression writers (see the module); quantities' calls are
    pyquantity.py's (``_quantity_call``, ``_quantity``)."""

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
        if self.clean and calls_charged(out):
            self.clean = False
        return out

    def _ex(self, e: Any, at: Any, fn: Callable | None = None) -> str:
        if type(e) is not dict:
            if type(e) is int and fn is None:
                return self.k(e)
            return self.k(e) if type(e) in (int, str, bool, float) or e is None else self._closure(e, at, fn)
        at = self.rules.where(e.get("at")) or at
        write = _OPS.get(e.get("op"))
        return self._closure(e, at, fn) if write is None else write(self, e, at, fn)

    def _int_op(self, o: str, lx: str, rx: str, slow: str) -> str:
        """``l o r`` of two ints within the JSON-safe range at once; any other
        operands (or result) through ``slow`` (exprs.checked_add/checked_mul, ...), given
        the operands already evaluated, in the same order."""
        a, b, r = self._tmp(), self._tmp(), self._tmp()
        return (f"({r} if _ty({a} := {lx}) is _ty({b} := {rx}) is _int and -_MX <= ({r} := {a} {o} {b}) <= _MX "
                f"else {slow.format(a=a, b=b)})")


    def _closure(self, e: Any, at: Any, fn: Callable | None) -> str:
        """Anything not inlined runs as the interpreter's closure."""
        if self.env and (names := names_in(e)) and (self.qlocal or names & self.env.keys()):
            self.escaped = True     # it reads a variable held in a Python local
        if fn is None:
            from ..engine.exprs import compile_expr
            fn = compile_expr(e, self.rules, at)
        return f"{self.f(fn)}(m, loc)"


# --- one writer per op: (generator, expression, place, its closure or None) -> source ---

def _var(g: Expressions, e: dict, at: Any, fn: Callable | None) -> str:
    """A variable: a Python local where one holds it (a piece id made a
    value), else the frame's ``loc`` as exprs._var reads it."""
    name = e["name"]
    local = g.env.get(name)
    if local is not None:
        return f"{{_PK: {local}}}" if local in g.pieceids else local
    if g.qlocal:
        g.escaped = True     # a name the quantity does not bind: the interpreter's error
        return "None"
    kept = g.mirror.get(name)
    if kept is not None:
        return kept         # the frame's value, held in a Python local (pysegment.py)
    if name == "me":
        return "(loc[_ME] if _ME in loc else _mo(m, loc))"
    if name in ("self", "owner"):
        return f"loc.get({g.k(name)})"
    return f"loc[{g.k(name)}]"


def _ref(g: Expressions, e: dict, at: Any, fn: Callable | None) -> str:
    """A declared name: a global counter's slot, a zone's or entity's value, a track."""
    R = g.rules
    ns, rid = e["ns"], e["id"]
    if ns == "counter" and R.counters.get(rid, {}).get("scope") == "global":
        return f"m.st.counters[{g.counter_slots(rid)}]"
    if ns == "counter" and rid in R.counters:
        return g.k(rid)
    if ns == "zone":
        decl = R.zones.get(rid)
        if decl is not None and decl.get("_space"):
            return g.k(rid)
        if decl is not None and decl["scope"] == "global":
            return g.k({"zone": rid, "of": None})
        return g._closure(e, at, fn)
    if ns == "entity":
        return g.k({"entity": rid})
    if ns == "track" and rid in R.tracks:
        return g.k(list(R.tracks[rid]))
    if ns in ("counter", "track"):
        return g._closure(e, at, fn)
    return g.k(rid)


def _attr(g: Expressions, e: dict, at: Any, fn: Callable | None) -> str:
    """``x.name`` (pyreads.py); `x.name ?? other` is exprs._attr's or_else, the closure's."""
    if "else" in e:
        return g._closure(e, at, fn)
    of = e["of"]
    local = g.env.get(of["name"]) if type(of) is dict and of.get("op") == "var" else None
    if local in g.pieceids:
        return g._piece_attr_read(local, e["name"])
    if type(of) is dict and of.get("op") == "call" and of.get("fn") == "top" and len(of.get("args", [])) == 1:
        # `top(zone).name`: the read of the top piece's id (functions.top makes its value)
        p = g._tmp()
        return (f"({g._piece_attr_read(f'{p}[0]', e['name'])} if ({p} := {g._zone_pile(of['args'][0], at)}) "
                f"else _ga(m, None, {g.k(e['name'])}))")
    typed = g._typed_attr(of, e["name"], at)
    if typed is not None:
        return typed
    return g._attr_read(g.ex(of, at), e["name"])


def _bin(g: Expressions, e: dict, at: Any, fn: Callable | None) -> str:
    """A binary operator as exprs._bin computes it: checked arithmetic,
    comparisons (a text compared by what it names), `and`/`or`, `in`."""
    o = e["o"]
    if o == "+" and g.rules.messages.of(e) is not None:
        return g._closure(e, at, fn)     # text built with `+`: data (exprs.built)
    same = g._same_entity(e, at)
    if same is not None:
        return same
    lx = g.ex(e["l"], at)
    if o in ("and", "or"):
        # exprs._bin: `bool(l) and bool(r)`; a comparison is a bool already
        g.clean = False      # (the right side may not run)
        rx = g.ex(e["r"], at)
        lx = lx if is_bool(e["l"]) or g.ty(e["l"], True) == "bool" else f"bool({lx})"
        rx = rx if is_bool(e["r"]) or g.ty(e["r"], True) == "bool" else f"bool({rx})"
        return f"({lx} {o} {rx})"
    rx = g.ex(e["r"], at)
    if o in ("+", "-", "*") and g.ty(e["l"], True) == g.ty(e["r"], True) == "int":
        # two ints: only the range is checked (exprs.checked_add, checked_sub, checked_mul's error)
        r = g._tmp()
        return f"({r} if -_MX <= ({r} := {lx} {o} {rx}) <= _MX else _ci({r}, {g.k(at) if o == '*' else 'None'}))"
    if o == "in":
        return f"({lx} in _wk(m, {rx}, loc))"
    if o == "not in":
        return f"({lx} not in _wk(m, {rx}, loc))"
    if o == "*":
        return g._int_op("*", lx, rx, f"_ml(m, {{a}}, {{b}}, {g.k(at)})")
    if o == "+":
        if type(e["r"]) is int:
            return g._int_op("+", lx, rx, "_ad({a}, {b})")
        return g._int_op("+", lx, rx, f"_jn(m, {{a}}, {{b}}, {g.k(at)})")
    fname = {"-": "_sb", "/": "_dv", "%": "_md"}.get(o)
    if fname is not None:
        return f"{fname}({lx}, {rx})"
    if o in ("==", "!=") and e.get("said") is not None:
        # a text naming what a literal says in the source (exprs._equal)
        lit_left = type(e["l"]) is str
        c, vx = (lx, rx) if lit_left else (rx, lx)
        v, keys = g._tmp(), g.k(frozenset(e["said"]))
        if o == "==":
            return f"(({v} := {vx}) == {c} or _tis(m, {v}, {c}, {keys}))"
        return f"(({v} := {vx}) != {c} and not _tis(m, {v}, {c}, {keys}))"
    if o in ("==", "!=") and not (g.ty(e["l"]) in NOT_TEXT or g.ty(e["r"]) in NOT_TEXT):
        # a text and a string held in a variable naming the same thing (exprs._equal)
        a, b = g._tmp(), g._tmp()
        if o == "==":
            return f"(({a} := {lx}) == ({b} := {rx}) or _teq(m, {a}, {b}))"
        return f"(({a} := {lx}) != ({b} := {rx}) and not _teq(m, {a}, {b}))"
    cmp = {"==": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}.get(o)
    if cmp is not None:
        return f"({lx} {cmp} {rx})"
    return g._closure(e, at, fn)


def _not(g: Expressions, e: dict, at: Any, fn: Callable | None) -> str:
    return f"(not {g.ex(e['x'], at)})"


def _neg(g: Expressions, e: dict, at: Any, fn: Callable | None) -> str:
    return f"_sb(0, {g.ex(e['x'], at)})"


def _cond(g: Expressions, e: dict, at: Any, fn: Callable | None) -> str:
    test = g.ex(e["if"], at)     # (written first: it runs first)
    g.clean = False              # (either branch may not run)
    return f"({g.ex(e['then'], at)} if {test} else {g.ex(e.get('else'), at)})"


def _agg(g: Expressions, e: dict, at: Any, fn: Callable | None) -> str:
    """An aggregate (pyagg.py); one grouped `by` a key is the closure's."""
    if e["fn"] in AGGS and e.get("by") is None:
        return g._agg(e, at)
    return g._closure(e, at, fn)


def _quantity(g: Expressions, e: dict, at: Any, fn: Callable | None) -> str:
    """A quantity's call (pyquantity.py): no modifier can change it, its
    function (specialised for its literal arguments where it can be);
    else charged and modified as exprs._quantity does (``_qm``)."""
    R = g.rules
    if e["id"] not in R.quantities:
        return g._closure(e, at, fn)
    if not R.modifiers.get(e["id"]) and len(e.get("args", [])) == len(R.quantities[e["id"]][0]):
        special = g._quantity_call(e, at)
        if special is not None:
            return special
        name = g._quantity(e["id"])
        args = "".join(f", {g.ex(a, at)}" for a in e.get("args", []))
        return f"{name}(m, loc, {g.k(at)}{args})"
    args = ", ".join(g.ex(a, at) for a in e.get("args", []))
    return f"_qm(m, loc, {g.k(e['id'])}, {g.k(at)}, lambda: [{args}])"


def _call(g: Expressions, e: dict, at: Any, fn: Callable | None) -> str:
    """A function of functions.py: `size`, `top`, `pieces` of a pile found
    now (pyreads.py), any other through its implementation."""
    name, xs = e["fn"], e.get("args", [])
    if name == "size" and len(xs) == 1 and g.ty(xs[0], True) in ("pieces", "players", "entities"):
        return f"len({g.ex(xs[0], at)})"      # functions.size of a list (never none)
    if name == "size" and len(xs) == 1 and g._is_track(xs[0]):
        return f"len({g.ex(xs[0], at)})"      # a track is a list (a constant)
    if name in ("size", "top", "pieces") and len(xs) == 1:
        pile = g._const_pile(xs[0]) or g._typed_pile(xs[0], at)
        if pile is not None:
            return {"size": f"len({pile})", "top": f"_tp({pile})", "pieces": f"_pcs(m, {pile})"}[name]
        return g._zone_call(name, g.ex(xs[0], at))
    impl = FUNCTIONS.get(name)
    if impl is None:
        return g._closure(e, at, fn)
    args = "".join(f", {g.ex(a, at)}" for a in xs)
    return f"{g.f(impl)}(m, loc{args})"


def _index(g: Expressions, e: dict, at: Any, fn: Callable | None) -> str:
    """exprs._index: the collection as a list, then the index; out of range: none."""
    if type(e.get("index")) is int:
        known = g._const_track_item(e["of"], e["index"])
        if known is not None:
            return known
    if "of" not in e or "index" not in e:
        return g._closure(e, at, fn)
    t, i, x = g._tmp(), g._tmp(), g._tmp()
    items = f"({x} if _ty({x} := {g.ex(e['of'], at)}) is _list else _al(m, {x}, loc))"
    ix = e["index"]
    # (a literal index: a constant of its own, as the IR keeps it apart from other numbers)
    ix = g.kobj(("index", ix), ix) if type(ix) is int else g.ex(ix, at)
    return f"({t}[{i}] if -len({t} := {items}) <= ({i} := {ix}) < len({t}) else None)"


def _list(g: Expressions, e: dict, at: Any, fn: Callable | None) -> str:
    """exprs._list: a new list, its nesting checked if it holds a list."""
    if type(e.get("items")) is not list:
        return g._closure(e, at, fn)
    items = ", ".join(g.ex(i, at) for i in e["items"])
    if all(in_range(i) for i in e["items"]):
        return f"[{items}]"         # literals: no list inside
    return f"_fe(m, [{items}], {g.k(at)})"


_OPS: dict[str, Callable[[Expressions, dict, Any, Any], str]] = {
    "var": _var, "ref": _ref, "attr": _attr, "bin": _bin, "not": _not, "neg": _neg, "cond": _cond,
    "agg": _agg, "quantity": _quantity, "call": _call, "index": _index, "list": _list,
}
