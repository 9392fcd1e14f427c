"""Secret picks revealed together (tests/packs/secret_throws, rule 2: "every player
secretly plays one card face down"; rule 3: "When all have played, the cards are
revealed"): until the reveal, no seat's view, options or log names another seat's
pick; after it, every seat sees every pick."""

from __future__ import annotations

import json
import random

import pytest

from tests.wbkit import pack_path
from waybill import Game, load_pack

NAMES = {"rock", "paper", "scissors", "Rock", "Paper", "Scissors"}


def _seen_picks(g: Game, seat: int) -> set[str]:
    """The entities of the cards in other seats' `played` zones that `seat` can name."""
    view = g.view(seat, log=True, zones=True)
    out = set()
    for z in view["zones"]:
        if z["zone"] == "played" and z["of"] != seat:
            out |= {p["entity"] for p in z.get("pieces", []) if p.get("entity")}
    return out


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_no_seat_sees_another_pick_before_the_reveal(players, seed):
    g = Game.new(load_pack(pack_path("tests/packs/secret_throws")), players, seed=seed)
    rnd = random.Random(seed)
    for done in range(1, 4):
        for picker in range(players):
            assert g.pending["player"] == picker
            before = {s: json.dumps(g.view(s, log=True)["log"]) for s in range(players)}
            g.apply(rnd.choice(g.legal_actions()))
            if picker < players - 1:         # not revealed yet: the others cannot tell what was played
                for s in range(players):
                    if s != picker:
                        assert _seen_picks(g, s) == set(), (s, picker)
                        new_log = json.dumps(g.view(s, log=True)["log"])[len(before[s]) - 1:]
                        assert not any(f'"{n}' in new_log for n in ("rock", "paper", "scissors")), new_log
                assert all(a["player"] == picker + 1 for a in g.legal_actions())
            if g.over:
                return
        # after the reveal every seat read every card in the log (it is back in its hand)
        for s in range(players):
            texts = [e.get("text", "") for e in g.view(s, log=True)["log"]]
            assert sum(1 for t in texts if " shows " in t) == players * done
