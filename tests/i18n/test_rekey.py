"""`waybill i18n rekey PACK`: translations follow their messages when ids change.

Issue 24: "If message ids change, update the catalogues' keys ... so
Russian play keeps its translations, and keep `waybill check`'s catalogue
checks green." Naming a decision (`may as again`) changes its id; the
pack's old `en.ftl` says where each old id was declared and its English,
so the same place with the same English under a new id is the same message.
"""

from __future__ import annotations

import os

import pytest

from tests.wbkit import run_cli
from waybill import check_paths
from waybill.api import CompileError
from waybill.i18n import coverage, extract
from waybill.rekey import rekey, renames

BEFORE = '''pack bell "Bell"
procedure ring(p: player) {
  log "ding"
  may by p "Ring again?" { log "dong" }
  choose by p "How loud?" {
    "Soft": { log "a soft ring" }
    "Loud": { log "a loud ring" }
  }
}
game { players 2..2 play { ring(first(players())) end_game() } }
'''
AFTER = BEFORE.replace('may by p', 'may as again by p').replace('choose by p', 'choose as loudness by p') \
    .replace('"Loud":', '"Loud" as loud:')
XX = '''pack-name = Колокол
proc-ring-log1 = дзынь
proc-ring-ask-may1 = Ещё раз?
proc-ring-log2 = донг
proc-ring-ask-choose1 = Как громко?
proc-ring-ask-choose1-opt1 = Тихо
proc-ring-ask-choose1-opt2 = Громко
proc-ring-log3 = тихий звон
proc-ring-log4 = громкий звон
'''


@pytest.fixture
def pack(tmp_path):
    folder = tmp_path / "bell"
    folder.mkdir()
    (folder / "pack.wb").write_text(BEFORE, encoding="utf-8")
    extract(str(folder))
    (folder / "locales" / "xx.ftl").write_text(XX, encoding="utf-8")
    assert coverage(str(folder), "xx")["missing"] == []
    (folder / "pack.wb").write_text(AFTER, encoding="utf-8")
    return folder


def test_naming_decisions_renames_their_keys_and_keeps_the_translations(pack):
    assert renames(str(pack)) == {
        "proc-ring-ask-may1": "proc-ring-ask-again",
        "proc-ring-ask-choose1": "proc-ring-ask-loudness",
        "proc-ring-ask-choose1-opt1": "proc-ring-ask-loudness-opt1",
        "proc-ring-ask-choose1-opt2": "proc-ring-ask-loudness-loud",
    }
    table, changed = rekey(str(pack))
    assert len(table) == 4 and {os.path.basename(p) for p in changed} == {"xx.ftl", "en.ftl"}
    text = (pack / "locales" / "xx.ftl").read_text(encoding="utf-8")
    assert "proc-ring-ask-again = Ещё раз?" in text and "proc-ring-ask-loudness-loud = Громко" in text
    assert coverage(str(pack), "xx")["missing"] == []
    assert not check_paths([str(pack)]).errors
    assert renames(str(pack)) == {}             # a second run finds nothing to do


def test_before_rekey_the_stale_keys_are_check_errors(pack):
    # what a pack with catalogues meets when ids change: `check` says so, rekey mends it
    assert check_paths([str(pack)]).errors


def test_a_reworded_message_keeps_its_old_key(pack):
    (pack / "pack.wb").write_text(AFTER.replace("Ring again?", "Ring once more?"), encoding="utf-8")
    table = renames(str(pack))
    assert "proc-ring-ask-may1" not in table and "proc-ring-ask-choose1" in table


def test_a_pack_without_an_english_catalogue_is_refused(tmp_path):
    (tmp_path / "pack.wb").write_text(BEFORE, encoding="utf-8")
    with pytest.raises(CompileError, match="no locales/en.ftl"):
        rekey(str(tmp_path))


def test_a_catalogue_linked_out_of_the_pack_is_not_written(pack, tmp_path):
    outside = tmp_path / "elsewhere.ftl"
    outside.write_text(XX, encoding="utf-8")
    (pack / "locales" / "xx.ftl").unlink()
    (pack / "locales" / "xx.ftl").symlink_to(outside)
    with pytest.raises(CompileError, match="outside the pack"):
        rekey(str(pack))
    assert outside.read_text(encoding="utf-8") == XX


def test_the_command_line_says_what_it_did_and_refuses_without_a_traceback(pack, tmp_path):
    done = run_cli("i18n", "rekey", str(pack))
    assert done.returncode == 0 and "4 id(s) renamed" in done.stdout and "proc-ring-ask-may1 -> proc-ring-ask-again" \
        in done.stdout
    (tmp_path / "bare").mkdir()
    (tmp_path / "bare" / "pack.wb").write_text(BEFORE, encoding="utf-8")
    refused = run_cli("i18n", "rekey", str(tmp_path / "bare"))
    assert refused.returncode == 1 and "no locales/en.ftl" in refused.stderr and "Traceback" not in refused.stderr
    (pack / "locales" / "xx.ftl").write_bytes(b"\xff\xfe not utf-8")
    (pack / "pack.wb").write_text(BEFORE, encoding="utf-8")
    bad = run_cli("i18n", "rekey", str(pack))
    assert bad.returncode == 1 and "Traceback" not in bad.stderr and "xx.ftl" in bad.stderr
