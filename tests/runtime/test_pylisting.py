"""Generated listing checks (runtime/compiled/pylisting.py): one function per action,
its requirements inlined. They must list exactly what the requirement
functions one by one list, on every shipped pack, and answer a requirement
that raises as the interpreter does."""

import random

import pytest

from waybill.runtime.engine.english import label_english
from waybill import load_pack
from waybill import Game
from waybill.runtime.engine import decisions
from waybill.runtime.engine.legality import NoCache
from waybill.runtime.rules import Rules

PACKS = [("weds", []), ("badlands", []), ("warfare", [])]


def _both(m, p: int, tags: frozenset) -> tuple[list, list]:
    """The listing through the generated checks and through the
    requirement functions one by one (the same machine, no cache)."""
    R = m.R
    listed = R.listed
    saved = m.legality, m.open_actions
    try:
        m.legality, m.open_actions = NoCache(), {}
        fast = decisions._live_actions(m, p, tags)
        R.listed = None
        m.legality, m.open_actions = NoCache(), {}
        slow = decisions._live_actions(m, p, tags)
    finally:
        R.listed = listed
        m.legality, m.open_actions = saved
    return fast, slow


@pytest.mark.parametrize("pack,variants", PACKS)
def test_generated_checks_list_what_the_requirements_list(pack, variants):
    rules = load_pack(pack, variants=variants)
    assert rules.engine == "compiled" and rules.listed
    tag_sets = {ab.tags for ab in rules.ability_by_key.values() if ab.type == "action" and ab.tags}
    tag_sets |= {frozenset([t]) for tags in tag_sets for t in tags}
    compared = offered = 0
    for seed in (1, 2):
        g = Game.new(rules, players=3 if pack != "warfare" else 2, seed=seed)
        rng = random.Random(seed)
        for step in range(400):
            if g.over:
                break
            if step % 4 == 0:
                for p in range(len(g.m.L.player_refs)):
                    for tags in tag_sets:
                        fast, slow = _both(g.m, p, tags)
                        assert fast == slow, (pack, seed, step, p, sorted(tags))
                        compared += 1
                        offered += len(fast)
            g.apply(rng.choice(g.legal_actions()))
    assert compared > 50 and offered > 0     # listings that offer something were compared


def test_the_source_has_one_check_per_action_with_requirements():
    rules = load_pack("weds")
    with_reqs = [ab.key for ab in rules.ability_by_key.values() if ab.type == "action" and ab.requires]
    assert sorted(rules.listed) == sorted(with_reqs)
    assert "listings" in rules.fast_sources      # covered by the no-content-in-source test


def test_the_interpreter_has_no_generated_checks():
    rules = Rules.from_ir(load_pack("weds").ir, engine="interpreter")
    assert getattr(rules, "listed", None) is None


SRC = '''
counter n per player = 0
counter d per player = 1
action safe "Safe" { tags: main  require me.n < 9  set me.n += 1 }
action broken "Broken" { tags: main  require me.n < 9  require 10 / me.d > 1  set me.n += 1 }
game "T" {
  players 1..2
  play { while true { start_turn(player(0)) act by player(0) tagged main } }
}
'''


def test_a_requirement_that_raises_answers_as_the_interpreter(tmp_path):
    """`10 / me.d` with d = 0: the generated check gives the steps back and
    the requirement functions answer, so the listing raises the
    interpreter's error, and leaves the budget as they leave it."""
    from tests.wbkit import write_pack
    from waybill import RuleError
    write_pack(tmp_path, SRC)
    rules = load_pack(str(tmp_path))
    g = Game.new(rules, players=1, seed=1)
    m = g.m
    main = frozenset(["main"])
    fast, slow = _both(m, 0, main)
    assert fast == slow and [label_english(m, "act", a, None) for a in fast] == ["Safe", "Broken"]
    m.st.counters[m.L.cslot[("d", 0)]] = 0
    errors, steps = [], []
    for listed in (rules.listed, None):
        rules.listed = listed
        m.legality, m.open_actions = NoCache(), {}
        before = m.budget.steps
        with pytest.raises(RuleError) as e:
            decisions._live_actions(m, 0, main)
        errors.append(str(e.value))
        steps.append(before - m.budget.steps)
        m.budget.steps = before
    assert errors[0] == errors[1] and "zero" in errors[0].lower()
    assert steps[0] == steps[1]


def test_an_action_the_generator_cannot_write_is_checked_one_by_one(monkeypatch):
    """Should generating a check fail, the action is still checked (its
    requirements one by one), never offered unchecked."""
    from waybill.runtime.compiled import pylisting

    def fail(*args, **kw):
        raise ValueError("a shape the generator does not know")
    monkeypatch.setattr(pylisting, "_function", fail)
    ir = load_pack("weds").ir
    rules = Rules.from_ir(ir, engine="compiled")
    assert rules.listed and all(f.__name__ == "check" for f in rules.listed.values())
    g = Game.new(rules, players=3, seed=1)
    rng = random.Random(1)
    compared = 0
    for step in range(120):
        if step % 3 == 0:
            for tags in (frozenset(["main", "free"]), frozenset(["outpost"]), frozenset(["slide"])):
                fast, slow = _both(g.m, g.m.st.pending["player"], tags)
                assert fast == slow
                compared += 1
        g.apply(rng.choice(g.legal_actions()))
    assert compared == 120


HOSTS = '''
counter n per player = 0
kind token { }
zone table { active }
zone box { }
zone desk per player { active }
token lamp "Lamp" {
  copies: 2  start: table
  action light "Light" { tags: use }
}
token pawn "Pawn" {
  copies: 2  start: box
  action push "Push" { tags: use  require owner == me }
}
token walker "Walker" {
  start: box
  action walk "Walk" { tags: use  require me.n < 3  set me.n += 1 }
}
action fetch "Fetch" {
  tags: main
  move(first(pieces(box)), me.desk)
}
action make "Make" { tags: main  create(lamp, table) }
action work "Work" { tags: main  act tagged use optional }
game "H" {
  players 1..2
  play { while true { start_turn(player(0)) act by player(0) tagged main } }
}
'''


def test_host_pieces_list_what_the_requirements_list(tmp_path):
    """What the generated checks list is what the requirements one by one
    list: an action with no requirement is offered, one in a player's zone
    is that player's (its owner), a piece in a zone that is not active
    offers nothing, and a piece created later is listed among the others
    by piece id."""
    from tests.wbkit import write_pack
    write_pack(tmp_path, HOSTS)
    rules = load_pack(str(tmp_path))
    g = Game.new(rules, players=2, seed=1)
    m = g.m
    use = frozenset(["use"])

    def listed(p):
        fast, slow = _both(m, p, use)
        assert fast == slow
        return [label_english(m, "act", a, None) for a in fast]
    assert listed(0) == listed(1) == ["Light", "Light"]        # the pawns and the walker lie in the box
    labels = [a["label"] for a in g.legal_actions()]
    g.apply(g.legal_actions()[labels.index("Fetch")])          # a pawn to player 0's desk
    assert listed(0) == ["Light", "Light", "Push"] and listed(1) == ["Light", "Light"]
    g.apply(g.legal_actions()[labels.index("Make")])           # a created lamp: listed after the others
    assert listed(0) == ["Light", "Light", "Push", "Light"]
    sources = [a["source"] for a in _both(m, 0, use)[0]]
    assert sources == sorted(sources)
