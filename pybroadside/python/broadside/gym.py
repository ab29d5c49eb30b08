"""A single-agent Gymnasium environment: one side of a Broadside game against a built-in
opponent named by an agent spec (``random``, ``bot:british``, ``mcts:sims=64``,
``portfolio:...``).

``gymnasium.make("broadside/NAME-v1", scenario=..., opponent=...)`` for every ruleset
``NAME`` (registered when ``broadside`` is imported). The observation is ``{"observation":
{...}, "action_mask": int8}``; the mask is also in ``info["action_mask"]``, and
``action_masks()`` returns it (sb3-contrib's ``MaskablePPO`` reads that).

An illegal action: with ``illegal_action="lose"`` (the default) the learner's side loses the
game at once (reward -1, ``terminated``, ``info["illegal_action"]``), the usual contract of
masked environments, which generic checkers that sample unmasked actions need; with
``illegal_action="raise"`` it raises ``ValueError`` with the rules' message and changes
nothing. An action outside the catalogue always raises.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from broadside._core import Agent, CoreEnv, rulesets
from broadside.render import render_text
from broadside.spaces import feature_names, observation_space


class BroadsideGym(gymnasium.Env):
    """One side (``side``, 0 or 1) of a Broadside game against ``opponent``.

    Args:
        ruleset: a ruleset name, or ``"connect_four"`` (whose opponent is ``random``).
        scenario: a built-in scenario id or a scenario file (the default if None).
        opponent: the other side's agent spec; it is rebuilt at each reset, seeded from the
            episode's seed, so a seeded reset replays the same episode.
        side: the learner's side.
        max_decisions: cut an episode after this many decisions, both sides' (truncated).
        resignation: whether the resign action is allowed. **Off by default** (random and
            untrained agents resign often, which cuts most episodes to a few decisions).
        illegal_action: ``"lose"`` or ``"raise"`` (see the module's documentation).
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        ruleset: str = "wsim",
        scenario: str | None = None,
        opponent: str = "random",
        side: int = 0,
        max_decisions: int | None = None,
        resignation: bool = False,
        illegal_action: str = "lose",
        render_mode: str | None = None,
    ):
        if side not in (0, 1):
            raise ValueError(f"side must be 0 or 1, not {side!r}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not supported (None or 'ansi')")
        self.render_mode = render_mode
        self._core = CoreEnv(ruleset, scenario, max_decisions, resignation)
        self._spec = self._core.spec()
        self._ruleset = self._core.ruleset
        # Built once now so that a bad spec fails here, with the agents crate's message.
        self._opponent_spec = opponent
        self._opponent = Agent(opponent, self._ruleset, 0)
        self.side = side
        self.illegal_action = illegal_action
        self.observation_space = observation_space(self._spec)
        self.action_space = spaces.Discrete(self._spec["num_player_actions"])
        self._last_mask = np.zeros(self._spec["num_player_actions"], dtype=np.int8)

    @property
    def feature_names(self) -> dict[str, list[str]]:
        return feature_names(self._spec)

    def _observation(self) -> tuple[dict, dict]:
        mask = self._core.action_mask(self.side)
        self._last_mask = mask
        obs = {"observation": self._core.observe(self.side), "action_mask": mask}
        return obs, {"action_mask": mask}

    def _opponent_moves(self) -> None:
        while True:
            to_play = self._core.to_play()
            if to_play is None or to_play == self.side:
                return
            self._core.step_agent(self._opponent)

    def _reward(self) -> float:
        if self._core.is_terminated():
            return float(self._core.returns()[self.side])
        return 0.0

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        # An episode starts at the learner's first decision: a game the opponent ends
        # before it (a resignation) is drawn again, from the same seeded generator.
        for _ in range(1000):
            episode_seed = int(self.np_random.integers(0, 2**63 - 1))
            self._core.reset(episode_seed)
            self._opponent = Agent(self._opponent_spec, self._ruleset, episode_seed)
            self._opponent_moves()
            if self._core.to_play() == self.side:
                return self._observation()
        raise RuntimeError("1000 games in a row ended before the learner's first decision")

    def step(self, action: Any):
        action = int(action)
        if (
            self.illegal_action == "lose"
            and 0 <= action < len(self._last_mask)
            and not self._last_mask[action]
            and self._core.to_play() == self.side
        ):
            obs, info = self._observation()
            info["illegal_action"] = action
            return obs, -1.0, True, False, info
        self._core.step(action)
        self._opponent_moves()
        obs, info = self._observation()
        return obs, self._reward(), self._core.is_terminated(), self._core.is_truncated(), info

    def action_masks(self) -> np.ndarray:
        """The legal decisions now, as booleans (sb3-contrib's ``MaskablePPO`` calls this)."""
        return self._last_mask.astype(bool)

    def game(self):
        """The game now as a :class:`broadside.Game`."""
        return self._core.game()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return render_text(self._core.game())


def register_envs() -> None:
    """Registers ``broadside/NAME-v1`` for every ruleset with Gymnasium (idempotent)."""
    for r in rulesets():
        env_id = f"broadside/{r['name']}-v1"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="broadside.gym:BroadsideGym",
                kwargs={"ruleset": r["name"]},
            )
