"""Every primitive, on tiny hand-written IR programs."""

import pytest

from waybill import RuleError

from .ir import attr, bin, call, counter, entity, game_of, outs, prim, probe, ref, var, zone

ME0 = call("player", 0)


def _events(g, name):
    return [e["args"] for e in g.log if e.get("type") == "event" and e["event"] == name]


def test_gain_lose_pay_and_their_events():
    g = game_of([
        prim("start_turn", ME0),
        prim("gain", "gold", 5),
        prim("lose", "gold", 7),            # clamps at the minimum
        prim("gain", "gold", 3, call("player", 1)),
        prim("pay", "gold", 2, call("player", 1)),
        probe(attr(ME0, "gold")), probe(attr(call("player", 1), "gold")),
    ], counters=[counter("gold", resource=True)])
    assert outs(g) == [0, 1]
    assert _events(g, "gained")[0] == {"counter": "gold", "amount": 5, "who": {"player": 0}}
    assert _events(g, "lost")[0]["amount"] == 5
    assert _events(g, "paid")[0] == {"counter": "gold", "amount": 2, "who": {"player": 1}}


def test_pay_short_stops_the_procedure_not_the_game():
    g = game_of([
        prim("start_turn", ME0),
        {"do": "call", "proc": "buy", "args": [], "into": None},
        probe("after"),
    ], counters=[counter("gold", resource=True)],
        procedures=[{"id": "buy", "params": [], "body": [prim("pay", "gold", 1), probe("bought")]}])
    assert outs(g) == ["after"]
    assert any(e["type"] == "stopped" for e in g.log)


def test_counter_max_clamps_and_global_counters():
    g = game_of([
        prim("gain", "heat", 50),
        probe(ref("counter", "heat")),
    ], counters=[counter("heat", scope="global", max=10)])
    assert outs(g) == [10]


def test_move_draw_move_all_create_destroy():
    g = game_of([
        prim("draw", ref("zone", "deck"), ref("zone", "hand"), 2, into="drawn"),
        probe(var("drawn")),
        prim("move", call("top", ref("zone", "deck")), ref("zone", "hand"), "bottom"),
        probe(call("pieces", ref("zone", "hand"))),
        prim("move_all", ref("zone", "hand"), ref("zone", "pile"), into="all"),
        probe(call("pieces", ref("zone", "pile"))),
        prim("create", ref("entity", "token"), ref("zone", "hand"), into="t"),
        probe(var("t")), probe(call("zone_of", var("t"))),
        prim("destroy", var("t")),
        probe(call("zone_of", var("t"))),
    ], zones=[zone("deck", ordered=True), zone("hand", ordered=True), zone("pile", ordered=True)],
        entities=[entity("c", copies=4, start="deck"), entity("token")])
    drawn, hand, pile, t, t_zone, gone = outs(g)
    assert drawn == [{"piece": 0}, {"piece": 1}]
    assert hand == [{"piece": 1}, {"piece": 0}, {"piece": 2}]   # each draw goes on top; bottom last
    assert pile == hand                                        # move_all keeps the pile's order
    assert t == {"piece": 5} and t_zone == {"zone": "hand", "of": None} and gone is None
    moved = _events(g, "moved")
    assert moved[0] == {"piece": {"piece": 0}, "source": {"zone": "deck", "of": None},
                        "to": {"zone": "hand", "of": None}}
    assert moved[-1]["to"] is None


def test_capacity_and_accepts_are_enforced():
    g_ir = dict(zones=[zone("a"), zone("b", capacity=1, accepts=["card"])],
                entities=[entity("c", copies=2, start="a"), entity("x", kind="other", start="a")])
    with pytest.raises(RuleError, match="full"):
        game_of([prim("move_all", ref("zone", "a"), ref("zone", "b"))], **g_ir)
    with pytest.raises(RuleError, match="does not accept"):
        game_of([prim("move", call("last", call("pieces", ref("zone", "a"))), ref("zone", "b"))], **g_ir)


def test_shuffle_is_seeded():
    def order(seed):
        g = game_of([prim("shuffle", ref("zone", "deck")), probe(call("pieces", ref("zone", "deck")))],
                    seed=seed, zones=[zone("deck", ordered=True)], entities=[entity("c", copies=10, start="deck")])
        return outs(g)[0]
    assert order(1) == order(1)
    assert order(1) != order(2)
    assert sorted(p["piece"] for p in order(3)) == list(range(10))


def test_roll_forced_and_random():
    g = game_of([prim("roll", "d6", 3, into="r"), probe(var("r"))],
                dice=[{"id": "d6", "faces": [1, 2, 3, 4, 5, 6]}])
    assert len(outs(g)[0]) == 3 and all(1 <= f <= 6 for f in outs(g)[0])
    assert _events(g, "rolled")[0]["die"] == "d6"


def test_reveal_emits():
    g = game_of([prim("reveal", call("top", ref("zone", "deck")))],
                zones=[zone("deck", ordered=True, visible="none")], entities=[entity("c", start="deck")])
    assert _events(g, "revealed") == [{"piece": {"piece": 0}}]


def test_rounds_turns_and_end_game_by_score():
    g = game_of([
        prim("start_round"), prim("start_turn", call("player", 1)), prim("start_round"),
        probe(call("round_number")), probe(call("current_player")),
        prim("gain", "vp", 4, ME0), prim("gain", "vp", 6, call("player", 1)),
        prim("end_game"), probe("never"),
    ], counters=[counter("vp")], score=attr(var("me"), "vp"))
    assert outs(g) == [2, {"player": 1}]
    assert g.over and g.winner == 1
    assert g.result["ranking"] == [1, 0] and g.result["scores"] == [4, 6]
    assert _events(g, "turn_started") == [{"who": {"player": 1}}]
    assert _events(g, "round_started")[-1] == {"round": 2}


def test_win_names_the_winner_and_play_ending_ends_the_game():
    g = game_of([prim("win", call("player", 1))])
    assert g.over and g.winner == 1 and g.result["ranking"][0] == 1
    g = game_of([])
    assert g.over and g.winner is None
