"""The shipped bots match declared names and read declared fields, never a
place in the source nor a card's printed words (issue 24: "a test fails if
any bot source contains a position-counted id or reads printed card text").

A position-counted id (``proc-train-ask4``: the 4th decision of `train`;
``-str2``, ``-opt3``, ``-log1``, ``-stop2``) changes when a line is added
above it, so a bot matching one silently plays another decision. The bots
match ``<code>-ask-<name>`` / ``<ask>-<option name>`` / ``<code>-str-<name>``
where the content declares the name (``choose as perk ...``,
``"Repair all damage for $3" as repair:``, ``"stop here" as stop_here``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from waybill import compile_pack, load_pack
from waybill.spec.messages import Index

BOT_DIR = Path(__file__).resolve().parents[2] / "bots"
BOTS = {"weds": "weds.py", "badlands": "badlands.py", "warfare": "warfare.py"}

# a numbered message id, or one built by counting (`f"...-opt{i}"`); a trigger's
# or replacement's ids counted among the entity's of its event (`-on-<event>-<k>-`,
# `instead-<procedure>-<k>`) move too when one is added above: `on EVENT as NAME`
TRIGGER_COUNTED = r"(?:\A|-)(?:on|instead)-[A-Za-z0-9_]+-(?:\d+|\{)(?:-|\Z)"
COUNTED = re.compile(r"-(ask|str|opt|log|stop)(\d+|\{|\Z)|" + TRIGGER_COUNTED)
# a message id of a decision, an option or a text value: what must be declared
NAMED_SHAPE = re.compile(r"-(ask|str)-")
# what reads a card's printed words: its `text` attribute, or a pattern run over text
PRINTED = re.compile(r"""["']text["']|\.text\b(?!\.)|entity_text|\bimport re\b|\bre\.(compile|search|match|findall)""")
# what reads a card's or a zone's name, or text's English words, to compare
# them (issue 24: "The shipped bots use declared names and structured card
# fields only"): the words change with the language and the wording
NAMED = re.compile(r"""\.get\(["']name["']\)|\[["']name["']\]|\btext_of\b""")


def _declared(pack: str) -> set[str]:
    """The ids of every decision, option and text value the pack (with any
    of its variants) names with `as`."""
    out: set[str] = set()
    irs = [compile_pack(pack).ir]
    irs += [compile_pack(pack, [v]).ir for v in sorted(_variants(pack))]
    for ir in irs:
        index = Index(ir)
        named_nodes = set()
        _walk(ir, named_nodes)
        out |= {mid for key, mid in index.nodes.items() if key in named_nodes}
        out |= {m.id for m in index.by_id.values() if re.search(r"-str-[A-Za-z0-9_]+\Z", m.id)}
    return out


def _variants(pack: str) -> list[str]:
    result = compile_pack(pack)
    return list(result.program.variants) if result.program else []


def _walk(tree, named: set) -> None:
    if isinstance(tree, list):
        for x in tree:
            _walk(x, named)
    elif isinstance(tree, dict):
        if isinstance(tree.get("name"), str) and ("do" in tree or "label" in tree):
            named.add(id(tree))
        for k, v in tree.items():
            if k != "at":
                _walk(v, named)


def _strings(source: str) -> list[tuple[int, str]]:
    """Every string constant of a module (f-strings' literal parts too)."""
    return [(n.lineno, n.value) for n in ast.walk(ast.parse(source))
            if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def _constants(module) -> list[str]:
    """The module-level string values of a bot (in tuples, dicts and sets too)."""
    out = []

    def add(v):
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, (tuple, list, set, frozenset)):
            for x in v:
                add(x)
        elif isinstance(v, dict):
            for k, x in v.items():
                add(k)
                add(x)
    for name, v in vars(module).items():
        if name.isupper():
            add(v)
    return out


def counted_ids(source: str) -> list[tuple[int, str]]:
    return [(line, s) for line, s in _strings(source) if COUNTED.search(s)]


def name_reads(source: str) -> list[tuple[int, str]]:
    return [(i, line.strip()) for i, line in enumerate(source.splitlines(), 1)
            if NAMED.search(line.split("#", 1)[0])]


def printed_reads(source: str) -> list[tuple[int, str]]:
    return [(i, line.strip()) for i, line in enumerate(source.splitlines(), 1)
            if PRINTED.search(line.split("#", 1)[0])]


@pytest.mark.parametrize("pack", sorted(BOTS))
def test_no_bot_source_holds_a_position_counted_id(pack):
    assert counted_ids((BOT_DIR / BOTS[pack]).read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("pack", sorted(BOTS))
def test_no_bot_reads_printed_card_text(pack):
    assert printed_reads((BOT_DIR / BOTS[pack]).read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("pack", sorted(BOTS))
def test_every_id_a_bot_matches_is_declared_in_its_pack(pack):
    import importlib
    module = importlib.import_module(f"waybill.bots.{pack}")
    declared = _declared(pack)
    ids = [s for s in _constants(module) if NAMED_SHAPE.search(s)]
    assert ids, "the bot matches no named decision: the check would pass on anything"
    assert sorted(set(ids) - declared) == []


@pytest.mark.parametrize("pack", sorted(BOTS))
def test_no_bot_reads_a_name_to_compare_it(pack):
    assert name_reads((BOT_DIR / BOTS[pack]).read_text(encoding="utf-8")) == []


def test_the_badlands_bot_tells_the_raiders_by_their_card_not_by_words_in_a_hole():
    """The bot matched the Raiders' name inside a prompt's values; it reads
    the card a hole names (``{v.name}``: the card's id) instead."""
    from waybill.bots.badlands import DESTINATION, Ask
    rules = load_pack("badlands")
    name = rules.entities["raiders"]["name"]
    assert not Ask(rules, DESTINATION, {"v_name": f"the {name}"}).raiders()
    assert Ask(rules, DESTINATION, {"v_name": {"text": "engine-name", "of": {"entity": "raiders"}}}).raiders()
    assert not Ask(rules, DESTINATION, {"v_name": {"text": "engine-name", "of": {"entity": "marauders"}}}).raiders()


def test_the_checks_can_fail():
    # a counted id, one built by counting, and the old way of reading a job are all caught
    planted = ('ACCEPT = "ent-negotiate_release-action-take_negotiate_release-ask5"\n'
               'PICKS = tuple(f"{JUNKYARD}-opt{i}" for i in (4, 2))\n'
               'import re\n'
               'req = self.ent(eid).get("text")\n'
               'BONUS = "ent-delivery_bonus_mod-on-delivery_made-1-ask-delivery_bonus"\n'
               'BOMB = "ent-questionable_decisions-instead-pillage-1-ask-nuclear_bomb"\n'
               'RULE = "on-combat_won-2-log1"\n')
    assert sorted(s for _, s in counted_ids(planted)) == sorted([
        "ent-negotiate_release-action-take_negotiate_release-ask5", "-opt",
        "ent-delivery_bonus_mod-on-delivery_made-1-ask-delivery_bonus",
        "ent-questionable_decisions-instead-pillage-1-ask-nuclear_bomb", "on-combat_won-2-log1"])
    # a named trigger's ids are not counted
    assert counted_ids('B = "ent-delivery_bonus_mod-on-pay_bonus-ask-delivery_bonus"\n'
                       'C = "ent-questionable_decisions-instead-take_bomb-ask-nuclear_bomb"\n') == []
    assert [line for line, _ in printed_reads(planted)] == [3, 4]
    named = ('holds = tuple(self.ent(e).get("name") for e in CARGO_HOLDS)\n'
             'ok = parts.get("arg1") in names\n'
             'said = text_of(m, v)\n')
    assert [line for line, _ in name_reads(named)] == [1, 3]
    # an id of a decision the content did not name (its variable `to`) is not declared
    assert "proc-drive_truck-ask-to" not in _declared("weds")
    assert "proc-drive_truck-ask-drive_where" in _declared("weds")

