//! The runtime registry of rulesets: names, scenarios, and [`AnyGame`], an enum that
//! forwards the [`Game`] contract to whichever ruleset a game uses (a `match`, not `dyn`).
//!
//! A ruleset enters through two things: the [`Ruleset`] trait, implemented in its own folder
//! (`env/src/NAME/`), and one line in [`for_each_ruleset!`](crate::for_each_ruleset), the
//! list every registry of every crate is expanded from. Everything here is generated from
//! that list, so no code below names a ruleset.

use std::fmt::Debug;
use std::path::Path;

use rand::RngCore;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::action_set::ActionSet;
use crate::chance::ChanceOutcomes;
use crate::error::DataError;
use crate::game::{Action, Game, GameSpec, Player, Turn, NUM_PLAYERS};
use crate::observation::{ObsMemo, Observation, ObservationMut};

/// What the registry needs of a ruleset: its game, its scenarios and how to read them.
/// Implemented once per ruleset, on a unit type in the ruleset's own module.
pub trait Ruleset: 'static {
    /// The ruleset's game state.
    type Game: Game + Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// One of its scenarios (a data file, or built in).
    type Scenario: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// The seed document the ruleset implements (in `../shared/seeds/`).
    const SEED: &'static str;
    /// The id of the scenario played when none is named.
    const DEFAULT_SCENARIO: &'static str;

    /// The catalogue and observation layout (its `name` is the ruleset's name).
    fn spec() -> &'static GameSpec;
    /// The built-in scenarios, default first.
    fn builtin_scenarios() -> &'static [Self::Scenario];
    /// Parses and checks a scenario file's text (`file` names it in errors).
    fn parse_scenario(text: &str, file: &str) -> Result<Self::Scenario, DataError>;
    /// A built-in scenario by id, or an error listing the known ids.
    fn builtin_scenario(id: &str) -> Result<Self::Scenario, DataError> {
        crate::data_files::scenario_by_id(Self::spec().name, Self::builtin_scenarios(), id, |s| {
            Self::header(s).id
        })
    }
    /// Reads and checks a scenario file; a read failure is [`DataError::Io`] naming the path.
    fn load_scenario_file(path: &Path) -> Result<Self::Scenario, DataError> {
        let (name, text) = crate::data_files::read_text(path)?;
        Self::parse_scenario(&text, &name)
    }
    /// The checks a scenario file gets, for a scenario from any other door (a saved game).
    fn validate(scenario: &Self::Scenario, file: &str) -> Result<(), DataError>;
    /// The scenario's id, title, description, side names and ships' sides, for listings.
    fn header(scenario: &Self::Scenario) -> ScenarioHeader<'_>;
    /// A new game of the scenario.
    fn new_game(scenario: &Self::Scenario, options: &GameOptions) -> Self::Game;
}

/// What listings and screens read from any scenario.
#[derive(Debug, Clone)]
pub struct ScenarioHeader<'a> {
    pub id: &'a str,
    pub title: &'a str,
    pub description: &'a str,
    /// The names of side 0 and side 1.
    pub sides: [&'a str; 2],
    /// The side of each ship, in scenario order.
    pub ship_sides: Vec<u8>,
}

/// Implements [`Ruleset`] for a ruleset whose scenario has the usual fields (`id`, `title`,
/// `description`, `sides: [String; 2]`, `ships` with a `side`) and whose options are
/// `{ resignation }`: what is left of a ruleset's registration is its names.
macro_rules! impl_ruleset {
    (
        $ruleset:ident {
            game: $game:ty,
            options: $options:ident,
            scenario: $scenario:ty,
            spec: $spec:expr,
            seed: $seed:expr,
            default_scenario: $default:expr,
            builtin: $builtin:path,
            parse: $parse:path $(,)?
        }
    ) => {
        impl $crate::ruleset::Ruleset for $ruleset {
            type Game = $game;
            type Scenario = $scenario;
            const SEED: &'static str = $seed;
            const DEFAULT_SCENARIO: &'static str = $default;

            fn spec() -> &'static $crate::game::GameSpec {
                &$spec
            }
            fn builtin_scenarios() -> &'static [$scenario] {
                $builtin()
            }
            fn parse_scenario(
                text: &str,
                file: &str,
            ) -> Result<$scenario, $crate::error::DataError> {
                $parse(text, file)
            }
            fn validate(s: &$scenario, file: &str) -> Result<(), $crate::error::DataError> {
                s.validate(file)
            }
            fn header(s: &$scenario) -> $crate::ruleset::ScenarioHeader<'_> {
                $crate::ruleset::ScenarioHeader {
                    id: &s.id,
                    title: &s.title,
                    description: &s.description,
                    sides: [&s.sides[0], &s.sides[1]],
                    ship_sides: s.ships.iter().map(|x| x.side).collect(),
                }
            }
            fn new_game(s: &$scenario, options: &$crate::ruleset::GameOptions) -> $game {
                <$game>::new(
                    s,
                    $options {
                        resignation: options.resignation,
                    },
                )
            }
        }
    };
}
pub(crate) use impl_ruleset;

/// A ruleset's place in the registry, generated for every listed ruleset: its variant of
/// [`AnyGame`] and [`AnyScenario`] in and out.
pub trait Registered: Ruleset {
    /// The ruleset's game inside `game`, if it is one.
    fn game_of(game: &AnyGame) -> Option<&Self::Game>;
    /// The ruleset's scenario inside `scenario`, if it is one.
    fn scenario_of(scenario: &AnyScenario) -> Option<&Self::Scenario>;
    /// The scenario as an [`AnyScenario`].
    fn any_scenario(scenario: Self::Scenario) -> AnyScenario;
    /// The game as an [`AnyGame`].
    fn any_game(game: Self::Game) -> AnyGame;
}

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

impl RulesetInfo {
    fn of<R: Ruleset>() -> Self {
        let s = R::spec();
        RulesetInfo {
            name: s.name,
            title: s.title,
            version: s.version,
            seed: R::SEED,
            default_scenario: R::DEFAULT_SCENARIO,
            num_player_actions: s.num_player_actions,
            num_actions: s.num_actions,
        }
    }
}

/// The default ruleset's name.
pub const DEFAULT_RULESET: &str = "wsim";

/// One line about a scenario, for listings.
#[derive(Debug, Clone, Serialize)]
pub struct ScenarioInfo {
    pub ruleset: &'static str,
    pub id: String,
    pub title: String,
    pub ships: usize,
    pub description: String,
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

fn unknown_ruleset(name: &str) -> DataError {
    DataError::UnknownRuleset {
        name: name.to_string(),
        known: rulesets()
            .iter()
            .map(|r| r.name)
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// The built-in scenarios of ruleset `R`, as [`AnyScenario`]s.
fn builtin_any<R: Registered>() -> Vec<AnyScenario> {
    R::builtin_scenarios()
        .iter()
        .cloned()
        .map(R::any_scenario)
        .collect()
}

/// Whether a scenario name on the command line is a file's path: only when it contains a
/// path separator or ends in `.toml`. Anything else is a built-in id, so a file or folder in
/// the current directory named like a built-in scenario never shadows it.
pub fn names_a_file(name: &str) -> bool {
    name.contains('/') || name.contains(std::path::MAIN_SEPARATOR) || name.ends_with(".toml")
}

/// Ruleset `R`'s built-in scenario `name`, or its scenario file when `name` looks like a path
/// ([`names_a_file`]).
fn named_any<R: Registered>(name: &str) -> Result<AnyScenario, DataError> {
    let scenario = if names_a_file(name) {
        R::load_scenario_file(Path::new(name))?
    } else {
        R::builtin_scenario(name)?
    };
    Ok(R::any_scenario(scenario))
}

/// Generates the registry from the list in [`for_each_ruleset!`](crate::for_each_ruleset).
macro_rules! registry {
    ($($module:ident: $variant:ident = $ruleset:path),* $(,)?) => {
        /// A scenario of any ruleset.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "ruleset", content = "scenario", rename_all = "lowercase")]
        pub enum AnyScenario {
            $($variant(<$ruleset as Ruleset>::Scenario),)*
        }

        /// A game of any ruleset.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "ruleset", content = "state", rename_all = "lowercase")]
        // Unboxed on purpose: a clone stays one memcpy with no heap (the hot loops of search
        // clone states), at the cost of every variant taking the largest one's size.
        #[allow(clippy::large_enum_variant)]
        pub enum AnyGame {
            $($variant(<$ruleset as Ruleset>::Game),)*
        }

        $(
            impl Registered for $ruleset {
                fn game_of(game: &AnyGame) -> Option<&Self::Game> {
                    #[allow(unreachable_patterns)]
                    match game {
                        AnyGame::$variant(g) => Some(g),
                        _ => None,
                    }
                }
                fn scenario_of(scenario: &AnyScenario) -> Option<&Self::Scenario> {
                    #[allow(unreachable_patterns)]
                    match scenario {
                        AnyScenario::$variant(s) => Some(s),
                        _ => None,
                    }
                }
                fn any_scenario(scenario: Self::Scenario) -> AnyScenario {
                    AnyScenario::$variant(scenario)
                }
                fn any_game(game: Self::Game) -> AnyGame {
                    AnyGame::$variant(game)
                }
            }
        )*

        /// Every ruleset this build knows.
        pub fn rulesets() -> Vec<RulesetInfo> {
            vec![$(RulesetInfo::of::<$ruleset>(),)*]
        }

        /// The spec (catalogue and observation layout) of the ruleset called `name`.
        pub fn game_spec(name: &str) -> Option<&'static GameSpec> {
            [$(<$ruleset as Ruleset>::spec(),)*]
                .into_iter()
                .find(|s| s.name == name)
        }

        /// The built-in scenarios of a ruleset, default first.
        pub fn scenarios(ruleset: &str) -> Result<Vec<AnyScenario>, DataError> {
            $(
                if ruleset == <$ruleset as Ruleset>::spec().name {
                    return Ok(builtin_any::<$ruleset>());
                }
            )*
            Err(unknown_ruleset(ruleset))
        }

        /// A built-in scenario by id, or a scenario file when `name` contains a path
        /// separator or ends in `.toml` ([`names_a_file`]).
        pub fn scenario(ruleset: &str, name: &str) -> Result<AnyScenario, DataError> {
            $(
                if ruleset == <$ruleset as Ruleset>::spec().name {
                    return named_any::<$ruleset>(name);
                }
            )*
            Err(unknown_ruleset(ruleset))
        }

        /// The rulesets whose scenario `value` (a saved game's `scenario`) reads as.
        pub fn scenario_rulesets_of(value: &serde_json::Value) -> Vec<&'static str> {
            let mut fits = Vec::new();
            $(
                if <<$ruleset as Ruleset>::Scenario as Deserialize>::deserialize(value).is_ok() {
                    fits.push(<$ruleset as Ruleset>::spec().name);
                }
            )*
            fits
        }

        /// The keys of every table of every ruleset's scenario, for error messages.
        pub fn scenario_struct_fields(
        ) -> std::collections::BTreeMap<&'static str, &'static [&'static str]> {
            let mut all = std::collections::BTreeMap::new();
            $(all.extend(crate::plain_errors::struct_fields::<<$ruleset as Ruleset>::Scenario>());)*
            all
        }

        /// Expands `$e` with `$s` bound to the scenario and `R` to its ruleset's type.
        macro_rules! on_scenario {
            ($self_:expr, $s:ident, $R:ident => $e:expr) => {
                match $self_ {
                    $(AnyScenario::$variant($s) => {
                        type $R = $ruleset;
                        $e
                    })*
                }
            };
        }

        /// Expands `$e` with `$g` bound to the game (same variant in and out).
        macro_rules! forward {
            ($self_:expr, $g:ident => $e:expr) => {
                match $self_ {
                    $(AnyGame::$variant($g) => $e,)*
                }
            };
            ($self_:expr, $g:ident => wrap $e:expr) => {
                match $self_ {
                    $(AnyGame::$variant($g) => AnyGame::$variant($e),)*
                }
            };
        }

        impl AnyGame {
            /// The size of the ruleset's own state (the enum is as large as the largest).
            pub fn state_size(&self) -> usize {
                match self {
                    $(AnyGame::$variant(_) => std::mem::size_of::<<$ruleset as Ruleset>::Game>(),)*
                }
            }
        }
    };
}

crate::for_each_ruleset!(registry);

impl AnyScenario {
    /// The ruleset's name.
    pub fn ruleset(&self) -> &'static str {
        on_scenario!(self, _s, R => R::spec().name)
    }
    /// The id, title, description, side names and ships' sides.
    pub fn header(&self) -> ScenarioHeader<'_> {
        on_scenario!(self, s, R => R::header(s))
    }
    /// The scenario's id.
    pub fn id(&self) -> &str {
        self.header().id
    }
    /// Checks a scenario that did not come from a scenario file (e.g. inside a saved game).
    pub fn validate(&self, file: &str) -> Result<(), DataError> {
        on_scenario!(self, s, R => R::validate(s, file))
    }
    /// How many ships side 0 and side 1 start with.
    pub fn ships_per_side(&self) -> [usize; 2] {
        let sides = self.header().ship_sides;
        [0, 1].map(|side| sides.iter().filter(|&&s| s == side).count())
    }
    /// A listing line.
    pub fn info(&self) -> ScenarioInfo {
        let h = self.header();
        ScenarioInfo {
            ruleset: self.ruleset(),
            id: h.id.to_string(),
            title: h.title.to_string(),
            ships: h.ship_sides.len(),
            description: h.description.to_string(),
        }
    }
    /// A new game of this scenario.
    pub fn new_game(&self, options: &GameOptions) -> AnyGame {
        on_scenario!(self, s, R => R::any_game(R::new_game(s, options)))
    }
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
    fn observe_into(&self, player: Player, out: ObservationMut<'_>, memo: &mut ObsMemo) {
        forward!(self, g => g.observe_into(player, out, memo))
    }
    fn resample_hidden(&self, player: Player, rng: &mut dyn RngCore) -> Self {
        forward!(self, g => wrap g.resample_hidden(player, rng))
    }
    fn describe_action(&self, action: Action) -> String {
        forward!(self, g => g.describe_action(action))
    }
    fn check_invariants(&self) -> Result<(), String> {
        forward!(self, g => g.check_invariants())
    }
}
