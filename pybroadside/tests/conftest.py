"""Shared fixtures: the rulesets under test and the `broadside` command to compare with."""

import os
import pathlib
import subprocess

import pytest

import broadside

REPO = pathlib.Path(__file__).resolve().parents[2]

# Every ruleset of this build (a ruleset added to the registry is tested with no change).
RULESETS = [r["name"] for r in broadside.rulesets()]
REGISTERED = [r for r in RULESETS if r != "connect_four"]


@pytest.fixture(scope="session")
def broadside_bin() -> pathlib.Path:
    """The `broadside` command: $BROADSIDE_BIN, or the workspace's debug build (built here
    when missing)."""
    given = os.environ.get("BROADSIDE_BIN")
    if given:
        path = pathlib.Path(given)
        assert path.is_file(), f"BROADSIDE_BIN={given} is not a file"
        return path
    path = REPO / "target" / "debug" / "broadside"
    if not path.is_file():
        subprocess.run(
            ["cargo", "build", "-p", "broadside-training", "--bin", "broadside"],
            cwd=REPO,
            check=True,
        )
    return path


def run_cli(bin_path, *args) -> str:
    out = subprocess.run([str(bin_path), *map(str, args)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return out.stdout


@pytest.fixture(scope="session")
def local_ray():
    """One local Ray for every distributed test of the session (2 CPUs, no dashboard):
    starting Ray costs tens of seconds, so the tests share it rather than each starting
    their own. Skips when Ray is not installed."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()
