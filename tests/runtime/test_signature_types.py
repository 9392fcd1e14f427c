"""One table of types: the compiled engine's static type of a built-in
function's call is its signature's return type (spec/signatures.py, read
by runtime/compiled/exprtypes.py's ``call_type``), so the promise is made
once and must be true. spec/signatures.py:

    "Return types are precise: what the implementation hands back whatever
    it is given, for every call that returns (one that cannot answer raises)"

Each function whose return type the compiled engine has a type for is called
here with every combination of a spread of values (players, pieces, zones,
numbers, texts, none), on games at their start, in play (WEDS, with spaces),
over, and with no current player; whatever it returns has the declared shape. A function that hands
back an argument is checked with arguments of its declared types only.
"""

from __future__ import annotations

import itertools
import random

import pytest

from tests.wbkit import compiled_pack
from waybill import Game, Rules
from waybill.runtime.compiled.exprtypes import call_type
from waybill.runtime.engine.functions import IMPLS
from waybill.runtime.engine.limits import armed
from waybill.spec.signatures import FUNCTIONS


def _shape(v, t: str) -> bool:
    if t.endswith("?"):
        return v is None or _shape(v, t[:-1])
    one = {"piece": "piece", "player": "player", "entity": "entity"}
    if t in one:
        return type(v) is dict and set(v) == {one[t]}
    if t in ("pieces", "players", "entities"):
        return type(v) is list and all(_shape(x, t[:-1] if t != "entities" else "entity") for x in v)
    return type(v) is {"int": int, "bool": bool}[t]


def _played(pack: str, players: int, steps: int) -> Game:
    g = Game.new(Rules.from_ir(compiled_pack(pack).ir, engine="compiled"), players=players, seed=4)
    rng = random.Random(4)
    for _ in range(steps):
        if g.over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.fixture(scope="module")
def games():
    # WEDS (spaces, regions) at its start and in play; a game over (winners
    # named); one whose seats act at once (no current player)
    return [_played("weds", 3, 0), _played("weds", 3, 40), _played("tests/packs/dice_race", 3, 100),
            _played("tests/packs/throws_at_once", 3, 2)]


def _values(g: Game) -> list:
    m = g.m
    zones = [m.L.z_ref[i] for i in range(0, len(m.L.z_ref), max(1, len(m.L.z_ref) // 6))]
    kinds = sorted(m.R.kind_entities)[:2]
    spaces = list(m.R.space_order or ())[:2]
    pieces = [{"piece": p} for p in (0, 7) if p < len(m.st.p_ent)]
    entities = [{"entity": e} for e in sorted(m.R.entities)[:2]]
    return ([{"player": 0}, {"player": 2}, None, 0, 1, -1, 5, True, "", "turn"]
            + pieces + entities + zones + kinds + spaces)


def test_the_declared_types_are_what_the_functions_return(games):
    checked = 0
    assert games[2].over and games[3].state.current is None
    for game in games:
        m = game.m
        values = _values(game)
        for name, sig in FUNCTIONS.items():
            t = call_type(name, [call_type_word(p.type) for p in sig.params])
            if t is None:
                continue
            for n in range(sig.min_args, sig.max_args + 1):
                pools = [values] * n
                if sig.hands_back:      # its promise holds for arguments of the declared types
                    pools = [[v for v in values if type(v) is int] for _ in range(n)]
                for args in itertools.product(*pools):
                    with armed(m):
                        try:
                            v = IMPLS[name](m, {"me": {"player": 1}}, *args)
                        except Exception:       # (cannot answer: raises, as the promise allows)
                            continue
                    assert _shape(v, t), (name, args, v)
                    checked += 1
    assert checked > 2000


def call_type_word(ptype: str):
    """The static type exprtypes has for a parameter's declared type (int, player, ...)."""
    return {"int": "int", "bool": "bool", "player": "player", "piece": "piece"}.get(ptype)


def test_every_function_the_engine_types_is_a_declared_function():
    # exprtypes has no table of its own: an unknown name has no type, a
    # function whose return type it has no word for (`any`, spaces) neither
    assert call_type("no_such_function", []) is None
    assert call_type("first", [None]) is None and call_type("adjacent", [None]) is None
    assert call_type("top", [None]) == "piece?" and call_type("players", []) == "players"
    # handing back an argument: the declared type only of declared arguments
    assert call_type("abs", ["int"]) == "int" and call_type("abs", [None]) is None
    assert call_type("lowest", ["int", "int"]) == "int" and call_type("lowest", ["int", "bool"]) is None
