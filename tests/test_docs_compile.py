"""Docs that compile: every ```wb block of README.md and docs/*.md is checked
the way `waybill check` checks a pack, and must come out clean.

The convention is described for doc writers in docs/LANGUAGE.md ("Examples
in these docs"). In short: a Waybill example is fenced as ```wb, and an HTML
comment on the line just before the fence may say what it needs:

    <!-- wb: context effect -->      compiled with a context (CONTEXTS below)
    <!-- wb: fails E308 -->          shows a mistake: must give exactly these codes
    <!-- wb: context card; fails E311 -->

An example with a `pack` line is a pack.wb; any other is one file of a pack
`doc`, beside its context's declarations, with a minimal `game` block unless
the example or its context has one. Its file is padded with empty lines so
that its lines are the Markdown file's: a diagnostic reads
`docs/LANGUAGE.md:30:5`, and the line drawn under it is the doc's line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest
from waybill import check_paths
from waybill.dsl.diagnostics import Report

ROOT = Path(__file__).resolve().parents[1]
DOC_FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

INFO = "wb"                                                 # the info string of a Waybill fence
FENCE = re.compile(r"^ {0,3}(`{3,}(?=[^`]*$)|~{3,})\s*([^`\s]*)")   # CommonMark: no ` after a ``` fence
MARK = re.compile(r"^\s*<!--\s*wb:(.*?)-->\s*$")

# Warnings an example may give: a fragment declares things only to show them.
ALLOWED_WARNINGS = {"W501"}

GAME = "game { players 2..4 play { end_game() } }\n"
PACK_LINE = re.compile(r"^\s*pack\s+\w+", re.MULTILINE)
GAME_LINE = re.compile(r"^\s*(replaces\s+)?game\b", re.MULTILINE)


@dataclass
class Context:
    """What an example needs that it does not declare itself."""

    decls: str = ""                                       # a file of the example's pack, beside it
    files: dict[str, str] = field(default_factory=dict)   # more files, relative to the pack folder
    wrap: str | None = None                               # the example is a body: this opens it, `}` closes it


# A miniature Wasteland Express: the names the guide's examples use.
WEDS = """\
resource crap "$crap" { display: "$" start: 10 }
counter market_size = 3
counter food_demand = 0
counter first_player = none
counter pos "Trucks" per player = none
counter contracts_done per player = 0
kind cargo { sort: str }
kind faction { }
kind faction_job { faction: faction }
kind driver { }
kind ally { }
kind event_card { }
cargo food "Food" { sort: "food" copies: 4 start: reserve }
event_card welcome_event "Welcome to the Wasteland" { start: events_deck }
zone reserve "Reserve"
zone discard "Discard" { ordered }
zone mod_shop "Mod Shop"
zone events_deck { ordered hidden }
zone hold "Hold" per player { capacity: 5 }
zone load "Cargo" per player
zone cab "Driver" per player { active }
zone hand per player { visible: owner }
die combat { faces 0, 1, 1, 2, 2, 3 }
die d6 { faces 1, 2, 3, 4, 5, 6 }
table handover { 1..2: "refused"  3..5: "ransom" { gain(crap, 5) }  6: "free" }
event delivered(who: player, what: piece, at: space)
quantity combat_dice(p: player) = 2
quantity here(p: player) = p.pos
quantity price(c: entity) = 6
quantity market_price(t: str) = 6
quantity free_holds(p: player) = 5 - size(pieces(p.hold))
procedure take_damage(p: player, n: int) { log "{p} takes {n} damage" }
procedure deliver(p: player, n: int) { gain(crap, n, p) }
procedure count_cargo(p: player) { return size(pieces(p.hold)) }
procedure repair(p: player) { log "{p} repairs" }
procedure buy_trailer(p: player) { pay(crap, 8, who: p) }
procedure best_route(p: player) { return 3 }
procedure begin_round() { start_round() }
action drive "Drive" { tags: main  log "{me} drives" }
action slide "Slide" { tags: slide  log "{me} slides" }
action move_truck "Move your truck" { tags: main  log "{me} moves" }
action bonus "Bonus action" { tags: main  log "{me} takes a bonus" }
board wasteland {
  space depot "The Depot" { tags: outpost, center }
  space corinth "Corinth" { tags: outpost }
  link depot - corinth
}
"""

# ... and a kind of card.
MODS = WEDS + """\
kind truck_mod { cost: int = 0, slot: str = "any", hits: int = 0 }
"""

# The base pack of `pack ... extends weds`: a folder `weds` beside the example's.
BASE = 'pack weds "Wasteland Express Delivery Service"\n' + MODS + """\
truck_mod gunner "Gunner" { cost: 9  copies: 8  start: mod_shop }
truck_mod armor "Armor" { cost: 6  copies: 8  start: mod_shop }
scenario market_example "Market" { players 2 }
game { players 2..6  setup { shuffle(events_deck) }  play { end_game() } }
"""

CONTEXTS: dict[str, Context] = {
    # declarations: the mini WEDS above (no card kind: the example declares its own)
    "weds": Context(WEDS),
    # ... with `kind truck_mod { cost: int = 0, slot: str = "any", hits: int = 0 }`
    "mods": Context(MODS),
    # abilities: the body of a card `truck_mod doc_example` (`self`, `owner`)
    "card": Context(MODS, wrap='truck_mod doc_example "Example" { text "An example card."'),
    # statements: the body of `procedure doc_example(p: player, card: piece)` (`me`, `p`, `card`)
    "effect": Context(MODS, wrap="procedure doc_example(p: player, card: piece) {"),
    # a pack.wb: the files it includes, `cards/mods.wb` and `scenarios/market.wb`
    "files": Context(files={"cards/mods.wb": MODS + 'truck_mod gunner "Gunner" { cost: 9 }\n' + GAME,
                            "scenarios/market.wb": 'scenario market_example "Market" { players 2 }\n'}),
    # a pack.wb that `extends weds`: the base pack, with the mods context, cards `gunner` and
    # `armor`, a `game` and a scenario `market_example`
    "base": Context(files={"../weds/pack.wb": BASE}),
}


@dataclass
class Block:
    doc: Path
    line: int           # the opening fence's line
    text: str
    mark: str | None    # the directives of the `<!-- wb: ... -->` comment before the fence

    @property
    def path(self) -> str:
        return self.doc.relative_to(ROOT).as_posix()

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"

    @property
    def id(self) -> str:
        return f"{self.doc.name}:{self.line}"


def fenced_blocks(doc: Path) -> list[tuple[int, str, str, str | None]]:
    """(fence line, info string, text, the `wb:` comment just before it or None) of every fenced block."""
    lines = doc.read_text(encoding="utf-8").split("\n")
    out = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, info = m.group(1), m.group(2)
        start, i = i, i + 1
        while i < len(lines) and not re.fullmatch(rf" {{0,3}}{re.escape(fence[0])}{{{len(fence)},}}\s*", lines[i]):
            i += 1
        mark = MARK.match(lines[start - 1]) if start > 0 else None
        out.append((start + 1, info, "\n".join(lines[start + 1:i]), mark.group(1).strip() if mark else None))
        i += 1
    return out


def wb_blocks() -> list[Block]:
    return [Block(doc, line, text, mark) for doc in DOC_FILES
            for line, info, text, mark in fenced_blocks(doc) if info == INFO]


@dataclass
class Marks:
    context: str | None = None
    fails: set[str] | None = None


def parse_mark(text: str | None) -> Marks:
    """`context NAME` and `fails CODE...`, separated by `;`."""
    marks = Marks()
    for part in filter(None, (p.strip() for p in (text or "").split(";"))):
        word, *args = part.split()
        if word == "context" and len(args) == 1 and args[0] in CONTEXTS and marks.context is None:
            marks.context = args[0]
        elif word == "fails" and args and all(re.fullmatch(r"[EW]\d{3}", a) for a in args):
            marks.fails = set(args)
        else:
            raise ValueError(f"`{part}` is not a directive: `context NAME` ({', '.join(CONTEXTS)}) "
                             f"or `fails CODE...`")
    return marks


def check_block(block: Block, folder: Path) -> Report:
    """The example checked as `waybill check` checks a pack; what is found in
    its own file names the Markdown file and its lines."""
    marks = parse_mark(block.mark)
    context = CONTEXTS[marks.context] if marks.context else Context()
    folder.mkdir(parents=True)
    pad = [""] * block.line            # the example's first line is the line after the fence
    tail = ""
    if context.wrap:
        pad[-1] = context.wrap         # on the fence's line
        tail = "}\n"
    example = "\n".join(pad) + "\n" + block.text + "\n" + tail
    for name, text in context.files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    if PACK_LINE.search(block.text):   # the example is a pack.wb
        if context.decls or context.wrap:
            raise ValueError(f"{block.where}: a pack.wb example takes a context of files only, not `{marks.context}`")
        example_path = folder / "pack.wb"
    else:
        example_path = folder / "example.wb"
        head = 'pack doc "Doc example"\ninclude "example.wb"\n'
        if context.decls:
            head += 'include "context.wb"\n'
            (folder / "context.wb").write_text(context.decls, encoding="utf-8")
        if not GAME_LINE.search(block.text) and not GAME_LINE.search(context.decls):
            head += GAME
        (folder / "pack.wb").write_text(head, encoding="utf-8")
    example_path.write_text(example, encoding="utf-8")
    raw = check_paths([str(folder)])   # what `waybill check FOLDER` finds
    shown = block.path
    mine = example_path.resolve()
    report = Report()
    for d in raw.diagnostics:
        report.add(replace(d, file=shown) if Path(d.file).resolve() == mine else d)
    for name, text in raw.sources.items():
        report.sources[shown if Path(name).resolve() == mine else name] = text
    return report


BLOCKS = wb_blocks()


@pytest.mark.parametrize("block", BLOCKS, ids=[b.id for b in BLOCKS])
def test_block_compiles(block: Block, tmp_path: Path) -> None:
    marks = parse_mark(block.mark)
    report = check_block(block, tmp_path / "doc")
    found = Report([d for d in report.sorted() if d.code not in ALLOWED_WARNINGS], report.sources)
    context = f" (context {marks.context})" if marks.context else ""
    if marks.fails is None:
        if found.diagnostics:
            pytest.fail(f"{block.where}: this ```wb block{context} does not compile clean\n\n{found.render()}",
                        pytrace=False)
        return
    # a mistake shown on purpose: the codes marked, each on a line that names it (`# E311: ...`)
    codes = {d.code for d in found.diagnostics}
    lines = block.doc.read_text(encoding="utf-8").split("\n")
    unnamed = [f"{d.code} at line {d.span.line}" for d in found.diagnostics
               if d.file != block.path or d.code not in lines[d.span.line - 1]]
    if codes != marks.fails or not found.errors or unnamed:
        pytest.fail(f"{block.where}: this ```wb block{context} is marked `fails {' '.join(sorted(marks.fails))}` "
                    f"but gives {' '.join(sorted(codes)) or 'nothing'}"
                    f"{'; not named on its line: ' + ', '.join(unnamed) if unnamed else ''}\n\n{found.render()}",
                    pytrace=False)


def test_a_broken_example_is_shown_at_its_doc_line(tmp_path: Path) -> None:
    """What a failure prints: the doc's path and line, the line, a caret, the help."""
    block = Block(ROOT / "docs" / "LANGUAGE.md", 40, "on delivered { gain(crap, 1) }\nmodify combat_dize(owner) + 1",
                  "context card")
    shown = check_block(block, tmp_path / "doc").render()
    assert "docs/LANGUAGE.md:42:8: error[E308]: unknown quantity `combat_dize`" in shown, shown
    assert "42 | modify combat_dize(owner) + 1\n" in shown and "did you mean `combat_dice`" in shown, shown


def test_fences_are_labelled() -> None:
    """Every fenced block says what it holds, so that a Waybill example cannot
    slip past the check in a bare fence (output and messages are ```text)."""
    bare = [f"{doc.relative_to(ROOT).as_posix()}:{line}" for doc in DOC_FILES
            for line, info, _, _ in fenced_blocks(doc) if not info]
    assert not bare, "fenced blocks without a language (```wb for Waybill, ```text for output): " + ", ".join(bare)


def test_marks_are_known_and_placed() -> None:
    """A `<!-- wb: ... -->` comment counts only just before a ```wb fence, and
    only with known directives: a misplaced or misspelled one must not pass."""
    problems = []
    for doc in DOC_FILES:
        lines = doc.read_text(encoding="utf-8").split("\n")
        for i, text in enumerate(lines):
            m = MARK.match(text)
            if not m:
                continue
            where = f"{doc.relative_to(ROOT).as_posix()}:{i + 1}"
            fence = FENCE.match(lines[i + 1]) if i + 1 < len(lines) else None
            if not fence or fence.group(2) != INFO:
                problems.append(f"{where}: a `wb:` comment not on the line just before a ```wb fence")
            try:
                parse_mark(m.group(1))
            except ValueError as e:
                problems.append(f"{where}: {e}")
    assert not problems, "\n".join(problems)


def test_every_context_is_used() -> None:
    used = {parse_mark(b.mark).context for b in BLOCKS}
    assert set(CONTEXTS) <= used, f"contexts no example uses: {sorted(set(CONTEXTS) - used)}"


def test_the_examples_are_found() -> None:
    assert len(BLOCKS) >= 17, [b.id for b in BLOCKS]
