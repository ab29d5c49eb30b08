//! Broadside's rules engine: naval wargame rulesets behind one game contract.
//!
//! - [`game`]: the [`Game`] trait every ruleset implements (who acts, legal actions,
//!   explicit chance nodes, apply, returns, observations, hidden-information resampling).
//! - [`hex`]: hex geometry shared by hex rulesets.
//! - the rulesets, one module each, listed once in [`for_each_ruleset!`]: [`wsim`] (Wooden
//!   Ships & Iron Men), [`fsail`] (Fighting Sail).
//! - [`ruleset`]: the runtime registry of rulesets and scenarios ([`AnyGame`](ruleset::AnyGame)).
//! - [`wrapper`]: Gymnasium-style `reset`/`step` environments, single and vectorised.
//! - [`harness`]: the random-game test harness every ruleset runs.
//!
//! This crate does no I/O beyond reading rules data and scenario files, holds no RNG in
//! any game state, and never depends on a machine-learning library.

/// Every ruleset this build knows, declared once: each entry names the ruleset's module
/// (`env/src/NAME/`), its variant of [`ruleset::AnyGame`] and [`ruleset::AnyScenario`]
/// (also its tag in saved games, in lower case) and its [`ruleset::Ruleset`] type. Every
/// registry of every crate is expanded from this list: `for_each_ruleset!(my_macro)`
/// calls `my_macro! { module: Variant = path::to::Ruleset, ... }`.
#[macro_export]
macro_rules! for_each_ruleset {
    ($callback:ident) => {
        $callback! {
            wsim: Wsim = $crate::wsim::WsimRuleset,
            fsail: Fsail = $crate::fsail::FsailRuleset,
            poe: Poe = $crate::poe::PoeRuleset,
            oak: Oak = $crate::oak::OakRuleset,
            togo: Togo = $crate::togo::TogoRuleset,
        }
    };
}

/// The ruleset modules, one per entry of [`for_each_ruleset!`].
macro_rules! ruleset_modules {
    ($($module:ident: $variant:ident = $ruleset:path),* $(,)?) => {
        $(pub mod $module;)*
    };
}
for_each_ruleset!(ruleset_modules);

pub mod action_set;
pub mod balance;
pub mod chance;
pub mod connect_four;
pub mod data_files;
pub mod error;
pub mod game;
pub mod harness;
pub mod hex;
pub mod observation;
pub mod plain_errors;
pub mod plane;
pub mod ruleset;
pub mod savegame;
pub mod toy;
pub mod wrapper;

pub use action_set::{ActionSet, MAX_ACTIONS};
pub use chance::{ChanceOutcomes, MAX_CHANCE_OUTCOMES};
pub use error::{ActionError, DataError};
pub use game::{Action, Game, GameSpec, Player, Turn, NUM_PLAYERS};
pub use harness::{run_random_games, HarnessConfig, HarnessFailure, HarnessReport, Property};
pub use observation::{ObsMemo, ObsSpec, Observation, ObservationMut, PlaneRun};
pub use wrapper::{Env, EnvConfig, StepResult, VecEnv, VecEnvConfig};
