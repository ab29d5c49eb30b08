//! The observation tensors of the sea fight, from the deciding side's view.
//!
//! Frame: side 0 sees the map as it is; side 1 sees it turned half round (offset column
//! `c -> cols - 1 - c`, row `r -> rows - 1 - r`, facings and the wind + 3 faces). Entity rows
//! are the ships by scenario index (ships change hands, so ownership is a feature). Planes
//! are `MAX_ROWS x MAX_COLS`; hexes off a smaller map are 0 in `on_map`. Nothing is hidden.

use crate::game::Player;
use crate::hex::{Facing, Hex};
use crate::observation::{ObsSpec, Observation};

use super::data::{rules, MAX_COLS, MAX_LEVEL, MAX_ROWS, MAX_SHIPS};
use super::state::*;

/// Entity features, one row per ship.
pub static ENTITY_FEATURES: &[&str] = &[
    "present",
    "own",
    "enemy",
    "struck",
    "burnt",
    "exited",
    "captured",
    "started_own",
    "acting",
    "warship",
    "merchant",
    "size_small",
    "size_medium",
    "size_large",
    "col",
    "row",
    "facing_0",
    "facing_1",
    "facing_2",
    "facing_3",
    "facing_4",
    "facing_5",
    "wind_ahead",
    "wind_front_quarter",
    "wind_rear_quarter",
    "wind_rear",
    "crew",
    "guns",
    "sail",
    "crew_max",
    "guns_max",
    "sail_max",
    "hardened",
    "scurvy",
    "aground",
    "paused",
    "pause_next",
    "acted",
    "shot",
    "in_fog",
    "in_shallows",
    "range",
    "distance_to_acting",
    "distance_to_exit",
    "targetable_by_acting",
    "can_shoot_acting",
    "boardable_by_acting",
];

/// Global features.
pub static GLOBAL_FEATURES: &[&str] = &[
    "side_0",
    "side_1",
    "my_turn",
    "wind_from_0",
    "wind_from_1",
    "wind_from_2",
    "wind_from_3",
    "wind_from_4",
    "wind_from_5",
    "clock_fraction",
    "clock_left",
    "turn",
    "pending_wind_dice",
    "pending_cancel_dice",
    "pending_wind_turn",
    "pending_select_ship",
    "pending_recover",
    "pending_moving",
    "pending_after_move",
    "pending_opportunity",
    "pending_reroll",
    "pending_lose",
    "pending_return_shot",
    "pending_clock",
    "wind_successes",
    "allowance",
    "moved",
    "turns_used",
    "may_turn",
    "fired",
    "boarded",
    "shot_dice",
    "shot_hits",
    "shot_chaser",
    "shot_rerolled",
    "loss_left",
    "loss_first",
    "recover_left",
    "own_points",
    "enemy_points",
    "resign_available",
];

/// Spatial planes.
pub static PLANES: &[&str] = &[
    "on_map",
    "fog",
    "shallows",
    "exit",
    "own_ship",
    "enemy_ship",
    "struck_or_wreck",
    "acting_ship",
];

/// The observation layout of the sea fight.
pub const POE_OBS: ObsSpec = ObsSpec {
    max_entities: MAX_SHIPS,
    entity_features: ENTITY_FEATURES,
    global_features: GLOBAL_FEATURES,
    plane_channels: PLANES,
    plane_rows: MAX_ROWS as usize,
    plane_cols: MAX_COLS as usize,
};

const NE: usize = 47;
const NG: usize = 41;

impl PoeGame {
    /// `(col, row)` of a hex in `player`'s frame.
    pub fn frame(&self, player: Player, h: Hex) -> (i32, i32) {
        let (c, r) = h.to_offset();
        if player & 1 == 1 {
            (self.map.cols - 1 - c, self.map.rows - 1 - r)
        } else {
            (c, r)
        }
    }

    /// Writes `player`'s observation (every entry).
    pub(crate) fn write_observation(&self, player: Player, out: &mut Observation) {
        debug_assert_eq!(ENTITY_FEATURES.len(), NE);
        debug_assert_eq!(GLOBAL_FEATURES.len(), NG);
        out.entities.fill(0.0);
        out.global.fill(0.0);
        out.planes.fill(0.0);
        let me = player & 1;
        let turn_half = if me == 1 { 3 } else { 0 };
        let lvl = MAX_LEVEL as f32;
        let acting = (self.act.ship as usize) < self.num_ships as usize;
        let ai = self.act.ship as usize;
        let (cols, rows) = (self.map.cols as f32, self.map.rows as f32);
        for (i, s) in self.ships().iter().enumerate() {
            let mut v = [0f32; NE];
            v[0] = 1.0;
            v[1] = (s.afloat() && s.owner == me) as u8 as f32;
            v[2] = (s.afloat() && s.owner != me) as u8 as f32;
            v[3] = (s.status == status::STRUCK) as u8 as f32;
            v[4] = (s.status == status::BURNT) as u8 as f32;
            v[5] = (s.status == status::EXITED) as u8 as f32;
            v[6] = s.captured() as u8 as f32;
            v[7] = (s.orig == me) as u8 as f32;
            v[8] = (acting && ai == i) as u8 as f32;
            v[9] = s.warship as u8 as f32;
            v[10] = (!s.warship) as u8 as f32;
            v[10 + s.size as usize] = 1.0;
            if s.occupies() {
                let (c, r) = self.frame(me, s.hex);
                v[14] = c as f32 / (cols - 1.0);
                v[15] = r as f32 / (rows - 1.0);
                v[16 + s.facing.rotate(turn_half).0 as usize] = 1.0;
                v[22 + WindAngle::of(s.facing, self.wind_from) as usize] = 1.0;
                v[39] = self.fog.contains(s.hex) as u8 as f32;
                v[40] = self.shallows.contains(s.hex) as u8 as f32;
                v[43] = s.hex.distance(self.exit) as f32 / 20.0;
            }
            for t in 0..3 {
                v[26 + t] = s.level[t] as f32 / lvl;
                v[29 + t] = s.max[t] as f32 / lvl;
            }
            v[32] = s.hardened_now() as u8 as f32;
            v[33] = s.scurvy_now() as u8 as f32;
            v[34] = s.aground as f32 / 2.0;
            v[35] = s.paused as u8 as f32;
            v[36] = s.pause_next as u8 as f32;
            v[37] = s.acted as u8 as f32;
            v[38] = s.shot as u8 as f32;
            v[41] = s.range as f32 / 10.0;
            if acting && s.occupies() {
                let a = &self.ships[ai];
                v[42] = a.hex.distance(s.hex) as f32 / 20.0;
                v[44] = self.shot_option(ai, i, ShotKind::Own).is_some() as u8 as f32;
                v[45] = self.shot_option(i, ai, ShotKind::Opportunity).is_some() as u8 as f32;
                v[46] = self.can_board(ai, i) as u8 as f32;
            }
            for (slot, x) in out.entities.row_mut(i).iter_mut().zip(v) {
                *slot = x;
            }
        }
        let g = &mut out.global;
        g[me as usize] = 1.0;
        g[2] = (self.decider() == Some(me)) as u8 as f32;
        g[3 + self.wind_from.rotate(turn_half).0 as usize] = 1.0;
        let len = self.clock_length.max(1) as f32;
        g[9] = self.clock as f32 / len;
        // The clock left in units of the rules' standard loop (21), not of this scenario's
        // own length: a longer clock shows as more time left (above 1 when over 21).
        let standard = rules().clock.length.max(1) as f32;
        g[10] = (self.clock_length.saturating_sub(self.clock)) as f32 / standard;
        g[11] = self.turn as f32 / 20.0;
        let p = match self.pending {
            Pending::WindDice => Some(0),
            Pending::CancelDice { .. } => Some(1),
            Pending::WindTurn => Some(2),
            Pending::SelectShip => Some(3),
            Pending::Recover => Some(4),
            Pending::Moving => Some(5),
            Pending::AfterMove => Some(6),
            Pending::Opportunity => Some(7),
            Pending::Reroll => Some(8),
            Pending::Lose { .. } => Some(9),
            Pending::ReturnShot => Some(10),
            Pending::Clock => Some(11),
            _ => None,
        };
        if let Some(k) = p {
            g[12 + k] = 1.0;
        }
        g[24] = self.wind_successes as f32 / 3.0;
        if acting {
            g[25] = self.act.allowance as f32 / 6.0;
            g[26] = self.act.moved as f32 / 6.0;
            g[27] = self.act.turns as f32 / 3.0;
            g[28] = (self.act.moving
                && (if self.act.turn_cap == u8::MAX {
                    !self.act.turned_here
                } else {
                    self.act.turns < self.act.turn_cap
                })) as u8 as f32;
            g[29] = self.act.fired as u8 as f32;
            g[30] = self.act.boarded as u8 as f32;
            g[37] = self.act.recover_left as f32 / 6.0;
        }
        if matches!(
            self.pending,
            Pending::Reroll | Pending::Lose { .. } | Pending::ReturnShot | Pending::Death { .. }
        ) || matches!(
            self.pending,
            Pending::Dice {
                kind: DiceKind::Gunnery,
                ..
            }
        ) {
            g[31] = self.shot.dice as f32 / 20.0;
            g[32] = self.shot.hits as f32 / 20.0;
            g[33] = self.shot.chaser as u8 as f32;
            g[34] = self.shot.rerolled as u8 as f32;
        }
        if matches!(self.pending, Pending::Lose { .. } | Pending::Death { .. }) {
            g[35] = self.loss.left as f32 / 20.0;
            g[36] = self.loss.first as u8 as f32;
        }
        let pts = self.half_points();
        g[38] = pts[me as usize] as f32 / 20.0;
        g[39] = pts[1 - me as usize] as f32 / 20.0;
        g[40] = (self.options.resignation && self.pending == Pending::SelectShip) as u8 as f32;
        let _ = rules();
        // Planes.
        let planes = &mut out.planes;
        for c in 0..self.map.cols {
            for r in 0..self.map.rows {
                let h = Hex::from_offset(c, r);
                let (fc, fr) = self.frame(me, h);
                let (fc, fr) = (fc as usize, fr as usize);
                planes[[0, fr, fc]] = 1.0;
                planes[[1, fr, fc]] = self.fog.contains(h) as u8 as f32;
                planes[[2, fr, fc]] = self.shallows.contains(h) as u8 as f32;
                planes[[3, fr, fc]] = self.is_exit(h) as u8 as f32;
            }
        }
        for (i, s) in self.ships().iter().enumerate() {
            if !s.occupies() {
                continue;
            }
            let (fc, fr) = self.frame(me, s.hex);
            let (fc, fr) = (fc as usize, fr as usize);
            let ch = if !s.afloat() {
                6
            } else if s.owner == me {
                4
            } else {
                5
            };
            planes[[ch, fr, fc]] = 1.0;
            if acting && ai == i {
                planes[[7, fr, fc]] = 1.0;
            }
        }
        let _ = Facing(0);
    }
}
