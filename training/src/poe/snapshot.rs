//! Readable JSON views of Pieces of Eight states (for `replay --json`): names instead of
//! indices, hexes as offset `[col, row]`, facings and the wind as compass points, markers,
//! statuses and the pending decision in words.

use broadside_env::game::Game;
use broadside_env::hex::Hex;
use broadside_env::poe::state::NONE;
use broadside_env::poe::PoeGame;
use serde::Serialize;

use super::chart::{kind, status_word};
use super::map::corner_name;
use super::{phase_text, to_act, PoeResult};
use crate::roster::Roster;
use crate::screens::ActionView;

/// One ship in a state.
#[derive(Debug, Clone, Serialize)]
pub struct PoeShipView {
    pub name: String,
    pub letter: char,
    pub class: String,
    /// "medium warship", "large merchant", ..
    pub kind: String,
    /// The side it started with, and its name.
    pub side: u8,
    pub side_name: String,
    /// The side that owns it now (`None` when struck, burnt or exited).
    pub owner: Option<u8>,
    pub owner_name: Option<String>,
    /// "afloat", "captured", "struck", "burnt" or "exited".
    pub status: &'static str,
    /// Offset `[col, row]`; `None` once exited.
    pub hex: Option<[i32; 2]>,
    /// "N", "NE", ..
    pub facing: &'static str,
    /// "wind ahead", "front quarter", "rear quarter" or "wind astern".
    pub wind: &'static str,
    pub range: u8,
    /// Markers now and at the start: crew, guns, sail.
    pub crew: [u8; 2],
    pub guns: [u8; 2],
    pub sail: [u8; 2],
    pub hardened: bool,
    pub scurvy: bool,
    pub aground: bool,
    pub paused: bool,
    pub pause_next: bool,
    pub acted: bool,
}

/// One state of a `poe` game.
#[derive(Debug, Clone, Serialize)]
pub struct PoeStateView {
    /// Position in the record: 0 is the start, `k` the state after `k` actions.
    pub index: usize,
    pub action: Option<ActionView>,
    /// Player turns played, from 1, and the side whose turn it is.
    pub turn: u16,
    pub mover: u8,
    pub mover_name: String,
    pub phase: String,
    /// "player 0", "player 1", "chance" or "terminal".
    pub to_act: String,
    pub terminal: bool,
    /// The compass point the wind blows from.
    pub wind_from: &'static str,
    pub clock: u8,
    pub clock_length: u8,
    /// Victory points of each side if the game ended now.
    pub points: [f64; 2],
    /// The escape corner ("NE") and its exit hexes.
    pub escape_corner: &'static str,
    pub exit: Vec<[i32; 2]>,
    pub fog: Vec<[i32; 2]>,
    pub shallows: Vec<[i32; 2]>,
    /// The ship acting now, if any.
    pub acting: Option<String>,
    pub ships: Vec<PoeShipView>,
    pub result: Option<PoeResult>,
    pub events: Vec<String>,
}

fn offset(h: Hex) -> [i32; 2] {
    let (c, r) = h.to_offset();
    [c, r]
}

impl PoeStateView {
    /// The view of `g`, the state after `index` actions, the last being `action`.
    pub fn of(
        g: &PoeGame,
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
                let owner = (s.afloat() && s.owner != NONE).then_some(s.owner);
                PoeShipView {
                    name: roster.name(i).to_string(),
                    letter: roster.letter(i),
                    class: roster.kinds.get(i).cloned().unwrap_or_default(),
                    kind: kind(s),
                    side: s.orig,
                    side_name: roster.side_name(s.orig).to_string(),
                    owner,
                    owner_name: owner.map(|o| roster.side_name(o).to_string()),
                    status: status_word(s),
                    hex: s.occupies().then(|| offset(s.hex)),
                    facing: s.facing.name(),
                    wind: g.wind_angle(i).name(),
                    range: s.range,
                    crew: [s.level[0], s.max[0]],
                    guns: [s.level[1], s.max[1]],
                    sail: [s.level[2], s.max[2]],
                    hardened: s.hardened_now(),
                    scurvy: s.scurvy_now(),
                    aground: s.aground > 0,
                    paused: s.paused,
                    pause_next: s.pause_next,
                    acted: s.acted,
                }
            })
            .collect();
        let mut exit = Vec::new();
        for r in 0..g.map.rows {
            for c in 0..g.map.cols {
                if g.is_exit(Hex::from_offset(c, r)) {
                    exit.push([c, r]);
                }
            }
        }
        let acting = g.act.ship as usize;
        PoeStateView {
            index,
            action,
            turn: g.turn,
            mover: g.mover,
            mover_name: roster.side_name(g.mover).to_string(),
            phase: phase_text(g, roster),
            to_act: to_act(g),
            terminal: g.is_terminal(),
            wind_from: g.wind_from.name(),
            clock: g.clock,
            clock_length: g.clock_length,
            points: g.half_points().map(|h| h as f64 / 2.0),
            escape_corner: corner_name(g),
            exit,
            fog: g.fog.iter().map(offset).collect(),
            shallows: g.shallows.iter().map(offset).collect(),
            acting: (acting < g.num_ships as usize).then(|| roster.name(acting).to_string()),
            ships,
            result: g.ending.map(|_| PoeResult::of(g, roster)),
            events,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::poe::{builtin_scenario, PoeOptions};

    #[test]
    fn the_view_names_ships_and_hexes() {
        let s = builtin_scenario("convoy-action").expect("built-in scenario");
        let g = PoeGame::new(&s, PoeOptions::default());
        let r = crate::poe::roster(&s, 0);
        let v = PoeStateView::of(&g, &r, 0, None, Vec::new());
        let j = serde_json::to_value(&v).expect("serializes");
        assert_eq!(j["ships"][0]["name"], "Santa Rosa");
        assert_eq!(j["ships"][0]["hex"], serde_json::json!([3, 6]));
        assert_eq!(j["ships"][0]["crew"], serde_json::json!([3, 3]));
        assert_eq!(j["wind_from"], "S");
        assert_eq!(j["escape_corner"], "NE");
        assert_eq!(j["fog"].as_array().map(Vec::len), Some(4));
        assert!(j["exit"]
            .as_array()
            .is_some_and(|e| e.contains(&serde_json::json!([14, 0]))));
        assert_eq!(j["acting"], serde_json::Value::Null);
    }
}
