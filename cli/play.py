"""`waybill play`: a game in the terminal, drawn from the pack's display.

Each time a person is to answer, the screen shows that seat's panel, the
public board, the table talk since last time, then the question with
numbered options (an option that names a card shows the card's text). On a
terminal that is one screen, redrawn whole and fitted to its height
(screen.py): the question and all its options are never scrolled off, and
`log` opens the whole log in the pager. Answers read as the log says them:
who, the question, the option ("Player 2 — Buy how many? 2"). Bots
play the other seats. Everything drawn comes from ``Game.view(seat)``, so a
person sees what the seat may see and nothing more. Players are read as
"Player 1", "Player 2", ... (seat 0 is Player 1: README "Seats"); menu
options are numbered from 1.

Commands at the prompt: a number answers; ``help`` (or ``?``), ``log``,
``card NAME``, ``save FILE``, ``load FILE``, ``quit``, or the same commands
in the screen's language (``--lang``). Every word the terminal says of its
own comes from the engine's catalogue (``play-*`` in spec/locales), so
``--lang ru`` shows no English of the terminal's. Nothing typed ends in a
traceback: a bad answer asks again.
"""

from __future__ import annotations

import difflib
import json
import random
from typing import Any

import click
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from waybill import screen

from waybill.api import make_bot, words
from waybill.simulate import lineup
from waybill.console import console
from waybill import textmap
from waybill.api import Game, IllegalAction, RuleError, Rules, WaybillError

SAVE_FORMAT = "waybill-play/1"
LOG_LINES = 8
# the commands by their English word (their words in a language: `play-cmd-<word>`), each
# with the message id and English of the argument it takes
COMMANDS = {"help": (None, None), "log": (None, None), "card": ("play-arg-name", "NAME"),
            "save": ("play-arg-file", "FILE"), "load": ("play-arg-file", "FILE"), "quit": (None, None)}
ALIASES = {"?": "help", "exit": "quit", "q": "quit"}        # kept in every language
HELP_LINES = {"help": "this help", "log": "everything said at the table so far",
              "card": "a card's text and fields (any card of the game)", "save": "save the game to {file} (JSON)",
              "load": "load a game saved with `{save}`", "quit": "leave the game"}


class Quit(Exception):
    """The person asked to leave."""


class Session:
    """One game at the terminal: the game, who plays which seat, what was shown."""

    def __init__(self, rules: Rules, game: Game, humans: set[int], bot: str, seed: int, lang: str | None = None,
                 think_ms: int | None = None):
        self.rules = rules
        self.lang = lang         # every view in this language (bots read the game, not words)
        self.cat = words(lang, rules)
        self.console = console(highlight=False)
        self.bot_name = bot
        self.think_ms = think_ms
        self.rng = random.Random(seed)
        self.shown = 0
        # on a terminal each question is one screen, redrawn whole (screen.py); what a command
        # says is kept (None: printed at once) and drawn above the question
        self.screen = self.console.is_terminal
        self.notes: list[str] | None = None
        self.carried: list[str] = []
        self.set_game(game, humans)

    def set_game(self, game: Game, humans: set[int]) -> None:
        self.game = game
        n = len(game.state.players)
        self.humans = {s for s in humans if 0 <= s < n}
        names = lineup(self.bot_name, n, self.rules)     # one name, or one per seat
        self.bots = {s: make_bot(names[s], self.rules, think_ms=self.think_ms) for s in range(n) if s not in self.humans}
        if self.bots:
            seat = {s: self.seat_name(s) for s in self.bots}
            bot = {s: self.bot_word(names[s]) for s in self.bots}
            plays = [self.words("play-bot-of", f"{seat[s]} plays {bot[s]}", seat=seat[s], bot=bot[s])
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
                decision, at_once = self.game.decision, "waiting" in (self.game.pending or {})
                if seat in self.bots:
                    if not self.bot_turn(seat, legal):
                        return self.game
                else:
                    self.person_turn(seat)
                if at_once and self.game.decision == decision and self.game.waiting:
                    self.has_chosen(seat)
        except Quit:
            self.flush()
            self.say(f"[bold]{escape(self.words('play-left', 'You left the game.'))}[/bold]")
            return self.game
        self.flush()
        self.talk()
        self.the_end()
        return self.game

    def has_chosen(self, seat: int) -> None:
        """A seat has answered a simultaneous decision (`choose each`) that
        others still have to answer: if a person answered and another person
        is asked next at this terminal, the screen is cleared first (the pick
        stays secret); everyone is told only that the seat has chosen."""
        name = self.seat_name(seat)
        said = escape(self.words("play-has-chosen", f"{name} has chosen.", seat=name))
        if self.screen:     # (every screen is drawn whole: the word goes on the next one)
            self.carried.append(said)
            return
        if seat in self.humans and any(s in self.humans for s in self.game.waiting):
            self.console.clear()
        self.say(said)

    def bot_turn(self, seat: int, legal: list[dict]) -> bool:
        try:
            self.game.apply(self.bots[seat].choose(self.game, legal, self.rng))
        except WaybillError as exc:
            self.say(f"[red]{escape(self.words('play-stopped', f'the game stopped: {exc}', reason=str(exc)))}[/red]")
            return False
        return True

    def person_turn(self, seat: int) -> None:
        v = self.game.view(seat, lang=self.lang)
        self.draw(v, seat)
        while True:
            line = self.ask(seat)
            if not self.screen:
                if self.command(line, seat, v):
                    return
                continue
            # on a screen: what the command says is drawn above the question, which stays in sight
            self.notes = []
            try:
                done = self.command(line, seat, v)
            finally:
                said, self.notes = self.notes, None
            if done:
                self.carried = said         # (a game loaded: said on its first screen)
                return
            self.draw_screen(v, seat, said)

    def ask(self, seat: int) -> str:
        try:
            return click.prompt(self.seat_name(seat), prompt_suffix="> ", default="", show_default=False).strip()
        except (click.Abort, EOFError):
            raise Quit from None

    def command(self, line: str, seat: int, v: dict) -> bool:
        """Do what the person typed; True once the decision is answered."""
        word, _, rest = line.partition(" ")
        word, rest = self.command_of(word), rest.strip()
        options = v["pending"]["options"]
        n = len(options)
        if line.isdigit():
            if not 1 <= int(line) <= n:
                self.warn(self.words("play-choose-number", f"choose a number from 1 to {n} (or `{self.cmd('help')}`)",
                                     count=n, help=self.cmd("help")))
                return False
            return self.answer(seat, options[int(line) - 1])
        if word == "help":
            self.say(escape(self.help_text()))
        elif word == "log":
            self.show_log(seat)
        elif word == "card":
            self.show_card(rest)
        elif word == "save":
            self.save(rest)
        elif word == "load":
            return self.load(rest)          # the loop goes on with the loaded game
        elif word == "quit":
            raise Quit
        elif line == "":
            if not self.screen:         # (a screen is redrawn, question and all)
                self.draw_question(v)
        else:
            self.warn(self.words("play-not-a-command", f"`{line}` is not a command: type a number from 1 to {n}, "
                                 f"or `{self.cmd('help')}`", line=line, count=n, help=self.cmd("help")))
        return False

    def cmd(self, name: str) -> str:
        """A command's word in the screen's language."""
        return self.words(f"play-cmd-{name}", name)

    def command_of(self, typed: str) -> str | None:
        """The command a typed word names: its English word, its word in the
        screen's language, or an alias (``?``); None for none."""
        typed = typed.lower()
        for name in COMMANDS:
            if typed in (name, self.cmd(name).lower()):
                return name
        return ALIASES.get(typed)

    def help_text(self) -> str:
        """`help`: each command with its argument and what it does, aligned."""
        rows = []
        file, save = self.words("play-arg-file", "FILE"), self.cmd("save")
        for name, (arg, english) in COMMANDS.items():
            word = self.cmd(name) + (", ?" if name == "help" else "")
            if arg:
                word += " " + self.words(arg, english)
            rows.append((word, self.words(f"play-help-{name}", HELP_LINES[name].format(file=file, save=save),
                                          file=file, save=save)))
        width = max(len(w) for w, _ in rows) + 2
        intro = self.words("play-help-intro", "Answer with the number of an option. Other commands:")
        return "\n".join([intro] + [f"  {w:<{width}}{about}" for w, about in rows])

    def warn(self, text: str) -> None:
        self.say(f"[yellow]{escape(text)}[/yellow]")

    def fail(self, text: str) -> None:
        self.say(f"[red]{escape(text)}[/red]")

    def answer(self, seat: int, option: dict) -> bool:
        legal = self.game.legal_actions(seat)
        i = option["option"]
        try:
            self.game.apply(legal[i])
        except (IllegalAction, RuleError, IndexError) as exc:
            self.fail(self.words("play-did-not-work", f"that did not work: {exc} — choose again", reason=str(exc)))
            return False
        return True

    def words(self, mid: str, english: str, **args) -> str:
        """The terminal's own words (the engine catalogue, spec/locales)."""
        return self.cat.get(mid, args, english) if self.cat is not None else english

    def bot_word(self, name: str) -> str:
        """A bot as people read it: the engine's bots by their word, a bot a
        pack registers as the pack's own (its registered name in English)."""
        if name in ("random", "search"):
            return self.words(f"play-bot-{name}", name)
        return self.words("play-bot-own", name, name=name)

    # --- drawing -------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        """A player as people read it, in the screen's language."""
        return seat_name(self.game.state.players[seat], seat, self.words)

    def say(self, text: str) -> None:
        if self.notes is not None:      # a command's words on a screen: drawn with the question
            self.notes.append(text)
            return
        self.console.print(text)        # long lines wrapped between words (rich), never mid-word

    def flush(self) -> None:
        """Print what was said and not yet drawn (a game that ends after a load)."""
        for text in self.carried:
            self.console.print(text)
        self.carried = []

    def draw(self, v: dict, seat: int) -> None:
        if self.screen:
            said, self.carried = self.carried, []
            self.draw_screen(v, seat, said)
            return
        self.say("")
        panel = next((p for p in v["display"]["panels"] if p["seat"] == seat), None)
        if panel is not None and panel["items"]:
            self.console.print(self.table(self.seat_name(seat), panel["items"], v))
        if v["display"]["board"]:
            self.console.print(self.table(self.words("play-the-table", "The table"), v["display"]["board"], v))
        textmap.draw(self.console, self.game, v, self.lang)      # the pack's map, when the terminal has room
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
                text = "\n".join(f"{players[s]}: {x}" for s, x in enumerate(text))   # the view's names, in its language
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
            log = self.cmd("log")
            self.say(f"[dim]{escape(self.words('play-earlier', f'... {n} earlier lines: type `{log}`', count=n, log=log))}[/dim]")
            lines = lines[-LOG_LINES:]
        for line in lines:
            self.say(escape(line))

    def entry_text(self, e: dict, v: dict) -> str | None:
        if e.get("type") == "say":
            return e.get("text") or None
        if e.get("type") == "action" and e.get("label") and e["label"] != "hidden":
            # who answered what to which question (the view says both in its language)
            who, answer = self.seat_name(e["player"]), e["label"]
            if e.get("question"):
                return self.words("engine-log-answer", f"{who} — {e['question']} {answer}", player=who,
                                  question=e["question"], answer=answer)
            return self.words("engine-log-did", f"{who} — {answer}", player=who, answer=answer)
        if e.get("type") == "stopped" and e.get("message"):
            return self.words("engine-stopped", f"(stopped: {e['message']})", message=e["message"])
        return None

    def draw_question(self, v: dict) -> None:
        self.say("")
        for markup, _ in self.question_lines(v):
            self.say(markup)

    # --- one screen (a terminal): the question never scrolls off -------------------------
    def draw_screen(self, v: dict, seat: int, said: list[str]) -> None:
        """The seat's screen, redrawn whole and fitted to the terminal (screen.py)."""
        c = self.console
        width, height = c.size
        wrap = lambda markup, indent=0: screen.wrapped(c, Text.from_markup(markup), width, indent)  # noqa: E731
        question = [ln for markup, indent in self.question_lines(v) for ln in wrap(markup, indent)]
        notes = [ln for markup in said for part in markup.split("\n") for ln in wrap(part)]
        top = []
        panel = next((p for p in v["display"]["panels"] if p["seat"] == seat), None)
        if panel is not None and panel["items"]:
            top.append(wrap(self.compact(self.seat_name(seat), panel["items"], v), 2))
        if v["display"]["board"]:
            top.append(wrap(self.compact(self.words("play-the-table", "The table"), v["display"]["board"], v), 2))
        if v.get("boards"):     # the pack's map, whole, when the screen has room for it besides the rest
            room = height - 2 - len(question) - len(notes) - screen.MIN_LOG - sum(len(b) for b in top)
            drawn = textmap.lines(self.game.boards(self.lang), v, width, room)
            if drawn:
                top.insert(0, [Text(line) for line in drawn])
        log_view = self.game.view(seat, log_from=max(0, v["log_end"] - 3 * height), lang=self.lang)
        self.shown = log_view["log_end"]
        log = [ln for t in (self.entry_text(e, log_view) for e in log_view["log"]) if t
               for ln in wrap(escape(t), 2)]
        cmd = self.cmd("log")
        more = lambda n: Text(self.words("play-more-above", f"({n} more above: `{cmd}`)", count=n,  # noqa: E731
                                         log=cmd), style="dim")
        # two lines left below: the answer typed, and one for a word about it
        lines = screen.fit(height - 2, question, notes, top, log, more)
        c.clear()
        for ln in lines:
            c.print(ln, no_wrap=True, crop=True, soft_wrap=False)

    def compact(self, title: str, items: list[dict], v: dict) -> str:
        """A panel as one paragraph, ``title: label value · label value``, for a small screen."""
        players = v["players"]
        parts = []
        for it in items:
            text = it["text"]
            if isinstance(text, list):
                text = ", ".join(f"{players[s]}: {x}" for s, x in enumerate(text))
            parts.append(f"[bold]{escape(it['label'])}[/bold] {escape(str(text))}")
        return f"[bold reverse] {escape(title)} [/bold reverse] " + " · ".join(parts)

    def question_lines(self, v: dict) -> list[tuple[str, int]]:
        """The question and its options as (markup, hanging indent) lines, with
        the actions not open now greyed on one line, each with why
        (runtime/sight/whynot.py): the options stay on screen."""
        p = v["pending"]
        out = [(f"[bold]{escape(self.seat_name(p['player']))}: "
                f"{escape(p.get('prompt') or self.words('play-your-choice', 'your choice'))}[/bold]", 2)]
        ents = v["entities"]
        for n, o in enumerate(p["options"], 1):
            out.append((escape(self.option_line(n, o, ents)), 6))
        gone = [f"{u['label']} ({u['reason']})" for u in p.get("unavailable") or []]
        if gone:
            out.append((f"[dim]   × {escape(' · '.join(gone))}[/dim]", 5))
        return out

    def option_line(self, n: int, o: dict, ents: dict) -> str:
        """An option, numbered from 1; one that names a card says the card's text."""
        line = f"  {n:>2}. {o['label']}"
        e = ents.get(o.get("entity") or "")
        if e:
            name = e.get("name") or ""
            about = e.get("text") or ""
            if name and name.lower() not in o["label"].lower():
                about = f"{name}: {about}" if about else name
            if about:
                line += f"  — {about}"
        return line

    def show_log(self, seat: int) -> None:
        v = self.game.view(seat, log=True, lang=self.lang)
        lines = [t for t in (self.entry_text(e, v) for e in v["log"]) if t]
        if lines and self.screen:
            # the whole log is longer than a screen: read in the pager (`q` returns to the question)
            with self.console.pager(styles=False):
                self.console.print("\n".join(escape(x) for x in lines))
            return
        self.say("\n".join(escape(x) for x in lines) if lines else escape(self.words("play-nothing-said", "nothing has been said yet")))

    def show_card(self, name: str) -> None:
        # every card of the game, as the web page has them (Game.cards), in the pack's order
        cards = self.game.cards(self.lang)
        ents = [{"id": e["id"], **cards[e["id"]]} for e in self.rules.ir.get("entities") or [] if e["id"] in cards]
        if not name:
            card, arg = self.cmd("card"), self.words("play-arg-name", "NAME")
            self.warn(self.words("play-which-card", f"which card? `{card} {arg}`", card=card, name=arg))
            return
        key = name.lower()
        found = [e for e in ents if key in (e["id"].lower(), (e.get("name") or "").lower())]
        if not found:
            found = [e for e in ents if (e.get("name") or e["id"]).lower().startswith(key)]
        if not found:
            names = sorted({e.get("name") or e["id"] for e in ents})
            close = ", ".join(difflib.get_close_matches(name, names, n=3, cutoff=0.5))
            self.warn(self.words("play-no-card-close", f"no card named `{name}`; did you mean {close}?", name=name,
                                 names=close) if close else
                      self.words("play-no-card", f"no card named `{name}`", name=name))
            return
        # a card's kind and fields are the pack's identifiers, not words: no catalogue says
        # them, so a screen in another language shows the card's name and text only
        raw = not self.lang or self.lang == "en"
        for e in found[:5]:
            kind = f" ({escape(e.get('kind') or '')})" if raw else ""
            self.say(f"[bold]{escape(e.get('name') or e['id'])}[/bold]{kind}")
            if e.get("text"):
                self.say("  " + escape(e["text"]))
            for k, x in (e.get("fields") or {}).items() if raw else ():
                self.say(f"  {escape(k)}: {escape(json.dumps(x))}")
        if len(found) > 5:
            more = len(found) - 5
            self.say(f"[dim]{escape(self.words('play-more-cards', f'... and {more} more', count=more))}[/dim]")

    def the_end(self) -> None:
        g = self.game
        result = g.result or {}
        self.say(f"\n[bold]{escape(self.words('play-game-over', 'Game over.'))}[/bold]")
        winners = result.get("winners", [] if g.winner is None else [g.winner])
        if "won" in result:       # a cooperative game: the team's result
            self.say(escape(self.words("play-team-won", "The team won.") if result["won"]
                            else self.words("play-team-lost", "The team lost.")))
        elif g.winner is not None and len(winners) <= 1:
            who = self.seat_name(g.winner)
            self.say(escape(self.words("play-winner", f"Winner: {who}", player=who)))
        elif winners:             # a side, or seats tied at the top
            who = ", ".join(self.seat_name(s) for s in winners)
            self.say(escape(self.words("play-winners", f"Winners: {who}", players=who)))
        scores = result.get("scores") or []
        places = result.get("places") or []
        for rank, seat in enumerate(result.get("ranking") or [], 1):
            place = places[seat] if seat < len(places) else rank      # tied seats share a place
            score = (self.words("play-score", f" — {scores[seat]}", score=scores[seat])
                     if seat < len(scores) and scores[seat] is not None else "")
            self.say(f"  {place}. {escape(self.seat_name(seat))}{escape(score)}")

    # --- files ---------------------------------------------------------------------
    def save(self, path: str) -> None:
        if not path:
            save, file = self.cmd("save"), self.words("play-arg-file", "FILE")
            self.warn(self.words("play-save-where", f"save where? `{save} {file}`", save=save, file=file))
            return
        data = {"format": SAVE_FORMAT, "pack": self.rules.ir["pack"]["id"],
                "humans": sorted(self.humans), "game": self.game.to_json()}
        try:
            with open(path, "w", encoding="utf-8") as fh:
                json.dump(data, fh)
        except OSError as exc:
            why = exc.strerror or str(exc)
            self.fail(self.words("play-cannot-save", f"cannot save to {path}: {why}", path=path, reason=why))
            return
        self.say(escape(self.words("play-saved", f"saved to {path}", path=path)))

    def load(self, path: str) -> bool:
        if not path:
            load, file = self.cmd("load"), self.words("play-arg-file", "FILE")
            self.warn(self.words("play-load-what", f"load what? `{load} {file}`", load=load, file=file))
            return False
        try:
            with open(path, encoding="utf-8") as fh:
                data = json.load(fh)
        except OSError as exc:
            why = exc.strerror or str(exc)
            self.fail(self.words("play-cannot-read", f"cannot read {path}: {why}", path=path, reason=why))
            return False
        except (ValueError, UnicodeDecodeError):
            self.fail(self.words("play-not-json", f"{path} is not a saved game (not JSON)", path=path))
            return False
        problem = self.load_problem(data, path)
        if problem:
            self.fail(problem)
            return False
        try:
            game = Game.from_json(self.rules, data["game"])
        except WaybillError as exc:
            self.fail(self.words("play-not-these-rules", f"{path} is not a game of these rules: {exc}", path=path,
                                 reason=str(exc)))
            return False
        humans = data.get("humans")
        keep = set(humans) if isinstance(humans, list) and all(type(h) is int for h in humans) else self.humans
        self.set_game(game, keep)
        decision = game.state.decision
        self.say(escape(self.words("play-loaded", f"loaded {path}: decision {decision}", path=path,
                                   decision=decision)))
        return True

    def load_problem(self, data: Any, path: str) -> str | None:
        """Why ``data`` is not a game `save` wrote for these rules, in words; None if it is."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT or not isinstance(data.get("game"), dict):
            save, file = self.cmd("save"), self.words("play-arg-file", "FILE")
            return self.words("play-not-a-save", f"{path}: not a game saved by `waybill play` (`{save} {file}`)",
                              path=path, save=save, file=file)
        want = self.rules.ir["pack"]["id"]
        if data.get("pack") != want:
            found = repr(data.get("pack"))
            return self.words("play-other-pack", f"{path}: a game of pack {found}, not {want!r}", path=path,
                              found=found, want=repr(want))
        return None


def seat_name(name: str, seat: int, words: Any = None) -> str:
    """A player as people read it: "Player 3" (seat 2, the name the engine
    gives), or "Ann (Player 3)"; ``words`` (``Session.words``) says the
    engine's parts in the screen's language. A game saved when `waybill
    play` named seats "Seat 2" still reads so."""
    say = words or (lambda mid, english, **args: english)
    player = say("engine-player", f"Player {seat + 1}", number=seat + 1)
    if name == f"Player {seat + 1}":
        return player
    if name == f"Seat {seat}":
        return say("engine-seat-name", name, seat=seat)
    return f"{name} ({player})"


def play_terminal(rules: Rules, players: int, seed: int, humans: set[int], bot: str,
                  lang: str | None = None, think_ms: int | None = None) -> Game:
    # the names the engine gives (Player 1, ...): as the web page, the API and scenarios say them
    game = Game.new(rules, players=players, seed=seed)
    return Session(rules, game, humans, bot, seed, lang, think_ms).run()
