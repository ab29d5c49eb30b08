//! The sailing phase: picking a ship, its sailing dice, and spending sailing points on
//! manoeuvres, tacks and wears.
//!
//! Seed, "Sailing summary": "Roll a number of dice equal to the ship's Sailing stat. The
//! target number depends on the ship's attitude towards the wind. Each success rolled = 1
//! sailing point. If no successes are rolled, the ship gets one free sailing point unless it
//! was In Irons or had an Anchor token." "Spending sailing points": manoeuvre (1 point, up
//! to 2", up to 30 degrees if it moves the full 2"), tack (2 points, 2", up to 90 degrees
//! towards the wind), wear (1 point, 2", up to 90 degrees away from the wind); running
//! ships cannot tack or wear.
//!
//! A move goes straight ahead, then the ship pivots about its mainmast. It is legal only if
//! the ship ends wholly on the table and its swept path (`plane::swept_path`) touches no
//! other ship in play and no terrain.

use crate::action_set::ActionSet;
use crate::game::Action;
use crate::plane::{beyond_segment, on_table, rects_overlap, swept_path, swept_reach, Rect};

use super::catalogue::*;
use super::data::{rules, MAX_SHIPS, MAX_TERRAIN};
use super::state::{faces_at_least, Attitude, FsailGame, Pending, Phase, Weather};

/// What one sailing action does: distance (mils), turn (degrees clockwise) and cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SailMove {
    pub dist: i32,
    pub turn: i32,
    pub cost: u8,
    /// A tack (a turn towards the wind).
    pub tack: bool,
}

/// Obstacles near a moving ship: ship indices, and terrain as `TERRAIN_TAG + t`.
const TERRAIN_TAG: u8 = 64;

impl FsailGame {
    /// Whether turning in direction `dir` (+1 starboard, -1 port) turns the bow towards the
    /// wind (a tack). With the wind dead ahead both directions turn away; dead astern the
    /// ship is running and cannot tack or wear at all.
    pub fn turn_is_tack(&self, heading: u16, dir: i32) -> bool {
        let rel = (self.wind_deg() as i32 - heading as i32).rem_euclid(360);
        if dir > 0 {
            rel > 0 && rel < 180
        } else {
            rel > 180
        }
    }

    /// The move of a sailing action for `ship` by the rules (ignoring other ships and the
    /// table), or `None` if the rules forbid it.
    pub fn sail_move(&self, ship: usize, action: Action) -> Option<SailMove> {
        let r = rules();
        let full = r.move_mils;
        match action {
            a if (MANOEUVRE_QUARTER..MANOEUVRE_FULL).contains(&a) => {
                let q = (a - MANOEUVRE_QUARTER + 1) as i32;
                Some(SailMove {
                    dist: full * q / 4,
                    turn: 0,
                    cost: 1,
                    tack: false,
                })
            }
            a if (MANOEUVRE_FULL..TURN_PORT).contains(&a) => {
                let turn = MANOEUVRE_TURNS[(a - MANOEUVRE_FULL) as usize];
                (turn.unsigned_abs() as u16 <= r.manoeuvre_turn).then_some(SailMove {
                    dist: full,
                    turn,
                    cost: 1,
                    tack: false,
                })
            }
            a if (TURN_PORT..SAIL_END).contains(&a) => {
                let (dir, t) = if a < TURN_STBD {
                    (-1, a - TURN_PORT)
                } else {
                    (1, a - TURN_STBD)
                };
                let deg = 15 * (t as i32 + 1);
                if deg as u16 > r.tack_wear_turn || self.attitude(ship) == Attitude::Running {
                    return None;
                }
                let tack = self.turn_is_tack(self.ships[ship].base.heading, dir);
                Some(SailMove {
                    dist: full,
                    turn: dir * deg,
                    cost: if tack { r.tack_cost } else { r.wear_cost },
                    tack,
                })
            }
            _ => None,
        }
    }

    /// Other ships in play and terrain that a move of `ship` of up to `reach` mils could touch.
    fn obstacles_near(
        &self,
        ship: usize,
        reach: i64,
        out: &mut [u8; MAX_SHIPS + MAX_TERRAIN],
    ) -> usize {
        let me = &self.ships[ship].base;
        let mut n = 0;
        let mut consider = |r: &Rect, tag: u8, n: &mut usize| {
            let lim = me.radius() * 1010 / 1000 + reach + r.radius() + 4;
            if me.centre.dist2(r.centre) <= lim * lim {
                out[*n] = tag;
                *n += 1;
            }
        };
        for (j, s) in self.ships().iter().enumerate() {
            if j != ship && s.active() {
                consider(&s.base, j as u8, &mut n);
            }
        }
        for (t, r) in self.terrain().iter().enumerate() {
            consider(r, TERRAIN_TAG + t as u8, &mut n);
        }
        n
    }

    fn obstacle(&self, tag: u8) -> &Rect {
        if tag >= TERRAIN_TAG {
            &self.terrain[(tag - TERRAIN_TAG) as usize]
        } else {
            &self.ships[tag as usize].base
        }
    }

    /// Whether `ship` may move `dist` ahead and turn `turn`: ends on the table, and its
    /// swept path touches none of `near`.
    fn move_clear(&self, ship: usize, dist: i32, turn: i32, near: &[u8]) -> bool {
        let start = &self.ships[ship].base;
        let end = start.advanced(dist).turned(turn);
        if !on_table(&end, self.table[0], self.table[1]) {
            return false;
        }
        // The narrow phase only for what the path's capsule (the mainmast's segment,
        // widened by `swept_reach`) may touch: astern of the move, most neighbours fall out.
        let reach = swept_reach(start);
        let close =
            |o: &Rect| !beyond_segment(start.centre, end.centre, o.centre, reach + o.radius());
        let mut near = near
            .iter()
            .map(|&t| self.obstacle(t))
            .filter(|o| close(o))
            .peekable();
        if near.peek().is_none() {
            return true;
        }
        let path = swept_path(start, dist, turn);
        near.all(|o| !rects_overlap(&end, o) && !path.hits(o))
    }

    /// The legal sailing actions of `ship` with `points` sailing points.
    pub(crate) fn sail_options(&self, ship: usize, points: u8, out: &mut ActionSet) {
        out.insert(SAIL_END);
        let mut near = [0u8; MAX_SHIPS + MAX_TERRAIN];
        let n = self.obstacles_near(ship, rules().move_mils as i64, &mut near);
        for a in MANOEUVRE_QUARTER..SAIL_END {
            if let Some(m) = self.sail_move(ship, a) {
                if m.cost <= points && self.move_clear(ship, m.dist, m.turn, &near[..n]) {
                    out.insert(a);
                }
            }
        }
    }

    /// The legal picks of `player`'s next ship to sail.
    pub(crate) fn select_options(&self, player: u8, out: &mut ActionSet) {
        for k in 0..super::data::MAX_PER_SIDE {
            if let Some(i) = self.slot_ship(player, k) {
                let s = &self.ships[i];
                if s.active() && !s.sailed {
                    out.insert(SHIP_0 + k as Action);
                }
            }
        }
    }

    /// `player` picks ship `ship` to sail: its Anchor token is spent, and it rolls its
    /// sailing dice (a chance node) unless it rolls none.
    pub(crate) fn start_sailing(&mut self, player: u8, ship: usize) {
        let r = rules();
        let att = self.attitude(ship);
        let s = &mut self.ships[ship];
        s.sailed = true;
        let anchored = s.anchor;
        s.anchor = false;
        let mut dice = s.sailing;
        if anchored {
            dice = dice.saturating_sub(r.anchor_dice_penalty);
        }
        if self.weather == Weather::Becalmed {
            dice = 0;
        }
        let mut target = r.sail_target[att as usize];
        if self.weather == Weather::Gale {
            target = target.saturating_sub(r.gale_sailing_bonus).max(2);
        }
        let free = !anchored && att != Attitude::InIrons;
        self.phase = Phase::SailSpend {
            player,
            ship: ship as u8,
            points: 0,
        };
        if dice > 0 {
            self.pending = Pending::SailingDice {
                ship: ship as u8,
                dice,
                target,
                free,
            };
        } else {
            self.set_points(free as u8);
        }
    }

    /// Sets the acting ship's sailing points.
    pub(crate) fn set_points(&mut self, points: u8) {
        if let Phase::SailSpend { player, ship, .. } = self.phase {
            self.phase = Phase::SailSpend {
                player,
                ship,
                points,
            };
        }
    }

    /// The sailing dice came up with `successes`.
    pub(crate) fn sailing_roll(&mut self, successes: u8, free: bool) {
        let points = if successes == 0 && free { 1 } else { successes };
        self.set_points(points);
    }

    /// Applies a sailing action of the acting ship.
    pub(crate) fn apply_sail(&mut self, action: Action) {
        let Phase::SailSpend {
            player,
            ship,
            points,
        } = self.phase
        else {
            return;
        };
        if action == SAIL_END {
            self.phase = Phase::SailSelect { player };
            return;
        }
        let Some(m) = self.sail_move(ship as usize, action) else {
            return;
        };
        let b = &mut self.ships[ship as usize].base;
        *b = b.advanced(m.dist).turned(m.turn);
        let left = points.saturating_sub(m.cost);
        self.phase = if left == 0 {
            Phase::SailSelect { player }
        } else {
            Phase::SailSpend {
                player,
                ship,
                points: left,
            }
        };
    }

    /// Successes needed per die for the pending sailing roll: faces out of six.
    pub(crate) fn sailing_faces(target: u8) -> u32 {
        faces_at_least(target)
    }
}
