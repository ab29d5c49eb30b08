//! `broadside selfplay`: a self-play worker for a training run whose trainer takes its
//! games from workers (`selfplay.workers = true`; the Python package's Ray driver starts
//! these on every node, docs/training.md).

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;

/// Flags of `broadside selfplay`.
#[derive(Debug, Args)]
pub struct SelfPlayArgs {
    /// The training run (its config.toml, published networks and the workers' folder).
    #[arg(long, value_name = "RUN_DIR")]
    pub run_dir: PathBuf,
    /// This worker's name, new for each start: its games go to RUN_DIR/workers/NAME/.
    #[arg(long, value_name = "NAME")]
    pub worker: String,
    /// Games to play; 0 plays until the trainer's run ends.
    #[arg(long, default_value_t = 0)]
    pub games: u64,
    /// Seconds to wait for the trainer's first network.
    #[arg(long, default_value_t = 600)]
    pub wait: u64,
    /// Print nothing but errors (else one line per finished game).
    #[arg(long)]
    pub quiet: bool,
}

/// Runs `broadside selfplay`.
#[cfg(feature = "torch")]
pub fn run(a: SelfPlayArgs) -> Result<()> {
    crate::train::workers::run_worker(&crate::train::workers::WorkerOptions {
        run_dir: a.run_dir,
        name: a.worker,
        games: a.games,
        wait: std::time::Duration::from_secs(a.wait),
        quiet: a.quiet,
    })?;
    Ok(())
}

/// Without libtorch there is no network to play with: say how to get it.
#[cfg(not(feature = "torch"))]
pub fn run(a: SelfPlayArgs) -> Result<()> {
    let _ = a;
    anyhow::bail!(
        "this broadside was built without the `torch` feature, so it cannot play self-play \
         games; run `bash scripts/train.sh` (it installs libtorch and builds with the feature)"
    )
}
