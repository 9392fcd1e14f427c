"""A goal-directed bot for the Wasteland Warfare Story Phase (pack `warfare`).

It plays for the pack's score, the crew value (see content/warfare/README.md):
at each Story Action it estimates, from what it can see, the expected change
in crew value of every offered action and takes the best one (or ends its
Story Phase when nothing is worth a Story Action). Follow-up decisions
(which model tests, which result, how many caps to offer...) use simple rules.

It reads only the public API: `legal_actions()` by action id, option id
(`option_ids`) and value, never by label; `seat_reader(seat)` (counters,
zones, pieces and the props set on them, the pending prompt's id and values) and the static
card definitions of the compiled rules (`game.rules.ir["entities"]`: printed
stats, like a player reading the cards). It never looks ahead through
`clone()`: a clone carries the seeded dice, so a rollout would see the real
future rolls.
"""

from __future__ import annotations

import random

from waybill.spec.errors import WaybillError
from waybill.runtime.text.words import option_ids

STATS = {"S": "s", "P": "p", "E": "e", "C": "c", "I": "i", "A": "a", "L": "l"}
FACILITY_ORDER = ["unopened_vault", "trader_outpost", "lookout", "chem_lab", "infirmary", "food_store",
                  "scrap_yard", "comfortable_quarters", "factory", "tunnels"]
VAULT_EV = 16.4           # expected crew value of one Vault Table roll
TRAINING_PREFERENCE = ["C", "I", "P", "E", "L", "A", "S", "H", "any"]


class WarfareBot:
    name = "warfare"

    def choose(self, game, legal: list[dict], rng: random.Random) -> dict:
        seat = legal[0]["player"]
        reader = game.seat_reader(seat)      # read as asked: no full view per decision
        pend = reader.pending() or {}
        ctx = _Crew(game, reader, seat)
        # the prompt by its message id and the values of its holes: never its words
        kind, ask, args = pend.get("kind"), pend.get("msg"), pend.get("args") or {}
        try:
            if kind == "act":
                return self._story_action(ctx, legal)
            ctx.option_msgs = option_ids(game)
            pick = _decide(ctx, kind, ask, args, legal, rng)
            if pick is not None:
                return pick
        except (KeyError, IndexError, TypeError, ValueError):
            pass
        return legal[0]

    # --- which Story Action ----------------------------------------------------------
    def _story_action(self, ctx: "_Crew", legal: list[dict]) -> dict:
        best, best_value = None, 0.0
        for a in legal:
            if a.get("action") is None:          # pass
                continue
            value = ctx.action_value(a["action"])
            if value > best_value:
                best, best_value = a, value
        if best is not None:
            return best
        return next((a for a in legal if a.get("action") is None), legal[0])


_ENTITIES: dict = {}


def _entities(rules) -> dict:
    """The pack's entities by id (static: built once per rules)."""
    hit = _ENTITIES.get(id(rules))
    if hit is None or hit[0] is not rules:
        if len(_ENTITIES) > 16:
            _ENTITIES.clear()
        hit = _ENTITIES[id(rules)] = (rules, {e["id"]: e for e in rules.ir.get("entities") or []})
    return hit[1]


class _Crew:
    """What the bot knows about its crew, read from what its seat sees."""

    def __init__(self, game, reader, seat: int):
        self.seat = seat
        self.entities = _entities(game.rules)
        self.reader = reader
        self.counters: dict = {}
        self.zones: dict = {}
        self.players = len(reader.players)
        self.option_msgs: list = []          # the message ids of the pending options (`option_ids`)

    def counter(self, name: str, seat: int | None = None):
        if name not in self.counters:
            try:
                self.counters[name] = self.reader.counter(name)
            except WaybillError:
                self.counters[name] = None
        v = self.counters[name]
        return v[self.seat if seat is None else seat] if isinstance(v, list) else v

    def pieces(self, zone: str, seat: int | None = None) -> list[dict]:
        key = (zone, self.seat if seat is None else seat)
        got = self.zones.get(key)
        if got is None:
            got = self.zones[key] = self.reader.pieces(*key)
        return got

    def field(self, piece: dict, name: str):
        props = piece.get("props") or {}
        if name in props:
            return props[name]
        return (self.entities[piece["entity"]].get("fields") or {}).get(name)

    def stat(self, piece: dict, letter: str) -> int:
        base = self.field(piece, STATS[letter]) or 1
        return max(1, base - list(self.field(piece, "injuries") or []).count(letter))

    def owns(self, fid: str) -> bool:
        return any(p["entity"] == fid for p in self.pieces("home_turf"))

    def ready(self) -> list[dict]:
        return [p for p in self.pieces("roster") if not self.field(p, "absent")]

    def expected_hits(self, piece: dict, n: int, letter: str, bonus: int = 0) -> float:
        dice = n + bonus
        return (dice - 1) * self.stat(piece, letter) / 10 + self.stat(piece, "L") / 10

    def pass_chance(self, piece: dict, n: int, letter: str, bonus: int = 0) -> float:
        miss = (1 - self.stat(piece, letter) / 10) ** (n + bonus - 1) * (1 - self.stat(piece, "L") / 10)
        return 1 - miss

    def best(self, models: list[dict], n: int, letter: str, bonus: int = 0) -> tuple[dict | None, float]:
        scored = [(self.expected_hits(m, n, letter, bonus), m) for m in models]
        if not scored:
            return None, 0.0
        hits, m = max(scored, key=lambda t: t[0])
        return m, hits

    def reputation(self) -> int:
        return sum(self.field(p, "rating") or 0 for p in self.pieces("roster"))

    # --- expected change in crew value of each Story Action --------------------------
    def action_value(self, action: str | None) -> float:
        """By the action's id (`legal_actions()[i]["action"]`), never its words."""
        reach = self.counter("reach") or 0
        caps = self.counter("caps") or 0
        ready = self.ready()
        if action == "take_barter":
            m, hits = self.best(ready, 3, "C", reach)
            per = 4 if self.owns("trader_outpost") else 3
            return hits * per - (5 if reach >= 6 else 0)
        if action == "take_craft_chems":
            m, _ = self.best(ready, 4, "I")
            return 0 if m is None else 3 * 3 * self.stat(m, "I") / 10 + 8 * self.stat(m, "L") / 10
        if action == "take_scout":
            m, hits = self.best(ready, 2, "P", 4 if self.owns("lookout") else 0)
            return 2 * hits
        if action == "take_migrate":                        # 5 dice of Caps; the Facilities stay
            return 27.5
        if action == "take_settle":
            spoils = len(self.pieces("spoils"))
            return 10 * max(1, spoils)
        if action == "take_expand":
            return 1.0 + (2 if (self.counter("scouting") or 0) > 0 else 0)
        if action == "take_crew_training":
            return 1.5
        if action == "take_recruit":
            free = self.reputation() < 200
            if not free:
                return -1
            return 4.0 if self.owns("food_store") else 0.5
        if action == "take_modify_weapons":
            return 1.0 if self.owns("scrap_yard") else 0.6
        if action == "take_recuperate":
            injured = [m for m in ready if self.field(m, "injuries")]
            bonus = 1 if self.owns("infirmary") else 0
            return max((3 * self.pass_chance(m, 2, "E", bonus) for m in injured), default=0)
        if action == "take_open_vault":
            m, _ = self.best(ready, 2, "I")
            return 0 if m is None else self.pass_chance(m, 2, "I") * (VAULT_EV - 15) + 0.5
        if action == "take_negotiate_release":
            held = [p for p in self.pieces("roster") if self.field(p, "captor") is not None]
            return max((0.4 * (self.field(p, "rating") or 0) for p in held), default=0)
        if action == "take_captive_action":
            return 5.0
        return -5.0       # Set Bounty, Surface: they cost Reach and gain nothing this phase


def _by_msg(ctx: "_Crew", legal: list[dict], *mids: str) -> dict | None:
    """The first offered of these options, by message id (`option_ids`): the same in every language."""
    for want in mids:
        for a, mid in zip(legal, ctx.option_msgs):
            if mid == want:
                return a
    return None


def _by_value(legal: list[dict], *values: str) -> dict | None:
    """The first offered of these string values (content keys like a stat's letter: the state's, not words)."""
    for want in values:
        for a in legal:
            if a.get("value") == want:
                return a
    return None


def _by_entity(legal: list[dict], *eids: str) -> dict | None:
    for want in eids:
        for a in legal:
            v = a.get("value")
            if isinstance(v, dict) and v.get("entity") == want:
                return a
    return None


# prompts by message id (`pending["msg"]`; see content/warfare/locales/en.ftl)
TESTS = {"ent-barter-action-take_barter-ask-test_model": "C", "ent-craft_chems-action-take_craft_chems-ask-test_model": "I",
         "ent-open_vault-action-take_open_vault-ask-test_model": "I", "ent-scout-action-take_scout-ask-test_model": "P"}
ACCEPT = "ent-negotiate_release-action-take_negotiate_release-ask-accept"
POTENTIAL = "proc-nourish-ask-potential"
OFFER = "ent-negotiate_release-action-take_negotiate_release-ask-offer"
SPEND_SCOUTING = "proc-gain_facility_roll-ask-spend_scouting"
ADD_FACILITY = "proc-gain_facility_roll-ask-add_facility"
TRAINING = ("proc-train-ask-training_result", "proc-train-ask-training_special")
PERK = "proc-train-ask-perk"
MODIFY_WITH = "ent-modify_weapons-action-take_modify_weapons-ask-mod_with"
RARE_CHEMS = "ent-negotiate_release-action-take_negotiate_release-ask-rare_chems"
RECUPERATE_MORE = "ent-recuperate-action-take_recuperate-ask-another"
TRAIN_MORE = "ent-crew_training-action-take_crew_training-ask-another"
MORE = ("ent-modify_weapons-action-take_modify_weapons-ask-another", "ent-recruit-action-take_recruit-ask-another",
        RARE_CHEMS, RECUPERATE_MORE, TRAIN_MORE)        # "... another? (done to stop)"
RECRUIT_WHICH = "ent-recruit-action-take_recruit-ask-recruit_which"
PERKS = ("cap_collector", "chemist", "awareness", "medic")
DONE, YES, NO = "engine-done", "engine-yes", "engine-no"


def _decide(ctx: _Crew, kind: str, ask: str | None, args: dict, legal: list[dict],
            rng: random.Random) -> dict | None:
    letter = TESTS.get(ask)
    if kind == "pick" and letter:                     # which model makes a test: the best at it
        return max(legal, key=lambda a: ctx.stat(_piece(ctx, a), letter) if _piece(ctx, a) else -1)
    if kind == "may":
        if ask == ACCEPT:                             # as captor: a fair price is half the Rating
            price = args.get("price")
            return _by_msg(ctx, legal, YES if isinstance(price, int) and price >= 8 else NO)
        if ask == POTENTIAL:
            return _by_msg(ctx, legal, YES)
        return _by_msg(ctx, legal, NO)
    if kind == "amount":
        values = [a["value"] for a in legal]
        if ask == OFFER:
            return _closest(legal, min(max(values), 10))
        if ask == SPEND_SCOUTING:
            return _closest(legal, max(values))
        return _closest(legal, min(values))
    if kind == "choose":                              # Comfortable Quarters re-rolls
        return _by_msg(ctx, legal, DONE) or legal[0]
    if kind != "pick":
        return None
    if ask == ADD_FACILITY:
        return _by_entity(legal, *FACILITY_ORDER) or legal[0]
    if ask in TRAINING:
        a = _by_value(legal, *TRAINING_PREFERENCE)
        if a:
            return a
    if ask == PERK:
        return _by_entity(legal, *PERKS) or legal[0]
    if ask == MODIFY_WITH:
        return max(legal, key=lambda a: _gain_per_part(ctx, a))
    if ask == RARE_CHEMS:                             # keep the Rare Chems: Caps are the offer
        return _by_msg(ctx, legal, DONE) or legal[0]
    if ask in MORE:
        done = _by_msg(ctx, legal, DONE)
        if ask == RECUPERATE_MORE:
            return next((a for a in legal if a is not done), legal[0])
        if ask == TRAIN_MORE:
            return next((a for a in legal if a is not done and _piece(ctx, a)
                         and ctx.field(_piece(ctx, a), "class") == "grunt"), done)
        return done or legal[0]
    if ask == RECRUIT_WHICH:
        return min(legal, key=lambda a: ctx.entities[a["value"]["entity"]]["fields"]["rating"])
    return legal[rng.randrange(len(legal))]


def _piece(ctx: _Crew, a: dict) -> dict | None:
    v = a.get("value")
    if not isinstance(v, dict) or "piece" not in v:
        return None
    where = ctx.reader.locate(v["piece"])
    for p in ctx.pieces(*where) if where else ():
        if p["piece"] == v["piece"]:
            return p
    return None


def _gain_per_part(ctx: _Crew, a: dict) -> float:
    v = a.get("value")
    if not isinstance(v, dict) or "entity" not in v:
        return 0.0
    f = ctx.entities[v["entity"]]["fields"]
    return f["rating"] / max(1, f["parts"])


def _closest(legal: list[dict], target: int) -> dict:
    return min(legal, key=lambda a: abs(a["value"] - target))
