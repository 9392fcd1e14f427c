"""A goal-directed bot for Wasteland Express Delivery Service (pack `weds`).

It reads only the public API: `game.seat_reader(seat)`, the pending decision
(its prompt by message id, `msg`, and the values of its holes) and its options
(actions by their declared id, the rest by message id through `option_ids`,
text the rules built through `SeatReader.text_parts`) — never a label's or a
prompt's words, so it plays the same game in every language — and the static
board and card texts of `game.rules`. Its plan, recomputed at every decision:

1. take a BONUS action whenever one is open (it completes a contract step);
2. Bailout when it can pay, Blue Screen of Death (buy 3 artifacts at
   Dispatch, deliver them at the Depot), faction job deliveries it carries
   cargo for;
3. otherwise trade: carry cargo to the best demand (price x amount, less
   distance), or buy cheap cargo where a demand elsewhere pays more;
   deliveries that fulfil its "Fulfill demand" faction jobs count extra.
"""

from __future__ import annotations

from operator import is_

from waybill.runtime.sight.reader import reader_of
from waybill.runtime.text.words import action_id, named_entity, option_ids, value_msg

CARGO = ("food", "water", "weapons")
# choices matched by message id (spec/messages.py), never by their words: the bot plays in any language
STOP_HERE, FREE_ACTION = "proc-drive_truck-str-stop_here", "proc-drive_truck-str-free_action"
DONE_SHOPPING, KEEP_MODS = "proc-visit_shop-str-done_shopping", "proc-install_mod-str-keep_mods"
KEEP_LOAD = "proc-make_room-str-keep_load"
EMPTY_SLOT, DASHBOARD_SLOT = "proc-damage_point-str-empty_slot", "proc-stow-str-dashboard_slot"
WEAPONS_HOLD = "proc-stow-str-weapons_hold"
DONE, PASS, YES, NO = "engine-done", "engine-pass", "engine-yes", "engine-no"
DEPOT_REPAIR, DEPOT_TRAILER, DEPOT_TRAILER2 = (f"ent-the_depot-action-depot_services-ask-depot-{o}"
                                              for o in ("repair", "trailer", "another_trailer"))
HOLD_LABEL, HOLD_EMPTY = "quantity-hold_label-str-holding", "quantity-hold_label-str-empty"   # "<hold> (<what it holds>)"
QUEST_STACK = "ent-vision_quest_contract-action-take_vision_quest-str-stack"     # "Stack <n>"
# prompts, by message id (`pending["msg"]`, content/weds/locales/en.ftl): never by their words
DRIVE_WHERE, MISSILES = "proc-drive_truck-ask-drive_where", "proc-commit_missiles-ask-missiles"
ASSIGN_DAMAGE, BUY_MOD = "proc-damage_point-ask-assign_damage", "proc-visit_shop-ask-buy_mod"
NO_FREE_SLOT = "proc-install_mod-ask-remove_mod"
KEEP_JOB = ("proc-first_faction_job-ask-keep_job", "proc-take_faction_job-ask-keep_job")
TOO_MANY_JOBS = "proc-take_faction_job-ask-too_many_jobs"
QUEST_WHICH = "ent-vision_quest_contract-action-take_vision_quest-ask-quest_stack"
DISCARD = "proc-offer_discard-ask-discard"
DEPOT, STORE = "ent-the_depot-action-depot_services-ask-depot", "proc-stow-ask-store"
NO_ROOM = "proc-make_room-ask-make_room"
ATTACK_WHICH = ("proc-drive_step-ask-attack_which", "action-attack-ask-attack_which")
DELIVER_WHICH = "proc-job_delivery-ask-deliver_which"
ENGAGE, MORE_ARTIFACTS = "proc-meet_raiders-ask-engage", "proc-buy_artifacts-ask-more_artifacts"
NUCLEAR_BOMB = "ent-questionable_decisions-instead-take_bomb-ask-nuclear_bomb"
REROLL_MAY = ("proc-rad_check_roll-ask-reroll_rad", "proc-combat_reroll-ask-reroll")     # take every reroll
REROLL_WHICH = "proc-combat_reroll-ask-reroll_which"
DELIVERY_BONUS = "ent-delivery_bonus_mod-on-pay_bonus-ask-delivery_bonus"
START_PRICE = {"food": 2, "water": 3, "weapons": 4}
_DEMAND_OF = {t: f"{t}_demand" for t in START_PRICE}      # the counter of a cargo type's demand
_NO_FIELDS: dict = {}
_ROUGH = ("rough_ground",)
# the props the bot reads of contracts, jobs and enclaves: no other is read (SeatReader.pieces(props=...))
_CONTRACT_PROPS, _JOB_PROPS, _PILLAGED = ("done_by", "marks"), ("marks",), ("pillaged_by",)


class WedsBot:
    name = "weds"

    def __init__(self):
        self.mem = {}        # what the seat remembers between decisions (its project)
        self.static = {}     # board facts that never change in a game (distances, sites)
        self._game, self._legal, self._ids = None, None, None    # the decision whose option ids `_msg` reads (once, when asked)
        self._rough_found = None     # (find("rough_ground"), the board's spaces, the rough spaces) last read

    def choose(self, game, legal, rng):
        if len(legal) == 1:
            return legal[0]
        pend = game.pending
        self._game, self._legal, self._ids = game, legal, None
        quick = _quick(pend, legal)
        if quick is not None:
            return quick
        drive = self.mem.get("drive")
        if drive and pend.get("msg") == DRIVE_WHERE and drive[0] == legal[0]["player"]:
            pick = self._drive_cached(drive, legal, pend)
            if pick is not None:
                return pick
        self.mem.pop("drive", None)
        try:
            s = _Seen(game, legal[0]["player"], self)
            pick = self._decide(game, s, legal, rng)
        except Exception:           # a bot must never stop a game
            pick = None
        return pick if pick is not None else self._fallback(legal, rng)

    # ------------------------------------------------------------------
    def _msg(self, a):
        """The message id of a legal action: the same in every language."""
        return self._option_ids()[a["option"]]

    def _option_ids(self):
        """The message ids of this decision's options, by option number (read once, when asked)."""
        ids = self._ids
        if ids is None:
            ids = self._ids = _ids_of(self._game, self._legal)
        return ids

    def _by_msg(self, legal, *mids):
        if not legal:
            return None
        ids = self._option_ids()
        return next((a for a in legal if ids[a["option"]] in mids), None)

    def _fallback(self, legal, rng):
        for a in legal:
            if self._msg(a) in (DONE, DONE_SHOPPING, KEEP_MODS, KEEP_LOAD, NO, STOP_HERE):
                return a
        non_pass = [a for a in legal if self._msg(a) not in (PASS, FREE_ACTION) and self._msg(a) not in _FREE]
        return rng.choice(non_pass or legal)

    def _decide(self, game, s, legal, rng):
        pend = game.pending
        kind, ask = pend["kind"], pend.get("msg")
        if kind == "act":
            return self._act(game, s, legal)
        if ask == DRIVE_WHERE:
            return self._drive(s, legal)
        if kind == "amount":
            if ask == MISSILES:
                return self._missiles(s, legal)
            return legal[-1]
        if kind == "may":
            # the values of the prompt's holes as the seat sees them (pieces by their handles)
            args = (s.r.pending() or {}).get("args") or {}
            return self._by_msg(legal, YES if self._may(s, ask, args) else NO)
        if ask == ASSIGN_DAMAGE:
            return self._damage(s, legal)
        if ask in KEEP_JOB:
            return max(legal, key=lambda a: s.job_score(a.get("value")))
        if ask == TOO_MANY_JOBS:
            return min(legal, key=lambda a: s.job_score(a.get("value")))
        if ask == BUY_MOD:
            return self._shop(s, legal)
        if ask == QUEST_WHICH:
            stacks = {}
            for a in legal:                     # "Stack <n>": the rules' text, read back by its id
                mid, parts = s.r.text_parts(a.get("value"))
                if mid == QUEST_STACK:
                    stacks[parts.get("arg1")] = a
            for want in ("3", "4", "1", "5", "2"):
                if want in stacks:
                    return stacks[want]
            return legal[0]
        if ask == DISCARD:
            return min(legal, key=lambda a: s.piece_value(a.get("value")))
        if ask == NO_FREE_SLOT:
            return self._make_room(s, legal)
        if ask == DEPOT:
            repair = self._by_msg(legal, DEPOT_REPAIR)
            if repair is not None and s.damage() > 0:
                return repair
            if s.want_trailer():
                trailer = self._by_msg(legal, DEPOT_TRAILER, DEPOT_TRAILER2)
                if trailer is not None:
                    return trailer
            return self._by_msg(legal, DONE) or legal[0]
        if ask == STORE:
            return self._by_msg(legal, DASHBOARD_SLOT) or self._by_msg(legal, WEAPONS_HOLD) or legal[0]
        if ask == NO_ROOM:
            return self._by_msg(legal, KEEP_LOAD) or legal[0]
        if ask in ATTACK_WHICH:
            return self._attack_target(s, legal)
        if ask == DELIVER_WHICH:
            return legal[0]
        return None

    # ---- turn actions ---------------------------------------------------
    def _act(self, game, s, legal):
        plan = s.plan()
        here = s.pos()
        # the turn's own actions, by their declared id (a card's actions are `subs`)
        ids = self._option_ids()
        main = {}
        subs = []
        for a in legal:
            if ids[a["option"]] in _MAIN:
                main[a["action"]] = a
            elif a.get("action"):
                subs.append(a)
        if "bonus_action" in main:
            return main["bonus_action"]
        if subs:
            pick = self._sub(s, subs, plan)
            if pick is not None:
                return pick
        if "deliver" in main and s.deliver_value_here() > 0:
            return main["deliver"]
        if "attack" in main and plan[1] == "attack" and plan[0] == here:
            return main["attack"]
        if "activate_outpost" in main and s.outpost_worth(plan):
            return main["activate_outpost"]
        if "purchase" in main and s.purchase_worth():
            return main["purchase"]
        if plan[0] == here and plan[1] not in ("buy", "attack"):
            s.exclude.add(here)
            s._plan = None
            plan = s.plan()
        if "drive" in main and plan[0] is not None and plan[0] != here:
            # the steps of this move follow the plan without a new view
            self.mem["drive"] = [s.me, plan[0], here, s.static]
            return main["drive"]
        if "attack" in main and s.attack_worth():
            return main["attack"]
        if "drive" in main and plan[0] is None:
            return main["drive"]
        if subs:
            return subs[0]
        return self._by_msg(legal, PASS) or legal[0]

    def _sub(self, s, subs, plan):
        """A card's or an outpost's action (outpost, bonus, slide), by its declared id: contract steps first."""
        best, best_v = None, 0
        for a in subs:
            act = a["action"]
            v = 0
            if act.startswith("deliver") or act in ("pay_bailout", "excavate"):
                v = 10
            elif act == "take_vision_quest":
                v = 9
            elif act == "buy_artifacts_here" and plan[1] == "artifacts":
                v = 8
            elif act == "take_job" and plan[1] == "take_job" and s.may_take_job():
                v = 8
            elif (act in ("mod_shop_visit", "temp_mod_shop_visit") and plan[1] == "shop") or \
                    (act == "temp_mod_shop_visit" and plan[1] == "temp_shop"):
                v = 8
            elif act == "depot_services" and (s.damage() > 1 or (plan[1] == "depot" and s.want_trailer())):
                v = 7
            elif act == "hire_broker" and s.crap() >= 4:
                v = 3
            elif act == "take_three":
                v = 2
            if v > best_v:
                best, best_v = a, v
        if best is not None and best["action"] == "take_job":
            s.mem["took_round"] = s.round
        return best

    def _drive(self, s, legal):
        target = s.plan()[0]
        here = s.pos()
        ids = self._option_ids()
        if target is None:
            opts = [a for a in legal if ids[a["option"]] not in (STOP_HERE, FREE_ACTION)]
            return opts[len(opts) // 2] if opts else legal[0]
        best, best_d = None, s.d(here, target)
        for a in legal:
            if ids[a["option"]] in (STOP_HERE, FREE_ACTION):
                continue
            sp = s.space_of_value(a.get("value"))
            d = s.d(sp, target) if sp else 99
            if d < best_d:
                best, best_d = a, d
        if best is None or here == target:
            return self._by_msg(legal, STOP_HERE) or legal[0]
        return best

    def _drive_cached(self, drive, legal, pend):
        """One step of a move planned at "Move your truck": no view needed.
        A text option's id is looked up where the option is read (as
        `_ids_of` finds it), not for every option first."""
        seat, target, here, st = drive
        if st is not self.static or "piece_site" not in st:
            return None
        dist = st["from"]
        spaces = dist.spaces         # every space has a row (made when first asked)
        if here not in spaces:
            return None
        best, best_d = None, dist[here].get(target, 99)
        ids = None if pend.get("kind") in ("pick", "order") else self._option_ids()
        known = _value_ids(self._game.rules)
        for a in legal:
            v = a.get("value")
            if ids is not None:
                if ids[a["option"]] in (STOP_HERE, FREE_ACTION):
                    continue
            elif type(v) is str and a.get("index", 0) is not None:
                mid = known.get(v, _NO_ID)
                if mid is _NO_ID:
                    mid = self._option_ids()[a["option"]]
                if mid == STOP_HERE or mid == FREE_ACTION:
                    continue
            sp = v if type(v) is str else st["piece_site"].get(v.get("piece")) if isinstance(v, dict) else None
            if sp is None:
                return None             # an option we cannot place: look at the table
            if sp not in spaces:
                return None
            dd = dist[sp].get(target, 99)
            if dd < best_d:
                best, best_d, best_sp = a, dd, sp
        if best is None or here == target:
            stop = self._by_msg(legal, STOP_HERE)
            if stop:
                self.mem.pop("drive", None)
                return stop
            return None
        drive[2] = best_sp
        return best

    def _may(self, s, ask, args):
        if ask == ENGAGE:
            plan = s.plan()
            return plan[1] == "attack" and plan[0] == s.pos() and \
                s.ent(s.entity_of(args.get("target"))).get("kind") == "raider_enclave"
        if ask == MORE_ARTIFACTS:
            return s.plan()[1] == "artifacts" and s.artifacts() < 3
        if ask == NUCLEAR_BOMB:
            return s.open_contract("questionable_decisions") is not None
        if ask in REROLL_MAY or ask == DELIVERY_BONUS:
            return True
        return False                        # an Escort, and anything else offered

    def _missiles(self, s, legal):
        have = len(legal) - 1
        if have <= 0:
            return legal[0]
        card = s.pieces("raider_card_now")
        if not card:                        # a boss: his defence is rolled unseen
            return legal[-1]
        defense = s.field(card[0]["entity"], "defense", 5) or 5
        if not s.vault() and s.pos() is not None and s.at_site(s.pos(), "raider_enclave") is None \
                and s.plan()[1] != "attack":
            return legal[0]                 # an ambush of no consequence
        gap = defense - s.power(missiles=False)
        n = max(0, min(have, int(gap // 2) + 1)) if gap > -0.5 else 0
        return legal[n]

    def _damage(self, s, legal):
        slot = self._by_msg(legal, EMPTY_SLOT)
        if slot is not None:
            return slot
        def cost(a):
            v = a.get("value")
            if isinstance(v, (str, dict)):          # holds are shown with what they hold
                # (the hold by its card's id and what it holds by its text's id: never their words)
                mid, parts = s.r.text_values(v)
                if mid == HOLD_LABEL and _card(parts.get("arg1")) in CARGO_HOLDS:
                    return 45 if s.r.text_parts(parts.get("arg2", ""))[0] == HOLD_EMPTY else 60
            if s.entity_of(v) in DIG_TILES:         # the treasure's slot
                return 100
            return s.mod_value(v)
        return min(legal, key=cost)

    def _make_room(self, s, legal):
        # drop a spare hold or a temp mod for a wanted mod; otherwise keep
        cands = [a for a in legal if isinstance(a.get("value"), dict) and "piece" in a["value"]]      # (a piece: a hold is shown as text)
        if cands and s.project() in ("torque", "kea", "qd", "bigdig"):
            low = min(cands, key=lambda a: s.mod_value(a.get("value")))
            if s.mod_value(low.get("value")) < 9:
                return low
        return self._by_msg(legal, KEEP_MODS) or legal[0]

    def _attack_target(self, s, legal):
        proj = s.project()
        def score(a):
            e = s.entity_of(a.get("value"))
            k = s.ent(e).get("kind")
            if k == "raider_boss":
                return 3 if proj == "torque" else -1
            if k == "raider_enclave":
                return 2
            return 1
        return max(legal, key=score)

    def _shop(self, s, legal):
        by_ent = {}
        for a in legal:
            e = s.entity_of(a.get("value"))
            if e:
                by_ent.setdefault(e, a)
        for e in s.shopping_list() + ["broker"]:
            if e in by_ent:
                return by_ent[e]
        if s.crap() >= 20 and s.holds() < 5:
            for a in legal:
                if s.entity_of(a.get("value")) == "general_hold":
                    return a
        return self._by_msg(legal, DONE_SHOPPING) or legal[0]


def _ids_of(game, legal):
    """`option_ids(game)`: a pick's (or an order's) read from its options as
    `text.option_msg` reads them — "done" where `index` is None, the id of a
    text value (`value_msg`, kept per rules: a move offers the same spaces all
    game), None for any other value — without going through every option's kind."""
    pend = game.pending
    kind = None if pend is None else pend.get("kind")
    if kind == "act":
        return _act_ids(game, legal)
    if kind not in ("pick", "order"):
        return option_ids(game)
    rules = game.rules
    known = _value_ids(rules)
    out = [DONE if a.get("index", 0) is None else known.get(v, _NO_ID) if type(v := a.get("value")) is str
           else value_msg(rules, v)
           for a in legal]
    if _NO_ID in out:           # a text not seen before: read once
        for i, mid in enumerate(out):
            if mid is _NO_ID:
                v = legal[i]["value"]
                out[i] = known[v] = known[v] if v in known else value_msg(rules, v)
    return out


def _value_ids(rules):
    """{text value: its message id} read so far, kept per rules."""
    memo = _VALUE_IDS.get(id(rules))
    if memo is None or memo[0] is not rules:
        if len(_VALUE_IDS) > 16:
            _VALUE_IDS.clear()
        memo = _VALUE_IDS[id(rules)] = (rules, {}, {})
    return memo[1]


def _act_ids(game, legal):
    """`option_ids(game)` of a turn's actions: "pass" where `action` is
    None, else the action's id (`text.action_id`, kept per rules), when no
    option has a `source` (a card's action is named after its card: then
    the runtime reads them all)."""
    rules = game.rules
    _value_ids(rules)
    known = _VALUE_IDS[id(rules)][2]
    out = []
    for a in legal:
        if a.get("source") is not None:
            return option_ids(game)
        act = a.get("action")
        mid = known.get(act)
        if mid is None:
            mid = known[act] = PASS if act is None else action_id(rules, None, act)
        out.append(mid)
    return out


_VALUE_IDS: dict = {}       # id(rules) -> (rules, {text value: id}, {top-level action: id})
_NO_ID = _UNREAD = object()


def _quick(pend, legal):
    """Decisions that need no view of the table."""
    ask = pend.get("msg")
    if pend["kind"] == "may" and ask in REROLL_MAY:
        for a in legal:
            if a.get("value") is True:             # yes
                return a
    if ask == REROLL_WHICH:                        # the lowest die gains the most
        return min(legal, key=lambda a: a.get("value") if isinstance(a.get("value"), int) else 99)
    return None


# The turn's own actions (and the free ones), by message id: the others are a card's or an outpost's.
_MAIN = {"action-drive", "action-attack", "action-purchase", "action-deliver", "action-activate_outpost",
         "action-bonus_action", "engine-pass", "action-discard_cargo_freely", "ent-escort-action-use_escort"}
# Free actions: the bot never discards by choice nor uses an Escort.
_FREE = {"action-discard_cargo_freely", "ent-escort-action-use_escort", FREE_ACTION}
DIG_TILES = ("empty_dig_tile", "treasure_dig_tile", "dig_site")
CARGO_HOLDS = ("general_hold", "weapons_hold")


def _card(v):
    """The card a hole's value names: a card kept as ``{"entity": id}``, or
    a text naming one (``words.named_entity``); else None."""
    if isinstance(v, dict) and isinstance(v.get("entity"), str) and len(v) == 1:
        return v["entity"]
    return named_entity(v)


class _Counters(dict):
    """Counters as a view gives them (a per-player counter: a list by seat;
    with `seat`, that seat's value alone), read when first asked: a dict, so
    that a counter read again (a dozen times a decision) is a plain lookup."""

    __slots__ = ("r", "of")        # the reader, and the seat (None: global counters)

    def __missing__(self, cid):
        got = self[cid] = self.r.counter(cid, self.of)
        return got


class _HiddenCounts:
    """(zone, owner) -> how many pieces it holds, for non-empty zones the seat does not see into."""

    def __init__(self, reader):
        self.r = reader

    def get(self, key):
        zone, of = key
        if self.r.sees(zone, of):
            return None
        return self.r.count(zone, of) or None


def _once(method):
    """A question of `_Seen` answered once per decision: the state does not
    move while the bot decides, and these read nothing the plan changes
    (`exclude`, `mem`). Callers never change what it gives."""
    name = method.__name__

    def asked(self):
        memo = self._memo
        if name in memo:
            return memo[name]
        got = memo[name] = method(self)
        return got
    asked.__name__, asked.__doc__ = name, method.__doc__
    return asked


class _Seen:
    """What the bot's seat sees, with the board's static graph."""

    def __init__(self, game, seat, bot):
        self.g, self.me, self.bot = game, seat, bot
        self.R = game.rules
        # read piece by piece (game.seat_reader): no full view per decision
        self.r = r = reader_of(game, seat)
        self.round = r.round
        self.c = c = _Counters()                # global counters
        c.r, c.of = r, None
        self.my = my = _Counters()              # per-player counters: this seat's value
        my.r, my.of = r, seat
        hit = _TABLES.get(id(self.R))
        self._kind, self._fields, self._derived, mine = hit[1:] if hit is not None and hit[0] is self.R \
            else _tables(self.R)
        my.update(zip(mine, r.counter_values(mine, seat)))     # those read at most decisions, in one call
        self._zone = {}
        self._ents = {}             # (zone, owner) -> entity ids of its pieces (no piece dicts built)
        self._memo = {}             # answers asked again within this decision (the state does not move)
        self._rooms = {}            # cargo type (or None) -> room(type): a dozen times a plan
        self._best = {}             # cargo type -> best_sale(type)
        self._open = None           # contract entity -> its first piece open to me (open_contract)
        self._jobs = self._contracts = self._jk = None     # read once a decision (jobs(), contracts(), _jobs_key())
        self._mine = {}             # zone -> entity ids of my pieces there (mine_ents)
        self._tf = self._ld = self._dmg = None     # _truck(), load(), damage(): once a decision
        spaces = self.R.spaces
        found = r.find_all(_ROUGH)         # r.find("rough_ground")
        last = bot._rough_found      # the same places as at the last decision: the same rough ground
        if last is not None and last[0] == found and last[1] is spaces:
            self._rough = last[2]
        else:
            self._rough = frozenset(z for z, of in found if of is None and z in spaces)
            bot._rough_found = (found, spaces, self._rough)
        st = bot.static
        known = st.get("rough")
        if known is not self._rough and known != self._rough:     # a new game (or board): forget the old one
            st.clear()
            st["rough"] = self._rough
            st["from"] = _distances(self.R, self._rough)
            st["sites"] = {}
            bot.mem.clear()
        self.static = st
        self._from = st["from"]      # every space's distances, each row made when first asked
        self._far = {}
        if "piece_site" not in st:
            ps = st["piece_site"] = {}
            for sid in self.R.spaces:
                for p in self.pieces(sid):
                    if self.ent(p["entity"]).get("kind") in ("outpost", "raider_enclave"):
                        ps[p["piece"]] = sid
        mem = bot.mem.get(seat)
        self.mem = mem if mem is not None else bot.mem.setdefault(seat, {})
        self._plan = None
        self.exclude = set()

    @property
    def counts(self):
        """(zone, owner) -> how many pieces, for zones the seat does not see into (made when first asked)."""
        got = self.__dict__.get("_counts")
        if got is None:
            got = self._counts = _HiddenCounts(self.r)
        return got

    # ---- reading ----------------------------------------------------------
    # Every answer below is the same as reading the seat's pieces one by one;
    # a decision asks the same few questions many times, so each is read once
    # per decision (`_memo`), by entity ids where no props are needed.
    def ent(self, eid):
        return self.R.entities.get(eid) or {}

    def kind(self, eid):
        return self._kind.get(eid)

    def field(self, eid, name, default=None):
        return self._fields.get(eid, _NO_FIELDS).get(name, default)

    def pieces(self, zone, of=None, props=None):
        """A zone's pieces; with `props` (names), only those props are read."""
        key = (zone, of, props)
        got = self._zone.get(key)
        if got is None:
            got = self._zone[key] = self.r.pieces(zone, of, props)
        return got

    def ents(self, zone, of=None):
        """The entity ids of a zone's pieces (a tuple), if the seat sees into it (else ())."""
        key = (zone, of)
        got = self._ents.get(key)
        if got is None:
            got = self._ents[key] = self.r.entity_ids(zone, of)
        return got

    def where_of(self, handle):
        """(zone, owner) of a piece the seat sees, by its handle."""
        return self.r.locate(handle)

    def mine(self, zone):
        return self.pieces(zone, self.me)

    def mine_ents(self, zone):
        got = self._mine.get(zone)
        if got is None:
            got = self._mine[zone] = self.r.entity_ids(zone, self.me)
        return got

    def jobs(self):
        """My faction jobs, with the one prop read of them (their marks): the
        same tuple while they and their marks are (`pieces_kept`)."""
        got = self._jobs
        if got is None:
            got = self._jobs = self.r.pieces_kept("jobs", self.me, _JOB_PROPS)
        return got

    def _jobs_key(self):
        """What the answers about my jobs read besides the rules and the
        board: the jobs with their marks, my load, the contracts, my quest
        card (read once a decision)."""
        key = self._jk
        if key is None:
            key = self._jk = (self.jobs(), self.mine_ents("load"), self.contracts(), self.mine_ents("quest"),
                              self.me)
        return key

    def _by_jobs(self, name, make):
        """`make()`, kept (per game) while `_jobs_key` gives the very same objects."""
        key = self._jobs_key()
        kept = self.static.get(name)
        if kept is not None and all(map(is_, kept[0], key)):
            return kept[1]
        got = make()
        self.static[name] = (key, got)
        return got

    def entity_of(self, value):
        if not isinstance(value, dict) or "piece" not in value:
            return None
        h = value["piece"]
        # a handle only: the piece's entity if it lies where the seat sees
        return self.r.entity(h) if type(h) is int else None

    def crap(self):
        return self.my["crap"]

    def pos(self):
        return self.my["pos"]

    def markers(self):
        return self.my["markers"]

    def momentum(self):
        return self.my["momentum"]

    # What a zone's entity ids give depends on the ids alone (and the rules):
    # kept per rules by the ids (`_derived`), so a truck that did not change
    # since an earlier decision, of any seat, is not counted again.
    # Each is also kept for the decision (an attribute): asked many times a plan.
    def damage(self):
        got = self._dmg
        if got is None:
            ids = self.mine_ents("damaged")
            got = self._derived.get(("damage", ids))
            if got is None:
                kind = self._kind
                got = self._keep(("damage", ids), sum(1 for e in ids if kind.get(e) == "damage_token"))
            self._dmg = got
        return got

    def _keep(self, key, value):
        derived = self._derived
        if len(derived) > 4096:         # a bound, not a policy: the trucks and loads of a few games
            derived.clear()
        derived[key] = value
        return value

    def _truck(self):
        """(holds by what they hold, with None: all of them; trailers; mods
        in the truck's slots) of my truck's entity ids."""
        got = self._tf
        if got is None:
            got = self._tf = self._truck_of(self.mine_ents("truck"))
        return got

    def _truck_of(self, ids):
        got = self._derived.get(("truck", ids))
        if got is None:
            kind, fields = self._kind, self._fields
            holds = {None: 0}
            trailers = slots = 0
            for e in ids:
                h = fields.get(e, _NO_FIELDS).get("hold", "")
                if h:
                    holds[None] += 1
                    holds[h] = holds.get(h, 0) + 1
                if kind.get(e) == "trailer":
                    trailers += 1
                elif fields.get(e, _NO_FIELDS).get("slot") != "cab":
                    slots += 1
            got = self._keep(("truck", ids), (holds, trailers, slots))
        return got

    def holds(self, which=None):
        return self._truck()[0].get(which, 0)

    def count_mod(self, eid):
        return self.mine_ents("truck").count(eid)

    def trailers(self):
        return self._truck()[1]

    def free_slots(self):
        _, trailers, used = self._truck()
        return 6 + 3 * trailers - (used + self.damage())

    def vault(self):
        return bool(self.mine_ents("vault"))

    def power(self, missiles=True):
        """Expected hits of a combat roll (missiles all committed)."""
        key = ("power", missiles, self.mine_ents("truck"), self.mine_ents("cab"))
        got = self._derived.get(key)
        if got is not None:
            return got
        dice = 2 + self.count_mod("gunner")
        hits = self.count_mod("machine_gun")
        drv = self.mine_ents("cab")
        if "zero" in drv:
            hits += 1
        if "the_fallen" in drv:
            dice += 1
        if missiles:
            hits += 2 * self.count_mod("missile")
        return self._keep(key, 1.5 * dice + hits)

    def load(self):
        """Cargo and artifacts carried, by type (read only: callers never change it)."""
        got = self._ld
        if got is None:
            got = self._ld = self._load_of(self.mine_ents("load"))
        return got

    def _load_of(self, ids):
        got = self._derived.get(("load", ids))
        if got is not None:
            return got
        out = {t: 0 for t in CARGO}
        out["artifact"] = 0
        kind, fields = self._kind, self._fields
        for e in ids:
            if kind.get(e) == "cargo":
                out[fields[e]["cargo_type"]] += 1
            else:
                out["artifact"] += 1
        return self._keep(("load", ids), out)

    def artifacts(self):
        return self.load()["artifact"]

    def room(self, t=None):
        """Free room in the holds (for cargo type `t`): read once a decision
        (load and holds do not change while the bot decides)."""
        if type(t) is not str and t is not None:
            return self._room(t)
        got = self._rooms.get(t)
        if got is None:
            got = self._rooms[t] = self._room(t)
        return got

    def _room(self, t):
        ld = self.load()
        total = self.holds() - sum(ld.values())
        if t == "weapons":
            return max(0, min(self.holds("weapons") - ld["weapons"], total))
        if t in ("food", "water"):
            return max(0, min(self.holds("general") - ld["food"] - ld["water"], total))
        return max(0, total)

    def price(self, t):
        return START_PRICE[t] + self.c[_DEMAND_OF[t]]

    def site(self, eid):
        """Where a tile (outpost, enclave) lies: static, cached for the game."""
        sites = self.static["sites"]
        if not sites:
            for sid in self.R.spaces:
                for e in self.ents(sid):
                    sites.setdefault(e, sid)
        return sites.get(eid)

    def at_site(self, sid, kind):
        """The entity of the first piece of `kind` at space `sid` (entity ids
        only: no piece is built for it), or None."""
        kinds = self._kind
        for eid in self.ents(sid):
            if kinds.get(eid) == kind:
                return eid
        return None

    def space_of_value(self, value):
        if isinstance(value, str):
            return value
        if isinstance(value, dict) and "piece" in value:
            z = self.where_of(value["piece"])
            if z and z[0] in self.R.spaces:
                return z[0]
            e = self.entity_of(value)
            return self.site(e) if e else None
        return None

    def piece_value(self, value):
        if not isinstance(value, dict) or "piece" not in value:
            return 0
        e = self.entity_of(value)
        if e is None:
            return 0
        if self.ent(e).get("kind") == "cargo":
            return self.price(self.ent(e)["fields"]["cargo_type"])
        return 20

    def mod_value(self, value):
        e = self.entity_of(value)
        if e is None:
            return 0
        f = self.ent(e).get("fields") or {}
        if f.get("hold"):
            return 50
        if e in self.shopping_list() or e in ("digger", "nuclear_vault"):
            return 40
        return f.get("cost", 0)

    # ---- the board ----------------------------------------------------------
    def rough(self, sid):
        return sid in self._rough

    def dist_from(self, start):
        """Cost to reach every space from `start` (entering costs 1, 2 if rough)."""
        return self._from[start]

    def d(self, a, b):
        if a is None or b is None:
            return 99
        return self._from[a].get(b, 99)

    def far(self, target):
        """`d(pos(), target)`, kept for the decision."""
        got = self._far.get(target)
        if got is None:
            pos = self.my["pos"]
            got = self._far[target] = 99 if pos is None or target is None else self._from[pos].get(target, 99)
        return got

    def far_row(self):
        """`dist_from(pos())`, or None without a position: `far(t)` is
        `row.get(t, 99)` for a target t (a loop over many targets reads it once)."""
        pos = self.my["pos"]
        return None if pos is None else self._from[pos]

    def nearest(self, sids):
        """`min(sids, key=self.far)` of the wanted ones (the first of the nearest), one row read."""
        best, best_d = None, None
        row = _UNREAD
        for x in sids:
            if x and x not in self.exclude:
                if row is _UNREAD:
                    row = self.far_row()        # where far would first read it
                d = 99 if row is None else row.get(x, 99)
                if best_d is None or d < best_d:
                    best, best_d = x, d
        return best

    # ---- contracts and jobs ---------------------------------------------------
    def contracts(self):
        """The contracts, with the props read of them (who has done one, Smuggler's marks): the
        same tuple while none of them changes (`pieces_kept`), which the answers below are kept by."""
        got = self._contracts
        if got is None:
            got = self._contracts = self.r.pieces_kept("contracts", None, _CONTRACT_PROPS)
        return got

    def done(self, p):
        return {"player": self.me} in ((p.get("props") or {}).get("done_by") or [])

    def open_contract(self, eid):
        """The first contract piece of `eid` not done by me, or None."""
        open_ = self._open
        return (open_ if open_ is not None else self.open_contracts()).get(eid)

    def open_contracts(self):
        """contract entity -> its first piece not done by me: asked a dozen
        times a decision, and the same while the contracts are (kept by them)."""
        open_ = self._open
        if open_ is None:
            cons = self.contracts()
            kept = self.static.get("open")
            if kept is not None and kept[0] is cons and kept[1] == self.me:
                open_ = self._open = kept[2]
                return open_
            open_ = self._open = {}
            for p in cons:
                e = p["entity"]
                if e not in open_ and not self.done(p):
                    open_[e] = p
            self.static["open"] = (cons, self.me, open_)
        return open_

    def kill_em_all_open(self):
        return self.open_contract("kill_em_all") is not None

    def job_req(self, eid):
        """A faction job's requirement, from its declared fields (the kind
        `faction_job`, content/weds/components.wb): (task, steps, artifact?)
        where a step is (the cargo types it takes, the outpost) and its
        progress marker is "r<k>". The same all game, read once."""
        cache = self.static.setdefault("reqs", {})
        got = cache.get(eid)
        if got is None:
            cargo = self.field(eid, "cargo", None) or []
            to = [self.fac(o) for o in self.field(eid, "to", None) or []]
            steps = tuple(zip((tuple(c) for c in cargo), to)) if to else tuple((tuple(c), None) for c in cargo)
            got = cache[eid] = (self.field(eid, "task", "deliver"), steps,
                                any("artifact" in c for c in cargo))
        return got

    @_once
    def smuggle_missing(self):
        """Factions whose smuggling run Smuggler still wants from me: the
        same while the contracts are (their marks are read with them)."""
        cons = self.contracts()
        kept = self.static.get("smuggle")
        if kept is not None and kept[0] is cons and kept[1] == self.me:
            return kept[2]
        got = self._smuggle_missing()
        self.static["smuggle"] = (cons, self.me, got)
        return got

    def _smuggle_missing(self):
        sm = self.open_contract("smuggler")
        if sm is None:
            return []
        marks = (sm.get("props") or {}).get("marks")    # as r.prop(sm["piece"], "marks") reads it
        have = {self.fac(x[1]) for x in marks or []
                if isinstance(x, list) and len(x) == 2 and x[0] == {"player": self.me}}
        # a list in FACTIONS order, not a set: ties in `nearest` must not
        # depend on string hashing, or a seed's game differs between processes
        return [f for f in FACTIONS if f not in have]

    def fac(self, x):
        """A faction reference (as a field or a mark) as its entity id."""
        if isinstance(x, dict):
            return x.get("entity") or self.entity_of(x)
        return x

    def job_faction(self, eid):
        return self.fac(self.field(eid, "faction"))

    def job_score(self, value):
        eid = self.entity_of(value)
        if eid is None:
            return 0
        task, steps, artifact = self.job_req(eid)
        contract = self.field(eid, "counts_as_contract", False)
        if self.field(eid, "smuggling", False) and self.job_faction(eid) in self.smuggle_missing():
            return 25 if artifact else 35
        if task == "fulfill_demand":
            return 30 if contract else 5
        if contract and task in ("win_combat", "pillage"):
            return 28 if self.power() >= 6 else 8
        if task == "deliver" and len(steps) == 1 and not artifact:
            return 10 + (self.field(eid, "reward", 0) or 0) + (15 if contract else 0)
        if contract and task == "deliver" and not artifact:
            return 20
        return self.field(eid, "reward", 0) or 0

    def _job_wanted(self, eid):
        if self.field(eid, "counts_as_contract", False):
            return True
        if self.field(eid, "smuggling", False) and self.job_faction(eid) in self.smuggle_missing():
            return True
        q = self.quest_card()
        return q in ("vq_5b", "vq_5c") and (q == "vq_5b" or self.field(eid, "smuggling", False))

    @_once
    def job_needs(self):
        """Cargo types still to deliver for jobs that advance a contract."""
        return self._by_jobs("job_needs", self._job_needs)

    def _job_needs(self):
        ld = self.load()
        out = []
        for p in self.jobs():
            if not self._job_wanted(p["entity"]):
                continue
            task, steps, _ = self.job_req(p["entity"])
            marks = (p.get("props") or {}).get("marks") or []
            for i, (types, _) in enumerate(steps if task == "deliver" else ()):
                t = types[0]        # a step that takes either of two types: the first is looked for
                if t != "artifact" and f"r{i + 1}" not in marks and ld.get(t, 0) == 0 and t not in out:
                    out.append(t)
        return out

    @_once
    def contract_job_in_hand(self):
        return self._by_jobs("contract_job", self._contract_job_in_hand)

    def _contract_job_in_hand(self):
        return any(self.field(p["entity"], "counts_as_contract", False)
                   and self.job_req(p["entity"])[0] in ("fulfill_demand", "deliver")
                   and not self.job_req(p["entity"])[2] for p in self.jobs())

    def fulfil_types(self):
        """Cargo types whose deliveries advance a "Fulfill demand" job in hand."""
        if "_fulfil" not in self.__dict__:
            out = set()
            for p in self.jobs():
                task, steps, _ = self.job_req(p["entity"])
                if task == "fulfill_demand":
                    out |= {t for t in CARGO for types, _ in steps if t in types}
            q = self.quest_card()
            if q in ("vq_1a", "vq_1c"):
                out.add("water")
            self._fulfil = out
        return self._fulfil

    @_once
    def job_targets(self):
        """(space, cargo type) for job deliveries of cargo types we carry."""
        return self._by_jobs("job_targets", self._job_targets)

    def _job_targets(self):
        ld = self.load()
        out = []
        ents = self.R.entities
        for p in self.jobs():
            task, steps, _ = self.job_req(p["entity"])
            marks = (p.get("props") or {}).get("marks") or []
            for i, (types, outpost) in enumerate(steps if task == "deliver" else ()):
                t = types[0]        # a step that takes either of two types: the first is looked for
                if f"r{i + 1}" in marks:
                    continue
                if t == "artifact" and self.open_contract("blue_screen_of_death") is not None \
                        and not self._job_wanted(p["entity"]):
                    continue            # keep the artifacts for Blue Screen of Death
                if ld.get(t, 0) > 0 and (ents.get(outpost) or {}).get("kind") == "outpost":
                    sid = self.site(outpost)
                    if sid:
                        out.append((sid, t))
        return out

    def may_take_job(self):
        """At most one faction job a round (a capital visit draws 3, keeps 1)."""
        return self.mem.get("took_round") != self.round

    def quest_card(self):
        q = self.mine_ents("quest")
        return q[0] if q else None

    # ---- the market -------------------------------------------------------------
    def kind_spaces(self, kind):
        """The spaces holding a piece of `kind` the seat sees, in board order."""
        return [sid for sid, _ in self.kind_sites(kind)]

    def kind_sites(self, kind):
        """(space, entity of its first piece of `kind`) for the spaces holding
        one that the seat sees, in board order: `at_site` of `kind_spaces`, read at once."""
        order = self.static.get("space_order")
        if order is None:
            order = self.static["space_order"] = {sid: i for i, sid in enumerate(self.R.spaces)}
        tops = self.r.first_of(self.R.kind_entities.get(kind, ()))
        seen = self.static.setdefault("kind_sites", {})
        hit = seen.get(kind)
        if hit is not None and hit[0] == tops:      # the same tops as at an earlier decision
            return hit[1]
        found = [(order[z], z, e) for z, of, e in tops if of is None and z in order]
        found.sort()            # board order: each space once
        out = [(z, e) for _, z, e in found]
        seen[kind] = (tops, out)
        return out

    def demands(self):
        """(space, cargo types it buys) of the demand counters the seat sees, in board order."""
        return self._market()[0]

    def _market(self):
        """`demands()`; the same with each one's types as a set; the spaces
        of the demands for one type alone, by type (what `_best_sale` reads)."""
        if "_demands" in self.__dict__:
            return self._demands
        sites = self.kind_sites("demand_counter")
        kept = self.static.get("demands")
        if kept is not None and kept[0] is sites:   # the very list kind_sites gave then: the same counters
            out = kept[1]
        else:
            fields = self._fields
            listed = [(sid, fields.get(d, _NO_FIELDS).get("demands", [])) for sid, d in sites]
            single = {}
            for sid, types in listed:
                if len(types) == 1:
                    single.setdefault(types[0], []).append(sid)
            out = (listed, [(sid, types, frozenset(types)) for sid, types in listed], single)
            self.static["demands"] = (sites, out)
        self._demands = out
        return out

    def supplies(self):
        """(space, cargo type, price) of the supply counters the seat sees, in board order."""
        if "_supplies" in self.__dict__:
            return self._supplies
        sites = self.kind_sites("supply_counter")
        kept = self.static.get("supplies")
        if kept is not None and kept[0] is sites:
            out = kept[1]
        else:
            fields = self._fields
            out = [(sid, f.get("supplies"), f.get("price", 9))
                   for sid, f in ((sid, fields.get(c, _NO_FIELDS)) for sid, c in sites)]
            self.static["supplies"] = (sites, out)
        self._supplies = out
        return out

    def delivery_value(self, sid, types, ld=None):
        ld = ld or self.load()
        if sid == self.my["last_delivery"]:
            return 0
        for t in types:             # every type it buys, carried
            if ld.get(t, 0) <= 0:
                return 0
        bonus = 12 if any(t in self.fulfil_types() for t in types) else 0
        return sum(ld[t] * self.price(t) for t in types) + bonus

    def deliver_value_here(self):
        for sid, types in self.demands():
            if sid == self.my["pos"]:
                return self.delivery_value(sid, types)
        return 0

    def best_sale(self, t):
        got = self._best.get(t)
        if got is None:
            got = self._best[t] = self._best_sale(t)
        return got

    def _best_sale(self, t):
        best = 0
        row = _UNREAD               # far(sid) as in _make_plan
        last = self.my["last_delivery"]
        for sid in self._market()[2].get(t, ()):      # the demands for `t` alone, in board order
            if sid != last:
                if row is _UNREAD:
                    row = self.far_row()
                best = max(best, self.price(t) - (99 if row is None or sid is None else row.get(sid, 99)) * 0.3)
        return best

    def purchase_worth(self):
        for sid, t, price in self.supplies():
            if sid == self.my["pos"]:
                if self.quest_card() == "vq_4a" and self.room(t) > 0 and price <= self.my["crap"]:
                    return True
                return self.room(t) > 0 and self.best_sale(t) > price + 1
        return False

    def attack_worth(self):
        if self.my["won_combat"] is not False:
            return False
        if self.quest_card() in ("vq_2a", "vq_2b") or self.power() >= 6:
            return self.room() > 0 or self.quest_card() in ("vq_2a", "vq_2b")
        return False

    # ---- outposts, shops ---------------------------------------------------------------
    def outpost_here(self):
        p = self.my["pos"]
        return self.at_site(p, "outpost") if p else None

    def outpost_worth(self, plan):
        here = self.my["pos"]
        if any(sid == here for sid, _ in self.job_targets()):
            return True
        o = self.outpost_here()
        purpose = plan[1] if plan[0] == here else None
        if o == "dispatch":
            return purpose == "artifacts"
        if o in CAPITALS:
            return purpose == "take_job"
        if o in MOD_SHOPS:
            return purpose == "shop" or (self.my["crap"] >= 20 and self.holds() < 4)
        if o in TEMP_SHOPS:
            return purpose == "temp_shop"
        if o == "the_depot":
            return self.damage() > 0 and self.my["crap"] >= 3 or (purpose == "depot" and self.want_trailer())
        if o == "serenity":
            return self.my["crap"] >= 4 and self.count_mod("broker") == 0
        if o == "the_coffers":
            return True
        return False

    def want_trailer(self):
        return self.my["crap"] >= 8 and self.trailers() < 2 and (
            self.my["crap"] > 40 or (self.project() in ("torque", "kea", "qd") and self.free_slots() <= 1))

    def shopping_list(self):
        """Mods the plan wants, most wanted first."""
        if "_shop" in self.__dict__:
            return self._shop
        out = []
        proj = self.project()
        if proj == "bigdig" and not self.count_mod("digger"):
            out.append("digger")
        if proj == "qd" and not self.count_mod("nuclear_vault"):
            out.append("nuclear_vault")
        if proj == "bsod" and self.holds() < 3:
            out.append("general_hold")
        if proj in ("torque", "kea", "qd") or self.power() < 5.5 and self.my["crap"] > 60:
            need = POWER_NEED.get(proj, 6)
            if self.power() < need + 1:
                if self.count_mod("gunner") <= self.count_mod("machine_gun") and self.my["crap"] >= 9:
                    out += ["gunner", "machine_gun"]
                else:
                    out += ["machine_gun", "gunner"]
                out.append("missile")
        self._shop = out
        return out

    # ---- projects: which contract to work on ------------------------------------------------
    def project(self):
        if "_proj" in self.__dict__:
            return self._proj
        self._proj = None
        cur = self.mem.get("proj")
        rnd = self.round
        if cur is not None and self.mem.get("proj_round") == rnd and self._costs_has(cur):
            # chosen this round and still open: the costs would only be asked
            # whether they hold it (the choice is made once a round)
            self.mem["proj"] = self._proj = cur
            return cur
        costs = self.project_costs()
        if cur not in costs:
            cur = None
        if costs and (cur is None or self.mem.get("proj_round") != rnd):
            best = min(costs, key=costs.get)
            if cur is None or costs[best] < costs[cur] - 3:
                cur = best
            self.mem["proj_round"] = rnd
        self.mem["proj"] = cur
        self._proj = cur
        return cur

    def _costs_has(self, proj):
        """Whether `project_costs()` has `proj`: its conditions, without the
        costs (distances, prices). Where a cost could raise (a distance from
        a place that is no space), False: the caller then asks the costs."""
        pos = self.my["pos"]
        if pos is not None and pos not in self._from.spaces:
            return False
        opened = self.open_contracts()
        if proj == "bailout":
            return "bailout" in opened
        if proj == "bsod":
            return "blue_screen_of_death" in opened
        if proj == "vq":
            if "vision_quest_contract" not in opened:
                return False
            left = len(self.mine_ents("quest")) + (self.counts.get(("quest_stack", self.me)) or 0)
            return bool(left or self.counts.get(("quest_stacks", None)))
        if proj == "bigdig":
            return "the_big_dig" in opened and bool(self.mine_ents("treasures") or self.dig_sites())
        if proj == "torque":
            return "grand_lord_emperor_torque" in opened
        if proj == "kea":
            return "kill_em_all" in opened
        if proj == "qd":
            return "questionable_decisions" in opened and bool(self.vault() or self.bombs_left())
        if proj == "smuggler":
            return "smuggler" in opened
        return False

    def money(self, need):
        return max(0, need - self.my["crap"]) / 4.0

    def project_costs(self):
        out = {}
        crap = self.my["crap"]
        opened = self.open_contracts()
        if "bailout" in opened:
            out["bailout"] = self.money(self.bailout_price()) + self.far(self.site("new_new_york")) / 4 + 1
        if "blue_screen_of_death" in opened:
            ld = self.load()
            if ld["artifact"] >= 3:
                out["bsod"] = self.far(self.site("the_depot")) / 4
            else:
                disp, depot = self.site("dispatch"), self.site("the_depot")
                out["bsod"] = (self.money(self.artifact_cost(3 - ld["artifact"]) + (3 if self.holds() < 3 else 0))
                               + (self.far(disp) + self.d(disp, depot)) / 4 + 2 + (2 if self.holds() < 3 else 0))
        if "vision_quest_contract" in opened:
            left = len(self.mine_ents("quest")) + (self.counts.get(("quest_stack", self.me)) or 0)
            if left:
                out["vq"] = 3 * left
            elif self.counts.get(("quest_stacks", None)):
                out["vq"] = self.far(self.site("motown")) / 4 + 10
        if "the_big_dig" in opened:
            if self.mine_ents("treasures"):
                out["bigdig"] = self.far(self.site("the_library")) / 4 + 1
            elif self.dig_sites():
                out["bigdig"] = (0 if self.count_mod("digger") else self.money(11) + 3) + 9
        if "grand_lord_emperor_torque" in opened:
            gap = max(0, POWER_NEED["torque"] - self.power())
            out["torque"] = self.money(gap * 4 + 5) + gap * 1.5 + self.far(self.site("eyeless_enclave")) / 4 + 4
        if "kill_em_all" in opened:
            left = 4 - len(self.enclaves_pillaged())
            gap = max(0, POWER_NEED["kea"] - self.power())
            out["kea"] = self.money(gap * 4) + gap * 1.5 + left * 4 + 2
        if "questionable_decisions" in opened and (self.vault() or self.bombs_left()):
            if self.vault():
                out["qd"] = self.far(self.site("nein_nein_enclave")) / 4 + 2
            else:
                gap = max(0, POWER_NEED["qd"] - self.power())
                out["qd"] = (0 if self.count_mod("nuclear_vault") else self.money(4) + 2) + self.money(gap * 4) \
                    + gap * 1.5 + 10
        if "smuggler" in opened:
            out["smuggler"] = 6 * len(self.smuggle_missing()) + 4
        return out

    def bailout_price(self):
        bail = self.open_contract("bailout")
        prices = self.field("bailout", "prices", [25, 30, 35]) or [25, 30, 35]
        paid = len(((bail or {}).get("props") or {}).get("done_by") or [])
        return prices[min(paid, len(prices) - 1)]

    def artifact_cost(self, need):
        step = self.c["artifact_step"]
        prices = ARTIFACT_PRICES
        return sum(prices[min(step + i, len(prices) - 1)] for i in range(need))

    @_once
    def dig_sites(self):
        return [z for z, of in self.r.find("dig_site") if of is None and z in self.R.spaces]

    def bombs_left(self):
        return self.ents(self.site("railmen_enclave") or "").count("nuclear_bomb_piece")

    @_once
    def enclaves_pillaged(self):
        out = []
        for e in ENCLAVES:
            sid = self.site(e)
            for p in self.pieces(sid, None, _PILLAGED) if sid else []:
                if p["entity"] == e and {"player": self.me} in ((p.get("props") or {}).get("pillaged_by") or []):
                    out.append(e)
        return out

    def build_step(self, need):
        """(target, purpose) towards a truck that rolls `need` hits, or None."""
        crap = self.my["crap"]
        if self.free_slots() <= 0 and self.trailers() < 2 and crap >= 8:
            return self.site("the_depot"), "depot"
        if crap >= 9 and self.power(missiles=False) < need - 2 and self.free_slots() > 0:
            shop = self.nearest([self.site(e) for e in MOD_SHOPS])
            if shop:
                return shop, "shop"
        if crap >= 2 and self.free_slots() > 0:
            shop = self.nearest([self.site(e) for e in TEMP_SHOPS])
            if shop:
                return shop, "temp_shop"
        return None

    def project_step(self, proj):
        crap, ld = self.my["crap"], self.load()
        won = self.my["won_combat"] is not False
        if proj == "bailout":
            return (self.site("new_new_york"), "bonus") if crap >= self.bailout_price() else None
        if proj == "bsod":
            if ld["artifact"] >= 3:
                return self.site("the_depot"), "bonus"
            need = 3 - ld["artifact"]
            cost = self.artifact_cost(need)
            if crap >= cost and self.room("artifact") >= need and ld["artifact"] + self.room() >= 3:
                return self.site("dispatch"), "artifacts"
            if self.holds() < 3 and crap >= 3:
                shop = self.nearest([self.site(e) for e in MOD_SHOPS])
                if shop:
                    return shop, "shop"
            return None
        if proj == "vq":
            q = self.quest_card()
            if q is None:
                return self.site("motown"), "bonus"
            if q == "vq_3a":
                rad = [z for z, of in self.r.find("rad_sign") if of is None]
                return self.nearest(rad), "pilgrim"
            if q == "vq_3b":
                return self.site("corinth"), "pilgrim"
            if q == "vq_3c":
                return self.site("delos"), "pilgrim"
            if q == "vq_5a" and len(self.jobs()) < 5 and self.may_take_job():
                return self.nearest([self.site(e) for e in CAPITALS]), "take_job"
            if q in ("vq_2a", "vq_2b", "vq_2c") and not won:
                return self.nearest([self.site(e) for e in ENCLAVES]), "attack"
            return None
        if proj == "bigdig":
            if self.mine_ents("treasures"):
                return self.site("the_library"), "bonus"
            if not self.count_mod("digger"):
                if crap >= 11:
                    return self.nearest([self.site(e) for e in MOD_SHOPS]), "shop"
                return None
            return self.nearest(self.dig_sites()), "bonus"
        if proj == "torque":
            if self.damage() >= 2 and crap >= 3:
                return self.site("the_depot"), "depot"
            if self.power() >= POWER_NEED["torque"]:
                return (None if won else (self.site("eyeless_enclave"), "attack"))
            return self.build_step(POWER_NEED["torque"])
        if proj == "kea":
            if self.damage() >= 2 and crap >= 3:
                return self.site("the_depot"), "depot"
            if self.power() >= POWER_NEED["kea"] or crap < 6:
                if won:
                    return None
                left = [self.site(e) for e in ENCLAVES if e not in self.enclaves_pillaged()]
                return self.nearest(left), "attack"
            return self.build_step(POWER_NEED["kea"])
        if proj == "qd":
            if self.vault():
                return self.site("nein_nein_enclave"), "bonus"
            if not self.count_mod("nuclear_vault"):
                if crap >= 4:
                    return self.nearest([self.site(e) for e in MOD_SHOPS]), "shop"
                return None
            if self.damage() >= 2 and crap >= 3:
                return self.site("the_depot"), "depot"
            if self.power() >= POWER_NEED["qd"] or crap < 6:
                return None if won else (self.site("railmen_enclave"), "attack")
            return self.build_step(POWER_NEED["qd"])
        if proj == "smuggler":
            missing = self.smuggle_missing()
            held = {self.job_faction(p["entity"]) for p in self.jobs()
                    if self.field(p["entity"], "smuggling", False)}
            want = [f for f in missing if f not in held]
            if want and len(self.jobs()) < 5 and self.may_take_job():
                caps = [self.site(CAPITAL_OF[f]) for f in want]
                return self.nearest(caps), "take_job"
            return None
        return None

    # ---- the plan -------------------------------------------------------------------
    def plan(self):
        if self._plan is None:
            self._plan = self._make_plan()
        return self._plan

    def _make_plan(self):
        crap, ld = self.my["crap"], self.load()
        if (self.damage() >= 3 or self.holds() < 2) and crap >= 3 and self.site("the_depot") not in self.exclude:
            return self.site("the_depot"), "repair"
        # a finished step of any contract: go and cash it in
        if self.open_contract("bailout") is not None and crap >= self.bailout_price() + 5:
            t = self.site("new_new_york")
            if t not in self.exclude:
                return t, "bonus"
        if self.open_contract("blue_screen_of_death") is not None and ld["artifact"] >= 3:
            return self.site("the_depot"), "bonus"
        proj = self.project()
        if proj is not None:
            step = self.project_step(proj)
            if step is not None and step[0] is not None and step[0] not in self.exclude:
                return step
        if self.my["contracts_done"] >= 1 and not self.contract_job_in_hand() and len(self.jobs()) < 4 \
                and self.may_take_job():
            cap = self.nearest([self.site(e) for e in CAPITALS])
            if cap:
                return cap, "take_job"
        jobs = [j for j in self.job_targets() if j[0] not in self.exclude]
        if jobs:
            return min(jobs, key=lambda j: self.far(j[0]))[0], "job"
        if self.my["in_purchase"] == 0:
            for t in self.job_needs():
                if self.room(t) > 0:
                    sups = [(sid, price) for sid, tt, price in self.supplies() if tt == t and price <= crap]
                    if sups:
                        return min(sups, key=lambda x: self.far(x[0]) + x[1])[0], "buy"
        # trade: sell what we carry
        best, best_v = None, 0
        demands = self._market()[1]
        if demands:
            last = self.my["last_delivery"]
            row = self.far_row()        # far(sid) as row.get(sid, 99), read where the loop first read it
            have = frozenset(t for t, n in ld.items() if n > 0)
            for sid, types, need in demands:
                # delivery_value is 0 for the last delivery's space or a type not carried,
                # and a demand worth 0 or less, less its distance, never beats best_v (0 or more)
                if need <= have and sid != last:
                    dv = self.delivery_value(sid, types, ld)
                    if dv > 0:
                        v = dv - 1.2 * (99 if row is None or sid is None else row.get(sid, 99))
                        if v > best_v:
                            best, best_v = sid, v
        carrying = ld["food"] + ld["water"] + ld["weapons"]       # sum over CARGO, without a generator
        if best is not None and (carrying >= max(1, self.holds() - 1) or self.room() == 0 or best_v > 8):
            return best, "sell"
        # buy: profit = (best sale - price) * room
        buy, buy_v = None, 0
        if self.my["in_purchase"] == 0:
            for sid, t, price in self.supplies():
                n = min(self.room(t), crap // max(1, price))
                if n <= 0:
                    continue
                v = (self.best_sale(t) - price) * n - 1.0 * self.far(sid)
                if v > buy_v:
                    buy, buy_v = sid, v
        if buy is not None and (best is None or buy_v > best_v):
            return buy, "buy"
        if best is not None:
            return best, "sell"
        return None, "wander"


_DISTANCES = {}
_TABLES = {}
# a seat's counters that most decisions read: read at once (SeatReader.counter_values)
_MY_COUNTERS = ("crap", "pos", "won_combat", "contracts_done", "in_purchase", "last_delivery")


def _tables(rules):
    """Each entity's kind and fields, by id, for a game's rules: read many
    times a decision, and the same for every seat and game of these rules;
    what entity ids give under these rules (`_Seen._keep`); which of
    `_MY_COUNTERS` the rules have (per player)."""
    hit = _TABLES.get(id(rules))
    if hit is None or hit[0] is not rules:
        if len(_TABLES) > 64:
            _TABLES.clear()
        ents = rules.entities
        counters = rules.counters
        mine = tuple(c for c in _MY_COUNTERS if (counters.get(c) or {}).get("scope") == "player")
        hit = _TABLES[id(rules)] = (rules, {eid: (e or {}).get("kind") for eid, e in ents.items()},
                                    {eid: (e or {}).get("fields") or {} for eid, e in ents.items()}, {}, mine)
    return hit[1:]


class _Distances(dict):
    """start space -> {space: cost to reach it} on one board (its spaces and
    rough ground): entering a space costs 1, 2 if rough; a centre space is
    never entered. A row is made when first asked (a game asks from most
    spaces its trucks stand on or pass by), a level at a time: as the cost
    of entering depends only on the space entered, a space is first reached
    from the nearest level that reaches it, and so at its distance (no heap,
    no space reached twice)."""

    def __init__(self, spaces, rough):
        super().__init__()
        self.spaces, self.rough = spaces, rough
        self.nbrs = {}              # space -> (plain spaces, rough spaces) a truck may enter from it

    def _near(self, s):
        near = _enterable(self.spaces, s)
        rough = self.rough
        got = self.nbrs[s] = (tuple(t for t in near if t not in rough), tuple(t for t in near if t in rough))
        return got

    def __missing__(self, start):
        nbrs = self.nbrs
        dist = {start: 0}
        k, now, nxt, after = 0, [start], [], []
        while now or nxt:
            k1, k2 = k + 1, k + 2
            for s in now:
                plain, hard = nbrs.get(s) or self._near(s)
                for t in plain:
                    if t not in dist:
                        dist[t] = k1
                        nxt.append(t)
                for t in hard:
                    if t not in dist:
                        dist[t] = k2
                        after.append(t)
            now, nxt, after = nxt, after, []
            k = k1
        self[start] = dist
        return dist


def _enterable(spaces, s):
    return tuple(t for t in spaces[s].get("adjacent") or () if "center" not in (spaces[t].get("tags") or ()))


def _distances(rules, rough):
    """The distances on a board (its spaces and rough ground): shared by
    every seat's bot and every game with the same rough ground, as the
    board's links never change."""
    key = (id(rules), rough)
    hit = _DISTANCES.get(key)
    if hit is None or hit[0] is not rules:
        if len(_DISTANCES) > 64:
            _DISTANCES.clear()
        hit = _DISTANCES[key] = (rules, _Distances(rules.spaces, rough))
    return hit[1]


FACTIONS = ("archivists", "new_republic_army", "oracles_of_ceres")
CAPITAL_OF = {"archivists": "the_library", "new_republic_army": "the_citadel", "oracles_of_ceres": "corinth"}
CAPITALS = ("the_library", "the_citadel", "corinth")
MOD_SHOPS = ("new_alexandria", "delos", "terminus")
TEMP_SHOPS = ("box_canyon", "motown")
ENCLAVES = ("eyeless_enclave", "bonesaw_enclave", "nein_nein_enclave", "railmen_enclave")
ARTIFACT_PRICES = (7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 15)
# Expected hits a project wants before it attacks (Torque: 7 + 2 dice ~ 10.3).
POWER_NEED = {"torque": 11, "kea": 6, "qd": 6.5}
