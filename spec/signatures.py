"""The one table of what the language can do.

Every primitive statement and every built-in function is one entry here. The
checker validates calls against it, the IR schema lists its names, the
runtime dispatches on it (`runtime/engine/primitives.py` and `runtime/engine/functions.py`
implement each entry under the same name), and `waybill docs` renders it.
Adding a primitive is one entry here and one function there.

Parameter types are the checker's coarse types: ``int``, ``str``, ``bool``,
``any``, ``list``, ``player``, ``piece``, ``zone``, ``counter``, ``die``,
``table``, ``track``, ``entity``, ``space``, ``region``, ``kind``.

Return types are precise: what the implementation hands back whatever it is
given, for every call that returns (one that cannot answer raises):
``list of pieces``, ``list of players``, ``list of entities``, ``list of
spaces``, ``piece or none``, ``player or none`` and the like; ``any`` where it
depends on content (a table's row, a list's item). The compiled engine's
static types (runtime/compiled/exprtypes.py) are read from them. A function
that hands back one of its arguments (``abs``, ``lowest``) is marked
``hands_back``: its result has the declared type only when its arguments
have theirs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

REQUIRED = object()


@dataclass(frozen=True)
class Param:
    name: str
    type: str
    default: object = REQUIRED

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


@dataclass(frozen=True)
class Signature:
    name: str
    params: tuple[Param, ...]
    returns: str | None
    doc: str
    emits: tuple[str, ...] = field(default=())
    hands_back: bool = False     # the result is one of the arguments (see the module)

    @property
    def min_args(self) -> int:
        return sum(1 for p in self.params if p.required)

    @property
    def max_args(self) -> int:
        return len(self.params)


def _sig(name: str, params: str, returns: str | None, doc: str, emits: tuple[str, ...] = (),
         hands_back: bool = False) -> Signature:
    """Build a signature from a compact ``"name:type, name:type=default"`` string."""
    out = []
    for chunk in filter(None, (c.strip() for c in params.split(","))):
        decl, _, default = chunk.partition("=")
        pname, _, ptype = decl.partition(":")
        out.append(Param(pname.strip(), ptype.strip(), _default(default.strip()) if default else REQUIRED))
    return Signature(name, tuple(out), returns, doc, emits, hands_back)


def _default(text: str) -> object:
    if text == "none":
        return None
    if text.lstrip("-").isdigit():
        return int(text)
    return text.strip('"')


PRIMITIVES: dict[str, Signature] = {s.name: s for s in [
    _sig("gain", "counter:counter, amount:int, who:player=none", None,
         "Add `amount` to a counter (of `who`, default the acting player).", ("gained",)),
    _sig("lose", "counter:counter, amount:int, who:player=none", None,
         "Take up to `amount` from a counter; it stops at the counter's minimum.", ("lost",)),
    _sig("pay", "counter:counter, amount:int, who:player=none", None,
         "Take exactly `amount` from a counter; stops the effect if there is not enough.", ("paid",)),
    _sig("move", "piece:piece, to:zone, position:str=\"top\"", None,
         "Move a piece to a zone (top or bottom of an ordered zone).", ("moved",)),
    _sig("move_all", "source:zone, to:zone", "list",
         "Move every piece of a zone to another zone; returns the pieces.", ("moved",)),
    _sig("draw", "source:zone, to:zone, n:int=1, position:str=\"top\"", "list",
         "Move up to `n` pieces from the top of `source` to `to`; returns them.", ("moved",)),
    _sig("shuffle", "zone:zone", None, "Put a zone's pieces in random order.", ("shuffled",)),
    _sig("roll", "die:die, n:int=1, who:player=none", "list",
         "Roll `n` of a die; returns the faces.", ("rolled",)),
    _sig("create", "entity:entity, to:zone", "piece",
         "Bring a new piece of an entity into play (for unlimited supplies).", ("moved",)),
    _sig("destroy", "piece:piece", None, "Take a piece out of the game.", ("moved",)),
    _sig("reveal", "piece:piece, to:any=none", None,
         "Show a piece to every player, or with `to` to that player (or those players: a list) only; "
         "whoever is shown it keeps knowing it until it moves.", ("revealed",)),
    _sig("start_round", "", None, "Begin a new round: count it and reset per-round limits.", ("round_started",)),
    _sig("start_turn", "who:player", None, "Begin a player's turn: they become current; per-turn limits reset.",
         ("turn_started",)),
    _sig("win", "who:player", None, "End the game now with `who` (and its side, with `teams` or "
         "`cooperative`) as the winner."),
    _sig("end_game", "limit:bool=none", None, "End the game now; players are ranked by the game's score "
         "(the best side wins, sides tied there share the win; a cooperative game is lost). `limit: true`: "
         "the rules' own cap ended it (a round limit), and `sim` counts it apart."),
]}

FUNCTIONS: dict[str, Signature] = {s.name: s for s in [
    _sig("size", "of:any", "int", "Number of items in a list or pieces in a zone."),
    _sig("pieces", "zone:zone", "list of pieces", "The pieces in a zone (top first for ordered zones)."),
    _sig("top", "zone:zone", "piece or none", "The top piece of a zone, or none."),
    _sig("zone_of", "piece:piece", "zone or none", "The zone a piece is in, or none."),
    _sig("space_of", "piece:piece", "space or none", "The space a piece stands on, or none."),
    _sig("adjacent", "space:space", "list of spaces", "The spaces adjacent to a space."),
    _sig("spaces", "tag:str=none", "list of spaces", "Every space, or those with a tag."),
    _sig("region_of", "space:space, tag:str=none", "region or none", "The (first) region holding a space, or none."),
    _sig("spaces_in", "region:region", "list of spaces", "The spaces of a region."),
    _sig("regions", "tag:str=none", "list of regions", "Every region, or those with a tag."),
    _sig("distance", "a:space, b:space", "int", "Fewest steps between two spaces (-1 if unreachable)."),
    _sig("has_tag", "thing:any, tag:str", "bool", "Whether a piece, entity, space or region has a tag."),
    _sig("players", "", "list of players", "Every player, in seat order."),
    _sig("turn_order", "start:player", "list of players", "Every player in seat order, beginning with `start`."),
    _sig("opponents", "who:player", "list of players", "Every other player, in seat order after `who`."),
    _sig("next_player", "who:player", "player", "The player after `who` in seat order."),
    _sig("player", "index:int", "player", "The player in seat `index` (0-based)."),
    _sig("current_player", "", "player or none", "The player whose turn it is (none between turns)."),
    _sig("team_of", "who:player", "any", "The side of a player: the game's `teams` value of it (its seat "
         "number without teams; 0 for all in a cooperative game)."),
    _sig("teammates", "who:player", "list of players", "The other players on `who`'s side, in seat order."),
    _sig("players_in", "", "list of players", "The players not eliminated (the game's `eliminated`), in seat order; "
         "every player without it."),
    _sig("winning_players", "", "list of players", "The players who won, once the game is over (empty before, and when "
         "nobody won)."),
    _sig("round_number", "", "int", "How many rounds have started."),
    _sig("pieces_of", "entity:entity", "list of pieces", "Every piece of an entity that is in play."),
    _sig("entities", "kind:kind", "list of entities", "Every entity of a kind (definitions, not pieces)."),
    _sig("lookup", "table:table, value:int", "any", "The value of the table row holding `value`."),
    _sig("abs", "x:int", "int", "Absolute value.", hands_back=True),
    _sig("lowest", "a:int, b:int", "int", "The smaller of two numbers.", hands_back=True),
    _sig("highest", "a:int, b:int", "int", "The larger of two numbers.", hands_back=True),
    _sig("first", "items:list", "any", "The first item of a list, or none."),
    _sig("last", "items:list", "any", "The last item of a list, or none."),
    _sig("contains", "items:list, item:any", "bool", "Whether a list holds an item."),
    _sig("uses", "action:str, who:player=none, per:str=\"round\"", "int",
         "How many times a player has taken an action this turn, round or game."),
    _sig("text_of", "value:any", "text", "A readable name for a value (for logs)."),
    _sig("actions_open", "tag:str, who:player=none", "int",
         "How many live actions with a tag a player may take now (what `act ... tagged` would offer). "
         "An action must not ask this about its own tag in its `require`."),
]}

# Events the runtime itself emits, with their payload fields (a trigger's
# `where` and body see these names). Content declares its own with `event`.
EVENTS: dict[str, tuple[str, ...]] = {
    "gained": ("who", "counter", "amount"),
    "lost": ("who", "counter", "amount"),
    "paid": ("who", "counter", "amount"),
    "moved": ("piece", "source", "to"),
    "shuffled": ("zone",),
    "rolled": ("who", "die", "faces"),
    "revealed": ("piece",),
    "round_started": ("round",),
    "turn_started": ("who",),
    "acted": ("who", "action"),
}

# One line on each built-in event, for `waybill docs` (the payload is in EVENTS).
EVENT_DOCS: dict[str, str] = {
    "gained": "A counter went up through `gain`.",
    "lost": "A counter went down through `lose` (`amount` is what was really taken).",
    "paid": "A player paid through `pay`.",
    "moved": "A piece moved from `source` to `to` (also when created or destroyed).",
    "shuffled": "A zone was shuffled.",
    "rolled": "Dice were rolled; `faces` holds the results.",
    "revealed": "A piece was shown, to everyone or (with `to`) to one player.",
    "round_started": "A new round began (`start_round`).",
    "turn_started": "A player's turn began (`start_turn`).",
    "acted": "A player took an action; `action` is its id.",
}

# The statements of the language (not primitives: they are grammar), with the
# form they are written in and one line on what they do, for `waybill docs`.
STATEMENTS: dict[str, tuple[str, str]] = {
    "let": ("let NAME = EXPR", "Bind a local name to a value (or to what a primitive, procedure or choice gives)."),
    "set": ("set TARGET = EXPR  |  set TARGET += EXPR  |  set TARGET -= EXPR",
            "Change a local, a counter or a piece's property."),
    "if": ("if COND { ... } else if COND { ... } else { ... }", "Run the first block whose condition holds."),
    "for": ("for NAME in EXPR where COND { ... }", "Run the block once for each item of a list or zone that passes."),
    "repeat": ("repeat N { ... }", "Run the block N times."),
    "while": ("while COND { ... }", "Run the block as long as the condition holds (bounded by the runtime's budget)."),
    "break": ("break", "Leave the innermost loop."),
    "stop": ("stop", "End the current effect (or procedure) now."),
    "return": ("return EXPR", "End a procedure and give its value."),
    "call": ("PRIMITIVE(ARGS)  |  PROCEDURE(ARGS)", "Run a primitive from the table above, or a procedure of the pack."),
    "emit": ("emit EVENT(ARGS)", "Announce an event that the pack declares; its triggers run after this effect."),
    "require": ("require COND, \"message\"", "Stop the effect when the condition fails; leading requires make an "
                "action legal only when they hold."),
    "log": ("log \"text with {holes}\"", "Write a line to the game log."),
    "resolve": ("resolve TABLE EXPR", "Run the effect of the table row holding the value."),
    "choose": ("choose \"prompt\" { \"label\" when COND: ... }", "Ask a player to pick one option of a menu."),
    "choose any": ("choose any \"prompt\" { ... }", "Ask a player to pick any of the options, each at most once, "
                   "then \"done\"."),
    "may": ("may \"prompt\" { ... } else { ... }", "Ask a player yes or no."),
    "choose from": ("let x = choose \"prompt\" from EXPR where COND",
                    "Ask a player to pick one item of a list or zone."),
    "choose N": ("let xs = choose N from EXPR  |  choose up to N from EXPR",
                 "Ask a player to pick exactly N (or up to N) items; gives a list."),
    "choose amount": ("let n = choose \"prompt\" amount LO..HI", "Ask a player for a number in a range."),
    "choose order": ("let xs = choose order EXPR", "Ask a player to put items in an order."),
    "act": ("act by P tagged TAG optional  |  let a = act ...",
            "Let a player take one live action with the tag (or pass, when optional)."),
    "action": ("action NAME \"title\" { tags: T  limit N per round  require ...  ... }",
               "An ability: a move a player may take while its requirements hold."),
    "on": ("on EVENT where COND { ... }", "An ability: a trigger that runs after an effect emits the event."),
    "modify": ("modify QUANTITY(ARGS) + EXPR where COND",
               "An ability: a static change (+ - * =) to a quantity whenever it is read."),
    "instead of": ("instead of PROCEDURE where COND { ... }",
                   "An ability: a replacement that runs instead of a procedure call."),
}
