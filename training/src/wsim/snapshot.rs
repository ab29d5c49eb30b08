//! Readable JSON views of game states (for `replay --json`): names instead of indices,
//! offset coordinates as on the map, facing names.

use broadside_env::game::{Game, Turn};
use broadside_env::wsim::state::Step;
use broadside_env::wsim::{Phase, WsimGame};
use serde::Serialize;

use super::chart::fouled_with;
use super::outcome::GameResult;
use crate::roster::Roster;

/// One ship in a state.
#[derive(Debug, Clone, Serialize)]
pub struct ShipView {
    pub name: String,
    pub side: u8,
    pub side_name: String,
    /// Bow hex, offset `[col, row]`.
    pub bow: [i32; 2],
    /// Stern hex, offset `[col, row]`.
    pub stern: [i32; 2],
    pub facing: &'static str,
    /// Attitude to the wind: "A".."D".
    pub attitude: &'static str,
    pub hull: u8,
    pub hull_max: u8,
    /// Crew squares left per section.
    pub crew: Vec<u8>,
    /// Rigging squares left per section.
    pub rigging: Vec<u8>,
    /// Gun squares `[left, right]`.
    pub guns: [u8; 2],
    /// Carronade squares `[left, right]`.
    pub carronades: [u8; 2],
    /// Broadside loaded `[left, right]`.
    pub loaded: [bool; 2],
    /// Initial broadside still unfired `[left, right]`.
    pub initial: [bool; 2],
    pub struck: bool,
    pub crewless: bool,
    /// Names of the ships it is fouled with.
    pub fouled: Vec<String>,
    pub points: u16,
}

pub use crate::screens::ActionView;

/// One state of a game.
#[derive(Debug, Clone, Serialize)]
pub struct StateView {
    /// Position in the record: 0 is the start, `k` the state after `k` actions.
    pub index: usize,
    /// The action that led here (none for the start).
    pub action: Option<ActionView>,
    pub turn: u16,
    /// Where the turn is, in words ("orders: British, Mars, move").
    pub phase: String,
    /// "player 0", "player 1", "chance" or "terminal".
    pub to_act: String,
    pub terminal: bool,
    pub scores: [u16; 2],
    pub no_fire_turns: u16,
    pub ships: Vec<ShipView>,
    /// The result once the game is over.
    pub result: Option<GameResult>,
    /// What the action that led here did, as the game log tells it.
    pub events: Vec<String>,
}

fn step_name(s: Step) -> &'static str {
    match s {
        Step::Unfoul => "unfoul",
        Step::Move => "move",
        Step::Aim => "aim",
        Step::Threshold => "fire threshold",
        Step::Load => "load",
    }
}

/// The phase in words.
pub fn phase_text(g: &WsimGame, roster: &Roster) -> String {
    match g.phase {
        Phase::Orders {
            player, ship, step, ..
        } => format!(
            "orders: {}, {}, {}",
            roster.side_name(player),
            roster.name(ship as usize),
            step_name(step)
        ),
        Phase::Unfouling { .. } => "unfouling".into(),
        Phase::Movement { step, .. } => format!("movement, step {}", step + 1),
        Phase::Fire { .. } => "fire".into(),
        Phase::Reload { .. } => "loading".into(),
        Phase::Over => "over".into(),
    }
}

impl StateView {
    /// The view of `g`, the state after `index` actions, the last being `action`.
    pub fn of(
        g: &WsimGame,
        roster: &Roster,
        index: usize,
        action: Option<ActionView>,
        events: Vec<String>,
    ) -> Self {
        let ships = g
            .ships()
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let (bc, br) = s.pos.bow.to_offset();
                let (sc, sr) = s.pos.stern().to_offset();
                let crew_n = s.crew_max.iter().filter(|&&m| m > 0).count().max(1);
                ShipView {
                    name: roster.name(i).to_string(),
                    side: s.side,
                    side_name: roster.side_name(s.side).to_string(),
                    bow: [bc, br],
                    stern: [sc, sr],
                    facing: s.pos.facing.name(),
                    attitude: g.attitude(i).name(),
                    hull: s.hull,
                    hull_max: s.hull_max,
                    crew: s.crew[..crew_n].to_vec(),
                    rigging: s.rigging[..(s.rigging_sections as usize).clamp(1, 4)].to_vec(),
                    guns: s.guns,
                    carronades: s.carronades,
                    loaded: s.loaded,
                    initial: s.initial,
                    struck: s.struck(),
                    crewless: s.crewless(),
                    fouled: fouled_with(g, roster, i),
                    points: s.points,
                }
            })
            .collect();
        let to_act = match g.turn() {
            Turn::Player(p) => format!("player {p}"),
            Turn::Chance => "chance".into(),
            Turn::Terminal => "terminal".into(),
        };
        StateView {
            index,
            action,
            turn: g.turn,
            phase: phase_text(g, roster),
            to_act,
            terminal: g.is_terminal(),
            scores: g.scores,
            no_fire_turns: g.no_fire_turns,
            ships,
            result: g.ending.map(|_| GameResult::of(g, roster)),
            events,
        }
    }
}
