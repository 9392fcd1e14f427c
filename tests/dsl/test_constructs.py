"""One test per grammar construct: parse it, check the AST, and check the IR it lowers to.

Every declaration, ability, statement, chooser and expression form of
`dsl/waybill.lark` appears here; `test_every_grammar_rule_is_covered` keeps
the list honest when the grammar grows.
"""

from __future__ import annotations

import re

import pytest

from tests.wbkit import ast, body_of, compile_src, ir_of, parse, parse_one
from waybill.dsl.diagnostics import Span
from waybill.dsl.grammar import grammar_text

# Declarations most snippets lean on.
PRELUDE = """
resource gold "Gold" { start: 3 }
counter round_no = 0
kind card { cost: int }
zone deck { ordered hidden }
zone hand per player { visible: owner }
die d6 { faces 1, 2, 3, 4, 5, 6 }
event found(who: player, n: int)
table loot { 1..3: "none"  4..6: "gold" }
quantity dice(p: player) = 2
card c1 "C1" { cost: 2 copies: 2 start: deck }
action go "Go" { tags: main  gain(gold, 1) }
"""


def expr_ast(src: str):
    decl = parse_one(f"quantity q = {src}")
    assert isinstance(decl, ast.QuantityDecl)
    return decl.value


def expr_ir(tmp_path, src: str):
    """`src` lowered as the value of `let v = ...` in a procedure with a local `xs`, `n`, `pl`."""
    body = body_of(tmp_path, f"let xs = [1, 2]\nlet pl = me\nlet v = {src}\nemit found(pl, size(xs))",
                   prelude=PRELUDE, params="n: int")
    return body[2]["value"]


# ---- packs, files, variants -------------------------------------------------------------

def test_pack_declaration():
    decl = parse_one('pack weds "Wasteland" extends base')
    assert isinstance(decl, ast.PackDecl)
    assert (decl.name, decl.title, decl.extends) == ("weds", "Wasteland", "base")
    assert decl.name_span == Span(1, 6, 1, 10)
    assert decl.extends_span == Span(1, 31, 1, 35)


def test_pack_declaration_lowers_to_the_pack_header(tmp_path):
    ir = ir_of(tmp_path, "", head='pack mine "My Game"\n')
    assert ir["pack"] == {"id": "mine", "name": "My Game", "variants": []}
    assert ir["format"] == "waybill-ir/1"


def test_include(tmp_path):
    decl = parse_one('include "cards/*.wb"')
    assert isinstance(decl, ast.Include) and decl.path == "cards/*.wb"
    ir = ir_of(tmp_path, 'include "more.wb"\n', files={"more.wb": "counter extra = 4\n"})
    assert [c["id"] for c in ir["counters"]] == ["extra"]
    assert [f.rsplit("/", 1)[-1] for f in ir["files"]] == ["pack.wb", "more.wb"]


def test_pack_extends_another_pack(tmp_path):
    base = tmp_path / "base"
    base.mkdir()
    (base / "pack.wb").write_text('pack base\ncounter c = 1\ncounter d = 2\ngame { players 2..2 play { end_game() } }\n')
    ir = ir_of(tmp_path, "counter d = 5\n", head="pack plus extends base\n", game=False)
    assert {c["id"]: c["initial"] for c in ir["counters"]} == {"c": 1, "d": 5}
    assert ir["pack"]["id"] == "plus"


def test_variant_replaces_removes_and_adds(tmp_path):
    decl = parse_one('variant quick "Quick" { text "Shorter." counter goal = 3 remove spare on found { stop } }')
    assert isinstance(decl, ast.VariantDecl)
    assert (decl.name, decl.title, decl.text) == ("quick", "Quick", "Shorter.")
    assert [type(i).__name__ for i in decl.items] == ["CounterDecl", "RemoveDecl", "TriggerDecl"]
    src = PRELUDE + """
    counter goal = 10
    counter spare = 0
    variant quick "Quick" {
      counter goal = 3
      remove spare
      on found { stop }
    }
    """
    result = compile_src(tmp_path, src)
    assert result.ir is not None
    from waybill import compile_pack
    quick = compile_pack(str(tmp_path / "pk"), ["quick"])
    assert quick.ir is not None, quick.report.render()
    counters = {c["id"]: c["initial"] for c in quick.ir["counters"]}
    assert counters["goal"] == 3 and "spare" not in counters
    assert quick.ir["pack"]["variants"] == ["quick"]
    assert len(quick.ir["rules"]) == len(result.ir["rules"]) + 1


def test_remove_outside_a_variant_is_an_error(tmp_path):
    decl = parse_one("remove spare")
    assert isinstance(decl, ast.RemoveDecl) and decl.name == "spare"


def test_expansion_forms_parse():
    """`replaces DECL`, `extend kind`, `extend setup` (their meaning: tests/compiler/test_expansions.py)."""
    decl = parse_one('replaces gadget g0 "G" { cost: 2 }')
    assert isinstance(decl, ast.Replaces) and isinstance(decl.decl, ast.EntityDecl)
    assert (decl.decl.kind, decl.decl.name, decl.decl.name_span.column) == ("gadget", "g0", 17)
    assert isinstance(parse_one("replaces procedure p() { stop }").decl, ast.ProcedureDecl)
    ext = parse_one("extend kind gadget { rare: bool = false, tags: list of str }")
    assert isinstance(ext, ast.ExtendKind) and ext.name == "gadget" and ext.name_span.column == 13
    assert [(f.name, f.type, f.is_list) for f in ext.fields] == [("rare", "bool", False), ("tags", "str", True)]
    setup = parse_one('extend setup { log "hi" }')
    assert isinstance(setup, ast.ExtendSetup) and [type(s).__name__ for s in setup.body] == ["Log"]


def test_fallback_binds_looser_than_sums_and_tighter_than_comparisons():
    q = parse_one("quantity q(c: any) = c.x ?? 0 + 1 == 2")
    assert (q.value.op, q.value.left.op, q.value.left.right.op) == ("==", "??", "+")
    assert isinstance(q.value.left.left, ast.Attr)


# ---- declarations ---------------------------------------------------------------------------

def test_resource_declaration(tmp_path):
    decl = parse_one('resource gold "Gold" { display: "$" start: 3 max: 50 }')
    assert isinstance(decl, ast.ResourceDecl)
    assert (decl.name, decl.title) == ("gold", "Gold")
    assert [(p.name, [v.value for v in p.values]) for p in decl.props] == [
        ("display", ["$"]), ("start", [3]), ("max", [50])]
    ir = ir_of(tmp_path, 'resource gold "Gold" { display: "$" start: 3 max: 50 }')
    assert ir["counters"] == [{"id": "gold", "name": "Gold", "scope": "player", "initial": 3, "min": 0,
                               "max": 50, "display": "$", "resource": True}]


def test_counter_declaration_global_and_per_player(tmp_path):
    decl = parse_one("counter pos per player = none")
    assert isinstance(decl, ast.CounterDecl)
    assert decl.scope == "player" and isinstance(decl.initial, ast.Literal) and decl.initial.value is None
    ir = ir_of(tmp_path, 'counter round_no "Round" = 1\ncounter pos per player = none { min: 0 }\n')
    assert ir["counters"] == [
        {"id": "round_no", "name": "Round", "scope": "global", "initial": 1, "min": None, "max": None,
         "display": None, "resource": False},
        {"id": "pos", "name": "pos", "scope": "player", "initial": None, "min": 0, "max": None,
         "display": None, "resource": False}]


def test_kind_declaration_with_field_types_and_defaults(tmp_path):
    decl = parse_one('kind card { cost: int, slot: str = "any", shops: list of str, }')
    assert isinstance(decl, ast.KindDecl)
    assert [(f.name, f.type, f.is_list) for f in decl.fields] == [
        ("cost", "int", False), ("slot", "str", False), ("shops", "str", True)]
    assert decl.fields[1].default.value == "any"
    ir = ir_of(tmp_path, 'kind card { cost: int, slot: str = "any", shops: list of str }\n'
                         'card a { cost: 1 }\n')
    assert ir["kinds"] == [{"id": "card", "fields": [
        {"name": "cost", "type": "int", "default": None, "required": True},
        {"name": "slot", "type": "str", "default": "any", "required": False},
        {"name": "shops", "type": "list", "default": [], "required": False}]}]


def test_kind_field_holding_an_entity_of_another_kind(tmp_path):
    ir = ir_of(tmp_path, "kind faction_card { }\nkind job { side: faction_card }\n"
                         "faction_card reds \"Reds\"\njob j1 { side: reds }\n")
    job = next(e for e in ir["entities"] if e["id"] == "j1")
    assert job["fields"]["side"] in ("reds", {"entity": "reds"})


def test_zone_declaration_with_properties(tmp_path):
    decl = parse_one('zone hand "Hand" per player { visible: owner capacity: 5 accepts: card active }')
    assert isinstance(decl, ast.ZoneDecl) and decl.scope == "player" and decl.title == "Hand"
    assert [p.name for p in decl.props] == ["visible", "capacity", "accepts", "active"]
    ir = ir_of(tmp_path, 'kind card { }\nzone hand "Hand" per player { visible: owner capacity: 5 accepts: card active }\n'
                         "zone deck { ordered hidden }\nzone secret { private }\n")
    assert ir["zones"] == [
        {"id": "hand", "name": "Hand", "scope": "player", "ordered": False, "capacity": 5, "accepts": ["card"],
         "visible": "owner", "active": True},
        {"id": "deck", "name": "deck", "scope": "global", "ordered": True, "capacity": None, "accepts": None,
         "visible": "none", "active": False},
        {"id": "secret", "name": "secret", "scope": "global", "ordered": False, "capacity": None, "accepts": None,
         "visible": "owner", "active": False}]


def test_board_with_spaces_links_and_regions(tmp_path):
    src = """board map "Map" {
      space a "Alpha" { tags: town, center }
      space b
      space c
      link a - b - c
      region north "North" { spaces: a, b tags: cold }
    }"""
    decl = parse_one(src)
    assert isinstance(decl, ast.BoardDecl) and decl.title == "Map"
    assert [s.name for s in decl.spaces] == ["a", "b", "c"]
    assert [[n for n, _ in link.names] for link in decl.links] == [["a", "b", "c"]]
    assert [r.name for r in decl.regions] == ["north"]
    ir = ir_of(tmp_path, src + "\n")
    assert ir["spaces"] == [
        {"id": "a", "name": "Alpha", "tags": ["town", "center"], "adjacent": ["b"]},
        {"id": "b", "name": "b", "tags": [], "adjacent": ["a", "c"]},
        {"id": "c", "name": "c", "tags": [], "adjacent": ["b"]}]
    assert ir["regions"] == [{"id": "north", "name": "North", "spaces": ["a", "b"], "tags": ["cold"]}]


def test_die_declaration(tmp_path):
    decl = parse_one('die combat "Combat" { faces 0, 1, 1, 2 }')
    assert isinstance(decl, ast.DieDecl) and [f.value for f in decl.faces] == [0, 1, 1, 2]
    ir = ir_of(tmp_path, "die combat { faces 0, 1, 1, 2 }\nprocedure r() { let f = roll(combat, 2) }\n"
                         "game { players 2..2 play { r() } }\n")
    assert ir["dice"] == [{"id": "combat", "faces": [0, 1, 1, 2]}]


def test_track_declaration(tmp_path):
    decl = parse_one("track price { 7, 8, 8, 9 }")
    assert isinstance(decl, ast.TrackDecl) and [v.value for v in decl.values] == [7, 8, 8, 9]
    ir = ir_of(tmp_path, "track price { 7, 8, 8, 9 }\nquantity p0() = price[0]\n"
                         "game { players 2..2 play { let x = p0() } }\n")
    assert ir["tracks"] == [{"id": "price", "values": [7, 8, 8, 9]}]
    assert ir["quantities"][0]["value"] == {"op": "index", "of": {"op": "ref", "ns": "track", "id": "price"},
                                            "index": 0}


def test_table_declaration_with_ranges_and_effects(tmp_path):
    decl = parse_one('table handover { 1..2: "refused"  3..5: "ransom" { gain(gold, 5) }  6: "free" }')
    assert isinstance(decl, ast.TableDecl)
    assert [(r.lo, r.hi, r.value.value, r.body is not None) for r in decl.rows] == [
        (1, 2, "refused", False), (3, 5, "ransom", True), (6, 6, "free", False)]
    ir = ir_of(tmp_path, 'resource gold\ntable handover { 1..2: "refused"  3..5: "ransom" { gain(gold, 5) }  6: "free" }\n'
                         "game { players 2..2 play { resolve handover 3 } }\n")
    assert ir["tables"] == [{"id": "handover", "rows": [
        {"lo": 1, "hi": 2, "value": "refused", "effect": None},
        {"lo": 3, "hi": 5, "value": "ransom", "effect": [
            {"do": "prim", "name": "gain", "args": ["gold", 5, None], "into": None}]},
        {"lo": 6, "hi": 6, "value": "free", "effect": None}]}]


def test_event_declaration(tmp_path):
    decl = parse_one("event delivered(who: player, what: piece, at)")
    assert isinstance(decl, ast.EventDecl)
    assert [(p.name, p.type) for p in decl.params] == [("who", "player"), ("what", "piece"), ("at", None)]
    ir = ir_of(tmp_path, "event delivered(who: player, at)\ngame { players 2..2 play { emit delivered(me, 3) } }\n")
    assert ir["events"] == [{"id": "delivered", "params": [{"name": "who", "type": "player"},
                                                          {"name": "at", "type": "any"}]}]


def test_quantity_declaration(tmp_path):
    decl = parse_one("quantity combat_dice(p: player) = 2")
    assert isinstance(decl, ast.QuantityDecl) and decl.value.value == 2
    ir = ir_of(tmp_path, "quantity combat_dice(p: player) = 2\ngame { players 2..2 play { let n = combat_dice(me) } }\n")
    assert ir["quantities"] == [{"id": "combat_dice", "params": [{"name": "p", "type": "player"}], "value": 2}]
    assert ir["play"][0] == {"do": "let", "name": "n",
                             "value": {"op": "quantity", "id": "combat_dice", "args": [{"op": "var", "name": "me"}]}}


def test_procedure_declaration(tmp_path):
    decl = parse_one("procedure take(p: player, n: int) { stop }")
    assert isinstance(decl, ast.ProcedureDecl)
    assert [p.name for p in decl.params] == ["p", "n"] and isinstance(decl.body[0], ast.Return)
    ir = ir_of(tmp_path, "procedure take(p: player, n: int) { stop }\ngame { players 2..2 play { take(me, 2) } }\n")
    assert ir["procedures"] == [{"id": "take", "params": [{"name": "p", "type": "player"}, {"name": "n", "type": "int"}],
                                 "body": [{"do": "return", "value": None}]}]
    assert ir["play"] == [{"do": "call", "proc": "take", "args": [{"op": "var", "name": "me"}, 2], "into": None}]


def test_invariant_declaration(tmp_path):
    decl = parse_one('invariant solvent "No debt": all(each p in players(): p.gold >= 0)')
    assert isinstance(decl, ast.InvariantDecl) and decl.title == "No debt"
    assert isinstance(decl.test, ast.Aggregate)
    ir = ir_of(tmp_path, 'resource gold\ninvariant solvent "No debt": all(each p in players(): p.gold >= 0)\n')
    assert ir["invariants"] == [{"id": "solvent", "text": "No debt", "expr": {
        "op": "agg", "fn": "all", "var": "p", "in": {"op": "call", "fn": "players", "args": []}, "where": None,
        "value": {"op": "bin", "o": ">=", "l": {"op": "attr", "of": {"op": "var", "name": "p"}, "name": "gold"},
                  "r": 0}}}]


def test_entity_declaration_of_a_content_kind(tmp_path):
    src = ('gadget gunner "Gunner" {\n  cost: 9\n  copies: 2\n  start: deck\n  tags: permanent, heavy\n'
           '  unique\n  text "Roll one more die."\n}')
    decl = parse_one(src)
    assert isinstance(decl, ast.EntityDecl)
    assert (decl.kind, decl.name, decl.title, decl.text) == ("gadget", "gunner", "Gunner", "Roll one more die.")
    assert [p.name for p in decl.props] == ["cost", "copies", "start", "tags", "unique"]
    assert decl.props[-1].values == []  # a bare flag
    ir = ir_of(tmp_path, "kind gadget { cost: int, unique: bool = false }\nzone deck\n" + src.replace("  unique\n", "") + "\n")
    assert ir["entities"] == [{"id": "gunner", "kind": "gadget", "name": "Gunner", "text": "Roll one more die.",
                               "fields": {"cost": 9, "unique": False}, "copies": 2,
                               "start": {"zone": "deck", "each_player": False},
                               "tags": ["permanent", "heavy"], "abilities": []}]


def test_game_declaration(tmp_path):
    src = 'game "G" { text "Race." players 2..5 setup { shuffle(deck) } play { end_game() } score me.gold }'
    decl = parse_one(src)
    assert isinstance(decl, ast.GameDecl)
    assert decl.title == "G" and decl.text == "Race." and decl.players[:2] == (2, 5)
    ir = ir_of(tmp_path, "resource gold\nzone deck\n" + src + "\n")
    assert ir["players"] == {"min": 2, "max": 5}
    assert ir["setup"] == [{"do": "prim", "name": "shuffle", "args": [{"op": "ref", "ns": "zone", "id": "deck"}],
                            "into": None}]
    assert ir["play"] == [{"do": "prim", "name": "end_game", "args": [None], "into": None}]
    assert ir["score"] == {"op": "attr", "of": {"op": "var", "name": "me"}, "name": "gold"}


def test_game_limits(tmp_path):
    src = "game { players 2..2 limits { steps: 500000 pieces: 30000 } play { end_game() } }"
    decl = parse_one(src)
    props, span = decl.limits
    assert [(p.name, p.values[0].value) for p in props] == [("steps", 500000), ("pieces", 30000)]
    assert (span.line, span.column) == (1, 21)
    assert ir_of(tmp_path, src + "\n")["limits"] == {"steps": 500000, "pieces": 30000}


def test_scenario_declaration_with_every_step(tmp_path):
    src = '''scenario first_roll "First roll" {
      text "Shows a roll."
      players 3
      seed 7
      variants quick
      given { set round_no = 2 }
      force d6: 6, 1
      do "Go"
      do "Go" by player(1)
      answer "Yes"
      pass
      expect round_no == 2, "unchanged"
      expect log "rolls"
      expect offered "Go"
      expect not offered "Stop"
    }'''
    decl = parse_one(src)
    assert isinstance(decl, ast.ScenarioDecl)
    assert (decl.players, decl.seed, decl.variants, decl.text) == (3, 7, ["quick"], "Shows a roll.")
    assert [s.kind for s in decl.steps] == ["force", "do", "do", "answer", "pass", "expect", "expect_log",
                                            "expect_offered", "expect_not_offered"]
    assert isinstance(decl.given[0], ast.Set)
    # a scenario of variants is lowered when the pack is compiled with them
    base = compile_src(tmp_path, PRELUDE + "variant quick { }\n" + src + "\n")
    assert base.ir is not None and base.scenarios[0]["steps"] == [], base.report.render()
    result = compile_src(tmp_path, PRELUDE + "variant quick { }\n" + src + "\n", variants=("quick",))
    assert result.ir is not None, result.report.render()
    (sc,) = result.scenarios
    assert (sc["id"], sc["name"], sc["players"], sc["seed"], sc["variants"]) == (
        "first_roll", "First roll", 3, 7, ["quick"])
    assert [s["kind"] for s in sc["steps"]] == ["force", "do", "do", "answer", "pass", "expect", "expect_log",
                                                "expect_offered", "expect_not_offered"]
    assert sc["steps"][0]["die"] == "d6" and sc["steps"][0]["faces"] == [6, 1]
    assert sc["steps"][5]["message"] == "unchanged" and sc["steps"][6]["text"] == "rolls"
    assert (sc["steps"][7]["text"], sc["steps"][8]["text"]) == ("Go", "Stop")


def test_scenario_forms_of_the_second_format():
    decl = parse_one('''scenario second "Second" {
      before setup { set round_no = 1  force d6: 2 }
      given { force d6: 3 }
      pass until round 2
      play until round_no == 3
      given { set round_no = 4 }
      expect not log "x", "m"
      expect offered ~"Go" for "Which?" by me, "m"
      expect over
      expect not over
      expect winner player(1), "m"
      expect rolled d6 2 times
      expect not rolled d6
    }''')
    assert [type(s).__name__ for s in decl.before] == ["Set", "ScenarioStep"]
    assert [s.kind for s in decl.given] == ["force"]
    kinds = [s.kind for s in decl.steps]
    assert kinds == ["pass_until", "play_until", "given", "expect_log", "expect_offered", "expect_over",
                     "expect_over", "expect_winner", "expect_rolled", "expect_rolled"]
    until_round, until_expr, _, log, offered, over, not_over, winner, rolled, not_rolled = decl.steps
    assert until_round.label == "round 2" and until_round.test.op == ">="
    assert until_expr.label == "round_no == 3"
    assert log.negated and log.message == "m"
    assert (offered.pattern.text, offered.pattern.part, offered.prompt.text, offered.prompt.part) == \
        ("Go", True, "Which?", False)
    assert offered.by.id == "me" and offered.message == "m"
    assert (over.negated, not_over.negated, winner.message) == (False, True, "m")
    assert (rolled.name, rolled.count, rolled.negated) == ("d6", 2, False)
    assert (not_rolled.count, not_rolled.negated) == (None, True)


# ---- abilities ---------------------------------------------------------------------------------

def test_action_with_tags_limit_text_and_leading_requires(tmp_path):
    src = ('action deliver "Deliver" {\n  tags: main, cargo_run\n  limit 1 per round\n  text "Sell."\n'
           '  require gold > 0, "You are broke"\n  require round_no >= 0\n  gain(gold, 2)\n}')
    decl = parse_one(src)
    assert isinstance(decl, ast.ActionDecl)
    assert decl.limit[1] == "round" and decl.text == "Sell."
    assert [type(s).__name__ for s in decl.body] == ["Require", "Require", "CallStmt"]
    ir = ir_of(tmp_path, "resource gold\ncounter round_no = 0\n" + src + "\n")
    assert ir["rules"] == [{"type": "action", "id": "deliver", "name": "Deliver", "tags": ["main", "cargo_run"],
                            "limit": {"count": 1, "per": "round"},
                            "require": [
                                {"expr": {"op": "bin", "o": ">", "l": {"op": "attr", "of": {"op": "var", "name": "me"},
                                                                       "name": "gold"}, "r": 0},
                                 "message": "You are broke"},
                                {"expr": {"op": "bin", "o": ">=", "l": {"op": "ref", "ns": "counter", "id": "round_no"},
                                          "r": 0}, "message": None}],
                            "effect": [{"do": "prim", "name": "gain", "args": ["gold", 2, None], "into": None}],
                            "text": "Sell."}]


def test_trigger_with_where(tmp_path):
    decl = parse_one("on found where n > 1 { gain(gold, n, who) }")
    assert isinstance(decl, ast.TriggerDecl) and decl.event == "found"
    assert isinstance(decl.where, ast.Binary)
    ir = ir_of(tmp_path, "resource gold\nevent found(who: player, n: int)\non found where n > 1 { gain(gold, n, who) }\n")
    assert ir["rules"] == [{"type": "trigger", "event": "found",
                            "where": {"op": "bin", "o": ">", "l": {"op": "var", "name": "n"}, "r": 1},
                            "effect": [{"do": "prim", "name": "gain", "args": [
                                "gold", {"op": "var", "name": "n"}, {"op": "var", "name": "who"}], "into": None}]}]


def test_trigger_on_a_built_in_event(tmp_path):
    ir = ir_of(tmp_path, "counter rounds = 0\non round_started { set rounds = round }\n")
    assert ir["rules"][0]["event"] == "round_started"
    assert ir["rules"][0]["effect"][0]["value"] == {"op": "var", "name": "round"}


@pytest.mark.parametrize("op", ["+", "-", "*", "="])
def test_modifier_with_each_operator(tmp_path, op):
    decl = parse_one(f"modify dice(_, 2) {op} 1 where true")
    assert isinstance(decl, ast.ModifierDecl)
    assert decl.op == op and decl.patterns[0] is None and decl.patterns[1].value == 2
    ir = ir_of(tmp_path, f"quantity dice(p: player, k: int) = 2\nmodify dice(_, 2) {op} 1 where p == me\n")
    assert ir["rules"] == [{"type": "modifier", "quantity": "dice", "args": [None, 2], "op": op, "value": 1,
                            "where": {"op": "bin", "o": "==", "l": {"op": "var", "name": "p"},
                                      "r": {"op": "var", "name": "me"}}}]


def test_modifier_without_arguments(tmp_path):
    decl = parse_one("modify hand_size() + 1")
    assert decl.patterns == [] and decl.where is None
    ir = ir_of(tmp_path, "quantity hand_size() = 5\nmodify hand_size() + 1\n")
    assert ir["rules"][0]["args"] == [] and ir["rules"][0]["where"] is None


def test_replacement(tmp_path):
    decl = parse_one("instead of take_damage where p == owner { stop }")
    assert isinstance(decl, ast.ReplaceDecl) and decl.target == "take_damage"
    ir = ir_of(tmp_path, "procedure take_damage(p: player) { stop }\ninstead of take_damage where p == me { stop }\n"
                         "game { players 2..2 play { take_damage(me) } }\n")
    assert ir["rules"] == [{"type": "replace", "target": "take_damage",
                            "where": {"op": "bin", "o": "==", "l": {"op": "var", "name": "p"},
                                      "r": {"op": "var", "name": "me"}},
                            "effect": [{"do": "return", "value": None}]}]


def test_abilities_on_a_card_see_self_and_owner(tmp_path):
    src = PRELUDE.replace('card c1 "C1" { cost: 2 copies: 2 start: deck }', "") + """
    card armor "Armor" {
      cost: 2
      on found where who == owner { move(self, deck) }
      modify dice(owner) + 1
      action fix "Fix" { tags: main  gain(gold, 1, owner) }
      instead of hurt where p == owner { stop }
    }
    procedure hurt(p: player) { stop }
    game { players 2..2 play { hurt(me) } }
    """
    ir = ir_of(tmp_path, src)
    armor = next(e for e in ir["entities"] if e["id"] == "armor")
    assert [a["type"] for a in armor["abilities"]] == ["trigger", "modifier", "action", "replace"]
    assert armor["abilities"][0]["effect"][0]["args"][0] == {"op": "var", "name": "self"}
    assert armor["abilities"][1]["args"] == [{"op": "var", "name": "owner"}]


# ---- statements -----------------------------------------------------------------------------------

def test_let(tmp_path):
    (stmt,) = parse_one("procedure p() { let x = 1 }").body
    assert isinstance(stmt, ast.Let) and stmt.name == "x"
    assert body_of(tmp_path, "let x = 1") == [{"do": "let", "name": "x", "value": 1}]


def test_let_binds_a_primitive_result(tmp_path):
    assert body_of(tmp_path, "let f = roll(d6, 2)", prelude="die d6 { faces 1, 2 }") == [
        {"do": "prim", "name": "roll", "args": ["d6", 2, None], "into": "f"}]


@pytest.mark.parametrize("op, o", [("=", None), ("+=", "+"), ("-=", "-")])
def test_set_forms(tmp_path, op, o):
    (stmt,) = parse_one(f"procedure p() {{ set round_no {op} 2 }}").body
    assert isinstance(stmt, ast.Set) and stmt.op == op
    body = body_of(tmp_path, f"set round_no {op} 2", prelude="counter round_no = 0")
    target = {"op": "ref", "ns": "counter", "id": "round_no"}
    value = 2 if o is None else {"op": "bin", "o": o, "l": target, "r": 2}
    assert body == [{"do": "set", "target": target, "value": value}]


def test_set_a_piece_property_and_a_local(tmp_path):
    # (`c.hits` is set before `+=` reads it: else E311, see tests/compiler/test_expansions.py)
    body = body_of(tmp_path, "let x = 1\nset x = 2\nset c.hits = 0\nset c.hits += 1", params="c: piece")
    assert body[1] == {"do": "set", "target": {"op": "var", "name": "x"}, "value": 2}
    hits = {"op": "attr", "of": {"op": "var", "name": "c"}, "name": "hits"}
    assert body[3] == {"do": "set", "target": hits, "value": {"op": "bin", "o": "+", "l": hits, "r": 1}}


def test_set_a_per_player_counter_means_the_acting_players(tmp_path):
    body = body_of(tmp_path, "set gold = 1", prelude="resource gold")
    assert body == [{"do": "set", "target": {"op": "attr", "of": {"op": "var", "name": "me"}, "name": "gold"},
                     "value": 1}]


def test_if_else_if_else(tmp_path):
    (stmt,) = parse_one("procedure p() { if a { stop } else if b { stop } else { stop } }").body
    assert isinstance(stmt, ast.If) and isinstance(stmt.orelse[0], ast.If)
    assert len(stmt.orelse[0].orelse) == 1
    body = body_of(tmp_path, "if n > 1 { stop } else if n > 0 { break_out() } else { stop }",
                   prelude="procedure break_out() { stop }", params="n: int")
    stop = {"do": "return", "value": None}
    assert body == [{"do": "if", "cond": {"op": "bin", "o": ">", "l": {"op": "var", "name": "n"}, "r": 1},
                     "then": [stop],
                     "else": [{"do": "if", "cond": {"op": "bin", "o": ">", "l": {"op": "var", "name": "n"}, "r": 0},
                               "then": [{"do": "call", "proc": "break_out", "args": [], "into": None}],
                               "else": [stop]}]}]


def test_if_without_else(tmp_path):
    assert body_of(tmp_path, "if true { stop }") == [
        {"do": "if", "cond": True, "then": [{"do": "return", "value": None}], "else": []}]


def test_for_with_where(tmp_path):
    (stmt,) = parse_one("procedure p() { for c in xs where c > 1 { break } }").body
    assert isinstance(stmt, ast.For) and stmt.var == "c"
    body = body_of(tmp_path, "for c in [1, 2] where c > 1 { break }")
    assert body == [{"do": "for", "var": "c", "in": {"op": "list", "items": [1, 2]},
                     "where": {"op": "bin", "o": ">", "l": {"op": "var", "name": "c"}, "r": 1},
                     "body": [{"do": "break"}]}]


def test_repeat(tmp_path):
    (stmt,) = parse_one("procedure p() { repeat 3 { break } }").body
    assert isinstance(stmt, ast.Repeat)
    assert body_of(tmp_path, "repeat 3 { break }") == [{"do": "repeat", "count": 3, "body": [{"do": "break"}]}]


def test_while(tmp_path):
    (stmt,) = parse_one("procedure p() { while true { break } }").body
    assert isinstance(stmt, ast.While)
    assert body_of(tmp_path, "while true { break }") == [{"do": "while", "cond": True, "body": [{"do": "break"}]}]


def test_choose_menu_with_when_and_statement_options(tmp_path):
    src = 'choose by pl "Repair or buy?" {\n  "Repair" when n > 0: { stop }\n  "Buy": break_out()\n}'
    (stmt,) = parse_one("procedure p() { " + src + " }").body
    assert isinstance(stmt, ast.Choose) and stmt.mode == "one" and stmt.prompt == "Repair or buy?"
    assert [o.label for o in stmt.options] == ["Repair", "Buy"]
    assert isinstance(stmt.options[1].body[0], ast.CallStmt)
    body = body_of(tmp_path, "let pl = me\n" + src, prelude="procedure break_out() { stop }", params="n: int")
    assert body[1] == {"do": "choose", "mode": "one", "by": {"op": "var", "name": "pl"}, "prompt": "Repair or buy?",
                       "options": [
                           {"label": "Repair", "when": {"op": "bin", "o": ">", "l": {"op": "var", "name": "n"}, "r": 0},
                            "body": [{"do": "return", "value": None}]},
                           {"label": "Buy", "when": None,
                            "body": [{"do": "call", "proc": "break_out", "args": [], "into": None}]}]}


@pytest.mark.parametrize("word, mode", [("one", "one"), ("any", "any")])
def test_choose_one_and_any(tmp_path, word, mode):
    (stmt,) = parse_one(f'procedure p() {{ choose {word} {{ "A": stop }} }}').body
    assert stmt.mode == mode and stmt.prompt is None and stmt.by is None
    body = body_of(tmp_path, f'choose {word} {{ "A": stop  "B": stop }}')
    assert body[0]["mode"] == mode and [o["label"] for o in body[0]["options"]] == ["A", "B"]


def test_may_with_else(tmp_path):
    (stmt,) = parse_one('procedure p() { may by me "Engage?" { stop } else { break } }').body
    assert isinstance(stmt, ast.May) and stmt.prompt == "Engage?"
    body = body_of(tmp_path, 'may "Engage?" { stop } else { stop }')
    assert body == [{"do": "may", "by": None, "prompt": "Engage?", "body": [{"do": "return", "value": None}],
                     "else": [{"do": "return", "value": None}]}]


def test_may_without_else(tmp_path):
    assert body_of(tmp_path, "may { stop }")[0]["else"] == []


def test_act_statement(tmp_path):
    (stmt,) = parse_one("procedure p() { act by me tagged main, extra optional }").body
    assert isinstance(stmt, ast.Act) and stmt.tags == ["main", "extra"] and stmt.optional
    body = body_of(tmp_path, "act by me tagged main optional", prelude=PRELUDE)
    assert body == [{"do": "act", "by": {"op": "var", "name": "me"}, "tags": ["main"], "optional": True,
                     "into": None}]


def test_act_without_anything(tmp_path):
    assert body_of(tmp_path, "act") == [{"do": "act", "by": None, "tags": [], "optional": False, "into": None}]


def test_emit(tmp_path):
    (stmt,) = parse_one("procedure p() { emit found(me, n: 2) }").body
    assert isinstance(stmt, ast.Emit) and stmt.event == "found" and isinstance(stmt.args[1], ast.KwArg)
    body = body_of(tmp_path, "emit found(me, n: 2)", prelude=PRELUDE)
    assert body == [{"do": "emit", "event": "found", "args": {"who": {"op": "var", "name": "me"}, "n": 2}}]


def test_emit_fills_missing_fields_with_none(tmp_path):
    body = body_of(tmp_path, "emit found(me)", prelude=PRELUDE)
    assert body[0]["args"] == {"who": {"op": "var", "name": "me"}, "n": None}


def test_require(tmp_path):
    (stmt,) = parse_one('procedure p() { require n > 0, "none left" }').body
    assert isinstance(stmt, ast.Require) and stmt.message == "none left"
    body = body_of(tmp_path, 'require n > 0, "none left"\nrequire true', params="n: int")
    assert body == [{"do": "require", "expr": {"op": "bin", "o": ">", "l": {"op": "var", "name": "n"}, "r": 0},
                     "message": "none left"},
                    {"do": "require", "expr": True, "message": None}]


def test_log_with_holes_and_escaped_braces(tmp_path):
    (stmt,) = parse_one('procedure p() { log "{me} pays ${n * 2} {{ok}}" }').body
    assert isinstance(stmt, ast.Log) and isinstance(stmt.text, ast.Text)
    parts = stmt.text.parts
    assert isinstance(parts[0], ast.Name) and parts[1] == " pays $"
    assert isinstance(parts[2], ast.Binary) and parts[3] == " {ok}"
    body = body_of(tmp_path, 'log "{me} pays ${n * 2} {{ok}}"', params="n: int")
    assert body == [{"do": "log", "text": {"op": "text", "parts": [
        {"op": "var", "name": "me"}, " pays $",
        {"op": "bin", "o": "*", "l": {"op": "var", "name": "n"}, "r": 2}, " {ok}"]}}]


def test_log_plain_text(tmp_path):
    assert body_of(tmp_path, 'log "hello \\"you\\""') == [{"do": "log", "text": 'hello "you"'}]


def test_hole_in_a_log_string_has_its_own_location():
    (stmt,) = parse_one('procedure p() {\n  log "ab {zz}"\n}').body
    name = stmt.text.parts[1]
    assert isinstance(name, ast.Name) and name.span.line == 2 and name.span.column == 12


def test_return_with_a_value(tmp_path):
    (stmt,) = parse_one("procedure p() { return 3 }").body
    assert isinstance(stmt, ast.Return) and stmt.value.value == 3
    assert body_of(tmp_path, "return n + 1", params="n: int") == [
        {"do": "return", "value": {"op": "bin", "o": "+", "l": {"op": "var", "name": "n"}, "r": 1}}]


def test_stop(tmp_path):
    (stmt,) = parse_one("procedure p() { stop }").body
    assert isinstance(stmt, ast.Return) and stmt.value is None
    assert body_of(tmp_path, "stop") == [{"do": "return", "value": None}]


def test_break(tmp_path):
    (stmt,) = parse_one("procedure p() { while true { break } }").body[0].body
    assert isinstance(stmt, ast.Break)


def test_call_statement_with_keyword_arguments(tmp_path):
    (stmt,) = parse_one("procedure p() { pay(gold, 3, who: me) }").body
    assert isinstance(stmt, ast.CallStmt) and stmt.call.fn == "pay"
    assert isinstance(stmt.call.args[2], ast.KwArg) and stmt.call.args[2].name == "who"
    body = body_of(tmp_path, "pay(gold, 3, who: me)\nmove(c, deck, position: \"bottom\")", prelude=PRELUDE,
                   params="c: piece")
    assert body == [{"do": "prim", "name": "pay", "args": ["gold", 3, {"op": "var", "name": "me"}], "into": None},
                    {"do": "prim", "name": "move", "args": [{"op": "var", "name": "c"},
                                                            {"op": "ref", "ns": "zone", "id": "deck"}, "bottom"],
                     "into": None}]


def test_call_statement_of_a_procedure_binding_its_value(tmp_path):
    body = body_of(tmp_path, "let n = twice(2)", prelude="procedure twice(k: int) { return k * 2 }")
    assert body == [{"do": "call", "proc": "twice", "args": [2], "into": "n"}]


def test_resolve_a_table(tmp_path):
    (stmt,) = parse_one("procedure p() { resolve loot 4 }").body
    assert isinstance(stmt, ast.Resolve) and stmt.table == "loot"
    assert body_of(tmp_path, "resolve loot n", prelude=PRELUDE, params="n: int") == [
        {"do": "table", "table": "loot", "value": {"op": "var", "name": "n"}}]


def test_empty_statement(tmp_path):
    (decl,) = parse("procedure p() { ; stop ; }")[0]
    assert [type(s).__name__ for s in decl.body if s is not None] == ["Return"]
    assert body_of(tmp_path, "; stop ;") == [{"do": "return", "value": None}]


# ---- choosers ---------------------------------------------------------------------------------------

def test_pick_one_with_where(tmp_path):
    (stmt,) = parse_one('procedure p() { let s = choose by me "Which?" from xs where s > 1 }').body
    pick = stmt.value
    assert isinstance(pick, ast.Pick) and pick.count is None and pick.prompt == "Which?"
    body = body_of(tmp_path, 'let s = choose by me "Which?" from [1, 2, 3] where s > 1')
    assert body == [{"do": "pick", "by": {"op": "var", "name": "me"}, "prompt": "Which?",
                     "from": {"op": "list", "items": [1, 2, 3]},
                     "where": {"op": "bin", "o": ">", "l": {"op": "var", "name": "s"}, "r": 1},
                     "var": "s", "count": None, "up_to": False, "into": "s"}]


def test_pick_exactly_n(tmp_path):
    (stmt,) = parse_one("procedure p() { let cs = choose 2 from xs }").body
    assert stmt.value.count.value == 2 and not stmt.value.up_to
    body = body_of(tmp_path, "let cs = choose 2 from [1, 2, 3]")
    assert body[0]["count"] == 2 and body[0]["up_to"] is False and body[0]["into"] == "cs"


def test_pick_up_to_n(tmp_path):
    (stmt,) = parse_one("procedure p() { let cs = choose up  to n + 1 from xs }").body
    assert stmt.value.up_to and isinstance(stmt.value.count, ast.Binary)
    body = body_of(tmp_path, "let cs = choose up to n from [1, 2, 3]", params="n: int")
    assert body[0]["count"] == {"op": "var", "name": "n"} and body[0]["up_to"] is True


def test_pick_an_amount(tmp_path):
    (stmt,) = parse_one('procedure p() { let n = choose "How many?" amount 1..5 }').body
    assert isinstance(stmt.value, ast.Amount)
    assert body_of(tmp_path, 'let k = choose "How many?" amount 1..n', params="n: int") == [
        {"do": "amount", "by": None, "prompt": "How many?", "lo": 1, "hi": {"op": "var", "name": "n"}, "into": "k"}]


def test_a_pick_and_an_amount_asked_of_every_seat_at_once(tmp_path):
    # docs/LANGUAGE.md, "Several players at once: `choose each`"
    (stmt,) = parse_one('procedure p() { let t = choose as throw each q in players() "Throw" from xs where t > 0 }').body
    pick = stmt.value
    assert isinstance(pick, ast.Pick) and pick.by is None and pick.name == "throw"
    assert isinstance(pick.each, ast.Each) and pick.each.var == "q" and isinstance(pick.each.seats, ast.Call)
    body = body_of(tmp_path, 'let t = choose each q in players() "Throw, {q}" from [1, q.index]')
    assert body[0]["each"] == {"var": "q", "seats": {"op": "call", "fn": "players", "args": []}}
    assert body[0]["do"] == "pick" and body[0]["by"] is None and body[0]["into"] == "t"
    assert body[0]["from"]["items"][1] == {"op": "attr", "of": {"op": "var", "name": "q"}, "name": "index"}
    (stmt,) = parse_one('procedure p() { let b = choose each q in [me] amount 0..q.index }').body
    assert isinstance(stmt.value, ast.Amount) and stmt.value.each.var == "q"
    assert body_of(tmp_path, "let b = choose each q in players() amount 0..q.index")[0]["each"]["var"] == "q"



def test_pick_an_order(tmp_path):
    (stmt,) = parse_one("procedure p() { let o = choose order xs }").body
    assert isinstance(stmt.value, ast.Order)
    assert body_of(tmp_path, "let o = choose by me order [1, 2]") == [
        {"do": "order", "by": {"op": "var", "name": "me"}, "prompt": None,
         "from": {"op": "list", "items": [1, 2]}, "into": "o"}]


def test_act_as_a_value(tmp_path):
    (stmt,) = parse_one("procedure p() { let a = act by me tagged main optional }").body
    assert isinstance(stmt.value, ast.Act)
    body = body_of(tmp_path, "let a = act by me tagged main optional", prelude=PRELUDE)
    assert body == [{"do": "act", "by": {"op": "var", "name": "me"}, "tags": ["main"], "optional": True,
                     "into": "a"}]


# ---- expressions ---------------------------------------------------------------------------------------

V = lambda name: {"op": "var", "name": name}  # noqa: E731


@pytest.mark.parametrize("src, node, ir", [
    ("42", ast.Literal, 42),
    ('"hi"', ast.Literal, "hi"),
    ("true", ast.Literal, True),
    ("false", ast.Literal, False),
    ("none", ast.Literal, None),
    ("n", ast.Name, V("n")),
    ("(n)", ast.Name, V("n")),
    ("[1, n,]", ast.ListLit, {"op": "list", "items": [1, V("n")]}),
    ("[]", ast.ListLit, {"op": "list", "items": []}),
    ("[1..n]", ast.RangeLit, {"op": "range", "lo": 1, "hi": V("n")}),
    ("pl.gold", ast.Attr, {"op": "attr", "of": V("pl"), "name": "gold"}),
    ("xs[0]", ast.Index, {"op": "index", "of": V("xs"), "index": 0}),
    ("size(xs)", ast.Call, {"op": "call", "fn": "size", "args": [V("xs")]}),
    ("has_tag(pl, tag: \"x\")", ast.Call, {"op": "call", "fn": "has_tag", "args": [V("pl"), "x"]}),
    ("dice(pl)", ast.Call, {"op": "quantity", "id": "dice", "args": [V("pl")]}),
    ("- n", ast.Unary, {"op": "neg", "x": V("n")}),
    ("not true", ast.Unary, {"op": "not", "x": True}),
    ("if n > 1 then 2 else 3", ast.Cond,
     {"op": "cond", "if": {"op": "bin", "o": ">", "l": V("n"), "r": 1}, "then": 2, "else": 3}),
    ("count(xs)", ast.Aggregate, {"op": "agg", "fn": "count", "var": None, "in": V("xs"), "where": None,
                                  "value": None}),
    ("sum(each x in xs where x > 1: x * 2)", ast.Aggregate,
     {"op": "agg", "fn": "sum", "var": "x", "in": V("xs"), "where": {"op": "bin", "o": ">", "l": V("x"), "r": 1},
      "value": {"op": "bin", "o": "*", "l": V("x"), "r": 2}}),
    ("min(each x in xs: x)", ast.Aggregate,
     {"op": "agg", "fn": "min", "var": "x", "in": V("xs"), "where": None, "value": V("x")}),
    ("max(each x in xs: x)", ast.Aggregate,
     {"op": "agg", "fn": "max", "var": "x", "in": V("xs"), "where": None, "value": V("x")}),
    ("any(each x in xs where x == 2)", ast.Aggregate,
     {"op": "agg", "fn": "any", "var": "x", "in": V("xs"), "where": {"op": "bin", "o": "==", "l": V("x"), "r": 2},
      "value": None}),
    ("all(each x in xs: x > 0)", ast.Aggregate,
     {"op": "agg", "fn": "all", "var": "x", "in": V("xs"), "where": None,
      "value": {"op": "bin", "o": ">", "l": V("x"), "r": 0}}),
    ("[each x in xs where x > 1: x * 2]", ast.Aggregate,
     {"op": "agg", "fn": "list", "var": "x", "in": V("xs"), "where": {"op": "bin", "o": ">", "l": V("x"), "r": 1},
      "value": {"op": "bin", "o": "*", "l": V("x"), "r": 2}}),
    ("[each x in xs]", ast.Aggregate,
     {"op": "agg", "fn": "list", "var": "x", "in": V("xs"), "where": None, "value": None}),
    ("gold", ast.Name, {"op": "attr", "of": V("me"), "name": "gold"}),
    ("round_no", ast.Name, {"op": "ref", "ns": "counter", "id": "round_no"}),
    ("deck", ast.Name, {"op": "ref", "ns": "zone", "id": "deck"}),
    ("c1", ast.Name, {"op": "ref", "ns": "entity", "id": "c1"}),
    ("card", ast.Name, "card"),
    ("d6", ast.Name, "d6"),
    ('"a {n} b"', ast.Text, {"op": "text", "parts": ["a ", V("n"), " b"]}),
], ids=lambda v: v if isinstance(v, str) else None)
def test_expression_forms(tmp_path, src, node, ir):
    assert isinstance(expr_ast(src), node)
    assert expr_ir(tmp_path, src) == ir


@pytest.mark.parametrize("op", ["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "and", "or", "in",
                                "not in"])
def test_binary_operators(tmp_path, op):
    e = expr_ast(f"n {op} xs")
    assert isinstance(e, ast.Binary) and e.op == op
    assert expr_ir(tmp_path, f"n {op} xs") == {"op": "bin", "o": op, "l": V("n"), "r": V("xs")}


def test_not_in_with_extra_spaces():
    e = expr_ast("n not \t in xs")
    assert e.op == "not in"


@pytest.mark.parametrize("src, shape", [
    ("1 + 2 * 3", ("+", 1, ("*", 2, 3))),
    ("1 - 2 - 3", ("-", ("-", 1, 2), 3)),
    ("a or b and c", ("or", "a", ("and", "b", "c"))),
    ("not a == b", ("not", ("==", "a", "b"))),
    ("- a * b", ("*", ("neg", "a"), "b")),
    ("a < b == true", None),  # comparisons do not chain
    ("x.y[1].z", ("attr", ("index", ("attr", "x", "y"), 1), "z")),
])
def test_precedence_and_associativity(src, shape):
    def tree(e):
        if isinstance(e, ast.Binary):
            return (e.op, tree(e.left), tree(e.right))
        if isinstance(e, ast.Unary):
            return (e.op, tree(e.operand))
        if isinstance(e, ast.Literal):
            return e.value
        if isinstance(e, ast.Name):
            return e.id
        if isinstance(e, ast.Attr):
            return ("attr", tree(e.obj), e.name)
        if isinstance(e, ast.Index):
            return ("index", tree(e.obj), tree(e.index))
        raise AssertionError(e)
    items, diags = parse(f"quantity q = {src}")
    if shape is None:
        assert (diags[0].code, diags[0].span.column, diags[0].message) == ("E101", 20, "unexpected `==`")
    else:
        assert diags == [] and tree(items[0].value) == shape


def test_expression_spans_are_exact():
    e = expr_ast("size(xs) + 10")
    assert e.span == Span(1, 14, 1, 27)
    assert e.left.fn_span == Span(1, 14, 1, 18)
    assert e.right.span == Span(1, 25, 1, 27)


def test_keyword_followed_by_colon_is_a_property_name():
    decl = parse_one("thing t { order: 3 tags: x }")
    assert [p.name for p in decl.props] == ["order", "tags"]


def test_comments_and_blank_lines_are_ignored():
    items, diags = parse("# a comment\n\ncounter a = 1  # trailing\n# end")
    assert diags == [] and [i.name for i in items] == ["a"]


# ---- coverage of the grammar -------------------------------------------------------------------------

def test_display_declaration(tmp_path):
    # more in tests/compiler/test_display.py
    decl = parse_one('display { panel { counter gold "Gold" zone hand full quantity q show "S": 1 } board { } }')
    assert isinstance(decl, ast.DisplayDecl)
    assert [(i.what, i.name, i.label, i.flag) for i in decl.parts[0].items] == [
        ("counter", "gold", "Gold", None), ("zone", "hand", None, "full"), ("quantity", "q", None, None),
        ("show", None, "S", None)]
    assert decl.parts[1].part == "board" and decl.parts[1].items == []


def test_balance_declaration():
    # more in tests/compiler/test_balance.py
    decl = parse_one("balance { choices: driver, job.faction cards: ally }")
    assert isinstance(decl, ast.BalanceDecl)
    assert [p.name for p in decl.props] == ["choices", "cards"]
    assert isinstance(decl.props[0].values[1], ast.Attr)


COVERED = {
    # rules and aliases this file exercises, by the name in waybill.lark
    "start", "pack_decl", "include", "variant_decl", "remove_decl", "resource_decl", "counter_decl", "scope",
    "kind_decl", "field_decls", "field_decl", "type_ref", "zone_decl", "die_decl", "track_decl", "table_decl",
    "table_row", "range_lit", "event_decl", "quantity_decl", "procedure_decl", "params", "param", "invariant_decl",
    "board_decl", "space_decl", "link_decl", "region_decl", "name_list", "entity_decl", "opt_body", "text_item",
    "prop", "flag", "action_decl", "limit_item", "trigger_decl", "modifier_decl", "pattern_list", "wildcard",
    "mod_op", "replace_decl", "game_decl", "players_item", "limits_item", "setup_item", "play_item", "score_item",
    "scenario_decl", "seed_item", "variants_item", "given_item", "step_item", "answer_item", "pass_item",
    "force_item", "expect_item", "expect_log", "expect_offered", "block", "empty_stmt", "let_stmt", "set_stmt", "add_stmt",
    "sub_stmt", "if_stmt", "for_stmt", "repeat_stmt", "while_stmt", "choose_stmt", "option", "may_stmt",
    "act_stmt", "emit_stmt", "require_stmt", "log_stmt", "return_stmt", "stop_stmt", "break_stmt", "call_stmt",
    "table_stmt", "pick_one", "pick_many", "pick_amount", "pick_order", "act_value", "count_spec", "by_clause",
    "cond_expr", "or_expr", "and_expr", "not_op", "comparison", "comp_op", "sum", "product", "neg", "attr",
    "index", "call", "int_lit", "str_lit", "true_lit", "false_lit", "none_lit", "name", "list_lit",
    "range_expr", "list_each", "aggregate", "aggregate_plain", "agg_name", "args", "kwarg", "expr_list",
    "display_decl", "display_part", "display_counter", "display_zone", "display_quantity", "display_show",
    "balance_decl",
    "replaces_decl", "replaceable", "extend_kind", "extend_setup",  # test_expansion_forms_parse
    "fallback",
}

def test_bot_and_score_declarations(tmp_path):
    # more in tests/bots/test_search.py
    decl = parse_one("bot search { iterations: 50 depth: 3 }")
    assert isinstance(decl, ast.BotDecl) and decl.name == "search"
    assert [(p.name, [v.value for v in p.values]) for p in decl.props] == [("iterations", [50]), ("depth", [3])]
    assert parse_one("bot random").props == []
    hint = parse_one("score { me.x * 2 }")
    assert isinstance(hint, ast.BotScoreDecl) and isinstance(hint.expr, ast.Binary)
    ir = ir_of(tmp_path, "counter x per player = 0\nbot search { iterations: 50 }\nscore { me.x * 2 }\n")
    assert ir["bot"]["name"] == "search" and ir["bot"]["settings"] == {"iterations": 50}
    assert ir["bot_settings"] == {"search": {"iterations": 50}}
    assert ir["bot_score"]["expr"]["op"] == "bin"


COVERED |= {"bot_decl", "bot_score_decl"}  # test_bot_and_score_declarations

COVERED |= {"as_name"}  # tests/compiler/test_declared_names.py


def test_a_board_shows_things_and_is_extended():
    # docs/LANGUAGE.md, "A board people can see": `show NAME "Label" { ... }` in a board,
    # `extend board NAME { ... }` at the top level or in a variant
    b = parse_one('board g { space a { at: 0, 1 } show pos "Truck" { shape: token } }')
    assert isinstance(b, ast.BoardDecl) and not b.extends
    [d] = b.draws
    assert isinstance(d, ast.DrawDecl) and (d.name, d.title, [p.name for p in d.props]) == ("pos", "Truck", ["shape"])
    e = parse_one('extend board g { space b link a - b show flower }')
    assert isinstance(e, ast.BoardDecl) and e.extends and e.name == "g"
    assert [s.name for s in e.spaces] == ["b"] and len(e.links) == 1 and e.draws[0].title is None
    v = parse_one('variant v { extend board g { space c } }')
    assert isinstance(v.items[0], ast.BoardDecl) and v.items[0].extends
    # `show` stays a name outside a board or a display
    assert parse_one('action show "Show" { let x = 1 }').name == "show"


COVERED |= {"draw_decl", "extend_board"}  # test_a_board_shows_things_and_is_extended

def test_outcome_items_of_the_game(tmp_path):
    # docs/LANGUAGE.md, "Who wins": `cooperative` and `teams EXPR` in the game block
    g = parse_one('game { players 2..4 cooperative play { end_game() } }')
    assert isinstance(g, ast.GameDecl) and g.cooperative and g.teams is None
    g = parse_one('game { players 4 teams me.index % 2 play { end_game() } }')
    assert not g.cooperative and isinstance(g.teams, ast.Binary)
    ir = ir_of(tmp_path, 'game { players 4 teams me.index % 2 play { end_game() } }')
    assert ir["outcome"] == {"sides": {"op": "bin", "o": "%", "l": {"op": "attr", "of": {"op": "var", "name": "me"},
                                                                 "name": "index"}, "r": 2}}
    assert ir_of(tmp_path, 'game { players 2 cooperative play { end_game() } }')["outcome"] == {"cooperative": True}
    # `teams` stays a name outside the game block
    assert ir_of(tmp_path, 'counter teams = 2\ngame { players 2 play { set teams = teams + 1 end_game() } }')


COVERED |= {"outcome_item", "cooperative_item", "teams_item"}  # test_outcome_items_of_the_game


def test_eliminated_in_the_game_block(tmp_path):
    # docs/LANGUAGE.md, "Elimination": `eliminated EXPR` of `me`
    g = parse_one('game { players 2..4 eliminated me.out > 0 play { end_game() } }')
    assert isinstance(g.eliminated, ast.Binary) and g.teams is None
    ir = ir_of(tmp_path, 'counter out per player = 0\ngame { players 3 teams me.index eliminated me.out '
                         'play { end_game() } }')
    assert ir["outcome"] == {"sides": {"op": "attr", "of": {"op": "var", "name": "me"}, "name": "index"},
                             "out": {"op": "attr", "of": {"op": "var", "name": "me"}, "name": "out"}}
    # `eliminated` stays a name outside the game block
    assert ir_of(tmp_path, 'counter eliminated = 2\ngame { players 2 play { set eliminated = eliminated + 1 '
                           'end_game() } }')


COVERED |= {"eliminated_item"}  # test_eliminated_in_the_game_block


def test_each_by_orders_a_list(tmp_path):
    # docs/LANGUAGE.md, "Ordering": `[each x in LIST where COND by KEY: VALUE]`
    e = parse_one('procedure p() { let xs = [each c in [3, 1] where c > 0 by -c: c * 2] }').body[0].value
    assert isinstance(e, ast.Aggregate) and e.fn == "list" and isinstance(e.by, ast.Unary) and e.value is not None
    ir = ir_of(tmp_path, 'procedure p() { let xs = [each c in [3, 1] by c] }\ngame { players 2 play { p() end_game() } }')
    agg = ir["procedures"][0]["body"][0]["value"]
    assert agg["by"] == {"op": "var", "name": "c"} and agg["fn"] == "list"


COVERED |= {"order_by"}  # test_each_by_orders_a_list
COVERED |= {"each_clause", "asked"}  # test_a_pick_and_an_amount_asked_of_every_seat_at_once

COVERED |= {  # test_scenario_forms_of_the_second_format
    "before_item", "given_block", "given_stmt", "until_item", "until_goal", "until_round", "expect_over",
    "expect_winner", "expect_rolled", "message", "text_pattern",
}


def test_every_grammar_rule_is_covered():
    """A rule or alias added to the grammar needs a construct test here."""
    text = grammar_text()
    rules = set(re.findall(r"^\??([a-z_]+):", text, re.MULTILINE))
    aliases = set(re.findall(r"->\s*([a-z_]+)", text))
    # inlined `?rules` that only pass a child through are not constructs of their own
    passthrough = {"item", "variant_item", "item_in_variant", "board_item", "body_item", "ability",
                   "action_item", "pattern", "game_item", "scenario_item", "statement", "expr", "not_expr",
                   "unary", "postfix", "atom", "arg", "chooser", "display_item"}
    missing = (rules | aliases) - passthrough - COVERED
    assert missing == set(), f"grammar constructs without a test: {sorted(missing)}"
    stale = COVERED - rules - aliases
    assert stale == set(), f"tests name constructs the grammar no longer has: {sorted(stale)}"


def test_card_templates_and_hooks_parse(tmp_path):
    # docs/LANGUAGE.md "Runs of cards: templates" and "Steps before and after"
    decl = parse_one('number_card card "Card {value}" for value in [1..3], colour in ["red"] { text "{value}" }')
    assert isinstance(decl, ast.EntityDecl) and [g.name for g in decl.generators] == ["value", "colour"]
    assert isinstance(decl.generators[0].values, ast.RangeLit) and isinstance(decl.title_holes, ast.Text)
    assert isinstance(decl.text_holes, ast.Text) and decl.title == "Card {value}"
    assert parse_one('number_card card "Card 1" { value: 1 }').generators == []
    hook = parse_one("after deal { stop }")
    assert isinstance(hook, ast.Hook) and (hook.when, hook.target) == ("after", "deal")
    assert (parse_one("before setup { stop }").when, parse_one("before setup { stop }").target) == ("before", "setup")


COVERED |= {"entity_for", "entity_gen", "hook_decl"}  # test_card_templates_and_hooks_parse
