"""The games a server keeps, and the messages every transport speaks.

`Store` holds the games, their seat tokens and their bots; `Store.handle`
answers one request object (see docs/PROTOCOL.md) with one response object,
and is what HTTP, the WebSocket and `--stdio` all call. Everything a seat is
sent is built by `Store.seat_state`: that seat's `view(seat)` and, on its own
decision, its `legal_actions()` — nothing else of the game leaves here.

Tokens are kept as SHA-256 digests (a saved game on disk gives no seat
away) and compared in constant time. A game is saved after every change as
one JSON file, written to a temporary file and renamed over the old one.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import random
import re
import secrets
import tempfile
import threading
from dataclasses import dataclass, field
from typing import Any, Callable

from waybill.api import make_bot
from waybill.api import CompileError
from waybill.api import load_pack
from waybill.api import Game, IllegalAction, RuleError, WaybillError

SAVE_VERSION = 1
MAX_GAMES = 200
MAX_VARIANTS = 8
MAX_SEED = 2**63 - 1
MAX_BOT_MOVES = 20000        # per request: a game of bots alone cannot hold the server for ever
SPECTATOR = "spectator"
_ID = re.compile(r"^[0-9a-f]{16}$")


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

    def describe(self) -> dict:
        return {"id": self.id, "name": self.name, "players": dict(self.players), "variants": list(self.variants)}


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

    def to_json(self) -> dict:
        return {"version": SAVE_VERSION, "id": self.id, "pack": self.pack, "variants": self.variants,
                "seed": self.seed, "bots": self.bots, "seats": {str(s): d for s, d in self.seats.items()},
                "spectator": self.spectator, "stopped": self.stopped, "game": self.game.to_json()}


Listener = Callable[[str], None]


class Store:
    """Games by id. Thread-safe: each game has its own lock."""

    def __init__(self, packs: list[Pack], data: str | None = None, max_games: int = MAX_GAMES,
                 lang: str | None = None):
        self.packs = {p.id: p for p in packs}
        self.lang = lang                       # the language of every view sent (None: the packs' English)
        self.data = data
        self.max_games = max_games
        self.tables: dict[str, Table] = {}
        self.lock = threading.Lock()
        self.listeners: list[Callable[[Table], None]] = []
        self.skipped: list[str] = []          # saved games that could not be resumed, with why
        if data:
            os.makedirs(data, exist_ok=True)
            self._resume()

    # --- the messages --------------------------------------------------------

    def handle(self, request: Any) -> dict:
        """One request object -> one response object; errors are
        ``{"error": reason, "status": code}``, never an exception."""
        try:
            if not isinstance(request, dict):
                raise Refused(400, "a request is a JSON object")
            op = request.get("op")
            if op == "packs":
                out = {"packs": [p.describe() for p in self.packs.values()]}
            elif op == "create":
                out = self.create(request)
            elif op == "state":
                out = self.state(request.get("id"), request.get("token"))
            elif op == "act":
                out = self.act(request.get("id"), request.get("token"), request.get("action"))
            else:
                raise Refused(400, f"unknown op {op!r}; known: packs, create, state, act")
        except Refused as r:
            out = {"error": r.reason, "status": r.status}
        if isinstance(request, dict) and "ref" in request:
            out["ref"] = request["ref"]
        return out

    def create(self, body: dict) -> dict:
        pack, players, seed, variants, bots = self._new_game_fields(body)
        self._room()                   # before the work of setting a game up, and again when adding it
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
            self._room()
            gid = secrets.token_hex(8)
            table = Table(gid, pack.id, variants, seed, sorted(bots), {s: digest(t) for s, t in tokens.items()},
                          digest(spectator), game)
            self.tables[gid] = table
        with table.lock:
            self._advance(table)
            self._save(table)
        return {"id": gid, "tokens": {str(s): t for s, t in tokens.items()}, "spectator": spectator}

    def _room(self) -> None:
        if len(self.tables) >= self.max_games:
            raise Refused(503, f"this server already holds its limit of {self.max_games} games")

    def state(self, gid: Any, token: Any) -> dict:
        table, seat = self.find(gid, token)
        return self.state_of(table, seat)

    def state_of(self, table: Table, seat: int | str) -> dict:
        """A seat's state now, after any bot whose turn it is has played."""
        with table.lock:
            if self._advance(table):
                self._save(table)
            return self.seat_state(table, seat)

    def act(self, gid: Any, token: Any, action: Any) -> dict:
        table, seat = self.find(gid, token)
        if seat == SPECTATOR:
            raise Refused(403, "a spectator cannot act")
        if not isinstance(action, dict):
            raise Refused(400, "an action is a JSON object, one of the actions you were given")
        if action.get("player") != seat:
            raise Refused(403, f"this token is seat {seat}'s; it cannot act for seat {action.get('player')!r}")
        with table.lock:
            try:
                table.game.apply(action)
            except IllegalAction as exc:
                raise Refused(409, f"illegal action: {exc}") from None
            except RuleError as exc:
                raise Refused(409, f"the rules could not play this action (nothing changed): {exc}") from None
            self._changed(table)
            self._advance(table)
            self._save(table)
            return self.seat_state(table, seat)

    # --- seats ---------------------------------------------------------------

    def find(self, gid: Any, token: Any) -> tuple[Table, int | str]:
        """The game and the seat (or SPECTATOR) a token opens; 404 / 403 otherwise."""
        table = self.tables.get(gid) if isinstance(gid, str) else None
        if table is None:
            raise Refused(404, f"no game {gid!r}")
        if not isinstance(token, str) or not token:
            raise Refused(403, "a token is needed (?token=...)")
        seat = seat_of(table, token)
        if seat is None:
            raise Refused(403, "this token opens no seat of this game")
        return table, seat

    def seat_state(self, table: Table, seat: int | str) -> dict:
        """All a seat is ever sent: its own view and, on its decision, its legal actions."""
        game = table.game
        if seat == SPECTATOR:
            return {"id": table.id, "pack": table.pack, "seat": None, "view": seat_view(game, None, self.lang), "actions": [],
                    "bots": list(table.bots), "stopped": table.stopped}
        pending = game.pending
        mine = pending is not None and not game.over and pending.get("player") == seat
        return {"id": table.id, "pack": table.pack, "seat": seat, "view": seat_view(game, seat, self.lang),
                "actions": game.legal_actions() if mine else [], "bots": list(table.bots),
                "stopped": table.stopped}

    # --- bots ----------------------------------------------------------------

    def _advance(self, table: Table) -> bool:
        """Let the bots answer while the pending decision is a bot's; True if any did."""
        game = table.game
        moved = 0
        while (not game.over and table.stopped is None and game.pending is not None
               and game.pending.get("player") in table.bots and moved < MAX_BOT_MOVES):
            legal = game.legal_actions()
            seat = legal[0]["player"]
            rng = random.Random(f"{table.seed}/{game.state.decision}")
            if table.bot is None:
                table.bot = make_bot("default", game.rules)
            try:
                game.apply(table.bot.choose(game, legal, rng))
            except Exception as exc:      # the bot's or the rules' fault: the seat stops, the server goes on
                why = str(exc) if isinstance(exc, WaybillError) else f"{type(exc).__name__}: {exc}"
                table.stopped = f"seat {seat}'s bot could not play on: {why}"
                self._changed(table)
                return True
            moved += 1
            self._changed(table)
        return moved > 0

    # --- listening -----------------------------------------------------------

    def _changed(self, table: Table) -> None:
        """Tell the listeners (the WebSocket hub); called with the table's lock held,
        so what they read of the game is this very position."""
        for listen in self.listeners:
            listen(table)

    # --- disk ----------------------------------------------------------------

    def _save(self, table: Table) -> None:
        if not self.data:
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

    def _resume(self) -> None:
        for name in sorted(os.listdir(self.data)):
            if not name.endswith(".json") or not _ID.match(name[:-5]):
                continue
            path = os.path.join(self.data, name)
            try:
                table = self._load(path)
            except (OSError, ValueError, RecursionError, WaybillError, KeyError, TypeError) as exc:
                self.skipped.append(f"{name}: {exc}")
                continue
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
            raise Refused(400, f"unknown pack {body.get('pack')!r}; this server offers: {', '.join(self.packs)}")
        players = body.get("players")
        lo, hi = pack.players.get("min", 1), pack.players.get("max", 8)
        if type(players) is not int or not lo <= players <= hi:
            raise Refused(400, f"players must be a whole number from {lo} to {hi} for {pack.id}, not {players!r}")
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:
            raise Refused(400, f"seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}")
        variants = body.get("variants", [])
        if (not isinstance(variants, list) or len(variants) > MAX_VARIANTS
                or not all(isinstance(v, str) for v in variants)):
            raise Refused(400, f"variants must be a list of at most {MAX_VARIANTS} names")
        unknown = [v for v in variants if v not in pack.variants]
        if unknown:
            raise Refused(400, f"pack {pack.id} has no variant {unknown[0]!r}; "
                               f"known: {', '.join(pack.variants) or 'none'}")
        bots = body.get("bots", [])
        if not isinstance(bots, list) or not all(type(b) is int for b in bots):
            raise Refused(400, "bots must be a list of seat numbers (from 0)")
        if any(not 0 <= b < players for b in bots) or len(set(bots)) != len(bots):
            raise Refused(400, f"bots must name distinct seats from 0 to {players - 1}")
        return pack, players, seed, list(variants), set(bots)


def seat_view(game: Game, seat: int | None, lang: str | None = None) -> dict:
    """The view a seat is sent: ``Game.view(seat)`` with its log asked for (a
    lean view leaves the log out, and the page shows it), in ``lang``."""
    return game.view(seat, True, lang=lang)


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
        packs.append(Pack(info["id"], source, info.get("name") or info["id"], dict(rules.players), variants))
    return packs
