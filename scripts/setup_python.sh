#!/usr/bin/env bash
# Creates the cached venv of the Python package's tests (numpy, Gymnasium, PettingZoo,
# pytest, Ray, and maturin to build the package) and prints its path.
#
# Idempotent: a stamp file records the finished install's recipe, so an interrupted or
# outdated one is redone. Prints the venv's absolute path.
# Usage:  VENV="$(bash scripts/setup_python.sh)"
# Environment: PYTHON (interpreter for the venv, default python3), VENV (default .venv-python).
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
VENV="${VENV:-.venv-python}"
RECIPE="maturin==1.16.0 numpy>=1.26 gymnasium==1.4.0 pettingzoo==1.27.0 pytest>=8 ray==2.60.0"
STAMP="$VENV/.broadside-python-stamp"

if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$RECIPE" ]; then
    echo "setup_python: installing $RECIPE into $VENV ..." >&2
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV" || { echo "setup_python: could not create a venv with $PYTHON" >&2; exit 1; }
    # shellcheck disable=SC2086 # the recipe is a list of requirements
    "$VENV/bin/pip" install --quiet --no-cache-dir $RECIPE >&2 ||
        { echo "setup_python: could not install $RECIPE" >&2; exit 1; }
    echo "$RECIPE" >"$STAMP"
fi
# An absolute path, whatever VENV was given as.
(cd "$VENV" && pwd)
