"""Speed figures of the Python package, each beside its peer, measured in one run.

1. Random play on Connect Four through the PettingZoo AEC env (`agent_iter`, `last()` with
   the observation and mask every step, as a learner sees them, `legal_actions()`, `step`;
   also with `reuse_observations=True`, and without the observation as a ceiling)
   against OpenSpiel's pyspiel doing the same loop from Python (observation tensor, legal
   actions, apply), and the bare loops without observations, pyspiel's and the same lines
   on `broadside.Game`.
2. WS&IM's default scenario with observations: the vectorised API (N games stepped in Rust
   on every core) against the single-environment Python loop (the AEC env), in env steps/s.
3. One WS&IM observation through the package (the Rust observe plus numpy arrays).

Rates are the best half-second window of each row (the shared machine's load only slows a
window down); the ratios alternate short windows of the two loops and take the median of
the pairs' ratios, which a change of load between pairs does not skew.

Usage: python pybroadside/bench/bench.py [--seconds S] [--envs N] [--json]
pyspiel comes from `pip install open_spiel`; without it those rows are left out.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time

import numpy as np

import broadside
from broadside.vector import sample_masked


def timed(fn, seconds, window=0.5):
    """Runs fn(budget) for about `seconds` in windows of `window` seconds; returns the best
    window's steps per second (the shared machine's load only ever slows a window down)."""
    fn(200)  # warm up
    best, start = 0.0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps, w0 = 0, time.perf_counter()
        while time.perf_counter() - w0 < window:
            steps += fn(500)
        best = max(best, steps / (time.perf_counter() - w0))
    return best


def rate(fn, window):
    steps, w0 = 0, time.perf_counter()
    while time.perf_counter() - w0 < window:
        steps += fn(500)
    return steps / (time.perf_counter() - w0)


def paired(a, b, seconds, window=0.3):
    """Alternates windows of `a` and `b` (ABAB...) for about `seconds`; returns the median of
    the per-pair ratios a/b, which a load change between pairs does not skew."""
    a(200)
    b(200)
    ratios, start = [], time.perf_counter()
    while time.perf_counter() - start < seconds:
        ratios.append(rate(a, window) / rate(b, window))
    return float(np.median(ratios))


def aec_random(ruleset, scenario=None, observe=True, **kwargs):
    """The AEC loop; `observe=False` leaves the observation out of `last()` (a ceiling: the
    PettingZoo protocol alone), `reuse_observations=True` rewrites one dict in place."""
    env = broadside.env(ruleset=ruleset, scenario=scenario, seed=0, **kwargs)
    env.reset()
    rng = random.Random(0)

    def run(budget):
        steps = 0
        while steps < budget:
            for agent in env.agent_iter():
                obs, _, term, trunc, _ = env.last(observe)
                if term or trunc:
                    env.step(None)
                    continue
                # The legal list (as pyspiel's loop gets it); the mask came with `last()`.
                legal = env.legal_actions()
                env.step(legal[rng.randrange(len(legal))])
                steps += 1
            env.reset()
        return steps

    return run


def game_api_random(observe):
    """The pyspiel loop, line for line, on broadside.Game."""

    def run(budget):
        steps = 0
        rng = random.Random(0)
        while steps < budget:
            state = broadside.Game("connect_four")
            while not state.is_terminal():
                if observe:
                    state.observation(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                steps += 1
        return steps

    return run


def pyspiel_random(observe):
    import pyspiel

    game = pyspiel.load_game("connect_four")
    rng = random.Random(0)

    def run(budget):
        steps = 0
        while steps < budget:
            state = game.new_initial_state()
            while not state.is_terminal():
                if observe:
                    state.observation_tensor()
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                steps += 1
        return steps

    return run


def vec_random(ruleset, n, scenario=None, parallel=True):
    v = broadside.VecEnv(ruleset, n, scenario=scenario, seed=0, parallel=parallel)
    rng = np.random.default_rng(0)

    def run(budget):
        steps = 0
        while steps < budget:
            v.step(sample_masked(v.action_masks, rng))
            steps += n
        return steps

    return run


def rayon_threads(ruleset):
    """Threads the first parallel vector step starts (rayon's pool), read from /proc (Linux)."""
    try:
        before = len(os.listdir("/proc/self/task"))
    except OSError:
        return float("nan")
    v = broadside.VecEnv(ruleset, 8, seed=0)
    v.step(sample_masked(v.action_masks, np.random.default_rng(0)))
    return len(os.listdir("/proc/self/task")) - before


def observe_time(ruleset, seconds):
    """Microseconds per observation, best of 1000-call batches."""
    core = broadside._core.CoreEnv(ruleset, None, None, True)
    core.reset(0)
    p = core.to_play()
    best, start = float("inf"), time.perf_counter()
    while time.perf_counter() - start < seconds:
        t0 = time.perf_counter()
        for _ in range(1000):
            core.observe(p)
        best = min(best, (time.perf_counter() - t0) / 1000 * 1e6)
    return best


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--envs", type=int, default=64)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rows = {}
    rows["c4_aec_steps_per_s"] = timed(aec_random("connect_four"), a.seconds)
    rows["c4_aec_reused_obs_steps_per_s"] = timed(
        aec_random("connect_four", reuse_observations=True), a.seconds
    )
    rows["c4_game_api_observed_steps_per_s"] = timed(game_api_random(True), a.seconds)
    rows["c4_game_api_bare_steps_per_s"] = timed(game_api_random(False), a.seconds)
    try:
        rows["c4_pyspiel_observed_steps_per_s"] = timed(pyspiel_random(True), a.seconds)
        rows["c4_pyspiel_bare_steps_per_s"] = timed(pyspiel_random(False), a.seconds)
    except ImportError:
        pass
    rows["wsim_single_aec_steps_per_s"] = timed(aec_random("wsim"), a.seconds)
    rows["rayon_threads"] = rayon_threads("wsim")
    rows["wsim_vec_steps_per_s"] = timed(vec_random("wsim", a.envs), a.seconds)
    rows["wsim_vec_serial_steps_per_s"] = timed(vec_random("wsim", a.envs, parallel=False), a.seconds)
    rows["wsim_observe_us"] = observe_time("wsim", a.seconds)
    try:
        pyspiel_obs, pyspiel_bare = pyspiel_random(True), pyspiel_random(False)
        rows["ratio_aec_over_pyspiel_observed"] = paired(aec_random("connect_four"), pyspiel_obs, a.seconds)
        rows["ratio_aec_reused_obs_over_pyspiel_observed"] = paired(
            aec_random("connect_four", reuse_observations=True), pyspiel_obs, a.seconds
        )
        rows["ratio_aec_unobserved_over_pyspiel_observed"] = paired(
            aec_random("connect_four", observe=False), pyspiel_obs, a.seconds
        )
        rows["ratio_game_api_over_pyspiel_observed"] = paired(game_api_random(True), pyspiel_obs, a.seconds)
        rows["ratio_game_api_over_pyspiel_bare"] = paired(game_api_random(False), pyspiel_bare, a.seconds)
    except ImportError:
        pass
    rows["ratio_vec_over_single_wsim"] = paired(vec_random("wsim", a.envs), aec_random("wsim"), a.seconds)
    # The ceiling's parts: the batch on one thread against the single loop (what Rust saves
    # per step over the Python loop), and two rayon threads against one.
    rows["ratio_vec_serial_over_single_wsim"] = paired(
        vec_random("wsim", a.envs, parallel=False), aec_random("wsim"), a.seconds
    )
    rows["ratio_vec_parallel_over_serial_wsim"] = paired(
        vec_random("wsim", a.envs), vec_random("wsim", a.envs, parallel=False), a.seconds
    )
    rows["envs"] = a.envs
    rows["cpus"] = os.cpu_count()
    if a.json:
        print(json.dumps(rows, indent=2))
    else:
        for k, v in rows.items():
            print(f"{k:36} {v:14,.1f}")


if __name__ == "__main__":
    main()
