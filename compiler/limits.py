"""The game's `limits { ... }`: a pack's run-time budget, checked here.

The engine sets the defaults and the hard caps (``spec/limits.py``); a
pack may set any of them from 1 up to its cap. Numbers out of range are an
E407, as is a pack whose decks alone hold more pieces than the `pieces`
limit allows (counted for the most players the game takes), so a pack of
enormous decks is refused before any game spends memory on it.
"""

from __future__ import annotations

from typing import Any

from waybill.dsl.diagnostics import suggest
from waybill.spec.limits import CAPS, DEFAULTS, LIMITS


def lower_limits(lw: Any, limits: tuple | list | None, ir: dict) -> None:
    """Check the `limits` props of the game block and put them in the IR."""
    if not limits:
        return
    props, _ = limits
    out: dict[str, int] = {}
    for prop in props:
        if prop.name not in LIMITS:
            lw.error(prop.span, "E304", f"there is no limit `{prop.name}`",
                     suggest(prop.name, list(LIMITS)) or f"limits are {', '.join(LIMITS)}")
            continue
        if prop.name in out:
            lw.error(prop.span, "E302", f"limit `{prop.name}` is given twice")
            continue
        value = lw.literal(prop.values[0]) if len(prop.values) == 1 else None
        if type(value) is not int:
            lw.error(prop.span, "E402", f"limit `{prop.name}` takes one whole number")
            continue
        cap = CAPS[prop.name]
        if not 1 <= value <= cap:
            lw.error(prop.values[0].span, "E407",
                     f"limit `{prop.name}` must be from 1 to {cap} (the engine's cap), not {value}",
                     f"the default is {DEFAULTS[prop.name]}: {LIMITS[prop.name][2]}")
            continue
        out[prop.name] = value
    if out:
        ir["limits"] = out


def check_start_pieces(lw: Any, ir: dict) -> None:
    """The pieces every deck starts with, for the most players: within `pieces`."""
    most = (ir.get("limits") or {}).get("pieces", DEFAULTS["pieces"])
    players = (ir.get("players") or {}).get("max", 1)
    total = 0
    for ent in ir.get("entities") or []:
        start = ent.get("start") or {}
        total += ent.get("copies", 1) * (players if start.get("each_player") else 1)
        if total > most:
            sym = lw.sym(ent["id"])
            if sym is None:
                return
            lw.in_file(sym.file)
            span = next((p.values[0].span for p in sym.decl.props if p.name == "copies" and p.values),
                        sym.decl.name_span)
            lw.error(span, "E407", f"the decks reach {total} pieces here (for {players} players), "
                                   f"over the limit of {most} pieces in a game",
                     f"fewer copies, or `game {{ limits {{ pieces: N }} }}` up to {CAPS['pieces']}")
            return


__all__ = ["lower_limits", "check_start_pieces"]
