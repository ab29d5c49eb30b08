//! What WS&IM offers the agent specs ([`KnownAgents`]): its doctrines, values, information
//! key and opponent model.

use std::sync::Arc;

use broadside_env::wsim::WsimGame;

use super::{
    wsim_hidden_model, wsim_info_key, CloseActionBot, Doctrine, DoctrineBot, WsimMaterial,
    DOCTRINES,
};
use crate::mcts::{Heuristic, HiddenModelFn, InfoKeyFn};
use crate::{Agent, KnownAgents};

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
            (
                "line-of-battle-hull",
                "the line of battle, always aiming at the hull",
            ),
        ]);
        debug_assert_eq!(v.len(), DOCTRINES.len() + 1);
        v
    }
    fn bot(name: &str, seed: u64) -> Option<Box<dyn Agent<Self>>> {
        if name == "close-action" {
            return Some(Box::new(CloseActionBot::new(seed)));
        }
        Doctrine::by_name(name).map(|d| Box::new(DoctrineBot::new(d, seed)) as Box<dyn Agent<Self>>)
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
    // Strongest in the duel; last in the squadron battle, where british leads (docs/admirals.md).
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
