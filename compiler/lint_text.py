"""Rules-text lint: does a card's printed `text` agree with its code?

XMage and Forge compare generated rules text with printed text; we compare
the numbers, which is where a card's text and code drift apart (`$9` printed,
`cost: 8` coded). Three findings, all warnings at the card's declaration:

- W601 a card with abilities has no printed `text`;
- W602 the text prints a cost (an amount of a counter shown with a symbol,
  like `$9`) and the card's `cost` field is none of the amounts printed;
- W603 a number in the text appears nowhere in the card: not in its fields,
  its code, the procedures, quantities, tables, tracks and dice that code
  uses (followed a few calls deep), nor what a modifier makes of a
  quantity's fixed value (a quantity `= 1` with `+ 1` gives 2), nor the
  numbers of a card or a kind the text names (a kind's card count, its
  cards' numbers, how many values a field takes). Reminder text in
  parentheses is not read for W603: it explains rules that live elsewhere.

Numbers that are names rather than amounts are not read: digits inside a
word (`d6`, `1A`, `2nd`), page references (`p. 57`), and the names of
declared things (a place called `Hangar 18`).
"""

from __future__ import annotations

import re

from waybill.dsl.diagnostics import Diagnostic, Span

MAX_FOLLOW = 3  # calls followed from a card's code into procedures and quantities
MAX_NODES = 20000  # IR nodes read per card, at most
COST_FIELD = "cost"

_NUMBER = re.compile(r"(?<![\w.#])([^\W\d_]*)([$€£¥]?)(\d+)(?![\w])")
_PAGE = re.compile(r"\b(?:pp?\.|pages?)\s*\d+(?:\s*[-–]\s*\d+)?", re.IGNORECASE)
_DIGITS = re.compile(r"\d+")


def text_numbers(text: str, names: list[str]) -> list[tuple[str, int]]:
    """(symbol, number) of each amount in a printed text: `$9` -> ("$", 9), `3` -> ("", 3)."""
    lowered = text.lower()
    for name in sorted(names, key=len, reverse=True):
        if name and name.lower() in lowered and any(ch.isdigit() for ch in name):
            text = re.sub(re.escape(name), " ", text, flags=re.IGNORECASE)
    text = _PAGE.sub(" ", text)
    out = []
    for m in _NUMBER.finditer(text):
        if m.group(1):  # digits glued to letters: a name (d6, B2), not an amount
            continue
        out.append((m.group(2), int(m.group(3))))
    return out


class CardIndex:
    """The pack's declarations by id, for following a card's references."""

    def __init__(self, ir: dict):
        self.procedures = {p["id"]: p for p in ir.get("procedures", [])}
        self.quantities = {q["id"]: q for q in ir.get("quantities", [])}
        self.tables = {t["id"]: t for t in ir.get("tables", [])}
        self.tracks = {t["id"]: t for t in ir.get("tracks", [])}
        self.dice = {d["id"]: d for d in ir.get("dice", [])}
        self.symbols = {c["display"] for c in ir.get("counters", [])
                        if c.get("display") and not str(c["display"]).strip().isalnum()}
        self.entities = {e["id"]: e for e in ir.get("entities", [])}
        self.rules_about: dict[str, list[dict]] = {}
        for rule in ir.get("rules", []):
            for name in _mentions(rule) & set(self.entities):
                self.rules_about.setdefault(name, []).append(rule)
        self.named = [(str(e.get("name")).lower(), e) for e in self.entities.values()
                      if len(str(e.get("name") or "")) >= 4]
        self.kind_numbers = _kind_numbers(self.entities.values())
        self.names = [str(x.get("name")) for section in ("entities", "spaces", "regions", "zones", "counters")
                      for x in ir.get(section, []) if any(ch.isdigit() for ch in str(x.get("name") or ""))]


def _kind_numbers(entities) -> dict[str, set[int]]:
    """Per kind, written as words (`vision_quest` -> "vision quest"): how many cards
    it has, its cards' whole-number fields, and how many values each field takes —
    what a text counts when it describes a kind's cards ("5 stacks of 3")."""
    copies: dict[str, int] = {}
    values: dict[str, dict[str, set]] = {}
    for e in entities:
        kind = str(e.get("kind") or "")
        if not kind:
            continue
        copies[kind] = copies.get(kind, 0) + int(e.get("copies", 1) or 0)
        for field, v in e.get("fields", {}).items():
            if isinstance(v, (int, str)):
                values.setdefault(kind, {}).setdefault(field, set()).add(v)
    out = {}
    for kind, total in copies.items():
        found = {total}
        for seen in values.get(kind, {}).values():
            found.add(len(seen))
            found.update(abs(v) for v in seen if isinstance(v, int) and not isinstance(v, bool))
        out[kind.replace("_", " ")] = found
    return out


_REMINDER = re.compile(r"\([^()]*\)")


def _mentions(node, out: set[str] | None = None, budget: list[int] | None = None) -> set[str]:
    """The names an IR node refers to (entity references and name-like strings)."""
    out = set() if out is None else out
    budget = [MAX_NODES] if budget is None else budget
    stack = [node]
    while stack and budget[0] > 0:
        budget[0] -= 1
        x = stack.pop()
        if isinstance(x, str):
            out.add(x)
        elif isinstance(x, list):
            stack.extend(x)
        elif isinstance(x, dict):
            if x.get("op") == "ref":
                out.add(str(x.get("id")))
            stack.extend(v for k, v in x.items() if k != "at")
    return out


def card_code(ent: dict, index: CardIndex) -> list[dict]:
    """A card's abilities and the pack's rules that name the card."""
    return list(ent.get("abilities", [])) + index.rules_about.get(ent["id"], [])


def card_numbers(ent: dict, index: CardIndex) -> set[int]:
    """Every number a card holds: fields, copies, code, and what the code uses."""
    found: set[int] = set()
    budget = [MAX_NODES]
    seen: set[tuple[str, str]] = set()

    def strings(value: str) -> None:
        found.update(int(d) for d in _DIGITS.findall(value))

    def walk(node, depth: int) -> None:
        if budget[0] <= 0:
            return
        budget[0] -= 1
        if isinstance(node, bool) or node is None:
            return
        if isinstance(node, int):
            found.add(abs(node))
            return
        if isinstance(node, str):
            follow(node, depth)
            return
        if isinstance(node, list):
            for x in node:
                walk(x, depth)
            return
        if not isinstance(node, dict):
            return
        if node.get("do") == "log" or node.get("op") == "text":
            return  # what the log says is not a rule
        if node.get("do") == "call":
            follow_as("procedure", node.get("proc"), depth)
        if node.get("op") == "quantity":
            follow_as("quantity", node.get("id"), depth)
        if node.get("do") == "table":
            follow_as("table", node.get("table"), depth)
        if node.get("op") == "ref" and node.get("ns") == "entity":
            follow_as("entity", node.get("id"), depth)
        for key, value in node.items():
            if key in ("at", "label", "prompt", "message"):
                continue
            walk(value, depth)

    def follow(name: str, depth: int) -> None:
        if name not in index.tables and name not in index.tracks and name not in index.dice:
            return
        for what in ("table", "track", "die"):
            follow_as(what, name, depth)

    def follow_as(what: str, name, depth: int) -> None:
        if not isinstance(name, str) or (what, name) in seen or depth >= MAX_FOLLOW:
            return
        seen.add((what, name))
        if what == "procedure" and name in index.procedures:
            walk(index.procedures[name].get("body"), depth + 1)
        elif what == "quantity" and name in index.quantities:
            walk(index.quantities[name].get("value"), depth + 1)
        elif what == "table" and name in index.tables:
            for row in index.tables[name].get("rows", []):
                found.update(range(row["lo"], min(row["hi"], row["lo"] + 100) + 1))
                walk(row.get("value"), depth + 1)
                walk(row.get("effect"), depth + 1)
        elif what == "track" and name in index.tracks:
            walk(index.tracks[name].get("values"), depth + 1)
        elif what == "entity" and name in index.entities:
            other = index.entities[name]
            found.add(other.get("copies", 1))
            for value in other.get("fields", {}).values():
                strings(value) if isinstance(value, str) else walk(value, depth + 1)
        elif what == "die" and name in index.dice:
            walk(index.dice[name].get("faces"), depth + 1)

    for value in ent.get("fields", {}).values():
        if isinstance(value, str):
            strings(value)
        else:
            walk(value, 0)
    found.add(ent.get("copies", 1))
    for ability in card_code(ent, index):
        walk(ability, 0)
        if ability.get("type") == "modifier":
            follow_as("quantity", ability.get("quantity"), 0)
            found.update(_modified(ability, index))
        if ability.get("type") == "action" and ability.get("limit"):
            found.add(ability["limit"]["count"])
    return found


def _modified(ability: dict, index: CardIndex) -> set[int]:
    """What a modifier makes of a quantity whose value is a fixed number."""
    q = index.quantities.get(ability.get("quantity"))
    base, value = (q or {}).get("value"), ability.get("value")
    if not (isinstance(base, int) and isinstance(value, int)) or isinstance(base, bool) or isinstance(value, bool):
        return set()
    op = ability.get("op")
    result = {"+": base + value, "-": base - value, "*": base * value, "=": value}.get(op)
    return {abs(result)} if result is not None else set()


def lint_entities(ir: dict) -> list[tuple[dict, Diagnostic]]:
    """Every rules-text finding of an IR's cards, with the card it is about."""
    index = CardIndex(ir)
    files = ir.get("files", [])
    out = []
    for ent in ir.get("entities", []):
        at = ent.get("at") or [0, 1, 1]
        file = files[at[0]] if 0 <= at[0] < len(files) else "?"
        span = Span.point(at[1], at[2])
        title = ent.get("name") or ent["id"]
        for code, message, hint in lint_entity(ent, index):
            out.append((ent, Diagnostic(file, span, "warning", code, f"`{ent['id']}` ({title}): {message}", hint)))
    return out


def lint_rules_text(ir: dict | None, report) -> None:
    """Add the rules-text warnings of a compiled pack to a report (`waybill check`, the language server)."""
    if ir is not None:
        report.extend(diag for _, diag in lint_entities(ir))


def lint_entity(ent: dict, index: CardIndex) -> list[tuple[str, str, str | None]]:
    text = ent.get("text") or ""
    if not text.strip():
        if ent.get("abilities"):
            return [("W601", "this card has abilities but no printed `text`",
                     "add `text \"...\"` with the card's rules as printed")]
        return []
    out = []
    amounts = text_numbers(text, index.names + [ent.get("name") or ""])
    cost = ent.get("fields", {}).get(COST_FIELD)
    priced = [n for sym, n in amounts if sym and sym in index.symbols]
    if isinstance(cost, int) and not isinstance(cost, bool) and priced and cost not in priced:
        shown = next(f"{sym}{n}" for sym, n in amounts if sym in index.symbols)
        out.append(("W602", f"the text prints the cost {shown}, but `{COST_FIELD}` is {cost}",
                    "correct the text or the field, whichever the card really says"))
    if not card_code(ent, index):
        return out  # a card without code of its own: its rules are the pack's procedures
    known = card_numbers(ent, index)
    lowered = text.lower()
    for name, other in index.named:  # a card named in the text: its numbers count
        if other is not ent and name in lowered and re.search(r"\b" + re.escape(name) + r"\b", lowered):
            known.add(other.get("copies", 1))
            known.update(v for v in other.get("fields", {}).values() if isinstance(v, int) and not isinstance(v, bool))
    for words, numbers in index.kind_numbers.items():  # a kind named in the text: its counts count
        if re.search(r"\b" + re.escape(words) + r"(s|es)?\b", lowered):
            known |= numbers
    # Reminder text in parentheses explains rules found elsewhere (other cards,
    # the rulebook): its numbers are not this card's to hold.
    checked = text_numbers(_REMINDER.sub(" ", text), index.names + [ent.get("name") or ""])
    missing = []
    for sym, n in checked:
        if n not in known and f"{sym}{n}" not in missing:
            if sym and sym in index.symbols and isinstance(cost, int) and out and out[-1][0] == "W602":
                continue  # already reported as a cost
            missing.append(f"{sym}{n}")
    if missing:
        listed = ", ".join(missing)
        out.append(("W603", f"the text says {listed}, which appears nowhere in the card's fields or code",
                    "correct the number in the text or in the code, whichever is wrong"))
    return out


__all__ = ["CardIndex", "card_code", "lint_entities", "lint_rules_text", "lint_entity", "text_numbers", "card_numbers"]
