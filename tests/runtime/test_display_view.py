"""Views a frontend can draw: the display, the question with stable option
ids, names and text, the log on request; the shipped JSON Schema; the size."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from waybill import load_pack
from waybill import make_bot
from waybill import Game, WaybillError
from waybill.runtime.schemas import errors, shipped

ROOT = Path(__file__).resolve().parents[2]
DICE = str(ROOT / "tests" / "packs" / "dice_race")
SPRINT = str(ROOT / "tests" / "packs" / "dice_sprint")

# (pack, players, steps): every shipped pack and both test packs, a little way into a game
PACKS = [("weds", 4, 120), ("badlands", 3, 120), ("warfare", 2, 30), (DICE, 2, 10), (SPRINT, 3, 10)]


def played(pack: str, players: int, steps: int, seed: int = 3) -> Game:
    rules = load_pack(pack)
    g = Game.new(rules, players, seed=seed)
    bots = [make_bot("default", rules.ir["pack"]["id"]) for _ in range(players)]
    rng = random.Random(seed)
    for _ in range(steps):
        if g.over:
            break
        legal = g.legal_actions()
        g.apply(bots[legal[0]["player"]].choose(g, legal, rng))
    return g


def compact(v: dict) -> int:
    return len(json.dumps(v, separators=(",", ":")))


@pytest.mark.parametrize("pack,players,steps", PACKS, ids=[Path(p).name for p, _, _ in PACKS])
def test_real_views_of_every_pack_match_the_shipped_schema(pack, players, steps):
    g = played(pack, players, steps)
    for seat in list(range(players)) + [None]:
        for kw in ({}, {"log": True}, {"zones": True}, {"log_from": 3}):
            v = g.view(seat, **kw)
            assert errors("view", v) == [], (seat, kw, errors("view", v)[:3])
    for action in g.legal_actions():
        assert errors("action", action) == []


def test_the_schema_rejects_a_view_that_breaks_it():
    v = played(DICE, 2, 2).view(0)
    v["pending"]["options"][0].pop("id")
    v["display"]["board"][0]["text"] = 3
    assert len(errors("view", v)) >= 2


def test_a_mid_game_weds_view_is_small():
    # 4 players, the default bots, round 4: the view a frontend gets each turn
    g = Game.new(load_pack("weds"), 4, seed=1)
    bots = [make_bot("default", "weds") for _ in range(4)]
    rng = random.Random(1)
    while g.state.round < 4:
        legal = g.legal_actions()
        g.apply(bots[legal[0]["player"]].choose(g, legal, rng))
    sizes = [compact(g.view(s)) for s in range(4)]
    assert max(sizes) <= 30_000, sizes


def test_the_display_is_built_from_the_declaration():
    g = Game.new(load_pack(DICE), 2, seed=4)
    v = g.view(0)
    mine = v["display"]["panels"][0]
    assert [(i["type"], i["label"]) for i in mine["items"]] == [
        ("counter", "Points"), ("zone", "Hand"), ("quantity", "Roll bonus")]
    hand = mine["items"][1]
    assert hand["value"]["count"] == 2 and len(hand["value"]["pieces"]) == 2
    assert all(p["entity"] in v["entities"] and v["entities"][p["entity"]]["text"] for p in hand["value"]["pieces"])
    # another seat's panel: its counters and zones (a hidden hand as a count), never its derived lines
    theirs = v["display"]["panels"][1]
    assert [i["label"] for i in theirs["items"]] == ["Points", "Hand"]
    assert "pieces" not in theirs["items"][1]["value"] and theirs["items"][1]["text"] == "2 hidden"
    board = {i["label"]: i for i in v["display"]["board"]}
    assert board["Points"]["by_seat"] == [0, 0] and board["Points"]["text"] == ["0", "0"]
    assert board["Boost deck"]["text"] == "2 hidden"
    assert board["Leader's points"]["value"] == 0


def test_a_spectator_sees_the_board_and_no_derived_lines():
    v = Game.new(load_pack(DICE), 2, seed=4).view(None)
    assert all(i["type"] not in ("quantity", "show") for p in v["display"]["panels"] for i in p["items"])
    assert all(i["text"] == "2 hidden" for p in v["display"]["panels"] for i in p["items"] if i["type"] == "zone")


def test_a_display_line_that_fails_says_so_instead_of_stopping_the_game(tmp_path):
    (tmp_path / "pack.wb").write_text(
        'pack broken\ncounter n = 0\n'
        'display { panel { show "Ratio": 10 / n } board { counter n } }\n'
        'game { players 2..2 play { start_turn(first(players())) choose "Go?" { "yes": { set n = 0 } } end_game() } }\n')
    v = Game.new(load_pack(str(tmp_path)), 2, seed=1).view(0)
    line = v["display"]["panels"][0]["items"][0]
    assert line["value"].startswith("(error") and errors("view", v) == []


def test_the_log_comes_only_when_asked_and_from_where_asked():
    g = played(DICE, 2, 6)
    lean = g.view(0)
    assert lean["log"] == [] and lean["zones"] == [] and lean["log_from"] == lean["log_end"] == len(g.log)
    full = g.view(0, log=True)
    assert len(full["log"]) == len(g.log) and full["log_from"] == 0
    tail = g.view(0, log_from=len(g.log) - 3)
    assert tail["log"] == full["log"][-3:] and tail["log_from"] == len(g.log) - 3
    assert g.view(0, log_from=10**6)["log"] == []
    assert g.view(0, log=False)["log"] == []
    for bad in (-1, "3", 2.5):
        with pytest.raises(WaybillError, match="log_from"):
            g.view(0, log_from=bad)


def test_option_ids_are_stable_distinct_and_apart_from_labels():
    a, b = played("weds", 3, 40, seed=8), played("weds", 3, 40, seed=8)
    seat = a.pending["player"]
    opts_a, opts_b = a.view(seat)["pending"]["options"], b.view(seat)["pending"]["options"]
    assert [o["id"] for o in opts_a] == [o["id"] for o in opts_b]
    assert len({o["id"] for o in opts_a}) == len(opts_a)
    at = a.view(seat)["pending"]["at"]
    assert at == "proc-drive_truck-ask-drive_where"      # the decision's id: its declaration and name, no file
    for i, o in enumerate(opts_a):
        assert o["id"].startswith(at + "#") and o["option"] == i


def test_option_ids_of_the_same_options_do_not_depend_on_the_game_s_history():
    # two games of different seeds at a decision of the same place offering the same action
    ids = []
    for seed in (1, 2):
        g = Game.new(load_pack(DICE), 2, seed=seed)
        ids.append([o["id"] for o in g.view(0)["pending"]["options"]])
    assert ids[0] == ids[1]
    assert [i.split("#")[1] for i in ids[0]] == ["act:run", "act:play_boost"]


def test_an_option_that_names_a_card_carries_its_entity():
    g = Game.new(load_pack(DICE), 2, seed=4)
    g.apply(next(a for a in g.legal_actions() if a["action"] == "play_boost"))
    v = g.view(0)
    opts = v["pending"]["options"]
    assert opts and all(o["entity"] in ("hop", "leap", "sprint") for o in opts)
    assert all(v["entities"][o["entity"]]["text"] for o in opts)
    assert [o["id"].split("#")[1] for o in opts] == [f"p{o['value']['piece']}" for o in opts]


def test_the_schemas_are_shipped_and_printed():
    from click.testing import CliRunner
    from waybill.cli import main
    for which in ("view", "action"):
        res = CliRunner().invoke(main, ["schema", f"--{which}"])
        assert res.exit_code == 0 and json.loads(res.output) == shipped(which)
    assert json.loads(CliRunner().invoke(main, ["schema"]).output)["title"] == "Waybill rules program (IR)"
