"""Gymnasium spaces built from a ruleset's Rust spec (shapes and feature names)."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces


def observation_parts(spec: dict) -> spaces.Dict:
    """The observation tensors (``entities``, ``global``, ``planes`` where the ruleset has
    them) as a ``Dict`` of float32 ``Box`` spaces."""
    return spaces.Dict(
        {
            name: spaces.Box(-np.inf, np.inf, shape=tuple(part["shape"]), dtype=np.float32)
            for name, part in spec["observation"].items()
        }
    )


def observation_space(spec: dict) -> spaces.Dict:
    """``{"observation": <the tensors>, "action_mask": int8 Box over the player actions}``."""
    return spaces.Dict(
        {
            "observation": observation_parts(spec),
            "action_mask": spaces.Box(
                0, 1, shape=(spec["num_player_actions"],), dtype=np.int8
            ),
        }
    )


def feature_names(spec: dict) -> dict[str, list[str]]:
    """Each tensor's feature names (columns of ``entities`` and ``global``, channels of
    ``planes``), as the Rust spec names them."""
    return {name: list(part["features"]) for name, part in spec["observation"].items()}
