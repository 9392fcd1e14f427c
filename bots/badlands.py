"""A goal-directed bot for *Badlands: Outpost of Humanity*.

It plays toward influence (Caps in the Cache + Leaders + trophies) with a
simple economy: Settlers work the Gas Station, the Caravan shuttles Goods to
the Outpost (10 Caps a trip), surplus resources go to the Fence, the Raiders
hunt trophies and cards at the Military Base when armed, and the Marauders
fetch Fuel. It avoids fights it is likely to lose and never gambles.

Only the public API is used: ``legal`` option labels, ``game.seat_reader(seat)``
(counters, the props of the action cards, the pending prompt).
"""

from __future__ import annotations

import random

from waybill.runtime.errors import WaybillError
from waybill.runtime.text import option_ids

# the engine's answers, matched by message id (never by their words: the bot plays in any language)
DONE, PASS, YES, NO = "engine-done", "engine-pass", "engine-yes", "engine-no"

CARD_DEFAULTS = {"at": "settlement", "state": "ready", "w": 0, "f": 0, "s": 0, "m": 0, "c": 0,
                 "goods": 0, "acted": False, "fled": False}
MAX_WEAPONS = {"raiders": 5, "marauders": 2, "caravan": 0, "settlers": 0}


class _Mine:
    """The seat's counters (a per-player counter: the seat's value), read when asked."""

    def __init__(self, reader, seat):
        self.r, self.seat, self.got = reader, seat, {}

    def get(self, name, default=None):
        got = self.got
        if name not in got:
            try:
                v = self.r.counter(name)
            except WaybillError:
                got[name] = _NONE
            else:
                got[name] = v[self.seat] if isinstance(v, list) else v
        v = got[name]
        return default if v is _NONE else v


_NONE = object()


class BadlandsBot:
    name = "badlands"

    def __init__(self):
        self.dest: dict[int, str] = {}
        self._msgs: dict[str, dict] = {}     # the engine's answers of this decision, by message id

    # --- reading what the seat sees ----------------------------------------------
    def _read(self, game, seat):
        r = game.seat_reader(seat)       # read as asked: no full view per decision
        cards = {}
        for p in r.pieces("settlement", seat):
            props = dict(CARD_DEFAULTS)
            props.update(p.get("props") or {})
            cards[p["entity"]] = props
        return r, _Mine(r, seat), cards

    # --- choosing --------------------------------------------------------------
    def choose(self, game, legal: list[dict], rng: random.Random) -> dict:
        seat = legal[0]["player"]
        r, me, cards = self._read(game, seat)
        pend = r.pending() or {}
        kind, prompt = pend.get("kind"), pend.get("prompt", "")
        by_label = {a["label"]: a for a in legal}
        self._msgs = {mid: a for a, mid in zip(legal, option_ids(game)) if mid in (DONE, PASS, YES, NO)}
        if kind == "act":
            return self._main(legal, by_label, me, cards, seat)
        pick = self._decide(kind, prompt, legal, by_label, me, cards, seat)
        if pick is not None:
            return pick
        non_done = [a for a in legal if a is not self._msgs.get(DONE)]
        return rng.choice(non_done or legal)

    def _first(self, by_label, *prefixes):
        for pre in prefixes:
            for label, a in by_label.items():
                if label.startswith(pre):
                    return a
        return None

    def _main(self, legal, by_label, me, cards, seat):
        f = self._first
        raiders, marauders, caravan = cards.get("raiders", {}), cards.get("marauders", {}), cards.get("caravan", {})
        # wrecks and repairs first
        a = f(by_label, "Settlers: return a wrecked vehicle", "Pit Stop: repair")
        if a:
            return a
        # Settlers work every turn
        if me.get("fuel", 0) < 8:
            a = f(by_label, "Settlers: Gas Station")
        else:
            a = f(by_label, "Settlers: Junkyard")
        if a:
            return a
        a = f(by_label, "Use a Rumor card", "Outpost Bar: equip the Outpost Leader")
        if a:
            return a
        # the Caravan shuttles; it turns back home while a rival holds the Outpost
        holder = me.get("outpost_holder")
        holder = holder.get("player") if isinstance(holder, dict) else holder
        if holder is not None and holder != seat:
            a = f(by_label, "Caravan: return to the Settlement")
            if a:
                return a
        a = f(by_label, "Caravan: drive on", "Caravan: leave the Outpost")
        if a:
            return a
        if me.get("fuel", 0) >= 1:
            a = f(by_label, "Caravan: load Goods and set out")
            if a:
                return a
        # gangs bring their loot home
        for name, card in (("Raiders", raiders), ("Marauders", marauders)):
            if card.get("at") not in ("settlement", "pit_stop"):
                a = f(by_label, f"{name}: return to Settlement")
                if a:
                    return a
        # Raiders go hunting when armed; Marauders fetch Fuel
        if me.get("weapons", 0) >= 3 and me.get("fuel", 0) >= 3:
            a = f(by_label, "Raiders: ride out")
            if a:
                self.dest[seat] = "hunt"
                return a
        if me.get("fuel", 0) >= 2:
            a = f(by_label, "Marauders: ride out")
            if a:
                self.dest[seat] = "fuel"
                return a
        # reinforce the Wall with surplus Weapons and Scrap
        if (me.get("scrap", 0) > 0 and me.get("wall_scrap", 5) < 5) or \
                (me.get("weapons", 0) > 6 and me.get("wall_weapons", 5) < 5):
            a = f(by_label, "Wall: reinforce")
            if a:
                return a
        # sell the surplus at the Fence
        if any(self._surplus(me).values()) and me.get("fence_sold", 5) < 5:
            a = f(by_label, "Fence: sell resources")
            if a:
                return a
        return self._msgs.get(PASS) or legal[-1]

    def _surplus(self, me):
        return {
            "Scrap": max(0, me.get("scrap", 0) - 1),
            "Fuel": max(0, me.get("fuel", 0) - 4),
            "Meds": max(0, me.get("meds", 0) - 3),
            "Weapons": max(0, me.get("weapons", 0) - 6),
        }

    def _amount(self, legal, want):
        vals = [(a.get("value"), a) for a in legal if isinstance(a.get("value"), int)]
        if not vals:
            return None
        best = min(vals, key=lambda va: (abs(va[0] - want), va[0]))
        return best[1]

    def _decide(self, kind, prompt, legal, by_label, me, cards, seat):
        f = self._first
        p = prompt
        if p.startswith("Where does the"):
            if "Raiders" in p and self.dest.get(seat) == "hunt":
                return f(by_label, "Military Base", "Vault", "Gas Station", "Junkyard")
            return f(by_label, "Gas Station", "Junkyard", "Crossroads: patrol")
        if p.startswith("Equip the"):
            if "Raiders" in p and self.dest.get(seat) == "hunt":
                return f(by_label, "Weapons", "Meds", "Fuel") or self._msgs.get(DONE)
            return self._msgs.get(DONE)
        if p == "Weapons to equip":
            return self._amount(legal, 5)
        if p == "Meds to equip":
            return self._amount(legal, 10)
        if p == "Fuel to equip":
            return self._amount(legal, 2)
        if "Caps from the Cache to add" in p or p.startswith("Caps to equip"):
            return self._amount(legal, 0)
        if p.startswith("Junkyard:"):
            return f(by_label, "Weapon", "Fuel", "Meds", "Scrap", "Take nothing")
        if p.startswith("Sell which resource to the Fence"):
            sur = self._surplus(me)
            for res in ("Scrap", "Meds", "Fuel", "Weapons"):
                if sur.get(res, 0) > 0 and res in by_label:
                    self._fence_amount = min(sur[res], 5 - me.get("fence_sold", 0))
                    return by_label[res]
            return None
        if p == "How many?":
            return self._amount(legal, getattr(self, "_fence_amount", 1))
        if p.startswith("Reinforce the Wall"):
            if me.get("scrap", 0) > 0 and me.get("wall_scrap", 5) < 5:
                a = f(by_label, "Scrap")
                if a:
                    return a
            if me.get("weapons", 0) > 6:
                a = f(by_label, "Weapons")
                if a:
                    return a
            return self._msgs.get(DONE)
        if p in ("Scrap to place",):
            return self._amount(legal, 5)
        if p in ("Weapons to place",):
            return self._amount(legal, max(1, me.get("weapons", 0) - 6))
        if p.startswith("Draw an Encounter card?"):
            gang = cards.get("raiders", {})
            strength = min(gang.get("w", 0), 5) + gang.get("m", 0)
            if "guards the place" in p:
                return self._msgs.get(NO)
            return self._msgs.get(YES) if strength >= 4 and gang.get("w", 0) >= 3 else self._msgs.get(NO)
        if "(defensive, Combat" in p:
            return f(by_label, "Retreat")
        if p.startswith("Try to escape"):
            return self._msgs.get(NO)
        if p.startswith("Fuel to burn"):
            return self._amount(legal, 99)
        if p.startswith("A hit on the"):
            return by_label.get("Meds")
        if p.startswith("Open the") and "with which tool" in p:
            tools = [a for a in legal if a is not self._msgs.get(DONE)]
            return tools[0] if tools else self._msgs.get(DONE)
        if p.startswith("Salvage:"):
            return self._amount(legal, 99)
        if "Scrap from the Wall to discard" in p:
            return self._amount(legal, 99)
        if p.startswith("Reveal cards") or p.startswith("Take cards") or p.startswith("Play cards") \
                or p.startswith("The guards use") or p.startswith("Cards to") or p.startswith("Cards for the escape"):
            non_done = [a for a in legal if a is not self._msgs.get(DONE)]
            return non_done[0] if non_done else self._msgs.get(DONE)
        if p.startswith("Vault supplies"):
            return f(by_label, "1 Weapon")
        if p.startswith("Enemies at the"):
            return f(by_label, "Search")
        if p.startswith("Weapons from the Warehouse") or p.startswith("Meds from the Warehouse"):
            return self._amount(legal, 99)
        if p.startswith("Weapons of your Gang") or p.startswith("Meds of your Gang"):
            return self._amount(legal, 0)
        if kind == "may":
            return self._msgs.get(YES)
        return None
