#!/usr/bin/env bash
# Runs bench.py on a quiet machine from wheels carried in .bench-wheels/ (no network there):
# pinned to 2 cores (taskset), as the figures ask, with rayon told so.
set -euo pipefail
PY=$(command -v python3.11 || command -v python3)
echo "python: $PY $($PY --version 2>&1)"; nproc
$PY -m venv /tmp/bv
/tmp/bv/bin/pip install --quiet --no-index --find-links .bench-wheels broadside numpy gymnasium pettingzoo
/tmp/bv/bin/pip install --quiet --no-index --no-deps --find-links .bench-wheels open_spiel
cd /tmp
for run in 1 2; do
  for envs in 16 64; do
    RAYON_NUM_THREADS=2 taskset -c 0,1 /tmp/bv/bin/python "$OLDPWD/pybroadside/bench/bench.py" \
      --seconds "${SECONDS_PER_ROW:-3}" --envs "$envs" --json > "$OUT/bench-2cores-$envs-$run.json"
    cat "$OUT/bench-2cores-$envs-$run.json"
  done
done
