"""An arena spread over a Ray cluster: each worker plays a share of the round robin's games
through the package, and the driver gathers their records into the report ``broadside
arena`` prints, game for game the same (every game's sides and seeds depend only on the
arena's seed and the game's index, never on where or when it is played).

Run on this machine (a local Ray)::

    python -m broadside.distributed --ruleset wsim --agent random --agent bot:british --pairs 4

On a cluster, start Ray there (``ray start --head`` on one node, ``ray start
--address=HEAD:6379`` on the others, each with ``broadside`` installed) and pass
``--address auto`` from a node of the cluster, or ``--address ray://HEAD:10001`` from
outside it (Ray Client); ``RAY_ADDRESS`` works as well.
"""

from __future__ import annotations

import argparse
import json
import sys

from broadside import _core


def connect(address: str | None = None):
    """Ray, connected: to ``address`` (or ``RAY_ADDRESS``, or a new local Ray) unless it is
    initialised already. Every distributed entry point of the package connects through here."""
    import ray

    if not ray.is_initialized():
        ray.init(address=address)
    return ray


def play_in_chunks(play, total: int, chunk: int, address: str | None, *args) -> list:
    """Runs ``play(*args, indices)`` as Ray tasks over ``0..total`` in chunks of ``chunk``
    indices and returns their results flattened in index order (so the order never depends on
    which worker finished first)."""
    if chunk < 1:
        raise ValueError(f"chunk must be at least 1, not {chunk}")
    ray = connect(address)
    task = ray.remote(play)
    refs = [task.remote(*args, list(range(lo, min(lo + chunk, total)))) for lo in range(0, total, chunk)]
    return [r for part in ray.get(refs) for r in part]


def _play(ruleset, agents, scenario, pairs, seed, max_decisions, indices):
    return [
        _core.arena_game(ruleset, agents, i, scenario, pairs, seed, max_decisions) for i in indices
    ]


def ray_arena(
    ruleset: str,
    agents: list[str],
    scenario: str | None = None,
    pairs: int = 10,
    seed: int = 1,
    max_decisions: int = 20_000,
    games: bool = False,
    chunk: int = 4,
    address: str | None = None,
) -> dict:
    """Plays the round robin on Ray's workers, ``chunk`` games per task, and returns the
    report (:func:`broadside.arena` gives the same dict on one machine). Connects to
    ``address`` (or ``RAY_ADDRESS``, or a new local Ray) unless Ray is initialised."""
    agents = list(agents)
    total = _core.arena_len(len(agents), pairs)
    # Checked here, before any task starts, so a bad name fails once with its message.
    _core.arena_report_json(ruleset, agents, [], scenario, seed, False)
    records = play_in_chunks(_play, total, chunk, address, ruleset, agents, scenario, pairs, seed, max_decisions)
    return json.loads(_core.arena_report_json(ruleset, agents, records, scenario, seed, games))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m broadside.distributed", description=__doc__.split("\n\n")[0])
    p.add_argument("--ruleset", default="wsim")
    p.add_argument("--scenario", default=None)
    p.add_argument("--agent", action="append", required=True, dest="agents")
    p.add_argument("--pairs", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-decisions", type=int, default=20_000)
    p.add_argument("--games", action="store_true", help="include every game's record")
    p.add_argument("--chunk", type=int, default=4, help="games per Ray task")
    p.add_argument("--address", default=None, help="Ray cluster address (auto, ray://HOST:10001)")
    a = p.parse_args(argv)
    try:
        report = ray_arena(a.ruleset, a.agents, a.scenario, a.pairs, a.seed, a.max_decisions, a.games, a.chunk, a.address)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
