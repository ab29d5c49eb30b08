//! Agents named by spec strings: `random`, `bot:line-of-battle`,
//! `mcts:sims=800,eval=rollout:bot:close-action`.
//!
//! # Grammar
//! - `random` or `random:SEED`
//! - `bot:NAME` or `bot:NAME:SEED` (the ruleset's bots, see [`KnownAgents::bots`];
//!   `bot:best` is the ruleset's strongest, [`KnownAgents::best_bot`])
//! - `mcts` or `mcts:KEY=VALUE,KEY=VALUE,...` with keys
//!   `sims` (simulations), `time` (milliseconds per decision), `level` (`easy`, `medium`,
//!   `hard`, `expert`: 50, 250, 1000, 4000 ms, with the strongest measured configuration,
//!   [`LEVEL_CONFIG`], for whatever the spec does not set), `threads`, `select` (`uct`,
//!   `puct`, `gumbel`), `c` (finite, at least 0), `sim` (`rm`, `exp3`), `gamma` (the
//!   bandits' exploration share, in (0, 1]), `chance` (`sample`, `stratified`), `eval`
//!   (`heuristic`, `random`, `fake-net`, `rollout:AGENT-SPEC` with `random` or a `bot:`),
//!   `depth` (rollout decisions before the heuristic value), `turns` (a rollout also
//!   stops at its first decision this many game turns on; WS&IM and Fighting Sail),
//!   `prior` (`none`, default, or a bot name or `best`, or several joined by `+`: move
//!   priors with `pw` of the mass on that bot's choice, shared by vote among several bots,
//!   the rest even; PUCT then starts from the bot's play, and the
//!   bandits of simultaneous decisions start from and explore along it), `pw` (prior
//!   weight, default 0.5), `pscope`
//!   (`all`, default, or `root`: ask the prior bot at the root only, once per search),
//!   `value` (the ruleset's heuristic: `default`; WS&IM `material`, FSail `morale`, or
//!   `position` / `position:W`: plus the doctrine position score of each ship with weight
//!   W), `model` (`none`, default, or a bot name or `best`: the opponent model that writes
//!   hidden orders in a share `ms` of determinizations, default 0.75; WS&IM only),
//!   `crn` (`true`: common random numbers, the k-th simulation through every root action
//!   plays in the same world and meets the same rollout dice; default `false`, see
//!   [`MctsConfig::common_numbers`]),
//!   `reuse` (`true`, `false`), `mixed` (`true`:
//!   at a simultaneous root play a sample of the average strategy; default `false`: its
//!   most likely action), `first` (`true`: bandits for the first mover's hidden choices too,
//!   as SM-MCTS; default `false`, see [`MctsConfig::first_mover_bandits`]), `seed`.
//!
//! - `net:path=FILE,KEY=VALUE,...`: PUCT search (`select=puct`, `c=1.5` unless given) led by
//!   a trained network's priors and values; the other keys are the `mcts` keys (`sims`,
//!   default 64). The network always evaluates; `eval=rollout:AGENT-SPEC` (or `random`,
//!   with `depth` and `turns` as for `mcts`) mixes a rollout into its leaf values,
//!   `(1 - mix) × network + mix × rollout` with `mix` from 0 to 1 (default
//!   [`DEFAULT_ROLLOUT_MIX`]; 1: the network's priors with the rollout's values), as
//!   AlphaGo mixed its value network with fast rollouts ([`crate::mcts::MixedEvaluator`]).
//!   `prior=BOT` blends a doctrine into the network's priors: `pw` of the mass on the
//!   bot's choice, the rest by the network's priors ([`crate::mcts::AgentPrior`]).
//!   Networks need a `broadside` built with the `torch` feature, which registers the loader
//!   ([`register_net_loader`]); elsewhere the spec is a clear error.
//!
//! - `portfolio` or `portfolio:KEY=VALUE,...` ([`crate::portfolio`]): at each decision the
//!   distinct choices of a portfolio of doctrines, each played out to `horizon` game turns
//!   on by the doctrine that proposed it against an opponent model, the best mean kept.
//!   Keys: `bots` (doctrine names joined by `+`; default every bot of the ruleset),
//!   `model` (the opponent's doctrine in playouts and for hidden orders, or `random`: the
//!   search then answers a uniformly random opponent; default `best`),
//!   `horizon` (game turns, default 1), `sims` (playouts per decision over all candidates,
//!   default 24) or `time` (milliseconds per decision) or `level` (the `mcts` levels'
//!   times), `value` (as for `mcts`; default `position`), `wide` (`true`: also every
//!   legal action no doctrine proposes, completed by the doctrine most of them agree with;
//!   default `false`), `tree` (`true`: the plan tree, script-based UCT, instead of equal
//!   playouts per candidate: UCB1 over the candidates and, at each later game turn within
//!   the horizon, over which doctrine writes that turn; default `false`), `orders` (`true`:
//!   the order tree, UCT over the sub-decisions of the side's orders this turn, each node's
//!   moves the doctrines' choices there, kept from one sub-decision to the next; default
//!   `false`), `expand` (playouts through an order-tree move before its node opens, default
//!   8), `share` (the flat search's worlds that share one draw of a playout's leading
//!   shared chance nodes, Fighting Sail's sailing rolls, so that its costly doctrine
//!   sailing is played once for them all, and so is the opponent model's: with
//!   `model=random` a group sees one random sailing; default 32, 1: every world its own),
//!   `c` (the trees' exploration constant, default 0.1), `z` and `edge` (the flat search
//!   keeps the first doctrine's choice unless a candidate's mean paired difference over it,
//!   world by world in the same worlds, is above `z` standard errors and at least `edge`;
//!   default 0: the best mean), `every` (at decisions with at most this many legal actions,
//!   every one is a candidate, completed by the first doctrine; default 0: never), `seed`.
//!
//! - `cmd:COMMAND` ([`crate::bot`]): a bot program speaking the bot protocol
//!   (`docs/bots.md`); everything after `cmd:` is its command line, run without a shell,
//!   with optional leading `time=SECONDS` (per decision, default 5), `game=SECONDS` (per
//!   game) and `log=DIR` (its stderr log) words.
//!
//! A nested `rollout:` spec may not contain commas (its own options would be ambiguous).

mod build;
mod display;
mod parse;
mod rulesets;

pub use build::{evaluator_factory, evaluator_factory_with, with_model, with_prior};
pub use parse::{LevelConfig, DEFAULT_MODEL_SHARE, DEFAULT_PRIOR_WEIGHT, LEVELS, LEVEL_CONFIG};
pub use rulesets::{AnyHeuristic, OnAny, OnRuleset};

use std::sync::Arc;

use broadside_env::ruleset::AnyGame;
use broadside_env::Game;
use serde::{Deserialize, Serialize};

use crate::mcts::{
    observation_key, Budget, EvaluatorFactory, Heuristic, HiddenModelFn, InfoKeyFn, MctsConfig,
};
use crate::Agent;

/// Why a spec string was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// A `net:` agent whose network cannot be loaded here.
    #[error("network `{path}`: {detail}")]
    Net { path: String, detail: String },
    /// Nothing was given.
    #[error("empty agent spec")]
    Empty,
    /// The first word is not an agent kind.
    #[error(
        "unknown agent `{spec}` (known: random, bot:NAME, mcts:OPTIONS, portfolio:OPTIONS, \
         net:path=FILE, cmd:COMMAND)"
    )]
    UnknownAgent { spec: String },
    /// The ruleset has no bot of that name.
    #[error("unknown bot `{name}` (known: {known})")]
    UnknownBot { name: String, known: String },
    /// An option the agent does not have.
    #[error("agent `{spec}`: unknown option `{key}` (known: {known})")]
    UnknownOption {
        spec: String,
        key: String,
        known: String,
    },
    /// A known option written without `=VALUE`.
    #[error("agent `{spec}`: `{key}` needs a value ({hint})")]
    MissingValue {
        spec: String,
        key: String,
        hint: String,
    },
    /// An option with a value it cannot take.
    #[error("agent `{spec}`: `{value}` is not a valid {key} ({expected})")]
    BadValue {
        spec: String,
        key: String,
        value: String,
        expected: String,
    },
}

/// Leaf evaluation named in an `mcts` spec.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum EvalSpec {
    /// The ruleset's heuristic value at the leaf.
    Heuristic,
    /// A rollout by an agent (`random` or a bot), to the end, `depth` decisions or `turns`
    /// game turns on, whichever comes first.
    Rollout {
        policy: Box<AgentSpec>,
        depth: Option<usize>,
        #[serde(default)]
        turns: Option<u32>,
    },
    /// The seeded fake network (batches of 16).
    FakeNet,
    /// A trained network from a checkpoint file (see [`register_net_loader`]), its value
    /// mixed with a rollout's where `mix` says so.
    Net {
        path: String,
        /// A spec saved before the key existed mixed nothing.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mix: Option<RolloutMix>,
    },
}

/// A rollout mixed into a network's leaf values (`net:NAME,eval=rollout:AGENT,mix=W`,
/// [`crate::mcts::MixedEvaluator`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RolloutMix {
    /// The rollout: always an [`EvalSpec::Rollout`].
    pub rollout: Box<EvalSpec>,
    /// The rollout's share of a leaf's value, from 0 to 1.
    pub weight: f64,
}

/// The rollout's share when a network's spec names a rollout without `mix=`: AlphaGo's
/// λ = 0.5 (Silver et al. 2016). Measured here: docs/baselines.md, "Rollouts at the leaves".
pub const DEFAULT_ROLLOUT_MIX: f64 = 0.5;

/// Loads a checkpoint as an evaluator factory for [`AnyGame`] (what `net:` specs use).
pub type NetLoader = fn(&str) -> Result<EvaluatorFactory<AnyGame>, String>;

static NET_LOADER: std::sync::OnceLock<NetLoader> = std::sync::OnceLock::new();

/// Registers the network loader (the models crate's, when built with `torch`); the first
/// registration wins.
pub fn register_net_loader(loader: NetLoader) {
    let _ = NET_LOADER.set(loader);
}

fn net_factory_for_any(path: &str) -> Result<EvaluatorFactory<AnyGame>, SpecError> {
    let loader = NET_LOADER.get().ok_or_else(|| SpecError::Net {
        path: path.into(),
        detail: "this build has no network support: build broadside with the `torch` \
                 feature (scripts/train.sh does)"
            .into(),
    })?;
    loader(path).map_err(|detail| SpecError::Net {
        path: path.into(),
        detail,
    })
}

/// Move priors named in an `mcts` spec: a bot's choice gets `weight` of the mass.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PriorSpec {
    /// A bot name of the ruleset, or `best` (see [`KnownAgents::best_bot`]); for priors,
    /// several names joined by `+` share the weight (one vote each).
    pub bot: String,
    /// Prior mass on the bot's choice, the rest spread evenly.
    pub weight: f32,
}

impl PriorSpec {
    /// The bot names of [`PriorSpec::bot`] (one, or several joined by `+`).
    pub fn bots(&self) -> impl Iterator<Item = &str> {
        self.bot.split('+')
    }
}

/// A parsed agent spec.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
// Specs are parsed once per match, never stored in bulk: boxing the big variant buys nothing.
#[allow(clippy::large_enum_variant)]
pub enum AgentSpec {
    Random {
        seed: Option<u64>,
    },
    Bot {
        name: String,
        seed: Option<u64>,
    },
    Mcts {
        config: MctsConfig,
        eval: EvalSpec,
        /// Priors from a bot (PUCT and the bandits start from its play); `None`: uniform.
        #[serde(default)]
        prior: Option<PriorSpec>,
        /// The ruleset's heuristic value by name (see [`KnownAgents::heuristic_named`]);
        /// `None`: its default.
        #[serde(default)]
        value: Option<String>,
        /// Opponent model for hidden orders: a bot (`weight`: the share of determinizations
        /// it fills in, [`MctsConfig::model_share`]); `None`: uniform.
        #[serde(default)]
        model: Option<PriorSpec>,
    },
    /// Portfolio search ([`crate::portfolio`]).
    Portfolio(PortfolioSpec),
    /// A bot program over the bot protocol ([`crate::bot`]).
    Command(crate::bot::CommandSpec),
}

/// The settings of a `portfolio:` spec.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PortfolioSpec {
    /// The doctrines whose choices are the candidates; empty: every bot of the ruleset.
    pub bots: Vec<String>,
    /// The opponent's doctrine in playouts and for hidden orders (`best` allowed).
    pub model: String,
    /// Game turns a playout runs past the current one.
    pub horizon: u32,
    /// Worlds sharing one draw of the leading shared chance nodes (1: none; see
    /// [`crate::portfolio::PortfolioConfig::share`]). A spec saved before the key existed
    /// shared nothing.
    #[serde(default = "no_share")]
    pub share: u32,
    /// Playouts per decision, or time per decision.
    pub budget: Budget,
    /// The heuristic value by name.
    pub value: String,
    /// Seed of worlds and dice (0: the match's seed).
    pub seed: u64,
    /// Also try the legal actions no doctrine proposes.
    #[serde(default)]
    pub wide: bool,
    /// Search the plan tree (script-based UCT, [`crate::portfolio`]) instead of equal
    /// playouts per candidate.
    #[serde(default)]
    pub tree: bool,
    /// The plan tree's exploration constant.
    #[serde(default = "default_plan_c")]
    pub c: f64,
    /// Search the order tree ([`crate::portfolio`]) over this turn's sub-decisions.
    #[serde(default)]
    pub orders: bool,
    /// Playouts through a move of the order tree before its child node opens.
    #[serde(default = "default_expand")]
    pub expand: u32,
    /// Leave the lead doctrine's choice only on a paired difference this many standard
    /// errors above 0 ([`crate::portfolio::Departure`]; 0: the best mean).
    #[serde(default)]
    pub z: f64,
    /// ... and at least this large.
    #[serde(default)]
    pub edge: f64,
    /// At decisions with at most this many legal actions, every one is a candidate.
    #[serde(default)]
    pub every: u32,
}

/// The order tree's expansion threshold when `expand=` is left out.
pub const DEFAULT_EXPAND: u32 = 8;

/// Default `share` of a `portfolio` spec: Fighting Sail's default admiral against
/// `bot:rake-seeker` in the fleet action at 10 ms scored 58.5% of 400 with 1, 62.0% with 8
/// and 68.5% with 32 (seed 2027); 16, 64 and 128 were no better than 32 (docs/admirals.md).
pub const DEFAULT_SHARE: u32 = 32;

fn no_share() -> u32 {
    1
}

fn default_expand() -> u32 {
    DEFAULT_EXPAND
}

/// The plan tree's exploration constant when `c=` is left out: the heuristic values of
/// the candidates' positions differ by hundredths, so a small one.
pub const DEFAULT_PLAN_C: f64 = 0.1;

fn default_plan_c() -> f64 {
    DEFAULT_PLAN_C
}

impl Default for PortfolioSpec {
    fn default() -> Self {
        Self {
            bots: Vec::new(),
            model: "best".into(),
            horizon: 1,
            share: DEFAULT_SHARE,
            budget: Budget::Simulations(24),
            value: "position".into(),
            seed: 0,
            wide: false,
            tree: false,
            c: DEFAULT_PLAN_C,
            orders: false,
            expand: DEFAULT_EXPAND,
            z: 0.0,
            edge: 0.0,
            every: 0,
        }
    }
}

/// What a ruleset offers agents: its bots, a heuristic value and an information key.
/// Implemented for every game type the agents know; new rulesets add an implementation.
pub trait KnownAgents: Game {
    /// The ruleset's bots: `(name, one line of help)`.
    fn bots() -> Vec<(&'static str, &'static str)>;
    /// The bot called `name`, seeded.
    fn bot(name: &str, seed: u64) -> Option<Box<dyn Agent<Self>>>;
    /// The bot `bot:best`, `prior=best` and `model=best` name: the strongest measured in
    /// the ruleset's duel (which doctrine is strongest depends on the battle; docs/admirals.md);
    /// `None` without bots.
    fn best_bot() -> Option<&'static str> {
        Self::bots().first().map(|(n, _)| *n)
    }
    /// The bot called `name`, where `best` is [`KnownAgents::best_bot`].
    fn named_bot(name: &str, seed: u64) -> Option<Box<dyn Agent<Self>>> {
        match name {
            "best" => Self::best_bot().and_then(|b| Self::bot(b, seed)),
            _ => Self::bot(name, seed),
        }
    }
    /// The ruleset's heuristic value (for depth-limited rollouts and heuristic leaves).
    fn heuristic() -> Arc<dyn Heuristic<Self>>;
    /// The names `value=` accepts, the default first.
    fn heuristic_names() -> Vec<&'static str> {
        vec!["default"]
    }
    /// The heuristic called `name` (`default`: [`KnownAgents::heuristic`]).
    fn heuristic_named(name: &str) -> Option<Arc<dyn Heuristic<Self>>> {
        (name == "default").then(Self::heuristic)
    }
    /// The information key the search uses (the observation hash unless faster exists).
    fn info_key() -> InfoKeyFn<Self> {
        observation_key::<Self>
    }
    /// A trained network from `path` as an evaluator factory; networks are loaded for
    /// [`AnyGame`] (the command's game type) only.
    fn net_evaluator(path: &str) -> Result<EvaluatorFactory<Self>, SpecError> {
        Err(SpecError::Net {
            path: path.into(),
            detail: "networks are loaded for the `broadside` command's games only".into(),
        })
    }
    /// The position as `player` may know it, as JSON, for a bot program's `decide`
    /// messages ([`crate::bot`]): `{"ruleset": NAME, "state": STATE}`, the shape of the
    /// any-ruleset game's JSON, with everything hidden from `player` redrawn
    /// ([`crate::bot::agent::redrawn_view`]). Every game has one: the agents a `cmd:` spec
    /// builds play the ruleset's own game type, not the any-ruleset one.
    fn player_view(state: &Self, player: broadside_env::Player) -> Option<serde_json::Value> {
        let view = crate::bot::agent::redrawn_view(state, player)?;
        Some(serde_json::json!({"ruleset": state.spec().name, "state": view}))
    }
    /// How a bot fills in hidden state for the search's opponent model (`model=`).
    fn hidden_model() -> Option<HiddenModelFn<Self>> {
        None
    }
    /// A counter that grows by one each game turn (portfolio playouts stop at a horizon
    /// in it); 0 where the game has no turns, so playouts run to the end.
    fn round(_state: &Self) -> u32 {
        0
    }
    /// The chance nodes a portfolio search's group of worlds may share (`share=`); none
    /// by default.
    fn shared_chance(_state: &Self) -> bool {
        false
    }
    /// `spec` built as each ruleset's own agent, where one game type stands for several
    /// rulesets ([`AnyGame`]: a ruleset's bots, values and portfolio are its own, never
    /// the union of every ruleset's names); `None`: [`AgentSpec::build`] builds it for
    /// `Self` directly.
    fn build_own(_spec: &AgentSpec, _seed: u64) -> Option<Result<Box<dyn Agent<Self>>, SpecError>> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcts::SimSelection;
    use broadside_env::wsim::WsimGame;

    #[test]
    fn specs_round_trip_and_errors_are_typed() {
        for s in [
            "random",
            "random:7",
            "bot:line-of-battle",
            "bot:british:3",
            "mcts:sims=800,select=uct,c=2,eval=rollout:bot:close-action",
            "mcts:sims=100,select=puct,c=1.5,eval=rollout:random,depth=20",
            "mcts:time=50,threads=2,select=gumbel,c=2,eval=heuristic",
            "mcts:sims=500,select=puct,c=1.5,prior=best,pw=0.8,value=position,model=best,ms=0.5",
            "mcts:level=easy",
            "portfolio",
            "portfolio:bots=british+french,model=british,horizon=2,sims=16,value=position",
            "portfolio:time=10,seed=4",
            "portfolio:model=british,time=10,wide=true",
            "portfolio:model=british,horizon=2,sims=40,tree=true,c=0.3",
            "portfolio:c=0.3",
            "portfolio:model=british,time=10,orders=true,expand=4,c=0.3",
            "portfolio:expand=2",
            "portfolio:model=british,sims=96,z=2.5,edge=0.01,every=6",
        ] {
            let spec: AgentSpec = s.parse().unwrap();
            assert_eq!(spec.to_string().parse::<AgentSpec>().unwrap(), spec, "{s}");
        }
        let s: AgentSpec = "mcts:sims=800,eval=rollout:bot:close-action"
            .parse()
            .unwrap();
        assert!(matches!(
            s,
            AgentSpec::Mcts {
                config: MctsConfig {
                    budget: Budget::Simulations(800),
                    ..
                },
                eval: EvalSpec::Rollout { .. },
                prior: None,
                value: None,
                model: None,
            }
        ));
        assert_eq!("".parse::<AgentSpec>(), Err(SpecError::Empty));
        assert!(matches!(
            "nelson".parse::<AgentSpec>(),
            Err(SpecError::UnknownAgent { .. })
        ));
        assert!(matches!(
            "mcts:sims=x".parse::<AgentSpec>(),
            Err(SpecError::BadValue { .. })
        ));
        assert!(matches!(
            "mcts:depht=3".parse::<AgentSpec>(),
            Err(SpecError::UnknownOption { .. })
        ));
        assert!(matches!(
            "mcts:level=godlike".parse::<AgentSpec>(),
            Err(SpecError::BadValue { .. })
        ));
        assert!(matches!(
            "portfolio:horizon=x".parse::<AgentSpec>(),
            Err(SpecError::BadValue { .. })
        ));
        for bad in [
            "portfolio:tree=maybe",
            "portfolio:orders=maybe",
            "portfolio:expand=0",
            "portfolio:tree=true,c=-1",
            "portfolio:c=nan",
        ] {
            assert!(
                matches!(bad.parse::<AgentSpec>(), Err(SpecError::BadValue { .. })),
                "{bad}"
            );
        }
        assert!(matches!(
            "portfolio:bots=british++french".parse::<AgentSpec>(),
            Err(SpecError::BadValue { .. })
        ));
        assert!(matches!(
            "portfolio:depth=3".parse::<AgentSpec>(),
            Err(SpecError::UnknownOption { .. })
        ));
        assert!(matches!(
            "portfolio:level=godlike".parse::<AgentSpec>(),
            Err(SpecError::BadValue { .. })
        ));
        // A portfolio level is the mcts level's time per decision.
        for (level, ms) in LEVELS {
            match format!("portfolio:level={level}").parse::<AgentSpec>() {
                Ok(AgentSpec::Portfolio(p)) => assert_eq!(p.budget, Budget::TimeMs(ms)),
                other => panic!("portfolio:level={level}: {other:?}"),
            }
        }
        for bad_build in [
            "portfolio:bots=nelson",
            "portfolio:model=nelson",
            "portfolio:value=x",
        ] {
            let spec: AgentSpec = bad_build.parse().unwrap();
            assert!(spec.build::<WsimGame>(1).is_err(), "{bad_build}");
        }
        let err = "bot:nelson"
            .parse::<AgentSpec>()
            .unwrap()
            .build::<WsimGame>(1);
        assert!(matches!(err, Err(SpecError::UnknownBot { .. })));
        // An unknown model names `random` among the models it could have been.
        let model = "portfolio:model=nelson"
            .parse::<AgentSpec>()
            .unwrap()
            .build::<WsimGame>(1)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            model.contains("unknown bot `nelson`") && model.ends_with(", random)"),
            "{model}"
        );
        for (name, _) in WsimGame::bots() {
            let b = format!("bot:{name}").parse::<AgentSpec>().unwrap();
            assert!(b.build::<AnyGame>(1).is_ok(), "{name}");
        }
    }

    #[test]
    fn rollouts_must_be_random_or_a_bot() {
        for ok in [
            "mcts:eval=rollout:random",
            "mcts:eval=rollout:random:3",
            "mcts:eval=rollout:bot:british",
        ] {
            assert!(ok.parse::<AgentSpec>().is_ok(), "{ok}");
        }
        for bad in [
            "mcts:eval=rollout:portfolio",
            "mcts:eval=rollout:portfolio:sims=4",
            "mcts:eval=rollout:mcts",
            "mcts:eval=rollout:net:path=x.safetensors",
        ] {
            let err = bad.parse::<AgentSpec>().unwrap_err();
            assert!(matches!(err, SpecError::BadValue { .. }), "{bad}: {err}");
            assert!(err.to_string().contains("random or a bot"), "{bad}: {err}");
        }
    }

    #[test]
    fn mcts_c_and_gamma_must_be_sensible_numbers() {
        for ok in [
            "mcts:c=0",
            "mcts:c=2.5",
            "mcts:gamma=1",
            "mcts:sim=exp3,gamma=0.05",
        ] {
            assert!(ok.parse::<AgentSpec>().is_ok(), "{ok}");
        }
        match "mcts:sim=exp3,gamma=0.3".parse::<AgentSpec>() {
            Ok(AgentSpec::Mcts { config, .. }) => {
                assert_eq!(config.simultaneous, SimSelection::Exp3 { gamma: 0.3 })
            }
            other => panic!("{other:?}"),
        }
        for bad in [
            "mcts:c=nan",
            "mcts:c=NaN",
            "mcts:c=inf",
            "mcts:c=-inf",
            "mcts:c=-1",
            "net:path=x.safetensors,c=nan",
            "mcts:gamma=nan",
            "mcts:gamma=inf",
            "mcts:gamma=-0.1",
            "mcts:gamma=0",
            "mcts:gamma=1.5",
        ] {
            let err = bad.parse::<AgentSpec>().unwrap_err();
            assert!(matches!(err, SpecError::BadValue { .. }), "{bad}: {err}");
        }
    }

    #[test]
    fn a_known_option_without_a_value_says_it_needs_one() {
        for (spec, message) in [
            ("mcts:sims", "`sims` needs a value (sims=N)"),
            (
                "mcts:sims=8,reuse",
                "`reuse` needs a value (reuse=true or reuse=false)",
            ),
            (
                "portfolio:wide",
                "`wide` needs a value (wide=true or wide=false)",
            ),
            (
                "portfolio:tree",
                "`tree` needs a value (tree=true or tree=false)",
            ),
            (
                "portfolio:orders",
                "`orders` needs a value (orders=true or orders=false)",
            ),
            ("portfolio:horizon", "`horizon` needs a value (horizon=N)"),
            (
                "mcts:select",
                "`select` needs a value (select=uct, puct or gumbel)",
            ),
            ("net:path", "`path` needs a value (path=CHECKPOINT-FILE)"),
            (
                "net:path=x.safetensors,sims",
                "`sims` needs a value (sims=N)",
            ),
        ] {
            let err = spec.parse::<AgentSpec>().unwrap_err();
            assert!(
                matches!(err, SpecError::MissingValue { .. }),
                "{spec}: {err}"
            );
            assert!(err.to_string().contains(message), "{spec}: {err}");
            assert!(!err.to_string().contains("unknown"), "{spec}: {err}");
        }
        // A key the agent does not have stays unknown, with or without a value.
        for (spec, key) in [
            ("mcts:bogus", "bogus"),
            ("mcts:bogus=1", "bogus"),
            ("portfolio:depth", "depth"),
            ("portfolio:depth=3", "depth"),
        ] {
            let err = spec.parse::<AgentSpec>().unwrap_err();
            assert!(
                matches!(err, SpecError::UnknownOption { .. }),
                "{spec}: {err}"
            );
            let option = format!("unknown option `{key}` (known: ");
            assert!(err.to_string().contains(&option), "{spec}: {err}");
        }
    }

    #[test]
    fn a_number_too_large_for_its_option_says_so() {
        for spec in [
            "mcts:sims=99999999999999999999",
            "mcts:time=99999999999999999999",
            "portfolio:horizon=99999999999",
            "random:99999999999999999999",
        ] {
            let err = spec.parse::<AgentSpec>().unwrap_err();
            assert!(matches!(err, SpecError::BadValue { .. }), "{spec}: {err}");
            let text = err.to_string();
            // A bounded option names its range; the others say the number is too large.
            assert!(
                text.contains("too large") || text.contains("a whole number from 1 to"),
                "{spec}: {err}"
            );
        }
        for spec in ["mcts:sims=-1", "mcts:sims=1.5", "mcts:sims=x"] {
            let err = spec.parse::<AgentSpec>().unwrap_err();
            assert!(!err.to_string().contains("too large"), "{spec}: {err}");
            assert!(
                err.to_string().contains("a whole number from 1 to"),
                "{spec}: {err}"
            );
        }
    }

    #[test]
    fn zero_or_huge_budgets_threads_and_repeated_keys_are_refused_with_the_range() {
        let many_bots = format!("portfolio:bots={}", vec!["british"; 65].join("+"));
        for (s, needle) in [
            ("mcts:sims=0", "from 1 to 10000000"),
            ("mcts:threads=0", "from 1 to 64"),
            ("mcts:threads=65", "from 1 to 64"),
            ("mcts:time=0", "from 1 to 3600000"),
            ("portfolio:sims=0", "from 1 to 10000000"),
            ("mcts:sims=10,sims=20", "each key once"),
            ("portfolio:model=british,model=french", "each key once"),
            ("net:path=x.ckpt,sims=5,sims=6", "each key once"),
            // Found by the agent_spec fuzz target: 65 bots panicked in the search's constructor.
            (many_bots.as_str(), "from 1 to 64 bot names"),
        ] {
            let e = s.parse::<AgentSpec>().expect_err(s).to_string();
            assert!(e.contains(needle), "{s}: {e}");
        }
        for s in [
            "mcts:sims=1,threads=64",
            "net:path=x.ckpt,sims=5",
            "net:path=x.ckpt,c=2",
        ] {
            s.parse::<AgentSpec>()
                .unwrap_or_else(|e| panic!("{s}: {e}"));
        }
    }

    #[test]
    fn a_bare_first_net_option_names_a_shipped_network_and_round_trips() {
        let spec: AgentSpec = "net:togo-duel,sims=8".parse().unwrap();
        let AgentSpec::Mcts {
            eval: EvalSpec::Net { ref path, .. },
            ref config,
            ..
        } = spec
        else {
            panic!("{spec:?}")
        };
        assert_eq!(path, "togo-duel");
        assert_eq!(config.budget, Budget::Simulations(8));
        // Printed as `path=NAME`, which reads back the same.
        let again: AgentSpec = spec.to_string().parse().unwrap();
        assert_eq!(again.to_string(), spec.to_string());
        // A name and a path at once is refused, not silently one of them.
        let e = "net:togo-duel,path=x.safetensors"
            .parse::<AgentSpec>()
            .unwrap_err()
            .to_string();
        assert!(e.contains("one network"), "{e}");
    }

    #[test]
    fn a_network_mixes_in_a_rollout_only_when_asked_and_round_trips() {
        let spec: AgentSpec = "net:oak-default,sims=200,eval=rollout:bot:raking,turns=1"
            .parse()
            .unwrap();
        let AgentSpec::Mcts {
            eval: EvalSpec::Net { ref path, ref mix },
            ..
        } = spec
        else {
            panic!("{spec:?}")
        };
        assert_eq!(path, "oak-default");
        let mix = mix.as_ref().expect("a rollout is mixed in");
        assert_eq!(mix.weight, DEFAULT_ROLLOUT_MIX);
        let EvalSpec::Rollout {
            ref policy, turns, ..
        } = *mix.rollout
        else {
            panic!("{mix:?}")
        };
        assert_eq!(policy.to_string(), "bot:raking");
        assert_eq!(turns, Some(1));
        let again: AgentSpec = spec.to_string().parse().unwrap();
        assert_eq!(again, spec);
        assert!(spec.to_string().contains(",mix=0.5"), "{spec}");
        // A chosen share, and the network alone when no rollout is named.
        let spec: AgentSpec = "net:oak-default,eval=RANDOM,mix=0.25".parse().unwrap();
        assert!(matches!(
            spec,
            AgentSpec::Mcts { eval: EvalSpec::Net { mix: Some(RolloutMix { weight, .. }), .. }, .. }
                if weight == 0.25
        ));
        assert_eq!(spec.to_string().parse::<AgentSpec>().unwrap(), spec);
        assert!(matches!(
            "net:oak-default".parse::<AgentSpec>().unwrap(),
            AgentSpec::Mcts {
                eval: EvalSpec::Net { mix: None, .. },
                ..
            }
        ));
        // Everything else is refused with what would be accepted.
        for (s, needle) in [
            ("net:x,mix=0.5", "a rollout to mix in"),
            ("net:x,eval=heuristic", "rollout:AGENT or random"),
            ("net:x,eval=fake-net,mix=0.5", "rollout:AGENT or random"),
            ("net:x,eval=random,mix=1.5", "a share from 0 to 1"),
            ("net:x,eval=random,mix=nan", "a share from 0 to 1"),
            ("net:x,eval=random,mix=0.5,mix=0.5", "each key once"),
            (
                "net:x,eval=rollout:mcts:sims=5",
                "rollouts by random or a bot",
            ),
            ("net:x,lambda=0.5", "known: path, mix, sims"),
        ] {
            let e = s.parse::<AgentSpec>().expect_err(s).to_string();
            assert!(e.contains(needle), "{s}: {e}");
        }
    }
}
