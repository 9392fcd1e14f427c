"""What a string means when rules compare it with a name or a text
(`x.name == "Bandit"`): the declared things whose source words are that
string. The `.wb` source is the English catalogue, so these are the things
that say those words in it; the runtime then compares what a text names
(its key), never the words it renders to (DESIGN 10).

A key names one declared thing: ``entity:ID`` (a card or any entity, a
piece by its card), ``zone:ID`` (a zone that belongs to no seat),
``space:ID``, ``message:ID`` (a message without holes). The compiler
resolves each literal compared with `==`/`!=` to its keys (the bin node's
``said``); the runtime resolves a string held in a variable through the
same table (``said_table``)."""

from __future__ import annotations

from typing import Any

ENTITY, ZONE, SPACE, MESSAGE = "entity:", "zone:", "space:", "message:"


def said_table(ir: dict, plain_messages: dict[str, str] | None = None) -> dict[str, list[str]]:
    """{source words: the keys of the declared things saying them}, in
    declaration order. ``plain_messages``: {message id: its words} of the
    messages without holes (spec.messages.Index gives them)."""
    out: dict[str, list[str]] = {}

    def add(words: Any, key: str) -> None:
        if type(words) is str:
            out.setdefault(words, []).append(key)

    for ent in _decls(ir.get("entities")):
        add(ent.get("name", ent.get("id")), ENTITY + str(ent.get("id")))
    for z in _decls(ir.get("zones")):
        if z.get("scope", "global") == "global":
            add(z.get("name", z.get("id")), ZONE + str(z.get("id")))
    for sp in _decls(ir.get("spaces")):
        add(sp.get("name", sp.get("id")), SPACE + str(sp.get("id")))
        add(sp.get("name", sp.get("id")), ZONE + str(sp.get("id")))     # a space is its zone too
    for mid, words in (plain_messages or {}).items():
        add(words, MESSAGE + mid)
    return out


def _decls(v: Any) -> list[dict]:
    if type(v) is dict:
        return [x for x in v.values() if type(x) is dict]
    return [x for x in v or [] if type(x) is dict]
