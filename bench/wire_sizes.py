"""The largest message `waybill serve` sends in a whole game, before and after deltas.

    python bench/wire_sizes.py                       # weds, badlands, warfare; 2 players; seed 1
    python bench/wire_sizes.py --players 2 4 max     # each pack at 2, 4 and its most players
    python bench/wire_sizes.py --packs weds --players 3 --seed 7 --json

A game of bots alone is played in-process; after every decision, each
audience (every seat, the spectators) is sent what `waybill serve` sends:

- before (the server before deltas): the whole state, `view(seat, log=True)`
  with every log entry so far, on every push and every HTTP answer;
- after: over HTTP, the acting seat's state with its log since the end of
  the one it had (`log_from`), cut to fit (serve/wire.py); over the
  WebSocket, each audience's first whole state (log from 0, the rest in
  `log` messages) and then one delta a decision (serve/hub.py builds the
  same messages).

Sizes are of the compact JSON sent (bytes). The "before" size of a state is
its lean view's plus its whole log's, as the log entries never change once
written (runtime/sight/filter.py): no O(n^2) re-rendering of the log. The
views are what the server sends, `view(seat, cards=False)`: cards named by
id, their words asked once a game (`GET .../cards`, pages of at most 30 000
bytes: WEDS's 218 cards take 2, Badlands' and Warfare's 1). "state without log" is the largest state
(view and actions) with no log entry at all: what the bound really rests
on, as a long log is cut to fill each message to near 30 000 bytes.
Measured here, never asserted in tests; tests/serve/test_deltas.py asserts
the 30 000-byte bound over whole games of WEDS (2 and 4 players) through a
real server.

Figures, 2026-12-03 (`--players 2 4 max --seed 1`, bots' default choices,
cards by id):

| pack | players | decisions | before: largest state | after: largest HTTP | largest WebSocket message | state without log | WebSocket bytes a game, before → after (one audience, the largest) |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |
| weds | 2 | 519 | 329 076 | 29 941 | 29 989 | 15 779 | 93 509 250 → 1 021 338 |
| weds | 4 | 1282 | 741 660 | 29 998 | 29 963 | 20 987 | 494 713 720 → 1 991 830 |
| weds | 6 | 1409 | 791 664 | 30 000 | 29 933 | 24 554 | 586 274 905 → 1 979 746 |
| badlands | 2 | 499 | 214 479 | 18 785 | 11 077 | 12 451 | 56 566 816 → 903 376 |
| badlands | 4 | 564 | 250 811 | 29 999 | 15 760 | 17 561 | 75 360 427 → 811 124 |
| warfare | 2 | 45 | 34 087 | 9 948 | 11 939 | 9 824 | 1 022 976 → 90 559 |
| warfare | 4 | 85 | 59 241 | 17 818 | 18 417 | 13 571 | 3 297 680 → 129 572 |

Random choices (`--random`) reach the questions bots avoid:

| pack | players | seed | decisions | largest HTTP | largest WebSocket message | state without log |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
| weds | 2 | 1 | 1445 | 29 941 | 29 989 | 15 097 |
| weds | 4 | 1 | 2858 | 29 977 | 29 963 | 19 788 |
| weds | 5 | 2 | 3594 | 29 996 | 29 989 | 29 683 |
| weds | 6 | 1 | 4278 | 30 000 | 29 933 | 29 693 |
| weds | 6 | 2 | 4446 | 30 000 | 29 943 | 24 296 |
| badlands | 2 | 1 | 1038 | 20 822 | 11 077 | 15 434 |
| badlands | 4 | 1 | 2262 | 30 000 | 15 760 | 22 112 |
| warfare | 2 | 1 | 9 | 10 110 | 11 939 | 9 540 |
| warfare | 4 | 1 | 23 | 22 475 | 18 417 | 22 248 |

(Badlands and Warfare seat at most 4.) Before the cards were sent apart, a
4-player WEDS HTTP reply reached 40 621 bytes (a state with no log: its
view's `entities` 17.6 KB — card text 7.7 KB, fields 5.9 KB —, `display`
14.4 KB, `boards` 5.6 KB). Before a state's options were cut to fit, a 5-
or 6-player WEDS seat asked "Escort your truck to" in random play (84
options: 10.7 KB in `view.pending`, 12.3 KB of `actions`, 2.8 KB of board
targets) was sent a state of 43.9-46.9 KB; it now comes as a state with
its first options (29.7 KB) and one `actions` message (or `GET …/actions`
page) with the rest.
"""

from __future__ import annotations

import argparse
import json
import random

from waybill.api import Game, load_pack, make_bot
from waybill.serve import wire


def _state(game: Game, seat, log_from: int | None, version: int) -> dict:
    viewer = None if seat == "spectator" else seat
    mine = viewer is not None and game.pending is not None and not game.over and game.pending["player"] == viewer
    return {"id": "0123456789abcdef", "pack": "x", "seat": viewer, "version": version,
            "view": game.view(viewer, log_from=log_from, cards=False), "actions": game.legal_actions() if mine else [],
            "bots": [], "stopped": None}


def measure(pack: str, players: int, seed: int, random_play: bool = False) -> dict:
    rules = load_pack(pack)
    game = Game.new(rules, players=players, seed=seed)
    bot = make_bot("default", rules)
    audiences = [*range(players), "spectator"]
    log_bytes = {a: 0 for a in audiences}          # the compact JSON of each audience's whole log so far
    log_count = {a: 0 for a in audiences}
    prev: dict = {}                                # audience -> (core, version, log end)
    http_end = {s: 0 for s in range(players)}      # where each seat's own log ends (it asks from there)
    out = {"pack": pack, "players": players, "decisions": 0, "before": 0, "http": 0, "ws": 0, "lean": 0,
           "ws_bytes_before": {}, "ws_bytes_after": {}}
    sent_before = {a: 0 for a in audiences}
    sent_after = {a: 0 for a in audiences}
    step = 0
    while True:
        version = game.decision + game.over
        for a in audiences:
            if a not in prev:
                state = _state(game, a, 0, version)
                first, rest = wire.bounded(state, "state")
                msgs = [first, *rest]
            else:
                core, v, end = prev[a]
                state = _state(game, a, end, version)
                msgs = wire.delta(core, v, state) or []
            for m in msgs:
                size = len(wire.dumps(m))
                out["ws"] = max(out["ws"], size)
                sent_after[a] += size
            new = state["view"]["log"] if a in prev else state["view"]["log"]
            log_bytes[a] += sum(len(wire.dumps(e)) for e in new)
            log_count[a] += len(new)
            prev[a] = (wire.core(state), version, state["view"]["log_end"])
            # before: the same state with the whole log
            sent = wire.bounded(state, "state")[0]
            lean = len(wire.dumps({**sent, "view": {**sent["view"], "log": [], "log_from": 0}}))
            out["lean"] = max(out["lean"], lean)
            whole = lean + log_bytes[a] + max(0, log_count[a] - 1)
            out["before"] = max(out["before"], whole)
            sent_before[a] += whole
        if game.over:
            break
        seat = game.pending["player"]
        legal = game.legal_actions()
        rng = random.Random(f"{seed}/{step}")
        game.apply(rng.choice(legal) if random_play else bot.choose(game, legal, rng))
        step += 1
        # the mover's HTTP answer: its log since the end of its last one, cut to fit
        answer = wire.bounded(_state(game, seat, http_end[seat], game.decision + game.over))[0]
        out["http"] = max(out["http"], len(wire.dumps(answer)))
        out["lean"] = max(out["lean"], len(wire.dumps({**answer, "view": {**answer["view"], "log": []}})))
        http_end[seat] = answer["view"]["log_from"] + len(answer["view"]["log"])
        if "options_end" in answer:        # the rest of its options, asked page by page
            whole = _state(game, seat, None, game.decision + game.over)
            got = len(answer["actions"])
            while got < answer["options_end"]:
                page = {"id": "0123456789abcdef", **wire.actions_page(whole, got)}
                out["http"] = max(out["http"], len(wire.dumps(page)))
                got += len(page["actions"])
    out["decisions"] = step
    out["ws_bytes_before"] = max(sent_before.values())
    out["ws_bytes_after"] = max(sent_after.values())
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--packs", nargs="+", default=["weds", "badlands", "warfare"])
    ap.add_argument("--players", nargs="+", default=["2"],
                    help="player counts (max: the pack's largest)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--random", action="store_true", help="random choices instead of the pack's bot")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    for p in args.packs:
        most = load_pack(p).ir["players"]["max"]
        for n in dict.fromkeys(most if x == "max" else int(x) for x in args.players):
            r = measure(p, n, args.seed, args.random)
            rows.append(r)
            if not args.json:
                print(f"| {r['pack']} | {r['players']} | {r['decisions']} | {r['before']} | {r['http']} | {r['ws']} | "
                      f"{r['lean']} | {r['ws_bytes_before']} → {r['ws_bytes_after']} |", flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
