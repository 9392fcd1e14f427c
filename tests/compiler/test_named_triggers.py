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


# ---- catalogues and saves written while the trigger was counted ------------------------------

BELL = '''pack bells "Bells"
event rang(p: player)
kind bell { }
bell big "Big bell" {
  on rang as ding { log "ding" }
}
game { players 2..2 play { emit rang(first(players())) end_game() } }
'''


def _bells(tmp_path, xx: str):
    folder = tmp_path / "bells"
    (folder / "locales").mkdir(parents=True)
    (folder / "pack.wb").write_text(BELL, encoding="utf-8")
    # en.ftl as `waybill i18n extract` wrote it before the trigger was named
    (folder / "locales" / "en.ftl").write_text(
        "pack-name = Bells\n# pack.wb:5\nent-big-on-rang-1-log1 = ding\n", encoding="utf-8")
    (folder / "locales" / "xx.ftl").write_text(xx, encoding="utf-8")
    return folder


def test_an_old_catalogue_key_is_read_with_W804_and_rekeyed(tmp_path):
    from waybill import check_paths
    from waybill.rekey import rekey
    folder = _bells(tmp_path, "pack-name = Колокола\nent-big = Большой\nent-big-on-rang-1-log1 = дзынь\n")
    w804 = [d for d in check_paths([str(folder)]).diagnostics if d.code == "W804"]
    assert len(w804) == 2 and "`ent-big-on-rang-1-log1` is the id `ent-big-on-ding-log1`" in w804[0].message
    table, _ = rekey(str(folder))
    assert table == {"ent-big-on-rang-1-log1": "ent-big-on-ding-log1"}
    assert "ent-big-on-ding-log1 = дзынь" in (folder / "locales" / "xx.ftl").read_text(encoding="utf-8")
    assert not [d for d in check_paths([str(folder)]).diagnostics if d.code.startswith(("W8", "E8"))]


def test_a_log_line_saved_under_the_counted_id_is_still_translated(tmp_path):
    from waybill import load_pack
    from waybill.runtime.text.catalogue import catalogue
    folder = _bells(tmp_path, "pack-name = Колокола\nent-big-on-ding-log1 = дзынь\n")
    cat = catalogue(load_pack(str(folder)), "xx")
    assert cat.get("ent-big-on-rang-1-log1", None, "ding") == "дзынь"
    assert cat.get("ent-big-on-ding-log1", None, "ding") == "дзынь"
