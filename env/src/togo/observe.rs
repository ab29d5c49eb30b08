//! The observation tensors of a Togo battle, from the observing side's view.
//!
//! Frame: side 0 sees the table as it is; side 1 sees it turned half round (x -> width - x,
//! y -> depth - y, headings + 180). Entity rows are the ships by scenario index. Hidden: the
//! enemy's order markers. An enemy ship's active order shows only once revealed at its
//! activation; its inactive marker never shows (only that one lies there). No planes.

use crate::game::Player;
use crate::observation::{ObsSpec, Observation};
use crate::plane::{heading_trig, rect_distance, TRIG_ONE};

use super::catalogue::*;
use super::data::{rules, HIGH_MANOEUVRABILITY, MAX_SHIPS, RAM, WOODEN};
use super::state::*;

/// Entity features, one row per ship.
pub static ENTITY_FEATURES: &[&str] = &[
    "present",
    "own",
    "enemy",
    "afloat",
    "sunk",
    "struck",
    "class_1",
    "class_2",
    "class_3",
    "class_4",
    "x",
    "y",
    "heading_sin",
    "heading_cos",
    "hull",
    "hull_max",
    "armour",
    "max_knots",
    "guns_main",
    "guns_medium",
    "guns_light",
    "torpedoes",
    "active_known",
    "active_stop",
    "active_astern",
    "active_slow",
    "active_half",
    "active_full",
    "planned_stop",
    "planned_astern",
    "planned_slow",
    "planned_half",
    "planned_full",
    "shown_none",
    "shown_level",
    "marker_placed",
    "bridge_repeats",
    "activated",
    "fired",
    "anchored",
    "fires",
    "floods",
    "floods_held",
    "bridge",
    "rudder_left",
    "rudder_right",
    "rudder_jammed",
    "engine_slow",
    "engine_stopped",
    "listing",
    "ram",
    "wooden",
    "high_manoeuvrability",
    "flagship",
    "acting",
    "distance_to_acting",
    "fortification",
    "boarding_specialist",
    "gunnery_specialist",
    "captain_reroll_used",
    "exited",
];

/// Global features.
pub static GLOBAL_FEATURES: &[&str] = &[
    "turn",
    "turns_left",
    "wind_none",
    "wind_calm",
    "wind_light",
    "wind_moderate",
    "wind_strong",
    "wind_gale",
    "wind_storm",
    "wind_dir_sin",
    "wind_dir_cos",
    "i_am_player_a",
    "i_won_initiative",
    "stage_initiative",
    "stage_command",
    "stage_select",
    "stage_move",
    "stage_fire",
    "stage_counter",
    "stage_repair",
    "stage_other",
    "battery_main",
    "battery_medium",
    "battery_light",
    "battery_torpedo",
    "move_left",
    "my_losses",
    "enemy_losses",
    "era",
    "mines_present",
];

/// The observation layout.
pub const TOGO_OBS: ObsSpec = ObsSpec {
    max_entities: MAX_SHIPS,
    entity_features: ENTITY_FEATURES,
    global_features: GLOBAL_FEATURES,
    plane_channels: &[],
    plane_rows: 0,
    plane_cols: 0,
};

const NE: usize = 61;
const NG: usize = 30;
const INCH: f32 = 1000.0;

impl TogoGame {
    /// Writes `player`'s observation.
    pub fn write_observation(&self, player: Player, out: &mut Observation) {
        debug_assert_eq!(ENTITY_FEATURES.len(), NE);
        debug_assert_eq!(GLOBAL_FEATURES.len(), NG);
        let me = player & 1;
        let flip = me == 1;
        let acting = matches!(
            self.stage,
            Stage::Pivot | Stage::Leg | Stage::Target { .. } | Stage::Counter { .. }
        ) || matches!(self.stage, Stage::Hits { .. } | Stage::Armour { .. });
        for i in 0..MAX_SHIPS {
            let mut row = [0f32; NE];
            if i < self.num_ships as usize {
                let s = &self.ships[i];
                let own = s.side == me;
                row[0] = 1.0;
                row[1] = own as u8 as f32;
                row[2] = !own as u8 as f32;
                row[3] = s.afloat() as u8 as f32;
                row[4] = (s.status == SUNK) as u8 as f32;
                row[5] = (s.status == STRUCK) as u8 as f32;
                row[5 + s.class.clamp(1, 4) as usize] = 1.0;
                let (x, y, h) = if flip {
                    (
                        self.width - s.rect.centre.x,
                        self.depth - s.rect.centre.y,
                        (s.rect.heading + 180) % 360,
                    )
                } else {
                    (s.rect.centre.x, s.rect.centre.y, s.rect.heading)
                };
                row[10] = x as f32 / INCH / 72.0;
                row[11] = y as f32 / INCH / 48.0;
                let (sn, cs) = heading_trig(h);
                row[12] = sn as f32 / TRIG_ONE as f32;
                row[13] = cs as f32 / TRIG_ONE as f32;
                row[14] = s.hull as f32 / 32.0;
                row[15] = s.hull_max as f32 / 32.0;
                row[16] = s.armour as f32 / 6.0;
                row[17] = s.max_knots as f32 / 20.0;
                row[18] = s.guns[0] as f32 / 4.0;
                row[19] = s.guns[1] as f32 / 4.0;
                row[20] = s.guns[2] as f32 / 4.0;
                row[21] = s.torpedoes as f32 / 2.0;
                if own || s.revealed {
                    row[22] = 1.0;
                    row[23 + s.active.min(FULL) as usize] = 1.0;
                }
                if own {
                    row[28 + s.planned.min(FULL) as usize] = 1.0;
                }
                if s.shown == NONE {
                    row[33] = 1.0;
                } else {
                    row[34] = s.shown as f32 / 4.0;
                }
                row[35] = s.placed as u8 as f32;
                row[36] = s.lock_planned as u8 as f32;
                row[37] = s.activated as u8 as f32;
                row[38] = s.fired as u8 as f32;
                row[39] = s.anchored as u8 as f32;
                row[40] = s.fires as f32 / 4.0;
                row[41] = s.floods as f32 / 4.0;
                row[42] = s.floods_held as f32 / 4.0;
                row[43] = s.bridge as u8 as f32;
                row[44] = (s.rudder == RUDDER_LEFT) as u8 as f32;
                row[45] = (s.rudder == RUDDER_RIGHT) as u8 as f32;
                row[46] = (s.rudder == RUDDER_JAMMED) as u8 as f32;
                row[47] = (s.engine == 1) as u8 as f32;
                row[48] = (s.engine == 2) as u8 as f32;
                row[49] = s.listing as u8 as f32;
                row[50] = s.has(RAM) as u8 as f32;
                row[51] = s.has(WOODEN) as u8 as f32;
                row[52] = s.has(HIGH_MANOEUVRABILITY) as u8 as f32;
                row[53] = s.flagship as u8 as f32;
                if acting {
                    let a = &self.ships[self.mv.ship as usize];
                    row[54] = (self.mv.ship as usize == i) as u8 as f32;
                    row[55] = rect_distance(&a.rect, &s.rect) as f32 / INCH / 24.0;
                }
                row[56] = s.fort as u8 as f32;
                row[57] = s.boarding_specialist as u8 as f32;
                row[58] = s.gunnery_specialist as u8 as f32;
                row[59] = s.captain_used as u8 as f32;
                row[60] = (s.status == EXITED) as u8 as f32;
            }
            for (k, v) in row.iter().enumerate() {
                out.entities[[i, k]] = *v;
            }
        }
        let mut g = [0f32; NG];
        g[0] = self.turn as f32 / 12.0;
        g[1] = self.last_turn.saturating_sub(self.turn) as f32 / 12.0;
        g[2 + self.wind.min(STORM) as usize] = 1.0;
        let wd = (self.wind_dir as u16 * 45 + if flip { 180 } else { 0 }) % 360;
        let (sn, cs) = heading_trig(wd);
        g[9] = sn as f32 / TRIG_ONE as f32;
        g[10] = cs as f32 / TRIG_ONE as f32;
        g[11] = (self.player_a == me) as u8 as f32;
        g[12] = (self.init_winner == me) as u8 as f32;
        let k = match self.stage {
            Stage::Initiative
            | Stage::ChooseA
            | Stage::WindDir
            | Stage::WindDev
            | Stage::Strength
            | Stage::StormMine { .. } => 13,
            Stage::Place { .. } => 14,
            Stage::Select => 15,
            Stage::Pivot
            | Stage::Leg
            | Stage::Obstacle
            | Stage::Mine { .. }
            | Stage::RamTest
            | Stage::RamEffect
            | Stage::RamStern
            | Stage::Board
            | Stage::BoardAttack
            | Stage::BoardDefend
            | Stage::BoardReroll { .. } => 16,
            Stage::Target { .. }
            | Stage::FortGun { .. }
            | Stage::FortMagazine { .. }
            | Stage::GunReroll { .. } => 17,
            Stage::Counter { .. } => 18,
            Stage::FireTest { .. }
            | Stage::FireEffect { .. }
            | Stage::FloodTest { .. }
            | Stage::FloodEffect { .. }
            | Stage::Engine { .. }
            | Stage::List { .. }
            | Stage::Surrender { .. }
            | Stage::SurrenderFail { .. }
            | Stage::Contact => 19,
            _ => 20,
        };
        g[k] = 1.0;
        if let Stage::Target { battery } = self.stage {
            g[21 + battery.min(3) as usize] = 1.0;
        }
        g[25] = self.mv.left.max(0) as f32 / INCH / 10.0;
        let l = self.losses();
        g[26] = l[me as usize] as f32 / 32.0;
        g[27] = l[1 - me as usize] as f32 / 32.0;
        g[28] = self.era as f32 / 5.0;
        g[29] = self.mines[..self.num_mines as usize]
            .iter()
            .filter(|m| m.present)
            .count() as f32
            / 8.0;
        for (k, v) in g.iter().enumerate() {
            out.global[k] = *v;
        }
        let _ = rules();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_sizes() {
        assert_eq!(ENTITY_FEATURES.len(), NE);
        assert_eq!(GLOBAL_FEATURES.len(), NG);
    }
}
