"""The games a server keeps, and the messages every transport speaks.

`Store` holds the games, their seat tokens and their bots; `Store.handle`
answers one request object (see docs/PROTOCOL.md) with one response object,
and is what HTTP, the WebSocket and `--stdio` all call. Everything a seat is
sent is built by `Store.seat_state`: that seat's `view(seat)` and, on its own
decision, its `legal_actions()` — nothing else of the game leaves here.

Tokens are kept as SHA-256 digests (a saved game on disk gives no seat
away) and compared in constant time. A game is saved after every change as
one JSON file, written to a temporary file and renamed over the old one.

Games in play are bounded (`max_games`), and so are a client address's
games in play and the games it may start a minute; finished games do not
count toward those bounds, and are kept readable until they expire
(`finished_ttl`), as is a game left alone (`abandoned_ttl`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import random
import re
import secrets
import tempfile
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from waybill.api import make_bot, words
from waybill.api import CompileError
from waybill.api import load_pack
from waybill.api import Game, IllegalAction, RuleError, WaybillError
from waybill.spec.messages import safe_id

from . import wire

SAVE_VERSION = 1
MAX_GAMES = 200
MAX_VARIANTS = 8
MAX_SEED = 2**63 - 1
MAX_BOT_MOVES = 20000        # per request: a game of bots alone cannot hold the server for ever
FINISHED_TTL = 3600.0        # seconds a finished game stays readable
ABANDONED_TTL = 86400.0      # seconds a game in play is kept with no request naming it
GAMES_PER_ADDRESS = 10       # games in play created by one client address
CREATES_PER_MINUTE = 30      # new games one client address may start a minute ...
CREATES_BURST = 10           # ... at most this many at once
MAX_NESTING = 32             # arrays and objects within each other in one request
MAX_LOG_FROM = 2**53         # the largest log index a request may name (either sign)
SPECTATOR = "spectator"
_ID = re.compile(r"^[0-9a-f]{16}$")
_TEMP = re.compile(r"^\.[0-9a-f]{16}\..+\.tmp$")     # what _save's mkstemp names
log = logging.getLogger("waybill.serve")


class Refused(Exception):
    """A request the server answers with an error status and a reason."""

    def __init__(self, status: int, reason: str):
        super().__init__(reason)
        self.status = status
        self.reason = reason


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class Pack:
    """A pack this server offers: its id, where it is loaded from, what it allows."""

    id: str
    source: str
    name: str
    players: dict
    variants: list[str]
    variant_names: dict[str, str] = field(default_factory=dict)     # id -> its declared (English) name

    def describe(self, lang: str | None = None) -> dict:
        """What `packs` answers of this pack: its name and its variants' names
        in ``lang`` (the pack's catalogue; its English where that lacks one)."""
        names = {v: self.variant_names.get(v) or v.replace("_", " ") for v in self.variants}
        name = self.name
        if lang:
            try:
                cat = words(lang, load_pack(self.source))
            except WaybillError:             # served, so it loaded once: its English then
                cat = None
            if cat is not None:
                name = cat.get("pack-name", None, name)
                names = {v: cat.get(f"variant-{safe_id(v)}", None, n) for v, n in names.items()}
        return {"id": self.id, "name": name, "players": dict(self.players), "variants": list(self.variants),
                "variant_names": names}


@dataclass
class Table:
    """One game on the server, with its seats' token digests and its bots."""

    id: str
    pack: str
    variants: list[str]
    seed: int
    bots: list[int]
    seats: dict[int, str]            # seat -> digest of its token
    spectator: str                   # digest of the spectator token
    game: Game
    stopped: str | None = None       # why the bots stopped (a fault in the content)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    bot: Any = field(default=None, repr=False)
    owner: str | None = None         # the client address that created it (kept in memory only)
    touched: float = 0.0             # when a request last named it (the store's clock)
    ended: float | None = None       # when it was found finished (over, or its bots stopped)
    gone: bool = False               # expired: no longer saved
    cards: dict | None = field(default=None, repr=False)   # Game.cards() in the server's language, once

    def finished(self) -> bool:
        return self.game.over or self.stopped is not None

    @property
    def version(self) -> int:
        """Which position the game is at, for states and deltas: it grows with every
        change and survives a restart: every answer but the last posts a new decision,
        the last ends the game, and bots stop at most once, with nothing after."""
        return self.game.decision + self.game.over + (self.stopped is not None)

    def to_json(self) -> dict:
        return {"version": SAVE_VERSION, "id": self.id, "pack": self.pack, "variants": self.variants,
                "seed": self.seed, "bots": self.bots, "seats": {str(s): d for s, d in self.seats.items()},
                "spectator": self.spectator, "stopped": self.stopped, "game": self.game.to_json()}


Listener = Callable[[str], None]


class Store:
    """Games by id. Thread-safe: each game has its own lock; the store's lock
    guards the table of games and the counts by client address."""

    def __init__(self, packs: list[Pack], data: str | None = None, max_games: int = MAX_GAMES,
                 lang: str | None = None, *, finished_ttl: float = FINISHED_TTL,
                 abandoned_ttl: float = ABANDONED_TTL, max_finished: int | None = None,
                 games_per_address: int = GAMES_PER_ADDRESS, creates_per_minute: float = CREATES_PER_MINUTE,
                 creates_burst: int = CREATES_BURST, clock: Callable[[], float] = time.time):
        self.packs = {p.id: p for p in packs}
        words(lang)                            # a language that is not a tag is refused here (WaybillError)
        self.lang = lang                       # the language of every view sent (None: the packs' English)
        self.data = data
        self.max_games = max_games             # games in play (finished ones do not count)
        self.max_finished = 5 * max_games if max_finished is None else max_finished
        self.finished_ttl = finished_ttl
        self.abandoned_ttl = abandoned_ttl
        self.games_per_address = games_per_address          # 0: no bound
        self.creates_per_minute = creates_per_minute        # 0: no bound
        self.creates_burst = creates_burst
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self.lock = threading.Lock()
        self.listeners: list[Callable[[Table], None]] = []
        self.skipped: list[str] = []          # saved games that could not be resumed, with why
        self.cleaned: list[str] = []          # temporary files of an interrupted save, removed at start
        self.buckets: dict[str, tuple[float, float]] = {}     # address -> (new games it may start, when)
        self.swept = float("-inf")
        self.told: set[tuple[str, str, str]] = set()          # rendering faults already logged
        if data:
            os.makedirs(data, exist_ok=True)
            self._clean()
            self._resume()
            self.sweep(force=True)

    # --- the messages --------------------------------------------------------

    def handle(self, request: Any, client: str | None = None) -> dict:
        """One request object -> one response object; errors are
        ``{"error": reason, "status": code}``, never an exception. ``client``
        is the address the request came from (None: not bounded by address)."""
        try:
            if not isinstance(request, dict):
                raise Refused(400, "a request is a JSON object")
            if _deeper_than(request, MAX_NESTING):
                raise Refused(400, f"a request nests arrays and objects at most {MAX_NESTING} deep")
            op = request.get("op")
            if op == "packs":
                out = {"packs": [p.describe(self.lang) for p in self.packs.values()]}
            elif op == "create":
                out = self.create(request, client)
            elif op == "state":
                out = self.state(request.get("id"), request.get("token"), request.get("log_from", 0))
            elif op == "board":
                out = self.board(request.get("id"), request.get("token"))
            elif op == "cards":
                out = self.cards(request.get("id"), request.get("token"), request.get("from", 0))
            elif op == "actions":
                out = self.actions(request.get("id"), request.get("token"), request.get("from", 0))
            elif op == "act":
                out = self.act(request.get("id"), request.get("token"), request.get("action"),
                               request.get("log_from", 0))
            else:
                raise Refused(400, f"unknown op {_shown(op)}; known: packs, create, state, board, cards, actions, act")
        except Refused as r:
            out = {"error": r.reason, "status": r.status}
        if isinstance(request, dict) and "ref" in request:
            out["ref"] = request["ref"]
        return out

    def create(self, body: dict, client: str | None = None) -> dict:
        pack, players, seed, variants, bots = self._new_game_fields(body)
        self.sweep()
        with self.lock:                # before the work of setting a game up, and again when adding it
            self._room(client)
            self._spend(client)
        try:
            rules = load_pack(pack.source, variants)
            game = Game.new(rules, players=players, seed=seed)
        except CompileError as exc:
            raise Refused(400, f"pack {pack.id!r} with variants {variants} does not compile: {exc}") from None
        except WaybillError as exc:
            raise Refused(400, str(exc)) from None
        tokens = {s: secrets.token_urlsafe(24) for s in range(players) if s not in bots}
        spectator = secrets.token_urlsafe(24)
        with self.lock:
            self._room(client)
            gid = secrets.token_hex(8)
            table = Table(gid, pack.id, variants, seed, sorted(bots), {s: digest(t) for s, t in tokens.items()},
                          digest(spectator), game, owner=client, touched=self.clock())
            self.tables[gid] = table
        with table.lock:
            self._advance(table)
            self._save(table)
        return {"id": gid, "tokens": {str(s): t for s, t in tokens.items()}, "spectator": spectator}

    def _room(self, client: str | None) -> None:
        """Refuse a new game if the server, or this client's address, holds its
        limit of games in play (finished games do not count)."""
        playing = [t for t in self.tables.values() if t.ended is None]
        if len(playing) >= self.max_games:
            raise Refused(503, f"this server already holds its limit of {self.max_games} games in play")
        if client is not None and self.games_per_address > 0:
            mine = sum(1 for t in playing if t.owner == client)
            if mine >= self.games_per_address:
                raise Refused(429, f"your address already has {mine} games in play, the most it may have; "
                                   f"finish one (a game nobody asks for ends after {self.abandoned_ttl:g} s)")

    def _spend(self, client: str | None) -> None:
        """Take one new game from this address's allowance (a token bucket:
        `creates_burst` at once, refilled at `creates_per_minute`)."""
        if client is None or self.creates_per_minute <= 0:
            return
        now = self.clock()
        rate = self.creates_per_minute / 60.0
        left, when = self.buckets.get(client, (float(self.creates_burst), now))
        left = min(float(self.creates_burst), left + max(0.0, now - when) * rate)
        if left < 1.0:
            self.buckets[client] = (left, now)
            wait = (1.0 - left) / rate
            raise Refused(429, f"too many new games from your address (at most {self.creates_per_minute:g} "
                               f"a minute): try again in {wait:.0f} s")
        self.buckets[client] = (left - 1.0, now)
        if len(self.buckets) > 10000:          # forget the addresses whose allowance is whole again
            full = [a for a, (n, t) in self.buckets.items() if n + (now - t) * rate >= self.creates_burst]
            for a in full:
                del self.buckets[a]

    def state(self, gid: Any, token: Any, log_from: Any = 0) -> dict:
        """A seat's state as one message: the log from `log_from` on, cut to fit (wire.py)."""
        log_from = _log_index(log_from)
        table, seat = self.find(gid, token)
        return wire.bounded(self.state_of(table, seat, log_from))[0]

    def board(self, gid: Any, token: Any) -> dict:
        """The geometry of the game's boards (Game.boards): the same for every seat
        and state, so a client asks once; each state's view says what lies on them."""
        table, _ = self.find(gid, token)
        with table.lock:
            return {"id": table.id, "boards": table.game.boards(self.lang)}

    def cards(self, gid: Any, token: Any, start: Any = 0) -> dict:
        """The game's cards (Game.cards: every card of its rules, by id), from
        the ``start``-th on, as many as fit in one message: the same for every
        seat and state, so a client asks once (and again from ``from`` +
        the cards it got, while that is short of ``end``); views name cards
        by id."""
        if type(start) is not int or not 0 <= start <= MAX_LOG_FROM:
            raise Refused(400, f"from is a whole number (a card's place, 0 or more), not {_shown(start)}")
        table, _ = self.find(gid, token)
        with table.lock:
            if table.cards is None:
                table.cards = self._cards_of(table)
            return {"id": table.id, **wire.cards_page(table.cards, start)}

    def actions(self, gid: Any, token: Any, start: Any = 0) -> dict:
        """The seat's options now (as its view says them and as actions), from
        the ``start``-th on, as many as fit in one message: the rest of a
        state that was sent with its first options only (``options_end``)."""
        if type(start) is not int or not 0 <= start <= MAX_LOG_FROM:
            raise Refused(400, f"from is a whole number (an option's place, 0 or more), not {_shown(start)}")
        table, seat = self.find(gid, token)
        return {"id": table.id, **wire.actions_page(self.state_of(table, seat, None), start)}

    def state_of(self, table: Table, seat: int | str, log_from: int = 0) -> dict:
        """A seat's state now, after any bot whose turn it is has played."""
        with table.lock:
            if self._advance(table):
                self._save(table)
            return self.seat_state(table, seat, log_from)

    def states_of(self, table: Table, since: dict[int | str, int | None]) -> dict[int | str, dict]:
        """The state of each of these seats, all of one position (one lock, one view a seat),
        each with the log from its index in `since` (None: no log)."""
        with table.lock:
            if self._advance(table):
                self._save(table)
            return {seat: self.seat_state(table, seat, log_from) for seat, log_from in since.items()}

    def log_of(self, table: Table, seat: int | str, start: int, end: int) -> tuple[int, list]:
        """The seat's log entries from `start` to `end` (entries are as the seat saw them
        when written, so any later view gives the same), and where they really start
        (a game may keep only its log's tail)."""
        with table.lock:
            view = self._view(table, None if seat == SPECTATOR else seat, start)
        return view["log_from"], view["log"][:max(0, end - view["log_from"])]

    def act(self, gid: Any, token: Any, action: Any, log_from: Any = 0) -> dict:
        log_from = _log_index(log_from)
        table, seat = self.find(gid, token)
        if seat == SPECTATOR:
            raise Refused(403, "a spectator cannot act")
        if not isinstance(action, dict):
            raise Refused(400, "an action is a JSON object, one of the actions you were given")
        for key in ("player", "decision", "option"):
            if key in action and type(action[key]) is not int:
                raise Refused(400, f"an action's {key!r} is a whole number, not {_shown(action[key])}: "
                                   "send back one of the actions you were given, as it is")
        if action.get("player") != seat:
            raise Refused(403, f"this token is seat {seat}'s; it cannot act for seat {_shown(action.get('player'))}")
        with table.lock:
            _exactly_as_given(action, table.game)
            try:
                table.game.apply(action)
            except IllegalAction as exc:
                raise Refused(409, f"illegal action: {exc}") from None
            except RuleError as exc:
                raise Refused(409, f"the rules could not play this action (nothing changed): {exc}") from None
            self._changed(table)
            self._advance(table)
            self._save(table)
            return wire.bounded(self.seat_state(table, seat, log_from))[0]

    # --- seats ---------------------------------------------------------------

    def find(self, gid: Any, token: Any) -> tuple[Table, int | str]:
        """The game and the seat (or SPECTATOR) a token opens; 404 / 403 otherwise.
        A game found is kept from expiring as abandoned for another while."""
        self.sweep()
        table = self.tables.get(gid) if isinstance(gid, str) else None
        now = self.clock()
        if table is not None and self._expired(table, now):
            with self.lock:
                self._drop(table)
            table = None
        if table is None:
            raise Refused(404, f"no game {_shown(gid)} (a finished game is kept {self.finished_ttl:g} s, "
                               f"one nobody asks for {self.abandoned_ttl:g} s)")
        if not isinstance(token, str) or not token:
            raise Refused(403, "a token is needed (?token=...)")
        seat = seat_of(table, token)
        if seat is None:
            raise Refused(403, "this token opens no seat of this game")
        table.touched = max(table.touched, now)
        return table, seat

    def seat_state(self, table: Table, seat: int | str, log_from: int | None = 0) -> dict:
        """All a seat is ever sent: its own view (with the log from `log_from` on;
        negative: that many entries back from its end; None: none) and, on its
        decision, its legal actions; and the game's version. Whole: wire.py cuts it."""
        game = table.game
        if seat == SPECTATOR:
            return {"id": table.id, "pack": table.pack, "seat": None, "version": table.version,
                    "view": self._view(table, None, log_from), "actions": [],
                    "bots": list(table.bots), "stopped": table.stopped}
        # (every seat a simultaneous decision waits for gets its own actions at once)
        return {"id": table.id, "pack": table.pack, "seat": seat, "version": table.version,
                "view": self._view(table, seat, log_from),
                "actions": game.legal_actions(seat), "bots": list(table.bots),
                "stopped": table.stopped}

    def _view(self, table: Table, seat: int | None, log_from: int | None = 0) -> dict:
        """The seat's view in the server's language; in English if that fails
        (a catalogue found broken at run time), never an error for the client."""
        if self.lang is not None:
            try:
                return seat_view(table.game, seat, self.lang, log_from)
            except Exception as exc:          # noqa: BLE001 - any fault of the catalogue: English instead
                self._tell(table, f"its view in {self.lang!r} failed, sent in English instead", exc)
        try:
            return seat_view(table.game, seat, None, log_from)
        except Exception as exc:              # noqa: BLE001 - a fault of the rules: said, not a crash
            self._tell(table, "its view could not be rendered", exc)
            raise Refused(500, f"this game's view could not be rendered (a fault in pack {table.pack!r}: "
                               f"{type(exc).__name__})") from None

    def _cards_of(self, table: Table) -> dict:
        """The game's cards in the server's language; in English if that fails (as ``_view``)."""
        if self.lang is not None:
            try:
                return table.game.cards(self.lang)
            except Exception as exc:          # noqa: BLE001 - any fault of the catalogue: English instead
                self._tell(table, f"its cards in {self.lang!r} failed, sent in English instead", exc)
        return table.game.cards()

    def _tell(self, table: Table, what: str, exc: BaseException) -> None:
        """Log a rendering fault, once per pack, language and kind of fault."""
        key = (table.pack, str(self.lang), type(exc).__name__)
        if key not in self.told:
            self.told.add(key)
            log.warning("game %s of pack %s: %s: %s: %s", table.id, table.pack, what, type(exc).__name__,
                        str(exc)[:500])

    # --- bots ----------------------------------------------------------------

    def _advance(self, table: Table) -> bool:
        """Let the bots answer while the pending decision is a bot's; True if any did."""
        game = table.game
        moved = 0
        while (not game.over and table.stopped is None and moved < MAX_BOT_MOVES
               and (bots := [s for s in game.waiting if s in table.bots])):
            # (a simultaneous decision: every bot waiting answers; the people answer in their own time)
            seat = bots[0]
            legal = game.legal_actions(seat)
            rng = random.Random(f"{table.seed}/{game.state.decision}")
            if table.bot is None:
                table.bot = make_bot("default", game.rules)
            try:
                game.apply(table.bot.choose(game, legal, rng))
            except Exception as exc:      # the bot's or the rules' fault: the seat stops, the server goes on
                why = str(exc) if isinstance(exc, WaybillError) else f"{type(exc).__name__}: {exc}"
                table.stopped = f"the bot at seat {seat} (Player {seat + 1}) could not play on: {why}"
                self._changed(table)
                return True
            moved += 1
            self._changed(table)
        return moved > 0

    # --- listening -----------------------------------------------------------

    def _changed(self, table: Table) -> None:
        """Note a finished game and tell the listeners (the WebSocket hub); called
        with the table's lock held, so what they read of the game is this very position."""
        if table.ended is None and table.finished():
            table.ended = self.clock()
        for listen in self.listeners:
            listen(table)

    # --- expiry --------------------------------------------------------------

    def _expired(self, table: Table, now: float) -> bool:
        if table.ended is not None:
            return now - table.ended > self.finished_ttl
        return now - table.touched > self.abandoned_ttl

    def sweep(self, force: bool = False) -> None:
        """Forget the games that expired (their saves too), and the oldest finished
        games beyond `max_finished`; at most once a second unless forced."""
        now = self.clock()
        if not force and now - self.swept < 1.0:
            return
        with self.lock:
            self.swept = now
            for table in [t for t in self.tables.values() if self._expired(t, now)]:
                self._drop(table)
            done = [t for t in self.tables.values() if t.ended is not None]
            if len(done) > self.max_finished:
                done.sort(key=lambda t: t.ended)
                for table in done[:len(done) - self.max_finished]:
                    self._drop(table)

    def _drop(self, table: Table) -> None:
        """Forget one game and delete its save; called with the store's lock held.
        A game busy right now is left for the next sweep."""
        if self.tables.get(table.id) is not table or not table.lock.acquire(blocking=False):
            return
        try:
            del self.tables[table.id]
            table.gone = True
            if self.data:
                try:
                    os.unlink(os.path.join(self.data, f"{table.id}.json"))
                except OSError:
                    pass
        finally:
            table.lock.release()

    # --- disk ----------------------------------------------------------------

    def _save(self, table: Table) -> None:
        if not self.data or table.gone:
            return
        path = os.path.join(self.data, f"{table.id}.json")
        fd, tmp = tempfile.mkstemp(prefix=f".{table.id}.", suffix=".tmp", dir=self.data)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(table.to_json(), fh, separators=(",", ":"))
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise

    def _clean(self) -> None:
        """Remove the temporary files of saves a crash interrupted (only names
        `_save` makes: `.<id>.<random>.tmp`); the saves themselves are whole."""
        with os.scandir(self.data) as entries:
            stale = [e for e in entries if _TEMP.match(e.name) and e.is_file(follow_symlinks=False)]
        for entry in stale:
            try:
                os.unlink(entry.path)
                self.cleaned.append(entry.name)
            except OSError:
                pass

    def _resume(self) -> None:
        for name in sorted(os.listdir(self.data)):
            if not name.endswith(".json") or not _ID.match(name[:-5]):
                continue
            path = os.path.join(self.data, name)
            try:
                table = self._load(path)
                when = os.stat(path).st_mtime
            except (OSError, ValueError, RecursionError, WaybillError, KeyError, TypeError) as exc:
                self.skipped.append(f"{name}: {exc}")
                continue
            table.touched = when            # as if last asked for when last saved
            if table.finished():
                table.ended = when
            self.tables[table.id] = table

    def _load(self, path: str) -> Table:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
            raise ValueError("not a saved game of this server")
        if data.get("id") != os.path.basename(path)[:-5]:
            raise ValueError("the game's id is not its file's name")
        pack = self.packs.get(data["pack"])
        if pack is None:
            raise ValueError(f"pack {data['pack']!r} is not served now")
        rules = load_pack(pack.source, list(data["variants"]))
        game = Game.from_json(rules, data["game"])
        seats = {int(s): str(d) for s, d in data["seats"].items()}
        return Table(data["id"], pack.id, list(data["variants"]), int(data["seed"]),
                     [int(b) for b in data["bots"]], seats, str(data["spectator"]), game, data.get("stopped"))

    # --- checking a new game -------------------------------------------------

    def _new_game_fields(self, body: Any) -> tuple[Pack, int, int, list[str], set[int]]:
        if not isinstance(body, dict):
            raise Refused(400, "a new game is a JSON object")
        known = {"op", "ref", "pack", "players", "seed", "variants", "bots"}
        extra = sorted(set(body) - known)
        if extra:
            raise Refused(400, f"unknown field(s) {', '.join(map(str, extra))}; known: pack, players, seed, variants, bots")
        pack = self.packs.get(body.get("pack")) if isinstance(body.get("pack"), str) else None
        if pack is None:
            raise Refused(400, f"unknown pack {_shown(body.get('pack'))}; this server offers: {', '.join(self.packs)}")
        players = body.get("players")
        lo, hi = pack.players.get("min", 1), pack.players.get("max", 8)
        if type(players) is not int or not lo <= players <= hi:
            raise Refused(400, f"players must be a whole number from {lo} to {hi} for {pack.id}, not {_shown(players)}")
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:
            raise Refused(400, f"seed must be a whole number from 0 to {MAX_SEED}, not {_shown(seed)}")
        variants = body.get("variants", [])
        if (not isinstance(variants, list) or len(variants) > MAX_VARIANTS
                or not all(isinstance(v, str) for v in variants)):
            raise Refused(400, f"variants must be a list of at most {MAX_VARIANTS} names")
        unknown = [v for v in variants if v not in pack.variants]
        if unknown:
            raise Refused(400, f"pack {pack.id} has no variant {_shown(unknown[0])}; "
                               f"known: {', '.join(pack.variants) or 'none'}")
        bots = body.get("bots", [])
        if not isinstance(bots, list) or not all(type(b) is int for b in bots):
            raise Refused(400, "bots must be a list of seat numbers (from 0)")
        if any(not 0 <= b < players for b in bots) or len(set(bots)) != len(bots):
            raise Refused(400, f"bots must name distinct seats from 0 to {players - 1}")
        return pack, players, seed, list(variants), set(bots)


def seat_view(game: Game, seat: int | None, lang: str | None = None, log_from: int | None = 0) -> dict:
    """The view a seat is sent: ``Game.view(seat, cards=False)`` (cards by
    id: the client asked for them once, ``Store.cards``) with its log from
    entry ``log_from`` on (negative: that many back from the end, which
    takes a second view to find; None: no log), in ``lang``."""
    if log_from is not None and log_from < 0:
        end = game.view(seat, display=False)["log_end"]
        log_from = max(0, end + log_from)
    view = game.view(seat, log_from=log_from, lang=lang, cards=False)
    if view["log_from"] > view["log_end"]:      # asked from past the end: the (empty) log starts there
        view["log_from"] = view["log_end"]
    return view


def _log_index(value: Any) -> int:
    """A request's `log_from`: a whole number (negative counts back from the log's end)."""
    if type(value) is not int or not -MAX_LOG_FROM <= value <= MAX_LOG_FROM:
        raise Refused(400, f"log_from is a whole number (a log index; negative: back from the end), "
                           f"not {_shown(value)}")
    return value


def seat_of(table: Table, token: str) -> int | str | None:
    """The seat a token opens, comparing it with every seat's digest in constant time."""
    d = digest(token)
    found: int | str | None = None
    for seat, want in table.seats.items():
        if hmac.compare_digest(d, want):
            found = seat
    if hmac.compare_digest(d, table.spectator):
        found = SPECTATOR
    return found


def offer(sources: list[str] | tuple[str, ...]) -> list[Pack]:
    """The packs to serve: shipped pack names or pack folders (all shipped packs when none)."""
    from waybill.compiler import list_declarations, shipped_packs
    names = list(sources) or list(shipped_packs())
    packs = []
    for source in names:
        rules = load_pack(source)
        info = rules.ir["pack"]
        rows, _ = list_declarations(source)
        variants = [r["id"] for r in rows if r["kind"] == "variant"]
        names = {r["id"]: r.get("name") or r["id"] for r in rows if r["kind"] == "variant"}
        packs.append(Pack(info["id"], source, info.get("name") or info["id"], dict(rules.players), variants, names))
    return packs


def _shown(value: Any) -> str:
    """A client's value in a reason, cut short."""
    try:
        text = repr(value)
    except (RecursionError, ValueError):      # (too deep; an int of too many digits)
        return f"(a {type(value).__name__} too large to show)"
    return text if len(text) <= 60 else text[:57] + "..."


def _deeper_than(value: Any, limit: int) -> bool:
    """Whether arrays and objects nest more than `limit` deep in `value` (without recursion)."""
    stack = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, dict):
            v = list(v.values())
        elif not isinstance(v, list):
            continue
        if depth > limit:
            return True
        stack.extend((x, depth + 1) for x in v if isinstance(x, (dict, list)))
    return False


def _same(a: Any, b: Any) -> bool:
    """Equal and of the same JSON types throughout (``0.0`` is not ``0``, ``true`` not ``1``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


def _exactly_as_given(action: dict, game: Game) -> None:
    """Refuse (400) an action that equals one of the legal actions only because
    Python takes ``0.0`` or ``true`` for ``0`` or ``1``: one must be sent back as it is."""
    i = action.get("option")
    seat = action.get("player")
    for legal in game.legal_actions(seat) if type(i) is int and type(seat) is int else ():
        if legal.get("option") == i:
            if action == legal and not _same(action, legal):
                key = next(k for k in legal if not _same(action[k], legal[k]))
                raise Refused(400, f"action field {key!r} is {_shown(action[key])}, not the "
                                   f"{_shown(legal[key])} you were given: send the action back as it is")
            return
