"""Saved games from outside (issue #12, parts 3-4): a damaged save is refused
with a WaybillError naming the field, or loads as a game on which nothing a
frontend calls raises anything else; a real save always loads; neither
to_json's result nor from_json's input is shared with the live game."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from waybill import benchmarks, load_pack
from waybill import Game, WaybillError
from waybill.runtime.saves.check import CHECKS, CROSS
from waybill.runtime.engine.state import FIELDS

from .save_damage import _at, _containers, decoded, encoded, mutate, survives

# (pack, players, random steps from the start)
POSITIONS = [("weds", 3, 0), ("weds", 4, 80), ("badlands", 2, 0), ("badlands", 3, 150),
             ("warfare", 2, 0), ("warfare", 3, 15)]


@pytest.fixture(scope="module")
def saves() -> list[tuple]:
    """(rules, save as JSON text) at each position: at the start and mid-game."""
    out = []
    for pack, players, steps in POSITIONS:
        rules = load_pack(pack)
        game = benchmarks.mid_game(rules, players, 5, steps)
        assert not game.over
        out.append((rules, json.dumps(game.to_json())))
    return out


def test_a_thousand_damaged_saves_are_refused_or_play_on_with_only_waybill_errors(saves):
    loaded = 0
    for i in range(1000):
        rng = random.Random(i)
        rules, text = saves[i % len(saves)]
        data = json.loads(text)
        done = [mutate(data, rng) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
        try:
            loaded += survives(rules, data) is not None
        except Exception as exc:
            raise AssertionError(f"damage #{i} ({done}) raised {type(exc).__name__}: {exc}") from exc
    # both ways out are taken: most damage is refused, harmless damage loads
    assert 50 < loaded < 600


json_junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=10,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), which=st.integers(0, len(POSITIONS) - 1), junk=json_junk)
def test_any_value_anywhere_in_a_save_is_refused_or_plays_on(saves, data, which, junk):
    rules, text = saves[which]
    save = json.loads(text)
    box = _at(save, data.draw(st.sampled_from(_containers(save)), label="where"))
    keys = list(box) if type(box) is dict else list(range(len(box)))
    if keys and data.draw(st.booleans(), label="replace"):
        box[data.draw(st.sampled_from(keys), label="key")] = junk
    elif type(box) is dict:
        box[data.draw(st.text(max_size=10), label="new key")] = junk
    else:
        box.append(junk)
    survives(rules, save)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), which=st.integers(0, len(POSITIONS) - 1))
def test_removing_anything_from_a_save_is_refused_or_plays_on(saves, data, which):
    rules, text = saves[which]
    save = json.loads(text)
    box = _at(save, data.draw(st.sampled_from([p for p in _containers(save) if _at(save, p)]), label="where"))
    keys = list(box) if type(box) is dict else list(range(len(box)))
    del box[data.draw(st.sampled_from(keys), label="key")]
    survives(rules, save)


# --- real saves always load ------------------------------------------------------

@pytest.mark.parametrize("pack,players,seed", [("weds", 2, 3), ("badlands", 4, 2), ("warfare", 3, 1)])
def test_every_position_of_a_real_game_saves_and_loads_the_same(pack, players, seed):
    rules = load_pack(pack)
    game = Game.new(rules, players=players, seed=seed)
    rng = random.Random(seed)
    for step in range(400):
        if step % 7 == 0 or game.over:
            text = json.dumps(game.to_json(log=step % 2 == 0), allow_nan=False)
            assert json.dumps(Game.from_json(rules, json.loads(text)).to_json(log=step % 2 == 0)) == text
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))


def test_a_save_with_forced_rolls_loads():
    rules = load_pack("badlands")
    game = Game.new(rules, players=2, seed=1)
    game.force_rolls("d6", [6, 1, 6])
    again = Game.from_json(rules, game.to_json())
    assert again.to_json() == game.to_json()


# --- each damage the issue found is refused, naming the field -------------------------

def _damage(pack: str, steps: int, edit) -> tuple:
    rules = load_pack(pack)
    data = benchmarks.mid_game(rules, 3, 5, steps).to_json()
    data["log"] = decoded(data["log"])      # the record's entries, to edit
    edit(data, rules)
    data["log"] = encoded(data["log"])
    return rules, data


def _action_entry(data):
    return next(e for e in data["log"] if e["type"] == "action")


def _counter(name):
    def slot(data, rules):
        return rules.layout(len(data["players"])).c_id.index(name)
    return slot


def _set_counter(name, value):
    return lambda d, r: d["counters"].__setitem__(_counter(name)(d, r), value)


def _piece_twice(data):
    full = next(i for i, pile in enumerate(data["zones"]) if pile)
    data["zones"][full - 1].append(data["zones"][full][0])


def _first_local(d, r, value):
    d["stack"][-1]["locals"]["$damage"] = value


DAMAGE = [
    ("props key of no piece", "weds", 80, lambda d, r: d["props"].update({"²:x": 1}), r"props has a key '²:x'"),
    ("props key of a piece past the last", "weds", 80, lambda d, r: d["props"].update({"99999:x": 1}),
     "props has a key '99999:x'"),
    ("a logged answer without its decision", "weds", 80, lambda d, r: _action_entry(d).pop("decision"),
     r"log\[\d+\] needs the key 'decision'"),
    ("a text in a number counter", "weds", 80, _set_counter("crap", "lots"),
     r"counters\[\d+\] \(crap\) should be a whole number, not str"),
    ("a negative resource", "badlands", 30, _set_counter("caps", -3), r"counters\[\d+\] \(caps\) should be at least 0"),
    ("a counter over its max", "badlands", 30, _set_counter("wall_scrap", 6),
     r"counters\[\d+\] \(wall_scrap\) should be within 0..5"),
    ("an infinite counter", "badlands", 30, _set_counter("caps", float("inf")),
     r"counters\[\d+\] \(caps\) holds a float \(inf\)"),
    ("NaN in a property", "warfare", 15, lambda d, r: d["props"].update({"0:health": float("nan")}),
     r"props\['0:health'\] holds a float"),
    ("a number JSON cannot keep", "weds", 80, lambda d, r: _first_local(d, r, [2 ** 60]),
     r"\['\$damage'\]\[0\] is a number beyond"),
    ("a reference to no piece", "weds", 80, lambda d, r: _first_local(d, r, {"piece": 10 ** 6}), "refers to no piece"),
    ("a dict that is no reference", "weds", 80, lambda d, r: _first_local(d, r, {"a": 1, "b": 2}), "refers to nothing"),
    ("a forced face the die lacks", "badlands", 30, lambda d, r: d["forced"].update({"d6": [7]}),
     r"forced\['d6'\]\[0\] is not a face of die 'd6'"),
    ("a forced face of the wrong type", "badlands", 30, lambda d, r: d["forced"].update({"d6": [True]}),
     "is not a face of die"),
    ("a pending option of another kind", "weds", 80,
     lambda d, r: d["pending"].update({"options": [{"label": "x", "choice": 0}]}), r"pending.options\[0\]"),
    ("a pending kind the waiting instruction does not post", "weds", 80,
     lambda d, r: d["pending"].update({"kind": "choose", "options": [{"label": "x", "choice": 0}]}),
     r"the instruction waiting posts a '\w+' decision"),
    ("an act option for an action nobody has", "weds", 10,
     lambda d, r: d["pending"]["options"][0].update({"action": "fly"}), r"pending.options\[0\].action is no action"),
    ("an unknown field", "weds", 0, lambda d, r: d.update({"cheat": 1}), "has unknown field"),
    ("an unknown key in a frame", "weds", 0, lambda d, r: d["stack"][0].update({"extra": 1}),
     r"stack\[0\] has an unknown key"),
    ("a 50 MB player name", "weds", 0, lambda d, r: d["players"].__setitem__(0, "x" * 50_000_000),
     r"players\[0\] should be a name of 1 to 100 characters"),
    ("a game over that still waits", "weds", 80, lambda d, r: d.update({"over": True}), "over is true, but"),
    ("a wrong effect depth", "weds", 80, lambda d, r: d.update({"edepth": d["edepth"] + 1}), "edepth should be"),
    ("a frame past its code", "weds", 80, lambda d, r: d["stack"][-1].update({"pc": 10 ** 6}), r"stack\[\d+\].pc"),
    ("a piece in two zones", "weds", 0, lambda d, r: _piece_twice(d), "a second time|says zone"),
    ("a seed JSON cannot keep", "weds", 0, lambda d, r: d.update({"seed": 2 ** 64}),
     "seed should be a whole number within"),
    ("a boolean seed", "weds", 0, lambda d, r: d.update({"seed": True}), "seed should be a whole number, not bool"),
    ("a moved event with no zone", "weds", 80,
     lambda d, r: next(e for e in d["log"] if e.get("event") == "moved")["args"].update({"to": {"zone": [], "of": 0}}),
     r"log\[\d+\].args\['to'\] refers to no zone"),
    ("a moved event to a space that is not one", "weds", 80,
     lambda d, r: next(e for e in d["log"] if e.get("event") == "moved")["args"].update({"to": "atlantis"}),
     r"log\[\d+\].args.to is not a zone"),
]


@pytest.mark.parametrize("pack,steps,edit,message", [d[1:] for d in DAMAGE], ids=[d[0] for d in DAMAGE])
def test_each_damage_is_refused_naming_the_field(pack, steps, edit, message):
    rules, data = _damage(pack, steps, edit)
    with pytest.raises(WaybillError, match=f"^saved game: .*({message})"):
        Game.from_json(rules, data).log     # the record is checked when first read


def test_every_state_field_has_a_check():
    # another field of the state is one more entry in CHECKS
    assert list(CHECKS) == [f for f in CHECKS if f in FIELDS] and set(CHECKS) == set(FIELDS)
    assert CROSS


# --- no aliasing ----------------------------------------------------------------------

def _poke_everything(data) -> None:
    """Change every container inside ``data`` in place."""
    for path in _containers(data):
        box = _at(data, path)
        if type(box) is dict:
            box["poked"] = [1]
        else:
            box.append({"poked": 1})


@pytest.mark.parametrize("pack,steps", [("weds", 80), ("badlands", 150), ("warfare", 15)])
def test_editing_what_to_json_returned_changes_nothing_in_the_game(pack, steps):
    game = benchmarks.mid_game(load_pack(pack), 3, 5, steps)
    before, legal = json.dumps(game.to_json()), game.legal_actions()
    data = game.to_json()
    data["pending"]["options"].append({"label": "win", "action": "win", "source": None})
    assert game.legal_actions() == legal
    _poke_everything(data)
    _poke_everything(game.to_json(log=False))
    assert json.dumps(game.to_json()) == before and game.legal_actions() == legal


@pytest.mark.parametrize("pack,steps", [("weds", 80), ("badlands", 150), ("warfare", 15)])
def test_editing_what_from_json_was_given_changes_nothing_in_the_game(pack, steps):
    rules = load_pack(pack)
    data = benchmarks.mid_game(rules, 3, 5, steps).to_json()
    game = Game.from_json(rules, data)
    before, legal = json.dumps(game.to_json()), game.legal_actions()
    _poke_everything(data)
    assert json.dumps(game.to_json()) == before and game.legal_actions() == legal
    game.apply(legal[0])      # and playing on does not write into the caller's data
    assert "poked" in data and data["log"]["poked"] == [1]


def _deep(depth: int) -> list:
    v: list = []
    for _ in range(depth):
        v = [v]
    return v


@pytest.mark.parametrize("where", ["players", "options", "counters", "props", "log", "pending", "stack", "forced",
                                   "seed", "uses", "zones", "result"])
def test_a_value_nested_too_deep_for_python_is_refused_without_recursing(where):
    # built in Python (json.loads cannot nest this deep): a message must not recurse into it either
    rules = load_pack("weds")
    data = benchmarks.mid_game(rules, 3, 5, 10).to_json()
    deep = _deep(100_000)
    box = data[where]
    if type(box) is list and box:
        box[0] = deep
    elif type(box) is dict and box:
        box[next(iter(box))] = deep
    else:
        data[where] = deep
    with pytest.raises(WaybillError, match="^saved game: "):
        Game.from_json(rules, data)
