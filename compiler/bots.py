"""`bot NAME { ... }` and `score { expr }`: who plays a pack's empty seats.

A pack names its bot: a bot registered by name (``waybill.bots.REGISTRY``),
with the settings that bot takes (numbers). A pack that extends another
inherits its base's bot and score hint; one of its own replaces it. One of
each per pack (a second is an E302). The score hint is an expression with
``me`` bound to each seat in turn: an estimate of how well that seat is
doing, which search bots read at the end of a line of play.
"""

from __future__ import annotations

from typing import Any

from waybill.dsl import ast
from waybill.dsl.diagnostics import suggest


def _registry() -> dict[str, frozenset]:
    try:
        from waybill.bots import bot_settings
    except ImportError:       # the compiler alone (no bots installed): names are not checked
        return {}
    return bot_settings()


def lower_bots(lw: Any, ir: dict) -> None:
    chosen: dict[type, tuple] = {}
    seen: dict[tuple, ast.Node] = {}
    for item, file, pack in lw.p.bots:
        key = (type(item), pack)
        lw.in_file(file)
        if key in seen:
            what = "bot" if isinstance(item, ast.BotDecl) else "score hint"
            first = seen[key]
            lw.error(item.span, "E302", f"a second {what} in this pack; the first is at line {first.span.line}")
            continue
        seen[key] = item
        chosen[type(item)] = (item, file)
    if ast.BotDecl in chosen:
        item, file = chosen[ast.BotDecl]
        lw.in_file(file)
        bot = _bot(lw, item)
        if bot is not None:
            ir["bot"] = bot
    if ast.BotScoreDecl in chosen:
        item, file = chosen[ast.BotScoreDecl]
        lw.in_file(file)
        from .lower import Scope
        ir["bot_score"] = {"expr": lw.expr(item.expr, Scope()), "at": lw.at(item)}


def _bot(lw: Any, item: ast.BotDecl) -> dict | None:
    known = _registry()
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
