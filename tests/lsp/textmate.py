"""A small TextMate tokenizer, enough to test the editor grammar in Python.

It follows the TextMate rules VS Code applies: at each position the
earliest match wins, the open rule's `end` before its patterns on a tie,
then the patterns in order; `begin`/`end` rules push and pop, `include`
reads the repository. The grammar's regexes are written in the subset
Oniguruma and Python's `re` read alike; the tests check they compile.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache


class Grammar:
    def __init__(self, path: str):
        with open(path, encoding="utf-8") as fh:
            self.doc = json.load(fh)
        self.repo = self.doc.get("repository", {})
        self.base = self.doc["scopeName"]

    def expand(self, patterns: list[dict]) -> list[dict]:
        out = []
        for p in patterns:
            if "include" in p:
                ref = p["include"]
                target = self.doc if ref == "$self" else self.repo[ref.lstrip("#")]
                out.extend(self.expand([target] if ("match" in target or "begin" in target) else target["patterns"]))
            elif "match" in p or "begin" in p:
                out.append(p)
            else:
                out.extend(self.expand(p.get("patterns", [])))
        return out

    def regexes(self) -> list[str]:
        found = []

        def walk(x):
            if isinstance(x, dict):
                for k in ("match", "begin", "end"):
                    if k in x:
                        found.append(x[k])
                for v in x.values():
                    walk(v)
            elif isinstance(x, list):
                for v in x:
                    walk(v)
        walk(self.doc)
        return found

    def tokenize(self, lines: list[str]) -> list[list[list[str]]]:
        """For each line, the scopes of each character (innermost last)."""
        stack: list[tuple[dict, list[str]]] = []
        out = []
        for line in lines:
            scopes, stack = self.line(line, stack)
            out.append(scopes)
        return out

    def line(self, line: str, stack: list) -> tuple[list[list[str]], list]:
        base = [self.base]
        paint: list[list[str]] = [list(base) for _ in range(len(line))]
        pos, steps = 0, 0
        while pos <= len(line):
            steps += 1
            if steps > 10 * len(line) + 100:
                raise RuntimeError(f"the grammar loops on: {line!r}")
            current = stack[-1][1] if stack else base
            rules = self.expand(stack[-1][0].get("patterns", []) if stack else self.doc["patterns"])
            best = None  # (start, kind, match, rule): the earliest; the end rule first on a tie
            if stack:
                m = _re(stack[-1][0]["end"]).search(line, pos)
                if m:
                    best = (m.start(), "end", m, stack[-1][0])
            for rule in rules:
                m = _re(rule.get("match") or rule["begin"]).search(line, pos)
                if m and (best is None or m.start() < best[0]):
                    best = (m.start(), "match" if "match" in rule else "begin", m, rule)
            if best is None:
                break
            start, kind, m, rule = best
            for i in range(pos, start):  # the text before the match
                paint[i] = list(current)
            if kind == "end":
                own = current[:len(current) - (1 if "contentName" in rule else 0)]
                _paint(paint, m, own, rule.get("endCaptures", {}))
                stack = stack[:-1]
                pos = m.end()
                current = stack[-1][1] if stack else base
            else:
                own = current + ([rule["name"]] if "name" in rule else [])
                _paint(paint, m, own, rule.get("captures" if kind == "match" else "beginCaptures", {}))
                if kind == "begin":
                    stack = stack + [(rule, own + ([rule["contentName"]] if "contentName" in rule else []))]
                    current = stack[-1][1]
                pos = m.end() if m.end() > pos or kind == "begin" else pos + 1
            if pos >= len(line) and not (stack and _re(stack[-1][0]["end"]).search(line, pos)):
                break
        current = stack[-1][1] if stack else base
        for i in range(pos, len(line)):
            paint[i] = list(current)
        return paint, stack


@lru_cache(maxsize=None)
def _re(pattern: str) -> re.Pattern:
    return re.compile(pattern)


def _paint(paint: list, m: re.Match, own: list[str], captures: dict) -> None:
    for i in range(m.start(), m.end()):
        paint[i] = list(own)
    for group, cap in sorted(captures.items(), key=lambda kv: int(kv[0])):
        g = int(group)
        if m.start(g) < 0 or "name" not in cap:
            continue
        for i in range(m.start(g), m.end(g)):
            paint[i] = own + [cap["name"]]
