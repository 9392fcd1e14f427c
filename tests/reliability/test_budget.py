"""The budget of work and memory (runtime/engine/limits.py, DESIGN.md principle 7).

Content that checks clean can still run away at run time. Each runaway here
must end in a RuleError that names its rule and source line, quickly, with
the game exactly as it was before the action (or, in a setup, a RuleError
out of ``Game.new``), and no Python exception escapes as itself.
"""

from __future__ import annotations

import json
import textwrap

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.wbkit import compile_src, write_pack
from waybill import Game, Rules, RuleError, WaybillError
from waybill.runtime.engine import functions, limits

HEAD = """\
pack hostile
resource points { start: 0 }
event ping(who: player)
zone pile
zone table_zone { active }
die d6 { faces 1, 2, 3, 4, 5, 6 }
kind chip { }
chip c1 "Chip" { start: pile }
action fine "Fine" {
  tags: turn
  gain(points, 1)
}
"""
RUNAWAY_LINE = HEAD.count("\n") + 4   # the first line of the runaway's body (after `action`, `tags`, `gain`)
PLAY = "game { players 2..2 play { while true { act by player(0) tagged turn } } }\n"


def rules_for(tmp_path, body: str, game: str = PLAY) -> Rules:
    """Compile HEAD + an action `runaway` whose effect is ``body`` (and any extra declarations)."""
    result = compile_src(tmp_path, HEAD + textwrap.dedent(body) + game, head="")
    assert result.ir is not None and not result.report.errors, result.report.render()
    return Rules.from_ir(result.ir)


def runaway(body: str, extra: str = "") -> str:
    lines = textwrap.dedent(body).strip("\n").replace("\n", "\n  ")
    return f'action runaway "Runaway" {{\n  tags: turn\n  gain(points, 5)\n  {lines}\n}}\n' + textwrap.dedent(extra) + "\n"


def take(game: Game, label: str) -> None:
    game.apply(next(a for a in game.legal_actions() if a["label"] == label))


def assert_refused(rules: Rules, *needles: str, rule: str = "runaway") -> RuleError:
    """The runaway action fails with a RuleError; the game is unchanged and plays on."""
    game = Game.new(rules, players=2, seed=3)
    before = json.dumps(game.to_json(), sort_keys=True)
    with pytest.raises(RuleError) as err:
        take(game, "Runaway")
    assert json.dumps(game.to_json(), sort_keys=True) == before, "the game is as it was before the action"
    text = str(err.value)
    assert "pack.wb:" in text and rule in text, text
    for n in needles:
        assert n in text, text
    take(game, "Fine")            # and it goes on
    assert game.state.counters[game.m.L.cslot[("points", 0)]] == 1
    json.dumps(game.to_json())    # still JSON
    return err.value


# ---- runaway work ----------------------------------------------------------------------------------

# Where a loop is short (1000), its instructions alone are far within the
# budget: only the work its statements do (walking, building) can run out.
RUNAWAYS = {
    "nested repeat": ("repeat 100000 { repeat 100000 { } }", "", "steps"),
    "fan-out recursion": ("fan(30)", "procedure fan(n: int) { if n > 0 { fan(n - 1) fan(n - 1) } }", "steps"),
    "exponential quantity": ("gain(points, blow(40))",
                             "quantity blow(n: int) = if n <= 0 then 1 else blow(n - 1) + blow(n - 1)", "steps"),
    "a billion dice": ("let r = roll(d6, 1000000000)", "", "items"),
    "for over ten million": ("for x in [1..10000000] { gain(points, 1) }", "", "items"),
    "create in a loop": ("repeat 100000 { create(c1, pile) }", "", "pieces created"),
    "emit in a loop": ("repeat 100000 { emit ping(me) }", "", "events"),
    "nested while": ("while true { while true { } }", "", ""),
    "nested aggregates": ("gain(points, count(each x in [1..10000] where count(each y in [1..10000] where y == x) > 0))",
                          "", "steps"),
    "walking a zone in a loop": ("repeat 1000 { let n = count(each p in pieces(pile) where p.index >= 0) }",
                                 "chip many { copies: 5000 start: pile }", "steps"),
    "deep quantity recursion": ("gain(points, deep(100000))",
                                "quantity deep(n: int) = if n <= 0 then 0 else deep(n - 1) + 1", "nested"),
    "text doubled": ('let s = "ab"\nrepeat 100 { set s = "{s}{s}" }', "", "characters"),
    "list doubled": ("let l = [1]\nrepeat 100 { set l = l + l }", "", "items"),
    "list repeated": ("let l = [1, 2] * 1000000000", "", "items"),
    "text repeated": ('let s = "ab" * 1000000000', "", "characters"),
    "lists nested forever": ("let l = []\nrepeat 100000 { set l = [l] }", "", "nested"),
    "lists nested by an aggregate": ("let l = [1]\nrepeat 100000 { set l = [each x in [1, 2]: l] }", "", "nested"),
    "shared lists doubled": ("let l = [1]\nrepeat 100000 { set l = [l, l] }", "", "nested"),
    "table talk spam": ('let s = "{[1..1500]}"\nrepeat 1000 { log "{s}{s}" }', "", "steps"),
    "contains in a loop": ("let l = [1..9000]\nrepeat 1000 { let b = contains(l, 0) }", "", "steps"),
    "a loop over a big list left at once": ("let l = [1..9000]\nrepeat 1000 { for x in l { break } }", "", "steps"),
    "events heard by many copies": ("repeat 5000 { emit ping(me) }",
                                    "chip ear { copies: 5000 start: table_zone on ping where who == none { } }",
                                    "steps"),
    "a quantity changed by many copies": ("repeat 1000 { let v = bonus() }",
                                          "quantity bonus() = 0\nchip charm { copies: 5000 start: table_zone "
                                          "modify bonus() + 1 }", "steps"),
}


@pytest.mark.parametrize("name", list(RUNAWAYS))
def test_a_runaway_ends_in_a_rule_error_and_changes_nothing(tmp_path, name):
    body, extra, needle = RUNAWAYS[name]
    rules = rules_for(tmp_path, runaway(body, extra))
    assert_refused(rules, needle)


def test_an_event_that_emits_itself_twice_stops(tmp_path):
    rules = rules_for(tmp_path, runaway("emit ping(me)", "on ping { emit ping(who) emit ping(who) }\n"))
    assert_refused(rules, "trigger on ping", rule="trigger on ping")


def test_the_budget_is_counted_in_total_not_per_level(tmp_path):
    # every loop is well under its own limit (100000 iterations); together they are not
    rules = rules_for(tmp_path, runaway("repeat 1000 { repeat 1000 { } }"))
    err = assert_refused(rules, "steps of work in one action")
    assert f"pack.wb:{RUNAWAY_LINE}:" in str(err)


def test_a_runaway_names_its_line(tmp_path):
    rules = rules_for(tmp_path, runaway("repeat 100000 { repeat 100000 { } }"))
    err = assert_refused(rules)
    assert err.at is not None and "pack.wb:" in err.at
    line = int(err.at.split("pack.wb:")[1].split(":")[0])
    assert line == RUNAWAY_LINE, err.at
    assert "action runaway" in err.where


def test_the_budget_is_fresh_for_each_action(tmp_path):
    # about half the default budget of steps: fine once, and again, and again
    rules = rules_for(tmp_path, runaway("let x = 0\nrepeat 30000 { set x = x + 1 }"))
    game = Game.new(rules, players=2, seed=1)
    for _ in range(3):
        take(game, "Runaway")
    assert game.state.counters[game.m.L.cslot[("points", 0)]] == 15


def test_each_action_may_emit_exactly_its_events_limit(tmp_path):
    """Events are counted by the game's event sequence (limits.py): each
    action, however many came before it, may emit `events` of them (here its
    `acted`, its `gained` and 20 pings), and one more is refused."""
    def game_with(events: int) -> str:
        return (f"game {{ players 2..2 limits {{ events: {events} }} "
                "play { while true { act by player(0) tagged turn } } }\n")
    work = runaway("repeat 20 { emit ping(me) }")
    game = Game.new(rules_for(tmp_path / "a", work, game_with(22)), players=2, seed=1)
    for _ in range(4):
        take(game, "Runaway")
    assert game.state.counters[game.m.L.cslot[("points", 0)]] == 20
    assert_refused(rules_for(tmp_path / "b", work, game_with(21)), "more than 21 events")


def test_a_pack_may_lower_or_raise_its_limits(tmp_path):
    work = runaway("repeat 30000 { gain(points, 0) }")
    tight = "game { players 2..2 limits { steps: 2000 } play { while true { act by player(0) tagged turn } } }\n"
    assert_refused(rules_for(tmp_path / "a", work, tight), "2000 steps", "limits { steps: N }")
    many = runaway("repeat 5000 { create(c1, pile) }")
    assert_refused(rules_for(tmp_path / "b", many), "pieces created")
    roomy = "game { players 2..2 limits { created: 6000 } play { while true { act by player(0) tagged turn } } }\n"
    game = Game.new(rules_for(tmp_path / "c", many, roomy), players=2, seed=1)
    take(game, "Runaway")
    assert len(game.state.p_ent) > 5000


def test_a_runaway_setup_is_a_rule_error_out_of_new(tmp_path):
    rules = rules_for(tmp_path, "", "game { players 2..2 setup { repeat 100000 { repeat 100000 { } } } "
                                    "play { end_game() } }\n")
    with pytest.raises(RuleError) as err:
        Game.new(rules, players=2, seed=1)
    assert "steps of work" in str(err.value) and "pack.wb:" in str(err.value)


# ---- numbers stay JSON-safe ----------------------------------------------------------------------------

NUMBERS = {
    "product in a range bound": "for x in [1..9007199254740991 * 9007199254740991] { }",
    "repeated squaring": "let x = 3\nrepeat 100 { set x = x * x }",
    "doubling": "let x = 1\nrepeat 100 { set x = x + x }",
    "negative doubling": "let x = -1\nrepeat 100 { set x = x - 9007199254740991 }",
    "a counter past the bound": "gain(points, 9007199254740991)\ngain(points, 9007199254740991)",
    "a sum past the bound": "gain(points, sum(each x in [1..3]: x * 4000000000000000))",
    "a quantity past the bound": "gain(points, big(60))",
}


@pytest.mark.parametrize("name", list(NUMBERS))
def test_numbers_beyond_json_safe_are_refused(tmp_path, name):
    extra = "quantity big(n: int) = if n <= 0 then 1 else big(n - 1) * 2\n"
    rules = rules_for(tmp_path, runaway(NUMBERS[name], extra))
    assert_refused(rules, "JSON-safe")


def test_a_choice_of_a_billion_amounts_is_refused_before_it_is_built(tmp_path):
    rules = rules_for(tmp_path, runaway("let n = choose amount 1..1000000000\ngain(points, n)"))
    assert_refused(rules, "1000000000 items")


def test_a_choice_within_the_list_limit_is_offered(tmp_path):
    rules = rules_for(tmp_path, runaway("let n = choose amount 1..500\ngain(points, n)"))
    game = Game.new(rules, players=2, seed=1)
    take(game, "Runaway")
    assert len(game.legal_actions()) == 500


# ---- pieces --------------------------------------------------------------------------------------------

def test_huge_decks_are_refused_by_the_checker(tmp_path):
    decks = "".join(f"chip deck{i} {{ copies: 100000 }}\n" for i in range(40))
    result = compile_src(tmp_path, HEAD + decks + PLAY, head="")
    codes = [(d.code, d.span.line) for d in result.report.errors]
    assert codes == [("E407", HEAD.count("\n") + 1)], codes     # the first deck past the limit


def test_huge_decks_in_an_ir_from_elsewhere_are_refused_before_memory_is_spent(tmp_path):
    result = compile_src(tmp_path, HEAD + PLAY, head="")
    ir = json.loads(json.dumps(result.ir))
    for ent in ir["entities"]:
        ent["copies"] = 10 ** 9
    rules = Rules.from_ir(ir)
    with pytest.raises(RuleError, match="pieces in a game") as err:
        Game.new(rules, players=2, seed=1)
    assert "pack.wb:8:" in str(err.value) and "entity c1" in str(err.value)   # the first deck


def test_limits_in_an_ir_from_elsewhere_are_clamped_to_the_caps(tmp_path):
    result = compile_src(tmp_path, HEAD + PLAY, head="")
    ir = dict(result.ir, limits={"steps": 10 ** 12, "list": -5, "bogus": 3, "text": "many"})
    rules = Rules.from_ir(ir)
    assert rules.limits["steps"] == limits.CAPS["steps"]
    assert rules.limits["list"] == 1
    assert rules.limits["text"] == limits.DEFAULTS["text"] and "bogus" not in rules.limits


def test_creating_past_the_pieces_limit_is_refused(tmp_path):
    roomy = ("game { players 2..2 limits { pieces: 1000 created: 5000 } "
             "play { while true { act by player(0) tagged turn } } }\n")
    rules = rules_for(tmp_path, runaway("repeat 2000 { create(c1, pile) }"), roomy)
    assert_refused(rules, "pieces in a game")


# ---- Python errors never escape as themselves --------------------------------------------------------------

@pytest.mark.parametrize("exc", [OverflowError, MemoryError, RecursionError, ZeroDivisionError, KeyError,
                                 AssertionError, StopIteration, ArithmeticError])
def test_any_python_error_inside_an_action_is_a_rule_error_with_rollback(tmp_path, monkeypatch, exc):
    def boom(m, loc, x):
        raise exc("planted")
    monkeypatch.setitem(functions.IMPLS, "abs", boom)
    rules = rules_for(tmp_path, runaway("gain(points, abs(-3))"))
    err = assert_refused(rules, exc.__name__)
    assert isinstance(err.__cause__, exc)


def test_any_python_error_in_a_setup_is_a_rule_error(tmp_path, monkeypatch):
    def boom(m, loc, x):
        raise OverflowError("planted")
    monkeypatch.setitem(functions.IMPLS, "abs", boom)
    rules = rules_for(tmp_path, "", "game { players 2..2 setup { gain(points, abs(-3), player(0)) } "
                                    "play { end_game() } }\n")
    with pytest.raises(RuleError, match="OverflowError"):
        Game.new(rules, players=2, seed=1)


def test_outside_an_action_work_is_not_counted_but_sizes_are(tmp_path):
    # views and scenario expectations read expressions outside apply: they
    # never run out of steps, but a value is never bigger than the limits
    rules = rules_for(tmp_path, runaway("gain(points, 1)"))
    game = Game.new(rules, players=2, seed=1)
    from waybill.runtime.engine.exprs import compile_expr
    walk = compile_expr({"op": "agg", "fn": "count", "var": "x",
                         "in": {"op": "range", "lo": 1, "hi": 9000}, "where": None, "value": None}, rules)
    for _ in range(100):          # 100 × 18000 steps: far past one action's budget
        assert walk(game.m, {}) == 9000
    huge = compile_expr({"op": "range", "lo": 1, "hi": 10 ** 8}, rules)
    with pytest.raises(RuleError, match="items"):
        huge(game.m, {})
    # a caller that wants such work bounded too arms a budget for it
    with pytest.raises(RuleError, match="steps of work"):
        with limits.armed(game.m):
            for _ in range(100):
                walk(game.m, {})
    assert walk(game.m, {}) == 9000 and not game.m.budget.armed


# ---- properties ---------------------------------------------------------------------------------------------

BIG = st.sampled_from([0, 1, 2, 7, 1000, 99999, 10 ** 6, 2 ** 31, 2 ** 52, 2 ** 53 - 1])
OPS = st.sampled_from(["+", "-", "*", "/", "%"])


@st.composite
def arithmetic(draw, depth=3) -> str:
    if depth == 0 or draw(st.booleans()):
        n = draw(BIG)
        return draw(st.sampled_from([str(n), "x", "-x"])) if n else "x"
    return f"({draw(arithmetic(depth - 1))} {draw(OPS)} {draw(arithmetic(depth - 1))})"


@st.composite
def programs(draw) -> str:
    """Nested loops with random bounds and arithmetic on a local that feeds a counter."""
    body = f"set x = {draw(arithmetic())}\nif x >= 0 {{ gain(points, x % 1000) }}"
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["repeat", "for", "while"]))
        n = draw(st.sampled_from([0, 1, 3, 50, 1000, 100000, 10 ** 7]))
        if kind == "repeat":
            body = f"repeat {n} {{\n{body}\n}}"
        elif kind == "for":
            body = f"for i in [1..{n}] {{\n{body}\n}}"
        else:
            body = f"while x < {n} {{\n{body}\nset x = x + 1\n}}"
    return f"let x = {draw(BIG)}\n{body}"


def _program_rules(tmp_path, program: str) -> Rules:
    folder = write_pack(tmp_path, HEAD + runaway(program) + PLAY, head="")
    from waybill import load_pack
    return load_pack(str(folder))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(program=programs())
def test_random_loops_and_arithmetic_raise_only_waybill_errors_and_stay_json_safe(tmp_path_factory, program):
    rules = _program_rules(tmp_path_factory.mktemp("prop"), program)
    game = Game.new(rules, players=2, seed=1)
    before = json.dumps(game.to_json(), sort_keys=True)
    try:
        take(game, "Runaway")
    except WaybillError:
        assert json.dumps(game.to_json(), sort_keys=True) == before
    data = game.to_json()
    text = json.dumps(data)                       # never a number JSON cannot hold
    assert all(abs(v) <= limits.MAX_INT for v in _ints(json.loads(text)))


def _ints(x):
    if type(x) is int:
        yield x
    elif isinstance(x, dict):
        for v in x.values():
            yield from _ints(v)
    elif isinstance(x, list):
        for v in x:
            yield from _ints(v)


@settings(max_examples=200, deadline=None)
@given(a=st.integers(-limits.MAX_INT, limits.MAX_INT), b=st.integers(-limits.MAX_INT, limits.MAX_INT), o=OPS)
def test_an_arithmetic_result_is_json_safe_or_a_rule_error(a, b, o):
    from waybill.runtime.engine.exprs import compile_expr
    rules = _ARITH_RULES
    fn = compile_expr({"op": "bin", "o": o, "l": {"op": "var", "name": "a"}, "r": {"op": "var", "name": "b"}},
                      rules)
    m = _ArithMachine(rules)
    try:
        v = fn(m, {"a": a, "b": b})
    except WaybillError:
        return
    assert type(v) is int and abs(v) <= limits.MAX_INT


class _ArithMachine:
    def __init__(self, rules):
        self.R, self.budget = rules, rules.idle_budget


_LIMITS = limits.resolve_limits(None)


class _NoRules:
    files: list = []
    idle_budget = limits.Budget(_LIMITS, armed=False)

    def where(self, at):
        return None


_ARITH_RULES = _NoRules()


def test_a_python_error_while_checking_invariants_is_a_rule_error_with_rollback(tmp_path, monkeypatch):
    armed = {"on": False}

    def touchy(m, loc, x):
        if armed["on"]:
            raise OverflowError("planted")
        return -x if x < 0 else x
    monkeypatch.setitem(functions.IMPLS, "abs", touchy)
    rules = rules_for(tmp_path, runaway("gain(points, 1)", 'invariant sane "Sane": abs(-1) == 1\n'))
    game = Game.new(rules, players=2, seed=1, options={"check_invariants": True})
    before = game.to_json()
    armed["on"] = True
    with pytest.raises(RuleError, match="OverflowError") as err:
        take(game, "Fine")
    assert isinstance(err.value.__cause__, OverflowError)
    assert game.to_json() == before


# ---- the command line: one clean line, never a traceback ------------------------------------------------------

SETUP_RUNAWAY = ("pack hostile\nresource points { start: 0 }\n"
                 "game {\n  players 2..2\n  setup { repeat 100000 { repeat 100000 { } } }\n  play { end_game() }\n}\n")


def cli(*args: str, input: str | None = None):
    from click.testing import CliRunner
    from waybill.cli import main
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def test_sim_and_play_report_a_runaway_setup_in_one_line(tmp_path):
    folder = write_pack(tmp_path / "hostile", SETUP_RUNAWAY, head="")
    res = cli("play", str(folder), "--players", "2")
    assert res.exit_code == 1
    (line,) = res.output.strip().splitlines()
    assert line.startswith("error: ") and "pack.wb:5:" in line and "steps of work" in line
    res = cli("sim", str(folder), "--players", "2", "--games", "2", "--json")
    assert res.exit_code == 1 and "Traceback" not in res.output
    data = json.loads(res.output)
    assert data["errors"] == 2 and "pack.wb:5:" in data["error_samples"][0]["error"]


def test_test_reports_a_runaway_step_as_a_failed_scenario(tmp_path):
    body = HEAD + runaway("repeat 100000 { repeat 100000 { } }") + (
        'scenario boom "Boom" {\n  players 2\n  do "Runaway"\n}\n') + PLAY
    folder = write_pack(tmp_path / "hostile", body, head="")
    res = cli("test", str(folder))
    assert res.exit_code == 1 and "Traceback" not in res.output
    assert f"pack.wb:{RUNAWAY_LINE}:" in res.output and "0 passed, 1 failed" in res.output


def test_mistakes_in_a_limits_block_are_reported_at_their_place(tmp_path):
    game = ('game {\n  players 2..2\n  limits { stepz: 5  steps: 10  steps: 20  events: "many"  list: 0 }\n'
            '  play { while true { act by player(0) tagged turn } }\n}\n')
    result = compile_src(tmp_path, HEAD + runaway("gain(points, 1)") + game, head="")
    got = [(d.code, d.span.line, d.span.column, d.hint) for d in result.report.errors]
    line = HEAD.count("\n") + runaway("gain(points, 1)").count("\n") + 3
    assert got == [("E304", line, 12, "did you mean `steps`?"),
                   ("E302", line, 33, None),
                   ("E402", line, 44, None),
                   ("E407", line, 66, "the default is 10000: items in one list, range or choice")], got
