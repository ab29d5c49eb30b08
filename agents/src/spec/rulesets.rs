//! [`KnownAgents`] for [`AnyGame`], which forwards to whichever ruleset a game is, and for
//! the toy games. Each ruleset's own `KnownAgents` lives in its folder (`agents/src/NAME/`);
//! everything here is expanded from the registry's list
//! ([`broadside_env::for_each_ruleset!`]), so no line below names a ruleset.

use std::fmt;
use std::sync::Arc;

use broadside_env::ruleset::{AnyGame, Registered, Ruleset};
use broadside_env::toy::{DiceRace, HiddenPennies};
use broadside_env::{Action, Game, Observation, Player, NUM_PLAYERS};

use crate::mcts::{EvaluatorFactory, Heuristic, HiddenModelFn, InfoKeyFn, TerminalValue};
use crate::{Agent, SearchControl};

use super::{net_factory_for_any, AgentSpec, EvalSpec, KnownAgents, SpecError};

/// An agent of [`AnyGame`] seen as an agent of one ruleset's game (for the opponent model,
/// which rewrites a ruleset's hidden orders with an agent of the command's game type).
struct Lifted<'a, R> {
    inner: &'a mut dyn Agent<AnyGame>,
    ruleset: std::marker::PhantomData<fn() -> R>,
}

impl<R: Registered> Agent<R::Game> for Lifted<'_, R> {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn choose(&mut self, state: &R::Game, player: Player) -> Action {
        self.inner.choose(&R::any_game(state.clone()), player)
    }
}

/// The ruleset's opponent model on an [`AnyGame`] of that ruleset.
fn lifted_hidden_model<R: Registered>(
    state: &R::Game,
    player: Player,
    agent: &mut dyn Agent<AnyGame>,
    rng: &mut rand_chacha::ChaCha8Rng,
) -> Option<AnyGame>
where
    R::Game: KnownAgents,
{
    let model = <R::Game as KnownAgents>::hidden_model()?;
    let mut lifted = Lifted::<R> {
        inner: agent,
        ruleset: std::marker::PhantomData,
    };
    model(state, player, &mut lifted, rng).map(R::any_game)
}

/// The first legal action that is not a resignation: what a bot name does on a ruleset
/// without a bot of that name.
fn first_legal(state: &AnyGame) -> Action {
    let resign = state.spec().resign_action();
    state
        .legal_actions()
        .iter()
        .find(|&a| Some(a) != resign)
        .unwrap_or(0)
}

/// Appends to `v` the items of `more` it does not have yet.
fn merge<T: PartialEq>(v: &mut Vec<T>, more: Vec<T>, same: impl Fn(&T, &T) -> bool) {
    for item in more {
        if !v.iter().any(|x| same(x, &item)) {
            v.push(item);
        }
    }
}

macro_rules! any_agents {
    ($($module:ident: $variant:ident = $ruleset:path),* $(,)?) => {
        /// A bot named for an [`AnyGame`]: the ruleset's bot of that name for each ruleset
        /// that has one (the doctrine names mean the same way of fighting in every ruleset).
        /// On a ruleset without a bot of that name it takes the first legal action that is
        /// not a resignation.
        pub struct OnAny {
            name: String,
            $($module: Option<Box<dyn Agent<<$ruleset as Ruleset>::Game>>>,)*
        }

        impl OnAny {
            /// The bots called `name` of every ruleset, seeded; `None` if no ruleset has one.
            pub fn new(name: &str, seed: u64) -> Option<Self> {
                $(let $module = <<$ruleset as Ruleset>::Game as KnownAgents>::named_bot(name, seed);)*
                let mut label = None;
                $(
                    if label.is_none() {
                        label = $module.as_ref().map(|b| b.name());
                    }
                )*
                Some(Self {
                    name: label?,
                    $($module,)*
                })
            }
        }

        impl Agent<AnyGame> for OnAny {
            fn name(&self) -> String {
                self.name.clone()
            }
            fn choose(&mut self, state: &AnyGame, player: Player) -> Action {
                match state {
                    $(AnyGame::$variant(g) => match &mut self.$module {
                        Some(b) => b.choose(g, player),
                        None => first_legal(state),
                    },)*
                }
            }
        }

        /// An agent spec built for each ruleset's own game: in a game of a ruleset it plays
        /// that ruleset's agent (a portfolio of its own doctrines, its own values and
        /// defaults), where [`AgentSpec::build`] for [`AnyGame`] alone would merge every
        /// ruleset's names. A ruleset the spec does not build for (a bot it lacks) takes
        /// the first legal action that is not a resignation, as [`OnAny`] does.
        pub struct OnRuleset {
            name: String,
            /// The ruleset of the last choice, whose agent explains it.
            last: Option<&'static str>,
            $($module: Option<Box<dyn Agent<<$ruleset as Ruleset>::Game>>>,)*
        }

        impl OnRuleset {
            /// `spec` built, seeded, for every ruleset that accepts it; `None` if none does.
            pub fn new(spec: &AgentSpec, seed: u64) -> Option<Self> {
                $(let $module = spec.build::<<$ruleset as Ruleset>::Game>(seed).ok();)*
                let mut name = None;
                $(
                    if name.is_none() {
                        name = $module.as_ref().map(|a| a.name());
                    }
                )*
                Some(Self {
                    name: name?,
                    last: None,
                    $($module,)*
                })
            }

            /// Whether the agent plays `state`'s ruleset with an agent of its own.
            pub fn plays(&self, state: &AnyGame) -> bool {
                match state {
                    $(AnyGame::$variant(_) => self.$module.is_some(),)*
                }
            }
        }

        impl Agent<AnyGame> for OnRuleset {
            fn name(&self) -> String {
                self.name.clone()
            }
            fn choose(&mut self, state: &AnyGame, player: Player) -> Action {
                match state {
                    $(AnyGame::$variant(g) => match &mut self.$module {
                        Some(a) => {
                            self.last = Some(stringify!($module));
                            a.choose(g, player)
                        }
                        None => first_legal(state),
                    },)*
                }
            }
            fn explain(&self) -> Vec<String> {
                $(if self.last == Some(stringify!($module)) {
                    return self.$module.as_ref().map(|a| a.explain()).unwrap_or_default();
                })*
                Vec::new()
            }
            fn explain_named(&self, name: &dyn Fn(Action) -> String) -> Vec<String> {
                $(if self.last == Some(stringify!($module)) {
                    return self
                        .$module
                        .as_ref()
                        .map(|a| a.explain_named(name))
                        .unwrap_or_default();
                })*
                Vec::new()
            }
            fn set_control(&mut self, control: Option<SearchControl>) {
                $(if let Some(a) = &mut self.$module {
                    a.set_control(control.clone());
                })*
            }
            // A bot program's forfeit and the game's end reach the ruleset's own agent: without
            // them a failed bot would play on through its fallback order.
            fn forfeit(&self) -> Option<String> {
                $(if let Some(reason) = self.$module.as_ref().and_then(|a| a.forfeit()) {
                    return Some(reason);
                })*
                None
            }
            fn game_over(
                &mut self,
                state: &AnyGame,
                player: Player,
                returns: [f64; NUM_PLAYERS],
                reason: Option<&str>,
            ) {
                match state {
                    $(AnyGame::$variant(g) => {
                        if let Some(a) = &mut self.$module {
                            a.game_over(g, player, returns, reason);
                        }
                    })*
                }
            }
        }

        /// The heuristic of whichever ruleset an [`AnyGame`] is.
        #[derive(Clone)]
        pub struct AnyHeuristic {
            $($module: Arc<dyn Heuristic<<$ruleset as Ruleset>::Game>>,)*
        }

        impl Default for AnyHeuristic {
            fn default() -> Self {
                Self {
                    $($module: <<$ruleset as Ruleset>::Game as KnownAgents>::heuristic(),)*
                }
            }
        }

        impl AnyHeuristic {
            /// Each ruleset's heuristic called `name`, its default where it has none of
            /// that name; `None` if no ruleset has one.
            pub fn named(name: &str) -> Option<Self> {
                $(let $module = <<$ruleset as Ruleset>::Game as KnownAgents>::heuristic_named(name);)*
                if true $(&& $module.is_none())* {
                    return None;
                }
                Some(Self {
                    $($module: $module.unwrap_or_else(
                        <<$ruleset as Ruleset>::Game as KnownAgents>::heuristic,
                    ),)*
                })
            }

            /// Each ruleset's heuristic's name, in registry order.
            fn names(&self) -> Vec<String> {
                vec![$(self.$module.name(),)*]
            }
        }

        impl Heuristic<AnyGame> for AnyHeuristic {
            fn name(&self) -> String {
                format!("any({})", self.names().join("/"))
            }
            fn value(&self, state: &AnyGame) -> [f64; NUM_PLAYERS] {
                match state {
                    $(AnyGame::$variant(g) => self.$module.value(g),)*
                }
            }
        }

        fn any_hidden_model(
            state: &AnyGame,
            player: Player,
            agent: &mut dyn Agent<AnyGame>,
            rng: &mut rand_chacha::ChaCha8Rng,
        ) -> Option<AnyGame> {
            match state {
                $(AnyGame::$variant(g) => lifted_hidden_model::<$ruleset>(g, player, agent, rng),)*
            }
        }

        fn any_info_key(state: &AnyGame, player: Player, buf: &mut Option<Observation>) -> u64 {
            match state {
                $(AnyGame::$variant(g) =>
                    <<$ruleset as Ruleset>::Game as KnownAgents>::info_key()(g, player, buf),)*
            }
        }

        impl KnownAgents for AnyGame {
            fn bots() -> Vec<(&'static str, &'static str)> {
                let mut v = Vec::new();
                $(merge(&mut v, <<$ruleset as Ruleset>::Game as KnownAgents>::bots(), |a, b| a.0 == b.0);)*
                v
            }
            fn bot(name: &str, seed: u64) -> Option<Box<dyn Agent<Self>>> {
                OnAny::new(name, seed).map(|b| Box::new(b) as Box<dyn Agent<Self>>)
            }
            fn best_bot() -> Option<&'static str> {
                // OnAny resolves `best` in each ruleset.
                Some("best")
            }
            fn heuristic() -> Arc<dyn Heuristic<Self>> {
                Arc::new(AnyHeuristic::default())
            }
            fn heuristic_names() -> Vec<&'static str> {
                let mut v = Vec::new();
                $(merge(&mut v, <<$ruleset as Ruleset>::Game as KnownAgents>::heuristic_names(), |a, b| a == b);)*
                v
            }
            fn heuristic_named(name: &str) -> Option<Arc<dyn Heuristic<Self>>> {
                AnyHeuristic::named(name).map(|h| Arc::new(h) as Arc<dyn Heuristic<Self>>)
            }
            fn info_key() -> InfoKeyFn<Self> {
                any_info_key
            }
            fn net_evaluator(path: &str) -> Result<EvaluatorFactory<Self>, SpecError> {
                net_factory_for_any(path)
            }
            fn hidden_model() -> Option<HiddenModelFn<Self>> {
                Some(any_hidden_model)
            }
            fn player_view(state: &Self, player: Player) -> Option<serde_json::Value> {
                crate::bot::agent::redrawn_view(state, player)
            }
            fn round(state: &Self) -> u32 {
                match state {
                    $(AnyGame::$variant(g) => <<$ruleset as Ruleset>::Game as KnownAgents>::round(g),)*
                }
            }
            fn shared_chance(state: &Self) -> bool {
                match state {
                    $(AnyGame::$variant(g) =>
                        <<$ruleset as Ruleset>::Game as KnownAgents>::shared_chance(g),)*
                }
            }
            fn build_own(
                spec: &AgentSpec,
                seed: u64,
            ) -> Option<Result<Box<dyn Agent<Self>>, SpecError>> {
                match spec {
                    // The random agent is the same in every ruleset, and networks load for
                    // the any-ruleset game only.
                    AgentSpec::Random { .. }
                    | AgentSpec::Mcts {
                        eval: EvalSpec::Net { .. },
                        ..
                    } => None,
                    // A spec no ruleset accepts is built (and refused, naming every
                    // ruleset's names) for the any-ruleset game.
                    _ => OnRuleset::new(spec, seed).map(|a| Ok(Box::new(a) as Box<dyn Agent<Self>>)),
                }
            }
        }
    };
}

broadside_env::for_each_ruleset!(any_agents);

impl fmt::Debug for OnAny {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OnAny").field("name", &self.name).finish()
    }
}

impl fmt::Debug for OnRuleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OnRuleset")
            .field("name", &self.name)
            .finish()
    }
}

impl fmt::Debug for AnyHeuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnyHeuristic")
            .field("heuristics", &self.names())
            .finish()
    }
}

macro_rules! toy_agents {
    ($($g:ty),*) => {$(
        impl KnownAgents for $g {
            fn bots() -> Vec<(&'static str, &'static str)> {
                Vec::new()
            }
            fn bot(_: &str, _: u64) -> Option<Box<dyn Agent<Self>>> {
                None
            }
            fn heuristic() -> Arc<dyn Heuristic<Self>> {
                Arc::new(TerminalValue)
            }
        }
    )*};
}
toy_agents!(DiceRace, HiddenPennies);
