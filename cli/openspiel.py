"""Every Waybill pack as an OpenSpiel game: ``import waybill.openspiel``
registers ``"waybill"``.

    import pyspiel
    import waybill.openspiel  # noqa: F401  (registers the game)
    game = pyspiel.load_game("waybill", {"pack": "weds", "players": 3, "seed": 7,
                                         "variants": "raider_warping"})

Parameters (OpenSpiel's are int, float, str or bool): ``pack`` (a shipped
name or a pack folder), ``players``, ``seed`` (of the first game; each new
initial state takes the next one), ``variants`` (a comma list), ``set``
(``KEY=VALUE`` overrides separated by spaces, as `waybill balance --set`),
``max_rounds`` (0: the pack's own round limit), ``actions_per_round`` and
``option_slots`` (the observation's, see ``waybill.observation``).

The game is sequential, of imperfect information, general-sum, with
*sampled* chance (dice and shuffles come from the game's own random stream,
seeded per game; there are no chance nodes) and terminal rewards:

- **actions** are indices into the pending decision's options, in the
  order ``Game.legal_actions()`` lists them; ``num_distinct_actions`` is
  the pack's `list` limit (10 000 unless the pack declares another), which
  bounds the options of one decision;
- **utilities**: 1 to the winner, 0 to everyone else; 0 to all in a game
  with no winner or cut short (min 0, max 1);
- **max_game_length** is the pack's round limit (read from its `play`
  block, ``waybill.bridge_common.round_limit``; ``max_rounds`` when it has
  none or the parameter is set) times the players times
  ``actions_per_round`` (100). A game that reaches it unfinished is cut
  there: terminal, no winner;
- **information_state_string(p)** is seat p's history (a SHA-256 chain over
  every log entry as p is shown it) and its observation string;
  **observation_string(p)** is p's view (counters, zones, the pending
  decision) as JSON, **observation_tensor(p)** that view encoded
  (``waybill.observation.Encoding``);
- **resample_from_infostate(p, sampler)** is ``Game.determinise``: a
  state that agrees with everything p sees, hidden pieces and the random
  stream dealt anew, so ISMCTS works (``ScoreEvaluator`` is a cheap leaf
  evaluator from the pack's score hint).
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from waybill.bridge_common import (DEFAULT_ACTIONS_PER_ROUND, DEFAULT_ROUNDS, action_bound, check_options, need,
                                   round_limit, table_rules)
from waybill.observation import Encoding

np = need("numpy")
pyspiel = need("pyspiel")

NAME = "waybill"
PARAMETERS = {"pack": "weds", "players": 3, "seed": 1, "variants": "", "set": "", "max_rounds": 0,
              "actions_per_round": DEFAULT_ACTIONS_PER_ROUND, "option_slots": 32}

GAME_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="Waybill pack",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=64,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=PARAMETERS)


class WaybillGame(pyspiel.Game):
    """One pack at one table size, as an OpenSpiel game."""

    def __init__(self, params: dict | None = None):
        p = dict(PARAMETERS, **(params or {}))
        from waybill.api import Game
        self.rules = table_rules(p["pack"], p["variants"], p["set"])
        self.players = int(p["players"])
        lo, hi = self.rules.ir["players"]["min"], self.rules.ir["players"]["max"]
        if not lo <= self.players <= hi:
            raise ValueError(f"players: {p['pack']} is played by {lo} to {hi}, not {self.players}")
        declared = round_limit(self.rules.ir)
        self.max_rounds = int(p["max_rounds"]) or declared or DEFAULT_ROUNDS
        self.max_length = self.max_rounds * self.players * int(p["actions_per_round"])
        self.encoding = Encoding(self.rules, self.players, int(p["option_slots"]))
        self.seeds = random.Random(int(p["seed"]))
        self.first_seed = int(p["seed"])
        self.new_game = Game.new
        info = pyspiel.GameInfo(num_distinct_actions=action_bound(self.rules), max_chance_outcomes=0,
                                num_players=self.players, min_utility=0.0, max_utility=1.0,
                                max_game_length=self.max_length)
        super().__init__(GAME_TYPE, info, p)

    def new_initial_state(self) -> "WaybillState":
        """A new game, set up on first use (OpenSpiel's clone makes a new
        initial state, then replaces its insides): the parameter ``seed``
        for the first game, then the next seed of the game's own stream."""
        return WaybillState(self)

    def next_seed(self) -> int:
        seed, self.first_seed = (self.first_seed, None) if self.first_seed is not None \
            else (self.seeds.getrandbits(31), None)
        return seed

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "WaybillObserver":
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return WaybillObserver(self, perfect_recall)


class WaybillState(pyspiel.State):
    """A game in progress (a ``waybill.Game``) as an OpenSpiel state."""

    def __init__(self, game: WaybillGame, wb: Any = None, history: list[str] | None = None, synced: int = 0,
                 moves: int = 0):
        super().__init__(game)
        self.live = _Live(wb)
        self.shared = _Shared(game)
        self.moves = moves
        # per seat, a SHA-256 chain over the log entries as that seat is shown them, up to log index `synced`
        self.hist = list(history) if history is not None else ["" for _ in range(game.players)]
        self.synced = synced

    @property
    def spiel_game(self) -> WaybillGame:
        return self.shared.game

    @property
    def wb(self) -> Any:
        """The ``waybill.Game`` under this state."""
        live = self.live
        if live.game is None:
            g = self.shared.game
            live.game = g.new_game(g.rules, g.players, g.next_seed())
        return live.game

    # --- OpenSpiel's state interface ----------------------------------------

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.wb.pending["player"])

    def is_terminal(self) -> bool:
        return self.wb.over or self.moves >= self.spiel_game.max_length

    def _legal_actions(self, player: int) -> list[int]:
        if self.is_terminal() or player != self.current_player():
            return []
        return list(range(len(self.options())))

    def options(self) -> list[dict]:
        """The pending decision's options (``Game.legal_actions()``), kept for this decision
        and seat (a simultaneous decision asks its seats one after another, under one number)."""
        live = self.live
        d = (self.wb.decision, self.wb.pending["player"])
        if live.options is None or live.options[0] != d:
            opts = self.wb.legal_actions()
            check_options(len(opts), self.spiel_game.num_distinct_actions())
            live.options = (d, opts)
        return live.options[1]

    def _apply_action(self, action: int) -> None:
        opts = self.options()
        if not 0 <= action < len(opts):
            raise ValueError(f"action {action} is not one of 0..{len(opts) - 1}")
        self.wb.apply(opts[action])
        self.moves += 1

    def _action_to_string(self, player: int, action: int) -> str:
        opts = self.options() if not self.is_terminal() else []
        label = opts[action].get("label", "") if 0 <= action < len(opts) else ""
        return f"p{player}:{action}:{label}"

    def returns(self) -> list[float]:
        n = self.spiel_game.players
        winner = self.wb.winner if self.wb.over else None
        return [1.0 if winner == i else 0.0 for i in range(n)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "WaybillState":
        """A state seat ``player_id`` cannot tell from this one (``Game.determinise``)."""
        self.sync()
        u = probability_sampler() if callable(probability_sampler) else random.random()
        rng = random.Random(int(u * 2 ** 53))
        dealt = self.wb.determinise(player_id, rng)
        return WaybillState(self.spiel_game, dealt, self.hist, self.synced, self.moves)

    def copy(self) -> "WaybillState":
        """A copy that plays on independently (what OpenSpiel's ``clone`` gives too)."""
        return WaybillState(self.spiel_game, self.wb.clone(), self.hist, self.synced, self.moves)

    def __str__(self) -> str:
        st = self.wb.m.st
        return f"round {st.round} decision {st.decision} move {self.moves}" + (" over" if self.wb.over else "")

    # --- the seats' records ---------------------------------------------------

    def sync(self) -> None:
        """Bring every seat's history up to the end of the log (done when asked, not at every move)."""
        end = self.wb.m.st.log_from + len(self.wb.m.st.log)
        if self.synced >= end:
            return
        for seat in range(self.spiel_game.players):
            h = self.hist[seat]
            for entry in self.wb.view(seat, log_from=self.synced, display=False)["log"]:
                h = hashlib.sha256((h + json.dumps(entry, sort_keys=True)).encode()).hexdigest()
            self.hist[seat] = h
        self.synced = end

    def view_of(self, player: int) -> dict:
        return self.wb.view(player, zones=True, display=False)


class _Live:
    """The ``waybill.Game`` of a state. OpenSpiel clones a Python state by
    deep-copying its attributes: a game is cloned (``Game.clone``), never
    deep-copied (its rules hold compiled code)."""
    __slots__ = ("game", "options")

    def __init__(self, game: Any):
        self.game = game
        self.options: tuple[tuple[int, int], list[dict]] | None = None

    def __deepcopy__(self, memo: dict) -> "_Live":
        return _Live(self.game.clone() if self.game is not None else None)


class _Shared:
    """What every state of one OpenSpiel game shares (the game): never copied."""
    __slots__ = ("game",)

    def __init__(self, game: WaybillGame):
        self.game = game

    def __deepcopy__(self, memo: dict) -> "_Shared":
        return self


def observation_text(view: dict) -> str:
    """A seat's view without its log, as compact JSON (the observation string)."""
    keep = {k: v for k, v in view.items() if k not in ("log", "log_from", "log_end", "display", "entities")}
    return json.dumps(keep, sort_keys=True, separators=(",", ":"))


class WaybillObserver:
    """OpenSpiel's observer: ``tensor`` (the encoding) and strings for one seat."""

    def __init__(self, game: WaybillGame, perfect_recall: bool):
        self.game = game
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(game.encoding.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: WaybillState, player: int) -> None:
        self.tensor[:] = self.game.encoding.encode(state.view_of(player))

    def string_from(self, state: WaybillState, player: int) -> str:
        text = observation_text(state.view_of(player))
        if not self.perfect_recall:
            return text
        state.sync()
        return f"seat {player} history {state.hist[player]} now {text}"


class ScoreEvaluator:
    """A leaf evaluator for OpenSpiel's MCTS and ISMCTS bots: at a terminal
    state the returns; elsewhere 1 for the seat(s) the pack's score hint
    (``score { ... }``) puts first, shared, and 0 for the others; uniform
    priors. With no score hint it rolls the game out at random for at most
    ``rollout`` moves and scores it the same way (0 for all when unfinished)."""

    def __init__(self, rollout: int = 200, seed: int = 0):
        self.rollout = rollout
        self.rng = random.Random(seed)

    def evaluate(self, state: WaybillState) -> Any:
        if state.is_terminal():
            return np.array(state.returns())
        wb = state.wb
        if not wb.has_bot_score():
            s = state.copy()
            for _ in range(self.rollout):
                if s.is_terminal():
                    return np.array(s.returns())
                s.apply_action(self.rng.randrange(len(s.options())))
            return np.zeros(state.spiel_game.players)
        scores = [wb.bot_score(i) for i in range(state.spiel_game.players)]
        best = max(scores)
        leaders = [i for i, v in enumerate(scores) if v == best]
        return np.array([1.0 / len(leaders) if i in leaders else 0.0 for i in range(len(scores))])

    def prior(self, state: WaybillState) -> list[tuple[int, float]]:
        actions = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(actions)) for a in actions]


pyspiel.register_game(GAME_TYPE, WaybillGame)

__all__ = ["WaybillGame", "WaybillState", "WaybillObserver", "ScoreEvaluator", "GAME_TYPE", "PARAMETERS",
           "observation_text"]
