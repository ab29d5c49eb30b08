//! [`AgentSpec`]s back to spec strings (what the parser reads, so a spec round-trips).

use std::fmt;

use crate::mcts::{Budget, Selection};

use super::{AgentSpec, EvalSpec, DEFAULT_EXPAND, DEFAULT_PLAN_C, DEFAULT_SHARE};

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
            AgentSpec::Command(c) => write!(f, "cmd:{}", c.to_spec_text()),
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
                if p.share != DEFAULT_SHARE {
                    write!(f, ",share={}", p.share)?;
                }
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
                if p.z != 0.0 {
                    write!(f, ",z={}", p.z)?;
                }
                if p.edge != 0.0 {
                    write!(f, ",edge={}", p.edge)?;
                }
                if p.every != 0 {
                    write!(f, ",every={}", p.every)?;
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
                    EvalSpec::Net { path, .. } => write!(f, "net:path={path},")?,
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
                write_eval(f, eval)
            }
        }
    }
}

/// The `eval` options of an `mcts` or `net` spec (nothing for a network alone).
fn write_eval(f: &mut std::fmt::Formatter<'_>, eval: &EvalSpec) -> std::fmt::Result {
    match eval {
        EvalSpec::Heuristic => write!(f, ",eval=heuristic"),
        EvalSpec::FakeNet => write!(f, ",eval=fake-net"),
        EvalSpec::Net { mix: None, .. } => Ok(()),
        EvalSpec::Net { mix: Some(m), .. } => {
            write_eval(f, &m.rollout)?;
            write!(f, ",mix={}", m.weight)
        }
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
