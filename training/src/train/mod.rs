//! Self-play training (AlphaZero style) of the computer admiral's network.
//!
//! - [`config`]: the run's TOML config with `--set` overrides.
//! - [`replay`]: replay shards on disk (versioned, atomic, checksummed).
//! - [`state`]: the run's counters (`state.json`).
//! - [`memory`]: how much memory the machine has left, so that a fit too large for it is
//!   refused at the start.
//! - `selfplay`, `trainer`, `board`, `run` (feature `torch`): games of the network against
//!   itself through a batching inference server, the optimiser, TensorBoard logs, and the
//!   loop with its checkpoints, evaluation and resume; `optim`: AdamW whose moments are
//!   saved beside each checkpoint; `teacher`: the expert-iteration
//!   teacher built for the ruleset's own game; `workers`: self-play
//!   in other processes (`broadside selfplay`), networks published to them, their shards taken;
//!   `fit`: a fresh network fitted to a run's shards and scored on held-out ones (`broadside fit`).

pub mod config;
pub mod fit_data;
pub mod memory;
pub mod replay;
pub mod state;
pub mod targets;

#[cfg(feature = "torch")]
pub mod board;
#[cfg(feature = "torch")]
pub mod fit;
#[cfg(feature = "torch")]
pub mod optim;
#[cfg(feature = "torch")]
pub mod run;
#[cfg(feature = "torch")]
pub mod selfplay;
#[cfg(feature = "torch")]
pub mod teacher;
#[cfg(feature = "torch")]
pub mod trainer;
#[cfg(feature = "torch")]
pub mod workers;

pub use config::TrainConfig;
