"""One function per entry of ``signatures.FUNCTIONS``, under the same name.

Each takes ``(m, loc, *args)``; functions never change the state.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from . import access, outcome
from waybill.spec.errors import RuleError
from .limits import spend


def size(m: Any, loc: dict, of: Any) -> int:
    if type(of) is list:
        return len(of)
    if of is None:
        return 0
    if type(of) is str and of not in m.R.spaces and (of, None) not in m.L.zslot:
        return len(of)
    return len(m.st.zones[access.zone_slot(m, of, loc)])


def pieces(m: Any, loc: dict, zone: Any) -> list:
    return pile_pieces(m, m.st.zones[access.zone_slot(m, zone, loc)])


def pile_pieces(m: Any, pile: tuple) -> list:
    """``pieces`` of a zone whose pile is known (the compiled engine reads it at once)."""
    b = m.budget
    b.steps -= len(pile)
    if b.steps < 0:
        b.exhausted("steps")
    return [{"piece": p} for p in pile]


def top(m: Any, loc: dict, zone: Any) -> Any:
    return pile_top(m.st.zones[access.zone_slot(m, zone, loc)])


def pile_top(pile: tuple) -> Any:
    """``top`` of a zone whose pile is known."""
    return {"piece": pile[0]} if pile else None


def zone_of(m: Any, loc: dict, piece: Any) -> Any:
    if piece is None:
        return None
    slot = m.st.p_zone[access.piece_id(piece)]
    return access.zone_value(m, slot) if slot >= 0 else None


def space_of(m: Any, loc: dict, piece: Any) -> Any:
    if piece is None:
        return None
    slot = m.st.p_zone[access.piece_id(piece)]
    return m.L.z_id[slot] if slot >= 0 and m.L.z_space[slot] else None


def _space(m: Any, s: Any) -> str:
    if type(s) is dict and "zone" in s:
        s = s["zone"]
    if s not in m.R.spaces:
        raise RuleError(f"expected a space, got {s!r}")
    return s


def adjacent(m: Any, loc: dict, space: Any) -> list:
    return list(m.R.spaces[_space(m, space)].get("adjacent") or [])


def spaces(m: Any, loc: dict, tag: Any = None) -> list:
    return [s for s in m.R.space_order if tag is None or tag in (m.R.spaces[s].get("tags") or ())]


def region_of(m: Any, loc: dict, space: Any, tag: Any = None) -> Any:
    sid = _space(m, space)
    if tag is not None and type(tag) is not str:
        return _region_of(m.R, sid, tag)
    # regions never change during a game: each answer is kept on the rules
    # (a movement rule asks this at every space it walks)
    table = m.R.space_regions
    if table is None:
        table = m.R.space_regions = {}
    key = (sid, tag)
    if key in table:
        return table[key]
    if len(table) > _KEPT:          # a bound: tags may be computed texts
        table.clear()
    rid = table[key] = _region_of(m.R, sid, tag)
    return rid


_KEPT = 4096


def _region_of(rules: Any, sid: str, tag: Any) -> Any:
    """The first region (declaration order) holding space ``sid`` and, if
    ``tag`` is given, tagged ``tag``."""
    for rid in rules.region_order:
        rg = rules.regions[rid]
        if sid in (rg.get("spaces") or ()) and (tag is None or tag in (rg.get("tags") or ())):
            return rid
    return None


def spaces_in(m: Any, loc: dict, region: Any) -> list:
    rg = m.R.regions.get(region)
    if rg is None:
        raise RuleError(f"expected a region, got {region!r}")
    return list(rg.get("spaces") or [])


def regions(m: Any, loc: dict, tag: Any = None) -> list:
    return [r for r in m.R.region_order if tag is None or tag in (m.R.regions[r].get("tags") or ())]


def distance(m: Any, loc: dict, a: Any, b: Any) -> int:
    a, b = _space(m, a), _space(m, b)
    return _distances_from(m.R, a).get(b, -1)


def _distances_from(rules: Any, a: str) -> dict[str, int]:
    """Every space's distance from ``a``, by breadth-first search over the
    board's links, kept on the rules: links never change during a game, and
    a search bot's score hint may ask thousands of times per decision."""
    table = rules.space_distances
    if table is None:
        table = rules.space_distances = {}
    known = table.get(a)
    if known is None:
        known, todo = {a: 0}, deque([a])
        while todo:
            s = todo.popleft()
            for t in rules.spaces[s].get("adjacent") or ():
                if t not in known:
                    known[t] = known[s] + 1
                    todo.append(t)
        table[a] = known
    return known


def has_tag(m: Any, loc: dict, thing: Any, tag: str) -> bool:
    if type(thing) is str:
        # a space's or region's tags never change: kept on the rules as sets
        # (movement rules ask this for every space they look at)
        table = m.R.tag_sets
        if table is None:
            table = m.R.tag_sets = {}
        tags = table.get(thing)
        if tags is None:
            if thing not in m.R.spaces and thing not in m.R.regions:
                return False        # (no table entry per text that names nothing)
            tags = table[thing] = frozenset(t for t in _tags_of(m.R, thing) if type(t) is str)
        return tag in tags if type(tag) is str else tag in _tags_of(m.R, thing)
    if type(thing) is dict and ("piece" in thing or "entity" in thing):
        return tag in access.get_attr(m, thing, "tags")
    return False


def _tags_of(rules: Any, name: str) -> Any:
    decl = rules.spaces.get(name) or rules.regions.get(name) or {}
    return decl.get("tags") or ()


def players(m: Any, loc: dict) -> list:
    return list(m.L.player_refs)


def turn_order(m: Any, loc: dict, start: Any) -> list:
    i, n = access.player_index(start), m.L.n
    return [m.L.player_refs[(i + k) % n] for k in range(n)]


def opponents(m: Any, loc: dict, who: Any) -> list:
    return turn_order(m, loc, who)[1:]


def next_player(m: Any, loc: dict, who: Any) -> Any:
    return m.L.player_refs[(access.player_index(who) + 1) % m.L.n]


def player(m: Any, loc: dict, index: int) -> Any:
    if type(index) is not int or not 0 <= index < m.L.n:
        raise RuleError(f"no player in seat {index!r}")
    return m.L.player_refs[index]


def current_player(m: Any, loc: dict) -> Any:
    cur = m.st.current
    return None if cur is None else m.L.player_refs[cur]


def team_of(m: Any, loc: dict, who: Any) -> Any:
    return outcome.sides(m)[access.player_index(who)]


def teammates(m: Any, loc: dict, who: Any) -> list:
    i = access.player_index(who)
    of = outcome.sides(m)
    return [m.L.player_refs[j] for j in range(m.L.n) if j != i and of[j] == of[i]]


def players_in(m: Any, loc: dict) -> list:
    return [m.L.player_refs[i] for i in outcome.still_in(m)]


def winning_players(m: Any, loc: dict) -> list:
    result = m.st.result
    if not result:
        return []
    # (a game saved before `winners` was kept names its one winner)
    won = result.get("winners", [] if result.get("winner") is None else [result["winner"]])
    return [m.L.player_refs[i] for i in won]


def round_number(m: Any, loc: dict) -> int:
    return m.st.round


def pieces_of(m: Any, loc: dict, entity: Any) -> list:
    eid = entity["entity"] if type(entity) is dict else entity
    pz = m.st.p_zone
    spend(m, len(pz))      # walks every piece of the game
    return [{"piece": p} for p, e in enumerate(m.st.p_ent) if e == eid and pz[p] >= 0]


def entities(m: Any, loc: dict, kind: Any) -> list:
    return [{"entity": e} for e in m.R.kind_entities.get(kind, ())]


def lookup(m: Any, loc: dict, table: Any, value: int) -> Any:
    from .instructions import find_row
    return find_row(m, table, value)[1].get("value")


def abs(m: Any, loc: dict, x: int) -> int:  # noqa: A001 - the signature's name
    return -x if x < 0 else x


def lowest(m: Any, loc: dict, a: int, b: int) -> int:
    return a if a <= b else b


def highest(m: Any, loc: dict, a: int, b: int) -> int:
    return a if a >= b else b


def first(m: Any, loc: dict, items: Any) -> Any:
    items = access.as_list(m, items, loc)
    return items[0] if items else None


def last(m: Any, loc: dict, items: Any) -> Any:
    items = access.as_list(m, items, loc)
    return items[-1] if items else None


def contains(m: Any, loc: dict, items: Any, item: Any) -> bool:
    return item in access.walked(m, items, loc)


def uses(m: Any, loc: dict, action: str, who: Any = None, per: str = "round") -> int:
    if who is None:
        who = access.me_of(m, loc)
    table = m.st.uses.get(per)
    if table is None:
        raise RuleError(f"uses per must be turn, round or game, not {per!r}")
    return table.get(f"{action}|{access.player_index(who)}", 0)


def text_of(m: Any, loc: dict, value: Any) -> Any:
    # the name as data (access.text_value), said in a view's language
    return access.text_value(m, value)


def actions_open(m: Any, loc: dict, tag: Any, who: Any = None) -> int:
    if who is None:
        who = access.me_of(m, loc)
    key = (tag, access.player_index(who))
    known = m.open_actions
    if known is not None and key in known:
        return known[key]
    n = (_DECISIONS or _decisions()).open_count(m, key[1], tag)
    if m.open_actions is not None:
        m.open_actions[key] = n
    return n


_DECISIONS: Any = None


def _decisions() -> Any:
    # imported on first use: decisions imports the interpreter, which imports this module
    global _DECISIONS
    from . import decisions
    _DECISIONS = decisions
    return decisions


IMPLS = {name: globals()[name] for name in (
    "size", "pieces", "top", "zone_of", "space_of", "adjacent", "spaces", "region_of",
    "spaces_in", "regions", "distance", "has_tag", "players", "turn_order", "opponents",
    "next_player", "player", "current_player", "round_number", "pieces_of", "entities",
    "lookup", "abs", "lowest", "highest", "first", "last", "contains", "uses", "text_of",
    "actions_open", "team_of", "teammates", "winning_players", "players_in")}
