//! The analysis engine: the one choice of search that values a position's orders for
//! `broadside analyse`, the board's analysis and mistake check, and `broadside puzzles`.
//!
//! Each ruleset names its engine ([`crate::screens::Screens::ANALYSIS`]): the generic tree
//! search at the difficulty levels' configuration ([`Engine::Tree`]), or the ruleset's
//! squadron search ([`Engine::Squadron`], its `Screens::SQUADRON_LEVEL`) made to value every
//! legal order: a portfolio search with `wide=true,every=1000` (each legal order a candidate,
//! written on by the lead doctrine, every candidate played out in the same dice worlds) or,
//! where the squadron search is a tree search, that tree search. The measurements behind each
//! ruleset's choice: `docs/experiments/2026-11-28-analysis-engine.md`.
//!
//! A value is for the side to move, in `[-1, 1]`, averaged over the dice (the tree search's
//! chance nodes, the portfolio's worlds); its win probability is `(value + 1) / 2`.

use anyhow::{anyhow, Result};
use broadside_agents::mcts::MctsAgent;
use broadside_agents::{Agent, AgentSpec};
use broadside_env::game::{Action, Game, Turn};
use broadside_env::ruleset::{AnyGame, Registered};
use serde::Serialize;

use crate::screens::Screens;

/// The longest continuation shown for a candidate.
pub const CONTINUATION: usize = 6;

/// Which search analyses a ruleset's positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Engine {
    /// The generic tree search (`mcts:level=...`'s configuration at the time given).
    Tree,
    /// The ruleset's squadron search (`Screens::SQUADRON_LEVEL`) valuing every legal order.
    Squadron,
}

/// One legal order as the engine values it.
#[derive(Debug, Clone, Serialize)]
pub struct Valued {
    pub action: Action,
    /// The order described in the searched state.
    pub name: String,
    /// Simulations (tree) or playouts (portfolio) through it.
    pub visits: u64,
    /// Mean value for the side to move, in `[-1, 1]`.
    pub value: f64,
    /// The engine's line after it (actions and chance outcomes, named).
    pub continuation: Vec<String>,
}

/// The engine's view of one position.
#[derive(Debug, Clone, Serialize)]
pub struct Valuation {
    pub player: u8,
    /// The spec of the search that ran.
    pub engine: String,
    pub simulations: u64,
    /// Best first (by value among the visited, then by visits).
    pub candidates: Vec<Valued>,
}

/// The win probability of a value in `[-1, 1]`.
pub fn win(v: f64) -> f64 {
    ((v + 1.0) / 2.0).clamp(0.0, 1.0)
}

/// The engine a game's ruleset analyses with.
pub fn engine_of(state: &AnyGame) -> Engine {
    dispatch::engine_of(state)
}

/// The spec of `engine` for `state`'s ruleset at `time_ms` a position.
pub fn spec_of(state: &AnyGame, engine: Engine, time_ms: u64, seed: u64) -> String {
    let seed = seed.max(1);
    let budget = format!("time={time_ms},seed={seed}");
    match (engine, dispatch::squadron_level(state)) {
        (Engine::Squadron, Some(s)) if s.starts_with("portfolio") => joined(
            &without_keys(s, &["wide", "every", "z", "edge", "orders", "tree"]),
            &format!("wide=true,every=1000,z=0,edge=0,orders=false,tree=false,{budget}"),
        ),
        (Engine::Squadron, Some(s)) => joined(&without_keys(s, &[]), &budget),
        _ => format!("mcts:level=easy,{budget}"),
    }
}

/// `spec` (`kind:` or `kind:k=v,...`) with the settings `more` added.
fn joined(spec: &str, more: &str) -> String {
    if spec.ends_with(':') {
        format!("{spec}{more}")
    } else {
        format!("{spec},{more}")
    }
}

/// `spec` (`kind:k=v,...`) without its budget, its seed and `keys` (a spec names a key once).
fn without_keys(spec: &str, keys: &[&str]) -> String {
    let (kind, rest) = spec.split_once(':').unwrap_or((spec, ""));
    let kept: Vec<&str> = rest
        .split(',')
        .filter(|kv| !kv.is_empty())
        .filter(|kv| {
            let k = kv.split_once('=').map_or(*kv, |(k, _)| k);
            !["time", "sims", "level", "seed"].contains(&k) && !keys.contains(&k)
        })
        .collect();
    if kept.is_empty() {
        format!("{kind}:")
    } else {
        format!("{kind}:{}", kept.join(","))
    }
}

/// Values the orders of `state` with its ruleset's engine for `time_ms`; `None` when no
/// player is to move.
pub fn value_orders(state: &AnyGame, time_ms: u64, seed: u64) -> Result<Option<Valuation>> {
    value_orders_with(state, engine_of(state), time_ms, seed)
}

/// [`value_orders`] with the engine chosen by the caller (the comparison of the engines).
pub fn value_orders_with(
    state: &AnyGame,
    engine: Engine,
    time_ms: u64,
    seed: u64,
) -> Result<Option<Valuation>> {
    let Some(player) = state.current_player() else {
        return Ok(None);
    };
    let text = spec_of(state, engine, time_ms, seed);
    let spec: AgentSpec = text
        .parse()
        .map_err(|e| anyhow!("internal error: the analysis engine `{text}`: {e}"))?;
    let mut v = match spec.build_mcts::<AnyGame>(seed) {
        Ok(Some(agent)) => tree_values(agent, state, player),
        Ok(None) => dispatch::portfolio_values(&spec, state, player, seed)?,
        Err(e) => return Err(anyhow!("internal error: the analysis engine `{text}`: {e}")),
    };
    v.engine = text;
    Ok(Some(v))
}

fn tree_values(mut agent: MctsAgent<AnyGame>, state: &AnyGame, player: u8) -> Valuation {
    let ex = agent.search(state, player);
    let candidates = ex
        .candidates
        .iter()
        .map(|c| Valued {
            action: c.action,
            name: crate::style::sanitize(&c.name),
            visits: c.visits,
            value: c.value,
            continuation: tree_line(&agent, state, c.action),
        })
        .collect();
    Valuation {
        player,
        engine: String::new(),
        simulations: ex.simulations,
        candidates,
    }
}

/// The likeliest outcome of a chance node, as a line's expectation.
fn likeliest(g: &AnyGame) -> Option<Action> {
    g.chance_outcomes()
        .iter()
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(a, _)| a)
}

/// The most visited line below `first` in the tree search's first tree.
fn tree_line(agent: &MctsAgent<AnyGame>, state: &AnyGame, first: Action) -> Vec<String> {
    let Some(tree) = agent.trees().first() else {
        return Vec::new();
    };
    let mut path = vec![first];
    let mut g = state.clone();
    if g.apply(first).is_err() {
        return Vec::new();
    }
    let mut line = Vec::new();
    while line.len() < CONTINUATION && !g.is_terminal() {
        let next = match g.turn() {
            Turn::Chance => likeliest(&g),
            _ => tree.policy_at(&path).and_then(|p| {
                p.into_iter()
                    .max_by(|a, b| a.1.total_cmp(&b.1))
                    .map(|(a, _)| a)
            }),
        };
        let Some(a) = next.filter(|&a| g.legal_actions().contains(a)) else {
            break;
        };
        line.push(crate::style::sanitize(&g.describe_action(a)));
        if g.apply(a).is_err() {
            break;
        }
        path.push(a);
    }
    line
}

/// The line a portfolio search plays after `first`: its lead doctrine on both sides (the
/// doctrine that writes a candidate's playouts), the likeliest outcome at each chance node.
fn doctrine_line<G: Game>(state: &G, first: Action, lead: &mut dyn Agent<G>) -> Vec<String> {
    let mut g = state.clone();
    if g.apply(first).is_err() {
        return Vec::new();
    }
    let mut line = Vec::new();
    while line.len() < CONTINUATION {
        let a = match g.turn() {
            Turn::Terminal => break,
            Turn::Chance => match g
                .chance_outcomes()
                .iter()
                .max_by(|a, b| a.1.total_cmp(&b.1))
            {
                Some((a, _)) => a,
                None => break,
            },
            Turn::Player(p) => lead.choose(&g, p),
        };
        line.push(crate::style::sanitize(&g.describe_action(a)));
        if g.apply(a).is_err() {
            break;
        }
    }
    line
}

/// A portfolio search of `R` on its own game (`g`) valuing every legal order.
fn portfolio_of<R: Registered>(
    spec: &AgentSpec,
    g: &R::Game,
    player: u8,
    seed: u64,
) -> Result<Valuation>
where
    R::Game: broadside_agents::KnownAgents,
{
    let mut agent = spec
        .build_portfolio::<R::Game>(seed)
        .map_err(|e| anyhow!("internal error: the analysis engine: {e}"))?
        .ok_or_else(|| anyhow!("internal error: the analysis engine is not a portfolio"))?;
    let chosen = agent.choose(g, player);
    let mut lead = AgentSpec::Bot {
        name: "best".into(),
        seed: Some(seed),
    }
    .build::<R::Game>(seed)
    .map_err(|e| anyhow!("internal error: the analysis engine's lead doctrine: {e}"))?;
    let stats = agent.candidates().to_vec();
    let mut candidates: Vec<Valued> = if stats.is_empty() {
        // One legal order: not searched; the ruleset's value of the position stands in.
        let value =
            <R::Game as broadside_agents::KnownAgents>::heuristic().value(g)[player as usize];
        vec![Valued {
            action: chosen,
            name: String::new(),
            visits: 0,
            value,
            continuation: Vec::new(),
        }]
    } else {
        stats
            .iter()
            .map(|c| Valued {
                action: c.action,
                name: String::new(),
                visits: u64::from(c.playouts),
                value: c.mean,
                continuation: Vec::new(),
            })
            .collect()
    };
    // Resigning is no candidate of the portfolio: listed unsearched, at the loss it is.
    let resign = g.spec().resign_action();
    if let Some(r) = resign.filter(|&r| g.legal_actions().contains(r)) {
        if !candidates.iter().any(|c| c.action == r) {
            candidates.push(Valued {
                action: r,
                name: String::new(),
                visits: 0,
                value: -1.0,
                continuation: Vec::new(),
            });
        }
    }
    for c in &mut candidates {
        c.name = crate::style::sanitize(&g.describe_action(c.action));
        c.continuation = doctrine_line(g, c.action, lead.as_mut());
    }
    sort_best_first(&mut candidates);
    Ok(Valuation {
        player,
        engine: String::new(),
        simulations: candidates.iter().map(|c| c.visits).sum(),
        candidates,
    })
}

/// Visited candidates by value, then the unvisited; ties by visits, then catalogue order.
fn sort_best_first(c: &mut [Valued]) {
    c.sort_by(|a, b| {
        (b.visits > 0)
            .cmp(&(a.visits > 0))
            .then(b.value.total_cmp(&a.value))
            .then(b.visits.cmp(&a.visits))
            .then(a.action.cmp(&b.action))
    });
}

mod dispatch {
    //! The engine's per-ruleset parts, expanded from the registry's list.

    use super::*;

    macro_rules! engine_dispatch {
        ($($module:ident: $variant:ident = $ruleset:path),* $(,)?) => {
            pub fn engine_of(state: &AnyGame) -> Engine {
                match state {
                    $(AnyGame::$variant(_) => <$ruleset as Screens>::ANALYSIS,)*
                }
            }

            pub fn squadron_level(state: &AnyGame) -> Option<&'static str> {
                match state {
                    $(AnyGame::$variant(_) => <$ruleset as Screens>::SQUADRON_LEVEL,)*
                }
            }

            pub fn portfolio_values(
                spec: &AgentSpec,
                state: &AnyGame,
                player: u8,
                seed: u64,
            ) -> Result<Valuation> {
                match state {
                    $(AnyGame::$variant(g) => portfolio_of::<$ruleset>(spec, g, player, seed),)*
                }
            }
        };
    }

    broadside_env::for_each_ruleset!(engine_dispatch);
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::ruleset::{rulesets, scenario, GameOptions};

    #[test]
    fn a_spec_loses_the_keys_the_engine_sets() {
        assert_eq!(
            without_keys(
                "portfolio:model=british,orders=true,c=0.3,sims=300",
                &["orders"]
            ),
            "portfolio:model=british,c=0.3"
        );
        assert_eq!(without_keys("portfolio:time=10", &[]), "portfolio:");
    }

    /// Every ruleset's engine spec parses, at any budget, whichever engine it names.
    #[test]
    fn every_rulesets_engine_spec_parses() {
        for r in rulesets() {
            let g = scenario(r.name, r.default_scenario)
                .expect("built-in")
                .new_game(&GameOptions::default());
            for e in [Engine::Tree, Engine::Squadron, engine_of(&g)] {
                let text = spec_of(&g, e, 7, 3);
                let spec: Result<AgentSpec, _> = text.parse();
                assert!(spec.is_ok(), "{}: `{text}`: {:?}", r.name, spec.err());
            }
        }
    }
}
