#!/usr/bin/env bash
# Connect Four calibration: our MCTS against OpenSpiel's C++ MCTSBot, same machine, same run.
#
# Both searches run from the empty board of connect_four with UCT (c = 2), one uniformly
# random rollout per leaf, a fresh tree per search and the same number of simulations, on
# one thread (pinned to one core when `taskset` exists). OpenSpiel's bot is the C++
# `MCTSBot` through pyspiel (`pyspiel.MCTSBot`, `bot.step`), not the Python one.
# Prints both figures in simulations per second and their ratio (target: ours >= 3x).
#
# Not part of the test command. Needs python3 (3.9-3.12 have open_spiel wheels) and network
# access the first time; the venv is cached in .venv-openspiel (gitignored).
#
# Usage: scripts/calibrate_connect_four.sh [SIMS] [REPEATS]   (defaults 10000 and 20)
# Environment: PYTHON (interpreter for the venv, default python3), CORE (default 0).
set -euo pipefail
cd "$(dirname "$0")/.."

SIMS="${1:-10000}"
REPEATS="${2:-20}"
CORE="${CORE:-0}"
PYTHON="${PYTHON:-python3}"
VENV=.venv-openspiel

die() {
    echo "calibrate_connect_four: $*" >&2
    exit 1
}

if ! "$VENV/bin/python" -c 'import pyspiel' 2>/dev/null; then
    echo "Setting up $VENV with open_spiel ..." >&2
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV" || die "could not create a venv with $PYTHON"
    "$VENV/bin/pip" install --quiet --upgrade pip >&2 || true
    if ! "$VENV/bin/pip" install --quiet open_spiel >&2; then
        rm -rf "$VENV"
        die "no open_spiel wheel installs for $("$PYTHON" --version 2>&1) on $(uname -m);" \
            "try PYTHON=python3.11 (wheels exist for CPython 3.9-3.12 on x86_64 and aarch64 Linux)"
    fi
    "$VENV/bin/python" -c 'import pyspiel' || die "open_spiel installed but pyspiel does not import"
fi

PIN=()
if command -v taskset >/dev/null 2>&1; then
    PIN=(taskset -c "$CORE")
fi

echo "Building our benchmark (release) ..." >&2
cargo build --release --quiet -p broadside-agents --example c4_mcts_bench

echo "OpenSpiel C++ MCTSBot: $SIMS simulations x $REPEATS ..." >&2
OS_JSON="$("${PIN[@]}" "$VENV/bin/python" - "$SIMS" "$REPEATS" <<'PY'
import json, sys, time
import pyspiel

sims, repeats = int(sys.argv[1]), int(sys.argv[2])
game = pyspiel.load_game("connect_four")
version = getattr(pyspiel, "__version__", None)
try:
    from importlib.metadata import version as _v
    version = _v("open_spiel")
except Exception:
    pass


def run(solve):
    times = []
    for r in range(repeats + 1):
        # Defaults of OpenSpiel's MCTS examples: uct_c = 2, one random rollout per leaf.
        evaluator = pyspiel.RandomRolloutEvaluator(1, r)
        bot = pyspiel.MCTSBot(game, evaluator, 2.0, sims, 1000, solve, r, False)
        state = game.new_initial_state()
        t = time.perf_counter()
        bot.step(state)
        dt = time.perf_counter() - t
        if r > 0:  # repeat 0 warms up
            times.append(dt)
    total = sum(times)
    times.sort()
    return sims * repeats / total, sims / times[len(times) // 2], total


sps, median, total = run(False)
sps_solve, _, _ = run(True)
print(json.dumps({
    "engine": "openspiel-cpp-mctsbot", "version": version, "game": "connect_four",
    "simulations": sims, "repeats": repeats, "uct_c": 2.0, "solve": False,
    "seconds": round(total, 6), "sims_per_sec": round(sps, 1),
    "median_sims_per_sec": round(median, 1), "sims_per_sec_with_solve": round(sps_solve, 1),
}))
PY
)"
echo "$OS_JSON"

echo "Broadside MCTS: $SIMS simulations x $REPEATS ..." >&2
OURS_JSON="$("${PIN[@]}" target/release/examples/c4_mcts_bench "$SIMS" "$REPEATS")"
echo "$OURS_JSON"

"$VENV/bin/python" - "$OS_JSON" "$OURS_JSON" <<'PY'
import json, sys
theirs, ours = json.loads(sys.argv[1]), json.loads(sys.argv[2])
ratio = ours["sims_per_sec"] / theirs["sims_per_sec"]
print(f"openspiel_cpp_mctsbot  {theirs['sims_per_sec']:>12,.0f} sims/s")
print(f"broadside_mcts         {ours['sims_per_sec']:>12,.0f} sims/s")
print(f"ratio                  {ratio:>12.2f}x  (target >= 3x)")
print(json.dumps({"openspiel_sims_per_sec": theirs["sims_per_sec"],
                  "broadside_sims_per_sec": ours["sims_per_sec"],
                  "ratio": round(ratio, 3)}))
PY
