#!/usr/bin/env bash
# The GPU checks behind README's "Training on a GPU" figures, for a machine with an NVIDIA
# GPU. Not part of the test command (CI has no GPU). Writes what it measured under $OUT.
#
#   bash scripts/gpu_check.sh bench       # leaf evaluations/s of a 1M-parameter network
#   bash scripts/gpu_check.sh selfplay    # configs/gpu.toml: CUDA end to end, kill -9, resume
#   bash scripts/gpu_check.sh reference   # configs/frigate-duel.toml (the CPU reference run)
#
# Environment:
#   BIN      a `broadside` built with `--features cuda` against the full torch wheel
#            (FULL=1 scripts/setup_torch.sh); default target-gpu/release/broadside
#   OUT      where the figures go (default gpu-out)
#   MINUTES  wall minutes of a training check (default 6)
#   INFERENCE_THREADS  the bench's inference threads to try (default "1 2 4 8")
#   BENCH_SECONDS      seconds of each bench measurement (default 8)
#   SET      extra `--set key=value` options of the self-play check
#   TORCH    torch's package folder, for its libraries when BIN's rpath does not reach them
#            (a copied binary); default: the one `python3 -c 'import torch'` finds
# nvidia-smi's utilisation is sampled every 200 ms into $OUT/PHASE-util.csv
# (timestamp, GPU %, memory MiB); lines `mark <unix time> <what>` in $OUT/PHASE.log say
# which part of the check ran when. `python3 scripts/gpu_summary.py $OUT` turns them into
# the table in README ("Training on a GPU").
set -uo pipefail
cd "$(dirname "$0")/.."
PHASE="${1:?usage: gpu_check.sh bench|selfplay|reference}"
BIN="${BIN:-target-gpu/release/broadside}"
OUT="${OUT:-gpu-out}"
MINUTES="${MINUTES:-6}"
mkdir -p "$OUT"
LOG="$OUT/$PHASE.log"

if [ -z "${TORCH:-}" ]; then
    TORCH="$(python3 -c 'import os, torch; print(os.path.dirname(torch.__file__))' 2>/dev/null || true)"
fi
if [ -n "$TORCH" ]; then
    NV="$(dirname "$TORCH")/nvidia"
    LIBS="$TORCH/lib"
    for d in "$NV"/*/lib; do [ -d "$d" ] && LIBS="$LIBS:$d"; done
    export LD_LIBRARY_PATH="$LIBS:${LD_LIBRARY_PATH:-}"
fi

mark() { echo "mark $(date +%s.%N) $*" | tee -a "$LOG"; }
nvidia-smi --query-gpu=timestamp,utilization.gpu,memory.used --format=csv,noheader,nounits \
    -lms 200 >"$OUT/$PHASE-util.csv" 2>/dev/null &
SMI=$!
trap 'kill $SMI 2>/dev/null' EXIT
nvidia-smi -L >>"$LOG" 2>&1
nproc >>"$LOG"

# Trains with `$@` until MINUTES are up, then stops it with Ctrl-C as a user would.
train_for() {
    local secs="$1"
    shift
    timeout -s INT -k 60 "$secs" "$BIN" train --quiet "$@" >>"$LOG" 2>&1
    echo "train exit $?" >>"$LOG"
}

# What of the run folder comes back: its config, counters, TensorBoard logs and best
# network. The replay shards and the last checkpoints with their optimiser state stay on
# the machine (a 1M-parameter run's would pass the 16 MB a returned file may have).
pack_run() {
    tar -C "$(dirname "$1")" -czf "$OUT/$2.tgz" \
        "$(basename "$1")"/{config.toml,state.json,tb,best.safetensors}
}

case "$PHASE" in
bench)
    # 256 search threads, batches of up to 1024 rows, 1 to 8 inference threads.
    for inf in ${INFERENCE_THREADS:-1 2 4 8}; do
        mark "bench inference_threads=$inf"
        "$BIN" bench --net --device cuda --net-size 1m --threads 256 --max-batch 1024 \
            --inference-threads "$inf" --seconds "${BENCH_SECONDS:-8}" \
            --json >"$OUT/bench-$inf.json" 2>>"$LOG"
        echo "bench exit $?" >>"$LOG"
        mark "bench done"
    done
    ;;
selfplay)
    RUN=/tmp/broadside-gpu-selfplay
    rm -rf "$RUN"
    T0=$(date +%s)
    mark "train start"
    # shellcheck disable=SC2086 # SET holds several --set options
    "$BIN" train --quiet --config configs/gpu.toml --run-dir "$RUN" --set device=cuda ${SET:-} \
        >>"$LOG" 2>&1 &
    PID=$!
    # Kill it hard partway into its second iteration, once a checkpoint exists.
    for _ in $(seq 1 $((MINUTES * 40))); do
        [ -f "$RUN/state.json" ] && break
        kill -0 $PID 2>/dev/null || break
        sleep 1
    done
    sleep 20
    mark "kill -9"
    kill -9 $PID
    wait $PID 2>/dev/null
    cp "$RUN/state.json" "$OUT/state-before-kill.json" 2>/dev/null
    LEFT=$((MINUTES * 60 - $(date +%s) + T0))
    mark "resume"
    # shellcheck disable=SC2086
    train_for $((LEFT > 60 ? LEFT : 60)) --resume "$RUN" --set device=cuda ${SET:-}
    mark "stopped"
    pack_run "$RUN" selfplay-run
    ;;
reference)
    RUN=/tmp/broadside-gpu-reference
    rm -rf "$RUN"
    mark "train start"
    train_for $((MINUTES * 60)) --config configs/frigate-duel.toml --run-dir "$RUN" \
        --set device=cuda --set selfplay.games_in_flight=16
    mark "stopped"
    pack_run "$RUN" reference-run
    ;;
*)
    echo "gpu_check.sh: unknown check $PHASE (bench, selfplay or reference)" >&2
    exit 2
    ;;
esac
