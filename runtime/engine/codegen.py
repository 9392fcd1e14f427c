"""Compile IR Blocks into flat instruction lists (``rules.codes[code_id]``).

Structured statements become jumps: ``if`` is a conditional jump over the
then-branch; loops are an init instruction, a test-and-advance instruction
and a jump back; ``break`` is a jump to the loop's end. Each instruction is
``(run, at, answer)`` (see interpreter.py). Labels are resolved after the
whole block is laid out, then each factory is called with plain ints.

An instruction's arguments are named once, by its factory's parameters
(``instructions.prim(impl, args, into)``): the builder keeps them as a named
tuple of that shape (``shape``), which the compiled engine's generator reads
by name (``args.impl``), never by position.
"""

from __future__ import annotations

import inspect
from collections import namedtuple
from typing import Any, Callable

from . import decisions as D
from . import instructions as I
from waybill.spec.errors import RuleError
from .exprs import compile_expr, const
from waybill.spec.signatures import PRIMITIVES
from .english import DEFAULT_PROMPTS
from .said import compile_said

_REF_TYPES = frozenset(("counter", "die", "table", "kind", "region", "space", "track"))


_SHAPES: dict[Callable, type] = {}


def shape(factory: Callable) -> type:
    """The arguments of ``factory``'s instructions as a named tuple type, its
    fields the factory's parameters (their defaults too), made once."""
    got = _SHAPES.get(factory)
    if got is None:
        params = inspect.signature(factory).parameters.values()
        defaults = [p.default for p in params if p.default is not inspect.Parameter.empty]
        got = _SHAPES[factory] = namedtuple(f"{factory.__name__}_args", [p.name for p in params],
                                            defaults=defaults or None)
    return got


class Label:
    __slots__ = ("pc",)

    def __init__(self) -> None:
        self.pc = -1


class Builder:
    def __init__(self, rules: Any, code_id: str):
        self.rules = rules
        self.code_id = code_id
        # (factory, at, its arguments as ``shape(factory)``, decision)
        self.items: list[tuple[Callable, str | None, tuple, bool]] = []
        self.loops: list[Label] = []
        # closure id -> the IR it was compiled from, kept only when the
        # compiled engine (pygen.py) will generate Python from this block
        self.exprs: dict[int, Any] | None = {} if rules.builders is not None else None

    # --- layout ----------------------------------------------------------------

    @property
    def pc(self) -> int:
        return len(self.items)

    def add(self, factory: Callable, at: str | None, *args: Any, decision: bool = False) -> int:
        self.items.append((factory, at, shape(factory)(*args), decision))
        return len(self.items) - 1

    def place(self, label: Label) -> None:
        label.pc = self.pc

    def finish(self) -> list[tuple]:
        out = []
        for factory, at, args, decision in self.items:
            built = factory(*[_resolve(a) for a in args])
            out.append((built[0], at, built[1]) if decision else (built, at, None))
        return out

    # --- expressions -------------------------------------------------------------

    def x(self, e: Any, at: str | None) -> Callable:
        fn = compile_expr(e, self.rules, at)
        if self.exprs is not None:
            self.exprs[id(fn)] = (e, at, fn)
        return fn

    def k(self, v: Any) -> Callable:
        """A constant argument (a declared thing named by its id)."""
        fn = const(v)
        if self.exprs is not None:
            self.exprs[id(fn)] = (v, None, fn)
        return fn

    def opt(self, e: Any, at: str | None) -> Callable | None:
        return None if e is None else self.x(e, at)

    # --- statements ----------------------------------------------------------------

    def block(self, stmts: list) -> None:
        for s in stmts or []:
            at = self.rules.where(s.get("at"))
            handler = _STATEMENTS.get(s.get("do"))
            if handler is None:
                raise RuleError(f"unknown statement {s.get('do')!r}", at)
            handler(self, s, at)


def _resolve(a: Any) -> Any:
    if isinstance(a, Label):
        return a.pc
    if type(a) is list:
        return [_resolve(x) for x in a]
    return a


def compile_code(rules: Any, code_id: str, block: list, name: str) -> None:
    b = Builder(rules, code_id)
    rules.names[code_id] = name
    b.block(block)
    b.add(I.ret, None, None)
    rules.codes[code_id] = b.finish()
    if rules.builders is not None:
        rules.builders[code_id] = b


# --- statement compilers ----------------------------------------------------------

def _prim(b: Builder, s: dict, at: str | None) -> None:
    from .primitives import IMPLS
    name = s["name"]
    sig = PRIMITIVES.get(name)
    if sig is None or name not in IMPLS:
        raise RuleError(f"unknown primitive {name!r}", at)
    raw = s.get("args") or []
    if len(raw) > sig.max_args:
        raise RuleError(f"{name} takes at most {sig.max_args} arguments", at)
    args = [_arg(b, a, p.type, at) for a, p in zip(raw, sig.params)]
    b.add(I.prim, at, IMPLS[name], args, s.get("into"))


def _arg(b: Builder, e: Any, ptype: str, at: str | None) -> Callable:
    """Arguments of a declared-thing type name it: a ``ref`` gives its id."""
    if ptype in _REF_TYPES and type(e) is dict and e.get("op") == "ref":
        return b.k(e["id"])
    return b.x(e, at)


def _call(b: Builder, s: dict, at: str | None) -> None:
    proc = b.rules.procedures.get(s["proc"])
    if proc is None:
        raise RuleError(f"unknown procedure {s['proc']!r}", at)
    params = [p["name"] for p in proc.get("params") or []]
    args = s.get("args") or []
    if isinstance(args, dict):      # accept args by parameter name as well
        args = [args.get(p) for p in params]
    b.add(I.call, at, s["proc"], params, [b.x(a, at) for a in args], s.get("into"))


def _let(b: Builder, s: dict, at: str | None) -> None:
    b.add(I.let, at, s["name"], b.x(s["value"], at))


def _set(b: Builder, s: dict, at: str | None) -> None:
    t, value = s["target"], b.x(s["value"], at)
    op = t.get("op") if type(t) is dict else None
    if op == "var":
        b.add(I.let, at, t["name"], value)
    elif op == "attr":
        b.add(I.set_attr, at, b.x(t["of"], at), t["name"], value)
    elif op == "ref" and t.get("ns") == "counter":
        b.add(I.set_counter, at, t["id"], value)
    else:
        raise RuleError("cannot assign to this target", at)


def _if(b: Builder, s: dict, at: str | None) -> None:
    other, end = Label(), Label()
    b.add(I.jump_if_not, at, b.x(s["cond"], at), other)
    b.block(s.get("then"))
    if s.get("else"):
        b.add(I.jump, at, end)
        b.place(other)
        b.block(s["else"])
        b.place(end)
    else:
        b.place(other)


def _loop(b: Builder, at: str | None, init: Callable, init_args: tuple, test: Callable,
          test_args: Callable[[int, Label], tuple], body: list) -> None:
    end = Label()
    k = b.add(init, at, *init_args(b.pc) if callable(init_args) else init_args)
    top = b.add(test, at, *test_args(k, end))
    b.loops.append(end)
    b.block(body)
    b.loops.pop()
    b.add(I.jump, at, top)
    b.place(end)


def _for(b: Builder, s: dict, at: str | None) -> None:
    coll, where = b.x(s["in"], at), b.opt(s.get("where"), at)
    _loop(b, at, I.for_init, lambda k: (k, coll), I.for_next,
          lambda k, end: (k, s["var"], where, end), s.get("body"))


def _repeat(b: Builder, s: dict, at: str | None) -> None:
    count = b.x(s["count"], at)
    _loop(b, at, I.repeat_init, lambda k: (k, count, at), I.repeat_next,
          lambda k, end: (k, end), s.get("body"))


def _while(b: Builder, s: dict, at: str | None) -> None:
    cond = b.x(s["cond"], at)
    _loop(b, at, I.while_init, lambda k: (k,), I.while_test,
          lambda k, end: (k, cond, end, at), s.get("body"))


def _break(b: Builder, s: dict, at: str | None) -> None:
    if not b.loops:
        raise RuleError("break outside a loop", at)
    b.add(I.jump, at, b.loops[-1])


def _return(b: Builder, s: dict, at: str | None) -> None:
    b.add(I.ret, at, b.opt(s.get("value"), at))


def _emit(b: Builder, s: dict, at: str | None) -> None:
    args = s.get("args") or {}
    b.add(I.emit, at, s["event"], {k: b.x(v, at) for k, v in args.items()})


def _require(b: Builder, s: dict, at: str | None) -> None:
    b.add(I.require, at, b.x(s["expr"], at), s.get("message"), b.rules.messages.of(s))


def _log(b: Builder, s: dict, at: str | None) -> None:
    b.add(I.log, at, compile_said(b.rules, s, s["text"], at))


def _table(b: Builder, s: dict, at: str | None) -> None:
    t = s["table"]
    tid = t["id"] if type(t) is dict and t.get("op") == "ref" else t
    b.add(I.table, at, tid, b.x(s["value"], at), at)


# --- decisions ------------------------------------------------------------------

def _by(b: Builder, s: dict, at: str | None) -> Callable | None:
    return b.opt(s.get("by"), at)


def _prompt(b: Builder, s: dict, at: str | None, default: str) -> Callable:
    """The prompt as `text.Said`: its words, and its message id (a decision
    without a prompt has one too: its options are named after it)."""
    return compile_said(b.rules, s, s.get("prompt"), at, default)


def _act(b: Builder, s: dict, at: str | None) -> None:
    b.add(D.act, at, _by(b, s, at), frozenset(s.get("tags") or []), bool(s.get("optional")),
          s.get("into"), _prompt(b, s, at, DEFAULT_PROMPTS["act"]), decision=True)


def _choose(b: Builder, s: dict, at: str | None) -> None:
    mode = s.get("mode", "one")
    options = s.get("options") or []
    end = Label()
    k = b.pc
    if mode == "any":
        b.add(D.choose_start, at, k + 1)
    post = b.pc
    targets = [Label() for _ in options]
    # each line as `said.Said`: its words, and the values of its holes (kept with the option)
    compiled = [(compile_said(b.rules, o, o["label"], at), b.opt(o.get("when"), at)) for o in options]
    b.add(D.choose, at, post, _by(b, s, at), _prompt(b, s, at, DEFAULT_PROMPTS["choose"]), compiled, targets,
          mode, end, decision=True)
    for o, target in zip(options, targets):
        b.place(target)
        b.block(o.get("body"))
        b.add(I.jump, at, post if mode == "any" else end)
    b.place(end)


def _pick(b: Builder, s: dict, at: str | None) -> None:
    if s.get("each") is not None:
        _each(b, s, at, "pick", D.each_pick(b.x(s["from"], at), b.opt(s.get("where"), at), s.get("var")))
        return
    k = b.pc
    b.add(D.pick_start, at, k, b.x(s["from"], at), b.opt(s.get("where"), at), s.get("var"),
          b.opt(s.get("count"), at))
    b.add(D.pick, at, k, _by(b, s, at), _prompt(b, s, at, DEFAULT_PROMPTS["pick"]), bool(s.get("up_to")),
          s.get("into"), decision=True)


def _amount(b: Builder, s: dict, at: str | None) -> None:
    if s.get("each") is not None:
        _each(b, s, at, "amount", D.each_amount(b.x(s["lo"], at), b.x(s["hi"], at), at))
        return
    b.add(D.amount, at, _by(b, s, at), _prompt(b, s, at, DEFAULT_PROMPTS["amount"]), b.x(s["lo"], at),
          b.x(s["hi"], at), s.get("into"), at, decision=True)


def _each(b: Builder, s: dict, at: str | None, kind: str, ask: Callable) -> None:
    """`let x = choose each p in SEATS ...` (decisions.each_start, each)."""
    k = b.pc
    e = s["each"]
    b.add(D.each_start, at, k, b.x(e["seats"], at), e["var"], ask, at)
    b.add(D.each, at, k, kind, e["var"], _prompt(b, s, at, DEFAULT_PROMPTS[kind]),
          s.get("into"), decision=True)


def _order(b: Builder, s: dict, at: str | None) -> None:
    k = b.pc
    b.add(D.order_start, at, k, b.x(s["from"], at))
    b.add(D.order, at, k, _by(b, s, at), _prompt(b, s, at, DEFAULT_PROMPTS["order"]), s.get("into"),
          decision=True)


def _may(b: Builder, s: dict, at: str | None) -> None:
    no, end = Label(), Label()
    b.add(D.may, at, _by(b, s, at), _prompt(b, s, at, DEFAULT_PROMPTS["may"]), no, decision=True)
    b.block(s.get("body"))
    if s.get("else"):
        b.add(I.jump, at, end)
        b.place(no)
        b.block(s["else"])
        b.place(end)
    else:
        b.place(no)


_STATEMENTS: dict[str, Callable[[Builder, dict, Any], None]] = {
    "prim": _prim, "call": _call, "let": _let, "set": _set, "if": _if, "for": _for,
    "repeat": _repeat, "while": _while, "break": _break, "return": _return, "emit": _emit,
    "require": _require, "log": _log, "table": _table, "act": _act, "choose": _choose,
    "pick": _pick, "amount": _amount, "order": _order, "may": _may,
}
