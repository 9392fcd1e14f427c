"""`waybill fmt` keeps the layouts shipped content uses (issue #15, part 8)."""

from __future__ import annotations

import pytest

from waybill.dsl.formatter import format_source


@pytest.mark.parametrize("src", [
    # an invariant's body stays under its head, not at column 0
    'invariant i "x":\n  all(each p in players(): p.crap >= 0)\n',
    # an index of a call or of an index stays glued
    "quantity q = f()[1] + xs[0][1]\n",
    # a name that is also a keyword, indexed
    "procedure p() {\n  let cell = free[order[n - 1]]\n}\n",
    # continuation lines of a statement: one level deeper than its first line
    "quantity q(p: player) = p.caps\n  + sum(each m in pieces(p.roster): m.rating)\n  - 3 * size(p.roster)\n",
    "procedure p() {\n  for x in xs where x.a\n    and x.b {\n    stop\n  }\n}\n",
    "procedure p() {\n  let c = choose by s \"Which?\" from xs\n    where c.a\n  stop\n}\n",
    # inside brackets: one level deeper than the opening line
    "quantity q = all(each p in players(): p.a\n  + p.b == 5)\n",
    # a list of fields: each line a sibling
    "kind k {\n  a: int,\n  b: int\n}\n",
    # `} else` starts a branch
    "procedure p() {\n  if a { stop }\n  else { stop }\n}\n",
    # two statements on one line keep their two spaces
    "procedure p() {\n  set a = 1  set b = 2\n}\n",
])
def test_canonical_layouts_are_left_as_they_are(src):
    assert format_source(src) == src
    assert format_source(format_source(src)) == src


@pytest.mark.parametrize("src, want", [
    ('invariant i "x":\nall(each p in players(): p.crap >= 0)\n',
     'invariant i "x":\n  all(each p in players(): p.crap >= 0)\n'),
    ("quantity q = f() [1]\n", "quantity q = f()[1]\n"),
    ("quantity q(p: player) = p.caps\n        + 1\n", "quantity q(p: player) = p.caps\n  + 1\n"),
])
def test_layouts_are_made_canonical(src, want):
    assert format_source(src) == want
