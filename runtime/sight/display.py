"""The table a pack declares (`display { panel { ... } board { ... } }`), as
one seat may see it.

The IR's ``display`` lists items for each seat's *panel* and for the public
*board*; each item is a counter, a zone, a quantity or a `show` expression,
with a label. Here each becomes ``{"type", "id"?, "label", "value" | "by_seat",
"text"}``: ``value`` is the item's data passed through the seat's ``Sight``
(a zone's value is the zone as ``Sight.zone`` lists it), ``by_seat`` holds
one value per seat for a per-player counter or zone on the board, and
``text`` is the value written for people (player, space and entity names; a
piece the seat does not see is "hidden"); a view that names cards by id
leaves a zone's ``text`` out. Nothing reaches the seat except
through its ``Sight``.

Derived items (quantities and `show` expressions) read the whole state, so a
panel computes them for its own seat only: another seat's panel lists its
counters and zones, never its derived items.
"""

from __future__ import annotations

from typing import Any

from waybill.spec.errors import WaybillError
from ..engine.access import text_of
from ..engine.exprs import compile_expr
from .filter import Sight
from waybill.spec.messages import safe_id

DERIVED = frozenset(("quantity", "show"))


def build(m: Any, sight: Sight, props: dict[int, dict], words: Any = None, texts: bool = True) -> dict:
    """``words`` (runtime/text.Words) says labels and values in a language;
    None: the IR's own words. ``texts=False``: a zone item has no ``text``
    (its pieces name their cards by id; a client that has the cards,
    sight/cards.py, says their names and text: the view does not repeat
    them)."""
    decl = compiled(m.R)
    lay = m.L
    panels = []
    for seat in range(lay.n):
        own = sight.player == seat
        items = [_item(m, sight, props, it, seat, words, texts) for it in decl["panel"]
                 if own or it["type"] not in DERIVED]
        panels.append({"seat": seat, "name": m.st.players[seat], "items": items})
    board = [_item(m, sight, props, it, None, words, texts) for it in decl["board"]]
    return {"panels": panels, "board": board}


def compiled(rules: Any) -> dict:
    """The IR's display with each derived item's expression compiled once per rules."""
    cached = rules.display
    if cached is not None:
        return cached
    src = rules.ir.get("display") or {}
    out: dict[str, list] = {}
    for part in ("panel", "board"):
        items = []
        shows = 0
        for it in src.get(part) or []:
            it = dict(it)
            if it.get("id") is not None:        # its message id (spec/messages.py)
                it["msg"] = f"display-{part}-{safe_id(it['type'])}-{safe_id(it['id'])}"
            else:
                shows += 1
                it["msg"] = f"display-{part}-show{shows}"
            if it.get("expr") is not None:
                it["fn"] = compile_expr(it["expr"], rules, rules.where(it.get("at")))
            items.append(it)
        out[part] = items
    rules.display = out
    return out


def _item(m: Any, sight: Sight, props: dict, it: dict, seat: int | None, w: Any = None, texts: bool = True) -> dict:
    kind = it["type"]
    out: dict[str, Any] = {"type": kind}
    if it.get("id") is not None:
        out["id"] = it["id"]
    out["label"] = it.get("label") or it.get("id") or ""
    if w is not None:
        out["label"] = w.get(it["msg"], out["label"]) if it.get("label") else out["label"]
    if kind == "zone":
        slots = _zone_slots(m, it["id"], seat)
        zones = [sight.zone(s, props) for s in slots]
        for z in zones:
            z["name"] = _zone_name(m, z["zone"]) if w is None else w.zone(z["zone"])
            if it.get("grouped") and "pieces" in z:
                z["groups"] = _groups(z.pop("pieces"))
        ztext = _zone_text if w is None else _zone_words
        one = len(zones) == 1 and not (seat is None and m.L.z_of[slots[0]] is not None)
        if one:
            out["value"] = zones[0]
        else:
            out["by_seat"] = zones
        if texts:       # (else its words are its cards' names: the client has the cards)
            said = [ztext(m, sight if w is None else w, z, it.get("full")) for z in zones]
            out["text"] = said[0] if one else said
        elif it.get("full"):
            out["full"] = True      # its cards are shown with their text (the client has it)
        return out
    if kind == "counter":
        raw = _counter_values(m, it["id"], seat)
    else:
        raw = derived(m, it, seat)
    say = (lambda v: describe(m, sight, v)) if w is None else w.value
    if type(raw) is tuple:       # a per-player counter on the board: every seat's value
        values = [sight.named(v) for v in raw]
        out["by_seat"] = values
        out["text"] = [say(v) for v in values]
    else:
        value = sight.named(raw)
        out["value"] = value
        out["text"] = say(value)
    return out


def _zone_slots(m: Any, zid: str, seat: int | None) -> list[int]:
    lay = m.L
    if (zid, None) in lay.zslot:
        return [lay.zslot[(zid, None)]]
    if seat is not None:
        return [lay.zslot[(zid, seat)]]
    return [lay.zslot[(zid, s)] for s in range(lay.n) if (zid, s) in lay.zslot]


def _counter_values(m: Any, cid: str, seat: int | None) -> Any:
    lay, counters = m.L, m.st.counters
    if (cid, None) in lay.cslot:
        return counters[lay.cslot[(cid, None)]]
    if seat is not None:
        return counters[lay.cslot[(cid, seat)]]
    return tuple(counters[lay.cslot[(cid, s)]] for s in range(lay.n))


def derived(m: Any, it: dict, seat: int | None) -> Any:
    """A derived item's value (its compiled ``fn``), ``me`` bound to ``seat``;
    an "(error: ...)" text when the rules cannot compute it. Also a board's
    shown quantities (board.py)."""
    loc = {"me": m.L.player_refs[seat]} if seat is not None else {}
    try:
        return it["fn"](m, loc)
    except WaybillError as exc:
        # a display must not stop the game: the item says what went wrong
        return f"(error: {exc})"
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError) as exc:
        return f"(error: {type(exc).__name__})"


def _zone_name(m: Any, zid: str) -> str:
    z = m.R.zones.get(zid) or m.R.spaces.get(zid) or {}
    return z.get("name") or zid


def _groups(pieces: list[dict]) -> list[dict]:
    """Pieces counted by entity, first seen first: a supply shown without handles."""
    counts: dict[str, int] = {}
    for p in pieces:
        counts[p["entity"]] = counts.get(p["entity"], 0) + 1
    return [{"entity": e, "count": n} for e, n in counts.items()]


def _zone_text(m: Any, sight: Sight, z: dict, full: bool = False) -> str:
    if "groups" in z:
        parts = [entity_name(m, g["entity"]) + (f" x{g['count']}" if g["count"] > 1 else "") for g in z["groups"]]
        return ", ".join(parts) if parts else "empty"
    if "pieces" in z:
        if full:
            return "\n".join(_with_text(m, p.get("entity")) for p in z["pieces"]) or "empty"
        names = [entity_name(m, p.get("entity")) for p in z["pieces"]]
        return ", ".join(names) if names else "empty"
    if z.get("known"):
        # the cards shown to this seat by name, only the rest as hidden: a seat told every card
        # of a hidden hand is never shown "5 hidden"
        rest = z["count"] - len(z["known"])
        return ", ".join([entity_name(m, p.get("entity")) for p in z["known"]]
                         + ([f"{rest} hidden"] if rest > 0 else []))
    return f"{z['count']} hidden" if z["count"] else "empty"


def _zone_words(m: Any, w: Any, z: dict, full: bool = False) -> str:
    """`_zone_text` in the language of ``w`` (runtime/text.Words)."""
    sep = w.get("engine-list-sep", ", ")
    if "groups" in z:
        parts = [w.get("engine-times", f"{w.entity(g['entity'])} x{g['count']}", name=w.entity(g["entity"]),
                       count=g["count"]) if g["count"] > 1 else w.entity(g["entity"]) for g in z["groups"]]
        return sep.join(parts) if parts else w.word_id("engine-empty", "empty")
    if "pieces" in z:
        if full:
            return "\n".join(_with_words(w, p.get("entity")) for p in z["pieces"]) or w.word_id("engine-empty", "empty")
        names = [w.entity(p.get("entity")) for p in z["pieces"]]
        return sep.join(names) if names else w.word_id("engine-empty", "empty")
    if z.get("known"):
        rest = z["count"] - len(z["known"])
        return sep.join([w.entity(p.get("entity")) for p in z["known"]]
                        + ([w.get("engine-hidden-count", f"{rest} hidden", count=rest)] if rest > 0 else []))
    if z["count"]:
        return w.get("engine-hidden-count", f"{z['count']} hidden", count=z["count"])
    return w.word_id("engine-empty", "empty")


def _with_words(w: Any, eid: Any) -> str:
    name = w.entity(eid)
    text = w.entity_text(eid) if type(eid) is str and eid in w.R.entities else None
    if not text:
        return name
    return text if text.startswith(name) else f"{name}: {text}"


def describe(m: Any, sight: Sight, v: Any, entity: str | None = None) -> str:
    """A value as words: names for players, spaces, zones and entities."""
    t = type(v)
    if v is None:
        return "none"
    if t is bool:
        return "yes" if v else "no"
    if t is str:
        sp = m.R.spaces.get(v) if hasattr(m.R, "spaces") else None
        if sp:
            return sp.get("name") or v
        return v
    if t is list:
        return ", ".join(describe(m, sight, x) for x in v) if v else "none"
    if t is dict:
        if v.get("hidden"):
            return "hidden"
        if "player" in v and len(v) == 1 and type(v["player"]) is int:
            names = m.st.players
            return names[v["player"]] if 0 <= v["player"] < len(names) else f"seat {v['player']}"
        if "entity" in v and len(v) == 1:
            return entity_name(m, v["entity"])
        if "piece" in v:
            ent = v.get("entity", entity)
            return entity_name(m, ent) if ent is not None else "a piece"
        if "zone" in v:
            return _zone_name(m, v["zone"])
        if "text" in v:             # text the rules built, in English (access.py)
            return text_of(m, v)
        return ", ".join(f"{k}: {describe(m, sight, x)}" for k, x in v.items())
    return str(v)


def _with_text(m: Any, eid: Any) -> str:
    e = m.R.entities.get(eid) if type(eid) is str else None
    name, text = entity_name(m, eid), (e or {}).get("text")
    if not text:
        return name
    return text if text.startswith(name) else f"{name}: {text}"   # a card's text often starts with its name


def entity_name(m: Any, eid: Any) -> str:
    e = m.R.entities.get(eid) if type(eid) is str else None
    return (e.get("name") or eid) if e else str(eid)
