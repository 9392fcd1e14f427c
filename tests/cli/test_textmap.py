"""The text map of `waybill play` (cli/textmap.py). Issue 25, item 1:
"`waybill play` draws a compact text map when the terminal is wide enough".
Widths are given, never read from the terminal running the tests."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from waybill import Game, load_pack, textmap
from waybill.cli import main

GARDEN = str(Path(__file__).resolve().parents[1] / "packs" / "garden_walk")


def walking() -> tuple[Game, dict]:
    game = Game.new(load_pack(GARDEN), players=2, seed=1)
    game.apply(game.legal_actions()[0])            # Walk: "Walk where?" names spaces
    return game, game.view(0)


def test_the_garden_as_text():
    game, view = walking()
    # seat 0 at g00 and seat 1 at g22 ("set p.at = ..."), flowers (markers) at g02, g11, g20;
    # the options "North bed" (1) and "West bed" (2) stand on their spaces
    assert [o["label"] for o in view["pending"]["options"]] == ["North bed", "West bed"]
    # the paths between neighbours ("adjacent", garden_walk/board.wb) drawn between the beds
    assert textmap.lines(game.boards(), view, 40) == [
        "The Garden",
        " 1 ─[1]─ *",
        " │   │   │",
        "[2]─ * ─ ·",
        " │   │   │",
        " * ─ · ─ 2",
        "1 Player 1  2 Player 2  [n] option n",
    ]


def test_another_seat_sees_no_option_numbers():
    game, _ = walking()
    assert textmap.lines(game.boards(), game.view(1), 40)[1:6:2] == [" 1 ─ · ─ *", " · ─ * ─ ·", " * ─ · ─ 2"]


def test_without_room_for_the_links_the_spaces_alone():
    game, view = walking()
    assert textmap.lines(game.boards(), view, 80, height=7)[1] == " 1 ─[1]─ *"
    assert textmap.lines(game.boards(), view, 80, height=6)[1:4] == [" 1 [1] *", "[2] *  ·", " *  ·  2"]


def test_links_only_along_a_row_or_column_over_empty_cells_or_between_diagonal_neighbours():
    grid = [[" a ", "   ", " b "], ["   ", " c ", "   "], [" d ", "   ", " e "]]
    drawn = textmap._linked(grid, [((0, 0), (0, 2)), ((0, 0), (1, 1)), ((0, 2), (1, 1)), ((0, 0), (2, 0)),
                                   ((2, 0), (2, 2)), ((0, 2), (2, 2)), ((1, 1), (2, 2)), ((0, 0), (2, 2))])
    assert drawn == [
        " a ───── b",
        " │ ╲   ╱ │",
        " │   c   │",
        " │     ╲ │",
        " d ───── e",
    ]
    # a link through an occupied cell (a to e crosses c) or two ranks apart diagonally is left out
    assert textmap._linked(grid, [((0, 0), (2, 2))]) == [" a       b", "", "     c", "", " d       e"]


def test_no_map_on_a_narrow_or_short_terminal():
    game, view = walking()
    assert textmap.lines(game.boards(), view, 36) != []
    assert textmap.lines(game.boards(), view, 35) == []       # the legend is 36 wide
    assert textmap.lines(game.boards(), view, 80, height=4) == []
    assert textmap.lines(game.boards(), view, 80, height=5) != []


def test_the_wasteland_shows_trucks_and_sites():
    game = Game.new(load_pack("weds"), players=2, seed=7)
    for _ in range(20):          # first options (a driver, a job, "Move your truck") until seat 0 drives
        view = game.view(0)
        if view["boards"][0]["targets"]:
            break
        game.apply(game.legal_actions()[0])
    got = textmap.lines(game.boards(), view, 80, height=19)
    assert got[0] == "The Wasteland" and len(got) == 1 + 17 + 1      # 17 rows of spaces (y = 0..16)
    roomy = textmap.lines(game.boards(), view, 80)
    assert len(roomy) == 1 + 33 + 1 and "─" in roomy[3] and "╱" in "".join(roomy)    # with its roads
    assert max(map(len, got)) <= 80
    text = "\n".join(got)
    assert "Te" in text and "[2]" in text          # the Terminus site; option 2, The Depot
    assert got[-1].startswith("1 Player 1  2 Player 2")


def play(width: str) -> str:
    res = CliRunner().invoke(main, ["play", GARDEN, "--players", "2", "--human", "0", "--seed", "1"],
                             input="1\nquit\n", env={"COLUMNS": width, "LINES": "40"}, catch_exceptions=False)
    assert res.exit_code == 0, res.output
    return res.output


def test_play_draws_the_map_when_the_terminal_is_wide_enough():
    assert " 1 ─[1]─ *" in play("100")
    # (the first question names no space: the legend "1 Player 1  2 Player 2" is 22 wide)
    assert "The Garden" in play("22")
    assert "The Garden" not in play("21")


def screen_of(width: int, height: int) -> str:
    """What `waybill play` draws on a terminal of that size (its one-screen mode) for seat 0's walk."""
    import io

    from rich.console import Console

    from waybill.play import Session
    game, v = walking()
    s = Session(game.rules, game, {0}, "default", 1)
    out = io.StringIO()
    s.console = Console(file=out, width=width, height=height, force_terminal=True, color_system=None)
    s.screen = True
    s.draw_screen(v, 0, [])
    return out.getvalue()


def test_a_terminal_screen_shows_the_map_when_it_has_room():
    # issue 25.6: "shows the map when there is room" -- beside the question, never instead of it
    roomy = screen_of(100, 40)
    assert "The Garden" in roomy and "Walk where?" in roomy
    short = screen_of(100, 12)
    assert "The Garden" not in short and "Walk where?" in short
