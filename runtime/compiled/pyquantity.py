"""Quantities written by the generator (DESIGN.md, principle 2): a quantity
no modifier can change as a generated function, charged as exprs._quantity
charges it, its parameters and ``me`` Python locals (or, should its body
read them from ``loc``, a dict as modifiers.quantity_value makes it); and
its versions specialised for literal arguments: `can_take(me, "combat")`
calls a version made for ``s = "combat"``, its body folded (exprfold.py:
the tests of ``s`` decided, the branches not taken dropped), and the
folded quantities it calls that call nothing written in place, their steps
charged with its own at its start (``_inlined``, which says why that is
exact).
"""

from __future__ import annotations

import re
from typing import Any

from . import exprfold
from .pyconst import SIMPLE, calls_charged, hoisted
from .pyexpr import Expressions
from .pyfacts import in_range, is_bool

# the literal arguments a quantity is specialised for, and the names a
# quantity's parameter never binds there (its caller's host, read from ``loc``)
_LITERALS = (str, int, bool)
_HOST_NAMES = frozenset(("me", "self", "owner"))


def _function(name: str, ids: list[str], start: list[str], body: str, plain: bool) -> str:
    """The source of a quantity's function: ``start`` (its charge, its
    ``me``), then its value ``body``, range-checked unless ``plain``."""
    args = "".join(f", {i}" for i in ids)
    return hoisted("\n".join([
        f"def {name}(m, loc, _at{args}):",
        "    _b = m.budget",
        *start,
        *([f"    return {body}"] if plain else [
            f"    _v = {body}",
            "    if _ty(_v) is _int and not -_MX <= _v <= _MX:",
            "        _ci(_v, _at)",
            "    return _v"])]), pure=True)[0]


class Quantities(Expressions):
    """The quantities' functions (see the module)."""

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
        vt, clean, mirror = self.vt, self.clean, self.mirror
        self.mirror = {}        # (a function of its own: the segment's Python locals are not its)
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
        self._vt, self.clean, self.mirror = vt, clean, mirror
        charge = ["    _b.steps -= 4", "    if _b.steps < 0:", "        _xh(_b, _at)"]
        # (a bool is never out of range)
        self.extra[slot] = _function(name, ids, charge + start, body, is_bool(q["value"]))
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
        if self.clean and name in self._leaf and all(SIMPLE.fullmatch(a) for a in rest):
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
        mirror, self.mirror = self.mirror, {}
        self._vt = {n: t for n, t in self.facts.types.quantity_env(qid).items() if n not in bound}
        # a bound parameter still read (in a text's parts) is its constant
        self.env = {"self": "None", "owner": "None", **{p: self.k(v) for p, v in binds},
                    **dict(zip(free, ids)), "me": me}
        self.escaped, self.qlocal, self.clean, self.precharge = False, True, True, 0
        body = self.ex(value, qat)
        escaped, pre = self.escaped, self.precharge
        self.env, self.escaped, self.qlocal, self._vt, self.clean, self.precharge = saved
        self.mirror = mirror
        if escaped:
            self._qspecial[key] = None
            return None
        t = self._tmp()
        uses_me = re.search(rf"\b{me}\b", body)
        start = [f"    {me} = ({t} if ({t} := loc.get(_ME)) is not None else _mo(m, loc))"] if uses_me else []
        plain = is_bool(value) or in_range(value)
        if not uses_me and not calls_charged(body):
            self._leaf[name] = (body, ids, plain, 4 + pre)
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
        self.extra[slot] = _function(name, ids, charge + start, body, plain)     # (plain: known in range)
        return name
