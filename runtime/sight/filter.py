"""The one filter between the game and a seat: what that seat may see.

Everything a seat gets — its view, the log, events, its options — passes
through a ``Sight``, so there is one place that decides. A seat (or a
spectator, ``None``) *sees* a piece when its zone is visible to it
(``visible: all``, or ``owner`` and the zone is the seat's) or when the
piece was revealed to it and has not moved since (``reveal.py``). A piece it
sees is shown by its handle (``handles.py``); any other piece is
``{"hidden": true}``, with no handle, entity or props.

The log is filtered by what the seat could see *when each entry was
written*: walking the log backwards from the present and undoing each
``moved`` event tells where every piece was at every entry. A move is seen
when its source or its destination zone is; a ``revealed`` event names its
piece to every seat, or to its ``to`` seat alone. Other players' answers to
pick/order decisions keep no label or value; to a simultaneous decision
(`choose each`), only that they answered. Of a simultaneous decision a seat
sees its own ask, and who is still waiting. Text (prompts, labels of
choose options, ``log`` lines) is the content's and is passed as written;
pick/order labels of hidden pieces become "hidden".

Everything returned is a fresh copy: a caller may edit it freely.
"""

from __future__ import annotations

from typing import Any, Callable

from waybill.spec.errors import WaybillError
from ..engine.decisions import ask_of
from ..engine.handles import handle
from ..engine.outcome import sides
from ..engine.reveal import known_pieces
from ..engine.english import english, label_english

HIDDEN = {"hidden": True}
_NESTED = frozenset((dict, list, tuple))


class Sight:
    __slots__ = ("m", "player", "zones", "_known", "handles")

    def __init__(self, m: Any, player: int | None):
        lay = m.L
        self.m = m
        self.player = player
        self.zones = _zones_seen(lay, player, _sides(m) if lay.z_team else None)
        self._known: dict[int, int] | None = None
        self.handles = m.st.handles

    @property
    def known(self) -> dict[int, int]:
        """``{piece: zone slot}`` of the pieces privately shown to this seat
        and not moved since. Found on first use: it walks the log since each
        reveal, and most Sights (options, a bot's reader) only ask about
        pieces in zones the seat sees into."""
        known = self._known
        if known is None:
            known = self._known = known_pieces(self.m.st, self.player)
        return known

    # --- now -------------------------------------------------------------------

    def sees(self, pid: int) -> bool:
        zones = self.m.st.p_zone
        if not 0 <= pid < len(zones):     # a number that names no piece (a damaged save) names nothing
            return False
        slot = zones[pid]
        return slot >= 0 and (self.zones[slot] or self.known.get(pid) == slot)

    def value(self, v: Any, sees: Callable[[int], bool] | None = None) -> Any:
        """A copy of ``v`` with every piece shown as this seat may see it
        (by ``sees``, default: as the game stands now)."""
        t = type(v)
        if t is dict:
            if len(v) == 1:
                # the commonest shapes, {"piece": p} and {"player": i}, without a comprehension
                for k, x in v.items():
                    if k == "piece" and type(x) is int:
                        return {"piece": handle(self.handles, x)} if (sees or self.sees)(x) else dict(HIDDEN)
                    return {k: self.value(x, sees) if type(x) in _NESTED else x}
            # leaves are copied inline: views copy the whole log, and a call per leaf doubles that
            return {k: self.value(x, sees) if type(x) in _NESTED else x for k, x in v.items()}
        if t is list or t is tuple:
            return [self.value(x, sees) if type(x) in _NESTED else x for x in v]
        return v

    def named(self, v: Any) -> Any:
        """Like ``value``, but a piece this seat sees also carries its entity
        (``{"piece": handle, "entity": id}``), so a display can name it."""
        t = type(v)
        if t is dict:
            pid = v.get("piece")
            if type(pid) is int and len(v) == 1:
                return {"piece": handle(self.handles, pid), "entity": self.m.st.p_ent[pid]} \
                    if self.sees(pid) else dict(HIDDEN)
            return {k: self.named(x) for k, x in v.items()}
        if t is list or t is tuple:
            return [self.named(x) for x in v]
        return v

    def entity_seen(self, pid: Any) -> str | None:
        """The entity of piece ``pid`` if this seat sees it, else None."""
        return self.m.st.p_ent[pid] if type(pid) is int and self.sees(pid) else None

    def zone(self, slot: int, props: dict[int, dict]) -> dict:
        st, lay = self.m.st, self.m.L
        pile = st.zones[slot]
        z = {"zone": lay.z_id[slot], "of": lay.z_of[slot], "count": len(pile)}
        if self.zones[slot]:
            z["pieces"] = [self._piece(p, props) for p in pile]
        else:
            known = [p for p, s in self.known.items() if s == slot]
            if known:
                # sorted by handle: the order of a hidden zone stays hidden
                z["known"] = sorted((self._piece(p, props) for p in known), key=lambda x: x["piece"])
        return z

    def _piece(self, pid: int, props: dict[int, dict]) -> dict:
        out = {"piece": handle(self.handles, pid), "entity": self.m.st.p_ent[pid]}
        if pid in props:
            out["props"] = self.value(props[pid])
        return out

    def options(self, options: list[dict]) -> list[dict]:
        """The options of a decision this seat is to answer."""
        return [self._answer(opt, self.sees) for opt in options]

    def actions(self, options: list[dict], player: int, decision: int, labels: list[str]) -> list[dict]:
        """The options of a decision this seat is to answer as its legal
        actions: ``{"player", "decision", "option": i, "label"}`` then the
        option as ``options`` shows it (``_answer``), built as one dict
        each, not an answer then a copy of it with the head in front (every
        decision of every game is listed here). ``labels``: each option's
        English words (english.option_labels: the state keeps none)."""
        got = plain_actions(options, player, decision, labels)
        return got if got is not None else self.shown_actions(options, player, decision, labels)

    def shown_actions(self, options: list[dict], player: int, decision: int, labels: list[str]) -> list[dict]:
        """``actions``, each option looked at for the pieces it shows."""
        nested = _NESTED
        sees, value, out = self.sees, self.value, []
        for i, opt in enumerate(options):
            if len(opt) == 1 and "piece" in opt:    # a lone {"piece": p} is shown as a whole: the general way
                out.append({"player": player, "decision": decision, "option": i, "label": labels[i],
                            **self._answer(opt, sees)})
                continue
            a = {"player": player, "decision": decision, "option": i, "label": labels[i], **opt}
            # most options hold no list or dict (no piece): the test runs in C
            if not nested.isdisjoint(map(type, opt.values())):
                for k, x in opt.items():
                    if type(x) in nested:
                        a[k] = value(x, sees)
                # (a hidden value is a dict: only an option holding one can have one)
                v = a.get("value")
                if type(v) is dict and v == HIDDEN and opt.get("value") != HIDDEN:
                    a["label"] = "hidden"
            src = opt.get("source")
            if type(src) is int:
                a["source"] = handle(self.handles, src) if sees(src) else dict(HIDDEN)
            out.append(a)
        return out

    def _answer(self, opt: dict, sees: Callable[[int], bool]) -> dict:
        """An option (or a logged answer) as this seat sees it: an act's
        ``source`` is a bare piece number, and a hidden piece's label would
        name it."""
        o = self.value(opt, sees)
        src = opt.get("source")
        if type(src) is int:
            o["source"] = handle(self.handles, src) if sees(src) else dict(HIDDEN)
        if o.get("value") == HIDDEN and opt.get("value") != HIDDEN:
            o["label"] = "hidden"
        return o

    def pending(self, pending: dict | None) -> dict | None:
        if pending is None:
            return None
        if "waiting" in pending:
            # a simultaneous decision: this seat's own ask if it is waiting,
            # and who is waiting (never what the others are asked or answered)
            asked = ask_of(pending, self.player)
            if asked is None:
                return {"player": pending["player"], "kind": pending["kind"], "waiting": list(pending["waiting"])}
            pending = {**asked, "waiting": pending["waiting"]}
        if pending["player"] != self.player:
            return {"player": pending["player"], "kind": pending["kind"]}
        out = {k: self.value(v) for k, v in pending.items() if k != "options"}
        out["options"] = self.options(pending["options"])
        return out

    # --- the log -----------------------------------------------------------------

    def log(self, entries: list[dict], start: int = 0) -> list[dict]:
        """``entries[start:]`` (the whole log, oldest first, the last entry
        written last) as this seat saw each when it was written. Only those
        are filtered and copied: a view of the log's tail (``log_from``) costs
        what the tail holds, plus a scan of the earlier entries for reveals."""
        knew = self._known_then(entries, start)
        where = list(self.m.st.p_zone)    # where each piece is after the entry at hand
        out: list[Any] = [None] * max(0, len(entries) - start)
        now = self.zones
        try:
            for i in range(len(entries) - 1, start - 1, -1):
                e = entries[i]
                move = self._move(e) if e.get("event") == "moved" and e.get("type") == "event" else None
                out[i - start] = self._entry(e, where, knew[i - start], move)
                if move is not None and move[0] is not None:
                    where[move[0]] = move[1]     # before this move it was at its source
                if e.get("type") == "sides" and type(e.get("was")) is list:
                    # before the sides changed, `visible: team` zones were seen as the old sides allowed
                    self.zones = _zones_seen_of(self.m.L, self.player, e["was"])
        finally:
            self.zones = now
        return out

    def _known_then(self, entries: list[dict], start: int = 0) -> list[frozenset]:
        """The pieces revealed to this seat (or to all) and not moved since,
        after each entry from ``start`` on (the earlier ones are read for their reveals)."""
        out: list[frozenset] = []
        known: frozenset = frozenset()
        append = out.append
        for i, e in enumerate(entries):
            ev = e.get("event")
            if ev == "moved" and known and e.get("type") == "event":
                pid = self._move(e)[0]
                if pid in known:
                    known = known - {pid}
            elif ev == "revealed" and e.get("type") == "event" and self._shown_to_me(e):
                ref = e["args"].get("piece")
                pid = ref.get("piece") if type(ref) is dict else None
                if type(pid) is int:
                    known = known | {pid}
            if i >= start:
                append(known)
        return out

    def _shown_to_me(self, e: dict) -> bool:
        args = e.get("args")
        if not isinstance(args, dict):
            return False
        to = args.get("to")
        return to is None or (type(to) is dict and self.player is not None and to.get("player") == self.player)

    def _entry(self, e: dict, where: list[int], knew: frozenset, move: tuple | None) -> dict:
        zones = self.zones

        def then(pid: int) -> bool:
            return (0 <= pid < len(where) and where[pid] >= 0 and zones[where[pid]]) or pid in knew

        kind = e.get("type")
        if kind == "sides":
            return {"type": "sides"}       # (who is on which side is the rules' to show, not the log's)
        if kind == "event":
            if move is not None:
                pid, source, to = move
                if pid is not None:
                    # a move is seen where it starts or ends, never through a
                    # private reveal (the seat sees a card go, not which)
                    seen = (source >= 0 and zones[source]) or (to >= 0 and zones[to])
                    return self.value(e, lambda p: seen if p == pid else then(p))
            elif e.get("event") == "revealed" and self._shown_to_me(e):
                return self.value(e, lambda p: True)
            return self.value(e, then)
        if kind == "action":
            if e.get("player") != self.player and e.get("each"):
                # another seat's answer to a simultaneous decision: that it answered, never what
                return {k: e[k] for k in ("type", "player", "decision", "kind", "each") if k in e}
            if e.get("player") != self.player and e.get("kind") in ("pick", "order"):
                return {k: e[k] for k in ("type", "player", "decision", "kind") if k in e}
            out = self._answer(e, then)
            return out if "label" in out else answer_words(self.m, e, out)
        # a line said (its pieces too) as the seat saw it when said: a log entry
        # never changes once sent (the server sends each entry once, serve/wire.py)
        out = self.value(e, then)
        return said_words(self.m, e, out) if kind == "say" or kind == "stopped" else out

    def _move(self, e: dict) -> tuple[int | None, int, int]:
        """(piece, source slot, destination slot) of a ``moved`` entry; -1 = out of play."""
        args = e.get("args")
        if not isinstance(args, dict):
            return None, -1, -1
        ref = args.get("piece")
        pid = ref.get("piece") if type(ref) is dict else None
        if type(pid) is not int or not 0 <= pid < len(self.m.st.p_zone):
            return None, -1, -1
        return pid, self._slot(args.get("source")), self._slot(args.get("to"))

    def _slot(self, z: Any) -> int:
        zslot = self.m.L.zslot
        if type(z) is str:
            slot = zslot.get((z, None))
        elif type(z) is dict:
            try:
                slot = zslot.get((z.get("zone"), z.get("of")))
            except TypeError:        # an unhashable "of" in a damaged entry
                slot = None
        else:
            slot = None
        return -1 if slot is None else slot


def answer_words(m: Any, e: dict, out: dict) -> dict:
    """An answer in the log as the seat is shown it: with its English label
    (english.label_english, from the raw entry ``e``), after its ``option``,
    where the entry kept it before (issue 24: the log keeps no words)."""
    label = label_english(m, e.get("kind"), e, e.get("msg"))
    got: dict = {}
    for k, v in out.items():
        got[k] = v
        if k == "option":
            got["label"] = label
    if "label" not in got:
        got["label"] = label
    return got


def said_words(m: Any, e: dict, out: dict) -> dict:
    """A `log` line or a stopped effect's line as the seat is shown it: with
    its English words, said again from its message id and values (the state
    keeps no words a message of the rules can say, issue 24), in the place
    the entry kept them before."""
    key = "text" if e.get("type") == "say" else "message"
    if key in out or "msg" not in e:
        return out
    words = english(m, e.get("msg"), e.get("args"))
    return {"type": out.get("type"), key: words if words is not None else str(e.get("msg")), **out}


def _sides(m: Any) -> list:
    """The game's sides for `visible: team`; a `teams` expression that fails
    here (it is content) leaves every seat its own side: it then sees no
    more than `owner` would."""
    try:
        return sides(m)
    except (WaybillError, TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError):
        return list(range(m.L.n))


def plain_actions(options: list[dict], player: int, decision: int, labels: list[str]) -> list[dict] | None:
    """``Sight(m, player).actions(options, player, decision)`` when no option
    shows a piece (no list or dict in any, no piece as a source), else None:
    each is shown as it is, after its head, whoever the seat. Most
    decisions' options are such (a choice of words, a number, actions with
    no host piece), and then no Sight is needed."""
    if not plain_options(options):
        return None
    return [{"player": player, "decision": decision, "option": i, "label": label, **opt}
            for i, (opt, label) in enumerate(zip(options, labels))]


def plain_options(options: list[dict]) -> bool:
    """Whether no option shows a piece (no list or dict in any, no piece as
    a source): each is then shown as it is, whoever the seat."""
    nested = _NESTED
    for opt in options:
        if (len(opt) == 1 and "piece" in opt) or not nested.isdisjoint(map(type, opt.values())) \
                or type(opt.get("source")) is int:
            return False
    return True


_ZONES_SEEN: dict[tuple[int, Any], tuple[Any, list[bool]]] = {}


def _zones_seen(lay: Any, player: int | None, side: list | None = None) -> list[bool]:
    """Which zone slots ``player`` sees. Zone visibility never changes in a
    game, and a Sight is made for every options list, so it is kept per
    layout (checked by identity: ids of dead layouts get reused); the last
    layout asked answers first (a game asks about its own, decision after
    decision)."""
    if side is not None:
        # `visible: team` reads the sides, which the game may draw: asked each time
        return _zones_seen_of(lay, player, side)
    last = _LAST_LAYOUT
    if last[0] is lay:
        got = last[1].get(player)
        if got is not None:
            return got
    else:
        last[0], last[1] = lay, {}
    got = last[1][player] = _zones_seen_of(lay, player)
    return got


_LAST_LAYOUT: list = [None, {}]      # [a layout, {player: _zones_seen(layout, player)}]


def seen_by(vis: Any, of: Any, player: int | None, n: int, side: list | None) -> bool:
    """Whether seat ``player`` sees a zone of ``vis`` owned by ``of``:
    `all`, `owner`, `none`, or any of the seats `owner`, `others` (all but
    the owner), `team` (the owner's side, the owner too), `left`/`right`
    (the seat before/after the owner). A spectator sees `all` zones only."""
    if vis == "all":
        return True
    if player is None or of is None:
        return False
    for w in ((vis,) if type(vis) is str else vis):
        if w == "owner" and player == of or w == "others" and player != of \
                or w == "left" and player == (of - 1) % n or w == "right" and player == (of + 1) % n \
                or w == "team" and side is not None and side[player] == side[of]:
            return True
    return False      # [a layout, {player: _zones_seen(layout, player)}]


def _zones_seen_of(lay: Any, player: int | None, side: list | None = None) -> list[bool]:
    if side is not None:
        return [seen_by(vis, of, player, lay.n, side) for vis, of in zip(lay.z_visible, lay.z_of)]
    key = (id(lay), player)
    hit = _ZONES_SEEN.get(key)
    if hit is not None and hit[0] is lay:
        return hit[1]
    seen = [seen_by(vis, of, player, lay.n, None) for vis, of in zip(lay.z_visible, lay.z_of)]
    if len(_ZONES_SEEN) > 256:        # a bound, not a policy: layouts are few
        _ZONES_SEEN.clear()
    _ZONES_SEEN[key] = (lay, seen)
    return seen


# what the log keeps of an answer besides the option answered: its kind, the menu a
# `choose` answer names, the question asked (its id and variables), the mark
# of an answer to a simultaneous decision
_LOGGED_ONLY = frozenset(("type", "kind", "msg", "ask", "ask_args", "each"))


def answers(m: Any) -> list[dict]:
    """Every answer in the log as its player was offered it (what ``replay``
    applies): pieces by the handles that player saw then."""
    log = m.st.log.entries()
    seen: dict[Any, list[dict]] = {}
    out = []
    for i, e in enumerate(log):
        if e.get("type") != "action":
            continue
        p = e.get("player")
        if p not in seen:
            seen[p] = Sight(m, p if type(p) is int else None).log(log)
        out.append({k: v for k, v in seen[p][i].items() if k not in _LOGGED_ONLY})
    return out
