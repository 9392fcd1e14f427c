"""Instructions written inline by the generator (DESIGN.md, principle 2):
one writer per instruction of instructions.py that a segment runs as
Python of its own (``_INLINE``: `let`, `set`, a counter's store, `if`'s
test, `while`'s test, a primitive, `require`, `emit`, `log`; ``_NATIVE``:
the steps of a loop that are not a Python loop). A writer appends the
lines that do what the interpreter's instruction does, through the same
helpers (pyhelpers.py), so the same events are logged in the same order
and the same steps charged; ``(g, out, args, at, pc, n)``: the generator,
the lines so far, the instruction's named arguments (codegen.py), its
place, its pc and the count of instructions run when it is reached.
"""

from __future__ import annotations

from typing import Any, Callable

from ..engine import decisions as D
from ..engine import instructions as I
from ..engine import primitives as P

# instructions after which the frame is left, or the pc set from outside
ENDS = (I.jump, I.call, I.ret, I.table, I.for_init, I.for_next, I.repeat_init, I.repeat_next,
         I.while_init)
ENDS_GAME = (P.win, P.end_game)
# instructions (not written inline) that only set the frame's locals: the
# segment goes on after them
SETS_LOCALS = frozenset((D.pick_start, D.order_start, D.choose_start))


def pc_of(t: Any) -> int:
    return t.pc if hasattr(t, "pc") else t


def _let(g: Any, out: list, args: tuple, at: Any, pc: int, n: int) -> None:
    name, value = args.name, args.value
    v = g.x(value)
    out.append(f"    loc[{g.k(name)}] = {g.kept(name)}{v}")


def _set_attr(g: Any, out: list, args: tuple, at: Any, pc: int, n: int) -> None:
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


def _store(g: Any, out: list, slot: str, spec: tuple) -> None:
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


def _set_counter_i(g: Any, out: list, args: tuple, at: Any, pc: int, n: int) -> None:
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


def _jump_if_not(g: Any, out: list, args: tuple, at: Any, pc: int, n: int) -> None:
    cond, target = args.cond, args.target
    out.append(f"    if not {g.x(cond)}:")
    out.append(f"        fr[\"pc\"] = {pc_of(target)}")
    out.append(f"        return {n}")


def _arg_slot(g: Any, arg: Any) -> str | None:
    """The layout lookup of a primitive's zone argument when the IR names a
    constant zone (see ``Reads._const_slot``), else None."""
    known = g.b.exprs.get(id(arg))
    return g._const_slot(known[0]) if known is not None else None


def _prim(g: Any, out: list, args: tuple, at: Any, pc: int, n: int) -> None:
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
    line = f"loc[{g.k(into)}] = {g.kept(into)}{call}" if into is not None else call
    if impl is P.pay:
        g._stopping(out, [line], at, n)
    else:
        out.append("    " + line)
    if impl in ENDS_GAME:
        out.append(f"    fr[\"pc\"] = {pc + 1}")
        out.append(f"    return {n}")
    if not _quiet(g, impl):
        g._queued(out, pc + 1, n)


# the events a primitive may emit, for those that emit nothing else
_EMITS = {P.gain: ("gained",), P.lose: ("lost",), P.pay: ("paid",), P.move: ("moved",), P.draw: ("moved",),
          P.move_all: ("moved",), P.destroy: ("moved",)}


def _quiet(g: Any, impl: Callable) -> bool:
    """Whether a primitive cannot queue a trigger: no trigger listens to
    what it emits (then no check of the queue need follow it)."""
    emits = _EMITS.get(impl)
    return emits is not None and not any(g.rules.triggers.get(e) for e in emits)


def _move_inline(g: Any, out: list, xs: list) -> bool:
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


def _require(g: Any, out: list, args: tuple, at: Any, pc: int, n: int) -> None:
    cond, message, mid = args.cond, args.message, args.msg
    text = g.k(message or "requirement not met")
    key = g.k(mid if message else "engine-requirement")
    g._stopping(out, [f"if not {g.x(cond)}:", f"    raise _Stop({text}, {key})"], at, n)


def _emit(g: Any, out: list, args: tuple, at: Any, pc: int, n: int) -> None:
    event, xs = args.event, args.args
    body = ", ".join(f"{g.k(k)}: {g.x(a)}" for k, a in xs.items())
    out.append(f"    _em(m, {g.k(event)}, {{{body}}})")
    g._queued(out, pc + 1, n)


def _while_test(g: Any, out: list, args: tuple, at: Any, pc: int, n: int) -> None:
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
    out.extend("    " + line for line in g.goto(pc_of(end), pc))


def _log(g: Any, out: list, args: tuple, at: Any, pc: int, n: int) -> None:
    out.append(f"    _say(m, {g.x(args.text)})")


def _for_init(g: Any, out: list, args: tuple, at: Any, pc: int, n: str) -> None:
    """instructions.for_init of a loop not run as a Python loop: the snapshot."""
    k, coll = args.k, args.coll
    out.append(f"    loc[{g.k(f'${k}l')}] = {g._for_snapshot(coll)}")
    out.append(f"    loc[{g.k(f'${k}i')}] = 0")


def _for_next(g: Any, out: list, args: tuple, at: Any, pc: int, n: str) -> None:
    """instructions.for_next: the next item its `where` lets through (the
    filter generated here), or on past the loop's end."""
    k, var, where, end = args.k, args.var, args.where, args.end
    lk, ik = g.k(f"${k}l"), g.k(f"${k}i")
    out.append(f"    _it = loc[{lk}]")
    out.append(f"    _i = loc[{ik}]")
    out.append("    while True:")
    out.append("        if _i >= len(_it):")
    out.append(f"            del loc[{lk}], loc[{ik}]")
    out.extend("        " + line for line in g.goto(pc_of(end), pc))
    out.append(f"        loc[{g.k(var)}] = {g.kept(var)}_it[_i]")
    out.append("        _i += 1")
    if where is not None:
        out.append(f"        if {g.x(where)}:")
        out.append("            break")
    else:
        out.append("        break")
    out.append(f"    loc[{ik}] = _i")


def _repeat_init(g: Any, out: list, args: tuple, at: Any, pc: int, n: str) -> None:
    k, count, rat = args.k, args.count, args.at
    out.append(f"    loc[{g.k(f'${k}n')}] = _rc({g.x(count)}, {g.k(rat)})")


def _repeat_next(g: Any, out: list, args: tuple, at: Any, pc: int, n: str) -> None:
    k, end = args.k, args.end
    nk = g.k(f"${k}n")
    out.append(f"    _r = loc[{nk}]")
    out.append("    if _r < 1:")     # (an int: repeat_count checked it)
    out.append(f"        del loc[{nk}]")
    out.extend("    " + line for line in g.goto(pc_of(end), pc))
    out.append("    _r -= 1")
    out.append(f"    loc[{nk}] = _r")


def _while_init(g: Any, out: list, args: tuple, at: Any, pc: int, n: str) -> None:
    out.append(f"    loc[{g.k(f'${args.k}n')}] = 0")


# loop instructions written inline in a segment (not in a Python loop of
# Segments._loop): they fall through, or leave the segment at the loop's end
NATIVE: dict[Callable, Callable] = {
    I.for_init: _for_init, I.for_next: _for_next, I.repeat_init: _repeat_init,
    I.repeat_next: _repeat_next, I.while_init: _while_init,
}

INLINE: dict[Callable, Callable] = {
    I.let: _let, I.set_attr: _set_attr, I.set_counter: _set_counter_i,
    I.jump_if_not: _jump_if_not, I.while_test: _while_test, I.prim: _prim, I.require: _require, I.emit: _emit, I.log: _log,
}

