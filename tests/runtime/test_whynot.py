"""Why not (issue 25, item 2): "for the acting seat, the view can list the
actions that are not available now with the reason, taken from the failing
`require` (its message in the catalogue, or the requirement rendered)"."""

from __future__ import annotations

import random
from pathlib import Path

import jsonschema
import json

from waybill import Game, load_pack
from waybill.api import make_bot

PACK = str(Path(__file__).parents[1] / "packs" / "why_not")
SCHEMA = json.loads((Path(__file__).parents[2] / "runtime" / "view.schema.json").read_text())


def options(view: dict) -> list[str]:
    return [o.get("action") for o in view["pending"]["options"]]


def test_the_acting_seat_sees_what_it_cannot_do_and_why():
    game = Game.new(load_pack(PACK), players=2, seed=1)
    view = game.view(0)
    jsonschema.validate(view, SCHEMA)
    assert options(view) == ["earn", "rest"]
    assert view["pending"]["unavailable"] == [
        # the message of the failing `require`, with its id for other languages
        {"action": "buy", "label": "Buy a lamp", "reason": "You need 3 coins", "msg": "action-buy-stop1"},
        # a `require` with no message: the requirement written out
        {"action": "gamble", "label": "Gamble", "reason": "needs turns ≥ 4"},
    ]                    # `tidy` is of another tag: not a choice of this decision
    # only the seat that answers is told; nothing else of the view changes
    for other in (1, None):
        assert "unavailable" not in (game.view(other)["pending"] or {})


def test_a_use_limit_is_a_reason_and_nothing_offered_is_listed():
    game = Game.new(load_pack(PACK), players=2, seed=1)
    rest = next(a for a in game.legal_actions() if a.get("action") == "rest")
    game.apply(rest)
    game.apply(next(a for a in game.legal_actions() if a.get("action") == "earn"))
    view = game.view(0)
    assert "rest" not in options(view)
    assert {"action": "rest", "label": "Rest", "reason": "already taken 1 time this game"} in \
        view["pending"]["unavailable"]
    # a whole game: what is listed is never among the options, and the view is still the view
    rng = random.Random(2)
    while not game.over:
        p = game.pending["player"]
        view = game.view(p)
        listed = {u["action"] for u in view["pending"].get("unavailable", [])}
        assert listed and not listed & set(options(view))
        jsonschema.validate(view, SCHEMA)
        game.apply(rng.choice(game.legal_actions()))
    assert game.view(0)["pending"] is None


def test_weds_says_why_activate_an_outpost_is_not_offered():
    """The complaint: 'at Dispatch "Activate an outpost" disappears with no reason'."""
    rules = load_pack("weds")
    game = Game.new(rules, players=2, seed=1)
    bot = make_bot("default", rules)
    rng = random.Random(1)
    quoted = {"No free OUTPOST slot", "Nothing to do here"}      # content/weds/dashboard.wb
    for _ in range(300):
        p = game.pending["player"]
        view = game.view(p)
        acts = options(view)
        if "drive" in acts and "activate_outpost" not in acts:        # a main action decision without it
            why = [u for u in view["pending"].get("unavailable", []) if u["action"] == "activate_outpost"]
            assert why and why[0]["label"] == "Activate an outpost" and why[0]["reason"] in quoted
            return
        game.apply(bot.choose(game, game.legal_actions(), rng))
    raise AssertionError("no decision without Activate an outpost in 300")
