"""The packs every bridge is tested on: each shipped pack and a small test
pack (tests/packs/dice_race: hidden hands, a die; tests/packs/throws_at_once:
a simultaneous decision), each with a short-game
override so CI plays whole games quickly (`set`, as `waybill balance --set`)."""

from __future__ import annotations

from pathlib import Path

DICE_RACE = str(Path(__file__).resolve().parents[1] / "packs" / "dice_race")
# every seat asked at once (`choose each`): the bridges ask one seat at a time
THROWS = str(Path(__file__).resolve().parents[1] / "packs" / "throws_at_once")

# pack -> (players, overrides that shorten a game)
PACKS = {
    "weds": (3, "round_cap=2"),
    "badlands": (2, "max_rounds=2"),
    "warfare": (2, ""),
    DICE_RACE: (2, ""),
    THROWS: (3, ""),
}
