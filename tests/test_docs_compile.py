"""Docs that compile: every ```wb block of README.md and docs/*.md is checked
as `waybill check` checks a pack, and must come out clean.

The convention (docs/LANGUAGE.md, "Examples in these docs"): a Waybill
example is fenced as ```wb. An HTML comment on the line just before the
fence says what the example needs, directives separated by `;`:

    <!-- wb: context weds -->              compiled with a context's declarations
    <!-- wb: context weds; in procedure --> ... and its statements in a procedure body
    <!-- wb: fails E308 -->                 shows a mistake: must give exactly these codes

A context is a small pack written below (CONTEXTS): declarations compiled
beside the example, and files the example's `include`s or `extends` read.
An example holding a `pack` line is the pack's pack.wb itself. Every other
example is one file of a pack named `doc` (with a minimal `game` block
unless the example or its context has one). The example's file is padded
so that its lines are the Markdown file's lines: a diagnostic reads
`docs/LANGUAGE.md:30:5`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest

from waybill.compiler import check_pack
from waybill.dsl.diagnostics import Report

ROOT = Path(__file__).resolve().parents[1]
DOC_FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)")
MARK = re.compile(r"^\s*<!--\s*wb:(.*?)-->\s*$")
INFO = "wb"

# Warnings an example may give: a fragment declares things only to show them.
ALLOWED_WARNINGS = {"W501"}

GAME = "game { players 2..4 play { end_game() } }\n"
PACK_LINE = re.compile(r"^\s*pack\s+\w+", re.MULTILINE)
GAME_LINE = re.compile(r"^\s*(replaces\s+)?game\b", re.MULTILINE)


@dataclass
class Context:
    """What an example needs that it does not declare itself."""

    decls: str = ""                                       # compiled beside the example (a file of its pack)
    files: dict[str, str] = field(default_factory=dict)   # more files, relative to the pack folder


# A miniature Wasteland Express: the names the language guide's examples use.
WEDS = """\
resource crap "$crap" { display: "$" start: 10 }
counter market_size = 3
counter food_demand = 0
counter pos per player = none
counter first_player = none
kind cargo { sort: str }
kind truck_mod { cost: int = 0, slot: str = "any", hits: int = 0 }
cargo food "Food" { sort: "food" copies: 4 start: cargo_supply }
zone cargo_supply "Cargo supply"
zone hold "Hold" per player { capacity: 5 }
zone hand per player { visible: owner }
zone mod_shop "Mod Shop" per player
zone events_deck { ordered hidden }
die combat { faces 0, 1, 1, 2, 2, 3 }
die d6 { faces 1, 2, 3, 4, 5, 6 }
event delivered(who: player, what: piece, at: space)
quantity combat_dice(p: player) = 2
quantity here(p: player) = none
quantity price(c: entity) = 6
procedure take_damage(p: player, n: int) { log "{p} takes {n} damage" }
procedure deliver(p: player, n: int) { gain(crap, n, p) }
board wasteland {
  space depot "The Depot" { tags: outpost, center }
  space corinth "Corinth" { tags: outpost }
  link depot - corinth
}
"""

CONTEXTS: dict[str, Context] = {
    "weds": Context(WEDS),
}

# `in WHERE`: the example is the body of a declaration the test writes around it.
WRAPPERS: dict[str, str] = {
    "procedure": "procedure doc_example(p: player, card: piece) {",   # statements: `p`, `card`, `me`
}


@dataclass
class Block:
    doc: Path
    line: int          # the opening fence's line
    text: str
    marks: str | None  # the directives of the comment before the fence

    @property
    def where(self) -> str:
        return f"{self.doc.relative_to(ROOT).as_posix()}:{self.line}"

    @property
    def id(self) -> str:
        return f"{self.doc.name}:{self.line}"


def fenced_blocks(doc: Path) -> list[tuple[int, str, str, str | None]]:
    """(fence line, info string, text, the `wb:` comment before it or None) of every fenced block."""
    lines = doc.read_text(encoding="utf-8").split("\n")
    out = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, info = m.group(1), m.group(2)
        start = i
        i += 1
        while i < len(lines) and not (lines[i].strip().startswith(fence[0] * len(fence))
                                      and lines[i].strip().strip(fence[0]) == ""):
            i += 1
        mark = MARK.match(lines[start - 1]) if start > 0 else None
        out.append((start + 1, info, "\n".join(lines[start + 1:i]), mark.group(1).strip() if mark else None))
        i += 1
    return out


def wb_blocks() -> list[Block]:
    return [Block(doc, line, text, marks) for doc in DOC_FILES
            for line, info, text, marks in fenced_blocks(doc) if info == INFO]


@dataclass
class Marks:
    contexts: list[str] = field(default_factory=list)
    wrapper: str | None = None
    fails: set[str] | None = None


def parse_marks(text: str | None) -> Marks:
    marks = Marks()
    for part in filter(None, (p.strip() for p in (text or "").split(";"))):
        word, _, rest = part.partition(" ")
        args = rest.split()
        if word == "context" and args and all(a in CONTEXTS for a in args):
            marks.contexts += args
        elif word == "in" and len(args) == 1 and args[0] in WRAPPERS:
            marks.wrapper = args[0]
        elif word == "fails" and args and all(re.fullmatch(r"[EW]\d{3}", a) for a in args):
            marks.fails = set(args)
        else:
            raise ValueError(f"`{part}`: not a directive (context {'|'.join(CONTEXTS)}; "
                             f"in {'|'.join(WRAPPERS)}; fails CODE...)")
    return marks


def check_block(block: Block, folder: Path) -> Report:
    """Check the example as `waybill check` checks a pack; diagnostics in the
    example's file name the Markdown file and its lines."""
    marks = parse_marks(block.marks)
    folder.mkdir(parents=True)
    pad = [""] * block.line          # the example's first line is the line after the fence
    tail = ""
    if marks.wrapper:
        pad[-1] = WRAPPERS[marks.wrapper]
        tail = "\n}\n"
    example = "\n".join(pad) + "\n" + block.text + "\n" + tail
    decls = "".join(CONTEXTS[c].decls for c in marks.contexts)
    for c in marks.contexts:
        for name, text in CONTEXTS[c].files.items():
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if PACK_LINE.search(block.text):   # the example is a pack.wb
        example_path = folder / "pack.wb"
    else:
        example_path = folder / "example.wb"
        head = 'pack doc "Doc example"\ninclude "example.wb"\n'
        if decls:
            head += 'include "context.wb"\n'
            (folder / "context.wb").write_text(decls, encoding="utf-8")
        if not GAME_LINE.search(block.text) and not GAME_LINE.search(decls):
            head += GAME
        (folder / "pack.wb").write_text(head, encoding="utf-8")
    example_path.write_text(example, encoding="utf-8")
    raw = Report()
    check_pack(str(folder), raw)
    shown = block.doc.relative_to(ROOT).as_posix()
    report = Report()
    for d in raw.diagnostics:
        if Path(d.file).resolve() == example_path.resolve():
            d = replace(d, file=shown)
        report.add(d)
    for name, text in raw.sources.items():
        report.sources[shown if Path(name).resolve() == example_path.resolve() else name] = text
    return report


BLOCKS = wb_blocks()


@pytest.mark.parametrize("block", BLOCKS, ids=[b.id for b in BLOCKS])
def test_block_compiles(block: Block, tmp_path: Path) -> None:
    report = check_block(block, tmp_path / "doc")
    found = [d for d in report.sorted() if d.code not in ALLOWED_WARNINGS]
    marks = parse_marks(block.marks)
    if marks.fails is not None:
        codes = {d.code for d in found}
        assert codes == marks.fails and any(d.is_error for d in found), (
            f"{block.where}: this ```wb block is marked `fails {' '.join(sorted(marks.fails))}` "
            f"but gives {' '.join(sorted(codes)) or 'nothing'}\n\n{report.render()}")
        return
    shown = Report([d for d in found], report.sources)
    assert not found, (f"{block.where}: this ```wb block does not compile clean"
                       f"{' (context ' + ', '.join(marks.contexts) + ')' if marks.contexts else ''}\n\n"
                       f"{shown.render()}")


def test_fences_are_labelled() -> None:
    """Every fenced block says what it holds, so a Waybill example cannot slip
    past the check in an unlabelled fence (output and messages are `text`)."""
    bare = [f"{doc.relative_to(ROOT).as_posix()}:{line}" for doc in DOC_FILES
            for line, info, _, _ in fenced_blocks(doc) if not info]
    assert not bare, "fenced blocks without a language (```wb for Waybill, ```text for output): " + ", ".join(bare)


def test_marks_are_known_and_placed() -> None:
    """A `<!-- wb: ... -->` comment is read only before a ```wb fence, and only
    with known directives: a misplaced or misspelled one must not pass silently."""
    problems = []
    for doc in DOC_FILES:
        lines = doc.read_text(encoding="utf-8").split("\n")
        for i, text in enumerate(lines):
            m = MARK.match(text)
            if not m:
                continue
            nxt = FENCE.match(lines[i + 1]) if i + 1 < len(lines) else None
            if not nxt or nxt.group(2) != INFO:
                problems.append(f"{doc.relative_to(ROOT).as_posix()}:{i + 1}: not on the line before a ```wb fence")
            try:
                parse_marks(m.group(1))
            except ValueError as e:
                problems.append(f"{doc.relative_to(ROOT).as_posix()}:{i + 1}: {e}")
    assert not problems, "\n".join(problems)


def test_every_context_is_used() -> None:
    used = {c for b in BLOCKS for c in parse_marks(b.marks).contexts}
    assert used == set(CONTEXTS), f"contexts no example uses: {sorted(set(CONTEXTS) - used)}"


def test_there_are_examples() -> None:
    assert len(BLOCKS) >= 15, [b.id for b in BLOCKS]
