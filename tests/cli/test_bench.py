"""`waybill bench` pieces that are cheap enough to run in the tests (no timings asserted)."""

from __future__ import annotations

from waybill.overhead import bench_rules, deliver_by_hand, overhead_ratio
from waybill import Game


def test_the_hand_written_delivery_does_what_the_rule_does():
    start = Game.new(bench_rules(), players=1, seed=3)
    through, by_hand = start.clone(), start.clone()
    through.apply(through.legal_actions()[0])
    deliver_by_hand(by_hand)
    assert through.state.zones == by_hand.state.zones
    assert through.state.counters == by_hand.state.counters
    assert through.state.counters != start.state.counters, "the delivery paid something"


def test_overhead_ratio_reports_both_sides():
    data = overhead_ratio(repeats=1, batch=5)
    assert set(data) == {"rule_runtime_us", "rule_by_hand_us", "overhead_ratio"}
    assert data["rule_runtime_us"] > 0 and data["rule_by_hand_us"] > 0


def test_overhead_ratio_of_each_engine():
    for engine in ("compiled", "interpreter"):
        data = overhead_ratio(repeats=1, batch=3, engine=engine)
        assert data["overhead_ratio"] > 0
