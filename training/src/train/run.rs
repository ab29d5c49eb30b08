//! The training loop and its run directory.
//!
//! ```text
//! RUN_DIR/config.toml      the resolved config (a run is reproduced or resumed from it)
//! RUN_DIR/state.json       counters, latest checkpoint, evaluations (written last)
//! RUN_DIR/checkpoints/     step-NNNNNNNN.safetensors, the last `checkpoint.keep` of them,
//!                          and optim-NNNNNNNN.safetensors, the optimiser of the latest
//! RUN_DIR/best.safetensors the best network so far (promoted by evaluation)
//! RUN_DIR/replay/          shard-NNNNNN.bin, one per iteration, oldest pruned
//! RUN_DIR/tb/              TensorBoard event files
//! ```
//!
//! An iteration: self-play games with the current network (one shard), gradient steps on
//! the replay window, a checkpoint every `checkpoint.every` iterations (written atomically,
//! then `state.json`, then old checkpoints pruned), and every `eval.every` iterations an
//! evaluation against the previous best and the fixed bots. Each file is complete or
//! absent at any instant, so `kill -9` loses at most the iteration in progress; `--resume`
//! reloads the latest checkpoint, the replay shards (including any written after the last
//! state) and the counters.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use broadside_agents::mcts::hash::mix;
use broadside_agents::tournament::{round_robin, standings, TournamentConfig};
use broadside_agents::AgentSpec;
use broadside_env::ruleset::{AnyGame, AnyScenario, GameOptions};
use broadside_env::{Game, GameSpec};
use broadside_models::infer::{InferenceServer, MetricsSnapshot};
use broadside_models::{Checkpoint, Network};
use tch::Device;

use super::board::Board;
use super::config::TrainConfig;
use super::replay::{list_shards, read_header, read_shard, shard_name, write_shard, ShardHeader};
use super::selfplay::{play_games, PhaseStats, Players};
use super::state::{EvalRecord, RunState};
use super::trainer::{iteration_rng, Trainer, Window};
use super::workers;
use crate::progress;

/// What `broadside train` was asked to do.
#[derive(Debug, Clone)]
pub struct TrainOptions {
    pub config: TrainConfig,
    pub run_dir: PathBuf,
    /// Continue the run in `run_dir` instead of starting one.
    pub resume: bool,
    /// Print nothing but errors (tests).
    pub quiet: bool,
}

/// The files of a run directory.
#[derive(Debug, Clone)]
pub struct RunPaths {
    pub dir: PathBuf,
}

impl RunPaths {
    pub fn config(&self) -> PathBuf {
        self.dir.join("config.toml")
    }
    pub fn state(&self) -> PathBuf {
        self.dir.join("state.json")
    }
    pub fn checkpoints(&self) -> PathBuf {
        self.dir.join("checkpoints")
    }
    /// The optimiser state saved with the step checkpoint named `checkpoint`.
    pub fn optimiser(&self, checkpoint: &str) -> PathBuf {
        self.checkpoints()
            .join(checkpoint.replacen("step-", "optim-", 1))
    }
    pub fn best(&self) -> PathBuf {
        self.dir.join("best.safetensors")
    }
    pub fn replay(&self) -> PathBuf {
        self.dir.join("replay")
    }
    pub fn tb(&self) -> PathBuf {
        self.dir.join("tb")
    }
}

/// The device named in the config.
pub fn pick_device(name: &str) -> Result<Device> {
    Ok(match name {
        "cpu" => Device::Cpu,
        "cuda" => {
            if !tch::Cuda::is_available() {
                bail!(
                    "device = \"cuda\" but CUDA is not available to this build (a GPU build \
                     needs the full torch wheel and `--features cuda`; see README)"
                );
            }
            Device::Cuda(0)
        }
        _ => Device::cuda_if_available(),
    })
}

pub(crate) fn shard_header(spec: &GameSpec) -> ShardHeader {
    let (rows, cols) = spec.obs.entity_shape();
    ShardHeader {
        ruleset: spec.name.to_string(),
        ruleset_version: spec.version,
        entity_shape: [rows, cols],
        global_len: spec.obs.global_features.len(),
        num_actions: spec.num_player_actions,
        samples: 0,
        games: 0,
        decisions: 0,
        networks: Default::default(),
    }
}

fn say(quiet: bool, text: impl AsRef<str>) {
    if !quiet {
        eprintln!("{}", text.as_ref());
    }
}

/// The config's scenario and the observation spec of its games.
pub(crate) fn scenario_of(cfg: &TrainConfig) -> Result<(AnyScenario, &'static GameSpec)> {
    let scenario = crate::select::scenario(
        &cfg.ruleset,
        (!cfg.scenario.is_empty()).then_some(cfg.scenario.as_str()),
    )?;
    let spec = scenario.new_game(&GameOptions::default()).spec();
    Ok((scenario, spec))
}

/// A run's first network: initialised from the run's seed, so a run (and a fit of its
/// shards, `broadside fit`) starts from the same weights every time.
pub(crate) fn fresh_network(
    cfg: &TrainConfig,
    spec: &'static GameSpec,
    device: Device,
) -> Result<Network> {
    tch::manual_seed(mix(cfg.seed, 0x1417) as i64);
    Network::new(spec, &cfg.net, device).map_err(anyhow::Error::msg)
}

/// Runs (or resumes) a training run until its iterations or minutes are spent.
pub fn run(opts: TrainOptions) -> Result<RunState> {
    broadside_models::loader::register();
    let cfg = &opts.config;
    let paths = RunPaths {
        dir: opts.run_dir.clone(),
    };
    let (scenario, spec) = scenario_of(cfg)?;
    // Checked before the run directory is touched, so a bad teacher leaves nothing behind.
    let players = Players::of(&cfg.selfplay, &scenario)?;
    let device = pick_device(&cfg.device)?;

    let mut state = if opts.resume {
        RunState::read(&paths.state())?.unwrap_or_default()
    } else {
        if paths.state().exists() || paths.config().exists() {
            bail!(
                "{} already holds a training run: resume it with `broadside train --resume {}` \
                 or choose another --run-dir",
                paths.dir.display(),
                paths.dir.display()
            );
        }
        RunState::default()
    };
    for d in [paths.dir.clone(), paths.checkpoints(), paths.replay()] {
        std::fs::create_dir_all(&d).with_context(|| format!("cannot create {}", d.display()))?;
    }
    crate::atomic::write_atomic(&paths.config(), cfg.to_toml().as_bytes())?;

    // The network: the latest checkpoint of a resumed run, else a fresh one.
    let net = match &state.latest {
        Some(name) => {
            let p = paths.checkpoints().join(name);
            let (net, meta) = Network::load(&p, spec, device)
                .with_context(|| format!("cannot resume from the checkpoint {}", p.display()))?;
            if net.config() != &cfg.net {
                bail!("the run's network config changed since {}", p.display());
            }
            state.train_step = meta.step;
            net
        }
        None => fresh_network(cfg, spec, device)?,
    };
    let mut trainer = Trainer::new(net, &cfg.train)?;
    if let Some(name) = &state.latest {
        let p = paths.optimiser(name);
        if p.exists() {
            trainer
                .load_optimiser(&p)
                .with_context(|| format!("cannot resume the optimiser from {}", p.display()))?;
        } else {
            say(
                opts.quiet,
                format!("note: no optimiser state beside {name}; its moments restart from zero"),
            );
        }
    }

    // The replay window from the shards on disk; shards written after the last state
    // (killed before its checkpoint) still count.
    let header = shard_header(spec);
    let mut window = Window::new(cfg.train.window);
    let shards = list_shards(&paths.replay())
        .with_context(|| format!("cannot list {}", paths.replay().display()))?;
    for (n, p) in &shards {
        let (h, samples) = read_shard(p, &header)?;
        if *n >= state.next_shard {
            state.games += h.games;
            state.decisions += h.decisions;
            state.samples += samples.len() as u64;
        }
        window.extend(samples);
    }
    if let Some((n, _)) = shards.last() {
        state.next_shard = state.next_shard.max(n + 1);
    }

    let mut board = Board::open(&paths.tb())?;
    say(
        opts.quiet,
        format!(
            "training {} on {} ({} parameters, {:?}); run directory {}\n\
             TensorBoard: tensorboard --logdir {}",
            spec.name,
            scenario.id(),
            trainer.net.num_parameters(),
            device,
            paths.dir.display(),
            paths.tb().display()
        ),
    );
    if opts.resume {
        say(
            opts.quiet,
            format!(
                "resuming at iteration {}, step {}, {} games, {} samples in the window",
                state.iteration,
                state.train_step,
                state.games,
                window.len()
            ),
        );
    }

    // With workers, the networks they play: the current one now, each new one after its
    // training (`published` lists the versions of this session, oldest first).
    let mut published: Vec<u64> = vec![state.train_step];
    if cfg.selfplay.workers {
        workers::publish(
            &paths.dir,
            &trainer.net,
            state.train_step,
            cfg.selfplay.teacher_share_at(state.iteration),
        )?;
    }
    let session = Instant::now();
    let seconds_before = state.seconds;
    let limit = (cfg.max_minutes > 0.0).then(|| Duration::from_secs_f64(cfg.max_minutes * 60.0));
    let target = (cfg.iterations > 0).then_some(cfg.iterations);
    while target.is_none_or(|t| state.iteration < t) && limit.is_none_or(|l| session.elapsed() < l)
    {
        let iteration = state.iteration;
        // Self-play with a copy of the current weights behind the inference server.
        // Expert iteration first, then self-play: the teacher's share of this iteration.
        let selfplay = super::config::SelfPlayConfig {
            teacher_share: cfg.selfplay.teacher_share_at(iteration),
            ..cfg.selfplay.clone()
        };
        let (samples, stats, m, taken) = if cfg.selfplay.workers {
            // The games of `broadside selfplay` workers, made by a network at most
            // `max_lag` publications old.
            let lag = usize::try_from(cfg.selfplay.max_lag).unwrap_or(usize::MAX);
            let min_version = published[published.len().saturating_sub(lag.saturating_add(1))];
            let start = Instant::now();
            let deadline = limit.map(|l| session + l);
            let Some(mut c) = workers::collect(
                &paths.dir,
                &header,
                cfg.selfplay.games_per_iteration,
                min_version,
                deadline,
            )?
            else {
                break;
            };
            let stats = PhaseStats {
                games: c.games,
                decisions: c.decisions,
                samples: c.samples.len() as u64,
                seconds: start.elapsed().as_secs_f64(),
                ..PhaseStats::default()
            };
            if c.stale > 0 {
                say(
                    opts.quiet,
                    format!(
                        "  dropped {} games of networks older than {min_version}",
                        c.stale
                    ),
                );
            }
            let samples = std::mem::take(&mut c.samples);
            (samples, stats, MetricsSnapshot::default(), Some(c))
        } else {
            let (samples, stats, m) = play_local(
                cfg, &selfplay, &scenario, &players, &trainer, device, iteration, opts.quiet,
            );
            (samples, stats, m, None)
        };
        let mut h = header.clone();
        h.games = stats.games;
        h.decisions = stats.decisions;
        if let Some(c) = &taken {
            h.networks = c.networks.clone();
        }
        let shard = paths.replay().join(shard_name(state.next_shard));
        write_shard(&shard, &h, &samples)?;
        if let Some(c) = &taken {
            c.consume(&paths.dir)?;
        }
        state.next_shard += 1;
        state.games += stats.games;
        state.decisions += stats.decisions;
        state.samples += samples.len() as u64;
        window.extend(samples);
        prune_shards(&paths.replay(), cfg.train.window)?;

        // Training.
        let steps = cfg.train.steps_per_iteration;
        let bar = bar_or_hidden(
            opts.quiet,
            steps as u64,
            format!("iteration {} training", iteration + 1),
        );
        let mut rng = iteration_rng(cfg.seed, iteration, 0x7EA1);
        let losses = trainer.train(&window, steps, &mut rng, |_| bar.inc(1));
        bar.finish_and_clear();
        state.train_step += losses.steps;
        state.iteration += 1;
        if cfg.selfplay.workers && published.last() != Some(&state.train_step) {
            workers::publish(
                &paths.dir,
                &trainer.net,
                state.train_step,
                cfg.selfplay.teacher_share_at(state.iteration),
            )?;
            published.push(state.train_step);
        }
        state.seconds = seconds_before + session.elapsed().as_secs_f64();

        let step = state.train_step;
        log_iteration(&mut board, step, &stats, &m, &losses);
        if let Some(score) = stats.sparring_mean() {
            say(
                opts.quiet,
                format!(
                    "  against {}: {:.0}% over {} games",
                    cfg.selfplay.sparring,
                    100.0 * score,
                    stats.sparring_games
                ),
            );
        }
        say(
            opts.quiet,
            format!(
                "iteration {:>4}  step {:>7}  games {:>6}  policy loss {:.3} (agrees {:.0}%)  value loss {:.3}  \
                 {:.1} games/s  {:.0} leaf evals/s  batch fill {:.1}",
                state.iteration,
                step,
                state.games,
                losses.policy_loss,
                100.0 * losses.policy_agreement,
                losses.value_loss,
                stats.games as f64 / stats.seconds.max(1e-9),
                m.rows as f64 / stats.seconds.max(1e-9),
                m.mean_batch()
            ),
        );

        let last = target == Some(state.iteration) || limit.is_some_and(|l| session.elapsed() >= l);
        let evaluate = cfg.eval.every > 0 && state.iteration.is_multiple_of(cfg.eval.every);
        if last || evaluate || state.iteration.is_multiple_of(cfg.checkpoint.every) {
            let name = format!("step-{step:08}.safetensors");
            let ckpt = paths.checkpoints().join(&name);
            trainer.net.save(&ckpt, step)?;
            trainer.save_optimiser(&paths.optimiser(&name))?;
            if evaluate {
                let record =
                    evaluate_checkpoint(cfg, &scenario, &paths, &ckpt, &state, opts.quiet)?;
                log_eval(&mut board, step, cfg, &record);
                if record.promoted {
                    state.best_step = Some(step);
                }
                state.evals.push(record);
            } else if !paths.best().exists() {
                copy_atomic(&ckpt, &paths.best())?;
                state.best_step = Some(step);
            }
            state.latest = Some(name);
            state.write(&paths.state())?;
            prune_checkpoints(
                &paths.checkpoints(),
                cfg.checkpoint.keep,
                state.latest.as_deref(),
            )?;
            prune_optimisers(&paths, state.latest.as_deref())?;
            board.flush();
        }
    }
    board.close();
    if cfg.selfplay.workers {
        workers::publish_stop(&paths.dir)?;
    }
    say(
        opts.quiet,
        format!(
            "stopped at iteration {}, step {}; best network {}",
            state.iteration,
            state.train_step,
            paths.best().display()
        ),
    );
    Ok(state)
}

/// One iteration's games played here: a copy of the trainer's weights behind an inference
/// server, `games_per_iteration` games on `games_in_flight` threads. Returns their samples
/// in game order, the phase's totals and the server's counters.
#[allow(clippy::too_many_arguments)]
fn play_local(
    cfg: &TrainConfig,
    selfplay: &super::config::SelfPlayConfig,
    scenario: &AnyScenario,
    players: &Players,
    trainer: &Trainer,
    device: Device,
    iteration: u64,
    quiet: bool,
) -> (Vec<super::replay::Sample>, PhaseStats, MetricsSnapshot) {
    let server = InferenceServer::start_many(
        (0..cfg.selfplay.inference_threads)
            .map(|_| trainer.net.duplicate(device))
            .collect(),
        // One request per forward pass: every request has at least one row.
        if cfg.selfplay.deterministic {
            1
        } else {
            cfg.selfplay.max_batch
        },
        Duration::from_micros(cfg.selfplay.max_wait_us),
    );
    let metrics = server.metrics();
    let seeds: Vec<u64> = (0..cfg.selfplay.games_per_iteration as u64)
        .map(|g| mix(mix(cfg.seed, 0x5E1F + iteration), g))
        .collect();
    let bar = bar_or_hidden(
        quiet,
        seeds.len() as u64,
        format!("iteration {} self-play", iteration + 1),
    );
    let (games, stats) = play_games(
        scenario,
        selfplay,
        players,
        &server.client(),
        &seeds,
        cfg.selfplay.games_in_flight,
        &|_| bar.inc(1),
    );
    bar.finish_and_clear();
    let m = metrics.snapshot();
    drop(server.stop());

    let samples: Vec<_> = games.into_iter().flat_map(|g| g.samples).collect();
    (samples, stats, m)
}

fn bar_or_hidden(quiet: bool, len: u64, msg: String) -> indicatif::ProgressBar {
    if quiet {
        indicatif::ProgressBar::hidden()
    } else {
        progress::bar(len, msg)
    }
}

fn log_iteration(
    board: &mut Board,
    step: u64,
    s: &PhaseStats,
    m: &broadside_models::infer::MetricsSnapshot,
    l: &super::trainer::LossStats,
) {
    let secs = s.seconds.max(1e-9);
    let per_game = |n: u64| n as f64 / s.games.max(1) as f64;
    board.scalar("loss/policy", l.policy_loss, step);
    board.scalar("loss/value", l.value_loss, step);
    board.scalar("loss/total", l.policy_loss + l.value_loss, step);
    board.scalar("policy/entropy", l.entropy, step);
    board.scalar("value/accuracy", l.value_accuracy, step);
    board.scalar("policy/agreement", l.policy_agreement, step);
    board.scalar("selfplay/games_per_second", s.games as f64 / secs, step);
    board.scalar(
        "selfplay/simulations_per_second",
        s.simulations as f64 / secs,
        step,
    );
    board.scalar("selfplay/leaf_evals_per_second", m.rows as f64 / secs, step);
    board.scalar("selfplay/game_length", per_game(s.decisions), step);
    board.scalar("selfplay/resigned_share", per_game(s.resigned), step);
    board.scalar("selfplay/cut_share", per_game(s.cut), step);
    board.scalar("selfplay/teacher_share", per_game(s.teacher_games), step);
    if let Some(score) = s.sparring_mean() {
        board.scalar("selfplay/sparring_share", per_game(s.sparring_games), step);
        board.scalar("selfplay/sparring_score", score, step);
    }
    board.scalar("selfplay/side0_win_share", per_game(s.side0_wins), step);
    board.scalar("inference/mean_batch_fill", m.mean_batch(), step);
    board.scalar("inference/queue_latency_ms", m.mean_queue_ms(), step);
    board.scalar(
        "inference/forward_ms",
        m.forward_ns as f64 / m.batches.max(1) as f64 / 1e6,
        step,
    );
}

fn log_eval(board: &mut Board, step: u64, cfg: &TrainConfig, r: &EvalRecord) {
    for (bot, elo) in cfg.eval.bots.iter().zip(&r.elo_vs_bots) {
        board.scalar(&format!("elo/vs_{}", bot.replace(':', "_")), *elo, step);
    }
    if !r.elo_vs_bots.is_empty() {
        let mean = r.elo_vs_bots.iter().sum::<f64>() / r.elo_vs_bots.len() as f64;
        board.scalar("elo/mean_vs_bots", mean, step);
    }
    if let Some(s) = r.vs_best {
        board.scalar("eval/score_vs_best", s, step);
    }
}

/// Elo difference of a score (clamped so a clean sweep stays finite).
pub fn elo_of_score(score: f64) -> f64 {
    let s = score.clamp(0.01, 0.99);
    400.0 * (s / (1.0 - s)).log10()
}

/// Plays the checkpoint against the previous best and the fixed bots; promotes it when it
/// scores `promote_score` against the best (or when there is no best yet).
fn evaluate_checkpoint(
    cfg: &TrainConfig,
    scenario: &AnyScenario,
    paths: &RunPaths,
    ckpt: &Path,
    state: &RunState,
    quiet: bool,
) -> Result<EvalRecord> {
    let sc = scenario.clone();
    let new_game =
        move |_seed: u64| -> AnyGame { sc.new_game(&GameOptions { resignation: false }) };
    let net_spec: AgentSpec = format!("net:path={},sims={}", ckpt.display(), cfg.eval.sims)
        .parse()
        .context("the evaluation spec of the checkpoint")?;
    let mut opponents: Vec<String> = cfg.eval.bots.clone();
    let has_best = paths.best().exists();
    if has_best {
        opponents.push(format!(
            "net:path={},sims={}",
            paths.best().display(),
            cfg.eval.sims
        ));
    }
    let total = (opponents.len() * 2 * cfg.eval.pairs) as u64;
    let bar = bar_or_hidden(
        quiet,
        total,
        format!("evaluating step {}", state.train_step),
    );
    let mut scores = Vec::new();
    for (k, opp) in opponents.iter().enumerate() {
        let specs = vec![net_spec.clone(), opp.parse::<AgentSpec>()?];
        let tcfg = TournamentConfig {
            pairs_per_pairing: cfg.eval.pairs,
            seed: mix(mix(cfg.seed, 0xE7A1 + state.iteration), k as u64),
            max_decisions: Some(cfg.eval.max_decisions),
        };
        let games = round_robin::<AnyGame>(&new_game, &specs, &tcfg, &|_| bar.inc(1))?;
        let st = standings(2, &games);
        scores.push((opp.clone(), st[0].score, st[0].games));
    }
    bar.finish_and_clear();
    let n_bots = cfg.eval.bots.len();
    let elo_vs_bots: Vec<f64> = scores[..n_bots].iter().map(|s| elo_of_score(s.1)).collect();
    let vs_best = has_best.then(|| scores[n_bots].1);
    let promoted = state.promotes(vs_best, &scores, n_bots, cfg.eval.promote_score);
    if promoted {
        copy_atomic(ckpt, &paths.best())?;
    }
    if !quiet {
        let parts: Vec<String> = scores
            .iter()
            .map(|(o, s, g)| format!("{:.0}% vs {o} ({g} games)", 100.0 * s))
            .collect();
        eprintln!(
            "evaluation at step {}: {}{}",
            state.train_step,
            parts.join(", "),
            if promoted { "; promoted to best" } else { "" }
        );
    }
    Ok(EvalRecord {
        iteration: state.iteration,
        train_step: state.train_step,
        scores: scores.clone(),
        elo_vs_bots,
        vs_best,
        promoted,
    })
}

/// Copies a checkpoint atomically (after checking it reads back whole).
fn copy_atomic(from: &Path, to: &Path) -> Result<()> {
    let bytes = std::fs::read(from).with_context(|| format!("cannot read {}", from.display()))?;
    Checkpoint::from_bytes(&bytes, from)?;
    crate::atomic::write_atomic(to, &bytes)
}

/// Deletes all but the newest `keep` step checkpoints (never `current`).
fn prune_checkpoints(dir: &Path, keep: usize, current: Option<&str>) -> Result<()> {
    let mut names: Vec<String> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with("step-") && n.ends_with(".safetensors"))
        .collect();
    names.sort();
    let excess = names.len().saturating_sub(keep);
    for n in names.into_iter().take(excess) {
        if Some(n.as_str()) != current {
            std::fs::remove_file(dir.join(&n))
                .with_context(|| format!("cannot remove an old checkpoint {n}"))?;
        }
    }
    Ok(())
}

/// Deletes every optimiser state but the latest checkpoint's (only a resume reads one).
fn prune_optimisers(paths: &RunPaths, latest: Option<&str>) -> Result<()> {
    let keep = latest.map(|n| paths.optimiser(n));
    for e in std::fs::read_dir(paths.checkpoints())? {
        let p = e?.path();
        let is_optim = p
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("optim-") && n.ends_with(".safetensors"));
        if is_optim && Some(&p) != keep.as_ref() {
            std::fs::remove_file(&p)
                .with_context(|| format!("cannot remove an old optimiser state {}", p.display()))?;
        }
    }
    Ok(())
}

/// Deletes the oldest shards once the newer ones alone fill the window.
fn prune_shards(dir: &Path, window: usize) -> Result<()> {
    let shards = list_shards(dir)?;
    let mut newer = 0usize;
    for (i, (_, p)) in shards.iter().enumerate().rev() {
        if newer >= window {
            for (_, old) in &shards[..=i] {
                std::fs::remove_file(old)
                    .with_context(|| format!("cannot remove an old shard {}", old.display()))?;
            }
            break;
        }
        newer += read_header(p)?.samples;
    }
    Ok(())
}
