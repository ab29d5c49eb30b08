"""The PettingZoo parallel environment (one decision a step), the ``render_mode="ansi"``
text of every environment, and the default of ``resignation`` (off) in the learning APIs."""

import inspect

import gymnasium
import numpy as np
import pytest
from pettingzoo.test import parallel_api_test

import broadside
from conftest import REGISTERED, RULESETS


@pytest.mark.parametrize("ruleset", RULESETS)
def test_parallel_api_test_passes(ruleset):
    parallel_api_test(broadside.parallel_env(ruleset=ruleset, seed=3, max_decisions=400), num_cycles=500)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_parallel_plays_like_the_aec_env(ruleset):
    """Same seed, same actions: the same observations and the same rewards."""
    par = broadside.parallel_env(ruleset=ruleset, seed=8, max_decisions=200)
    aec = broadside.env(ruleset=ruleset, seed=8, max_decisions=200)
    obs, infos = par.reset()
    aec.reset()
    rng = np.random.default_rng(0)
    while par.agents:
        agent = par.agent_to_act
        assert agent == aec.agent_selection and infos[agent]["to_act"]
        mask = obs[agent]["action_mask"]
        np.testing.assert_array_equal(mask, aec.observe(agent)["action_mask"])
        for other in par.agents:
            if other != agent:
                assert not obs[other]["action_mask"].any() and not infos[other]["to_act"]
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, rewards, term, trunc, infos = par.step({a: action for a in par.agents})
        aec.step(action)
    for a in broadside.aec.AGENTS:
        assert rewards[a] == aec.rewards[a]
        assert term[a] == aec.terminations[a] and trunc[a] == aec.truncations[a]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_ansi_render(ruleset):
    for e in (
        broadside.env(ruleset=ruleset, seed=1, render_mode="ansi"),
        broadside.parallel_env(ruleset=ruleset, seed=1, render_mode="ansi"),
    ):
        assert "ansi" in e.metadata["render_modes"]
        e.reset()
        text = e.render()
        assert isinstance(text, str) and ruleset in text and "to act" in text and "legal (" in text
    assert broadside.env(ruleset=ruleset).render() is None
    g = broadside.BroadsideGym(ruleset=ruleset, render_mode="ansi")
    assert "ansi" in g.metadata["render_modes"]
    g.reset(seed=0)
    assert "player_0 to act" in g.render()


@pytest.mark.parametrize("ruleset", REGISTERED)
def test_gymnasium_make_renders(ruleset):
    env = gymnasium.make(f"broadside/{ruleset}-v1", render_mode="ansi")
    env.reset(seed=0)
    assert isinstance(env.render(), str)


def test_resignation_is_off_by_default():
    for cls in (broadside.BroadsideAEC, broadside.BroadsideGym, broadside.BroadsideParallel):
        assert inspect.signature(cls).parameters["resignation"].default is False
    # Where the resign order is in the catalogue, it is legal only when asked for.
    for ruleset in REGISTERED:
        default = broadside.Game(ruleset)
        on = broadside.Game(ruleset, resignation=True)
        while on.is_chance_node():
            outcome = on.chance_outcomes()[0][0]
            on.apply_action(outcome)
            default.apply_action(outcome)
        names_default = {default.action_name(a) for a in default.legal_actions()}
        names_on = {on.action_name(a) for a in on.legal_actions()}
        assert not any("resign" in n for n in names_default), ruleset
        assert names_default <= names_on
        v_default = broadside.VecEnv(ruleset, 1, seed=0)
        v_on = broadside.VecEnv(ruleset, 1, seed=0, resignation=True)
        assert v_default.action_masks.sum() <= v_on.action_masks.sum()
