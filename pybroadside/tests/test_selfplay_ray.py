"""Self-play over Ray (broadside.selfplay): two workers on a local Ray feed a tiny training
run. Needs a `broadside` built with the `torch` feature (the test command's torch tests
build target/debug/broadside with it before pytest runs); with any other build it skips,
saying why."""

import json
import os
import signal
import subprocess
import time

import pytest

from conftest import REPO


def _needs_torch_build(broadside_bin):
    out = subprocess.run(
        [str(broadside_bin), "selfplay", "--run-dir", "/nonexistent-broadside-run", "--worker", "probe", "--wait", "0"],
        capture_output=True,
        text=True,
    )
    if "without the `torch` feature" in out.stderr:
        pytest.skip(f"{broadside_bin} was built without the torch feature: the Ray self-play workers run its Rust self-play")


def _wait_for(what, check, seconds):
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, f"no {what} within {seconds} s"
        time.sleep(0.05)


def test_ray_workers_feed_the_trainer_versioned_and_a_killed_worker_loses_at_most_its_game(
    tmp_path, broadside_bin, local_ray
):
    ray = local_ray
    from broadside.selfplay import SelfPlayWorker, read_shard_header

    _needs_torch_build(broadside_bin)
    run = tmp_path / "run"
    workers = run / "workers"
    taken_log = workers / "taken.jsonl"
    # Only games of the newest network are taken (max_lag 0), so each iteration's games
    # name exactly one network.
    trainer = subprocess.Popen(
        [str(broadside_bin), "train", "--quiet", "--config", str(REPO / "configs" / "tiny.toml"), "--run-dir", str(run),
         "--set", "selfplay.workers=true", "--set", "selfplay.max_lag=0", "--set", "iterations=3",
         "--set", "selfplay.games_per_iteration=2", "--set", "eval.every=0", "--set", "max_minutes=2"],
        stderr=subprocess.PIPE,
        text=True,
    )

    def taken():
        if not taken_log.exists():
            return []
        return [json.loads(line) for line in taken_log.read_text().splitlines() if line.strip()]

    try:
        actor = ray.remote(num_cpus=1)(SelfPlayWorker)
        w0, w1 = actor.remote(str(broadside_bin), str(run), "w0"), actor.remote(str(broadside_bin), str(run), "w1")
        pid0 = ray.get(w0.start.remote(wait=60))
        ray.get(w1.start.remote(wait=60))
        # Once w0's first game is written (or already taken), it is playing its second:
        # kill it there, as a lost node would be.
        _wait_for(
            "first game of w0",
            lambda: (workers / "w0" / "game-000000.bin").exists() or any(t["file"].startswith("w0/") for t in taken()),
            60,
        )
        os.kill(pid0, signal.SIGKILL)
        assert ray.get(w0.wait.remote()) == -signal.SIGKILL
        rc = trainer.wait(timeout=120)
        assert rc == 0, trainer.stderr.read()
        # The run's end stops the other worker.
        assert ray.get(w1.wait.remote(), timeout=60) == 0
    finally:
        if trainer.poll() is None:
            trainer.kill()

    state = json.loads((run / "state.json").read_text())
    assert state["iteration"] == 3
    # The iteration shards: two games each, every game made by the network published
    # before that iteration (one version, newer each time, the first the initial network).
    shards = sorted((run / "replay").glob("shard-*.bin"))
    heads = [read_shard_header(p) for p in shards]
    assert [h["games"] for h in heads] == [2, 2, 2]
    versions = [list(map(int, h["networks"])) for h in heads]
    assert all(len(v) == 1 for v in versions), versions
    versions = [v[0] for v in versions]
    assert versions[0] == 0 and versions == sorted(set(versions)) and versions[-1] < state["train_step"], versions

    # Every game a worker finished is either still there, a whole shard of one game and
    # one published network, or in the trainer's log of removed shards.
    log = taken()
    assert sum(1 for t in log if not t["dropped"]) == 6
    assert all(t["network"] in versions or t["dropped"] for t in log)
    left = sorted(workers.glob("*/game-*.bin"))
    for p in left:
        h = read_shard_header(p)
        assert h["games"] == 1 and len(h["networks"]) == 1, (p, h)
        assert int(next(iter(h["networks"]))) in versions + [state["train_step"]], (p, h)
    # w0 lost at most the game it was playing: its games are numbered 0..n-1 without a gap.
    w0 = sorted({int(t["file"][len("w0/game-"):-len(".bin")]) for t in log if t["file"].startswith("w0/")}
                | {int(p.stem[len("game-"):]) for p in left if p.parent.name == "w0"})
    assert w0 and w0 == list(range(len(w0))), w0
    reported = [line for line in (workers / "w0.log").read_text().splitlines() if line.startswith("game ")]
    # Killed between writing a game and printing its line at worst.
    assert len(reported) in (len(w0), len(w0) - 1), (reported, w0)
