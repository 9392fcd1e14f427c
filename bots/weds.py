"""A goal-directed bot for Wasteland Express Delivery Service (pack `weds`).

It reads only the public API: `game.view(seat)`, the pending decision and
its labelled options, the static board and card texts of `game.rules`, and
`game.clone()` + `apply` to look one decision ahead (what an outpost action
would offer). Its plan, recomputed at every decision:

1. take a BONUS action whenever one is open (it completes a contract step);
2. Bailout when it can pay, Blue Screen of Death (buy 3 artifacts at
   Dispatch, deliver them at the Depot), faction job deliveries it carries
   cargo for;
3. otherwise trade: carry cargo to the best demand (price x amount, less
   distance), or buy cheap cargo where a demand elsewhere pays more;
   deliveries that fulfil its "Fulfill demand" faction jobs count extra.
"""

from __future__ import annotations

import heapq
import re

CARGO = ("food", "water", "weapons")
START_PRICE = {"food": 2, "water": 3, "weapons": 4}


class WedsBot:
    name = "weds"

    def choose(self, game, legal, rng):
        if len(legal) == 1:
            return legal[0]
        try:
            s = _Seen(game, legal[0]["player"])
            pick = self._decide(game, s, legal, rng)
        except Exception:           # a bot must never stop a game
            pick = None
        return pick if pick is not None else self._fallback(legal, rng)

    # ------------------------------------------------------------------
    def _fallback(self, legal, rng):
        for a in legal:
            if a["label"] in ("done", "done shopping", "keep my mods", "no", "stop here"):
                return a
        non_pass = [a for a in legal if a["label"] != "pass"]
        return rng.choice(non_pass or legal)

    def _decide(self, game, s, legal, rng):
        pend = game.pending
        kind, prompt = pend["kind"], pend.get("prompt") or ""
        labels = {a["label"]: a for a in legal}
        if kind == "act":
            return self._act(game, s, legal, labels)
        if prompt.startswith("Drive where"):
            return self._drive(s, legal)
        if kind == "amount":
            if prompt.startswith("Commit how many missiles"):
                return legal[-1] if s.engaged_combat else legal[0]
            return legal[-1]
        if kind == "may":
            return labels["yes"] if self._may(s, prompt) else labels["no"]
        if prompt.startswith("Assign 1 damage"):
            return self._damage(s, legal)
        if prompt.startswith("Keep which faction job"):
            return max(legal, key=lambda a: s.job_score(a.get("value")))
        if prompt.startswith("Buy a truck mod"):
            return self._shop(s, legal)
        if "discard which cargo" in prompt or prompt.startswith("Discard"):
            return min(legal, key=lambda a: s.piece_value(a.get("value")))
        if prompt.startswith("No free slot"):
            return labels.get("keep my mods") or legal[0]
        if prompt == "The Depot":
            for want in ("Repair all damage for $3",):
                if want in labels and s.damage() > 0:
                    return labels[want]
            if s.crap() > 30:
                for lab in labels:
                    if lab.startswith("Buy a trailer"):
                        return labels[lab]
            return labels.get("done") or legal[0]
        if prompt.startswith("Attack which"):
            return legal[0]
        if prompt.startswith("Deliver which"):
            return legal[0]
        return None

    # ---- turn actions ---------------------------------------------------
    def _act(self, game, s, legal, labels):
        plan = s.plan()
        here = s.pos()
        if "Bonus action" in labels:
            return labels["Bonus action"]
        if "Deliver cargo" in labels and s.deliver_value_here() > 0:
            return labels["Deliver cargo"]
        # Tagged sub-actions (outpost, bonus, slide): prefer contract steps.
        for a in legal:
            lab = a["label"]
            if a.get("action") and lab not in _MAIN and ("deliver" in lab.lower() or "pay" in lab.lower()):
                return a
        if "Activate an outpost" in labels and self._outpost_worth(game, s, labels["Activate an outpost"], plan):
            return labels["Activate an outpost"]
        for a in legal:
            lab = a["label"].lower()
            if a.get("action") and a["label"] not in _MAIN:
                if ("artifact" in lab and plan[1] == "artifacts") or ("repair" in lab and s.damage() > 1):
                    return a
        if "Purchase cargo" in labels and s.purchase_worth():
            return labels["Purchase cargo"]
        if plan[0] == here and plan[1] != "buy":
            s.exclude.add(here)
            s._plan = None
            plan = s.plan()
        if "Move your truck" in labels and plan[0] is not None and plan[0] != here:
            return labels["Move your truck"]
        if "Attack raiders" in labels and s.attack_worth():
            return labels["Attack raiders"]
        if "Move your truck" in labels and plan[0] is None:
            return labels["Move your truck"]
        if "Move your truck" in labels and s.markers() > 1 and plan[0] == here and s.momentum() == 0:
            pass
        sub = [a for a in legal if a.get("action") and a["label"] not in _MAIN]
        if sub:
            return sub[0]
        return labels.get("pass") or legal[0]

    def _outpost_worth(self, game, s, action, plan):
        g = game.clone()
        g.apply(action)
        if g.over or g.pending is None or g.pending["player"] != action["player"]:
            return False
        for a in g.legal_actions():
            lab = a["label"].lower()
            if "deliver" in lab:
                return True
            if "artifact" in lab and plan[1] == "artifacts":
                return True
            if "repair" in lab and s.damage() > 1 and s.crap() >= 3:
                return True
            if ("the depot" in lab and s.damage() > 1 and s.crap() >= 3):
                return True
            if "mod shop" in lab and s.crap() >= 20 and s.holds() < 4:
                return True
            if " job" in lab and "take" in lab and plan[1] == "take_job":
                return True
        return False

    def _drive(self, s, legal):
        target = s.plan()[0]
        here = s.pos()
        if target is None:
            opts = [a for a in legal if a["label"] != "stop here"]
            return opts[len(opts) // 2] if opts else legal[0]
        dist = s.dist_to(target)
        best, best_d = None, dist.get(here, 99)
        for a in legal:
            if a["label"] == "stop here":
                continue
            sp = s.space_of_value(a.get("value"))
            d = dist.get(sp, 99)
            if d < best_d:
                best, best_d = a, d
        if best is None or here == target:
            return next(a for a in legal if a["label"] == "stop here")
        return best

    def _may(self, s, prompt):
        if prompt.startswith("Engage"):
            return s.kill_em_all_open() and "Enclave" in prompt and s.room() > 0
        if prompt.startswith("Buy another artifact"):
            return s.plan()[1] == "artifacts" and s.artifacts() < 3
        if "Reroll" in prompt or "RAD" in prompt:
            return True
        return False

    def _damage(self, s, legal):
        for a in legal:
            if a["label"] == "an empty slot":
                return a
        return min(legal, key=lambda a: s.mod_value(a.get("value")))

    def _shop(self, s, legal):
        labels = {a["label"]: a for a in legal}
        if s.crap() >= 20 and s.holds() < 5:
            for a in legal:
                if a["label"].startswith("Cargo Hold") and "General" in a["label"]:
                    return a
        if s.crap() >= 25 and s.kill_em_all_open():
            for lab in ("Gunner", "Machine Gun"):
                if lab in labels:
                    return labels[lab]
        return labels.get("done shopping") or legal[0]


_MAIN = {"Move your truck", "Attack raiders", "Purchase cargo", "Deliver cargo", "Activate an outpost",
         "Bonus action", "pass"}


class _Seen:
    """What the bot's seat sees, with the board's static graph."""

    def __init__(self, game, seat):
        self.g, self.me = game, seat
        self.R = game.rules
        self.v = game.view(seat, log=False)
        self.c = self.v["counters"]
        self.engaged_combat = True
        self.zone = {}
        self.where = {}
        for z in self.v["zones"]:
            pcs = z.get("pieces") or []
            self.zone[(z["zone"], z["of"])] = pcs
            for p in pcs:
                self.where[p["piece"]] = (z["zone"], z["of"])
        self._plan = None
        self._dist = {}
        self.exclude = set()

    # ---- reading ----------------------------------------------------------
    def ent(self, eid):
        return self.R.entities.get(eid) or {}

    def field(self, eid, name, default=None):
        return (self.ent(eid).get("fields") or {}).get(name, default)

    def pieces(self, zone, of=None):
        return self.zone.get((zone, of), [])

    def mine(self, zone):
        return self.pieces(zone, self.me)

    def crap(self):
        return self.c["crap"][self.me]

    def pos(self):
        return self.c["pos"][self.me]

    def markers(self):
        return self.c["markers"][self.me]

    def momentum(self):
        return self.c["momentum"][self.me]

    def damage(self):
        return sum(1 for p in self.mine("damaged") if self.ent(p["entity"]).get("kind") == "damage_token")

    def holds(self, which=None):
        return sum(1 for p in self.mine("truck") if self.field(p["entity"], "hold", "")
                   and (which is None or self.field(p["entity"], "hold") == which))

    def load(self):
        out = {t: 0 for t in CARGO}
        out["artifact"] = 0
        for p in self.mine("load"):
            e = self.ent(p["entity"])
            if e.get("kind") == "cargo":
                out[e["fields"]["cargo_type"]] += 1
            else:
                out["artifact"] += 1
        return out

    def artifacts(self):
        return self.load()["artifact"]

    def room(self, t=None):
        ld = self.load()
        total = self.holds() - sum(ld.values())
        if t == "weapons":
            return max(0, min(self.holds("weapons") - ld["weapons"], total))
        if t in ("food", "water"):
            return max(0, min(self.holds("general") - ld["food"] - ld["water"], total))
        return max(0, total)

    def price(self, t):
        return START_PRICE[t] + self.c[f"{t}_demand"]

    def site(self, eid):
        if "_sites" not in self.__dict__:
            self._sites = {}
            for sid in self.R.spaces:
                for p in self.pieces(sid):
                    self._sites.setdefault(p["entity"], sid)
        return self._sites.get(eid)

    def at_site(self, sid, kind):
        for p in self.pieces(sid):
            if self.ent(p["entity"]).get("kind") == kind:
                return p
        return None

    def space_of_value(self, value):
        if isinstance(value, str):
            return value
        if isinstance(value, dict) and "piece" in value:
            z = self.where.get(value["piece"])
            return z[0] if z else None
        return None

    def piece_value(self, value):
        if not isinstance(value, dict) or "piece" not in value:
            return 0
        z = self.where.get(value["piece"])
        for p in self.pieces(*z) if z else []:
            if p["piece"] == value["piece"]:
                e = self.ent(p["entity"])
                if e.get("kind") == "cargo":
                    return self.price(e["fields"]["cargo_type"])
                return 20
        return 0

    def mod_value(self, value):
        if not isinstance(value, dict):
            return 0
        z = self.where.get(value.get("piece"))
        for p in self.pieces(*z) if z else []:
            if p["piece"] == value["piece"]:
                f = self.ent(p["entity"]).get("fields") or {}
                if f.get("hold"):
                    return 50
                return f.get("cost", 0)
        return 0

    # ---- the board ----------------------------------------------------------
    def rough(self, sid):
        if "_rough" not in self.__dict__:
            self._rough = {z for (z, of), pcs in self.zone.items() if any(p["entity"] == "rough_ground" for p in pcs)}
        return sid in self._rough

    def dist_to(self, target):
        """Cost to reach `target` from every space (entering costs 1, 2 if rough)."""
        if target in self._dist:
            return self._dist[target]
        sp = self.R.spaces
        dist = {target: 0}
        heap = [(0, target)]
        while heap:
            d, s = heapq.heappop(heap)
            if d > dist.get(s, 1e9):
                continue
            cost_in = 2 if self.rough(s) else 1
            for t in sp[s].get("adjacent") or ():
                if "center" in (sp[t].get("tags") or ()):
                    continue
                nd = d + cost_in
                if nd < dist.get(t, 1e9):
                    dist[t] = nd
                    heapq.heappush(heap, (nd, t))
        self._dist[target] = dist
        return dist

    def far(self, target):
        if "_from" not in self.__dict__:
            sp = self.R.spaces
            start = self.pos()
            dist = {start: 0}
            heap = [(0, start)]
            while heap:
                d, s = heapq.heappop(heap)
                if d > dist.get(s, 1e9):
                    continue
                for t in sp[s].get("adjacent") or ():
                    if "center" in (sp[t].get("tags") or ()):
                        continue
                    nd = d + (2 if self.rough(t) else 1)
                    if nd < dist.get(t, 1e9):
                        dist[t] = nd
                        heapq.heappush(heap, (nd, t))
            self._from = dist
        return self._from.get(target, 99)

    # ---- contracts and jobs ---------------------------------------------------
    def contracts(self):
        return self.pieces("contracts")

    def done(self, p):
        return {"player": self.me} in ((p.get("props") or {}).get("done_by") or [])

    def open_contract(self, eid):
        for p in self.contracts():
            if p["entity"] == eid and not self.done(p):
                return p
        return None

    def kill_em_all_open(self):
        return self.open_contract("kill_em_all") is not None

    def job_reqs(self, eid):
        text = self.ent(eid).get("text") or ""
        m = re.search(r"Requirements: (.*?)\. Reward", text)
        return m.group(1) if m else ""

    def job_score(self, value):
        if not isinstance(value, dict):
            return 0
        z = self.where.get(value.get("piece"))
        eid = None
        for p in self.pieces(*z) if z else []:
            if p["piece"] == value["piece"]:
                eid = p["entity"]
        if eid is None:
            return 0
        req = self.job_reqs(eid)
        contract = self.field(eid, "counts_as_contract", False)
        if req.startswith("Fulfill demand"):
            return 30 if contract else 5
        if req.startswith("Deliver") and " and " not in req and "artifact" not in req:
            return 10 + (self.field(eid, "reward", 0) or 0) + (15 if contract else 0)
        if contract and req.startswith("Deliver") and "artifact" not in req:
            return 12
        return self.field(eid, "reward", 0) or 0

    def job_needs(self):
        """Cargo types still to deliver for contract-counting jobs in hand."""
        ld = self.load()
        out = []
        for p in self.mine("jobs"):
            if not self.field(p["entity"], "counts_as_contract", False):
                continue
            req = self.job_reqs(p["entity"])
            marks = (p.get("props") or {}).get("marks") or []
            for i, (t, name) in enumerate(re.findall(r"(food|water|weapons)(?: or \w+)? to ([A-Z][\w' ]*?)(?= and|,|$)", req)):
                if f"r{i + 1}" not in marks and ld.get(t, 0) == 0 and t not in out:
                    out.append(t)
        return out

    def contract_job_in_hand(self):
        return any(self.field(p["entity"], "counts_as_contract", False)
                   and self.job_reqs(p["entity"]).startswith(("Fulfill demand", "Deliver"))
                   and "artifact" not in self.job_reqs(p["entity"]) for p in self.mine("jobs"))

    def fulfil_types(self):
        """Cargo types whose deliveries advance a "Fulfill demand" job in hand."""
        out = set()
        for p in self.mine("jobs"):
            req = self.job_reqs(p["entity"])
            if req.startswith("Fulfill demand"):
                out |= {t for t in CARGO if t in req}
        return out

    def job_targets(self):
        """(space, cargo type) for job deliveries of cargo types we carry."""
        ld = self.load()
        out = []
        names = {e["name"]: eid for eid, e in self.R.entities.items() if e.get("kind") == "outpost"}
        for p in self.mine("jobs"):
            req = self.job_reqs(p["entity"])
            marks = (p.get("props") or {}).get("marks") or []
            for i, (t, name) in enumerate(re.findall(r"(food|water|weapons|an artifact)(?: or \w+)? to ([A-Z][\w' ]*?)(?= and|,|$)", req)):
                t = "artifact" if t == "an artifact" else t
                if f"r{i + 1}" in marks:
                    continue
                if ld.get(t, 0) > 0 and name in names:
                    sid = self.site(names[name])
                    if sid:
                        out.append((sid, t))
        return out

    # ---- the market -------------------------------------------------------------
    def demands(self):
        if "_demands" in self.__dict__:
            return self._demands
        out = self._demands = []
        for sid in self.R.spaces:
            d = self.at_site(sid, "demand_counter")
            if d:
                out.append((sid, self.field(d["entity"], "demands", [])))
        return out

    def supplies(self):
        if "_supplies" in self.__dict__:
            return self._supplies
        out = self._supplies = []
        for sid in self.R.spaces:
            c = self.at_site(sid, "supply_counter")
            if c:
                out.append((sid, self.field(c["entity"], "supplies"), self.field(c["entity"], "price", 9)))
        return out

    def delivery_value(self, sid, types, ld=None):
        ld = ld or self.load()
        if sid == self.c["last_delivery"][self.me]:
            return 0
        if not all(ld.get(t, 0) > 0 for t in types):
            return 0
        bonus = 12 if any(t in self.fulfil_types() for t in types) else 0
        return sum(ld[t] * self.price(t) for t in types) + bonus

    def deliver_value_here(self):
        for sid, types in self.demands():
            if sid == self.pos():
                return self.delivery_value(sid, types)
        return 0

    def best_sale(self, t):
        best = 0
        for sid, types in self.demands():
            if t in types and len(types) == 1 and sid != self.c["last_delivery"][self.me]:
                best = max(best, self.price(t) - self.far(sid) * 0.3)
        return best

    def purchase_worth(self):
        for sid, t, price in self.supplies():
            if sid == self.pos():
                return self.room(t) > 0 and self.best_sale(t) > price + 1
        return False

    def attack_worth(self):
        return self.room() > 0 and (self.c["won_combat"][self.me] is False)

    # ---- the plan -------------------------------------------------------------------
    def plan(self):
        if self._plan is None:
            self._plan = self._make_plan()
        return self._plan

    def _make_plan(self):
        crap, ld = self.crap(), self.load()
        if (self.damage() >= 3 or self.holds() < 2) and crap >= 3 and "the_depot" not in self.exclude:
            return self.site("the_depot"), "repair"
        bail = self.open_contract("bailout")
        if bail is not None:
            prices = self.field("bailout", "prices", [25, 30, 35])
            paid = len((bail.get("props") or {}).get("done_by") or [])
            if crap >= prices[min(paid, len(prices) - 1)]:
                return self.site("new_new_york"), "bailout"
        if self.open_contract("blue_screen_of_death") is not None:
            if ld["artifact"] >= 3:
                return self.site("the_depot"), "bsod"
            need = 3 - ld["artifact"]
            step = self.c["artifact_step"]
            prices = list(self.R.tracks.get("artifact_prices") or [7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14])
            cost = sum(prices[min(step + i, 13)] for i in range(need))
            if crap >= cost and self.room("artifact") >= need and ld["artifact"] + self.room() >= 3:
                return self.site("dispatch"), "artifacts"
            if self.holds() < 3 and crap >= cost + 3:
                shops = [self.site(e) for e in ("new_alexandria", "delos", "terminus")]
                shops = [x for x in shops if x and x not in self.exclude]
                if shops:
                    return min(shops, key=self.far), "holds"
        if self.c["contracts_done"][self.me] >= 1 and not self.contract_job_in_hand() and len(self.mine("jobs")) < 5:
            caps = [self.site(e) for e in ("the_library", "the_citadel", "corinth")]
            caps = [x for x in caps if x and x not in self.exclude]
            if caps and crap >= 0:
                return min(caps, key=self.far), "take_job"
        jobs = [j for j in self.job_targets() if j[0] not in self.exclude]
        if jobs:
            return min(jobs, key=lambda j: self.far(j[0]))[0], "job"
        if self.c["in_purchase"][self.me] == 0:
            for t in self.job_needs():
                if self.room(t) > 0:
                    sups = [(sid, price) for sid, tt, price in self.supplies() if tt == t and price <= crap]
                    if sups:
                        return min(sups, key=lambda x: self.far(x[0]) + x[1])[0], "buy"
        # trade: sell what we carry
        best, best_v = None, 0
        for sid, types in self.demands():
            v = self.delivery_value(sid, types, ld) - 1.2 * self.far(sid)
            if v > best_v:
                best, best_v = sid, v
        carrying = sum(ld[t] for t in CARGO)
        if best is not None and (carrying >= max(1, self.holds() - 1) or self.room() == 0 or best_v > 8):
            return best, "sell"
        # buy: profit = (best sale - price) * room
        buy, buy_v = None, 0
        if self.c["in_purchase"][self.me] == 0:
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
