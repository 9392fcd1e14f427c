"""``Game``: the embedding API over the machine.

A game is the IR's ``setup`` block then its ``play`` block, run by the same
interpreter until a decision is pending or the game is over. Answering a
decision is applying one of ``legal_actions()``; nothing else advances the
game.
"""

from __future__ import annotations

from typing import Any, Iterable

from .engine import interpreter
from .sight import board as _board
from .sight import cards as _cards
from .sight import view as _view
from .text import words as _words
from waybill.spec.errors import IllegalAction, RuleError, WaybillError
from .engine.frames import Machine
from .engine.limits import Budget
from .rules import Rules
from .engine.arguments import options_problem, player_names, players_problem, said, seed_problem
from .saves.check import checked_fields
from .saves.versions import VERSION, migrated
from .sight.filter import Sight, answer_words, answers, plain_options, said_words
from .engine.primitives import sorted_pile, without
from .engine.english import english, option_labels, prompt_english
from .engine.decisions import ask_of, waiting_seats
from .engine.outcome import note_sides
from .sight.reader import SeatReader
from .engine.state import State, new_state


class Game:
    __slots__ = ("rules", "m")

    def __init__(self, rules: Rules, state: State):
        self.rules = rules
        self.m = Machine(rules, rules.layout(len(state.players)), state)

    # --- creating ------------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules, players: int | list[str], seed: int,
            options: dict | None = None) -> "Game":
        """A game of ``players`` (a count, or a list of names) from ``seed``,
        after its setup, waiting for the first decision. ``WaybillError``
        naming the argument if one is not what it should be (checked before
        any work is done); a mistake in the content found while setting up
        is a ``RuleError``."""
        _check_arguments(rules, players, seed, options)
        names = player_names(players)
        try:
            return cls._setup(rules, names, seed, options, reference=False)
        except Exception:
            if rules.fast is None:
                raise
        # the compiled engine stopped: the reference interpreter says why (pygen.py)
        rules.deopts += 1
        g = cls._setup(rules, names, seed, options, reference=True)
        g.m.reference = False
        return g

    @classmethod
    def _setup(cls, rules: Rules, names: list[str], seed: int, options: dict | None,
               reference: bool) -> "Game":
        try:
            g = cls(rules, new_state(rules.layout(len(names)), names, seed, options))
            m = g.m
            m.reference = reference
            m.budget = Budget(rules.limits, armed=True)     # the setup gets one action's budget
            interpreter.push(m, "play", {}, "play")
            interpreter.push(m, "setup", {}, "setup")
            g._run()
            if m.L.z_team and rules.sides is not None:
                note_sides(g.m)
            m.budget = rules.idle_budget
        except WaybillError:
            raise
        except Exception as exc:
            raise RuleError(f"setting up the game failed: {interpreter.python_error(exc)}") from exc
        return g

    @classmethod
    def from_json(cls, rules: Rules, data: dict) -> "Game":
        """A game saved by ``to_json``. ``data`` is checked in full and
        copied (the game never shares it); ``BadSave`` (a ``WaybillError``)
        names the first field that is wrong."""
        if not isinstance(rules, Rules):
            raise WaybillError(f"rules should be a Rules (from load_pack), not {type(rules).__name__}")
        if type(data) is dict:      # (anything else: check.py says what it should be)
            data = migrated(data, lambda old: _replayed(rules, old))
        return cls(rules, State.from_json(checked_fields(data, rules)))

    @classmethod
    def replay(cls, rules: Rules, seed: int, actions: Iterable[dict], players: int | list[str] = 2,
               options: dict | None = None) -> "Game":
        """The game ``new`` starts, after ``actions`` (each checked by ``apply``)."""
        _check_arguments(rules, players, seed, options)
        try:
            actions = iter(actions)
        except TypeError:
            raise WaybillError(f"actions should be a list of actions, not {type(actions).__name__}") from None
        g = cls.new(rules, players, seed, options)
        for a in actions:
            g.apply(a)
        return g

    def clone(self) -> "Game":
        g = Game.__new__(Game)
        g.rules = self.rules
        g.m = Machine(self.rules, self.m.L, self.m.st.clone())
        # the legality cache checks its reads against whichever state asks: shared
        g.m.legality = self.m.legality
        g.m.sides_seen = self.m.sides_seen
        return g

    def determinise(self, seat: int, rng: Any, log: bool = False) -> "Game":
        """A clone consistent with what ``seat`` sees, everything it does not
        see resampled (hidden pieces, the random stream): what a search bot
        plays on. ``rng`` is a ``random.Random`` or an int seed. See
        ``determinise.py``."""
        from .sight.determinise import determinise
        from .sight.view import check_viewer
        check_viewer(seat, self.m.L.n)
        return determinise(self, seat, rng, log)

    def to_json(self, log: bool = True) -> dict:
        """The whole game as JSON-ready data, the caller's own (a deep copy).
        ``log=False`` saves it without its history (small and quick, for
        sending a position or for search); the loaded game plays on
        identically, and its log starts afresh at entry ``state.log_from``.
        The log is saved as JSON text, each entry encoded once and kept, so
        saving costs little more at the end of a long game than at its start.
        The save names its format (``"version"``, docs/SAVES.md): ``from_json``
        brings an older one up to date and refuses one it does not know."""
        return {"version": VERSION, **self.m.st.to_json(log)}

    # --- playing -------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> list[dict]:
        """The moves of the player to act, as that player sees them (pieces
        by the handles of its view), each with its English ``label`` and
        the ``id`` its view shows (``<decision id>#<option>``: a program
        matches options by it); the caller owns the list. ``apply`` takes
        one of them, or one without ``label`` or ``id`` (older clients).
        With ``seat``, that seat's moves: its options if the pending
        decision waits for it, else none. A simultaneous decision (`choose
        each`) waits for several seats (``waiting``); without ``seat`` the
        lowest of them is meant."""
        st = self.m.st
        p = st.pending
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.m.L.n):
            raise WaybillError(f"legal_actions takes a seat number 0..{self.m.L.n - 1} or None, not {seat!r}")
        if p is None or st.over:
            return []
        if seat is not None or "waiting" in p:
            p = ask_of(p, p["player"] if seat is None else seat)
            if p is None:
                return []
        who = p["player"]
        m = self.m
        d = st.decision
        opts = p["options"]
        # each with its English words (the state keeps none) and the id its
        # view shows (a program matches options by it); the ids kept for
        # `apply` to check an action's against
        global _IDS
        at = _view.pending_at(m)
        if plain_options(opts):      # (no piece shown: no Sight needed, the words kept per rules)
            labels, ids = _view.plain_words(m, p, at)
            got = [{"player": who, "decision": d, "option": i, "label": label, **opt, "id": x}
                   for i, (opt, label, x) in enumerate(zip(opts, labels, ids))]
        else:
            labels = option_labels(m, p)
            got = Sight(m, who).shown_actions(opts, who, d, labels)
            ids = _view.option_ids(m, got, at, p)
            for a, x in zip(got, ids):
                a["id"] = x
        _IDS = (st.pending, d, who, ids, labels)
        return got

    @property
    def waiting(self) -> list[int]:
        """The seats the pending decision waits for, lowest first: its one
        player, or every seat of a simultaneous decision yet to answer (any
        of them may answer next); empty when none is pending."""
        st = self.m.st
        return [] if st.over else waiting_seats(st.pending)

    def _action(self, i: int, opt: dict, player: int) -> dict:
        return {"player": player, "decision": self.m.st.decision, "option": i, **opt}

    def apply(self, action: dict) -> None:
        """Answer the pending decision with one of ``legal_actions()``; raises
        ``IllegalAction`` (state untouched) for anything else. A ``RuleError``
        (a mistake in the content, found while the answer plays out) also
        leaves the game as it was before the action, so the caller can
        report it and go on with another answer or save the game."""
        m = self.m
        st = m.st
        legal = self._match(action)
        kept = st.keep()
        # a fresh budget for this action (not `limits.armed`: a context
        # manager costs a few µs, and apply is the hot path of every bot);
        # _budget written out
        limits = self.rules.limits
        try:
            b = _SPARE.pop()        # (atomic: another thread may take the last one)
        except IndexError:
            b = None
        if b is None or b.limits is not limits:
            b = Budget(limits, armed=True, seq=st.seq)
        else:
            steps, events, created = b.full        # (Budget.refill, written out)
            b.steps, b.last_event, b.created = steps, st.seq + events, created
        m.budget = b
        try:
            pending = st.pending
            # a recipe, built when read (record.py; Log.append written out)
            lg = st.log
            # (an answer to a menu names the menu: a view says its line from it)
            # (the question asked is kept by its id and variables: the log says "who — question — answer")
            if pending["kind"] == "choose" and "msg" in pending:
                (lg.page if not lg.shared else lg.own()).extend((4, _menu_entry, pending["msg"], legal,
                                                                 pending.get("args")))
            elif "waiting" in pending:
                # one seat's answer to a simultaneous decision: marked, so that
                # the other seats' views of the log say only that it answered
                pending = ask_of(pending, legal["player"])
                (lg.page if not lg.shared else lg.own()).extend((5, _each_entry, pending["kind"], legal,
                                                                 pending.get("msg"), pending.get("args")))
            else:
                (lg.page if not lg.shared else lg.own()).extend((5, _action_entry, pending["kind"], legal,
                                                                 pending.get("msg"), pending.get("args")))
            try:
                # interpreter.answer, written out
                st.pending = None
                fr = st.stack[-1]
                m.R.codes[fr["code"]][fr["pc"] - 1][2](m, fr, pending, legal["option"])
            except WaybillError:
                raise
            except Exception as exc:
                # answering runs outside the interpreter loop (which turns
                # Python errors into RuleErrors itself): a damaged save can
                # only reach it here
                raise RuleError(f"the pending decision could not take this answer "
                                f"({interpreter.python_error(exc)}); the saved game or the content "
                                "is damaged") from exc
            self._run()
            if m.L.z_team and m.R.sides is not None:      # `visible: team` follows the sides of each moment
                note_sides(self.m)
            m.budget = self.rules.idle_budget
            if len(_SPARE) < 4:
                _SPARE.append(b)
        except BaseException as exc:
            # whatever happened (a RuleError, a budget run out, even an
            # interrupt), the game is as it was before the action
            reference = m.reference
            st.restore(kept)
            # a new machine: nothing it kept (listings, created pieces) survives
            self.m = Machine(self.rules, m.L, st)
            if isinstance(exc, Exception) and self.rules.fast is not None and not reference:
                # the compiled engine stopped: the reference interpreter
                # plays the action again and says why (pygen.py)
                self.rules.deopts += 1
                self.m.reference = True
                try:
                    self.apply(action)
                finally:
                    self.m.reference = False
                return
            if isinstance(exc, WaybillError) or not isinstance(exc, Exception):
                raise
            raise RuleError(interpreter.python_error(exc)) from exc

    def _match(self, action: Any) -> dict:
        """The kernel's own copy of ``action`` if it is one of
        ``legal_actions()``, else ``IllegalAction`` saying why."""
        global _MATCHED
        st = self.m.st
        p = st.pending
        seen = _MATCHED
        if seen[0] is p and p is not None and seen[1] == st.decision and type(action) is dict:
            i = action.get("option")
            hit = seen[2].get(i) if type(i) is int else None
            if hit is not None and action == hit[0]:
                return hit[1]
        legal, plain = self._checked(action)
        if plain:
            # a piece-free answer is a function of the decision alone: kept,
            # with the action that was found to answer it (its words
            # checked), for the next game that answers it (clones share
            # their pending decision; a search bot answers one decision in
            # many clones)
            if seen[0] is p and seen[1] == st.decision:
                seen[2][legal["option"]] = (dict(action), legal)
            else:
                _MATCHED = (p, st.decision, {legal["option"]: (dict(action), legal)})
        return legal

    def _checked(self, action: Any) -> tuple[dict, bool]:
        """The kernel's copy of ``action`` (``IllegalAction`` if it is not
        one of ``legal_actions()``) and whether it names no piece (``_plain``:
        told once, here, for ``_match`` too)."""
        st = self.m.st
        if st.over:
            raise IllegalAction("the game is over")
        pending = st.pending
        if pending is None:
            raise IllegalAction("no decision is pending")
        if not isinstance(action, dict):
            raise IllegalAction(f"an action is a dict from legal_actions(), not {action!r}")
        decision = st.decision
        if action.get("decision") != decision:
            raise IllegalAction(f"action answers decision {action.get('decision')!r}, "
                                f"but the pending decision is {decision}")
        player = pending["player"]
        if action.get("player") != player:
            asked = ask_of(pending, action.get("player")) if "waiting" in pending else None
            if asked is None:
                raise IllegalAction(f"player {action.get('player')!r} may not act: decision {decision} "
                                    + (f"waits for players {pending['waiting']}" if "waiting" in pending
                                       else f"is player {player}'s"))
            pending, player = asked, asked["player"]
        elif "waiting" in pending:
            pending = ask_of(pending, player)
        i = action.get("option")
        options = pending["options"]
        if type(i) is not int or not 0 <= i < len(options):
            raise IllegalAction(f"option {i!r} is not one of 0..{len(options) - 1}")
        # compared as the seat was shown it; logged and answered as the kernel has it
        opt = options[i]
        plain = _plain(opt)
        # (the head as _action makes it, written out: every apply checks one)
        legal = {"player": player, "decision": decision, "option": i,
                 **(opt if plain else Sight(self.m, player).options([opt])[0])}
        if action != legal:       # (equal: every field matches, compared in C)
            for k, v in action.items():
                # (the label the seat was shown: the state keeps the option's
                # words only where no message says them, english.label_english)
                want = legal.get(k) if (k != "label" and k != "id") or k in legal else \
                    self._offered(i, k == "label", player)
                if want != v:
                    raise IllegalAction(f"action field {k!r} is {v!r}, expected {want!r}")
        return (legal if plain else self._action(i, opt, player)), plain

    def _offered(self, i: int, label: bool, player: int) -> str:
        """The id (or with ``label``, the label) ``legal_actions(player)``
        gives option ``i`` of the pending decision: kept from its last call."""
        st = self.m.st
        kept = _IDS
        if kept[0] is not st.pending or kept[1] != st.decision or kept[2] != player:
            self.legal_actions(player)
            kept = _IDS
        return kept[4][i] if label else kept[3][i]

    def _run(self) -> None:
        m = self.m
        fast = m.R.fast
        if fast is not None and not m.reference:
            fast(m)                 # (interpreter.run, one call less: this is every apply)
        else:
            interpreter.interpret(m)
        # Invariants cost time on every step, so they are checked only when
        # asked for (options={"check_invariants": True}, used by soak tests).
        if self.m.st.options.get("check_invariants"):
            broken = self.broken_invariants()
            if broken:
                iid, text = broken[0]
                raise RuleError(f"invariant {iid!r} broken: {text}")

    def broken_invariants(self) -> list[tuple[str, str]]:
        """(id, text) of every invariant declared in content that does not hold now."""
        return [(iid, text) for iid, text, expr, at in self.rules.invariants
                if not self._judge(expr, {}, f"invariant {iid}", at)]

    # --- reading -------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.m.st.over

    @property
    def winner(self) -> int | None:
        return self.m.st.winner

    @property
    def result(self) -> dict | None:
        return self.m.st.result

    def sides(self) -> list:
        """The side of each seat (the game's `teams`; each its own without, one
        for all in a cooperative game): see runtime/engine/outcome.py."""
        from .engine.outcome import sides
        return sides(self.m)

    @property
    def cooperative(self) -> bool:
        return self.rules.cooperative

    @property
    def current_player(self) -> int | None:
        return self.m.st.current

    @property
    def pending(self) -> dict | None:
        """The pending decision as the state holds it (the game's: do not
        edit it), with its ``prompt`` in English: the state keeps a
        prompt's message id and values, not its words, where the rules'
        message says them (issue 24), and they are said here again."""
        global _SAID_PENDING
        p = self.m.st.pending
        if p is None or "prompt" in p:
            return p
        kept = _SAID_PENDING
        if kept[0] is p:            # (bots ask several times a decision: said once)
            return kept[1]
        said = {"player": p["player"], "kind": p["kind"], "prompt": prompt_english(self.m, p), **p}
        _SAID_PENDING = (p, said)
        return said

    @property
    def decision(self) -> int:
        """How many decisions came before the pending one (an answer names it)."""
        return self.m.st.decision

    @property
    def log(self) -> list[dict]:
        """The log's entries, a new list (the entries themselves are the
        game's: do not edit them). A loaded record is checked when first read.
        A `log` line and a stopped effect's line have their English words
        (``text``, ``message``) in a copy: the state keeps their message id
        and values, and says them here again (issue 24)."""
        m = self.m
        return [e if (t := e.get("type")) not in _SAID else said_words(m, e, e) if t != "action" else
                e if "label" in e else answer_words(m, e, e) for e in m.st.log.entries()]

    @property
    def state(self) -> State:
        # the caller may change it in place (scenario tools, tests): its own
        # containers, not a clone's shared ones (State.clone)
        self.m.st.own()
        return self.m.st

    def view(self, player: int | None, log: bool | None = None, log_from: int | None = None,
             zones: bool = False, display: bool = True, lang: str | None = None, cards: bool = True) -> dict:
        """What ``player`` (a seat index, or None for a spectator) may see.
        Lean by default: the pack's display, the question, the counters.
        ``log=True`` adds the whole log, ``log_from=N`` the entries from
        index N on (``log_end`` of an earlier view); ``zones=True`` lists
        every non-empty zone (what bots read), ``display=False`` leaves out
        the display and entities. ``lang`` (e.g. "ru") says every
        player-facing string in that language, English where its catalogue
        lacks one. ``cards=False`` names cards by id only, leaving out
        ``entities`` and a display zone's ``text`` (its cards' names): for a client
        that asked ``cards()`` once (what ``waybill serve`` sends). The
        caller owns the result."""
        return _view.view(self.m, player, log, log_from, zones, display, lang, cards)

    def cards(self, lang: str | None = None) -> dict[str, dict]:
        """Every card (entity) of the game's rules by id: ``name``, ``kind``,
        ``text`` and ``fields``, which never change, so a frontend asks once
        and views name cards by id (``view(..., cards=False)``). The same for
        every seat and state: the pack's cards, not the game's pieces
        (runtime/sight/cards.py)."""
        return _cards.cards(self.m.R, _words.words(self.m, lang) if lang else None)

    def boards(self, lang: str | None = None) -> list[dict]:
        """The geometry of each board the pack draws (spaces with positions,
        links, regions, what is shown): the same for every seat and state, so
        a frontend asks once; what lies on them now is each view's
        ``boards`` (runtime/sight/board.py)."""
        return _board.geometry(self.m.R, _words.words(self.m, lang) if lang else None)

    def seat_reader(self, player: int | None) -> "SeatReader":
        """What ``player`` may see, read a question at a time (counters,
        zones, pieces, the pending decision) without building a view: what
        bots read (runtime/sight/reader.py). Stands for the game as it is now."""
        return SeatReader(self.m, player)

    def has_bot_score(self) -> bool:
        """Whether the pack declares a score hint for bots (``score { ... }``)."""
        return _bot_score(self.rules) is not None

    def bot_score(self, seat: int) -> Any:
        """The pack's score hint for ``seat`` (``me``) in this position, or None
        without one. It reads the whole state: a bot that may not peek asks
        it of determinisations only."""
        fn = _bot_score(self.rules)
        if fn is None:
            return None
        hint = self.rules.ir["bot_score"]
        return self._judge(fn, {"me": self.m.L.player_refs[seat]}, "the bot's score hint", hint.get("at"))

    def _judge(self, fn: Any, loc: dict, what: str, at: Any) -> Any:
        """A content expression evaluated between actions (an invariant, a
        score hint): content is untrusted here too, so it gets one action's
        budget (its work is bounded) and any failure is a RuleError that
        says what failed and where, never a Python traceback."""
        m = self.m
        m.budget = _budget(self.rules.limits, m.st.seq)
        try:
            return fn(m, loc)
        except RuleError as exc:
            raise exc.locate(self.rules.where(at), what)
        except WaybillError:
            raise
        except Exception as exc:
            raise RuleError(interpreter.python_error(exc), self.rules.where(at), what) from exc
        finally:
            m.budget = self.rules.idle_budget

    def messages(self) -> list[str]:
        """The table talk written by `log` statements."""
        m = self.m
        # (a line the state keeps as its id and values is said again: english.english)
        return [e["text"] if "text" in e else english(m, e.get("msg"), e.get("args")) or ""
                for e in m.st.log.entries() if e.get("type") == "say"]

    def actions(self) -> list[dict]:
        """Every action in the log (what ``replay`` needs): all of them,
        unless the game was loaded from a snapshot saved without its log."""
        return answers(self.m)

    # --- scenario set-up ---------------------------------------------------------

    def force_rolls(self, die: str, faces: list) -> None:
        """The next rolls of ``die`` give ``faces``, in order (kept in the state)."""
        known = self.rules.dice.get(die)
        if known is None:
            raise WaybillError(f"unknown die {die!r}")
        bad = [f for f in faces if f not in known]
        if bad:
            raise WaybillError(f"die {die!r} has no face {bad[0]!r}")
        st = self.state
        st.forced[die] = st.forced.get(die, []) + list(faces)

    def stack(self, zone: Any, entities: list[str]) -> None:
        """Put pieces of ``entities`` (in order) on top of ``zone``: pieces already
        there first, else pieces from anywhere. No events are emitted."""
        from .engine.access import zone_slot
        st = self.state
        m = self.m
        try:
            slot = zone_slot(m, zone, {})
        except RuleError as e:
            raise WaybillError(str(e)) from None
        chosen: list[int] = []
        for eid in entities:
            pid = self._find_piece(eid, slot, chosen)
            chosen.append(pid)
            old = st.p_zone[pid]
            if old >= 0:
                st.zones[old] = without(st.zones[old], pid)
            st.p_zone[pid] = slot
        st.zones[slot] = tuple(chosen) + st.zones[slot]
        if m.L.z_sort[slot] is not None:       # a zone that keeps itself sorted stays so
            st.zones[slot] = sorted_pile(m, st.zones[slot], m.L.z_sort[slot], m.L.z_of[slot])

    def _find_piece(self, eid: str, slot: int, taken: list[int]) -> int:
        st = self.m.st
        mine = [p for p, e in enumerate(st.p_ent) if e == eid and p not in taken]
        if not mine:
            raise WaybillError(f"no piece of entity {eid!r} left to stack")
        here = [p for p in mine if st.p_zone[p] == slot]
        return (here or mine)[0]


# (pending, decision, {option: legal}): the piece-free answers of the last
# decision matched (Game._match); one tuple, replaced whole
_MATCHED: tuple = (None, None, {})
# (pending, decision, the ids and labels of its options): the last
# `legal_actions()`'s, for `apply` to check an action's without listing again
_IDS: tuple = (None, None, None, [], [])
# (pending, it with its prompt said): the last `Game.pending` said (a pending
# decision is never changed in place: a new one is posted)
_SAID_PENDING: tuple = (None, None)

# armed budgets of finished actions, refilled for the next (list.pop and
# append are atomic: games in different threads never share one)
_SPARE: list[Budget] = []


def _budget(limits: dict, seq: int) -> Budget:
    """A full, armed budget for one action under ``limits``, starting at event ``seq``."""
    try:
        b = _SPARE.pop()
    except IndexError:
        return Budget(limits, armed=True, seq=seq)
    if b.limits is not limits:
        return Budget(limits, armed=True, seq=seq)
    steps, events, created = b.full        # (Budget.refill, written out)
    b.steps, b.last_event, b.created = steps, seq + events, created
    return b


def _action_entry(kind: str, legal: dict, ask: str | None = None, ask_args: dict | None = None) -> dict:
    """The log entry of an applied action (``legal`` is never changed after),
    with the message id (``ask``) and variables (``ask_args``) of the
    question it answered, when the rules wrote one."""
    e = {"type": "action", "kind": kind, **legal}
    if ask is not None:
        e["ask"] = ask
        if ask_args:
            e["ask_args"] = ask_args
    return e


def _menu_entry(msg: str, legal: dict, ask_args: dict | None = None) -> dict:
    """The log entry of an answer to a menu (`choose`), with the menu's
    message id (which is the question's) and the question's variables."""
    e = {"type": "action", "kind": "choose", **legal, "msg": msg}
    if ask_args:
        e["ask_args"] = ask_args
    return e


def _each_entry(kind: str, legal: dict, ask: str | None = None, ask_args: dict | None = None) -> dict:
    """The log entry of one seat's answer to a simultaneous decision (`choose each`)."""
    return {**_action_entry(kind, legal, ask, ask_args), "each": True}


_SAID = frozenset(("say", "stopped", "action"))
_SCALARS = frozenset((str, int, bool, float, type(None)))


def _plain(opt: dict) -> bool:
    """Whether an option names no piece, so a seat is shown it as it is
    (``Sight._answer`` would copy it unchanged): its values are all
    scalars, and its ``source`` (a bare piece number when set) is none."""
    if opt.get("source") is not None:
        return False
    for v in opt.values():
        if type(v) not in _SCALARS:
            return False
    return True


def _bot_score(rules: Rules) -> Any:
    """The IR's ``bot_score`` expression, compiled once per rules (False: none)."""
    fn = rules.bot_score
    if fn is None:
        from .engine.exprs import compile_expr
        hint = rules.ir.get("bot_score")
        fn = compile_expr(hint["expr"], rules, rules.where(hint.get("at"))) if hint else False
        rules.bot_score = fn
    return fn or None


def _replayed(rules: Rules, old: dict) -> dict | None:
    """The save ``old`` of an earlier format played again from its seed
    through the answers in its log, as a save of this format; None if it
    cannot be: its log is not whole (saved with ``log=False``), or the
    replay does not come to the same position (the answers no longer fit
    the rules, or dice results forced by a scenario tool were used up).
    A damaged save is refused (``BadSave``) as any other."""
    fields = checked_fields({k: v for k, v in old.items() if k != "version"}, rules)
    st = State.from_json(fields)
    if st.log_from != 0:
        return None
    was = Game(rules, st)
    try:
        again = Game.new(rules, list(st.players), st.seed, dict(st.options))
        for a in was.actions():
            # each answer by its place among the options, and its words: the
            # values an older format kept (English text) are not this one's
            legal = again.legal_actions()
            i = a.get("option")
            if type(i) is not int or not 0 <= i < len(legal) or legal[i].get("label") != a.get("label"):
                return None
            again.apply(legal[i])
    except WaybillError:
        return None
    now = again.m.st
    now.forced = {d: list(f) for d, f in st.forced.items()}    # (still to come: they were never used)
    same = (now.decision == st.decision and now.seq == st.seq and now.rng == st.rng and now.over == st.over
            and list(now.p_zone) == list(st.p_zone) and now.zones == st.zones and now.round == st.round
            and (now.pending is None) == (st.pending is None)
            and (now.pending is None or (now.pending["player"], now.pending["kind"], len(now.pending["options"]))
                 == (st.pending["player"], st.pending["kind"], len(st.pending["options"]))))
    return again.to_json() if same else None


def _check_arguments(rules: Any, players: Any, seed: Any, options: Any) -> None:
    """What ``new`` and ``replay`` are given, before they do any work."""
    if not isinstance(rules, Rules):
        raise WaybillError(f"rules should be a Rules (from load_pack), not {type(rules).__name__}")
    for name, problem in (("players", players_problem(rules, players)), ("seed", seed_problem(seed)),
                          ("options", options_problem(options))):
        if problem:
            raise WaybillError(said(name, problem))
