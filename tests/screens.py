"""What a screen says, read as a player reads it: the words in Latin letters
left on a screen that should be all in another script (issue 24: `--lang ru`
shows no English word)."""

from __future__ import annotations

import re

# a card's icon printed in brackets, as the rulebook prints it: [MOVEMENT], [BONUS]
ICON = re.compile(r"\[[A-Z]+\]")
LATIN_WORD = re.compile(r"[A-Za-z]+")


def latin_words(text: str) -> list[str]:
    """Each word in Latin letters on the screen (bracket icons aside), with
    the line it stands on, in order: empty for a screen with none."""
    out = []
    for line in text.splitlines():
        bare = ICON.sub("", line)
        out += [f"{w!r} in {line.strip()[:160]!r}" for w in LATIN_WORD.findall(bare)]
    return out
