"""Views keep secrets: per-game handles, events naming hidden pieces, private
reveals, the viewer argument, and data the caller owns."""

from __future__ import annotations

import copy
import json
import textwrap

import pytest

from waybill import load_pack
from waybill import Game, IllegalAction, RuleError, WaybillError

PACK = """
pack secrets
resource points { start: 0 }
kind card { value: int }
die d6 { faces 1, 2, 3, 4, 5, 6 }
event taken(who: player, card: piece)
zone deck "Deck" { ordered hidden }
zone hand "Hand" per player { visible: owner }
zone table "Table"

card ace "Ace" { value: 3 copies: 2 start: deck }
card two "Two" { value: 2 copies: 3 start: deck }
card one "One" { value: 1 copies: 3 start: table }

action take "Take the top card" {
  tags: turn
  let c = top(deck)
  move(c, me.hand)
  emit taken(me, c)
}
action peek "Peek at the next hand" {
  tags: turn
  let c = choose "Which?" from pieces(next_player(me).hand)
  reveal(c, to: me)
}
action peek_deck "Peek at the deck" {
  tags: turn
  reveal(top(deck), to: me)
}
action show "Show a card" {
  tags: turn
  let c = choose "Which?" from pieces(me.hand)
  reveal(c)
}
action play "Play a card" {
  tags: turn
  let c = choose "Which?" from pieces(me.hand)
  move(c, table)
}
action bury "Bury a card" {
  tags: turn
  let c = choose "Which?" from pieces(me.hand)
  move(c, deck, "bottom")
}
action throw "Roll" {
  tags: turn
  roll(d6, 2)
}
action mix "Shuffle" {
  tags: turn
  shuffle(deck)
}
action pick_up "Pick up from the table" {
  tags: turn
  let c = choose "Which?" from pieces(table)
  move(c, me.hand)
}

game {
  players 2..3
  setup { shuffle(deck) }
  play {
    while true {
      for p in players() {
        start_turn(p)
        act by p tagged turn
      }
    }
  }
}
"""


@pytest.fixture(scope="module")
def rules(tmp_path_factory):
    folder = tmp_path_factory.mktemp("secrets")
    (folder / "pack.wb").write_text(textwrap.dedent(PACK), encoding="utf-8")
    return load_pack(str(folder))


def do(g: Game, label: str, option: str | None = None) -> None:
    g.apply(next(a for a in g.legal_actions() if a["label"] == label))
    if option is not None:
        g.apply(next(a for a in g.legal_actions() if a["label"] == option))


def take_then(g: Game, label: str) -> None:
    """Player 0 takes a card, player 1 shuffles, player 0 does ``label`` with the first card offered."""
    do(g, "Take the top card")
    do(g, "Shuffle")
    do(g, label)
    g.apply(g.legal_actions()[0])


def zone(v: dict, zid: str, of=None) -> dict:
    # an empty zone is not listed
    return next((z for z in v["zones"] if z["zone"] == zid and z["of"] == of), {"zone": zid, "of": of, "count": 0})


def events(v: dict, name: str) -> list[dict]:
    return [e["args"] for e in v["log"] if e.get("type") == "event" and e.get("event") == name]


# --- handles -----------------------------------------------------------------

def test_the_same_card_gets_other_handles_in_other_games_and_keeps_its_handle_in_one(rules):
    deck = [Game.new(rules, 2, seed=s).state.handles for s in range(8)]
    assert len({tuple(h) for h in deck}) == 8
    assert len({h[0] for h in deck}) > 1          # piece 0 is not always shown as the same number
    assert all(sorted(h) == list(range(len(h))) for h in deck)

    g = Game.new(rules, 2, seed=3)
    before = list(g.state.handles)
    do(g, "Take the top card")
    do(g, "Pick up from the table", "One")
    assert g.state.handles == before
    again = Game.from_json(rules, json.loads(json.dumps(g.to_json())))
    assert again.view(0, log=True, zones=True) == g.view(0, log=True, zones=True) and again.view(1, log=True, zones=True) == g.view(1, log=True, zones=True)


def test_handles_come_from_their_own_stream_not_the_game_s(rules):
    from waybill.runtime.engine.handles import handles_for
    g = Game.new(rules, 2, seed=5)
    assert g.state.handles == handles_for(5, len(g.state.handles))
    assert g.state.rng == Game.new(rules, 2, seed=5).state.rng   # nothing drawn from the game's stream


def test_options_show_the_handles_of_the_seat_s_view(rules):
    g = Game.new(rules, 2, seed=1)
    do(g, "Take the top card")
    do(g, "Take the top card")
    do(g, "Play a card")                       # player 0 picks from its own hand
    shown = {p["piece"] for p in zone(g.view(0, log=True, zones=True), "hand", 0)["pieces"]}
    offered = [a["value"]["piece"] for a in g.legal_actions()]
    assert set(offered) == shown
    raw = g.state.pending["options"][0]["value"]["piece"]
    if g.state.handles[raw] != raw:            # an internal index is not an answer
        bad = {**g.legal_actions()[0], "value": {"piece": raw}}
        with pytest.raises(IllegalAction):
            g.apply(bad)
    g.apply(g.legal_actions()[0])
    assert g.actions()[-1]["value"] == {"piece": offered[0]}   # what the seat answered, for replay
    again = Game.replay(rules, 1, g.actions(), players=2)
    assert again.to_json() == g.to_json()


# --- events that name hidden pieces -------------------------------------------

def test_an_event_names_a_hidden_card_only_to_who_can_see_it(rules):
    g = Game.new(rules, 2, seed=2)
    do(g, "Take the top card")
    card = g.state.zones[g.m.L.zslot[("hand", 0)]][0]
    mine, theirs, spectator = g.view(0, log=True, zones=True), g.view(1, log=True, zones=True), g.view(None, log=True, zones=True)
    assert events(mine, "taken")[0]["card"] == {"piece": g.state.handles[card]}
    assert events(theirs, "taken")[0]["card"] == {"hidden": True}
    assert events(spectator, "taken")[0]["card"] == {"hidden": True}
    assert events(theirs, "moved")[-1]["piece"] == {"hidden": True}
    assert "pieces" not in zone(theirs, "hand", 0)


def test_a_log_entry_is_filtered_by_where_the_piece_was_when_it_was_written(rules):
    g = Game.new(rules, 2, seed=2)
    take_then(g, "Play a card")                # the card goes face up to the table
    theirs = g.view(1, log=True, zones=True)
    assert events(theirs, "taken")[0]["card"] == {"hidden": True}   # it was hidden when taken
    assert events(theirs, "moved")[-1]["piece"]["piece"] in {p["piece"] for p in zone(theirs, "table")["pieces"]}


def test_other_players_answers_to_picks_say_only_that_they_picked(rules):
    g = Game.new(rules, 2, seed=2)
    take_then(g, "Play a card")
    entry = [e for e in g.view(1, log=True, zones=True)["log"] if e.get("type") == "action"][-1]
    assert entry == {"type": "action", "player": 0, "decision": entry["decision"], "kind": "pick",
                     "label": "made a hidden pick", "secret": True}


# --- reveal ------------------------------------------------------------------

def test_a_private_reveal_shows_a_card_to_one_seat_until_it_moves(rules):
    g = Game.new(rules, 2, seed=4)
    do(g, "Take the top card")                 # player 0 holds a card
    do(g, "Take the top card")                 # player 1 too
    do(g, "Peek at the next hand")             # player 0 peeks at player 1's hand
    offered = g.legal_actions()
    assert [a["label"] for a in offered] == ["hidden"] and offered[0]["value"] == {"hidden": True}
    g.apply(offered[0])
    card = g.state.zones[g.m.L.zslot[("hand", 1)]][0]
    h = g.state.handles[card]
    v0, v1, spectator = g.view(0, log=True, zones=True), g.view(1, log=True, zones=True), g.view(None, log=True, zones=True)
    assert zone(v0, "hand", 1)["known"] == [{"piece": h, "entity": g.state.p_ent[card]}]
    assert "pieces" not in zone(v0, "hand", 1)
    assert "known" not in zone(spectator, "hand", 1)
    assert events(v0, "revealed")[-1] == {"piece": {"piece": h}, "to": {"player": 0}}
    assert events(v1, "revealed")[-1] == {"piece": {"piece": h}, "to": {"player": 0}}   # its holder sees it
    assert events(spectator, "revealed")[-1] == {"piece": {"hidden": True}, "to": {"player": 0}}

    do(g, "Bury a card")                       # player 1 puts it under the deck: the knowledge ends
    g.apply(g.legal_actions()[0])
    assert "known" not in zone(g.view(0, log=True, zones=True), "deck") and "known" not in zone(g.view(0, log=True, zones=True), "hand", 1)
    assert str(h) not in json.dumps(events(g.view(0, log=True, zones=True), "moved")[-1])


def test_a_log_tail_is_the_tail_of_the_whole_log_as_the_seat_saw_it(rules):
    # a tail (log_from) is filtered alone: a reveal before it, and a move of
    # a known card inside it, must read as they do in the whole log
    g = Game.new(rules, 2, seed=4)
    do(g, "Take the top card")
    do(g, "Take the top card")
    do(g, "Peek at the next hand")             # player 0 is shown player 1's card...
    g.apply(g.legal_actions()[0])
    card = g.state.zones[g.m.L.zslot[("hand", 1)]][0]
    do(g, "Roll")
    do(g, "Peek at the next hand")             # ... and names it in an answer, later
    g.apply(next(a for a in g.legal_actions() if a["value"] == {"piece": g.state.handles[card]}))
    do(g, "Bury a card")                       # player 1 buries it: the knowledge ends
    g.apply(g.legal_actions()[0])
    do(g, "Peek at the deck")
    n = len(g.log)
    for seat in (0, 1, None):
        whole = g.view(seat, log=True)["log"]
        assert any(e.get("event") == "revealed" for e in whole)
        for start in range(n + 1):
            assert g.view(seat, log_from=start)["log"] == whole[start:], (seat, start)


def test_a_card_seen_on_a_hidden_deck_stays_known_through_a_shuffle_without_its_place(rules):
    g = Game.new(rules, 2, seed=6)
    do(g, "Peek at the deck")
    card = g.state.zones[g.m.L.zslot[("deck", None)]][0]
    known = zone(g.view(0, log=True, zones=True), "deck")["known"]
    assert known == [{"piece": g.state.handles[card], "entity": g.state.p_ent[card]}]
    do(g, "Shuffle")
    assert zone(g.view(0, log=True, zones=True), "deck")["known"] == known
    assert "known" not in zone(g.view(1, log=True, zones=True), "deck")
    saved = Game.from_json(rules, json.loads(json.dumps(g.to_json())))
    assert zone(saved.view(0, log=True, zones=True), "deck")["known"] == known
    do(g, "Take the top card")                 # whoever takes a card: if it was this one, it moved
    if g.state.p_zone[card] != g.m.L.zslot[("deck", None)]:
        assert "known" not in zone(g.view(0, log=True, zones=True), "deck")


def test_a_public_reveal_names_the_card_to_everyone(rules):
    g = Game.new(rules, 2, seed=4)
    take_then(g, "Show a card")
    card = g.state.zones[g.m.L.zslot[("hand", 0)]][0]
    for seat in (0, 1, None):
        assert events(g.view(seat, log=True, zones=True), "revealed")[-1] == {"piece": {"piece": g.state.handles[card]}}
    raw = [e["args"] for e in g.log if e.get("event") == "revealed"]
    assert raw[-1] == {"piece": {"piece": card}}    # the kernel's log keeps its own numbers


def test_a_public_reveal_turns_the_card_face_up_where_it_lies_until_it_moves(rules):
    # "reveal(piece) shows a piece to every player": a card shown from a hand
    # stays known to the whole table (and to spectators) while it stays there.
    g = Game.new(rules, 2, seed=4)
    take_then(g, "Show a card")
    card = g.state.zones[g.m.L.zslot[("hand", 0)]][0]
    h = g.state.handles[card]
    for seat in (1, None):
        assert zone(g.view(seat, zones=True), "hand", 0)["known"] == [{"piece": h, "entity": g.state.p_ent[card]}]
    saved = Game.from_json(rules, json.loads(json.dumps(g.to_json())))
    assert zone(saved.view(1, zones=True), "hand", 0)["known"] == [{"piece": h, "entity": g.state.p_ent[card]}]
    do(g, "Shuffle")                           # player 1's turn
    do(g, "Bury a card")                       # player 0 puts it under the deck: now nobody knows it
    g.apply(g.legal_actions()[0])
    for seat in (1, None):
        v = g.view(seat, log=True, zones=True)
        assert "known" not in zone(v, "deck") and str(h) not in json.dumps(events(v, "moved")[-1])


def test_reveal_to_a_player_that_is_not_one_is_a_rule_error(tmp_path):
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "pack.wb").write_text(textwrap.dedent("""
        pack bad
        kind card { }
        zone deck { hidden }
        card c "C" { start: deck }
        game { players 2..2 setup { reveal(top(deck), to: player(0)) reveal(top(deck), to: 5) } play { end_game() } }
    """), encoding="utf-8")
    with pytest.raises(RuleError, match="no player 5"):
        Game.new(load_pack(str(folder)), 2, seed=1)


# --- the viewer and what the caller owns -----------------------------------------

@pytest.mark.parametrize("who", [-1, 2, 99, "0", True, False, 1.0, [0], {"player": 0}])
def test_a_view_is_for_a_seat_or_a_spectator_only(rules, who):
    g = Game.new(rules, 2, seed=1)
    with pytest.raises(WaybillError):
        g.view(who, log=True, zones=True)


def test_seats_and_the_spectator_are_viewers(rules):
    g = Game.new(rules, 2, seed=1)
    assert [g.view(s, log=True, zones=True)["viewer"] for s in (0, 1, None)] == [0, 1, None]


def test_editing_a_view_or_the_options_changes_nothing_in_the_game(rules):
    g = Game.new(rules, 2, seed=2)
    do(g, "Take the top card")
    do(g, "Roll")                              # an event holding a list
    do(g, "Play a card")
    before = copy.deepcopy(g.to_json())

    def scribble(v):
        if isinstance(v, dict):
            for k in list(v):
                if isinstance(v[k], (dict, list)):
                    scribble(v[k])
                else:
                    v[k] = "x"
            v["extra"] = 1
        elif isinstance(v, list):
            for x in v:
                scribble(x)
            v.append("x")
    for seat in (0, 1, None):
        scribble(g.view(seat, log=True, zones=True))
    scribble(g.legal_actions())
    scribble(g.actions())
    assert g.to_json() == before


# --- saves ---------------------------------------------------------------------

@pytest.mark.parametrize("field,value,message", [
    ("handles", None, "handles"),
    ("handles", "0123", "handles"),
    ("handles", [0, 0, 1, 2, 3, 4, 5, 6], "handles"),
    ("handles", [0, 1, 2, 3, 4, 5, 6], "handles"),
    ("handles", [0, 1, 2, 3, 4, 5, 6, 8], "handles"),
    ("handles", [True, 1, 2, 3, 4, 5, 6, 7], "handles"),
    ("known", None, "known"),
    ("known", [[0, 1, 0]], "known"),
    ("known", [[2, 1, 0, 0]], "known"),
    ("known", [[0, 99, 0, 0]], "known"),
    ("known", [[0, 1, 99, 0]], "known"),
    ("known", [[0, 1, 0, -1]], "known"),
    ("known", [[0, 1, 0, "0"]], "known"),
])
def test_a_save_with_damaged_secrets_is_refused(rules, field, value, message):
    data = Game.new(rules, 2, seed=1).to_json()
    data[field] = value
    with pytest.raises(WaybillError, match=message):
        Game.from_json(rules, data)


def test_an_old_save_without_handles_is_refused_by_name(rules):
    data = Game.new(rules, 2, seed=1).to_json()
    del data["handles"], data["known"]
    with pytest.raises(WaybillError, match="handles, known"):
        Game.from_json(rules, data)


def test_a_save_whose_options_name_no_piece_is_refused_and_the_filter_still_copes(rules):
    g = Game.new(rules, 2, seed=2)
    do(g, "Take the top card")
    do(g, "Shuffle")
    do(g, "Play a card")
    damaged = [{"label": "x", "value": {"piece": 10**6}, "index": 0},
               {"label": "y", "value": {"piece": -1}, "index": 1}]
    data = g.to_json()
    data["pending"] = {**data["pending"], "options": damaged}
    with pytest.raises(WaybillError, match="pending.options"):
        Game.from_json(rules, data)
    # the filter itself never trusts a piece number: damage the live state
    g.state.pending = {**g.state.pending, "options": damaged}
    assert [a["value"] for a in g.legal_actions()] == [{"hidden": True}] * 2
    assert g.view(0)["pending"]["options"][0]["label"] == "hidden"
