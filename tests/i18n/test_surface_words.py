"""The surfaces' own words (issue 24): what `waybill play` and the web page
say of their own is in the engine's catalogues, every message in every
language, and `waybill check` checks those catalogues with every pack."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from waybill.api import check_paths
from waybill.spec.messages import ENGINE_DIR, ENGINE_IDS

ROOT = Path(__file__).resolve().parents[2]
DICE = str(ROOT / "tests" / "packs" / "dice_race")


def ids_in(path: Path, pattern: str) -> set[str]:
    return set(re.findall(pattern, path.read_text(encoding="utf-8")))


def test_every_word_the_surfaces_ask_for_is_an_engine_message():
    page = ids_in(ROOT / "cli" / "serve" / "static" / "app.js", r'say\("([a-z0-9-]+)"')
    page |= ids_in(ROOT / "cli" / "serve" / "static" / "index.html", r'data-msg(?:-placeholder)?="([a-z0-9-]+)"')
    terminal = ids_in(ROOT / "cli" / "play.py", r'words\(\s*[f]?"((?:play|engine)-[a-z0-9-]+)"')
    assert len(page) > 30 and len(terminal) > 20
    assert page - set(ENGINE_IDS) == set() and terminal - set(ENGINE_IDS) == set()


def test_every_engine_message_is_in_russian_with_its_variables():
    from fluent.syntax import FluentParser, ast
    from fluent.syntax.visitor import Visitor

    class Variables(Visitor):
        def __init__(self):
            super().__init__()
            self.names: set[str] = set()

        def visit_VariableReference(self, node):
            self.names.add(node.id.name)

    res = FluentParser().parse((Path(ENGINE_DIR) / "ru.ftl").read_text(encoding="utf-8"))
    said = {e.id.name: e for e in res.body if isinstance(e, ast.Message)}
    assert set(ENGINE_IDS) - set(said) == set()
    for mid, entry in said.items():
        v = Variables()
        v.visit(entry.value)
        assert v.names <= set(ENGINE_IDS[mid]), (mid, v.names)
    v = Variables()
    v.visit(said["play-not-a-command"].value)
    assert v.names == {"line", "count", "help"}


def test_waybill_check_reports_a_fault_in_the_engine_catalogues(tmp_path, monkeypatch):
    words = tmp_path / "locales"
    shutil.copytree(ENGINE_DIR, words)
    ru = words / "ru.ftl"
    text = ru.read_text(encoding="utf-8")
    text = re.sub(r"^page-start = .*\n", "", text, flags=re.M)                       # a message left out
    text = text.replace("page-round = Раунд { $round }", "page-round = Раунд { $turn }")   # a variable not given
    ru.write_text(text, encoding="utf-8")
    assert check_paths([DICE]).diagnostics == []           # the shipped catalogues: clean
    monkeypatch.setattr("waybill.compiler.catalogues.ENGINE_DIR", str(words))
    found = {(d.code, d.message) for d in check_paths([DICE]).diagnostics}
    assert ("E804", "`$turn` is not given to message `page-round` (it receives: $round)") in found
    assert any(code == "W801" and "page-start" in message for code, message in found), found


def test_packs_are_named_in_the_servers_language():
    from waybill.serve import Store, offer
    english = Store(offer(["weds"])).handle({"op": "packs"})["packs"][0]
    russian = Store(offer(["weds"]), lang="ru").handle({"op": "packs"})["packs"][0]
    assert english["name"] == "Wasteland Express Delivery Service"
    assert english["variant_names"]["brutal_competition"] == "Ben's Brutal Competition Variant"
    assert russian["name"] == "Служба доставки «Экспресс Пустоши»"
    assert russian["variant_names"]["brutal_competition"] == "Вариант Бена «Жестокая конкуренция»"
    # what a program sends stays the ids
    assert russian["id"] == "weds" and russian["variants"] == english["variants"]


def test_the_check_cache_remembers_clean_engine_catalogues_only(tmp_path, monkeypatch):
    from waybill.compiler import catalogues
    monkeypatch.setenv("WAYBILL_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("WAYBILL_NO_CACHE", raising=False)
    checked: list[str] = []
    real = catalogues.check_engine_catalogues
    monkeypatch.setattr(catalogues, "check_engine_catalogues",
                        lambda report, folder=None: (checked.append(folder), real(report, folder)))
    assert check_paths([DICE], cached=True).diagnostics == [] and len(checked) == 1
    assert check_paths([DICE], cached=True).diagnostics == [] and len(checked) == 1    # remembered: not again
    # a changed catalogue is checked again, and a fault in it is said every time
    words = tmp_path / "locales"
    shutil.copytree(ENGINE_DIR, words)
    ru = words / "ru.ftl"
    ru.write_text(ru.read_text(encoding="utf-8").replace("page-start = Начать", "page-start = { $go }"),
                  encoding="utf-8")
    monkeypatch.setattr(catalogues, "ENGINE_DIR", str(words))
    for run in (2, 3):
        found = [(d.code, d.message) for d in check_paths([DICE], cached=True).diagnostics]
        assert found == [("E804", "`$go` is not given to message `page-start` (it receives: none)")]
        assert len(checked) == run
