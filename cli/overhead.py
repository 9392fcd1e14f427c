"""What the runtime costs over plain Python, for `waybill bench`.

One rule — a delivery to a market stall with its market update, written in
`bench_pack/pack.wb` — is played through the runtime (the public `apply` of
its action) and, side by side in the same run, by `deliver_by_hand`, the
same rule written as a plain Python function over the same state. Before
timing, both are run once from the same state and must leave the same pieces
and counters, so the comparison is of equal work.
"""

from __future__ import annotations

from importlib import resources

from waybill.api import Game, Rules
from waybill.clocks import Figures, median, took

PACK = "bench_pack"


def bench_rules(engine: str | None = None) -> Rules:
    from waybill.api import compile_pack
    result = compile_pack(str(resources.files("waybill").joinpath(PACK)))
    return Rules.from_ir(result.ir, engine=engine)


def deliver_by_hand(game: Game) -> None:
    """The rule of `deliver(me, stall_a)`, by hand, on the game's state."""
    st, lay, ents = game.state, game.m.L, game.rules.entities
    stall, supply = lay.zslot[("stall_a", None)], lay.zslot[("supply", None)]
    hold, money = lay.zslot[("hold", 0)], lay.cslot[("money", 0)]
    discard, stack = lay.zslot[("demand_discard", None)], lay.zslot[("demand_stack", None)]
    card = st.zones[stall][0]
    wanted = ents[st.p_ent[card]]["fields"]["wants"]
    price = (2 if wanted == "food" else 3) + sum(
        1 for sid in game.rules.space_order
        if st.zones[lay.zslot[(sid, None)]] and
        ents[st.p_ent[st.zones[lay.zslot[(sid, None)]][0]]]["fields"]["wants"] == wanted)
    delivered = [p for p in st.zones[hold] if ents[st.p_ent[p]]["fields"]["sort"] == wanted]
    # zones are tuples in the state (see runtime/engine/state.py): replace, never mutate
    for p in delivered:
        st.zones[hold] = tuple(x for x in st.zones[hold] if x != p)
        st.zones[supply] = st.zones[supply] + (p,)
        st.p_zone[p] = supply
    st.counters[money] += len(delivered) * price
    st.zones[stall] = tuple(x for x in st.zones[stall] if x != card)
    st.zones[discard] = (card,) + st.zones[discard]
    st.p_zone[card] = discard
    new, st.zones[stack] = st.zones[stack][0], st.zones[stack][1:]
    st.zones[stall] = st.zones[stall] + (new,)
    st.p_zone[new] = stall


def _same_outcome(a: Game, b: Game) -> bool:
    sa, sb = a.state, b.state
    return sa.zones == sb.zones and sa.counters == sb.counters and sa.p_zone == sb.p_zone


def _owned_clones(start: Game, n: int) -> list[Game]:
    """Clones whose containers are their own already: a clone shares them
    until it plays (State.clone), and the copy it then makes would be timed
    with the rule (by hand, through ``game.state``; through the runtime, in
    place of the rollback snapshot's copy)."""
    games = [start.clone() for _ in range(n)]
    for g in games:
        g.state.own()
    return games


def overhead_ratio(repeats: int = 7, batch: int = 300, engine: str | None = None) -> Figures:
    """Time of the rule through the runtime and by hand (each clock's median
    over ``repeats`` batches), and their ratio."""
    start = Game.new(bench_rules(engine), players=1, seed=1)
    through, by_hand = start.clone(), start.clone()
    through.apply(through.legal_actions()[0])
    deliver_by_hand(by_hand)
    if not _same_outcome(through, by_hand):
        raise AssertionError("the hand-written delivery and the rule disagree; fix deliver_by_hand")
    runtime_times, hand_times = [], []
    action = start.legal_actions()[0]
    for _ in range(repeats):
        games = _owned_clones(start, batch)
        runtime_times.append(took(lambda: [g.apply(action) for g in games]).per(batch))
        games = _owned_clones(start, batch)
        hand_times.append(took(lambda: [deliver_by_hand(g) for g in games]).per(batch))
    runtime, hand = median(runtime_times), median(hand_times)
    out = Figures()
    out.put("rule_runtime_us", runtime, 1e6, digits=2)
    out.put("rule_by_hand_us", hand, 1e6, digits=2)
    out.ratio("overhead_ratio", runtime, hand)
    return out

