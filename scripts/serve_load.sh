#!/usr/bin/env bash
# The load test of `broadside serve` at full length: 50 games in parallel over loopback, each
# making random legal orders for a minute, no error allowed; prints the p50 and p99 latency
# of an order. The test command runs the same test for 2 seconds.
# Environment: BROADSIDE_LOAD_SECS (default 60), BROADSIDE_LOAD_GAMES (default 50).
set -euo pipefail
cd "$(dirname "$0")/.."
export BROADSIDE_LOAD_SECS="${BROADSIDE_LOAD_SECS:-60}"
export BROADSIDE_LOAD_GAMES="${BROADSIDE_LOAD_GAMES:-50}"
cargo test --locked -p broadside-training --test serve fifty_games -- --nocapture
