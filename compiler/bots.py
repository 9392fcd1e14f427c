"""`bot NAME { ... }` and `score { expr }`: who plays a pack's empty seats.

A pack names its bot: a bot registered by name (``waybill.bots.REGISTRY``,
which the caller gives the compiler as ``bots``: names and settings),
with the settings that bot takes (numbers). The first `bot` is the pack's
default; later ones only give settings to other bots for when they are asked
for (`bot weds_heuristic` then `bot search { rollout: 3 }`). A pack that
extends another inherits its base's bots and score hint; its own replace
them. A bot named twice in one pack, or a second score hint, is an E302. The score hint is an expression with
``me`` bound to each seat in turn: an estimate of how well that seat is
doing, which search bots read at the end of a line of play.
"""

from __future__ import annotations

from typing import Any

from waybill.dsl import ast
from waybill.dsl.diagnostics import suggest

from .scope import Scope


def lower_bots(lw: Any, ir: dict) -> None:
    """``ir["bot"]``: the pack's default bot (the first `bot` of the most derived
    pack that declares one); ``ir["bot_settings"]``: the settings of every bot
    declared along the chain (a later pack's replace its base's), used whenever
    that bot plays; ``ir["bot_score"]``: the most derived score hint."""
    default: dict | None = None
    default_pack: Any = object()
    settings: dict[str, dict] = {}
    seen: dict[tuple, ast.Node] = {}
    hint: tuple | None = None
    for item, file, pack in lw.p.bots:
        lw.in_file(file)
        key = (type(item), pack, getattr(item, "name", None))
        if key in seen:
            what = f"bot `{item.name}`" if isinstance(item, ast.BotDecl) else "score hint"
            lw.error(item.span, "E302", f"a second {what} in this pack; the first is at line {seen[key].span.line}")
            continue
        seen[key] = item
        if isinstance(item, ast.BotScoreDecl):
            hint = (item, file)
            continue
        bot = _bot(lw, item)
        if bot is None:
            continue
        settings[bot["name"]] = bot["settings"]
        if pack != default_pack:       # the first of each pack; a later pack's first replaces it
            default, default_pack = bot, pack
    if default is not None:
        ir["bot"] = default
        ir["bot_settings"] = settings
    if hint is not None:
        item, file = hint
        lw.in_file(file)
        ir["bot_score"] = {"expr": lw.expr(item.expr, Scope()), "at": lw.at(item)}


def _bot(lw: Any, item: ast.BotDecl) -> dict | None:
    known = lw.bots or {}
    if known and item.name not in known:
        lw.error(item.name_span, "E301", f"there is no bot `{item.name}`",
                 suggest(item.name, list(known)) or f"bots are {', '.join(sorted(known))}")
        return None
    takes = known.get(item.name, frozenset())
    settings: dict[str, Any] = {}
    for prop in item.props:
        if known and prop.name not in takes:
            lw.error(prop.span, "E304", f"bot `{item.name}` has no setting `{prop.name}`",
                     suggest(prop.name, list(takes)) or
                     (f"its settings are {', '.join(sorted(takes))}" if takes else "it takes no settings"))
            continue
        if prop.name in settings:
            lw.error(prop.span, "E302", f"setting `{prop.name}` is given twice")
            continue
        value = lw.literal(prop.values[0]) if len(prop.values) == 1 else None
        if type(value) not in (int, float) or value < 0:
            lw.error(prop.span, "E402", f"bot setting `{prop.name}` takes one number, 0 or more")
            continue
        settings[prop.name] = value
    return {"name": item.name, "settings": settings, "at": lw.at(item)}
