//! The observation tensors of Fighting Sail, from the deciding side's view.
//!
//! Frame: side 0 sees the table as it is; side 1 sees it turned half round (`x -> W - x`,
//! `y -> D - y`, headings and the wind + 180 degrees), so each side sees its own start
//! the same way round. Entity rows 0..8 are the observer's ships by slot, rows 8..16 the
//! enemy's. Nothing is hidden in this game. There are no spatial planes (0 channels): the
//! table is continuous, and positions are entity features.

use crate::game::Player;
use crate::observation::{ObsSpec, Observation};
use crate::plane::{cos_deg, sin_deg, TRIG_ONE};

use super::data::{MAX_PER_SIDE, MAX_SHIPS};
use super::state::{FsailGame, Phase, Weather};

/// Entity features, one row per ship slot.
pub static ENTITY_FEATURES: &[&str] = &[
    "present",
    "own",
    "enemy",
    "acting",
    "flagship",
    "x",
    "y",
    "heading_sin",
    "heading_cos",
    "attitude_in_irons",
    "attitude_close_hauled",
    "attitude_reaching",
    "attitude_running",
    "sailing",
    "gunnery_now",
    "hull",
    "boarding_now",
    "discipline",
    "length",
    "beam",
    "damage_tokens",
    "anchor",
    "cannon",
    "sailed",
    "rel_along",
    "rel_across",
    "can_fire",
    "targetable",
    "boardable",
];

/// Global features.
pub static GLOBAL_FEATURES: &[&str] = &[
    "side_0",
    "side_1",
    "wind_from_N",
    "wind_from_NE",
    "wind_from_E",
    "wind_from_SE",
    "wind_from_S",
    "wind_from_SW",
    "wind_from_W",
    "wind_from_NW",
    "weather_fair",
    "weather_becalmed",
    "weather_gale",
    "weather_deck",
    "turn_fraction",
    "phase_sail_select",
    "phase_sail_spend",
    "phase_cannon",
    "first_player",
    "sailing_points",
    "own_morale_fraction",
    "enemy_morale_fraction",
    "own_morale",
    "enemy_morale",
    "resign_available",
];

/// The observation layout of Fighting Sail.
pub const FSAIL_OBS: ObsSpec = ObsSpec {
    max_entities: MAX_SHIPS,
    entity_features: ENTITY_FEATURES,
    global_features: GLOBAL_FEATURES,
    plane_channels: &[],
    plane_rows: 0,
    plane_cols: 0,
};

const INCH: f32 = 1000.0;

impl FsailGame {
    /// Writes `player`'s observation (every entry).
    pub(crate) fn write_observation(&self, player: Player, out: &mut Observation) {
        out.entities.fill(0.0);
        out.global.fill(0.0);
        let me = player & 1;
        let turn_half = if me == 1 { 180 } else { 0 };
        let [w, d] = self.table;
        let frame = |x: i32, y: i32| -> (f32, f32) {
            if me == 1 {
                ((w - x) as f32 / w as f32, (d - y) as f32 / d as f32)
            } else {
                (x as f32 / w as f32, y as f32 / d as f32)
            }
        };
        let acting = match self.phase {
            Phase::SailSpend { ship, .. } => Some(ship as usize),
            _ => None,
        };
        let cannon_phase = matches!(self.phase, Phase::Cannon { .. });
        for (i, s) in self.ships().iter().enumerate() {
            if !s.active() {
                continue;
            }
            let own = s.side == me;
            let row = s.slot as usize + if own { 0 } else { MAX_PER_SIDE };
            let mut e = out.entities.row_mut(row);
            let (x, y) = frame(s.base.centre.x, s.base.centre.y);
            let h = s.base.heading as i32 + turn_half;
            let att = self.attitude(i);
            let mut v = [0f32; 29];
            v[0] = 1.0;
            v[1] = own as u8 as f32;
            v[2] = (!own) as u8 as f32;
            v[3] = (acting == Some(i)) as u8 as f32;
            v[4] = s.flagship as u8 as f32;
            v[5] = x;
            v[6] = y;
            v[7] = sin_deg(h) as f32 / TRIG_ONE as f32;
            v[8] = cos_deg(h) as f32 / TRIG_ONE as f32;
            v[9 + att as usize] = 1.0;
            v[13] = s.sailing as f32 / 12.0;
            v[14] = s.gunnery_now() as f32 / 12.0;
            v[15] = s.hull as f32 / 12.0;
            v[16] = s.boarding_now() as f32 / 12.0;
            v[17] = s.discipline as f32 / 12.0;
            v[18] = s.base.length as f32 / INCH / 6.0;
            v[19] = s.base.beam as f32 / INCH / 2.0;
            v[20] = s.tokens as f32 / 4.0;
            v[21] = s.anchor as u8 as f32;
            v[22] = s.cannon as u8 as f32;
            v[23] = s.sailed as u8 as f32;
            if let Some(a) = acting {
                let (along, across) = self.ships[a].base.local(s.base.centre);
                let scale = TRIG_ONE as f32 * INCH * 18.0;
                v[24] = along as f32 / scale;
                v[25] = across as f32 / scale;
            }
            if cannon_phase {
                let others = self
                    .ships()
                    .iter()
                    .enumerate()
                    .filter(|(_, o)| o.side != s.side);
                for (j, _) in others {
                    if own {
                        v[26] = v[26].max(self.valid_target(i, j) as u8 as f32);
                    } else {
                        v[27] = v[27].max(self.valid_target(j, i) as u8 as f32);
                        v[28] = v[28].max(self.can_board(j, i) as u8 as f32);
                    }
                }
            }
            for (slot, x) in e.iter_mut().zip(v) {
                *slot = x;
            }
        }
        let g = &mut out.global;
        g[me as usize] = 1.0;
        let wind = (self.wind_from as usize + if me == 1 { 4 } else { 0 }) % 8;
        g[2 + wind] = 1.0;
        g[10 + match self.weather {
            Weather::Fair => 0,
            Weather::Becalmed => 1,
            Weather::Gale => 2,
        }] = 1.0;
        g[13] = self.weather_deck as u8 as f32;
        g[14] = self.turn as f32 / self.turn_limit as f32;
        match self.phase {
            Phase::SailSelect { .. } => g[15] = 1.0,
            Phase::SailSpend { points, .. } => {
                g[16] = 1.0;
                g[19] = points as f32 / 6.0;
            }
            Phase::Cannon { .. } => g[17] = 1.0,
            _ => {}
        }
        g[18] = (self.first == me) as u8 as f32;
        let (mo, en) = (me as usize, 1 - me as usize);
        g[20] = self.morale[mo] as f32 / self.start_morale[mo].max(1) as f32;
        g[21] = self.morale[en] as f32 / self.start_morale[en].max(1) as f32;
        g[22] = self.morale[mo] as f32 / 50.0;
        g[23] = self.morale[en] as f32 / 50.0;
        g[24] = (self.options.resignation && matches!(self.phase, Phase::SailSelect { .. })) as u8
            as f32;
    }
}
