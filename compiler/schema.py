"""The IR's JSON Schema (draft 2020-12), derived from the primitive table.

`build_schema()` makes it; `ir.schema.json` beside this module is the shipped
copy (a test keeps the two equal; `python -m waybill.compiler.schema` rewrites
it). `validate_ir()` checks an IR document from outside against it.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from waybill.spec.limits import CAPS
from waybill.spec.signatures import FUNCTIONS, PRIMITIVES

from .lower import IR_FORMAT

SCHEMA_FILE = "ir.schema.json"


def _obj(props: dict, required: list[str] | None = None, extra: bool = False) -> dict:
    out = {"type": "object", "properties": props, "additionalProperties": extra}
    if required:
        out["required"] = required
    return out


def _tagged(key: str, variants: list[dict]) -> dict:
    """One of several object shapes, told apart by the constant value of `key`.

    Written as `if`/`then` on that value rather than `anyOf`: a validator
    tries every branch of an `anyOf` and descends into the shared properties
    (`x`, `of`, `body`, ...) of each, which is exponential in the nesting
    depth (16 nested `-` took a minute); here only the matching shape is
    descended into. (A binary tree of `if`/`else` tests fewer keys but costs
    more stack per level, and validation is recursive.)
    """
    values = [v["properties"][key]["const"] for v in variants]
    return {"type": "object", "required": [key], "properties": {key: {"enum": values}},
            "allOf": [{"if": {"properties": {key: {"const": value}}}, "then": v} for value, v in zip(values, variants)]}


def build_schema() -> dict:
    ref = lambda name: {"$ref": f"#/$defs/{name}"}  # noqa: E731
    nullable = lambda s: {"anyOf": [s, {"type": "null"}]}  # noqa: E731
    ids = {"type": "array", "items": {"type": "string"}}
    at = {"type": "array", "items": {"type": "integer"}, "minItems": 3, "maxItems": 3}
    param = _obj({"name": {"type": "string"}, "type": {"type": "string"}}, ["name", "type"])
    params = {"type": "array", "items": param}
    block = {"type": "array", "items": ref("stmt")}

    def stmt(do: str, props: dict, required: list[str]) -> dict:
        return _obj({"do": {"const": do}, "at": at, **props}, ["do", *required])

    named = {"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"}    # `as NAME` (spec/messages.py ids)
    expr_ops = {
        "var": ({"name": {"type": "string"}}, ["name"]),
        "ref": ({"ns": {"type": "string"}, "id": {"type": "string"}}, ["ns", "id"]),
        "attr": ({"of": ref("expr"), "name": {"type": "string"}, "else": ref("expr")}, ["of", "name"]),
        "index": ({"of": ref("expr"), "index": ref("expr")}, ["of", "index"]),
        "bin": ({"o": {"enum": ["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "and", "or",
                                "in", "not in"]}, "l": ref("expr"), "r": ref("expr"),
                 # a literal compared with a name: the keys of what it says (compiler/said.py)
                 "said": {"type": "array", "items": {"type": "string"}}}, ["o", "l", "r"]),
        "not": ({"x": ref("expr")}, ["x"]),
        "neg": ({"x": ref("expr")}, ["x"]),
        "list": ({"items": {"type": "array", "items": ref("expr")}}, ["items"]),
        "range": ({"lo": ref("expr"), "hi": ref("expr")}, ["lo", "hi"]),
        "cond": ({"if": ref("expr"), "then": ref("expr"), "else": ref("expr")}, ["if", "then", "else"]),
        "call": ({"fn": {"enum": sorted(FUNCTIONS)}, "args": {"type": "array", "items": ref("expr")}}, ["fn", "args"]),
        "quantity": ({"id": {"type": "string"}, "args": {"type": "array", "items": ref("expr")}}, ["id", "args"]),
        "agg": ({"fn": {"enum": ["count", "sum", "min", "max", "any", "all", "list"]}, "var": nullable({"type": "string"}),
                 "in": ref("expr"), "where": ref("expr"), "value": ref("expr"), "by": ref("expr")}, ["fn", "in"]),
        "text": ({"parts": {"type": "array", "items": ref("expr")}, "name": named}, ["parts"]),
    }
    expr = {"anyOf": [
        {"type": ["integer", "string", "boolean", "null"]},
        {"type": "array", "items": ref("expr")},
        _tagged("op", [_obj({"op": {"const": op}, "at": at, **props}, ["op", *req])
                       for op, (props, req) in expr_ops.items()]),
    ]}
    by = ref("expr")
    # `choose each p in SEATS ...`: the seat variable and the seats asked at once
    each = _obj({"var": {"type": "string"}, "seats": ref("expr")}, ["var", "seats"])
    statements = [
        stmt("prim", {"name": {"enum": sorted(PRIMITIVES)}, "args": {"type": "array", "items": ref("expr")},
                      "into": nullable({"type": "string"})}, ["name", "args"]),
        stmt("call", {"proc": {"type": "string"}, "args": {"type": "array", "items": ref("expr")},
                      "into": nullable({"type": "string"})}, ["proc", "args"]),
        stmt("let", {"name": {"type": "string"}, "value": ref("expr")}, ["name"]),
        stmt("set", {"target": ref("expr"), "value": ref("expr")}, ["target"]),
        stmt("if", {"cond": ref("expr"), "then": block, "else": block}, ["cond", "then", "else"]),
        stmt("for", {"var": {"type": "string"}, "in": ref("expr"), "where": ref("expr"), "body": block},
             ["var", "in", "body"]),
        stmt("repeat", {"count": ref("expr"), "body": block}, ["count", "body"]),
        stmt("while", {"cond": ref("expr"), "body": block}, ["cond", "body"]),
        stmt("choose", {"mode": {"enum": ["one", "any"]}, "by": by, "prompt": ref("expr"), "name": named,
                        "options": {"type": "array", "items": _obj(
                            {"label": ref("expr"), "when": ref("expr"), "body": block, "name": named},
                            ["label", "body"])}}, ["mode", "options"]),
        stmt("pick", {"by": by, "prompt": ref("expr"), "from": ref("expr"), "where": ref("expr"),
                      "var": {"type": "string"}, "count": ref("expr"), "up_to": {"type": "boolean"},
                      "into": {"type": "string"}, "name": named, "each": each}, ["from", "into"]),
        stmt("amount", {"by": by, "prompt": ref("expr"), "lo": ref("expr"), "hi": ref("expr"),
                        "into": {"type": "string"}, "name": named, "each": each}, ["lo", "hi", "into"]),
        stmt("order", {"by": by, "prompt": ref("expr"), "from": ref("expr"),
                       "into": {"type": "string"}, "name": named}, ["from", "into"]),
        stmt("may", {"by": by, "prompt": ref("expr"), "body": block, "else": block, "name": named}, ["body"]),
        stmt("act", {"by": by, "tags": ids, "optional": {"type": "boolean"}, "into": nullable({"type": "string"})},
             ["tags"]),
        stmt("emit", {"event": {"type": "string"}, "args": {"type": "object", "additionalProperties": ref("expr")}},
             ["event", "args"]),
        stmt("require", {"expr": ref("expr"), "message": nullable({"type": "string"})}, ["expr"]),
        stmt("log", {"text": ref("expr")}, ["text"]),
        stmt("return", {"value": ref("expr")}, []),
        stmt("break", {}, []),
        stmt("table", {"table": {"type": "string"}, "value": ref("expr")}, ["table", "value"]),
    ]
    variant = {"variant": {"type": "string"}}
    ability = _tagged("type", [
        _obj({"type": {"const": "action"}, "id": {"type": "string"}, "name": {"type": "string"}, "tags": ids,
              "limit": nullable(_obj({"count": {"type": "integer"}, "per": {"enum": ["turn", "round", "game"]}},
                                     ["count", "per"])),
              "require": {"type": "array", "items": _obj({"expr": ref("expr"), "message": nullable({"type": "string"})},
                                                          ["expr"])},
              "effect": block, "text": nullable({"type": "string"}), "at": at, **variant},
             ["type", "id", "name", "tags", "limit", "require", "effect"]),
        _obj({"type": {"const": "trigger"}, "event": {"type": "string"}, "name": {"type": "string"}, "where": ref("expr"), "effect": block,
              "at": at, **variant}, ["type", "event", "effect"]),
        _obj({"type": {"const": "modifier"}, "quantity": {"type": "string"},
              "args": {"type": "array", "items": ref("expr")}, "op": {"enum": ["+", "-", "*", "="]},
              "value": ref("expr"), "where": ref("expr"), "at": at, **variant}, ["type", "quantity", "args", "op", "value"]),
        _obj({"type": {"const": "replace"}, "target": {"type": "string"}, "name": {"type": "string"}, "where": ref("expr"), "effect": block,
              "at": at, **variant}, ["type", "target", "effect"]),
    ])
    # a declaration a chosen variant made is marked with the variant's id (its text ids are its own)
    named = lambda props, req: {"type": "array", "items": _obj({**props, "variant": {"type": "string"}}, req)}  # noqa: E731
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://waybill.dev/schema/ir-1.json",
        "title": "Waybill rules program (IR)",
        "type": "object",
        "additionalProperties": False,
        "required": ["format", "pack", "files", "players", "counters", "kinds", "zones", "spaces", "regions",
                     "dice", "tracks", "tables", "events", "quantities", "procedures", "entities", "rules",
                     "invariants", "setup", "play", "score"],
        "properties": {
            "format": {"const": IR_FORMAT},
            "pack": _obj({"id": {"type": "string"}, "name": {"type": "string"}, "variants": ids},
                         ["id", "name", "variants"]),
            "files": ids,
            "players": _obj({"min": {"type": "integer", "minimum": 1}, "max": {"type": "integer", "minimum": 1}},
                            ["min", "max"]),
            # the run-time budget a pack declares, within the engine's caps (runtime/engine/limits.py)
            "limits": _obj({k: {"type": "integer", "minimum": 1, "maximum": cap} for k, cap in CAPS.items()}, []),
            "counters": named({"id": {"type": "string"}, "name": {"type": "string"},
                               "scope": {"enum": ["player", "global"]}, "initial": {},
                               "min": nullable({"type": "integer"}), "max": nullable({"type": "integer"}),
                               "display": nullable({"type": "string"}), "resource": {"type": "boolean"}},
                              ["id", "scope", "initial"]),
            "kinds": named({"id": {"type": "string"}, "fields": {"type": "array", "items": _obj(
                {"name": {"type": "string"}, "type": {"type": "string"}, "default": {},
                 "required": {"type": "boolean"}}, ["name", "type"])}}, ["id", "fields"]),
            "zones": named({"id": {"type": "string"}, "name": {"type": "string"},
                            "scope": {"enum": ["player", "global"]}, "ordered": {"type": "boolean"},
                            "capacity": nullable({"type": "integer", "minimum": 0}),
                            "accepts": nullable(ids), "visible": {"anyOf": [
                                {"enum": ["all", "owner", "none", "others", "team", "left", "right"]},
                                {"type": "array", "items": {"enum": ["owner", "others", "team", "left", "right"]}}]},
                            "active": {"type": "boolean"}, "sort": ref("expr")},
                           ["id", "scope", "ordered", "capacity", "accepts", "visible", "active"]),
            "spaces": named({"id": {"type": "string"}, "name": {"type": "string"}, "tags": ids, "adjacent": ids,
                             "answers": ids,
                             "xy": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}},
                            ["id", "tags", "adjacent"]),
            # where a frontend draws a board's spaces, and what it shows on them (compiler/boards.py)
            "boards": {"type": "array", "items": _obj({
                "id": {"type": "string"}, "name": {"type": "string"}, "spaces": ids,
                "shows": {"type": "array", "items": _obj({
                    "id": {"type": "string"}, "what": {"enum": ["counter", "quantity", "kind", "entity"]},
                    "label": {"type": "string"}, "per_player": {"type": "boolean"},
                    "shape": {"enum": ["token", "marker", "label"]}, "mark": {"type": "string"},
                    "field": {"type": "string"}, "colour": {"type": "string"}, "expr": ref("expr"), "at": at},
                    ["id", "what", "label", "shape"])}},
                ["id", "name", "spaces", "shows"])},
            "regions": named({"id": {"type": "string"}, "name": {"type": "string"}, "spaces": ids, "tags": ids,
                              "colour": {"type": "string", "pattern": "^#[0-9a-f]{6}$"}},
                             ["id", "spaces", "tags"]),
            "dice": named({"id": {"type": "string"}, "faces": {"type": "array", "minItems": 1}}, ["id", "faces"]),
            "tracks": named({"id": {"type": "string"}, "values": {"type": "array"}}, ["id", "values"]),
            "tables": named({"id": {"type": "string"}, "rows": {"type": "array", "items": _obj(
                {"lo": {"type": "integer"}, "hi": {"type": "integer"}, "value": {},
                 "effect": nullable(block)}, ["lo", "hi", "value"])}}, ["id", "rows"]),
            "events": named({"id": {"type": "string"}, "params": params}, ["id", "params"]),
            "quantities": named({"id": {"type": "string"}, "params": params, "value": ref("expr")},
                                ["id", "params", "value"]),
            "procedures": named({"id": {"type": "string"}, "params": params, "body": block, "at": at},
                                ["id", "params", "body"]),
            "entities": named({"id": {"type": "string"}, "kind": {"type": "string"}, "name": {"type": "string"},
                               "text": {"type": "string"}, "fields": {"type": "object"},
                               "copies": {"type": "integer", "minimum": 0},
                               "start": nullable(_obj({"zone": {"type": "string"}, "each_player": {"type": "boolean"}},
                                                      ["zone", "each_player"])),
                               "tags": ids, "abilities": {"type": "array", "items": ability}, "at": at},
                              ["id", "kind", "name", "fields", "copies", "start", "tags", "abilities"]),
            "rules": {"type": "array", "items": ability},
            "invariants": named({"id": {"type": "string"}, "text": {"type": "string"}, "expr": ref("expr"), "at": at},
                                ["id", "expr"]),
            "setup": block,
            "play": block,
            "score": ref("expr"),
            # who wins together: every seat one side, or the side of seat `me`
            "outcome": _obj({"cooperative": {"type": "boolean"}, "sides": ref("expr"), "out": ref("expr")}, []),
            "display": _obj({part: {"type": "array", "items": _obj(
                {"type": {"enum": ["counter", "zone", "quantity", "show"]}, "id": {"type": "string"},
                 "label": {"type": "string"}, "grouped": {"type": "boolean"}, "full": {"type": "boolean"},
                 "expr": ref("expr"), "at": at},
                ["type", "label"])} for part in ("panel", "board")}, ["panel", "board"]),
            # what `waybill balance` compares: kinds (or `kind.field`) of what seats got and held
            "balance": _obj({role: {"type": "array", "items": _obj(
                {"kind": {"type": "string"}, "field": {"type": "string"}, "label": {"type": "string"}},
                ["kind", "label"])} for role in ("choices", "cards")}, ["choices", "cards"]),
            # the pack's bot (a registered name and its settings) and its score hint (compiler/bots.py)
            "bot": _obj({"name": {"type": "string"}, "settings": {"type": "object", "additionalProperties":
                                                                  {"type": "number", "minimum": 0}}, "at": at},
                        ["name", "settings"]),
            "bot_settings": {"type": "object", "additionalProperties": {
                "type": "object", "additionalProperties": {"type": "number", "minimum": 0}}},
            "bot_score": _obj({"expr": ref("expr"), "at": at}, ["expr"]),
        },
        "$defs": {"expr": expr, "stmt": _tagged("do", statements)},
    }


@lru_cache(maxsize=1)
def shipped_schema() -> dict:
    return json.loads(resources.files(__package__).joinpath(SCHEMA_FILE).read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _validator():
    from jsonschema import Draft202012Validator
    return Draft202012Validator(shipped_schema())


def validate_ir(ir: object) -> list[str]:
    """Every way `ir` breaks the schema, as readable lines (empty when valid)."""
    try:
        errors = sorted(_validator().iter_errors(ir), key=lambda e: list(e.absolute_path))
    except RecursionError:
        return ["(top): nested too deeply to check"]
    out = []
    for e in errors[:20]:
        where = "/".join(str(p) for p in e.absolute_path) or "(top)"
        out.append(f"{where}: {e.message[:300]}")
    return out


def write_schema() -> None:
    import pathlib
    path = pathlib.Path(__file__).with_name(SCHEMA_FILE)
    path.write_text(json.dumps(build_schema(), indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write_schema()
