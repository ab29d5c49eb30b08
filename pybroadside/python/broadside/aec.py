"""The PettingZoo AEC environment over any Broadside ruleset.

Agents are ``player_0`` and ``player_1``. Each observation is ``{"observation": {...},
"action_mask": int8}`` from that player's view (the Rust ruleset's ``observe``, which never
shows a player what it cannot know); dice are rolled inside from the seeded RNG, so the
agents only ever see decisions. A player may act several times in a row (orders given ship
by ship): ``agent_selection`` always names the player to act.
"""

from __future__ import annotations

from typing import Any, Iterator

import numpy as np
from pettingzoo import AECEnv

from broadside._core import AecBase, CoreEnv, episode_seed_of
from broadside.render import render_text
from broadside.spaces import feature_names, observation_space
from gymnasium import spaces

AGENTS = ("player_0", "player_1")
_INDEX = {"player_0": 0, "player_1": 1}


def _fresh_seed() -> int:
    return int(np.random.SeedSequence().entropy % (1 << 63))


class BroadsideAEC(AecBase, AECEnv):
    """A Broadside game as a PettingZoo AEC environment.

    Args:
        ruleset: a ruleset name (``broadside.rulesets()``), or ``"connect_four"``.
        scenario: a built-in scenario id or a scenario file (the ruleset's default if None).
        seed: the seed of the first episode's dice; later episodes derive theirs from it.
        max_decisions: cut an episode after this many decisions (both agents truncated).
        resignation: whether the catalogue's resign action is allowed. **Off by default**:
            random and untrained agents resign often, so with it on most episodes end after
            a dozen decisions. Turn it on to learn when to resign.
        reuse_observations: hand out the same observation dict and arrays every step,
            rewritten in place (copy what you keep). Off by default: PettingZoo's loops
            expect a fresh observation each step. On, a step allocates no Python object.
    """

    metadata = {"render_modes": ["ansi"], "name": "broadside_v1", "is_parallelizable": False}

    def __init__(
        self,
        ruleset: str = "wsim",
        scenario: str | None = None,
        seed: int | None = None,
        max_decisions: int | None = None,
        resignation: bool = False,
        render_mode: str | None = None,
        reuse_observations: bool = False,
    ):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not supported (None or 'ansi')")
        self.render_mode = render_mode
        self._core = CoreEnv(ruleset, scenario, max_decisions, resignation)
        self._spec = self._core.spec()
        self._play = self._core.play
        # `last` and `step` of a live episode run in Rust (`AecBase`, the native base class);
        # the rest of the protocol below is Python.
        self._attach(self._core, reuse_observations)
        # The Rust method itself, not a Python method that calls it: one frame less on every
        # step of a loop that asks for the legal list (see `legal_actions` below).
        self.legal_actions = self._core.legal_actions
        self.possible_agents = list(AGENTS)
        self.agents = []
        obs_space = observation_space(self._spec)
        act_space = spaces.Discrete(self._spec["num_player_actions"])
        self.observation_spaces = {a: obs_space for a in AGENTS}
        self.action_spaces = {a: act_space for a in AGENTS}
        self._base_seed = _fresh_seed() if seed is None else int(seed)
        self._episode = 0
        self._skip_agent_selection = None
        self.metadata = dict(self.metadata, name=f"broadside_{self._core.ruleset}_v1")

    # Spaces -----------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    @property
    def spec_dict(self) -> dict:
        """The ruleset's spec: catalogue and observation layout."""
        return self._spec

    @property
    def feature_names(self) -> dict[str, list[str]]:
        return feature_names(self._spec)

    # Episode ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._base_seed = int(seed)
            self._episode = 0
        dice = episode_seed_of(self._base_seed, 0, self._episode)
        self._episode += 1
        to_play = self._core.reset(dice)
        # Dict displays, not comprehensions: a reset per game is part of every loop's cost.
        self.agents = ["player_0", "player_1"]
        self.rewards = {"player_0": 0.0, "player_1": 0.0}
        self._cumulative_rewards = {"player_0": 0.0, "player_1": 0.0}
        self.terminations = {"player_0": False, "player_1": False}
        self.truncations = {"player_0": False, "player_1": False}
        self.infos = {"player_0": {}, "player_1": {}}
        self._skip_agent_selection = None
        self._live = True
        if to_play is None:  # over before any decision
            self._finish(self._core.is_terminated(), self._core.is_truncated())
            self.agent_selection = AGENTS[0]
        else:
            self.agent_selection = AGENTS[to_play]

    def _finish(self, terminated: bool, truncated: bool) -> None:
        self._live = False
        for a in self.agents:
            self.terminations[a] = terminated
            self.truncations[a] = truncated

    # The per-step methods: while the episode is live no agent is terminated or truncated and
    # every reward is zero (rewards come only at the end), so `AecBase.step` and
    # `AecBase.last` (Rust) answer without PettingZoo's per-agent dicts. They call the
    # methods below for the rest: a dead step, an action that is not an `int`, the end.
    def _step_slow(self, action: Any) -> None:
        """`step` when the episode is over (a dead step) or the action is not an ``int``."""
        if not self._live:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{self.agent_selection} is to act: None is only for agents whose game is over")
        to_play = self._play(int(action))
        if to_play is not None:
            self.agent_selection = AGENTS[to_play]
            return
        self._finish_step()

    def _finish_step(self) -> None:
        """The step that ended the episode: rewards to both agents, both done."""
        agent = self.agent_selection
        r0, r1, terminated, truncated = self._core.last_result()
        self._cumulative_rewards[agent] = 0.0
        self.rewards["player_0"] = r0
        self.rewards["player_1"] = r1
        self._accumulate_rewards()
        self._finish(terminated, truncated)
        self.agent_selection = AGENTS[1 - _INDEX[agent]]

    def _was_dead_step(self, action: Any) -> None:
        """PettingZoo's step of an agent whose episode is over, for this environment, where
        the episode ends for both agents at once: the agent leaves, the other (also done) is
        selected, and once both have left the selection returns to the agent that was to
        act when the first left, as PettingZoo's own `_was_dead_step` does then."""
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        del self.terminations[agent]
        del self.truncations[agent]
        del self.rewards[agent]
        del self._cumulative_rewards[agent]
        del self.infos[agent]
        self.agents.remove(agent)
        if self.agents:
            if self._skip_agent_selection is None:
                self._skip_agent_selection = agent
            self.agent_selection = self.agents[0]
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        for a in self.rewards:
            self.rewards[a] = 0

    # `observe(agent)` and `last(observe=True)` are `AecBase`'s (Rust).
    def _last_over(self, observe: bool):
        """`last` once the episode is over: PettingZoo's, from its dicts."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """PettingZoo's ``agent_iter`` (the agent to act, until every agent is done or after
        ``max_iter`` steps) as a generator: one resume per step instead of a method call."""
        while self.agents and max_iter > 0:
            max_iter -= 1
            yield self.agent_selection

    # Extras -----------------------------------------------------------------------------
    def game(self):
        """The game now as a :class:`broadside.Game` (with its history: it saves as a saved
        game ``broadside replay`` reads)."""
        return self._core.game()

    def legal_actions(self) -> list[int]:  # replaced per instance by the Rust method
        """The legal decisions of the agent to act."""
        return self._core.legal_actions()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return render_text(self._core.game())

    def close(self) -> None:
        pass


def raw_env(ruleset: str = "wsim", scenario: str | None = None, seed: int | None = None, **kwargs) -> BroadsideAEC:
    """The AEC environment without PettingZoo's wrappers."""
    return BroadsideAEC(ruleset=ruleset, scenario=scenario, seed=seed, **kwargs)


def env(ruleset: str = "wsim", scenario: str | None = None, seed: int | None = None, **kwargs) -> BroadsideAEC:
    """``broadside.env(ruleset=..., scenario=..., seed=...)``: the AEC environment.

    Returned unwrapped: the Rust core already refuses illegal and out-of-range actions with
    a ``ValueError`` (PettingZoo's order-enforcing wrapper would only add Python overhead).
    """
    return raw_env(ruleset=ruleset, scenario=scenario, seed=seed, **kwargs)
