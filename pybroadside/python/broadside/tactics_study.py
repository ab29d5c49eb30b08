"""``broadside tactics``' restricted-play study from Python: what each of a ruleset's named
tactics is worth to an agent (the agent against its unrestricted self with the tactic
forbidden), in one process or spread over a Ray cluster, the same report either way.

Every game's tactic, sides and seeds depend only on the study's seed and the game's index,
never on where or when it is played, so the games of a Ray study are the command's games
and the report is the one ``broadside tactics --json`` prints.

Run on this machine (a local Ray)::

    python -m broadside.tactics_study --ruleset togo --agent bot:best --pairs 4 --ray

On a cluster, pass ``--address auto`` (or ``ray://HEAD:10001``, or set ``RAY_ADDRESS``) as
for :mod:`broadside.distributed`.
"""

from __future__ import annotations

import argparse
import json
import sys

from broadside import _core


def tactics_json(
    ruleset: str,
    agent: str = "bot:best",
    scenario: str | None = None,
    pairs: int = 20,
    seed: int = 1,
    max_decisions: int = 20_000,
) -> str:
    """Plays the study in Rust (all cores, GIL released) and returns the report as JSON
    text: byte for byte what ``broadside tactics --json`` prints with the same flags."""
    return _core.tactics_json(ruleset, agent, scenario, pairs, seed, max_decisions)


def tactics(
    ruleset: str,
    agent: str = "bot:best",
    scenario: str | None = None,
    pairs: int = 20,
    seed: int = 1,
    max_decisions: int = 20_000,
    ray: bool = False,
    chunk: int = 4,
    address: str | None = None,
) -> dict:
    """The study's report as a dict: per tactic the Elo the agent loses when it is
    forbidden (``elo_lost``, ``ci95``), the free side's uses per game and its score when it
    used the tactic early. With ``ray=True`` the games are Ray tasks, ``chunk`` games a
    task, on the cluster at ``address`` (or ``RAY_ADDRESS``, or a new local Ray) unless Ray
    is initialised; the report is the same as without."""
    if not ray:
        return json.loads(tactics_json(ruleset, agent, scenario, pairs, seed, max_decisions))
    return ray_tactics(ruleset, agent, scenario, pairs, seed, max_decisions, chunk, address)


def _play(ruleset, agent, scenario, pairs, seed, max_decisions, indices):
    return [
        _core.tactics_game(ruleset, i, agent, scenario, pairs, seed, max_decisions)
        for i in indices
    ]


def ray_tactics(
    ruleset: str,
    agent: str = "bot:best",
    scenario: str | None = None,
    pairs: int = 20,
    seed: int = 1,
    max_decisions: int = 20_000,
    chunk: int = 4,
    address: str | None = None,
) -> dict:
    """:func:`tactics` with ``ray=True``: the study's games as Ray tasks."""
    from broadside.distributed import play_in_chunks

    if chunk < 1:
        raise ValueError(f"chunk must be at least 1, not {chunk}")
    # Checks the names and numbers here, before any task starts, so a bad one fails once
    # with its message.
    total = _core.tactics_len(ruleset, agent, scenario, pairs, max_decisions)
    games = play_in_chunks(_play, total, chunk, address, ruleset, agent, scenario, pairs, seed, max_decisions)
    return json.loads(_core.tactics_report_json(ruleset, games, agent, scenario, pairs, seed))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m broadside.tactics_study",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("--ruleset", default="wsim")
    p.add_argument("--scenario", default=None)
    p.add_argument("--agent", default="bot:best")
    p.add_argument("--pairs", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-decisions", type=int, default=20_000)
    p.add_argument("--ray", action="store_true", help="play the games as Ray tasks")
    p.add_argument("--chunk", type=int, default=4, help="games per Ray task")
    p.add_argument("--address", default=None, help="Ray cluster address (auto, ray://HOST:10001)")
    a = p.parse_args(argv)
    try:
        report = tactics(a.ruleset, a.agent, a.scenario, a.pairs, a.seed, a.max_decisions,
                         a.ray, a.chunk, a.address)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
