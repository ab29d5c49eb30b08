#!/usr/bin/env bash
# Runs every cargo-fuzz target of fuzz/ for SECONDS each (default 600), after seeding its
# corpus from the built-in data. Needs the nightly toolchain (`rustup toolchain install
# nightly`); installs cargo-fuzz from crates.io when it is missing. The fuzz crate is not a
# workspace member: `cargo test --workspace` and CI never build it.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# Crashes land in fuzz/artifacts/TARGET/; a run's summary (executions, crashes) goes to
# fuzz/logs/TARGET.log. FUZZ_SANITIZER=address gives AddressSanitizer builds (slower; the
# crates forbid unsafe code, so the default is none). FUZZ_JOBS runs that many workers.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
SECONDS_EACH="${1:-600}"
shift || true
ALL_TARGETS=(apply_actions scenario_file saved_game agent_spec wsim_order checkpoint_meta)
if [ "$#" -gt 0 ]; then TARGETS=("$@"); else TARGETS=("${ALL_TARGETS[@]}"); fi
SANITIZER="${FUZZ_SANITIZER:-none}"
JOBS="${FUZZ_JOBS:-1}"

case "$SECONDS_EACH" in
  ''|*[!0-9]*) echo "error: SECONDS must be a whole number of seconds, got '$SECONDS_EACH'" >&2; exit 2 ;;
esac
if ! rustup toolchain list | grep -q '^nightly'; then
  echo "error: the nightly toolchain is needed: rustup toolchain install nightly" >&2
  exit 2
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "cargo-fuzz is missing: installing it from crates.io" >&2
  cargo install cargo-fuzz --locked
fi

# --- Seed corpora from the built-in data -------------------------------------------------
CORPUS="$ROOT/fuzz/corpus"
mkdir -p "$CORPUS"/{apply_actions,scenario_file,saved_game,agent_spec,wsim_order,checkpoint_meta}
for f in env/data/*/scenarios/*.toml; do
  r="${f#env/data/}"; cp "$f" "$CORPUS/scenario_file/${r%%/*}-$(basename "$f")"
done
# Saved games made by the binary: a few random games of each ruleset.
cargo build --release --locked -p broadside-training --bin broadside >&2
BIN="$ROOT/target/release/broadside"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
for ruleset in $("$BIN" rules --json | python3 -c 'import json,sys; print(" ".join(r["name"] for r in json.load(sys.stdin)["rulesets"]))'); do
  for seed in 1 2; do
    out="$CORPUS/saved_game/$ruleset-$seed.json"
    if [ ! -s "$out" ]; then
      "$BIN" play --ruleset "$ruleset" --auto --admiral random --seed "$seed" --no-color \
        --save "$TMP/$ruleset-$seed.json" </dev/null >/dev/null 2>&1 || true
      # The first 40 actions: a whole game is 50-200 KB, slow to parse on every run.
      if [ -s "$TMP/$ruleset-$seed.json" ]; then
        python3 -c 'import json,sys; v=json.load(open(sys.argv[1])); v["actions"]=v["actions"][:40]; open(sys.argv[2],"w").write(json.dumps(v))' \
          "$TMP/$ruleset-$seed.json" "$out"
      fi
    fi
  done
done
# Agent specs quoted in the docs.
grep -rhoE '`(random|bot|mcts|portfolio|net)(:[^` ]*)?`' README.md docs/*.md agents/src 2>/dev/null \
  | tr -d '`' | sort -u | head -200 | while IFS= read -r spec; do
    printf '%s' "$spec" > "$CORPUS/agent_spec/$(printf '%s' "$spec" | cksum | cut -d' ' -f1)"
  done
# Orders in the notation.
i=0
for order in "L1R2 hull fire>=2 load=any" "0" "- hold" "R3 rigging fire>=0 load=left" \
             "L1L1 unfoul=enemy" "2 hull fire>=8 load=right unfoul=remain" "LR1"; do
  printf '%s' "$order" > "$CORPUS/wsim_order/seed-$i"; i=$((i + 1))
done
# Action sequences: the start of each ruleset and scenario (the first byte picks the
# ruleset, modulo the number registered).
RULESETS="$("$BIN" rules --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["rulesets"]))')"
for r in $(seq 0 $((RULESETS - 1))); do for s in 0 1 2 3; do
  head -c 64 /dev/urandom | { printf "\\x$(printf %02x $r)\\x$(printf %02x $s)\\x01"; cat; } \
    > "$CORPUS/apply_actions/seed-$r-$s"
done; done
# A small checkpoint: an 8-byte header length, the JSON header, one F32 tensor.
python3 - "$CORPUS/checkpoint_meta/small.ckpt" <<'PY'
import json, struct, sys
meta = {"format": 1, "ruleset": "wsim", "ruleset_version": 1, "num_player_actions": 24,
        "entity_shape": [8, 16], "global_len": 10,
        "config": {"embed_dim": 8, "heads": 2, "hidden_dim": 8, "value_hidden": 4}, "step": 3}
header = {"__metadata__": {"broadside": json.dumps(meta)},
          "policy.weight": {"dtype": "F32", "shape": [2, 2], "data_offsets": [0, 16]}}
h = json.dumps(header).encode()
open(sys.argv[1], "wb").write(struct.pack("<Q", len(h)) + h + struct.pack("<4f", 1, 2, 3, 4))
PY

# --- Run ---------------------------------------------------------------------------------
mkdir -p fuzz/logs
cd fuzz
cargo +nightly fuzz build -O -s "$SANITIZER" >&2
PARALLEL=()
if [ "$JOBS" -gt 1 ]; then PARALLEL=(-jobs="$JOBS" -workers="$JOBS"); fi
status=0
for t in "${TARGETS[@]}"; do
  echo "== $t: ${SECONDS_EACH}s" >&2
  if cargo +nightly fuzz run -O -s "$SANITIZER" "$t" -- -max_total_time="$SECONDS_EACH" \
      "${PARALLEL[@]}" -rss_limit_mb=2048 -timeout=10 \
      -print_final_stats=1 >"logs/$t.log" 2>&1; then
    echo "   no crash" >&2
  else
    echo "   CRASH or error: see fuzz/logs/$t.log and fuzz/artifacts/$t/" >&2
    status=1
  fi
  grep -E '^(stat::number_of_executed_units|Done [0-9]+ runs)' "logs/$t.log" | tail -2 >&2 || true
done
exit $status
