//! `broadside train`: self-play training from scratch, or resuming a run.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::Args;

use crate::train::TrainConfig;

/// Flags of `broadside train`.
#[derive(Debug, Args)]
pub struct TrainArgs {
    /// A TOML config file (see configs/); built-in defaults when left out.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Override one config key, e.g. `--set selfplay.sims=128` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Where the run writes its checkpoints, replay shards and TensorBoard logs
    /// [default: runs/RULESET-SCENARIO].
    #[arg(long, value_name = "DIR", conflicts_with = "resume")]
    pub run_dir: Option<PathBuf>,
    /// Continue the run in this directory (its config.toml, with --set overrides on top).
    #[arg(long, value_name = "RUN_DIR", conflicts_with = "config")]
    pub resume: Option<PathBuf>,
    /// Print only errors.
    #[arg(long)]
    pub quiet: bool,
}

/// Validated settings of `broadside train`.
#[derive(Debug, Clone)]
pub struct TrainSettings {
    pub config: TrainConfig,
    pub run_dir: PathBuf,
    pub resume: bool,
    pub quiet: bool,
}

impl TrainSettings {
    /// Resolves the config (file, overrides, or the run's own config when resuming).
    pub fn from_args(a: TrainArgs) -> Result<Self> {
        if let Some(dir) = &a.resume {
            let saved = saved_config(dir)?;
            check_complete(&saved)?;
            let before = TrainConfig::load(Some(&saved), &[])?;
            let config = TrainConfig::load(Some(&saved), &a.set)?;
            if config.ruleset != before.ruleset
                || config.scenario != before.scenario
                || config.net != before.net
            {
                bail!("a resumed run keeps its ruleset, scenario and network; start a new run to change them");
            }
            return Ok(Self {
                config,
                run_dir: dir.clone(),
                resume: true,
                quiet: a.quiet,
            });
        }
        let config = TrainConfig::load(a.config.as_deref(), &a.set)?;
        let run_dir = a.run_dir.unwrap_or_else(|| {
            let scenario = if config.scenario.is_empty() {
                "default"
            } else {
                config.scenario.as_str()
            };
            PathBuf::from("runs").join(format!("{}-{}", config.ruleset, scenario))
        });
        Ok(Self {
            config,
            run_dir,
            resume: false,
            quiet: a.quiet,
        })
    }
}

/// Runs `broadside train`.
#[cfg(feature = "torch")]
pub fn run(s: TrainSettings) -> Result<()> {
    crate::train::run::run(crate::train::run::TrainOptions {
        config: s.config,
        run_dir: s.run_dir,
        resume: s.resume,
        quiet: s.quiet,
    })?;
    Ok(())
}

/// Without libtorch there is nothing to train with: say how to get it.
#[cfg(not(feature = "torch"))]
pub fn run(_: TrainSettings) -> Result<()> {
    bail!(
        "this broadside was built without the `torch` feature, so it cannot train; \
         run `bash scripts/train.sh` (it installs libtorch and builds with the feature)"
    )
}

/// The `config.toml` of the training run in `dir`, refused when there is none.
pub(crate) fn saved_config(dir: &std::path::Path) -> Result<PathBuf> {
    let saved = dir.join("config.toml");
    if !saved.exists() {
        bail!(
            "{} is not a training run (it has no config.toml)",
            dir.display()
        );
    }
    Ok(saved)
}

/// A run's `config.toml` is written whole (every key, atomically); one with keys missing was
/// edited or damaged, and resuming from it would quietly put defaults in their place.
fn check_complete(saved: &std::path::Path) -> Result<()> {
    let (_, text) = broadside_env::data_files::read_text_limited(
        saved,
        broadside_env::data_files::CONFIG_FILE_LIMIT,
    )
    .with_context(|| format!("cannot read {}", saved.display()))?;
    let table: toml::Table = text
        .parse()
        .with_context(|| format!("{} is not valid TOML", saved.display()))?;
    let full: toml::Table = TrainConfig::default()
        .to_toml()
        .parse()
        .expect("the default config is valid TOML");
    let mut missing = Vec::new();
    for (key, value) in &full {
        match (value, table.get(key)) {
            (_, None) => missing.push(key.clone()),
            (toml::Value::Table(section), Some(toml::Value::Table(have))) => missing.extend(
                section
                    .keys()
                    .filter(|k| !have.contains_key(*k))
                    .map(|k| format!("{key}.{k}")),
            ),
            _ => {}
        }
    }
    if !missing.is_empty() {
        bail!(
            "{} lacks {} (it was edited or damaged); resuming would put defaults in their place",
            saved.display(),
            missing.join(", ")
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_config_with_keys_missing_is_refused_and_a_whole_one_passes() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("config.toml");
        let whole = TrainConfig::default().to_toml();
        std::fs::write(&path, &whole).expect("write");
        check_complete(&path).expect("a whole config");
        std::fs::write(&path, "").expect("write");
        let e = check_complete(&path).expect_err("an empty config");
        assert!(format!("{e:#}").contains("ruleset"), "{e:#}");
        let cut: String = whole
            .lines()
            .filter(|l| !l.starts_with("sims"))
            .collect::<Vec<_>>()
            .join("\n");
        std::fs::write(&path, cut).expect("write");
        let e = check_complete(&path).expect_err("a key gone");
        assert!(format!("{e:#}").contains("selfplay.sims"), "{e:#}");
    }
}
