"""Generated listing checks: one Python function per action, all of its
requirements in it (DESIGN.md, principle 2; the compiled engine only).

A listing (decisions._live_actions) asks, for every host of every action of
its tags, whether the action's requirements are met. The compiled engine
(pygen.py) gives each requirement its own generated function ``(m, loc)``;
a listing then builds a ``loc`` dict per host (``me``, ``self`` as
``{"piece": n}``, ``owner``) and calls the requirements one by one. Here
every action with requirements gets one function

    ``_r<i>(m, loc, me, piece, owner)``

that evaluates them in order and stops at the first that fails (Python's
``and``, which tests truth as the listing's ``if not req(m, loc)`` does).
``me``, the host piece's id and its owner are Python locals: no ``loc`` is
built per host, ``self.name`` reads the piece's field by its id. ``loc`` is
one dict per listing holding ``me``: what generated code hands ``loc`` to
(functions, quantities, zones) reads only ``me`` from it (pygen.py, "Reads
known now"). An action whose requirements hand ``loc`` to code that reads
``self`` or ``owner`` by name (an interpreter closure) is generated again
reading them from a ``loc`` made as the listing made it.

**Same answers.** Should anything raise, the steps charged are given back
and the action's requirement functions (pygen's, each of which falls back
on the interpreter's closure) answer from a ``loc`` made as the listing
made it: the same value, the same charge, the same error as before.

**Safety of the source.** As in pygen.py: identifiers are generated, every
content value is read from the constants table, the source is compiled in
memory and kept with the others in ``rules.fast_sources`` (so the test that
no content reaches generated source covers it), never written to disk.
"""

from __future__ import annotations

from typing import Any, Callable

from .pygen import BUILTINS_EXPR, Facts, Gen, namespace


class _NoBlock:
    exprs: dict = {}


def install(rules: Any, sources: dict, facts: Facts | None = None) -> None:
    """``rules.listed``: ability key -> its check, for every action with
    requirements (generated; or, should generating one fail, a function
    that calls the requirements one by one)."""
    K: list = []
    F: list = []
    g = Gen(rules, "listings", _NoBlock(), K, F, facts)
    types = g.facts.types
    made: list[tuple[str, str]] = []
    plain: dict[str, Callable] = {}
    for ab in rules.ability_by_key.values():
        if ab.type != "action" or not ab.requires:
            continue
        reqs = ab.decl.get("require") or []
        if len(reqs) != len(ab.requires):       # (never from the compiler) checked one by one
            plain[ab.key] = _host_check(ab.requires)
            continue
        name = f"_r{len(made)}"
        try:
            made.append((ab.key, _function(g, name, ab, reqs, types.ability_env(ab.decl, ab.entity))))
        except Exception:       # a shape the generator does not know: the requirements one by one
            plain[ab.key] = _host_check(ab.requires)
    src = "\n\n".join(g.extra + [code for _, code in made]) + "\n"
    ns = namespace(BUILTINS_EXPR, K, F)
    exec(compile(src, "<waybill listings>", "exec"), ns)   # noqa: S102 (principle 2)
    rules.listed = {**{key: ns[f"_r{i}"] for i, (key, _) in enumerate(made)}, **plain}
    sources["listings"] = src


def _function(g: Gen, name: str, ab: Any, reqs: list, env: dict) -> str:
    """The source of one action's check."""
    me, piece, owner = g._local(), g._local(), g._local()
    g._vt = env
    g.qlocal = False
    hosted = ab.entity is not None
    g.env = {"me": me, "self": piece if hosted else "None", "owner": owner}
    g.pieceids = {piece} if hosted else set()
    g.escaped = False
    bodies = [g.ex(r["expr"], ab.at) for r in reqs]
    start = []
    if g.escaped:       # something reads self or owner from loc: made as the listing made it
        g.env, g.pieceids, g.escaped = {}, set(), False
        bodies = [g.ex(r["expr"], ab.at) for r in reqs]
        start = [f"    loc = {_loc_source(g, me, piece, owner)}"]
    g.env, g.pieceids = {}, set()
    answer = " and ".join(f"({b})" for b in bodies)
    again = g.f(_again(ab.requires))
    return "\n".join([
        f"def {name}(m, loc, {me}, {piece}, {owner}):",
        *start,
        "    _b = m.budget",
        "    _s = _b.steps",
        "    try:",
        f"        return {answer}",
        "    except Exception:",
        "        _b.steps = _s",
        f"        return {again}(m, {_loc_source(g, me, piece, owner)})"])


def _loc_source(g: Gen, me: str, piece: str, owner: str) -> str:
    """The ``loc`` a listing gives a host's requirements (decisions.py)."""
    return (f"{{{g.k('me')}: {me}, {g.k('self')}: (None if {piece} is None else {{_PK: {piece}}}), "
            f"{g.k('owner')}: {owner}}}")


def _host_check(requires: list) -> Callable[..., bool]:
    """A check with the generated checks' signature that calls the
    requirement functions one by one (``loc`` made as the listing made it)."""
    again = _again(requires)

    def check(m: Any, loc: dict, me: Any, piece: Any, owner: Any) -> bool:
        return again(m, {"me": me, "self": None if piece is None else {"piece": piece}, "owner": owner})
    return check


def _again(requires: list) -> Callable[[Any, dict], bool]:
    """The requirements one by one, as the listing checks them without a
    generated check (each one pygen's function or the interpreter's closure,
    read when called: whatever ``requires`` holds then)."""
    def again(m: Any, loc: dict) -> bool:
        for req, _ in requires:
            if not req(m, loc):
                return False
        return True
    return again
