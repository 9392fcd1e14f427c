"""Every built-in function, and the expression operators."""

import pytest

from waybill import RuleError

from .ir import attr, bin, call, counter, entity, game_of, index, outs, prim, probe, quantity, ref, text, var, zone

BOARD = dict(
    spaces=[{"id": "a", "name": "A", "tags": ["town"], "adjacent": ["b"]},
            {"id": "b", "name": "B", "tags": [], "adjacent": ["a", "c"]},
            {"id": "c", "name": "C", "tags": ["town"], "adjacent": ["b"]},
            {"id": "z", "name": "Z", "tags": [], "adjacent": []}],
    regions=[{"id": "west", "name": "West", "spaces": ["a", "b"], "tags": ["land"]},
             {"id": "east", "name": "East", "spaces": ["c"], "tags": []}],
    zones=[zone("deck", ordered=True), zone("hand", scope="player")],
    entities=[entity("pawn", start={"zone": "a", "each_player": True}, tags=["mover"]),
              entity("c", copies=3, start="deck", fields={"cost": 2})],
    tables=[{"id": "t", "rows": [{"lo": 1, "hi": 3, "value": "low", "effect": None},
                                 {"lo": 4, "hi": 6, "value": "high", "effect": None}]}],
)


def run(*exprs, players=3, **over):
    ir = {**BOARD, **over}
    return outs(game_of([prim("start_turn", call("player", 1))] + [probe(e) for e in exprs],
                        players=players, **ir))


def test_collections_and_zones():
    deck = ref("zone", "deck")
    assert run(call("size", deck), call("size", [1, 2]), call("pieces", deck), call("top", deck),
               call("zone_of", call("top", deck)), call("space_of", call("top", deck)),
               call("first", [4, 5]), call("last", [4, 5]), call("first", []),
               call("contains", [1, 2], 2), call("contains", deck, call("first", call("pieces_of", ref("entity", "pawn"))))) == [
        3, 2, [{"piece": 3}, {"piece": 4}, {"piece": 5}], {"piece": 3},
        {"zone": "deck", "of": None}, None, 4, 5, None, True, False]


def test_board_functions():
    assert run(call("adjacent", "b"), call("spaces"), call("spaces", "town"), call("region_of", "b"),
               call("region_of", "c", "land"), call("spaces_in", "west"), call("regions", "land"),
               call("distance", "a", "c"), call("distance", "a", "z"),
               call("space_of", call("first", call("pieces_of", ref("entity", "pawn"))))) == [
        ["a", "c"], ["a", "b", "c", "z"], ["a", "c"], "west", None, ["a", "b"], ["west"], 2, -1, "a"]


def test_distance_asked_again_and_from_every_side():
    # "Fewest steps between two spaces (-1 if unreachable)": the distances
    # from a space are kept once found, so asking again, from the other end,
    # or about a space no link reaches must still give the same answers
    assert run(call("distance", "a", "c"), call("distance", "a", "c"), call("distance", "c", "a"),
               call("distance", "b", "b"), call("distance", "z", "a"), call("distance", "a", "b")) == [
        2, 2, 2, 0, -1, 1]


def test_tags_entities_lookup_and_math():
    pawn = call("first", call("pieces_of", ref("entity", "pawn")))
    assert run(call("has_tag", pawn, "mover"), call("has_tag", "a", "town"), call("has_tag", "west", "x"),
               call("entities", "card"), call("lookup", "t", 5), call("abs", -3), call("lowest", 2, 7),
               call("highest", 2, 7), call("text_of", pawn)) == [
        True, True, False, [{"entity": "pawn"}, {"entity": "c"}], "high", 3, 2, 7,
        {"text": "engine-name", "of": {"entity": "pawn"}}]     # a name is data (said in words by a view)


def test_player_functions():
    p1 = call("player", 1)
    assert run(call("players"), call("turn_order", p1), call("opponents", p1), call("next_player", call("player", 2)),
               call("current_player"), call("round_number"), call("uses", "x", p1, "game"),
               attr(p1, "name"), attr(p1, "index"), attr(p1, "hand")) == [
        [{"player": 0}, {"player": 1}, {"player": 2}], [{"player": 1}, {"player": 2}, {"player": 0}],
        [{"player": 2}, {"player": 0}], {"player": 0}, {"player": 1}, 0, 0, {"text": "engine-name", "of": {"player": 1}}, 1,
        {"zone": "hand", "of": 1}]


def test_operators_attrs_and_aggregates():
    deck = ref("zone", "deck")
    agg = lambda fn, value=None, where=None: {"op": "agg", "fn": fn, "var": "x", "in": [1, 2, 3, 4],
                                              "where": where, "value": value}
    assert run(bin("/", 7, 2), bin("%", 7, 3), bin("in", 2, [1, 2]), bin("and", True, 0),
               {"op": "not", "x": False}, {"op": "neg", "x": 3}, {"op": "range", "lo": 1, "hi": 3},
               {"op": "cond", "if": False, "then": 1, "else": 2}, index([5, 6], 1), index([5], 9),
               agg("count", where=bin(">", var("x"), 2)), agg("sum", value=bin("*", var("x"), 2)),
               agg("min"), agg("max"), agg("all", where=bin(">", var("x"), 0)), agg("any", where=bin(">", var("x"), 3)),
               attr(call("top", deck), "cost"), attr(call("top", deck), "name"), attr(deck, "count"),
               attr(ref("entity", "c"), "cost"), attr("a", "tags"), text("n=", 3, " ", call("player", 0))) == [
        3, 1, True, False, True, -3, [1, 2, 3], 2, 6, None, 2, 20, 1, 4, True, True,
        2, {"text": "engine-name", "of": {"entity": "c"}}, 3, 2, ["town"],
        {"text": "setup-str1", "arg1": 3, "arg2": {"player": 0}}]


def test_text_the_rules_build_is_data_said_in_english_by_the_engine():
    """Text is kept as a message and its values; the engine's English copy
    (a log line's words, an option's label) says it from the English message."""
    from waybill.runtime.engine.access import text_of
    pawn = call("first", call("pieces_of", ref("entity", "pawn")))
    ir = {**BOARD}
    g = game_of([prim("start_turn", call("player", 1))] + [probe(e) for e in (
        text("n=", 3, " ", call("player", 0)), call("text_of", pawn), attr(call("player", 1), "name"),
        bin("+", "at ", call("text_of", "a")), bin("+", bin("+", call("text_of", pawn), " in "), attr("a", "name")),
        bin("+", call("text_of", pawn), call("text_of", 3)), bin("+", "x", "y"))], players=3, **ir)
    got = outs(g)
    assert [text_of(g.m, v) for v in got] == ["n=3 Player 1", "Pawn", "Player 2", "at A", "Pawn in A", "Pawn3", "xy"]
    assert got[3] == {"text": "setup-str2", "arg1": "a"}        # text_of(x) in `+` keeps x: a space by its id
    assert got[5] == {"text": "engine-join", "parts": [{"text": "engine-name", "of": {"entity": "pawn"}},
                                                       {"text": "engine-name", "of": 3}]}
    assert got[6] == "xy"       # strings alone are joined as strings (keys, compared as written)
    # names of zones and spaces: a seat's zone by its own name, as before
    names = game_of([prim("start_turn", call("player", 1))] + [probe(e) for e in (
        attr(ref("zone", "deck"), "name"), attr(attr(call("player", 0), "hand"), "name"), attr("a", "name"))],
        players=3, **ir)
    assert [text_of(names.m, v) for v in outs(names)] == ["Deck", "Hand", "A"]
    # two texts built alike are equal, as their words were
    again = game_of([prim("start_turn", call("player", 1))] + [probe(bin("+", "at ", call("text_of", "a")))] * 2,
                    players=3, **ir)
    assert outs(again)[0] == outs(again)[1]


def test_division_by_zero_and_unknown_names_are_rule_errors():
    with pytest.raises(RuleError, match="division by zero"):
        run(bin("/", 1, 0))
    with pytest.raises(RuleError, match="unknown name 'nope'"):
        run(var("nope"))
    with pytest.raises(RuleError, match="test.wb:3:4"):
        game_of([{"do": "let", "name": "x", "value": bin("+", 1, "a"), "at": [0, 3, 4]}])
    with pytest.raises(RuleError, match="`\\+` joins texts, not 3"):     # `"Pile " + 3`: text_of(3) says it
        game_of([{"do": "let", "name": "x", "value": bin("+", "Pile ", 3), "at": [0, 3, 4]}])


def test_not_in_is_the_negation_of_in():
    assert run(bin("not in", 3, [1, 2]), bin("not in", 2, [1, 2]), bin("not in", 1, [])) == [True, False, True]


def test_any_and_all_stop_at_the_first_deciding_item():
    # 12 / x fails at x = 0; `any` and `all` must have decided before reaching it
    over = lambda fn, cond: {"op": "agg", "fn": fn, "var": "x", "in": [3, 0], "where": None,
                             "value": bin(cond, bin("/", 12, var("x")), 3)}
    assert run(over("any", ">"), over("all", "<")) == [True, False]
    with pytest.raises(RuleError, match="division by zero"):
        run(over("any", "<"))


def test_a_list_of_each_keeps_the_order_and_maps_values():
    each = lambda where=None, value=None: {"op": "agg", "fn": "list", "var": "x", "in": [4, 1, 3, 2],
                                           "where": where, "value": value}
    assert run(each(), each(where=bin(">", var("x"), 2)), each(value=bin("*", var("x"), 10)),
               each(where=bin(">", var("x"), 9))) == [[4, 1, 3, 2], [4, 3], [40, 10, 30, 20], []]
