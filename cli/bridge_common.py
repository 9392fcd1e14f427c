"""What the bridges (``waybill.openspiel``, ``waybill.envs``) share: a
table's rules from plain parameters, its round limit and action bound as
the pack declares them, and a clear message when an optional library is missing.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from waybill.api import Rules, WaybillError

DEFAULT_ROUNDS = 200            # no round limit found in the pack: `waybill balance`'s round cap
DEFAULT_ACTIONS_PER_ROUND = 100  # answers one seat gives in one round, at most, before a game is cut


def need(module: str, extra: str = "rl") -> Any:
    """``import module``, or an ImportError that says which extra to install."""
    try:
        return import_module(module)
    except ImportError as exc:
        raise ImportError(f"{module} is not installed: the Waybill bridges need the `{extra}` extra "
                          f"(pip install 'waybill[{extra}]'): {exc}") from exc


def table_rules(pack: str, variants: str | list[str] = "", sets: str = "") -> Rules:
    """The rules of ``pack`` with ``variants`` (a comma list, or a list) and
    ``sets`` (``KEY=VALUE`` overrides separated by spaces, as `waybill balance --set`)."""
    from waybill.whatif import arm, rules_for
    if isinstance(variants, str):
        variants = [v.strip() for v in variants.split(",") if v.strip()]
    more, overrides = arm(sets or "")
    return rules_for(pack, list(variants) + more, overrides)


def round_limit(ir: dict) -> int | None:
    """The most rounds a game of this pack plays, read from its `play` block:

    - a comparison of ``round_number()`` with a number or a counter's
      starting value (``while round_number() < round_cap``: round_cap;
      ``if round_number() > max_rounds { end_game() }``: max_rounds + 1),
      the largest bound when there are several;
    - else, when ``start_round()`` is never called in a loop nor in a
      procedure, how many times `play` calls it (a one-round game: 1);
    - else None (the pack declares none)."""
    counters = {c["id"]: c.get("initial") for c in ir.get("counters") or []}
    bounds: list[int] = []

    def value(e: Any) -> int | None:
        if type(e) is int:
            return e
        if isinstance(e, dict) and e.get("op") == "ref" and e.get("ns") == "counter":
            v = counters.get(e.get("id"))
            return v if type(v) is int else None
        return None

    def is_round(e: Any) -> bool:
        return isinstance(e, dict) and e.get("op") == "call" and e.get("fn") == "round_number"

    def scan(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("op") == "bin" and node.get("o") in ("<", "<=", ">", ">="):
                left, right, o = node.get("l"), node.get("r"), node["o"]
                if is_round(right):           # X > round_number() reads as round_number() < X
                    left, right, o = right, left, {"<": ">", "<=": ">=", ">": "<", ">=": "<="}[o]
                v = value(right) if is_round(left) else None
                if v is not None:
                    # `<` X and `>=` X: round X is the last; `<=` X and `>` X: round X + 1
                    bounds.append(v if o in ("<", ">=") else v + 1)
            for x in node.values():
                scan(x)
        elif isinstance(node, list):
            for x in node:
                scan(x)

    scan(ir.get("play"))
    if bounds:
        return max(1, max(bounds))
    if _calls_start_round(ir.get("procedures")) or _in_loop(ir.get("play"), False):
        return None
    n = _count_start_round(ir.get("play"))
    return n or None


def _is_start_round(node: Any) -> bool:
    return isinstance(node, dict) and node.get("do") == "prim" and node.get("name") == "start_round"


def _calls_start_round(node: Any) -> bool:
    if _is_start_round(node):
        return True
    if isinstance(node, dict):
        return any(_calls_start_round(v) for v in node.values())
    if isinstance(node, list):
        return any(_calls_start_round(v) for v in node)
    return False


def _in_loop(node: Any, looping: bool) -> bool:
    """Whether a ``start_round()`` stands inside a loop (or anywhere a procedure is called in one)."""
    if _is_start_round(node):
        return looping
    if isinstance(node, dict):
        inner = looping or node.get("do") in ("while", "for", "repeat")
        return any(_in_loop(v, inner) for v in node.values())
    if isinstance(node, list):
        return any(_in_loop(v, looping) for v in node)
    return False


def _count_start_round(node: Any) -> int:
    if _is_start_round(node):
        return 1
    if isinstance(node, dict):
        return sum(_count_start_round(v) for v in node.values())
    if isinstance(node, list):
        return sum(_count_start_round(v) for v in node)
    return 0


def action_bound(rules: Rules) -> int:
    """The most options one decision may have, so the size of the action
    space: the pack's `list` limit, which bounds the options of a choice
    (``limits { list: N }``, 10 000 unless the pack sets it)."""
    return int(rules.limits["list"])


def check_options(count: int, bound: int) -> None:
    if count > bound:
        raise WaybillError(f"a decision with {count} options: more than the action space's {bound} "
                           "(the pack's `list` limit); raise it with `limits {{ list: N }}`")


__all__ = ["need", "table_rules", "round_limit", "action_bound", "check_options", "DEFAULT_ROUNDS",
           "DEFAULT_ACTIONS_PER_ROUND"]
