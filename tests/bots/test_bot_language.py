"""The hand-written bots match ids, never English words (docs/I18N.md,
"Matching by id": "bots and scenarios never see a translation").

Each bot plays a game in which every word it could read — the labels of
`legal_actions()`, the prompt of the pending decision (from `game.pending`
and from `seat_reader(seat).pending()`) — is pseudo-localised, and must play
exactly the game it plays in English: the same final save. A bot that
compares a label or a prompt with an English literal takes another branch
in the pseudo game, and the saves differ.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from waybill import load_pack
from waybill.bots import make_bot
from waybill.runtime import Game

BOTS = {"weds": "weds_heuristic", "badlands": "badlands_heuristic", "warfare": "warfare_heuristic"}


def pseudo(text):
    """A pseudo-locale's words: no English literal is a prefix or part of them."""
    return f"⟦{text.upper()[::-1]}⟧" if isinstance(text, str) else text


def _pseudo_pending(p):
    if p is None or "prompt" not in p:
        return p
    return {**p, "prompt": pseudo(p["prompt"])}


class _PseudoReader:
    def __init__(self, reader):
        self._r = reader

    def pending(self):
        return _pseudo_pending(self._r.pending())

    def __getattr__(self, name):
        return getattr(self._r, name)


class PseudoGame:
    """A game as a bot sees it in a language whose every word differs from English."""

    def __init__(self, game: Game):
        self._g = game

    def legal_actions(self) -> list[dict]:
        return [{**a, "label": pseudo(a["label"])} for a in self._g.legal_actions()]

    @property
    def pending(self):
        return _pseudo_pending(self._g.pending)

    def seat_reader(self, seat):
        return _PseudoReader(self._g.seat_reader(seat))

    def clone(self) -> "PseudoGame":
        return PseudoGame(self._g.clone())

    def apply(self, action: dict) -> None:
        self._g.apply(self._g.legal_actions()[action["option"]])

    def view(self, *args, **kwargs):
        raise AssertionError("the bot reads a whole view: pseudo-localise its words here too")

    def __getattr__(self, name):
        return getattr(self._g, name)


def play(pack: str, players: int, seed: int, wrap=None, rounds: int = 200) -> str:
    """The hash of the final save of a bot game (optionally seen through `wrap`)."""
    rules = load_pack(pack)
    game = Game.new(rules, players=players, seed=seed)
    seen = wrap(game) if wrap else game
    bots = [make_bot(BOTS[pack], rules) for _ in range(players)]
    rng = random.Random(seed)
    while not game.over and game.state.round <= rounds:
        legal = seen.legal_actions()
        seen.apply(bots[legal[0]["player"]].choose(seen, legal, rng))
    return hashlib.sha256(json.dumps(game.to_json(), sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize("pack", sorted(BOTS))
def test_bot_plays_the_same_game_whatever_the_words(pack):
    assert play(pack, 3, 1, PseudoGame) == play(pack, 3, 1)


def test_pseudo_words_share_no_english_prefix():
    # the test above can fail only if an English match misses the pseudo words
    for s in ("pass", "Drive where?", "Move your truck", "Stack 3", "done"):
        assert not pseudo(s).startswith(s[:2]) and s not in pseudo(s)
