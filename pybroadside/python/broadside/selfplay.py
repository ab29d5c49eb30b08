"""Self-play spread over a Ray cluster: Ray actors run ``broadside selfplay`` workers that
play games with the trainer's latest network and write one replay shard per finished game;
the trainer (``broadside train`` with ``selfplay.workers = true``) takes those shards as its
iterations' games and publishes each new network for the workers.

The games are played by the Rust self-play of a ``broadside`` built with the ``torch``
feature (``bash scripts/train.sh`` builds one), run as a subprocess of each actor: the
package's own extension does not link libtorch. Trainer and workers meet in the run
directory, which on a cluster must be a folder every node sees (NFS or the like)::

    RUN_DIR/network/latest.json          the network to play with now (version, file)
    RUN_DIR/network/net-NNNNNNNN.safetensors
    RUN_DIR/workers/NAME/game-NNNNNN.bin one finished game (written atomically)
    RUN_DIR/workers/taken.jsonl          every game the trainer took, with its network

Run on this machine (a local Ray)::

    python -m broadside.selfplay --broadside target/release/broadside \\
        --config configs/frigate-duel.toml --run-dir runs/ray-duel --workers 4

A worker killed mid-game (a node lost, ``ray.kill``) loses only the game it was playing:
its finished games are complete files, and the driver starts no replacement by itself
(start more workers with new names to make up the pace).
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import pathlib
import signal
import struct
import subprocess
import sys
import uuid

_MAGIC = b"BSREPLAY"
_FORMAT = 1


def _die_with_parent() -> None:
    """In the worker's child process: SIGKILL when the actor process that started it dies
    (Linux's PR_SET_PDEATHSIG), so a killed actor never leaves a game running unseen."""
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGKILL)
    except (OSError, AttributeError):
        pass


def _fnv1a(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def read_shard_header(path: str | os.PathLike) -> dict:
    """The JSON header of a replay shard, after checking the file is whole: its magic, its
    format, its length for the samples it declares and its checksum. A file that is not a
    complete shard raises ``ValueError`` naming it."""
    data = pathlib.Path(path).read_bytes()
    if len(data) < 24 or data[:8] != _MAGIC:
        raise ValueError(f"{path}: not a replay shard")
    fmt, hlen = struct.unpack_from("<II", data, 8)
    if fmt != _FORMAT:
        raise ValueError(f"{path}: shard format {fmt}, this reader knows {_FORMAT}")
    body = 16 + hlen
    header = json.loads(data[16:body])
    rows, cols = header["entity_shape"]
    actions = header["num_actions"]
    per_sample = 4 * (rows * cols + header["global_len"] + actions + 1) + actions
    need = body + header["samples"] * per_sample + 8
    if len(data) != need:
        raise ValueError(f"{path}: {len(data)} bytes, a whole shard of {header['samples']} samples has {need}")
    (stored,) = struct.unpack_from("<Q", data, need - 8)
    if _fnv1a(data[: need - 8]) != stored:
        raise ValueError(f"{path}: checksum mismatch")
    return header


class SelfPlayWorker:
    """One ``broadside selfplay`` process (a Ray actor's job: ``ray.remote(SelfPlayWorker)``).
    Its finished games' lines (``game K network V ...``) are kept in ``RUN_DIR/workers/NAME.log``."""

    def __init__(self, broadside_bin: str, run_dir: str, name: str):
        self.bin = str(broadside_bin)
        self.run_dir = str(run_dir)
        self.name = name
        self.proc: subprocess.Popen | None = None

    def start(self, games: int = 0, wait: int = 600) -> int:
        """Starts the worker (``games`` 0: until the run ends); returns its process id."""
        log_dir = pathlib.Path(self.run_dir) / "workers"
        log_dir.mkdir(parents=True, exist_ok=True)
        log = open(log_dir / f"{self.name}.log", "ab")
        cmd = [self.bin, "selfplay", "--run-dir", self.run_dir, "--worker", self.name,
               "--games", str(games), "--wait", str(wait)]
        self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                     preexec_fn=_die_with_parent)
        log.close()
        return self.proc.pid

    def wait(self) -> int:
        """Waits for the worker to end; its exit status (negative: killed by that signal)."""
        return self.proc.wait() if self.proc else 0

    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None


def _trainer_cmd(broadside_bin, config, run_dir, overrides) -> list[str]:
    cmd = [str(broadside_bin), "train", "--quiet", "--config", str(config), "--run-dir", str(run_dir),
           "--set", "selfplay.workers=true"]
    for o in overrides:
        cmd += ["--set", o]
    return cmd


def ray_selfplay_train(
    broadside_bin: str,
    config: str,
    run_dir: str,
    workers: int = 2,
    overrides: list[str] | tuple[str, ...] = (),
    address: str | None = None,
) -> dict:
    """Trains with ``workers`` Ray actors playing the games: starts ``broadside train``
    (with ``selfplay.workers = true`` and the ``overrides``) here, the workers on the
    cluster, and waits until the run ends (its iterations or minutes), which stops the
    workers. Returns the trainer's and each worker's exit status."""
    from broadside.distributed import connect

    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    ray = connect(address)
    trainer = subprocess.Popen(_trainer_cmd(broadside_bin, config, run_dir, overrides))
    actor = ray.remote(num_cpus=1)(SelfPlayWorker)
    tag = uuid.uuid4().hex[:8]
    pool = [actor.remote(str(broadside_bin), str(run_dir), f"w{i}-{tag}") for i in range(workers)]
    ray.get([a.start.remote() for a in pool])
    trainer_rc = trainer.wait()
    if trainer_rc != 0:
        # A failed trainer publishes no stop: end the workers here.
        for a in pool:
            ray.kill(a)
        return {"trainer": trainer_rc, "workers": None}
    return {"trainer": trainer_rc, "workers": ray.get([a.wait.remote() for a in pool])}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m broadside.selfplay", description=__doc__.split("\n\n")[0])
    p.add_argument("--broadside", required=True, help="a broadside built with the torch feature")
    p.add_argument("--config", required=True)
    p.add_argument("--run-dir", required=True)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--set", action="append", default=[], dest="overrides", metavar="KEY=VALUE")
    p.add_argument("--address", default=None, help="Ray cluster address (auto, ray://HOST:10001)")
    a = p.parse_args(argv)
    try:
        out = ray_selfplay_train(a.broadside, a.config, a.run_dir, a.workers, a.overrides, a.address)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(json.dumps(out))
    return 0 if out["trainer"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
