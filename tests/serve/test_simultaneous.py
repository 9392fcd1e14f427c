"""The server and a simultaneous decision (`choose each`, tests/packs/throws_at_once,
rule 1: "every player picks a throw at the same time ... Nobody learns another
player's throw until all have picked"): every waiting seat gets its own
actions at once, posts its answer in any order, and learns only that the others
have answered; bots among the seats answer at once."""

from __future__ import annotations

import json
from pathlib import Path

from waybill.serve import Store
from waybill.serve.store import offer

THROWS = str(Path(__file__).resolve().parents[2] / "tests" / "packs" / "throws_at_once")


def _store_game(bots: list[int]) -> tuple[Store, str, dict]:
    store = Store(offer([THROWS]), None)
    made = store.create({"pack": "throws_at_once", "players": 3, "seed": 1, "bots": bots})
    return store, made["id"], {int(s): t for s, t in made["tokens"].items()}


def test_every_waiting_seat_is_asked_at_once_and_answers_in_any_order():
    store, gid, tokens = _store_game([])
    states = {s: store.state(gid, t) for s, t in tokens.items()}
    for s, st in states.items():
        assert [a["label"] for a in st["actions"]] == ["Rock", "Paper", "Scissors"], s
        assert st["view"]["pending"]["player"] == s and st["view"]["pending"]["waiting"] == [0, 1, 2]
    scissors = next(a for a in states[2]["actions"] if a["label"] == "Scissors")
    after = store.act(gid, tokens[2], scissors)
    assert after["actions"] == [] and after["view"]["pending"]["waiting"] == [0, 1]
    # the action seat 1 was given before seat 3 answered still holds: one decision
    store.act(gid, tokens[1], states[1]["actions"][1])
    other = store.state(gid, tokens[0])
    assert "Scissors" not in json.dumps(other["view"]["log"]) and "Paper" not in json.dumps(other["view"]["log"])
    assert [e["player"] for e in other["view"]["log"] if e.get("type") == "action"] == [2, 1]
    done = store.act(gid, tokens[0], states[0]["actions"][0])
    assert "Player 1 throws Rock and scores 1" in json.dumps(done["view"]["log"])
    assert [a["label"] for a in done["actions"]] == ["Rock", "Paper", "Scissors"], "the next round asks again"


def test_bots_answer_at_once_and_the_person_is_asked_alongside():
    store, gid, tokens = _store_game([0, 2])
    st = store.state(gid, tokens[1])
    assert st["view"]["pending"]["waiting"] == [1], "both bots have answered"
    assert [e["player"] for e in st["view"]["log"] if e.get("type") == "action"] == [0, 2]
    assert all("label" not in e for e in st["view"]["log"] if e.get("type") == "action"), "never what"
    after = store.act(gid, tokens[1], st["actions"][0])
    assert "Player 2 throws Rock" in json.dumps(after["view"]["log"])
    assert after["view"]["pending"]["waiting"] == [1]
