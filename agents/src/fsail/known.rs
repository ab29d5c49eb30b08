//! What Fighting Sail offers the agent specs ([`KnownAgents`]): its doctrines, values and
//! the chance nodes a portfolio's worlds share.

use std::sync::Arc;

use broadside_env::fsail::{FsailGame, Pending};

use super::{FsailDoctrine, FsailDoctrineBot, FsailMorale, FSAIL_DOCTRINES};
use crate::mcts::Heuristic;
use crate::{Agent, KnownAgents};

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
            (
                "british-focus",
                "close and broadside, fire on the weakest enemy in the closest range band",
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
    fn heuristic_names() -> Vec<&'static str> {
        vec!["default", "morale", "position"]
    }
    fn heuristic_named(name: &str) -> Option<Arc<dyn Heuristic<Self>>> {
        match name {
            "default" => Some(Self::heuristic()),
            "morale" => Some(Arc::new(FsailMorale::default())),
            "position" => Some(Arc::new(FsailMorale::positional())),
            // `position:W`: the weight of a doctrine score point.
            other => {
                let w: f64 = other.strip_prefix("position:")?.parse().ok()?;
                Some(Arc::new(FsailMorale {
                    position: w,
                    ..FsailMorale::default()
                }))
            }
        }
    }
    // The doctrines are level in the duel and close in the fleet action (docs/admirals.md).
    fn best_bot() -> Option<&'static str> {
        Some("british")
    }
    fn round(state: &Self) -> u32 {
        u32::from(state.turn)
    }
    // The initiative and sailing rolls: the doctrines' sailing that follows them is most
    // of a playout's cost, and the shots' dice after it vary the worlds.
    fn shared_chance(state: &Self) -> bool {
        matches!(
            state.pending,
            Pending::Initiative | Pending::SailingDice { .. }
        )
    }
}
