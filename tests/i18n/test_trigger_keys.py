"""No catalogue key of a shipped pack counts a trigger by its place
(docs/I18N.md "Ids"): a trigger added above an unnamed one on the same
event moves its `on-<event>-<k>` and, with it, the key of every translation
under it. The shipped packs name such triggers (`on EVENT as NAME`)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.bots.test_bot_ids import TRIGGER_COUNTED

CONTENT = Path(__file__).resolve().parents[2] / "content"
KEY = re.compile(r"^([A-Za-z][A-Za-z0-9_-]*) *=", re.M)


def counted_keys(ftl: str) -> list[str]:
    return [k for k in KEY.findall(ftl) if re.search(TRIGGER_COUNTED, k)]


def test_no_shipped_catalogue_key_counts_a_trigger():
    files = sorted(CONTENT.glob("**/locales/*.ftl"))
    assert len(files) >= 4
    assert {str(f.relative_to(CONTENT)): counted_keys(f.read_text(encoding="utf-8"))
            for f in files if counted_keys(f.read_text(encoding="utf-8"))} == {}


def test_the_check_can_fail():
    planted = ("on-combat_won-1-log1 = { $who } collects a $3 bounty\n"
               "ent-armor-instead-damage_point-1-log2 = x\n"
               "on-bounty_hunters-log1 = y\nent-vq_4c-on-gift_delivered-log1 = z\n")
    assert counted_keys(planted) == ["on-combat_won-1-log1", "ent-armor-instead-damage_point-1-log2"]
