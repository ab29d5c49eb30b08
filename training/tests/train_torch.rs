//! The tiny CPU training run end to end (self-play, training, checkpoints, evaluation), a
//! `kill -9` in the middle and a resume, then the result as a `net:` agent in the arena.
//! Needs the `torch` feature: `LIBTORCH=$(bash scripts/setup_torch.sh) cargo test -p
//! broadside-training --features torch --test train_torch`.
#![cfg(feature = "torch")]

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use broadside_models::Checkpoint;
use broadside_training::train::replay::list_shards;
use broadside_training::train::state::RunState;

fn broadside() -> Command {
    Command::new(env!("CARGO_BIN_EXE_broadside"))
}

fn tiny_config() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs/tiny.toml")
}

fn event_bytes(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .filter(|e| {
                    e.file_name()
                        .to_string_lossy()
                        .starts_with("events.out.tfevents")
                })
                .map(|e| e.metadata().map(|m| m.len()).unwrap_or(0))
                .sum()
        })
        .unwrap_or(0)
}

#[test]
fn a_tiny_run_survives_kill_9_and_resumes() {
    let tmp = tempfile::tempdir().unwrap();
    let run = tmp.path().join("run");
    // Start a run that would go on for a long time, and kill it once it has checkpointed.
    let mut child = broadside()
        .args(["train", "--quiet", "--config"])
        .arg(tiny_config())
        .args(["--set", "iterations=1000", "--run-dir"])
        .arg(&run)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let state_path = run.join("state.json");
    loop {
        if let Ok(Some(s)) = RunState::read(&state_path) {
            if s.iteration >= 2 {
                break;
            }
        }
        if let Ok(Some(status)) = child.try_wait() {
            panic!("the run stopped by itself: {status}");
        }
        assert!(
            start.elapsed() < Duration::from_secs(240),
            "no checkpoint in time"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    child.kill().unwrap(); // SIGKILL: no destructor, no flush
    child.wait().unwrap();

    let before = RunState::read(&state_path).unwrap().unwrap();
    assert!(before.train_step > 0 && before.games >= 4, "{before:?}");
    let latest = run
        .join("checkpoints")
        .join(before.latest.as_ref().unwrap());
    let meta = Checkpoint::read(&latest).unwrap().meta;
    assert_eq!(meta.step, before.train_step);
    assert!(!list_shards(&run.join("replay")).unwrap().is_empty());
    // Evaluation ran at iteration 2 and the best network exists.
    assert!(!before.evals.is_empty(), "{before:?}");
    assert!(run.join("best.safetensors").exists());

    // Resume for two more iterations than the last state recorded.
    let target = before.iteration + 2;
    let out = broadside()
        .args(["train", "--quiet", "--resume"])
        .arg(&run)
        .args(["--set", &format!("iterations={target}")])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "resume failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let after = RunState::read(&state_path).unwrap().unwrap();
    assert_eq!(after.iteration, target);
    assert!(after.train_step > before.train_step);
    assert!(after.games > before.games);
    assert!(after.evals.len() >= before.evals.len());
    let ckpt =
        Checkpoint::read(&run.join("checkpoints").join(after.latest.as_ref().unwrap())).unwrap();
    assert_eq!(ckpt.meta.step, after.train_step);
    // At most `keep` step checkpoints remain.
    let kept = std::fs::read_dir(run.join("checkpoints")).unwrap().count();
    assert!(kept <= 2, "{kept} checkpoints kept");
    assert!(event_bytes(&run.join("tb")) > 0, "no TensorBoard events");

    // The trained network plays in the arena as a `net:` agent.
    let best = run.join("best.safetensors");
    let out = broadside()
        .args([
            "arena",
            "--scenario",
            "frigate-duel",
            "--pairs",
            "1",
            "--json",
        ])
        .args(["--max-decisions", "120", "--agent"])
        .arg(format!("net:path={},sims=4", best.display()))
        .args(["--agent", "random"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "arena failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["standings"][0]["games"], 2);
}

#[test]
fn a_new_run_refuses_a_used_directory_and_resume_needs_a_run() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("config.toml"), "seed = 1\n").unwrap();
    let out = broadside()
        .args(["train", "--quiet", "--run-dir"])
        .arg(tmp.path())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--resume"));
    let empty = tempfile::tempdir().unwrap();
    let out = broadside()
        .args(["train", "--resume"])
        .arg(empty.path())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a training run"));
}

#[test]
fn a_damaged_checkpoint_is_a_plain_error_for_a_net_agent() {
    let tmp = tempfile::tempdir().unwrap();
    let bad = tmp.path().join("bad.safetensors");
    std::fs::write(&bad, b"\x10\x00\x00").unwrap();
    let out = broadside()
        .args(["arena", "--pairs", "1", "--agent"])
        .arg(format!("net:path={}", bad.display()))
        .args(["--agent", "random"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("truncated"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
