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

import ast
import hashlib
import json
import random
import re
from pathlib import Path

import pytest

from waybill import load_pack
from waybill import make_bot
from waybill import Game

BOT_DIR = Path(__file__).parents[2] / "bots"
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
@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2)])
def test_bot_plays_the_same_game_whatever_the_words(pack, players, seed):
    assert play(pack, players, seed, PseudoGame) == play(pack, players, seed)


def test_text_the_rules_built_reads_as_its_id_and_holes():
    # what a bot reads instead of "Stack 3" or "Cargo Hold → General Storage (empty)": the
    # value is kept as data (the message and its values), each hole given in the engine's words
    reader = Game.new(load_pack("weds"), players=3, seed=1).seat_reader(0)
    stack = {"text": "ent-vision_quest_contract-action-take_vision_quest-str1", "arg1": 3}
    assert reader.text_parts(stack) == ("ent-vision_quest_contract-action-take_vision_quest-str1", {"arg1": "3"})
    hold = {"text": "quantity-hold_label-str1", "arg1": {"entity": "general_hold"}, "arg2": "empty"}
    assert reader.text_parts(hold) == (
        "quantity-hold_label-str1", {"arg1": "Cargo Hold → General Storage", "arg2": "empty"})
    # words are no longer read back into an id
    assert reader.text_parts("Stack 3") == (None, {})
    assert reader.text_parts("an empty slot") == ("proc-damage_point-str1", {})
    assert reader.text_parts("words no rule builds") == (None, {})


def test_pseudo_words_share_no_english_prefix():
    # the test above can fail only if an English match misses the pseudo words
    for s in ("pass", "Drive where?", "Move your truck", "Stack 3", "done"):
        assert not pseudo(s).startswith(s[:2]) and s not in pseudo(s)


# ---- no English in the bots' source -------------------------------------------------

ENGINE_WORDS = {"pass", "done", "yes", "no"}      # the engine's answers (spec/locales/en.ftl)
ID_SHAPED = re.compile(r"[a-z0-9_.\-]*\Z")        # a content or message id: `deliver_cargo`, `engine-done`


def _english(rules) -> set[str]:
    """The literal words of the pack's messages (a message with holes: each piece between them)."""
    out = set()
    for msg in rules.messages.by_id.values():
        text = msg.text
        parts = [text] if isinstance(text, str) else (text.get("parts") or []) if isinstance(text, dict) else []
        out |= {p.strip() for p in parts if isinstance(p, str) and p.strip()}
    return out


def _literals(source: str) -> list[tuple[int, str]]:
    """The string constants of a module, docstrings left out."""
    tree = ast.parse(source)
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef)) and n.body
            and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


def english_literals(source: str, english: set[str]) -> list[tuple[int, str]]:
    """Literals a bot could only use to match words: an engine answer, or a
    non-id string that is (part of) a label or prompt of the pack."""
    bad = []
    for line, s in _literals(source):
        if s in ENGINE_WORDS:
            bad.append((line, s))
        elif len(s) >= 4 and not ID_SHAPED.match(s) and any(s in t for t in english):
            bad.append((line, s))
    return bad


# The WEDS bot reads a faction job's requirements from the card's printed text
# (`_Seen.job_reqs`: the rules' data, the same in every language, never a
# label or a prompt); these pieces of that text also occur in labels.
PRINTED_TEXT = {"weds": {"Deliver", " and ", "an artifact"}}


@pytest.mark.parametrize("pack", sorted(BOTS))
def test_bot_source_holds_no_english_words(pack):
    source = (BOT_DIR / f"{pack}.py").read_text(encoding="utf-8")
    found = english_literals(source, _english(load_pack(pack)))
    assert [(line, s) for line, s in found if s not in PRINTED_TEXT.get(pack, ())] == []


def test_an_english_match_is_found():
    # the check above can fail: a prompt prefix and an engine answer are caught
    english = _english(load_pack("weds"))
    planted = 'if prompt.startswith("Drive where"):\n    pick = by_label(legal, "done")\n'
    assert [s for _, s in english_literals(planted, english)] == ["Drive where", "done"]
