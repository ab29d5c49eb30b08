//! The games Python can open: every registered ruleset (through [`AnyGame`], so a ruleset
//! added to the registry appears here with no change) plus Connect Four, the calibration
//! game with OpenSpiel's exact rules, exposed so that Python can be timed beside `pyspiel`.
//!
//! [`PyState`] forwards the [`Game`] contract to whichever of the two it holds, and
//! [`Table`] says how to start one: the ruleset, the scenario and the options.

use broadside_env::chance::ChanceOutcomes;
use broadside_env::connect_four::ConnectFour;
use broadside_env::observation::{ObsMemo, Observation, ObservationMut};
use broadside_env::ruleset::{self, AnyGame, AnyScenario, GameOptions};
use broadside_env::wrapper::GameFactory;
use broadside_env::{Action, ActionSet, Game, GameSpec, Player, Turn, NUM_PLAYERS};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

use crate::errors::{value_error, PyResultExt};
use pyo3::PyResult;

/// The name Python uses for Connect Four.
pub const CONNECT_FOUR: &str = "connect_four";

/// A game of a registered ruleset, or Connect Four.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
// Unboxed like AnyGame itself: a clone stays one memcpy (search and the envs clone states).
#[allow(clippy::large_enum_variant)]
pub enum PyState {
    Any(AnyGame),
    ConnectFour(ConnectFour),
}

macro_rules! forward {
    ($self_:expr, $g:ident => $e:expr) => {
        match $self_ {
            PyState::Any($g) => $e,
            PyState::ConnectFour($g) => $e,
        }
    };
}

impl Game for PyState {
    fn spec(&self) -> &'static GameSpec {
        forward!(self, g => g.spec())
    }
    fn turn(&self) -> Turn {
        forward!(self, g => g.turn())
    }
    fn legal_actions(&self) -> ActionSet {
        forward!(self, g => g.legal_actions())
    }
    fn chance_outcomes(&self) -> ChanceOutcomes {
        forward!(self, g => g.chance_outcomes())
    }
    fn apply_unchecked(&mut self, action: Action) {
        forward!(self, g => g.apply_unchecked(action))
    }
    fn returns(&self) -> [f64; NUM_PLAYERS] {
        forward!(self, g => g.returns())
    }
    fn observe(&self, player: Player, out: &mut Observation) {
        forward!(self, g => g.observe(player, out))
    }
    fn observe_into(&self, player: Player, out: ObservationMut<'_>, memo: &mut ObsMemo) {
        forward!(self, g => g.observe_into(player, out, memo))
    }
    fn resample_hidden(&self, player: Player, rng: &mut dyn RngCore) -> Self {
        match self {
            PyState::Any(g) => PyState::Any(g.resample_hidden(player, rng)),
            PyState::ConnectFour(g) => PyState::ConnectFour(g.resample_hidden(player, rng)),
        }
    }
    fn describe_action(&self, action: Action) -> String {
        forward!(self, g => g.describe_action(action))
    }
    fn check_invariants(&self) -> Result<(), String> {
        forward!(self, g => g.check_invariants())
    }
}

/// Where games come from: a registered ruleset's scenario, or Connect Four.
// One per environment or game, cloned rarely: boxing the scenario buys nothing.
#[derive(Debug, Clone, PartialEq)]
#[allow(clippy::large_enum_variant)]
pub enum Table {
    Scenario {
        scenario: AnyScenario,
        options: GameOptions,
    },
    ConnectFour,
}

impl Table {
    /// The table of `ruleset` and `scenario` (its default when `None`; a built-in id, or a
    /// scenario file when the name contains `/` or ends in `.toml`).
    pub fn open(ruleset: &str, scenario: Option<&str>, resignation: bool) -> PyResult<Self> {
        if ruleset == CONNECT_FOUR {
            return match scenario {
                None | Some("default") => Ok(Table::ConnectFour),
                Some(other) => Err(value_error(format!(
                    "unknown scenario `{other}` of ruleset {CONNECT_FOUR} (known: default)"
                ))),
            };
        }
        let info = ruleset::rulesets()
            .into_iter()
            .find(|r| r.name == ruleset)
            .ok_or_else(|| {
                value_error(format!(
                    "unknown ruleset `{ruleset}` (known: {})",
                    ruleset_names().join(", ")
                ))
            })?;
        let scenario =
            ruleset::scenario(info.name, scenario.unwrap_or(info.default_scenario)).py()?;
        Ok(Table::Scenario {
            scenario,
            options: GameOptions { resignation },
        })
    }

    /// A new game.
    pub fn new_game(&self) -> PyState {
        match self {
            Table::Scenario { scenario, options } => PyState::Any(scenario.new_game(options)),
            Table::ConnectFour => PyState::ConnectFour(ConnectFour::new()),
        }
    }

    /// A factory for the envs (every ruleset's start is fixed by its scenario: the seed
    /// only drives the dice).
    pub fn factory(&self) -> GameFactory<PyState> {
        let table = self.clone();
        Arc::new(move |_seed| table.new_game())
    }

    /// The ruleset's name.
    pub fn ruleset(&self) -> &'static str {
        match self {
            Table::Scenario { scenario, .. } => scenario.ruleset(),
            Table::ConnectFour => CONNECT_FOUR,
        }
    }

    /// The scenario's id.
    pub fn scenario_id(&self) -> String {
        match self {
            Table::Scenario { scenario, .. } => scenario.id().to_string(),
            Table::ConnectFour => "default".to_string(),
        }
    }

    /// The catalogue and observation layout.
    pub fn spec(&self) -> &'static GameSpec {
        match self {
            Table::Scenario { scenario, options } => scenario.new_game(options).spec(),
            Table::ConnectFour => ConnectFour::game_spec(),
        }
    }
}

/// Every ruleset name Python knows: the registry's, then Connect Four.
pub fn ruleset_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = ruleset::rulesets().iter().map(|r| r.name).collect();
    names.push(CONNECT_FOUR);
    names
}
