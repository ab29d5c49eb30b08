"""The single-agent Gymnasium environment against an agent-spec opponent."""

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import broadside
from conftest import REGISTERED, RULESETS


@pytest.mark.parametrize("ruleset", RULESETS)
def test_gymnasium_check_env_passes(ruleset):
    env = gymnasium.make(f"broadside/{ruleset}-v1", opponent="random")
    check_env(env.unwrapped, skip_render_check=True)


@pytest.mark.parametrize("ruleset", REGISTERED)
def test_check_env_passes_against_the_rulesets_best_bot(ruleset):
    env = gymnasium.make(f"broadside/{ruleset}-v1", opponent="bot:best", side=1)
    check_env(env.unwrapped, skip_render_check=True)


def test_the_mask_is_in_the_observation_and_the_info_and_episodes_end_with_the_game():
    env = gymnasium.make("broadside/connect_four-v1", opponent="random")
    rng = np.random.default_rng(0)
    for episode in range(5):
        obs, info = env.reset(seed=episode)
        np.testing.assert_array_equal(obs["action_mask"], info["action_mask"])
        np.testing.assert_array_equal(env.unwrapped.action_masks(), obs["action_mask"] == 1)
        done, steps = False, 0
        while not done:
            a = env.action_space.sample(obs["action_mask"])
            obs, reward, term, trunc, info = env.step(a)
            done, steps = term or trunc, steps + 1
        assert reward in (-1.0, 0.0, 1.0)
        assert env.unwrapped.game().is_terminal()
        assert steps <= 21


def test_a_seeded_reset_replays_the_same_episode_against_an_mcts_opponent():
    env = gymnasium.make("broadside/fsail-v1", scenario="frigate-duel", opponent="mcts:sims=8")

    def episode():
        obs, _ = env.reset(seed=7)
        rng = np.random.default_rng(3)
        trace = []
        for _ in range(30):
            a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, r, term, trunc, _ = env.step(a)
            trace.append((a, r, term, trunc))
            if term or trunc:
                break
        return trace, env.unwrapped.game().history()

    assert episode() == episode()


def column_zero_full(env):
    """Plays column 0 until it is full with the game still on; returns the observation."""
    for seed in range(50):
        obs, _ = env.reset(seed=seed)
        while obs["action_mask"][0]:
            obs, _, term, trunc, _ = env.step(0)
            if term or trunc:
                break
        else:
            return obs
    raise AssertionError("no game left column 0 full and the game on")


def test_illegal_actions_lose_by_default_or_raise_when_asked():
    raising = broadside.BroadsideGym("connect_four", illegal_action="raise")
    column_zero_full(raising)
    before = raising.game()
    with pytest.raises(ValueError, match="not legal"):
        raising.step(0)
    assert raising.game() == before
    losing = broadside.BroadsideGym("connect_four")
    column_zero_full(losing)
    _, reward, term, trunc, info = losing.step(0)
    assert (reward, term, trunc, info["illegal_action"]) == (-1.0, True, False, 0)
    for env in (raising, losing):
        with pytest.raises(ValueError, match="outside"):
            env.step(99)


def test_bad_opponents_and_options_are_value_errors():
    with pytest.raises(ValueError, match="unknown bot"):
        gymnasium.make("broadside/wsim-v1", opponent="bot:nobody")
    with pytest.raises(ValueError, match="unknown agent"):
        gymnasium.make("broadside/wsim-v1", opponent="alphazero")
    with pytest.raises(ValueError, match="network"):
        gymnasium.make("broadside/wsim-v1", opponent="net:path=x.pt")
    with pytest.raises(ValueError, match="side"):
        gymnasium.make("broadside/wsim-v1", side=2)
