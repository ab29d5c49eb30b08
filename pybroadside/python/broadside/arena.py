"""``broadside arena``'s round robin from Python: the same games and the same JSON."""

from __future__ import annotations

import json

from broadside import _core


def arena_json(
    ruleset: str,
    agents: list[str],
    scenario: str | None = None,
    pairs: int = 10,
    seed: int = 1,
    max_decisions: int = 20_000,
    games: bool = False,
) -> str:
    """Plays the round robin in Rust (all cores, GIL released) and returns the report as
    JSON text: byte for byte what ``broadside arena --json`` prints with the same flags, or
    with ``games=True`` what ``--json-out`` writes (every game's seeds and actions)."""
    return _core.arena_json(ruleset, list(agents), scenario, pairs, seed, max_decisions, games)


def arena(
    ruleset: str,
    agents: list[str],
    scenario: str | None = None,
    pairs: int = 10,
    seed: int = 1,
    max_decisions: int = 20_000,
    games: bool = False,
) -> dict:
    """:func:`arena_json`, parsed."""
    return json.loads(arena_json(ruleset, agents, scenario, pairs, seed, max_decisions, games))
