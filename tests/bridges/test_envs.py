"""waybill.envs: PettingZoo's api_test and Gymnasium's check_env pass on
every shipped pack and a test pack (short games: conftest.PACKS), masks
mark exactly the pending decision's options, and an index that is not a
legal option is refused as the module documents: "the game does not
change, the same seat is still to answer, the step's reward is
-illegal_penalty (0.01 unless given), and info["illegal"] says why"."""

from __future__ import annotations

import pytest

from tests.bridges.conftest import PACKS

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from waybill.envs import aec_env, gym_env  # noqa: E402


def short(pack: str) -> dict:
    players, sets = PACKS[pack]
    return {"players": players, "sets": sets}


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("pack", list(PACKS))
def test_pettingzoo_api(pack):
    api_test(aec_env(pack, seed=1, **short(pack)), num_cycles=40, verbose_progress=False)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("pack", list(PACKS))
def test_gymnasium_check_env(pack):
    check_env(gym_env(pack, seat=0, seed=1, **short(pack)), skip_render_check=True)


def test_the_mask_is_the_pending_decisions_options():
    env = aec_env("badlands", seed=3, **short("badlands"))
    env.reset(seed=3)
    agent = env.agent_selection
    seat = int(agent.split("_")[1])
    n = len(env.game.legal_actions())
    mask = env.observe(agent)["action_mask"]
    assert mask[:n].all() and not mask[n:].any()
    other = f"seat_{1 - seat}"
    assert not env.observe(other)["action_mask"].any()       # not its turn: nothing to choose


def test_an_illegal_index_in_the_aec_env_is_refused_and_the_seat_answers_again():
    env = aec_env("badlands", seed=3, illegal_penalty=0.5, **short("badlands"))
    env.reset(seed=3)
    agent = env.agent_selection
    before = env.game.to_json(log=False)
    n = len(env.game.legal_actions())
    env.step(n)                                              # one past the last option
    assert env.agent_selection == agent
    assert env.game.to_json(log=False) == before
    assert env.rewards[agent] == -0.5
    assert "not one of the" in env.infos[agent]["illegal"]
    env.step(0)
    assert env.infos.get(agent, {}).get("illegal") is None


def test_an_illegal_index_in_the_gym_env_is_refused_with_a_penalty():
    env = gym_env("weds", seat=1, seed=2, **short("weds"))
    obs, info = env.reset(seed=2)
    mask = info["action_mask"]
    assert (env.action_masks() == mask).all()
    bad = int(mask.sum())                                     # the first index past the options
    before = env.game.to_json(log=False)
    obs2, reward, terminated, truncated, info2 = env.step(bad)
    assert reward == -0.01 and not terminated and not truncated
    assert "illegal" in info2 and (obs2 == obs).all()
    assert env.game.to_json(log=False) == before
    obs3, reward, terminated, truncated, info3 = env.step(0)
    assert "illegal" not in info3


def test_a_gym_episode_ends_with_the_seats_result():
    env = gym_env("warfare", seat=0, seed=4, **short("warfare"))
    obs, info = env.reset(seed=4)
    done = False
    total = 0.0
    steps = 0
    while not done and steps < 500:
        action = int(info["action_mask"].argmax())           # the first legal option
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
        steps += 1
    assert done and env.game.over
    assert total == (1.0 if env.game.winner == 0 else 0.0)


def test_a_missing_library_names_the_extra_to_install():
    from waybill.bridge_common import need
    with pytest.raises(ImportError, match=r"pip install 'waybill\[rl\]'"):
        need("no_such_library_for_waybill")


def test_a_simultaneous_decision_is_asked_one_agent_at_a_time_and_hides_the_earlier_answers():
    """tests/packs/throws_at_once, rule 1: "Nobody learns another player's throw until all have picked"."""
    from tests.bridges.conftest import THROWS
    seen = []
    for first in range(3):
        env = aec_env(THROWS, seed=2, **short(THROWS))
        env.reset(seed=2)
        assert env.agent_selection == "seat_0"
        env.step(first)
        assert env.agent_selection == "seat_1", "the next seat of the same decision"
        seen.append([env.observe(a)["observation"].tolist() for a in ("seat_1", "seat_2")])
    assert seen[0] == seen[1] == seen[2], "seats 2 and 3 observe the same whatever seat 1 threw"
