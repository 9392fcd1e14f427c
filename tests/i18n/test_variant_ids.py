"""A variant's text has ids of its own (issue #16, docs/I18N.md "Ids").

A variant that replaces a procedure numbers the lines of its procedure anew;
were they under the base procedure's ids, a translation would say the base
game's line for the variant's (`proc-finish_job-log1` of WEDS's risky
smuggling is the smuggling run, the base game's is an ordinary job). So
whatever a chosen variant declares is marked in the IR (`"variant": <id>`)
and its messages are `variant-<id>-<the id it would have>`: derived from the
declaration and its place, like every id."""

from __future__ import annotations

import pytest

from tests.wbkit import compiled_pack, pack_path
from waybill import load_pack
from waybill import compile_pack
from waybill import check_paths
from waybill.compiler.schema import validate_ir
from waybill.i18n import coverage, extract
from waybill import Game
from waybill.spec.messages import messages

PACK = '''pack t
event rang(n: int)
procedure p() {
  log "the bell rings"
}
on rang {
  log "someone rang {n}"
}
variant loud "Loud bells" {
  procedure p() {
    log "the bell rings {size(players())} times"
    log "everyone wakes"
  }
  on rang {
    log "a loud ring"
  }
}
game {
  players 2..2
  play {
    p()
    emit rang(3)
    choose by first(players()) "Ring again?" {
      "yes, again":
        p()
      "no":
        log "quiet"
    }
  }
}
'''
XX = '''pack-name = т
proc-p-log1 = звонит колокол
on-rang-1-log1 = кто-то позвонил { $n }
play-ask-choose1 = Ещё?
play-ask-choose1-opt1 = да
play-ask-choose1-opt2 = нет
play-log1 = тихо
variant-loud = Громкие колокола
variant-loud-proc-p-log1 = колокол звонит { $arg1 } раз
variant-loud-proc-p-log2 = все просыпаются
variant-loud-on-rang-1-log1 = громкий звон
'''


@pytest.fixture
def pack(tmp_path):
    (tmp_path / "pack.wb").write_text(PACK)
    extract(str(tmp_path))
    (tmp_path / "locales" / "xx.ftl").write_text(XX, encoding="utf-8")
    return tmp_path


def test_the_ir_marks_what_a_variant_declared(pack):
    base, loud = compile_pack(str(pack)).ir, compile_pack(str(pack), ["loud"]).ir
    assert [p.get("variant") for p in loud["procedures"]] == ["loud"]
    assert [r.get("variant") for r in loud["rules"]] == [None, "loud"]   # the base trigger stays the base's
    assert "variant" not in str([base[k] for k in ("procedures", "rules", "zones", "quantities", "entities")])
    assert validate_ir(loud) == []


def test_a_replaced_procedure_says_its_lines_under_ids_of_its_own(pack):
    base = {m.id: m.english() for m in messages(compile_pack(str(pack)).ir)}
    loud = {m.id: m.english() for m in messages(compile_pack(str(pack), ["loud"]).ir)}
    assert base["proc-p-log1"] == "the bell rings"
    assert loud["variant-loud-proc-p-log1"] == "the bell rings { $arg1 } times"
    assert "proc-p-log1" not in loud
    # a variant's trigger is numbered apart: the base game's keep their ids
    assert loud["on-rang-1-log1"] == base["on-rang-1-log1"] == "someone rang { $n }"
    assert loud["variant-loud-on-rang-1-log1"] == "a loud ring"


def test_extract_and_coverage_count_the_variants_messages(pack):
    english = (pack / "locales" / "en.ftl").read_text()
    assert "\nvariant-loud-proc-p-log1 = the bell rings { $arg1 } times\n" in english
    assert "\nproc-p-log1 = the bell rings\n" in english
    assert extract(str(pack))[2] is False
    got = coverage(str(pack), "xx")
    assert (got["total"], got["translated"], got["missing"]) == (11, 11, [])
    (pack / "locales" / "xx.ftl").write_text(XX.replace("variant-loud-proc-p-log2 = все просыпаются\n", ""))
    assert coverage(str(pack), "xx")["missing"] == ["variant-loud-proc-p-log2"]


def test_a_variant_game_in_a_language_says_the_variants_lines(pack):
    for variants, said in (((), ["звонит колокол", "кто-то позвонил 3"]),
                           (["loud"], ["колокол звонит 2 раз", "все просыпаются", "кто-то позвонил 3", "громкий звон"])):
        g = Game.new(load_pack(str(pack), variants), players=2, seed=1)
        assert [e["text"] for e in g.view(0, log=True, lang="xx")["log"] if e["type"] == "say"] == said


def _catalogue_diags(pack, ftl: str) -> list:
    (pack / "locales" / "xx.ftl").write_text(ftl, encoding="utf-8")
    return [d for d in check_paths([str(pack)]).sorted() if d.code.startswith(("E8", "W8"))]


def test_check_knows_the_variants_ids(pack):
    assert _catalogue_diags(pack, XX) == []
    (d,) = _catalogue_diags(pack, XX + "variant-loud-proc-p-log3 = ещё\n")
    assert (d.code, d.span.line, d.message) == (
        "E802", 12, "unknown message `variant-loud-proc-p-log3`: the pack has no such text")
    assert "variant-loud-proc-p-log2" in d.hint
    (d,) = _catalogue_diags(pack, XX.replace("громкий звон", "громкий звон { $n }"))
    assert (d.code, d.span.line) == ("E804", 11) and "`$n` is not given to message `variant-loud-on-rang-1-log1`" in d.message
    (d,) = _catalogue_diags(pack, XX.replace("variant-loud-proc-p-log2 = все просыпаются\n", ""))
    assert d.code == "W801" and "variant-loud-proc-p-log2" in d.message


@pytest.mark.parametrize("name", ["weds", "badlands", "warfare"])
def test_each_pack_extracts_its_variants_cleanly(name):
    """A pack's shipped English catalogue — what extracting the pack (its
    variants one at a time) gives again, as tests/cli/test_i18n.py
    (test_shipped_english_catalogues_are_current) checks — has every
    `variant-<id>-` message belong to a variant of that pack (badlands and
    warfare have none: English only)."""
    from waybill.compiler.catalogues import ftl_ids
    from waybill.i18n import catalogue_path
    variants = set(compiled_pack(name).program.variants)
    english = ftl_ids(catalogue_path(pack_path(name), "en"))
    own = {k.split("-")[1] for k in english if k.startswith("variant-") and k.count("-") > 1}
    assert own <= variants
    if name == "weds":
        assert own == variants - {"raider_warping"}      # it replaces a formula: nothing to say
        assert "variant-risky_smuggling-proc-finish_job-log1" in english
        assert "variant-perfect_information-zone-cab" in english
