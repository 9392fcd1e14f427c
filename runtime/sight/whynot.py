"""Why not: the actions a seat could take at its `act` decision but cannot now, with why.

For the seat that answers an `act` decision, the top-level actions of the
decision's tags that are not among its options, each with the reason of the
first requirement that fails (its message, in the view's language when the
catalogue has it, else the requirement written out) or of its use limit. An
action that is offered is never listed; nothing is changed in the game (the
requirements are read as the listing reads them). Actions hosted by pieces
are left out: a seat's hand or a deck would list every card.
"""

from __future__ import annotations

from typing import Any


def note(m: Any, player: int | None, pending: dict, words: Any = None) -> None:
    """The view's hook: the pending decision (as the seat sees it) gets
    ``unavailable`` when there is any to list."""
    why = unavailable(m, player, words, pending.get("at"))
    if why:
        pending["unavailable"] = why


def unavailable(m: Any, player: int | None, words: Any = None, at: str | None = None) -> list[dict]:
    """``[{"action", "label", "reason", "msg"?}]`` for ``player``'s pending `act`
    decision ``at`` (the view's ``pending.at``: its id, or its place); empty for
    any other viewer or decision."""
    st = m.st
    pending = st.pending
    if (pending is None or st.over or player is None or pending.get("player") != player
            or pending.get("kind") != "act"):
        return []
    tags = _act_tags(m, at)
    if tags is None:
        return []
    offered = {o.get("action") for o in pending["options"] if o.get("source") is None}
    me = m.L.player_refs[player]
    loc = {"me": me, "self": None, "owner": me}
    out = []
    for ab in m.R.rule_actions:
        if ab.action in offered or (tags and not ab.tags & tags):
            continue
        why = _reason(m, ab, player, loc, words)
        if why is None:
            continue      # all met, yet not offered (the listing's own reasons): nothing to say
        label = words.action(None, ab.action, ab.name) if words is not None else ab.name
        out.append({"action": ab.action, "label": label, **why})
    return out


def _reason(m: Any, ab: Any, player: int, loc: dict, words: Any) -> dict | None:
    limit = ab.limit
    if limit:
        per = limit.get("per", "turn")
        used = m.st.uses[per].get(f"{ab.action}|{player}", 0)
        if used >= limit["count"]:
            english = f"already taken {limit['count']} time{'s' if limit['count'] != 1 else ''} this {per}"
            return {"reason": words.word(english) if words is not None else english}
    decls = ab.decl.get("require") or []
    for (req, message), decl in zip(ab.requires, decls):
        try:
            met = req(m, loc)
        except Exception as exc:       # noqa: BLE001 - a requirement that cannot be read now is not met
            return {"reason": f"{_written(decl.get('expr'))} ({type(exc).__name__})"}
        if met:
            continue
        mid = m.R.messages.of(decl)
        if message:
            text = words.said(mid, None, message) if words is not None else message
            return {"reason": text, **({"msg": mid} if mid else {})}
        return {"reason": f"needs {_written(decl.get('expr'))}"}
    return None


def _act_tags(m: Any, at: str | None) -> frozenset | None:
    """The tags the `act` decision at source location ``at`` lists (none:
    every action), found in the IR; None if not found."""
    if at is None:
        return None
    hit = _ACTS.get(id(m.R))
    if hit is None or hit[0] is not m.R:          # (static per rules: found once; by identity, as ids get reused)
        index: dict = {}
        _gather_acts(m.R, m.R.ir, index)
        if len(_ACTS) > 64:
            _ACTS.clear()
        hit = _ACTS[id(m.R)] = (m.R, index)
    return hit[1].get(at)


_ACTS: dict[int, tuple[Any, dict]] = {}


def _gather_acts(R: Any, node: Any, index: dict) -> None:
    """{each `act` decision's place and its id (the view's ``pending.at``,
    spec/messages.py: ``play-ask-act1``): the tags it lists}."""
    ids = getattr(getattr(R, "messages", None), "decision_at", None) or {}
    stack = [node]
    while stack:
        x = stack.pop()
        if type(x) is dict:
            if x.get("do") == "act" and "at" in x:
                tags = frozenset(x.get("tags") or [])
                where = R.where(x["at"])
                if where is not None:
                    index[where] = tags
                ask = ids.get(tuple(x["at"])) if type(x["at"]) is list else None
                if ask is not None:
                    index[ask] = tags
            stack.extend(v for v in x.values() if type(v) in (dict, list))
        elif type(x) is list:
            stack.extend(v for v in x if type(v) in (dict, list))


_BIN = {"==": "=", "!=": "≠", ">=": "≥", "<=": "≤"}


def _written(e: Any, depth: int = 0) -> str:
    """A requirement's expression written out, for one without a message."""
    if depth > 8:
        return "…"
    if type(e) is not dict:
        return "none" if e is None else str(e).lower() if type(e) is bool else str(e)
    op = e.get("op")
    if op == "var":
        return str(e.get("name"))
    if op == "ref":
        return str(e.get("id"))
    if op in ("quantity", "call"):
        name = e.get("id") or e.get("fn")
        args = ", ".join(_written(a, depth + 1) for a in e.get("args") or [] if a is not None)
        return f"{name}({args})"
    if op == "bin":
        o = e.get("o")
        return f"{_written(e.get('l'), depth + 1)} {_BIN.get(o, o)} {_written(e.get('r'), depth + 1)}"
    if op == "not":
        return f"not {_written(e.get('x'), depth + 1)}"
    if op == "attr":
        return f"{_written(e.get('of'), depth + 1)}.{e.get('name')}"
    if op in ("and", "or"):
        return f" {op} ".join(_written(x, depth + 1) for x in e.get("args") or [e.get("l"), e.get("r")])
    return str(e.get("id") or e.get("name") or op)
