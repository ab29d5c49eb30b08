//! Agents named by spec strings: `random`, `bot:line-of-battle`,
//! `mcts:sims=800,eval=rollout:bot:close-action`.
//!
//! # Grammar
//! - `random` or `random:SEED`
//! - `bot:NAME` or `bot:NAME:SEED` (the ruleset's bots, see [`KnownAgents::bots`])
//! - `mcts` or `mcts:KEY=VALUE,KEY=VALUE,...` with keys
//!   `sims` (simulations), `time` (milliseconds per decision), `level` (`easy`, `medium`,
//!   `hard`, `expert`: 50, 250, 1000, 4000 ms), `threads`, `select` (`uct`, `puct`,
//!   `gumbel`), `c`, `sim` (`rm`, `exp3`), `gamma`, `chance` (`sample`, `stratified`),
//!   `eval` (`heuristic`, `random`, `fake-net`, `rollout:AGENT-SPEC`), `depth` (rollout
//!   decisions before the heuristic value), `reuse` (`true`, `false`), `mixed` (`true`:
//!   at a simultaneous root play a sample of the average strategy; default `false`: its
//!   most likely action), `first` (`true`: bandits for the first mover's hidden choices too,
//!   as SM-MCTS; default `false`, see [`MctsConfig::first_mover_bandits`]), `seed`.
//!
//! - `net:path=FILE,KEY=VALUE,...`: PUCT search (`select=puct`, `c=1.5` unless given) led by
//!   a trained network's priors and values; the other keys are the `mcts` keys (`sims`,
//!   default 64). Networks need a `broadside` built with the `torch` feature, which
//!   registers the loader ([`register_net_loader`]); elsewhere the spec is a clear error.
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
    observation_key, Budget, ChanceMode, EvaluatorFactory, FakeNetwork, Heuristic,
    HeuristicEvaluator, InfoKeyFn, MctsAgent, MctsConfig, RolloutEvaluator, RolloutPolicy,
    Selection, SimSelection, TerminalValue,
};
use crate::wsim::{wsim_info_key, CloseActionBot, DoctrineBot, WsimMaterial, DOCTRINES};
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
    /// A rollout by an agent (`random` or a bot), to the end or `depth` decisions.
    Rollout {
        policy: Box<AgentSpec>,
        depth: Option<usize>,
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

/// A parsed agent spec.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum AgentSpec {
    Random { seed: Option<u64> },
    Bot { name: String, seed: Option<u64> },
    Mcts { config: MctsConfig, eval: EvalSpec },
}

/// Difficulty levels of `mcts:level=...`: milliseconds per decision.
pub const LEVELS: [(&str, u64); 4] = [
    ("easy", 50),
    ("medium", 250),
    ("hard", 1000),
    ("expert", 4000),
];

const MCTS_KEYS: &str =
    "sims, time, level, threads, select, c, sim, gamma, chance, eval, depth, reuse, mixed, first, seed";

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
    let AgentSpec::Mcts { config, .. } = parse_mcts(spec, &rest.join(","))? else {
        unreachable!("parse_mcts returns an mcts spec")
    };
    Ok(AgentSpec::Mcts {
        config,
        eval: EvalSpec::Net { path },
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
    let mut c = None;
    let mut gamma = None;
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
                let ms = LEVELS
                    .iter()
                    .find(|(n, _)| *n == v)
                    .ok_or_else(|| bad(spec, k, v, "easy, medium, hard or expert"))?
                    .1;
                config.budget = Budget::TimeMs(ms);
            }
            "threads" => config.threads = parse_num::<usize>(spec, k, v)?.clamp(1, 64),
            "seed" => config.seed = parse_num(spec, k, v)?,
            "c" => c = Some(parse_num::<f64>(spec, k, v)?),
            "gamma" => gamma = Some(parse_num::<f64>(spec, k, v)?),
            "depth" => depth = Some(parse_num(spec, k, v)?),
            "first" => {
                config.first_mover_bandits =
                    v.parse().map_err(|_| bad(spec, k, v, "true or false"))?
            }
            "mixed" => {
                config.sample_mixed = v.parse().map_err(|_| bad(spec, k, v, "true or false"))?
            }
            "reuse" => config.reuse = v.parse().map_err(|_| bad(spec, k, v, "true or false"))?,
            "select" => {
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
    if let EvalSpec::Rollout { depth: d, .. } = &mut eval {
        *d = depth;
    }
    Ok(AgentSpec::Mcts { config, eval })
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
            AgentSpec::Mcts { config, eval } => {
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
                if config.threads > 1 {
                    write!(f, ",threads={}", config.threads)?;
                }
                match config.selection {
                    Selection::Uct { c } => write!(f, ",select=uct,c={c}")?,
                    Selection::Puct { c } => write!(f, ",select=puct,c={c}")?,
                    Selection::Gumbel { c, .. } => write!(f, ",select=gumbel,c={c}")?,
                }
                match eval {
                    EvalSpec::Heuristic => write!(f, ",eval=heuristic"),
                    EvalSpec::FakeNet => write!(f, ",eval=fake-net"),
                    EvalSpec::Net { .. } => Ok(()),
                    EvalSpec::Rollout { policy, depth } => {
                        write!(f, ",eval=rollout:{policy}")?;
                        match depth {
                            Some(d) => write!(f, ",depth={d}"),
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
    /// The ruleset's heuristic value (for depth-limited rollouts and heuristic leaves).
    fn heuristic() -> Arc<dyn Heuristic<Self>>;
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
}

impl AgentSpec {
    /// Builds the agent for game `G`; `default_seed` seeds what the spec leaves unseeded.
    pub fn build<G: KnownAgents>(&self, default_seed: u64) -> Result<Box<dyn Agent<G>>, SpecError> {
        match self {
            AgentSpec::Random { seed } => {
                Ok(Box::new(RandomAgent::new(seed.unwrap_or(default_seed))))
            }
            AgentSpec::Bot { name, seed } => {
                G::bot(name, seed.unwrap_or(default_seed)).ok_or_else(|| SpecError::UnknownBot {
                    name: name.clone(),
                    known: G::bots()
                        .iter()
                        .map(|(n, _)| *n)
                        .collect::<Vec<_>>()
                        .join(", "),
                })
            }
            AgentSpec::Mcts { config, eval } => {
                // Check a nested bot exists before any thread needs it.
                if let EvalSpec::Rollout { policy, .. } = eval {
                    policy.build::<G>(0)?;
                }
                let mut config = *config;
                if config.seed == 0 {
                    config.seed = default_seed;
                }
                let factory = evaluator_factory::<G>(eval)?;
                let label = self.to_string();
                Ok(Box::new(
                    MctsAgent::with_info_key(config, factory, G::info_key()).with_label(label),
                ))
            }
        }
    }

    /// Builds an [`MctsAgent`] (for callers that want its explanations); `None` if the spec
    /// is not an `mcts` spec.
    pub fn build_mcts<G: KnownAgents>(
        &self,
        default_seed: u64,
    ) -> Result<Option<MctsAgent<G>>, SpecError> {
        let AgentSpec::Mcts { config, eval } = self else {
            return Ok(None);
        };
        if let EvalSpec::Rollout { policy, .. } = eval {
            policy.build::<G>(0)?;
        }
        let mut config = *config;
        if config.seed == 0 {
            config.seed = default_seed;
        }
        Ok(Some(
            MctsAgent::with_info_key(config, evaluator_factory::<G>(eval)?, G::info_key())
                .with_label(self.to_string()),
        ))
    }
}

/// The evaluator factory an [`EvalSpec`] names (a network must load).
pub fn evaluator_factory<G: KnownAgents>(
    eval: &EvalSpec,
) -> Result<EvaluatorFactory<G>, SpecError> {
    let heuristic = G::heuristic();
    Ok(match eval.clone() {
        EvalSpec::Net { path } => G::net_evaluator(&path)?,
        EvalSpec::Heuristic => {
            Arc::new(move |_| Box::new(HeuristicEvaluator::new(heuristic.clone())))
        }
        EvalSpec::FakeNet => Arc::new(|seed| Box::new(FakeNetwork::new(seed, 16))),
        EvalSpec::Rollout { policy, depth } => Arc::new(move |seed| {
            let p = match &*policy {
                AgentSpec::Random { .. } => RolloutPolicy::Random,
                other => RolloutPolicy::Agent(
                    other
                        .build::<G>(seed)
                        .unwrap_or_else(|_| Box::new(RandomAgent::new(seed))),
                ),
            };
            Box::new(RolloutEvaluator::new(p, heuristic.clone(), depth, seed))
        }),
    })
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
    fn info_key() -> InfoKeyFn<Self> {
        wsim_info_key
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
        let wsim = WsimGame::bot(name, seed);
        let fsail = FsailGame::bot(name, seed);
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
            (other, _, _) => other
                .legal_actions()
                .iter()
                .find(|&a| other.spec().action_name(a) != "resign")
                .unwrap_or(0),
        }
    }
}

/// A WS&IM agent playing an [`AnyGame`]. On a game of another ruleset it takes the first
/// legal action (WS&IM bots know no other ruleset).
#[derive(Debug)]
pub struct OnWsim<A>(pub A);

impl<A: Agent<WsimGame>> Agent<AnyGame> for OnWsim<A> {
    fn name(&self) -> String {
        self.0.name()
    }
    fn choose(&mut self, state: &AnyGame, player: Player) -> Action {
        #[allow(unreachable_patterns)]
        match state {
            AnyGame::Wsim(g) => self.0.choose(g, player),
            other => other
                .legal_actions()
                .iter()
                .find(|&a| other.spec().action_name(a) != "resign")
                .unwrap_or(0),
        }
    }
}

/// The heuristic of whichever ruleset an [`AnyGame`] is.
#[derive(Debug, Clone, Copy, Default)]
pub struct AnyHeuristic;

impl Heuristic<AnyGame> for AnyHeuristic {
    fn name(&self) -> String {
        "any".into()
    }
    fn value(&self, state: &AnyGame) -> [f64; NUM_PLAYERS] {
        match state {
            AnyGame::Wsim(g) => WsimMaterial::default().value(g),
            AnyGame::Fsail(g) => FsailMorale::default().value(g),
        }
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
    fn heuristic() -> Arc<dyn Heuristic<Self>> {
        Arc::new(AnyHeuristic)
    }
    fn info_key() -> InfoKeyFn<Self> {
        any_info_key
    }
    fn net_evaluator(path: &str) -> Result<EvaluatorFactory<Self>, SpecError> {
        net_factory_for_any(path)
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
                eval: EvalSpec::Rollout { .. }
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
