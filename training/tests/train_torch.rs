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
    let saved = Checkpoint::read(&latest).unwrap();
    assert_eq!(saved.meta.step, before.train_step);
    assert!(!list_shards(&run.join("replay")).unwrap().is_empty());
    // Evaluation ran at iteration 2 and the best network exists.
    assert!(!before.evals.is_empty(), "{before:?}");
    assert!(run.join("best.safetensors").exists());

    // Resume for two more iterations than the last state recorded, at a learning rate too
    // small to move an f32 weight: the resumed run's checkpoints must then hold the saved
    // weights. A resume that started a fresh network would hold the initial weights
    // instead, which the saved ones left several optimiser steps ago.
    let target = before.iteration + 2;
    let out = broadside()
        .args(["train", "--quiet", "--resume"])
        .arg(&run)
        .args(["--set", &format!("iterations={target}")])
        .args(["--set", "train.learning_rate=1e-30"])
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
    // Evaluation runs every 2 iterations, so the resumed part evaluated once more.
    assert_eq!(after.evals.len(), before.evals.len() + 1, "{after:?}");
    let ckpt =
        Checkpoint::read(&run.join("checkpoints").join(after.latest.as_ref().unwrap())).unwrap();
    assert_eq!(ckpt.meta.step, after.train_step);
    assert_eq!(ckpt.tensors.len(), saved.tensors.len());
    for (now, then) in ckpt.tensors.iter().zip(&saved.tensors) {
        assert_eq!((&now.name, &now.shape), (&then.name, &then.shape));
        let gap = now
            .data
            .iter()
            .zip(&then.data)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0f32, f32::max);
        assert!(
            gap <= 1e-12,
            "{} moved by {gap} across the resume",
            now.name
        );
    }
    // At most `keep` step checkpoints remain, and one optimiser state: the latest's, whose
    // step count includes the steps before the kill (its moments were restored, not reset).
    let names: Vec<String> = std::fs::read_dir(run.join("checkpoints"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    let steps = names.iter().filter(|n| n.starts_with("step-")).count();
    assert!(steps <= 2, "{names:?}");
    let optim: Vec<&String> = names.iter().filter(|n| n.starts_with("optim-")).collect();
    assert_eq!(
        optim,
        vec![&after
            .latest
            .as_ref()
            .unwrap()
            .replacen("step-", "optim-", 1)]
    );
    let optim_meta = Checkpoint::read(&run.join("checkpoints").join(optim[0]))
        .unwrap()
        .meta;
    assert_eq!(optim_meta.step, after.train_step);
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

#[test]
fn a_fit_to_a_runs_shards_is_scored_on_held_out_games_repeats_exactly_and_checks_its_input() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("run");
    tiny_run(&dir, &[]);
    let fit = |extra: &[&str]| {
        broadside()
            .args([
                "fit",
                "--json",
                "--steps",
                "6",
                "--eval-every",
                "3",
                "--run-dir",
            ])
            .arg(&dir)
            .args(extra)
            .output()
            .unwrap()
    };
    let report = |out: &std::process::Output| -> serde_json::Value {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).expect("a JSON report")
    };
    let plain = fit(&[]);
    let r = report(&plain);
    let curve = r["curve"].as_array().unwrap();
    let steps: Vec<u64> = curve.iter().map(|h| h["step"].as_u64().unwrap()).collect();
    assert_eq!(steps, vec![3, 6]);
    assert_eq!(
        r["held_out_shards"], 1,
        "two iterations: one trains, one is held out"
    );
    assert!(
        r["train_samples"].as_u64().unwrap() > 0 && r["held_out_samples"].as_u64().unwrap() > 0
    );
    for h in curve {
        let agreement = h["agreement"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&agreement), "{h}");
        assert!(h["policy_loss"].as_f64().unwrap() > 0.0, "{h}");
        assert!(h["value_loss"].as_f64().unwrap() >= 0.0, "{h}");
    }
    // The last scoring by the kind of the teacher's decision: every held-out sample is
    // counted once, under a catalogue name's kind, most samples first.
    let kinds = r["by_kind"].as_array().unwrap();
    assert!(!kinds.is_empty());
    let counted: u64 = kinds.iter().map(|k| k["samples"].as_u64().unwrap()).sum();
    assert_eq!(counted, r["held_out_samples"].as_u64().unwrap());
    let counts: Vec<u64> = kinds
        .iter()
        .map(|k| k["samples"].as_u64().unwrap())
        .collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
    for k in kinds {
        let kind = k["kind"].as_str().unwrap();
        assert!(
            !kind.is_empty() && !kind.contains(':') && kind != "?",
            "{k}"
        );
        assert!(
            (0.0..=1.0).contains(&k["agreement"].as_f64().unwrap()),
            "{k}"
        );
    }
    // Seeded from the run's config: the same fit twice is the same report.
    assert_eq!(plain.stdout, fit(&[]).stdout, "a fit repeats exactly");
    // Blanking features changes what the network sees, so its held-out scores.
    let dropped = report(&fit(&["--drop-features", "bow_col,facing_*"]));
    assert_eq!(
        dropped["dropped_features"],
        serde_json::json!(["bow_col", "facing_*"])
    );
    assert_ne!(dropped["curve"], r["curve"]);
    // The shape comes from --set on top of the run's config.
    let wide = report(&fit(&["--set", "net.hidden_dim=64"]));
    assert_eq!(wide["net"]["hidden_dim"], 64);
    assert!(wide["parameters"].as_i64().unwrap() > r["parameters"].as_i64().unwrap());
    // With the rows in order beside the pool: more parameters, other scores; `--save`
    // writes the last network, which then plays as `net:path=FILE`.
    let saved = tmp.path().join("slots.safetensors");
    let slots = report(&fit(&[
        "--set",
        "net.slots=true",
        "--save",
        saved.to_str().unwrap(),
    ]));
    assert_eq!(slots["net"]["slots"], true);
    assert!(slots["parameters"].as_i64().unwrap() > r["parameters"].as_i64().unwrap());
    assert_ne!(slots["curve"], r["curve"]);
    let played = broadside()
        .args([
            "arena",
            "--scenario",
            "frigate-duel",
            "--pairs",
            "1",
            "--agent",
        ])
        .arg(format!("net:path={},sims=4", saved.display()))
        .args(["--agent", "random"])
        .output()
        .unwrap();
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    // Two runs of the same game fit together: the first's shards all train, and the second's
    // last is held out.
    let second = tmp.path().join("second");
    tiny_run(&second, &["seed=2"]);
    let both = report(&fit(&["--run-dir", second.to_str().unwrap()]));
    assert_eq!(both["held_out_shards"], 1);
    assert!(
        both["train_samples"].as_u64().unwrap()
            > r["train_samples"].as_u64().unwrap() + r["held_out_samples"].as_u64().unwrap(),
        "both of the first run's shards and the second's first train: {both}"
    );
    // A run of another scenario, and a run named twice, are refused before any fitting.
    let other = tmp.path().join("other");
    std::fs::create_dir(&other).unwrap();
    let config = std::fs::read_to_string(dir.join("config.toml")).unwrap();
    std::fs::write(
        other.join("config.toml"),
        config.replace("\"frigate-duel\"", "\"three-vs-three\""),
    )
    .unwrap();
    // The first run again, written another way.
    let twice = format!("{}/./", dir.display());
    // Bad input: a plain error, never a panic.
    for (extra, says) in [
        (&["--run-dir", other.to_str().unwrap()][..], "one game"),
        (&["--run-dir", twice.as_str()][..], "named twice"),
        (
            &["--drop-features", "no_such_feature"][..],
            "names no feature",
        ),
        (&["--holdout", "1"][..], "--holdout"),
        (
            &["--set", "scenario=squadron-battle"][..],
            "ruleset and scenario",
        ),
        (&["--set", "net.heads=3"][..], "multiple"),
        (
            &["--save", "/no/such/folder/net.safetensors"][..],
            "does not exist",
        ),
    ] {
        let out = fit(extra);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && err.contains(says),
            "{extra:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
    let out = broadside()
        .args(["fit", "--run-dir"])
        .arg(tmp.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("not a training run"),
        "{err}"
    );
}

/// Trains the tiny config for two iterations in `dir` with `extra` overrides.
fn tiny_run(dir: &Path, extra: &[&str]) {
    let mut cmd = broadside();
    cmd.args(["train", "--quiet", "--config"])
        .arg(tiny_config())
        .arg("--run-dir")
        .arg(dir);
    for e in extra {
        cmd.args(["--set", e]);
    }
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The shipped config of `ruleset` for `scenario` (configs/*.toml name both).
fn shipped_config(ruleset: &str, scenario: &str) -> Option<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files.into_iter().find(|p| {
        let t: toml::Table = std::fs::read_to_string(p).unwrap().parse().unwrap();
        t.get("ruleset").and_then(|v| v.as_str()) == Some(ruleset)
            && t.get("scenario").and_then(|v| v.as_str()) == Some(scenario)
    })
}

/// `spec` with every `sims=N` budget set to `sims` (the rest of the spec kept).
fn with_sims(spec: &str, sims: u64) -> String {
    let (kind, options) = spec.split_once(':').unwrap_or((spec, ""));
    let options: Vec<String> = options
        .split(',')
        .map(|o| {
            if o.starts_with("sims=") {
                format!("sims={sims}")
            } else {
                o.to_string()
            }
        })
        .collect();
    format!("{kind}:{}", options.join(","))
}

/// Every registered ruleset's shipped config for its default scenario trains: a tiny
/// network, its teacher (the ruleset's default admiral, at a tiny budget) playing the first
/// iteration's game and the network's own search the second's (the teacher has handed
/// over), then the network evaluated against the config's bots.
#[test]
fn every_rulesets_default_config_trains_from_its_teacher_then_by_self_play() {
    for r in broadside_env::ruleset::rulesets() {
        let config = shipped_config(r.name, r.default_scenario)
            .unwrap_or_else(|| panic!("{}: no config for {}", r.name, r.default_scenario));
        let t: toml::Table = std::fs::read_to_string(&config).unwrap().parse().unwrap();
        let teacher = t["selfplay"]["teacher"].as_str().unwrap();
        assert!(!teacher.is_empty(), "{}: no teacher", r.name);
        let dir = tempfile::tempdir().unwrap();
        let run = dir.path().join("run");
        let teacher_set = format!("selfplay.teacher={}", with_sims(teacher, 4));
        let mut cmd = broadside();
        cmd.args(["train", "--quiet", "--config"])
            .arg(&config)
            .arg("--run-dir")
            .arg(&run);
        for set in [
            "net.embed_dim=16",
            "net.heads=2",
            "net.hidden_dim=32",
            "net.value_hidden=16",
            "iterations=2",
            "max_minutes=0",
            "device=cpu",
            "selfplay.teacher_iterations=1",
            "selfplay.teacher_fade=0",
            "selfplay.games_per_iteration=1",
            "selfplay.games_in_flight=1",
            "selfplay.sims=8",
            "selfplay.fast_sims=4",
            "selfplay.max_decisions=30",
            teacher_set.as_str(),
            "train.batch_size=32",
            "train.steps_per_iteration=2",
            "eval.every=2",
            "eval.pairs=1",
            "eval.sims=4",
            "eval.max_decisions=30",
        ] {
            cmd.args(["--set", set]);
        }
        let out = cmd.output().unwrap();
        assert!(
            out.status.success(),
            "{}: {}",
            r.name,
            String::from_utf8_lossy(&out.stderr)
        );
        let state = RunState::read(&run.join("state.json")).unwrap().unwrap();
        assert_eq!(state.iteration, 2, "{}", r.name);
        assert_eq!(state.evals.len(), 1, "{}: {state:?}", r.name);
        assert!(run.join("best.safetensors").exists(), "{}", r.name);
    }
}

#[test]
fn parallel_self_play_trains_the_same_network_as_serial() {
    // Half the games by a teacher search, half by the network through the server: both
    // paths must be independent of how many games run at once.
    let common = [
        "selfplay.teacher=mcts:sims=16,value=position",
        "selfplay.teacher_share=0.5",
        "selfplay.sparring=bot:line-of-battle",
        "selfplay.sparring_share=0.5",
        "selfplay.games_per_iteration=4",
    ];
    let tmp = tempfile::tempdir().unwrap();
    let (serial, parallel) = (tmp.path().join("serial"), tmp.path().join("parallel"));
    let mut a: Vec<&str> = common.to_vec();
    a.push("selfplay.games_in_flight=1");
    tiny_run(&serial, &a);
    let mut b: Vec<&str> = common.to_vec();
    b.push("selfplay.games_in_flight=4");
    tiny_run(&parallel, &b);
    let read = |dir: &Path, sub: &str, name: &str| {
        std::fs::read(dir.join(sub).join(name)).unwrap_or_else(|e| panic!("{sub}/{name}: {e}"))
    };
    let state = RunState::read(&serial.join("state.json")).unwrap().unwrap();
    let latest = state.latest.unwrap();
    for shard in ["shard-000000.bin", "shard-000001.bin"] {
        assert!(
            read(&serial, "replay", shard) == read(&parallel, "replay", shard),
            "{shard} differs"
        );
    }
    assert!(
        read(&serial, "checkpoints", &latest) == read(&parallel, "checkpoints", &latest),
        "{latest} differs"
    );
}

#[test]
fn a_restored_optimiser_continues_exactly_like_the_original() {
    use broadside_models::{NetConfig, Network};
    use broadside_training::train::config::OptimConfig;
    use broadside_training::train::replay::Sample;
    use broadside_training::train::trainer::{Trainer, Window};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    let spec = broadside_env::ruleset::game_spec("wsim").unwrap();
    let net_cfg = NetConfig {
        embed_dim: 16,
        heads: 2,
        hidden_dim: 16,
        value_hidden: 8,
        slots: false,
        relative: false,
    };
    let optim = OptimConfig {
        batch_size: 8,
        ..OptimConfig::default()
    };
    let (rows, cols) = spec.obs.entity_shape();
    let a = spec.num_player_actions;
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut window = Window::new(64);
    window.extend((0..32).map(|_| {
        let legal: Vec<bool> = (0..a).map(|i| i < 6).collect();
        Sample {
            entities: (0..rows * cols).map(|_| rng.random::<f32>()).collect(),
            global: (0..spec.obs.global_features.len())
                .map(|_| rng.random::<f32>())
                .collect(),
            policy: (0..a)
                .map(|i| if i < 6 { 1.0 / 6.0 } else { 0.0 })
                .collect(),
            legal,
            value: rng.random_range(-1.0..1.0),
        }
    }));
    tch::manual_seed(3);
    let net = Network::new(spec, &net_cfg, tch::Device::Cpu).unwrap();
    let mut original = Trainer::new(net, &optim).unwrap();
    original.train(&window, 3, &mut ChaCha8Rng::seed_from_u64(1), |_| {});

    let dir = tempfile::tempdir().unwrap();
    let (w, o) = (
        dir.path().join("w.safetensors"),
        dir.path().join("o.safetensors"),
    );
    original.net.save(&w, 3).unwrap();
    original.save_optimiser(&o).unwrap();
    tch::manual_seed(99); // different initial weights: everything must come from the files
    let mut net = Network::new(spec, &net_cfg, tch::Device::Cpu).unwrap();
    net.load_weights(&w).unwrap();
    let mut restored = Trainer::new(net, &optim).unwrap();
    restored.load_optimiser(&o).unwrap();
    assert_eq!(restored.optimiser_steps(), 3);

    // Both take the same two steps: identical weights after, bit for bit.
    original.train(&window, 2, &mut ChaCha8Rng::seed_from_u64(2), |_| {});
    restored.train(&window, 2, &mut ChaCha8Rng::seed_from_u64(2), |_| {});
    let (x, y) = (
        dir.path().join("x.safetensors"),
        dir.path().join("y.safetensors"),
    );
    original.net.save(&x, 5).unwrap();
    restored.net.save(&y, 5).unwrap();
    assert_eq!(Checkpoint::read(&x).unwrap(), Checkpoint::read(&y).unwrap());

    // A fresh optimiser (zero moments) would have moved the weights differently.
    let mut net = Network::new(spec, &net_cfg, tch::Device::Cpu).unwrap();
    net.load_weights(&w).unwrap();
    let mut fresh = Trainer::new(net, &optim).unwrap();
    fresh.train(&window, 2, &mut ChaCha8Rng::seed_from_u64(2), |_| {});
    let z = dir.path().join("z.safetensors");
    fresh.net.save(&z, 5).unwrap();
    assert_ne!(Checkpoint::read(&x).unwrap(), Checkpoint::read(&z).unwrap());

    // A state of another network is refused in plain words.
    let other_cfg = NetConfig {
        embed_dim: 32,
        ..net_cfg
    };
    let other = Network::new(spec, &other_cfg, tch::Device::Cpu).unwrap();
    let mut other = Trainer::new(other, &optim).unwrap();
    let err = other.load_optimiser(&o).unwrap_err().to_string();
    assert!(!err.is_empty() && !err.contains("panicked"), "{err}");
}

/// The tiny config with `overrides` on `ruleset`'s `scenario`, a tiny network behind an
/// inference server, and the config's players: what a test of single self-play games needs.
fn self_play_setup(
    ruleset: &str,
    scenario: &str,
    overrides: &[&str],
) -> (
    broadside_training::train::config::TrainConfig,
    broadside_env::ruleset::AnyScenario,
    broadside_models::infer::InferenceServer,
    broadside_training::train::selfplay::Players,
) {
    use broadside_env::Game;
    use broadside_models::{NetConfig, Network};

    let mut sets = vec![format!("ruleset={ruleset}"), format!("scenario={scenario}")];
    sets.extend(overrides.iter().map(|o| o.to_string()));
    let cfg =
        broadside_training::train::config::TrainConfig::load(Some(&tiny_config()), &sets).unwrap();
    let scenario = broadside_training::select::scenario(ruleset, Some(scenario)).unwrap();
    let spec = scenario
        .new_game(&broadside_env::ruleset::GameOptions::default())
        .spec();
    let net = Network::new(spec, &NetConfig::tiny(), tch::Device::Cpu).unwrap();
    let server =
        broadside_models::infer::InferenceServer::start(net, 1, Duration::from_micros(200));
    let players =
        broadside_training::train::selfplay::Players::of(&cfg.selfplay, &scenario).unwrap();
    (cfg, scenario, server, players)
}

#[test]
fn a_sparring_partner_takes_one_side_and_only_the_learner_is_sampled() {
    use broadside_env::wsim::observe::GLOBAL_FEATURES;
    use broadside_training::train::selfplay::play_game;

    let (cfg, scenario, server, players) = self_play_setup(
        "wsim",
        "frigate-duel",
        &[
            "selfplay.teacher=mcts:sims=8,value=position",
            "selfplay.teacher_share=0.5",
            "selfplay.sparring=bot:line-of-battle",
            "selfplay.sparring_share=1.0",
        ],
    );
    let side_feature = |side: usize| {
        GLOBAL_FEATURES
            .iter()
            .position(|f| *f == format!("side_{side}"))
            .unwrap()
    };
    let mut sides_seen = [false; 2];
    for seed in 0..4u64 {
        let g = play_game(&scenario, &cfg.selfplay, &players, &server.client(), seed);
        let bot = g.sparring_side.expect("every game is against the partner");
        sides_seen[bot] = true;
        assert!(g.sparring_score().is_some());
        assert!(!g.samples.is_empty(), "the learner decided and was sampled");
        for s in &g.samples {
            assert_eq!(s.global[side_feature(1 - bot)], 1.0, "a learner's sample");
            assert_eq!(s.global[side_feature(bot)], 0.0, "no sample of the partner");
        }
    }
    assert_eq!(sides_seen, [true, true], "the partner plays both sides");
    drop(server.stop());
}

#[test]
fn a_portfolio_teacher_is_imitated_and_its_values_are_the_results() {
    use broadside_training::train::selfplay::play_game;

    let (cfg, scenario, server, players) = self_play_setup(
        "fsail",
        "even-duel",
        &[
            "selfplay.teacher=portfolio:model=rake-seeker,sims=16",
            "selfplay.teacher_share=1.0",
            // A search's value would move the targets off the result; a portfolio's must not.
            "selfplay.value_from_search=0.5",
            "selfplay.max_decisions=5000",
        ],
    );
    let mut shared_targets = 0;
    for seed in 0..3u64 {
        let g = play_game(&scenario, &cfg.selfplay, &players, &server.client(), seed);
        assert!(g.teacher, "every game is the teacher's");
        assert!(
            !g.cut && !g.resigned,
            "cut {} resigned {}",
            g.cut,
            g.resigned
        );
        assert!(!g.samples.is_empty());
        for s in &g.samples {
            assert!(
                g.returns.iter().any(|&r| r as f32 == s.value),
                "value target {} is not a result {:?}",
                s.value,
                g.returns
            );
            let total: f32 = s.policy.iter().sum();
            assert!((total - 1.0).abs() < 1e-4, "policy sums to {total}");
            let (best, &top) = s
                .policy
                .iter()
                .enumerate()
                .max_by(|a, b| a.1.total_cmp(b.1))
                .unwrap();
            assert!(top >= 0.9 && s.legal[best], "the choice carries the target");
            shared_targets += usize::from(top < 1.0);
        }
    }
    assert!(
        shared_targets > 0,
        "where the doctrines disagreed, the other proposals share the rest"
    );
    drop(server.stop());
}
