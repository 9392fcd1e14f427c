"""W701: a scenario's `expect [not] offered "x"` names a label no option of
the pack can ever have.

`expect offered "x"` matches a whole label, so `expect not offered "x"`
with a label that exists nowhere (a typo, a renamed action) passes whatever
the game does: a check that cannot fail. The labels a pack can offer are
its words: action and card names, option texts of `choose` menus, the
names of spaces and every other declared thing, and every string an
expression holds (a `choose ... from` may list any of them), plus the
engine's own (`pass`, `done`, `yes`, `no`, `hidden`), numbers (`choose
amount`) and seat names. Log lines and prompts are never labels. A string
with `{...}` holes is a pattern: a hole may hold anything. What the label
universe cannot tell apart (an id such as `action-drive` or `#3`) is let
through: this warning must never fire on a label the game can show.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

from waybill.dsl.diagnostics import Diagnostic, Span

ENGINE_WORDS = ("pass", "done", "yes", "no", "hidden", "none")
_HOLE = re.compile(r"\{[^{}]*\}")
_NUMBER = re.compile(r"-?\d+")
_SEAT = re.compile(r"(player|seat) \d+")
_ID = re.compile(r"[a-z0-9_]+(-[a-z0-9_]+)+|.*#.*")
# IR keys whose strings a player never sees as an option's label
_NOT_LABELS = frozenset(("prompt", "at", "do", "op", "fn", "message", "files", "format", "display", "text"))


class Labels:
    """Every label the pack's options can have, lowered."""

    def __init__(self, ir: dict):
        self.words: set[str] = set(ENGINE_WORDS)
        self.patterns: list[re.Pattern] = []
        self.chunks: list[str] = []      # the words between the holes of the patterns
        for s in _strings(ir):
            self._add(s)

    def _add(self, s: str) -> None:
        low = s.lower()
        if _HOLE.search(low):
            chunks = _HOLE.split(low)
            self.chunks.extend(c for c in chunks if c.strip())
            self.patterns.append(re.compile(".*".join(re.escape(c) for c in chunks), re.DOTALL))
        else:
            self.words.add(low)

    def can_be(self, text: str, part: bool) -> bool:
        """Whether some option may be labelled `text` (`part`: contain it)."""
        want = text.lower()
        if _ID.fullmatch(want) or _NUMBER.fullmatch(want) or _SEAT.fullmatch(want):
            return True
        if part:
            # a hole may hold anything, the part named too
            return bool(self.patterns) or any(want in w for w in self.words)
        if want in self.words or any(p.fullmatch(want) for p in self.patterns):
            return True
        # a part of a real label (`expect not offered "Take"` beside "Take 1"): a check of
        # whole-label matching, not a typo
        return any(want in w for w in self.words) or any(want in c for c in self.chunks)


def _strings(v: Any, key: str | None = None) -> Iterator[str]:
    """The strings of the IR that may become a label. A holed text
    expression (`{"op": "text", "parts": [...]}`) becomes one pattern."""
    if isinstance(v, str):
        yield v
    elif isinstance(v, dict):
        if v.get("do") == "log":
            return
        if v.get("op") == "text":
            yield "".join(p if isinstance(p, str) else "{}" for p in v.get("parts") or [])
            return
        if v.get("op") == "bin" and v.get("o") == "+":
            parts = _sum_parts(v)
            if any(isinstance(p, str) or _texty(p) for p in parts):
                # `text_of(m) + " (" + ...`: a label made of words and holes
                yield "".join(_HOLE_TEXT(p) if isinstance(p, str) else "{}" for p in parts)
        for k, x in v.items():
            if k in _NOT_LABELS:
                continue
            yield from _strings(x, k)
    elif isinstance(v, list):
        for x in v:
            yield from _strings(x, key)


def _sum_parts(v: Any) -> list:
    """The operands of a chain of `+`, left to right."""
    if isinstance(v, dict) and v.get("op") == "bin" and v.get("o") == "+":
        return _sum_parts(v.get("l")) + _sum_parts(v.get("r"))
    return [v]


def _texty(v: Any) -> bool:
    return isinstance(v, dict) and (v.get("op") == "text" or (v.get("op") == "call" and v.get("fn") == "text_of"))


def _HOLE_TEXT(s: str) -> str:
    """A literal part of a sum, braces doubled away so it is no hole."""
    return s.replace("{", "(").replace("}", ")")


def lint_offered(ir: dict | None, scenarios: list | None, report: Any, only_variants: bool = False) -> None:
    """Warn (W701) at each `expect [not] offered` of `scenarios` whose label
    no option of `ir` can have. `only_variants`: only the scenarios that
    name variants (those compiled with them)."""
    if ir is None or not scenarios:
        return
    labels: Labels | None = None
    for sc in scenarios:
        if only_variants and not sc.get("variants"):
            continue
        for step in sc.get("steps") or []:
            if step.get("kind") not in ("expect_offered", "expect_not_offered"):
                continue
            labels = labels or Labels(ir)
            if labels.can_be(step["text"], bool(step.get("part"))):
                continue
            file, line, col = step["at"]
            shown = ("~" if step.get("part") else "") + repr(step["text"]).replace("'", '"')
            report.add(Diagnostic(file, Span.point(line, col), "warning", "W701",
                                  f"no option of the pack can ever be labelled {shown}: this `expect` "
                                  f"{'can never hold' if step['kind'] == 'expect_offered' else 'can never fail'}",
                                  "check the spelling against the action, option or card names; `~\"...\"` "
                                  "matches a part of a label"))
