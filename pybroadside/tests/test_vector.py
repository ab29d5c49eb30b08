"""The vectorised batch API: identical to N single environments with the same seeds, the
same arrays rewritten in place, and bad input refused before anything moves."""

import numpy as np
import pytest

import broadside
from broadside._core import CoreEnv
from broadside.vector import sample_masked
from conftest import RULESETS


def single_envs(ruleset, n, seed, **kw):
    envs = [CoreEnv(ruleset, None, kw.get("max_decisions"), kw.get("resignation", False)) for _ in range(n)]
    for i, e in enumerate(envs):
        e.reset(broadside.episode_seed(seed, i, 0))
    return envs


def view(e):
    """What a VecEnv row shows of a single env: the observation of the player to act
    (player 0 once over), the mask and who acts."""
    p = e.to_play()
    return e.observe(0 if p is None else p), e.action_mask(0 if p is None else p), -1 if p is None else p


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("parallel", [True, False])
def test_a_vec_env_plays_exactly_as_n_single_envs_with_the_same_seeds(ruleset, parallel):
    n, seed, steps = 4, 17, 150
    v = broadside.VecEnv(ruleset, n, seed=seed, max_decisions=40, parallel=parallel)
    singles = single_envs(ruleset, n, seed, max_decisions=40)
    episodes = [0] * n
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(steps):
        for i, e in enumerate(singles):
            obs, mask, to_play = view(e)
            for k, arr in obs.items():
                np.testing.assert_array_equal(v.observations[k][i], arr)
            np.testing.assert_array_equal(v.action_masks[i], mask)
            assert v.to_play[i] == to_play
        actions = sample_masked(v.action_masks, rng)
        v.step(actions)
        for i, e in enumerate(singles):
            r0, r1, term, trunc, _ = e.step(int(actions[i]))
            np.testing.assert_array_equal(v.rewards[i], [r0, r1])
            assert (v.terminated[i], v.truncated[i]) == (term, trunc)
            if term or trunc:
                ended += 1
                episodes[i] += 1
                e.reset(broadside.episode_seed(seed, i, episodes[i]))
                assert v.episode(i) == episodes[i]
    assert ended > 0, "no episode ended: auto-reset untested"


def test_the_arrays_are_allocated_once_and_rewritten_in_place():
    v = broadside.VecEnv("wsim", 3, seed=1)
    arrays = [v.observations["planes"], v.observations["entities"], v.action_masks, v.rewards, v.terminated, v.to_play]
    before = v.observations["planes"].copy()
    v.step(sample_masked(v.action_masks, np.random.default_rng(0)))
    after = [v.observations["planes"], v.observations["entities"], v.action_masks, v.rewards, v.terminated, v.to_play]
    assert all(a is b or np.shares_memory(a, b) for a, b in zip(arrays, after))
    assert v.observations["planes"].dtype == np.float32 and v.action_masks.dtype == np.int8
    assert v.observations["planes"].shape == (3, *broadside.spec("wsim")["observation"]["planes"]["shape"])
    assert not np.array_equal(before, v.observations["planes"]) or True  # may not change in one step


def test_reset_replays_from_the_same_seed():
    v = broadside.VecEnv("fsail", 2, seed=9)
    rng = np.random.default_rng(1)
    first = []
    for _ in range(10):
        a = sample_masked(v.action_masks, rng)
        first.append(a)
        v.step(a)
    snap = {k: x.copy() for k, x in v.observations.items()}
    v.reset(9)
    for a in first:
        v.step(a)
    for k, x in v.observations.items():
        np.testing.assert_array_equal(x, snap[k])


def test_bad_actions_dtypes_and_shapes_are_refused_before_anything_moves():
    v = broadside.VecEnv("connect_four", 2, seed=0)
    for _ in range(6):
        v.step(np.array([0, 1]))
    snap = v.observations["planes"].copy()
    with pytest.raises(ValueError, match="environment 0.*not legal|environment 0.*illegal"):
        v.step(np.array([0, 2]))
    with pytest.raises(ValueError, match="outside"):
        v.step(np.array([2, 7]))
    with pytest.raises(ValueError, match="3 actions for 2"):
        v.step(np.array([2, 2, 2]))
    with pytest.raises(TypeError, match="float64"):
        v.step(np.array([2.0, 2.0]))
    with pytest.raises(TypeError):
        v.step(np.array([[2, 2]]))
    with pytest.raises(TypeError):
        v.step("two")
    np.testing.assert_array_equal(v.observations["planes"], snap)
    v.step(np.array([2, 2], dtype=np.int32))
    v.step([3, 3])
    with pytest.raises(ValueError, match="num_envs"):
        broadside.VecEnv("wsim", 0)
    with pytest.raises(ValueError, match="unknown ruleset"):
        broadside.VecEnv("chess", 2)


def test_actions_are_checked_against_the_legal_record_not_the_writable_masks():
    # The step applies checked actions without checking them again, so it checks them
    # against its own record of the legal decisions: a mask Python wrote into lets no
    # illegal action through, and one it cleared refuses no legal one.
    v = broadside.VecEnv("connect_four", 2, seed=0)
    for _ in range(6):
        v.step(np.array([0, 1]))  # column 0 of game 0 is full now
    v.action_masks[0, 0] = 1
    v.action_masks[1, :] = 0
    snap = v.observations["planes"].copy()
    with pytest.raises(ValueError, match="environment 0.*illegal"):
        v.step(np.array([0, 2]))
    np.testing.assert_array_equal(v.observations["planes"], snap)
    v.step(np.array([2, 2]))
    for i in range(2):
        assert list(np.flatnonzero(v.action_masks[i])) == v.game(i).legal_actions()


def test_observation_arrays_are_read_only_views_and_reset_rewrites_them():
    # Each row is rewritten incrementally from what it held last step, so Python gets
    # read-only views: a write into them raises instead of corrupting later observations.
    v = broadside.VecEnv("wsim", 2, seed=3, max_decisions=30)
    for k, x in v.observations.items():
        with pytest.raises(ValueError, match="read-only"):
            x[0, ...] = 1.0
    rng = np.random.default_rng(2)
    for _ in range(40):
        v.step(sample_masked(v.action_masks, rng))
    # Along many steps and auto-resets, rows equal fresh observations of the same games.
    for i in range(2):
        g = v.game(i)
        p = g.current_player()
        fresh = g.observation(p if p >= 0 else 0)
        for k, x in v.observations.items():
            np.testing.assert_array_equal(x[i], fresh[k])
    # Even rows someone forced writable and scribbled on are whole again after `reset`.
    planes = v.observations["planes"]
    planes.flags.writeable = True
    planes[...] = 5.0
    v.reset(3)
    np.testing.assert_array_equal(v.observations["planes"], broadside.VecEnv("wsim", 2, seed=3).observations["planes"])
