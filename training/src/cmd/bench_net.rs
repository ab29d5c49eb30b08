//! `broadside bench --net`: how fast the network evaluates leaves (feature `torch`).
//!
//! 1. Forward passes on real observations (positions from seeded random play) at batch sizes
//!    1 to 1024: rows per second and milliseconds per pass.
//! 2. Self-play load: `--threads` search threads (PUCT, 64 simulations, 8 leaves per request)
//!    sending leaves to one [`InferenceServer`] of `--inference-threads` threads for the
//!    measurement time: leaf evaluations per second, the mean batch fill, queue latency, and
//!    the share of each inference thread's wall time spent in forward passes. That share is
//!    not the GPU's utilisation: most of a small network's pass is the CPU launching
//!    kernels (sample `nvidia-smi` for the GPU's own figure, as scripts/gpu_check.sh does).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Result;
use broadside_agents::mcts::{Budget, MctsAgent};
use broadside_agents::KnownAgents;
use broadside_env::ruleset::{AnyGame, AnyScenario};
use broadside_env::{Game, GameSpec, Observation, Turn};
use broadside_models::infer::{run_batch, Batch, InferenceServer, NetEvaluator};
use broadside_models::{NetConfig, Network};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::bench::NetBenchSettings;
use crate::train::config::SelfPlayConfig;
use crate::train::selfplay::search_config;

/// One batch size's forward-pass figures.
#[derive(Debug, Serialize)]
pub struct ForwardFigure {
    pub batch: usize,
    pub rows_per_sec: f64,
    pub ms_per_pass: f64,
}

/// What `bench --net` measures.
#[derive(Debug, Serialize)]
pub struct NetBench {
    pub device: String,
    pub parameters: i64,
    pub config: NetConfig,
    pub forward: Vec<ForwardFigure>,
    pub selfplay_threads: usize,
    pub inference_threads: usize,
    pub max_batch: usize,
    pub leaf_evals_per_sec: f64,
    pub mean_batch_fill: f64,
    pub mean_queue_ms: f64,
    /// Time in forward passes over wall time, per inference thread.
    pub forward_share_of_wall: f64,
}

fn positions(scenario: &AnyScenario, n: usize, seed: u64) -> Vec<AnyGame> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let start = scenario.new_game(&broadside_env::ruleset::GameOptions { resignation: false });
    let mut out = Vec::with_capacity(n);
    let mut g = start.clone();
    while out.len() < n {
        match g.turn() {
            Turn::Terminal => g = start.clone(),
            Turn::Chance => {
                let o = g.chance_outcomes().sample(&mut rng);
                g.apply_unchecked(o);
            }
            Turn::Player(_) => {
                if rng.random::<f64>() < 0.3 {
                    out.push(g.clone());
                }
                let legal = g.legal_actions();
                let a = legal.nth(rng.random_range(0..legal.len())).unwrap_or(0);
                g.apply_unchecked(a);
            }
        }
    }
    out
}

/// Runs the measurements for `seconds` each (the forward passes take a fraction of it).
pub fn measure(
    scenario: &AnyScenario,
    settings: &NetBenchSettings,
    seconds: f64,
    seed: u64,
) -> Result<NetBench> {
    let (config, threads) = (&settings.config, settings.threads);
    let device = crate::train::run::pick_device(&settings.device)?;
    // As in training: one intra-op thread per pass; parallelism comes from the games.
    tch::set_num_threads(1);
    tch::manual_seed(seed as i64);
    let spec: &'static GameSpec = scenario
        .new_game(&broadside_env::ruleset::GameOptions::default())
        .spec();
    let net = Network::new(spec, config, device).map_err(anyhow::Error::msg)?;
    let parameters = net.num_parameters();
    let pos = positions(scenario, 1024, seed);
    let mut obs = Observation::new(&spec.obs);
    let mut forward = Vec::new();
    for &b in &[1usize, 8, 64, 256, 1024] {
        let mut batch = Batch::default();
        for g in pos.iter().take(b) {
            batch.push(g, g.current_player().unwrap_or(0), &mut obs);
        }
        run_batch(&net, &batch); // warm-up
        let budget = Duration::from_secs_f64((seconds / 5.0).max(0.05));
        let t = Instant::now();
        let mut passes = 0u64;
        while t.elapsed() < budget {
            run_batch(&net, &batch);
            passes += 1;
        }
        let secs = t.elapsed().as_secs_f64();
        forward.push(ForwardFigure {
            batch: b,
            rows_per_sec: (passes * b as u64) as f64 / secs,
            ms_per_pass: 1000.0 * secs / passes as f64,
        });
    }

    let sp = SelfPlayConfig::default();
    // The measured network serves as the first thread's copy.
    let mut nets = Vec::with_capacity(settings.inference_threads);
    for _ in 1..settings.inference_threads {
        nets.push(net.duplicate(device));
    }
    nets.insert(0, net);
    let server = InferenceServer::start_many(
        nets,
        settings.max_batch,
        Duration::from_micros(sp.max_wait_us),
    );
    let metrics = server.metrics();
    let stop = AtomicBool::new(false);
    let t = Instant::now();
    std::thread::scope(|scope| {
        for k in 0..threads.max(1) {
            let client = server.client();
            let (stop, pos, sp) = (&stop, &pos, &sp);
            scope.spawn(move || {
                let leaves = sp.leaves_per_request;
                let c = client.clone();
                let mut agent = MctsAgent::with_info_key(
                    search_config(sp, seed ^ k as u64),
                    Arc::new(move |_| {
                        Box::new(NetEvaluator::<AnyGame>::remote(c.clone(), spec, leaves))
                    }),
                    AnyGame::info_key(),
                );
                agent.set_budget(Budget::Simulations(64));
                let mut i = k;
                while !stop.load(Ordering::Relaxed) {
                    let g = &pos[i % pos.len()];
                    if let Some(p) = g.current_player() {
                        agent.search(g, p);
                    }
                    i += threads;
                }
            });
        }
        std::thread::sleep(Duration::from_secs_f64(seconds));
        stop.store(true, Ordering::Relaxed);
    });
    let wall = t.elapsed().as_secs_f64();
    let m = metrics.snapshot();
    drop(server.stop());
    Ok(NetBench {
        device: format!("{device:?}"),
        parameters,
        config: config.clone(),
        forward,
        selfplay_threads: threads,
        inference_threads: settings.inference_threads,
        max_batch: settings.max_batch,
        leaf_evals_per_sec: m.rows as f64 / wall,
        mean_batch_fill: m.mean_batch(),
        mean_queue_ms: m.mean_queue_ms(),
        forward_share_of_wall: m.forward_ns as f64 / 1e9 / wall / settings.inference_threads as f64,
    })
}
