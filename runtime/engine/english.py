"""The English words of what the state keeps as ids and values: a line
(a log line, a stopped effect's), a prompt, an option's label, said again
from the rules' English messages as the rules would have written them
(issue 24: the state keeps no words a message says). Views, legal actions,
``Game.pending``, ``Game.log`` and ``Game.messages()`` say them here;
a view in another language says them from its catalogue (text/words.py),
with these as the English fallback."""

from __future__ import annotations

from typing import Any, Callable

from . import access


# the words of a decision without a prompt, by its kind (said again from
# here: the state keeps no words its rules can say again, issue 24)
DEFAULT_PROMPTS = {"act": "Take an action", "choose": "Choose", "pick": "Pick", "amount": "Choose a number",
                   "order": "Put in order", "may": "Do it?"}
# the engine's own lines (a failed `require` with no message of its own, a
# `pay` that fell short), by message id: the English of spec/locales/en.ftl
ENGINE_SAID = {"engine-requirement": "requirement not met",
               "engine-cannot-pay": "cannot pay {amount} {counter} (has {has})"}


def english(m: Any, mid: Any, args: dict | None) -> str | None:
    """The English words of the line (or prompt, or menu line) kept as
    message ``mid`` and the values of its variables: the message's English
    with each value said as ``access.text_of`` says it, as `compile_said`
    joined them when the line was written. None for an id these rules do
    not have, or values a damaged save could not say."""
    a = args if type(args) is dict else {}
    try:
        fmt = ENGINE_SAID.get(mid) if type(mid) is str else None
        if fmt is not None:
            return fmt.format(**a)
        parts = access.english_parts(m.R, mid) if type(mid) is str else None
        if parts is None:
            return None
        return "".join(p if type(p) is str else access.text_of(m, a.get(p[0])) for p in parts)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, RecursionError):
        return None


def prompt_english(m: Any, pending: dict) -> str:
    """The English prompt of a pending decision: its own words if the state
    kept them, else said again from its message id (a decision without a
    prompt: the words of its kind)."""
    got = pending.get("prompt")
    if got is not None:
        return got
    args = pending.get("args")
    if not args:    # (words of the rules alone: kept per rules, a bot reads `pending` at every decision)
        return per_rules(m.R, "prompt_words", (pending.get("kind"), pending.get("msg")), _prompt_of)
    got = english(m, pending.get("msg"), args)
    return got if got is not None else DEFAULT_PROMPTS.get(pending.get("kind"), "")


def _prompt_of(R: Any, key: tuple) -> str:
    """The English prompt of a decision of kind and message ``key`` whose
    message has no variables (``english`` of no values reads only ``R``)."""
    kind, mid = key
    got = english(_RulesOnly(R), mid, None)
    return got if got is not None else DEFAULT_PROMPTS.get(kind, "")


class _RulesOnly:
    """What ``english`` reads of a game when no value is said: its rules."""
    __slots__ = ("R",)

    def __init__(self, R: Any):
        self.R = R


def label_english(m: Any, kind: Any, opt: dict, ask: Any) -> str:
    """The English label of an option (or of an answer in the log): its own
    words if the state kept them (a menu line no message says, a hidden
    piece's "hidden"), else said from what it is, as the decision would
    have written it: the action's name, the menu line from its message id
    and values, the value's name (``access.text_of``), the number, yes/no,
    pass/done. ``ask`` is the decision's message id (a menu's lines are
    named after it)."""
    got = opt.get("label")
    if got is not None:
        return got
    if kind == "act":
        action = opt.get("action")
        if action is None:
            return "pass"
        src = opt.get("source")
        st = m.st
        eid = st.p_ent[src] if type(src) is int and 0 <= src < len(st.p_ent) else None
        return action_name(m.R, eid, action)
    if kind == "choose":
        c = opt.get("choice")
        if c is None:
            return "done"
        mid = m.R.messages.choice(ask, c) if type(c) is int else None
        got = english(m, mid, opt.get("args")) if mid is not None else None
        return got if got is not None else ""
    if kind == "may":
        return "yes" if opt.get("value") else "no"
    if kind == "amount":
        return str(opt.get("value"))
    if opt.get("index", 0) is None:
        return "done"
    try:
        return access.text_of(m, opt.get("value"))
    except (KeyError, IndexError, TypeError):     # (a damaged save's value: named as it is)
        return str(opt.get("value"))


def action_name(R: Any, eid: str | None, action: Any) -> str:
    """The English name of an action (of a card, or a top-level one), kept
    per rules: every option of every turn's decision is named."""
    return per_rules(R, "action_names", (eid, action), _action_name)


def _action_name(R: Any, key: tuple) -> str | None:
    try:
        return R.action_ability(*key).name
    except Exception:           # (a damaged save's action: named by its id, not kept)
        return None


def per_rules(R: Any, table: str, key: Any, make: Callable) -> Any:
    """``make(R, key)``, kept per rules in ``R``'s table ``table`` (bounded:
    a pack declares fewer actions than that); a None made is not kept and
    ``str(key[-1])`` is given instead."""
    kept = getattr(R, table)        # (a field the Rules declare)
    if kept is None:
        kept = {}
        setattr(R, table, kept)
    got = kept.get(key)
    if got is None:
        got = make(R, key)
        if got is None:
            return str(key[-1])
        if len(kept) < 4096:    # a bound, not a policy
            kept[key] = got
    return got


def option_labels(m: Any, pending: dict) -> list[str]:
    """`label_english` of each option of a pending decision, in order."""
    kind, ask = pending.get("kind"), pending.get("msg")
    if kind == "act":
        return _act_labels(m, pending.get("options") or ())
    if kind == "pick":
        return _pick_labels(m, pending.get("options") or ())
    return [label_english(m, kind, o, ask) for o in pending.get("options") or ()]


def _pick_labels(m: Any, options: Any) -> list[str]:
    """``label_english`` of each option of a pick: a piece by its card's
    name (``access.text_of``), written out: most picks offer pieces."""
    ents, p_ent = m.R.entities, m.st.p_ent
    out = []
    for o in options:
        got = o.get("label")
        if got is None:
            v = o.get("value")
            pid = v.get("piece") if type(v) is dict and len(v) == 1 else None
            if type(pid) is int and 0 <= pid < len(p_ent) and o.get("index", 0) is not None:
                ent = ents[p_ent[pid]]
                got = ent.get("name", ent["id"])
            else:
                got = label_english(m, "pick", o, None)
        out.append(got)
    return out


def _act_labels(m: Any, options: Any) -> list[str]:
    """``label_english`` of each option of a turn's decision (the actions
    open, their cards' names kept per rules), written out: every turn of
    every game names them."""
    R, p_ent = m.R, m.st.p_ent
    names = R.action_names or {}
    out = []
    for o in options:
        got = o.get("label")
        if got is None:
            action = o.get("action")
            if action is None:
                got = "pass"
            else:
                src = o.get("source")
                eid = p_ent[src] if type(src) is int and 0 <= src < len(p_ent) else None
                got = names.get((eid, action)) or action_name(R, eid, action)
        out.append(got)
    return out
