"""`waybill play`: a game in the terminal, read like table talk."""

from __future__ import annotations

import random

import click

from waybill.bots import make_bot
from waybill.runtime import Game, Rules, WaybillError


def play_terminal(rules: Rules, players: int, seed: int, humans: set[int], bot: str) -> Game:
    game = Game.new(rules, players=players, seed=seed)
    bots = {s: make_bot(bot, rules.ir["pack"]["id"]) for s in range(players) if s not in humans}
    rng = random.Random(seed)
    said = 0
    try:
        while not game.over:
            said = _say(game, said)
            legal = game.legal_actions()
            seat = legal[0]["player"]
            if seat in bots:
                game.apply(bots[seat].choose(game, legal, rng))
                continue
            pending = game.pending or {}
            name = game.state.players[seat]
            click.echo(click.style(f"\n{name}: {pending.get('prompt') or 'your choice'}", bold=True))
            for i, a in enumerate(legal, 1):
                click.echo(f"  {i:>2}. {a['label']}")
            choice = click.prompt("choose", type=click.IntRange(1, len(legal)))
            game.apply(legal[choice - 1])
    except WaybillError as exc:
        click.echo(click.style(f"the game stopped: {exc}", fg="red"))
        return game
    _say(game, said)
    result = game.result or {}
    click.echo(click.style("\nGame over.", bold=True))
    if game.winner is not None:
        click.echo(f"Winner: {game.state.players[game.winner]}")
    if result.get("ranking"):
        scores = result.get("scores") or []
        for place, seat in enumerate(result["ranking"], 1):
            score = f" ({scores[seat]})" if seat < len(scores) else ""
            click.echo(f"  {place}. {game.state.players[seat]}{score}")
    return game


def _say(game: Game, said: int) -> int:
    lines = game.messages()
    for line in lines[said:]:
        click.echo(line)
    return len(lines)
