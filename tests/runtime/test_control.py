"""Control flow, procedures and the bounds that name the guilty source."""

import pytest

from waybill import RuleError

from .ir import bin, call, counter, for_, game_of, if_, let, log, outs, prim, probe, ref, set_, text, var, while_

BRK = {"do": "break"}


def test_if_let_set_for_repeat_while_break():
    g = game_of([
        let("x", 1),
        set_(var("x"), bin("+", var("x"), 1)),
        if_(bin("==", var("x"), 2), [probe("then")], [probe("else")]),
        if_(False, [probe("no")]),
        for_("i", [1, 2, 3, 4], [probe(var("i"))], where=bin("!=", var("i"), 2)),
        {"do": "repeat", "count": 2, "body": [probe("r")]},
        let("n", 0),
        while_(True, [set_(var("n"), bin("+", var("n"), 1)), if_(bin(">=", var("n"), 3), [BRK])]),
        probe(var("n")),
        for_("i", [1, 2, 3], [if_(bin("==", var("i"), 2), [BRK]), probe(var("i"))]),
    ])
    assert outs(g) == ["then", 1, 3, 4, "r", "r", 3, 1]


def test_procedures_return_values_and_recursion():
    fact = {"id": "fact", "params": [{"name": "n", "type": "int"}], "body": [
        if_(bin("<=", var("n"), 1), [{"do": "return", "value": 1}]),
        {"do": "call", "proc": "fact", "args": [bin("-", var("n"), 1)], "into": "r"},
        {"do": "return", "value": bin("*", var("n"), var("r"))},
    ]}
    g = game_of([{"do": "call", "proc": "fact", "args": [5], "into": "v"}, probe(var("v"))],
                procedures=[fact])
    assert outs(g) == [120]


def test_log_and_require():
    g = game_of([
        log("hello ", call("player", 0)),
        {"do": "call", "proc": "p", "args": [], "into": None},
        probe("after"),
    ], procedures=[{"id": "p", "params": [], "body": [
        {"do": "require", "expr": False, "message": "not now"}, probe("unreached")]}])
    assert g.messages() == ["hello Player 1"]
    assert outs(g) == ["after"]
    assert [e["message"] for e in g.log if e["type"] == "stopped"] == ["not now"]


def test_table_runs_the_row_effect():
    g = game_of([{"do": "table", "table": "t", "value": 5}, {"do": "table", "table": "t", "value": 1}],
                tables=[{"id": "t", "rows": [
                    {"lo": 1, "hi": 3, "value": "low", "effect": None},
                    {"lo": 4, "hi": 6, "value": "high", "effect": [probe(text("got ", var("value")))]}]}])
    # the text is kept as its message and values; the engine's English says "got 5"
    from waybill.runtime.engine.access import text_of
    assert outs(g) == [{"text": "table-t-row2-str1", "value": 5}] and text_of(g.m, outs(g)[0]) == "got 5"


def test_endless_loop_is_stopped_and_named():
    with pytest.raises(RuleError) as err:
        game_of([{"do": "call", "proc": "spin", "args": [], "into": None}],
                procedures=[{"id": "spin", "params": [], "body": [while_(True, [], at=[0, 7, 3])]}])
    assert "test.wb:7:3" in str(err.value) and "procedure spin" in str(err.value)
    assert "100000" in str(err.value)


def test_runaway_recursion_is_stopped_and_named():
    with pytest.raises(RuleError) as err:
        game_of([{"do": "call", "proc": "deep", "args": [], "into": None}],
                procedures=[{"id": "deep", "params": [], "body": [
                    {"do": "call", "proc": "deep", "args": [], "into": None, "at": [0, 9, 5]}]}])
    assert "test.wb:9:5" in str(err.value) and "procedure deep" in str(err.value)
    assert "200" in str(err.value)


def test_counter_below_minimum_is_an_error_with_location():
    with pytest.raises(RuleError, match=r"test.wb:4:2: counter 'gold' would go below 0"):
        game_of([prim("start_turn", call("player", 0)),
                 {"do": "set", "target": {"op": "attr", "of": var("me"), "name": "gold"}, "value": -1,
                  "at": [0, 4, 2]}], counters=[counter("gold", resource=True)])
