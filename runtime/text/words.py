"""Everything a view says, in one language (``Words``), and the message ids
of the state's text and of a decision's options, for bots and tests."""

from __future__ import annotations

from typing import Any

from waybill.spec.messages import ENGINE_IDS, name_id, safe_id

from ..engine.access import TEXT_JOIN, TEXT_NAME
from ..engine.english import DEFAULT_PROMPTS, per_rules, prompt_english
from ..engine.english import english as _english

from .catalogue import Catalogue, catalogue

# the English words the engine writes into the state, by id (a view in
# another language finds them here)
ENGINE_WORDS = {"pass": "engine-pass", "done": "engine-done", "yes": "engine-yes", "no": "engine-no",
                "hidden": "engine-hidden", "none": "engine-none"}


class Words:
    """Everything a view says, in one language: names of entities, spaces,
    zones and actions, display labels, prompts, option labels, log lines.
    A message the language lacks is said in English (and counted in
    ``catalogue.missing``)."""

    def __init__(self, m: Any, cat: Catalogue):
        self.m, self.R, self.cat = m, m.R, cat

    def get(self, mid: str, fallback: str | None = None, **args: Any) -> str:
        return self.cat.get(mid, args, fallback)

    # names
    def entity(self, eid: Any) -> str:
        names = self.cat.names      # (a view names each card on the table: once per catalogue)
        got = names.get(eid) if type(eid) is str else None
        if got is not None:
            return got
        e = self.R.entities.get(eid) if type(eid) is str else None
        if not e:
            return str(eid)
        got = names[eid] = self.get(name_id("ent", e, eid), e.get("name") or eid)
        return got

    def entity_text(self, eid: str) -> str | None:
        e = self.R.entities.get(eid) or {}
        return self.get(name_id("ent", e, eid) + ".text", e["text"]) if e.get("text") else None

    def space(self, sid: str) -> str:
        sp = self.R.spaces.get(sid) or {}
        name = sp.get("name") or sid
        return self.get(name_id("space", sp, sid), name) if name != sid else name

    def zone(self, zid: str) -> str:
        key = ("zone", zid)
        got = self.cat.names.get(key)
        if got is not None:
            return got
        if zid in self.R.spaces:
            got = self.space(zid)
        else:
            z = self.R.zones.get(zid) or {}
            name = z.get("name") or zid
            got = self.get(name_id("zone", z, zid), name) if name != zid else name
        if type(zid) is str:
            self.cat.names[key] = got
        return got

    def action(self, eid: str | None, aid: str, fallback: str) -> str:
        return self.get(action_id(self.R, eid, aid), fallback)

    def word_id(self, mid: str, english: str) -> str:
        return self.get(mid, english)

    def word(self, english: str) -> str:
        """One of the engine's own words, given in English (what the state holds)."""
        mid = ENGINE_WORDS.get(english)
        return self.get(mid, english) if mid else english

    # values
    def value(self, v: Any, entity: str | None = None) -> str:
        """A value as words (the view's value, already through the seat's sight)."""
        t = type(v)
        if v is None:
            return self.word("none")
        if t is bool:
            return self.word("yes" if v else "no")
        if t is str:
            return self.space(v) if v in self.R.spaces else self.text(v)
        if t is int or t is float:
            return str(v)
        if t is list:
            return self.get("engine-list-sep", ", ").join(self.value(x) for x in v) if v else self.word("none")
        if t is dict:
            if v.get("hidden"):
                return self.word("hidden")
            if "player" in v and len(v) == 1 and type(v["player"]) is int:
                return self.player(v["player"])
            if "entity" in v and len(v) == 1:
                return self.entity(v["entity"])
            if "piece" in v:
                ent = v.get("entity", entity)
                return self.entity(ent) if ent is not None else self.get("engine-a-piece", "a piece")
            if "text" in v:
                return self.built(v)
            if "zone" in v:
                name = self.zone(v["zone"])
                of = v.get("of")
                if type(of) is int and 0 <= of < len(self.m.st.players):
                    who = self.player(of)
                    return self.get("engine-zone-of", f"{name} of {who}", zone=name, player=who)
                return name
            return ", ".join(f"{k}: {self.value(x)}" for k, x in v.items())
        return str(v)

    def player(self, seat: int) -> str:
        """A seat's name; the names the engine gives (``Player 1``, and
        ``Seat 0`` of `waybill play`) said in the language."""
        names = self.m.st.players
        if not 0 <= seat < len(names):
            return self.get("engine-seat", f"seat {seat}", seat=seat)
        name = names[seat]
        if name == f"Player {seat + 1}":
            return self.get("engine-player", name, number=seat + 1)
        if name == f"Seat {seat}":
            return self.get("engine-seat-name", name, seat=seat)
        return name

    def text(self, s: str) -> str:
        """A string the rules wrote as a value (a choice offered as a
        string, a track's word, a card field's value), said in the language:
        the message written with those words (``literal_ids``), else the
        string as it is (a key, a number, words a save of version 1 kept)."""
        mid = self.R.messages.literal_ids().get(s)
        return self.get(mid, s) if mid is not None else s

    def built(self, v: dict) -> str:
        """Text the rules built (access.py: ``{"text": id, variable: value}``),
        from the catalogue, each value said in turn."""
        mid = v.get("text")
        if mid == TEXT_NAME:
            return self.hole(v.get("of"))
        if mid == TEXT_JOIN:
            return "".join(self.hole(x) for x in v.get("parts") or [])
        if type(mid) is not str or mid not in self.R.messages.by_id:
            return str(mid)
        args = {("text" if k == "@text" else k): self.arg(x) for k, x in v.items() if k != "text"}
        return self.get(mid, None, **args)

    def arg(self, v: Any) -> Any:
        """A message variable: numbers stay numbers (plural forms select on them)."""
        if type(v) is int or type(v) is float:
            return v
        return self.hole(v)

    def hole(self, v: Any) -> str:
        """A value in a hole of a line or a text, said as the engine's
        English copy says it (access.text_of): a list is its items joined,
        so an empty list is no words ("pillages  from", as main's log said
        it), where a value shown alone (a panel's) is "none"."""
        if type(v) is list:
            return self.get("engine-list-sep", ", ").join(self.hole(x) for x in v)
        return self.value(v)

    def said(self, mid: str | None, args: dict | None, english: str | None = None) -> str:
        """A line kept as its message id and values, in this language;
        ``english`` the words the state kept, if any (else said again from
        the rules' English: english.english)."""
        if english is None:
            english = _english(self.m, mid, args)
            if english is None:
                english = str(mid or "")
        if mid in ENGINE_IDS:
            values = {k: self.arg(x) for k, x in (args or {}).items()}
            cid = (args or {}).get("counter")
            if type(cid) is str and cid in self.R.counters:      # a counter by its name, not its id
                name = self.R.counters[cid].get("name") or cid
                values["counter"] = self.get(name_id("counter", self.R.counters[cid], cid), name) if name != cid else name
            return self.get(mid, english, **values)
        if not mid or mid not in self.R.messages.by_id:
            return english
        msg = self.R.messages.by_id[mid]
        if set(msg.vars) - set(args or {}):
            return english          # a value it needs was not kept: say it as written
        return self.get(mid, english, **{k: self.arg(x) for k, x in (args or {}).items()})



    # decisions
    def prompt(self, pending: dict) -> str:
        english = prompt_english(self.m, pending)
        mid = pending.get("msg")
        if mid and mid in self.R.messages.by_id:
            return self.said(mid, pending.get("args"), english)
        kind = pending.get("kind")
        if english == DEFAULT_PROMPTS.get(kind):
            return self.get(f"engine-prompt-{kind}", english)
        return english

    def option(self, kind: str | None, opt: dict, ask: str | None, owner: Any = None) -> str:
        """An option's label (or an answer's, in the log), from what it is:
        the action and its card, the menu line, the value."""
        label = opt.get("label") or ""
        if label in ENGINE_WORDS and (opt.get("value") is None or type(opt.get("value")) is bool
                                      or opt.get("action", 0) is None):
            if kind != "amount":
                return self.word(label)
        if kind == "act":
            act = opt.get("action")
            if act is None:
                return self.word("pass")
            return self.action(owner, act, label)
        if kind == "choose":
            c = opt.get("choice")
            ask = ask or opt.get("msg")         # (an answer in the log names its menu)
            if type(c) is int and ask:
                mid = self.R.messages.choice(ask, c)
                if mid in self.R.messages.by_id:
                    return self.said(mid, opt.get("args"), label)
            return label
        if kind in ("pick", "order") and "value" in opt:
            return self.value(opt["value"], opt.get("entity"))
        return label


def words(m: Any, lang: str | None) -> "Words | None":
    cat = catalogue(m.R, lang)
    return Words(m, cat) if cat is not None else None


def option_msg(m: Any, kind: str | None, opt: dict, ask: str | None) -> str | None:
    """The message id of an option's words: its action (and card), its menu
    line, or the engine's pass/done/yes/no; None for a value (a piece, a
    space, a number), which is named by what it is."""
    if kind == "act":
        act = opt.get("action")
        if act is None:
            return "engine-pass"
        src = opt.get("source")
        eid = m.st.p_ent[src] if type(src) is int and 0 <= src < len(m.st.p_ent) else None
        return action_id(m.R, eid, act)
    if kind == "choose":
        c = opt.get("choice")
        if c is None:
            return "engine-done"
        return m.R.messages.choice(ask, c) if type(c) is int else None
    if kind == "may":
        return "engine-yes" if opt.get("value") else "engine-no"
    if kind in ("pick", "order") and opt.get("index", 0) is None:
        return "engine-done"
    if kind in ("pick", "order") and (type(opt.get("value")) is str or type(opt.get("value")) is dict):
        return value_msg(m.R, opt["value"])
    return None


def action_id(R: Any, eid: str | None, aid: str) -> str:
    """The message id of an action's name: a card's (``ent-<card>-action-<id>``)
    or a top-level one (``action-<id>``), under its variant's prefix if a
    variant declared it. Kept per rules: every option of every turn's
    decision asks, and the answer depends on the rules alone."""
    return per_rules(R, "action_ids", (eid, aid), _action_id_of)


def _action_id_of(R: Any, key: tuple) -> str:
    return _action_id(R, *key)


def _action_id(R: Any, eid: str | None, aid: str) -> str:
    if eid:
        return f"{name_id('ent', R.entities.get(eid), eid)}-action-{safe_id(aid)}"
    tops = R.top_actions
    if tops is None:
        tops = R.top_actions = {r["id"]: r for r in R.ir.get("rules") or []
                                              if type(r) is dict and r.get("type") == "action"}
    return name_id("action", tops.get(aid), aid)


def value_msg(R: Any, v: Any) -> str | None:
    """The message id of a value the rules made as text: a string they
    wrote (``"none of these"`` offered as a choice is ``proc-turn-str2``,
    ``literal_ids``), or text they built (its ``"text"``); None for any
    other value."""
    if type(v) is str:
        return R.messages.literal_ids().get(v)
    if type(v) is dict and type(v.get("text")) is str:
        return v["text"]
    return None


def named_entity(v: Any) -> str | None:
    """The entity a text value names (``x.name``, ``text_of(x)`` of a piece
    or an entity: runtime/engine/access.py), or None: what a bot compares
    instead of a name's words."""
    if type(v) is dict and v.get("text") == "engine-name" and type(of := v.get("of")) is dict:
        eid = of.get("entity")
        return eid if type(eid) is str else None
    return None


def option_ids(game: Any) -> list[str | None]:
    """The message ids of ``game.legal_actions()``, in order: what a bot
    matches (``engine-done``, ``proc-turn-str1``), never the words."""
    return option_msgs(game.m)


def option_msgs(m: Any, p: dict | None = None) -> list[str | None]:
    """`option_msg` of each option of the pending decision (in
    ``legal_actions()`` order), or of ``p`` (one seat's ask of a
    simultaneous decision): what bots and scenarios may match, in any
    language."""
    p = m.st.pending if p is None else p
    if p is None:
        return []
    return [option_msg(m, p.get("kind"), o, p.get("msg")) for o in p.get("options") or []]

