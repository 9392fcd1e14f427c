"""The words save checks are made of: a ``Ctx`` (the rules, and the fields
checked so far), ``BadSave`` and small checks that each raise it naming the
path of what is wrong (``need_int(v, "round")``), and ``game_value`` /
``game_record``, which copy the values content computes (counters, locals,
properties, ...) and check every reference in them against the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from waybill.spec.errors import BadSave

from ..engine.access import TEXT_IDS, TEXT_JOIN
from ..engine.arguments import said
from ..engine.plain import LIST_MAX, SAFE_INT, TEXT_MAX, NotPlain, checked_copy, short


def bad(path: str, reason: str) -> BadSave:
    return BadSave(f"saved game: {said(path, reason)}")


@dataclass
class Ctx:
    """The rules, and the fields checked so far (by name)."""
    rules: Any
    got: dict[str, Any] = field(default_factory=dict)
    lay: Any = None      # the rules' layout for the saved player count

    @property
    def n(self) -> int:
        return self.lay.n

    @property
    def pieces(self) -> int:
        return len(self.got["p_ent"])

    def ref(self, d: dict) -> str | None:
        """What is wrong with a dict inside a game value: each is a reference
        to a piece, player, entity or zone of this game, or a text (a message
        of these rules and its variables, access.py), and nothing else."""
        if "text" in d:
            mid = d["text"]
            if type(mid) is str and (mid in TEXT_IDS or mid in self.rules.messages.by_id):
                if mid == TEXT_JOIN and type(d.get("parts")) is not list:
                    return "is a joined text without its parts"
                return None
            return f"is a text of no message of these rules ({short(mid)})"
        if len(d) == 1:
            (kind, x), = d.items()
            if kind == "piece":
                ok = type(x) is int and 0 <= x < self.pieces
            elif kind == "player":
                ok = type(x) is int and 0 <= x < self.n
            elif kind == "entity":
                ok = type(x) is str and x in self.rules.entities
            else:
                return f"is a dict that refers to nothing (key {kind[:40]!r})"
            return None if ok else f"refers to no {kind} of this game ({short(x)})"
        if len(d) == 2 and "zone" in d and "of" in d:
            zone, of = d["zone"], d["of"]
            if type(zone) is str and (of is None or type(of) is int) and (zone, of) in self.lay.zslot:
                return None
            return f"refers to no zone of this game ({short(zone)} of {short(of)})"
        return "is a dict that refers to nothing (a piece, player, entity or zone)"


# --- small checks ----------------------------------------------------------------

def need_list(v: Any, path: str, size: int | None = None, most: int = LIST_MAX) -> list:
    if type(v) is not list:
        raise bad(path, f"should be a list, not {type(v).__name__}")
    if size is not None and len(v) != size:
        raise bad(path, f"should have {size} entries (one each, for these rules), not {len(v)}")
    if len(v) > most:
        raise bad(path, f"has {len(v)} entries (at most {most})")
    return v


def need_dict(v: Any, path: str, keys: frozenset | None = None, needs: tuple = ()) -> dict:
    if type(v) is not dict:
        raise bad(path, f"should be a dict, not {type(v).__name__}")
    if keys is not None:
        odd = [k for k in v if k not in keys]
        if odd:
            raise bad(path, f"has an unknown key {short(odd[0])}")
    for k in needs:
        if k not in v:
            raise bad(path, f"needs the key {k!r}")
    return v


def need_shape(v: Any, path: str, keys: frozenset, optional: frozenset = frozenset()) -> dict:
    """A dict with exactly ``keys`` (and maybe some of ``optional``)."""
    if type(v) is dict and v.keys() == keys:
        return v      # the common case, in one comparison
    return need_dict(v, path, keys | optional, tuple(sorted(keys)))


def need_int(v: Any, path: str, lo: int = 0, hi: int = SAFE_INT) -> int:
    if type(v) is not int:
        raise bad(path, f"should be a whole number, not {type(v).__name__}")
    if not lo <= v <= hi:
        raise bad(path, f"should be within {lo}..{hi}" if hi < SAFE_INT else f"should be at least {lo}")
    return v


def need_text(v: Any, path: str, most: int = 10_000) -> str:
    if type(v) is not str:
        raise bad(path, f"should be a text, not {type(v).__name__}")
    if len(v) > most:
        raise bad(path, f"is a text of {len(v)} characters (at most {most})")
    return v


def need_player(v: Any, path: str, c: Ctx, none: bool = True) -> int | None:
    if v is None and none:
        return None
    if type(v) is not int or not 0 <= v < c.n:
        raise bad(path, f"should be a player number 0..{c.n - 1}, not {short(v)}")
    return v


def need_code(v: Any, path: str, c: Ctx) -> str:
    if type(v) is not str or v not in c.rules.codes:
        raise bad(path, f"runs no code of these rules ({short(v)})")
    return v


def game_value(v: Any, path: str, c: Ctx) -> Any:
    """A copy of a game value: plain data whose dicts are references."""
    try:
        return checked_copy(v, 1, c.ref)
    except NotPlain as e:
        raise bad("", e.at(path)) from None


def game_record(d: dict, path: str, c: Ctx) -> dict:
    """A copy of a dict of game values (locals, an option, event arguments)."""
    out = {}
    ref = c.ref
    for k, x in need_dict(d, path).items():
        if type(k) is not str or len(k) > 400:
            raise bad(path, f"has a key {short(k)} that is not a name")
        t = type(x)
        if t is int and -SAFE_INT <= x <= SAFE_INT or t is str and len(x) <= TEXT_MAX or x is None or t is bool:
            out[k] = x   # most values are scalars: no call for them (a long log has 100k)
            continue
        try:
            out[k] = checked_copy(x, 1, ref)
        except NotPlain as e:
            raise bad("", e.at(f"{path}[{k!r}]")) from None
    return out


def ints_in(v: list, lo: int, hi: int) -> bool:
    """Every item an int (not a bool) within lo..hi: the quick test for long lists."""
    return not v or set(map(type, v)) == {int} and lo <= min(v) and max(v) <= hi
