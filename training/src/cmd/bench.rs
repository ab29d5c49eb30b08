//! `broadside bench`: how fast the rules run.
//!
//! - Random play on one core: player decisions (legal mask, uniform choice with
//!   [`ActionSet::nth`], `apply_unchecked`) and chance nodes (sampled) per second, complete
//!   games per second and their mean length.
//! - The cost of cloning a state (what a search pays per node) and its size in bytes.
//! - The cost of one observation.
//! - The vectorised environment on a rayon pool of one and of two threads, and the speedup.
//!
//! All randomness comes from ChaCha8 RNGs seeded by `--seed`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use std::io::Write;

use anyhow::{bail, Context, Result};
use broadside_env::ruleset::{AnyGame, AnyScenario, GameOptions, DEFAULT_RULESET};
use broadside_env::{Action, ActionSet, Game, Observation, Turn, VecEnv, VecEnvConfig};
use clap::Args;
use indicatif::ProgressBar;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::{progress, select};

/// Flags of `broadside bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// The ruleset (see `broadside rules`).
    #[arg(long, default_value = DEFAULT_RULESET)]
    pub ruleset: String,
    /// A built-in scenario id or a scenario file; a name is read as a file only when it
    /// contains `/` or ends in `.toml`. The ruleset's default when left out.
    #[arg(long, value_name = "ID_OR_FILE")]
    pub scenario: Option<String>,
    /// Seconds for each throughput measurement (random play, then the vectorised
    /// environment on one and on two threads).
    #[arg(long, default_value_t = 3.0, allow_negative_numbers = true)]
    pub seconds: f64,
    /// Seed of the random play and the dice.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Environments in the vectorised environment.
    #[arg(long, default_value_t = 64)]
    pub envs: usize,
    /// Let random players resign (they otherwise cannot: a uniformly random player resigns
    /// so often that games would measure little but resignations).
    #[arg(long)]
    pub allow_resign: bool,
    /// Print one JSON object on stdout instead of a report.
    #[arg(long)]
    pub json: bool,
    /// Measure the network instead of the rules: forward passes by batch size and leaf
    /// evaluations per second under self-play load (needs the `torch` feature).
    #[arg(long)]
    pub net: bool,
    /// With --net: the network size, `tiny`, `default` or `1m` (about a million parameters).
    #[arg(long, default_value = "1m", value_name = "SIZE")]
    pub net_size: String,
    /// With --net: `cpu`, `cuda` or `auto`.
    #[arg(long, default_value = "auto")]
    pub device: String,
    /// With --net: search threads feeding the inference server.
    #[arg(long, default_value_t = 32)]
    pub threads: usize,
    /// With --net: inference threads, each with a copy of the network (see the config key
    /// selfplay.inference_threads).
    #[arg(long, default_value_t = 1)]
    pub inference_threads: usize,
    /// With --net: rows that trigger a forward pass at once (selfplay.max_batch).
    #[arg(long, default_value_t = 256)]
    pub max_batch: usize,
}

/// What `bench --net` measures with: the network, where, and the self-play load.
#[derive(Debug, Clone)]
pub struct NetBenchSettings {
    pub config: broadside_models::NetConfig,
    pub device: String,
    pub threads: usize,
    pub inference_threads: usize,
    pub max_batch: usize,
}

/// Validated settings of `broadside bench`.
#[derive(Debug, Clone)]
pub struct BenchSettings {
    pub scenario: AnyScenario,
    pub duration: Duration,
    pub seed: u64,
    pub envs: usize,
    pub options: GameOptions,
    pub json: bool,
    /// `--net`: what to measure the network with.
    pub net: Option<NetBenchSettings>,
}

impl BenchSettings {
    /// Checks the time budget and resolves the scenario.
    pub fn from_args(a: BenchArgs) -> Result<Self> {
        if !a.seconds.is_finite() || a.seconds <= 0.0 || a.seconds > 3600.0 {
            bail!(
                "--seconds must be more than 0 and at most 3600, not {}",
                a.seconds
            );
        }
        if a.envs == 0 || a.envs > 4096 {
            bail!("--envs must be between 1 and 4096, not {}", a.envs);
        }
        let net = if a.net {
            let size = super::bench_net_sizes::net_size(&a.net_size).with_context(|| {
                format!(
                    "--net-size must be tiny, default or 1m, not `{}`",
                    a.net_size
                )
            })?;
            if a.threads == 0 || a.threads > 1024 {
                bail!("--threads must be between 1 and 1024, not {}", a.threads);
            }
            if !matches!(a.device.as_str(), "cpu" | "cuda" | "auto") {
                bail!("--device must be cpu, cuda or auto, not `{}`", a.device);
            }
            if a.inference_threads == 0 || a.inference_threads > 64 {
                bail!(
                    "--inference-threads must be between 1 and 64, not {}",
                    a.inference_threads
                );
            }
            if a.max_batch == 0 || a.max_batch > 65536 {
                bail!(
                    "--max-batch must be between 1 and 65536, not {}",
                    a.max_batch
                );
            }
            Some(NetBenchSettings {
                config: size,
                device: a.device.clone(),
                threads: a.threads,
                inference_threads: a.inference_threads,
                max_batch: a.max_batch,
            })
        } else {
            None
        };
        Ok(BenchSettings {
            net,
            scenario: select::scenario(&a.ruleset, a.scenario.as_deref())?,
            duration: Duration::from_secs_f64(a.seconds),
            seed: a.seed,
            envs: a.envs,
            options: GameOptions {
                resignation: a.allow_resign,
            },
            json: a.json,
        })
    }
}

/// Random play on one core.
#[derive(Debug, Serialize)]
pub struct RandomPlay {
    pub seconds: f64,
    pub decisions: u64,
    pub chance_nodes: u64,
    pub games: u64,
    pub decisions_per_sec: f64,
    pub chance_nodes_per_sec: f64,
    pub games_per_sec: f64,
    /// Over complete games only.
    pub mean_decisions_per_game: f64,
    pub mean_chance_nodes_per_game: f64,
}

/// The vectorised environment on one pool size.
#[derive(Debug, Serialize)]
pub struct VecRun {
    pub threads: usize,
    pub seconds: f64,
    /// Environment steps (one decision each, chance resolved inside).
    pub steps: u64,
    pub steps_per_sec: f64,
}

/// Vectorised throughput on one and two threads.
#[derive(Debug, Serialize)]
pub struct VecReport {
    pub num_envs: usize,
    pub runs: Vec<VecRun>,
    /// Steps per second on two threads over one.
    pub speedup_2_vs_1: f64,
}

/// Everything `bench` measured.
#[derive(Debug, Serialize)]
pub struct BenchReport {
    pub ruleset: &'static str,
    pub scenario: String,
    pub seed: u64,
    pub resignation: bool,
    pub available_parallelism: usize,
    pub random_play: RandomPlay,
    /// Median time of one `clone` of a mid-game state.
    pub clone_ns_median: f64,
    /// `size_of` the state behind the ruleset enum, and of the enum itself.
    pub state_size_bytes: usize,
    pub any_game_size_bytes: usize,
    /// Median time of one `observe` call (into a reused observation).
    pub observe_ns_median: f64,
    pub vec_env: VecReport,
}

/// Ticks a progress bar (in milliseconds) while waiting for a deadline.
struct Clock {
    start: Instant,
    budget: Duration,
    bar: ProgressBar,
}

impl Clock {
    fn new(budget: Duration, what: &str) -> Self {
        Clock {
            start: Instant::now(),
            budget,
            bar: progress::bar(budget.as_millis().max(1) as u64, what),
        }
    }
    /// Whether time is up; updates the bar.
    fn done(&self) -> bool {
        let e = self.start.elapsed();
        self.bar.set_position(e.as_millis() as u64);
        e >= self.budget
    }
    fn finish(self) -> f64 {
        self.bar.finish_and_clear();
        self.start.elapsed().as_secs_f64()
    }
}

/// One uniformly random legal action from `legal` (the caller guarantees it is not empty).
#[inline]
fn uniform(legal: &ActionSet, rng: &mut ChaCha8Rng) -> Action {
    let n = legal.len();
    legal.nth(rng.random_range(0..n.max(1))).unwrap_or(0)
}

/// Plays random games until the budget is spent; returns the counts and a sample of
/// mid-game states (for the clone and observation timings).
fn random_play(s: &BenchSettings, start: &AnyGame) -> (RandomPlay, Vec<AnyGame>) {
    let mut rng = ChaCha8Rng::seed_from_u64(s.seed);
    let (mut decisions, mut chance, mut games) = (0u64, 0u64, 0u64);
    let (mut done_decisions, mut done_chance) = (0u64, 0u64);
    let mut samples = Vec::new();
    let clock = Clock::new(s.duration, "random play");
    let mut steps = 0u64;
    'outer: loop {
        let mut g = start.clone();
        let (mut d, mut c) = (0u64, 0u64);
        loop {
            match g.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let a = g.chance_outcomes().sample(&mut rng);
                    g.apply_unchecked(a);
                    c += 1;
                }
                Turn::Player(_) => {
                    let legal = g.legal_actions();
                    let a = uniform(&legal, &mut rng);
                    g.apply_unchecked(a);
                    d += 1;
                    if samples.len() < 256 && d % 37 == 0 {
                        samples.push(g.clone());
                    }
                }
            }
            steps += 1;
            // Reading the clock costs more than a decision; look every 1024 actions.
            if steps & 1023 == 0 && clock.done() {
                decisions += d;
                chance += c;
                break 'outer;
            }
        }
        decisions += d;
        chance += c;
        done_decisions += d;
        done_chance += c;
        games += 1;
    }
    let secs = clock.finish();
    if samples.is_empty() {
        samples.push(start.clone());
    }
    let per_game = |x: u64| {
        if games > 0 {
            x as f64 / games as f64
        } else {
            0.0
        }
    };
    let report = RandomPlay {
        seconds: secs,
        decisions,
        chance_nodes: chance,
        games,
        decisions_per_sec: decisions as f64 / secs,
        chance_nodes_per_sec: chance as f64 / secs,
        games_per_sec: games as f64 / secs,
        mean_decisions_per_game: per_game(done_decisions),
        mean_chance_nodes_per_game: per_game(done_chance),
    };
    (report, samples)
}

/// Median nanoseconds per call of `f` over rounds of `per_round` calls each.
fn median_ns(rounds: usize, per_round: usize, mut f: impl FnMut(usize)) -> f64 {
    let mut times: Vec<f64> = (0..rounds)
        .map(|r| {
            let t = Instant::now();
            for k in 0..per_round {
                f(r * per_round + k);
            }
            t.elapsed().as_nanos() as f64 / per_round as f64
        })
        .collect();
    times.sort_by(|a, b| a.total_cmp(b));
    times[times.len() / 2]
}

fn vec_run(s: &BenchSettings, threads: usize) -> Result<VecRun> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .with_context(|| format!("cannot start a pool of {threads} threads"))?;
    let scenario = s.scenario.clone();
    let options = s.options;
    let config = VecEnvConfig {
        num_envs: s.envs,
        seed: s.seed,
        parallel: true,
        ..VecEnvConfig::default()
    };
    pool.install(|| -> Result<VecRun> {
        let mut v = VecEnv::new(move |_seed| scenario.new_game(&options), config);
        let mut rng = ChaCha8Rng::seed_from_u64(s.seed ^ threads as u64);
        let mut actions: Vec<Action> = vec![0; s.envs];
        let mut steps = 0u64;
        let clock = Clock::new(
            s.duration,
            &format!(
                "vectorised, {threads} thread{}",
                if threads > 1 { "s" } else { "" }
            ),
        );
        while !clock.done() {
            // From the batch's masks, as an RL user would: working each legal set out
            // again here would be serial work that the environments already did in
            // parallel.
            for (i, a) in actions.iter_mut().enumerate() {
                *a = uniform(&v.batch().legal_actions(i), &mut rng);
            }
            v.step(&actions)
                .context("the vectorised environment refused a legal action")?;
            steps += s.envs as u64;
        }
        let secs = clock.finish();
        Ok(VecRun {
            threads,
            seconds: secs,
            steps,
            steps_per_sec: steps as f64 / secs,
        })
    })
}

/// `size_of` the state of `g`'s own ruleset (not the enum around it).
pub fn state_size(g: &AnyGame) -> usize {
    g.state_size()
}

/// Measures everything.
pub fn measure(s: &BenchSettings) -> Result<BenchReport> {
    let start = s.scenario.new_game(&s.options);
    let (random, samples) = random_play(s, &start);
    let n = samples.len();
    let clone_ns = median_ns(101, 200, |k| {
        black_box(black_box(&samples[k % n]).clone());
    });
    let deciding: Vec<&AnyGame> = samples
        .iter()
        .filter(|g| g.current_player().is_some())
        .collect();
    let deciding = if deciding.is_empty() {
        vec![&start]
    } else {
        deciding
    };
    let mut obs = Observation::new(&start.spec().obs);
    let observe_ns = median_ns(51, 20, |k| {
        let g = deciding[k % deciding.len()];
        g.observe(g.current_player().unwrap_or(0), black_box(&mut obs));
    });
    let runs = vec![vec_run(s, 1)?, vec_run(s, 2)?];
    let speedup = if runs[0].steps_per_sec > 0.0 {
        runs[1].steps_per_sec / runs[0].steps_per_sec
    } else {
        0.0
    };
    Ok(BenchReport {
        ruleset: s.scenario.ruleset(),
        scenario: s.scenario.id().to_string(),
        seed: s.seed,
        resignation: s.options.resignation,
        available_parallelism: std::thread::available_parallelism().map_or(1, |n| n.get()),
        random_play: random,
        clone_ns_median: clone_ns,
        state_size_bytes: state_size(&start),
        any_game_size_bytes: std::mem::size_of::<AnyGame>(),
        observe_ns_median: observe_ns,
        vec_env: VecReport {
            num_envs: s.envs,
            runs,
            speedup_2_vs_1: speedup,
        },
    })
}

/// Runs `broadside bench`.
pub fn run(s: BenchSettings) -> Result<()> {
    if let Some(net) = &s.net {
        return run_net(&s, net);
    }
    let mut out = std::io::stdout().lock();
    let r = measure(&s)?;
    if s.json {
        return super::print_json(&r);
    }
    let p = &r.random_play;
    writeln!(
        out,
        "Benchmark of {} / {} (seed {}, resignation {})",
        r.ruleset,
        r.scenario,
        r.seed,
        if r.resignation { "allowed" } else { "off" }
    )?;
    writeln!(out, "Random play, one core, {:.2} s:", p.seconds)?;
    writeln!(
        out,
        "  {:>12.0} decisions/s   ({} decisions)",
        p.decisions_per_sec, p.decisions
    )?;
    writeln!(
        out,
        "  {:>12.0} chance nodes/s ({} chance nodes)",
        p.chance_nodes_per_sec, p.chance_nodes
    )?;
    writeln!(
        out,
        "  {:>12.2} games/s       ({} complete games)",
        p.games_per_sec, p.games
    )?;
    writeln!(
        out,
        "  {:>12.1} decisions and {:.1} chance nodes per game",
        p.mean_decisions_per_game, p.mean_chance_nodes_per_game
    )?;
    writeln!(
        out,
        "State: {} bytes ({} behind the ruleset enum); clone {:.0} ns (median)",
        r.state_size_bytes, r.any_game_size_bytes, r.clone_ns_median
    )?;
    writeln!(
        out,
        "Observation: {:.0} ns per call (median)",
        r.observe_ns_median
    )?;
    writeln!(
        out,
        "Vectorised environment, {} environments:",
        r.vec_env.num_envs
    )?;
    for v in &r.vec_env.runs {
        writeln!(
            out,
            "  {} thread{}: {:>12.0} steps/s ({} steps in {:.2} s)",
            v.threads,
            if v.threads > 1 { "s" } else { " " },
            v.steps_per_sec,
            v.steps,
            v.seconds
        )?;
    }
    writeln!(
        out,
        "  speedup of 2 threads over 1: {:.2}x ({} cores available)",
        r.vec_env.speedup_2_vs_1, r.available_parallelism
    )?;
    Ok(())
}

#[cfg(feature = "torch")]
fn run_net(s: &BenchSettings, net: &NetBenchSettings) -> Result<()> {
    let r = super::bench_net::measure(&s.scenario, net, s.duration.as_secs_f64(), s.seed)?;
    if s.json {
        return super::print_json(&r);
    }
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "Network of {} parameters on {} ({})",
        r.parameters,
        r.device,
        s.scenario.id()
    )?;
    for f in &r.forward {
        writeln!(
            out,
            "  batch {:>5}: {:>10.0} rows/s  {:>8.3} ms per pass",
            f.batch, f.rows_per_sec, f.ms_per_pass
        )?;
    }
    writeln!(
        out,
        "Self-play load, {} search threads, {} inference thread{}: {:.0} leaf evaluations/s, \
         mean batch fill {:.1}, queue {:.2} ms, forward passes {:.0}% of each inference \
         thread's wall time",
        r.selfplay_threads,
        r.inference_threads,
        if r.inference_threads > 1 { "s" } else { "" },
        r.leaf_evals_per_sec,
        r.mean_batch_fill,
        r.mean_queue_ms,
        100.0 * r.forward_share_of_wall
    )?;
    Ok(())
}

#[cfg(not(feature = "torch"))]
fn run_net(_: &BenchSettings, _: &NetBenchSettings) -> Result<()> {
    bail!(
        "this broadside was built without the `torch` feature, so it has no network to \
         measure; build it with scripts/train.sh (or `cargo build --release --features torch`)"
    )
}
