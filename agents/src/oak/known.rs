//! What Oak & Iron offers the agent specs ([`KnownAgents`]): its doctrines, values and
//! turn counter.

use std::sync::Arc;

use broadside_env::oak::OakGame;

use super::{OakDoctrine, OakDoctrineBot, OakValue, OAK_DOCTRINES};
use crate::mcts::Heuristic;
use crate::{Agent, KnownAgents};

impl KnownAgents for OakGame {
    fn bots() -> Vec<(&'static str, &'static str)> {
        OAK_DOCTRINES.iter().map(|d| (d.name, d.help)).collect()
    }
    fn bot(name: &str, seed: u64) -> Option<Box<dyn Agent<Self>>> {
        OakDoctrine::by_name(name)
            .map(|d| Box::new(OakDoctrineBot::new(d, seed)) as Box<dyn Agent<Self>>)
    }
    fn heuristic() -> Arc<dyn Heuristic<Self>> {
        Arc::new(OakValue::default())
    }
    fn heuristic_names() -> Vec<&'static str> {
        vec!["default", "strike-points", "position", "condition"]
    }
    fn heuristic_named(name: &str) -> Option<Arc<dyn Heuristic<Self>>> {
        match name {
            // `position` (the portfolio search's default value): strike points, the
            // ships' condition and where they stand, the default.
            "default" | "position" => Some(Self::heuristic()),
            "strike-points" => Some(Arc::new(OakValue::strike_points())),
            // The value before the position terms (strike points and condition only).
            "condition" => Some(Arc::new(OakValue {
                position: 0.0,
                ..OakValue::default()
            })),
            _ => None,
        }
    }
    fn best_bot() -> Option<&'static str> {
        Some("raking")
    }
    fn round(state: &Self) -> u32 {
        u32::from(state.turn)
    }
}
