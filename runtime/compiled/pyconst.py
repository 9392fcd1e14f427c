"""The constants table and the generated names of generated Python (DESIGN.md,
principle 2 (a)): no content string, name or number is ever written into
the source. A content value is entry ``i`` of the table ``_K``, read
through the global ``_k<i>``; a runtime object (a primitive, a closure)
is entry ``i`` of ``_F``, read through ``_f<i>``; every identifier the
source declares is made here (``_t3`` a temporary, ``_v2`` a Python local
holding a variable, ``_a1``/``_q4`` a helper function). ``namespace``
binds the tables, their names and the runtime helpers (pyhelpers.py) as
the globals of the compiled source.
"""

from __future__ import annotations

import re
from typing import Any

from .pyhelpers import HELPERS, STMT_HELPERS


# a generated local or constant: read as it is, never written twice
SIMPLE = re.compile(r"_[vky][0-9]+")

# a call in generated code (``name(``, ``](``, ``)(``); of these only
# `len`, `bool` (of plain values), `_ty` (type) and `_ci` (which only raises) charge nothing
_CALL = re.compile(r"([A-Za-z_][A-Za-z_0-9]*|\]|\))\(")
_FREE_CALLS = frozenset(("len", "bool", "_ty", "_ci"))


def calls_charged(src: str) -> bool:
    """Whether generated code ``src`` calls anything that may charge steps."""
    return any(c.group(1) not in _FREE_CALLS for c in _CALL.finditer(src))


_READS = {"st": re.compile(r"(?<![\w.])m\.st\."), "_L": re.compile(r"(?<![\w.])m\.L\.")}


_PIECE_ENTITIES = re.compile(r"(?<![\w.])st\.p_ent\[")


def hoisted(fn: str, pure: bool = False) -> tuple[str, int]:
    """Generated function ``fn`` (its ``def`` line first) reading the
    machine's state and layout through locals bound once at its start
    (``st = m.st``, ``_L = m.L``) where it reads them more than once or in
    a loop; how many lines that put after the ``def``. Sound because a
    function's ``m.st`` is the same object at every read: whatever sets it
    (the listing's recorder, legality.py) sets it back before returning.
    A ``pure`` function (an expression's: it changes no state) also reads
    the pieces' entities (``_pe``), replaced only when a piece is made."""
    head, _, body = fn.partition("\n")
    first = []
    loops = "\n        " in body and ("for " in body or "while " in body)
    for local, pattern in _READS.items():
        bound = f"\n    {local} = m.{local.lstrip('_')}\n" in "\n" + body
        n = len(pattern.findall(body))
        if n > 1 or n and (bound or loops):
            body = pattern.sub(local + ".", body)
            if not bound:
                first.append(f"    {local} = m.{local.lstrip('_')}")
    n = len(_PIECE_ENTITIES.findall(body))
    if pure and "    st = m.st" in first and (n > 1 or n and loops):
        body = _PIECE_ENTITIES.sub("_pe[", body)
        first.append("    _pe = st.p_ent")
    return "\n".join([head, *first, body]), len(first)


class Constants:
    """The tables ``K`` (content values) and ``F`` (runtime objects) one
    generated source reads, and the names it declares."""

    def __init__(self, K: list, F: list):
        self.K, self.F = K, F
        self._k: dict[tuple, int] = {}
        self._f: dict[int, int] = {}
        self.extra: list[str] = []      # helper functions (aggregates, quantities)

    def k(self, v: Any) -> str:
        """A content value, by its index in the constants table."""
        key = (type(v).__name__, repr(v))
        i = self._k.get(key)
        if i is None:
            i = self._k[key] = len(self.K)
            self.K.append(v)
        return f"_k{i}"      # a global of its own: one lookup, not a lookup and an index

    def f(self, obj: Any) -> str:
        """A runtime object (a primitive, a function, a closure) by its index."""
        i = self._f.get(id(obj))
        if i is None:
            i = self._f[id(obj)] = len(self.F)
            self.F.append(obj)
        return f"_f{i}"

    def kobj(self, key: tuple, v: Any) -> str:
        """A content value made here (a table), by its index, known by ``key``."""
        i = self._k.get(key)
        if i is None:
            i = self._k[key] = len(self.K)
            self.K.append(v)
        return f"_k{i}"

    def _tmp(self) -> str:
        """A new temporary (``_t<n>``), for a value an expression reads twice."""
        self._ntmp = getattr(self, "_ntmp", 0) + 1
        return f"_t{self._ntmp}"

    def _name(self, prefix: str) -> str:
        """The name of the next helper function (``_a<n>``, ``_q<n>``)."""
        return f"_{prefix}{len(self.extra)}"

    def _local(self) -> str:
        """A new Python local (``_v<n>``) holding a variable of the IR."""
        self._nlocal = getattr(self, "_nlocal", 0) + 1
        return f"_v{self._nlocal}"


def namespace(builtins: dict, K: list, F: list) -> dict[str, Any]:
    """The globals of generated code: the helpers, and the constants table
    ``_K`` and runtime objects ``_F`` with each entry also bound to a name
    of its own (``_k3``, ``_f2``: what the source reads)."""
    ns: dict[str, Any] = {"__builtins__": builtins, "_K": tuple(K), "_F": tuple(F), **HELPERS,
                          **STMT_HELPERS}
    ns.update({f"_k{i}": v for i, v in enumerate(K)})
    ns.update({f"_f{i}": v for i, v in enumerate(F)})
    return ns


BUILTINS = {"bool": bool, "dict": dict, "zip": zip, "min": min, "max": max, "len": len}
BUILTINS_EXPR = {**BUILTINS, "Exception": Exception}

