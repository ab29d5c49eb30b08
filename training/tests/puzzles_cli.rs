//! `broadside puzzles`: mines a few saved games of every ruleset into a puzzle file that
//! reads back checked, each puzzle's game replayable by `broadside replay`; the shipped
//! puzzles replay too; bad inputs are refused with a clear error and no file.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use broadside_env::ruleset::{rulesets, scenario, GameOptions};
use broadside_env::savegame::SavedGame;
use broadside_env::{Game, Turn};
use broadside_training::puzzles::{shipped, PuzzleFile};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_broadside"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("the broadside binary runs")
}

/// A seeded random game of `ruleset`'s default scenario, cut after `n` actions.
fn random_game(ruleset: &str, default_scenario: &str, n: usize, seed: u64) -> SavedGame {
    let sc = scenario(ruleset, default_scenario).expect("built-in scenario");
    let options = GameOptions { resignation: false };
    let mut g = sc.new_game(&options);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut actions = Vec::new();
    while actions.len() < n && g.turn() != Turn::Terminal {
        let a = match g.turn() {
            Turn::Chance => g.chance_outcomes().sample(&mut rng),
            _ => {
                let legal: Vec<_> = g.legal_actions().iter().collect();
                legal[rng.random_range(0..legal.len())]
            }
        };
        g.apply(a).expect("legal");
        actions.push(a);
    }
    SavedGame::new(
        sc,
        options,
        vec!["random".into(), "random".into()],
        &actions,
    )
}

#[test]
fn puzzles_are_mined_from_every_rulesets_games_and_replay() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let games = dir.path().join("games");
    for r in rulesets() {
        let sub = games.join(r.name);
        std::fs::create_dir_all(&sub).expect("a folder");
        let g = random_game(r.name, r.default_scenario, 300, 3);
        std::fs::write(sub.join("game-00000.json"), g.to_json()).expect("written");
    }
    let out = dir.path().join("puzzles.json");
    let o = run_in(
        dir.path(),
        &[
            "puzzles",
            "games",
            "--out",
            "puzzles.json",
            "--time-ms",
            "4",
            "--per-game",
            "12",
            "--json",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let summary: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(summary["stats"]["games"], 5, "{summary}");
    assert_eq!(summary["stats"]["examined"], 60, "{summary}");
    let file = PuzzleFile::read(&out).expect("the puzzle file reads back checked");
    assert_eq!(Some(file.puzzles.len() as u64), summary["puzzles"].as_u64());
    // Every puzzle found, and every shipped one (at least one a ruleset), replays.
    let shipped = shipped::all().expect("the shipped puzzles check");
    for r in rulesets() {
        let p = shipped
            .iter()
            .find(|p| p.ruleset == r.name)
            .unwrap_or_else(|| panic!("{}: no shipped puzzle", r.name));
        assert!(p.solution.win - p.alternative.win >= 0.2 - 1e-9, "{}", p.id);
    }
    for (k, p) in file
        .puzzles
        .iter()
        .chain(shipped.iter().take(2))
        .enumerate()
    {
        let f = dir.path().join(format!("p{k}.json"));
        std::fs::write(&f, p.game.to_json()).expect("written");
        let o = run_in(
            dir.path(),
            &["replay", f.to_str().expect("utf-8"), "--json"],
        );
        assert!(
            o.status.success(),
            "{}: {}",
            p.id,
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

#[test]
fn bad_inputs_are_refused_with_a_clear_error() {
    let dir = tempfile::tempdir().expect("a temp dir");
    std::fs::write(dir.path().join("junk.json"), "{ not json").expect("written");
    std::fs::create_dir(dir.path().join("sub")).expect("a folder");
    for (args, says) in [
        (
            vec!["puzzles", "junk.json", "--out", "p.json"],
            "`junk.json` is not a saved game",
        ),
        (
            vec!["puzzles", "missing.json", "--out", "p.json"],
            "cannot read `missing.json`",
        ),
        (
            vec!["puzzles", ".", "--out", "p.json", "--time-ms", "0"],
            "--time-ms 0",
        ),
        (
            vec!["puzzles", "junk.json", "--out", "sub"],
            "it is a folder",
        ),
    ] {
        let o = run_in(dir.path(), &args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!dir.path().join("p.json").exists(), "{args:?}");
    }
}
