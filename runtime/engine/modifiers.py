"""Static modifiers: the value of a ``quantity`` after every live ``modify``.

A quantity's base value is its expression with its parameters (and ``me``)
bound. Live modifiers are top-level rules (in declaration order) and modifier
abilities of entities whose pieces stand in active zones (entity order, then
piece id). A modifier applies when each non-null ``args`` entry equals the
quantity's argument and its ``where`` holds. They apply as: the last ``=``
replaces the base, then every ``+``/``-`` is added, then every ``*``
multiplies (integers stay integers).
"""

from __future__ import annotations

from typing import Any

from .access import live_pieces, me_of


def quantity_value(m: Any, loc: dict, qid: str, args: list) -> Any:
    params, base_fn = m.R.quantities[qid]
    ql = dict(zip(params, args))
    ql["me"] = me_of(m, loc)
    value = base_fn(m, ql)
    mods = m.R.modifiers.get(qid)
    if not mods:
        return value
    assigned, delta, factors = None, 0, []
    for ab in mods:
        for ml in _hosts(m, ab, ql):
            if not _applies(m, ab, ml, args):
                continue
            v = ab.value(m, ml)
            if ab.op == "=":
                assigned = (v,)
            elif ab.op == "+":
                delta += v
            elif ab.op == "-":
                delta -= v
            else:
                factors.append(v)
    if assigned is not None:
        value = assigned[0]
    if delta:
        value += delta
    for f in factors:
        value *= f
    return value


def _hosts(m: Any, ab: Any, ql: dict):
    if ab.entity is None:
        yield {**ql, "self": None, "owner": None}
        return
    st, lay = m.st, m.L
    for p in live_pieces(m, ab.entity):
        of = lay.z_of[st.p_zone[p]]
        yield {**ql, "self": {"piece": p}, "owner": None if of is None else lay.player_refs[of]}


def _applies(m: Any, ab: Any, ml: dict, args: list) -> bool:
    for i, a in enumerate(ab.args):
        if a is not None and (i >= len(args) or a(m, ml) != args[i]):
            return False
    return ab.where is None or bool(ab.where(m, ml))
