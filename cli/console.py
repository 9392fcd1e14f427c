"""Output for people: colour unless the reader asked for none.

`NO_COLOR` (https://no-color.org: set and not empty) and `TERM=dumb` mean no
ANSI escape at all, neither colour nor bold, whatever the output is."""

from __future__ import annotations

import os


def plain() -> bool:
    """True when the output must carry no ANSI escapes."""
    return bool(os.environ.get("NO_COLOR")) or os.environ.get("TERM") == "dumb"


def console(**options):
    """A rich Console that honours `plain()`."""
    from rich.console import Console
    if plain():
        options.update(color_system=None, no_color=True)
    return Console(**options)


__all__ = ["plain", "console"]
