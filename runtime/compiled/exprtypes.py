"""Static types of IR expressions, from the IR alone (for pygen.py).

The checker does not record a type per expression, and a parameter's
declared type is not enforced when a procedure is called, so this pass
works its types out again from what is certain:

- literals, arithmetic of two ints, comparisons, `count`, `any`, the
  built-in functions whose result has one shape, as their signatures
  declare it (spec/signatures.py: ``call_type``);
- ``me`` (a player, or none when nobody acts), ``self`` (the piece an
  entity's ability sits on) and ``owner``, as the runtime binds them —
  unless some rule binds one of these names itself;
- a frame's locals, flow-insensitively: a name's type is the union of
  every value any statement of the block binds it to (and of what the
  frame starts with); a name bound by a decision or a call is unknown;
- parameters, as the union of the arguments at every call site (missing
  arguments are none); a parameter whose call sites are not all seen is
  unknown.

A type is one of ``piece player int bool text entity zone pieces players
entities none``, ``T?`` for "T or none", or None for unknown. Unknown is
always allowed; a wrong type never is (pygen.py writes its typed reads so
that a value of another shape raises, and the interpreter answers).
"""

from __future__ import annotations

import json
from typing import Any

from waybill.spec.signatures import EVENTS, FUNCTIONS

_ELEMENT = {"pieces": "piece", "players": "player", "entities": "entity", "zone": "piece"}
_LIST_OF = {v: k for k, v in _ELEMENT.items() if k != "zone"}
# the words of spec/signatures.py's return types this pass has a type for
# (the others, `list of spaces`, `any`, ..., are unknown here)
_WORDS = {"int": "int", "bool": "bool", "piece": "piece", "player": "player", "list of pieces": "pieces",
          "list of players": "players", "list of entities": "entities"}


def _word(returns: str | None) -> Any:
    """The static type of a signature's return type, or None."""
    if returns is not None and returns.endswith(" or none"):
        t = _WORDS.get(returns[:-len(" or none")])
        return t + "?" if t is not None else None
    return _WORDS.get(returns) if returns is not None else None


def call_type(fn: Any, args: list) -> Any:
    """The static type of a call of built-in function ``fn`` whose arguments
    have types ``args``: its signature's return type (one that hands back an
    argument: only when every argument has its declared type)."""
    sig = FUNCTIONS.get(fn) if type(fn) is str else None
    if sig is None:
        return None
    if sig.hands_back and args != [_word(p.type) for p in sig.params]:
        return None
    return _word(sig.returns)


_CMP = frozenset(("==", "!=", "<", "<=", ">", ">=", "in", "not in", "and", "or"))
_ARITH = frozenset(("+", "-", "*", "/", "%"))
_HOST = ("me", "self", "owner")
_ROUNDS = 16
# piece built-ins (access._PIECE_BUILTINS) whose value has one shape, when
# no field or `set` shadows the name
_PIECE_BUILTIN = {"owner": "player?", "entity": "entity", "index": "int", "zone": None}


_NOTHING = "nothing"     # no value yet (a parameter no call site reached so far)


def union(a: Any, b: Any) -> Any:
    """The type of a value that is either an ``a`` or a ``b``."""
    if a == b or b == _NOTHING:
        return a
    if a == _NOTHING:
        return b
    if a is None or b is None:
        return None
    if a == "none" or b == "none":
        other = b if a == "none" else a
        return other if other.endswith("?") else other + "?"
    if a.rstrip("?") == b.rstrip("?"):
        return a.rstrip("?") + "?"
    return None


def element(t: Any) -> Any:
    """The type of each item walked from a collection of type ``t``."""
    return _ELEMENT.get(t) if t is not None else None


def base(t: Any) -> Any:
    """``t`` without "or none" (what a read of it needs: none raises in both engines)."""
    return t.rstrip("?") if t is not None else None


def _statements(block: Any):
    """Every statement of a block, nested blocks included."""
    todo = [block]
    while todo:
        x = todo.pop()
        if type(x) is list:
            todo.extend(x)
        elif type(x) is dict:
            if "do" in x:
                yield x
            for k, v in x.items():
                if type(v) is list or (type(v) is dict and "op" not in v):
                    todo.append(v)


def _nodes(x: Any):
    todo = [x]
    while todo:
        y = todo.pop()
        if type(y) is dict:
            yield y
            todo.extend(y.values())
        elif type(y) is list:
            todo.extend(y)


class Program:
    """The types of one rules IR: ``frame(code_id)`` gives the variables of
    a code block, ``of(e, env)`` the type of an expression."""

    def __init__(self, ir: dict):
        self.ir = ir
        self.counters = {c["id"]: c for c in ir.get("counters") or []}
        self.zones = {z["id"]: z for z in ir.get("zones") or []}
        self.zones.update({s["id"]: {"scope": "global"} for s in ir.get("spaces") or []})
        self.procs = {p["id"]: [q["name"] for q in p.get("params") or []] for p in ir.get("procedures") or []}
        self.quants = {q["id"]: [x["name"] for x in q.get("params") or []] for q in ir.get("quantities") or []}
        self.fields = self._field_names()
        self._scan()
        # parameters start as "no value yet" and grow to what every call
        # site gives, until nothing changes: then each parameter's type holds
        # every argument it is given (a round cut short would not be sound)
        self.proc_types: dict[str, dict] = {p: {n: _NOTHING for n in ns} for p, ns in self.procs.items()}
        self.quant_types: dict[str, dict] = {q: {n: _NOTHING for n in ns} for q, ns in self.quants.items()}
        # an event's fields (None: not known, a trigger on it sees names not known here)
        self.event_types: dict[str, dict | None] = {e["id"]: {} for e in ir.get("events") or []
                                                   if e.get("id") not in EVENTS}
        for _ in range(_ROUNDS):
            before = json.dumps([self.proc_types, self.quant_types, self.event_types], sort_keys=True)
            self._round()
            if before == json.dumps([self.proc_types, self.quant_types, self.event_types], sort_keys=True):
                break
        else:
            self.proc_types = {p: {} for p in self.procs}
            self.quant_types = {q: {} for q in self.quants}
            self.event_types = {e: None for e in self.event_types}
        self.rounds = _ + 1
        # a quantity no modifier changes is its value; known only now (the
        # parameters' types are final), see ``_result``
        self.modified = frozenset(d.get("quantity") for _, _, d in self._abilities() if d.get("type") == "modifier")
        self._results: dict[str, Any] = {}
        self._memo: dict = {}          # frames again, with the quantities' values typed

    # --- what the IR declares ---------------------------------------------------

    def _field_names(self) -> frozenset:
        """Every name an entity or a kind gives a value (a piece reads it before a built-in)."""
        names = {f["name"] for k in self.ir.get("kinds") or [] for f in k.get("fields") or []}
        names.update(n for e in self.ir.get("entities") or [] for n in (e.get("fields") or {}))
        return frozenset(names)

    def _scan(self) -> None:
        """One walk of the IR: the names a rule may ``set`` on a value
        (access.settable_names), which of ``me``, ``self``, ``owner`` some rule
        binds itself (then unknown everywhere), and how many call nodes name
        each procedure and quantity."""
        settable, rebound, sites = set(), set(), {}
        for x in _nodes(self.ir):
            do, op, key = x.get("do"), x.get("op"), None
            if do is not None:
                rebound.update(x[k] for k in ("name", "var", "into") if x.get(k) in _HOST)
                t = x.get("target") if do == "set" else None
                if type(t) is dict and t.get("op") == "var" and t.get("name") in _HOST:
                    rebound.add(t["name"])
                if type(t) is dict and t.get("op") == "attr" and type(t.get("name")) is str:
                    settable.add(t["name"])
                key = ("proc", x.get("proc")) if do == "call" else ("event", x.get("event")) if do == "emit" else None
            elif op == "agg" or op is None:
                if x.get("var") in _HOST:
                    rebound.add(x["var"])
            elif op == "quantity":
                key = ("quantity", x.get("id"))
            if key is not None:
                sites[key] = sites.get(key, 0) + 1
        for p in list(self.ir.get("procedures") or []) + list(self.ir.get("quantities") or []) \
                + list(self.ir.get("events") or []):
            rebound.update(q["name"] for q in p.get("params") or [] if q.get("name") in _HOST)
        self.settable, self.rebound, self.call_sites = frozenset(settable), frozenset(rebound), sites

    def host(self, name: str, t: Any) -> Any:
        """``t`` for ``me``/``self``/``owner`` as the runtime binds them, unless a rule binds the name."""
        return None if name in self.rebound else t

    # --- expressions ----------------------------------------------------------------

    def of(self, e: Any, env: dict, seen: dict | None = None) -> Any:
        """The static type of expression ``e`` with variables typed by ``env``
        (``seen``: call sites found, ``{("proc"|"quantity", id): [[type]]}``)."""
        if type(e) is not dict:
            if type(e) is bool:
                return "bool"
            if type(e) is int:
                return "int"
            if type(e) is str:
                return "text"
            return "none" if e is None else None
        op = e.get("op")
        sub = (lambda x, env=env: self.of(x, env, seen))
        if op == "var":
            return env.get(e.get("name"))
        if op == "ref":
            return {"entity": "entity", "zone": "zone" if e.get("id") in self.zones else None}.get(e.get("ns"))
        if op == "attr":
            t = sub(e["of"])
            if "else" in e:
                sub(e["else"])
                return None
            return self._attr(base(t), e.get("name"))
        if op == "bin":
            lt, rt, o = sub(e["l"]), sub(e["r"]), e.get("o")
            if o in _CMP:
                return "bool"
            if o in _ARITH and lt == rt == "int":
                return "int"
            if o == "+" and lt == rt and lt in _ELEMENT and lt != "zone":
                return lt
            return None
        if op == "not":
            sub(e["x"])
            return "bool"
        if op == "neg":
            return "int" if sub(e["x"]) == "int" else None
        if op == "cond":
            sub(e["if"])
            return union(sub(e["then"]), sub(e.get("else")))
        if op == "call":
            ts = [sub(a) for a in e.get("args") or []]
            return call_type(e.get("fn"), ts)
        if op == "agg":
            return self._agg(e, env, seen)
        if op == "list" and type(e.get("items")) is list and e["items"]:
            # `[a, b]` of one known shape (exprs._list: the items, in order)
            ts = [sub(x) for x in e["items"]]
            return _LIST_OF.get(ts[0]) if all(t == ts[0] for t in ts) else None
        if op == "quantity":
            ts = [sub(a) for a in e.get("args") or []]
            if seen is not None:
                seen.setdefault(("quantity", e.get("id")), []).append(ts)
            return self._result(e.get("id"), len(ts))
        return self._parts(e, sub)

    def _result(self, qid: Any, n: int) -> Any:
        """The type of a quantity's value: its body's, when no modifier
        changes it and it is called with all its parameters; None while the
        parameters' types are being found, or within its own body."""
        results = self.__dict__.get("_results")
        if results is None or qid in self.modified or self.quants.get(qid) is None or n != len(self.quants[qid]):
            return None
        if qid not in results:
            results[qid] = None         # (a quantity that reads itself: unknown)
            value = next(q.get("value") for q in self.ir.get("quantities") or [] if q["id"] == qid)
            results[qid] = self.of(value, self.quantity_env(qid))
        return results[qid]

    def _parts(self, e: dict, sub: Any) -> Any:
        for v in e.values():        # index, list, range, text: their parts are still visited
            for x in (v if type(v) is list else [v]):
                if type(x) is dict:
                    sub(x)
        return None

    def _attr(self, t: Any, name: Any) -> Any:
        if t == "piece":
            if name in _PIECE_BUILTIN and name not in self.settable and name not in self.fields:
                return _PIECE_BUILTIN[name]
            return None
        if t == "player":
            if (self.counters.get(name) or {}).get("scope") == "player":
                return None
            if (self.zones.get(name) or {}).get("scope") == "player":
                return "zone"
            return "int" if name == "index" else None
        return None

    def _agg(self, e: dict, env: dict, seen: dict | None) -> Any:
        fn = e.get("fn")
        item = element(self.of(e.get("in"), env, seen))
        inner = {**env, e.get("var"): item}
        if e.get("where") is not None:
            self.of(e["where"], inner, seen)
        v = self.of(e.get("value"), inner, seen) if e.get("value") is not None else None
        if e.get("by") is not None:
            self.of(e["by"], inner, seen)
        if fn == "count":
            return "int"
        if fn in ("any", "all"):
            return "bool"
        if fn == "sum":
            return "int" if v == "int" else None
        if fn == "list":
            return _LIST_OF.get(item if e.get("value") is None else v)
        return None

    # --- frames ---------------------------------------------------------------------

    def block_env(self, block: Any, start: dict, opaque: bool = False, seen: dict | None = None) -> dict:
        """The variables of a frame running ``block`` that starts with
        ``start`` bound: each the union of every value bound to it (a name
        read before any binding raises under both engines). ``opaque``: the
        frame also starts with names not known here (an event's fields)."""
        memo = self.__dict__.setdefault("_stmts", {})
        stmts = memo.get(id(block))
        if stmts is None:
            stmts = memo[id(block)] = list(_statements(block))     # (the IR outlives this pass)
        env = dict(start)
        for _ in range(4):
            binds: dict[str, list] = {}
            for s in stmts:
                self._binds(s, env, binds)
            new = dict(start)
            for name, ts in binds.items():
                if name in start:
                    t = start[name]
                elif opaque:
                    t = None
                else:
                    t = ts[0]
                for x in ts:
                    t = union(t, x)
                new[name] = t
            if new == env:
                break
            env = new
        if seen is not None:
            for s in stmts:
                self._visit(s, env, seen)
        return env

    def _binds(self, s: dict, env: dict, binds: dict) -> None:
        """What statement ``s`` binds, into ``binds``."""
        do = s.get("do")
        if do == "let":
            binds.setdefault(s.get("name"), []).append(self.of(s.get("value"), env))
        elif do == "set" and type(s.get("target")) is dict and s["target"].get("op") == "var":
            binds.setdefault(s["target"].get("name"), []).append(self.of(s.get("value"), env))
        elif do == "for":
            binds.setdefault(s.get("var"), []).append(element(self.of(s.get("in"), env)))
        known = self._decided(s, env) if do in ("pick", "order", "amount") else {}
        if do not in ("let", "for"):
            for k in ("var", "into", "name"):      # calls, `act`: unknown
                if type(s.get(k)) is str:
                    binds.setdefault(s[k], []).append(known.get(k))

    def _decided(self, s: dict, env: dict) -> dict:
        """What a decision binds (decisions.py): `pick` its ``var`` to each
        item of ``from`` while ``where`` is tested, and ``into`` to the item
        picked (none if there was nothing to pick), or with a ``count`` to the
        list of them; `order` ``into`` to the items reordered; `amount` to a
        number of its range."""
        do = s.get("do")
        if s.get("each") is not None:     # a simultaneous decision: a list of answers, one per seat
            return {}
        if do == "amount":
            return {"into": "int"}
        item = element(self.of(s.get("from"), env))
        if item is None:
            return {}
        if do == "order" or s.get("count") is not None:
            return {"into": _LIST_OF.get(item), "var": item}
        return {"into": union(item, "none"), "var": item}

    def _visit(self, s: dict, env: dict, seen: dict) -> None:
        """Every expression of statement ``s``, for the call sites in them."""
        do = s.get("do")
        if do == "call":
            seen.setdefault(("proc", s.get("proc")), []).append([self.of(a, env) for a in s.get("args") or []])
        if do == "emit" and type(s.get("args")) is dict:
            seen.setdefault(("event", s.get("event")), []).append({k: self.of(a, env) for k, a in s["args"].items()})
        for k, v in s.items():
            inner = {**env, s.get("var"): env.get(s.get("var"))} if do == "for" and k == "where" else env
            for x in (v if type(v) is list else list(v.values()) if type(v) is dict and "op" not in v else [v]):
                if type(x) is dict and "op" in x:
                    self.of(x, inner, seen)

    def _starts(self) -> dict[str, tuple]:
        """Every code block of the IR: code id -> (block, start env, opaque)."""
        ir = self.ir
        common = {"me": self.host("me", "player?"), "self": self.host("self", "none"),
                  "owner": self.host("owner", "none")}
        out: dict[str, tuple] = {"setup": (ir.get("setup") or [], common, False),
                                 "play": (ir.get("play") or [], common, False)}
        for p in ir.get("procedures") or []:
            out[f"proc:{p['id']}"] = (p.get("body") or [], {**common, **self.params("proc", p["id"]),
                                                            "me": common["me"]}, False)
        for t in ir.get("tables") or []:
            for i, row in enumerate(t.get("rows") or []):
                if row.get("effect"):
                    out[f"table:{t['id']}:{i}"] = (row["effect"], {"me": common["me"], "self": None,
                                                                   "owner": None, "value": None}, False)
        for key, eid, decl in self._abilities():
            out[key] = (decl.get("effect") or [], self.host_env(decl, eid), self._opaque(decl))
        return out

    def _opaque(self, decl: dict) -> bool:
        """Whether an ability's code starts with names not known here: a
        trigger on a built-in event (its fields are the runtime's), or on an
        event some `emit` of which this pass did not see."""
        return decl.get("type") == "trigger" and self.event_types.get(decl.get("event")) is None

    def params(self, kind: str, tid: Any) -> dict:
        """Every parameter of a procedure or quantity, typed (None: unknown)."""
        names = (self.procs if kind == "proc" else self.quants).get(tid) or []
        known = (self.proc_types if kind == "proc" else self.quant_types).get(tid) or {}
        return {n: known.get(n) for n in names}

    def _abilities(self):
        for i, decl in enumerate(self.ir.get("rules") or []):
            yield f"rule:{i}", None, decl
        for e in self.ir.get("entities") or []:
            for i, decl in enumerate(e.get("abilities") or []):
                yield f"ent:{e['id']}:{i}", e["id"], decl

    def host_env(self, decl: dict, eid: Any) -> dict:
        """The variables an ability's code starts with (events._hosts,
        decisions._action_locals): ``self`` its piece, ``owner``, ``me``,
        and what it is given (a replaced procedure's arguments, a modified
        quantity's)."""
        kind = decl.get("type")
        me = self.host("me", "player" if kind == "action" else "player?")
        owner = "player" if kind == "action" and eid is None else "player?"
        env = {"self": self.host("self", "piece" if eid is not None else "none"),
               "owner": self.host("owner", owner), "me": me}
        if kind == "replace":
            return {**self.params("proc", decl.get("target")), **env}
        if kind == "modifier":
            return {**self.params("quantity", decl.get("quantity")), **env}
        if kind == "trigger":
            return {**(self.event_types.get(decl.get("event")) or {}), **env}
        return env

    def _unit(self, key: str, start: dict, run: Any, seen: dict) -> Any:
        """``run(start, sites)`` (a frame or an expression), its call sites
        added to ``seen``; done again only when ``start`` changed."""
        memo = self.__dict__.setdefault("_memo", {})
        mk = (key, tuple(sorted(start.items())))
        got = memo.get(mk)
        if got is None:
            sites: dict = {}
            got = memo[mk] = (run(start, sites), sites)
        for k, v in got[1].items():
            seen.setdefault(k, []).extend(v)
        return got[0]

    def _round(self) -> None:
        seen: dict = {}
        for code_id, (block, start, opaque) in self._starts().items():
            self._unit(f"{code_id}|{opaque}", start,
                       lambda env, sites, b=block, o=opaque: self.block_env(b, env, o, sites), seen)
        ir = self.ir
        for q in ir.get("quantities") or []:
            self._unit("quantity:" + q["id"], self.quantity_env(q["id"]),
                       lambda env, sites, q=q: self.of(q.get("value"), env, sites), seen)
        for key, eid, decl in self._abilities():
            exprs = [decl.get("where"), decl.get("value")] + [r.get("expr") for r in decl.get("require") or []]
            self._unit("exprs:" + key, self.host_env(decl, eid),
                       lambda env, sites, xs=exprs: [self.of(x, env, sites) for x in xs], seen)
        # what runs with only `me` bound (game.py, display.py)
        me = {"me": self.host("me", "player?")}
        shown = [it.get("expr") for part in (ir.get("display") or {}).values() if type(part) is list
                 for it in part if type(it) is dict]
        for x in [ir.get("score"), (ir.get("bot_score") or {}).get("expr")] + shown:
            self.of(x, me, seen)
        # a call site the walk above did not reach (invariants, a modifier's
        # arguments) makes its target's parameters unknown
        counted = self.call_sites
        for kind, table, names in (("proc", self.proc_types, self.procs), ("quantity", self.quant_types, self.quants)):
            for tid, params in names.items():
                sites = seen.get((kind, tid), [])
                if not sites or len(sites) != counted.get((kind, tid), 0):
                    table[tid] = {}
                    continue
                table[tid] = {name: self._joined([ts[i] if i < len(ts) else "none" for ts in sites])
                              for i, name in enumerate(params)}
        for eid in self.event_types:
            sites = seen.get(("event", eid), [])
            if len(sites) != counted.get(("event", eid), 0):
                self.event_types[eid] = None
                continue
            names = {k for ts in sites for k in ts}      # a field some emit leaves out: not known
            self.event_types[eid] = {k: self._joined([ts.get(k) for ts in sites]) for k in sorted(names)}

    @staticmethod
    def _joined(ts: list) -> Any:
        t = ts[0]
        for x in ts[1:]:
            t = union(t, x)
        return t

    # --- what pygen asks --------------------------------------------------------------

    def quantity_env(self, qid: str) -> dict:
        """A quantity's variables: its parameters, and ``me`` (its caller's)."""
        return {**self.params("quantity", qid), "me": self.host("me", "player?")}

    def frame(self, code_id: str) -> dict:
        """The variables of code block ``code_id`` (rules.codes' ids)."""
        known = getattr(self, "_frames", None)
        if known is None:
            known = self._frames = {k: self._unit(f"{k}|{o}", start,
                                                  lambda env, sites, b=b, o=o: self.block_env(b, env, o, sites), {})
                                    for k, (b, start, o) in self._starts().items()}
        return known.get(code_id, {})

    def ability_env(self, decl: dict, eid: Any) -> dict:
        """The variables of an ability's `where`, `require` and modifier value."""
        return self.host_env(decl, eid)
