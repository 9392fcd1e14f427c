"""`Rules` declares every field it holds (issue 28, item 4: "`Rules` declares
the fields the engine keeps on it, instead of eight modules attaching
attributes"). Each shipped pack is compiled for both engines, played by
random moves and by its default bot, seen in a view in English and in
Russian, and asked for its action names and its distances: the rules then
hold exactly the fields runtime/rules.py declares, no more, none missing."""

from __future__ import annotations

import random

import pytest

from tests.wbkit import compiled_pack
from waybill import Game, Rules, make_bot
from waybill.compiler import shipped_packs

DECLARED = set(Rules.__annotations__)


def _exercise(rules: Rules, players: int) -> None:
    game = Game.new(rules, players=players, seed=3)
    rng = random.Random(3)
    bots = [make_bot("default", rules) for _ in range(players)]
    for step in range(40):
        if game.over:
            break
        legal = game.legal_actions()
        pick = bots[legal[0]["player"]].choose(game, legal, rng) if step % 2 else rng.choice(legal)
        game.apply(pick)
    for lang in (None, "en", "ru"):
        game.view(0, lang=lang)
    if not game.over:
        game.clone().apply(game.legal_actions()[0])
    Game.from_json(rules, game.to_json())


@pytest.mark.parametrize("engine", ["compiled", "interpreter"])
@pytest.mark.parametrize("pack", sorted(shipped_packs()))
def test_rules_hold_the_declared_fields_and_no_other(pack, engine):
    rules = Rules.from_ir(compiled_pack(pack).ir, engine=engine)
    assert set(vars(rules)) == DECLARED
    low = (rules.players or {}).get("min", 2)
    _exercise(rules, max(2, low))
    assert set(vars(rules)) - DECLARED == set(), "a module kept a field the Rules do not declare"
    assert DECLARED - set(vars(rules)) == set()

