#!/usr/bin/env bash
# The board of `broadside serve` in a real browser: Debian's Chromium and ChromeDriver (apt,
# installed here when missing) driven through WebDriver by selenium (PyPI, in a cached venv
# under target/). Plays, replays and analyses a game of every ruleset (scripts/browser_test.py)
# and keeps a screenshot of each ruleset's board in target/browser-artefacts/.
#
# Usage: scripts/browser_test.sh [BROADSIDE_BINARY]   (default target/debug/broadside, which
# `cargo test` builds; scripts/test.sh runs this right after it)
#        scripts/browser_test.sh --prepare   only installs the browser and selenium (no binary
# needed), so that scripts/test.sh can fetch them while cargo builds
set -euo pipefail
cd "$(dirname "$0")/.."
PREPARE_ONLY=0
if [ "${1:-}" = "--prepare" ]; then
    PREPARE_ONLY=1
else
    BIN="${1:-target/debug/broadside}"
    if [ ! -x "$BIN" ]; then
        echo "no broadside binary at $BIN: run cargo test (or cargo build) first" >&2
        exit 1
    fi
fi
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    if [ "$(id -u)" != 0 ]; then
        echo "the browser test needs Debian's chromium and chromium-driver: apt-get install chromium chromium-driver (as root)" >&2
        exit 1
    fi
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi
VENV="${BROWSER_VENV:-target/venv-browser}"
STAMP="$VENV/.broadside-selenium-4"
if [ ! -f "$STAMP" ]; then
    rm -rf "$VENV"
    "${PYTHON:-python3}" -m venv "$VENV"
    "$VENV/bin/pip" install -q "selenium>=4.20,<5"
    touch "$STAMP"
fi
[ "$PREPARE_ONLY" = 1 ] && exit 0
"$VENV/bin/python" scripts/browser_test.py "$BIN" target/browser-artefacts
