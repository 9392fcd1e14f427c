"""The check cache: a check of a pack with nothing changed reads back what the
last one found, and says exactly what a fresh check says; any change a check
could see is a miss; a damaged, tampered or odd entry is ignored, never trusted."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import waybill.compiler as compiler
from tests.wbkit import ROOT, WAYBILL, write_pack
from waybill.compiler import check_cache
from waybill import check_paths
from waybill.dsl import cachestore
from waybill.dsl.diagnostics import Diagnostic

# a pack with findings of every kind a clean pack may have: an unused procedure
# (W501, in an included file), a file nothing includes (W502), a glob include
# and a variant
BODY = """\
include "rules.wb"
include "cards/*.wb"
counter laps = 3
variant short "Short" { counter laps = 1 }
game { players 2..4 play { end_game() } }
"""
FILES = {
    "rules.wb": "quantity spare(p: player) = 1\nprocedure spare_step(p: player) { log \"unused\" }\n",
    "cards/one.wb": "counter one = 1\n",
    "notes.wb": "counter stray = 2\n",
}


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    base = tmp_path / "cache"
    monkeypatch.setenv("WAYBILL_CACHE", str(base))
    monkeypatch.delenv("WAYBILL_NO_CACHE", raising=False)
    return base


@pytest.fixture
def runs(monkeypatch) -> list[str]:
    """The pack folders a check really checked (a hit checks none)."""
    seen: list[str] = []
    real = compiler._check_pack_in

    def spy(folder, report, *rest):
        seen.append(folder)
        return real(folder, report, *rest)
    monkeypatch.setattr(compiler, "_check_pack_in", spy)
    return seen


@pytest.fixture
def pack(tmp_path) -> Path:
    return write_pack(tmp_path / "pk", BODY, FILES)


def findings(report) -> tuple[list, str, dict]:
    shown = {d["file"] for d in report.to_json()}
    return report.to_json(), report.render(), {f: report.sources.get(f) for f in shown}


def check(folder: Path, cached: bool = True):
    return findings(check_paths([str(folder)], cached=cached))


def fresh(folder: Path, runs: list[str]):
    """What a check without the cache finds (not counted among `runs`)."""
    count = len(runs)
    out = check(folder, cached=False)
    del runs[count:]
    return out


def entries(cache: Path) -> list[Path]:
    return sorted((cache / check_cache.SUBFOLDER).glob("*/*.json"))


def test_a_second_check_reads_back_what_the_first_found(cache, runs, pack):
    want = fresh(pack, runs)
    codes = sorted(d["code"] for d in want[0])
    assert codes == ["W501", "W502"], want[1]
    assert check(pack) == want and len(runs) == 1
    assert len(entries(cache)) == 1
    assert check(pack) == want and len(runs) == 1, "a hit checks nothing"


@pytest.mark.parametrize("edit", [
    "rules.wb",          # an included file
    "cards/one.wb",      # a file a glob includes
    "notes.wb",          # a file nothing includes (it is still checked)
    "pack.wb",           # the variant is declared there
])
def test_an_edit_to_any_file_the_check_reads_is_a_miss(cache, runs, pack, edit):
    check(pack)
    path = pack / edit
    path.write_text(path.read_text().replace("1", "7") + "procedure added_here(p: player) { log \"new\" }\n")
    got = check(pack)
    assert len(runs) == 2 and got == fresh(pack, runs)
    # (a file nothing includes is only read for its syntax: nothing in it is "never used")
    assert any("added_here" in d["message"] for d in got[0]) or edit == "notes.wb", got[1]


def test_an_edit_inside_a_variant_is_a_miss(cache, runs, pack):
    check(pack)
    path = pack / "pack.wb"
    path.write_text(path.read_text().replace("counter laps = 1", "counter laps = 1\n  counter nope = sprint"))
    got = check(pack)
    assert len(runs) == 2 and any(d["severity"] == "error" for d in got[0]), got[1]


@pytest.mark.parametrize("new", ["cards/two.wb", "cards/deeper/x.wb", "more.wb"])
def test_a_new_file_a_glob_or_the_folder_would_find_is_a_miss(cache, runs, pack, new):
    first = check(pack)
    path = pack / new
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("procedure fresh_one(p: player) { log \"new\" }\n")
    got = check(pack)
    assert len(runs) == 2 and got != first and got == fresh(pack, runs)


def test_a_removed_or_renamed_file_is_a_miss(cache, runs, pack):
    check(pack)
    (pack / "cards" / "one.wb").rename(pack / "cards" / "uno.wb")
    got = check(pack)
    assert len(runs) == 2 and got == fresh(pack, runs)
    (pack / "notes.wb").unlink()
    assert check(pack) == fresh(pack, runs) and len(runs) == 3


def test_a_new_file_of_another_name_is_still_a_hit(cache, runs, pack):
    check(pack)
    (pack / "README.md").write_text("# notes\n")
    check(pack)
    assert len(runs) == 1


def test_a_changed_link_is_a_miss(cache, runs, pack, tmp_path):
    (tmp_path / "a.wb").write_text("counter a = 1\n")
    (tmp_path / "b.wb").write_text("counter b = 1\n")
    os.symlink(tmp_path / "a.wb", pack / "outside.wb")
    first = check(pack)
    assert any(d["code"] == "W502" and "outside.wb" in d["file"] for d in first[0])
    (pack / "outside.wb").unlink()
    os.symlink(pack / "rules.wb", pack / "outside.wb")   # now a link inside the pack
    got = check(pack)
    assert len(runs) == 2 and got == fresh(pack, runs) and got != first


def test_an_edit_to_a_base_pack_is_a_miss(cache, runs, tmp_path):
    write_pack(tmp_path / "base", BODY, FILES, head='pack base "Base"\n')
    ext = write_pack(tmp_path / "ext", "counter extra = 1\n", head='pack ext "Ext" extends base\n', game=False)
    first = check(ext)
    assert check(ext) == first and len(runs) == 1
    (tmp_path / "base" / "rules.wb").write_text("quantity spare(p: player) = 1\nquantity other(p: player) = 2\n")
    got = check(ext)
    assert len(runs) == 2 and got == fresh(ext, runs) and got != first
    (tmp_path / "base" / "cards" / "two.wb").write_text("quantity two(p: player) = 2\n")   # a base's glob finds more
    check(ext)
    assert len(runs) == 3


def test_an_edit_to_a_base_packs_catalogue_is_a_miss(cache, runs, tmp_path):
    # the extending pack's catalogue is checked with the base pack's of its
    # language (a cycle can run through both): an edit there can change it
    base = write_pack(tmp_path / "base", BODY, FILES, head='pack base "Base"\n')
    ext = write_pack(tmp_path / "ext", "counter extra = 1\n", head='pack ext "Ext" extends base\n', game=False)
    for folder, text in ((base, "-b = words\n"), (ext, "-e = { -b }\n")):
        (folder / "locales").mkdir()
        (folder / "locales" / "ru.ftl").write_text(text, encoding="utf-8")
    first = check(ext)
    assert check(ext) == first and len(runs) == 1, "the engine's own catalogue does not turn the cache off"
    (base / "locales" / "ru.ftl").write_text("-b = { -e }\n", encoding="utf-8")
    got = check(ext, cached=True)
    assert len(runs) == 2 and "E807" in [d["code"] for d in got[0]]


def test_a_base_found_elsewhere_is_a_miss(cache, runs, tmp_path):
    # `extends base`: a sibling folder first, so a new sibling wins over the old one
    write_pack(tmp_path / "a" / "ext", "counter extra = 1\n", head='pack ext "Ext" extends base\n', game=False)
    write_pack(tmp_path / "b" / "base", BODY, FILES, head='pack base "Base"\n')
    os.symlink(tmp_path / "b" / "base", tmp_path / "a" / "base")
    first = check(tmp_path / "a" / "ext")
    (tmp_path / "a" / "base").unlink()
    write_pack(tmp_path / "a" / "base", "counter lone = 1\n", head='pack base "Base"\n')
    got = check(tmp_path / "a" / "ext")
    assert len(runs) == 2 and got != first and got == fresh(tmp_path / "a" / "ext", runs)


def test_another_code_version_is_a_miss(cache, runs, pack, monkeypatch):
    first = check(pack)
    monkeypatch.setattr(check_cache, "code_version", lambda: "another version")
    assert check(pack) == first and len(runs) == 2
    assert check(pack) == first and len(runs) == 2, "the entry is made again for that version"
    monkeypatch.setattr(check_cache, "code_version", lambda: None)   # code not readable as files: no caching
    check(pack)
    check(pack)
    assert len(runs) == 4


def test_a_check_given_other_bots_is_a_miss(cache, runs, tmp_path):
    """The bots a pack may name are given to the check from above: an entry
    made with one set of bots never answers a check given another."""
    folder = write_pack(tmp_path / "bt", "bot random\n", {})
    with_bots = compiler.check_paths([str(folder)], cached=True, bots={"random": frozenset()})
    assert not with_bots.errors and len(runs) == 1
    without = compiler.check_paths([str(folder)], cached=True, bots={"search": frozenset()})
    assert [d.code for d in without.errors] == ["E301"] and len(runs) == 2, "another set of bots: checked again"
    again = compiler.check_paths([str(folder)], cached=True, bots={"random": frozenset()})
    assert not again.errors and len(runs) == 2, "the first set's entry answers (a pack with errors is not kept)"


def test_the_code_version_covers_the_grammar_and_the_code(tmp_path):
    dsl = tmp_path / "dsl"
    shutil.copytree(ROOT / "dsl", dsl, ignore=shutil.ignore_patterns("__pycache__"))
    lark = tmp_path / "lark_init.py"
    lark.write_text('__version__ = "1.2.2"\n')
    before = check_cache.code_hash([str(dsl)], [str(lark)])
    assert before == check_cache.code_hash([str(dsl)], [str(lark)])
    for path, edit in [(dsl / "waybill.lark", "\n// a comment\n"), (dsl / "transform.py", "\n# x\n"),
                       (lark, "# another Lark\n")]:
        text = path.read_text()
        path.write_text(text + edit)
        assert check_cache.code_hash([str(dsl)], [str(lark)]) != before, path
        path.write_text(text)
    assert check_cache.code_hash([str(dsl)], [str(tmp_path / "missing.py")]) is None


def test_another_working_folder_is_a_miss_with_its_own_paths(cache, runs, pack, monkeypatch):
    first = check(pack)
    monkeypatch.chdir(pack)
    got = check(pack)
    assert len(runs) == 2 and got == fresh(pack, runs)
    assert all(not d["file"].startswith("/") for d in got[0]) and got != first


def test_a_pack_with_errors_is_not_cached(cache, runs, tmp_path):
    bad = write_pack(tmp_path / "bad", "counter a = 1\ncounter a = 2\n")
    first = check(bad)
    assert any(d["severity"] == "error" for d in first[0])
    assert check(bad) == first and len(runs) == 2 and entries(cache) == []


def test_no_cache_folder_no_caching(tmp_path, runs, pack, monkeypatch):
    monkeypatch.setenv("WAYBILL_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("WAYBILL_NO_CACHE", "1")
    check(pack)
    check(pack)
    assert len(runs) == 2 and not (tmp_path / "cache").exists()


def test_a_folder_that_changes_during_the_check_is_not_cached(cache, runs, pack, monkeypatch):
    real = compiler._check_pack_in

    def meanwhile(folder, report, *rest):
        out = real(folder, report, *rest)
        (pack / "late.wb").write_text("counter late = 1\n")   # after the loader looked
        return out
    monkeypatch.setattr(compiler, "_check_pack_in", meanwhile)
    first = check(pack)
    assert entries(cache) == [] and not any("late.wb" in d["file"] for d in first[0])


# ---- entries that must not be trusted -------------------------------------------------------

@pytest.fixture
def entry(cache, runs, pack) -> tuple[Path, Path, tuple]:
    """A pack checked once, so cached: (its folder, its entry, what a fresh check finds)."""
    want = check(pack)
    (where,) = entries(cache)
    return pack, where, want


def reseal_text(where: Path, text: str) -> None:
    """Make `text` the entry's body, sealed, as someone holding the key could."""
    doc = json.loads(where.read_text())
    key = cachestore.secret(str(where.parents[2]), create=False)
    doc["body"], doc["seal"] = text, cachestore.seal_entry(key, check_cache.FORMAT, {"body": text})
    where.write_text(json.dumps(doc))


def reseal(where: Path, edit) -> None:
    """Change the entry's content (a CheckEntry) and seal it again."""
    entry = cachestore.decode(json.loads(where.read_text())["body"], check_cache.CLASSES)
    edit(entry)
    reseal_text(where, cachestore.encode(entry))


def reseal_raw(where: Path, edit) -> None:
    """Change the entry's body as JSON (the CheckEntry's values are
    `body["_"][1:]`, in field order) and seal it again."""
    body = json.loads(json.loads(where.read_text())["body"])
    edit(body)
    reseal_text(where, json.dumps(body))


def field_index(name: str) -> int:
    """Where a CheckEntry's field is in its encoding's list."""
    return 1 + [f.name for f in dataclasses.fields(check_cache.CheckEntry)].index(name)


def test_a_resealed_entry_is_used(entry, runs):
    # the test's own resealing is right: an unchanged body still hits
    pack, where, want = entry
    reseal(where, lambda body: None)
    assert check(pack) == want and len(runs) == 1
    reseal_raw(where, lambda body: None)
    assert check(pack) == want and len(runs) == 1


@pytest.mark.parametrize("content", ["", "null", "{}", "[]", "[" * 100_000 + "]" * 100_000, "\x00\xff",
                                     '{"format": "%s", "seal": "", "body": ""}' % check_cache.FORMAT])
def test_a_broken_entry_is_checked_again(entry, runs, content):
    pack, where, want = entry
    where.write_text(content, encoding="utf-8", errors="surrogateescape")
    assert check(pack) == want and len(runs) == 2


def test_an_entry_edited_without_the_key_is_checked_again(entry, runs):
    pack, where, want = entry
    doc = json.loads(where.read_text())
    doc["body"] = doc["body"].replace("never used", "fine")
    where.write_text(json.dumps(doc))
    assert check(pack) == want and len(runs) == 2


def test_an_entry_past_its_size_bound_is_checked_again(entry, runs, monkeypatch):
    pack, where, want = entry
    monkeypatch.setattr(check_cache, "MAX_ENTRY_BYTES", where.stat().st_size - 1)
    assert check(pack) == want and len(runs) == 2


def _respan(d: Diagnostic, **change) -> None:
    d.span = dataclasses.replace(d.span, **change)


@pytest.mark.parametrize("edit", [
    lambda e: setattr(e.diagnostics[0], "severity", "error"),            # only clean findings are ever kept
    lambda e: _respan(e.diagnostics[0], line="1"),                       # a line that is not a number
    lambda e: setattr(e.diagnostics[0], "code", "W5011"),                # not a code
    lambda e: setattr(e.diagnostics[0], "span", (1, 1, 1, 2)),           # not a span
    lambda e: e.diagnostics.append(("x", 1, 1, 1, 2, "warning")),        # not a diagnostic
    lambda e: e.files.append(("/etc/hostname", "0" * 64)),               # a file outside the pack
    lambda e: e.files.__setitem__(0, (e.files[0][0], "0" * 64)),         # another text
    lambda e: e.files.__setitem__(0, list(e.files[0])),                  # a list where a pair goes
    lambda e: e.folders.__setitem__(0, "0" * 64),                        # another listing
    lambda e: e.bases.append(("weds", "/nowhere")),                      # a base it does not have
    lambda e: setattr(e, "folder", "/elsewhere"),                        # another pack's entry
])
def test_a_sealed_entry_that_says_what_is_not_so_is_checked_again(entry, runs, edit):
    pack, where, want = entry
    reseal(where, edit)
    assert check(pack) == want and len(runs) == 2


@pytest.mark.parametrize("edit", [
    lambda b: b["_"].append(1),                                                   # a value too many
    lambda b: b["_"][field_index("diagnostics")][0]["_"].pop(),                   # a short diagnostic
    lambda b: b["_"][field_index("diagnostics")][0]["_"].__setitem__(0, "Span"),  # a class it may not hold
    lambda b: b["_"].__setitem__(0, "Report"),
    lambda b: b["_"][field_index("files")].append({"path": "x"}),                 # a plain JSON object
])
def test_a_sealed_entry_the_encoding_refuses_is_checked_again(entry, runs, edit):
    pack, where, want = entry
    reseal_raw(where, edit)
    assert check(pack) == want and len(runs) == 2


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_an_entry_or_a_named_file_that_is_a_fifo_is_never_waited_on(entry, runs):
    pack, where, want = entry
    os.mkfifo(pack / "pipe.txt")
    reseal(where, lambda e: e.files.append((str(pack / "pipe.txt"), "0" * 64)))
    assert check(pack) == want and len(runs) == 2
    where.unlink()
    os.mkfifo(where)
    assert check(pack) == want and len(runs) == 3


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_an_entry_that_links_to_dev_zero_is_checked_again(entry, runs):
    pack, where, want = entry
    where.unlink()
    os.symlink("/dev/zero", where)
    assert check(pack) == want and len(runs) == 2


def test_a_key_others_can_read_turns_the_cache_off(entry, runs, cache):
    pack, where, want = entry
    os.chmod(cache / cachestore.KEY_FILE, 0o644)
    assert check(pack) == want and check(pack) == want and len(runs) == 3


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_randomly_damaged_entry_gives_the_fresh_findings(entry, data):
    pack, where, want = entry
    sound = where.read_bytes()
    raw = bytearray(sound)
    for _ in range(data.draw(st.integers(1, 4))):
        if not raw:
            break
        i = data.draw(st.integers(0, len(raw) - 1))
        how = data.draw(st.sampled_from(["flip", "cut", "insert"]))
        if how == "flip":
            raw[i] ^= data.draw(st.integers(1, 255))
        elif how == "cut":
            del raw[i:i + data.draw(st.integers(1, 64))]
        else:
            raw[i:i] = data.draw(st.binary(min_size=1, max_size=16))
    where.write_bytes(bytes(raw))
    try:
        assert check(pack) == want
    finally:
        # the fixture is shared by every example: each must start from the sound
        # entry, or hypothesis sees its draws depend on the previous example
        where.write_bytes(sound)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                          lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=4), kids, max_size=4),
                          max_leaves=20),
       field=st.sampled_from(["files", "folders", "bases", "diagnostics", "code", "cwd", "folder"]))
def test_a_sealed_entry_of_any_shape_never_raises(entry, value, field):
    pack, where, want = entry
    sound = where.read_bytes()
    reseal_raw(where, lambda body: body["_"].__setitem__(field_index(field), value))
    try:
        got = check(pack)   # never raises
        if field != "diagnostics":   # (with the key, findings can be rewritten: the seal is what guards them)
            assert got == want
    finally:
        # each example starts from the sound entry: findings rewritten by one
        # (say, to none) must not be what a later one reads back
        where.write_bytes(sound)


# ---- the command's output -------------------------------------------------------------------

def run_check(args: list[str], env: dict, cwd: Path) -> tuple[int, str, str]:
    proc = subprocess.run(WAYBILL + ["check", *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=600)
    return proc.returncode, proc.stdout, proc.stderr


@pytest.mark.parametrize("fmt", [[], ["--format", "json"]])
def test_the_command_prints_the_same_with_and_without_the_cache(tmp_path, pack, fmt):
    bad = write_pack(tmp_path / "bad", "counter a = 1\ncounter a = 2\nquantity q(p: player) = 1\n")
    targets = [[str(pack)], [str(bad)], [str(pack), str(bad)]]
    if not fmt:   # every shipped pack (the default), and packs that extend others
        targets += [[], [str(ROOT / "tests" / "packs")]]
    base = {k: v for k, v in os.environ.items() if k not in ("WAYBILL_NO_CACHE", "WAYBILL_CACHE")}
    cached = dict(base, WAYBILL_CACHE=str(tmp_path / "cache"))
    uncached = dict(base, WAYBILL_NO_CACHE="1")
    for args in targets:
        want = run_check(args + fmt, uncached, tmp_path)
        assert run_check(args + fmt, cached, tmp_path) == want, args   # a miss: checks and keeps
        assert run_check(args + fmt, cached, tmp_path) == want, args   # a hit
    assert entries(tmp_path / "cache"), "clean packs were cached"
