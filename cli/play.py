"""`waybill play`: a game in the terminal, drawn from the pack's display.

Each time a person is to answer, the screen shows that seat's panel, the
public board, the table talk since last time, then the question with
numbered options (an option that names a card shows the card's text). Bots
play the other seats. Everything drawn comes from ``Game.view(seat)``, so a
person sees what the seat may see and nothing more. Seats are numbered from
0, as everywhere in Waybill; menu options from 1.

Commands at the prompt: a number answers; ``help`` (or ``?``), ``log``,
``card NAME``, ``save FILE``, ``load FILE``, ``quit``. Nothing typed ends
in a traceback: a bad answer asks again.
"""

from __future__ import annotations

import difflib
import json
import random
from typing import Any

import click
from rich.markup import escape
from rich.table import Table

from waybill.api import make_bot
from waybill.simulate import lineup
from waybill.console import console
from waybill.api import Game, IllegalAction, RuleError, Rules, WaybillError

SAVE_FORMAT = "waybill-play/1"
LOG_LINES = 8
HELP = """Answer with the number of an option. Other commands:
  help, ?         this help
  log             everything said at the table so far
  card NAME       a card's text and fields (any card of the game)
  save FILE       save the game to FILE (JSON)
  load FILE       load a game saved with `save`
  quit            leave the game"""


class Quit(Exception):
    """The person asked to leave."""


class Session:
    """One game at the terminal: the game, who plays which seat, what was shown."""

    def __init__(self, rules: Rules, game: Game, humans: set[int], bot: str, seed: int, lang: str | None = None,
                 think_ms: int | None = None):
        self.rules = rules
        self.lang = lang         # every view in this language (bots read the game, not words)
        from waybill.runtime.text.catalogue import catalogue
        self.cat = catalogue(rules, lang)
        self.console = console(highlight=False)
        self.bot_name = bot
        self.think_ms = think_ms
        self.rng = random.Random(seed)
        self.shown = 0
        self.set_game(game, humans)

    def set_game(self, game: Game, humans: set[int]) -> None:
        self.game = game
        n = len(game.state.players)
        self.humans = {s for s in humans if 0 <= s < n}
        names = lineup(self.bot_name, n, self.rules)     # one name, or one per seat
        self.bots = {s: make_bot(names[s], self.rules, think_ms=self.think_ms) for s in range(n) if s not in self.humans}
        if self.bots:
            seat = {s: self.words("engine-seat", f"seat {s}", seat=s) for s in self.bots}
            plays = [self.words("play-bot-of", f"{seat[s]} plays {names[s]}", seat=seat[s], bot=names[s])
                     for s in sorted(self.bots)]
            self.say(escape(self.words("play-bots", "Bots: " + ", ".join(plays), bots=", ".join(plays))))
        # table talk is read as the first person's seat sees it (a spectator's when all are bots)
        self.watcher = min(self.humans) if self.humans else None
        self.shown = game.view(self.watcher)["log_end"]

    # --- the loop ------------------------------------------------------------------
    def run(self) -> Game:
        try:
            while not self.game.over:
                legal = self.game.legal_actions()
                if not legal:
                    break
                seat = legal[0]["player"]
                if seat in self.bots:
                    if not self.bot_turn(seat, legal):
                        return self.game
                else:
                    self.person_turn(seat)
        except Quit:
            self.say("[bold]You left the game.[/bold]")
            return self.game
        self.talk()
        self.the_end()
        return self.game

    def bot_turn(self, seat: int, legal: list[dict]) -> bool:
        try:
            self.game.apply(self.bots[seat].choose(self.game, legal, self.rng))
        except WaybillError as exc:
            self.say(f"[red]the game stopped: {escape(str(exc))}[/red]")
            return False
        return True

    def person_turn(self, seat: int) -> None:
        v = self.game.view(seat, lang=self.lang)
        self.draw(v, seat)
        while True:
            line = self.ask(seat)
            if self.command(line, seat, v):
                return

    def ask(self, seat: int) -> str:
        try:
            return click.prompt(f"seat {seat}", prompt_suffix="> ", default="", show_default=False).strip()
        except (click.Abort, EOFError):
            raise Quit from None

    def command(self, line: str, seat: int, v: dict) -> bool:
        """Do what the person typed; True once the decision is answered."""
        word, _, rest = line.partition(" ")
        word, rest = word.lower(), rest.strip()
        options = v["pending"]["options"]
        if line.isdigit():
            n = int(line)
            if not 1 <= n <= len(options):
                self.say(f"[yellow]choose a number from 1 to {len(options)} (or `help`)[/yellow]")
                return False
            return self.answer(seat, options[n - 1])
        if word in ("help", "?"):
            self.say(escape(HELP))
        elif word == "log":
            self.show_log(seat)
        elif word == "card":
            self.show_card(rest)
        elif word == "save":
            self.save(rest)
        elif word == "load":
            return self.load(rest)          # the loop goes on with the loaded game
        elif word in ("quit", "exit", "q"):
            raise Quit
        elif line == "":
            self.draw_question(v)
        else:
            self.say(f"[yellow]`{escape(line)}` is not a command: type a number from 1 to {len(options)}, "
                     "or `help`[/yellow]")
        return False

    def answer(self, seat: int, option: dict) -> bool:
        legal = self.game.legal_actions()
        i = option["option"]
        try:
            self.game.apply(legal[i])
        except (IllegalAction, RuleError, IndexError) as exc:
            self.say(f"[red]that did not work: {escape(str(exc))}[/red] — choose again")
            return False
        return True

    def words(self, mid: str, english: str, **args) -> str:
        """The terminal's own words (the engine catalogue, spec/locales)."""
        return self.cat.get(mid, args, english) if self.cat is not None else english

    # --- drawing -------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        """A player as people read it, in the screen's language."""
        return seat_name(self.game.state.players[seat], seat, self.words)

    def say(self, text: str) -> None:
        self.console.print(text, soft_wrap=True)    # long lines wrap in the terminal, not in the text

    def draw(self, v: dict, seat: int) -> None:
        self.say("")
        panel = next((p for p in v["display"]["panels"] if p["seat"] == seat), None)
        if panel is not None and panel["items"]:
            self.console.print(self.table(self.seat_name(seat), panel["items"], v))
        if v["display"]["board"]:
            self.console.print(self.table(self.words("play-the-table", "The table"), v["display"]["board"], v))
        self.talk(seat)
        self.draw_question(v)

    def table(self, title: str, items: list[dict], v: dict) -> Table:
        t = Table(title=escape(title), show_header=False, title_justify="left", expand=False)
        t.add_column("what", style="bold")
        t.add_column("value")
        players = v["players"]
        for it in items:
            text = it["text"]
            if isinstance(text, list):
                text = "\n".join(f"{players[s]}: {x}" for s, x in enumerate(text))
            t.add_row(escape(it["label"]), escape(text))
        return t

    def talk(self, seat: int | None = None) -> None:
        """Table talk written since it was last shown (the last few lines of it)."""
        who = self.watcher if seat is None else seat
        v = self.game.view(who, log_from=self.shown, lang=self.lang)
        lines = [t for t in (self.entry_text(e, v) for e in v["log"]) if t]
        self.shown = v["log_end"]
        if len(lines) > LOG_LINES:
            n = len(lines) - LOG_LINES
            self.say(f"[dim]{escape(self.words('play-earlier', f'... {n} earlier lines: type `log`', count=n))}[/dim]")
            lines = lines[-LOG_LINES:]
        for line in lines:
            self.say(escape(line))

    def entry_text(self, e: dict, v: dict) -> str | None:
        if e.get("type") == "say":
            return e.get("text") or None
        if e.get("type") == "stopped" and e.get("message"):
            return self.words("engine-stopped", f"(stopped: {e['message']})", message=e["message"])
        return None

    def draw_question(self, v: dict) -> None:
        p = v["pending"]
        self.say(f"\n[bold]{escape(self.seat_name(p['player']))}: "
                 f"{escape(p.get('prompt') or self.words('play-your-choice', 'your choice'))}[/bold]")
        ents = v["entities"]
        for n, o in enumerate(p["options"], 1):
            line = f"  {n:>2}. {o['label']}"
            e = ents.get(o.get("entity") or "")
            if e:
                name = e.get("name") or ""
                about = e.get("text") or ""
                if name and name.lower() not in o["label"].lower():
                    about = f"{name}: {about}" if about else name
                if about:
                    line += f"  — {about}"
            self.say(escape(line))
        self.draw_unavailable(p)

    def draw_unavailable(self, p: dict) -> None:
        """The actions not open now, greyed, each with why (runtime/sight/whynot.py)."""
        # one line for them all: the options stay on screen
        gone = [f"{u['label']} ({u['reason']})" for u in p.get("unavailable") or []]
        if gone:
            self.say(f"[dim]   × {escape(' · '.join(gone))}[/dim]")

    def show_log(self, seat: int) -> None:
        v = self.game.view(seat, log=True, lang=self.lang)
        lines = [t for t in (self.entry_text(e, v) for e in v["log"]) if t]
        self.say("\n".join(escape(x) for x in lines) if lines else self.words("play-nothing-said", "nothing has been said yet"))

    def show_card(self, name: str) -> None:
        ents = self.rules.ir.get("entities") or []
        if self.lang:
            from waybill.i18n import translated_entities
            ents = translated_entities(self.rules.ir, self.lang)
        if not name:
            self.say("[yellow]which card? `card NAME`[/yellow]")
            return
        key = name.lower()
        found = [e for e in ents if key in (e["id"].lower(), (e.get("name") or "").lower())]
        if not found:
            found = [e for e in ents if (e.get("name") or e["id"]).lower().startswith(key)]
        if not found:
            names = sorted({e.get("name") or e["id"] for e in ents})
            close = difflib.get_close_matches(name, names, n=3, cutoff=0.5)
            self.say(f"[yellow]no card named `{escape(name)}`"
                     + (f"; did you mean {', '.join(escape(c) for c in close)}?" if close else "") + "[/yellow]")
            return
        for e in found[:5]:
            self.say(f"[bold]{escape(e.get('name') or e['id'])}[/bold] ({escape(e.get('kind') or '')})")
            if e.get("text"):
                self.say("  " + escape(e["text"]))
            for k, x in (e.get("fields") or {}).items():
                self.say(f"  {escape(k)}: {escape(json.dumps(x))}")
        if len(found) > 5:
            self.say(f"[dim]... and {len(found) - 5} more[/dim]")

    def the_end(self) -> None:
        g = self.game
        result = g.result or {}
        self.say(f"\n[bold]{escape(self.words('play-game-over', 'Game over.'))}[/bold]")
        if g.winner is not None:
            who = self.seat_name(g.winner)
            self.say(escape(self.words("play-winner", f"Winner: {who}", player=who)))
        scores = result.get("scores") or []
        for place, seat in enumerate(result.get("ranking") or [], 1):
            score = f" — {scores[seat]}" if seat < len(scores) and scores[seat] is not None else ""
            self.say(f"  {place}. {escape(self.seat_name(seat))}{escape(score)}")

    # --- files ---------------------------------------------------------------------
    def save(self, path: str) -> None:
        if not path:
            self.say("[yellow]save where? `save FILE`[/yellow]")
            return
        data = {"format": SAVE_FORMAT, "pack": self.rules.ir["pack"]["id"],
                "humans": sorted(self.humans), "game": self.game.to_json()}
        try:
            with open(path, "w", encoding="utf-8") as fh:
                json.dump(data, fh)
        except OSError as exc:
            self.say(f"[red]cannot save to {escape(path)}: {escape(exc.strerror or str(exc))}[/red]")
            return
        self.say(f"saved to {escape(path)}")

    def load(self, path: str) -> bool:
        if not path:
            self.say("[yellow]load what? `load FILE`[/yellow]")
            return False
        try:
            with open(path, encoding="utf-8") as fh:
                data = json.load(fh)
        except OSError as exc:
            self.say(f"[red]cannot read {escape(path)}: {escape(exc.strerror or str(exc))}[/red]")
            return False
        except (ValueError, UnicodeDecodeError):
            self.say(f"[red]{escape(path)} is not a saved game (not JSON)[/red]")
            return False
        problem = _load_problem(data, self.rules)
        if problem:
            self.say(f"[red]{escape(path)}: {escape(problem)}[/red]")
            return False
        try:
            game = Game.from_json(self.rules, data["game"])
        except WaybillError as exc:
            self.say(f"[red]{escape(path)} is not a game of these rules: {escape(str(exc))}[/red]")
            return False
        humans = data.get("humans")
        keep = set(humans) if isinstance(humans, list) and all(type(h) is int for h in humans) else self.humans
        self.set_game(game, keep)
        self.say(f"loaded {escape(path)}: decision {game.state.decision}")
        return True


def seat_name(name: str, seat: int, words: Any = None) -> str:
    """A player as people read it: "Seat 2", or "Ann (seat 2)"; ``words``
    (``Session.words``) says the engine's parts in the screen's language."""
    say = words or (lambda mid, english, **args: english)
    if name == f"Seat {seat}":
        return say("engine-seat-name", name, seat=seat)
    return f"{name} ({say('engine-seat', f'seat {seat}', seat=seat)})"


def _load_problem(data: Any, rules: Rules) -> str | None:
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT or not isinstance(data.get("game"), dict):
        return "not a game saved by `waybill play` (`save FILE`)"
    if data.get("pack") != rules.ir["pack"]["id"]:
        return f"a game of pack {data.get('pack')!r}, not {rules.ir['pack']['id']!r}"
    return None


def play_terminal(rules: Rules, players: int, seed: int, humans: set[int], bot: str,
                  lang: str | None = None, think_ms: int | None = None) -> Game:
    # named by seat number, so the screen and the log say the same number
    game = Game.new(rules, players=[f"Seat {i}" for i in range(players)], seed=seed)
    return Session(rules, game, humans, bot, seed, lang, think_ms).run()
