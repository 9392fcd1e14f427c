"""The compiled engine put in place: the generated code of every block and
expression (pygen.py), then one listing check per action (pylisting.py)."""

from __future__ import annotations

from typing import Any

from . import pygen, pylisting


def install(rules: Any) -> None:
    """Generate and compile the fast code of ``rules`` (DESIGN.md, principle 2)."""
    facts = pygen.install(rules)
    pylisting.install(rules, rules.fast_sources, facts)   # one check per action (decisions.py)
