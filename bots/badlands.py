"""A goal-directed bot for *Badlands: Outpost of Humanity*.

It plays toward influence (Caps in the Cache + Leaders + trophies) with a
simple economy: Settlers work the Gas Station, the Caravan shuttles Goods to
the Outpost (10 Caps a trip), surplus resources go to the Fence, the Raiders
hunt trophies and cards at the Military Base when armed, and the Marauders
fetch Fuel. It avoids fights it is likely to lose and never gambles.

Only the public API is used: ``legal`` actions by their declared id and
options by message id (``option_ids``), ``game.seat_reader(seat)`` (counters,
the props of the action cards, the pending prompt's id and values). It never
reads a label's or a prompt's words, so it plays the same in every language.
"""

from __future__ import annotations

import random

from waybill.spec.errors import WaybillError
from waybill.runtime.text.words import named_entity, option_ids, value_msg

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
        kind = pend.get("kind")
        # every option by its message id (an action's, a menu line's, the engine's answers):
        # the same in every language, as is the prompt's id (`msg`) and the values it holds (`args`)
        self._msgs = {}
        for a, mid in zip(legal, option_ids(game)):
            self._msgs[a.get("action") if kind == "act" and a.get("action") else mid] = a
        if kind == "act":
            return self._main(legal, me, cards, seat)
        ask = Ask(game.rules, pend.get("msg"), pend.get("args") or {})
        pick = self._decide(kind, ask, legal, me, cards, seat)
        if pick is not None:
            return pick
        non_done = [a for a in legal if a is not self._msgs.get(DONE)]
        return rng.choice(non_done or legal)

    def _first(self, *ids):
        """The first offered of these options (actions by their id, others by message id)."""
        for i in ids:
            a = self._msgs.get(i)
            if a is not None:
                return a
        return None

    def _main(self, legal, me, cards, seat):
        f = self._first
        raiders, marauders, caravan = cards.get("raiders", {}), cards.get("marauders", {}), cards.get("caravan", {})
        # wrecks and repairs first
        a = f("settlers_salvage", "pit_stop_repair")
        if a:
            return a
        # Settlers work every turn
        if me.get("fuel", 0) < 8:
            a = f("settlers_gas")
        else:
            a = f("settlers_junk")
        if a:
            return a
        a = f("rumor_use", "outpost_leader_take")
        if a:
            return a
        # the Caravan shuttles; it turns back home while a rival holds the Outpost
        holder = me.get("outpost_holder")
        holder = holder.get("player") if isinstance(holder, dict) else holder
        if holder is not None and holder != seat:
            a = f("caravan_return")
            if a:
                return a
        a = f("caravan_on", "caravan_back")
        if a:
            return a
        if me.get("fuel", 0) >= 1:
            a = f("caravan_out")
            if a:
                return a
        # gangs bring their loot home
        for home, card in (("raiders_home", raiders), ("marauders_home", marauders)):
            if card.get("at") not in ("settlement", "pit_stop"):
                a = f(home)
                if a:
                    return a
        # Raiders go hunting when armed; Marauders fetch Fuel
        if me.get("weapons", 0) >= 3 and me.get("fuel", 0) >= 3:
            a = f("raiders_out")
            if a:
                self.dest[seat] = "hunt"
                return a
        if me.get("fuel", 0) >= 2:
            a = f("marauders_out")
            if a:
                self.dest[seat] = "fuel"
                return a
        # reinforce the Wall with surplus Weapons and Scrap
        if (me.get("scrap", 0) > 0 and me.get("wall_scrap", 5) < 5) or \
                (me.get("weapons", 0) > 6 and me.get("wall_weapons", 5) < 5):
            a = f("wall_reinforce")
            if a:
                return a
        # sell the surplus at the Fence
        if any(self._surplus(me).values()) and me.get("fence_sold", 5) < 5:
            a = f("fence_sell")
            if a:
                return a
        return self._msgs.get(PASS) or legal[-1]

    def _surplus(self, me):
        return {
            "scrap": max(0, me.get("scrap", 0) - 1),
            "fuel": max(0, me.get("fuel", 0) - 4),
            "meds": max(0, me.get("meds", 0) - 3),
            "weapons": max(0, me.get("weapons", 0) - 6),
        }

    def _amount(self, legal, want):
        vals = [(a.get("value"), a) for a in legal if isinstance(a.get("value"), int)]
        if not vals:
            return None
        best = min(vals, key=lambda va: (abs(va[0] - want), va[0]))
        return best[1]

    def _decide(self, kind, ask, legal, me, cards, seat):
        f = self._first
        if ask.is_(DESTINATION):
            if ask.raiders() and self.dest.get(seat) == "hunt":
                return f(DEST_BASE, DEST_VAULT, DEST_GAS, DEST_JUNKYARD)
            return f(DEST_GAS, DEST_JUNKYARD, DEST_PATROL)
        if ask.is_(EQUIP, EQUIP_FOUND):
            if ask.raiders() and self.dest.get(seat) == "hunt":
                return f(EQUIP_WEAPONS, EQUIP_MEDS, EQUIP_FUEL) or self._msgs.get(DONE)
            return self._msgs.get(DONE)
        if ask.is_(EQUIP_WEAPONS_N):
            return self._amount(legal, 5)
        if ask.is_(EQUIP_MEDS_N):
            return self._amount(legal, 10)
        if ask.is_(EQUIP_FUEL_N):
            return self._amount(legal, 2)
        if ask.is_(BOOST_CAPS, EQUIP_CAPS_N):
            return self._amount(legal, 0)
        if ask.is_(JUNKYARD):
            return f(*JUNKYARD_PICKS)
        if ask.is_(FENCE_WHICH):
            sur = self._surplus(me)
            for res in ("scrap", "meds", "fuel", "weapons"):
                a = self._msgs.get(FENCE_RESOURCE[res])
                if sur.get(res, 0) > 0 and a is not None:
                    self._fence_amount = min(sur[res], 5 - me.get("fence_sold", 0))
                    return a
            return None
        if ask.is_(*HOW_MANY):
            return self._amount(legal, getattr(self, "_fence_amount", 1))
        if ask.is_(WALL_WHICH):
            if me.get("scrap", 0) > 0 and me.get("wall_scrap", 5) < 5:
                a = f(WALL_SCRAP)
                if a:
                    return a
            if me.get("weapons", 0) > 6:
                a = f(WALL_WEAPONS)
                if a:
                    return a
            return self._msgs.get(DONE)
        if ask.is_(WALL_SCRAP_N):
            return self._amount(legal, 5)
        if ask.is_(WALL_WEAPONS_N):
            return self._amount(legal, max(1, me.get("weapons", 0) - 6))
        if ask.is_(EXPLORE):
            gang = cards.get("raiders", {})
            strength = min(gang.get("w", 0), 5) + gang.get("m", 0)
            if ask.value_is("hint", GUARDED_HINT):
                return self._msgs.get(NO)
            return self._msgs.get(YES) if strength >= 4 and gang.get("w", 0) >= 3 else self._msgs.get(NO)
        if ask.is_(ENCOUNTER):
            return f(ENCOUNTER_RETREAT)
        if ask.is_(ESCAPE):
            return self._msgs.get(NO)
        if ask.is_(ESCAPE_FUEL):
            return self._amount(legal, 99)
        if ask.is_(HIT):
            return self._msgs.get(HIT_MEDS)
        if ask.is_(TOOL):
            tools = [a for a in legal if a is not self._msgs.get(DONE)]
            return tools[0] if tools else self._msgs.get(DONE)
        if ask.is_(*SALVAGE, WALL_HIT):
            return self._amount(legal, 99)
        if ask.is_(*CARDS_TO_GIVE):
            non_done = [a for a in legal if a is not self._msgs.get(DONE)]
            return non_done[0] if non_done else self._msgs.get(DONE)
        if ask.is_(VAULT):
            return f(VAULT_WEAPON_FUEL)
        if ask.is_(ENEMIES):
            return f(ENEMIES_SEARCH)
        if ask.is_(WAREHOUSE_WEAPONS, WAREHOUSE_MEDS):
            return self._amount(legal, 99)
        if ask.is_(GANG_WEAPONS, GANG_MEDS):
            return self._amount(legal, 0)
        if kind == "may":
            return self._msgs.get(YES)
        return None


class Ask:
    """The pending prompt by its message id and the values of its holes."""

    def __init__(self, rules, msg, args):
        self._rules, self.msg, self.args = rules, msg, args

    def is_(self, *msgs):
        return self.msg in msgs

    def raiders(self):
        """Whether the Raiders are the gang asked about: a hole of the
        prompt (``"Where does the {v.name} go?"``) names the card declared
        ``raiders``, read by its id (``named_entity``), never by its words
        (issue 24: a bot that found the name inside a hole's string played
        otherwise once the name was translated or reworded)."""
        return any(_names(v, "raiders") for v in self.args.values())

    def value_is(self, hole, mid):
        """Whether the text the rules built into `hole` is message `mid`."""
        return value_msg(self._rules, self.args.get(hole)) == mid


def _names(v, eid):
    """Whether ``v`` is a text naming entity ``eid`` (``x.name`` and texts naming a card: runtime/engine/access.py)."""
    return named_entity(v) == eid


# prompts (`pending["msg"]`) and menu lines (option ids), by message id: see content/badlands/locales/en.ftl
DESTINATION = "proc-pick_destination-ask-destination"
DEST_JUNKYARD, DEST_GAS, DEST_BASE, DEST_VAULT = (f"{DESTINATION}-{o}" for o in ("junkyard", "gas_station", "military_base",
                                                                              "vault"))
DEST_PATROL = f"{DESTINATION}-patrol"
EQUIP, EQUIP_FOUND = "proc-equip-ask-equip", "proc-capture_outpost-ask-equip_found"
EQUIP_WEAPONS, EQUIP_MEDS, EQUIP_FUEL = (f"{EQUIP}-{o}" for o in ("weapons", "meds", "fuel"))
EQUIP_WEAPONS_N, EQUIP_MEDS_N = "proc-equip-ask-equip_weapons", "proc-equip-ask-equip_meds"
EQUIP_FUEL_N, EQUIP_CAPS_N = "proc-equip-ask-equip_fuel", "proc-equip-ask-equip_caps"
BOOST_CAPS = "proc-boost_roll-ask-boost_caps"
JUNKYARD = "proc-junkyard_action-ask-junkyard"
JUNKYARD_PICKS = tuple(f"{JUNKYARD}-{o}" for o in ("weapon", "fuel", "meds", "scrap", "nothing"))
FENCE_WHICH = "action-fence_sell-ask-fence_which"
FENCE_RESOURCE = {res: f"{FENCE_WHICH}-{res}" for res in ("scrap", "fuel", "meds", "weapons")}
HOW_MANY = ("action-fence_sell-ask-how_many", "action-guild_buy-ask-how_many", "action-guild_sell-ask-how_many")
WALL_WHICH = "action-wall_reinforce-ask-wall"
WALL_SCRAP, WALL_WEAPONS = f"{WALL_WHICH}-scrap", f"{WALL_WHICH}-weapons"
WALL_SCRAP_N, WALL_WEAPONS_N = "action-wall_reinforce-ask-wall_scrap", "action-wall_reinforce-ask-wall_weapons"
EXPLORE, GUARDED_HINT = "proc-explore-ask-explore", "proc-explore-str-guarded"
ENCOUNTER = "proc-encounter-ask-encounter"
ENCOUNTER_RETREAT = f"{ENCOUNTER}-retreat"
ESCAPE, ESCAPE_FUEL = "proc-try_escape-ask-escape", "proc-try_escape-ask-escape_fuel"
HIT = "proc-take_hits-ask-hit"
HIT_MEDS = f"{HIT}-meds"
WALL_HIT = "proc-take_hits-ask-wall_hit"
TOOL = "proc-pick_tool-ask-tool"
SALVAGE = tuple(f"proc-salvage_plan-ask-salvage_{o}" for o in ("weapons", "meds", "fuel", "scrap"))
CARDS_TO_GIVE = ("proc-play_cards-ask-reveal_cards", "proc-loot-ask-loot", "proc-ravage-ask-ravage",
                 "proc-play_cards-ask-warehouse_cards", "proc-play_cards-ask-guard_cards", "proc-equip-ask-equip_cards",
                 "action-trade_equipment-ask-hand_over", "proc-try_escape-ask-escape_cards")
VAULT = "proc-location_action-ask-vault"
VAULT_WEAPON_FUEL = f"{VAULT}-weapon_fuel"
ENEMIES = "proc-travel-ask-enemies"
ENEMIES_SEARCH = f"{ENEMIES}-search"
WAREHOUSE_WEAPONS, WAREHOUSE_MEDS = "proc-play_cards-ask-warehouse_weapons", "proc-play_cards-ask-warehouse_meds"
GANG_WEAPONS, GANG_MEDS = "proc-play_cards-ask-gang_weapons", "proc-play_cards-ask-gang_meds"
