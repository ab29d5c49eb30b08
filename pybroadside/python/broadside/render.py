"""The ``render_mode="ansi"`` text of a position, shared by the PettingZoo and Gymnasium
environments: a header (ruleset, scenario, decisions so far, who is to act), the ruleset's
state as compact JSON (``Game.state_json``), and the names of the legal orders."""

from __future__ import annotations

import json

from broadside._core import CHANCE_PLAYER, TERMINAL_PLAYER


def render_text(game) -> str:
    """A text view of ``game`` (a :class:`broadside.Game`)."""
    player = game.current_player()
    if player == TERMINAL_PLAYER:
        to_act = f"game over, returns {game.returns()}"
    elif player == CHANCE_PLAYER:
        to_act = "chance to roll"
    else:
        to_act = f"player_{player} to act"
    lines = [f"{game.ruleset} / {game.scenario}: {len(game.history())} actions, {to_act}"]
    text = game.state_json()
    try:
        text = json.dumps(json.loads(text), separators=(",", ":"), sort_keys=True)
    except ValueError:
        pass
    lines.append(f"state: {text}")
    if player >= 0:
        names = [game.action_name(a) for a in game.legal_actions()]
        lines.append(f"legal ({len(names)}): " + ", ".join(names))
    return "\n".join(lines) + "\n"
