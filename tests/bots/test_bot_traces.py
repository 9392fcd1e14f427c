"""The shipped bots choose exactly as they did before they matched declared
names and read structured card fields (issue 24: "The shipped bots choose
exactly as before (the same action at every decision over the same seeds)").

``traces/*.json`` were recorded by ``choice_traces.py`` from the bots as
they were; here each game is played again and every choice compared.
"""

from __future__ import annotations

import json

import pytest

from waybill import load_pack

from .choice_traces import GAMES, _code, path, trace


@pytest.mark.parametrize("name,pack,variants,players,seeds", GAMES, ids=[g[0] for g in GAMES])
def test_every_choice_is_the_recorded_one(name, pack, variants, players, seeds):
    with open(path(name)) as f:
        want = json.load(f)
    assert (want["pack"], tuple(want["variants"]), want["players"]) == (pack, variants, players)
    rules = load_pack(pack, variants=variants)
    for seed in seeds:
        got = "".join(_code(i) for i in trace(rules, players, seed))
        old = want["games"][str(seed)]
        first = next((i for i, (a, b) in enumerate(zip(got, old)) if a != b), min(len(got), len(old)))
        assert got == old, f"{name} seed {seed}: the choices part at decision {first} of {len(old)}"
