"""The scenario format says what a rule says: each form passes on the demo
pack (tests/packs/turnabout), fails with `file:line:col`, what was expected
and what was found, and its misuse is a coded error."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from waybill.cli import main
from waybill.dsl import cache
from waybill.dsl.parser import parse_file, parse_source

PACK = Path(__file__).parents[1] / "packs" / "turnabout"


def _pack(tmp_path: Path, extra: str) -> Path:
    """The demo pack with `extra` added to its scenarios."""
    pack = tmp_path / "turnabout"
    shutil.copytree(PACK, pack)
    with open(pack / "scenarios.wb", "a", encoding="utf-8") as fh:
        fh.write("\n" + textwrap.dedent(extra))
    return pack


def _run(*args: str) -> str:
    return CliRunner().invoke(main, list(args), catch_exceptions=False).output


def _at(pack: Path, line_text: str) -> str:
    """`file:line:col` of the one line of the scenarios that holds `line_text`."""
    lines = (pack / "scenarios.wb").read_text(encoding="utf-8").splitlines()
    found = [i for i, line in enumerate(lines) if line_text in line]
    assert len(found) == 1, (line_text, found)
    line = lines[found[0]]
    return f"{pack / 'scenarios.wb'}:{found[0] + 1}:{len(line) - len(line.lstrip()) + 1}"


def test_every_demo_scenario_passes():
    out = _run("test", str(PACK))
    assert "8 passed, 0 failed" in out, out


# Each case: a scenario body, the line of the step that fails, and the message.
FAILURES = {
    "over": ('expect over, "the game ends at once"',
             "the game ends at once: expected the game to be over; it goes on "
             "(for 'Take an action' by Player 1 (me))"),
    "not_over": ('given { set me.coins = 19 }\n  do "Take 1"\n  expect not over',
                 "expected the game not to be over; it ended (Player 1 (me) the winner)"),
    "winner_other": ('given { set me.coins = 19 }\n  do "Take 1"\n  expect winner player(1)',
                     "expected the winner to be Player 2 (player(1)); the game ended with Player 1 (me) the winner"),
    "winner_none": ('given { set me.coins = 19 }\n  do "Take 1"\n  expect winner none, "a tie"',
                    "a tie: expected no winner; the game ended with Player 1 (me) the winner"),
    "winner_early": ("expect winner me",
                     "expected the winner to be Player 1 (me), but the game is not over "
                     "(for 'Take an action' by Player 1 (me))"),
    "not_log": ('force d6: 1, 2\n  do "Gamble"\n  expect not log "GAMBLES 3"',
                "expected no log line containing 'GAMBLES 3'; found 'Player 1 gambles 3'"),
    "rolled_count": ('force d6: 1, 2\n  do "Gamble"\n  expect rolled d6 3 times',
                     "expected d6 to be rolled 3 times since the step at line {do}; it was rolled 2 times (1, 2)"),
    "not_rolled": ('force d6: 5, 6\n  do "Gamble"\n  expect not rolled d6',
                   "expected d6 not to be rolled at least once since the step at line {do}; "
                   "it was rolled 2 times (5, 6)"),
    "rolled_once": ('do "Take 1"\n  expect rolled d6',
                    "expected d6 to be rolled at least once since the step at line {do}; it was rolled 0 times"),
    "setup_rolled": ("expect rolled d6 2 times",
                     "expected d6 to be rolled 2 times since the game began; it was rolled 1 time ({weather})"),
    "offered_whole": ('expect offered "Take"',
                      "expected a choice matching 'Take'; the choices are ['Take 1', 'Take 10', 'Gamble', 'Wager', "
                      "'pass'], for 'Take an action' by Player 1 (me) (to match part of a label, write ~\"Take\")"),
    "offered_by": ('expect offered "Take 1" by player(1)',
                   "expected a choice matching 'Take 1' by Player 2 (player(1)); the choices are ['Take 1', "
                   "'Take 10', 'Gamble', 'Wager', 'pass'], for 'Take an action' by Player 1 (me)"),
    "offered_for": ('do "Wager"\n  expect offered "Stake 2" for "Take an action"',
                    "expected a choice matching 'Stake 2' for 'Take an action'; the choices are ['Stake 1', "
                    "'Stake 2'], for 'Stake how much?' by Player 1 (me)"),
    "not_offered_part": ('do "Wager"\n  expect not offered ~"stake" for ~"how", "no stakes"',
                         "no stakes: expected no choice matching ~'stake' for ~'how', but ['Stake 1', 'Stake 2'] "
                         "offered"),
    "offered_over": ('given { set me.coins = 19 }\n  do "Take 1"\n  expect offered "Take 10"',
                     "expected a choice matching 'Take 10'; no decision is pending (Player 1 (me) the winner)"),
    "pass_until_stuck": ('do "Wager"\n  pass until round 2',
                         "cannot pass until round 2: the choices are ['Stake 1', 'Stake 2'], for 'Stake how much?' "
                         "by Player 1 (me); `play until` takes the first one where there is no pass"),
    "pass_until_end": ("given { set me.coins = 25 }\n  pass until round 2",
                       "the game ended before round 2 (Player 1 (me) the winner)"),
    "pass_until_bound": ("pass until me.coins == 5",
                         "me.coins == 5 still does not hold after 1000 actions"),
    "given_asks": ('do "Take 1"\n  given { choose "Bonus?" { "yes": gain(coins, 1) "no": ; } }',
                   "`given` asked Player 1 (me) a decision ('Bonus?'), which a scenario cannot answer here; "
                   "arrange the position without it"),
    "given_over": ('given { set me.coins = 19 }\n  do "Take 1"\n  given { set me.coins = 0 }',
                   "`given` cannot run: the game is over"),
    "given_force_face": ("given { force d6: 7 }",
                         "die 'd6' has no face 7"),
    "before_force_face": ("before setup { force d6: 0 }",
                          "die 'd6' has no face 0"),
    "expect_procedure": ("before setup { force d6: 4 }\n  expect cash_out(me) == 6",
                         "expected the condition to hold: left side is 5, right side is 6"),
    "do_by": ('do "Take 1" by player(1)',
              "the decision belongs to Player 1 (me), not to Player 2 (player(1))"),
    "rule_error": ('do "Take 1"\n  given { set me.coins = 1 / 0 }',
                   "the game stopped with an error: {file}:{line}:11: division by zero "
                   "(in procedure the `given` of step 2)"),
    "procedure_asks": ("expect ask_one() == 1",
                       "a procedure called in `expect` asked Player 1 (me) a decision ('Which one?'), which a "
                       "scenario cannot answer here; arrange the position without it"),
}

# What the failing line of each case starts with (the step that fails).
FAILING_LINE = {"given_force_face": "force d6: 7", "before_force_face": "force d6: 0"}

ASK_ONE = '''
procedure ask_one() {
  choose "Which one?" {
    "one": return 1
    "two": return 2
  }
}
'''


@pytest.fixture(scope="module")
def failures(tmp_path_factory) -> tuple[Path, str]:
    """One pack with every failing case (a scenario each), run once."""
    scenarios = "".join(f'scenario fail_{name} "{name}" {{\n  players 2\n  {body}\n}}\n'
                        for name, (body, _) in FAILURES.items())
    pack = _pack(tmp_path_factory.mktemp("fail"), ASK_ONE + scenarios)
    return pack, _run("test", str(pack))


@pytest.mark.parametrize("name", list(FAILURES))
def test_a_failing_form_names_its_line_what_was_expected_and_what_was_found(failures, name):
    pack, out = failures
    body, message = FAILURES[name]
    assert f"FAIL fail_{name}:" in out, out
    block = out[out.index(f"FAIL fail_{name}:"):].split("\n")[1].strip()
    lines = (pack / "scenarios.wb").read_text(encoding="utf-8").splitlines()
    start = lines.index(f'scenario fail_{name} "{name}" {{')
    failing = FAILING_LINE.get(name, body.split("\n")[-1].strip())
    line_no = next(i for i in range(start, len(lines)) if failing in lines[i]) + 1
    do_line = next((i + 1 for i in range(start, len(lines)) if lines[i].strip().startswith("do ")), None)
    column = lines[line_no - 1].index(failing) + 1
    weather = _setup_roll(block)
    expected = f"{pack / 'scenarios.wb'}:{line_no}:{column}: " + message.format(
        do=do_line, weather=weather, file=pack / "scenarios.wb", line=line_no)
    assert block == expected


def _setup_roll(block: str) -> str:
    """The face the setup rolled (random in `setup_rolled`), read back from the message."""
    return block.rsplit("(", 1)[-1].rstrip(")") if "since the game began" in block else ""


# Passing scenarios beyond the demo pack's: each names what it proves.
PASSING = {
    # the setup's roll takes `before setup`'s 5; `given`'s 2 is left for the roll after it
    "positional": """before setup { force d6: 5 }
  given {
    let a = roll(d6)
    force d6: 2
    let b = roll(d6)
    set me.coins = a[0] * 0 + b[0]
  }
  expect weather == 5 and me.coins == 2
  expect rolled d6 3 times""",
    # a procedure may be called on a finished game, and the first call changes nothing
    "after_the_end": """before setup { force d6: 3 }
  given { set me.coins = 19 }
  do "Take 1"
  expect winner me
  expect cash_out(me) == 23
  expect cash_out(me) == 23, "the first call changed nothing"
  expect me.coins == 20""",
    # a force in `given` after a decision `given` asks fixes the roll made after the answer
    "force_after_answer": """given {
    choose "Bonus?" { "yes": gain(coins, 1) "no": ; }
    force d6: 4
    let r = roll(d6)
    set me.coins = r[0]
  }
  answer "yes"
  expect me.coins == 4""",
    # the forms of the first format run as they did
    "old_forms": """seed 3
  given { set me.coins = 4 }
  force d6: 6, 6
  do "Gamble" by me
  expect me.coins == 16, "4 + 12"
  expect log "gambles 12"
  expect offered "Take 1"
  expect not offered "Fly"
  answer "pass"
  pass
  expect not over""",
    # a `given` after a `force` step runs at the start, as in the first format: its decision
    # waits for the steps, and the force fixes the roll after it
    "given_after_force": """force d6: 5, 1
  given { choose "Bonus?" { "yes": gain(coins, 1) "no": ; } }
  answer "yes"
  do "Gamble"
  expect rolled d6 2 times
  expect log "gambles 6"
  expect me.coins == 8""",
}


@pytest.fixture(scope="module")
def passing(tmp_path_factory) -> str:
    scenarios = "".join(f'scenario {name} "{name}" {{\n  players 2\n  {body}\n}}\n'
                        for name, body in PASSING.items())
    return _run("test", str(_pack(tmp_path_factory.mktemp("pass"), scenarios)))


@pytest.mark.parametrize("name", list(PASSING))
def test_more_forms_pass(passing, name):
    assert f"PASS {name}:" in passing, passing


# ---- misuse: compile-time errors ------------------------------------------------------
# body, the text where the error points (line and column), its code and message
ERRORS = [
    ("given { force d7: 1 }", "force d7", "E301", "unknown die `d7`"),
    ("before setup { force dd6: 1 }", "force dd6", "E301", "unknown die `dd6`"),
    ('do "Take 1"\n  expect rolled d8', "expect rolled d8", "E301", "unknown die `d8`"),
    ('do "Take 1"\n  before setup { set head_start = 2 }', "before setup { set head_start = 2 }", "E406",
     "`before setup` comes after a step"),
    ("expect roll(d6)[0] == 1", "roll(d6)", "E309",
     "`roll` changes the game, so it cannot be used inside an expression"),
    ("expect all(each p in players(): cash_out(p) > 0)", "cash_out(p)", "E309",
     "`cash_out` changes the game, so it cannot be used inside an expression"),
    ("expect winner plyer(1)", "plyer", "E308", "unknown function or quantity `plyer`"),
    ("pass until rnd == 2", "rnd", "E301", "unknown name `rnd`"),
]


@pytest.mark.parametrize("body,where,code,message", ERRORS, ids=[e[2] + "-" + e[1] for e in ERRORS])
def test_misuse_is_a_coded_error_at_its_place(tmp_path, body, where, code, message):
    pack = _pack(tmp_path, f'scenario misuse "Misuse" {{\n  players 2\n  {body}\n}}\n')
    out = _run("check", str(pack))
    lines = (pack / "scenarios.wb").read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines) if where in text)
    place = f"{pack / 'scenarios.wb'}:{line + 1}:{lines[line].index(where) + 1}"
    assert f"{place}: error[{code}]: {message}" in out, out


@pytest.mark.parametrize("body", [
    "expect rolled", "expect rolled d6 2", "expect offered ~", "expect offered \"x\" for", "pass until",
    "expect winner", "before { }", "given { do \"x\" }",
])
def test_malformed_forms_are_syntax_errors(body):
    src = f'scenario s "S" {{\n  {body}\n}}\n'
    _, diags = parse_source(src, "s.wb")
    assert diags and diags[0].code in ("E101", "E103"), (body, diags)
    assert diags[0].span.line in (2, 3), diags  # the form's line, or the `}` that cut it short


def test_the_new_forms_read_back_from_the_parse_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("WAYBILL_CACHE", str(tmp_path / "cache"))
    path = str(PACK / "scenarios.wb")
    first, diags, text = parse_file(path)
    assert not diags and cache.load(text, path) is not None
    second, _, _ = parse_file(path)
    assert second.items == first.items == parse_source(text, path)[0].items


def test_keywords_of_scenarios_stay_names_elsewhere():
    # `rolled`, `winner`, `over`, `round`, `until`, `time` are scenario words only after
    # `expect` / `pass`: a pack may still name its locals and events with them.
    src = '''procedure p() {
  let rolled = 1
  let winner = rolled
  let over = winner
  let until = over
  let time = until
  let round = time
}
'''
    _, diags = parse_source(src, "p.wb")
    assert not diags, [d.message for d in diags]


def test_the_formatter_writes_a_part_of_a_label_as_one_word():
    from waybill.dsl.formatter import format_source
    src = 'scenario s {\n  expect offered ~ "take" for ~"Which" by me, "m"\n}\n'
    assert format_source(src) == 'scenario s {\n  expect offered ~"take" for ~"Which" by me, "m"\n}\n'
