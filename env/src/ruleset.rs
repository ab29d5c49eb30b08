//! The runtime registry of rulesets: names, scenarios, and [`AnyGame`], an enum that
//! forwards the [`Game`] contract to whichever ruleset a game uses (a `match`, not `dyn`).

use rand::RngCore;
use serde::{Deserialize, Serialize};

use crate::action_set::ActionSet;
use crate::chance::ChanceOutcomes;
use crate::error::DataError;
use crate::fsail::{self, FsailGame, FsailOptions};
use crate::game::{Action, Game, GameSpec, Player, Turn, NUM_PLAYERS};
use crate::observation::Observation;
use crate::wsim::{self, WsimGame, WsimOptions};

/// What the registry says about a ruleset.
#[derive(Debug, Clone, Serialize)]
pub struct RulesetInfo {
    pub name: &'static str,
    pub title: &'static str,
    pub version: u32,
    pub seed: &'static str,
    pub default_scenario: &'static str,
    pub num_player_actions: usize,
    pub num_actions: usize,
}

/// Every ruleset this build knows.
pub fn rulesets() -> Vec<RulesetInfo> {
    let s = &wsim::WSIM_SPEC;
    let f = &fsail::FSAIL_SPEC;
    vec![
        RulesetInfo {
            name: s.name,
            title: s.title,
            version: s.version,
            seed: "004_0165a9fa3b5e890b.txt",
            default_scenario: wsim::DEFAULT_SCENARIO,
            num_player_actions: s.num_player_actions,
            num_actions: s.num_actions,
        },
        RulesetInfo {
            name: f.name,
            title: f.title,
            version: f.version,
            seed: "001_77e3032459c91c91.txt",
            default_scenario: fsail::DEFAULT_SCENARIO,
            num_player_actions: f.num_player_actions,
            num_actions: f.num_actions,
        },
    ]
}

/// The spec (catalogue and observation layout) of the ruleset called `name`.
pub fn game_spec(name: &str) -> Option<&'static GameSpec> {
    [&wsim::WSIM_SPEC, &fsail::FSAIL_SPEC]
        .into_iter()
        .find(|s| s.name == name)
}

/// The default ruleset's name.
pub const DEFAULT_RULESET: &str = "wsim";

/// A scenario of any ruleset.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "ruleset", content = "scenario", rename_all = "lowercase")]
pub enum AnyScenario {
    Wsim(wsim::Scenario),
    Fsail(fsail::Scenario),
}

/// One line about a scenario, for listings.
#[derive(Debug, Clone, Serialize)]
pub struct ScenarioInfo {
    pub ruleset: &'static str,
    pub id: String,
    pub title: String,
    pub ships: usize,
    pub description: String,
}

impl AnyScenario {
    /// The ruleset's name.
    pub fn ruleset(&self) -> &'static str {
        match self {
            AnyScenario::Wsim(_) => "wsim",
            AnyScenario::Fsail(_) => "fsail",
        }
    }
    /// The scenario's id.
    pub fn id(&self) -> &str {
        match self {
            AnyScenario::Wsim(s) => &s.id,
            AnyScenario::Fsail(s) => &s.id,
        }
    }
    /// Checks a scenario that did not come from a scenario file (e.g. inside a saved game).
    pub fn validate(&self, file: &str) -> Result<(), DataError> {
        match self {
            AnyScenario::Wsim(s) => s.validate(file),
            AnyScenario::Fsail(s) => s.validate(file),
        }
    }
    /// How many ships side 0 and side 1 start with.
    pub fn ships_per_side(&self) -> [usize; 2] {
        fn count(sides: impl Iterator<Item = u8> + Clone) -> [usize; 2] {
            [0, 1].map(|side| sides.clone().filter(|&s| s == side).count())
        }
        match self {
            AnyScenario::Wsim(s) => count(s.ships.iter().map(|x| x.side)),
            AnyScenario::Fsail(s) => count(s.ships.iter().map(|x| x.side)),
        }
    }
    /// A listing line.
    pub fn info(&self) -> ScenarioInfo {
        match self {
            AnyScenario::Wsim(s) => ScenarioInfo {
                ruleset: "wsim",
                id: s.id.clone(),
                title: s.title.clone(),
                ships: s.ships.len(),
                description: s.description.clone(),
            },
            AnyScenario::Fsail(s) => ScenarioInfo {
                ruleset: "fsail",
                id: s.id.clone(),
                title: s.title.clone(),
                ships: s.ships.len(),
                description: s.description.clone(),
            },
        }
    }
    /// A new game of this scenario.
    pub fn new_game(&self, options: &GameOptions) -> AnyGame {
        match self {
            AnyScenario::Wsim(s) => AnyGame::Wsim(WsimGame::new(
                s,
                WsimOptions {
                    resignation: options.resignation,
                },
            )),
            AnyScenario::Fsail(s) => AnyGame::Fsail(FsailGame::new(
                s,
                FsailOptions {
                    resignation: options.resignation,
                },
            )),
        }
    }
}

/// Options common to every ruleset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOptions {
    /// Whether a side may resign.
    pub resignation: bool,
}

impl Default for GameOptions {
    fn default() -> Self {
        Self { resignation: true }
    }
}

fn check_ruleset(ruleset: &str) -> Result<(), DataError> {
    if rulesets().iter().any(|r| r.name == ruleset) {
        Ok(())
    } else {
        Err(DataError::UnknownRuleset {
            name: ruleset.to_string(),
            known: rulesets()
                .iter()
                .map(|r| r.name)
                .collect::<Vec<_>>()
                .join(", "),
        })
    }
}

/// The built-in scenarios of a ruleset, default first.
pub fn scenarios(ruleset: &str) -> Result<Vec<AnyScenario>, DataError> {
    check_ruleset(ruleset)?;
    if ruleset == "fsail" {
        return Ok(fsail::builtin_scenarios()
            .iter()
            .cloned()
            .map(AnyScenario::Fsail)
            .collect());
    }
    Ok(wsim::builtin_scenarios()
        .iter()
        .cloned()
        .map(AnyScenario::Wsim)
        .collect())
}

/// A built-in scenario by id, or a scenario file when `name` is a path to one.
pub fn scenario(ruleset: &str, name: &str) -> Result<AnyScenario, DataError> {
    check_ruleset(ruleset)?;
    let path = std::path::Path::new(name);
    let file = name.ends_with(".toml") || path.exists();
    if ruleset == "fsail" {
        return if file {
            fsail::data::load_scenario_file(path).map(AnyScenario::Fsail)
        } else {
            fsail::builtin_scenario(name).map(AnyScenario::Fsail)
        };
    }
    if file {
        return wsim::data::load_scenario_file(path).map(AnyScenario::Wsim);
    }
    wsim::builtin_scenario(name).map(AnyScenario::Wsim)
}

/// A game of any ruleset.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "ruleset", content = "state", rename_all = "lowercase")]
// Unboxed on purpose: a clone stays one memcpy with no heap (the hot loops of search clone
// states), at the cost of every variant taking the largest one's size.
#[allow(clippy::large_enum_variant)]
pub enum AnyGame {
    Wsim(WsimGame),
    Fsail(FsailGame),
}

macro_rules! forward {
    ($self:ident, $g:ident => $e:expr) => {
        match $self {
            AnyGame::Wsim($g) => $e,
            AnyGame::Fsail($g) => $e,
        }
    };
}

impl Game for AnyGame {
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
    fn resample_hidden(&self, player: Player, rng: &mut dyn RngCore) -> Self {
        match self {
            AnyGame::Wsim(g) => AnyGame::Wsim(g.resample_hidden(player, rng)),
            AnyGame::Fsail(g) => AnyGame::Fsail(g.resample_hidden(player, rng)),
        }
    }
    fn describe_action(&self, action: Action) -> String {
        forward!(self, g => g.describe_action(action))
    }
    fn check_invariants(&self) -> Result<(), String> {
        forward!(self, g => g.check_invariants())
    }
}
