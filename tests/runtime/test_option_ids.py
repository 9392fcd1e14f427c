"""Option ids name what an option is, never where the server keeps its files.

Issue 24: "Option ids in views and legal actions are built from these names
and the per-game piece handle: no file path, no line or column, identical
whatever folder the pack is loaded from." Acceptance: "The same pack copied
to two folders of different depth gives identical option ids for the same
seeded game; no id contains a path." docs/VIEW.md: `pending.at` is the
decision's id and each option's `id` is `<decision id>#<what it is>`.
"""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path

import pytest

from waybill import Game, load_pack, make_bot

CONTENT = Path(__file__).resolve().parents[2] / "content"
# a place in a file: `setup.wb:136:5`, `:136:5`, `.wb`
POSITION = re.compile(r"\.wb\b|:\d+:\d+|\d+:\d+\Z")


def _ids_of_game(pack_dir: Path, players: int, seed: int) -> list[tuple[str, list[str]]]:
    """(pending.at, option ids) at every decision of a default-bot game,
    seen by the seat that answers."""
    rules = load_pack(str(pack_dir))
    game = Game.new(rules, players=players, seed=seed)
    bots = [make_bot("default", rules) for _ in range(players)]
    rng = random.Random(seed)
    out = []
    while not game.over and game.state.round <= 200:
        seat = game.pending["player"]
        p = game.view(seat, display=False)["pending"]
        out.append((p["at"], [o["id"] for o in p["options"]]))
        legal = game.legal_actions()
        game.apply(bots[seat].choose(game, legal, rng))
    return out


@pytest.fixture(scope="module", params=[("weds", 3, 5), ("badlands", 2, 2)], ids=["weds", "badlands"])
def two_copies(request, tmp_path_factory):
    pack, players, seed = request.param
    root = tmp_path_factory.mktemp("copies")
    shallow = root / pack
    deep = root / "srv" / "waybill" / "packs" / "installed" / pack
    for dest in (shallow, deep):
        shutil.copytree(CONTENT / pack, dest)
    return (_ids_of_game(shallow, players, seed), _ids_of_game(deep, players, seed), root)


def test_the_same_game_from_two_folders_has_the_same_option_ids(two_copies):
    shallow, deep, _ = two_copies
    assert len(shallow) > 100
    assert shallow == deep


def test_no_id_holds_a_path_a_line_or_a_column(two_copies):
    shallow, deep, root = two_copies
    for at, ids in shallow + deep:
        for s in [at, *ids]:
            where = s.split("#", 1)[0]        # after `#`: a piece handle, an action or a value chosen
            assert str(root) not in s and "/" not in where and "\\" not in where, s
            assert not POSITION.search(where), s


def test_an_option_id_is_its_decisions_id_and_what_it_is(two_copies):
    shallow, _, _ = two_copies
    for at, ids in shallow:
        assert all(i.startswith(at + "#") for i in ids)
        assert len(set(ids)) == len(ids)          # one id per option of a decision


def test_the_position_check_can_fail():
    # the ids views gave before: the install folder, the file, its line and column
    old = "/srv/waybill/content/weds/setup.wb:136:5#p517"
    assert POSITION.search(old.split("#", 1)[0]) and "/" in old
