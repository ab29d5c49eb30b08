//! `broadside fit`: a fresh network fitted to a training run's replay shards and scored on
//! the shards it did not see (the network-shape and observation-feature ablations).

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::Args;

use crate::train::fit_data::FitOptions;
use crate::train::TrainConfig;

/// Flags of `broadside fit`.
#[derive(Debug, Args)]
pub struct FitArgs {
    /// The training run whose replay shards to fit (its config.toml gives the ruleset,
    /// scenario, network and optimiser). Repeat it to fit the shards of several runs of the
    /// same ruleset and scenario together: the first run's config is used, and the held-out
    /// shards are the last run's.
    #[arg(long, value_name = "RUN_DIR", required = true)]
    pub run_dir: Vec<PathBuf>,
    /// Override a key of the run's config, e.g. `--set net.hidden_dim=256` (repeatable);
    /// the ruleset and scenario stay the run's.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Gradient steps.
    #[arg(long, default_value_t = 2000)]
    pub steps: usize,
    /// Score the held-out shards after every this many steps.
    #[arg(long, default_value_t = 500)]
    pub eval_every: usize,
    /// Share of the samples held out: the run's last shards (whole iterations, so no game
    /// is on both sides).
    #[arg(long, default_value_t = 0.2)]
    pub holdout: f64,
    /// Observation features to set to 0 in every sample, comma-separated: a name
    /// (`crew`) or a prefix ending in `*` (`pending_*`).
    #[arg(long, value_delimiter = ',', value_name = "NAMES")]
    pub drop_features: Vec<String>,
    /// Write the last network here as a checkpoint, to play it (`net:path=FILE`).
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Print the report as JSON on stdout instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Validated settings of `broadside fit`.
#[derive(Debug, Clone)]
pub struct FitSettings {
    pub options: FitOptions,
    pub json: bool,
}

impl FitSettings {
    /// Reads the run's config with the overrides on top.
    pub fn from_args(a: FitArgs) -> Result<Self> {
        let first = a
            .run_dir
            .first()
            .context("--run-dir: name at least one run")?;
        let saved = super::train::saved_config(first)?;
        let before = TrainConfig::load(Some(&saved), &[])?;
        let config = TrainConfig::load(Some(&saved), &a.set)?;
        if config.ruleset != before.ruleset || config.scenario != before.scenario {
            bail!("a fit keeps the run's ruleset and scenario (its shards are of that game)");
        }
        check_same_game(&a.run_dir, &before)?;
        let drop_features = a
            .drop_features
            .into_iter()
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect();
        if let Some(path) = &a.save {
            // Before minutes of fitting, not after.
            crate::atomic::check_writable(path).context("--save")?;
        }
        Ok(Self {
            options: FitOptions {
                config,
                run_dirs: a.run_dir,
                steps: a.steps,
                eval_every: a.eval_every,
                holdout: a.holdout,
                drop_features,
                save: a.save,
            },
            json: a.json,
        })
    }
}

/// Every run after the first must be of the first's ruleset and scenario, and none named
/// twice (its samples would count double and could land on both sides of the split).
fn check_same_game(runs: &[PathBuf], first: &TrainConfig) -> Result<()> {
    // The same folder may be written two ways (`run`, `./run/`, a link to it).
    let same = |p: &PathBuf| std::fs::canonicalize(p).unwrap_or_else(|_| p.clone());
    let seen: Vec<PathBuf> = runs.iter().map(same).collect();
    for (i, dir) in runs.iter().enumerate() {
        if seen[..i].contains(&seen[i]) {
            bail!("--run-dir {} is named twice", dir.display());
        }
        if i == 0 {
            continue;
        }
        let other = TrainConfig::load(Some(&super::train::saved_config(dir)?), &[])
            .with_context(|| format!("--run-dir {}", dir.display()))?;
        if other.ruleset != first.ruleset || other.scenario != first.scenario {
            bail!(
                "--run-dir {} is a run of {} {}, but the first is of {} {}; a fit reads the \
                 shards of one game",
                dir.display(),
                other.ruleset,
                other.scenario,
                first.ruleset,
                first.scenario
            );
        }
    }
    Ok(())
}

/// Runs `broadside fit`.
#[cfg(feature = "torch")]
pub fn run(s: FitSettings) -> Result<()> {
    use crate::train::fit::fit;
    let json = s.json;
    let mut first = true;
    let report = fit(&s.options, |h| {
        if !json {
            if std::mem::take(&mut first) {
                println!("step  held-out policy loss  agreement  value loss");
            }
            println!(
                "{:>5}  {:>20.3}  {:>8.1}%  {:>10.3}",
                h.step,
                h.policy_loss,
                100.0 * h.agreement,
                h.value_loss
            );
        }
    })?;
    if json {
        return super::print_json(&report);
    }
    println!("the last network's agreement by the kind of the teacher's decision:");
    println!("kind                  samples  share  agreement");
    let total = report.held_out_samples.max(1) as f64;
    for k in &report.by_kind {
        println!(
            "{:<20}  {:>7}  {:>4.1}%  {:>8.1}%",
            k.kind,
            k.samples,
            100.0 * k.samples as f64 / total,
            100.0 * k.agreement
        );
    }
    let n = &report.net;
    println!(
        "{} {}: network embed_dim={} heads={} hidden_dim={} value_hidden={} ({} parameters); \
         {} training samples, {} held out ({} shards){}",
        report.ruleset,
        report.scenario,
        n.embed_dim,
        n.heads,
        n.hidden_dim,
        n.value_hidden,
        report.parameters,
        report.train_samples,
        report.held_out_samples,
        report.held_out_shards,
        if report.dropped_features.is_empty() {
            String::new()
        } else {
            format!(
                "; features set to 0: {}",
                report.dropped_features.join(", ")
            )
        }
    );
    Ok(())
}

/// Without libtorch there is no network to fit: say how to get it.
#[cfg(not(feature = "torch"))]
pub fn run(_: FitSettings) -> Result<()> {
    bail!(
        "this broadside was built without the `torch` feature, so it cannot fit networks; \
         run `bash scripts/train.sh --build-only` (it installs libtorch and builds with the feature)"
    )
}
