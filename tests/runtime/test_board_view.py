"""The board in a view (runtime/sight/board.py). Issue 25, item 1: "The
view carries the board as declared data (geometry once, positions of pieces
and markers per state), in the seat's view only what that seat may see";
"the acting seat's legal targets highlighted and clickable where an option
names a space"."""

from __future__ import annotations

import json
import random
from pathlib import Path

import jsonschema

from waybill import Game, load_pack

GARDEN = str(Path(__file__).parents[1] / "packs" / "garden_walk")
SCHEMA = json.loads((Path(__file__).parents[2] / "runtime" / "view.schema.json").read_text())


def walk_to(game: Game, space: str) -> None:
    """Take the Walk action, then answer "Walk where?" with `space` through the board's targets."""
    seat = game.pending["player"]
    game.apply(game.legal_actions()[0])
    [board] = game.view(seat)["boards"]
    option = next(t["options"] for t in board["targets"] if t["space"] == space)
    assert len(option) == 1
    game.apply(game.legal_actions()[option[0]])


def test_the_geometry_is_what_the_pack_declared():
    game = Game.new(load_pack(GARDEN), players=2, seed=1)
    [board] = game.boards()
    assert board["id"] == "garden" and board["name"] == "The Garden"
    spaces = {s["id"]: s for s in board["spaces"]}
    assert spaces["g11"] == {"id": "g11", "name": "Fountain", "xy": [1, 1], "tags": ["water"]}
    # "link g00 - g01 - g02 - g12 - g22 - g21 - g20 - g10 - g00", "link g01 - g11 - g21", "link g10 - g11 - g12"
    assert len(board["links"]) == 12 and ["g01", "g11"] in board["links"] and ["g00", "g11"] not in board["links"]
    assert board["regions"] == [{"id": "north", "name": "North side", "tags": [], "spaces": ["g00", "g01", "g02"],
                                 "colour": "#2e7d32"}]
    assert board["cards"] == {"daisy": {"show": "flower", "name": "Daisy"}, "rose": {"show": "flower", "name": "Rose"},
                              "tulip": {"show": "flower", "name": "Tulip"}}
    # the same for every seat: not in the views
    assert "spaces" not in game.view(0)["boards"][0]


def test_tokens_pieces_and_targets_of_the_first_turn():
    game = Game.new(load_pack(GARDEN), players=2, seed=1)
    view = game.view(0)
    jsonschema.validate(view, SCHEMA)
    [board] = view["boards"]
    # "set p.at = if p.index == 0 then "g00" else if p.index == 1 then "g22" ..."
    assert board["tokens"] == [{"show": "at", "space": "g00", "seat": 0}, {"show": "at", "space": "g22", "seat": 1}]
    # "flower daisy ... copies: 2 start: g11", rose at g02, tulip at g20; `show flower { field: petals }`
    assert {s: sorted((p["entity"], p["value"]) for p in ps) for s, ps in board["pieces"].items()} == {
        "g11": [("daisy", 1), ("daisy", 1)], "g02": [("rose", 3)], "g20": [("tulip", 2)]}
    assert board["targets"] == []          # the Walk action names no space
    game.apply(game.legal_actions()[0])
    [board] = game.view(0)["boards"]
    # "choose "Walk where?" from adjacent(me.at)": g00 touches g01 and g10
    options = {o["value"]: o["option"] for o in game.view(0)["pending"]["options"]}
    assert sorted((t["space"], t["options"]) for t in board["targets"]) == [
        ("g01", [options["g01"]]), ("g10", [options["g10"]])]


def test_a_seat_sees_no_targets_of_another_and_no_piece_it_cannot_see():
    game = Game.new(load_pack(GARDEN), players=2, seed=1)
    walk_to(game, "g01")
    walk_to(game, "g21")       # seat 1
    walk_to(game, "g11")       # seat 0 picks a daisy into its pouch (`visible: owner`)
    assert game.view(0)["counters"]["petals"] == [1, 0]
    game.apply(game.legal_actions()[0])          # seat 1 is asked where to walk
    for seat in (0, 1, None):
        view = game.view(seat)
        jsonschema.validate(view, SCHEMA)
        [board] = view["boards"]
        assert [p["entity"] for p in board["pieces"]["g11"]] == ["daisy"]
        assert (board["targets"] != []) == (seat == 1)
        # the picked daisy lies in a pouch, not on the board: no handle of it in any board
        pouch = [z for z in game.view(0, zones=True)["zones"] if z["zone"] == "pouch" and z["of"] == 0]
        picked = pouch[0]["pieces"][0]["piece"]
        assert picked not in [p["piece"] for ps in board["pieces"].values() for p in ps]


def test_every_view_of_a_random_weds_game_shows_only_what_its_seat_sees():
    """Every piece a board lists is one the seat's zones list in that space,
    and every target is one of the seat's options naming that space."""
    game = Game.new(load_pack("weds"), players=3, seed=5)
    rng = random.Random(2)
    targeted = 0
    for _ in range(120):
        if game.over:
            break
        for seat in (0, 1, 2, None):
            view = game.view(seat, zones=True)
            [board] = view["boards"]
            listed = {z["zone"]: {p["piece"] for p in z.get("pieces", [])} for z in view["zones"] if z["of"] is None}
            for space, pieces in board["pieces"].items():
                assert {p["piece"] for p in pieces} <= listed.get(space, set())
            pos = view["counters"]["pos"]
            assert sorted((t["seat"], t["space"]) for t in board["tokens"] if t["show"] == "pos") == \
                sorted((s, p) for s, p in enumerate(pos) if p is not None)
            mine = view["pending"] if view["pending"] and view["pending"].get("player") == seat else None
            if mine is None or "options" not in mine:
                assert board["targets"] == []
                continue
            for t in board["targets"]:
                targeted += 1
                for i in t["options"]:
                    value = mine["options"][i]["value"]
                    held = [p["piece"] for p in board["pieces"].get(t["space"], [])] + \
                        [p["piece"] for z in view["zones"] if z["zone"] == t["space"] for p in z.get("pieces", [])]
                    assert value == t["space"] or value.get("piece") in held
        game.apply(rng.choice(game.legal_actions()))
    assert targeted > 20


def test_badlands_draws_each_seats_cards_where_their_at_says():
    """content/badlands/map.wb: Raiders, Marauders and the Caravan stand where
    their card's `at` (and `road`) say; "When sending the Caravan ... the
    player places the Card on the Crossroads location nearest to his/her
    Settlement"."""
    game = Game.new(load_pack("badlands"), players=3, seed=3)
    rng = random.Random(1)
    places = {"settlement": "home", "pit_stop": "home", None: "home"}
    checked = set()
    for _ in range(300):
        if game.over:
            break
        view = game.view(1, zones=True)
        jsonschema.validate({k: v for k, v in view.items()}, SCHEMA)
        [board] = view["boards"]
        tokens = {(t["seat"], t["show"]): t["space"] for t in board["tokens"]}
        for z in view["zones"]:
            if z["zone"] != "settlement":
                continue
            for p in z["pieces"]:
                if p["entity"] not in ("raiders", "marauders", "caravan"):
                    continue
                props = p.get("props") or {}
                at, road = props.get("at"), props.get("road")
                space = tokens[(z["of"], p["entity"] + "_at")]
                if at in places:
                    assert space == f"home_{z['of'] + 1}"
                elif at == "crossroads":
                    assert space == f"cross_{road['player'] + 1}"
                elif at == "enemy_settlement":
                    assert space == f"home_{road['player'] + 1}"
                else:
                    assert space == f"map_{at}"
                checked.add(at)
        game.apply(rng.choice(game.legal_actions()))
    assert {"settlement", "crossroads", "junkyard"} <= checked


def test_a_badlands_destination_is_answered_on_its_space():
    """content/badlands/map.wb: each location `answers` the menu line of
    "Where does the Gang go?" that rides there (travel.wb: `"Junkyard (1
    Fuel)" as junkyard`): its space is a target for that option, so a click
    on the map chooses it; the lines no space answers stay menu lines."""
    game = Game.new(load_pack("badlands"), players=2, seed=3)
    rng = random.Random(2)
    rode = None
    for _ in range(400):
        if game.over:
            break
        seat = game.pending["player"]
        view = game.view(seat)
        pending = view["pending"]
        if pending.get("at") == "proc-pick_destination-ask-destination":
            [board] = view["boards"]
            by_space = {t["space"]: t["options"] for t in board["targets"]}
            named = {o["id"].split("#")[1]: o["option"] for o in pending["options"]}
            want = {f"map_{n}": [i] for n, i in named.items()
                    if n in ("junkyard", "gas_station", "military_base", "vault", "mines", "outpost")}
            assert want and by_space == want
            assert not any(t for b in game.view(1 - seat)["boards"] for t in b["targets"])   # (not another seat's)
            space = sorted(want)[0]
            game.apply(game.legal_actions()[by_space[space][0]])
            rode = space
            break
        game.apply(rng.choice(game.legal_actions()))
    assert rode is not None, "no Gang rode out"


def test_the_geometry_is_said_in_the_views_language():
    """Its words have message ids (spec/messages.py: `board-<id>`, `board-<id>-show-<what>`,
    `...-mark`), so content/weds/locales/ru.ftl says them."""
    game = Game.new(load_pack("weds"), players=2, seed=1)
    english, russian = game.boards()[0], game.boards("ru")[0]
    assert (english["name"], russian["name"]) == ("The Wasteland", "Пустошь")
    marks = {s["id"]: s.get("mark") for s in russian["shows"]}
    assert marks["rad_sign"] == "РАД" and marks["rough_ground"] == "×2"
    assert {s["id"]: s["label"] for s in russian["shows"]}["pos"] == "Грузовик"
    assert russian["spaces"][0]["name"] != english["spaces"][0]["name"] == "A1 north-west"
    # ids, positions and what is shown do not change with the language
    def strip(b: dict) -> tuple:
        return [(s["id"], s["xy"]) for s in b["spaces"]], b["links"], [s["id"] for s in b["shows"]]
    assert strip(english) == strip(russian)
