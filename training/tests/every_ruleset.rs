//! Every ruleset the registry lists gets every surface of the command without a line of its
//! own here: `rules`, `scenarios`, `play` (with a stand-in for the person and its own
//! screens), `replay` (text and JSON), `arena` and `bench`. A new ruleset is covered the
//! day it is registered.

use std::path::Path;
use std::process::{Command, Output, Stdio};

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

fn ok_json(dir: &Path, args: &[&str]) -> Value {
    let o = run_in(dir, args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "{args:?}: stdout is not JSON ({e}): {}",
            String::from_utf8_lossy(&o.stdout)
        )
    })
}

/// The names of the registered rulesets, from `broadside rules --json`.
fn rulesets(dir: &Path) -> Vec<String> {
    let v = ok_json(dir, &["rules", "--json"]);
    v["rulesets"]
        .as_array()
        .expect("a list of rulesets")
        .iter()
        .map(|r| r["name"].as_str().expect("a name").to_string())
        .collect()
}

#[test]
fn every_registered_ruleset_plays_replays_and_rates_every_scenario() {
    let dir = tempfile::tempdir().expect("temp dir");
    let dir = dir.path();
    let names = rulesets(dir);
    let registered: Vec<&str> = broadside_env::ruleset::rulesets()
        .iter()
        .map(|r| r.name)
        .collect();
    assert_eq!(names, registered);
    for ruleset in &names {
        let scenarios = ok_json(dir, &["scenarios", "--ruleset", ruleset, "--json"]);
        let scenarios = scenarios.as_array().expect("a list of scenarios");
        assert!(!scenarios.is_empty(), "{ruleset} has no scenario");
        for (k, s) in scenarios.iter().enumerate() {
            let id = s["id"].as_str().expect("an id");
            let save = format!("{ruleset}-{id}.json");
            let report = ok_json(
                dir,
                &[
                    "play",
                    "--ruleset",
                    ruleset,
                    "--scenario",
                    id,
                    "--auto",
                    "--admiral",
                    "random",
                    "--seed",
                    "3",
                    "--save",
                    &save,
                    "--json",
                ],
            );
            assert_eq!(report["stopped"], "finished", "{ruleset}/{id}: {report}");
            // One shape for every ruleset's report, as for its saved game.
            assert_eq!(
                report["ruleset"],
                ruleset.as_str(),
                "{ruleset}/{id}: {report}"
            );
            for key in [
                "finished",
                "winner",
                "winner_name",
                "reason",
                "sides",
                "turn",
            ] {
                assert!(
                    report["result"].get(key).is_some(),
                    "{ruleset}/{id}: no result.{key}: {report}"
                );
            }
            let actions = report["actions"].as_u64().expect("an action count") as usize;
            // Text replay ends with the result; JSON replay has one state per action + 1.
            let text = run_in(dir, &["replay", &save, "--no-color"]);
            assert!(text.status.success(), "{ruleset}/{id} replay");
            assert!(!text.stdout.is_empty());
            let states = ok_json(dir, &["replay", &save, "--json"]);
            assert_eq!(
                states.as_array().map(Vec::len),
                Some(actions + 1),
                "{ruleset}/{id}"
            );
            // One scenario per ruleset is enough for the arena and the bench.
            if k > 0 {
                continue;
            }
            let arena = ok_json(
                dir,
                &[
                    "arena",
                    "--ruleset",
                    ruleset,
                    "--scenario",
                    id,
                    "--agent",
                    "random",
                    "--agent",
                    "random:9",
                    "--pairs",
                    "1",
                    "--json",
                ],
            );
            assert_eq!(arena["ruleset"], ruleset.as_str(), "{arena}");
            let bench = ok_json(
                dir,
                &[
                    "bench",
                    "--ruleset",
                    ruleset,
                    "--seconds",
                    "0.1",
                    "--envs",
                    "4",
                    "--json",
                ],
            );
            assert!(bench["random_play"]["decisions"]
                .as_u64()
                .is_some_and(|d| d > 0));
        }
    }
}

/// `play --why` words the admiral's choices as a player reads orders (the notation, or the
/// order list's words), never as a bare catalogue name such as `move:L` or `fire:0>6`.
#[test]
fn the_admirals_reasons_name_orders_in_the_players_words() {
    let dir = tempfile::tempdir().expect("temp dir");
    let dir = dir.path();
    for ruleset in rulesets(dir) {
        let o = run_in(
            dir,
            &[
                "play",
                "--ruleset",
                &ruleset,
                "--auto",
                "--why",
                "--admiral",
                "mcts:sims=4",
                "--seed",
                "5",
                "--save",
                "why.json",
            ],
        );
        assert!(
            o.status.success(),
            "{ruleset}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let out = String::from_utf8_lossy(&o.stdout);
        let chosen: Vec<&str> = out
            .lines()
            .filter_map(|l| l.trim().strip_prefix("the admiral chose "))
            .collect();
        assert!(
            !chosen.is_empty(),
            "{ruleset}: no reasons in the log:\n{out}"
        );
        for c in chosen {
            assert!(
                c.contains(' '),
                "{ruleset}: `the admiral chose {c}` names a bare catalogue action"
            );
        }
        // The candidates below each choice are worded the same way: a ship by her name,
        // never `ship 6: move:L`.
        let candidates: Vec<&str> = out.lines().filter(|l| l.contains(" visits ")).collect();
        assert!(!candidates.is_empty(), "{ruleset}: no candidates:\n{out}");
        for c in candidates {
            let bare = c.split("ship ").skip(1).any(|rest| {
                let digits = rest.chars().take_while(char::is_ascii_digit).count();
                digits > 0 && rest[digits..].starts_with(':')
            });
            assert!(!bare, "{ruleset}: a candidate by index: {c}");
        }
        std::fs::remove_file(dir.join("why.json")).expect("the game was saved");
    }
}

/// `broadside play` of `ruleset`'s default scenario against `random` (seed 3) on a
/// terminal `columns` wide, with `script` typed in and the game saved to `save` in `dir`.
fn play_typed(dir: &Path, ruleset: &str, columns: usize, script: &str, save: &str) -> Output {
    use std::io::Write as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_broadside"))
        .args(["play", "--ruleset", ruleset, "--admiral", "random"])
        .args(["--seed", "3", "--save", save])
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("COLUMNS", columns.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the broadside binary runs");
    // The game may end before the script does: a closed pipe is not a failure.
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes());
    child.wait_with_output().expect("play ends")
}

/// Every screen of `play` fits an 80-column terminal: a person who types `help` and then
/// the first listed order at every prompt, through the default scenario of every ruleset,
/// never sees a line wider than 80 columns, and the board is not drawn again for each of
/// her sub-decisions. The first screen's height is printed (`--nocapture`) for the record.
#[test]
fn every_screen_of_every_ruleset_fits_eighty_columns() {
    let dir = tempfile::tempdir().expect("temp dir");
    let dir = dir.path();
    for ruleset in rulesets(dir) {
        let script = format!("help\n{}", "1\n".repeat(120));
        let o = play_typed(dir, &ruleset, 80, &script, "fit.json");
        assert!(
            o.status.success(),
            "{ruleset}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        // Input is not echoed: a prompt's line goes on with what follows it.
        let out = String::from_utf8_lossy(&o.stdout).replace("`quit`: ", "`quit`:\n");
        // A prompt's trailing space is kept even where the prompt is wrapped.
        assert!(
            !out.contains("`quit`:T"),
            "{ruleset}: a prompt lost its space"
        );
        let screens: Vec<&str> = out.split("`quit`:\n").collect();
        assert!(screens.len() > 20, "{ruleset}: too few prompts:\n{out}");
        for line in out.lines() {
            assert!(
                line.chars().count() <= 80,
                "{ruleset}: a line of {} columns: {line}",
                line.chars().count()
            );
        }
        let first = screens[0].lines().count();
        let drawn = out.matches("as drawn above").count();
        eprintln!(
            "{ruleset}: first screen {first} lines, {} prompts, the board not drawn again {drawn} times",
            screens.len() - 1
        );
        assert!(drawn > 0, "{ruleset}: the board is drawn at every prompt");
        std::fs::remove_file(dir.join("fit.json")).expect("the game was saved");
    }
}

/// `help` is written for any terminal width: a paragraph is one line, which `play`'s
/// writer fits to the terminal, and only a table's rows are broken by hand. A line broken
/// by hand in mid-sentence reads as ragged text once the writer wraps it again at 80
/// columns, so on a terminal too wide to wrap anything, every line of the help that is
/// wider than 80 columns must end where a paragraph or a table row does: the next line
/// starts a sentence (a capital letter) or a row (two spaces, then text).
#[test]
fn help_paragraphs_are_never_broken_in_mid_sentence() {
    // The width `play` wraps to when the terminal does not say.
    use broadside_training::wrap::DEFAULT_WIDTH;
    let dir = tempfile::tempdir().expect("temp dir");
    let dir = dir.path();
    for ruleset in rulesets(dir) {
        let o = play_typed(dir, &ruleset, 1000, "help\nquit\n", "help.json");
        assert!(o.status.success(), "{ruleset}");
        let out = String::from_utf8_lossy(&o.stdout);
        let help = out
            .split("`quit`: ")
            .nth(1)
            .unwrap_or_else(|| panic!("{ruleset}: no help after the first prompt:\n{out}"));
        assert!(help.contains("`list`"), "{ruleset}: no help:\n{help}");
        let lines: Vec<&str> = help.lines().collect();
        for pair in lines.windows(2) {
            let (line, next) = (pair[0], pair[1]);
            if line.chars().count() <= DEFAULT_WIDTH {
                continue;
            }
            let starts_sentence = next.starts_with(|c: char| c.is_uppercase());
            let starts_row = next.starts_with("  ") && !next[2..].starts_with(' ');
            assert!(
                next.is_empty() || starts_sentence || starts_row,
                "{ruleset}: a help line of {} columns broken in mid-sentence:\n{line}\n{next}",
                line.chars().count()
            );
        }
        std::fs::remove_file(dir.join("help.json")).expect("the game was saved");
    }
}
