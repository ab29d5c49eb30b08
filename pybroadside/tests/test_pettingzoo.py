"""The AEC environment: PettingZoo's own API and seed tests for every ruleset, and what the
environment promises beyond them (spaces from the Rust spec, hidden information, rewards)."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import broadside
from conftest import RULESETS


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("resignation", [True, False])
def test_pettingzoo_api_test_passes(ruleset, resignation):
    # Without resignation a random game runs long: the test's cycles reach deep into it.
    api_test(broadside.env(ruleset=ruleset, seed=3, resignation=resignation), num_cycles=300)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_pettingzoo_seed_test_passes(ruleset):
    seed_test(lambda: broadside.env(ruleset=ruleset), num_cycles=200)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_scenario_opens_and_plays_a_few_decisions(ruleset):
    for s in broadside.scenarios(ruleset):
        e = broadside.env(ruleset=ruleset, scenario=s["id"], seed=1)
        e.reset()
        rng = np.random.default_rng(0)
        for _ in range(20):
            if not e.agents:
                break
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_spaces_come_from_the_rust_spec(ruleset):
    spec = broadside.spec(ruleset)
    e = broadside.env(ruleset=ruleset, seed=0)
    space = e.observation_space("player_0")
    assert space["action_mask"].shape == (spec["num_player_actions"],)
    assert space["action_mask"].dtype == np.int8
    assert set(space["observation"].spaces) == set(spec["observation"])
    for name, part in spec["observation"].items():
        assert space["observation"][name].shape == tuple(part["shape"])
        # Feature names label the last axis (entities, global) or the channels (planes).
        axis = 0 if name in ("global", "planes") else 1
        assert len(part["features"]) == part["shape"][axis]
    assert e.feature_names == {k: v["features"] for k, v in spec["observation"].items()}
    assert e.action_space("player_1").n == spec["num_player_actions"]


def play_random(e, rng):
    """Plays one episode with uniformly random legal actions; returns the final rewards."""
    totals = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter(100_000):
        obs, reward, term, trunc, _ = e.last()
        totals[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        assert obs["action_mask"].dtype == np.int8
        other = e.observe("player_1" if agent == "player_0" else "player_0")
        assert not other["action_mask"].any(), "the waiting player has a legal action"
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


@pytest.mark.parametrize("ruleset", ["connect_four", "fsail"])
def test_a_random_game_ends_with_opposite_rewards(ruleset):
    e = broadside.env(ruleset=ruleset, seed=5, max_decisions=3000, resignation=False)
    e.reset()
    totals = play_random(e, np.random.default_rng(1))
    assert totals["player_0"] == -totals["player_1"]
    assert totals["player_0"] in (-1.0, 0.0, 1.0)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_observation_holds_nothing_its_player_cannot_know(ruleset):
    """Whatever is hidden from a player is redrawn by resample_hidden; the player's
    observation must not change (the Rust contract, checked here through Python)."""
    e = broadside.env(ruleset=ruleset, seed=11, resignation=False)
    e.reset()
    rng = np.random.default_rng(2)
    checked = 0
    for agent in e.agent_iter(200):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        g = e.game()
        for p in (0, 1):
            seen = g.observation(p)
            for s in range(3):
                other = g.resample_hidden(p, s).observation(p)
                for k in seen:
                    np.testing.assert_array_equal(seen[k], other[k])
        np.testing.assert_array_equal(
            obs["observation"][next(iter(obs["observation"]))],
            g.observation(int(agent[-1]))[next(iter(obs["observation"]))],
        )
        checked += 1
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert checked > 10


def test_illegal_and_out_of_range_actions_raise_and_change_nothing():
    e = broadside.env(ruleset="connect_four", seed=0)
    e.reset()
    for _ in range(6):
        e.step(3)
    before = e.game()
    with pytest.raises(ValueError, match="not legal"):
        e.step(3)  # column 3 is full
    with pytest.raises(ValueError, match="outside"):
        e.step(7)
    with pytest.raises(ValueError, match="outside"):
        e.step(-1)
    assert e.game() == before


def test_unknown_ruleset_and_scenario_are_value_errors_listing_what_exists():
    with pytest.raises(ValueError, match="unknown ruleset `nope`.*wsim.*connect_four"):
        broadside.env(ruleset="nope")
    with pytest.raises(ValueError, match="nope"):
        broadside.env(ruleset="wsim", scenario="nope")
    with pytest.raises(OSError):
        broadside.env(ruleset="wsim", scenario="/no/such/file.toml")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_reused_observations_equal_fresh_ones_and_are_the_same_arrays(ruleset):
    # The opt-in `reuse_observations` rewrites one dict per agent in place: along a game it
    # must show exactly what the fresh observations show, in the same array objects.
    fresh = broadside.env(ruleset=ruleset, seed=4, max_decisions=200)
    reused = broadside.env(ruleset=ruleset, seed=4, max_decisions=200, reuse_observations=True)
    fresh.reset()
    reused.reset()
    rng = np.random.default_rng(2)
    first = {}
    for agent in fresh.agent_iter(400):
        a, _, term, trunc, _ = fresh.last()
        b, _, term_b, trunc_b, _ = reused.last()
        assert reused.agent_selection == agent and (term, trunc) == (term_b, trunc_b)
        assert first.setdefault(agent, b) is b
        np.testing.assert_array_equal(a["action_mask"], b["action_mask"])
        for name in a["observation"]:
            np.testing.assert_array_equal(a["observation"][name], b["observation"][name])
        action = None if term or trunc else int(rng.choice(np.flatnonzero(a["action_mask"])))
        fresh.step(action)
        reused.step(action)


def test_pettingzoo_api_test_passes_with_reused_observations():
    api_test(broadside.env(ruleset="connect_four", seed=3, reuse_observations=True), num_cycles=300)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_lean_paths_do_what_pettingzoos_own_do(ruleset):
    # `legal_actions` is the Rust method itself, and `_was_dead_step` is PettingZoo's
    # specialised to an env whose agents finish together: along games to the end, the legal
    # list is the mask's, and every dead step leaves the agents, the selection and the
    # per-agent dicts exactly as PettingZoo's generic `AECEnv._was_dead_step` leaves them.
    from pettingzoo import AECEnv

    lean = broadside.env(ruleset=ruleset, seed=11, max_decisions=150)
    generic = broadside.env(ruleset=ruleset, seed=11, max_decisions=150)
    generic._was_dead_step = lambda action: AECEnv._was_dead_step(generic, action)
    # `last` of a live episode is answered in Rust without the per-agent dicts: PettingZoo's
    # own `last` reads them, and must give the same.
    generic.last = lambda observe=True: AECEnv.last(generic, observe)
    rng = np.random.default_rng(11)
    for _ in range(3):
        lean.reset()
        generic.reset()
        for agent in lean.agent_iter():
            obs, reward, term, trunc, info = lean.last()
            g_obs, g_reward, g_term, g_trunc, g_info = generic.last()
            assert (reward, term, trunc) == (g_reward, g_term, g_trunc)
            assert info is lean.infos[agent] and info == g_info
            np.testing.assert_array_equal(obs["action_mask"], g_obs["action_mask"])
            for name in obs["observation"]:
                np.testing.assert_array_equal(obs["observation"][name], g_obs["observation"][name])
            assert lean.last(False)[0] is None
            if term or trunc:
                action = None
            else:
                assert lean.legal_actions() == np.flatnonzero(obs["action_mask"]).tolist()
                action = int(rng.choice(lean.legal_actions()))
            assert generic.agent_selection == agent
            lean.step(action)
            generic.step(action)
            state = lambda e: (e.agents, e.agent_selection, e.rewards, e._cumulative_rewards,
                               e.terminations, e.truncations, e.infos)
            assert state(lean) == state(generic)
        assert not generic.agents
    with pytest.raises(ValueError, match="only valid action is None"):
        lean.reset()
        while not (lean.terminations[lean.agent_selection] or lean.truncations[lean.agent_selection]):
            lean.step(lean.legal_actions()[0])
        lean.step(0)


def test_step_takes_any_integer_and_refuses_none_while_the_agent_is_to_act():
    # The Rust fast path takes a Python int; numpy integers and bools go through `int()`.
    e = broadside.env(ruleset="connect_four", seed=0)
    e.reset()
    e.step(np.int64(3))
    e.step(np.uint8(3))
    e.step(True)
    assert e.game().history()[:3] == [3, 3, 1]
    with pytest.raises(ValueError, match="None is only for agents whose game is over"):
        e.step(None)
    with pytest.raises(ValueError, match="unknown agent"):
        e.observe("player_2")
