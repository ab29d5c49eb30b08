"""Broadside for Python: naval wargames as exact reinforcement-learning environments.

- :func:`env` — a PettingZoo AEC environment of any ruleset and scenario.
- :func:`parallel_env` — a PettingZoo parallel environment (one decision a step).
- ``gymnasium.make("broadside/NAME-v1", scenario=..., opponent=...)`` — a single-agent
  Gymnasium environment against a built-in opponent (an agent spec).
- :class:`VecEnv` — N games stepped in Rust in parallel into preallocated numpy arrays.
- :class:`Game` — the low-level game API (after OpenSpiel's ``pyspiel``).
- :class:`Agent`, :func:`arena` — agent specs and ``broadside arena``'s round robin.
- :mod:`broadside.distributed` — the arena's games spread over a Ray cluster.
- :func:`tactics` — ``broadside tactics``' restricted-play study, here or on Ray
  (:mod:`broadside.tactics_study`).
- :func:`puzzles` — the puzzles of a puzzle file (``broadside puzzles``), checked.
"""

from broadside._core import (
    CHANCE_PLAYER,
    TERMINAL_PLAYER,
    Agent,
    Game,
    rulesets,
    scenarios,
    spec,
)
from broadside.arena import arena, arena_json
from broadside.aec import BroadsideAEC, env, raw_env
from broadside.parallel import BroadsideParallel, parallel_env
from broadside.gym import BroadsideGym, register_envs
from broadside.vector import VecEnv, episode_seed
from broadside.tactics_study import tactics, tactics_json
from broadside.puzzles import Puzzle, puzzles

__all__ = [
    "CHANCE_PLAYER",
    "TERMINAL_PLAYER",
    "Agent",
    "BroadsideAEC",
    "BroadsideGym",
    "BroadsideParallel",
    "Game",
    "Puzzle",
    "VecEnv",
    "arena",
    "arena_json",
    "env",
    "episode_seed",
    "parallel_env",
    "puzzles",
    "raw_env",
    "register_envs",
    "rulesets",
    "scenarios",
    "spec",
    "tactics",
    "tactics_json",
]

register_envs()
