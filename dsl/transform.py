"""Lark parse tree to `dsl.ast` dataclasses, keeping every span."""

from __future__ import annotations

import re
from typing import Callable

from lark import Token, Transformer, Tree

from . import ast
from .diagnostics import Diagnostic, Span

MAX_INT = 2**53 - 1  # the largest whole number a JSON reader is sure to keep exactly

_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def unescape(raw: str) -> str:
    body = raw[1:-1]
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), "\\" + m.group(1)), body)


def _is(tok, *types: str) -> bool:
    return isinstance(tok, Token) and tok.type in types


# names the transform writes into a tree that the text need not say (the
# parse cache's check of an entry allows them)
ROUND_FUNCTION = "round_number"
MADE_UP_NAMES = frozenset({ROUND_FUNCTION, ">="})  # `round N` is `round_number() >= N`

# Parses the inside of a `{...}` hole in a string: (text, path, line, column
# of the text) to an expression, or None when it is not one. The parser hands
# its own in (`parser.parse_expression`), so this module never imports the parser.
HoleParser = Callable[[str, str, int, int], ast.Node | None]


class ToAst(Transformer):
    """Each rule method takes `(meta, children)`.

    `_call_userfunc` is overridden to pass them directly: Lark's `v_args`
    wrapper builds a new function object on every call, which cost a third
    of the transform time on the shipped packs."""

    def __init__(self, path: str, text: str, line_offset: int = 0, column_offset: int = 0, *,
                 parse_hole: HoleParser):
        super().__init__(visit_tokens=False)
        self.path = path
        self.text = text
        self.parse_hole = parse_hole
        self.dl = line_offset
        self.dc = column_offset
        self.problems: list[Diagnostic] = []  # found while building the tree (numbers too large)

    def _call_userfunc(self, tree, new_children=None):
        children = new_children if new_children is not None else tree.children
        method = getattr(self, tree.data, None)
        if method is None:
            return self.__default__(tree.data, children, tree.meta)
        return method(tree.meta, children)

    def int(self, tok: Token) -> int:
        """An INT token's value; past MAX_INT (what JSON readers keep exactly) it is an E404."""
        digits = str(tok).lstrip("0") or "0"
        if len(digits) > len(str(MAX_INT)) or int(digits) > MAX_INT:
            shown = digits if len(digits) <= 24 else digits[:20] + "..."
            self.problems.append(Diagnostic(self.path, self.tsp(tok), "error", "E404",
                                            f"the number {shown} is too large; numbers go up to {MAX_INT}"))
            return MAX_INT
        return int(digits)

    # ---- spans -----------------------------------------------------------
    def sp(self, meta) -> Span:
        if getattr(meta, "empty", True):
            return Span(1 + self.dl, 1, 1 + self.dl, 2)
        dc = self.dc if meta.line == 1 else 0
        edc = self.dc if meta.end_line == 1 else 0
        return Span(meta.line + self.dl, meta.column + dc, meta.end_line + self.dl, meta.end_column + edc)

    def tsp(self, tok: Token) -> Span:
        dc = self.dc if tok.line == 1 else 0
        return Span(tok.line + self.dl, tok.column + dc, (tok.end_line or tok.line) + self.dl,
                    (tok.end_column or tok.column + len(tok)) + dc)

    def string(self, tok: Token) -> str:
        return unescape(str(tok))

    # ---- top level ---------------------------------------------------------
    def start(self, meta, children):
        return [c for c in children if isinstance(c, ast.Node)]

    def pack_decl(self, meta, ch):
        name = ch[1]
        title = next((self.string(c) for c in ch if _is(c, "STRING")), None)
        names = [c for c in ch if _is(c, "NAME")]
        ext = names[1] if len(names) > 1 else None
        return ast.PackDecl(self.sp(meta), str(name), self.tsp(name), title,
                            str(ext) if ext else None, self.tsp(ext) if ext else None)

    def include(self, meta, ch):
        return ast.Include(self.sp(meta), self.string(ch[1]))

    def remove_decl(self, meta, ch):
        return ast.RemoveDecl(self.sp(meta), str(ch[1]))

    def replaces_decl(self, meta, ch):
        return ast.Replaces(self.sp(meta), ch[1])

    def extend_kind(self, meta, ch):
        fields = next((c for c in ch if isinstance(c, list)), [])
        return ast.ExtendKind(self.sp(meta), str(ch[2]), self.tsp(ch[2]), fields)

    def extend_setup(self, meta, ch):
        return ast.ExtendSetup(self.sp(meta), ch[2])

    def hook_decl(self, meta, ch):
        return ast.Hook(self.sp(meta), str(ch[0]), str(ch[1]), self.tsp(ch[1]), ch[2])

    def _head(self, ch):
        """(name token, title or None) of `KEYWORD NAME STRING? ...`."""
        name = ch[1]
        title = self.string(ch[2]) if len(ch) > 2 and _is(ch[2], "STRING") else None
        return name, title

    def variant_decl(self, meta, ch):
        name, title = self._head(ch)
        items = [c for c in ch if isinstance(c, ast.Node)]
        texts = [c[1] for c in ch if isinstance(c, tuple) and c and c[0] == "text"]
        return ast.VariantDecl(self.sp(meta), str(name), self.tsp(name), title, items,
                               texts[0] if texts else None)

    # ---- declarations ------------------------------------------------------
    def opt_body(self, meta, ch):
        return ("body", [c for c in ch if not isinstance(c, Token)])

    def _body(self, ch):
        for c in ch:
            if isinstance(c, tuple) and c and c[0] == "body":
                return c[1]
        return []

    def _split_body(self, items):
        props = [c for c in items if isinstance(c, ast.Prop)]
        texts = [c[1] for c in items if isinstance(c, tuple) and c[0] == "text"]
        abilities = [c for c in items if isinstance(c, (ast.ActionDecl, ast.TriggerDecl,
                                                      ast.ModifierDecl, ast.ReplaceDecl))]
        return props, (texts[0] if texts else None), abilities

    def text_item(self, meta, ch):
        return ("text", self.string(ch[1]), self.sp(meta), ch[1])

    def prop(self, meta, ch):
        values = ch[2] if len(ch) > 2 else []
        return ast.Prop(self.sp(meta), str(ch[0]), values)

    def flag(self, meta, ch):
        return ast.Prop(self.sp(meta), str(ch[0]), [])

    def expr_list(self, meta, ch):
        return [c for c in ch if not _is(c, "COMMA")]

    def name_list(self, meta, ch):
        return [(str(c), self.tsp(c)) for c in ch if _is(c, "NAME")]

    def scope(self, meta, ch):
        return ("scope", str(ch[1]), self.tsp(ch[1]))

    def _scope(self, ch):
        for c in ch:
            if isinstance(c, tuple) and c and c[0] == "scope":
                return c[1]
        return None

    def resource_decl(self, meta, ch):
        name, title = self._head(ch)
        props, text, _ = self._split_body(self._body(ch))
        return ast.ResourceDecl(self.sp(meta), str(name), self.tsp(name), title, props)

    def counter_decl(self, meta, ch):
        name, title = self._head(ch)
        initial = None
        for i, c in enumerate(ch):
            if _is(c, "ASSIGN"):
                initial = ch[i + 1]
        props, _, _ = self._split_body(self._body(ch))
        return ast.CounterDecl(self.sp(meta), str(name), self.tsp(name), title, self._scope(ch), initial, props)

    def kind_decl(self, meta, ch):
        name = ch[1]
        fields = next((c for c in ch if isinstance(c, list)), [])
        return ast.KindDecl(self.sp(meta), str(name), self.tsp(name), None, fields)

    def field_decls(self, meta, ch):
        return [c for c in ch if isinstance(c, ast.FieldDecl)]

    def field_decl(self, meta, ch):
        type_name, is_list = ch[2]
        default = ch[4] if len(ch) > 4 else None
        return ast.FieldDecl(self.sp(meta), str(ch[0]), type_name, is_list, default)

    def type_ref(self, meta, ch):
        names = [c for c in ch if _is(c, "NAME")]
        return (str(names[-1]), len(ch) > 1)

    def zone_decl(self, meta, ch):
        name, title = self._head(ch)
        props, _, _ = self._split_body(self._body(ch))
        return ast.ZoneDecl(self.sp(meta), str(name), self.tsp(name), title, self._scope(ch), props)

    def die_decl(self, meta, ch):
        name, title = self._head(ch)
        faces = next(c for c in ch if isinstance(c, list))
        return ast.DieDecl(self.sp(meta), str(name), self.tsp(name), title, faces)

    def track_decl(self, meta, ch):
        name, title = self._head(ch)
        values = next(c for c in ch if isinstance(c, list))
        return ast.TrackDecl(self.sp(meta), str(name), self.tsp(name), title, values)

    def table_decl(self, meta, ch):
        name, title = self._head(ch)
        rows = [c for c in ch if isinstance(c, ast.TableRow)]
        return ast.TableDecl(self.sp(meta), str(name), self.tsp(name), title, rows)

    def table_row(self, meta, ch):
        lo, hi = ch[0]
        body = ch[3] if len(ch) > 3 else None
        return ast.TableRow(self.sp(meta), lo, hi, ch[2], body)

    def range_lit(self, meta, ch):
        ints = [self.int(c) for c in ch if _is(c, "INT")]
        return (ints[0], ints[-1])

    def event_decl(self, meta, ch):
        name = ch[1]
        params = ch[2] if len(ch) > 2 else []
        return ast.EventDecl(self.sp(meta), str(name), self.tsp(name), None, params)

    def quantity_decl(self, meta, ch):
        name = ch[1]
        params = ch[2] if isinstance(ch[2], list) else []
        return ast.QuantityDecl(self.sp(meta), str(name), self.tsp(name), None, params, ch[-1])

    def procedure_decl(self, meta, ch):
        name = ch[1]
        params = ch[2] if len(ch) > 3 else []
        return ast.ProcedureDecl(self.sp(meta), str(name), self.tsp(name), None, params, ch[-1])

    def params(self, meta, ch):
        return [c for c in ch if isinstance(c, ast.Param)]

    def param(self, meta, ch):
        return ast.Param(self.sp(meta), str(ch[0]), str(ch[2]) if len(ch) > 2 else None)

    def invariant_decl(self, meta, ch):
        name, title = self._head(ch)
        return ast.InvariantDecl(self.sp(meta), str(name), self.tsp(name), title, ch[-1])

    def bot_decl(self, meta, ch):
        return ast.BotDecl(self.sp(meta), str(ch[1]), self.tsp(ch[1]), [c for c in ch if isinstance(c, ast.Prop)])

    def bot_score_decl(self, meta, ch):
        return ast.BotScoreDecl(self.sp(meta), ch[2])

    def display_decl(self, meta, ch):
        return ast.DisplayDecl(self.sp(meta), [c for c in ch if isinstance(c, ast.DisplayPart)])

    def balance_decl(self, meta, ch):
        return ast.BalanceDecl(self.sp(meta), [c for c in ch if isinstance(c, ast.Prop)])

    def display_part(self, meta, ch):
        return ast.DisplayPart(self.sp(meta), str(ch[0]), [c for c in ch if isinstance(c, ast.DisplayItem)])

    def _display_named(self, meta, ch, what):
        name = ch[1]
        label = self.string(ch[2]) if len(ch) > 2 and _is(ch[2], "STRING") else None
        flags = [c for c in ch[2:] if _is(c, "NAME")]
        flag = flags[0] if flags else None
        return ast.DisplayItem(self.sp(meta), what, str(name), self.tsp(name), label,
                               str(flag) if flag is not None else None,
                               self.tsp(flag) if flag is not None else None)

    def display_counter(self, meta, ch):
        return self._display_named(meta, ch, "counter")

    def display_zone(self, meta, ch):
        return self._display_named(meta, ch, "zone")

    def display_quantity(self, meta, ch):
        return self._display_named(meta, ch, "quantity")

    def display_show(self, meta, ch):
        return ast.DisplayItem(self.sp(meta), "show", label=self.string(ch[1]), expr=ch[-1])

    def board_decl(self, meta, ch):
        name, title = self._head(ch)
        return ast.BoardDecl(self.sp(meta), str(name), self.tsp(name), title,
                             [c for c in ch if isinstance(c, ast.SpaceDecl)],
                             [c for c in ch if isinstance(c, ast.LinkDecl)],
                             [c for c in ch if isinstance(c, ast.RegionDecl)],
                             [c for c in ch if isinstance(c, ast.DrawDecl)])

    def extend_board(self, meta, ch):
        board = self.board_decl(meta, ch[1:])
        board.extends = True
        return board

    def draw_decl(self, meta, ch):
        name, title = self._head(ch)
        props, _, _ = self._split_body(self._body(ch))
        return ast.DrawDecl(self.sp(meta), str(name), self.tsp(name), title, props)

    def space_decl(self, meta, ch):
        name, title = self._head(ch)
        props, _, _ = self._split_body(self._body(ch))
        return ast.SpaceDecl(self.sp(meta), str(name), self.tsp(name), title, props)

    def link_decl(self, meta, ch):
        return ast.LinkDecl(self.sp(meta), [(str(c), self.tsp(c)) for c in ch if _is(c, "NAME")])

    def region_decl(self, meta, ch):
        name, title = self._head(ch)
        props, _, _ = self._split_body(self._body(ch))
        return ast.RegionDecl(self.sp(meta), str(name), self.tsp(name), title, props)

    def entity_decl(self, meta, ch):
        kind, name = ch[0], ch[1]
        title_tok = ch[2] if len(ch) > 2 and _is(ch[2], "STRING") else None
        title = self.string(title_tok) if title_tok is not None else None
        body = self._body(ch)
        props, text, abilities = self._split_body(body)
        gens = next((c[1] for c in ch if isinstance(c, tuple) and c and c[0] == "for"), [])
        decl = ast.EntityDecl(self.sp(meta), str(name), self.tsp(name), title, str(kind), self.tsp(kind),
                              props, text, abilities)
        if gens:
            # a template: its name and text are filled per card, so their holes are parsed here
            decl.generators = gens
            decl.title_holes = self.text_of(title_tok) if title_tok is not None else None
            text_tok = next((c[3] for c in body if isinstance(c, tuple) and c[0] == "text"), None)
            decl.text_holes = self.text_of(text_tok) if text_tok is not None else None
        return decl

    def entity_for(self, meta, ch):
        return ("for", [c for c in ch if isinstance(c, ast.Generator)])

    def entity_gen(self, meta, ch):
        return ast.Generator(self.sp(meta), str(ch[0]), self.tsp(ch[0]), ch[2])

    # ---- abilities ---------------------------------------------------------
    def action_decl(self, meta, ch):
        name, title = self._head(ch)
        limit = next((c[1] for c in ch if isinstance(c, tuple) and c[0] == "limit"), None)
        props = [c for c in ch if isinstance(c, ast.Prop)]
        text = next((c[1] for c in ch if isinstance(c, tuple) and c[0] == "text"), None)
        body = [c for c in ch if isinstance(c, ast.Node) and not isinstance(c, ast.Prop)]
        action = ast.ActionDecl(self.sp(meta), str(name), self.tsp(name), title, limit, [], text, body)
        action.props = props
        return action

    def limit_item(self, meta, ch):
        return ("limit", (ch[1], str(ch[3]), self.tsp(ch[3])))

    def trigger_decl(self, meta, ch):
        where = next((ch[k + 1] for k, c in enumerate(ch) if _is(c, "WHERE")), None)
        return ast.TriggerDecl(self.sp(meta), str(ch[1]), self.tsp(ch[1]), where, ch[-1], self._as(ch))

    def modifier_decl(self, meta, ch):
        name = ch[1]
        patterns = next((c for c in ch if isinstance(c, tuple) and c and c[0] == "patterns"), ("patterns", []))[1]
        op = next(c for c in ch if isinstance(c, tuple) and c and c[0] == "op")[1]
        rest = ch[ch.index(next(c for c in ch if isinstance(c, tuple) and c and c[0] == "op")) + 1:]
        value = rest[0]
        where = rest[2] if len(rest) > 2 else None
        return ast.ModifierDecl(self.sp(meta), str(name), self.tsp(name), patterns, op, value, where)

    def pattern_list(self, meta, ch):
        return ("patterns", [None if isinstance(c, tuple) and c[0] == "_" else c for c in ch if not _is(c, "COMMA")])

    def wildcard(self, meta, ch):
        return ("_",)

    def mod_op(self, meta, ch):
        return ("op", "=" if ch[0].type == "ASSIGN" else str(ch[0]))

    def replace_decl(self, meta, ch):
        where = next((ch[k + 1] for k, c in enumerate(ch) if _is(c, "WHERE")), None)
        return ast.ReplaceDecl(self.sp(meta), str(ch[2]), self.tsp(ch[2]), where, ch[-1], self._as(ch))

    # ---- game and scenarios ------------------------------------------------------
    def game_decl(self, meta, ch):
        title = self.string(ch[1]) if _is(ch[1], "STRING") else None
        game = ast.GameDecl(self.sp(meta), title)
        for c in ch:
            if isinstance(c, tuple):
                if c[0] == "players":
                    game.players = c[1]
                elif c[0] == "limits":
                    game.limits = c[1]
                elif c[0] == "setup":
                    game.setup = c[1]
                elif c[0] == "play":
                    game.play = c[1]
                elif c[0] == "score":
                    game.score = c[1]
                elif c[0] == "text":
                    game.text = c[1]
                elif c[0] == "cooperative":
                    game.cooperative = True
                elif c[0] == "teams":
                    game.teams = c[1]
                elif c[0] == "eliminated":
                    game.eliminated = c[1]
        return game

    def cooperative_item(self, meta, ch):
        return ("cooperative", True)

    def teams_item(self, meta, ch):
        return ("teams", ch[1])

    def eliminated_item(self, meta, ch):
        return ("eliminated", ch[1])

    def players_item(self, meta, ch):
        lo, hi = ch[1]
        return ("players", (lo, hi, self.sp(meta)))

    def limits_item(self, meta, ch):
        return ("limits", ([c for c in ch if isinstance(c, ast.Prop)], self.tsp(ch[0])))

    def setup_item(self, meta, ch):
        return ("setup", ch[1])

    def play_item(self, meta, ch):
        return ("play", ch[1])

    def score_item(self, meta, ch):
        return ("score", ch[1])

    def scenario_decl(self, meta, ch):
        name, title = self._head(ch)
        sc = ast.ScenarioDecl(self.sp(meta), str(name), self.tsp(name), title)
        for c in ch:
            if isinstance(c, ast.ScenarioStep):
                self._scenario_step(sc, c)
            elif isinstance(c, tuple):
                if c[0] == "players":
                    sc.players = c[1][0]
                elif c[0] == "seed":
                    sc.seed = c[1]
                elif c[0] == "variants":
                    sc.variants = c[1]
                elif c[0] == "text":
                    sc.text = c[1]
        return sc

    @staticmethod
    def _scenario_step(sc: ast.ScenarioDecl, step: ast.ScenarioStep) -> None:
        """`given` and `before setup` ahead of the steps arrange the start; a
        `given` after a step that acts or asserts is itself a step (a misplaced
        `before setup` stays a step too, for the checker to report). A `force`
        step does not count: the first format ran every `given` at the start,
        wherever it stood, and a `given` after a `force` still does."""
        started = any(s.kind != "force" for s in sc.steps)
        if not started and step.kind == "given":
            sc.given.extend(step.body)
        elif not started and step.kind == "before_setup":
            sc.before.extend(step.body)
        else:
            sc.steps.append(step)

    def seed_item(self, meta, ch):
        return ("seed", self.int(ch[1]))

    def variants_item(self, meta, ch):
        return ("variants", [n for n, _ in ch[1]])

    def given_item(self, meta, ch):
        return ast.ScenarioStep(self.sp(meta), "given", body=ch[1])

    def before_item(self, meta, ch):
        return ast.ScenarioStep(self.sp(meta), "before_setup", body=ch[2])

    def given_block(self, meta, ch):
        return [c for c in ch if isinstance(c, ast.Node)]

    def _by(self, ch):
        return next((c[1] for c in ch if isinstance(c, tuple) and c and c[0] == "by"), None)

    def step_item(self, meta, ch):
        return ast.ScenarioStep(self.sp(meta), "do", label=self.string(ch[1]), by=self._by_expr(ch))

    def answer_item(self, meta, ch):
        return ast.ScenarioStep(self.sp(meta), "answer", label=self.string(ch[1]), by=self._by_expr(ch))

    def pass_item(self, meta, ch):
        return ast.ScenarioStep(self.sp(meta), "pass", by=self._by_expr(ch))

    def until_item(self, meta, ch):
        kind = "pass_until" if _is(ch[0], "PASS") else "play_until"
        label, goal = ch[2]
        return ast.ScenarioStep(self.sp(meta), kind, label=label, test=goal)

    def until_round(self, meta, ch):
        # `round N` is `round_number() >= N`, kept readable for messages
        span = self.sp(meta)
        n = self.int(ch[1])
        call = ast.Call(span, ROUND_FUNCTION, self.tsp(ch[0]), [])
        return (f"round {n}", ast.Binary(span, ">=", call, ast.Literal(self.tsp(ch[1]), n)))

    def until_goal(self, meta, ch):
        return (self.text[meta.start_pos:meta.end_pos], ch[0])

    def _by_expr(self, ch):
        for i, c in enumerate(ch):
            if _is(c, "BY"):
                return ch[i + 1]
        return None

    def force_item(self, meta, ch):
        return ast.ScenarioStep(self.sp(meta), "force", name=str(ch[1]), values=ch[3])

    @staticmethod
    def _message(ch) -> str | None:
        return next((c[1] for c in ch if isinstance(c, tuple) and c and c[0] == "message"), None)

    def message(self, meta, ch):
        return ("message", self.string(ch[1]))

    def text_pattern(self, meta, ch):
        return ast.TextPattern(self.sp(meta), self.string(ch[-1]), part=_is(ch[0], "TILDE"))

    def expect_item(self, meta, ch):
        return ast.ScenarioStep(self.sp(meta), "expect", test=ch[1], message=self._message(ch))

    def expect_log(self, meta, ch):
        text = next(c for c in ch if _is(c, "STRING"))
        return ast.ScenarioStep(self.sp(meta), "expect_log", label=self.string(text), negated=_is(ch[1], "NOT"),
                                message=self._message(ch))

    def expect_offered(self, meta, ch):
        kind = "expect_not_offered" if _is(ch[1], "NOT") else "expect_offered"
        patterns = [c for c in ch if isinstance(c, ast.TextPattern)]
        return ast.ScenarioStep(self.sp(meta), kind, label=patterns[0].text, pattern=patterns[0],
                                prompt=patterns[1] if len(patterns) > 1 else None, by=self._by_expr(ch),
                                negated=kind == "expect_not_offered", message=self._message(ch))

    def expect_over(self, meta, ch):
        return ast.ScenarioStep(self.sp(meta), "expect_over", negated=_is(ch[1], "NOT"), message=self._message(ch))

    def expect_winner(self, meta, ch):
        return ast.ScenarioStep(self.sp(meta), "expect_winner", test=ch[2], message=self._message(ch))

    def expect_rolled(self, meta, ch):
        die = next(c for c in ch if _is(c, "NAME"))
        count = next((self.int(c) for c in ch if _is(c, "INT")), None)
        return ast.ScenarioStep(self.sp(meta), "expect_rolled", name=str(die), count=count,
                                negated=_is(ch[1], "NOT"), message=self._message(ch))

    # ---- statements ----------------------------------------------------------
    def block(self, meta, ch):
        return [c for c in ch if isinstance(c, ast.Node)]

    def empty_stmt(self, meta, ch):
        return None

    def let_stmt(self, meta, ch):
        return ast.Let(self.sp(meta), str(ch[1]), ch[3])

    def set_stmt(self, meta, ch):
        return ast.Set(self.sp(meta), ch[1], "=", ch[3])

    def add_stmt(self, meta, ch):
        return ast.Set(self.sp(meta), ch[1], "+=", ch[3])

    def sub_stmt(self, meta, ch):
        return ast.Set(self.sp(meta), ch[1], "-=", ch[3])

    def if_stmt(self, meta, ch):
        orelse = []
        if len(ch) > 3:
            tail = ch[4]
            orelse = tail if isinstance(tail, list) else [tail]
        return ast.If(self.sp(meta), ch[1], ch[2], orelse)

    def for_stmt(self, meta, ch):
        where = ch[5] if len(ch) > 5 else None
        return ast.For(self.sp(meta), str(ch[1]), ch[3], where, ch[-1])

    def repeat_stmt(self, meta, ch):
        return ast.Repeat(self.sp(meta), ch[1], ch[2])

    def while_stmt(self, meta, ch):
        return ast.While(self.sp(meta), ch[1], ch[2])

    def by_clause(self, meta, ch):
        return ("by", ch[1])

    def each_clause(self, meta, ch):
        return ("each", ast.Each(self.sp(meta), str(ch[1]), ch[3]))

    def _each(self, ch):
        """The `each p in SEATS` of a simultaneous decision among a rule's children, or None."""
        return next((c[1] for c in ch if isinstance(c, tuple) and c and c[0] == "each"), None)

    def _prompt(self, ch):
        # holes are parsed here, not when lowering, so the parse cache keeps them
        tok = next((c for c in ch if _is(c, "STRING")), None)
        if tok is None:
            return None
        text = self.text_of(tok)
        return text.value if isinstance(text, ast.Literal) else text

    def as_name(self, meta, ch):
        return ("as", str(ch[1]))

    def _as(self, ch):
        """The `as NAME` among a rule's children, or None."""
        return next((c[1] for c in ch if isinstance(c, tuple) and c and c[0] == "as"), None)

    def choose_stmt(self, meta, ch):
        mode = "any" if any(_is(c, "ANY") for c in ch) else "one"
        options = [c for c in ch if isinstance(c, ast.Option)]
        return ast.Choose(self.sp(meta), mode, self._by(ch), self._prompt(ch), options, self._as(ch),
                          self._each(ch))

    def option(self, meta, ch):
        i = next((k for k, c in enumerate(ch) if _is(c, "WHEN")), None)
        when = ch[i + 1] if i is not None else None
        body = ch[-1] if isinstance(ch[-1], list) else [ch[-1]]
        # a menu line fills `{expr}` holes like a prompt (Text when it has some)
        return ast.Option(self.sp(meta), self._prompt(ch[:1]), when, [b for b in body if b is not None], self._as(ch))

    def may_stmt(self, meta, ch):
        blocks = [c for c in ch if isinstance(c, list)]
        return ast.May(self.sp(meta), self._by(ch), self._prompt(ch), blocks[0], blocks[1] if len(blocks) > 1 else [],
                       self._as(ch))

    def act_stmt(self, meta, ch):
        tags = next((c for c in ch if isinstance(c, list)), [])
        return ast.Act(self.sp(meta), self._by(ch), [n for n, _ in tags], any(_is(c, "OPTIONAL") for c in ch))

    act_value = act_stmt

    def emit_stmt(self, meta, ch):
        args = ch[3] if len(ch) > 4 else []
        return ast.Emit(self.sp(meta), str(ch[1]), self.tsp(ch[1]), args)

    def require_stmt(self, meta, ch):
        message = self.string(ch[3]) if len(ch) > 3 else None
        return ast.Require(self.sp(meta), ch[1], message)

    def log_stmt(self, meta, ch):
        return ast.Log(self.sp(meta), self.text_of(ch[1]))

    def return_stmt(self, meta, ch):
        return ast.Return(self.sp(meta), ch[1])

    def stop_stmt(self, meta, ch):
        return ast.Return(self.sp(meta), None)

    def break_stmt(self, meta, ch):
        return ast.Break(self.sp(meta))

    def call_stmt(self, meta, ch):
        args = ch[2] if len(ch) > 3 else []
        call = ast.Call(self.sp(meta), str(ch[0]), self.tsp(ch[0]), args)
        return ast.CallStmt(self.sp(meta), call)

    def table_stmt(self, meta, ch):
        return ast.Resolve(self.sp(meta), str(ch[1]), self.tsp(ch[1]), ch[2])

    # ---- choosers -------------------------------------------------------------
    def _chooser_parts(self, ch):
        i = ch.index(next(c for c in ch if _is(c, "FROM", "AMOUNT", "ORDER")))
        return ch[i + 1:]

    def pick_one(self, meta, ch):
        rest = self._chooser_parts(ch)
        where = rest[2] if len(rest) > 2 else None
        return ast.Pick(self.sp(meta), self._by(ch), self._prompt(ch), None, False, rest[0], where, self._as(ch),
                        self._each(ch))

    def pick_many(self, meta, ch):
        count, up_to = next(c[1:] for c in ch if isinstance(c, tuple) and c and c[0] == "count")
        rest = self._chooser_parts(ch)
        where = rest[2] if len(rest) > 2 else None
        return ast.Pick(self.sp(meta), self._by(ch), self._prompt(ch), count, up_to, rest[0], where, self._as(ch),
                        self._each(ch))

    def count_spec(self, meta, ch):
        if _is(ch[0], "INT"):
            return ("count", ast.Literal(self.tsp(ch[0]), self.int(ch[0])), False)
        return ("count", ch[1], True)

    def pick_amount(self, meta, ch):
        rest = self._chooser_parts(ch)
        return ast.Amount(self.sp(meta), self._by(ch), self._prompt(ch), rest[0], rest[2], self._as(ch), self._each(ch))

    def pick_order(self, meta, ch):
        rest = self._chooser_parts(ch)
        return ast.Order(self.sp(meta), self._by(ch), self._prompt(ch), rest[0], self._as(ch), self._each(ch))

    # ---- expressions ------------------------------------------------------------
    def _bin(self, meta, ch):
        node = ch[0]
        for i in range(1, len(ch), 2):
            op = ch[i]
            op = str(op.children[0]) if isinstance(op, Tree) else str(op)
            op = "not in" if op.startswith("not") and op.endswith("in") else op
            node = ast.Binary(self.sp(meta), op, node, ch[i + 1])
        return node

    or_expr = and_expr = fallback = sum = product = _bin

    def comparison(self, meta, ch):
        op = ch[1]
        return ast.Binary(self.sp(meta), "not in" if op.type == "NOT_IN" else str(op), ch[0], ch[2])

    def comp_op(self, meta, ch):
        return ch[0]

    def not_op(self, meta, ch):
        return ast.Unary(self.sp(meta), "not", ch[1])

    def neg(self, meta, ch):
        return ast.Unary(self.sp(meta), "neg", ch[1])

    def cond_expr(self, meta, ch):
        return ast.Cond(self.sp(meta), ch[1], ch[3], ch[5])

    def attr(self, meta, ch):
        return ast.Attr(self.sp(meta), ch[0], str(ch[2]), self.tsp(ch[2]))

    def index(self, meta, ch):
        return ast.Index(self.sp(meta), ch[0], ch[2])

    def call(self, meta, ch):
        args = ch[2] if len(ch) > 3 else []
        return ast.Call(self.sp(meta), str(ch[0]), self.tsp(ch[0]), args)

    def args(self, meta, ch):
        return [c for c in ch if not _is(c, "COMMA")]

    def kwarg(self, meta, ch):
        return ast.KwArg(self.sp(meta), str(ch[0]), ch[2])

    def atom(self, meta, ch):
        return ch[1]

    def int_lit(self, meta, ch):
        return ast.Literal(self.sp(meta), self.int(ch[0]))

    def str_lit(self, meta, ch):
        text = self.text_of(ch[0])
        text.name = self._as(ch)
        if text.name is not None:
            text.span = self.sp(meta)       # `"stop here" as stop`: the name is part of it
        return text

    def true_lit(self, meta, ch):
        return ast.Literal(self.sp(meta), True)

    def false_lit(self, meta, ch):
        return ast.Literal(self.sp(meta), False)

    def none_lit(self, meta, ch):
        return ast.Literal(self.sp(meta), None)

    def name(self, meta, ch):
        return ast.Name(self.sp(meta), str(ch[0]))

    def list_lit(self, meta, ch):
        return ast.ListLit(self.sp(meta), [c for c in ch if isinstance(c, ast.Node)])

    def range_expr(self, meta, ch):
        return ast.RangeLit(self.sp(meta), ch[1], ch[3])

    def agg_name(self, meta, ch):
        return str(ch[0])

    def aggregate(self, meta, ch):
        # count(each x in S where P: v)
        return ast.Aggregate(self.sp(meta), ch[0], str(ch[3]), ch[5], *_where_value(ch[6:-1]))

    def list_each(self, meta, ch):
        # [each x in S where P: v]: the list of the values (or items) that pass
        by = next((c[1] for c in ch if isinstance(c, tuple) and c[0] == "order_by"), None)
        rest = [c for c in ch[5:-1] if not (isinstance(c, tuple) and c[0] == "order_by")]
        return ast.Aggregate(self.sp(meta), "list", str(ch[2]), ch[4], *_where_value(rest), by=by)

    def order_by(self, meta, ch):
        return ("order_by", ch[1])

    def aggregate_plain(self, meta, ch):
        return ast.Aggregate(self.sp(meta), ch[0], None, ch[2], None, None)

    # `{expr}` holes in strings; `{{` and `}}` are literal braces.
    def text_of(self, tok: Token):
        raw = self.string(tok)
        span = self.tsp(tok)
        if "{" not in raw:
            return ast.Literal(span, raw)
        return ast.Text(span, text_parts(raw, self.path, span, self.problems, self.parse_hole))


def _where_value(rest: list) -> tuple:
    """The `where P` and `: v` parts of an `each` (either may be missing)."""
    where = value = None
    for i, c in enumerate(rest):
        if _is(c, "WHERE"):
            where = rest[i + 1]
        elif _is(c, "COLON"):
            value = rest[i + 1]
    return where, value


def text_parts(raw: str, path: str, span: Span, problems: list[Diagnostic], parse_hole: HoleParser) -> list:
    """The parts of a string with `{expr}` holes: plain strings and parsed
    expressions (by `parse_hole`), for `log` strings and decision prompts. A
    hole that does not parse is an E108 in ``problems`` (and stays as its text)."""
    parts: list = []
    pos = 0
    for m in re.finditer(r"\{\{|\}\}|\{([^{}]*)\}", raw):
        _unclosed_hole(raw, pos, m.start(), path, span, problems)
        parts.append(raw[pos:m.start()])
        if m.group(0) in ("{{", "}}"):
            parts.append(m.group(0)[0])
        else:
            column = span.column + 1 + m.start(1)
            expr = parse_hole(m.group(1), path, span.line, column)
            if expr is None:
                problems.append(_bad_hole(path, span, m))
            parts.append(expr if expr is not None else ast.Literal(span, m.group(0)))
        pos = m.end()
    _unclosed_hole(raw, pos, len(raw), path, span, problems)
    parts.append(raw[pos:])
    merged: list = []
    for p in parts:
        if isinstance(p, str) and merged and isinstance(merged[-1], str):
            merged[-1] += p
        elif p != "":
            merged.append(p)
    return merged


def _unclosed_hole(raw: str, start: int, end: int, path: str, span: Span, problems: list[Diagnostic]) -> None:
    """An E108 for a `{` between holes that no `}` closes (`"{who} pays {n"`)."""
    at = raw.find("{", start, end)
    if at < 0:
        return
    column = span.column + 1 + at
    problems.append(Diagnostic(path, Span(span.line, column, span.line, column + 1), "error", "E108",
                               "this `{` opens a hole that is never closed",
                               "close the hole with `}`, or write `{{` for a brace that is only text"))


def _bad_hole(path: str, span: Span, m: re.Match) -> Diagnostic:
    hole = m.group(0) if len(m.group(0)) <= 40 else m.group(0)[:36] + "...}"
    at = span.column + m.start()   # the hole's `{` (the span starts at the quote)
    return Diagnostic(path, Span(span.line, at + 1, span.line, at + 1 + len(m.group(0))), "error", "E108",
                      f"`{hole}` in this string is not an expression",
                      "fix the expression, or write `{{` and `}}` for braces that are only text")
