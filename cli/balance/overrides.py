"""What-if overrides: `waybill balance PACK --set KEY=VALUE`.

An override changes one declared value of the compiled pack for a run,
without editing a file. It is checked against the pack's declarations the
way content is: a key the pack does not declare, or a value of the wrong
type, is an ``OverrideError`` that names the key and suggests the nearest
declared one.

Keys:

- ``ENTITY.FIELD``: a field of an entity (``gunner.cost=8``), typed by its
  kind's declaration (``int``, ``bool``, ``str``, ``list``, ``any``, or a kind:
  then the value is the id of an entity of that kind);
- ``ENTITY.copies``: how many pieces of the entity the game has (an int >= 0);
- ``COUNTER``: a counter's initial value (``round_cap=40``), typed by the
  value the pack declares (a number stays a number, a flag a flag).

A value is read as JSON when it is JSON (``8``, ``true``, ``"x"``, ``[1,2]``),
else as a bare word (``archivists``). The overrides apply to the IR after
its variants; the result goes through the IR schema again when loaded.
"""

from __future__ import annotations

import copy
import difflib
import json
from typing import Any

from waybill.api import WaybillError

MAX_COPIES = 200_000     # the engine's hard cap on pieces (spec/limits.py `pieces`)


class OverrideError(WaybillError):
    """An override the pack cannot take (unknown key, wrong type)."""


def parse(text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` as (key, value); ``OverrideError`` when it is not that shape."""
    if not isinstance(text, str) or "=" not in text:
        raise OverrideError(f"{text!r}: an override is KEY=VALUE, e.g. gunner.cost=8")
    key, _, raw = text.partition("=")
    key, raw = key.strip(), raw.strip()
    if not key or not raw:
        raise OverrideError(f"{text!r}: an override is KEY=VALUE with both sides given, e.g. gunner.cost=8")
    try:
        value = json.loads(raw)
    except ValueError:
        value = raw
    return key, value


def keys(ir: dict) -> list[str]:
    """Every key the pack's IR declares for ``--set`` (for suggestions and docs)."""
    kinds = {k["id"]: k for k in ir.get("kinds") or []}
    out = [c["id"] for c in ir.get("counters") or []]
    for e in ir.get("entities") or []:
        out.append(f"{e['id']}.copies")
        out.extend(f"{e['id']}.{f['name']}" for f in (kinds.get(e.get("kind")) or {}).get("fields") or [])
    return out


def apply(ir: dict, overrides: list[tuple[str, Any]]) -> dict:
    """A copy of ``ir`` with ``overrides`` applied, each checked first."""
    out = copy.deepcopy(ir)
    entities = {e["id"]: e for e in out.get("entities") or []}
    counters = {c["id"]: c for c in out.get("counters") or []}
    kinds = {k["id"]: k for k in out.get("kinds") or []}
    for key, value in overrides:
        if "." in key:
            eid, _, field = key.partition(".")
            entity = entities.get(eid)
            if entity is None:
                raise OverrideError(f"{key}: the pack declares no entity {eid!r}"
                                    + _suggest(eid, list(entities), "entity"))
            if field == "copies":
                if type(value) is not int or not 0 <= value <= MAX_COPIES:
                    raise OverrideError(f"{key}={_show(value)}: copies is a whole number "
                                        f"0..{MAX_COPIES}, e.g. {key}={entity.get('copies', 1)}")
                entity["copies"] = value
                continue
            declared = {f["name"]: f for f in (kinds.get(entity.get("kind")) or {}).get("fields") or []}
            spec = declared.get(field)
            if spec is None:
                raise OverrideError(f"{key}: {eid} (a {entity.get('kind')}) has no field {field!r}"
                                    + _suggest(field, [*declared, "copies"], "field"))
            entity.setdefault("fields", {})[field] = _typed(key, value, spec["type"], entities)
        else:
            counter = counters.get(key)
            if counter is None:
                raise OverrideError(f"{key}: the pack declares no counter {key!r}"
                                    + _suggest(key, keys(out), "key"))
            counter["initial"] = _like(key, value, counter.get("initial"))
    return out


def _typed(key: str, value: Any, typ: str, entities: dict) -> Any:
    """``value`` as a field of declared type ``typ``, or an OverrideError."""
    ok = {"int": lambda v: type(v) is int, "bool": lambda v: type(v) is bool, "str": lambda v: type(v) is str,
          "list": lambda v: type(v) is list, "any": lambda v: True}
    if typ in ok:
        if not ok[typ](value):
            raise OverrideError(f"{key}={_show(value)}: the field is declared {typ}, not "
                                f"{_type_name(value)}{_example(key, typ)}")
        return value
    # a field typed by a kind holds an entity of that kind
    of_kind = sorted(e for e, d in entities.items() if d.get("kind") == typ)
    name = value.get("entity") if isinstance(value, dict) else value
    if not isinstance(name, str) or name not in of_kind:
        raise OverrideError(f"{key}={_show(value)}: the field holds a {typ}, one of "
                            f"{', '.join(of_kind[:8])}{', ...' if len(of_kind) > 8 else ''}"
                            + (_suggest(name, of_kind, typ) if isinstance(name, str) else ""))
    return {"entity": name}


def _like(key: str, value: Any, declared: Any) -> Any:
    """A counter's new initial value, of the type of the declared one (any when none was declared)."""
    if declared is None:
        return value
    if type(declared) is bool:
        want = "bool"
    elif type(declared) in (int, float):
        want = "number"
        if type(value) in (int, float):
            return value
    elif type(declared) is str:
        want = "str"
    else:
        want = type(declared).__name__
    if (want == "bool" and type(value) is bool) or (want == "str" and type(value) is str) \
            or (want not in ("bool", "number", "str") and type(value) is type(declared)):
        return value
    raise OverrideError(f"{key}={_show(value)}: the counter starts at {_show(declared)} (a {want}), "
                        f"so its value is a {want}, not {_type_name(value)}, e.g. {key}={_show(declared)}")


def _type_name(value: Any) -> str:
    return {bool: "a flag", int: "a number", float: "a number", str: "a word", list: "a list",
            dict: "an object", type(None): "null"}.get(type(value), type(value).__name__)


def _example(key: str, typ: str) -> str:
    return {"int": f", e.g. {key}=8", "bool": f", e.g. {key}=true", "str": f", e.g. {key}=word",
            "list": f", e.g. {key}=[1,2]"}.get(typ, "")


def _show(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def _suggest(name: str, known: list[str], what: str) -> str:
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else f" (no {what} is named like it)"


__all__ = ["OverrideError", "parse", "keys", "apply"]
