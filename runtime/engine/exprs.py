"""Compile IR expressions into Python closures ``f(m, loc) -> value``.

Closures live in the ``Rules`` (never in the state): walking the JSON tree on
every read would re-dispatch on ``"op"`` strings each time, a closure does it
once at load. ``m`` is the machine (rules, layout, state), ``loc`` the
frame's locals.
"""

from __future__ import annotations

import operator
from typing import Any, Callable

from . import access
from waybill.spec.errors import RuleError
from waybill.spec.messages import chain, hole_names
from .ordering import order_key
from .limits import MAX_INT, check_count, check_int, check_size, flat_enough, over_message, spend

Fn = Callable[[Any, dict], Any]

_FALLBACK = ("me", "self", "owner")


def const(v: Any) -> Fn:
    return lambda m, loc: v


def compile_expr(e: Any, rules: Any, at: str | None = None) -> Fn:
    """Compile one expression; ``at`` names its source for error messages."""
    if type(e) is not dict:
        if type(e) is int and not -MAX_INT <= e <= MAX_INT:
            check_int(e, at)     # an IR from elsewhere: refused at load
        return const(e)
    at = rules.where(e.get("at")) or at
    op = e.get("op")
    maker = _OPS.get(op)
    if maker is None:
        raise RuleError(f"unknown expression op {op!r}", at)
    return maker(e, rules, at)


def _var(e: dict, rules: Any, at: str | None) -> Fn:
    name = e["name"]

    def f(m, loc):
        try:
            return loc[name]
        except KeyError:
            if name == "me":
                return access.me_of(m, loc)
            if name in _FALLBACK:
                return None
            raise RuleError(f"unknown name {name!r}", at) from None
    return f


def _ref(e: dict, rules: Any, at: str | None) -> Fn:
    ns, rid = e["ns"], e["id"]
    if ns == "counter":
        decl = rules.counters.get(rid)
        if decl is None:
            raise RuleError(f"unknown counter {rid!r}", at)
        if decl["scope"] == "player":
            return const(rid)        # names the counter; read it via a player
        return lambda m, loc: m.st.counters[m.L.cslot[(rid, None)]]
    if ns == "zone":
        return _zone_ref(rid, rules, at)
    if ns == "entity":
        return const({"entity": rid})
    if ns == "track":
        return const(list(rules.tracks[rid]))
    return const(rid)


def _zone_ref(rid: str, rules: Any, at: str | None) -> Fn:
    decl = rules.zones.get(rid)
    if decl is None:
        raise RuleError(f"unknown zone {rid!r}", at)
    if decl.get("_space"):
        return const(rid)
    if decl["scope"] == "global":
        return const({"zone": rid, "of": None})

    def f(m, loc):
        me = access.me_of(m, loc)
        if me is None:
            raise RuleError(f"zone {rid!r} is per player and no player is acting", at)
        return {"zone": rid, "of": me["player"]}
    return f


def _attr(e: dict, rules: Any, at: str | None) -> Fn:
    of, name = compile_expr(e["of"], rules, at), e["name"]
    get = access.get_attr
    if "else" not in e:
        return lambda m, loc: get(m, of(m, loc), name)
    other, has = compile_expr(e["else"], rules, at), access.piece_has_attr

    def or_else(m, loc):  # `x.name ?? other`
        v = of(m, loc)
        if type(v) is dict and "piece" in v and not has(m, v["piece"], name):
            return other(m, loc)
        got = get(m, v, name)
        return other(m, loc) if got is None else got
    return or_else


def _index(e: dict, rules: Any, at: str | None) -> Fn:
    of, ix = compile_expr(e["of"], rules, at), compile_expr(e["index"], rules, at)

    def f(m, loc):
        items, i = access.as_list(m, of(m, loc), loc), ix(m, loc)
        return items[i] if -len(items) <= i < len(items) else None
    return f


def checked_div(a: int, b: int) -> int:
    if b == 0:
        raise RuleError("division by zero")
    return a // b


def checked_mod(a: int, b: int) -> int:
    if b == 0:
        raise RuleError("division by zero")
    return a % b


# Arithmetic keeps every number JSON-safe (within ±(2^53 - 1)): a product of two
# big numbers, or a doubling in a loop, is stopped where it is made, before
# it can reach the state. Lists and texts joined or repeated are sized
# first (`[0] * n` would take the memory before a later check could look).

def checked_add(a: Any, b: Any) -> Any:
    r = a + b
    if type(r) is int:
        if -MAX_INT <= r <= MAX_INT:
            return r
        return check_int(r)
    return r


def checked_sub(a: Any, b: Any) -> Any:
    r = a - b
    if type(r) is int and not -MAX_INT <= r <= MAX_INT:
        return check_int(r)
    return r


def checked_mul(m: Any, a: Any, b: Any, at: str | None) -> Any:
    if type(a) is int and type(b) is int:
        r = a * b
        if -MAX_INT <= r <= MAX_INT:
            return r
        return check_int(r, at)
    # a list or text repeated is sized before any memory is spent on it
    seq, n = (a, b) if type(a) is list or type(a) is str else (b, a)
    if type(seq) is list and type(n) is int:
        check_count(m, len(seq) * n, at)
        return seq * n
    if type(seq) is str and type(n) is int:
        size = len(seq) * max(n, 0)
        if size > m.budget.max_text:
            raise RuleError(f"a text of {size} characters: {over_message('text', m.budget.limits['text'])}", at)
        spend(m, size >> 4, at)
        return seq * n
    r = a * b
    return check_int(r, at) if type(r) is int else r


_BIN: dict[str, Callable[[Any, Any], Any]] = {
    "+": checked_add, "-": checked_sub, "/": checked_div, "%": checked_mod,
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
    ">": operator.gt, ">=": operator.ge,
}


def _bin(e: dict, rules: Any, at: str | None) -> Fn:
    o = e["o"]
    lf, rf = compile_expr(e["l"], rules, at), compile_expr(e["r"], rules, at)
    if o == "and":
        return lambda m, loc: bool(lf(m, loc)) and bool(rf(m, loc))
    if o == "or":
        return lambda m, loc: bool(lf(m, loc)) or bool(rf(m, loc))
    if o == "in":
        return lambda m, loc: lf(m, loc) in access.walked(m, rf(m, loc), loc)
    if o == "not in":
        return lambda m, loc: lf(m, loc) not in access.walked(m, rf(m, loc), loc)
    if o == "*":
        return lambda m, loc: checked_mul(m, lf(m, loc), rf(m, loc), at)
    fn = _BIN.get(o)
    if fn is None:
        raise RuleError(f"unknown operator {o!r}", at)
    mid = _built_id(rules, e) if o == "+" else None
    if mid is not None:     # text built with `+`: data
        return built(chain(e), mid, rules, at, joined=True)
    if o == "+" and type(e["r"]) is int:
        c = e["r"]     # `x + 1`: never a list or a text
        return lambda m, loc: checked_add(lf(m, loc), c)
    if o == "+":       # may join two lists or two texts: sized
        def joined(m, loc):
            a, b = lf(m, loc), rf(m, loc)
            try:
                r = fn(a, b)
            except TypeError:
                r = access.join_texts(m, a, b)
                if r is None:
                    raise
                return r
            if type(r) is list or type(r) is str:
                check_size(m, r, at)
            return r
        return joined
    if o == "==" or o == "!=":
        return _equal(e, lf, rf, o == "==")
    if type(e["r"]) is not dict:
        # `x.cost > 3`, `p.score >= 0`: a constant right side is read once, here
        c = e["r"]
        return lambda m, loc: fn(lf(m, loc), c)
    return lambda m, loc: fn(lf(m, loc), rf(m, loc))


def _equal(e: dict, lf: Fn, rf: Fn, eq: bool) -> Fn:
    """`==` (``eq``) or `!=`: equal as data, or a text naming what a string
    says in the source: a literal by the keys the compiler resolved it to
    (the node's ``said``, access.text_is: `x.name == "Bandit"`), a string
    held in a variable by the pack's source words (access.text_equal)."""
    said = e.get("said")
    if said is not None:
        keys, is_ = frozenset(said), access.text_is
        lit_left = type(e["l"]) is str
        c = e["l"] if lit_left else e["r"]
        vf = rf if lit_left else lf
        if eq:
            return lambda m, loc: (v := vf(m, loc)) == c or is_(m, v, c, keys)
        return lambda m, loc: (v := vf(m, loc)) != c and not is_(m, v, c, keys)
    same = access.text_equal
    if type(e["r"]) is not dict:
        c = e["r"]      # a constant right side is read once, here
        if eq:
            return lambda m, loc: (v := lf(m, loc)) == c or same(m, v, c)
        return lambda m, loc: (v := lf(m, loc)) != c and not same(m, v, c)
    if eq:
        return lambda m, loc: (a := lf(m, loc)) == (b := rf(m, loc)) or same(m, a, b)
    return lambda m, loc: (a := lf(m, loc)) != (b := rf(m, loc)) and not same(m, a, b)


def _not(e: dict, rules: Any, at: str | None) -> Fn:
    x = compile_expr(e["x"], rules, at)
    return lambda m, loc: not x(m, loc)


def _neg(e: dict, rules: Any, at: str | None) -> Fn:
    x = compile_expr(e["x"], rules, at)
    return lambda m, loc: checked_sub(0, x(m, loc))


def _list(e: dict, rules: Any, at: str | None) -> Fn:
    items = [compile_expr(i, rules, at) for i in e["items"]]

    return lambda m, loc: flat_enough(m, [f(m, loc) for f in items], at)


def _range(e: dict, rules: Any, at: str | None) -> Fn:
    lo, hi = compile_expr(e["lo"], rules, at), compile_expr(e["hi"], rules, at)

    def f(m, loc):
        a, b = lo(m, loc), hi(m, loc)
        if type(a) is not int or type(b) is not int:
            raise RuleError(f"a range needs two numbers, got {a!r}..{b!r}", at)
        check_count(m, b - a + 1, at)    # refused before the list is built
        return list(range(a, b + 1))
    return f


def _cond(e: dict, rules: Any, at: str | None) -> Fn:
    c = compile_expr(e["if"], rules, at)
    t, f = compile_expr(e["then"], rules, at), compile_expr(e.get("else"), rules, at)
    return lambda m, loc: t(m, loc) if c(m, loc) else f(m, loc)


def _call(e: dict, rules: Any, at: str | None) -> Fn:
    from .functions import IMPLS
    name = e["fn"]
    impl = IMPLS.get(name)
    if impl is None:
        raise RuleError(f"unknown function {name!r}", at)
    args = [compile_expr(a, rules, at) for a in e.get("args", [])]
    if not args:
        return lambda m, loc: impl(m, loc)
    if len(args) == 1:
        a0 = args[0]
        return lambda m, loc: impl(m, loc, a0(m, loc))
    return lambda m, loc: impl(m, loc, *[a(m, loc) for a in args])


def _quantity(e: dict, rules: Any, at: str | None) -> Fn:
    from .modifiers import quantity_value
    qid = e["id"]
    if qid not in rules.quantities:
        raise RuleError(f"unknown quantity {qid!r}", at)
    args = [compile_expr(a, rules, at) for a in e.get("args", [])]

    def f(m, loc):
        # a quantity may read quantities: each reading is charged (about
        # what four instructions cost), so one that reads itself twice per
        # level runs out of steps
        b = m.budget
        b.steps -= 4
        if b.steps < 0:
            b.exhausted("steps", at)
        v = quantity_value(m, loc, qid, [a(m, loc) for a in args])
        if type(v) is int and not -MAX_INT <= v <= MAX_INT:
            check_int(v, at)
        return v
    return f


def _agg(e: dict, rules: Any, at: str | None) -> Fn:
    fn, var = e["fn"], e["var"]
    coll = compile_expr(e["in"], rules, at)
    where = compile_expr(e["where"], rules, at) if e.get("where") is not None else None
    value = compile_expr(e["value"], rules, at) if e.get("value") is not None else None
    if fn in ("any", "all") and value is None:
        where, value = None, where   # `all x in S where P` means every x satisfies P
    loop = _AGG.get(fn)
    if loop is None:
        raise RuleError(f"unknown aggregate {fn!r}", at)
    if e.get("by") is not None:
        loop = _sorted_by(compile_expr(e["by"], rules, at))

    def f(m, loc):
        items = access.walked(m, coll(m, loc), loc)
        saved = loc.get(var, _MISSING)
        try:
            return loop(m, loc, var, items, where, value)
        finally:
            if saved is _MISSING:
                loc.pop(var, None)
            else:
                loc[var] = saved
    return f


def _each(m: Any, loc: dict, var: str, items: list, where: Fn | None, value: Fn | None):
    """The values (or the items) of every item that passes ``where``."""
    for x in items:
        loc[var] = x
        if where is None or where(m, loc):
            yield value(m, loc) if value is not None else x


def _any(m, loc, var, items, where, value) -> bool:
    # stops at the first true value: `any` over a deck must not read every card
    return any(_each(m, loc, var, items, where, value))


def _all(m, loc, var, items, where, value) -> bool:
    return all(_each(m, loc, var, items, where, value))


def _count(m, loc, var, items, where, value) -> int:
    return sum(1 for _ in _each(m, loc, var, items, where, value))


def _sum(m, loc, var, items, where, value):
    total = sum(_each(m, loc, var, items, where, value))
    if type(total) is int and not -MAX_INT <= total <= MAX_INT:
        check_int(total)
    return total


def _min(m, loc, var, items, where, value):
    return min(_each(m, loc, var, items, where, value), default=None)


def _max(m, loc, var, items, where, value):
    return max(_each(m, loc, var, items, where, value), default=None)


_MISSING = object()

def _collect(m, loc, var, items, where, value) -> list:
    return flat_enough(m, list(_each(m, loc, var, items, where, value)))


def _sorted_by(key: Fn) -> Callable[..., list]:
    """`[each c in xs where P by K: V]`: the items that pass, ordered by K
    (lowest first; equal keys keep the items' order), each as V (or itself)."""
    def loop(m, loc, var, items, where, value) -> list:
        keyed = []
        for x in items:
            loc[var] = x
            if where is None or where(m, loc):
                keyed.append((order_key(key(m, loc)), value(m, loc) if value is not None else x))
        keyed.sort(key=lambda kv: kv[0])
        return flat_enough(m, [v for _, v in keyed])
    return loop


_AGG: dict[str, Callable[..., Any]] = {
    "count": _count, "sum": _sum, "min": _min, "max": _max, "any": _any, "all": _all, "list": _collect,
}


def _built_id(rules: Any, e: dict) -> str | None:
    """The message of text built by ``e`` (spec/messages.py), if it builds one."""
    msgs = getattr(rules, "messages", None)     # (rules made by hand for a test may have none)
    return msgs.of(e) if msgs is not None else None


def _text(e: dict, rules: Any, at: str | None) -> Fn:
    mid = _built_id(rules, e)
    if mid is not None:
        return built(e["parts"], mid, rules, at)
    parts = [p if type(p) is str else compile_expr(p, rules, at) for p in e["parts"]]

    def f(m, loc):
        out = "".join(p if type(p) is str else access.text_of(m, p(m, loc)) for p in parts)
        if len(out) > 64:
            check_size(m, out, at)    # a text doubled in a loop stops at the text limit
        return out
    return f


def built(parts: list, mid: str, rules: Any, at: str | None, joined: bool = False) -> Fn:
    """Text built with holes or ``+`` (message ``mid``, spec/messages.py), as
    data: ``{"text": mid, variable: value, ...}`` (access.built_text).
    A hole ``text_of(x)`` keeps ``x`` itself: the text names it anyway.
    ``joined`` (a `+` chain): every other part must be text already, as `+`
    joins texts only (``"Pile " + 3`` is an error: ``text_of(3)``)."""
    holes = []
    for p, name in zip(parts, hole_names(parts)):
        if name is None:
            continue
        named = type(p) is dict and p.get("op") == "call" and p.get("fn") == "text_of" and len(p.get("args") or []) == 1
        # (a variable called `text` is kept as "@text": "text" names the message)
        holes.append(("@text" if name == "text" else name, compile_expr(p["args"][0] if named else p, rules, at),
                      joined and not named))
    frozen, made = access.frozen, access.built_text

    def f(m, loc):
        args: dict = {}
        for name, fn, text_only in holes:
            v = fn(m, loc)
            if text_only and type(v) is not str and not (type(v) is dict and "text" in v):
                raise RuleError(f"`+` joins texts, not {'none' if v is None else repr(v)} (write text_of(...) to name it)", at)
            args[name] = frozen(m, v) if type(v) in (dict, list) else v
        return made(m, mid, args)
    return f


_OPS: dict[str, Callable[[dict, Any, Any], Fn]] = {
    "var": _var, "ref": _ref, "attr": _attr, "index": _index, "bin": _bin,
    "not": _not, "neg": _neg, "list": _list, "range": _range, "cond": _cond,
    "call": _call, "quantity": _quantity, "agg": _agg, "text": _text,
}
