"""The vectorised batch API: N games stepped in Rust in parallel (GIL released) into numpy
arrays allocated once.

``VecEnv(ruleset, num_envs, scenario=None, seed=0, max_decisions=None, resignation=False,
parallel=True)`` exposes ``observations`` (a dict of ``[N, ...]`` float32 arrays),
``action_masks`` (``[N, A]`` int8), ``rewards`` (``[N, 2]`` float32, per player),
``terminated``/``truncated`` (``[N]`` bool) and ``to_play`` (``[N]`` int8): the same array
objects every step, rewritten in place (copy them to keep a step's values).
``step(actions)`` takes one action per environment for its player to act; finished
episodes reset in the same step (their rows show the new episode; ``rewards`` and the
flags describe the step that ended the old one). Environment ``i``'s episode ``k`` rolls
its dice from ``episode_seed(seed, i, k)``: it plays exactly like a :class:`CoreEnv` reset
with that seed. ``resignation`` is off by default, as in every learning environment
(random agents resign often).
"""

from __future__ import annotations

import numpy as np

from broadside._core import CoreVecEnv as VecEnv
from broadside._core import episode_seed_of as episode_seed

__all__ = ["VecEnv", "episode_seed", "sample_masked"]


def sample_masked(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row of ``masks`` (``[N, A]``, nonzero = legal),
    vectorised."""
    u = rng.random(masks.shape, dtype=np.float32)
    u[masks == 0] = -1.0
    return u.argmax(axis=1)
