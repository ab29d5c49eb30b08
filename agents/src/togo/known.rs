//! What Togo offers the agent specs ([`KnownAgents`]): its doctrines, value and turn counter.

use std::sync::Arc;

use broadside_env::togo::TogoGame;

use super::{TogoDoctrine, TogoDoctrineBot, TogoValue, TOGO_DOCTRINES};
use crate::mcts::Heuristic;
use crate::{Agent, KnownAgents};

impl KnownAgents for TogoGame {
    fn bots() -> Vec<(&'static str, &'static str)> {
        let v = vec![
            (
                "line-ahead-gunnery",
                "close to 8\" and fire each battery where it does most Hull damage",
            ),
            (
                "rammers",
                "each ship hunts the enemy she gains most by ramming and boarding (a smaller one)",
            ),
            (
                "torpedo-attack",
                "torpedo boats charge the largest enemy ship; the rest fight at 8\"",
            ),
            (
                "cautious-long-range",
                "hold 16\" at half speed; ships past half their Hull turn away to repair",
            ),
        ];
        debug_assert_eq!(v.len(), TOGO_DOCTRINES.len());
        v
    }
    fn bot(name: &str, seed: u64) -> Option<Box<dyn Agent<Self>>> {
        TogoDoctrine::by_name(name)
            .map(|d| Box::new(TogoDoctrineBot::new(d, seed)) as Box<dyn Agent<Self>>)
    }
    fn heuristic() -> Arc<dyn Heuristic<Self>> {
        Arc::new(TogoValue::default())
    }
    fn heuristic_names() -> Vec<&'static str> {
        // `position` (what the portfolio search asks for by default) is the same Hull lead:
        // Togo's value has no positional term yet.
        vec!["default", "position"]
    }
    fn heuristic_named(name: &str) -> Option<Arc<dyn Heuristic<Self>>> {
        matches!(name, "default" | "position").then(Self::heuristic)
    }
    fn best_bot() -> Option<&'static str> {
        Some("rammers")
    }
    fn round(state: &Self) -> u32 {
        u32::from(state.turn)
    }
}
