"""A ladder (``broadside ladder``) played on a Ray cluster: the driver plans each batch of
games from the results so far, exactly as ``broadside ladder DIR run`` plans them (the same
pairings, where the ratings are least certain, and the same seeds), the games run as Ray
tasks, and the driver appends each finished game to the ladder's ``results.jsonl`` in plan
order, synced to disk, in the command's format. So ``broadside ladder DIR show`` reads them,
``broadside ladder DIR run`` goes on from them, and a ladder run here writes the games the
command would have written.

    import broadside.ladder
    broadside.ladder.run_ray("my-ladder", games=200)          # a local Ray, or RAY_ADDRESS

Make the ladder with the command first (``broadside ladder DIR init``, ``add``).
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

from broadside import _core

# The ladder's file format this module reads and writes (``broadside ladder``'s FORMAT).
FORMAT = 1
# Games planned at once (``broadside ladder``'s BATCH_GAMES): a batch's pairings come
# from the results before it.
BATCH_GAMES = 16
# An interval wider than this counts as this wide when pairs are chosen.
WIDEST = 1000.0


def _load(folder: Path) -> dict:
    path = folder / "ladder.json"
    try:
        ladder = json.loads(path.read_text())
    except (OSError, ValueError) as e:
        raise ValueError(f"{folder} is not a ladder (no readable ladder.json: {e}); "
                         f"start one with `broadside ladder {folder} init`") from e
    if ladder.get("format") != FORMAT:
        raise ValueError(f"{path}: format {ladder.get('format')} (this module reads format {FORMAT})")
    return ladder


def _results(folder: Path) -> tuple[list[dict], int]:
    """The finished games and the length of the file's complete lines (a last line cut
    short by a kill is left out, and cut away before the next append)."""
    try:
        data = (folder / "results.jsonl").read_bytes()
    except FileNotFoundError:
        return [], 0
    complete = data.rfind(b"\n") + 1
    lines = [json.loads(x) for x in data[:complete].decode().splitlines() if x.strip()]
    return lines, complete


def _records(names: list[str], lines: list[dict]) -> list[dict]:
    """The results as game records, entrants by index (games of removed entrants left out)."""
    index = {n: i for i, n in enumerate(names)}
    out = []
    for r in lines:
        if r["sides"][0] in index and r["sides"][1] in index:
            out.append({"index": r["game"], "sides": [index[s] for s in r["sides"]],
                        "scenario_seed": r["scenario_seed"], "chance_seed": r["chance_seed"],
                        "returns": r["returns"], "finished": r["finished"],
                        "decisions": r["decisions"], "actions": [],
                        "forfeit": r.get("forfeit")})
    return out


def _next_pairs(ladder: dict, specs: list[str], records: list[dict], count: int) -> list[tuple[int, int]]:
    """The command's pairing rule: each time the pair whose game tells most (the two
    intervals' widths, weighted by how even the pair is and divided by the square root of
    the games they have played together); a pair chosen counts two more games."""
    n = len(specs)
    report = json.loads(_core.arena_report_json(
        ladder["ruleset"], specs, [json.dumps(r) for r in records], ladder["scenario"], 1, False))
    elo, width = [0.0] * n, [WIDEST] * n
    for r in report["ratings"]:
        elo[r["entrant"]] = r["elo"]
        width[r["entrant"]] = WIDEST if r["ci95"] is None else min(r["ci95"], WIDEST)
    met = [[0] * n for _ in range(n)]
    for g in records:
        a, b = g["sides"]
        met[a][b] += 1
        met[b][a] += 1
    out = []
    for _ in range(count):
        best = None
        for i in range(n):
            for j in range(i + 1, n):
                p = 1.0 / (1.0 + 10.0 ** (-(elo[i] - elo[j]) / 400.0))
                v = (width[i] + width[j]) * 4.0 * p * (1.0 - p) / math.sqrt(1.0 + met[i][j])
                if best is None or v > best[0]:
                    best = (v, i, j)
        if best is None:
            break
        _, i, j = best
        met[i][j] += 2
        met[j][i] += 2
        out.append((i, j))
    return out


def _play(ruleset, scenario, specs, sides, game, seed, max_decisions):
    return _core.ladder_game(ruleset, scenario, specs, sides, game, seed, max_decisions)


def run_ray(folder: str | os.PathLike[str], games: int, address: str | None = None) -> int:
    """Plays ``games`` more games of the ladder in ``folder`` on Ray's workers (connecting to
    ``address``, or ``RAY_ADDRESS``, or a new local Ray unless Ray is initialised) and
    returns how many were written. Each batch's games are written in plan order as soon as
    the games before them are: a driver killed loses at most its batch's unwritten games,
    and the next run (here or ``broadside ladder DIR run``) goes on from the file."""
    from broadside.distributed import connect

    folder = Path(folder)
    ladder = _load(folder)
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive number, not {games!r}")
    names = [e["name"] for e in ladder["entrants"]]
    specs = [e["spec"] for e in ladder["entrants"]]
    if len(specs) < 2:
        raise ValueError("a ladder needs at least two entrants (`broadside ladder DIR add NAME SPEC`)")
    # Every spec checked once here, before any task starts.
    _core.arena_report_json(ladder["ruleset"], specs, [], ladder["scenario"], 1, False)
    lines, complete = _results(folder)
    ray = connect(address)
    play = ray.remote(_play)
    path = folder / "results.jsonl"
    next_game = max((r["game"] + 1 for r in lines), default=0)
    written = 0
    with open(path, "ab") as f:
        if f.tell() > complete:
            f.truncate(complete)
        while written < games:
            pairs = _next_pairs(ladder, specs, _records(names, lines),
                                min(BATCH_GAMES // 2, -(-(games - written) // 2)))
            plan = [(next_game + 2 * k + s, [i, j] if s == 0 else [j, i])
                    for k, (i, j) in enumerate(pairs) for s in (0, 1)]
            refs = [play.remote(ladder["ruleset"], ladder["scenario"], specs, sides, g,
                                ladder["seed"], ladder["max_decisions"]) for g, sides in plan]
            for (g, sides), ref in zip(plan, refs):
                rec = json.loads(ray.get(ref))
                line = {"game": g, "sides": [names[s] for s in sides], "returns": rec["returns"],
                        "finished": rec["finished"], "decisions": rec["decisions"],
                        "scenario_seed": rec["scenario_seed"], "chance_seed": rec["chance_seed"]}
                if rec.get("forfeit"):
                    line["forfeit"] = rec["forfeit"]
                f.write((json.dumps(line) + "\n").encode())
                f.flush()
                os.fsync(f.fileno())
                lines.append(line)
                written += 1
            next_game += len(plan)
    return written
