//! `broadside ladder`: a ladder is started, killed with SIGKILL in the middle of `run`,
//! resumed, and shown; every game finished before the kill is kept, the file stays
//! readable, and the resumed run plays on from there.

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn broadside(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_broadside"))
        .args(args)
        .output()
        .expect("broadside runs")
}

fn ok(args: &[&str]) -> String {
    let out = broadside(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).to_string()
}

fn lines(path: &Path) -> usize {
    std::fs::read_to_string(path)
        .map(|t| t.lines().count())
        .unwrap_or(0)
}

#[test]
fn a_ladder_killed_during_run_resumes_and_shows_its_table() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let d = dir.path().join("ladder");
    let d = d.to_str().expect("a path");
    ok(&[
        "ladder",
        d,
        "init",
        "--ruleset",
        "wsim",
        "--scenario",
        "frigate-duel",
    ]);
    for (name, spec) in [
        ("random", "random"),
        ("british", "bot:british"),
        ("french", "bot:french"),
    ] {
        ok(&["ladder", d, "add", name, spec]);
    }
    // A bad spec and a second entrant of the same name are refused.
    assert!(!broadside(&["ladder", d, "add", "x", "bot:nelson"])
        .status
        .success());
    assert!(!broadside(&["ladder", d, "add", "random", "random"])
        .status
        .success());
    let results = Path::new(d).join("results.jsonl");
    let mut run = Command::new(env!("CARGO_BIN_EXE_broadside"))
        .args([
            "ladder",
            d,
            "run",
            "--games",
            "100000",
            "--concurrency",
            "2",
        ])
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("run starts");
    let until = Instant::now() + Duration::from_secs(120);
    while lines(&results) < 6 && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    run.kill().expect("SIGKILL");
    run.wait().expect("reaped");
    let before = lines(&results);
    assert!(before >= 6, "{before} games before the kill");
    ok(&["ladder", d, "run", "--games", "4"]);
    let after = lines(&results);
    assert!(after >= before + 4, "{before} then {after}");
    let shown: serde_json::Value =
        serde_json::from_str(&ok(&["ladder", d, "show", "--json"])).expect("JSON");
    assert_eq!(shown["games"].as_u64(), Some(after as u64));
    assert_eq!(shown["anchor"], "random");
    let board = shown["leaderboard"].as_array().expect("a leaderboard");
    assert_eq!(board.len(), 3);
    let random = board
        .iter()
        .find(|r| r["name"] == "random")
        .expect("random");
    assert_eq!(random["elo"].as_f64(), Some(0.0));
    let md = ok(&["ladder", d, "show", "--markdown"]);
    assert!(
        md.contains("| rank | entrant |") && md.contains("| british |"),
        "{md}"
    );
}

#[test]
fn a_ladder_tells_its_bots_the_scenario() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let bot = dir.path().join("bot.py");
    std::fs::write(
        &bot,
        r#"import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "name": "s", "protocol": 1}), flush=True)
    elif msg["type"] == "start" and msg["scenario"] != "frigate-duel":
        sys.exit(4)
    elif msg["type"] == "decide":
        print(json.dumps({"type": "action", "action": msg["legal"][0]["index"]}), flush=True)
    elif msg["type"] == "end":
        break
"#,
    )
    .expect("written");
    let d = dir.path().join("ladder");
    let d = d.to_str().expect("a path");
    ok(&[
        "ladder",
        d,
        "init",
        "--ruleset",
        "wsim",
        "--scenario",
        "frigate-duel",
        "--max-decisions",
        "60",
    ]);
    ok(&["ladder", d, "add", "random", "random"]);
    ok(&[
        "ladder",
        d,
        "add",
        "bot",
        &format!("cmd:time=10 python3 {}", bot.display()),
    ]);
    ok(&["ladder", d, "run", "--games", "2"]);
    let results = std::fs::read_to_string(Path::new(d).join("results.jsonl")).expect("results");
    assert_eq!(results.lines().count(), 2, "{results}");
    assert!(!results.contains("forfeit"), "{results}");
}

#[test]
fn a_ladder_writes_the_same_results_whatever_its_concurrency() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut files = Vec::new();
    for concurrency in ["1", "2"] {
        let d = dir.path().join(format!("ladder-{concurrency}"));
        let d = d.to_str().expect("a path");
        ok(&["ladder", d, "init", "--ruleset", "poe", "--seed", "5"]);
        for (name, spec) in [("random", "random"), ("a", "random:2"), ("b", "random:3")] {
            ok(&["ladder", d, "add", name, spec]);
        }
        // Two batches and a part of one: the second is planned from the first's results.
        ok(&[
            "ladder",
            d,
            "run",
            "--games",
            "36",
            "--concurrency",
            concurrency,
        ]);
        files.push(std::fs::read_to_string(Path::new(d).join("results.jsonl")).expect("results"));
    }
    assert_eq!(files[0].lines().count(), 36);
    assert_eq!(files[0], files[1]);
}
