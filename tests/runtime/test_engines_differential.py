"""Two engines, one meaning (DESIGN.md): the compiled engine (runtime/compiled/pygen.py)
and the reference interpreter play the same games byte for byte.

- every shipped pack (and the variants) and the test packs, several seeds,
  random legal play: identical logs and saves after every action, and the
  same RuleError (message and location) where one is raised;
- a game saved under one engine loads and plays on under the other;
- the compiled engine never hands an action back to the interpreter in a
  game without errors (``rules.deopts`` stays 0);
- the pack scenario suites pass under the interpreter too (the rest of the
  suite runs the default, compiled engine);
- no content string, name or number appears in the generated source
  (principle 2), and a planted splice is caught.
"""

from __future__ import annotations

import functools
import io
import json
import keyword
import random
import tokenize

import pytest

from tests.reliability.test_budget import RUNAWAYS
from tests.wbkit import compiled_pack, pack_path
from waybill import Game, Rules
from waybill import RuleError
from waybill.scenarios import run_pack

PACKS = [
    ("weds", [], 4), ("weds", [], 2),
    ("weds", ["risky-smuggling", "brutal-competition", "raider-warping", "no-event-deck",
              "perfect-information"], 3),
    ("badlands", [], 3), ("warfare", [], 2),
    ("tests/packs/dice_race", [], 2), ("tests/packs/dice_sprint", [], 2), ("tests/packs/turnabout", [], 2),
    # outcomes of sides, visible: others/team, [each ... by key] and end_game(limit: true)
    ("tests/packs/hint_circle", [], 3), ("tests/packs/partners", [], 4), ("tests/packs/low_first", [], 3),
    ("tests/packs/count_up", [], 3), ("tests/packs/count_up_plus", [], 2),   # card templates; before/after hooks
    ("tests/packs/secret_throws", [], 3),                                     # picks face down, then revealed
    ("tests/packs/throws_at_once", [], 3),                                    # choose each: seats asked at once
    ("tests/packs/push_luck", [], 4),                                         # eliminated, players_in, choose each
]
SEEDS = range(10)
MAX_STEPS = 150


def _ir(pack: str, variants: list[str]) -> dict:
    """The IR of a shipped pack (`weds`) or a test pack (`tests/packs/...`), compiled once per process."""
    return compiled_pack(pack, tuple(variants)).ir


def _dump(g: Game) -> str:
    return json.dumps(g.to_json(), sort_keys=False)


@functools.lru_cache(maxsize=None)
def _both_engines(pack: str, variants: tuple[str, ...]) -> tuple[Rules, Rules]:
    """The pack's rules under each engine, made once per process: rules serve any number of games
    (as `waybill sim` uses them), and generating the compiled engine's Python is most of a short
    game's cost."""
    ir = _ir(pack, list(variants))
    return Rules.from_ir(ir, engine="compiled"), Rules.from_ir(ir, engine="interpreter")


def _play_both(ir: dict, players: int, seed: int, rules: tuple[Rules, Rules] | None = None) -> None:
    fast, ref = rules or (Rules.from_ir(ir, engine="compiled"), Rules.from_ir(ir, engine="interpreter"))
    assert fast.fast is not None and ref.fast is None
    deopts = fast.deopts
    a, b = Game.new(fast, players=players, seed=seed), Game.new(ref, players=players, seed=seed)
    assert _dump(a) == _dump(b)
    rng = random.Random(seed)
    ea = None
    for _ in range(MAX_STEPS):
        if a.over:
            break
        legal = a.legal_actions()
        assert legal == b.legal_actions()
        action = rng.choice(legal)
        ea = eb = None
        try:
            a.apply(action)
        except RuleError as e:
            ea = str(e)
        try:
            b.apply(action)
        except RuleError as e:
            eb = str(e)
        assert ea == eb
        assert _dump(a) == _dump(b)
        if ea is not None:
            break
    assert b.over == a.over
    assert fast.deopts == deopts or ea is not None     # no action of this game handed back


def _game_id(pack: str, variants: list[str], players: int) -> str:
    return f"{pack.rsplit('/', 1)[-1]}{'+variants' if variants else ''}-{players}p"


# one test per game (pack, players, seed), so that the games spread over the workers
@pytest.mark.parametrize("pack,variants,players,seed",
                         [(*game, seed) for game in PACKS for seed in SEEDS],
                         ids=[f"{_game_id(*game)}-seed{seed}" for game in PACKS for seed in SEEDS])
def test_random_games_identical(pack, variants, players, seed):
    _play_both(_ir(pack, variants), players, seed, _both_engines(pack, tuple(variants)))


@pytest.mark.parametrize("first,second", [("compiled", "interpreter"), ("interpreter", "compiled")])
def test_saved_under_one_engine_plays_on_under_the_other(first, second):
    ir = _ir("weds", [])
    r1, r2 = Rules.from_ir(ir, engine=first), Rules.from_ir(ir, engine=second)
    for seed in range(3):
        rng = random.Random(seed)
        g = Game.new(r1, players=3, seed=seed)
        for _ in range(40):
            g.apply(rng.choice(g.legal_actions()))
        # a decision pending half-way through an effect is plain data in the save
        moved = Game.from_json(r2, json.loads(json.dumps(g.to_json())))
        for _ in range(40):
            if g.over:
                break
            action = rng.choice(g.legal_actions())
            g.apply(action)
            moved.apply(action)
            assert _dump(g) == _dump(moved)


@pytest.mark.parametrize("pack", ["tests/packs/dice_race", "tests/packs/turnabout", "badlands", "warfare",
                                  "tests/packs/hint_circle", "tests/packs/partners", "tests/packs/low_first",
                                  "tests/packs/count_up_plus"])
def test_scenarios_pass_under_the_interpreter(pack, monkeypatch):
    monkeypatch.setenv("WAYBILL_ENGINE", "interpreter")
    outcomes = run_pack(pack_path(pack))
    failed = [o.render() for o in outcomes if not o.passed]
    assert not failed, "\n".join(failed)


def test_engine_is_chosen_by_argument_and_environment(monkeypatch):
    ir = _ir("tests/packs/dice_sprint", [])
    assert Rules.from_ir(ir).engine == "compiled"
    assert Rules.from_ir(ir, engine="interpreter").engine == "interpreter"
    monkeypatch.setenv("WAYBILL_ENGINE", "interpreter")
    assert Rules.from_ir(ir).engine == "interpreter"
    with pytest.raises(RuleError):
        Rules.from_ir(ir, engine="fastest")


# --- no content in the generated source (principle 2) ----------------------------

def _content_values(ir) -> tuple[set[str], set]:
    strings: set[str] = set()
    numbers: set = set()

    def walk(v, key=None):
        if key == "at":
            return
        if type(v) is dict:
            for k, x in v.items():
                walk(x, k)
        elif type(v) is list:
            for x in v:
                walk(x)
        elif type(v) is str:
            strings.add(v)
        elif type(v) in (int, float):
            numbers.add(v)
    walk(ir)
    return strings, numbers


# every string literal and name the generator writes itself
_OWN_STRINGS = {'"locals"', '"pc"'}
_OWN_NAMES = {"def", "m", "fr", "st", "loc", "return", "if", "not", "and", "or", "in", "else", "try",
              "except", "as", "raise", "bool", "queue", "edepth", "get", "message", "for", "finally", "is",
              "pop", "append", "dict", "zip", "min", "max", "default", "None", "True", "False", "steps",
              "budget", "else", "while", "L", "zslot", "zones", "len", "break", "del", "lambda", "Exception",
              "R", "props", "piece_static", "p_ent", "counters", "cslot", "z_ref", "stack",
              "p_zone", "seq", "last_event", "log", "page", "shared", "own", "extend", "append", "c_slots",
              "z_slots", "z_global"}


def _source_problems(src: str, strings: set[str]) -> list[str]:
    problems = []
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type == tokenize.COMMENT:
            problems.append(f"comment {tok.string}")
        elif tok.type == tokenize.STRING and tok.string not in _OWN_STRINGS:
            problems.append(f"string literal {tok.string}")
        elif tok.type == tokenize.NAME:
            generated = tok.string.startswith("_") and tok.string.strip("_").isalnum()
            if tok.string not in _OWN_NAMES and not generated:
                problems.append(f"name {tok.string}")
            if tok.string in strings and tok.string not in _OWN_NAMES and not generated:
                problems.append(f"content name {tok.string}")
    return problems


def _generated_numbers(src: str) -> list[str]:
    """Numbers in the source appear only as pcs, counts and table indexes."""
    toks = list(tokenize.generate_tokens(io.StringIO(src).readline))
    bad = []
    for i, tok in enumerate(toks):
        if tok.type == tokenize.NUMBER:
            before = toks[i - 1].string
            if before not in ("[", "=", "return", "+=", "-=", "<", ">", "!=", "+") and not (before == "(" and toks[i + 1].string == ","):
                bad.append(tok.string)
    return bad


@pytest.mark.parametrize("pack,variants", [("weds", PACKS[2][1]), ("weds", []), ("badlands", []), ("warfare", [])])
def test_no_content_in_generated_source(pack, variants):
    ir = _ir(pack, variants)
    rules = Rules.from_ir(ir, engine="compiled")
    strings, _ = _content_values(ir)
    assert rules.fast_sources
    for code_id, src in rules.fast_sources.items():
        assert not _source_problems(src, strings), (code_id, _source_problems(src, strings)[:5])
        assert not _generated_numbers(src), (code_id, _generated_numbers(src)[:5])
    # content numbers: perturbing every number of the IR leaves the source unchanged
    def shifted(v, key=None):
        if key == "at":
            return v
        if type(v) is dict:
            return {k: shifted(x, k) for k, x in v.items()}
        if type(v) is list:
            return [shifted(x) for x in v]
        if type(v) is int and key not in ("min", "max", "count", "copies", "lo", "hi", "index", "players"):
            return v + 7919
        return v
    again = Rules.from_ir(shifted(ir), engine="compiled")
    assert again.fast_sources == rules.fast_sources


def test_a_planted_splice_is_caught(monkeypatch):
    from waybill.runtime.compiled import pygen
    ir = _ir("tests/packs/dice_race", [])
    strings, _ = _content_values(ir)
    monkeypatch.setattr(pygen.Gen, "k", lambda self, v: repr(v))   # splice values into the source
    rules = Rules.from_ir(ir, engine="compiled")
    found = [p for src in rules.fast_sources.values() for p in _source_problems(src, strings)]
    assert found


# --- errors and budgets: the same RuleError, the same rollback --------------------

@pytest.mark.parametrize("name", list(RUNAWAYS))
def test_runaways_fail_the_same_under_both_engines(tmp_path, name):
    """Every runaway of the budget suite: the same message and location, the
    same game after the rollback, under both engines."""
    from tests.reliability.test_budget import HEAD, PLAY, runaway
    from tests.wbkit import compile_src
    import textwrap
    body, extra, _ = RUNAWAYS[name]
    result = compile_src(tmp_path, HEAD + textwrap.dedent(runaway(body, extra)) + PLAY, head="")
    assert result.ir is not None, name
    said = []
    for engine in ("compiled", "interpreter"):
        game = Game.new(Rules.from_ir(result.ir, engine=engine), players=2, seed=3)
        with pytest.raises(RuleError) as err:
            game.apply(next(a for a in game.legal_actions() if a["label"] == "Runaway"))
        said.append((str(err.value), _dump(game)))
    assert said[0] == said[1], name


def test_a_stopped_effect_logs_the_same_under_both_engines(tmp_path):
    """A `require` inside an effect and a `pay` that falls short stop the
    effect; both engines log the stop with its words and its message id (a
    catalogue says it again from the id: the compiled engine once dropped it)."""
    from tests.reliability.test_budget import HEAD, PLAY
    from tests.wbkit import compile_src
    body = ('action halt "Halt" {\n  tags: turn\n  gain(points, 1)\n'
            '  require me.points > 50, "Not enough points yet"\n  gain(points, 9)\n}\n'
            'action short "Short" {\n  tags: turn\n  gain(points, 1)\n  pay(points, 99)\n}\n')
    result = compile_src(tmp_path, HEAD + body + PLAY, head="")
    assert result.ir is not None, result.report.render()
    logs = []
    for engine in ("compiled", "interpreter"):
        game = Game.new(Rules.from_ir(result.ir, engine=engine), players=2, seed=1)
        for label in ("Halt", "Short"):
            game.apply(next(a for a in game.legal_actions() if a["label"] == label))
        stops = [e for e in game.log if e.get("type") == "stopped"]
        assert len(stops) == 2 and all(e.get("msg") for e in stops), stops
        logs.append(_dump(game))
    assert logs[0] == logs[1]
