#!/usr/bin/env bash
# Runs every test of the workspace: unit, property, golden and harness tests.
# The test profile is optimised (see Cargo.toml), so the harness's thousands of games are quick.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --all-targets --locked
# Doc examples too (`--all-targets` leaves them out).
cargo test --workspace --doc --locked
