"""A fixed-size numeric observation of one seat's view, for learning agents
(the OpenSpiel game and the PettingZoo/Gymnasium environments read it).

The layout is derived from the pack's declarations and the player count
alone, so it is the same for every game of that pack and table size:

1. **header**: the round, whether the game is over, whether the viewer is to
   answer, and one-hots of the seat to answer and the winner, relative to the viewer;
2. **counters**: every declared counter, one slot (global) or one per seat
   (``scope player``, the viewer's first, then the seats after it), each slot
   three numbers ``[set, number, token]`` (see below);
3. **zones**: every declared zone (one slot, or one per seat) and every board
   space, each slot ``[count, shown]`` then how many pieces of each entity the
   viewer sees there. The entities of a slot are those its zone may hold:
   the entities of the kinds it ``accepts`` when it declares them, else every
   entity of the pack;
4. **the pending decision**: a one-hot of its kind (``act``, ``choose``,
   ``pick``, ``amount``, ``order``, ``may``: the view schema's list), how
   many options it has, then ``option_slots`` slots of ``[present, number,
   token]`` describing the first options, when the viewer is the one to answer.

A value is encoded as ``[set, number, token]``: numbers and flags as
``number``; words, entities, spaces and rule ids as ``token`` (their index
+ 1 in the pack's vocabulary, ``vocabulary()``); a seat as its place
relative to the viewer + 1 in ``number`` (token ``<player>``); a piece as
the token of its entity when the viewer sees it, ``<hidden>`` when not; a
list as its length. A word the pack does not declare is ``<text>``.

Every number comes from ``Game.view(seat, zones=True, display=False)``, the
seat's filtered view, and nothing else: the encoding can only say what the
view says (the leak test in tests/bridges checks it against determinisations).
"""

from __future__ import annotations

from typing import Any

SPECIAL = ("<none>", "<hidden>", "<piece>", "<player>", "<text>", "<list>", "<object>")


def decision_kinds() -> list[str]:
    """The kinds of decision, as the shipped view schema lists them."""
    from waybill.api import schema

    def walk(node: Any) -> list[str] | None:
        if isinstance(node, dict):
            kind = node.get("properties", {}).get("kind") if isinstance(node.get("properties"), dict) else None
            if isinstance(kind, dict) and "act" in (kind.get("enum") or []):
                return list(kind["enum"])
            for v in node.values():
                got = walk(v)
                if got:
                    return got
        elif isinstance(node, list):
            for v in node:
                got = walk(v)
                if got:
                    return got
        return None
    return walk(schema("view")) or []


class Encoding:
    """The observation layout of one pack at one table size (see the module)."""

    def __init__(self, rules: Any, players: int, option_slots: int = 32):
        if type(option_slots) is not int or option_slots < 0:
            raise ValueError(f"option_slots is a whole number >= 0, not {option_slots!r}")
        ir = rules.ir
        self.players = players
        self.option_slots = option_slots
        entity_ids = [e["id"] for e in ir["entities"]]
        named = ({s["id"] for s in ir.get("spaces") or []} | {r["id"] for r in ir.get("rules") or [] if r.get("id")}
                 | {z["id"] for z in ir["zones"]} | {c["id"] for c in ir["counters"]})
        self.vocab = list(SPECIAL) + entity_ids + sorted(named - set(entity_ids) - set(SPECIAL))
        self.token = {w: i + 1 for i, w in enumerate(self.vocab)}
        self.kinds = decision_kinds()
        self.segments: list[tuple[str, int, int]] = []
        at = 0

        def segment(name: str, size: int) -> int:
            nonlocal at
            self.segments.append((name, at, size))
            at += size
            return at - size

        self.header = segment("header", 3 + 2 * players)
        # counters: id -> first slot's offset, per-seat or not
        self.counters: list[tuple[str, bool, int]] = []
        for c in ir["counters"]:
            per_seat = c.get("scope") == "player"
            self.counters.append((c["id"], per_seat, segment(f"counter {c['id']}", 3 * (players if per_seat else 1))))
        kinds_of = {e["id"]: e.get("kind") for e in ir["entities"]}
        all_entities = {e: i for i, e in enumerate(entity_ids)}
        # zones: (zone id, seat or None) -> (offset, {entity: column})
        self.zones: dict[tuple[str, int | None], tuple[int, dict[str, int]]] = {}
        for z in ir["zones"]:
            accepts = z.get("accepts")
            cols = all_entities if not accepts else \
                {e: i for i, e in enumerate(e for e in entity_ids if kinds_of[e] in accepts)}
            seats = range(players) if z.get("scope") == "player" else [None]
            for s in seats:
                self.zones[(z["id"], s)] = (segment(f"zone {z['id']}" + (f" seat+{s}" if s is not None else ""),
                                                    2 + len(cols)), cols)
        for sp in ir.get("spaces") or []:
            self.zones[(sp["id"], None)] = (segment(f"space {sp['id']}", 2 + len(all_entities)), all_entities)
        self.pending = segment("pending", len(self.kinds) + 1 + 3 * option_slots)
        self.size = at

    def vocabulary(self) -> list[str]:
        """The words of tokens, in order: token ``i`` is ``vocabulary()[i - 1]``."""
        return list(self.vocab)

    def encode(self, view: dict) -> list[float]:
        """The observation of ``view`` (``Game.view(seat, zones=True, display=False)``) as ``size`` numbers."""
        seat = view["viewer"]
        n = self.players
        out = [0.0] * self.size
        entity_of: dict[int, str] = {}
        for z in view["zones"]:
            for p in z.get("pieces") or []:
                entity_of[p["piece"]] = p["entity"]
            for p in z.get("known") or []:
                if isinstance(p, dict) and "piece" in p and "entity" in p:
                    entity_of[p["piece"]] = p["entity"]

        def rel(k: int) -> int:
            return (k - seat) % n if seat is not None else k

        h = self.header
        out[h] = float(view["round"] or 0)
        out[h + 1] = 1.0 if view["over"] else 0.0
        pending = view.get("pending") or None
        mine = bool(pending) and pending.get("player") == seat and "options" in pending
        out[h + 2] = 1.0 if mine else 0.0
        if pending and type(pending.get("player")) is int:
            out[h + 3 + rel(pending["player"])] = 1.0
        if type(view.get("winner")) is int:
            out[h + 3 + n + rel(view["winner"])] = 1.0

        counters = view.get("counters") or {}
        for cid, per_seat, off in self.counters:
            value = counters.get(cid)
            if per_seat:
                values = value if isinstance(value, list) else [None] * n
                for k in range(min(n, len(values))):
                    self._value(out, off + 3 * rel(k), values[k], entity_of, rel)
            else:
                self._value(out, off, value, entity_of, rel)

        for z in view["zones"]:
            slot = self.zones.get((z["zone"], rel(z["of"]) if type(z.get("of")) is int else None))
            if slot is None:
                continue
            off, cols = slot
            out[off] = float(z.get("count") or 0)
            shown = list(z.get("pieces") or []) + [p for p in z.get("known") or [] if isinstance(p, dict)]
            out[off + 1] = float(len(shown))
            for p in shown:
                col = cols.get(p.get("entity"))
                if col is not None:
                    out[off + 2 + col] += 1.0

        off = self.pending
        if pending:
            kind = pending.get("kind")
            if kind in self.kinds:
                out[off + self.kinds.index(kind)] = 1.0
            if mine:
                options = pending["options"]
                out[off + len(self.kinds)] = float(len(options))
                base = off + len(self.kinds) + 1
                for i, opt in enumerate(options[:self.option_slots]):
                    for key in ("action", "value", "choice"):
                        if key in opt:
                            self._value(out, base + 3 * i, opt[key], entity_of, rel)
                            break
                    else:
                        out[base + 3 * i] = 1.0
                    if opt.get("entity") in self.token:        # a piece option names its entity
                        out[base + 3 * i + 2] = float(self.token[opt["entity"]])
        return out

    def _value(self, out: list[float], at: int, v: Any, entity_of: dict[int, str], rel: Any) -> None:
        """``[set, number, token]`` of one value at ``out[at:at + 3]``."""
        if v is None:
            return
        out[at] = 1.0
        t = type(v)
        if t is bool or t is int or t is float:
            out[at + 1] = float(v)
        elif t is str:
            out[at + 2] = float(self.token.get(v, self.token["<text>"]))
        elif t is list:
            out[at + 1] = float(len(v))
            out[at + 2] = float(self.token["<list>"])
        elif t is dict:
            if v.get("hidden"):
                out[at + 2] = float(self.token["<hidden>"])
            elif type(v.get("piece")) is int:
                out[at + 2] = float(self.token.get(entity_of.get(v["piece"], "<piece>"), self.token["<piece>"]))
            elif type(v.get("player")) is int:
                out[at + 1] = float(rel(v["player"]) + 1)
                out[at + 2] = float(self.token["<player>"])
            elif isinstance(v.get("entity"), str):
                out[at + 2] = float(self.token.get(v["entity"], self.token["<text>"]))
            else:
                out[at + 2] = float(self.token["<object>"])


def observe(game: Any, seat: int, encoding: Encoding) -> list[float]:
    """The observation of ``seat`` in ``game``: its view, encoded."""
    return encoding.encode(game.view(seat, zones=True, display=False))


__all__ = ["Encoding", "observe", "decision_kinds", "SPECIAL"]
