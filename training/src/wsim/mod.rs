//! Terminal views of a WS&IM game (the `wsim` ruleset): [`map`] (the ASCII hex map),
//! [`chart`] (ship charts), [`narrate`] (the game log, from state differences and chance
//! outcomes), [`outcome`] (the result), [`snapshot`] (readable JSON states) and [`play`]
//! (the screens of `play` and `replay`, orders typed in the game's notation).

use broadside_env::wsim::{Scenario, WsimRuleset};

use crate::roster::Roster;
use crate::screens::Screens;

pub mod board;
pub mod chart;
pub mod map;
pub mod narrate;
pub mod outcome;
pub mod play;
pub mod snapshot;

/// The roster of a WS&IM `scenario` seen from `viewer` (0 or 1).
pub fn roster(scenario: &Scenario, viewer: u8) -> Roster {
    Roster::of_ships(
        scenario
            .ships
            .iter()
            .map(|s| (s.name.as_str(), s.spec.kind.as_str(), s.side)),
        scenario.sides.clone(),
        viewer,
    )
}

/// WS&IM's default admiral: the portfolio search with the strongest doctrine of the
/// squadron battle as its model of the other side, every legal order among its candidates,
/// and 300 playouts a decision (under 3 ms a decision on average on one core, and
/// reproducible: the same seed and orders give the same game).
pub const WSIM_ADMIRAL: &str = "portfolio:model=british,sims=300,wide=true";

/// The search a difficulty level plays in a WS&IM battle of squadrons (the level adds its
/// time): the portfolio's order tree, UCT over the side's sub-decisions of the turn with the
/// doctrines' choices as its moves. At 10 ms a decision it won 82.0% of 400 squadron-battle
/// games against `bot:british` (the flat search [`WSIM_ADMIRAL`] 83.9%) and 58.8% of 80
/// against [`WSIM_ADMIRAL`] itself (seeds 2026 and 2027, sides swapped); unlike the flat
/// search, whose strength stopped growing by 50 ms, its tree keeps what each playout learns
/// for the rest of the turn.
pub const WSIM_SQUADRON_LEVEL: &str = "portfolio:model=british,orders=true,c=0.3";

impl Screens for WsimRuleset {
    type Ui = play::WsimUi;
    const ADMIRAL: Option<&'static str> = Some(WSIM_ADMIRAL);
    const SQUADRON_LEVEL: Option<&'static str> = Some(WSIM_SQUADRON_LEVEL);
    // The analysis engine (docs/experiments/2026-11-28-analysis-engine.md).
    const ANALYSIS: crate::engine::Engine = crate::engine::Engine::Squadron;
}
