//! End-to-end tests of `broadside play` and `replay` for Pieces of Eight (the `poe`
//! ruleset): the binary run as a user would, with its screens, saves and JSON checked.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use broadside_env::poe::builtin_scenario;
use serde_json::Value;

const SCENARIOS: [&str; 3] = ["convoy-action", "warship-duel", "fog-and-shallows"];

/// Runs the binary in `dir` with `args`, feeding `stdin` (closed when `None`).
fn run_in(dir: &Path, args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_broadside"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the broadside binary starts");
    if let Some(text) = stdin {
        let mut pipe = child.stdin.take().expect("stdin is piped");
        pipe.write_all(text.as_bytes()).expect("write stdin");
    }
    child
        .wait_with_output()
        .expect("the broadside binary finishes")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("the file exists")).expect("JSON")
}

#[test]
fn auto_games_of_every_scenario_finish_save_and_replay() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (k, id) in SCENARIOS.iter().enumerate() {
        let save = format!("{id}.json");
        let seed = (k + 7).to_string();
        let o = run_in(
            dir.path(),
            &[
                "play",
                "--ruleset",
                "poe",
                "--scenario",
                id,
                "--auto",
                "--admiral",
                "random",
                "--seed",
                &seed,
                "--save",
                &save,
                "--no-color",
            ],
            None,
        );
        assert!(o.status.success(), "{id}: {}", stderr(&o));
        let out = stdout(&o);
        assert!(
            !out.contains('\u{1b}'),
            "{id}: colour escapes under --no-color"
        );
        assert!(out.contains("(Pieces of Eight)"), "{id}: {out}");
        // The convoy action runs its clock to 31 (four turns a side); the others to 21.
        let clock = builtin_scenario(id).expect("built-in").clock_length;
        assert!(
            out.contains(&format!("Battle clock 0 of {clock}")),
            "{id}: {out}"
        );
        assert!(out.contains("--- Turn 2 ---"), "{id}: {out}");
        assert!(out.contains(" acts: at "), "{id}: {out}");
        let result = out
            .lines()
            .find(|l| l.contains(" win on turn ") || l.starts_with("A draw on turn"))
            .unwrap_or_else(|| panic!("{id}: no result line:\n{out}"))
            .to_string();
        assert!(result.contains("Victory points:"), "{result}");
        assert!(out.contains("Game saved to"), "{id}: {out}");
        let saved = read_json(&dir.path().join(&save));
        let actions = saved["actions"].as_array().map_or(0, Vec::len);
        assert!(actions > 10, "{id}: {actions} actions");

        let r = run_in(dir.path(), &["replay", &save, "--no-color"], None);
        assert!(r.status.success(), "{id}: {}", stderr(&r));
        let text = stdout(&r);
        assert!(text.contains("Replay of"), "{id}: {text}");
        assert!(text.contains("--- Turn 1 ---"), "{id}: {text}");
        assert!(
            text.contains(&result),
            "{id}: the replay ends with the result\n{text}"
        );

        let j = run_in(dir.path(), &["replay", &save, "--json"], None);
        assert!(j.status.success(), "{id}: {}", stderr(&j));
        let states: Value = serde_json::from_slice(&j.stdout).expect("replay --json is JSON");
        let states = states.as_array().expect("an array of states");
        assert_eq!(states.len(), actions + 1, "{id}: one state per action + 1");
        assert_eq!(states[0]["index"], 0);
        assert!(states[0]["action"].is_null());
        assert_eq!(states[1]["index"], 1);
        assert!(states[1]["action"]["name"].is_string(), "{}", states[1]);
        let first_ship = &states[0]["ships"][0];
        assert!(first_ship["name"].is_string() && first_ship["hex"].is_array());
        let last = states.last().expect("a last state");
        assert_eq!(last["terminal"], true, "{id}");
        assert_eq!(last["result"]["finished"], true, "{id}");
        assert!(last["result"]["points"].is_array(), "{id}");
        assert!(
            states.iter().any(|s| s["events"]
                .as_array()
                .is_some_and(|e| e.iter().any(|l| l.as_str() == Some("--- Turn 2 ---")))),
            "{id}: the events carry the turn headers"
        );
    }
}

#[test]
fn typed_orders_by_number_and_name_errors_help_and_quit_saves() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Leave the wind (number 1), two bad orders, help, Capitana by name, her chart, quit.
    let script = "1\nship:99\nfire:0\nhelp\nship:3\nchart Revenge\nquit\n";
    let o = run_in(
        dir.path(),
        &[
            "play",
            "--ruleset",
            "poe",
            "--admiral",
            "random",
            "--seed",
            "4",
            "--save",
            "p.json",
            "--no-color",
        ],
        Some(script),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("==== Turn 1 — orders for the Convoy ===="),
        "{out}"
    );
    assert!(
        out.contains("1  wind:dice:0    leave the wind in the S"),
        "{out}"
    );
    assert!(out.contains("The Convoy leave the wind in the S."), "{out}");
    assert!(
        out.contains("error: cannot read `ship:99`: type an order's number"),
        "{out}"
    );
    assert!(
        // Refused with the rule that forbids it (`PoeGame::refusal`).
        out.contains("error: `fire:0` is not allowed now: she shoots only while she acts"),
        "{out}"
    );
    assert!(out.contains("Pieces of Eight (the sea fight)"), "{out}");
    assert!(
        out.contains("Capitana (D) acts: at (4,4) facing NE"),
        "{out}"
    );
    assert!(
        out.contains("Revenge (a) — Medium warship, of the Buccaneers"),
        "{out}"
    );
    assert!(out.contains("move:ahead     move ahead to (5,3)"), "{out}");
    assert!(out.contains("left unfinished on turn 1"), "{out}");
    let prompts = out.matches("Order (number 1").count();
    assert_eq!(prompts, 7, "one prompt per line of the script:\n{out}");
    let saved = read_json(&dir.path().join("p.json"));
    assert_eq!(saved["players"][0], "human");
    let names: Vec<&str> = saved["actions"]
        .as_array()
        .expect("actions")
        .iter()
        .filter_map(|a| a["name"].as_str())
        .collect();
    assert_eq!(names.first(), Some(&"wind:dice:0"), "{names:?}");
    assert!(names.contains(&"ship:3"), "{names:?}");
}

#[test]
fn control_characters_in_scenario_names_never_reach_the_terminal() {
    let dir = tempfile::tempdir().expect("temp dir");
    let scenario = r#"
id = "evil-names"
title = "Evil names"
description = "Ship names with terminal escapes."
source = "test"
sides = ["Navy", "Pirates"]
map = { cols = 15, rows = 9 }
wind_from = "N"
escape_corner = "NE"
ship = [
  { name = "Swal\u001b]0;owned\u0007low", side = 0, class = "medium-warship", col = 3, row = 4, facing = "SE" },
  { name = "Fortune\r\nX", side = 1, class = "medium-warship", col = 11, row = 4, facing = "SW" },
]
"#;
    std::fs::write(dir.path().join("evil.toml"), scenario).expect("write the scenario");
    let o = run_in(
        dir.path(),
        &[
            "play",
            "--ruleset",
            "poe",
            "--scenario",
            "evil.toml",
            "--auto",
            "--admiral",
            "random",
            "--seed",
            "2",
            "--save",
            "e.json",
            "--no-color",
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Swal?]0;owned?low"), "{out}");
    assert!(!out.contains('\u{1b}') && !out.contains('\u{7}') && !out.contains('\r'));
    let r = run_in(dir.path(), &["replay", "e.json"], None);
    assert!(r.status.success(), "{}", stderr(&r));
    let text = stdout(&r);
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{7}'),
        "{text}"
    );
}
