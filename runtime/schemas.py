"""The JSON Schemas shipped for frontends: a view (``view.schema.json``)
and an action (``action.schema.json``); ``waybill schema --view|--action``."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

FILES = {"view": "view.schema.json", "action": "action.schema.json"}


@lru_cache(maxsize=None)
def _text(which: str) -> str:
    return resources.files(__package__).joinpath(FILES[which]).read_text(encoding="utf-8")


def shipped(which: str) -> dict:
    """The schema ``which`` ("view" or "action"), a fresh copy."""
    return json.loads(_text(which))


def errors(which: str, data: object) -> list[str]:
    """Where ``data`` breaks the schema, one line per error (empty: valid)."""
    from jsonschema import Draft202012Validator
    v = Draft202012Validator(shipped(which))
    return [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}" for e in v.iter_errors(data)]
