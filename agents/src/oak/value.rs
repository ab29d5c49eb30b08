//! A heuristic value of an Oak & Iron position for depth-limited search: the strike-point
//! lead (what decides withdrawal and the last turn) plus the ships' remaining condition
//! (damage and fatigue tracks), plus where the ships stand, squashed into `[-1, 1]`.
//!
//! Where the ships stand (the `position` terms) is what a search of a few hundred
//! playouts cannot see by itself, because its tree rarely reaches the next turn's
//! moves: a ship whose next moves must leave the table is as good as 2 strike points
//! lost (see [`super::searoom`]), a loaded broadside bearing on an enemy within range is
//! damage to come (more at closer range, twice through the stern), and after the last
//! turn a tie goes to the defender, so the defender's edge grows as the turns run out.
//! Without them the default admiral scored 35% against random in the duel, sailing off
//! the table and never closing (docs/experiments/2026-11-26-oak-admiral.md).

use broadside_env::oak::data::rules;
use broadside_env::oak::dice::face_count;
use broadside_env::oak::geometry::{band, in_broadside_path, rake};
use broadside_env::oak::OakGame;
use broadside_env::plane::on_table;
use broadside_env::{Game, NUM_PLAYERS};

use super::searoom::sea_room;
use crate::mcts::Heuristic;

/// `tanh(scale * (strike-point lead + condition * condition lead + position * position
/// lead))`, side 0's view.
#[derive(Debug, Clone, Copy)]
pub struct OakValue {
    pub scale: f64,
    /// Weight of the condition lead (1.0: a fresh ship against a wrecked one is worth
    /// about a strike point).
    pub condition: f64,
    /// Weight of the position lead (sea room, guns bearing, the defender's tie).
    pub position: f64,
}

impl Default for OakValue {
    fn default() -> Self {
        Self {
            scale: 0.4,
            condition: 1.0,
            position: 1.0,
        }
    }
}

/// Strike points a ship with no room for its next move (0), the one after (1) or the
/// third (2) is as good as having lost (leaving the table costs 2).
const ROOM_COST: [f64; 3] = [1.6, 0.6, 0.2];
/// Strike points the defender's tie is worth at the end of the last turn.
const DEFENDER_TIE: f64 = 0.5;
/// Strike points an expected point of damage from a broadside bearing is worth.
const DAMAGE_TO_COME: f64 = 0.15;

impl OakValue {
    /// Strike points alone.
    pub fn strike_points() -> Self {
        Self {
            condition: 0.0,
            position: 0.0,
            ..Self::default()
        }
    }

    /// Side 0's lead: strike points against it counted for side 0.
    pub fn lead(&self, g: &OakGame) -> f64 {
        let sp = g.strike_points(1) as f64 - g.strike_points(0) as f64;
        let mut cond = 0.0;
        for s in g.ships() {
            if !s.can_act() {
                continue;
            }
            let health = 1.0
                - 0.5 * s.damage as f64 / s.crippled_limit().max(1) as f64
                - 0.5 * s.fatigue as f64 / s.shaken_limit().max(1) as f64;
            cond += if s.side == 0 { health } else { -health };
        }
        let position = if self.position == 0.0 {
            0.0
        } else {
            position_lead(g)
        };
        sp + self.condition * cond + self.position * position
    }
}

/// Side 0's lead in where the ships stand, in strike points.
pub fn position_lead(g: &OakGame) -> f64 {
    let mut lead = 0.0;
    for (i, s) in g.ships().iter().enumerate() {
        if !s.can_act() {
            continue;
        }
        let mut v = 0.0;
        if !on_table(&s.base, g.table[0], g.table[1]) {
            // Partly off after a move not yet ended: it leaves at `move:end`.
            v -= 2.0;
        } else if let Some(&cost) = ROOM_COST.get(sea_room(g, i, 3) as usize) {
            v -= cost;
        }
        v += DAMAGE_TO_COME * damage_to_come(g, i);
        lead += if s.side == 0 { v } else { -v };
    }
    let turns = g.turns.max(1) as f64;
    let edge = DEFENDER_TIE * (g.turn as f64 / turns).min(1.0);
    lead + if g.defender == 0 { edge } else { -edge }
}

/// Expected damage of ship `i`'s loaded broadsides that bear on an enemy within cannon
/// shot now: dice times the hit faces at the range band over the target's fortitude
/// (1 through the stern), the best target for each side.
pub fn damage_to_come(g: &OakGame, i: usize) -> f64 {
    let s = &g.ships[i];
    let dice = s.broadside.saturating_sub(g.dice_fatigue(i)).max(s.crew) as f64;
    let mut total = 0.0;
    for side in 0..2u8 {
        if s.reload[side as usize] {
            continue;
        }
        let mut best: f64 = 0.0;
        for (j, t) in g.ships().iter().enumerate() {
            if t.side == s.side || !t.can_act() {
                continue;
            }
            let Some(b) = g.shot_band(i, j).filter(|&b| b <= band::CANNON) else {
                continue;
            };
            if !in_broadside_path(&s.base, side, &t.base) {
                continue;
            }
            let stern = g.distance(i, j) <= rules().ranges.musket && rake(&s.base, &t.base) == 2;
            let fortitude = if stern { 1.0 } else { t.fortitude.max(1) as f64 };
            let hits = dice * face_count(g.hit_faces(b, false)) as f64 / 8.0;
            best = best.max(hits / fortitude);
        }
        total += best;
    }
    total
}

impl Heuristic<OakGame> for OakValue {
    fn name(&self) -> String {
        format!(
            "oak-value(condition={},position={})",
            self.condition, self.position
        )
    }
    fn value(&self, g: &OakGame) -> [f64; NUM_PLAYERS] {
        if g.is_terminal() {
            return g.returns();
        }
        let v = (self.scale * self.lead(g)).tanh();
        [v, -v]
    }
}
