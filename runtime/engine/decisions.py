"""Decision statements: act, choose, pick, amount, order, may.

A decision instruction's ``run`` computes the options and posts
``state.pending = {"player", "kind", "prompt", "options"}``; the run loop
then stops. The answer calls the instruction's ``answer``, which stores the
result and may move ``pc`` back onto the instruction to post the next step
(``choose`` in mode ``any``, ``pick`` of several, ``order``). Everything a
multi-step decision remembers lives in hidden locals (``$<pc>c`` candidates,
``$<pc>s`` chosen indexes, ``$<pc>t`` options taken), so it survives
``to_json``.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable

from . import access, outcome
from waybill.spec.errors import RuleError
from .events import emit_made, resolve
from .frames import push
from .legality import CACHED, Cache, NoCache, ReadList, listing, memo
from .limits import CALL_DEPTH, check_count, flat_enough
from .plain import short

Spec = tuple  # (run, answer)


def post(m: Any, player: int, kind: str, prompt: str, options: list) -> None:
    st = m.st
    st.decision += 1
    mid = getattr(prompt, "msg", None) if type(prompt) is not str else None
    if mid is None:
        st.pending = {"player": player, "kind": kind, "prompt": str(prompt), "options": options}
        return
    # what a catalogue needs (spec/messages.py): ids and values; the words
    # only when no message says them again (Said.own; views say the rest)
    p = {"player": player, "kind": kind, "prompt": str(prompt), "options": options, "msg": mid} if prompt.own \
        else {"player": player, "kind": kind, "options": options, "msg": mid}
    if prompt.args:
        p["args"] = prompt.args
    st.pending = p


def decider(m: Any, by: Callable | None, loc: dict) -> int:
    who = by(m, loc) if by is not None else None
    if who is None:
        who = access.me_of(m, loc)
    if who is None:
        raise RuleError("a decision needs a player and none is acting")
    return access.player_index(who)


# --- act ---------------------------------------------------------------------

def act(by: Callable | None, tags: frozenset, optional: bool, into: str | None, prompt: Callable) -> Spec:
    def run(m, fr):
        loc = fr["locals"]
        p = decider(m, by, loc)
        opts = live_actions(m, p, tags)
        if optional:
            opts.append({"action": None, "source": None})
        if not opts:
            if into is not None:
                loc[into] = None
            return
        post(m, p, "act", prompt(m, loc), opts)

    def answer(m, fr, pending, i):
        opt = pending["options"][i]
        action = opt["action"]
        if into is not None:
            fr["locals"][into] = action
        if action is None:
            return
        p = pending["player"]
        src = opt["source"]
        st = m.st
        ab = m.R.action_ability(st.p_ent[src] if src is not None else None, action)
        key = f"{ab.action}|{p}"
        for table in st.uses.values():
            table[key] = table.get(key, 0) + 1
        # push's frame, written out (one per action taken)
        stack = st.stack
        if len(stack) >= CALL_DEPTH:
            push(m, ab.key, {}, "action")          # raises, naming the action
        me = m.L.player_refs[p]
        loc = {"me": me, "self": None, "owner": me} if src is None else _action_locals(m, p, src)
        stack.append({"code": ab.key, "pc": 0, "locals": loc, "kind": "action"})
        st.edepth += 1
        # `acted` is emitted before the effect runs, and its triggers resolve
        # before the effect too (pushed above the action's frame). While no
        # trigger listens to it, only the log can observe it: it is logged as
        # a recipe and built when the log is first read or saved (record.py).
        emit_made(m, "acted", acted_args, me, ab.action)
        if st.queue:
            resolve(m)
    return run, answer


def acted_args(who: Any, action: str) -> dict:
    """The arguments of an ``acted`` event (the same dict ``emit`` logged)."""
    return {"who": who, "action": action}


def _action_locals(m: Any, p: int, src: int | None) -> dict:
    me = m.L.player_refs[p]
    if src is None:
        return {"me": me, "self": None, "owner": me}
    of = m.L.z_of[m.st.p_zone[src]]
    return {"me": me, "self": {"piece": src}, "owner": None if of is None else m.L.player_refs[of]}


def live_actions(m: Any, p: int, tags: frozenset) -> list[dict]:
    """Options for every action player ``p`` may take now: top-level actions
    first (declaration order), then actions of live pieces by piece id. A
    piece in a player's zone offers its actions to that player only.

    Listings are kept across decisions with the reads they made, and given
    again while those reads still hold (legality.py); requirements may ask
    how many actions of a tag are open (`actions_open`), which is a listing
    too. Without the cache (``WAYBILL_LEGALITY=off``, or the fresh listing
    the cache's check mode compares with), the answers to `actions_open`
    are kept in `m.open_actions` until the outermost listing ends: nothing
    changes the state while requirements are checked."""
    if type(m.legality) is not NoCache and CACHED:
        return listing(m, p, tags, _listed_actions if m.R.listed is not None
                       else _live_actions)
    outer = m.open_actions
    if outer is None:
        m.open_actions = {}
    try:
        return _live_actions(m, p, tags)
    finally:
        if outer is None:
            m.open_actions = None


def open_count(m: Any, p: int, tag: Any) -> int:
    """How many actions tagged ``tag`` player ``p`` may take now (the rules'
    `actions_open`): the length of their listing, kept like any listing
    (and not copied to be counted)."""
    tags = _ONE_TAG.get(tag)
    if tags is None:
        tags = _ONE_TAG[tag] = frozenset([tag])
    if type(m.legality) is not NoCache and CACHED:
        # (legality.count, written out: a call less for every count)
        return len(memo(m, p, tags, _listed_actions if m.R.listed is not None
                        else _live_actions))
    return len(live_actions(m, p, tags))


_ONE_TAG: dict = {}


def _live_actions(m: Any, p: int, tags: frozenset) -> list[dict]:
    if m.R.listed is not None:       # the compiled engine's checks
        return _listed_actions(m, p, tags)
    st, lay, R = m.st, m.L, m.R
    out = []
    rule_actions, pieces, abilities, zones_of, made_actions = _hosts(lay, R, tags)
    me = lay.player_refs[p]
    for ab in rule_actions:
        if _offered(m, ab, p, {"me": me, "self": None, "owner": me}):
            out.append({"action": ab.action, "source": None})
    # one pass over the start pieces that host actions of these tags
    # (already in piece order), their zones read at once: this runs every decision
    active, z_of = lay.z_active, lay.z_of
    pz = st.p_zone
    # (while the legality cache records, p_zone notes these reads in one go)
    picked = getattr(pz, "picked", None)
    zs = zones_of(pz) if picked is None else picked(zones_of, pieces)
    # a host's zone is its owner's (the listing's player) or no one's: its
    # owner is known here, not read again for its locals
    hosts = [(piece, abs_, z_of[z]) for piece, abs_, z in zip(pieces, abilities, zs)
             if z >= 0 and active[z] and z_of[z] in (None, p)]
    if made_actions and len(st.p_ent) > len(lay.start_pieces):
        made = access.created_pieces(m)
        extra = False
        for eid, abs_ in made_actions:
            for piece in made.get(eid, ()):
                z = pz[piece]
                if z >= 0 and active[z] and z_of[z] in (None, p):
                    hosts.append((piece, abs_, z_of[z]))
                    extra = True
        if extra:
            hosts.sort(key=_first)
    for piece, abs_, of in hosts:
        loc = {"me": me, "self": {"piece": piece}, "owner": None if of is None else me}
        for ab in abs_:
            if ab.limit:
                if _offered(m, ab, p, loc):
                    out.append({"action": ab.action, "source": piece})
                continue
            for req, _ in ab.requires:          # _offered, written out (hosts are many)
                if not req(m, loc):
                    break
            else:
                out.append({"action": ab.action, "source": piece})
    cache = m.legality
    if type(cache) is Cache:      # the work done, for the cache to judge (legality.memo)
        cache.walked += len(rule_actions) + len(hosts)
    return out


def _listed_actions(m: Any, p: int, tags: frozenset) -> list[dict]:
    """``_live_actions`` through the generated checks (pylisting.py): one
    call per host action, ``me``, the piece and its owner passed as they
    are; one ``loc`` for the whole listing (what generated code hands
    ``loc`` to reads only ``me``). The same hosts, in the same order."""
    st, lay, R = m.st, m.L, m.R
    out = []
    hit = _PLANS.get((id(lay), tags))       # (_plan's look-up, written out: a call less per listing)
    plan = hit[2] if hit is not None and hit[0] is lay and hit[1] is R else _plan(lay, R, tags)
    rule_actions, rows, pieces, zones_of, made_actions, open_to, seats, made_seen = plan
    me = lay.player_refs[p]
    loc = {"me": me, "self": None, "owner": me}
    for ab, ok, opt in rule_actions:
        if (not ab.limit or not _spent(m, ab, p)) and (ok is None or ok(m, loc, me, None, me)):
            out.append(opt)
    pz = st.p_zone
    # (while the legality cache records, p_zone notes these reads in one go)
    zs = zones_of(pz) if type(pz) is not ReadList else pz.picked(zones_of, pieces)
    # who each host's zone offers its actions to, per zone slot (_seat_table):
    # 0 no one, 1 anyone (the host has no owner), 2 this player (its owner):
    # one look-up per host, not two tests (most hosts of a tag lie in closed
    # zones: decks, supplies). A comprehension: map() and compress() over
    # the table measured slower (a C call per host through tuple.__getitem__)
    tab = seats.get(p)
    if tab is None:
        tab = seats[p] = _seat_table(open_to, p)
    hosts = [(row, o) for row, z in zip(rows, zs) if (o := tab[z])]
    if made_actions and len(st.p_ent) > len(lay.start_pieces):
        c = m.created        # (access.created_pieces, its cache read first: asked every listing)
        made = c[1] if c is not None and c[0] == len(st.p_ent) else access.created_pieces(m)
        # created pieces by entity (few entities): those whose entity hosts
        # actions of these tags, found once per index of created pieces (a
        # new index is made only when a piece is created; kept as one tuple,
        # replaced whole, with the index itself, so it is never taken for another)
        seen = made_seen[0]
        if seen[0] is not made:
            seen = made_seen[0] = (made, tuple((ps, made_actions[eid]) for eid, ps in made.items()
                                               if eid in made_actions))
        if seen[1]:
            extra = False
            for made_pieces, checks in seen[1]:
                for piece in made_pieces:
                    o = tab[pz[piece]]
                    if o:
                        hosts.append(((piece, checks), o))
                        extra = True
            if extra:
                hosts.sort(key=_host_piece)
    for (piece, checks), o in hosts:
        owner = me if o == 2 else None
        for ab, ok, opt in checks:
            if (not ab.limit or not _spent(m, ab, p)) and (ok is None or ok(m, loc, me, piece, owner)):
                # (a created piece's option is made here: its checks are the entity's)
                out.append(opt or {"action": ab.action, "source": piece})
    if type(pz) is ReadList:
        # the work done, for the cache to judge (legality._recorded: only a
        # recorded listing is judged, and everything computed inside one is recorded)
        m.legality.walked += len(rule_actions) + len(hosts)
    return out


_PLANS: dict = {}


def _plan(lay: Any, R: Any, tags: frozenset) -> tuple:
    """``_hosts`` with each ability paired with its generated check (None:
    no requirement) and its option, the entities whose created pieces host
    them by id, and who each zone slot's pieces offer their actions to;
    static per layout and rules.

    An option is made once here, not at each listing: options are never
    changed in place (they are the pending decision's, and a kept listing's,
    state values: ``state.py``), so one dict serves every listing that
    offers it."""
    key = (id(lay), tags)
    hit = _PLANS.get(key)
    if hit is not None and hit[0] is lay and hit[1] is R:
        return hit[2]
    listed = R.listed
    rule_actions, pieces, abilities, zones_of, made = _hosts(lay, R, tags)

    def checks(abs_: tuple, piece: int | None) -> tuple:
        return tuple((ab, listed.get(ab.key), {"action": ab.action, "source": piece})
                     for ab in abs_)
    # (a last entry for slot -1: a piece in no zone)
    open_to = tuple(-2 if not active else -1 if of is None else of
                    for active, of in zip(lay.z_active, lay.z_of)) + (-2,)
    rows = tuple((piece, checks(abs_, piece)) for piece, abs_ in zip(pieces, abilities))
    out = (checks(rule_actions, None), rows, pieces, zones_of,
           {eid: tuple((ab, listed.get(ab.key), None) for ab in abs_) for eid, abs_ in made}, open_to, {},
           [(None, ())])
    if len(_PLANS) > 1024:        # a bound, as _HOSTS's
        _PLANS.clear()
    _PLANS[key] = (lay, R, out)
    return out


def _seat_table(open_to: tuple, p: int) -> tuple:
    """Per zone slot, what its pieces offer player ``p``: 0 nothing, 1 their
    actions with no owner (a zone of no one's), 2 their actions as their owner's."""
    return tuple(1 if o == -1 else 2 if o == p else 0 for o in open_to)


def _spent(m: Any, ab: Any, p: int) -> bool:
    """Whether ``ab``'s use limit is reached for ``p`` (``_offered``'s first test)."""
    return m.st.uses[ab.limit.get("per", "turn")].get(f"{ab.action}|{p}", 0) >= ab.limit["count"]


def _first(h: tuple) -> int:
    return h[0]


def _host_piece(h: tuple) -> int:
    return h[0][0]


_HOSTS: dict = {}


def _hosts(lay: Any, R: Any, tags: frozenset) -> tuple:
    """What a listing of ``tags`` walks, all static per layout: the rule
    actions of these tags (all, if none); the start pieces with an action
    of these tags, each with just those actions, and a reader of their
    zones (one ``itemgetter`` call); the entities whose created pieces may
    host one. Kept by identity, as ``sight._zones_seen`` does."""
    key = (id(lay), tags)
    hit = _HOSTS.get(key)
    if hit is not None and hit[0] is lay:
        return hit[1]

    def mine(abs_: list) -> tuple:
        return tuple(ab for ab in abs_ if not tags or ab.tags & tags)
    rows = [(piece, mine(abs_)) for piece, abs_ in lay.action_pieces]
    rows = [(piece, abs_) for piece, abs_ in rows if abs_]
    pieces = tuple(piece for piece, _ in rows)
    if len(pieces) == 1:
        one = pieces[0]
        reader = lambda pz: (pz[one],)   # noqa: E731
    else:
        reader = itemgetter(*pieces) if pieces else (lambda pz: ())
    made = tuple((eid, mine(abs_)) for eid, abs_ in R.entity_actions if mine(abs_))
    out = (mine(R.rule_actions), pieces, tuple(abs_ for _, abs_ in rows), reader, made)
    if len(_HOSTS) > 1024:        # a bound, not a policy: layouts and tag sets are few
        _HOSTS.clear()
    _HOSTS[key] = (lay, out)
    return out


def _offered(m: Any, ab: Any, p: int, loc: dict) -> bool:
    """Whether ``ab`` (already of the listing's tags) is open to ``p``: under
    its use limit, every requirement met (in order, stopping at the first
    that is not)."""
    if ab.limit and m.st.uses[ab.limit.get("per", "turn")].get(f"{ab.action}|{p}", 0) >= ab.limit["count"]:
        return False
    for req, _ in ab.requires:
        if not req(m, loc):
            return False
    return True


# --- choose ------------------------------------------------------------------

def choose_start(k: int) -> Callable:
    tk = f"${k}t"

    def run(m, fr):
        fr["locals"][tk] = []
    return run


def choose(k: int, by: Callable | None, prompt: Callable, options: list, targets: list[int],
           mode: str, end: int) -> Spec:
    tk = f"${k}t"
    many = mode == "any"

    def run(m, fr):
        loc = fr["locals"]
        taken = loc.get(tk, ())
        opts = []
        for i, (label, when) in enumerate(options):
            if i not in taken and (when is None or when(m, loc)):
                said = label(m, loc)
                # a line with holes keeps their values: a view says it from its
                # message; its words only when no message says them (Said.own)
                opt = {"label": str(said), "choice": i} if said.own else {"choice": i}
                if said.args:
                    opt["args"] = said.args
                opts.append(opt)
        if not opts:
            _leave(fr, loc, tk, end)
            return
        if many:
            opts.append({"choice": None})
        post(m, decider(m, by, loc), "choose", prompt(m, loc), opts)

    def answer(m, fr, pending, i):
        loc = fr["locals"]
        c = pending["options"][i]["choice"]
        if c is None:
            _leave(fr, loc, tk, end)
            return
        if many:
            loc[tk] = loc[tk] + [c]
        fr["pc"] = targets[c]
    return run, answer


def _leave(fr: dict, loc: dict, key: str, end: int) -> None:
    loc.pop(key, None)
    fr["pc"] = end


# --- pick --------------------------------------------------------------------

def pick_start(k: int, source: Callable, where: Callable | None, var: str | None,
               count: Callable | None) -> Callable:
    ck, sk, nk = f"${k}c", f"${k}s", f"${k}n"

    def run(m, fr):
        loc = fr["locals"]
        items = access.walked(m, source(m, loc), loc)
        if where is not None:
            had, saved = var in loc, loc.get(var)
            keep = []
            for x in items:
                loc[var] = x
                if where(m, loc):
                    keep.append(x)
            if had:
                loc[var] = saved
            else:
                loc.pop(var, None)
            items = keep
        loc[ck], loc[sk] = list(items), []
        loc[nk] = count(m, loc) if count is not None else None
    return run


def pick(k: int, by: Callable | None, prompt: Callable, up_to: bool, into: str | None) -> Spec:
    ck, sk, nk = f"${k}c", f"${k}s", f"${k}n"

    def finish(m, loc):
        cands, sel, n = loc.pop(ck), loc.pop(sk), loc.pop(nk)
        if into is not None:
            chosen = [cands[i] for i in sel]
            if n is not None:
                flat_enough(m, chosen)
            loc[into] = (chosen[0] if chosen else None) if n is None else chosen

    def run(m, fr):
        loc = fr["locals"]
        cands, sel, n = loc[ck], loc[sk], loc[nk]
        left = [i for i in range(len(cands)) if i not in sel] if sel else range(len(cands))
        if len(sel) >= (1 if n is None else n) or not left:
            finish(m, loc)
            return
        opts = _labelled(m, cands, left)
        if up_to and n is not None:
            opts.append({"value": None, "index": None})
        post(m, decider(m, by, loc), "pick", prompt(m, loc), opts)

    def answer(m, fr, pending, i):
        loc = fr["locals"]
        ix = pending["options"][i]["index"]
        if ix is None:
            finish(m, loc)
            return
        loc[sk] = loc[sk] + [ix]
        fr["pc"] -= 1          # post the next pick, or finish
    return run, answer


def _labelled(m: Any, cands: list, left: Any) -> list[dict]:
    """The options of a pick or order: ``{"value", "index"}`` for each index
    ``left`` of ``cands`` (no words: a view names each value, english.label_english)."""
    # (every candidate left, the first pick's case: ``left`` is their range)
    pairs = enumerate(cands) if type(left) is range else zip(left, map(cands.__getitem__, left))
    return [{"value": c, "index": i} for i, c in pairs]


# --- order -------------------------------------------------------------------

def order_start(k: int, source: Callable) -> Callable:
    ck, sk = f"${k}c", f"${k}s"

    def run(m, fr):
        loc = fr["locals"]
        loc[ck], loc[sk] = list(access.walked(m, source(m, loc), loc)), []
    return run


def order(k: int, by: Callable | None, prompt: Callable, into: str | None) -> Spec:
    ck, sk = f"${k}c", f"${k}s"

    def run(m, fr):
        loc = fr["locals"]
        cands, sel = loc[ck], loc[sk]
        left = [i for i in range(len(cands)) if i not in sel]
        if len(left) <= 1:
            del loc[ck], loc[sk]
            if into is not None:
                loc[into] = flat_enough(m, [cands[i] for i in sel + left])
            return
        opts = _labelled(m, cands, left)
        post(m, decider(m, by, loc), "order", prompt(m, loc), opts)

    def answer(m, fr, pending, i):
        loc = fr["locals"]
        loc[sk] = loc[sk] + [pending["options"][i]["index"]]
        fr["pc"] -= 1
    return run, answer


# --- amount, may ---------------------------------------------------------------

def amount(by: Callable | None, prompt: Callable, lo: Callable, hi: Callable, into: str | None,
           at: str | None) -> Spec:
    def run(m, fr):
        loc = fr["locals"]
        a, b = lo(m, loc), hi(m, loc)
        if type(a) is not int or type(b) is not int or a > b:
            raise RuleError(f"amount needs numbers lo <= hi, got {a!r}..{b!r}", at)
        check_count(m, b - a + 1, at)     # refused before a billion options are built
        opts = [{"value": v} for v in range(a, b + 1)]
        post(m, decider(m, by, loc), "amount", prompt(m, loc), opts)

    def answer(m, fr, pending, i):
        if into is not None:
            fr["locals"][into] = pending["options"][i]["value"]
    return run, answer


def may(by: Callable | None, prompt: Callable, no_target: int) -> Spec:
    def run(m, fr):
        loc = fr["locals"]
        opts = [{"value": True}, {"value": False}]
        post(m, decider(m, by, loc), "may", prompt(m, loc), opts)

    def answer(m, fr, pending, i):
        if not pending["options"][i]["value"]:
            fr["pc"] = no_target
    return run, answer


# --- each: one decision asked of several seats at once -----------------------------

def each_start(k: int, seats: Callable, var: str, values: Callable, at: str | None) -> Callable:
    """``let x = choose each p in SEATS ...``: what every seat of SEATS may
    answer, with ``p`` bound to it, kept in the frame as ``$<k>q``
    (``[[seat, [value, ...]], ...]``: plain values, as every local is); the
    answers so far as ``$<k>a`` (an index into the seat's values per seat,
    None while it has not answered, -1 for a seat with nothing to choose,
    whose answer is none); the decision's number, once asked, as ``$<k>d``."""
    qk, ak = f"${k}q", f"${k}a"

    def run(m, fr):
        loc = fr["locals"]
        who = seats(m, loc)
        if type(who) is not list:
            raise RuleError(f"`choose each` asks a list of players, not {short(who)}", at)
        seen = set()
        for p in who:
            if type(p) is not dict or type(p.get("player")) is not int:
                raise RuleError(f"`choose each` asks players, but its list holds {short(p)}", at)
            if p["player"] in seen:
                raise RuleError(f"`choose each` asks {short(p)} twice: a seat answers once", at)
            seen.add(p["player"])
        asked = []
        out = outcome.out_values(m)        # (a seat eliminated is not asked: its answer is none)
        with _bound(loc, var) as bind:
            for p in who:
                bind(p)
                asked.append([p["player"], [] if out is not None and outcome.is_out(out[p["player"]])
                              else values(m, loc)])
        loc[qk] = asked
        loc[ak] = [None if vs else -1 for _, vs in asked]
    return run


class _bound:
    """``with _bound(loc, var) as bind``: ``bind(v)`` sets ``loc[var]``; on
    leaving, ``var`` is as it was (a decision's variable never leaks out)."""
    __slots__ = ("loc", "var", "had", "saved")

    def __init__(self, loc: dict, var: str):
        self.loc, self.var = loc, var
        self.had, self.saved = var in loc, loc.get(var)

    def __enter__(self) -> Callable:
        return lambda v: self.loc.__setitem__(self.var, v)

    def __exit__(self, *exc: Any) -> None:
        if self.had:
            self.loc[self.var] = self.saved
        else:
            self.loc.pop(self.var, None)


def each_pick(source: Callable, where: Callable | None, var: str | None) -> Callable:
    """A seat's values for `choose each ... from LIST [where ...]`: as a pick of one."""
    def values(m, loc):
        items = access.walked(m, source(m, loc), loc)
        if where is None:
            return list(items)
        keep = []
        with _bound(loc, var) as bind:
            for x in items:
                bind(x)
                if where(m, loc):
                    keep.append(x)
        return keep
    return values


def each_amount(lo: Callable, hi: Callable, at: str | None) -> Callable:
    """A seat's values for `choose each ... amount LO..HI`: as an amount."""
    def values(m, loc):
        a, b = lo(m, loc), hi(m, loc)
        if type(a) is not int or type(b) is not int or a > b:
            raise RuleError(f"amount needs numbers lo <= hi, got {a!r}..{b!r}", at)
        check_count(m, b - a + 1, at)
        return list(range(a, b + 1))
    return values


def each(k: int, kind: str, var: str, prompt: Callable, into: str | None) -> Spec:
    """The decision of ``each_start``: pending while any seat has not
    answered. The pending decision is the lowest waiting seat's ask (so a
    reader of ``player``/``options`` sees an ordinary decision), with
    ``waiting`` (the seats yet to answer, lowest first) and ``asks`` (each
    one's ask: its player, prompt and options, in that order). Every answer
    keeps the decision's number: the seats answer one decision, in any
    order. Each ask is made again after every answer from what the frame
    keeps (nothing runs in between, so it is the same ask). When the last
    seat has answered, ``into`` is the list of answers in the order of the
    seats asked."""
    qk, ak, dk = f"${k}q", f"${k}a", f"${k}d"

    def run(m, fr):
        loc = fr["locals"]
        asked, got = loc[qk], loc[ak]
        waiting = sorted((seat, i) for i, (seat, _) in enumerate(asked) if got[i] is None)
        if not waiting:
            del loc[qk], loc[ak]
            loc.pop(dk, None)
            if into is not None:
                loc[into] = [None if g < 0 else vs[g] for (_, vs), g in zip(asked, got)]
            return
        st = m.st
        # the first ask counts a decision (kept as `$<k>d`); every later one is that decision
        if dk in loc:
            st.decision = loc[dk]
        else:
            st.decision += 1
            loc[dk] = st.decision
        asks = []
        with _bound(loc, var) as bind:
            for seat, i in waiting:
                vs = asked[i][1]
                bind(m.L.player_refs[seat])
                opts = (_labelled(m, vs, range(len(vs))) if kind == "pick"
                        else [{"value": v} for v in vs])
                asks.append({"player": seat, **said_fields(prompt(m, loc)), "options": opts})
        st.pending = {**asks[0], "kind": kind, "waiting": [seat for seat, _ in waiting], "asks": asks}

    def answer(m, fr, pending, i):
        loc = fr["locals"]
        asked, got = loc[qk], loc[ak]
        seat = pending["player"]
        j = next(j for j, (s, _) in enumerate(asked) if s == seat and got[j] is None)
        loc[ak] = got[:j] + [i] + got[j + 1:]       # (a new list: clones share the old one)
        fr["pc"] -= 1          # ask the seats still waiting, or finish
    return run, answer


def said_fields(prompt: Any) -> dict:
    """A prompt as a pending decision holds it (``post``): its message id and
    hole values; its words only when no message says them again (Said.own)."""
    mid = getattr(prompt, "msg", None) if type(prompt) is not str else None
    if mid is None:
        return {"prompt": str(prompt)}
    out = {"prompt": str(prompt), "msg": mid} if prompt.own else {"msg": mid}
    if prompt.args:
        out["args"] = prompt.args
    return out


def ask_of(pending: dict, seat: Any) -> dict | None:
    """Seat ``seat``'s question in the pending decision: the decision itself
    for its one player, its own ask in a simultaneous one; None if it is
    not asked (or has answered)."""
    waiting = pending.get("waiting")
    if waiting is None:
        return pending if pending["player"] == seat else None
    if seat not in waiting:
        return None
    ask = pending["asks"][waiting.index(seat)]
    return {**ask, "kind": pending["kind"]}


def waiting_seats(pending: dict | None) -> list[int]:
    """The seats the pending decision waits for (one, or a simultaneous decision's)."""
    if pending is None:
        return []
    return list(pending.get("waiting") or (pending["player"],))
