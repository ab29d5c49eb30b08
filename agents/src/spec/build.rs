//! [`AgentSpec`]s to agents and evaluator factories for a game that implements
//! [`KnownAgents`].

use std::sync::Arc;

use crate::mcts::{
    AgentPrior, Evaluator, EvaluatorFactory, FakeNetwork, Heuristic, HeuristicEvaluator,
    HiddenModel, MctsAgent, MixedEvaluator, RolloutEvaluator, RolloutPolicy,
};
use crate::portfolio::{PortfolioAgent, PortfolioConfig};
use crate::{Agent, RandomAgent};

use super::{AgentSpec, EvalSpec, KnownAgents, PriorSpec, SpecError};

/// The portfolio's opponent model that plays uniformly at random instead of by a doctrine.
const RANDOM_MODEL: &str = "random";

impl AgentSpec {
    /// Builds the agent for game `G`; `default_seed` seeds what the spec leaves unseeded.
    pub fn build<G: KnownAgents>(&self, default_seed: u64) -> Result<Box<dyn Agent<G>>, SpecError> {
        if let Some(own) = G::build_own(self, default_seed) {
            return own;
        }
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
            // The process starts at the first decision: building to check a spec runs nothing.
            AgentSpec::Command(c) => Ok(Box::new(crate::bot::BotAgent::new(
                c.clone(),
                self.to_string(),
                Some(G::player_view),
            ))),
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
        if portfolio.is_empty() || portfolio.len() > crate::portfolio::MAX_PORTFOLIO {
            return Err(SpecError::BadValue {
                spec: self.to_string(),
                key: "bots".into(),
                value: String::new(),
                expected: format!(
                    "from 1 to {} bots of the ruleset",
                    crate::portfolio::MAX_PORTFOLIO
                ),
            });
        }
        // `random` models an opponent that plays uniformly at random (a best response to
        // the `random` agent, for measuring what beating it takes); any other model is a
        // bot of the ruleset, and an unknown one is told that `random` is a model too.
        let opponent = match p.model.as_str() {
            RANDOM_MODEL => AgentSpec::Random {
                seed: Some(splitmix(seed ^ 0x0BB0)),
            }
            .build::<G>(0)?,
            name => bot(name, 0x0BB0).map_err(|e| match e {
                SpecError::UnknownBot { name, known } => SpecError::UnknownBot {
                    name,
                    known: format!("{known}, {RANDOM_MODEL}"),
                },
                e => e,
            })?,
        };
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
            share: p.share,
        };
        Ok(Some(
            PortfolioAgent::new(
                config,
                self.to_string(),
                portfolio,
                opponent,
                heuristic,
                G::hidden_model(),
                G::round,
            )
            .with_shared_chance(G::shared_chance)
            .with_departure(crate::portfolio::Departure {
                z: p.z,
                edge: p.edge,
                every: p.every,
            }),
        ))
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
        let rollout = match eval {
            EvalSpec::Net { mix: Some(m), .. } => &*m.rollout,
            other => other,
        };
        if let EvalSpec::Rollout { policy, .. } = rollout {
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
        EvalSpec::Net { path, mix: None } => G::net_evaluator(&path)?,
        EvalSpec::Net {
            path,
            mix: Some(mix),
        } => {
            let net = G::net_evaluator(&path)?;
            let rollout = evaluator_factory_with::<G>(&mix.rollout, heuristic)?;
            let weight = mix.weight;
            Arc::new(move |seed| {
                Box::new(MixedEvaluator::new(net(seed), rollout(seed), weight))
                    as Box<dyn Evaluator<G>>
            })
        }
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
