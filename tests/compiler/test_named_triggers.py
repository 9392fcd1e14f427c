"""`on EVENT as NAME` and `instead of P as NAME`: a trigger named for
programs to match (docs/LANGUAGE.md, "Names for programs"; docs/I18N.md).

Issue 24: "Names in the language for what programs match ... ids derived
from the declaration and a structural path that does not move when
unrelated lines are added."
"""

from __future__ import annotations

from tests.wbkit import checked_ir, diags_of
from waybill.spec.messages import Index, messages

SRC = '''
counter gold "Gold" per player = 0
event rang(p: player)
procedure tip(p: player) {{ set p.gold += 1 }}
kind bell {{ }}
bell big "Big bell" {{
{above}
  on rang as ding where p != none {{
    log "ding"
    may as again by p "Ring again?" {{ log "dong" }}
  }}
  on rang {{ log "plain" }}
  instead of tip as free {{ log "free" }}
}}
game {{ players 2..2 play {{ emit rang(first(players())) tip(first(players())) end_game() }} }}
'''


def _ids(tmp_path, above: str = "") -> set[str]:
    return {m.id for m in messages(checked_ir(tmp_path, SRC.format(above=above)))}


def test_a_named_trigger_s_ids_say_its_name_not_its_place(tmp_path):
    ids = _ids(tmp_path)
    assert {"ent-big-on-ding-log1", "ent-big-on-ding-ask-again", "ent-big-on-ding-log2",
            "ent-big-instead-free-log1"} <= ids
    # an unnamed one keeps its count (the named one above it counts too)
    assert "ent-big-on-rang-2-log1" in ids


def test_a_trigger_added_above_moves_no_named_id(tmp_path):
    before = _ids(tmp_path)
    after = _ids(tmp_path, '  on rang { log "first" }\n  instead of tip { log "first" }')
    named = {i for i in before if "-on-ding-" in i or "-instead-free-" in i}
    assert named <= after
    assert "ent-big-on-rang-1-log1" in after          # the new unnamed one is counted


def test_the_counted_id_of_a_named_trigger_is_its_legacy_id(tmp_path):
    index = Index(checked_ir(tmp_path, SRC.format(above="")))
    # catalogues and saves written before the name still find the message (W804 in `waybill check`)
    assert index.legacy["ent-big-on-rang-1-ask-again"] == "ent-big-on-ding-ask-again"
    assert index.legacy["ent-big-instead-tip-1-log1"] == "ent-big-instead-free-log1"


def test_two_triggers_of_an_entity_with_one_name(tmp_path):
    src = SRC.format(above="").replace("on rang {", "on rang as ding {")
    errs = [(d.code, d.span.line, d.message, d.hint) for d in diags_of(tmp_path, src) if d.is_error]
    assert [e[:2] for e in errs] == [("E302", 13)]          # the second (the pack's head is line 1)
    assert "two triggers of `ent-big` are named `ding`" in errs[0][2]
    assert errs[0][3]


def test_an_on_and_an_instead_of_with_one_name(tmp_path):
    src = SRC.format(above="").replace("instead of tip as free", "instead of tip as ding")
    errs = [d for d in diags_of(tmp_path, src) if d.is_error]
    assert [d.code for d in errs] == ["E302"]


def test_names_are_per_entity(tmp_path):
    src = SRC.format(above="").replace("game {", 'bell small "Small bell" {\n  on rang as ding { log "tink" }\n}\ngame {')
    assert not [d for d in diags_of(tmp_path, src) if d.is_error]
    assert "ent-small-on-ding-log1" in {m.id for m in messages(checked_ir(tmp_path, src))}
