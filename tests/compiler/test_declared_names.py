"""`as NAME`: a decision, an option or a text value named for programs to
match (docs/LANGUAGE.md, "Names for programs"; spec/messages.py).

Issue 24: "A prompt and an option can be given a stable name in `.wb` ...;
unnamed ones get ids derived from the declaration and a structural path
that does not move when unrelated lines are added."
"""

from __future__ import annotations

import random

import pytest

from tests.wbkit import checked_ir, diags_of, only
from waybill import Game, load_pack
from waybill.spec.messages import Index, messages

PROC = '''
counter gold "Gold" per player = 0
procedure shop(p: player) {{
{above}
  let where = choose as spot by p "Where to?" from ["stop here" as stop, "go on"]
  choose as menu by p "What now?" {{
    "Take 1 gold" as take: {{ set p.gold += 1 }}
    "Nothing": {{ }}
  }}
  may by p "Take another?" {{ set p.gold += 1 }}
  let n = choose by p "How many?" amount 0..2
  let label = "Pile " as pile + text_of(n)
}}
game {{ players 2..2 play {{ shop(first(players())) end_game() }} }}
'''


def _ids(tmp_path, above: str = "") -> set[str]:
    return {m.id for m in messages(checked_ir(tmp_path, PROC.format(above=above)))}


def test_named_decisions_options_and_texts_have_their_names_as_ids(tmp_path):
    ids = _ids(tmp_path)
    assert {"proc-shop-ask-spot", "proc-shop-ask-menu", "proc-shop-ask-menu-take", "proc-shop-str-stop",
            "proc-shop-str-pile"} <= ids
    # unnamed: an option by its place in its menu, a decision by the variable it sets, else by its kind
    assert {"proc-shop-ask-menu-opt2", "proc-shop-ask-n", "proc-shop-ask-may1"} <= ids


@pytest.mark.parametrize("above", [
    '  log "a new line above"',
    '  let extra = choose by p "A new question?" from ["a", "b"]',
    '  choose by p "Another menu" { "x": { } }',
    '  require p.gold >= 0, "never"\n  let k = 3',
])
def test_an_unrelated_line_above_moves_no_id(tmp_path, above):
    # "a structural path that does not move when unrelated lines are added"
    before = _ids(tmp_path / "a")
    after = _ids(tmp_path / "b", above)
    assert before - after == set()


def test_a_second_unnamed_decision_of_a_kind_is_numbered_among_its_kind(tmp_path):
    # what is left positional: var-less decisions of one kind in one declaration
    ids = _ids(tmp_path, '  may by p "An earlier question?" { }')
    assert {"proc-shop-ask-may1", "proc-shop-ask-may2"} <= ids


def test_the_ir_keeps_the_names(tmp_path):
    ir = checked_ir(tmp_path, PROC.format(above=""))
    body = next(p for p in ir["procedures"] if p["id"] == "shop")["body"]
    pick, menu = body[0], body[1]
    first = pick["from"]["items"][0]
    assert pick["name"] == "spot" and {k: v for k, v in first.items() if k != "at"} == {
        "op": "text", "parts": ["stop here"], "name": "stop"}
    assert menu["name"] == "menu" and [o.get("name") for o in menu["options"]] == ["take", None]


def test_a_named_text_is_the_same_value_and_the_view_names_its_option(tmp_path):
    # the rules compare the chosen value with the same words: a name changes nothing in play
    ir = checked_ir(tmp_path, PROC.format(above=""))
    game = Game.new(load_pack(ir), players=2, seed=1)
    view = game.view(0, display=False)["pending"]
    assert view["at"] == "proc-shop-ask-spot"
    assert [o["id"] for o in view["options"]] == ['proc-shop-ask-spot#v:"stop here"', 'proc-shop-ask-spot#v:"go on"']
    assert [o.get("msg") for o in view["options"]][0] == "proc-shop-str-stop"
    game.apply(game.legal_actions()[0])
    view = game.view(0, display=False)["pending"]
    assert view["at"] == "proc-shop-ask-menu"
    assert [o["msg"] for o in view["options"]] == ["proc-shop-ask-menu-take", "proc-shop-ask-menu-opt2"]
    # a named option's id says its name; an unnamed one its place in the menu
    assert [o["id"] for o in view["options"]] == ["proc-shop-ask-menu#take", "proc-shop-ask-menu#c1"]


def test_the_index_maps_a_menu_to_its_options(tmp_path):
    index = Index(checked_ir(tmp_path, PROC.format(above="")))
    assert index.choice("proc-shop-ask-menu", 0) == "proc-shop-ask-menu-take"
    assert index.choice("proc-shop-ask-menu", 1) == "proc-shop-ask-menu-opt2"
    assert index.choice("proc-shop-ask-menu", 2) is None and index.choice(None, 0) is None


# ---- mistakes ---------------------------------------------------------------------------------

def _errors(tmp_path, body: str):
    src = 'counter gold "Gold" per player = 0\n' + body + '\ngame { players 2..2 play { q(first(players())) } }\n'
    return [(d.code, d.span.line, d.span.column, d.message) for d in diags_of(tmp_path, src) if d.is_error]


def test_two_decisions_of_a_declaration_with_one_name(tmp_path):
    errs = _errors(tmp_path, 'procedure q(p: player) {\n  may as again by p "A?" { }\n'
                             '  may as again by p "B?" { }\n}')
    assert [e[:3] for e in errs] == [("E302", 5, 3)]       # the second one (the pack's head is line 1)
    assert "two decisions of `proc-q` are named `again`" in errs[0][3]


def test_two_options_of_a_choice_with_one_name(tmp_path):
    errs = _errors(tmp_path, 'procedure q(p: player) {\n  choose by p "Which?" {\n'
                             '    "A" as x: { }\n    "B" as x: { }\n  }\n}')
    assert [e[:3] for e in errs] == [("E302", 6, 5)]


def test_two_texts_with_one_name_and_one_text_with_two(tmp_path):
    errs = _errors(tmp_path, 'procedure q(p: player) {\n  let a = ["yes" as pick, "no" as pick]\n'
                             '  let b = ["maybe" as m1]\n  let c = ["maybe" as m2]\n}')
    assert [e[0] for e in errs] == ["E302", "E302"]
    assert "two different texts of `proc-q` are named `pick`" in errs[0][3]
    assert "named `m1` and `m2`" in errs[1][3]


def test_the_same_name_in_two_declarations_is_fine(tmp_path):
    src = ('procedure q(p: player) { may as again by p "A?" { } }\n'
           'procedure r(p: player) { may as again by p "B?" { } }\n'
           'game { players 2..2 play { q(first(players())) r(first(players())) } }\n')
    assert checked_ir(tmp_path, src)


@pytest.mark.parametrize("bad", ['may as by p "A?" { }', 'may as 3 by p "A?" { }', 'choose as { "a": { } }',
                                 'let x = ["a" as]', 'let x = ["a" as "b"]', 'choose "A" as y { "a": { } }'])
def test_a_malformed_name_is_a_syntax_error(tmp_path, bad):
    diags = diags_of(tmp_path, 'procedure q(p: player) {\n  ' + bad + '\n}\n'
                               'game { players 2..2 play { q(first(players())) } }\n')
    errors = [d for d in diags if d.is_error]
    assert errors and errors[0].code == "E101" and errors[0].span.line == 3, errors


def test_a_shipped_bot_matches_a_declared_name():
    # the names the bots match are in the packs (tests/bots/test_bot_ids.py checks them all)
    rules = load_pack("weds")
    assert "proc-drive_truck-ask-drive_where" in rules.messages.decision_at.values()
    game = Game.new(rules, players=3, seed=2)
    rng = random.Random(0)
    for _ in range(400):
        if game.pending and game.pending.get("msg") == "proc-drive_truck-ask-drive_where":
            return
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    pytest.fail("no drive decision in 400 random steps")
