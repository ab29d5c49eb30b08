//! End-to-end tests of the `broadside` binary: every command run as a user would, with
//! JSON outputs parsed and error paths checked for plain-words messages (never a panic).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

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
        // Dropping the pipe closes stdin, so the binary sees the end of input after the script.
    }
    child
        .wait_with_output()
        .expect("the broadside binary finishes")
}

fn run(args: &[&str]) -> Output {
    let dir = tempfile::tempdir().expect("temp dir");
    run_in(dir.path(), args, None)
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// `text` with the screens' line wrapping undone (every run of spaces and line breaks one
/// space), so a phrase is found wherever the terminal's width broke it.
fn unwrapped(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", stdout(o)))
}

/// A failed run: non-zero exit, an `error:` line on stderr containing `needle`, no panic.
fn assert_clean_failure(o: &Output, needle: &str) {
    let err = stderr(o);
    assert!(
        !o.status.success(),
        "expected failure, got success: {}",
        stdout(o)
    );
    assert!(err.starts_with("error: "), "stderr: {err}");
    assert!(err.contains(needle), "stderr lacks `{needle}`: {err}");
    assert!(!err.contains("panicked"), "stderr: {err}");
}

#[test]
fn rules_json_lists_wsim_with_its_catalogue() {
    let o = run(&["rules", "--json", "--actions"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    let wsim = &v["rulesets"][0];
    assert_eq!(wsim["name"], "wsim");
    assert_eq!(wsim["default_scenario"], "squadron-battle");
    let n = wsim["num_actions"].as_u64().expect("num_actions");
    assert_eq!(wsim["actions"].as_array().map(|a| a.len() as u64), Some(n));
    assert_eq!(wsim["actions"][0]["name"], "move:L");

    let plain = run(&["rules"]);
    assert!(plain.status.success());
    assert!(stdout(&plain).contains("wsim"));
}

#[test]
fn scenarios_json_lists_the_six_scenarios() {
    let o = run(&["scenarios", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    let list = v.as_array().expect("an array");
    assert_eq!(list.len(), 6);
    let ids: Vec<&str> = list.iter().filter_map(|s| s["id"].as_str()).collect();
    for id in [
        "squadron-battle",
        "frigate-duel",
        "three-vs-three",
        "ranger-vs-drake",
        "flamborough-head",
        "arbuthnot-des-touches",
    ] {
        assert!(ids.contains(&id), "{id} missing from {ids:?}");
    }
    let duel = list
        .iter()
        .find(|s| s["id"] == "frigate-duel")
        .expect("frigate-duel");
    assert_eq!(duel["ships_per_side"], serde_json::json!([1, 1]));
    assert_eq!(list[0]["default"], true);
}

#[test]
fn an_auto_game_saves_and_replays_to_a_terminal_state() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save = dir.path().join("auto.json");
    let save_s = save.to_str().expect("utf-8 path");
    let o = run_in(
        dir.path(),
        &[
            "play",
            "--auto",
            "--seed",
            "3",
            "--scenario",
            "frigate-duel",
            "--save",
            save_s,
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Seed 3"), "{out}");
    assert!(out.contains("Game saved to"), "{out}");
    assert!(save.exists());

    let r = run_in(dir.path(), &["replay", save_s, "--json"], None);
    assert!(r.status.success(), "{}", stderr(&r));
    let states = json(&r);
    let states = states.as_array().expect("an array of states");
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&save).expect("read save"))
        .expect("save is JSON");
    let n_actions = saved["actions"]
        .as_array()
        .map(|a| a.len())
        .expect("actions");
    assert_eq!(states.len(), n_actions + 1);
    let last = states.last().expect("a state");
    // --auto plays to the end, so the record ends at a terminal state with a result.
    assert_eq!(last["terminal"], true);
    assert_eq!(last["result"]["finished"], true);
    assert_eq!(last["ships"][0]["name"], "Constitution");
    assert!(last["ships"][0]["bow"]
        .as_array()
        .is_some_and(|b| b.len() == 2));

    let text = run_in(dir.path(), &["replay", save_s], None);
    assert!(text.status.success());
    assert!(stdout(&text).contains("--- Turn 2 ---"));
}

#[test]
fn auto_play_of_the_default_scenario_writes_the_default_save_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let o = run_in(
        dir.path(),
        // A doctrine as the admiral: the default one's search made this test take 50 s.
        &[
            "play",
            "--auto",
            "--seed",
            "3",
            "--admiral",
            "bot:british",
            "--json",
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["stopped"], "finished");
    assert_eq!(v["scenario"], "squadron-battle");
    assert!(dir.path().join("broadside-game-1.json").exists());
    assert!(stderr(&o).contains("broadside-game-1.json"));
    // A second game never replaces the first: it takes the next number.
    let first = std::fs::read(dir.path().join("broadside-game-1.json")).expect("first save");
    let again = run_in(
        dir.path(),
        &["play", "--scenario", "frigate-duel", "--json"],
        Some("quit\n"),
    );
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(json(&again)["saved_to"]
        .as_str()
        .is_some_and(|p| p.ends_with("broadside-game-2.json")));
    assert_eq!(
        std::fs::read(dir.path().join("broadside-game-1.json")).expect("first save"),
        first
    );
}

#[test]
fn a_level_picks_the_portfolio_search_for_squadrons_and_the_tree_search_for_a_duel() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (ruleset, scenario, family) in [
        ("wsim", "squadron-battle", "portfolio:model=british"),
        ("wsim", "frigate-duel", "mcts:"),
        ("fsail", "fleet-action", "portfolio:model=rake-seeker"),
        ("fsail", "frigate-duel", "mcts:"),
        (
            "oak",
            "engagement",
            "portfolio:bots=raking+line-of-battle+cautious-gunnery,model=raking",
        ),
        ("oak", "duel", "mcts:"),
        (
            "togo",
            "squadron-action",
            "portfolio:bots=rammers+line-ahead-gunnery,model=rammers",
        ),
    ] {
        let o = run_in(
            dir.path(),
            &[
                "play",
                "--ruleset",
                ruleset,
                "--scenario",
                scenario,
                "--level",
                "hard",
                "--json",
            ],
            Some("quit\n"),
        );
        assert!(o.status.success(), "{}", stderr(&o));
        let v = json(&o);
        assert_eq!(v["stopped"], "quit");
        let admiral = v["players"][1].as_str().expect("the admiral's spec");
        assert!(admiral.starts_with(family), "{scenario}: {admiral}");
        assert!(admiral.contains("time=1000"), "{scenario}: {admiral}");
        if scenario == "squadron-battle" {
            assert!(admiral.contains("orders=true"), "the order tree: {admiral}");
        }
    }
}

#[test]
fn scripted_orders_reprompt_after_an_invalid_order_and_quit_saves() {
    let dir = tempfile::tempdir().expect("temp dir");
    let script = "L1X\nmove 9\n9\nchart guerriere\nL1 rigging fire>=3 load=left\nquit\n";
    let o = run_in(
        dir.path(),
        &["play", "--scenario", "frigate-duel", "--save", "g.json"],
        Some(script),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let prompt = "Orders for Constitution (e.g. L1R2 hull) or number 1-";
    // One prompt per line of the script: the bad orders and the chart ask again.
    assert_eq!(out.matches(prompt).count(), 6, "{out}");
    // Digits alone are a number of the list, never a movement.
    assert!(out.contains("error: there is no order number 9"), "{out}");
    assert!(out.contains("error: cannot read `L1X`"), "{out}");
    assert!(
        out.contains("error: the movement `9` is not allowed"),
        "{out}"
    );
    assert!(out.contains("Guerriere — British"), "{out}");
    assert!(out.contains("Constitution moved L1"), "{out}");
    assert!(out.contains("==== Turn 2"), "{out}");
    assert!(out.contains("left unfinished"), "{out}");
    let saved: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("g.json")).expect("saved"))
            .expect("JSON");
    assert!(saved["actions"].as_array().is_some_and(|a| !a.is_empty()));
    assert_eq!(saved["players"][0], "human");
}

#[test]
fn closing_stdin_mid_game_saves_and_exits_cleanly() {
    let dir = tempfile::tempdir().expect("temp dir");
    let o = run_in(
        dir.path(),
        &["play", "--scenario", "frigate-duel"],
        // `-` keeps the ship where she is (`0` alone would be a number of the order list).
        Some("-\n"),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("Input closed"));
    let r = run_in(
        dir.path(),
        &["replay", "broadside-game-1.json", "--json"],
        None,
    );
    assert!(r.status.success(), "{}", stderr(&r));
    let states = json(&r);
    let last = states
        .as_array()
        .and_then(|a| a.last())
        .expect("a state")
        .clone();
    assert_eq!(last["terminal"], false);
    assert_eq!(last["turn"], 2);
}

#[test]
fn a_byte_that_is_not_utf8_is_an_order_asked_again_and_the_game_is_saved() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_broadside"))
        .args(["play", "--scenario", "frigate-duel", "--save", "p.json"])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the broadside binary starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(b"\xff\xfe\n")
        .expect("write stdin");
    let o = child.wait_with_output().expect("finishes");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("Input closed"), "{}", stdout(&o));
    assert!(dir.path().join("p.json").is_file(), "the game is saved");
}

#[test]
fn replay_reports_bad_files_in_plain_words() {
    let dir = tempfile::tempdir().expect("temp dir");
    let missing = run_in(dir.path(), &["replay", "nowhere.json"], None);
    assert_clean_failure(&missing, "cannot read the saved game `nowhere.json`");

    std::fs::write(dir.path().join("bad.json"), "{ this is not json").expect("write");
    let bad = run_in(dir.path(), &["replay", "bad.json"], None);
    assert_clean_failure(&bad, "not a saved game");

    let o = run_in(
        dir.path(),
        &[
            "play",
            "--auto",
            "--seed",
            "5",
            "--scenario",
            "ranger-vs-drake",
            "--save",
            "good.json",
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(dir.path().join("good.json")).expect("read");
    let mut v: Value = serde_json::from_str(&text).expect("JSON");
    v["ruleset_version"] = Value::from(999);
    std::fs::write(dir.path().join("old.json"), v.to_string()).expect("write");
    let old = run_in(dir.path(), &["replay", "old.json"], None);
    assert_clean_failure(&old, "version 999");

    let mut v: Value = serde_json::from_str(&text).expect("JSON");
    v["actions"][0]["index"] = Value::from(61);
    std::fs::write(dir.path().join("forged.json"), v.to_string()).expect("write");
    let forged = run_in(dir.path(), &["replay", "forged.json"], None);
    assert_clean_failure(&forged, "actions[0]");
}

#[test]
fn bench_json_reports_throughput() {
    let o = run(&[
        "bench",
        "--seconds",
        "0.2",
        "--json",
        "--scenario",
        "frigate-duel",
        "--envs",
        "8",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    assert!(
        v["random_play"]["decisions"]
            .as_u64()
            .is_some_and(|d| d > 0),
        "{v}"
    );
    assert!(v["random_play"]["decisions_per_sec"]
        .as_f64()
        .is_some_and(|d| d > 0.0));
    assert!(v["clone_ns_median"].as_f64().is_some_and(|d| d > 0.0));
    assert!(v["state_size_bytes"].as_u64().is_some_and(|d| d > 0));
    assert_eq!(v["vec_env"]["runs"].as_array().map(Vec::len), Some(2));
    assert_clean_failure(&run(&["bench", "--seconds", "0"]), "--seconds");
}

#[test]
fn unknown_names_are_errors_that_list_the_known_ones() {
    let o = run(&["play", "--scenario", "trafalgar"]);
    assert_clean_failure(&o, "unknown scenario `trafalgar`");
    assert!(stderr(&o).contains("frigate-duel"));

    let o = run(&["scenarios", "--ruleset", "chess"]);
    assert_clean_failure(&o, "unknown ruleset `chess`");
    assert!(stderr(&o).contains("wsim"));

    let o = run(&["play", "--admiral", "nelson"]);
    assert_clean_failure(&o, "unknown admiral `nelson`");
    assert!(stderr(&o).contains("random"));

    let o = run(&["play", "--save", "no/such/folder/game.json"]);
    assert_clean_failure(&o, "does not exist");

    let o = run(&["play", "--scenario", "missing-file.toml"]);
    assert_clean_failure(&o, "missing-file.toml");
}

#[test]
fn arena_refuses_an_unwritable_output_before_playing_a_game() {
    // A hundred thousand game pairs would run for hours: the refusal must come first.
    for flag in ["--json-out", "--csv-out"] {
        let o = run(&[
            "arena",
            "--agent",
            "random",
            "--agent",
            "random",
            "--pairs",
            "100000",
            flag,
            "no/such/folder/out.txt",
        ]);
        assert_clean_failure(&o, flag);
        assert!(stderr(&o).contains("does not exist"), "{}", stderr(&o));
    }
}

#[test]
fn an_auto_fsail_game_saves_and_replays_as_json_and_text() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save = dir.path().join("fsail.json");
    let save_s = save.to_str().expect("utf-8 path");
    let o = run_in(
        dir.path(),
        &[
            "play",
            "--ruleset",
            "fsail",
            "--auto",
            "--seed",
            "3",
            "--save",
            save_s,
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Seed 3"), "{out}");
    assert!(out.contains("(Fighting Sail)"), "{out}");
    assert!(out.contains("Wind from the N blowing S"), "{out}");
    assert!(out.contains("Fleet morale: British"), "{out}");
    assert!(out.contains("Initiative: the"), "{out}");
    assert!(out.contains("sailing dice at"), "{out}");
    assert!(out.contains("broadside at"), "{out}");
    assert!(out.contains("Game saved to"), "{out}");
    assert!(!out.contains("no terminal view"), "{out}");

    let r = run_in(dir.path(), &["replay", save_s, "--json"], None);
    assert!(r.status.success(), "{}", stderr(&r));
    let states = json(&r);
    let states = states.as_array().expect("an array of states");
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&save).expect("read save"))
        .expect("save is JSON");
    assert_eq!(saved["ruleset"], "fsail");
    let n_actions = saved["actions"]
        .as_array()
        .map(|a| a.len())
        .expect("actions");
    assert_eq!(states.len(), n_actions + 1);
    let first = &states[0];
    assert_eq!(first["ships"][0]["name"], "Victory");
    assert_eq!(first["ships"][0]["letter"], "A");
    assert_eq!(first["ships"][0]["position"], serde_json::json!([5.0, 8.0]));
    assert_eq!(first["wind_from"], "N");
    let last = states.last().expect("a state");
    assert_eq!(last["terminal"], true);
    assert_eq!(last["result"]["finished"], true);
    assert!(states
        .iter()
        .any(|s| s["events"].as_array().is_some_and(|e| e
            .iter()
            .any(|l| l.as_str().is_some_and(|l| l.contains("Hull"))))));

    let text = run_in(dir.path(), &["replay", save_s], None);
    assert!(text.status.success(), "{}", stderr(&text));
    let t = unwrapped(&stdout(&text));
    assert!(
        t.contains("(Fighting Sail)") && t.contains("--- Turn 2 ---"),
        "{t}"
    );
    assert!(t.contains("Fleet morale:"), "{t}");
}

#[test]
fn scripted_fsail_orders_reprompt_after_invalid_input_and_quit_saves() {
    let dir = tempfile::tempdir().expect("temp dir");
    let script = "full sail\n1\nquit\n";
    let o = run_in(
        dir.path(),
        &[
            "play",
            "--ruleset",
            "fsail",
            "--scenario",
            "frigate-duel",
            "--save",
            "g.json",
        ],
        Some(script),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    // The first decision of the American side is always picking its only ship to sail.
    assert!(
        out.contains("    1  ship:0         sail Constitution (A)"),
        "{out}"
    );
    assert!(out.contains("error: cannot read `full sail`"), "{out}");
    // One prompt per line of the script: the invalid line asks again.
    assert_eq!(out.matches("Order (number 1").count(), 3, "{out}");
    assert!(
        unwrapped(&out).contains("Constitution (A) rolls 5 sailing dice"),
        "{out}"
    );
    assert!(out.contains("sail:end"), "{out}");
    assert!(unwrapped(&out).contains("left unfinished"), "{out}");
    assert!(
        unwrapped(&out).contains("the admiral is portfolio:model=rake-seeker"),
        "{out}"
    );
    let saved: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("g.json")).expect("saved"))
            .expect("JSON");
    assert_eq!(saved["players"][0], "human");
    let names: Vec<&str> = saved["actions"]
        .as_array()
        .expect("actions")
        .iter()
        .filter_map(|a| a["name"].as_str())
        .collect();
    // The refused line changed nothing: the record ends with the human's only decision,
    // `ship:0`, and her sailing dice; then `quit` left at the spending prompt.
    let n = names.len();
    assert!(n >= 2 && names[n - 2] == "ship:0", "{names:?}");
    assert!(names[n - 1].starts_with("roll:"), "{names:?}");
    let replay = run_in(dir.path(), &["replay", "g.json", "--json"], None);
    assert!(replay.status.success(), "{}", stderr(&replay));
    assert!(json(&replay)
        .as_array()
        .is_some_and(|a| a.len() == names.len() + 1));
}

#[test]
fn fsail_plays_its_own_doctrines_and_lists_its_scenarios() {
    let dir = tempfile::tempdir().expect("temp dir");
    let o = run_in(
        dir.path(),
        &[
            "play",
            "--ruleset",
            "fsail",
            "--scenario",
            "frigate-duel",
            "--admiral",
            "bot:british",
            "--auto",
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("bot:british"), "{}", stdout(&o));
    let o = run(&["scenarios", "--ruleset", "fsail", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    let duel = v
        .as_array()
        .and_then(|l| l.iter().find(|s| s["id"] == "frigate-duel"))
        .expect("frigate-duel")
        .clone();
    assert_eq!(duel["ships_per_side"], serde_json::json!([1, 1]));
}

#[test]
fn bench_of_fsail_reports_the_fsail_state_size() {
    let args = |ruleset: &'static str| {
        vec![
            "bench",
            "--ruleset",
            ruleset,
            "--seconds",
            "0.2",
            "--json",
            "--envs",
            "8",
        ]
    };
    let o = run(&args("fsail"));
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["ruleset"], "fsail");
    assert!(
        v["random_play"]["decisions"]
            .as_u64()
            .is_some_and(|d| d > 0),
        "{v}"
    );
    let fsail_size = v["state_size_bytes"].as_u64().expect("state size");
    let w = json(&run(&args("wsim")));
    let wsim_size = w["state_size_bytes"].as_u64().expect("state size");
    assert!(
        fsail_size > 0 && fsail_size != wsim_size,
        "{fsail_size} {wsim_size}"
    );
    assert!(fsail_size <= v["any_game_size_bytes"].as_u64().expect("enum size"));
}

#[test]
fn arena_records_every_game_as_a_replayable_saved_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let records = dir.path().join("records");
    let records_arg = records.to_str().expect("utf-8 path");
    let o = run(&[
        "arena",
        "--scenario",
        "frigate-duel",
        "--agent",
        "random",
        "--agent",
        "bot:british",
        "--pairs",
        "1",
        "--records",
        records_arg,
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let report = json(&o);
    assert_eq!(report["agents"].as_array().map(|a| a.len()), Some(2));
    let files: Vec<_> = std::fs::read_dir(&records)
        .expect("records folder")
        .collect();
    assert_eq!(files.len(), 2, "one file per game (one pair = two games)");
    let first = records.join("game-00000.json");
    let r = run(&["replay", first.to_str().expect("utf-8 path"), "--json"]);
    assert!(r.status.success(), "{}", stderr(&r));
    assert!(json(&r).as_array().is_some_and(|states| states.len() > 1));

    // A second run into the same folder would overwrite these records: it is refused.
    let kept = std::fs::read(&first).expect("read");
    let again = run(&[
        "arena",
        "--agent",
        "random",
        "--agent",
        "random",
        "--pairs",
        "1",
        "--records",
        records_arg,
    ]);
    assert_clean_failure(&again, "already holds saved games");
    assert_eq!(std::fs::read(&first).expect("read"), kept);

    // A file, or a link to nothing, where the folder should be is refused in plain words.
    let file = dir.path().join("a-file");
    std::fs::write(&file, "keep me").expect("write");
    let dangling = dir.path().join("dangling");
    std::os::unix::fs::symlink(dir.path().join("nowhere"), &dangling).expect("symlink");
    for (path, says) in [
        (&file, "is not a folder"),
        (&dangling, "symbolic link to nothing"),
    ] {
        let o = run(&[
            "arena",
            "--agent",
            "random",
            "--agent",
            "random",
            "--pairs",
            "1",
            "--records",
            path.to_str().expect("utf-8 path"),
        ]);
        assert_clean_failure(&o, says);
    }
    assert_eq!(std::fs::read(&file).expect("read"), b"keep me");
}

#[test]
fn arena_csv_holds_the_json_games_row_for_row() {
    // A search's spec holds commas, so the CSV must quote it for a reader to split it right.
    let dir = tempfile::tempdir().expect("temp dir");
    let (json_path, csv_path) = (dir.path().join("games.json"), dir.path().join("games.csv"));
    let o = run(&[
        "arena",
        "--scenario",
        "frigate-duel",
        "--agent",
        "random",
        "--agent",
        "mcts:sims=8,eval=rollout:bot:british",
        "--pairs",
        "2",
        "--max-decisions",
        "60",
        "--json-out",
        json_path.to_str().expect("utf-8 path"),
        "--csv-out",
        csv_path.to_str().expect("utf-8 path"),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&json_path).expect("json file")).expect("json");
    let names: Vec<&str> = report["agents"]
        .as_array()
        .expect("agents")
        .iter()
        .map(|a| a.as_str().expect("agent name"))
        .collect();
    assert!(
        names
            .iter()
            .any(|n| n.starts_with("mcts:") && n.contains(',')),
        "{names:?}"
    );
    let games = report["games"].as_array().expect("games");
    assert_eq!(games.len(), 4);

    let mut reader = csv::Reader::from_path(&csv_path).expect("csv file");
    let header: Vec<String> = reader
        .headers()
        .expect("header")
        .iter()
        .map(String::from)
        .collect();
    let expected_header = [
        "index",
        "side0",
        "side1",
        "return0",
        "return1",
        "finished",
        "decisions",
        "scenario_seed",
        "chance_seed",
    ];
    assert_eq!(header, expected_header);
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("row")).collect();
    assert_eq!(rows.len(), games.len());
    for (row, game) in rows.iter().zip(games) {
        assert_eq!(row.len(), header.len(), "{row:?}");
        let field = |k: &str| &row[header.iter().position(|h| h == k).expect("column")];
        let side = |s: usize| names[game["sides"][s].as_u64().expect("side") as usize];
        assert_eq!(field("index"), game["index"].to_string());
        assert_eq!((field("side0"), field("side1")), (side(0), side(1)));
        for (k, j) in [("return0", 0), ("return1", 1)] {
            let v: f64 = field(k).parse().expect("a number");
            assert_eq!(v, game["returns"][j].as_f64().expect("return"));
        }
        assert_eq!(field("finished"), game["finished"].to_string());
        for k in ["decisions", "scenario_seed", "chance_seed"] {
            assert_eq!(field(k), game[k].to_string(), "{k}");
        }
    }
}

#[test]
fn arena_refuses_meaningless_sprt_settings_before_playing_a_game() {
    // Each of these used to play up to thousands of games and end `llr NaN ... Continue`.
    for (flags, needle) in [
        (&["--elo0", "nan"][..], "--elo0"),
        (&["--elo1", "inf"][..], "--elo1"),
        (&["--elo0", "50", "--elo1", "50"][..], "--elo1"),
        (&["--elo0", "100", "--elo1", "0"][..], "below --elo1"),
        (&["--max-pairs", "0"][..], "--max-pairs"),
        (&["--alpha", "0"][..], "--alpha"),
        (&["--alpha", "nan"][..], "--alpha"),
        (&["--beta", "0.5"][..], "--beta"),
    ] {
        let mut args = vec![
            "arena",
            "--agent",
            "random",
            "--agent",
            "random",
            "--sprt",
            "--max-pairs",
            "100000",
        ];
        args.extend_from_slice(flags);
        let o = run(&args);
        assert_clean_failure(&o, needle);
    }
}

#[test]
fn arena_sprt_reports_its_decision_in_words() {
    let args = [
        "arena",
        "--scenario",
        "frigate-duel",
        "--agent",
        "bot:british",
        "--agent",
        "random",
        "--sprt",
        "--max-pairs",
        "1",
    ];
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("undecided after 1 pair"), "{out}");
    assert!(!out.contains("Continue"), "a Rust enum name: {out}");
    assert!(out.contains("alpha 0.05, beta 0.05"), "{out}");
    assert!(out.contains("likelihood of superiority"), "{out}");
    let mut with_json = args.to_vec();
    with_json.extend(["--json", "--alpha", "0.1", "--beta", "0.2"]);
    let o = run(&with_json);
    assert!(o.status.success(), "{}", stderr(&o));
    let report = json(&o);
    let sprt = &report["sprt"];
    assert_eq!(sprt["decision"], "undecided", "{report}");
    assert_eq!(sprt["pairs"], 1, "{report}");
    assert_eq!(
        (sprt["alpha"].as_f64(), sprt["beta"].as_f64()),
        (Some(0.1), Some(0.2))
    );
    // Wald's bounds for the error rates given.
    let bound = |i: usize| sprt["bounds"][i].as_f64().unwrap();
    assert!((bound(0) - (0.2f64 / 0.9).ln()).abs() < 1e-9, "{sprt}");
    assert!((bound(1) - (0.8f64 / 0.1).ln()).abs() < 1e-9, "{sprt}");
    let los = sprt["los"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&los), "{sprt}");
}

#[test]
fn arena_ratings_name_their_agents_print_zero_plainly_and_split_results_by_side() {
    // One decision a game: every game is cut as a draw, so both ratings are exactly even.
    let args = [
        "arena",
        "--agent",
        "random",
        "--agent",
        "bot:best",
        "--pairs",
        "2",
        "--max-decisions",
        "1",
    ];
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let o = run(&with_json);
    assert!(o.status.success(), "{}", stderr(&o));
    let report = json(&o);
    for (i, agent) in ["random", "bot:best"].into_iter().enumerate() {
        let rating = &report["ratings"][i];
        assert_eq!(rating["agent"], agent, "{report}");
        assert_eq!(rating["elo"].to_string(), "0", "{report}");
        let standing = &report["standings"][i];
        assert_eq!(standing["agent"], agent, "{report}");
        for side in 0..2 {
            let r = &standing["by_side"][side];
            assert_eq!(
                (r["games"].as_u64(), r["draws"].as_u64()),
                (Some(2), Some(2))
            );
        }
    }
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let row = out
        .lines()
        .find(|l| l.contains("bot:best"))
        .unwrap_or_else(|| panic!("{out}"));
    let cells: Vec<&str> = row.split_whitespace().collect();
    // rank, agent, elo, ...: a zero with neither sign nor exponent.
    assert_eq!(cells[2], "0", "{out}");
    assert_eq!(cells[cells.len() - 2..], ["0-2-0", "0-2-0"], "{out}");
}

#[test]
fn train_refuses_bad_config_numbers_and_names_in_plain_words() {
    for (set, needle) in [
        ("train.learning_rate=nan", "train.learning_rate"),
        ("selfplay.dirichlet_alpha=nan", "selfplay.dirichlet_alpha"),
        ("selfplay.c_puct=-1", "selfplay.c_puct"),
        ("max_minutes=1e300", "max_minutes"),
        ("eval.promote_score=2", "eval.promote_score"),
        ("ruleset=chess", "unknown ruleset `chess`"),
        (
            "scenario=trafalgar-at-night",
            "unknown scenario `trafalgar-at-night`",
        ),
    ] {
        let o = run(&["train", "--set", set]);
        assert_clean_failure(&o, needle);
        assert!(!stderr(&o).contains("torch"), "{set}: {}", stderr(&o));
    }
}

#[test]
fn arena_agent_spec_errors_say_what_is_wrong() {
    for (spec, needle) in [
        ("mcts:sims", "`sims` needs a value (sims=N)"),
        (
            "portfolio:wide",
            "`wide` needs a value (wide=true or wide=false)",
        ),
        ("mcts:eval=rollout:portfolio", "rollouts by random or a bot"),
        ("mcts:c=nan", "not a valid c"),
        (
            "mcts:sims=99999999999999999999",
            "a whole number from 1 to 10000000",
        ),
    ] {
        let o = run(&["arena", "--agent", spec, "--agent", "random"]);
        assert_clean_failure(&o, needle);
    }
}

#[test]
fn a_value_of_another_ruleset_is_refused_not_replaced_by_the_default() {
    let o = run(&[
        "arena",
        "--ruleset",
        "fsail",
        "--agent",
        "mcts:sims=10,value=material",
        "--agent",
        "random",
        "--pairs",
        "1",
    ]);
    assert_clean_failure(&o, "`material` is not a valid value");
    assert!(stderr(&o).contains("fsail"), "{}", stderr(&o));
    let o = run(&["play", "--admiral", "mcts:sims=10,value=morale"]);
    assert_clean_failure(&o, "`morale` is not a valid value");
}

#[cfg(unix)]
#[test]
fn a_signal_mid_game_saves_the_game_as_the_end_of_input_does() {
    use std::io::Read;
    for signal in ["INT", "TERM"] {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut child = Command::new(env!("CARGO_BIN_EXE_broadside"))
            .args(["play", "--scenario", "frigate-duel", "--save", "g.json"])
            .current_dir(dir.path())
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the broadside binary starts");
        let mut stdin = child.stdin.take().expect("stdin is piped");
        // One order, then the game waits at the next prompt with stdin still open.
        stdin
            .write_all(b"L1 rigging fire>=3 load=left\n")
            .expect("write stdin");
        stdin.flush().expect("flush");
        let mut out = child.stdout.take().expect("stdout is piped");
        let mut seen = Vec::new();
        let mut buf = [0u8; 4096];
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while !String::from_utf8_lossy(&seen).contains("Turn 2") {
            assert!(std::time::Instant::now() < deadline, "no second turn");
            let n = out.read(&mut buf).expect("read stdout");
            assert!(n > 0, "stdout closed: {}", String::from_utf8_lossy(&seen));
            seen.extend_from_slice(&buf[..n]);
        }
        let killed = Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(killed.success());
        out.read_to_end(&mut seen).expect("read the rest");
        let status = child.wait().expect("finishes");
        let text = String::from_utf8_lossy(&seen);
        assert_eq!(status.code(), Some(130), "{signal}: {text}");
        assert!(text.contains("Interrupted: saving the game"), "{text}");
        assert!(text.contains("Game saved to"), "{text}");
        drop(stdin);
        let saved: Value = serde_json::from_str(
            &std::fs::read_to_string(dir.path().join("g.json")).expect("saved"),
        )
        .expect("JSON");
        assert!(saved["actions"].as_array().is_some_and(|a| !a.is_empty()));
    }
}

#[test]
fn outputs_that_are_the_input_a_link_or_a_device_are_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let scenario = dir.path().join("duel.toml");
    let text = include_str!("../../env/data/wsim/scenarios/frigate-duel.toml");
    std::fs::write(&scenario, text).expect("write");
    let o = run_in(
        dir.path(),
        &["play", "--scenario", "duel.toml", "--save", "duel.toml"],
        None,
    );
    assert_clean_failure(&o, "is the input file");
    assert_eq!(
        std::fs::read_to_string(&scenario).expect("still there"),
        text
    );
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("elsewhere.json", dir.path().join("link.json"))
            .expect("symlink");
        let o = run_in(dir.path(), &["play", "--auto", "--save", "link.json"], None);
        assert_clean_failure(&o, "symbolic link");
        assert!(!dir.path().join("elsewhere.json").exists());
        let o = run_in(dir.path(), &["play", "--auto", "--save", "/dev/null"], None);
        assert_clean_failure(&o, "not a regular file");
        for flag in ["--csv-out", "--json-out"] {
            let o = run_in(
                dir.path(),
                &[
                    "arena",
                    "--agent",
                    "random",
                    "--agent",
                    "random",
                    "--pairs",
                    "1",
                    flag,
                    "link.json",
                ],
                None,
            );
            assert_clean_failure(&o, "symbolic link");
        }
    }
}

#[test]
fn unbounded_inputs_are_refused_at_once_in_plain_words() {
    let dir = tempfile::tempdir().expect("temp dir");
    let started = std::time::Instant::now();
    let o = run_in(
        dir.path(),
        &[
            "arena",
            "--agent",
            "random",
            "--agent",
            "random",
            "--pairs",
            "1000000000",
        ],
        None,
    );
    assert_clean_failure(
        &o,
        "--pairs (game pairs per pairing) must be from 1 to 100000",
    );
    for (flags, needle) in [
        (&["--max-decisions", "0"][..], "--max-decisions"),
        (
            &["--sprt", "--agent", "bot:british"][..],
            "exactly two --agent specs",
        ),
    ] {
        let mut args = vec!["arena", "--agent", "random", "--agent", "random"];
        args.extend_from_slice(flags);
        assert_clean_failure(&run_in(dir.path(), &args, None), needle);
    }
    #[cfg(unix)]
    {
        let o = run_in(dir.path(), &["replay", "/dev/zero"], None);
        assert_clean_failure(&o, "not a regular file");
        let o = run_in(dir.path(), &["play", "--scenario", "/dev/zero"], None);
        assert_clean_failure(&o, "not a regular file");
        let fifo = dir.path().join("fifo.json");
        let made = Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let o = run_in(dir.path(), &["replay", "fifo.json"], None);
            assert_clean_failure(&o, "not a regular file");
        }
    }
    let big = dir.path().join("big.json");
    std::fs::write(&big, vec![b' '; 17 << 20]).expect("write");
    let o = run_in(dir.path(), &["replay", "big.json"], None);
    assert_clean_failure(&o, "larger than 16 MiB");
    assert!(started.elapsed() < std::time::Duration::from_secs(60));
}

#[test]
fn names_and_titles_from_files_reach_the_terminal_without_control_characters() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = include_str!("../../env/data/wsim/scenarios/frigate-duel.toml")
        .replace(
            "title = \"Frigate duel: Constitution vs. Guerriere\"",
            "title = \"Evil\\u001b]0;owned\\u0007 title\\r\\nline\"",
        )
        .replace(
            "name = \"Constitution\"",
            "name = \"Const\\u001b[2J\\u0000itution\"",
        )
        .replace(
            "sides = [\"American\", \"British\"]",
            "sides = [\"Amer\\u009bican\\u202e\", \"British\"]",
        );
    std::fs::write(dir.path().join("evil.toml"), text).expect("write");
    let clean = |o: &Output, what: &str| {
        for bytes in [&o.stdout, &o.stderr] {
            let s = String::from_utf8_lossy(bytes);
            assert!(
                !s.chars().any(
                    |c| (c.is_control() && c != '\n') || ('\u{202A}'..='\u{202E}').contains(&c)
                ),
                "{what}: {s:?}"
            );
        }
    };
    for args in [
        &[
            "play",
            "--scenario",
            "./evil.toml",
            "--auto",
            "--save",
            "e.json",
        ][..],
        &[
            "play",
            "--scenario",
            "./evil.toml",
            "--save",
            "f.json",
            "--no-color",
        ][..],
    ] {
        let input = (!args.contains(&"--auto")).then_some("L1 hull\nquit\n");
        let o = run_in(dir.path(), args, input);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(stdout(&o).contains("Const?"), "{}", stdout(&o));
        clean(&o, args[4]);
    }
    let r = run_in(dir.path(), &["replay", "e.json"], None);
    assert!(r.status.success(), "{}", stderr(&r));
    assert!(
        stdout(&r).contains("Evil?]0;owned? title??line"),
        "{}",
        stdout(&r)
    );
    clean(&r, "replay");
}

#[cfg(unix)]
#[test]
fn a_signal_during_the_admiral_s_search_stops_it_and_saves_at_once() {
    use std::io::Read;
    let dir = tempfile::tempdir().expect("temp dir");
    // The person takes side 1: the admiral, two minutes a decision, orders first.
    let start = std::time::Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_broadside"))
        .args([
            "play",
            "--scenario",
            "frigate-duel",
            "--side",
            "1",
            "--admiral",
            "mcts:time=120000",
            "--save",
            "g.json",
        ])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the broadside binary starts");
    let stdin = child.stdin.take().expect("stdin is piped");
    let mut out = child.stdout.take().expect("stdout is piped");
    let mut seen = Vec::new();
    let mut buf = [0u8; 4096];
    // The board is flushed before the search starts.
    while !String::from_utf8_lossy(&seen).contains("the admiral is") {
        let n = out.read(&mut buf).expect("read stdout");
        assert!(n > 0, "stdout closed: {}", String::from_utf8_lossy(&seen));
        seen.extend_from_slice(&buf[..n]);
    }
    std::thread::sleep(std::time::Duration::from_millis(500));
    let killed = Command::new("kill")
        .args(["-INT".to_string(), child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    out.read_to_end(&mut seen).expect("read the rest");
    let status = child.wait().expect("finishes");
    let text = String::from_utf8_lossy(&seen);
    // Well inside the admiral's two minutes.
    assert!(
        start.elapsed() < std::time::Duration::from_secs(60),
        "the search ran on"
    );
    assert_eq!(status.code(), Some(130), "{text}");
    assert!(text.contains("Game saved to"), "{text}");
    drop(stdin);
    let saved: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("g.json")).expect("saved"))
            .expect("JSON");
    assert!(saved["actions"].is_array());
}

#[test]
fn play_resume_continues_a_saved_game_and_refuses_a_finished_or_broken_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    // One order, then the input ends: the game is saved unfinished.
    let o = run_in(
        dir.path(),
        &[
            "play",
            "--scenario",
            "frigate-duel",
            "--admiral",
            "bot:close-action",
            "--save",
            "part.json",
        ],
        Some("L1 rigging fire>=3 load=left\n"),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let read = |name: &str| -> Value {
        serde_json::from_str(&std::fs::read_to_string(dir.path().join(name)).expect("saved"))
            .expect("JSON")
    };
    let part = read("part.json");
    let played = part["actions"].as_array().expect("actions").clone();
    assert!(!played.is_empty());
    let o = run_in(
        dir.path(),
        &[
            "play",
            "--resume",
            "part.json",
            "--auto",
            "--admiral",
            "bot:close-action",
            "--save",
            "whole.json",
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains(&format!(
            "Resumed from part.json after {} actions",
            played.len()
        )),
        "{}",
        stdout(&o)
    );
    let whole = read("whole.json");
    let all = whole["actions"].as_array().expect("actions");
    assert!(all.len() > played.len());
    assert_eq!(
        &all[..played.len()],
        &played[..],
        "the saved moves come first"
    );
    assert_eq!(whole["scenario"], part["scenario"]);
    // A finished game has nothing to resume.
    let o = run_in(dir.path(), &["play", "--resume", "whole.json"], None);
    assert_clean_failure(&o, "is a finished game: there is nothing to resume");
    // A broken record gets replay's checks: an illegal action is named.
    let mut broken = part.clone();
    broken["actions"][0]["index"] = serde_json::json!(999_999);
    std::fs::write(dir.path().join("broken.json"), broken.to_string()).expect("write");
    let o = run_in(dir.path(), &["play", "--resume", "broken.json"], None);
    assert!(!o.status.success());
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    let o = run_in(dir.path(), &["play", "--resume", "missing.json"], None);
    assert_clean_failure(&o, "cannot read the saved game `missing.json`");
    let o = run_in(
        dir.path(),
        &[
            "play",
            "--resume",
            "part.json",
            "--scenario",
            "frigate-duel",
        ],
        None,
    );
    assert_clean_failure(&o, "cannot be used with");
}

#[test]
fn play_says_when_a_time_budget_makes_the_seed_not_reproduce_the_game() {
    let args = ["play", "--scenario", "frigate-duel", "--level", "easy"];
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("thinks 50 ms a decision")
            && stdout(&o).contains("may not give the same game"),
        "{}",
        stdout(&o)
    );
    let o = run(&[
        "play",
        "--scenario",
        "frigate-duel",
        "--admiral",
        "mcts:sims=20",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stdout(&o).contains("may not give the same game"));
}

/// `broadside agree`: a doctrine that decides by rule (WS&IM's `british`; Pieces of Eight's
/// break ties by their seed) agrees with its own shadows every time;
/// random against a doctrine's shadow seldom; the JSON names the agents, and every kind's
/// decisions add up to the whole; a bad spec is a plain error naming its flag.
#[test]
fn agree_measures_how_predictable_an_agent_is() {
    let args = |agent: &str, shadow: &str| {
        run(&[
            "agree",
            "--ruleset",
            "wsim",
            "--scenario",
            "frigate-duel",
            "--agent",
            agent,
            "--shadow",
            shadow,
            "--shadows",
            "2",
            "--pairs",
            "2",
            "--json",
        ])
    };
    let same = json(&args("bot:british", "bot:british"));
    assert_eq!(same["games"], 4);
    assert_eq!(same["opponent"], "itself");
    assert_eq!(same["overall"]["agreement"], 1.0, "{same}");
    let random = json(&args("random", "bot:british"));
    let a = random["overall"]["agreement"].as_f64().unwrap();
    assert!(a > 0.0 && a < 0.9, "{random}");
    let kinds = random["by_kind"].as_array().unwrap();
    let summed: u64 = kinds.iter().map(|k| k["decisions"].as_u64().unwrap()).sum();
    assert_eq!(summed, random["overall"]["decisions"].as_u64().unwrap());
    let text = stdout(&run(&[
        "agree",
        "--ruleset",
        "poe",
        "--agent",
        "random",
        "--pairs",
        "1",
    ]));
    assert!(
        text.contains("agreement") && text.contains("modal"),
        "{text}"
    );
    let o = args("random", "bot:nope");
    assert_clean_failure(&o, "--shadow bot:nope");
}
