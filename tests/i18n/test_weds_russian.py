"""WEDS in Russian, complete (issue #16, acceptance): bots play games of
Wasteland Express in Russian, and every player-facing string of every
seat's view at every decision — the question, its options, the table, the
cards, the players' names — and every log line is scanned for words in
Latin letters. Only bracket icons (``[MOVEMENT]``: the rulebook prints its
icons so, and ``content/weds/locales/README.md`` keeps them) and the
allow-list below may stay.

Seed 004 (the Russian rulebook) keeps no proper name in Latin letters, and
neither does ``ru.ftl``: the allow-list is empty."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from waybill import load_pack
from waybill import make_bot
from waybill import Game

LATIN = re.compile(r"[A-Za-z]+")
ICON = re.compile(r"\[[A-Z_]+\]")
ALLOWED: set[str] = set()          # proper names the Russian rulebook keeps in Latin letters: none


def strings(v: dict):
    """Every player-facing string of a view: what it is, and the words."""
    p = v["pending"] or {}
    yield "prompt", p.get("prompt")
    for o in p.get("options") or []:
        yield "option", o.get("label")
    for name in v["players"]:
        yield "player", name
    display = v.get("display") or {"panels": [], "board": []}
    for panel in display["panels"]:
        yield "panel", panel.get("name")
    for part in display["panels"] + [{"items": display["board"]}]:
        for it in part["items"]:
            yield "label", it.get("label")
            for val in it["value"] if isinstance(it.get("value"), list) else [it.get("value")]:
                if isinstance(val, dict):
                    yield "zone", val.get("name")
            for t in it["text"] if isinstance(it.get("text"), list) else [it.get("text")]:
                yield "display", t
    for e in (v.get("entities") or {}).values():
        yield "card", e["name"]
        yield "card text", e.get("text")
    for e in v["log"]:
        if e["type"] == "say":
            yield "log", e["text"]
        elif e["type"] == "action":
            yield "answer", e.get("label")
        elif e["type"] == "stopped":
            yield "stopped", e.get("message")


def english_words(s: str) -> list[str]:
    return [w for w in LATIN.findall(ICON.sub("", s)) if w not in ALLOWED]


def play_in_russian(seed: int, players: int, steps: int, variants: tuple = (),
                    every_seat: bool = True) -> tuple[Game, Counter, dict, set]:
    """A bot game of `steps` decisions at most; every seat's view at every
    decision (new log lines included) is scanned (or, not `every_seat`, the
    deciding seat's, and every 50 decisions and at the end each seat's whole
    view with its new log lines: reading a seat's log costs the whole log).
    Returns the game, the
    English found (by where it was seen), an example of each, and the
    message ids of what was said and asked (what the game covered)."""
    rules = load_pack("weds", list(variants))
    g = Game.new(rules, players=players, seed=seed)
    bots = [make_bot("default", "weds") for _ in range(players)]
    rng = random.Random(seed)
    found: Counter = Counter()
    example: dict = {}
    asked: set = set()
    seen = [0] * players
    for step in range(steps):
        for seat in range(players):
            if every_seat or g.over or step % 50 == 0:
                v = g.view(seat, log_from=seen[seat], lang="ru")
                seen[seat] = v["log_end"]
            elif seat == g.pending["player"]:
                v = g.view(seat, lang="ru")            # the question and the table; the log every 50 steps
                v["log"] = []
            else:
                continue
            asked.update(e["msg"] for e in v["log"] if e.get("msg"))
            asked.update(o["msg"] for o in (v["pending"] or {}).get("options") or [] if o.get("msg"))
            for where, s in strings(v):
                if isinstance(s, str) and english_words(s):
                    key = (where, " ".join(english_words(s))[:40])
                    found[key] += 1
                    example.setdefault(key, s)
        if g.over:
            break
        asked.add(g.m.st.pending.get("msg") or g.m.st.pending.get("kind"))
        seat = g.pending["player"]
        g.apply(bots[seat].choose(g, g.legal_actions(), rng))
    return g, found, example, asked


SEED, PLAYERS = 4, 3


@pytest.fixture(scope="module")
def russian():
    return play_in_russian(SEED, PLAYERS, 2500)


def test_a_bot_game_in_russian_shows_no_english_word(russian):
    g, found, example, asked = russian
    assert g.over, "the game ended (every phase, up to the final scoring, was seen)"
    assert len(asked) > 20
    report = "\n".join(f"{n:5} {where}: {example[(where, w)]!r}" for (where, w), n in found.most_common())
    assert not found, "English in a Russian game:\n" + report


def test_the_game_in_russian_is_the_game_in_english(russian):
    """Language changes only words: the same seed and bots play the same
    game, to the same result, with English views or none."""
    g_ru = russian[0]
    g = Game.new(load_pack("weds"), players=PLAYERS, seed=SEED)
    bots = [make_bot("default", "weds") for _ in range(PLAYERS)]
    rng = random.Random(SEED)
    seen = [0] * PLAYERS
    for _ in range(2500):             # the Russian game's bound
        if g.over:
            break
        seat = g.pending["player"]
        seen[seat] = g.view(seat, log_from=seen[seat])["log_end"]     # its new log lines, in English
        g.apply(bots[seat].choose(g, g.legal_actions(), rng))
    assert (g.winner, g.result) == (g_ru.winner, g_ru.result)
    assert g.to_json() == g_ru.to_json()


def test_the_russian_game_said_what_the_rules_build_in_russian(russian):
    """Text the rules build (a choice offered as a string, a name from
    `text_of`, a menu line with holes) is said from the catalogue, read
    back from its English."""
    g = russian[0]
    pairs = {}
    for seat in range(PLAYERS):        # an answer is in the log of the seat that gave it
        said = [e.get("text") or e.get("label") or "" for e in g.view(seat, log=True, lang="ru")["log"]]
        english = [e.get("text") or e.get("label") or "" for e in g.view(seat, log=True)["log"]]
        pairs.update(zip(english, said))
    assert pairs.get("stop here") == "остановиться здесь"
    moved = [ru for en, ru in pairs.items() if re.fullmatch(r"Raider truck \d moves \w+ to [A-D][1-4]", en)]
    assert moved and all(re.search(r"на (север|восток|юг|запад), в [АБВГ][1-4]$", ru) for ru in moved), moved
    v = g.view(0, lang="ru")
    assert v["players"] == [f"Игрок {i + 1}" for i in range(PLAYERS)]


def test_the_terminal_in_russian_says_no_english_word():
    """`waybill play weds --lang ru` watching bots: the screen is Russian but
    for the bots' registered names and the terminal's commands (`log`)."""
    import subprocess

    from tests.wbkit import WAYBILL
    out = subprocess.run(WAYBILL + ["play", "weds", "--human", "none", "--lang", "ru", "-s", "2"],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    shown = re.sub(r"`[a-z]+`|\bweds_heuristic\b", "", out.stdout)
    assert "Игра окончена." in shown and english_words(shown) == []


# Each variant of Appendix F, played in Russian. A variant that replaces a
# declaration says its own lines under its own ids (`variant-<id>-...`,
# docs/I18N.md), so the Russian says the variant's line, never the base
# game's line that was at the same place. Whole games, scanning the deciding
# seat's whole view and every seat's new log lines at each decision.
VARIANT_LINES = {
    # "each successful smuggling run pays 2 less $crap than its listed value
    #  ... roll 2 combat dice and take bonus $crap equal to the number of hits"
    "risky_smuggling": ({"variant-risky_smuggling-proc-finish_job-log1",
                         "variant-risky_smuggling-proc-finish_job-log2"}, r"контрабандный рейс .* минус \$2"),
    # "this variant allows you to engage other player trucks in combat"
    "brutal_competition": ({"variant-brutal_competition-action-attack_truck",
                            "variant-brutal_competition-proc-truck_combat_fight-log1",
                            "variant-brutal_competition-proc-truck_combat_roll-log1"}, r"атакует грузовик игрока"),
    # "Just pass the "Welcome to the Wasteland" card each round to denote who is the start player."
    "no_event_deck": ({"variant-no_event_deck-proc-reveal_event-log1"},
                      r"берёт карту «Добро пожаловать в Пустошь»: это первый игрок"),
    # "Ignore all players' unique character bonuses." (the driver's zone is named so)
    "perfect_information": (set(), r"Водитель \(бонус не учитывается\)"),
    # "allows raider trucks to be moved off the edge of the wasteland map and
    #  reappear on the opposite edge": the variant says nothing of its own;
    #  a move across an edge is said like any raider move
    "raider_warping": (set(), r"на (север, в Г|юг, в А|восток, в [АБВГ]1|запад, в [АБВГ]4)$"),
}


@pytest.fixture(scope="module", params=sorted(VARIANT_LINES))
def russian_variant(request):
    return request.param, play_in_russian(SEED, PLAYERS, 2500, (request.param,), every_seat=False)


def said_in_russian(g: Game) -> list[str]:
    out = []
    for seat in range(PLAYERS):
        v = g.view(seat, log=True, lang="ru")
        out += [e.get("text") or e.get("label") or "" for e in v["log"]]
        for part in v["display"]["panels"] + [{"items": v["display"]["board"]}]:
            for it in part["items"]:
                vals = it["value"] if isinstance(it.get("value"), list) else [it.get("value")]
                out += [x["name"] for x in vals if isinstance(x, dict) and x.get("name")]
    return out


def test_each_variant_in_russian_shows_its_own_lines_and_no_english_word(russian_variant):
    variant, (g, found, example, said) = russian_variant
    assert g.over, f"the {variant} game ended"
    ids, pattern = VARIANT_LINES[variant]
    assert ids <= said, f"{variant}: its own lines were not all shown: {sorted(ids - said)}"
    shown = said_in_russian(g)
    assert any(re.search(pattern, s) for s in shown), f"{variant}: no line like {pattern!r}"
    report = "\n".join(f"{n:5} {where}: {example[(where, w)]!r}" for (where, w), n in found.most_common())
    assert not found, f"English in a Russian game with {variant}:\n" + report


def test_a_variant_line_is_never_said_with_the_base_game_translation():
    """`finish_job` of risky smuggling says the smuggling run at its first
    `log`; the base game's first `log` there is an ordinary faction job.
    Each has its own id and its own Russian."""
    from waybill.spec.messages import messages
    base = {m.id: m.english() for m in messages(load_pack("weds").ir)}
    risky = {m.id: m.english() for m in messages(load_pack("weds", ["risky_smuggling"]).ir)}
    assert "smuggling run" in risky["variant-risky_smuggling-proc-finish_job-log1"]
    assert "proc-finish_job-log1" not in risky
    assert "smuggling" not in base["proc-finish_job-log1"]
    assert not any(k.startswith("variant-") for k in base)
