//! `broadside rules --tactics` and `broadside tactics` for every registered ruleset: the
//! tactics listed, a tiny restricted-play study as JSON, its files, and bad flags refused.

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
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{args:?}: not JSON ({e})"))
}

#[test]
fn every_ruleset_lists_its_tactics_and_weighs_them() {
    let dir = tempfile::tempdir().expect("temp dir");
    let dir = dir.path();
    let rules = ok_json(dir, &["rules", "--tactics", "--json"]);
    for r in rules["rulesets"].as_array().expect("rulesets") {
        let name = r["name"].as_str().expect("a name");
        let tactics = r["tactics"].as_array().expect("tactics");
        assert!(tactics.len() >= 6, "{name}");
        let args = [
            "tactics",
            "--ruleset",
            name,
            "--agent",
            "random",
            "--pairs",
            "1",
            "--max-decisions",
            "200",
            "--json",
        ];
        let study = ok_json(dir, &args);
        let rows = study["tactics"].as_array().expect("rows");
        assert_eq!(rows.len(), tactics.len(), "{name}");
        assert_eq!(study["games"], 2 * tactics.len(), "{name}");
        for (row, t) in rows.iter().zip(tactics) {
            assert_eq!(row["name"], t["name"], "{name}");
            assert_eq!(row["games"], 2, "{name}");
            assert!(row["elo_lost"].is_number() && row["ci95"].as_f64() > Some(0.0));
        }
        // The same seed gives the same study.
        assert_eq!(ok_json(dir, &args), study, "{name}");
    }
}

#[test]
fn the_report_and_chart_are_written_and_bad_flags_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let dir = dir.path();
    let o = run_in(
        dir,
        &[
            "tactics",
            "--ruleset",
            "togo",
            "--agent",
            "random",
            "--pairs",
            "1",
            "--max-decisions",
            "100",
            "--out",
            "study",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let table = String::from_utf8_lossy(&o.stdout);
    assert!(
        table.contains("crossing-the-t") && table.contains("ELO LOST"),
        "{table}"
    );
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("study/tactics.json")).unwrap())
            .unwrap();
    assert_eq!(json["ruleset"], "togo");
    let svg = std::fs::read_to_string(dir.join("study/tactics.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("ramming"), "{svg}");
    for (args, needle) in [
        (&["tactics", "--pairs", "0"][..], "--pairs"),
        (&["tactics", "--ruleset", "chess"][..], "chess"),
        (&["tactics", "--agent", "bot:nelson"][..], "nelson"),
    ] {
        let o = run_in(dir, args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            !o.status.success() && err.contains(needle),
            "{args:?}: {err}"
        );
    }
}
