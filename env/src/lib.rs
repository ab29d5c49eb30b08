//! Broadside's rules engine: naval wargame rulesets behind one game contract.
//!
//! - [`game`]: the [`Game`] trait every ruleset implements (who acts, legal actions,
//!   explicit chance nodes, apply, returns, observations, hidden-information resampling).
//! - [`hex`]: hex geometry shared by hex rulesets.
//! - [`wsim`]: Wooden Ships & Iron Men (the online simplified rules).
//! - [`ruleset`]: the runtime registry of rulesets and scenarios ([`AnyGame`](ruleset::AnyGame)).
//! - [`wrapper`]: Gymnasium-style `reset`/`step` environments, single and vectorised.
//! - [`harness`]: the random-game test harness every ruleset runs.
//!
//! This crate does no I/O beyond reading rules data and scenario files, holds no RNG in
//! any game state, and never depends on a machine-learning library.

pub mod action_set;
pub mod chance;
pub mod connect_four;
pub mod data_files;
pub mod error;
pub mod fsail;
pub mod game;
pub mod harness;
pub mod hex;
pub mod observation;
pub mod plane;
pub mod ruleset;
pub mod savegame;
pub mod toy;
pub mod wrapper;
pub mod wsim;

pub use action_set::{ActionSet, MAX_ACTIONS};
pub use chance::{ChanceOutcomes, MAX_CHANCE_OUTCOMES};
pub use error::{ActionError, DataError};
pub use game::{Action, Game, GameSpec, Player, Turn, NUM_PLAYERS};
pub use harness::{run_random_games, HarnessConfig, HarnessFailure, HarnessReport, Property};
pub use observation::{ObsSpec, Observation};
pub use wrapper::{Env, EnvConfig, StepResult, VecEnv, VecEnvConfig};
