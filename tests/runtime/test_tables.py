"""The primitive and function tables are implemented exactly, name for name."""

import inspect

from waybill.runtime.engine import functions, primitives
from waybill.spec.signatures import FUNCTIONS, PRIMITIVES


def _check(impls: dict, table: dict) -> None:
    assert set(impls) == set(table), (set(table) - set(impls), set(impls) - set(table))
    for name, sig in table.items():
        params = list(inspect.signature(impls[name]).parameters.values())[2:]   # after (m, loc)
        assert [p.name for p in params] == [p.name for p in sig.params], name
        for p, sp in zip(params, sig.params):
            if sp.required:
                assert p.default is inspect.Parameter.empty, (name, p.name)
            else:
                assert p.default == sp.default, (name, p.name)


def test_every_primitive_is_implemented_and_nothing_else():
    _check(primitives.IMPLS, PRIMITIVES)


def test_every_function_is_implemented_and_nothing_else():
    _check(functions.IMPLS, FUNCTIONS)
