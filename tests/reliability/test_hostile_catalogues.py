"""Hostile catalogues (`PACK/locales/*.ftl`): links out of the pack, special
files, broken and oversized Fluent. Each ends in a clean Waybill diagnostic
or refusal within a deadline: `waybill check`, `i18n coverage`, `extract`,
`pseudo` and a view said in the language (`Game.view(seat, lang=...)`, the
server's states); nothing outside the pack is read (a secret line in a file
outside never appears in any output) or written (files outside are the same
after), and no view raises: a broken message is said in English.

Inputs tried (issue #27, and more of our own): 74, and 40 drawn at random.

- reading, 18: links out (absolute, relative, to /etc/passwd, through a
  linked sub-folder, a chain of links, the locales folder itself, the
  English catalogue, to /dev/zero), a dangling link, a link loop, a FIFO,
  a device node, a folder, a socket, a file over the size limit, invalid
  UTF-8; and, read as they should be, a link inside the pack and a link
  out by `..` and back in;
- content, 34 and 40 random: message, self, 200-message ring, term, term
  argument, attribute, message-attribute, term-attribute selector and
  cross-pack reference cycles (said in English, and reported by `check`
  of the extending pack); a chain too deep only across two packs'
  catalogues; 400-deep selects, placeables and calls; a
  300-long chain of references; huge formatting options (fraction and
  integer digits), 5000-digit numbers and variant keys; billion laughs;
  50 000 placeables; an unknown function and reference; a BOM, NUL bytes,
  CRLF and CR-only line ends, a 4 MB line, 4 MB of open braces, 20 000
  junk lines, escaped lone surrogates; 30 000 unknown messages, 2 000
  catalogue files; a catalogue added, then changed, after a cached check
  (2); and 40 catalogues drawn at random from Fluent's
  special characters (hypothesis);
- writing, 10: `extract` over a link out, a link inside, a dangling link,
  a FIFO, a folder, into a locales folder linked out, to `-o` a link;
  `pseudo` over a link out and a dangling link; a normal write (mode kept,
  no temporary file left);
- the command line and the server, 12: check, coverage, pseudo and
  sim --lang with catalogues linked out, extract with the English one
  linked out, check and coverage with a FIFO and a 400-deep select, check
  and sim --lang with a cycle, the server's states with a cycle.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import stat
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.wbkit import ROOT, run_cli
from waybill import CompileError, Game, check_paths, load_pack

RACE = ROOT / "tests" / "packs" / "dice_race"
SPRINT = ROOT / "tests" / "packs" / "dice_sprint"
SECRET = "stolen_secret_words"
# valid Fluent, so that if it were read it would reach the board's label
OUTSIDE_FTL = f"display-board-counter-lap = {SECRET}\n{SECRET}_syntax {{ {{ broken\n"
LABEL = "display-board-counter-lap"  # said on the board: "Lap"
DEADLINE = 180

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def returns(fn, *args, timeout: float = DEADLINE, **kw):
    """fn(*args), run aside so that a blocking read fails the test instead of hanging the run."""
    out: list = []
    err: list = []

    def run():
        try:
            out.append(fn(*args, **kw))
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            err.append(exc)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(timeout)
    assert not worker.is_alive(), f"{getattr(fn, '__name__', fn)} did not return within {timeout} s"
    if err:
        raise err[0]
    return out[0]


@pytest.fixture
def outside(tmp_path) -> Path:
    """A folder outside the pack with catalogues and a secret in each."""
    folder = tmp_path / "outside"
    folder.mkdir()
    for name in ("fr.ftl", "en.ftl", "qps.ftl", "secret.txt"):
        (folder / name).write_text(OUTSIDE_FTL, encoding="utf-8")
    return folder


@pytest.fixture
def pack(tmp_path) -> Path:
    folder = tmp_path / "dice_race"
    shutil.copytree(RACE, folder)
    return folder


def snapshot(folder: Path) -> dict:
    """Every file under a folder and its bytes (links as where they lead)."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            if p.is_symlink():
                out[str(p)] = ("link", os.readlink(p))
            elif p.is_file():
                out[str(p)] = ("file", p.read_bytes(), stat.S_IMODE(p.stat().st_mode))
    return out


def views(pack: Path, lang: str = "fr") -> str:
    """Every seat's view in ``lang`` after a few moves, as JSON text (never raises: a test fails if it does)."""
    rules = load_pack(str(pack))
    game = Game.new(rules, players=2, seed=3)
    out = []
    for _ in range(6):
        for seat in (0, 1):
            out.append(json.dumps(game.view(seat, log_from=0, lang=lang), ensure_ascii=False))
        if game.over:
            break
        game.apply(game.legal_actions()[0])
    return "\n".join(out)


def board_label(pack: Path, lang: str = "fr") -> str:
    rules = load_pack(str(pack))
    game = Game.new(rules, players=2, seed=3)
    return game.view(0, lang=lang)["display"]["board"][0]["label"]


def codes_of(report, name: str = "fr.ftl") -> list[str]:
    return sorted({d.code for d in report.diagnostics if d.file.endswith(name) and d.code != "W801"})


def never_read(*texts: str) -> None:
    for text in texts:
        assert SECRET not in text, text[:2000]
        assert "root:x:0:0" not in text


def everything_about(pack: Path, lang: str = "fr") -> tuple[object, str]:
    """check, coverage and views of a pack: (the check's report, all the text they gave)."""
    from waybill.i18n import coverage
    report = returns(check_paths, [str(pack)])
    said = [report.render(), json.dumps(report.to_json()), "\n".join(report.sources.values())]
    try:
        said.append(json.dumps(returns(coverage, str(pack), lang)))
    except CompileError as exc:
        said.append(str(exc))
    said.append(returns(views, pack, lang))
    return report, "\n".join(said)


# ---- reading: only regular files inside the pack ---------------------------------------------

def _link(target):
    def make(pack: Path, outside: Path) -> None:
        os.symlink(target(pack, outside) if callable(target) else target, pack / "locales" / "fr.ftl")
    return make


def _via_subfolder(pack: Path, outside: Path) -> None:
    os.symlink(outside, pack / "sub")
    os.symlink("../sub/fr.ftl", pack / "locales" / "fr.ftl")


def _chain(pack: Path, outside: Path) -> None:
    os.symlink(outside / "fr.ftl", pack / "locales" / "hop.txt")
    os.symlink("hop.txt", pack / "locales" / "fr.ftl")


def _locales_linked_out(pack: Path, outside: Path) -> None:
    shutil.rmtree(pack / "locales")
    os.symlink(outside, pack / "locales")


def _dangling(pack: Path, outside: Path) -> None:
    os.symlink(pack / "locales" / "nowhere.ftl", pack / "locales" / "fr.ftl")


def _loop(pack: Path, outside: Path) -> None:
    os.symlink("b.ftl", pack / "locales" / "fr.ftl")
    os.symlink("fr.ftl", pack / "locales" / "b.ftl")


def _fifo(pack: Path, outside: Path) -> None:
    os.mkfifo(pack / "locales" / "fr.ftl")


def _device(pack: Path, outside: Path) -> None:
    try:
        os.mknod(pack / "locales" / "fr.ftl", stat.S_IFCHR | 0o600, os.makedev(1, 5))  # /dev/zero's numbers
    except (OSError, AttributeError):
        pytest.skip("cannot make a device node here")


def _folder(pack: Path, outside: Path) -> None:
    (pack / "locales" / "fr.ftl").mkdir()
    (pack / "locales" / "fr.ftl" / "x.ftl").write_text(OUTSIDE_FTL)


def _socket(pack: Path, outside: Path) -> None:
    path = pack / "locales" / "fr.ftl"
    if len(str(path)) > 100:
        pytest.skip("path too long for a UNIX socket")
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(path))
    s.close()


def _too_large(pack: Path, outside: Path) -> None:
    from waybill.spec.ftl import MAX_CATALOGUE_BYTES
    line = f"{LABEL} = a long line\n"
    (pack / "locales" / "fr.ftl").write_text(line * (MAX_CATALOGUE_BYTES // len(line) + 1), encoding="utf-8")


def _bad_utf8(pack: Path, outside: Path) -> None:
    (pack / "locales" / "fr.ftl").write_bytes(f"{LABEL} = Tour\n".encode() + b"action-run = Cou\xffrir\n")


def _inside_link(pack: Path, outside: Path) -> None:
    (pack / "translations").mkdir()
    (pack / "translations" / "fr.ftl").write_text(f"{LABEL} = Tour\n", encoding="utf-8")
    os.symlink("../translations/fr.ftl", pack / "locales" / "fr.ftl")


def _dotdot_and_back(pack: Path, outside: Path) -> None:
    (pack / "locales" / "real_fr.ftl").write_text(f"{LABEL} = Tour\n", encoding="utf-8")
    os.symlink(f"../../{pack.name}/locales/real_fr.ftl", pack / "locales" / "fr.ftl")


READS = {  # name: (make, codes `check` gives fr.ftl (or the locales folder), read and said?)
    "link out, absolute": (_link(lambda p, o: o / "fr.ftl"), ["E202"], False),
    "link out, relative": (_link(lambda p, o: os.path.relpath(o / "fr.ftl", p / "locales")), ["E202"], False),
    "link to /etc/passwd": (_link("/etc/passwd"), ["E202"], False),
    "link through a linked sub-folder": (_via_subfolder, ["E202"], False),
    "a chain of links out": (_chain, ["E202"], False),
    "the locales folder links out": (_locales_linked_out, None, False),
    "a dangling link": (_dangling, ["E107"], False),
    "a link loop": (_loop, ["E107"], False),
    "a FIFO": (_fifo, ["E107"], False),
    "a link to /dev/zero": (_link("/dev/zero"), ["E202"], False),
    "a device node": (_device, ["E107"], False),
    "a folder": (_folder, ["E107"], False),
    "a socket": (_socket, ["E107"], False),
    "over the size limit": (_too_large, ["E106"], False),
    "invalid UTF-8": (_bad_utf8, ["E104"], False),
    "a link inside the pack": (_inside_link, [], True),
    "a link out by .. and back in": (_dotdot_and_back, [], True),
}


@pytest.mark.parametrize("case", list(READS))
def test_a_catalogue_is_read_only_as_a_regular_file_inside_the_pack(pack, outside, case):
    make, codes, read = READS[case]
    if case == "link to /etc/passwd" and not os.path.exists("/etc/passwd"):
        pytest.skip("no /etc/passwd")
    if case == "a FIFO" and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    before = snapshot(outside)
    make(pack, outside)
    report, said = everything_about(pack)
    never_read(said)
    if codes is None:  # the folder itself: one E202, nothing under it read
        (d,) = [d for d in report.diagnostics if d.code.startswith(("E", "W8"))]
        assert (d.code, Path(d.file).name) == ("E202", "locales"), report.render()
    else:
        assert codes_of(report) == codes, report.render()
    if codes:
        assert all(d.span.line >= 1 for d in report.diagnostics)
    assert board_label(pack) == ("Tour" if read else "Lap")
    assert snapshot(outside) == before


def test_the_runtime_says_why_a_catalogue_was_not_read(pack, outside):
    from waybill.runtime.text.catalogue import catalogue
    os.symlink(outside / "fr.ftl", pack / "locales" / "fr.ftl")
    rules = load_pack(str(pack))
    cat = catalogue(rules, "fr")
    assert len(cat.problems) == 1 and "outside the pack folder" in cat.problems[0]
    never_read("\n".join(cat.problems))


def test_the_english_catalogue_linked_out_is_E202_and_never_read(pack, outside):
    (pack / "locales" / "en.ftl").unlink()
    os.symlink(outside / "en.ftl", pack / "locales" / "en.ftl")
    report, said = everything_about(pack, "en")
    never_read(said)
    assert codes_of(report, "en.ftl") == ["E202"]


# ---- content: bounded, checked, and said in English when broken ------------------------------

def nested_select(n: int) -> str:
    return "".join("{ $n ->\n *[a] " for _ in range(n)) + "deep\n" + " }\n" * n


def ring(n: int) -> str:
    names = [LABEL] + [f"ring-{i}" for i in range(1, n)]
    return "".join(f"{a} = x {{ {b} }}\n" for a, b in zip(names, names[1:] + names[:1]))


def laughs(fan: int, depth: int) -> str:
    out = ["-lol0 = lol\n"]
    for k in range(1, depth + 1):
        out.append(f"-lol{k} = " + f"{{ -lol{k - 1} }}" * fan + "\n")
    return "".join(out) + f"{LABEL} = {{ -lol{depth} }}\n"


CONTENT = {  # name: (catalogue text, codes `check` gives it (W801 aside), the label is English?)
    "a message cycle": (f"{LABEL} = {{ action-run }}\naction-run = {{ {LABEL} }}\n", ["E807"], True),
    "a message that uses itself": (f"{LABEL} = a {{ {LABEL} }}\n", ["E807"], True),
    "a 200-message ring": (ring(200), ["E802", "E807"], True),
    "a term cycle": (f"-t = x {{ -t }}\n{LABEL} = {{ -t }}\n", ["E807"], True),
    "a term cycle through arguments": (f'-t = {{ -u(case: "x") }}\n-u = {{ -t(case: "y") }}\n{LABEL} = {{ -t }}\n',
                                       ["E807"], True),
    "an attribute cycle": (f"{LABEL} = {{ ent-hop.text }}\nent-hop = Saut\n    .text = {{ ent-hop.more }}\n"
                           f"    .more = {{ ent-hop.text }}\n", ["E802", "E807"], True),
    "a message and its own attribute": (f"{LABEL} = {{ {LABEL}.x }}\n    .x = {{ {LABEL} }}\n",
                                        ["E802", "E807"], True),
    "a selector on a term attribute in a cycle": (
        f"-t = {{ -t.g ->\n *[a] x\n }}\n    .g = {{ -t }}\n{LABEL} = {{ -t }}\n", ["E807"], True),
    "a 400-deep select": (f"{LABEL} = " + nested_select(400), ["E808"], True),
    "400-deep placeables": (f"{LABEL} = " + "{ " * 400 + "$n" + " }" * 400 + "\n", ["E808"], True),
    "400-deep calls": (f"{LABEL} = {{ " + "NUMBER(" * 400 + "$n" + ")" * 400 + " }\n", ["E808"], True),
    "a 300-long chain of references": ("-c0 = x\n" + "".join(f"-c{i} = {{ -c{i - 1} }}\n" for i in range(1, 301))
                                       + f"{LABEL} = {{ -c300 }}\n", ["E808"], True),
    "a huge formatting option": (f"{LABEL} = {{ NUMBER(5, minimumFractionDigits: 1000000000) }}\n", ["E809"], True),
    "huge integer digits": (f"{LABEL} = {{ NUMBER(5, minimumIntegerDigits: 99999999) }}\n", ["E809"], True),
    "a 5000-digit number": (f"{LABEL} = {{ {'9' * 5000} }}\n", ["E809"], True),
    "a 5000-digit variant key": (f"{LABEL} = {{ 3 ->\n   [{'1' * 5000}] one\n  *[other] two\n}}\n", ["E809"], True),
    "billion laughs": (laughs(10, 9), [], True),
    "50 000 placeables": ("-a = a\n" + f"{LABEL} = " + "{ -a }" * 50_000 + "\n", [], True),
    "an unknown function": (f"{LABEL} = {{ EVIL() }}\n", [], True),
    "an unknown reference": (f"{LABEL} = {{ nothere }}\n", [], True),
    "a byte-order mark": ("\ufeff" + f"{LABEL} = Tour\n", [], False),
    "NUL bytes": (f"{LABEL} = To\x00ur\x00\naction-run = \x00\x00\n", [], False),
    "CRLF line ends": (f"{LABEL} = Tour\r\naction-run = Courir\r\n", [], False),
    "CR-only line ends": (f"{LABEL} = Tour\raction-run = Courir\r", None, None),
    "a 4 MB line": (f"{LABEL} = " + "x" * 4_000_000 + "\n", [], False),
    "4 MB of open braces": (f"{LABEL} = " + "{" * 4_000_000 + "\n", ["E808"], True),
    "20 000 junk lines": ("}}} not fluent {{{\n" * 20_000 + f"{LABEL} = Tour\n", ["E801"], False),
    "escaped lone surrogates": (f'{LABEL} = {{ "\\uD800\\uDFFF" }}\n', [], None),
}


@pytest.mark.parametrize("case", list(CONTENT))
def test_a_broken_catalogue_is_reported_and_said_in_english(pack, case):
    text, codes, english = CONTENT[case]
    (pack / "locales" / "fr.ftl").write_text(text, encoding="utf-8", newline="")
    report, said = everything_about(pack)
    assert "Traceback" not in said
    if codes is not None:
        assert codes_of(report) == codes, report.render()[:3000]
    for d in report.diagnostics:
        if d.file.endswith("fr.ftl") and d.code in ("E807", "E808", "E809"):
            assert d.span.line >= 1 and d.span.column >= 1
    label = returns(board_label, pack)
    if english is True:
        assert label == "Lap"
    elif english is False:
        assert label != "Lap"


def test_a_broken_message_is_counted_and_warned_about(pack, caplog):
    from waybill.runtime.text.catalogue import catalogue
    (pack / "locales" / "fr.ftl").write_text(f"{LABEL} = {{ action-run }}\naction-run = {{ {LABEL} }}\n"
                                             "action-play_boost = Jouer\n", encoding="utf-8")
    rules = load_pack(str(pack))
    game = Game.new(rules, players=2, seed=3)
    with caplog.at_level("WARNING", logger="waybill.catalogue"):
        view = returns(game.view, 0, lang="fr")
    cat = catalogue(rules, "fr")
    assert view["display"]["board"][0]["label"] == "Lap"
    assert cat.broken[LABEL] == "a reference cycle" and LABEL in cat.missing
    assert any(LABEL in r.getMessage() for r in caplog.records)
    assert "Jouer" in [o["label"] for o in view["pending"]["options"]] or game.pending["player"] != 0


def test_a_cycle_across_two_packs_catalogues_is_said_in_english(tmp_path):
    shutil.copytree(RACE, tmp_path / "dice_race")
    shutil.copytree(SPRINT, tmp_path / "dice_sprint")
    (tmp_path / "dice_race" / "locales" / "fr.ftl").write_text(f"{LABEL} = {{ -sprint }}\n", encoding="utf-8")
    (tmp_path / "dice_sprint" / "locales").mkdir()
    (tmp_path / "dice_sprint" / "locales" / "fr.ftl").write_text(f"-sprint = {{ {LABEL} }}\n", encoding="utf-8")
    from waybill.runtime.text.catalogue import catalogue
    rules = load_pack(str(tmp_path / "dice_sprint"))
    cat = catalogue(rules, "fr")
    assert returns(cat.get, LABEL, None, "Lap") == "Lap"
    assert cat.broken == {LABEL: "a reference cycle"}
    returns(views, tmp_path / "dice_sprint")
    # `waybill check` of the extending pack finds the cycle the game would meet
    report = returns(check_paths, [str(tmp_path / "dice_sprint")])
    cycle = [d for d in report.diagnostics if d.code == "E807"]
    assert len(cycle) == 1 and cycle[0].file.endswith(os.path.join("dice_sprint", "locales", "fr.ftl"))
    assert "dice_race" in cycle[0].message and f"-sprint -> {LABEL} -> -sprint" in cycle[0].message
    # each catalogue alone has no cycle: the base pack checks clean of E807
    assert "E807" not in codes_of(returns(check_paths, [str(tmp_path / "dice_race")]))


def test_a_chain_too_deep_across_two_packs_catalogues_is_reported(tmp_path):
    shutil.copytree(RACE, tmp_path / "dice_race")
    shutil.copytree(SPRINT, tmp_path / "dice_sprint")
    # 20 levels in the base pack's catalogue, 20 more in the extending pack's: 40 > MAX_DEPTH
    base = "".join(f"-b{i} = {{ -b{i + 1} }}\n" for i in range(20)) + "-b20 = end\n"
    (tmp_path / "dice_race" / "locales" / "fr.ftl").write_text(base, encoding="utf-8")
    ext = "".join(f"-s{i} = {{ -s{i + 1} }}\n" for i in range(20)) + "-s20 = { -b0 }\n"
    (tmp_path / "dice_sprint" / "locales").mkdir()
    (tmp_path / "dice_sprint" / "locales" / "fr.ftl").write_text(ext, encoding="utf-8")
    report = returns(check_paths, [str(tmp_path / "dice_sprint")])
    deep = [d for d in report.diagnostics if d.code == "E808"]
    assert len(deep) == 1 and "catalogues it is said with" in deep[0].message
    assert "E808" not in codes_of(returns(check_paths, [str(tmp_path / "dice_race")]))


def test_30k_unknown_messages_are_checked_within_the_deadline(pack):
    text = "".join(f"unknown-{i} = Words a translator wrote, number {i}\n" for i in range(30_000))
    (pack / "locales" / "fr.ftl").write_text(text, encoding="utf-8")
    report = returns(check_paths, [str(pack)])
    assert codes_of(report) == ["E802"]
    assert sum(d.code == "E802" for d in report.diagnostics) == 30_000
    assert "and 29976 more diagnostic(s) in this file" in report.render()


def test_2000_catalogue_files_are_checked_within_the_deadline(pack):
    for i in range(2000):
        (pack / "locales" / f"x{i}.ftl").write_text(f"{LABEL} = Tour {i}\nbad {{\n", encoding="utf-8")
    report = returns(check_paths, [str(pack)])
    assert sum(d.code == "E801" for d in report.diagnostics) == 2000


def test_a_catalogue_added_or_changed_after_a_cached_check_is_checked(pack, tmp_path, monkeypatch):
    monkeypatch.setenv("WAYBILL_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("WAYBILL_NO_CACHE", raising=False)
    assert returns(check_paths, [str(pack)], cached=True).diagnostics == []
    (pack / "locales" / "fr.ftl").write_text(f"{LABEL} = Tour\n", encoding="utf-8")
    assert codes_of(returns(check_paths, [str(pack)], cached=True)) == []
    (pack / "locales" / "fr.ftl").write_text(f"{LABEL} = {{ a }}\na = {{ {LABEL} }}\n", encoding="utf-8")
    assert codes_of(returns(check_paths, [str(pack)], cached=True)) == ["E802", "E807"]


FLUENT_BITS = ["{", "}", "{ ", " }", "->", "*[", "[", "]", "$n", "-t", "NUMBER(", ")", ",", ":", '"', "\\",
               "\n", "\n    ", ".x", "=", " = ", "a", "b", LABEL, "action-run", "1", "99", "\ufeff", "\x00", "#"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                    HealthCheck.too_slow])
@given(st.lists(st.sampled_from(FLUENT_BITS), max_size=120))
def test_random_catalogues_never_raise(tmp_path_factory, bits):
    from waybill.compiler.catalogues import check_catalogue
    from waybill.dsl.diagnostics import Report
    from waybill.runtime.text.catalogue import Catalogue
    folder = tmp_path_factory.mktemp("fuzz")
    (folder / "locales").mkdir()
    path = folder / "locales" / "fr.ftl"
    path.write_text("".join(bits), encoding="utf-8")
    report = Report()
    check_catalogue(str(path), {LABEL: set(), "action-run": set(), "action-run-log1": {"me", "n"}}, report)
    report.render()
    cat = Catalogue("fr", [str(folder / "locales")])
    for mid in (LABEL, "action-run", "action-run-log1", "a", "b", "a.x"):
        assert isinstance(cat.get(mid, {"me": "Ann", "n": 3}, "English"), str)
        cat.get(mid)


# ---- writing: extract and pseudo never write through a link or outside the pack -------------

def _refused(fn, *args) -> str:
    with pytest.raises(CompileError) as info:
        returns(fn, *args)
    return str(info.value)


def test_extract_does_not_write_through_a_link_out(pack, outside):
    from waybill.i18n import extract
    before = snapshot(outside)
    (pack / "locales" / "en.ftl").unlink()
    os.symlink(outside / "en.ftl", pack / "locales" / "en.ftl")
    message = _refused(extract, str(pack))
    assert "en.ftl: not written: it is a link" in message
    never_read(message)
    assert snapshot(outside) == before and (pack / "locales" / "en.ftl").is_symlink()


def test_extract_does_not_write_through_a_link_inside_either(pack):
    from waybill.i18n import extract
    (pack / "keep.ftl").write_text("# mine\n")
    (pack / "locales" / "en.ftl").unlink()
    os.symlink("../keep.ftl", pack / "locales" / "en.ftl")
    assert "not written: it is a link" in _refused(extract, str(pack))
    assert (pack / "keep.ftl").read_text() == "# mine\n"


def test_extract_does_not_create_the_target_of_a_dangling_link(pack, tmp_path):
    from waybill.i18n import extract
    (pack / "locales" / "en.ftl").unlink()
    os.symlink(tmp_path / "made_outside.ftl", pack / "locales" / "en.ftl")
    _refused(extract, str(pack))
    assert not (tmp_path / "made_outside.ftl").exists()


@needs_fifo
def test_extract_over_a_fifo_is_refused_without_waiting(pack):
    from waybill.i18n import extract
    (pack / "locales" / "en.ftl").unlink()
    os.mkfifo(pack / "locales" / "en.ftl")
    assert "not a regular file" in _refused(extract, str(pack))
    assert stat.S_ISFIFO(os.lstat(pack / "locales" / "en.ftl").st_mode)


def test_extract_over_a_folder_is_refused(pack):
    from waybill.i18n import extract
    (pack / "locales" / "en.ftl").unlink()
    (pack / "locales" / "en.ftl").mkdir()
    _refused(extract, str(pack))
    assert (pack / "locales" / "en.ftl").is_dir()


def test_extract_into_a_locales_folder_that_links_out_is_refused(pack, outside):
    from waybill.i18n import extract
    before = snapshot(outside)
    shutil.rmtree(pack / "locales")
    os.symlink(outside, pack / "locales")
    message = _refused(extract, str(pack))
    assert "outside the pack" in message
    assert snapshot(outside) == before


def test_extract_to_an_output_that_is_a_link_is_refused(pack, outside):
    from waybill.i18n import extract
    before = snapshot(outside)
    os.symlink(outside / "en.ftl", pack / "out.ftl")
    _refused(extract, str(pack), str(pack / "out.ftl"))
    assert snapshot(outside) == before


def test_pseudo_does_not_write_through_a_link_out(pack, outside):
    from waybill.i18n import catalogue_path, pseudo
    before = snapshot(outside)
    (pack / "locales" / "qps.ftl").unlink()
    os.symlink(outside / "qps.ftl", pack / "locales" / "qps.ftl")
    _refused(pseudo, catalogue_path(str(pack), "en"), catalogue_path(str(pack), "qps"), str(pack))
    assert snapshot(outside) == before


def test_pseudo_does_not_create_the_target_of_a_dangling_link(pack, tmp_path):
    from waybill.i18n import catalogue_path, pseudo
    (pack / "locales" / "qps.ftl").unlink()
    os.symlink(tmp_path / "made_outside.ftl", pack / "locales" / "qps.ftl")
    _refused(pseudo, catalogue_path(str(pack), "en"), catalogue_path(str(pack), "qps"), str(pack))
    assert not (tmp_path / "made_outside.ftl").exists()


def test_a_normal_write_keeps_the_mode_and_leaves_no_temporary_file(pack):
    from waybill.i18n import catalogue_path, extract, pseudo
    en = pack / "locales" / "en.ftl"
    en.write_text(en.read_text() + "# stale\n")
    os.chmod(en, 0o640)
    path, n, changed = extract(str(pack))
    assert changed and stat.S_IMODE(en.stat().st_mode) == 0o640 and not en.is_symlink()
    assert pseudo(path, catalogue_path(str(pack), "qps"), str(pack)) == n
    assert sorted(p.name for p in (pack / "locales").iterdir()) == ["en.ftl", "qps.ftl"]


# ---- the command line -------------------------------------------------------------------------

def _cli(*args):
    proc = run_cli(*args, timeout=DEADLINE)
    out = proc.stdout + proc.stderr
    assert "Traceback" not in out, out[-3000:]
    never_read(out)
    return proc


def test_the_command_line_on_a_catalogue_linked_out(pack, outside):
    before = snapshot(outside)
    os.symlink(outside / "fr.ftl", pack / "locales" / "fr.ftl")
    (pack / "locales" / "qps.ftl").unlink()
    os.symlink(outside / "qps.ftl", pack / "locales" / "qps.ftl")
    proc = _cli("check", str(pack))
    assert proc.returncode == 1 and "error[E202]" in proc.stdout
    proc = _cli("i18n", "coverage", str(pack), "--lang", "fr")
    assert proc.returncode == 1 and "E202" in proc.stderr
    proc = _cli("i18n", "pseudo", str(pack))
    assert proc.returncode == 1 and "not written: it is a link" in proc.stderr
    proc = _cli("sim", str(pack), "-g", "1", "-p", "2", "--lang", "fr")
    assert proc.returncode == 0
    assert snapshot(outside) == before


def test_the_command_line_on_an_english_catalogue_linked_out(pack, outside):
    before = snapshot(outside)
    (pack / "locales" / "en.ftl").unlink()
    os.symlink(outside / "en.ftl", pack / "locales" / "en.ftl")
    proc = _cli("i18n", "extract", str(pack))
    assert proc.returncode == 1 and "not written: it is a link" in proc.stderr
    assert snapshot(outside) == before


@needs_fifo
def test_the_command_line_on_a_fifo_and_a_deep_select(pack):
    os.mkfifo(pack / "locales" / "fr.ftl")
    (pack / "locales" / "de.ftl").write_text(f"{LABEL} = " + nested_select(400), encoding="utf-8")
    proc = _cli("check", str(pack))
    assert "fr.ftl:1:1: error[E107]" in proc.stdout and "error[E808]" in proc.stdout
    proc = _cli("i18n", "coverage", str(pack), "--lang", "de", "--json")
    assert proc.returncode == 0 and LABEL in json.loads(proc.stdout)["missing"]  # the deep one: not read
    proc = _cli("i18n", "coverage", str(pack), "--lang", "fr")
    assert proc.returncode == 1 and "E107" in proc.stderr


def test_the_command_line_on_a_cycle(pack):
    (pack / "locales" / "fr.ftl").write_text(f"{LABEL} = {{ action-run }}\naction-run = {{ {LABEL} }}\n",
                                             encoding="utf-8")
    proc = _cli("check", str(pack))
    assert proc.returncode == 1 and "error[E807]" in proc.stdout and "fr.ftl:1:1" in proc.stdout
    proc = _cli("sim", str(pack), "-g", "1", "-p", "2", "--lang", "fr")
    assert proc.returncode == 0


def test_the_server_says_a_broken_catalogue_in_english(pack):
    serve = pytest.importorskip("waybill.serve")
    (pack / "locales" / "fr.ftl").write_text(f"{LABEL} = {{ action-run }}\naction-run = {{ {LABEL} }}\n",
                                             encoding="utf-8")
    store = serve.Store(serve.offer([str(pack)]), None, lang="fr")
    made = store.create({"pack": "dice_race", "players": 2, "seed": 3})
    for token in made["tokens"].values():
        state = returns(store.state, made["id"], token)
        assert state["view"]["display"]["board"][0]["label"] == "Lap"
