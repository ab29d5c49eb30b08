#!/usr/bin/env bash
# Installs libtorch (cached, see setup_torch.sh), builds `broadside` with the `torch`
# feature and runs `broadside train` with the given arguments.
#
#   bash scripts/train.sh                                   # WS&IM frigate duel, defaults
#   bash scripts/train.sh --config configs/frigate-duel.toml
#   bash scripts/train.sh --resume runs/wsim-frigate-duel   # after a crash or Ctrl-C
#
# The same binary plays and rates trained networks, and the shipped ones by name
# (models/weights/README.md); `--build-only` builds it without training:
#   bash scripts/train.sh --build-only
#   target/release/broadside play --ruleset togo --scenario ironclad-duel --admiral net:togo-duel
#   target/release/broadside play --admiral net:path=runs/wsim-frigate-duel/best.safetensors
set -euo pipefail
cd "$(dirname "$0")/.."
LIBTORCH="$(bash scripts/setup_torch.sh)"
export LIBTORCH
cargo build --release --locked -p broadside-training --features torch
if [ "${1:-}" = "--build-only" ]; then
    echo "built target/release/broadside with networks (the torch feature)" >&2
    exit 0
fi
exec target/release/broadside train "$@"
