//! What the sea fight offers the agent specs ([`KnownAgents`]): its doctrines, values and
//! turn counter.

use std::sync::Arc;

use broadside_env::poe::PoeGame;

use super::{PoeDoctrine, PoeDoctrineBot, PoeValue, POE_DOCTRINES};
use crate::mcts::Heuristic;
use crate::{Agent, KnownAgents};

impl KnownAgents for PoeGame {
    fn bots() -> Vec<(&'static str, &'static str)> {
        let v = vec![
            (
                "run-for-the-corner",
                "merchants make for the exit by the fastest wind-legal path, escorts keep with \
                 them; buccaneers hold the corner and board what arrives",
            ),
            (
                "escort-screen",
                "escorts interpose between buccaneers and merchants and shoot the nearest \
                 threat; buccaneers stand across each merchant's course",
            ),
            (
                "boarding-rush",
                "warships close with the best prize (worth times odds) and board at even odds",
            ),
            (
                "weather-gunnery",
                "warships keep the weather side at two hexes, rake and shoot; board only at \
                 good odds or a struck ship",
            ),
        ];
        debug_assert_eq!(v.len(), POE_DOCTRINES.len());
        v
    }
    fn bot(name: &str, seed: u64) -> Option<Box<dyn Agent<Self>>> {
        PoeDoctrine::by_name(name)
            .map(|d| Box::new(PoeDoctrineBot::new(d, seed)) as Box<dyn Agent<Self>>)
    }
    fn heuristic() -> Arc<dyn Heuristic<Self>> {
        Arc::new(PoeValue::default())
    }
    fn heuristic_names() -> Vec<&'static str> {
        vec!["default", "points", "position"]
    }
    fn heuristic_named(name: &str) -> Option<Arc<dyn Heuristic<Self>>> {
        match name {
            "default" | "position" => Some(Self::heuristic()),
            "points" => Some(Arc::new(PoeValue::points())),
            // `position:W`: the weight of the positional lead.
            other => {
                let w: f64 = other.strip_prefix("position:")?.parse().ok()?;
                Some(Arc::new(PoeValue {
                    position: w,
                    ..PoeValue::default()
                }))
            }
        }
    }
    fn best_bot() -> Option<&'static str> {
        Some("boarding-rush")
    }
    fn round(state: &Self) -> u32 {
        u32::from(state.turn)
    }
}
