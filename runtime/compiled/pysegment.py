"""Segments written by the generator (DESIGN.md, principle 2): for every
code block, one Python function per entry point of its instruction list
(``_entries``), which runs the instructions from there on, each once: an
`if` as a Python ``if``, a `for` whose body neither calls nor decides as
a Python loop, a call of a procedure followed into its first segment,
and any later entry point reached by calling its segment; anything else
(a decision, going back, too deep) leaves the frame's ``pc`` where the
interpreter would have it and returns to the run loop. The instructions
themselves are pyinstr.py's writers.

**Frame locals.** A variable the segment writes (`let`, a loop's item, a
primitive's result) is written to the frame's ``locals`` and, in the same
statement, to a Python local of the segment (``loc[_k3] = _y3 = ...``); a
procedure's parameters are read once into theirs at the segment's start.
Later reads in the segment read the Python local (``mirror``: the names
whose Python local is set on every path to this point). The frame stays
the plain data it is under the interpreter: every write still goes to
``locals``, and whatever else may write them (a decision's start, a
procedure's return into the caller) ends the mirrors there.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from ..engine import instructions as I
from ..engine.limits import TICK
from .pyconst import hoisted
from .pyhelpers import MAXD
from .pyinstr import ENDS, ENDS_GAME, INLINE, NATIVE, SETS_LOCALS, pc_of
from .pyquantity import Quantities

_HOSTS = frozenset(("me", "self", "owner"))     # read as the interpreter finds them, never held here


class Segments(Quantities):
    """The segments of one code block (see the module)."""

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
        params = self._params()
        self.mirror = {p: self._kept_id(p) for p in params}
        # `me`, as the interpreter reads it (its frame's, else access.me_of):
        # no instruction of a segment writes it in the frame's locals
        self.mirror["me"] = "(_ym if _ym is not _MISSING else _mo(m, loc))"
        self._walk(out, start, None)
        self.mirror = {}
        self.depth[start] = self.depth_here
        # the parameters the segment reads, read once at its start
        body = "\n".join(out[3:])
        first = [f"    {i} = loc[{self.k(p)}]" for p in params if re.search(rf"\b{(i := self._kept_id(p))}\b", body)]
        if re.search(r"\b_ym\b", body):
            first.append("    _ym = loc.get(_ME, _MISSING)")
        if first:
            out[3:3] = first
            self.marks = [(end + len(first), at) for end, at in self.marks]
        text, n = hoisted("\n".join(out))
        self.marks = [(end + n, at) for end, at in self.marks]
        return text

    def _params(self) -> list[str]:
        """A procedure's parameters: in its frame's locals from its call on
        (instructions.call, interpreter.call_procedure: every one, none for
        one not given); no other block's locals are known to be there."""
        if not self.code_id.startswith("proc:"):
            return []
        proc = self.rules.procedures.get(self.code_id[len("proc:"):]) or {}
        names = [p.get("name") if type(p) is dict else p for p in proc.get("params") or []]
        return [n for n in names if type(n) is str and n not in _HOSTS]

    def _kept_id(self, name: str) -> str:
        """The Python local that holds frame local ``name`` (``_y<i>``, made
        here: the same on every path)."""
        ids = self.__dict__.setdefault("_kept_ids", {})
        return ids.setdefault(name, f"_y{len(ids)}")

    def kept(self, name: str) -> str:
        """What a write of frame local ``name`` also assigns (``"_y3 = "``),
        the write then known on this path; "" outside a segment, and for
        the names read through the host (``me``, ``self``, ``owner``)."""
        if self.__dict__.get("marks") is None:
            return ""
        if name in _HOSTS:
            self.mirror.pop(name, None)     # (written here: read from the frame from now on)
            return ""
        i = self.mirror[name] = self._kept_id(name)
        return i + " = "

    def count(self) -> str:
        """How many instructions this function has run so far."""
        return (f"_n + {self.cn}" if self.cn else "_n") if self.dyn else str(self.cn)

    def goto(self, target: int, at_pc: int) -> list[str]:
        """The lines that go on at ``target`` from inside this function: a
        call of its segment if that is made already (segments are made last
        first, so a segment calls only segments after its own start: calls
        never go round a loop) and is not too deep; else a trip of the run loop."""
        depth = self.depth.get(target)
        if depth is not None and depth < MAXD:
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
            native = NATIVE.get(factory)
            if native is not None and not decision:
                native(self, out, args, at, pc, count)
                marks.append((len(out), at))
                pc = nxt
                continue
            if factory is I.jump and not decision:
                t = pc_of(args.target)
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
            if decision or factory in ENDS or factory not in INLINE:
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
                elif factory in SETS_LOCALS and not decision:
                    # what a decision walks, put in the frame's locals: on at once
                    out.append(f"    fr[\"pc\"] = {nxt}")
                    out.append(f"    {self.f(self.ins[pc][0])}(m, fr)")
                    marks.append((len(out), at))
                    self.mirror = {}        # (the interpreter's code wrote the locals)
                    pc = nxt
                    continue
                else:
                    out.append(f"    fr[\"pc\"] = {nxt}")
                    out.append(f"    {self.f(self.ins[pc][0])}(m, fr)")
                out.append(f"    return {count}")
                marks.append((len(out), at))
                return False
            INLINE[factory](self, out, args, at, pc, count)
            marks.append((len(out), at))
            if factory is I.prim and args.impl in ENDS_GAME:
                return False
            pc = nxt

    def _if(self, out: list, pc: int, args: tuple, at: Any, stop: int | None) -> int | None:
        """`if` (jump_if_not to ``other``, and for an `else` a jump over it
        at ``other - 1``) as a Python ``if``/``else``; the pc where both
        branches meet, or None if neither goes on."""
        items = self.b.items
        cond, other = args.cond, pc_of(args.target)
        end = None
        last = items[other - 1] if other - 1 > pc else None
        if last is not None and last[0] is I.jump and not last[3]:
            j = pc_of(last[2].target)
            if j >= other and (stop is None or j <= stop):
                end = j
        out.append(f"    if {self.x(cond)}:")
        self.marks.append((len(out), at))
        cn, dyn = self.cn, self.dyn
        before = len(out)
        start_mirror = self.mirror
        self.mirror = dict(start_mirror)
        then_falls = self._nested(out, pc + 1, other - 1 if end is not None else other)
        then_mirror, self.mirror = self.mirror, dict(start_mirror)
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
        # known after the `if`: what every branch that goes on has set
        if then_falls and else_falls:
            self.mirror = {n: i for n, i in then_mirror.items() if self.mirror.get(n) == i}
        elif then_falls:
            self.mirror = then_mirror
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
            if factory not in INLINE or factory is I.jump_if_not or factory in ENDS:
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
        self.mirror.pop(into, None)     # (the callee's `return` writes its value there)
        out.append("    _sk = st.stack")
        out.append("    if not _sk or _sk[_LAST] is not fr or st.queue and not st.edepth:")
        out.append("        return _n")

    def _loop_inline(self, k: int) -> int | None:
        """The end pc of the `for` loop whose init is at ``k``, if its body
        can run as a Python loop (straight-line statements only)."""
        items = self.b.items
        if k + 1 >= len(items) or items[k + 1][0] is not I.for_next:
            return None
        end = pc_of(items[k + 1][2].end)
        j = end - 1
        if not (k + 1 < j < len(items)) or items[j][0] is not I.jump or pc_of(items[j][2].target) != k + 1:
            return None
        for pc in range(k + 2, j):
            factory, at, args, decision = items[pc]
            if factory is I.jump and not decision and pc < pc_of(args.target) <= j:
                continue        # the jump over an `else` (written as a Python `else`)
            if decision or factory not in INLINE or factory in ENDS:
                return None
            if factory is I.prim and args.impl in ENDS_GAME:
                return None
            if factory is I.jump_if_not and not k + 2 <= pc_of(args.target) <= j:
                return None
        return end

    def _loop(self, out: list, k: int, end: int) -> None:
        """for_next, the body and the jump back as a Python loop; a bounded
        number of instructions runs before the run loop counts them."""
        items = self.b.items
        name, where = items[k + 1][2].var, items[k + 1][2].where
        lk, ik, var = self.k(f"${k}l"), self.k(f"${k}i"), self.k(name)
        before = dict(self.mirror)
        # (the snapshot and its place: Python locals across rounds, the place
        # written back at each round, as for_next keeps it)
        out.append(f"    _it = loc[{lk}]")
        out.append(f"    _i = loc[{ik}]")
        out.append("    while True:")
        out.append("        while _i < len(_it):")
        out.append(f"            loc[{var}] = {self.kept(name)}_it[_i]")
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
        # each round starts with what was known before the loop (and its
        # item): the body only writes through (nothing in it ends a mirror),
        # so that still holds after the loop; what the body set first does not
        assert not falls or all(self.mirror.get(n) == i for n, i in before.items()), "a loop body ended a mirror"
        self.mirror = before
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



def entry_pcs(b: Any) -> set[int]:
    """The pcs that get a segment of their own: pc 0, every pc a frame is
    resumed at (after a decision, a call, a return, anything not written
    inline), every label a decision or a loop's test jumps to, a loop's
    jump back's target and a `break`'s. The branches of an `if` are written
    in the segment that reaches it (``Segments._if``), so its labels are not."""
    items = b.items
    out = {0}
    # an `if`'s other branch: the jump just before it (the then-branch's
    # last) is the jump over the `else`
    others = {pc_of(args.target) for factory, _, args, decision in items if factory is I.jump_if_not and not decision}
    for pc, (factory, at, args, decision) in enumerate(items):
        if factory is I.jump and not decision:
            t = pc_of(args.target)
            if t <= pc or pc + 1 not in others:
                out.add(t)
            continue
        if factory is I.jump_if_not and not decision:
            continue
        for a in args:
            for t in (a if type(a) is list else [a]):
                if hasattr(t, "pc") and not callable(t):
                    out.add(t.pc)
        if factory in NATIVE and not decision:
            pass        # falls through in the same segment
        elif decision or factory in ENDS or factory not in INLINE:
            out.add(pc + 1)
    return {pc for pc in out if 0 <= pc < len(items)}

