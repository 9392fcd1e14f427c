"""Aggregates written by the generator (DESIGN.md, principle 2):
`count`, `sum`, `min`, `max`, `any`, `all` and `list` of `each x in C`
as a generated helper function with a Python loop, as exprs._agg computes
them. The item is a Python local (of `pieces(zone)`: the piece's id, made a
value only where read as one) unless something in the aggregate hands
``loc`` to code that reads variables by name; then the item is set in
``loc`` and restored after, as the interpreter does.
"""

from __future__ import annotations

import re
from typing import Any

from . import exprtypes
from .pyconst import hoisted
from .pyreads import Reads

AGGS = frozenset(("count", "sum", "min", "max", "any", "all", "list"))


class Aggregates(Reads):
    """The aggregates' helper functions (see the module)."""

    def _helper(self, name: str, slot: int, head: str, lines: list[str], env: dict) -> str:
        """Write helper ``name`` taking ``m``, ``loc`` and the locals of
        ``env`` its body reads; the call that passes them."""
        body = "\n".join(lines)
        # (a constant, ``_k<i>``, is a global: not passed)
        ids = [x for x in dict.fromkeys(env.values())
               if x != "None" and not x.startswith("_k") and re.search(rf"\b{x}\b", body)]
        params = "".join(f", {x}" for x in ids)
        self.extra[slot] = hoisted(f"def {name}(m, loc{params}{head}):\n" + body, pure=True)[0]
        return f"{name}(m, loc{params}"

    def _agg(self, e: dict, at: Any) -> str:
        """An aggregate as a generated loop: its item a Python local when
        nothing in it reads the variable from ``loc``, else set in ``loc``
        and restored as the interpreter does."""
        fn, where, value = e["fn"], e.get("where"), e.get("value")
        if fn in ("any", "all") and value is None:
            where, value = None, where
        name = self._name("a")
        self.extra.append("")       # reserve the name before nested helpers take theirs
        slot = len(self.extra) - 1
        env, escaped, vt, mirror = self.env, self.escaped, self.vt, self.mirror
        self.mirror = {}        # (a function of its own: the segment's Python locals are not its)
        self.clean = False      # (its loop runs in a function of its own: nothing written inline before it)
        x = self._local()
        # `me` is read from `loc` by functions and zones: such an item stays there
        lines = self._agg_local(e, at, fn, where, value, x) if e["var"] != "me" else None
        if lines is None:
            self.env, self._vt = env, vt
            lines = self._agg_in_loc(e, at, fn, where, value, x)
        start = {"count": ["    _n = 0"], "any": [], "all": []}.get(fn, ["    _l = []"])
        end = {"count": "return _n", "any": "return False", "all": "return True", "sum": "return _sm(_l)",
               "min": "return min(_l, default=None)", "max": "return max(_l, default=None)", "list": "return _fe(m, _l)"}
        call = self._helper(name, slot, "", start + lines + ["    " + end[fn]], env)
        self.env, self.escaped, self._vt, self.mirror = env, escaped or self.escaped, vt, mirror
        return call + ")"

    def _item_types(self, e: dict) -> dict:
        """The variables' types inside aggregate ``e``: its item's added."""
        vt = self.vt
        return {**vt, e["var"]: exprtypes.element(self.facts.types.of(e["in"], vt))}

    def _agg_local(self, e: dict, at: Any, fn: str, where: Any, value: Any, x: str) -> list[str] | None:
        """The loop with the item in the Python local ``x`` (a piece id for
        `pieces(zone)`), or None if something reads it from ``loc``."""
        env = self.env
        self.escaped = False
        pile = self._pieces_pile(e["in"], at)      # (the collection: in the outer variables)
        coll = self.ex(e["in"], at) if pile is None else ""
        if pile is not None:
            self.pieceids.add(x)    # the items of `pieces(zone)`: piece ids, made values where read
        self._vt = self._item_types(e)
        self.env = {**env, e["var"]: x}
        w = self.ex(where, at) if where is not None else None
        v = self.ex(value, at) if value is not None else f"{{_PK: {x}}}" if pile is not None else x
        if self.escaped:
            self.pieceids.discard(x)
            return None
        if pile is None:
            return [f"    for {x} in _wk(m, {coll}, loc):"] + self._agg_body(fn, w, v, None)
        # functions.pieces then access.walked: each charges the pile's length
        # (both at once; should that run the steps out, given back and charged
        # one after the other, as they are: the same error, or the same refills)
        lines = [f"    _pl = {pile}", "    _b = m.budget", "    _np = len(_pl)", "    _b.steps -= _np + _np",
                 "    if _b.steps < 0:", "        _ch2(_b, _np)"]
        return lines + [f"    for {x} in _pl:"] + self._agg_body(fn, w, v, None)

    def _agg_in_loc(self, e: dict, at: Any, fn: str, where: Any, value: Any, x: str) -> list[str]:
        """The loop with the item set in ``loc`` and restored after (exprs._agg)."""
        env, var = self.env, e["var"]
        self.escaped = False
        coll = self.ex(e["in"], at)
        k = self.k(var)
        self._vt = self._item_types(e)
        self.env = {n: i for n, i in env.items() if n != var}
        w = self.ex(where, at) if where is not None else None
        v = self.ex(value, at) if value is not None else x
        lines = [f"    _it = _wk(m, {coll}, loc)", f"    _sv = loc.get({k}, _MISSING)", "    try:",
                 f"        for {x} in _it:"]
        lines += ["    " + line for line in self._agg_body(fn, w, v, k, x)]
        lines += ["    finally:", "        if _sv is _MISSING:", f"            loc.pop({k}, None)",
                  "        else:", f"            loc[{k}] = _sv"]
        # a quantity's body as locals has no `loc` of its own to set the item in
        self.escaped = self.escaped or self.qlocal
        return lines

    @staticmethod
    def _agg_body(fn: str, w: str | None, v: str, k: str | None, x: str = "") -> list[str]:
        """The loop's body (indented for the ``for``); ``k``: the item set in ``loc`` first."""
        body = [f"        loc[{k}] = {x}"] if k is not None else []
        if fn == "count":
            act = ["_n += 1"]
        elif fn == "any":
            act = [f"if {v}:", "    return True"]
        elif fn == "all":
            act = [f"if not {v}:", "    return False"]
        else:
            act = [f"_l.append({v})"]
        if w:
            body += [f"        if {w}:"] + ["            " + a for a in act]
        else:
            body += ["        " + a for a in act]
        return body

