//! A heuristic value of an Oak & Iron position for depth-limited search: the strike-point
//! lead (what decides withdrawal and the last turn) plus the ships' remaining condition
//! (damage and fatigue tracks), plus where the ships stand, squashed into `[-1, 1]`.
//!
//! Where the ships stand (the `position` terms) is what a search of a few hundred
//! playouts cannot see by itself, because its tree rarely reaches the next turn's
//! moves: an attacker not ahead must close (a tie loses it the game), a ship whose next
//! moves must leave the table is as good as 2 strike points
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
/// Strike points an inch between an attacker's ship and the nearest enemy costs while
/// the attacker is not ahead (a tie loses it the game), counted to 24 inches.
const PURSUIT: f64 = 0.04;

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
        if g.scroll == 0 && !on_table(&s.base, g.table[0], g.table[1]) {
            // Partly off after a move not yet ended: it leaves at `move:end` (with the
            // scrolling sea the sea scrolls instead).
            v -= 2.0;
        } else if let Some(&cost) = ROOM_COST.get(sea_room(g, i, 3) as usize) {
            v -= cost;
        }
        v += DAMAGE_TO_COME * damage_to_come(g, i);
        if s.side != g.defender && g.strike_points(1 - s.side) <= g.strike_points(s.side) {
            let nearest = g
                .ships()
                .iter()
                .enumerate()
                .filter(|(_, t)| t.side != s.side && t.can_act())
                .map(|(j, _)| g.distance(i, j))
                .min();
            if let Some(d) = nearest {
                v -= PURSUIT * (d as f64 / 1000.0).min(24.0);
            }
        }
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
            let fortitude = if stern {
                1.0
            } else {
                t.fortitude.max(1) as f64
            };
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oak::test_duel as duel;
    use broadside_env::plane::Point;

    /// A ship whose next move must leave the table counts against its side.
    #[test]
    fn no_sea_room_costs_the_side() {
        let g = duel();
        let mut h = g;
        h.ships[0].base.centre = Point {
            x: 18_000,
            y: 34_000,
        };
        h.ships[0].base.heading = 0;
        let v = OakValue::default();
        assert!(
            v.lead(&h) < v.lead(&g) - 1.0,
            "{} {}",
            v.lead(&h),
            v.lead(&g)
        );
        assert_eq!(
            OakValue::strike_points().lead(&h),
            OakValue::strike_points().lead(&g),
            "strike points alone do not see it"
        );
    }

    /// A loaded broadside bearing on the enemy at pistol shot is worth more than at
    /// cannon shot, and nothing once the side is marked for reload.
    #[test]
    fn a_broadside_bearing_is_damage_to_come() {
        let mut g = duel();
        // Side 0 at the centre heading north; the enemy abeam to starboard (east).
        g.ships[0].base.centre = Point {
            x: 18_000,
            y: 18_000,
        };
        g.ships[0].base.heading = 0;
        g.ships[1].base.centre = Point {
            x: 21_000,
            y: 18_000,
        };
        g.ships[1].base.heading = 0;
        let close = damage_to_come(&g, 0);
        g.ships[1].base.centre.x = 28_000;
        let far = damage_to_come(&g, 0);
        assert!(close > far && far > 0.0, "{close} {far}");
        g.ships[0].reload = [true, true];
        assert_eq!(damage_to_come(&g, 0), 0.0);
    }

    /// Glossary (end of turn 10): the tie goes to the defender, an edge that grows as the
    /// turns run out.
    #[test]
    fn the_defender_edge_grows() {
        let mut g = duel();
        assert_eq!(g.defender, 1);
        g.turn = 1;
        let early = position_lead(&g);
        g.turn = 10;
        let late = position_lead(&g);
        assert!(late < early, "side 1 defends: {late} {early}");
    }
}

#[cfg(test)]
mod pursuit_tests {
    use super::*;
    use broadside_env::oak::{builtin_scenario, OakOptions};
    use broadside_env::plane::Point;

    /// The attacker (side 0 in the duel), level on strike points, is better off nearer
    /// the enemy; once ahead, distance no longer matters to it.
    #[test]
    fn the_attacker_not_ahead_wants_to_close() {
        let mut g = OakGame::new(
            &builtin_scenario("duel").unwrap(),
            OakOptions { resignation: false },
        );
        g.ships[0].base.centre = Point {
            x: 10_000,
            y: 18_000,
        };
        g.ships[0].base.heading = 0;
        g.ships[1].base.centre = Point {
            x: 26_000,
            y: 18_000,
        };
        g.ships[1].base.heading = 0;
        let far = position_lead(&g);
        g.ships[0].base.centre.x = 16_000;
        let near = position_lead(&g);
        assert!(near > far, "{near} {far}");
        g.ships[1].damage = 7;
        let ahead_near = position_lead(&g);
        g.ships[0].base.centre.x = 10_000;
        assert_eq!(position_lead(&g), ahead_near);
    }
}
