#!/usr/bin/env bash
# For a lent GPU: trains the reference config (configs/frigate-duel.toml) and one ruleset's
# default scenario (CONFIG, default configs/togo-squadron-action.toml) for MINUTES each on
# CUDA, and records per run the leaf evaluations per second (the trainer's own figure, each
# iteration's self-play) and the GPU's busy share (nvidia-smi, sampled every 200 ms).
# Not part of the test command (CI has no GPU). Not yet run: no GPU was lent when it was
# written (docs/baselines.md).
#
#   bash scripts/gpu_bench.sh            # both runs, figures in $OUT/gpu-bench.json
#
# Environment:
#   BIN      a `broadside` built with `--features cuda` against the full torch wheel
#            (FULL=1 scripts/setup_torch.sh); default target-gpu/release/broadside
#   OUT      where the logs and figures go (default gpu-out)
#   MINUTES  wall minutes of each run (default 4)
#   CONFIG   the ruleset config (default configs/togo-squadron-action.toml)
#   GAMES    games in flight (default 16: the teacher searches are CPU work, one thread each)
#   TORCH    torch's package folder, for its libraries when BIN's rpath does not reach them
set -uo pipefail
cd "$(dirname "$0")/.."
BIN="${BIN:-target-gpu/release/broadside}"
OUT="${OUT:-gpu-out}"
MINUTES="${MINUTES:-4}"
CONFIG="${CONFIG:-configs/togo-squadron-action.toml}"
GAMES="${GAMES:-16}"
mkdir -p "$OUT"

if [ -z "${TORCH:-}" ]; then
    TORCH="$(python3 -c 'import os, torch; print(os.path.dirname(torch.__file__))' 2>/dev/null || true)"
fi
if [ -n "$TORCH" ]; then
    LIBS="$TORCH/lib"
    for d in "$(dirname "$TORCH")"/nvidia/*/lib; do [ -d "$d" ] && LIBS="$LIBS:$d"; done
    export LD_LIBRARY_PATH="$LIBS:${LD_LIBRARY_PATH:-}"
fi
if [ ! -x "$BIN" ]; then
    echo "gpu_bench.sh: no $BIN; build it first (README, Training on a GPU)" >&2
    exit 2
fi

# Trains `$2` as run `$1` for MINUTES on CUDA; its log holds one line per iteration.
run() {
    local name="$1" config="$2"
    local dir="/tmp/broadside-gpu-$name"
    rm -rf "$dir"
    nvidia-smi --query-gpu=utilization.gpu --format=csv,noheader,nounits -lms 200 \
        >"$OUT/$name-util.csv" 2>/dev/null &
    local smi=$!
    timeout -s INT -k 60 $((MINUTES * 60)) "$BIN" train --config "$config" --run-dir "$dir" \
        --set device=cuda --set selfplay.games_in_flight="$GAMES" \
        --set selfplay.deterministic=false --set selfplay.inference_threads=2 \
        >"$OUT/$name.log" 2>&1
    echo "train exit $?" >>"$OUT/$name.log"
    kill "$smi" 2>/dev/null
    wait "$smi" 2>/dev/null
}

run reference configs/frigate-duel.toml
run ruleset "$CONFIG"

# The figures: the mean of the iterations' `leaf evals/s` and of nvidia-smi's samples.
summary() {
    local name="$1"
    local leaves busy
    leaves=$(tr '\r' '\n' <"$OUT/$name.log" | grep -o '[0-9.]* leaf evals/s' |
        awk '{s += $1; n++} END {if (n) printf "%.0f", s / n; else print "null"}')
    busy=$(awk -F, '{s += $1; n++} END {if (n) printf "%.1f", s / n; else print "null"}' \
        "$OUT/$name-util.csv")
    printf '"%s": {"leaf_evals_per_second": %s, "gpu_busy_percent": %s}' "$name" "$leaves" "$busy"
}
{
    echo "{"
    summary reference
    echo ","
    summary ruleset
    echo
    echo "}"
} >"$OUT/gpu-bench.json"
cat "$OUT/gpu-bench.json"
