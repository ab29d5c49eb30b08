#!/usr/bin/env bash
# Installs libtorch (CPU) from PyPI into a cached venv and prints the LIBTORCH path.
#
# The slim recipe: torch's wheel without its dependencies, plus the two CUDA runtime
# libraries that libtorch_cpu links against (libcudart, libcupti). About 1.3 GB; `import
# torch` does not work in this venv and is not needed: tch links the libraries directly.
# Idempotent: a stamp file records a finished install, so an interrupted one is redone.
#
# Usage:  export LIBTORCH="$(bash scripts/setup_torch.sh)"
#         cargo test -p broadside-models --features torch
# Environment: PYTHON (interpreter for the venv, default python3), VENV (default .venv-torch),
# FULL=1 for the GPU build: the full torch wheel with its CUDA libraries (4.6 GB, default
# VENV .venv-torch-gpu), needed to link libtorch_cuda (`cargo build --features cuda`).
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
FULL="${FULL:-0}"
TORCH_VERSION=2.11.0
CUDA_TOOLKIT_VERSION=13.0.2
if [ "$FULL" = 1 ]; then
    VENV="${VENV:-.venv-torch-gpu}"
    RECIPE="torch==$TORCH_VERSION (full)"
else
    VENV="${VENV:-.venv-torch}"
    RECIPE="torch==$TORCH_VERSION cuda-toolkit[cudart,cupti]==$CUDA_TOOLKIT_VERSION"
fi
STAMP="$VENV/.broadside-torch-stamp"

die() {
    echo "setup_torch: $*" >&2
    # The usual cause on a small machine: the disk (the wheel unpacks to about 2 GB at the
    # peak, 1.3 GB once installed). Say how much there is.
    echo "setup_torch: free space here and in ${TMPDIR:-/tmp}:" >&2
    df -h . "${TMPDIR:-/tmp}" >&2 || true
    exit 1
}

site_packages() {
    "$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])'
}

if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$RECIPE" ]; then
    echo "setup_torch: installing $RECIPE into $VENV ..." >&2
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV" || die "could not create a venv with $PYTHON"
    if [ "$FULL" = 1 ]; then
        "$VENV/bin/pip" install --quiet --no-cache-dir "torch==$TORCH_VERSION" >&2 ||
            die "could not install torch==$TORCH_VERSION"
    else
        "$VENV/bin/pip" install --quiet --no-cache-dir --no-deps "torch==$TORCH_VERSION" >&2 ||
            die "could not install torch==$TORCH_VERSION"
        "$VENV/bin/pip" install --quiet --no-cache-dir \
            "cuda-toolkit[cudart,cupti]==$CUDA_TOOLKIT_VERSION" >&2 ||
            die "could not install cuda-toolkit==$CUDA_TOOLKIT_VERSION"
    fi
    [ -f "$(site_packages)/torch/lib/libtorch_cpu.so" ] ||
        die "torch installed but $(site_packages)/torch/lib/libtorch_cpu.so is missing"
    echo "$RECIPE" >"$STAMP"
fi

LIBTORCH="$(site_packages)/torch"
[ -d "$LIBTORCH/lib" ] || die "$LIBTORCH/lib is missing; remove $VENV and run again"
echo "$LIBTORCH"
