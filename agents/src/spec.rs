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
//!   `puct`, `gumbel`), `c`, `sim` (`rm`, `exp3`), `gamma`, `chance` (`sample`,
//!   `stratified`), `eval` (`heuristic`, `random`, `fake-net`, `rollout:AGENT-SPEC`),
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
//!   default 64). Networks need a `broadside` built with the `torch` feature, which
//!   registers the loader ([`register_net_loader`]); elsewhere the spec is a clear error.
//!
//! - `portfolio` or `portfolio:KEY=VALUE,...` ([`crate::portfolio`]): at each decision the
//!   distinct choices of a portfolio of doctrines, each played out to `horizon` game turns
//!   on by the doctrine that proposed it against an opponent model, the best mean kept.
//!   Keys: `bots` (doctrine names joined by `+`; default every bot of the ruleset),
//!   `model` (the opponent's doctrine in playouts and for hidden orders; default `best`),
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
//!   8), `c` (the trees' exploration constant, default 0.1), `seed`.
//!
//! A nested `rollout:` spec may not contain commas (its own options would be ambiguous).

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use broadside_env::fsail::FsailGame;
use broadside_env::ruleset::AnyGame;
use broadside_env::toy::{DiceRace, HiddenPennies};
use broadside_env::wsim::WsimGame;
use broadside_env::{Action, Game, Observation, Player, NUM_PLAYERS};
use serde::{Deserialize, Serialize};

use crate::fsail::{FsailDoctrine, FsailDoctrineBot, FsailMorale, FSAIL_DOCTRINES};
use crate::mcts::{
    observation_key, AgentPrior, Budget, ChanceMode, Evaluator, EvaluatorFactory, FakeNetwork,
    Heuristic, HeuristicEvaluator, HiddenModel, HiddenModelFn, InfoKeyFn, MctsAgent, MctsConfig,
    RolloutEvaluator, RolloutPolicy, Selection, SimSelection, TerminalValue,
};
use crate::portfolio::{PortfolioAgent, PortfolioConfig};
use crate::wsim::{
    wsim_hidden_model, wsim_info_key, wsim_model_orders, CloseActionBot, DoctrineBot, WsimMaterial,
    DOCTRINES,
};
use crate::{Agent, RandomAgent};

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
    #[error("unknown agent `{spec}` (known: random, bot:NAME, mcts:OPTIONS, net:path=FILE)")]
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
    /// A trained network from a checkpoint file (see [`register_net_loader`]).
    Net { path: String },
}

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
}

/// The order tree's expansion threshold when `expand=` is left out.
pub const DEFAULT_EXPAND: u32 = 8;

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
            budget: Budget::Simulations(24),
            value: "position".into(),
            seed: 0,
            wide: false,
            tree: false,
            c: DEFAULT_PLAN_C,
            orders: false,
            expand: DEFAULT_EXPAND,
        }
    }
}

const PORTFOLIO_KEYS: &str =
    "bots, model, horizon, sims, time, level, value, wide, tree, orders, expand, c, seed";

fn parse_portfolio(spec: &str, options: &str) -> Result<AgentSpec, SpecError> {
    let mut p = PortfolioSpec::default();
    for part in options.split(',').filter(|p| !p.is_empty()) {
        let unknown = || SpecError::UnknownOption {
            spec: spec.into(),
            key: part.into(),
            known: PORTFOLIO_KEYS.into(),
        };
        let (k, v) = part.split_once('=').ok_or_else(unknown)?;
        match k {
            "bots" => {
                p.bots = v
                    .split('+')
                    .map(|b| b.strip_prefix("bot:").unwrap_or(b).to_string())
                    .collect();
                if p.bots.iter().any(String::is_empty) {
                    return Err(bad(spec, k, v, "bot names joined by '+'"));
                }
            }
            "model" => p.model = v.strip_prefix("bot:").unwrap_or(v).to_string(),
            "horizon" => p.horizon = parse_num(spec, k, v)?,
            "sims" => p.budget = Budget::Simulations(parse_num(spec, k, v)?),
            "time" => p.budget = Budget::TimeMs(parse_num(spec, k, v)?),
            "level" => p.budget = Budget::TimeMs(level_ms(spec, k, v)?),
            "value" => p.value = v.to_string(),
            "seed" => p.seed = parse_num(spec, k, v)?,
            "wide" => p.wide = v.parse().map_err(|_| bad(spec, k, v, "true or false"))?,
            "tree" => p.tree = v.parse().map_err(|_| bad(spec, k, v, "true or false"))?,
            "orders" => p.orders = v.parse().map_err(|_| bad(spec, k, v, "true or false"))?,
            "expand" => {
                p.expand = parse_num(spec, k, v)?;
                if p.expand == 0 {
                    return Err(bad(spec, k, v, "a whole number at least 1"));
                }
            }
            "c" => {
                p.c = v
                    .parse()
                    .ok()
                    .filter(|c: &f64| c.is_finite() && *c >= 0.0)
                    .ok_or_else(|| bad(spec, k, v, "a number at least 0"))?
            }
            _ => return Err(unknown()),
        }
    }
    Ok(AgentSpec::Portfolio(p))
}

/// Difficulty levels of `mcts:level=...` and `portfolio:level=...`: milliseconds per decision.
pub const LEVELS: [(&str, u64); 4] = [
    ("easy", 50),
    ("medium", 250),
    ("hard", 1000),
    ("expert", 4000),
];

/// The milliseconds per decision of level `v` ([`LEVELS`]).
fn level_ms(spec: &str, key: &str, v: &str) -> Result<u64, SpecError> {
    LEVELS
        .iter()
        .find(|(name, _)| *name == v)
        .map(|&(_, ms)| ms)
        .ok_or_else(|| bad(spec, key, v, "easy, medium, hard or expert"))
}

const MCTS_KEYS: &str = "sims, time, level, threads, select, c, sim, gamma, chance, eval, depth, turns, prior, pw, pscope, value, model, ms, crn, reuse, mixed, first, seed";

/// Share of modeled determinizations when `model=` names a bot but no `ms=`.
pub const DEFAULT_MODEL_SHARE: f64 = 0.75;

/// Prior mass on the bot's choice when `prior=` names a bot but no `pw=`.
pub const DEFAULT_PRIOR_WEIGHT: f32 = 0.5;

/// What `level=` plays besides its time: the strongest configuration measured against
/// the bots (UCT over the positional value, the best bot as the opponent model for hidden
/// orders). Bot priors lost to this at equal time in the duels: a bot's move choice costs
/// about as much as a hundred leaf values, and the bots' own play is not what beats them.
/// Measured at the simulations 10 ms of CPU runs: WS&IM frigate duel 84% of 400 games vs
/// line-of-battle; FSail frigate duel 52%, fleet action 49% vs british (400 games each,
/// README "Choosing the computer admiral" has the whole table); WS&IM
/// squadron battle only 2% of 50 vs british (the portfolio search, [`crate::portfolio`],
/// scores 83.9% of 400 there), where root priors and the model from
/// `british` (`select=puct,prior=british,pscope=root,model=british`) scored 54% of 28, and
/// its priors at every node with 300 decisions of its rollouts
/// (`select=puct,c=1.5,prior=british,pw=0.7,eval=rollout:bot:british,depth=300`) 66.0% of
/// 400 at 10 ms; the five doctrines' priors by vote (`prior=british+french+...`) 68.9%.
#[derive(Debug, Clone, Copy)]
pub struct LevelConfig {
    /// UCT constant.
    pub c: f64,
    /// Prior bot (`None`: uniform priors).
    pub prior: Option<&'static str>,
    /// Prior mass on the bot's choice.
    pub weight: f32,
    /// The heuristic value (`value=`).
    pub value: &'static str,
    /// Opponent model bot for hidden orders (`None`: uniform).
    pub model: Option<&'static str>,
    /// Share of determinizations it fills in.
    pub model_share: f64,
}

/// The configuration behind every `level=`.
pub const LEVEL_CONFIG: LevelConfig = LevelConfig {
    c: 2.0,
    prior: None,
    weight: DEFAULT_PRIOR_WEIGHT,
    value: "position",
    model: Some("best"),
    model_share: 0.75,
};

fn bad(spec: &str, key: &str, value: &str, expected: &str) -> SpecError {
    SpecError::BadValue {
        spec: spec.into(),
        key: key.into(),
        value: value.into(),
        expected: expected.into(),
    }
}

fn parse_num<T: FromStr>(spec: &str, key: &str, v: &str) -> Result<T, SpecError> {
    v.parse()
        .map_err(|_| bad(spec, key, v, "a non-negative number"))
}

impl FromStr for AgentSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<Self, SpecError> {
        let spec = text.trim();
        if spec.is_empty() {
            return Err(SpecError::Empty);
        }
        let lower = spec.to_ascii_lowercase();
        let seed_of = |s: Option<&str>| -> Result<Option<u64>, SpecError> {
            s.map(|a| parse_num(spec, "seed", a.strip_prefix("seed=").unwrap_or(a)))
                .transpose()
        };
        if lower == "random" || lower.starts_with("random:") {
            return Ok(AgentSpec::Random {
                seed: seed_of(lower.strip_prefix("random:"))?,
            });
        }
        if let Some(rest) = lower.strip_prefix("bot:") {
            let (name, seed) = match rest.split_once(':') {
                Some((n, s)) => (n, Some(s)),
                None => (rest, None),
            };
            return Ok(AgentSpec::Bot {
                name: name.to_string(),
                seed: seed_of(seed)?,
            });
        }
        if lower.starts_with("net:") {
            return parse_net(spec, &spec[4..]);
        }
        if lower == "portfolio" || lower.starts_with("portfolio:") {
            return parse_portfolio(spec, lower.strip_prefix("portfolio:").unwrap_or(""));
        }
        if lower == "mcts" || lower.starts_with("mcts:") {
            return parse_mcts(spec, lower.strip_prefix("mcts:").unwrap_or(""));
        }
        Err(SpecError::UnknownAgent { spec: spec.into() })
    }
}

/// `net:path=FILE,...`: the path keeps its case; the other options are `mcts` options.
fn parse_net(spec: &str, options: &str) -> Result<AgentSpec, SpecError> {
    let mut path = None;
    let mut rest = vec!["sims=64".to_string(), "select=puct".into(), "c=1.5".into()];
    for part in options.split(',').filter(|p| !p.is_empty()) {
        match part.split_once('=') {
            Some((k, v)) if k.eq_ignore_ascii_case("path") => path = Some(v.to_string()),
            Some((k, _)) if k.eq_ignore_ascii_case("eval") => {
                return Err(bad(
                    spec,
                    "eval",
                    part,
                    "no eval option: the network evaluates",
                ))
            }
            _ => rest.push(part.to_ascii_lowercase()),
        }
    }
    let path = path.ok_or_else(|| bad(spec, "path", "", "path=CHECKPOINT-FILE"))?;
    // `select` must come before `c` so that `c` applies to the chosen rule.
    rest.sort_by_key(|p| !p.starts_with("select="));
    let AgentSpec::Mcts {
        config,
        prior,
        value,
        model,
        ..
    } = parse_mcts(spec, &rest.join(","))?
    else {
        unreachable!("parse_mcts returns an mcts spec")
    };
    Ok(AgentSpec::Mcts {
        config,
        eval: EvalSpec::Net { path },
        prior,
        value,
        model,
    })
}

fn parse_mcts(spec: &str, options: &str) -> Result<AgentSpec, SpecError> {
    // Against fixed opponents the most likely action of the average strategy plays better
    // than a sample of it; `mixed=true` restores equilibrium sampling.
    let mut config = MctsConfig {
        budget: Budget::Simulations(800),
        sample_mixed: false,
        first_mover_bandits: false,
        ..MctsConfig::default()
    };
    let mut eval = EvalSpec::Heuristic;
    let mut depth = None;
    let mut turns = None;
    let mut c = None;
    let mut gamma = None;
    let mut prior: Option<Option<String>> = None;
    let mut weight = None;
    let mut level = false;
    let mut value = None;
    let mut model: Option<Option<String>> = None;
    let mut select_set = false;
    for part in options.split(',').filter(|p| !p.is_empty()) {
        let (k, v) = part
            .split_once('=')
            .ok_or_else(|| SpecError::UnknownOption {
                spec: spec.into(),
                key: part.into(),
                known: MCTS_KEYS.into(),
            })?;
        match k {
            "sims" => config.budget = Budget::Simulations(parse_num(spec, k, v)?),
            "time" => config.budget = Budget::TimeMs(parse_num(spec, k, v)?),
            "level" => {
                config.budget = Budget::TimeMs(level_ms(spec, k, v)?);
                level = true;
            }
            "prior" => {
                prior = Some(match v {
                    "none" | "uniform" => None,
                    bot => Some(bot.strip_prefix("bot:").unwrap_or(bot).to_string()),
                })
            }
            "value" => value = Some(v.to_string()),
            "model" => {
                model = Some(match v {
                    "none" | "uniform" => None,
                    bot => Some(bot.strip_prefix("bot:").unwrap_or(bot).to_string()),
                })
            }
            "ms" => {
                let w = parse_num::<f64>(spec, k, v)?;
                if !(0.0..=1.0).contains(&w) {
                    return Err(bad(spec, k, v, "a share from 0 to 1"));
                }
                config.model_share = w;
            }
            "pscope" => {
                config.root_priors_only = match v {
                    "root" => true,
                    "all" => false,
                    _ => return Err(bad(spec, k, v, "root or all")),
                }
            }
            "pw" => {
                let w = parse_num::<f32>(spec, k, v)?;
                if !(0.0..=1.0).contains(&w) {
                    return Err(bad(spec, k, v, "a weight from 0 to 1"));
                }
                weight = Some(w);
            }
            "threads" => config.threads = parse_num::<usize>(spec, k, v)?.clamp(1, 64),
            "seed" => config.seed = parse_num(spec, k, v)?,
            "c" => c = Some(parse_num::<f64>(spec, k, v)?),
            "gamma" => gamma = Some(parse_num::<f64>(spec, k, v)?),
            "depth" => depth = Some(parse_num(spec, k, v)?),
            "turns" => turns = Some(parse_num(spec, k, v)?),
            "first" => {
                config.first_mover_bandits =
                    v.parse().map_err(|_| bad(spec, k, v, "true or false"))?
            }
            "mixed" => {
                config.sample_mixed = v.parse().map_err(|_| bad(spec, k, v, "true or false"))?
            }
            "reuse" => config.reuse = v.parse().map_err(|_| bad(spec, k, v, "true or false"))?,
            "crn" => {
                config.common_numbers = v.parse().map_err(|_| bad(spec, k, v, "true or false"))?
            }
            "select" => {
                select_set = true;
                config.selection = match v {
                    "uct" => Selection::Uct { c: 2.0 },
                    "puct" => Selection::Puct { c: 2.0 },
                    "gumbel" => Selection::Gumbel {
                        considered: 16,
                        c_visit: 50.0,
                        c_scale: 1.0,
                        c: 2.0,
                    },
                    _ => return Err(bad(spec, k, v, "uct, puct or gumbel")),
                }
            }
            "sim" => {
                config.simultaneous = match v {
                    "rm" => SimSelection::RegretMatching { gamma: 0.1 },
                    "exp3" => SimSelection::Exp3 { gamma: 0.1 },
                    _ => return Err(bad(spec, k, v, "rm or exp3")),
                }
            }
            "chance" => {
                config.chance = match v {
                    "sample" => ChanceMode::Sample,
                    "stratified" => ChanceMode::Stratified { max_outcomes: 8 },
                    _ => return Err(bad(spec, k, v, "sample or stratified")),
                }
            }
            "eval" => {
                eval = match v {
                    "heuristic" => EvalSpec::Heuristic,
                    "fake-net" => EvalSpec::FakeNet,
                    "random" => EvalSpec::Rollout {
                        policy: Box::new(AgentSpec::Random { seed: None }),
                        depth: None,
                        turns: None,
                    },
                    _ => match v.strip_prefix("rollout:") {
                        Some(inner) => {
                            let policy: AgentSpec = inner.parse()?;
                            if matches!(policy, AgentSpec::Mcts { .. }) {
                                return Err(bad(spec, k, v, "rollouts by random or a bot"));
                            }
                            EvalSpec::Rollout {
                                policy: Box::new(policy),
                                depth: None,
                                turns: None,
                            }
                        }
                        None => {
                            return Err(bad(
                                spec,
                                k,
                                v,
                                "heuristic, random, fake-net or rollout:AGENT",
                            ))
                        }
                    },
                }
            }
            _ => {
                return Err(SpecError::UnknownOption {
                    spec: spec.into(),
                    key: k.into(),
                    known: MCTS_KEYS.into(),
                })
            }
        }
    }
    // A level plays the strongest configuration measured (see [`LEVEL_CONFIG`]) unless
    // the spec names its own selection, evaluator or priors.
    if level {
        if !select_set {
            config.selection = Selection::Uct { c: LEVEL_CONFIG.c };
        }
        if value.is_none() {
            value = Some(LEVEL_CONFIG.value.to_string());
        }
        if prior.is_none() {
            prior = Some(LEVEL_CONFIG.prior.map(str::to_string));
        }
        if weight.is_none() {
            weight = Some(LEVEL_CONFIG.weight);
        }
        if model.is_none() {
            model = Some(LEVEL_CONFIG.model.map(str::to_string));
        }
        if config.model_share == 0.0 {
            config.model_share = LEVEL_CONFIG.model_share;
        }
    }
    if let Some(c) = c {
        config.selection = match config.selection {
            Selection::Uct { .. } => Selection::Uct { c },
            Selection::Puct { .. } => Selection::Puct { c },
            Selection::Gumbel {
                considered,
                c_visit,
                c_scale,
                ..
            } => Selection::Gumbel {
                considered,
                c_visit,
                c_scale,
                c,
            },
        };
    }
    if let Some(g) = gamma {
        config.simultaneous = match config.simultaneous {
            SimSelection::RegretMatching { .. } => SimSelection::RegretMatching { gamma: g },
            SimSelection::Exp3 { .. } => SimSelection::Exp3 { gamma: g },
        };
    }
    if let EvalSpec::Rollout {
        depth: d, turns: t, ..
    } = &mut eval
    {
        *d = depth;
        *t = turns;
    }
    let model = model.flatten().map(|bot| {
        if config.model_share == 0.0 {
            config.model_share = DEFAULT_MODEL_SHARE;
        }
        PriorSpec {
            bot,
            weight: config.model_share as f32,
        }
    });
    if model.is_none() {
        config.model_share = 0.0;
    }
    let prior = prior.flatten().map(|bot| PriorSpec {
        bot,
        weight: weight.unwrap_or(DEFAULT_PRIOR_WEIGHT),
    });
    Ok(AgentSpec::Mcts {
        config,
        eval,
        prior,
        value,
        model,
    })
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random { seed: None } => write!(f, "random"),
            AgentSpec::Random { seed: Some(s) } => write!(f, "random:{s}"),
            AgentSpec::Bot { name, seed: None } => write!(f, "bot:{name}"),
            AgentSpec::Bot {
                name,
                seed: Some(s),
            } => write!(f, "bot:{name}:{s}"),
            AgentSpec::Portfolio(p) => {
                write!(f, "portfolio:")?;
                if !p.bots.is_empty() {
                    write!(f, "bots={},", p.bots.join("+"))?;
                }
                write!(f, "model={},horizon={},", p.model, p.horizon)?;
                match p.budget {
                    Budget::Simulations(n) => write!(f, "sims={n}")?,
                    Budget::TimeMs(ms) => write!(f, "time={ms}")?,
                }
                write!(f, ",value={}", p.value)?;
                if p.wide {
                    write!(f, ",wide=true")?;
                }
                if p.tree {
                    write!(f, ",tree=true")?;
                }
                if p.orders {
                    write!(f, ",orders=true")?;
                }
                if p.orders || p.expand != DEFAULT_EXPAND {
                    write!(f, ",expand={}", p.expand)?;
                }
                if p.tree || p.orders || p.c != DEFAULT_PLAN_C {
                    write!(f, ",c={}", p.c)?;
                }
                if p.seed != 0 {
                    write!(f, ",seed={}", p.seed)?;
                }
                Ok(())
            }
            AgentSpec::Mcts {
                config,
                eval,
                prior,
                value,
                model,
            } => {
                match eval {
                    EvalSpec::Net { path } => write!(f, "net:path={path},")?,
                    _ => write!(f, "mcts:")?,
                }
                match config.budget {
                    Budget::Simulations(n) => write!(f, "sims={n}")?,
                    Budget::TimeMs(ms) => write!(f, "time={ms}")?,
                }
                if config.first_mover_bandits {
                    write!(f, ",first=true")?;
                }
                if config.sample_mixed {
                    write!(f, ",mixed=true")?;
                }
                if config.common_numbers {
                    write!(f, ",crn=true")?;
                }
                if config.threads > 1 {
                    write!(f, ",threads={}", config.threads)?;
                }
                match config.selection {
                    Selection::Uct { c } => write!(f, ",select=uct,c={c}")?,
                    Selection::Puct { c } => write!(f, ",select=puct,c={c}")?,
                    Selection::Gumbel { c, .. } => write!(f, ",select=gumbel,c={c}")?,
                }
                if let Some(p) = prior {
                    write!(f, ",prior={},pw={}", p.bot, p.weight)?;
                    if config.root_priors_only {
                        write!(f, ",pscope=root")?;
                    }
                }
                if let Some(v) = value {
                    write!(f, ",value={v}")?;
                }
                if let Some(m) = model {
                    write!(f, ",model={},ms={}", m.bot, config.model_share)?;
                }
                match eval {
                    EvalSpec::Heuristic => write!(f, ",eval=heuristic"),
                    EvalSpec::FakeNet => write!(f, ",eval=fake-net"),
                    EvalSpec::Net { .. } => Ok(()),
                    EvalSpec::Rollout {
                        policy,
                        depth,
                        turns,
                    } => {
                        write!(f, ",eval=rollout:{policy}")?;
                        if let Some(d) = depth {
                            write!(f, ",depth={d}")?;
                        }
                        match turns {
                            Some(t) => write!(f, ",turns={t}"),
                            None => Ok(()),
                        }
                    }
                }
            }
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
    /// the ruleset's duel (which doctrine is strongest depends on the battle; README,
    /// "Choosing the computer admiral"); `None` without bots.
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
    /// How a bot fills in hidden state for the search's opponent model (`model=`).
    fn hidden_model() -> Option<HiddenModelFn<Self>> {
        None
    }
    /// A counter that grows by one each game turn (portfolio playouts stop at a horizon
    /// in it); 0 where the game has no turns, so playouts run to the end.
    fn round(_state: &Self) -> u32 {
        0
    }
}

impl AgentSpec {
    /// Builds the agent for game `G`; `default_seed` seeds what the spec leaves unseeded.
    pub fn build<G: KnownAgents>(&self, default_seed: u64) -> Result<Box<dyn Agent<G>>, SpecError> {
        match self {
            AgentSpec::Random { seed } => {
                Ok(Box::new(RandomAgent::new(seed.unwrap_or(default_seed))))
            }
            AgentSpec::Bot { name, seed } => G::named_bot(name, seed.unwrap_or(default_seed))
                .ok_or_else(|| SpecError::UnknownBot {
                    name: name.clone(),
                    known: G::bots()
                        .iter()
                        .map(|(n, _)| *n)
                        .collect::<Vec<_>>()
                        .join(", "),
                }),
            AgentSpec::Mcts { .. } => Ok(Box::new(
                self.build_mcts::<G>(default_seed)?
                    .expect("an mcts spec builds an mcts agent"),
            )),
            AgentSpec::Portfolio(_) => Ok(Box::new(
                self.build_portfolio::<G>(default_seed)?
                    .expect("a portfolio spec builds a portfolio agent"),
            )),
        }
    }

    /// Builds a [`PortfolioAgent`] (for callers that want its candidates); `None` if the
    /// spec is not a `portfolio` spec.
    pub fn build_portfolio<G: KnownAgents>(
        &self,
        default_seed: u64,
    ) -> Result<Option<PortfolioAgent<G>>, SpecError> {
        let AgentSpec::Portfolio(p) = self else {
            return Ok(None);
        };
        let seed = if p.seed == 0 { default_seed } else { p.seed };
        let names: Vec<String> = if p.bots.is_empty() {
            G::bots().iter().map(|(n, _)| n.to_string()).collect()
        } else {
            p.bots.clone()
        };
        let bot = |name: &str, salt: u64| {
            AgentSpec::Bot {
                name: name.to_string(),
                seed: Some(splitmix(seed ^ salt)),
            }
            .build::<G>(0)
        };
        let portfolio = names
            .iter()
            .enumerate()
            .map(|(i, n)| bot(n, i as u64 + 1))
            .collect::<Result<Vec<_>, _>>()?;
        if portfolio.is_empty() {
            return Err(SpecError::BadValue {
                spec: self.to_string(),
                key: "bots".into(),
                value: String::new(),
                expected: "at least one bot of the ruleset".into(),
            });
        }
        let opponent = bot(&p.model, 0x0BB0)?;
        let heuristic = G::heuristic_named(&p.value).ok_or_else(|| SpecError::BadValue {
            spec: self.to_string(),
            key: "value".into(),
            value: p.value.clone(),
            expected: format!("one of {}", G::heuristic_names().join(", ")),
        })?;
        let config = PortfolioConfig {
            budget: p.budget,
            horizon: p.horizon,
            wide: p.wide,
            seed,
            tree: p.tree,
            c: p.c,
            orders: p.orders,
            expand: p.expand,
        };
        Ok(Some(PortfolioAgent::new(
            config,
            self.to_string(),
            portfolio,
            opponent,
            heuristic,
            G::hidden_model(),
            G::round,
        )))
    }

    /// Builds an [`MctsAgent`] (for callers that want its explanations); `None` if the spec
    /// is not an `mcts` spec.
    pub fn build_mcts<G: KnownAgents>(
        &self,
        default_seed: u64,
    ) -> Result<Option<MctsAgent<G>>, SpecError> {
        let AgentSpec::Mcts {
            config,
            eval,
            prior,
            value,
            model,
        } = self
        else {
            return Ok(None);
        };
        // Check nested bots exist before any thread needs them.
        if let EvalSpec::Rollout { policy, .. } = eval {
            policy.build::<G>(0)?;
        }
        if let Some(p) = prior {
            for name in p.bots() {
                AgentSpec::Bot {
                    name: name.to_string(),
                    seed: None,
                }
                .build::<G>(0)?;
            }
        }
        let mut config = *config;
        if config.seed == 0 {
            config.seed = default_seed;
        }
        let heuristic = match value {
            None => G::heuristic(),
            Some(v) => G::heuristic_named(v).ok_or_else(|| SpecError::BadValue {
                spec: self.to_string(),
                key: "value".into(),
                value: v.clone(),
                expected: format!("one of {}", G::heuristic_names().join(", ")),
            })?,
        };
        if let Some(m) = model {
            AgentSpec::Bot {
                name: m.bot.clone(),
                seed: None,
            }
            .build::<G>(0)?;
        }
        let factory = with_model::<G>(
            with_prior::<G>(evaluator_factory_with::<G>(eval, heuristic)?, prior.clone()),
            model.clone(),
        );
        Ok(Some(
            MctsAgent::with_info_key(config, factory, G::info_key()).with_label(self.to_string()),
        ))
    }
}

/// The evaluator factory an [`EvalSpec`] names (a network must load).
pub fn evaluator_factory<G: KnownAgents>(
    eval: &EvalSpec,
) -> Result<EvaluatorFactory<G>, SpecError> {
    evaluator_factory_with(eval, G::heuristic())
}

/// The evaluator factory an [`EvalSpec`] names, over `heuristic`.
pub fn evaluator_factory_with<G: KnownAgents>(
    eval: &EvalSpec,
    heuristic: Arc<dyn Heuristic<G>>,
) -> Result<EvaluatorFactory<G>, SpecError> {
    Ok(match eval.clone() {
        EvalSpec::Net { path } => G::net_evaluator(&path)?,
        EvalSpec::Heuristic => {
            Arc::new(move |_| Box::new(HeuristicEvaluator::new(heuristic.clone())))
        }
        EvalSpec::FakeNet => Arc::new(|seed| Box::new(FakeNetwork::new(seed, 16))),
        EvalSpec::Rollout {
            policy,
            depth,
            turns,
        } => Arc::new(move |seed| {
            let p = match &*policy {
                AgentSpec::Random { .. } => RolloutPolicy::Random,
                other => RolloutPolicy::Agent(
                    other
                        .build::<G>(seed)
                        .unwrap_or_else(|_| Box::new(RandomAgent::new(seed))),
                ),
            };
            let rollout = RolloutEvaluator::new(p, heuristic.clone(), depth, seed);
            Box::new(match turns {
                Some(t) => rollout.with_turns(t, G::round),
                None => rollout,
            })
        }),
    })
}

/// `factory`'s evaluators with a bot's priors on top (unchanged without a prior).
pub fn with_prior<G: KnownAgents>(
    factory: EvaluatorFactory<G>,
    prior: Option<PriorSpec>,
) -> EvaluatorFactory<G> {
    let Some(p) = prior else {
        return factory;
    };
    Arc::new(move |seed| {
        let inner = factory(seed);
        let bots: Vec<_> = p
            .bots()
            .enumerate()
            .filter_map(|(i, name)| G::named_bot(name, splitmix(seed ^ i as u64)))
            .collect();
        if bots.is_empty() {
            inner
        } else {
            Box::new(AgentPrior::new(inner, bots, p.weight)) as Box<dyn Evaluator<G>>
        }
    })
}

/// `factory`'s evaluators with a bot as the opponent model for hidden orders (unchanged
/// without a model or where the ruleset has none, [`KnownAgents::hidden_model`]).
pub fn with_model<G: KnownAgents>(
    factory: EvaluatorFactory<G>,
    model: Option<PriorSpec>,
) -> EvaluatorFactory<G> {
    let (Some(m), Some(f)) = (model, G::hidden_model()) else {
        return factory;
    };
    Arc::new(move |seed| {
        let inner = factory(seed);
        match G::named_bot(&m.bot, splitmix(seed ^ 0x30DE1)) {
            Some(bot) => Box::new(HiddenModel::new(inner, bot, f)) as Box<dyn Evaluator<G>>,
            None => inner,
        }
    })
}

fn splitmix(x: u64) -> u64 {
    crate::mcts::hash::splitmix64(x ^ 0x9B10_B0A7)
}

// ---------------------------------------------------------------------------------------
// The rulesets.

const CLOSE_ACTION_HELP: &str =
    "closes with the nearest enemy, keeps a broadside on it, fires at any table";

impl KnownAgents for WsimGame {
    fn bots() -> Vec<(&'static str, &'static str)> {
        let mut v = vec![("close-action", CLOSE_ACTION_HELP)];
        v.extend([
            (
                "british",
                "close and broadside: pistol shot, hull, any table",
            ),
            (
                "french",
                "disable and outrun: rigging at long range, weather gauge",
            ),
            (
                "line-of-battle",
                "follow the leader, keep station, concentrate fire",
            ),
            (
                "rake-seeker",
                "manoeuvre for raking broadsides, avoid being raked",
            ),
        ]);
        debug_assert_eq!(v.len(), DOCTRINES.len() + 1);
        v
    }
    fn bot(name: &str, seed: u64) -> Option<Box<dyn Agent<Self>>> {
        if name == "close-action" {
            return Some(Box::new(CloseActionBot::new(seed)));
        }
        crate::wsim::Doctrine::by_name(name)
            .map(|d| Box::new(DoctrineBot::new(d, seed)) as Box<dyn Agent<Self>>)
    }
    fn heuristic() -> Arc<dyn Heuristic<Self>> {
        Arc::new(WsimMaterial::default())
    }
    fn heuristic_names() -> Vec<&'static str> {
        vec!["default", "material", "position"]
    }
    fn heuristic_named(name: &str) -> Option<Arc<dyn Heuristic<Self>>> {
        match name {
            "default" => Some(Self::heuristic()),
            "material" => Some(Arc::new(WsimMaterial::default())),
            "position" => Some(Arc::new(WsimMaterial::positional())),
            // `position:W`: the weight of a doctrine score point.
            other => {
                let w: f64 = other.strip_prefix("position:")?.parse().ok()?;
                Some(Arc::new(WsimMaterial {
                    position: w,
                    ..WsimMaterial::default()
                }))
            }
        }
    }
    // Strongest in the duel; last in the squadron battle, where british leads (README).
    fn best_bot() -> Option<&'static str> {
        Some("line-of-battle")
    }
    fn info_key() -> InfoKeyFn<Self> {
        wsim_info_key
    }
    fn hidden_model() -> Option<HiddenModelFn<Self>> {
        Some(wsim_hidden_model)
    }
    fn round(state: &Self) -> u32 {
        u32::from(state.turn)
    }
}

impl KnownAgents for FsailGame {
    fn bots() -> Vec<(&'static str, &'static str)> {
        let v = vec![
            (
                "british",
                "close and broadside: short range, fire at the nearest, board when stronger",
            ),
            (
                "french",
                "stand-off gunnery: medium range, out of arcs, fire at the most damaged",
            ),
            (
                "line-of-battle",
                "follow the leader in line, concentrate fire on its target",
            ),
            (
                "rake-seeker",
                "manoeuvre into the enemy's bow or stern wedge for raking shots",
            ),
            (
                "close-action",
                "the boarder: run alongside the nearest enemy and board it",
            ),
        ];
        debug_assert_eq!(v.len(), FSAIL_DOCTRINES.len());
        v
    }
    fn bot(name: &str, seed: u64) -> Option<Box<dyn Agent<Self>>> {
        FsailDoctrine::by_name(name)
            .map(|d| Box::new(FsailDoctrineBot::new(d, seed)) as Box<dyn Agent<Self>>)
    }
    fn heuristic() -> Arc<dyn Heuristic<Self>> {
        Arc::new(FsailMorale::default())
    }
    fn heuristic_names() -> Vec<&'static str> {
        vec!["default", "morale", "position"]
    }
    fn heuristic_named(name: &str) -> Option<Arc<dyn Heuristic<Self>>> {
        match name {
            "default" => Some(Self::heuristic()),
            "morale" => Some(Arc::new(FsailMorale::default())),
            "position" => Some(Arc::new(FsailMorale::positional())),
            // `position:W`: the weight of a doctrine score point.
            other => {
                let w: f64 = other.strip_prefix("position:")?.parse().ok()?;
                Some(Arc::new(FsailMorale {
                    position: w,
                    ..FsailMorale::default()
                }))
            }
        }
    }
    // The doctrines are level in the duel and close in the fleet action (README).
    fn best_bot() -> Option<&'static str> {
        Some("british")
    }
    fn round(state: &Self) -> u32 {
        u32::from(state.turn)
    }
}

/// A bot named for an [`AnyGame`]: the ruleset's bot of that name for each ruleset that has
/// one (the doctrine names mean the same way of fighting in every ruleset). On a ruleset
/// without a bot of that name it takes the first legal action that is not a resignation.
pub struct OnAny {
    name: String,
    wsim: Option<Box<dyn Agent<WsimGame>>>,
    fsail: Option<Box<dyn Agent<FsailGame>>>,
}

impl fmt::Debug for OnAny {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OnAny").field("name", &self.name).finish()
    }
}

impl OnAny {
    /// The bots called `name` of every ruleset, seeded; `None` if no ruleset has one.
    pub fn new(name: &str, seed: u64) -> Option<Self> {
        let wsim = WsimGame::named_bot(name, seed);
        let fsail = FsailGame::named_bot(name, seed);
        let label = match (&wsim, &fsail) {
            (Some(w), _) => w.name(),
            (None, Some(f)) => f.name(),
            (None, None) => return None,
        };
        Some(Self {
            name: label,
            wsim,
            fsail,
        })
    }
}

impl Agent<AnyGame> for OnAny {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn choose(&mut self, state: &AnyGame, player: Player) -> Action {
        match (state, &mut self.wsim, &mut self.fsail) {
            (AnyGame::Wsim(g), Some(b), _) => b.choose(g, player),
            (AnyGame::Fsail(g), _, Some(b)) => b.choose(g, player),
            (other, _, _) => {
                let resign = other.spec().resign_action();
                other
                    .legal_actions()
                    .iter()
                    .find(|&a| Some(a) != resign)
                    .unwrap_or(0)
            }
        }
    }
}

/// The heuristic of whichever ruleset an [`AnyGame`] is.
#[derive(Clone)]
pub struct AnyHeuristic {
    wsim: Arc<dyn Heuristic<WsimGame>>,
    fsail: Arc<dyn Heuristic<FsailGame>>,
}

impl fmt::Debug for AnyHeuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnyHeuristic")
            .field("wsim", &self.wsim.name())
            .field("fsail", &self.fsail.name())
            .finish()
    }
}

impl Default for AnyHeuristic {
    fn default() -> Self {
        Self {
            wsim: WsimGame::heuristic(),
            fsail: FsailGame::heuristic(),
        }
    }
}

impl AnyHeuristic {
    /// Each ruleset's heuristic called `name`, its default where it has none of that name;
    /// `None` if no ruleset has one.
    pub fn named(name: &str) -> Option<Self> {
        let wsim = WsimGame::heuristic_named(name);
        let fsail = FsailGame::heuristic_named(name);
        if wsim.is_none() && fsail.is_none() {
            return None;
        }
        Some(Self {
            wsim: wsim.unwrap_or_else(WsimGame::heuristic),
            fsail: fsail.unwrap_or_else(FsailGame::heuristic),
        })
    }
}

impl Heuristic<AnyGame> for AnyHeuristic {
    fn name(&self) -> String {
        format!("any({}/{})", self.wsim.name(), self.fsail.name())
    }
    fn value(&self, state: &AnyGame) -> [f64; NUM_PLAYERS] {
        match state {
            AnyGame::Wsim(g) => self.wsim.value(g),
            AnyGame::Fsail(g) => self.fsail.value(g),
        }
    }
}

fn any_hidden_model(
    state: &AnyGame,
    player: Player,
    agent: &mut dyn Agent<AnyGame>,
    rng: &mut rand_chacha::ChaCha8Rng,
) -> Option<AnyGame> {
    #[allow(unreachable_patterns)]
    match state {
        AnyGame::Wsim(g) => wsim_model_orders(
            g,
            player,
            &mut |s, p| agent.choose(&AnyGame::Wsim(s.clone()), p),
            rng,
        )
        .map(AnyGame::Wsim),
        _ => None,
    }
}

fn any_info_key(state: &AnyGame, player: Player, buf: &mut Option<Observation>) -> u64 {
    #[allow(unreachable_patterns)]
    match state {
        AnyGame::Wsim(g) => wsim_info_key(g, player, buf),
        other => observation_key(other, player, buf),
    }
}

impl KnownAgents for AnyGame {
    fn bots() -> Vec<(&'static str, &'static str)> {
        let mut v = WsimGame::bots();
        for b in FsailGame::bots() {
            if !v.iter().any(|(n, _)| *n == b.0) {
                v.push(b);
            }
        }
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
        let mut v = WsimGame::heuristic_names();
        for n in FsailGame::heuristic_names() {
            if !v.contains(&n) {
                v.push(n);
            }
        }
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
    fn round(state: &Self) -> u32 {
        #[allow(unreachable_patterns)]
        match state {
            AnyGame::Wsim(g) => WsimGame::round(g),
            AnyGame::Fsail(g) => FsailGame::round(g),
            _ => 0,
        }
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

#[cfg(test)]
mod tests {
    use super::*;

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
        for (name, _) in WsimGame::bots() {
            let b = format!("bot:{name}").parse::<AgentSpec>().unwrap();
            assert!(b.build::<AnyGame>(1).is_ok(), "{name}");
        }
    }
}
