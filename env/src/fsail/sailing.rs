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
use crate::plane::{
    beyond_segment, on_table, polys_overlap, rects_overlap, sweep_pivot, sweep_run, swept_path,
    swept_reach, Point, Poly, Rect, SWEEP_STEP_DEG,
};

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

    /// The legal sailing actions of `ship` with `points` sailing points. Every full-length
    /// move whose turn is a whole number of sweep steps goes through one [`FullMoves`]:
    /// they share the straight run and, per direction, the first pieces of their pivots.
    pub(crate) fn sail_options(&self, ship: usize, points: u8, out: &mut ActionSet) {
        let mut full = None;
        self.sail_options_by(ship, points, out, |g, near, m| {
            let full = full.get_or_insert_with(|| FullMoves::new(g, ship, near));
            if m.dist == full.dist && m.turn % SWEEP_STEP_DEG == 0 {
                full.clear(g, m.turn)
            } else {
                g.move_clear(ship, m.dist, m.turn, near)
            }
        });
    }

    /// The sailing actions of `ship` that `points` pay for and `clear` passes (given the
    /// game, the obstacles near the ship and the move), with ending the sailing.
    fn sail_options_by(
        &self,
        ship: usize,
        points: u8,
        out: &mut ActionSet,
        mut clear: impl FnMut(&Self, &[u8], SailMove) -> bool,
    ) {
        out.insert(SAIL_END);
        let mut near = [0u8; MAX_SHIPS + MAX_TERRAIN];
        let n = self.obstacles_near(ship, rules().move_mils as i64, &mut near);
        for a in MANOEUVRE_QUARTER..SAIL_END {
            if let Some(m) = self.sail_move(ship, a) {
                if m.cost <= points && clear(self, &near[..n], m) {
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

/// Most pivot pieces a turn of one direction sweeps (90 degrees in steps of 15).
const MAX_PIVOTS: usize = (90 / SWEEP_STEP_DEG) as usize;

/// The clearance of one ship's full-length moves, worked out once for all their turns: the
/// mainmast ends at the same point whatever the turn (the pivot is about it), so the
/// obstacles near the path, the straight run's piece and each direction's pivot pieces are
/// the same for every turn (see [`sweep_pivot`]); each is tested against the obstacles at
/// most once, when a move first needs it. Exactly [`FsailGame::move_clear`] move by move.
struct FullMoves {
    /// The ship's base where it starts.
    start: Rect,
    /// The full move's length (mils).
    dist: i32,
    /// The base moved ahead, before it turns.
    moved: Rect,
    /// The obstacles the path's capsule may touch, with their corners.
    close: [(Rect, [Point; 4]); MAX_SHIPS + MAX_TERRAIN],
    closes: usize,
    /// Whether the run touches none of them (`None`: not tested yet).
    run_clear: Option<bool>,
    /// By direction (port, starboard) and step: whether that pivot piece is clear.
    pivot_clear: [[Option<bool>; MAX_PIVOTS]; 2],
}

impl FullMoves {
    fn new(g: &FsailGame, ship: usize, near: &[u8]) -> Self {
        let start = g.ships[ship].base;
        let dist = rules().move_mils;
        let moved = start.advanced(dist);
        let reach = swept_reach(&start);
        let mut close = [(Rect::default(), [Point::default(); 4]); MAX_SHIPS + MAX_TERRAIN];
        let mut closes = 0;
        for &t in near {
            let o = g.obstacle(t);
            if !beyond_segment(start.centre, moved.centre, o.centre, reach + o.radius()) {
                close[closes] = (*o, o.corners());
                closes += 1;
            }
        }
        Self {
            start,
            dist,
            moved,
            close,
            closes,
            run_clear: None,
            pivot_clear: [[None; MAX_PIVOTS]; 2],
        }
    }

    /// Whether no close obstacle shares area with `piece`.
    fn piece_clear(close: &[(Rect, [Point; 4])], piece: &Poly) -> bool {
        close.iter().all(|(_, c)| !polys_overlap(piece.points(), c))
    }

    /// Whether the full move turning `turn` degrees (a whole number of sweep steps, at most
    /// 90 either way) is legal as far as the table and the obstacles go.
    fn clear(&mut self, g: &FsailGame, turn: i32) -> bool {
        let end = self.moved.turned(turn);
        if !on_table(&end, g.table[0], g.table[1]) {
            return false;
        }
        let close = &self.close[..self.closes];
        if close.is_empty() {
            return true;
        }
        if close.iter().any(|(o, _)| rects_overlap(&end, o)) {
            return false;
        }
        let start = self.start;
        let dist = self.dist;
        if !*self
            .run_clear
            .get_or_insert_with(|| Self::piece_clear(close, &sweep_run(&start, dist)))
        {
            return false;
        }
        let dir = usize::from(turn > 0);
        let sign = if turn > 0 { 1 } else { -1 };
        let h = self.moved.heading as i32;
        // A swept path turns at most 90 degrees (`swept_path` clamps the turn).
        for k in 0..((turn.abs() / SWEEP_STEP_DEG) as usize).min(MAX_PIVOTS) {
            let moved = &self.moved;
            let ok = *self.pivot_clear[dir][k].get_or_insert_with(|| {
                let step = sign * SWEEP_STEP_DEG;
                let piece = sweep_pivot(moved, h + step * k as i32, h + step * (k as i32 + 1));
                Self::piece_clear(close, &piece)
            });
            if !ok {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fsail::{builtin_scenario, FsailOptions};
    use proptest::prelude::*;

    /// A scenario's ships (and terrain) crowded into a 12" square round `(cx, cy)` inches,
    /// at headings in steps of 15 degrees or any degree: overlapping bases included, since
    /// the sailing options are a function of any state.
    fn crowded(scenario: &str, place: &[(i32, i32, u16)], cx: i32, cy: i32) -> FsailGame {
        let mut g = FsailGame::new(
            &builtin_scenario(scenario).expect("built-in"),
            FsailOptions::default(),
        );
        let n = g.ships().len();
        for (s, &(dx, dy, h)) in g.ships[..n].iter_mut().zip(place) {
            s.base.centre = Point::new(cx * 1000 + dx, cy * 1000 + dy);
            s.base.heading = h % 360;
        }
        g
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// The shared sweep is an optimisation only: every ship's options, for every
        /// number of points, are those of testing each move on its own.
        #[test]
        fn shared_sweep_gives_the_options_of_moves_tested_one_by_one(
            scenario in prop::sample::select(vec!["fleet-action", "three-vs-three", "frigate-duel"]),
            place in prop::collection::vec((-6000i32..6000, -6000i32..6000, 0u16..360), 14),
            (cx, cy) in (4i32..44, 4i32..32),
            coarse in any::<bool>(),
        ) {
            let place: Vec<_> = place
                .into_iter()
                .map(|(x, y, h)| (x, y, if coarse { h / 15 * 15 } else { h }))
                .collect();
            let g = crowded(scenario, &place, cx, cy);
            for ship in 0..g.ships().len() {
                for points in 1..=3 {
                    let (mut fast, mut slow) = (ActionSet::default(), ActionSet::default());
                    g.sail_options(ship, points, &mut fast);
                    // The reference: every move tested on its own by move_clear.
                    g.sail_options_by(ship, points, &mut slow, |g, near, m| {
                        g.move_clear(ship, m.dist, m.turn, near)
                    });
                    prop_assert_eq!(
                        fast.iter().collect::<Vec<_>>(),
                        slow.iter().collect::<Vec<_>>(),
                        "ship {} points {}", ship, points
                    );
                }
            }
        }
    }
}
