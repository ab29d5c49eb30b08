//! The training run's configuration: one TOML file, `--set key=value` overrides on top, and
//! the resolved result written into the run directory (`config.toml`) so the run can be
//! reproduced or resumed from it alone. Unknown keys are errors, so a typo never silently
//! falls back to a default.

use std::path::Path;

use anyhow::{bail, Context, Result};
use broadside_models::NetConfig;
use serde::{Deserialize, Serialize};

/// Everything a training run needs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TrainConfig {
    /// Ruleset (`broadside rules`).
    pub ruleset: String,
    /// Scenario id or file; empty means the ruleset's default.
    pub scenario: String,
    /// Seed of every random choice of the run (games, dice, search, minibatches).
    pub seed: u64,
    /// Iterations (self-play, then training) to run; 0 means until stopped.
    pub iterations: u64,
    /// Stop after this many minutes of wall time (0: no limit); checked between iterations.
    pub max_minutes: f64,
    /// `cpu`, `cuda` or `auto` (CUDA when available).
    pub device: String,
    pub net: NetConfig,
    pub selfplay: SelfPlayConfig,
    pub train: OptimConfig,
    pub checkpoint: CheckpointConfig,
    pub eval: EvalConfig,
}

/// Self-play settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SelfPlayConfig {
    /// Games played per iteration.
    pub games_per_iteration: usize,
    /// Games in flight at once (one thread each, sharing the inference server).
    pub games_in_flight: usize,
    /// Simulations of a full search (the ones recorded as policy targets).
    pub sims: u64,
    /// Playout-cap randomisation: the share of decisions searched fully; the others use
    /// `fast_sims` and give no policy target. 1.0 turns it off.
    pub full_search_share: f64,
    pub fast_sims: u64,
    /// Root selection: `dirichlet` (PUCT with Dirichlet noise) or `gumbel`.
    pub root: String,
    pub dirichlet_alpha: f64,
    pub dirichlet_fraction: f64,
    /// PUCT exploration constant.
    pub c_puct: f64,
    /// Leaves a search gathers per request to the inference server.
    pub leaves_per_request: usize,
    /// Rows that trigger a forward pass at once (when not `deterministic`).
    pub max_batch: usize,
    /// Bit-reproducible self-play: the inference server runs each search's request as its
    /// own forward pass, so no result depends on which other games' leaves shared a batch
    /// (thread timing). Costs little on a CPU (batches of `leaves_per_request` rows); turn
    /// it off on a GPU, where large batches across games are the point.
    pub deterministic: bool,
    /// Longest wait (microseconds) for a batch to fill before a forward pass.
    pub max_wait_us: u64,
    /// Inference threads, each with its own copy of the network, taking turns at one
    /// queue. 1 on a CPU; on a GPU several keep it busy while each launches its kernels.
    pub inference_threads: usize,
    /// Decisions played by sampling the search policy (exploration) before playing its
    /// most visited action.
    pub sample_moves: usize,
    /// A side resigns when its search's root value stays below `-resign_threshold` for
    /// `resign_after` consecutive decisions (0 disables resignation).
    pub resign_threshold: f64,
    /// Consecutive hopeless decisions before a resignation.
    pub resign_after: usize,
    /// Share of games where resignation is disabled (to check it is not premature).
    pub resign_disabled_share: f64,
    /// Cut a game after this many decisions; its value target is 0 (a draw).
    pub max_decisions: usize,
    /// The value target: `(1 - λ)·z + λ·q`, z the game's result for the mover and q the
    /// search's value of the move it chose. 0 is AlphaZero's pure result. Some q makes the
    /// value head smoother and consistent between the phases of a turn (orders, aim, load),
    /// where a result alone, shared by hundreds of decisions of one game, is mostly noise.
    pub value_from_search: f64,
    /// The result z of a game that ends level (a draw, or cut at `max_decisions`) in the
    /// value target: `w·h`, h the ruleset's heuristic value (`broadside rules`'
    /// `value=default`) for the mover of the last position a player decided at, w this
    /// share; 0 keeps a draw at 0. In a duel that mostly ends drawn (nobody closes before
    /// the clock), a result of 0 for every decision leaves the value head nothing to learn;
    /// the material at the end still says who was winning. When set, the heuristic is read
    /// at every decision (the last before the end is not known until the end), which is
    /// small beside the search each decision runs.
    pub drawn_value_from_heuristic: f64,
    /// Expert iteration: an `mcts:` agent spec (e.g. `mcts:sims=1000,model=best,
    /// value=position`) or a `portfolio:` one (e.g. `portfolio:model=rake-seeker,sims=64`)
    /// that plays both sides of a `teacher_share` of the games instead of
    /// the network, its search policy recorded as the target at every decision. Empty: none
    /// (pure self-play). A heuristic-guided teacher gives the young network sharp targets
    /// that a 64-simulation search over an untrained network cannot.
    pub teacher: String,
    /// Share of games the teacher plays (when `teacher` is set), during the first
    /// `teacher_iterations`.
    pub teacher_share: f64,
    /// Iterations that keep the teacher's full `teacher_share` (0: every iteration, the
    /// teacher never leaves). Expert iteration first, then self-play: the network learns
    /// the teacher's play from its sharp targets, and its own searches take over so it can
    /// go past the teacher.
    pub teacher_iterations: u64,
    /// Iterations after `teacher_iterations` over which the teacher's share falls
    /// linearly to 0 (0: at once).
    pub teacher_fade: u64,
    /// The policy target of a teacher decision: `choice` (0.9 on the action the teacher
    /// chose, 0.1 spread as its search policy) or `policy` (its search policy as is; a
    /// portfolio's is its doctrines' distinct proposals in equal shares). At
    /// hidden simultaneous orders a search's average strategy is close to uniform even when
    /// its choice is good, so `choice` carries far more of what the teacher knows.
    pub teacher_target: String,
    /// A fixed opponent (an agent spec without a network: `bot:line-of-battle`, `random`,
    /// a heuristic `mcts:` search) that takes one side, drawn at random, of a
    /// `sparring_share` of the games; the other side is the learner (the teacher or the
    /// network), which plays its search's choice from the first move (no `sample_moves`),
    /// and only its decisions become samples. Empty: none. Games against the
    /// bot the network is rated by teach it how that bot is beaten, which self-play
    /// between strong players of an asymmetric scenario (the weaker side nearly always
    /// loses) never shows.
    pub sparring: String,
    /// Share of games played against `sparring` (when set).
    pub sparring_share: f64,
    /// Take each iteration's games from `broadside selfplay` workers (the Python package's
    /// Ray driver starts them; docs/training.md) instead of playing them here: the trainer
    /// publishes each new network to `RUN_DIR/network/` and waits for
    /// `games_per_iteration` games in `RUN_DIR/workers/`.
    pub workers: bool,
    /// With `workers`: the oldest network whose games an iteration takes, in publications
    /// before the newest (0: only the newest; older games are dropped).
    pub max_lag: u64,
}

impl SelfPlayConfig {
    /// The teacher's share of the games of iteration `iteration` (counted from 0):
    /// `teacher_share` for the first `teacher_iterations`, then falling linearly to 0
    /// over `teacher_fade` iterations.
    pub fn teacher_share_at(&self, iteration: u64) -> f64 {
        if self.teacher_iterations == 0 || iteration < self.teacher_iterations {
            return self.teacher_share;
        }
        let past = iteration - self.teacher_iterations;
        if past >= self.teacher_fade {
            return 0.0;
        }
        self.teacher_share * (1.0 - (past + 1) as f64 / (self.teacher_fade + 1) as f64)
    }

    /// The teacher's agent spec, checked: an `mcts:` or `portfolio:` spec that needs no
    /// network, so the teacher's games cost no inference and its targets do not depend on
    /// the network.
    pub fn teacher_spec(&self) -> Result<Option<broadside_agents::AgentSpec>> {
        let Some(spec) = network_free_spec("teacher", &self.teacher)? else {
            return Ok(None);
        };
        if !matches!(
            spec,
            broadside_agents::AgentSpec::Mcts { .. } | broadside_agents::AgentSpec::Portfolio(_)
        ) {
            bail!(
                "selfplay.teacher `{}` is not a search: give an `mcts:` or `portfolio:` \
                 spec, e.g. mcts:sims=1000,model=best,value=position",
                self.teacher
            );
        }
        Ok(Some(spec))
    }

    /// The sparring partner's agent spec, checked: any agent that needs no network (a
    /// network opponent would share the inference server and the learner's weights).
    pub fn sparring_spec(&self) -> Result<Option<broadside_agents::AgentSpec>> {
        network_free_spec("sparring", &self.sparring)
    }
}

/// The agent spec `text` of the key `selfplay.KEY` (`None` when empty), checked by
/// building it: an agent that plays without a network.
fn network_free_spec(key: &str, text: &str) -> Result<Option<broadside_agents::AgentSpec>> {
    use broadside_agents::{spec::EvalSpec, AgentSpec};
    if text.is_empty() {
        return Ok(None);
    }
    let context = || format!("selfplay.{key}: `{text}`");
    let spec = text.parse::<AgentSpec>().with_context(context)?;
    if let AgentSpec::Mcts {
        eval: EvalSpec::Net { .. },
        ..
    } = &spec
    {
        bail!(
            "selfplay.{key} `{text}` plays with a network; it must play without one: \
             random, bot:NAME or an mcts: search with a heuristic or rollout leaf"
        );
    }
    spec.build::<broadside_env::ruleset::AnyGame>(0)
        .with_context(context)?;
    Ok(Some(spec))
}

/// Optimiser settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct OptimConfig {
    pub batch_size: usize,
    /// Gradient steps per iteration.
    pub steps_per_iteration: usize,
    pub learning_rate: f64,
    pub weight_decay: f64,
    pub value_weight: f64,
    /// Train on the most recent samples only (a sliding window over the replay shards).
    pub window: usize,
}

/// Checkpoint settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CheckpointConfig {
    /// Write a checkpoint every this many iterations (and always at the end).
    pub every: u64,
    /// Keep the last this many step checkpoints.
    pub keep: usize,
}

/// Evaluation settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct EvalConfig {
    /// Evaluate every this many iterations (0: never).
    pub every: u64,
    /// Game pairs (sides swapped) against each opponent.
    pub pairs: usize,
    /// The fixed opponents (agent specs).
    pub bots: Vec<String>,
    /// Simulations of the network's search in evaluation games.
    pub sims: u64,
    /// Score against the previous best needed to become the new best (an even score, at
    /// least 0.5, also promotes when the mean score against the fixed bots is higher than
    /// the best's was).
    pub promote_score: f64,
    /// Cut evaluation games after this many decisions (draws).
    pub max_decisions: usize,
}

impl Default for TrainConfig {
    fn default() -> Self {
        Self {
            ruleset: broadside_env::ruleset::DEFAULT_RULESET.into(),
            scenario: "frigate-duel".into(),
            seed: 1,
            iterations: 0,
            max_minutes: 0.0,
            device: "auto".into(),
            net: NetConfig::default(),
            selfplay: SelfPlayConfig::default(),
            train: OptimConfig::default(),
            checkpoint: CheckpointConfig::default(),
            eval: EvalConfig::default(),
        }
    }
}

impl Default for SelfPlayConfig {
    fn default() -> Self {
        Self {
            games_per_iteration: 32,
            games_in_flight: 16,
            sims: 64,
            full_search_share: 0.25,
            fast_sims: 16,
            root: "dirichlet".into(),
            dirichlet_alpha: 0.3,
            dirichlet_fraction: 0.25,
            c_puct: 1.5,
            leaves_per_request: 8,
            max_batch: 256,
            deterministic: true,
            max_wait_us: 500,
            inference_threads: 1,
            sample_moves: 30,
            resign_threshold: 0.9,
            resign_after: 8,
            resign_disabled_share: 0.2,
            max_decisions: 3000,
            value_from_search: 0.0,
            drawn_value_from_heuristic: 0.0,
            teacher: String::new(),
            teacher_share: 1.0,
            teacher_iterations: 0,
            teacher_fade: 0,
            teacher_target: "choice".into(),
            sparring: String::new(),
            sparring_share: 0.5,
            workers: false,
            max_lag: 1,
        }
    }
}

impl Default for OptimConfig {
    fn default() -> Self {
        Self {
            batch_size: 256,
            steps_per_iteration: 100,
            learning_rate: 1e-3,
            weight_decay: 1e-4,
            value_weight: 1.0,
            window: 50_000,
        }
    }
}

impl Default for CheckpointConfig {
    fn default() -> Self {
        Self { every: 1, keep: 5 }
    }
}

impl Default for EvalConfig {
    fn default() -> Self {
        Self {
            every: 5,
            pairs: 10,
            bots: vec!["random".into(), "bot:line-of-battle".into()],
            sims: 64,
            promote_score: 0.55,
            max_decisions: 5000,
        }
    }
}

/// The largest `max_minutes`: about 1900 years, far inside what a `Duration` holds.
const MAX_MINUTES: f64 = 1e9;

impl TrainConfig {
    /// Reads `path` (if any) as TOML, applies `overrides` (`key.path=value`, the value in
    /// TOML syntax or a bare string) and checks the result.
    pub fn load(path: Option<&Path>, overrides: &[String]) -> Result<Self> {
        let mut doc = match path {
            Some(p) => {
                let (_, text) = broadside_env::data_files::read_text_limited(
                    p,
                    broadside_env::data_files::CONFIG_FILE_LIMIT,
                )
                .with_context(|| format!("cannot read the config file {}", p.display()))?;
                text.parse::<toml::Table>()
                    .with_context(|| format!("{} is not valid TOML", p.display()))?
            }
            None => toml::Table::new(),
        };
        for o in overrides {
            apply_override(&mut doc, o)?;
        }
        let cfg: TrainConfig = toml::Value::Table(doc).try_into().map_err(|e| {
            anyhow::anyhow!(
                "bad training config{}: {e}",
                path.map(|p| format!(" in {}", p.display()))
                    .unwrap_or_default()
            )
        })?;
        cfg.validate()?;
        Ok(cfg)
    }

    /// The resolved config as TOML text (what `config.toml` in a run directory holds).
    pub fn to_toml(&self) -> String {
        toml::to_string_pretty(self).expect("the config serialises")
    }

    /// Checks values the types cannot.
    pub fn validate(&self) -> Result<()> {
        let s = &self.selfplay;
        let t = &self.train;
        // The same resolution the run makes: an unknown ruleset or scenario is refused
        // now, not after the run directory is set up.
        crate::select::ruleset_info(&self.ruleset).context("ruleset")?;
        crate::select::scenario(
            &self.ruleset,
            (!self.scenario.is_empty()).then_some(self.scenario.as_str()),
        )
        .context("scenario")?;
        if !self.max_minutes.is_finite() || self.max_minutes < 0.0 {
            bail!(
                "max_minutes must be a number of minutes, at least 0 (0: no limit), not {}",
                self.max_minutes
            );
        }
        // The run turns it into a `Duration`, which holds about 5e17 minutes.
        if self.max_minutes > MAX_MINUTES {
            bail!(
                "max_minutes {:e} is too large (at most {MAX_MINUTES:e}; 0 means no limit)",
                self.max_minutes
            );
        }
        if let Err(e) = self.net.validate() {
            bail!("net: {e}");
        }
        if !matches!(self.device.as_str(), "cpu" | "cuda" | "auto") {
            bail!("device must be cpu, cuda or auto, not `{}`", self.device);
        }
        if !matches!(s.root.as_str(), "dirichlet" | "gumbel") {
            bail!(
                "selfplay.root must be dirichlet or gumbel, not `{}`",
                s.root
            );
        }
        if s.games_per_iteration == 0 || s.games_in_flight == 0 {
            bail!("selfplay.games_per_iteration and games_in_flight must be at least 1");
        }
        if s.sims < 2 || s.fast_sims < 1 {
            bail!("selfplay.sims must be at least 2 and fast_sims at least 1");
        }
        if !(0.0..=1.0).contains(&s.full_search_share) || s.full_search_share == 0.0 {
            bail!("selfplay.full_search_share must be in (0, 1]");
        }
        if !(0.0..=1.0).contains(&s.dirichlet_fraction) {
            bail!(
                "selfplay.dirichlet_fraction must be in [0, 1], not {}",
                s.dirichlet_fraction
            );
        }
        if !s.dirichlet_alpha.is_finite() || s.dirichlet_alpha <= 0.0 {
            bail!(
                "selfplay.dirichlet_alpha must be a positive number, not {}",
                s.dirichlet_alpha
            );
        }
        if !s.c_puct.is_finite() || s.c_puct < 0.0 {
            bail!(
                "selfplay.c_puct must be a number at least 0, not {}",
                s.c_puct
            );
        }
        // Root values are in [-1, 1]: a side resigns below -resign_threshold (0: never).
        if !(0.0..=1.0).contains(&s.resign_threshold) {
            bail!(
                "selfplay.resign_threshold must be in [0, 1] (0: never resign), not {}",
                s.resign_threshold
            );
        }
        if !(0.0..=1.0).contains(&s.resign_disabled_share) {
            bail!(
                "selfplay.resign_disabled_share must be in [0, 1], not {}",
                s.resign_disabled_share
            );
        }
        if s.max_decisions == 0 || s.max_batch == 0 || s.leaves_per_request == 0 {
            bail!("selfplay.max_decisions, max_batch and leaves_per_request must be positive");
        }
        if !(1..=64).contains(&s.inference_threads) {
            bail!(
                "selfplay.inference_threads must be between 1 and 64, not {}",
                s.inference_threads
            );
        }
        // Each agent of the config is checked against the run's own ruleset, as `play` and
        // `arena` check theirs: a name of the other ruleset is refused, not replaced.
        if let Some(spec) = s.teacher_spec()? {
            crate::select::check_spec(&spec, &self.ruleset)
                .with_context(|| format!("selfplay.teacher: `{}`", s.teacher))?;
        }
        if !matches!(s.teacher_target.as_str(), "choice" | "policy") {
            bail!(
                "selfplay.teacher_target must be choice or policy, not `{}`",
                s.teacher_target
            );
        }
        if !(0.0..=1.0).contains(&s.value_from_search) {
            bail!("selfplay.value_from_search must be in [0, 1]");
        }
        if !(0.0..=1.0).contains(&s.drawn_value_from_heuristic) {
            bail!("selfplay.drawn_value_from_heuristic must be in [0, 1]");
        }
        if !(0.0..=1.0).contains(&s.teacher_share) {
            bail!("selfplay.teacher_share must be in [0, 1]");
        }
        if let Some(spec) = s.sparring_spec()? {
            crate::select::check_spec(&spec, &self.ruleset)
                .with_context(|| format!("selfplay.sparring: `{}`", s.sparring))?;
        }
        if !(0.0..=1.0).contains(&s.sparring_share) {
            bail!("selfplay.sparring_share must be in [0, 1]");
        }
        if t.batch_size == 0 || t.window == 0 {
            bail!("train.batch_size and window must be at least 1");
        }
        for (key, v, hi) in [
            ("batch_size", t.batch_size, 1 << 16),
            ("steps_per_iteration", t.steps_per_iteration, 1_000_000),
            ("window", t.window, 100_000_000),
        ] {
            if !(1..=hi).contains(&v) {
                bail!("train.{key} must be a whole number from 1 to {hi}, not {v}");
            }
        }
        if !t.learning_rate.is_finite() || t.learning_rate <= 0.0 || t.learning_rate > 1.0 {
            bail!(
                "train.learning_rate must be a number above 0 and at most 1 (typically 1e-4 to 1e-2), not {}",
                t.learning_rate
            );
        }
        for (key, v, hi) in [
            ("weight_decay", t.weight_decay, 1.0),
            ("value_weight", t.value_weight, 1000.0),
        ] {
            if !v.is_finite() || v < 0.0 || v > hi {
                bail!("train.{key} must be a number from 0 to {hi}, not {v}");
            }
        }
        if self.checkpoint.every == 0 || self.checkpoint.keep == 0 {
            bail!("checkpoint.every and checkpoint.keep must be at least 1");
        }
        if self.eval.every > 0 && (self.eval.pairs == 0 || self.eval.sims == 0) {
            bail!("eval.pairs and eval.sims must be positive when eval.every is");
        }
        // A share of the points against the best network (a win 1, a draw 0.5).
        if !(0.0..=1.0).contains(&self.eval.promote_score) {
            bail!(
                "eval.promote_score must be a score share in [0, 1], not {}",
                self.eval.promote_score
            );
        }
        for b in &self.eval.bots {
            let spec = b
                .parse::<broadside_agents::AgentSpec>()
                .with_context(|| format!("eval.bots: `{b}`"))?;
            // Build it once so an unknown bot is refused now (networks load when played).
            if !matches!(
                spec,
                broadside_agents::AgentSpec::Mcts {
                    eval: broadside_agents::spec::EvalSpec::Net { .. },
                    ..
                }
            ) {
                crate::select::check_spec(&spec, &self.ruleset)
                    .with_context(|| format!("eval.bots: `{b}`"))?;
            }
        }
        Ok(())
    }
}

/// Sets `key.path=value` in `doc`: the value parsed as a TOML value, or taken as a string
/// when it is not one (`--set scenario=frigate-duel`).
fn apply_override(doc: &mut toml::Table, text: &str) -> Result<()> {
    let (key, raw) = text
        .split_once('=')
        .with_context(|| format!("--set `{text}`: expected KEY=VALUE, e.g. train.batch_size=64"))?;
    let key = key.trim();
    if key.is_empty() || key.split('.').any(str::is_empty) {
        bail!("--set `{text}`: the key is empty");
    }
    let value = format!("v = {raw}")
        .parse::<toml::Table>()
        .ok()
        .and_then(|mut t| t.remove("v"))
        .unwrap_or_else(|| toml::Value::String(raw.trim().to_string()));
    let parts: Vec<&str> = key.split('.').collect();
    let mut table = doc;
    for p in &parts[..parts.len() - 1] {
        let entry = table
            .entry(p.to_string())
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        table = entry
            .as_table_mut()
            .with_context(|| format!("--set `{text}`: `{p}` is not a section"))?;
    }
    table.insert(parts[parts.len() - 1].to_string(), value);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_set_nested_keys_and_typed_values() {
        let cfg = TrainConfig::load(
            None,
            &[
                "train.batch_size=64".into(),
                "scenario=squadron-battle".into(),
                "selfplay.root=gumbel".into(),
                "eval.bots=[\"random\"]".into(),
                "net.embed_dim=32".into(),
            ],
        )
        .unwrap();
        assert_eq!(cfg.train.batch_size, 64);
        assert_eq!(cfg.scenario, "squadron-battle");
        assert_eq!(cfg.selfplay.root, "gumbel");
        assert_eq!(cfg.eval.bots, vec!["random".to_string()]);
        assert_eq!(cfg.net.embed_dim, 32);
    }

    #[test]
    fn the_teacher_keeps_its_share_then_fades_to_self_play() {
        let mut s = SelfPlayConfig {
            teacher_share: 0.8,
            ..SelfPlayConfig::default()
        };
        // 0 iterations: the teacher never leaves.
        assert_eq!(s.teacher_share_at(1_000_000), 0.8);
        s.teacher_iterations = 3;
        s.teacher_fade = 3;
        let shares: Vec<f64> = (0..8).map(|i| s.teacher_share_at(i)).collect();
        let want = [0.8, 0.8, 0.8, 0.6, 0.4, 0.2, 0.0, 0.0];
        for (got, want) in shares.iter().zip(want) {
            assert!((got - want).abs() < 1e-12, "{shares:?}");
        }
        s.teacher_fade = 0;
        assert_eq!((s.teacher_share_at(2), s.teacher_share_at(3)), (0.8, 0.0));
    }

    #[test]
    fn every_shipped_config_loads() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        files.sort();
        assert!(files.len() >= 3, "configs/ holds {files:?}");
        for f in &files {
            let cfg = TrainConfig::load(Some(f), &[])
                .unwrap_or_else(|e| panic!("{}: {e:#}", f.display()));
            cfg.net.validate().unwrap();
        }
        // The GPU config's network is the size `bench --net --net-size 1m` measures.
        let gpu = TrainConfig::load(Some(&dir.join("gpu.toml")), &[]).unwrap();
        assert_eq!(Some(gpu.net), crate::cmd::bench_net_sizes::net_size("1m"));
        // Every ruleset has a config with a teacher for its default scenario and for a
        // smaller one (a duel).
        let configs: Vec<TrainConfig> = files
            .iter()
            .map(|f| TrainConfig::load(Some(f), &[]).unwrap())
            .collect();
        for r in broadside_env::ruleset::rulesets() {
            let mine: Vec<&TrainConfig> = configs
                .iter()
                .filter(|c| c.ruleset == r.name && !c.selfplay.teacher.is_empty())
                .collect();
            assert!(
                mine.iter().any(|c| c.scenario == r.default_scenario),
                "{}: no config for {}",
                r.name,
                r.default_scenario
            );
            assert!(
                mine.iter()
                    .any(|c| !c.scenario.is_empty() && c.scenario != r.default_scenario),
                "{}: no config for a smaller scenario",
                r.name
            );
        }
    }

    #[test]
    fn a_search_teacher_is_accepted() {
        let cfg = TrainConfig::load(
            None,
            &["selfplay.teacher=mcts:sims=100,model=best,value=position".into()],
        )
        .unwrap();
        assert!(cfg.selfplay.teacher_spec().unwrap().is_some());
        let cfg = TrainConfig::load(
            None,
            &[
                "ruleset=fsail".into(),
                "scenario=fleet-action".into(),
                "selfplay.teacher=portfolio:model=rake-seeker,sims=64".into(),
            ],
        )
        .unwrap();
        assert!(cfg.selfplay.teacher_spec().unwrap().is_some());
        assert!(TrainConfig::default()
            .selfplay
            .teacher_spec()
            .unwrap()
            .is_none());
    }

    #[test]
    fn the_resolved_config_reads_back_identically() {
        let cfg = TrainConfig::load(None, &["seed=9".into(), "iterations=3".into()]).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("config.toml");
        std::fs::write(&p, cfg.to_toml()).unwrap();
        assert_eq!(TrainConfig::load(Some(&p), &[]).unwrap(), cfg);
    }

    #[test]
    fn bad_configs_are_plain_errors() {
        let err = |o: &[&str]| {
            let o: Vec<String> = o.iter().map(|s| s.to_string()).collect();
            format!("{:#}", TrainConfig::load(None, &o).unwrap_err())
        };
        assert!(err(&["train.batchsize=3"]).contains("batchsize"));
        assert!(err(&["train.batch_size=oops"]).contains("batch_size"));
        assert!(err(&["device=tpu"]).contains("device"));
        assert!(err(&["nokey"]).contains("KEY=VALUE"));
        assert!(err(&["eval.bots=[\"bot:nonesuch\"]"]).contains("eval.bots"));
        assert!(err(&["net.embed_dim=30", "net.heads=4"]).contains("multiple"));
        assert!(err(&["selfplay.teacher=bot:british"]).contains("not a search"));
        assert!(err(&["selfplay.teacher=net:path=x.safetensors"]).contains("network"));
        assert!(err(&["selfplay.teacher=mcts:sims=5,prior=nonesuch"]).contains("teacher"));
        assert!(err(&["selfplay.teacher_share=1.5"]).contains("teacher_share"));
        assert!(err(&["selfplay.teacher_target=best"]).contains("teacher_target"));
        assert!(err(&["selfplay.sparring=bot:nonesuch"]).contains("sparring"));
        assert!(err(&["selfplay.sparring=net:path=x.safetensors"]).contains("network"));
        assert!(err(&["selfplay.sparring_share=-0.1"]).contains("sparring_share"));
        assert!(err(&["selfplay.value_from_search=2"]).contains("value_from_search"));
        assert!(err(&["selfplay.drawn_value_from_heuristic=-0.5"])
            .contains("drawn_value_from_heuristic"));
        assert!(err(&["selfplay.inference_threads=0"]).contains("inference_threads"));
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("c.toml");
        std::fs::write(&p, "seed = [").unwrap();
        assert!(
            format!("{:#}", TrainConfig::load(Some(&p), &[]).unwrap_err())
                .contains("not valid TOML")
        );
        assert!(format!(
            "{:#}",
            TrainConfig::load(Some(&dir.path().join("none.toml")), &[]).unwrap_err()
        )
        .contains("cannot read"));
    }
    /// The plain error of loading the default config with `overrides`.
    fn load_error(overrides: &[&str]) -> String {
        let o: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
        match TrainConfig::load(None, &o) {
            Ok(_) => panic!("{overrides:?} was accepted"),
            Err(e) => format!("{e:#}"),
        }
    }

    #[test]
    fn nan_and_infinite_numbers_are_refused_by_name() {
        for (set, key) in [
            ("train.learning_rate=nan", "learning_rate"),
            ("train.learning_rate=inf", "learning_rate"),
            ("train.learning_rate=0", "learning_rate"),
            ("train.learning_rate=1e308", "above 0 and at most 1"),
            (
                "train.steps_per_iteration=0",
                "steps_per_iteration must be a whole number from 1",
            ),
            ("train.weight_decay=1e300", "from 0 to 1"),
            ("train.weight_decay=nan", "weight_decay"),
            ("train.value_weight=-1", "value_weight"),
            ("selfplay.dirichlet_alpha=nan", "dirichlet_alpha"),
            ("selfplay.dirichlet_alpha=inf", "dirichlet_alpha"),
            ("selfplay.dirichlet_alpha=0", "dirichlet_alpha"),
            ("selfplay.dirichlet_fraction=nan", "dirichlet_fraction"),
        ] {
            let err = load_error(&[set]);
            assert!(err.contains(key), "{set}: {err}");
        }
    }

    #[test]
    fn c_puct_must_be_a_number_at_least_zero() {
        for bad in ["nan", "-0.5", "inf"] {
            let err = load_error(&[&format!("selfplay.c_puct={bad}")]);
            assert!(err.contains("selfplay.c_puct"), "{bad}: {err}");
        }
        TrainConfig::load(None, &["selfplay.c_puct=0".into()]).unwrap();
    }

    #[test]
    fn max_minutes_must_fit_a_duration() {
        for bad in ["nan", "-1", "inf", "-inf", "1e300"] {
            let err = load_error(&[&format!("max_minutes={bad}")]);
            assert!(err.contains("max_minutes"), "{bad}: {err}");
        }
        for ok in ["0", "0.5", "120", "1e9"] {
            let cfg = TrainConfig::load(None, &[format!("max_minutes={ok}")]).unwrap();
            // What the run does with it must not panic.
            let _ = std::time::Duration::from_secs_f64(cfg.max_minutes * 60.0);
        }
    }

    #[test]
    fn resignation_settings_are_shares() {
        for bad in ["nan", "-0.1", "1.5", "inf"] {
            let err = load_error(&[&format!("selfplay.resign_threshold={bad}")]);
            assert!(err.contains("selfplay.resign_threshold"), "{bad}: {err}");
            let err = load_error(&[&format!("selfplay.resign_disabled_share={bad}")]);
            assert!(
                err.contains("selfplay.resign_disabled_share"),
                "{bad}: {err}"
            );
        }
        TrainConfig::load(None, &["selfplay.resign_threshold=0".into()]).unwrap();
    }

    #[test]
    fn promote_score_is_a_score_share() {
        for bad in ["nan", "-0.1", "1.01", "inf"] {
            let err = load_error(&[&format!("eval.promote_score={bad}")]);
            assert!(err.contains("eval.promote_score"), "{bad}: {err}");
        }
        TrainConfig::load(None, &["eval.promote_score=1".into()]).unwrap();
    }

    #[test]
    fn agents_of_the_other_ruleset_are_refused() {
        let err = load_error(&["eval.bots=[\"mcts:sims=10,value=morale\"]"]);
        assert!(err.contains("eval.bots") && err.contains("morale"), "{err}");
        let err = load_error(&["selfplay.sparring=mcts:sims=10,value=morale"]);
        assert!(err.contains("selfplay.sparring"), "{err}");
        let err = load_error(&["selfplay.teacher=mcts:sims=10,value=morale"]);
        assert!(err.contains("selfplay.teacher"), "{err}");
        // The same value is Fighting Sail's own.
        TrainConfig::load(
            None,
            &[
                "ruleset=fsail".into(),
                "selfplay.sparring=mcts:sims=10,value=morale".into(),
            ],
        )
        .unwrap();
    }

    #[test]
    fn an_unknown_ruleset_or_scenario_is_refused() {
        let err = load_error(&["ruleset=chess"]);
        assert!(err.contains("ruleset") && err.contains("chess"), "{err}");
        assert!(err.contains("known"), "{err}");
        let err = load_error(&["scenario=trafalgar-at-night"]);
        assert!(
            err.contains("scenario") && err.contains("trafalgar-at-night"),
            "{err}"
        );
        assert!(err.contains("frigate-duel"), "lists the known ones: {err}");
        // A scenario of the other ruleset is unknown to this one.
        let err = load_error(&["ruleset=fsail", "scenario=squadron-battle"]);
        assert!(err.contains("squadron-battle"), "{err}");
        let err = load_error(&["scenario=no/such/scenario.toml"]);
        assert!(err.contains("scenario"), "{err}");
        // An empty scenario is the ruleset's default.
        TrainConfig::load(None, &["scenario=".into()]).unwrap();
    }
}
