//! The example bots of docs/bots.md (`examples/bots/gunner.py`, `examples/bots/gunner.rs`)
//! play every ruleset's default scenario to its end over the bot protocol: no forfeit (a
//! crash, a timeout, a malformed or illegal answer would be one), no game cut off.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

const RULESETS: [&str; 5] = ["wsim", "fsail", "poe", "oak", "togo"];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The Rust bot as `cargo test` or `cargo build --examples` builds it, beside the binary.
fn gunner_rs() -> PathBuf {
    let bin = Path::new(env!("CARGO_BIN_EXE_broadside"));
    let exe = bin.with_file_name("examples").join("gunner");
    assert!(
        exe.is_file(),
        "{} is missing: build it with `cargo build --workspace --exclude broadside-python \
         --examples` (scripts/test.sh does)",
        exe.display()
    );
    exe
}

/// One pair (sides swapped) of `bot` against `random` in `ruleset`; the arena's JSON.
fn pair_against_random(ruleset: &str, bot: &str) -> Value {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("arena.json");
    let run = Command::new(env!("CARGO_BIN_EXE_broadside"))
        .current_dir(repo())
        .args(["arena", "--ruleset", ruleset, "--pairs", "1", "--seed", "1"])
        .args(["--agent", bot, "--agent", "random", "--json-out"])
        .arg(&out)
        .output()
        .expect("broadside starts");
    assert!(
        run.status.success(),
        "{bot} in {ruleset}: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    serde_json::from_slice(&std::fs::read(&out).expect("the arena wrote its JSON"))
        .expect("the arena's JSON parses")
}

fn assert_plays_every_ruleset(bot: &str) {
    for ruleset in RULESETS {
        let report = pair_against_random(ruleset, bot);
        let games = report["games"].as_array().expect("games");
        assert_eq!(games.len(), 2, "{bot} in {ruleset}: one pair");
        for game in games {
            assert!(
                game.get("forfeit").is_none(),
                "{bot} forfeited in {ruleset}: {}",
                game["forfeit"]
            );
            assert_eq!(game["finished"], true, "{bot} in {ruleset}: cut off");
        }
        // The bot is the first entrant; it took part in every game's decisions.
        assert_eq!(report["standings"][0]["games"], 2, "{bot} in {ruleset}");
    }
}

#[test]
fn the_python_example_bot_plays_every_ruleset_to_the_end() {
    assert_plays_every_ruleset("cmd:time=60 python3 examples/bots/gunner.py");
}

/// The bot as `cargo test` builds it when no target is named (examples as programs, beside
/// the test binaries: scripts/test.sh runs it so); `--all-targets` or `--test example_bots`
/// alone leaves the program out, and the test then says how to build it.
#[test]
fn the_rust_example_bot_plays_every_ruleset_to_the_end() {
    let exe = gunner_rs();
    assert_plays_every_ruleset(&format!("cmd:time=60 {}", exe.display()));
}
