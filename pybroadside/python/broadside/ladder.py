"""A ladder (``broadside ladder``) from Python: entrants added beside the command's, Python bots
among them, and games played on a Ray cluster. The driver plans each batch of
games from the results so far with the command's own planner (``plan``: the same pairings,
where the ratings are least certain, and the same seeds), the games run as Ray
tasks, and the driver appends each finished game to the ladder's ``results.jsonl`` in plan
order, synced to disk, in the command's format. So ``broadside ladder DIR show`` reads them,
``broadside ladder DIR run`` goes on from them, and a ladder run here writes the games the
command would have written.

    import broadside.ladder
    broadside.ladder.run_ray("my-ladder", games=200)          # a local Ray, or RAY_ADDRESS

Make the ladder with the command first (``broadside ladder DIR init``). Entrants come from
the command (``broadside ladder DIR add NAME SPEC``) or from here, where a Python bot (a
module-level function or object with ``choose``) enters beside spec strings and plays
over the bot protocol (``broadside.bot.spec``):

    import broadside.ladder, mybots
    broadside.ladder.add("my-ladder", "greedy", mybots.greedy)
    broadside.ladder.add("my-ladder", "rammers", "bot:rammers")
"""

from __future__ import annotations

import json
import os
import unicodedata
from pathlib import Path
from typing import Any

from broadside import _core
from broadside.bot import spec as bot_spec

# The ladder's file format this module reads and writes (``broadside ladder``'s FORMAT).
FORMAT = 1


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


def _save(folder: Path, ladder: dict) -> None:
    """Writes ``ladder.json`` atomically (a synced temporary file renamed over it), in the
    command's layout."""
    path = folder / "ladder.json"
    tmp = folder / ".ladder.json.tmp"
    with open(tmp, "w") as f:
        f.write(json.dumps(ladder, indent=2))
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def add(folder: str | os.PathLike[str], name: str, agent: Any) -> str:
    """Adds an entrant to the ladder in ``folder``, as ``broadside ladder DIR add NAME SPEC``
    does, and returns its spec: ``agent`` is a spec string, or a Python bot
    (``broadside.bot.spec`` names it as a ``cmd:`` program, so ``broadside ladder DIR run``
    and :func:`run_ray` play it too). The same checks as the command's: a name of 1 to 64
    printable characters not taken yet, a spec that builds for the ladder's ruleset.
    ``default`` (the ruleset's default admiral) is the command's word: add it there."""
    folder = Path(folder)
    ladder = _load(folder)
    if not isinstance(name, str) or not 1 <= len(name.encode()) <= 64 or any(
            unicodedata.category(c) == "Cc" for c in name):
        raise ValueError("an entrant's name is 1 to 64 printable characters")
    if any(e["name"] == name for e in ladder["entrants"]):
        raise ValueError(f"the ladder has an entrant called `{name}` already")
    if isinstance(agent, str):
        if agent.strip().lower() in ("default", "admiral"):
            raise ValueError(f"`{agent}` is the ruleset's default admiral: add it with "
                             f"`broadside ladder {folder} add {name} default`")
        spec = agent
    else:
        spec = bot_spec(agent)
    # The arena's own check: the spec builds an agent for the ladder's ruleset.
    _core.arena_report_json(ladder["ruleset"], [spec, spec], [], ladder["scenario"], 1, False)
    ladder["entrants"].append({"name": name, "spec": spec})
    _save(folder, ladder)
    return spec


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


def plan(folder: str | os.PathLike[str], games: int) -> list[tuple[int, list[int]]]:
    """The next batch of the ladder in ``folder``, planned by ``broadside ladder``'s own
    planner from the results so far: up to 16 games (at most ``games``, rounded up to a
    pair), as ``(game number, [entrant on side 0, entrant on side 1])`` with entrants by
    their index in ``ladder.json``, the games ``broadside ladder DIR run`` plays next."""
    folder = Path(folder)
    ladder = _load(folder)
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive number, not {games!r}")
    names = [e["name"] for e in ladder["entrants"]]
    lines, _ = _results(folder)
    return _plan(names, lines, games)


def _plan(names: list[str], lines: list[dict], games: int) -> list[tuple[int, list[int]]]:
    next_game = max((r["game"] + 1 for r in lines), default=0)
    records = [json.dumps(r) for r in _records(names, lines)]
    return [(g, list(sides)) for g, sides in _core.ladder_plan(len(names), records, next_game, games)]


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
    written = 0
    with open(path, "ab") as f:
        if f.tell() > complete:
            f.truncate(complete)
        while written < games:
            batch = _plan(names, lines, games - written)
            refs = [play.remote(ladder["ruleset"], ladder["scenario"], specs, sides, g,
                                ladder["seed"], ladder["max_decisions"]) for g, sides in batch]
            for (g, sides), ref in zip(batch, refs):
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
    return written
