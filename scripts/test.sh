#!/usr/bin/env bash
# Runs every test of the workspace: unit, property, golden and harness tests, then the
# network and training tests on libtorch (installed into a cached venv on first use).
# The test profile is optimised (see Cargo.toml), so the harness's thousands of games are quick.
set -euo pipefail
cd "$(dirname "$0")/.."
# libtorch first: its wheel is unpacked through a temporary folder (about 2 GB at the peak),
# best done before the build fills the disk with test binaries. A failed install says why.
LIBTORCH="$(bash scripts/setup_torch.sh)"
export LIBTORCH
# LIBTORCH only matters to the `torch` feature, which these builds leave off. The Python
# bindings' crate has no Rust tests: pytest tests it below, through the built package.
cargo test --workspace --exclude broadside-python --all-targets --locked
# The board of `broadside serve` in headless Chromium (installed by apt when missing), with
# the binary the tests above built; screenshots in target/browser-artefacts/.
bash scripts/browser_test.sh target/debug/broadside
# Doc examples too (`--all-targets` leaves them out).
cargo test --workspace --exclude broadside-python --doc --locked
# The `torch` feature: the network, checkpoints, and a tiny CPU training run with a kill -9
# and a resume. Only these crates get the feature, so the rest is not rebuilt.
cargo test --locked -p broadside-models --features torch
cargo test --locked -p broadside-training --features torch --test train_torch
# The Python package (pybroadside/): built into a cached venv and tested with pytest
# (PettingZoo's and Gymnasium's checks for every ruleset, the vector env, the game API,
# arenas against `broadside arena`, one on a local Ray). The debug `broadside` built above is
# the command the tests compare with.
PY_VENV="$(bash scripts/setup_python.sh)"
# maturin (in the venv) builds the wheel; the venv's bin on PATH lets pip's backend find it.
PATH="$PY_VENV/bin:$PATH" "$PY_VENV/bin/pip" install --quiet --no-build-isolation --no-deps \
    --force-reinstall ./pybroadside
BROADSIDE_BIN="$PWD/target/debug/broadside" "$PY_VENV/bin/python" -m pytest -q pybroadside/tests
