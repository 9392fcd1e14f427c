"""Every Waybill pack as a PettingZoo AEC environment and as a single-agent
Gymnasium environment.

    from waybill.envs import aec_env, gym_env
    env = aec_env("weds", players=3)            # every seat an agent: "seat_0", "seat_1", ...
    one = gym_env("weds", players=3, seat=0)    # seat 0 learns; the pack's bots play the others

Both observe a seat through ``waybill.observation.Encoding`` (fixed size per
pack and player count, from the seat's view only) and act by an index into
the pending decision's options; the action space is ``Discrete(N)`` with N
the pack's `list` limit (10 000 unless the pack sets it), as in the OpenSpiel
game. The mask of legal indices is in the AEC observation (``{"observation",
"action_mask"}``), and in the Gymnasium env's ``info["action_mask"]`` and its
``action_masks()`` method.

**An index that is not a legal option** (Gymnasium's checker samples actions
without a mask) is refused: the game does not change, the same seat is still
to answer, the step's reward is ``-illegal_penalty`` (0.01 unless given),
and ``info["illegal"]`` says why. The episode goes on.

Rewards are given at the end: 1 to the winner, 0 to the others (and to all
when nobody wins). A game that reaches the bound of the OpenSpiel game
(``max_rounds`` x players x ``actions_per_round`` answers) is truncated.
"""

from __future__ import annotations

import random
from typing import Any

from waybill.bridge_common import (DEFAULT_ACTIONS_PER_ROUND, DEFAULT_ROUNDS, action_bound, check_options, need,
                                   round_limit, table_rules)
from waybill.observation import Encoding

np = need("numpy")
gymnasium = need("gymnasium")
spaces = gymnasium.spaces

ILLEGAL_PENALTY = 0.01


class _Table:
    """What both environments share: the rules, the encoding, the spaces and the bounds."""

    def __init__(self, pack: str, players: int, seed: int | None, variants: str | list[str], sets: str,
                 max_rounds: int, actions_per_round: int, option_slots: int, illegal_penalty: float):
        from waybill.api import Game, WaybillError
        self.rules = table_rules(pack, variants, sets)
        lo, hi = self.rules.ir["players"]["min"], self.rules.ir["players"]["max"]
        if not lo <= players <= hi:
            raise WaybillError(f"players: {pack} is played by {lo} to {hi}, not {players}")
        self.players = players
        self.encoding = Encoding(self.rules, players, option_slots)
        self.actions = action_bound(self.rules)
        self.max_length = (max_rounds or round_limit(self.rules.ir) or DEFAULT_ROUNDS) * players * actions_per_round
        self.penalty = float(illegal_penalty)
        self.seeds = random.Random(seed)
        self.new_game = Game.new
        self.observation = spaces.Box(-np.inf, np.inf, (self.encoding.size,), np.float32)
        self.action = spaces.Discrete(self.actions)

    def start(self, seed: int | None) -> Any:
        if seed is not None:
            self.seeds = random.Random(seed)
        return self.new_game(self.rules, self.players, self.seeds.getrandbits(31))

    def observe(self, game: Any, seat: int) -> Any:
        return np.asarray(self.encoding.encode(game.view(seat, zones=True, display=False)), np.float32)

    def mask(self, game: Any, seat: int) -> Any:
        m = np.zeros(self.actions, np.int8)
        if not game.over and game.pending is not None and game.pending["player"] == seat:
            n = len(game.legal_actions())
            check_options(n, self.actions)
            m[:n] = 1
        return m

    def refusal(self, game: Any, seat: int, action: Any) -> str | None:
        """Why ``action`` cannot be played by ``seat`` now, or None when it can."""
        if isinstance(action, (np.integer,)):
            action = int(action)
        if type(action) is not int:
            return f"an action is an option index (an int), not {action!r}"
        n = len(game.legal_actions())
        if not 0 <= action < n:
            return f"option {action} is not one of the {n} options of the pending decision (0..{n - 1})"
        return None

    def returns(self, game: Any) -> list[float]:
        return [1.0 if game.over and game.winner == i else 0.0 for i in range(self.players)]


def aec_env(pack: str, players: int = 2, seed: int | None = None, variants: str | list[str] = "", sets: str = "",
            max_rounds: int = 0, actions_per_round: int = DEFAULT_ACTIONS_PER_ROUND, option_slots: int = 32,
            illegal_penalty: float = ILLEGAL_PENALTY, render_mode: str | None = None) -> Any:
    """A PettingZoo AEC environment of ``pack`` with ``players`` seats (agents ``seat_0``...)."""
    pettingzoo = need("pettingzoo")
    table = _Table(pack, players, seed, variants, sets, max_rounds, actions_per_round, option_slots, illegal_penalty)

    class WaybillAEC(pettingzoo.AECEnv):
        metadata = {"render_modes": ["ansi"], "name": f"waybill_{table.rules.ir['pack']['id']}_v0",
                    "is_parallelizable": False}

        def __init__(self) -> None:
            super().__init__()
            self.table = table
            self.render_mode = render_mode
            self.possible_agents = [f"seat_{i}" for i in range(players)]
            self._spaces = {a: spaces.Dict({"observation": table.observation,
                                            "action_mask": spaces.Box(0, 1, (table.actions,), np.int8)})
                            for a in self.possible_agents}
            self.game = None

        def observation_space(self, agent: str) -> Any:
            return self._spaces[agent]

        def action_space(self, agent: str) -> Any:
            return table.action

        def reset(self, seed: int | None = None, options: dict | None = None) -> None:
            self.game = table.start(seed)
            self.moves = 0
            self.agents = list(self.possible_agents)
            self.rewards = {a: 0.0 for a in self.agents}
            self._cumulative_rewards = {a: 0.0 for a in self.agents}
            self.terminations = {a: False for a in self.agents}
            self.truncations = {a: False for a in self.agents}
            self.infos = {a: {} for a in self.agents}
            self.agent_selection = self._to_act()

        def _to_act(self) -> str:
            return f"seat_{self.game.pending['player']}"

        def observe(self, agent: str) -> dict:
            seat = int(agent.split("_")[1])
            return {"observation": table.observe(self.game, seat), "action_mask": table.mask(self.game, seat)}

        def step(self, action: Any) -> None:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            seat = int(agent.split("_")[1])
            self._cumulative_rewards[agent] = 0.0
            self.rewards = {a: 0.0 for a in self.agents}
            self.infos = {a: {} for a in self.agents}
            why = table.refusal(self.game, seat, action)
            if why is not None:
                # refused: nothing changes, the same seat answers again
                self.rewards[agent] = -table.penalty
                self.infos[agent] = {"illegal": why}
                self._accumulate_rewards()
                return
            self.game.apply(self.game.legal_actions()[int(action)])
            self.moves += 1
            if self.game.over or self.moves >= table.max_length:
                cut = not self.game.over
                for a, r in zip(self.possible_agents, table.returns(self.game)):
                    self.rewards[a] = r
                    self.terminations[a] = not cut
                    self.truncations[a] = cut
            else:
                self.agent_selection = self._to_act()
            self._accumulate_rewards()

        def render(self) -> str | None:
            if self.render_mode != "ansi" or self.game is None:
                return None
            g = self.game
            return f"round {g.state.round}, decision {g.decision}, " + (
                f"over, winner {g.winner}" if g.over else f"seat {g.pending['player']} to answer: {g.pending['prompt']}")

        def close(self) -> None:
            self.game = None

    return WaybillAEC()


def gym_env(pack: str, players: int = 2, seat: int = 0, seed: int | None = None, variants: str | list[str] = "",
            sets: str = "", bot: str = "default", max_rounds: int = 0,
            actions_per_round: int = DEFAULT_ACTIONS_PER_ROUND, option_slots: int = 32,
            illegal_penalty: float = ILLEGAL_PENALTY, render_mode: str | None = None) -> Any:
    """A Gymnasium environment: ``seat`` of a ``players``-seat game of ``pack``,
    the other seats played by the bot ``bot`` (the pack's own by default)."""
    from waybill.api import make_bot
    table = _Table(pack, players, seed, variants, sets, max_rounds, actions_per_round, option_slots, illegal_penalty)
    if type(seat) is not int or not 0 <= seat < players:
        raise ValueError(f"seat is one of 0..{players - 1}, not {seat!r}")
    others = make_bot(bot, table.rules)

    class WaybillGym(gymnasium.Env):
        metadata = {"render_modes": ["ansi"]}

        def __init__(self) -> None:
            self.table = table
            self.seat = seat
            self.render_mode = render_mode
            self.observation_space = table.observation
            self.action_space = table.action
            self.game = None

        def _others(self) -> None:
            """The bots answer until it is this seat's turn or the game ends."""
            g = self.game
            while not g.over and g.pending["player"] != seat and self.moves < table.max_length:
                g.apply(others.choose(g, g.legal_actions(), self.bot_rng))
                self.moves += 1

        def _info(self, **more: Any) -> dict:
            return {"action_mask": table.mask(self.game, seat), **more}

        def action_masks(self) -> Any:
            return table.mask(self.game, seat)

        def reset(self, seed: int | None = None, options: dict | None = None) -> tuple[Any, dict]:
            super().reset(seed=seed)
            self.game = table.start(seed)
            self.bot_rng = random.Random(table.seeds.getrandbits(31))
            self.moves = 0
            self._others()
            return table.observe(self.game, seat), self._info()

        def step(self, action: Any) -> tuple[Any, float, bool, bool, dict]:
            g = self.game
            if g.over or self.moves >= table.max_length:
                raise RuntimeError("the episode is over: call reset()")
            why = table.refusal(g, seat, action)
            if why is not None:
                return table.observe(g, seat), -table.penalty, False, False, self._info(illegal=why)
            g.apply(g.legal_actions()[int(action)])
            self.moves += 1
            self._others()
            over = g.over
            cut = not over and self.moves >= table.max_length
            reward = table.returns(g)[seat] if over else 0.0
            return table.observe(g, seat), reward, over, cut, self._info()

        def render(self) -> str | None:
            if self.render_mode != "ansi" or self.game is None:
                return None
            g = self.game
            return f"round {g.state.round}, decision {g.decision}" + (f", over, winner {g.winner}" if g.over else "")

    return WaybillGym()


__all__ = ["aec_env", "gym_env", "ILLEGAL_PENALTY"]
