//! Spec strings to [`AgentSpec`]s: the grammar of the module above, key by key.

use std::str::FromStr;

use crate::mcts::{Budget, ChanceMode, MctsConfig, Selection, SimSelection};

use super::{
    AgentSpec, EvalSpec, PortfolioSpec, PriorSpec, RolloutMix, SpecError, DEFAULT_ROLLOUT_MIX,
};

// The values a choice key takes, in words: for a bad value's error and a missing one's hint.
const LEVEL_VALUES: &str = "easy, medium, hard or expert";
const SELECT_VALUES: &str = "uct, puct or gumbel";
const SIM_VALUES: &str = "rm or exp3";
const CHANCE_VALUES: &str = "sample or stratified";
const PSCOPE_VALUES: &str = "root or all";

const PORTFOLIO_KEYS: &str =
    "bots, model, horizon, sims, time, level, value, wide, tree, orders, expand, share, c, z, edge, every, seed";

fn parse_portfolio(spec: &str, options: &str) -> Result<AgentSpec, SpecError> {
    let mut p = PortfolioSpec::default();
    let mut seen = Vec::new();
    for part in options.split(',').filter(|p| !p.is_empty()) {
        let (k, v) = split_option(spec, part, PORTFOLIO_KEYS)?;
        once(spec, &mut seen, k, v)?;
        match k {
            "bots" => {
                p.bots = v
                    .split('+')
                    .map(|b| b.strip_prefix("bot:").unwrap_or(b).to_string())
                    .collect();
                if p.bots.iter().any(String::is_empty) {
                    return Err(bad(spec, k, v, "bot names joined by '+'"));
                }
                // The search keeps each playout's proposals as bits of a u64.
                if p.bots.len() > crate::portfolio::MAX_PORTFOLIO {
                    return Err(bad(
                        spec,
                        k,
                        v,
                        &format!(
                            "from 1 to {} bot names joined by '+'",
                            crate::portfolio::MAX_PORTFOLIO
                        ),
                    ));
                }
            }
            "model" => p.model = v.strip_prefix("bot:").unwrap_or(v).to_string(),
            "horizon" => p.horizon = parse_num(spec, k, v)?,
            "sims" => p.budget = Budget::Simulations(in_range(spec, k, v, 1, MAX_SIMS)?),
            "time" => p.budget = Budget::TimeMs(in_range(spec, k, v, 1, MAX_TIME_MS)?),
            "level" => p.budget = Budget::TimeMs(level_ms(spec, k, v)?),
            "value" => p.value = v.to_string(),
            "seed" => p.seed = parse_num(spec, k, v)?,
            "wide" => p.wide = v.parse().map_err(|_| bad(spec, k, v, "true or false"))?,
            "tree" => p.tree = v.parse().map_err(|_| bad(spec, k, v, "true or false"))?,
            "orders" => p.orders = v.parse().map_err(|_| bad(spec, k, v, "true or false"))?,
            "share" => {
                p.share = parse_num(spec, k, v)?;
                if p.share == 0 {
                    return Err(bad(spec, k, v, "a whole number at least 1"));
                }
            }
            "expand" => {
                p.expand = parse_num(spec, k, v)?;
                if p.expand == 0 {
                    return Err(bad(spec, k, v, "a whole number at least 1"));
                }
            }
            "z" | "edge" => {
                let x = v
                    .parse()
                    .ok()
                    .filter(|x: &f64| x.is_finite() && (0.0..=100.0).contains(x))
                    .ok_or_else(|| bad(spec, k, v, "a number from 0 to 100"))?;
                if k == "z" {
                    p.z = x;
                } else {
                    p.edge = x;
                }
            }
            "every" => p.every = in_range(spec, k, v, 0, 1000)?,
            "c" => {
                p.c = v
                    .parse()
                    .ok()
                    .filter(|c: &f64| c.is_finite() && *c >= 0.0)
                    .ok_or_else(|| bad(spec, k, v, "a number at least 0"))?
            }
            _ => {
                return Err(SpecError::UnknownOption {
                    spec: spec.into(),
                    key: k.into(),
                    known: PORTFOLIO_KEYS.into(),
                })
            }
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
        .ok_or_else(|| bad(spec, key, v, LEVEL_VALUES))
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
/// docs/admirals.md has the whole table); WS&IM
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

/// The most simulations a search may be given per decision.
pub const MAX_SIMS: u64 = 10_000_000;
/// The most thinking time per decision, in milliseconds (an hour).
pub const MAX_TIME_MS: u64 = 3_600_000;
/// The most search threads.
pub const MAX_THREADS: u64 = 64;

/// A whole number of `key` from `lo` to `hi`, or an error naming the range.
fn in_range<T: TryFrom<u64>>(
    spec: &str,
    key: &str,
    v: &str,
    lo: u64,
    hi: u64,
) -> Result<T, SpecError> {
    let expected = format!("a whole number from {lo} to {hi}");
    v.parse::<u64>()
        .ok()
        .filter(|n| (lo..=hi).contains(n))
        .and_then(|n| T::try_from(n).ok())
        .ok_or_else(|| bad(spec, key, v, &expected))
}

/// Refuses a key given twice (the second would silently win).
fn once<'a>(spec: &str, seen: &mut Vec<&'a str>, key: &'a str, v: &str) -> Result<(), SpecError> {
    if seen.contains(&key) {
        return Err(bad(spec, key, v, "each key once (this one is given twice)"));
    }
    seen.push(key);
    Ok(())
}

fn bad(spec: &str, key: &str, value: &str, expected: &str) -> SpecError {
    SpecError::BadValue {
        spec: spec.into(),
        key: key.into(),
        value: value.into(),
        expected: expected.into(),
    }
}

fn parse_num<T: FromStr>(spec: &str, key: &str, v: &str) -> Result<T, SpecError> {
    v.parse().map_err(|_| {
        // Digits alone fail to parse only when the number overflows its type.
        if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) {
            bad(spec, key, v, "the number is too large")
        } else {
            bad(spec, key, v, "a non-negative number")
        }
    })
}

/// Splits `KEY=VALUE`. A known key without `=` needs a value; anything else is unknown.
fn split_option<'a>(
    spec: &str,
    part: &'a str,
    known: &str,
) -> Result<(&'a str, &'a str), SpecError> {
    part.split_once('=').ok_or_else(|| {
        if known.split(", ").any(|k| k == part) {
            SpecError::MissingValue {
                spec: spec.into(),
                key: part.into(),
                hint: value_hint(part),
            }
        } else {
            SpecError::UnknownOption {
                spec: spec.into(),
                key: part.into(),
                known: known.into(),
            }
        }
    })
}

/// How to write a value for `key` (for an option given without one).
fn value_hint(key: &str) -> String {
    match key {
        "wide" | "tree" | "orders" | "first" | "mixed" | "reuse" | "crn" => {
            format!("{key}=true or {key}=false")
        }
        "level" => format!("level={LEVEL_VALUES}"),
        "select" => format!("select={SELECT_VALUES}"),
        "sim" => format!("sim={SIM_VALUES}"),
        "chance" => format!("chance={CHANCE_VALUES}"),
        "pscope" => format!("pscope={PSCOPE_VALUES}"),
        "eval" => "eval=heuristic, random, fake-net or rollout:AGENT".into(),
        "bots" => "bots=NAME+NAME".into(),
        "model" | "prior" => format!("{key}=BOT"),
        "value" => "value=NAME".into(),
        "c" | "gamma" | "ms" | "pw" => format!("{key}=NUMBER"),
        "path" => "path=CHECKPOINT-FILE".into(),
        _ => format!("{key}=N"),
    }
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
        // A command line keeps its case: only the `cmd:` prefix is matched without it.
        if lower.starts_with("cmd:") {
            return crate::bot::CommandSpec::parse(spec, &spec[4..]).map(AgentSpec::Command);
        }
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

/// `net:path=FILE,...` or `net:NAME,...` (a shipped network, models/weights/NAME.safetensors,
/// resolved by the loader): the path keeps its case; the other options are `mcts` options.
fn parse_net(spec: &str, options: &str) -> Result<AgentSpec, SpecError> {
    let mut path = None;
    let mut mix = None;
    let mut rest: Vec<String> = Vec::new();
    for (i, part) in options.split(',').filter(|p| !p.is_empty()).enumerate() {
        // A first option without a value is the network's name: `net:togo-duel,sims=64`.
        if i == 0 && !part.contains('=') && !part.eq_ignore_ascii_case("path") {
            path = Some(part.to_string());
            continue;
        }
        if part.eq_ignore_ascii_case("path") {
            return Err(SpecError::MissingValue {
                spec: spec.into(),
                key: "path".into(),
                hint: value_hint("path"),
            });
        }
        match part.split_once('=') {
            Some((k, _)) if k.eq_ignore_ascii_case("path") && path.is_some() => {
                return Err(bad(
                    spec,
                    "path",
                    part,
                    "one network: a shipped network's name or path=FILE",
                ))
            }
            Some((k, v)) if k.eq_ignore_ascii_case("path") => path = Some(v.to_string()),
            Some((k, v)) if k.eq_ignore_ascii_case("mix") => {
                if mix.is_some() {
                    return Err(bad(
                        spec,
                        "mix",
                        v,
                        "each key once (this one is given twice)",
                    ));
                }
                mix = Some(
                    parse_num::<f64>(spec, "mix", v)
                        .ok()
                        .filter(|w| (0.0..=1.0).contains(w))
                        .ok_or_else(|| bad(spec, "mix", v, "a share from 0 to 1"))?,
                );
            }
            Some((k, v)) if k.eq_ignore_ascii_case("eval") => {
                // The network always evaluates; a rollout may only be mixed in.
                if !v.to_ascii_lowercase().starts_with("rollout:")
                    && !v.eq_ignore_ascii_case("random")
                {
                    return Err(bad(
                        spec,
                        "eval",
                        v,
                        "rollout:AGENT or random, mixed into the network's value (mix=W)",
                    ));
                }
                rest.push(part.to_ascii_lowercase());
            }
            _ => rest.push(part.to_ascii_lowercase()),
        }
    }
    let path = path.ok_or_else(|| {
        bad(
            spec,
            "path",
            "",
            "path=CHECKPOINT-FILE or a shipped network's name",
        )
    })?;
    // The defaults of a network's search, each unless the spec gives its key (a key twice
    // is refused), before the spec's own options so a budget given there wins.
    for default in ["c=1.5", "select=puct", "sims=64"] {
        let key = default.split('=').next().unwrap_or_default();
        if !rest.iter().any(|p| p.split('=').next() == Some(key)) {
            rest.insert(0, default.to_string());
        }
    }
    // `select` must come before `c` so that `c` applies to the chosen rule.
    rest.sort_by_key(|p| !p.starts_with("select="));
    let AgentSpec::Mcts {
        config,
        eval,
        prior,
        value,
        model,
    } = parse_mcts(spec, &rest.join(",")).map_err(|e| match e {
        // A network's spec also takes `path` and `mix`: name them with the rest.
        SpecError::UnknownOption { spec, key, known } => SpecError::UnknownOption {
            spec,
            key,
            known: format!("path, mix, {known}"),
        },
        other => other,
    })?
    else {
        unreachable!("parse_mcts returns an mcts spec")
    };
    let mix = match (eval, mix) {
        (rollout @ EvalSpec::Rollout { .. }, weight) => Some(RolloutMix {
            rollout: Box::new(rollout),
            weight: weight.unwrap_or(DEFAULT_ROLLOUT_MIX),
        }),
        (_, Some(w)) => {
            return Err(bad(
                spec,
                "mix",
                &w.to_string(),
                "a rollout to mix in: eval=rollout:AGENT",
            ))
        }
        (_, None) => None,
    };
    Ok(AgentSpec::Mcts {
        config,
        eval: EvalSpec::Net { path, mix },
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
    let mut seen = Vec::new();
    for part in options.split(',').filter(|p| !p.is_empty()) {
        let (k, v) = split_option(spec, part, MCTS_KEYS)?;
        once(spec, &mut seen, k, v)?;
        match k {
            "sims" => config.budget = Budget::Simulations(in_range(spec, k, v, 1, MAX_SIMS)?),
            "time" => config.budget = Budget::TimeMs(in_range(spec, k, v, 1, MAX_TIME_MS)?),
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
                    _ => return Err(bad(spec, k, v, PSCOPE_VALUES)),
                }
            }
            "pw" => {
                let w = parse_num::<f32>(spec, k, v)?;
                if !(0.0..=1.0).contains(&w) {
                    return Err(bad(spec, k, v, "a weight from 0 to 1"));
                }
                weight = Some(w);
            }
            "threads" => config.threads = in_range(spec, k, v, 1, MAX_THREADS)?,
            "seed" => config.seed = parse_num(spec, k, v)?,
            "c" => {
                c = Some(
                    parse_num::<f64>(spec, k, v)
                        .ok()
                        .filter(|c| c.is_finite() && *c >= 0.0)
                        .ok_or_else(|| bad(spec, k, v, "a number at least 0"))?,
                )
            }
            // The bandits mix `gamma` of exploration into every choice: a share, and above 0,
            // or Exp3 learns nothing (its rate is gamma / K) and regret matching stops
            // exploring the actions its importance weights need.
            "gamma" => {
                gamma = Some(
                    parse_num::<f64>(spec, k, v)
                        .ok()
                        .filter(|g| *g > 0.0 && *g <= 1.0)
                        .ok_or_else(|| bad(spec, k, v, "a share above 0 and at most 1"))?,
                )
            }
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
                    _ => return Err(bad(spec, k, v, SELECT_VALUES)),
                }
            }
            "sim" => {
                config.simultaneous = match v {
                    "rm" => SimSelection::RegretMatching { gamma: 0.1 },
                    "exp3" => SimSelection::Exp3 { gamma: 0.1 },
                    _ => return Err(bad(spec, k, v, SIM_VALUES)),
                }
            }
            "chance" => {
                config.chance = match v {
                    "sample" => ChanceMode::Sample,
                    "stratified" => ChanceMode::Stratified { max_outcomes: 8 },
                    _ => return Err(bad(spec, k, v, CHANCE_VALUES)),
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
                            // A rollout plays whole games at every leaf: a searching
                            // policy (mcts, net, portfolio) would run a search per move.
                            if !matches!(policy, AgentSpec::Random { .. } | AgentSpec::Bot { .. }) {
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
