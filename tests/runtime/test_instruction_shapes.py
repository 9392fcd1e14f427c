"""An instruction's arguments are named once, by its factory's parameters
(issue 28, item 4: "instruction argument shapes are named once and shared by
`codegen.py` and the generator"): the builder keeps them as that shape, and
the compiled engine's generator reads them by those names."""

from __future__ import annotations

import inspect

from tests.wbkit import compiled_pack
from waybill import Rules
from waybill.runtime.engine import instructions as I
from waybill.runtime.engine.codegen import shape


def _built(pack: str) -> Rules:
    """Rules compiled as ``from_ir`` does for the compiled engine, the builders kept."""
    rules = Rules(compiled_pack(pack).ir)
    rules._index()
    rules.builders = {}
    rules._compile()
    return rules


def test_a_shape_is_its_factorys_parameters_with_their_defaults():
    req = shape(I.require)
    assert req._fields == ("cond", "message", "msg")
    assert req("c", "not yet").msg is None          # (`require`'s message id may be left out)
    assert shape(I.require) is req                   # made once
    assert shape(I.for_next)._fields == ("k", "var", "where", "end")


def test_every_instruction_a_pack_builds_keeps_its_arguments_by_name():
    seen = set()
    for pack in ("weds", "badlands", "warfare"):
        rules = _built(pack)
        for code_id, b in rules.builders.items():
            for factory, at, args, decision in b.items:
                assert type(args) is shape(factory), (code_id, factory.__name__)
                assert args._fields == tuple(inspect.signature(factory).parameters)
                seen.add(factory.__name__)
    # the instructions the generator writes inline or reads are among them
    assert {"prim", "call", "let", "jump", "jump_if_not", "for_init", "for_next", "ret", "require"} <= seen


def test_the_compiled_engine_reads_the_same_instructions():
    """The generator (which reads ``args.<name>``) compiles every shipped pack."""
    for pack in ("weds", "badlands", "warfare"):
        rules = Rules.from_ir(compiled_pack(pack).ir, engine="compiled")
        assert rules.fast is not None and rules.fast_sources
