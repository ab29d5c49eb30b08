//! Heuristic doctrines for Gods of War: Togo. Each plays both sides and every decision of
//! the sheet from what its side may know (positions, damage, revealed orders; never the
//! enemy's face-down markers):
//!
//! - **Initiative**: the winner lets the enemy be player A (acting second sees more).
//! - **Orders**: the allowed level nearest the doctrine's wish for the ship (below).
//! - **Activation**: the own ship nearest the enemy first.
//! - **Move**: every legal leg is scored by where it ends: the distance to the doctrine's
//!   mark against its wished range, the table edge, land (never), and the reach of enemy
//!   ships that would gain by ramming and boarding her there; a leg that rams is scored by
//!   the ram's exact expectation with the boarding after it ([`super::contact`]): rammers
//!   take any ram that gains, the others only a clear gain (a quarter of Hull or more).
//! - **Fire**: each battery at the enemy with the most expected Hull damage (exact hit and
//!   penetration chances, a bonus for a ship it may finish, half as much again for a ship
//!   that has fired and so cannot answer with a counter salvo), counting the surrender
//!   test (fire at a ship past half her Hull only for the chance she survives her tests;
//!   fire that may push one past half for the chance she then strikes); torpedoes likewise.
//! - **Counter salvo**: when the fire back is worth most of what the ship could fire in its
//!   own activation (which a counter uses up).
//! - **Boarding**: always (a boarding lost costs nothing; one won takes the ship).
//!
//! The doctrines differ in the range they wish and the speed:
//! - `line-ahead-gunnery`: close to 8" (close range), full speed beyond 14", half nearer.
//! - `rammers`: each ship hunts at full speed the enemy she gains most by touching (ram
//!   and board: a larger ship against a smaller one); a ship with no such prey (a torpedo
//!   boat among larger enemies) fights as line-ahead gunnery.
//! - `torpedo-attack`: torpedo boats at full speed for the largest enemy ship within
//!   torpedo range; the rest as line-ahead gunnery.
//! - `cautious-long-range`: hold 16" (medium range) at half speed; a ship that has lost half
//!   its Hull turns away at full speed (out of range, to repair and pass its tests).

use broadside_env::game::{Action, Game, Player};
use broadside_env::plane::{point_segment_dist2, rect_distance, rect_distance_at_most, Rect};
use broadside_env::togo::catalogue::*;
use broadside_env::togo::movement::LegKind;
use broadside_env::togo::state::TORPEDO;
use broadside_env::togo::{Stage, TogoGame};

use super::contact::{contact_worth, leg_ram_worth};
use super::salvo::gun_worth;
use crate::Agent;

/// What a doctrine wants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TogoDoctrine {
    pub name: &'static str,
    /// Wished range to the mark, inches (0: contact).
    pub range: i32,
    /// Seeks rams.
    pub rams: bool,
    /// Torpedo boats charge the largest ship.
    pub torpedo_charge: bool,
    /// Damaged ships turn away.
    pub cautious: bool,
    /// How much the fire the ship would receive at a position counts against the fire it
    /// could deal from there (0: ignore it).
    pub wariness: i64,
}

pub const LINE_AHEAD_GUNNERY: TogoDoctrine = TogoDoctrine {
    name: "line-ahead-gunnery",
    range: 8,
    rams: false,
    torpedo_charge: false,
    cautious: false,
    wariness: 1,
};
pub const RAMMERS: TogoDoctrine = TogoDoctrine {
    name: "rammers",
    range: 8,
    rams: true,
    torpedo_charge: false,
    cautious: false,
    wariness: 1,
};
pub const TORPEDO_ATTACK: TogoDoctrine = TogoDoctrine {
    name: "torpedo-attack",
    range: 8,
    rams: false,
    torpedo_charge: true,
    cautious: false,
    wariness: 1,
};
pub const CAUTIOUS_LONG_RANGE: TogoDoctrine = TogoDoctrine {
    name: "cautious-long-range",
    range: 16,
    rams: false,
    torpedo_charge: false,
    cautious: true,
    wariness: 3,
};

/// Every doctrine, in listing order.
pub const TOGO_DOCTRINES: [TogoDoctrine; 4] = [
    LINE_AHEAD_GUNNERY,
    RAMMERS,
    TORPEDO_ATTACK,
    CAUTIOUS_LONG_RANGE,
];

const INCH: i32 = 1000;
/// A mine hit test risks about a quarter of a small ship's Hull (D3 effects): worth more
/// than any gain in position a leg can make.
const MINE_TOUCH_COST: i64 = 8 * INCH as i64;
/// A marker on the straight course to the mark: the detour it will cost, roughly.
const MINE_AHEAD_COST: i64 = 3 * INCH as i64;

impl TogoDoctrine {
    pub fn by_name(name: &str) -> Option<TogoDoctrine> {
        TOGO_DOCTRINES.into_iter().find(|d| d.name == name)
    }

    /// Whether ship `i` is a torpedo boat charging under this doctrine.
    fn charging(&self, g: &TogoGame, i: usize) -> bool {
        self.torpedo_charge && g.ships[i].torpedoes > 0
    }

    /// Whether ship `i` should turn away.
    fn fleeing(&self, g: &TogoGame, i: usize) -> bool {
        let s = &g.ships[i];
        self.cautious && s.lost() * 2 >= s.hull_max
    }

    /// The enemy ship `i` steers for: the largest (lowest class) for a charging torpedo
    /// boat; for a rammer, the enemy she gains most by touching (contact worth in inches of
    /// distance: a quarter of Hull is worth 2"), if any; else the nearest.
    fn mark(&self, g: &TogoGame, i: usize) -> Option<usize> {
        let me = &g.ships[i];
        let enemies = (0..g.num_ships as usize)
            .filter(|&j| g.ships[j].side != me.side && g.ships[j].afloat());
        if self.charging(g, i) {
            enemies.min_by_key(|&j| (g.ships[j].class, rect_distance(&me.rect, &g.ships[j].rect)))
        } else if let Some(j) = self.prey(g, i) {
            Some(j)
        } else {
            enemies.min_by_key(|&j| rect_distance(&me.rect, &g.ships[j].rect))
        }
    }

    /// For a rammer: the enemy ship `i` gains most by ramming and boarding, distance
    /// counted against the gain; `None` when no contact gains anything.
    fn prey(&self, g: &TogoGame, i: usize) -> Option<usize> {
        if !self.rams {
            return None;
        }
        let me = &g.ships[i];
        (0..g.num_ships as usize)
            .filter(|&j| g.ships[j].side != me.side && g.ships[j].afloat())
            .map(|j| (j, contact_worth(g, i, j)))
            .filter(|&(_, w)| w > 0)
            .max_by_key(|&(j, w)| {
                w * 2 * INCH as i64 / 216 - rect_distance(&me.rect, &g.ships[j].rect) as i64
            })
            .map(|(j, _)| j)
    }

    /// Whether ship `i` closes to contact (a rammer with prey, a charging torpedo boat).
    fn closing(&self, g: &TogoGame, i: usize) -> bool {
        self.charging(g, i) || self.prey(g, i).is_some()
    }

    /// What standing at `end` risks from enemy ships that gain by ramming and boarding ship
    /// `i` and can reach her there at full speed (half as much from one that has already
    /// moved this turn), times 216 quarters; `threats` from [`Self::threats`].
    fn threat(g: &TogoGame, threats: &[Threat], end: &Rect) -> i64 {
        threats
            .iter()
            .filter(|t| rect_distance_at_most(end, &g.ships[t.ship].rect, t.reach))
            .map(|t| t.worth)
            .sum()
    }

    /// Each enemy of ship `i` that gains by ramming and boarding her: its full-speed reach
    /// and what it gains (halved once it has moved). None of it depends on where a leg
    /// ends, so a leg decision works it out once for all its legs.
    fn threats(g: &TogoGame, i: usize) -> Vec<Threat> {
        let me = &g.ships[i];
        (0..g.num_ships as usize)
            .filter(|&k| g.ships[k].side != me.side && g.ships[k].afloat())
            .filter_map(|k| {
                let w = contact_worth(g, k, i).max(0);
                let worth = if g.ships[k].activated { w / 2 } else { w };
                (worth != 0).then(|| Threat {
                    ship: k,
                    reach: g.knots(k, FULL) as i32 * INCH / 2 + INCH,
                    worth,
                })
            })
            .collect()
    }

    /// The order level wished for ship `i`.
    fn wished_order(&self, g: &TogoGame, i: usize) -> u8 {
        let d = self.mark(g, i).map_or(i32::MAX, |j| {
            rect_distance(&g.ships[i].rect, &g.ships[j].rect)
        });
        if self.closing(g, i) || self.fleeing(g, i) || d > (self.range + 6) * INCH {
            FULL
        } else if d > self.range * INCH / 2 {
            HALF
        } else {
            SLOW
        }
    }

    /// The score of ship `i` standing at `end` after a leg of kind `kind`.
    fn leg_score(
        &self,
        g: &TogoGame,
        i: usize,
        leg: Action,
        kind: LegKind,
        end: broadside_env::plane::Rect,
        plan: &LegPlan,
    ) -> i64 {
        let mut score: i64 = 0;
        match kind {
            LegKind::Land => return -1_000_000,
            // Leaving by a scenario's exit edge takes the ship out of the battle (FAQ):
            // never a doctrine's choice.
            LegKind::Exit => return -900_000,
            LegKind::Ram(_) => {
                // The ram's exact expectation with the boarding after it, a quarter of Hull
                // worth 3"; a rammer takes any ram that gains, the others a clear gain.
                let w = leg_ram_worth(g, leg).unwrap_or(0);
                let bar = if self.rams { 0 } else { 216 };
                if w <= bar {
                    return -50_000 + w;
                }
                return 100_000 + w * 3 * INCH as i64 / 216;
            }
            _ => {}
        }
        // Ending within reach of an enemy that gains by ramming and boarding.
        score -= Self::threat(g, &plan.threats, &end) * 2 * INCH as i64 / 216;
        // A minefield marker touched on the way is a mine hit test; and a course that runs
        // on through a marker towards the mark leads into the next one, so the doctrine
        // rounds the minefield instead of sailing leg after leg through it.
        score -= g.mines_touched(i, &end) as i64 * MINE_TOUCH_COST;
        if let Some(j) = plan.mark {
            score -= Self::mines_ahead(g, &end, &g.ships[j].rect) * MINE_AHEAD_COST;
        }
        let margin = 3 * INCH;
        let c = end.centre;
        let edge = c.x.min(c.y).min(g.width - c.x).min(g.depth - c.y);
        if edge < margin {
            score -= ((margin - edge) as i64) * 4;
        }
        let me = &g.ships[i];
        if plan.fleeing {
            let nearest = (0..g.num_ships as usize)
                .filter(|&j| g.ships[j].side != me.side && g.ships[j].afloat())
                .map(|j| rect_distance(&end, &g.ships[j].rect))
                .min()
                .unwrap_or(0);
            return score + nearest as i64;
        }
        if let Some(j) = plan.mark {
            let d = rect_distance(&end, &g.ships[j].rect);
            let wish = if plan.closing { 0 } else { self.range * INCH };
            score -= (d - wish).abs() as i64;
        }
        if !plan.closing {
            // The fire it could deal from there, less (by the doctrine's wariness) the fire
            // the enemy could deal it there, in hundredths of Hull quarters.
            let mut h = *g;
            h.ships[i].rect = end;
            let n = g.num_ships as usize;
            let dealt: i64 = (0..=TORPEDO)
                .map(|b| {
                    (0..n)
                        .map(|j| Self::fire_worth(&h, i, j, b))
                        .max()
                        .unwrap_or(0)
                        .max(0)
                })
                .sum();
            let received: i64 = (0..n)
                .filter(|&j| g.ships[j].side != me.side)
                .map(|j| {
                    (0..TORPEDO)
                        .map(|b| Self::fire_worth(&h, j, i, b).max(0))
                        .sum::<i64>()
                })
                .sum();
            score += 20 * (dealt * 2 - self.wariness * received);
        }
        score
    }

    /// How many minefield markers lie within a beam and a half of the straight course
    /// from `from` to `to`.
    fn mines_ahead(g: &TogoGame, from: &Rect, to: &Rect) -> i64 {
        let radius = (broadside_env::togo::data::rules().mines.radius * INCH as f64) as i64;
        let clear = from.beam as i64 * 3 / 2 + radius;
        g.mines[..g.num_mines as usize]
            .iter()
            .filter(|m| m.present)
            .filter(|m| point_segment_dist2(m.at, from.centre, to.centre) <= clear * clear)
            .count() as i64
    }

    /// The expected Hull quarters (times 100) of a fire at `j`, sixes counted at what
    /// their Fires and critical rolls cost ([`super::salvo`]), with a bonus for finishing
    /// her and for pushing her past half her Hull (the surrender test fails half the time).
    fn fire_worth(g: &TogoGame, i: usize, j: usize, b: u8) -> i64 {
        let Some(s) = g.shot_for(i, j, b) else {
            return -1;
        };
        let t = &g.ships[j];
        let worth = if b == TORPEDO {
            // Half the time a hit; the effects table averages about 4 points of D3.
            (7 - s.to_hit.min(6) as i64) * 16 * 100 / 6 + (4 - t.class as i64) * 50
        } else {
            gun_worth(&s, t)
        };
        let finish = if (t.hull as i64) * 100 <= worth {
            300
        } else {
            0
        };
        if b == TORPEDO {
            // Past half her Hull the next repair phase's surrender test takes her half the
            // time: the share of the fire's worth that lands beyond the half counts double.
            let half = t.hull_max as i64 * 50;
            let lost = t.lost() as i64 * 100;
            let beyond = (lost + worth - half).clamp(0, worth);
            return worth + beyond + finish;
        }
        Self::surrender_aware(g, j, worth) + finish
    }

    /// What `worth` (hundredths of quarters) of expected gunfire damage on ship `j` is
    /// worth once the surrender test is counted (sheet, Ph4.4: a ship past half her Hull
    /// fails on 4+ with the modifiers and is then sunk or struck, counted whole). A ship
    /// already past half is lost with chance `q` over the next two repair phases, and the
    /// damage on her then counts for nothing: only `1 - q` of it is worth firing for. Fire
    /// that may push a ship past half adds the chance it does (the worth over the quarters
    /// still needed, at most 1) times `q` times the Hull she would keep. Measured against
    /// random on the squadron action (2000 games each, seeds 1 and 2): +1.2 points on
    /// average over the four doctrines (the old rule counted the damage beyond half double).
    fn surrender_aware(g: &TogoGame, j: usize, worth: i64) -> i64 {
        let t = &g.ships[j];
        // The test fails on 4+ with the modifiers: (3 + m) in 6.
        let fail_6 = (3 + g.surrender_modifier(j) as i64).clamp(0, 6);
        // Lost over the next two repair phases, in 36ths.
        let lost_36 = 36 - (6 - fail_6) * (6 - fail_6);
        let lost = t.lost() as i64 * 100;
        if t.lost() * 2 > t.hull_max {
            return worth * (36 - lost_36) / 36;
        }
        // Quarters (times 100) still needed to be past half.
        let need = (t.hull_max as i64 / 2 + 1) * 100 - lost;
        let cross = (worth * 100 / need.max(1)).min(100);
        let kept = (t.hull as i64 * 100 - need).max(0);
        worth + cross * lost_36 * kept / 3600
    }

    /// The doctrine's choice, if it has one for this stage.
    pub fn intended(&self, g: &TogoGame, _player: Player) -> Option<Action> {
        let legal = g.legal_actions();
        match g.stage {
            Stage::ChooseA => Some(INIT_SECOND),
            Stage::Place { ship, first } => {
                let i = ship as usize;
                let wish = self.wished_order(g, i);
                let _ = first;
                (STOP..=FULL)
                    .filter(|&l| legal.contains(ORDER_0 + l as Action))
                    .min_by_key(|&l| speed_rank(l).abs_diff(speed_rank(wish)))
                    .map(|l| ORDER_0 + l as Action)
            }
            Stage::Select => legal.iter().filter(|&a| a != RESIGN).min_by_key(|&a| {
                let i = (a - ACTIVATE_0) as usize;
                self.mark(g, i).map_or(i32::MAX, |j| {
                    rect_distance(&g.ships[i].rect, &g.ships[j].rect)
                })
            }),
            Stage::Pivot => Some(leg_action(0)),
            Stage::Leg => {
                let i = g.mv.ship as usize;
                let dist = g.next_leg_dist();
                let plan = LegPlan {
                    mark: self.mark(g, i),
                    closing: self.closing(g, i),
                    fleeing: self.fleeing(g, i),
                    threats: Self::threats(g, i),
                };
                legal
                    .iter()
                    .filter(|&a| a != HALT)
                    .max_by_key(|&a| {
                        let (kind, end) = g.classify_leg(i, dist, leg_turn(a));
                        // Ties go to the smaller turn.
                        self.leg_score(g, i, a, kind, end, &plan) * 8
                            - leg_turn(a).abs() as i64 / 15
                    })
                    .or(Some(HALT))
            }
            Stage::Target { battery } => {
                let i = g.mv.ship as usize;
                legal
                    .iter()
                    .filter(|&a| a != HOLD)
                    .map(|a| {
                        let j = (a - TARGET_0) as usize;
                        let w = Self::fire_worth(g, i, j, battery);
                        // A target that has fired cannot answer with a counter salvo.
                        (a, if g.ships[j].fired { w * 3 / 2 } else { w })
                    })
                    .filter(|&(_, w)| w > 0)
                    .max_by_key(|&(a, w)| (w, std::cmp::Reverse(a)))
                    .map(|(a, _)| a)
                    .or(Some(HOLD))
            }
            // Always board: a boarding lost costs nothing (the sheet's procedure as
            // implemented), one won takes the ship.
            Stage::Board => Some(BOARD),
            Stage::Counter { ship } => {
                // Counter only with a ship that has already moved (its fire would otherwise
                // be spent before it can close and choose its target in its own
                // activation), or that has nothing to fire at then. Measured against
                // random (2,000 games): rammers 82.0% countering when the fire back was
                // worth 70% of its own activation's, 84.9% countering only after moving.
                let j = ship as usize;
                let n = g.num_ships as usize;
                let later: i64 = (0..TORPEDO)
                    .map(|b| {
                        (0..n)
                            .map(|k| Self::fire_worth(g, j, k, b))
                            .max()
                            .unwrap_or(0)
                            .max(0)
                    })
                    .sum();
                let counter = g.ships[j].activated || later == 0;
                Some(if counter { COUNTER } else { NO_COUNTER })
            }
            // A specialist captain's re-roll is offered only when the dice went against
            // his side: always take it.
            Stage::BoardReroll { .. } | Stage::GunReroll { .. } => Some(REROLL),
            // A fortification's gun: the heaviest battery left.
            Stage::FortGun { .. } => legal.iter().find(|&a| a != RESIGN),
            _ => None,
        }
    }
}

/// An enemy that gains by ramming and boarding the ship on the move ([`TogoDoctrine::threats`]).
struct Threat {
    ship: usize,
    /// Its full-speed move and an inch, mils.
    reach: i32,
    /// What it gains, times 216 quarters (halved once it has moved).
    worth: i64,
}

/// What a leg decision's scoring needs that does not depend on the leg: the mark, whether
/// the ship closes or flees, the enemies that threaten her. Worked out once per decision
/// (each is a pass over the enemies with the exact ram and boarding expectations; per leg
/// they were most of a playout's time).
struct LegPlan {
    mark: Option<usize>,
    closing: bool,
    fleeing: bool,
    threats: Vec<Threat>,
}

/// A doctrine as an [`Agent`].
#[derive(Debug, Clone)]
pub struct TogoDoctrineBot {
    doctrine: TogoDoctrine,
    seed: u64,
}

impl TogoDoctrineBot {
    pub fn new(doctrine: TogoDoctrine, seed: u64) -> Self {
        Self { doctrine, seed }
    }
}

impl Agent<TogoGame> for TogoDoctrineBot {
    fn name(&self) -> String {
        format!("bot:{}(seed={})", self.doctrine.name, self.seed)
    }

    fn choose(&mut self, g: &TogoGame, player: Player) -> Action {
        let legal = g.legal_actions();
        match self.doctrine.intended(g, player) {
            Some(a) if legal.contains(a) => a,
            _ => legal.iter().find(|&a| a != RESIGN).unwrap_or(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::plane::Point;
    use broadside_env::togo::{builtin_scenarios, TogoOptions};

    fn scenario(id: &str) -> TogoGame {
        let sc = builtin_scenarios().iter().find(|s| s.id == id).unwrap();
        TogoGame::new(sc, TogoOptions { resignation: false })
    }

    fn squadron() -> TogoGame {
        scenario("squadron-action")
    }

    fn harbour_mouth() -> TogoGame {
        scenario("minefield-and-land")
    }

    #[test]
    fn a_course_through_the_minefield_counts_its_markers_and_one_around_it_none() {
        let g = harbour_mouth();
        let beam = g.ships[0].rect.beam;
        let at = |x: i32, y: i32| Rect::new(Point::new(x * INCH, y * INCH), 90, 3 * INCH, beam);
        // The markers lie at (30, 22), (34, 20), (38, 24) and (42, 21).
        assert_eq!(TogoDoctrine::mines_ahead(&g, &at(20, 22), &at(50, 22)), 4);
        assert_eq!(TogoDoctrine::mines_ahead(&g, &at(20, 16), &at(50, 16)), 0);
    }

    #[test]
    fn a_leg_ending_on_a_marker_touches_it_and_rounding_it_does_not() {
        let mut g = harbour_mouth();
        let beam = g.ships[0].rect.beam;
        g.ships[0].rect = Rect::new(Point::new(26 * INCH, 22 * INCH), 90, 3 * INCH, beam);
        let on = Rect::new(Point::new(30 * INCH, 22 * INCH), 90, 3 * INCH, beam);
        let clear = Rect::new(Point::new(30 * INCH, 16 * INCH), 90, 3 * INCH, beam);
        assert_eq!(g.mines_touched(0, &on), 1);
        assert_eq!(g.mines_touched(0, &clear), 0);
    }

    #[test]
    fn light_guns_aim_at_the_battleship_they_can_set_on_fire() {
        // Sheet: light guns' sixes against class 1 and 2 ships cause a Fire (they cannot
        // penetrate a battleship's belt); a Fire costs a battleship far more than the
        // light guns' penetrations cost a torpedo boat. Indiana (class 1) and Ericsson
        // (class 4) at the same close range from Pelayo: her light battery takes Indiana.
        let mut g = squadron();
        let p = g.ships[0].rect.centre;
        g.ships[4].rect.centre = Point {
            x: p.x + 6000,
            y: p.y + 3000,
        };
        g.ships[7].rect.centre = Point {
            x: p.x + 6000,
            y: p.y - 3000,
        };
        let on_indiana = TogoDoctrine::fire_worth(&g, 0, 4, 2);
        let on_ericsson = TogoDoctrine::fire_worth(&g, 0, 7, 2);
        assert!(
            on_indiana > on_ericsson,
            "{on_indiana} <= {on_ericsson}: the sixes' Fires are not counted"
        );
    }

    #[test]
    fn fire_that_may_push_a_ship_past_half_counts_her_surrender_test() {
        // Sheet, Ph4.4: a ship past half her Hull takes the surrender test, failed on 4+.
        let mut g = squadron();
        let p = g.ships[0].rect.centre;
        g.ships[5].rect.centre = Point {
            x: p.x + 8000,
            y: p.y,
        };
        let fresh = TogoDoctrine::fire_worth(&g, 0, 5, 0);
        g.ships[5].hull = g.ships[5].hull_max / 2;
        let at_half = TogoDoctrine::fire_worth(&g, 0, 5, 0);
        assert!(at_half > fresh * 3 / 2, "{fresh} {at_half}");
    }

    #[test]
    fn fire_at_a_ship_already_past_half_counts_only_if_she_survives_her_tests() {
        // Sheet, Ph4.4 and the surrender table: a ship past half her Hull fails the test on
        // 4+ (half the time with no modifier) and then counts whole, so the quarters fired
        // into her count only the one time in four she passes two tests.
        let mut g = squadron();
        let p = g.ships[0].rect.centre;
        g.ships[5].rect.centre = Point {
            x: p.x + 8000,
            y: p.y,
        };
        g.ships[5].hull = g.ships[5].hull_max / 2 + 1;
        let before_half = TogoDoctrine::fire_worth(&g, 0, 5, 0);
        g.ships[5].hull = g.ships[5].hull_max / 2 - 1;
        assert_eq!(g.surrender_modifier(5), 0);
        let past_half = TogoDoctrine::fire_worth(&g, 0, 5, 0);
        let plain = super::super::salvo::battery_worth(&g, 0, 5, 0).unwrap();
        assert_eq!(past_half, plain * 9 / 36);
        assert!(before_half > past_half * 2, "{before_half} {past_half}");
    }
}
