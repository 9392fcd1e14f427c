"""The boards a pack draws (``ir["boards"]``, compiler/boards.py), as a seat sees them.

Two parts, so that what never changes is sent once:

* ``geometry(R, words)``: each board whose spaces have positions: its
  spaces (id, name, ``xy``: its `at: x, y`, tags), links, regions and what it shows (the
  declared ``shows``). The same for every seat and every state of a game.
* ``state(m, sight, props, pending)``: what lies on those boards now, as
  this seat sees it: ``tokens`` (a counter or a quantity naming spaces:
  which space, and the seat a per-player one is of), ``pieces`` (by space, the pieces of a
  shown kind or card lying there, by the handle ``sight`` gives them and
  their card, which the geometry's ``cards`` maps to its show and name, with the
  value of the shown field), ``hidden`` (how many pieces of a space the
  seat does not see) and, on the seat's own decision, ``targets``: the
  options that name a space, either by its id or by a piece the seat sees
  lying there, so a frontend can answer by clicking the space.

Everything about pieces comes from ``sight.zone`` and the view's already
filtered question, so the board tells a seat nothing the rest of its view
does not.
"""

from __future__ import annotations

from typing import Any

from waybill.spec.messages import name_id, safe_id
from ..engine.exprs import compile_expr
from .display import derived
from .filter import Sight


def drawn(R: Any) -> list[dict]:
    """The IR's boards that have positions, with their shows indexed; kept per rules."""
    cached = R.drawn_boards
    if cached is not None:
        return cached
    out = []
    for b in R.ir.get("boards") or []:
        spaces = [s for s in b["spaces"] if "xy" in (R.spaces.get(s) or {})]
        if not spaces:
            continue        # a graph the rules read but nobody draws
        shows = b["shows"]
        # a shown quantity's expression, compiled once (as a display's `show` lines are)
        fns = {s["id"]: compile_expr(s["expr"], R, R.where(s.get("at"))) for s in shows if s["what"] == "quantity"}
        # a menu line's name -> the space a click answers it by (a space's `answers`)
        answers = {name: sid for sid in spaces for name in R.spaces[sid].get("answers") or ()}
        out.append({"board": b, "spaces": spaces, "answers": answers,
                    "entities": {s["id"]: s for s in shows if s["what"] == "entity"},
                    "kinds": {s["id"]: s for s in shows if s["what"] == "kind"},
                    "places": [s for s in shows if s["what"] in ("counter", "quantity")], "fns": fns})
    R.drawn_boards = out
    return out


def geometry(R: Any, words: Any = None) -> list[dict]:
    """Every drawn board as data: spaces with positions, links, regions, shows
    (names in the language of ``words``, runtime/text.Words; None: the IR's)."""
    out = []
    for d in drawn(R):
        b = d["board"]
        ids = set(d["spaces"])
        spaces = []
        links: set[tuple[str, str]] = set()
        for sid in d["spaces"]:
            sp = R.spaces[sid]
            spaces.append({"id": sid, "name": words.space(sid) if words else sp.get("name") or sid,
                           "xy": list(sp["xy"]), "tags": list(sp.get("tags") or [])})
            links.update(tuple(sorted((sid, a))) for a in sp.get("adjacent") or [] if a in ids)
        say = words.get if words else (lambda mid, english: english)
        regions = [{"id": r["id"], "name": say(name_id("region", r, r["id"]), r.get("name") or r["id"]),
                    "tags": list(r.get("tags") or []), "spaces": [s for s in r["spaces"] if s in ids],
                    **({"colour": r["colour"]} if "colour" in r else {})}
                   for r in R.ir.get("regions") or [] if any(s in ids for s in r["spaces"])]
        shows = []
        for sh in b["shows"]:
            row = {k: v for k, v in sh.items() if k not in ("expr", "at")}
            mid = f"board-{safe_id(b['id'])}-show-{safe_id(sh['id'])}"   # spec/messages.py
            row["label"] = say(mid, sh["label"])
            if "mark" in row:
                row["mark"] = say(mid + "-mark", row["mark"])
            shows.append(row)
        # each card a show draws: its show and its name (a state then names a piece by its card alone)
        cards = {eid: {"show": show["id"], "name": words.entity(eid) if words else e.get("name") or eid}
                 for eid, e in R.entities.items()
                 if (show := d["entities"].get(eid) or d["kinds"].get(e.get("kind"))) is not None}
        out.append({"id": b["id"], "name": say(f"board-{safe_id(b['id'])}", b["name"]), "spaces": spaces, "links": [list(x) for x in sorted(links)],
                    "regions": regions, "shows": shows, "cards": cards})
    return out


def state(m: Any, sight: Sight, props: dict[int, dict], pending: dict | None) -> list[dict]:
    """What lies on each drawn board now, as ``sight`` sees it (see the module's docstring)."""
    out = []
    lay, R = m.L, m.R
    for d in drawn(R):
        ids = set(d["spaces"])
        tokens = []
        for show in d["places"]:
            got = _counter(m, show["id"]) if show["what"] == "counter" else _quantity(m, d["fns"][show["id"]], show)
            for seat, value in got:
                for sid in (value if type(value) is list else [value]):
                    if type(sid) is str and sid in ids:
                        tokens.append({"show": show["id"], "space": sid, **({"seat": seat} if seat is not None else {})})
        pieces: dict[str, list] = {}
        hidden = []
        where: dict[Any, str] = {}         # handle -> space, for the pieces this seat sees
        for sid in d["spaces"]:
            slot = lay.zslot.get((sid, None))
            if slot is None:
                continue
            z = sight.zone(slot, props)
            seen = z.get("pieces", z.get("known", []))
            for p in seen:
                where[p["piece"]] = sid
                row = _piece(R, d, p)
                if row is not None:
                    pieces.setdefault(sid, []).append(row)
            if z["count"] > len(seen):
                hidden.append({"space": sid, "count": z["count"] - len(seen)})
        board = {"id": d["board"]["id"], "tokens": tokens, "pieces": pieces, "hidden": hidden}
        board["targets"] = _targets(pending, sight.player, ids, where, d["answers"])
        out.append(board)
    return out


def _counter(m: Any, cid: str) -> list[tuple[int | None, Any]]:
    lay, counters = m.L, m.st.counters
    if (cid, None) in lay.cslot:
        return [(None, counters[lay.cslot[(cid, None)]])]
    return [(s, counters[lay.cslot[(cid, s)]]) for s in range(lay.n) if (cid, s) in lay.cslot]


def _quantity(m: Any, fn: Any, show: dict) -> list[tuple[int | None, Any]]:
    """Each seat's value of a shown quantity (one value if it has no seat),
    computed as a display's derived lines are: a value the rules cannot
    compute comes back as an "(error: ...)" text, which names no space."""
    seats = range(m.L.n) if show.get("per_player") else [None]
    return [(seat, derived(m, {"fn": fn}, seat)) for seat in seats]


def _piece(R: Any, d: dict, p: dict) -> dict | None:
    eid = p.get("entity")
    e = R.entities.get(eid) or {}
    show = d["entities"].get(eid) or d["kinds"].get(e.get("kind"))
    if show is None:
        return None
    row = {"piece": p["piece"], "entity": eid}
    f = show.get("field")
    if f is not None:
        value = (p.get("props") or {}).get(f, (e.get("fields") or {}).get(f))
        if value is not None:
            row["value"] = value
    return row


def _targets(pending: dict | None, viewer: int | None, ids: set, where: dict,
             answers: dict | None = None) -> list[dict]:
    """``[{"space", "options": [i, ...]}]``: the viewer's options that name a space of this board
    (by its id, by a piece lying there, or a menu line named as the space `answers`)."""
    if viewer is None or not pending or pending.get("player") != viewer or "options" not in pending:
        return []
    by_space: dict[str, list[int]] = {}
    at = pending.get("at")
    for i, opt in enumerate(pending["options"]):
        v = opt.get("value")
        sid = None
        if type(v) is str and v in ids:
            sid = v
        elif type(v) is dict and "piece" in v and v["piece"] in where:
            sid = where[v["piece"]]
        elif answers and pending.get("kind") == "choose" and at and type(opt.get("id")) is str:
            # a menu line's id is `<decision>#<its name>` (view.option_ids; `~n` for a repeat)
            name = opt["id"][len(at) + 1:] if opt["id"].startswith(at + "#") else None
            sid = answers.get(name)
        if sid is not None:
            by_space.setdefault(sid, []).append(opt.get("option", i))
    return [{"space": s, "options": o} for s, o in by_space.items()]
