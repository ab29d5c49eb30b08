#!/usr/bin/env bash
# Runs every test of the workspace: unit, property, golden and harness tests, then the
# network and training tests on libtorch (installed into a cached venv on first use).
# The test profile is optimised (see Cargo.toml), so the harness's thousands of games are quick.
set -euo pipefail
cd "$(dirname "$0")/.."
# The downloads (libtorch, the Python venv, Chromium and selenium) are network-bound and the
# build is CPU-bound, so they run in the background while cargo compiles; each writes a log
# under target/ci-logs/, and a failed one stops the run with its log where it is needed.
LOGS=target/ci-logs
mkdir -p "$LOGS"
bash scripts/setup_torch.sh >"$LOGS/torch.path" 2>"$LOGS/setup_torch.log" &
TORCH_JOB=$!
bash scripts/setup_python.sh >"$LOGS/python.path" 2>"$LOGS/setup_python.log" &
PYTHON_JOB=$!
bash scripts/browser_test.sh --prepare >"$LOGS/browser_prepare.log" 2>&1 &
BROWSER_JOB=$!
# A failing step does not leave an install half-done behind it: the script waits for them.
trap 'wait' EXIT
# Waits for a background preparation; on failure prints its log and stops.
await() {
    if ! wait "$1"; then
        echo "test.sh: $2 failed; its log ($3):" >&2
        cat "$3" >&2
        exit 1
    fi
}
# Each step says when it starts, counted from the script's start, so a slow step shows in CI's log.
step() { echo "== test.sh [${SECONDS}s] $*" >&2; }
step "cargo test (build and run)"
# The Python bindings' crate has no Rust tests: pytest tests it below, through the built package.
# No target named: cargo then builds the libraries, the binary, the examples as programs (the
# Rust example bot that training/tests/example_bots.rs plays) and every test, and runs the unit,
# integration and doc tests, all with one feature selection (`--all-targets` would build the
# examples as test harnesses, and a second `cargo build --examples` compiled the agents and
# the training crate again: dev-dependencies' features differ).
cargo test --workspace --exclude broadside-python --locked
# The criterion benches compile (run them with `cargo bench`); the libraries above are reused.
step "the benches compile"
cargo test --workspace --exclude broadside-python --locked --benches --no-run
# The board of `broadside serve` in headless Chromium (installed by apt when missing), with
# the binary the tests above built; screenshots in target/browser-artefacts/.
await "$BROWSER_JOB" "installing Chromium and selenium" "$LOGS/browser_prepare.log"
step "the board in headless Chromium"
bash scripts/browser_test.sh target/debug/broadside
# The `torch` feature: the network, checkpoints, and a tiny CPU training run with a kill -9
# and a resume. The same workspace selection as above with only the torch tests named, so the
# features of every other crate are the same and only the models, the training crate and
# these tests are compiled again.
await "$TORCH_JOB" "installing libtorch (scripts/setup_torch.sh)" "$LOGS/setup_torch.log"
LIBTORCH="$(cat "$LOGS/torch.path")"
export LIBTORCH
step "torch tests"
# The torch tests are the test files compiled only with the feature (an inner
# `#![cfg(feature = "torch")]` at their top), found here so that a new one is never left out.
TORCH_TESTS=()
for file in $(grep -l '^#!\[cfg(feature = "torch")\]' models/tests/*.rs training/tests/*.rs); do
    TORCH_TESTS+=(--test "$(basename "$file" .rs)")
done
# None found would run every test of the workspace again, with torch: stop instead.
[ "${#TORCH_TESTS[@]}" -gt 0 ] || { echo "test.sh: no torch test files found" >&2; exit 1; }
# The two crates compiled again are optimised less (their tests time no search; the games
# they play run in the environment and the agents, still fully optimised): at opt-level 3
# the training crate alone took about three of this step's six and a half minutes.
cargo test --locked --workspace --exclude broadside-python \
    --config 'profile.dev.package.broadside-training.opt-level=1' \
    --config 'profile.dev.package.broadside-models.opt-level=1' \
    --features broadside-models/torch,broadside-training/torch "${TORCH_TESTS[@]}"
# The Python package (pybroadside/): built into a cached venv and tested with pytest
# (PettingZoo's and Gymnasium's checks for every ruleset, the vector env, the game API,
# arenas against `broadside arena`, one on a local Ray). The debug `broadside` built above is
# the command the tests compare with: after the torch step, so it is the torch build, which
# the Ray self-play test needs (with a plain build that test skips).
await "$PYTHON_JOB" "installing the Python venv (scripts/setup_python.sh)" "$LOGS/setup_python.log"
PY_VENV="$(cat "$LOGS/python.path")"
# maturin (in the venv) builds the wheel; the venv's bin on PATH lets pip's backend find it.
# The `dev` profile (the test profile's settings; see Cargo.toml) reuses the environment and
# the agents that `cargo test` compiled above, where the wheel's own `python` profile would
# build them again; so does the crate's feature selection (the same features of the shared
# dependencies: pybroadside/Cargo.toml and training/Cargo.toml say which).
step "the Python package: wheel and pytest"
MATURIN_PEP517_ARGS="--profile dev" PATH="$PY_VENV/bin:$PATH" "$PY_VENV/bin/pip" install --quiet --no-build-isolation --no-deps \
    --force-reinstall ./pybroadside
BROADSIDE_BIN="$PWD/target/debug/broadside" "$PY_VENV/bin/python" -m pytest -q pybroadside/tests
step "all tests passed"
