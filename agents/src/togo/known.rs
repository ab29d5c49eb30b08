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
                "full speed at the nearest enemy; legs that ram it preferred",
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
    fn best_bot() -> Option<&'static str> {
        Some("line-ahead-gunnery")
    }
    fn round(state: &Self) -> u32 {
        u32::from(state.turn)
    }
}
