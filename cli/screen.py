"""One screen of `waybill play` on a terminal, fitted to its height.

A person answers from what is on the screen, so the question and all its
options are drawn last and never cut; above them go, while there is room,
what the last command said, the seat's panel, the table and the newest log
lines (the older ones are left out with a note of how many). Every line is
wrapped at word boundaries to the terminal's width, an option's further lines
under its words, not under its number.
"""

from __future__ import annotations

from typing import Callable

from rich.console import Console
from rich.text import Text

MIN_LOG = 3         # log lines kept on screen (room allowing) before the panel and the table are cut


def wrapped(console: Console, text: Text, width: int, indent: int = 0) -> list[Text]:
    """``text`` in lines at most ``width`` wide, broken between words; every
    line after the first starts with ``indent`` spaces (a hanging indent)."""
    width = max(width, indent + 10)
    if not text.plain:
        return [text]
    lines = list(text.wrap(console, width - indent if indent else width, overflow="fold"))
    if indent and len(lines) > 1:
        # the first line has its prefix inside the text: wrap it at the full width, the rest under it
        head = list(text.wrap(console, width, overflow="fold"))[0]
        rest = text[len(head.plain):]
        rest = rest[len(rest.plain) - len(rest.plain.lstrip(" ")):]
        lines = [head] + ([Text(" " * indent) + ln for ln in rest.wrap(console, width - indent, overflow="fold")]
                          if rest.plain.strip() else [])
    for ln in lines:
        ln.rstrip()
    return lines


def fit(height: int, question: list[Text], notes: list[Text], top: list[list[Text]], log: list[Text],
        more: Callable[[int], Text]) -> list[Text]:
    """The lines of one screen ``height`` lines high: ``question`` whole and
    last; above it ``notes`` (what the last command said, its head kept),
    then ``top`` (the panel, the table: each whole, or cut to what is left,
    leaving ``MIN_LOG`` lines to the log) and the tail of ``log``, with
    ``more(n)`` said in place of the ``n`` log lines left out."""
    room = max(0, height - len(question))
    kept_notes = notes[:room]
    room -= len(kept_notes)
    shown_top: list[Text] = []
    for block in top:
        spare = room - min(MIN_LOG, len(log))
        take = block if len(block) <= spare else block[:max(0, spare)]
        shown_top += take
        room -= len(take)
    if len(log) <= room:
        tail = log
    elif room >= 2:
        tail = [more(len(log) - room + 1)] + log[len(log) - room + 1:]
    else:
        tail = log[len(log) - room:] if room > 0 else []
    return shown_top + tail + kept_notes + question
