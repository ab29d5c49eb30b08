//! Wooden Ships & Iron Men, the online simplified rules (seed `004_0165a9fa3b5e890b.txt`).
//!
//! # The rules in brief
//! Two sides command sailing ships on a hex map; each ship covers two hexes (bow and stern)
//! and pivots on its bow. Every turn both sides secretly write orders for each ship, then
//! all ships move at once, then fire, then load.
//!
//! - **Orders** ([`orders`]): movement in the game's notation (`L` turn left, `R` turn right,
//!   a digit = hexes forward), aim (hull or rigging), "fire if HDT is at least" (kept between
//!   turns), the broadside to load, and for fouled ships an unfouling option (all, friends,
//!   enemies, remain fouled). A side may resign.
//! - **Movement allowance**: set by the battle sail speed and the attitude to the wind at the
//!   start of the move (A, B, C, D; D = into the wind, no movement), less one per rigging
//!   section lost. Each hex and each 60-degree turn costs one factor; one turn per hex; at
//!   most the ship's turn allowance; the hexes moved in an attitude are capped by that
//!   attitude's allowance; allowance 0 still allows one free turn in place; turning into D
//!   stops the ship; fouled ships do not move.
//! - **Movement and collisions** ([`resolve`]): retraced token by token; two ships in one hex
//!   collide and stop; the ship already there keeps the hex, a bow beats a turning stern,
//!   otherwise a random winner; collided pairs foul with probability 1/2; fouled pairs unfoul
//!   with probability 1/3 when either asks.
//! - **Fire** ([`fire`]): each loaded broadside fires at the closest ship in its field of fire
//!   (up to 10 hexes) if that ship is an enemy that has not struck (a closer friend or struck
//!   ship blocks; ties go to the higher HDT, then at random). The HDT comes from gun squares and
//!   range, crew quality, crew sections lost, the initial broadside and rake; below 0 the ship
//!   cannot fire, above 8 it uses 8; the ship fires only if the HDT reaches its order. A d6 on
//!   the hit table (hull column only at 5 hexes or less) gives hull, gun, crew and rigging hits,
//!   which count from the next turn.
//! - **Damage**: no hull = struck; no crew = cannot move or fire (points to the enemy); gun hits
//!   on the closer side, carronades first, a random side when raked; rigging sections lost cut
//!   the allowance. Surrender by firepower and by immobility with the ten-hex rule.
//! - **Load** ([`endturn`]): one broadside per turn.
//! - **Victory**: a duel ends when a ship strikes; a squadron battle when a side cannot fight;
//!   either after five turns of no fire (after a grace period) or 200 turns, won on points by a
//!   side still able to fight.
//!
//! The numbers the seed leaves out (movement allowances, HDT, hit tables) are data in
//! `env/data/wsim/`; the substitutes and deviations are listed in `docs/rulesets/wsim.md`.

pub mod catalogue;
pub mod data;
pub mod endturn;
pub mod fire;
pub mod game_impl;
pub mod notation;
pub mod observe;
pub mod orders;
pub mod resolve;
pub mod state;

pub use catalogue::{NUM_ACTIONS, NUM_PLAYER_ACTIONS, WSIM_VERSION};
pub use data::{builtin_scenario, builtin_scenarios, Scenario, DEFAULT_SCENARIO};
pub use game_impl::WSIM_SPEC;
pub use state::{Attitude, EndReason, Ending, Pending, Phase, Ship, Step, WsimGame, WsimOptions};

/// Wooden Ships & Iron Men in the registry ([`crate::ruleset`]).
#[derive(Debug, Clone, Copy)]
pub struct WsimRuleset;

crate::ruleset::impl_ruleset! {
    WsimRuleset {
        game: WsimGame,
        options: WsimOptions,
        scenario: Scenario,
        spec: WSIM_SPEC,
        seed: "004_0165a9fa3b5e890b.txt",
        default_scenario: DEFAULT_SCENARIO,
        builtin: builtin_scenarios,
        parse: data::parse_scenario,
    }
}
