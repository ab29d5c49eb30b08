"""The PettingZoo parallel environment over any Broadside ruleset.

``broadside.parallel_env(ruleset=..., scenario=..., seed=...)``. Broadside's games are
sequential (a side may give several orders in a row, ship by ship), so a parallel step is
one decision: every live agent gets an observation, a reward, flags and an info each step,
and the agent to act is the one whose ``action_mask`` has a legal action (its info says
``"to_act": True``; the others' masks are all zero). ``step(actions)`` takes that agent's
action from the dict and ignores any other agent's. Dice are rolled inside from the seeded
RNG, as in the AEC environment. Both agents are terminated (or truncated) together.

PettingZoo's ``aec_to_parallel`` is not used: it steps every agent once per cycle in AEC
order, which a game where one side acts several times in a row does not follow.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from broadside._core import CoreEnv, episode_seed_of
from broadside.aec import AGENTS, _fresh_seed
from broadside.render import render_text
from broadside.spaces import feature_names, observation_space


class BroadsideParallel(ParallelEnv):
    """A Broadside game as a PettingZoo parallel environment (one decision a step).

    Args: as :class:`broadside.aec.BroadsideAEC` (``ruleset``, ``scenario``, ``seed``,
    ``max_decisions``, ``resignation`` — off by default —, ``render_mode`` None or "ansi").
    """

    metadata = {"render_modes": ["ansi"], "name": "broadside_v1", "is_parallelizable": True}

    def __init__(
        self,
        ruleset: str = "wsim",
        scenario: str | None = None,
        seed: int | None = None,
        max_decisions: int | None = None,
        resignation: bool = False,
        render_mode: str | None = None,
    ):
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not supported (None or 'ansi')")
        self.render_mode = render_mode
        self._core = CoreEnv(ruleset, scenario, max_decisions, resignation)
        self._spec = self._core.spec()
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        obs_space = observation_space(self._spec)
        act_space = spaces.Discrete(self._spec["num_player_actions"])
        self.observation_spaces = {a: obs_space for a in AGENTS}
        self.action_spaces = {a: act_space for a in AGENTS}
        self._base_seed = _fresh_seed() if seed is None else int(seed)
        self._episode = 0
        self._to_play: int | None = None
        self.metadata = dict(self.metadata, name=f"broadside_{self._core.ruleset}_v1")

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    @property
    def spec_dict(self) -> dict:
        return self._spec

    @property
    def feature_names(self) -> dict[str, list[str]]:
        return feature_names(self._spec)

    @property
    def agent_to_act(self) -> str | None:
        """The agent whose action the next ``step`` takes (None once the game is over)."""
        return None if self._to_play is None else AGENTS[self._to_play]

    def _observations(self) -> tuple[dict, dict]:
        obs, infos = {}, {}
        for a in self.agents:
            p = AGENTS.index(a)
            mask = self._core.action_mask(p)
            if self._to_play != p:
                mask = np.zeros_like(mask)
            obs[a] = {"observation": self._core.observe(p), "action_mask": mask}
            infos[a] = {"to_act": self._to_play == p}
        return obs, infos

    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is not None:
            self._base_seed = int(seed)
            self._episode = 0
        dice = episode_seed_of(self._base_seed, 0, self._episode)
        self._episode += 1
        self._to_play = self._core.reset(dice)
        self.agents = list(AGENTS)
        obs, infos = self._observations()
        if self._to_play is None:  # over before any decision: no step to take
            self.agents = []
        return obs, infos

    def step(self, actions: dict[str, Any]):
        if self._to_play is None:
            raise ValueError("the episode is over: call reset()")
        agent = AGENTS[self._to_play]
        if agent not in actions or actions[agent] is None:
            raise ValueError(f"{agent} is to act: the actions must name its action")
        self._to_play = self._core.play(int(actions[agent]))
        if self._to_play is not None:
            obs, infos = self._observations()
            rewards = {a: 0.0 for a in self.agents}
            terminations = {a: False for a in self.agents}
            truncations = {a: False for a in self.agents}
            return obs, rewards, terminations, truncations, infos
        r0, r1, terminated, truncated = self._core.last_result()
        obs, infos = self._observations()
        rewards = {"player_0": float(r0), "player_1": float(r1)}
        terminations = {a: bool(terminated) for a in self.agents}
        truncations = {a: bool(truncated) for a in self.agents}
        self.agents = []
        return obs, rewards, terminations, truncations, infos

    def game(self):
        """The game now as a :class:`broadside.Game`."""
        return self._core.game()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return render_text(self._core.game())

    def close(self) -> None:
        pass


def parallel_env(ruleset: str = "wsim", scenario: str | None = None, seed: int | None = None, **kwargs) -> BroadsideParallel:
    """``broadside.parallel_env(ruleset=..., scenario=..., seed=...)``: the parallel environment."""
    return BroadsideParallel(ruleset=ruleset, scenario=scenario, seed=seed, **kwargs)
