"""The syntax tree: plain dataclasses, each with the span it came from."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Iterator, Union

from .diagnostics import Span


@dataclass
class Node:
    span: Span


def walk(roots) -> Iterator[Node]:
    """Every node in or under `roots` (a node, or a list of nodes and
    lists), without recursion: a tree a designer wrote may be deep."""
    stack = [roots]
    while stack:
        n = stack.pop()
        if isinstance(n, Node):
            yield n
            stack.extend(getattr(n, f.name) for f in fields(n) if f.name != "span")
        elif isinstance(n, list):
            stack.extend(n)


# ---- expressions -------------------------------------------------------------

@dataclass
class Name(Node):
    id: str


@dataclass
class Literal(Node):
    value: object  # int, str, bool or None
    name: str | None = None  # `"stop here" as stop`: a text value's declared name


@dataclass
class Text(Node):
    """A string with `{expr}` holes; parts are str or Expr."""
    parts: list
    name: str | None = None  # `"Pile {n}" as pile`: its declared name


@dataclass
class ListLit(Node):
    items: list


@dataclass
class RangeLit(Node):
    lo: "Expr"
    hi: "Expr"


@dataclass
class Attr(Node):
    obj: "Expr"
    name: str
    name_span: Span


@dataclass
class Index(Node):
    obj: "Expr"
    index: "Expr"


@dataclass
class KwArg(Node):
    name: str
    value: "Expr"


@dataclass
class Call(Node):
    fn: str
    fn_span: Span
    args: list  # Expr or KwArg


@dataclass
class Binary(Node):
    op: str
    left: "Expr"
    right: "Expr"


@dataclass
class Unary(Node):
    op: str  # "not" | "neg"
    operand: "Expr"


@dataclass
class Cond(Node):
    test: "Expr"
    then: "Expr"
    orelse: "Expr"


@dataclass
class Aggregate(Node):
    fn: str
    var: str | None
    coll: "Expr"
    where: "Expr | None"
    value: "Expr | None"
    by: "Expr | None" = None    # `[each c in xs by c.value]`: ordered by this key


Expr = Union[Name, Literal, Text, ListLit, RangeLit, Attr, Index, Call, Binary, Unary, Cond, Aggregate]


# ---- statements --------------------------------------------------------------

@dataclass
class Let(Node):
    name: str
    value: object  # Expr or a chooser


@dataclass
class Set(Node):
    target: Expr
    op: str  # "=", "+=", "-="
    value: Expr


@dataclass
class If(Node):
    test: Expr
    body: list
    orelse: list


@dataclass
class For(Node):
    var: str
    coll: Expr
    where: Expr | None
    body: list


@dataclass
class Repeat(Node):
    count: Expr
    body: list


@dataclass
class While(Node):
    test: Expr
    body: list


@dataclass
class Option(Node):
    label: str | Text  # Text when it has `{expr}` holes
    when: Expr | None
    body: list
    name: str | None = None  # `"Heal" as heal: ...`: the option's declared name


@dataclass
class Choose(Node):
    mode: str  # "one" | "any"
    by: Expr | None
    prompt: str | Text | None  # Text when it has `{expr}` holes
    options: list
    name: str | None = None  # `as NAME` after the prompt: the decision's declared name
    each: "Each | None" = None  # `choose each p in SEATS { ... }`: refused (E430), a menu is one seat's


@dataclass
class May(Node):
    by: Expr | None
    prompt: str | Text | None  # Text when it has `{expr}` holes
    body: list
    orelse: list
    name: str | None = None  # `as NAME` after the prompt: the decision's declared name


@dataclass
class Act(Node):
    by: Expr | None
    tags: list
    optional: bool


@dataclass
class Each(Node):
    """`each p in SEATS` of a simultaneous decision: ``var`` is bound to each seat in turn."""
    var: str
    seats: Expr


@dataclass
class Pick(Node):
    by: Expr | None
    prompt: str | Text | None  # Text when it has `{expr}` holes
    count: Expr | None  # None: one element
    up_to: bool
    coll: Expr
    where: Expr | None
    name: str | None = None  # `as NAME` after the prompt: the decision's declared name
    each: "Each | None" = None  # `choose each p in SEATS ...`: asked of every seat at once


@dataclass
class Amount(Node):
    by: Expr | None
    prompt: str | Text | None  # Text when it has `{expr}` holes
    lo: Expr
    hi: Expr
    name: str | None = None  # `as NAME` after the prompt: the decision's declared name
    each: "Each | None" = None  # `choose each p in SEATS ...`: asked of every seat at once


@dataclass
class Order(Node):
    by: Expr | None
    prompt: str | Text | None  # Text when it has `{expr}` holes
    coll: Expr
    name: str | None = None  # `as NAME` after the prompt: the decision's declared name
    each: "Each | None" = None  # `choose each p in SEATS ...`: asked of every seat at once


@dataclass
class Emit(Node):
    event: str
    event_span: Span
    args: list


@dataclass
class Require(Node):
    test: Expr
    message: str | None


@dataclass
class Log(Node):
    text: Text


@dataclass
class Return(Node):
    value: Expr | None


@dataclass
class Break(Node):
    pass


@dataclass
class CallStmt(Node):
    call: Call


@dataclass
class Resolve(Node):
    table: str
    table_span: Span
    value: Expr


# ---- declarations ------------------------------------------------------------

@dataclass
class Prop(Node):
    name: str
    values: list  # empty for a bare flag


@dataclass
class Param(Node):
    name: str
    type: str | None


@dataclass
class Decl(Node):
    """Anything with a name that other code can refer to."""
    name: str
    name_span: Span
    title: str | None


@dataclass
class PackDecl(Decl):
    extends: str | None = None
    extends_span: Span | None = None


@dataclass
class Include(Node):
    path: str


@dataclass
class ResourceDecl(Decl):
    props: list = field(default_factory=list)


@dataclass
class CounterDecl(Decl):
    scope: str | None = None
    initial: Expr | None = None
    props: list = field(default_factory=list)


@dataclass
class FieldDecl(Node):
    name: str
    type: str
    is_list: bool
    default: Expr | None


@dataclass
class KindDecl(Decl):
    fields: list = field(default_factory=list)


@dataclass
class ZoneDecl(Decl):
    scope: str | None = None
    props: list = field(default_factory=list)


@dataclass
class SpaceDecl(Decl):
    props: list = field(default_factory=list)


@dataclass
class LinkDecl(Node):
    names: list  # [(name, span)]


@dataclass
class RegionDecl(Decl):
    props: list = field(default_factory=list)


@dataclass
class DrawDecl(Node):
    """`show NAME "Label"? { shape: token ... }` in a board: what is drawn on it."""
    name: str
    name_span: Span
    title: str | None = None
    props: list = field(default_factory=list)


@dataclass
class BoardDecl(Decl):
    spaces: list = field(default_factory=list)
    links: list = field(default_factory=list)
    regions: list = field(default_factory=list)
    draws: list = field(default_factory=list)
    extends: bool = False       # `extend board NAME { ... }`: adds to a board declared before


@dataclass
class DieDecl(Decl):
    faces: list = field(default_factory=list)


@dataclass
class TrackDecl(Decl):
    values: list = field(default_factory=list)


@dataclass
class TableRow(Node):
    lo: int
    hi: int
    value: Expr
    body: list | None


@dataclass
class TableDecl(Decl):
    rows: list = field(default_factory=list)


@dataclass
class EventDecl(Decl):
    params: list = field(default_factory=list)


@dataclass
class QuantityDecl(Decl):
    params: list = field(default_factory=list)
    value: Expr | None = None


@dataclass
class ProcedureDecl(Decl):
    params: list = field(default_factory=list)
    body: list = field(default_factory=list)


@dataclass
class InvariantDecl(Decl):
    test: Expr | None = None


@dataclass
class ActionDecl(Decl):
    limit: tuple | None = None  # (Expr, per, Span)
    tags: list = field(default_factory=list)
    text: str | None = None
    body: list = field(default_factory=list)
    props: list = field(default_factory=list)  # `tags: a, b`


@dataclass
class TriggerDecl(Node):
    event: str
    event_span: Span
    where: Expr | None
    body: list
    name: str | None = None        # `on EVENT as NAME`: what its message ids say instead of a count


@dataclass
class ModifierDecl(Node):
    quantity: str
    quantity_span: Span
    patterns: list  # Expr or None (wildcard)
    op: str
    value: Expr
    where: Expr | None


@dataclass
class ReplaceDecl(Node):
    target: str
    target_span: Span
    where: Expr | None
    body: list
    name: str | None = None        # `instead of P as NAME`: what its message ids say instead of a count


@dataclass
class Generator(Node):
    """`value in [1..104]` of a card template: a name and the values it takes."""
    name: str
    name_span: Span
    values: Expr


@dataclass
class EntityDecl(Decl):
    kind: str = ""
    kind_span: Span | None = None
    props: list = field(default_factory=list)
    text: str | None = None
    abilities: list = field(default_factory=list)
    # a template (`... for value in [1..104]`): its generators, and its name and
    # text with their `{expr}` holes parsed (the compiler makes one card per value)
    generators: list = field(default_factory=list)
    title_holes: Expr | None = None
    text_holes: Expr | None = None


@dataclass
class GameDecl(Node):
    title: str | None
    players: tuple | None = None  # (lo, hi, Span)
    limits: list | None = None    # the `limits { ... }` props, Span of `limits`: (props, Span)
    setup: list = field(default_factory=list)
    play: list = field(default_factory=list)
    score: Expr | None = None
    text: str | None = None
    cooperative: bool = False     # every seat is one side
    teams: Expr | None = None     # a seat's side, of `me`
    eliminated: Expr | None = None  # whether (and since when) a seat is out, of `me`


@dataclass
class DisplayItem(Node):
    """One line of a `display` part: `counter x "Label"`, `zone z "Label" grouped`,
    `quantity q "Label"` or `show "Label": expr`."""
    what: str                        # counter | zone | quantity | show
    name: str | None = None
    name_span: Span | None = None
    label: str | None = None
    flag: str | None = None          # `grouped` (zones)
    flag_span: Span | None = None
    expr: Expr | None = None


@dataclass
class DisplayPart(Node):
    part: str                        # panel | board
    items: list = field(default_factory=list)


@dataclass
class DisplayDecl(Node):
    parts: list = field(default_factory=list)


@dataclass
class BalanceDecl(Node):
    """`balance { choices: hero, quest.group  cards: helper }`: what a
    balance report compares; each value is a kind, or `kind.field`."""
    props: list = field(default_factory=list)


@dataclass
class BotDecl(Node):
    """`bot NAME { setting: value ... }`: the bot that plays the pack's empty seats."""
    name: str
    name_span: Span
    props: list = field(default_factory=list)


@dataclass
class BotScoreDecl(Node):
    """`score { expr }`: what search bots aim for, per seat (`me`)."""
    expr: Expr | None = None


@dataclass
class RemoveDecl(Node):
    name: str


@dataclass
class Replaces(Node):
    """`replaces DECL`: an extending pack's declaration meant to replace its base's."""
    decl: Decl


@dataclass
class ExtendKind(Node):
    """`extend kind K { field: T = default, ... }`: fields added to a base kind."""
    name: str
    name_span: Span
    fields: list = field(default_factory=list)


@dataclass
class Hook(Node):
    """`before deal_hands { ... }`, `after setup { ... }`: steps added around a
    procedure (every call of it) or around the whole setup."""
    when: str            # "before" | "after"
    target: str          # a procedure's name, or "setup"
    target_span: Span
    body: list = field(default_factory=list)


@dataclass
class ExtendSetup(Node):
    """`extend setup { ... }`: statements run after the base game's setup."""
    body: list = field(default_factory=list)


@dataclass
class VariantDecl(Decl):
    items: list = field(default_factory=list)
    text: str | None = None


@dataclass
class TextPattern(Node):
    """A label or prompt named in a scenario: the whole text, or (`~"..."`) any part of it."""
    text: str
    part: bool = False


@dataclass
class ScenarioStep(Node):
    # "do" | "answer" | "pass" | "pass_until" | "play_until" | "force" | "given" | "before_setup"
    # | "expect" | "expect_log" | "expect_offered" | "expect_not_offered" | "expect_over"
    # | "expect_winner" | "expect_rolled"
    kind: str
    label: str | None = None
    by: Expr | None = None
    name: str | None = None
    values: list = field(default_factory=list)
    test: Expr | None = None  # the condition of `expect`/`until`, the seat of `expect winner`
    message: str | None = None
    negated: bool = False  # `expect not ...`
    pattern: TextPattern | None = None  # `expect offered PATTERN`
    prompt: TextPattern | None = None  # `... for PROMPT`
    count: int | None = None  # `expect rolled d6 N times`
    body: list = field(default_factory=list)  # a `given` between steps


@dataclass
class ScenarioDecl(Decl):
    players: int | None = None
    seed: int = 1
    variants: list = field(default_factory=list)
    before: list = field(default_factory=list)  # `before setup { ... }`
    given: list = field(default_factory=list)
    steps: list = field(default_factory=list)
    text: str | None = None


@dataclass
class Module:
    """One parsed file."""
    path: str
    items: list
    # Names of declarations lost to syntax errors (their errors are reported;
    # the checker does not also call the name unknown). `game` for a lost game block.
    broken: list = field(default_factory=list)
