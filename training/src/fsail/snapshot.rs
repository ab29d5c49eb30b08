//! Readable JSON views of Fighting Sail states (for `replay --json`): names instead of
//! indices, positions in inches, headings in degrees, attitudes and tokens in words.

use broadside_env::fsail::data::WIND_NAMES;
use broadside_env::fsail::{FsailGame, Weather};
use broadside_env::game::Game;
use serde::Serialize;

use super::chart::status_word;
use super::{phase_text, to_act, FsailResult};
use crate::roster::Roster;
use crate::screens::ActionView;

/// One ship in a state.
#[derive(Debug, Clone, Serialize)]
pub struct FsailShipView {
    pub name: String,
    pub letter: char,
    pub side: u8,
    pub side_name: String,
    pub profile: String,
    pub flagship: bool,
    /// Mainmast `[x, y]` in inches (x east, y north).
    pub position: [f64; 2],
    /// Degrees clockwise from north.
    pub heading: u16,
    /// "in irons", "close-hauled", "reaching" or "running".
    pub attitude: &'static str,
    pub sailing: u8,
    pub gunnery: u8,
    /// Gunnery now (halved with any Damage token).
    pub gunnery_now: u8,
    pub hull: u8,
    pub boarding: u8,
    pub boarding_now: u8,
    pub discipline: u8,
    pub damage_tokens: u8,
    pub anchor: bool,
    pub cannon: bool,
    pub sailed: bool,
    /// "in play", "sunk", "struck" or "taken".
    pub status: &'static str,
}

/// One state of an `fsail` game.
#[derive(Debug, Clone, Serialize)]
pub struct FsailStateView {
    /// Position in the record: 0 is the start, `k` the state after `k` actions.
    pub index: usize,
    pub action: Option<ActionView>,
    pub turn: u16,
    pub turn_limit: u16,
    pub phase: String,
    /// "player 0", "player 1", "chance" or "terminal".
    pub to_act: String,
    pub terminal: bool,
    /// The side that sails and fires first this turn.
    pub first_player: u8,
    /// The wind point the wind blows from ("N", "NE", ..).
    pub wind_from: &'static str,
    pub weather: &'static str,
    pub morale: [i16; 2],
    pub start_morale: [i16; 2],
    pub ships: Vec<FsailShipView>,
    pub result: Option<FsailResult>,
    pub events: Vec<String>,
}

impl FsailStateView {
    /// The view of `g`, the state after `index` actions, the last being `action`.
    pub fn of(
        g: &FsailGame,
        roster: &Roster,
        index: usize,
        action: Option<ActionView>,
        events: Vec<String>,
    ) -> Self {
        let ships = g
            .ships()
            .iter()
            .enumerate()
            .map(|(i, s)| FsailShipView {
                name: roster.name(i).to_string(),
                letter: roster.letter(i),
                side: s.side,
                side_name: roster.side_name(s.side).to_string(),
                profile: roster.kinds.get(i).cloned().unwrap_or_default(),
                flagship: s.flagship,
                position: [
                    FsailGame::inches(s.base.centre.x),
                    FsailGame::inches(s.base.centre.y),
                ],
                heading: s.base.heading,
                attitude: g.attitude(i).name(),
                sailing: s.sailing,
                gunnery: s.gunnery,
                gunnery_now: s.gunnery_now(),
                hull: s.hull,
                boarding: s.boarding,
                boarding_now: s.boarding_now(),
                discipline: s.discipline,
                damage_tokens: s.tokens,
                anchor: s.anchor,
                cannon: s.cannon,
                sailed: s.sailed,
                status: status_word(s),
            })
            .collect();
        FsailStateView {
            index,
            action,
            turn: g.turn,
            turn_limit: g.turn_limit,
            phase: phase_text(g, roster),
            to_act: to_act(g),
            terminal: g.is_terminal(),
            first_player: g.first,
            wind_from: WIND_NAMES[g.wind_from as usize % 8],
            weather: match g.weather {
                Weather::Fair => "fair",
                Weather::Becalmed => "becalmed",
                Weather::Gale => "gale",
            },
            morale: g.morale,
            start_morale: g.start_morale,
            ships,
            result: g.ending.map(|_| FsailResult::of(g, roster)),
            events,
        }
    }
}
