"""Code that runs while no player is acting: what needs a seat there.

The game's `setup` (with every `extend setup`), and its `play` block until
the first `start_turn`, run with no acting player: `me` is none, a zone of
each player named bare (`pieces(hand)`) names no zone, `gain(coins, 1)`
gives to nobody, and a decision without `by` has nobody to ask. The runtime
finds these only when it gets there ("none has no attribute 'hand'", "a
decision needs a player and none is acting"); this pass finds them first.

It walks those blocks in the order they are written, and the procedures
they call (once each), until a `start_turn` (or a procedure that reaches
one) makes a player current. What follows a `start_turn` anywhere in the
text is taken as seated, so nothing that may run seated is reported.
"""

from __future__ import annotations

import dataclasses

from waybill.dsl import ast
from waybill.dsl.diagnostics import Diagnostic, Span

# primitives whose counter goes to the acting player unless `who` names one
_WHO_DEFAULT = {"gain": 2, "lose": 2, "pay": 2}   # the position of `who`
_DECISIONS = (ast.Choose, ast.May, ast.Act, ast.Pick, ast.Amount, ast.Order)


@dataclasses.dataclass
class _Where:
    said: str            # "the setup", "procedure `deal` (called from the setup at pack.wb:12)"
    file: str


class SeatCheck:
    """One walk of the seatless blocks of a game (see the module's docstring)."""

    def __init__(self, lowerer) -> None:
        self.lw = lowerer
        self.seated = False
        self.checked: set[str] = set()        # procedures walked seatless already
        self.turns: dict[str, bool] = {}      # procedure -> it reaches a `start_turn`

    # ---- entry -----------------------------------------------------------------------
    def block(self, stmts: list, said: str, file: str) -> None:
        """Walk one seatless block; once a turn starts the rest is seated."""
        if self.seated:
            return
        self._stmts(stmts, _Where(said, file), bound=set())

    # ---- statements ------------------------------------------------------------------
    def _stmts(self, stmts: list, where: _Where, bound: set[str]) -> None:
        bound = set(bound)
        for s in stmts:
            if self.seated:
                return
            self._stmt(s, where, bound)

    def _stmt(self, s, where: _Where, bound: set[str]) -> None:
        if isinstance(s, ast.Let):
            if isinstance(s.value, ast.Call) and (s.value.fn in _WHO_DEFAULT or s.value.fn == "start_turn" or
                                                  self.lw.category(s.value.fn) == "procedure"):
                self._call(s.value, where, bound)       # `let n = deal_in(p)`: a call, as a statement
            else:
                self._value(s.value, where, bound, s.name)
            bound.add(s.name)
        elif isinstance(s, ast.Set):
            self._expr(s.target, where, bound)
            self._expr(s.value, where, bound)
        elif isinstance(s, ast.If):
            if _asks_who_acts(s.test):
                return          # `if me != none { ... }`: the rules look before they read
            self._expr(s.test, where, bound)
            self._stmts(s.body, where, bound)
            self._stmts(s.orelse, where, bound)
        elif isinstance(s, ast.For):
            self._expr(s.coll, where, bound)
            inner = bound | {s.var}
            self._expr(s.where, where, inner)
            self._stmts(s.body, where, inner)
        elif isinstance(s, (ast.Repeat, ast.While)):
            self._expr(s.count if isinstance(s, ast.Repeat) else s.test, where, bound)
            self._stmts(s.body, where, bound)
        elif isinstance(s, _DECISIONS):
            self._value(s, where, bound)
        elif isinstance(s, ast.CallStmt):
            self._call(s.call, where, bound)
        elif isinstance(s, ast.Emit):
            for a in s.args:
                self._expr(a, where, bound)
        elif isinstance(s, ast.Require):
            self._expr(s.test, where, bound)
        elif isinstance(s, ast.Log):
            self._expr(s.text, where, bound)
        elif isinstance(s, ast.Return):
            self._expr(s.value, where, bound)
        elif isinstance(s, ast.Resolve):
            self._expr(s.value, where, bound)

    def _value(self, v, where: _Where, bound: set[str], name: str | None = None) -> None:
        """An expression, or a decision (a statement or the value of a `let`)."""
        if not isinstance(v, _DECISIONS):
            self._expr(v, where, bound)
            return
        self._expr(v.by, where, bound)
        each = getattr(v, "each", None)
        if each is not None:            # `choose each p in SEATS`: p is the seat asked
            self._expr(each.seats, where, bound)
            bound = bound | {each.var}
        for part in ("prompt", "coll", "count", "lo", "hi"):
            self._expr(getattr(v, part, None), where, bound)
        if getattr(v, "where", None) is not None:       # `let s = choose ... from xs where <s ...>`
            self._expr(v.where, where, bound | {name} if name else bound)
        if v.by is None and each is None:
            word = "act" if isinstance(v, ast.Act) else "may" if isinstance(v, ast.May) else "choose"
            self._report(where, Span(v.span.line, v.span.column, v.span.line, v.span.column + len(word)), "E422",
                         f"`{word}` in {where.said} has no player to decide it: no player is acting here",
                         f"say who decides: `{word} by p ...` for a player `p` (`for p in players() {{ ... }}`, "
                         f"`player(0)`), or start a turn first (`start_turn(p)`)")
        if isinstance(v, ast.Choose):
            for o in v.options:
                self._expr(o.when, where, bound)
                self._stmts(o.body, where, bound)
        elif isinstance(v, ast.May):
            self._stmts(v.body, where, bound)
            self._stmts(v.orelse, where, bound)

    def _call(self, c: ast.Call, where: _Where, bound: set[str]) -> None:
        for a in c.args:
            self._expr(a.value if isinstance(a, ast.KwArg) else a, where, bound)
        if c.fn == "start_turn":
            self.seated = True
            return
        if c.fn in _WHO_DEFAULT:
            self._who(c, where)
            return
        sym = self.lw.sym(c.fn)
        if sym is None or sym.category != "procedure":
            return
        if c.fn not in self.checked:
            self.checked.add(c.fn)
            here = f"{_short(where.file)}:{c.span.line}"
            inner = _Where(f"procedure `{c.fn}` (called from {where.said} at {here})", sym.file)
            params = {p.name for p in sym.decl.params}
            hooks = [(h, f) for h, f in self.lw.p.hooks if h.target == c.fn]
            for h, f in hooks:           # `before NAME { ... }` runs where the procedure runs
                if h.when == "before":
                    self._stmts(h.body, _Where(f"`before {c.fn}` (called from {where.said} at {here})", f), params)
            self._stmts(sym.decl.body, inner, params)
            for h, f in hooks:
                if h.when == "after":
                    self._stmts(h.body, _Where(f"`after {c.fn}` (called from {where.said} at {here})", f),
                                params | {"result"})
        if self._starts_turn(c.fn, set()):
            self.seated = True

    def _who(self, c: ast.Call, where: _Where) -> None:
        """`gain(coins, 1)` with no `who`: the acting player's, and there is none."""
        pos = _WHO_DEFAULT[c.fn]
        plain = [a for a in c.args if not isinstance(a, ast.KwArg)]
        if len(plain) > pos or any(isinstance(a, ast.KwArg) and a.name == "who" for a in c.args):
            return
        counter = plain[0] if plain else None
        sym = self.lw.sym(counter.id) if isinstance(counter, ast.Name) else None
        if sym is None or sym.category != "counter" or not _per_player(sym.decl):
            return
        self._report(where, c.fn_span, "E421",
                     f"`{c.fn}({counter.id}, ...)` in {where.said} goes to the acting player, "
                     f"and no player is acting here",
                     f"name the player: `{c.fn}({counter.id}, ..., who: p)`")

    def _starts_turn(self, proc: str, seen: set[str]) -> bool:
        if proc in self.turns:
            return self.turns[proc]
        if proc in seen:
            return False
        seen.add(proc)
        sym = self.lw.sym(proc)
        found = False
        if sym is not None and sym.category == "procedure":
            for call in _calls(sym.decl.body):
                if call == "start_turn" or self._starts_turn(call, seen):
                    found = True
                    break
        self.turns[proc] = found
        return found

    # ---- expressions -----------------------------------------------------------------
    def _expr(self, e, where: _Where, bound: set[str]) -> None:
        if e is None or isinstance(e, str):
            return
        if isinstance(e, ast.Name):
            self._name(e, where, bound)
            return
        if isinstance(e, ast.Text):
            for p in e.parts:
                self._expr(p, where, bound)
            return
        if isinstance(e, ast.Aggregate):
            self._expr(e.coll, where, bound)
            inner = bound | ({e.var} if e.var else set())
            self._expr(e.where, where, inner)
            self._expr(e.value, where, inner)
            return
        if isinstance(e, ast.Attr):
            if isinstance(e.obj, ast.Name) and e.obj.id == "me" and "me" not in bound:
                # `me` alone may be passed or compared (none); reading from it is the error
                self._report(where, e.obj.span, "E421",
                             f"`me.{e.name}` in {where.said}: `me` is none, no player is acting here",
                             f"name the player: `p.{e.name}` in `for p in players() {{ ... }}`, "
                             f"or `player(0).{e.name}`")
                return
            self._expr(e.obj, where, bound)
            return
        if isinstance(e, ast.KwArg):
            self._expr(e.value, where, bound)
            return
        if isinstance(e, ast.Node):
            for f in dataclasses.fields(e):
                if f.name == "span":
                    continue
                v = getattr(e, f.name)
                for x in (v if isinstance(v, list) else [v]):
                    if isinstance(x, ast.Node):
                        self._expr(x, where, bound)

    def _name(self, e: ast.Name, where: _Where, bound: set[str]) -> None:
        if e.id in bound:
            return
        sym = self.lw.sym(e.id)
        if sym is not None and sym.category == "zone" and getattr(sym.decl, "scope", None):
            self._report(where, e.span, "E421",
                         f"`{e.id}` is a zone of each player, and in {where.said} no player is acting, "
                         f"so it names none of them",
                         f"name the player's zone: `p.{e.id}` (`for p in players() {{ ... }}`) or "
                         f"`player(0).{e.id}`")

    def _report(self, where: _Where, span: Span, code: str, message: str, hint: str) -> None:
        if where.file in self.lw.p.ok_files:
            self.lw.report.add(Diagnostic(where.file, span, "error", code, message, hint))


def _per_player(decl) -> bool:
    return isinstance(decl, ast.ResourceDecl) or bool(getattr(decl, "scope", None))


def _calls(stmts) -> list[str]:
    """The names called as statements anywhere in these statements."""
    return [n.call.fn for n in ast.walk(list(stmts)) if isinstance(n, ast.CallStmt)]


def _asks_who_acts(test) -> bool:
    """A test that reads `me` or `current_player()`: code that checks for an acting player."""
    return any(isinstance(n, ast.Name) and n.id == "me" or isinstance(n, ast.Call) and n.fn == "current_player"
               for n in ast.walk(test))


def _short(path: str) -> str:
    return path.rsplit("/", 1)[-1]
