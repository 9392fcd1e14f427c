"""runtime/ names no game (DESIGN.md principle 1); the CI hook greps the same."""

import re
from pathlib import Path

RUNTIME = Path(__file__).resolve().parents[2] / "runtime"
NOUNS = re.compile(r"cargo|raider|outpost|caravan|settlement|crap|truck|artifact|faction|momentum|"
                   r"dashboard|enclave|stash|wasteland|badlands|warfare", re.I)


def test_runtime_code_names_no_game():
    hits = [f"{p.name}:{i}: {line.strip()}" for p in sorted(RUNTIME.glob("*.py"))
            for i, line in enumerate(p.read_text().splitlines(), 1) if NOUNS.search(line)]
    assert hits == []
