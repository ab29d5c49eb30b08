"""The ladder on a local Ray (`broadside.ladder.run_ray`): the same games, in the same
results file, as `broadside ladder DIR run`, and `broadside ladder DIR show` reads them."""

import json
import subprocess

import pytest

from conftest import run_cli

ENTRANTS = [("random", "random"), ("second", "random:2"), ("third", "random:3")]


def make_ladder(bin_path, folder):
    run_cli(bin_path, "ladder", folder, "init", "--ruleset", "poe", "--seed", "3", "--max-decisions", "400")
    for name, spec in ENTRANTS:
        run_cli(bin_path, "ladder", folder, "add", name, spec)


def results(folder):
    return [json.loads(x) for x in (folder / "results.jsonl").read_text().splitlines()]


def test_a_ray_ladder_writes_the_games_the_command_writes(tmp_path, broadside_bin, local_ray):
    import broadside.ladder

    by_cli, by_ray = tmp_path / "cli", tmp_path / "ray"
    for folder in (by_cli, by_ray):
        make_ladder(broadside_bin, folder)
    # A batch and part of the next: the second batch is planned from the first's results.
    run_cli(broadside_bin, "ladder", by_cli, "run", "--games", "20")
    assert broadside.ladder.run_ray(by_ray, games=20) == 20
    assert results(by_ray) == results(by_cli)
    shown = json.loads(run_cli(broadside_bin, "ladder", by_ray, "show", "--json"))
    assert shown["games"] == 20
    assert sorted(r["name"] for r in shown["leaderboard"]) == sorted(n for n, _ in ENTRANTS)


def test_python_plans_the_games_the_command_plays_next(tmp_path, broadside_bin):
    import broadside.ladder

    folder = tmp_path / "ladder"
    make_ladder(broadside_bin, folder)
    # Twenty games first, so that the plan comes from ratings, not from an empty file.
    run_cli(broadside_bin, "ladder", folder, "run", "--games", "20")
    planned = broadside.ladder.plan(folder, 16)
    names = [e["name"] for e in json.loads((folder / "ladder.json").read_text())["entrants"]]
    run_cli(broadside_bin, "ladder", folder, "run", "--games", "16")
    played = [(r["game"], [names.index(s) for s in r["sides"]]) for r in results(folder)[20:]]
    assert len(planned) == 16
    assert played == planned


def test_a_ray_ladder_refuses_a_folder_that_is_not_a_ladder(tmp_path):
    import broadside.ladder

    with pytest.raises(ValueError, match="not a ladder"):
        broadside.ladder.run_ray(tmp_path, games=2)


def test_a_python_function_enters_a_ladder_beside_specs_and_the_command_plays_it(
        tmp_path, broadside_bin, monkeypatch):
    import importlib
    import sys

    import broadside.ladder

    # A bot author's module in their working folder.
    (tmp_path / "mybots.py").write_text(
        "def first(view):\n    return view['legal'][0]['index']\n\n"
        "class Last:\n    def choose(self, view):\n        return view['legal'][-1]['index']\n\n"
        "last = Last()\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    mybots = importlib.import_module("mybots")
    folder = tmp_path / "ladder"
    run_cli(broadside_bin, "ladder", folder, "init", "--ruleset", "wsim", "--scenario",
            "frigate-duel", "--max-decisions", "60")
    run_cli(broadside_bin, "ladder", folder, "add", "random", "random")
    spec = broadside.ladder.add(folder, "first", mybots.first)
    assert spec == f"cmd:{sys.executable} -m broadside.bot mybots:first"
    assert broadside.ladder.add(folder, "last", mybots.last).endswith("mybots:last")
    assert broadside.ladder.add(folder, "best", "bot:best") == "bot:best"
    # The command's checks, with the command's words.
    for name, agent, why in [
        ("first", "random", "already"),
        ("", "random", "1 to 64"),
        ("bell\x07", "random", "1 to 64"),
        ("x" * 65, "random", "1 to 64"),
        ("nonsense", "bot:nonsense", "nonsense"),
        ("lambda", lambda view: 0, "importable name"),
        ("admiral", "default", "broadside ladder"),
    ]:
        with pytest.raises(ValueError, match=why):
            broadside.ladder.add(folder, name, agent)
    for name, why in [("first", "already"), ("bell\x07", "1 to 64"), ("x" * 65, "1 to 64")]:
        out = subprocess.run([str(broadside_bin), "ladder", str(folder), "add", name, "random"],
                             capture_output=True, text=True)
        assert out.returncode != 0 and why in out.stderr, out.stderr
    # The command reads what Python wrote, and plays the Python bots over the protocol.
    run_cli(broadside_bin, "ladder", folder, "run", "--games", "8")
    games = results(folder)
    assert len(games) == 8
    assert all("forfeit" not in g for g in games), games
    played = {s for g in games for s in g["sides"]}
    assert {"first", "last"} <= played, played
    shown = json.loads(run_cli(broadside_bin, "ladder", folder, "show", "--json"))
    assert sorted(r["name"] for r in shown["leaderboard"]) == ["best", "first", "last", "random"]
