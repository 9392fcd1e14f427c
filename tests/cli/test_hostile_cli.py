"""The command line under hostile arguments: worker processes are capped at
the games and the CPUs (and it says so), every usage error names the option
actually at fault, and templates are filled in one pass. Each input ends in
a clean Waybill error or result within a deadline (a subprocess timeout),
never a traceback.

Inputs tried (issue #27, and more of our own): 55.

- workers, 9: `sim -g 20 --jobs 300`, `sim -g 3 --jobs 10000`,
  `balance -g 3 --jobs 10000`, `--jobs 10**30`, `--jobs 0` for one game;
  `simulate(jobs=300)` and `simulate(jobs=10**30)` in the API (the pool
  asked for), and `worker_count` at its edges (2 inputs);
- options, 37: `sim -g 10**30` (was "--seed"), `balance -g 10**30`, a seed
  near 2**53 that the games carry past it (names --games), `-s 10**30`,
  `-s -(2**53+1)`, `-s 1.5`, `-g 0`, `-g -1`, `-g abc`, `-g nan`,
  `--think-ms 10**400` for sim and play (was an OverflowError traceback),
  `--round-cap 10**400` for sim and balance, `--round-cap 0`, `-p 10**30`
  for sim and play, `-p 0`, `play -s 10**30`, `--jobs -1`, `--bot` lists
  of the wrong length and unknown bots, `--lang ../x` for sim, play and
  coverage, `bench --players 10**30`, `serve --port 10**30`, `--players`
  outside the pack's range, how many games fit from a seed, and
  `serve --finished-ttl` / `--abandoned-ttl` of nan, -nan, inf, Infinity,
  -1, 1e300 and words (nan passed `FloatRange`);
- templates, 9: a pack named `%CARDS%`, one named with every slot, a card
  named `%TITLE%`, a pack name closing `<title>`, the catalogue header of a
  pack id holding `{pack}`, a message whose text holds the hole markers
  (`\\x02`, `\\x03`, private-use characters), the balance report of a pack
  named `%CARDS%` and `{pack}` (2), and `fill` leaving an unknown slot be.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.wbkit import ROOT, run_cli, write_pack

DICE = str(ROOT / "tests" / "packs" / "dice_race")
DEADLINE = 120
BIG = str(10 ** 30)
HUGE = str(10 ** 400)


def clean(proc) -> str:
    out = proc.stdout + proc.stderr
    assert "Traceback" not in out, out[-3000:]
    return out


# ---- workers ------------------------------------------------------------------------------------

def _capped(proc, asked: str, games: int) -> int:
    out = clean(proc)
    m = re.search(rf"--jobs {asked}: (\d+) worker process\(es\), at most one per game \({games}\) "
                  r"and per CPU \((\d+)\)", proc.stderr)
    assert m, out[-2000:]
    got, cpus = int(m.group(1)), int(m.group(2))
    assert 1 <= got <= min(games, cpus)
    return got


@pytest.mark.parametrize("games,jobs", [(20, "300"), (3, "10000"), (2, BIG)])
def test_sim_caps_its_workers_and_says_so(games, jobs):
    proc = run_cli("sim", DICE, "-p", "2", "-g", str(games), "--jobs", jobs, "--json", timeout=DEADLINE)
    assert proc.returncode == 0
    _capped(proc, jobs, games)
    assert '"games": %d' % games in proc.stdout


def test_balance_caps_its_workers_and_says_so(tmp_path):
    pytest.importorskip("matplotlib")
    proc = run_cli("balance", DICE, "-p", "2", "-g", "3", "--jobs", "10000", "-o", str(tmp_path / "b.html"),
                   timeout=DEADLINE)
    assert proc.returncode == 0, proc.stderr[-2000:]
    _capped(proc, "10000", 3)
    assert (tmp_path / "b.html").exists()


def test_jobs_0_for_one_game_says_nothing():
    proc = run_cli("sim", DICE, "-p", "2", "-g", "1", "--jobs", "0", "--json", timeout=DEADLINE)
    assert proc.returncode == 0 and "--jobs" not in clean(proc)


@pytest.mark.parametrize("jobs", [300, 10 ** 30])
def test_simulate_never_asks_for_more_workers_than_games_or_cpus(monkeypatch, jobs):
    import waybill.simulate as sim
    from waybill import load_pack
    asked = []

    class Pool:  # runs the games here: what matters is how many workers were asked for
        def __init__(self, max_workers, initializer, initargs):
            asked.append(max_workers)
            initializer(*initargs)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def map(self, fn, seeds, chunksize=1):
            return map(fn, seeds)

    monkeypatch.setattr(sim, "ProcessPoolExecutor", Pool)
    monkeypatch.setattr(sim, "cpu_count", lambda: 2)
    rules = load_pack(DICE)
    summary = sim.simulate(rules, "dice_race", 2, 3, 1, "random", jobs=jobs)
    assert len(summary.records) == 3 and asked == [2]


def test_worker_count_at_its_edges(monkeypatch):
    import waybill.simulate as sim
    monkeypatch.setattr(sim, "cpu_count", lambda: 8)
    assert [sim.worker_count(j, g) for j, g in [(300, 20), (0, 3), (0, 100), (1, 100), (10 ** 30, 10 ** 6), (5, 1)]] \
        == [8, 3, 8, 1, 8, 1]
    assert sim.cpu_count.__module__  # the real one answers a number
    monkeypatch.undo()
    assert sim.cpu_count() >= 1


# ---- every error names the option at fault ---------------------------------------------------------

def _names(option: str, *args: str) -> str:
    proc = run_cli(*args, timeout=DEADLINE)
    out = clean(proc)
    assert proc.returncode == 2, out[-2000:]
    line = next((ln for ln in proc.stderr.splitlines() if ln.startswith("Error:")), "")
    named = re.findall(r"Invalid value for '?(--[a-z-]+)'?", line)
    assert named == [option], line
    return line


BAD_OPTIONS = [
    ("--games", "sim", DICE, "-p", "2", "-g", BIG),
    ("--games", "balance", DICE, "-p", "2", "-g", BIG),
    ("--games", "sim", DICE, "-p", "2", "-g", "2", "-s", str(2 ** 53)),
    ("--games", "sim", DICE, "-p", "2", "-g", "0"),
    ("--games", "sim", DICE, "-p", "2", "-g", "-1"),
    ("--games", "sim", DICE, "-p", "2", "-g", "abc"),
    ("--games", "sim", DICE, "-p", "2", "-g", "nan"),
    ("--seed", "sim", DICE, "-p", "2", "-s", BIG),
    ("--seed", "sim", DICE, "-p", "2", "-s", str(-(2 ** 53) - 1)),
    ("--seed", "sim", DICE, "-p", "2", "-s", "1.5"),
    ("--seed", "play", DICE, "--players", "2", "-s", BIG, "--human", "none"),
    ("--think-ms", "sim", DICE, "-p", "2", "-g", "1", "--bot", "search", "--think-ms", HUGE),
    ("--think-ms", "play", DICE, "--players", "2", "--human", "none", "--think-ms", HUGE),
    ("--round-cap", "sim", DICE, "-p", "2", "--round-cap", HUGE),
    ("--round-cap", "balance", DICE, "-p", "2", "--round-cap", BIG),
    ("--round-cap", "sim", DICE, "-p", "2", "--round-cap", "0"),
    ("--players", "sim", DICE, "-p", BIG),
    ("--players", "sim", DICE, "-p", "0"),
    ("--players", "sim", DICE, "-p", "9"),
    ("--players", "play", DICE, "--players", BIG, "--human", "none"),
    ("--jobs", "sim", DICE, "-p", "2", "--jobs", "-1"),
    ("--bot", "sim", DICE, "-p", "2", "--bot", "random,random,random"),
    ("--bot", "sim", DICE, "-p", "2", "--bot", "nobody"),
    ("--bot", "balance", DICE, "-p", "2", "--bot", "nobody"),
    ("--lang", "sim", DICE, "-p", "2", "--lang", "../x"),
    ("--lang", "play", DICE, "--players", "2", "--human", "none", "--lang", "../x"),
    ("--lang", "i18n", "coverage", DICE, "--lang", "../../etc/passwd"),
    ("--players", "bench", "--players", BIG),
    ("--port", "serve", "--port", BIG),
    # a lifetime of nan passed FloatRange (nan compares false) and kept games for ever
    ("--finished-ttl", "serve", "--finished-ttl", "nan"),
    ("--finished-ttl", "serve", "--finished-ttl", "inf"),
    ("--finished-ttl", "serve", "--finished-ttl", "-1"),
    ("--finished-ttl", "serve", "--finished-ttl", "1e300"),
    ("--abandoned-ttl", "serve", "--abandoned-ttl", "-nan"),
    ("--abandoned-ttl", "serve", "--abandoned-ttl", "Infinity"),
    ("--abandoned-ttl", "serve", "--abandoned-ttl", "a day"),
]


@pytest.mark.parametrize("case", BAD_OPTIONS, ids=[" ".join(c[1:])[:60] for c in BAD_OPTIONS])
def test_a_usage_error_names_the_option_at_fault(case):
    option, *args = case
    _names(option, *args)


def test_a_seed_the_games_carry_past_the_bound_says_how_many_fit():
    line = _names("--games", "sim", DICE, "-p", "2", "-g", "5", "-s", str(2 ** 53 - 1))
    assert "at most 2 game(s) from that seed" in line


# ---- templates are filled in one pass -------------------------------------------------------------

def _gallery(tmp_path: Path, title: str, body: str = "") -> str:
    from waybill.cards import build_gallery
    folder = write_pack(tmp_path / "pk", "kind gadget { }\n" + (body or 'gadget g "Gadget" { text "Plain." }\n'),
                        head=f'pack t "{title}"\n')
    page = build_gallery(str(folder)).html
    assert page is not None
    return page


def _title(page: str) -> str:
    return re.search(r"<title>(.*?)</title>", page, re.S).group(1)


def test_a_pack_named_like_a_slot_is_not_filled_again(tmp_path):
    page = _gallery(tmp_path, "%CARDS%")
    assert _title(page) == "%CARDS% — cards"
    assert page.count("<article") == 1 and "<article" not in _title(page)


def test_a_pack_named_with_every_slot(tmp_path):
    name = "%TITLE%%SUBTITLE%%BUTTONS%%CARDS%%COUNTS%"
    page = _gallery(tmp_path, name)
    assert _title(page) == f"{name} — cards"
    assert f"<h1>{name}</h1>" in page and page.count("<article") == 1


def test_a_card_named_like_a_slot(tmp_path):
    page = _gallery(tmp_path, "Plain", 'gadget g "%TITLE% %COUNTS%" { text "%CARDS%" }\n')
    assert _title(page) == "Plain — cards" and page.count("<article") == 1
    assert "%TITLE% %COUNTS%" in page and "%CARDS%" in page


def test_a_pack_name_that_closes_the_title_is_escaped(tmp_path):
    page = _gallery(tmp_path, "</title><script>alert(1)</script>")
    assert "<script>alert" not in page and "&lt;/title&gt;" in _title(page)


def test_fill_leaves_an_unknown_slot_and_reads_no_value_again():
    from waybill.cards import fill
    assert fill("%A% %B% %C% 100% %a%", {"A": "%B%", "B": "b"}) == "%B% b %C% 100% %a%"


def test_the_catalogue_header_is_filled_once():
    from waybill.i18n import to_ftl
    text = to_ftl({"files": []}, [], "x{pack}y")
    assert text.startswith("# x{pack}y: the English catalogue")
    assert "waybill i18n extract x{pack}y`" in text and "{ $count ->" in text


def test_a_message_holding_the_hole_markers_keeps_them_as_text():
    from waybill.i18n import message_pattern
    from waybill.spec.messages import Message
    hole = {"op": "var", "name": "me"}
    msg = Message("m", {"op": "text", "parts": ["a\x02b\x03c\ue000", hole, "\ue001 end"]}, vars={"me": hole})
    assert message_pattern(msg) == "a\x02b\x03c\ue000{ $me }\ue001 end"


@pytest.mark.parametrize("name", ["%CARDS%", "{pack} %TITLE% </title>"])
def test_the_balance_report_fills_its_page_once(name):
    pytest.importorskip("matplotlib")
    from waybill.balance.report import render
    from waybill.balance.stats import analyse
    records = [{"seed": s, "finished": True, "rounds": 3, "actions": 9, "winner": s % 2, "error": None,
                "capped": None, "replay_ok": None, "violations": [], "holdings": None, "bots": ["random", "random"]}
               for s in range(4)]
    page = render(analyse(records, 2, None, {}), {"pack": name, "players": 2, "games": 4})
    import html
    assert re.search(r"<title>(.*?)</title>", page, re.S).group(1) == "Balance: " + html.escape(name)
    assert page.count("<h1>") == 1 and f"<h1>Balance: {html.escape(name)}</h1>" in page
