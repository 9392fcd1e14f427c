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

**Where each part is written.** The generator is writers by concern, each
a module of its own: the constants table and generated names
(pyconst.py), what is known before writing (pyfacts.py), reads
(pyreads.py), aggregates (pyagg.py), expressions by op (pyexpr.py),
quantities and their specialisation (pyquantity.py), instructions
(pyinstr.py), segments (pysegment.py), and what the generated code calls
(pyhelpers.py). ``Gen`` puts them together for one code block; this
module generates and compiles every block and expression of a ``Rules``.
"""

from __future__ import annotations

from typing import Any, Callable

from ..engine.interpreter import loop
from .pyconst import BUILTINS, BUILTINS_EXPR, Constants, hoisted, namespace
from .pyfacts import Facts
from .pysegment import Segments, entry_pcs

__all__ = ["BUILTINS", "BUILTINS_EXPR", "Facts", "Gen", "generate", "install", "namespace", "run"]


class Gen(Segments):
    """Python source for one code block, from its codegen.Builder."""

    def __init__(self, rules: Any, code_id: str, builder: Any, K: list, F: list, facts: "Facts | None" = None):
        Constants.__init__(self, K, F)
        self.rules, self.code_id, self.b = rules, code_id, builder
        self.facts = facts or Facts(rules)
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
        # frame locals also held in Python locals of the segment being written
        # (pysegment.py, "Frame locals"): name -> identifier
        self.mirror: dict[str, str] = {}

def generate(rules: Any, code_id: str, builder: Any, K: list, F: list,
             facts: Facts | None = None) -> tuple[str, list[int]]:
    """The Python source of one code block and its entry pcs."""
    g = Gen(rules, code_id, builder, K, F, facts)
    g.ins = rules.codes[code_id]
    generate.last = g
    # every argument was resolved to plain ints by finish(); labels keep their pc
    entries = sorted(entry_pcs(builder))
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
        made.append((put, hoisted(f"def {name}(m, loc):\n    _b = m.budget\n    _s = _b.steps\n    try:\n        return {body}\n"
                                  f"    except Exception:\n        _b.steps = _s\n        return {g.f(closure)}(m, loc)", pure=True)[0]))

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

def run(m: Any) -> None:
    """The compiled engine: the interpreter's run loop over the fast code."""
    loop(m, m.R.fast_codes)
