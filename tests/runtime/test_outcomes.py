"""Who wins (docs/LANGUAGE.md, "Who wins: cooperative games, teams, ties"):
sides, shared wins, places, a cooperative result, the rules' own limit, and
the errors of a wrong outcome or visibility. Both engines."""

from __future__ import annotations

import json

import pytest

from tests.wbkit import checked_ir, diags_of
from waybill import Game
from waybill.runtime.rules import Rules

ENGINES = ("compiled", "interpreter")


def game_of(tmp_path, body: str, players: int, engine: str) -> Game:
    rules = Rules.from_ir(checked_ir(tmp_path, body), engine=engine)
    g = Game.new(rules, players=players, seed=1)
    # the result survives a save (the save check knows its keys)
    again = Game.from_json(rules, json.loads(json.dumps(g.to_json())))
    assert again.result == g.result
    return g


def points(ends: str, outcome: str = "") -> str:
    return f'''
resource points "Points" {{ start: 0 }}
counter gifts = [0, 0, 0, 0]
game {{
  players 2..4
  {outcome}
  play {{
    start_turn(player(0))
    for p in players() {{ gain(points, gifts[p.index], p) }}
    {ends}
  }}
  score me.points
}}
'''


@pytest.mark.parametrize("engine", ENGINES)
def test_each_for_itself_a_tie_at_the_top_is_a_shared_win(tmp_path, engine):
    # "Equal best scores share the win: every seat of the tied sides wins, and there is then no single `winner`"
    g = game_of(tmp_path, points("end_game()").replace("[0, 0, 0, 0]", "[5, 2, 5, 1]"), 4, engine)
    assert g.result["winners"] == [0, 2] and g.winner is None
    assert g.result["places"] == [1, 3, 1, 4] and g.result["ranking"] == [0, 2, 1, 3]
    assert "won" not in g.result and "ended" not in g.result


@pytest.mark.parametrize("engine", ENGINES)
def test_a_single_best_score_wins_alone(tmp_path, engine):
    g = game_of(tmp_path, points("end_game()").replace("[0, 0, 0, 0]", "[1, 7, 5, 1]"), 4, engine)
    assert g.result["winners"] == [1] and g.winner == 1 and g.result["places"] == [3, 1, 2, 3]


@pytest.mark.parametrize("engine", ENGINES)
def test_teams_win_together(tmp_path, engine):
    # "`win(p)` makes all of `p`'s side win"
    g = game_of(tmp_path, points("win(player(1))", "teams me.index % 2"), 4, engine)
    assert g.result["winners"] == [1, 3] and g.winner == 1
    # "`end_game()` gives the win to the side whose best `score` is highest"
    g = game_of(tmp_path, points("end_game()", "teams me.index % 2").replace("[0, 0, 0, 0]", "[1, 2, 6, 3]"),
                4, engine)
    assert g.result["winners"] == [0, 2] and g.winner is None


@pytest.mark.parametrize("engine", ENGINES)
def test_a_cooperative_game_is_won_or_lost_by_all(tmp_path, engine):
    # "`win(p)` (any seat) is a win for the whole team, `end_game()` is a loss"
    g = game_of(tmp_path, points("win(player(0))", "cooperative"), 3, engine)
    assert g.result["winners"] == [0, 1, 2] and g.result["won"] is True
    g = game_of(tmp_path, points("end_game()", "cooperative").replace("[0, 0, 0, 0]", "[9, 9, 9, 9]"), 3, engine)
    assert g.result["winners"] == [] and g.result["won"] is False and g.result["scores"] == [9, 9, 9]


@pytest.mark.parametrize("engine", ENGINES)
def test_the_rules_own_limit_is_said_in_the_result(tmp_path, engine):
    g = game_of(tmp_path, points("end_game(limit: true)"), 2, engine)
    assert g.result["ended"] == "limit" and g.over


@pytest.mark.parametrize("engine", ENGINES)
def test_team_functions(tmp_path, engine):
    # "Expressions read `team_of(p)` (the side), `teammates(p)` (the others of that side) and
    # `winning_players()` (empty until the game is over)"
    body = points('log "{team_of(player(2)) == team_of(me)}|{team_of(player(1))}|{teammates(me)}|{size(winning_players())}"'
                  '  win(player(3))', "teams me.index % 2")
    g = game_of(tmp_path, body, 4, engine)
    said = g.messages()
    assert said == ["yes|1|Player 3|0"]
    assert g.result["winners"] == [1, 3]
    assert g.view(0)["result"]["winners"] == [1, 3]


def test_a_cooperative_game_takes_no_teams(tmp_path):
    d = diags_of(tmp_path, points("end_game()", "cooperative\n  teams me.index % 2"))
    assert [x.code for x in d] == ["E404"] and "one side" in d[0].message


def test_a_seat_visibility_on_a_global_zone_or_an_unknown_word_is_an_E404(tmp_path):
    d = diags_of(tmp_path, 'zone pool { visible: others }\n' + points("end_game()"))
    assert [x.code for x in d] == ["E404"] and "per player" in d[0].message
    d = diags_of(tmp_path, 'zone pool per player { visible: owner, leftt }\n' + points("end_game()"))
    assert [x.code for x in d] == ["E404"] and "`leftt`" in d[0].message and "left" in (d[0].hint or "")


@pytest.mark.parametrize("engine", ENGINES)
def test_reveal_to_a_set_of_seats(tmp_path, engine):
    # docs/LANGUAGE.md: "`reveal(card, to: teammates(me))` shows it to each of them"
    body = '''
kind card { }
card gem "Gem" { start: deck }
zone deck "Deck" { hidden }
game {
  players 4
  teams me.index % 2
  play { start_turn(player(0)) reveal(first(pieces(deck)), to: [me] + teammates(me)) end_game() }
}
'''
    g = game_of(tmp_path, body, 4, engine)
    knows = [bool(g.view(s, zones=True)["zones"][0].get("known")) for s in range(4)]
    assert knows == [True, False, True, False]
    shown = [e["args"]["to"] for e in g.state.log.entries() if e.get("event") == "revealed"]
    assert shown == [{"player": 0}, {"player": 2}]


@pytest.mark.parametrize("engine", ENGINES)
def test_elimination_ranks_who_went_out_later_higher(tmp_path, engine):
    # docs/LANGUAGE.md, Elimination: "the `score` ranks them (out later ranks higher)"
    body = '''
counter out per player = 0
die d6 { faces 1, 2, 3, 4, 5, 6 }
game {
  players 2..6
  play {
    while true {
      start_round()
      for p in [each q in players() where q.out == 0] {
        start_turn(p)
        let f = roll(d6)
        if f[0] == 1 { set p.out = round_number() }
        let left = [each q in players() where q.out == 0]
        if size(left) == 1 { win(first(left)) }
      }
    }
  }
  score if me.out == 0 then 1000 else me.out
}
'''
    rules = Rules.from_ir(checked_ir(tmp_path, body), engine=engine)
    for seed in range(1, 6):
        g = Game.new(rules, players=4, seed=seed)
        assert g.over
        r = g.result
        out = r["scores"]
        assert r["winners"] == [g.winner] and r["places"][g.winner] == 1
        for a in range(4):
            for b in range(4):
                if a != g.winner and b != g.winner and out[a] > out[b]:
                    assert r["places"][a] < r["places"][b]
                if a != g.winner and b != g.winner and out[a] == out[b]:
                    assert r["places"][a] == r["places"][b]      # out in the same round: a tie


@pytest.mark.parametrize("engine", ENGINES)
def test_a_panel_names_the_cards_a_seat_was_shown(tmp_path, engine):
    # issue 26: "the panel says "5 hidden" to a seat that knows all five" (a hidden hand revealed
    # card by card to the other seats); with `visible: others` the hand is simply seen
    body = '''
kind card { }
card gem "Gem" { copies: 2 start: deck }
card rock "Rock" { copies: 1 start: deck }
zone deck "Deck" { hidden }
zone hand "Hand" per player { visible: owner }
zone held "Held" per player { visible: others }
game {
  players 2
  setup { for c in pieces(deck) { move(c, player(0).hand) } }
  play { start_turn(player(0))
    let two = [each c in pieces(player(0).hand) where c.entity == gem]
    for c in two { reveal(c, to: player(1)) }
    may "Show the last one?" { reveal(first([each c in pieces(player(0).hand) where c.entity == rock]), to: player(1)) }
    for c in pieces(player(0).hand) { move(c, player(0).held) }
    end_game() }
}
display { panel { zone hand "Hand"  zone held "Held" } }
'''
    rules = Rules.from_ir(checked_ir(tmp_path, body), engine=engine)
    g = Game.new(rules, players=2, seed=1)

    def seen_by_1(label: str) -> str:
        panel = g.view(1)["display"]["panels"][0]
        return next(it["text"] for it in panel["items"] if it["label"] == label)

    assert seen_by_1("Hand") == "Gem, Gem, 1 hidden"
    g.apply(next(a for a in g.legal_actions() if a["label"] == "yes"))
    assert g.over
    assert seen_by_1("Held") == "Gem, Gem, Rock"       # visible: others: every card, never "3 hidden"
    assert next(it["text"] for it in g.view(0)["display"]["panels"][0]["items"] if it["label"] == "Held") \
        == "3 hidden"
