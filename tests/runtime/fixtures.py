"""A complete tiny game written directly as IR: a dice race with hidden hands.

Each player has a pawn on the first space of a twenty-space track and a hidden
hand of cards. On a turn a player either rolls the die and moves that far,
or plays a card from hand to move its ``bonus`` (then draws). A global rule
notes every pawn passing the middle; a card on the table ("Tailwind") gives
its owner +1 on every roll via a modifier. The first pawn at the end wins.
"""

from __future__ import annotations

from .ir import (act, attr, base_ir, bin, call, for_, if_, index, let, log, prim, quantity,
                 ref, set_, text, var, while_)

SPACES = [f"s{i}" for i in range(20)]
END = len(SPACES) - 1
MIDDLE = SPACES[END // 2]


def _at(line: int) -> list:
    return [0, line, 1]


def dice_race_ir() -> dict:
    me = var("me")
    advance = [
        let("pos", call("lowest", bin("+", attr(var("who"), "position"), var("n")), END)),
        set_(attr(var("who"), "position"), var("pos")),
        for_("q", call("pieces_of", ref("entity", "pawn")),
             [prim("move", var("q"), index(ref("track", "path"), var("pos")))],
             where=bin("==", attr(var("q"), "owner"), var("who"))),
        if_(bin(">=", var("pos"), END), [prim("win", var("who"))]),
    ]
    roll_effect = [
        prim("roll", ref("die", "d6"), into="r"),
        {"do": "call", "proc": "advance", "args": [me, quantity("stride", me, index(var("r"), 0))],
         "into": None, "at": _at(20)},
        log(text(me, " rolled ", index(var("r"), 0))),
    ]
    play_card_effect = [
        {"do": "pick", "by": None, "prompt": "Play which card?", "from": attr(me, "hand"),
         "where": None, "var": "c", "count": None, "up_to": False, "into": "card"},
        prim("move", var("card"), ref("zone", "discard")),
        {"do": "call", "proc": "advance", "args": [me, attr(var("card"), "bonus")], "into": None},
        prim("draw", ref("zone", "deck"), attr(me, "hand")),
    ]
    return base_ir(
        pack={"id": "race", "name": "Dice Race", "variants": []},
        files=["race.wb"],
        players={"min": 2, "max": 4},
        counters=[{"id": "position", "name": "Position", "scope": "player", "initial": 0,
                   "min": 0, "max": END, "display": None, "resource": False}],
        kinds=[{"id": "card", "fields": [{"name": "bonus", "type": "int", "default": 1}]},
               {"id": "pawn", "fields": []},
               {"id": "charm", "fields": []}],
        zones=[
            {"id": "deck", "name": "Deck", "scope": "global", "ordered": True, "capacity": None,
             "accepts": None, "visible": "none", "active": False},
            {"id": "discard", "name": "Discard", "scope": "global", "ordered": True, "capacity": None,
             "accepts": None, "visible": "all", "active": False},
            {"id": "hand", "name": "Hand", "scope": "player", "ordered": False, "capacity": None,
             "accepts": ["card"], "visible": "owner", "active": False},
            {"id": "table", "name": "Table", "scope": "player", "ordered": False, "capacity": None,
             "accepts": None, "visible": "all", "active": True},
        ],
        spaces=[{"id": s, "name": f"Space {i}", "tags": ["middle"] if s == MIDDLE else [],
                 "adjacent": [t for t in (SPACES[i - 1] if i else None,
                                          SPACES[i + 1] if i < END else None) if t]}
                for i, s in enumerate(SPACES)],
        dice=[{"id": "d6", "faces": [1, 2, 3, 4, 5, 6]}],
        tracks=[{"id": "path", "values": SPACES}],
        events=[{"id": "passed_middle", "params": [{"name": "who", "type": "player"}]}],
        quantities=[{"id": "stride", "params": [{"name": "who", "type": "player"},
                                                 {"name": "base", "type": "int"}],
                     "value": var("base")}],
        procedures=[{"id": "advance", "params": [{"name": "who", "type": "player"},
                                                  {"name": "n", "type": "int"}],
                     "body": advance, "at": _at(10)}],
        entities=[
            {"id": "pawn", "kind": "pawn", "name": "Pawn", "text": "", "fields": {}, "copies": 1,
             "start": {"zone": "s0", "each_player": True}, "tags": [], "abilities": []},
            {"id": "step", "kind": "card", "name": "Step", "text": "Move 1.", "fields": {"bonus": 1},
             "copies": 6, "start": {"zone": "deck", "each_player": False}, "tags": [], "abilities": []},
            {"id": "leap", "kind": "card", "name": "Leap", "text": "Move 3.", "fields": {"bonus": 3},
             "copies": 3, "start": {"zone": "deck", "each_player": False}, "tags": [], "abilities": []},
            {"id": "tailwind", "kind": "charm", "name": "Tailwind", "text": "+1 to your rolls.",
             "fields": {}, "copies": 1, "start": None, "tags": [], "abilities": [
                 {"type": "modifier", "quantity": "stride", "args": [var("owner"), None], "op": "+",
                  "value": 1, "where": None, "at": _at(30)}]},
        ],
        rules=[
            {"type": "action", "id": "roll", "name": "Roll the die", "tags": ["turn"], "limit": None,
             "require": [], "effect": roll_effect, "at": _at(40)},
            {"type": "action", "id": "play", "name": "Play a card", "tags": ["turn"],
             "limit": {"count": 1, "per": "game"},
             "require": [{"expr": bin(">", call("size", attr(me, "hand")), 0), "message": None}],
             "effect": play_card_effect, "at": _at(41)},
            {"type": "trigger", "event": "moved", "at": _at(42),
             "where": bin("and", bin("==", var("to"), MIDDLE), bin("!=", var("source"), None)),
             "effect": [{"do": "emit", "event": "passed_middle",
                         "args": {"who": attr(var("piece"), "owner")}}]},
            {"type": "trigger", "event": "passed_middle", "where": None, "at": _at(43),
             "effect": [log(text(var("who"), " reached the middle"))]},
        ],
        setup=[
            prim("shuffle", ref("zone", "deck")),
            for_("p", call("players"), [prim("draw", ref("zone", "deck"), attr(var("p"), "hand"), 2)]),
            prim("create", ref("entity", "tailwind"), attr(call("player", 0), "table")),
        ],
        play=[while_(True, [
            prim("start_round"),
            for_("p", call("players"), [
                prim("start_turn", var("p")),
                act(["turn"], by=var("p")),
            ]),
        ], at=_at(50))],
        score={"op": "attr", "of": var("me"), "name": "position"},
    )
