//! The combat phase: fire eligibility, the Hit Determination Table, the d6 on the hit
//! tables, and the hits marked on the target (applied together at the end: fire is
//! simultaneous, "any damage received will not count against a ship until the following turn").
//!
//! Seed, fire eligibility: a broadside may fire at the ship closest to it among all ships in
//! its field of fire, up to ten hexes; a friendly or surrendered ship that is closest blocks
//! the field unless an enemy is as close; among equally close enemies the game picks the
//! highest HDT, then at random (a chance node). Carronades count only at two hexes or less;
//! hull aim only at five hexes or less. The HDT is the base table for gun squares and range,
//! plus crew quality, minus one per crew section lost, plus the initial-broadside and rake
//! bonuses; below 0 the ship is "unable to fire", above 8 it uses 8; the ship fires only if the
//! HDT reaches its "Fire if HDT is at least" order.

use crate::hex::Side;

use super::data::{tables, Tables};
use super::resolve::bits;
use super::state::{flag, Pending, Phase, WsimGame, AIM_HULL};

/// How a broadside would fire at a target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FireSolution {
    pub target: usize,
    pub range: i32,
    /// Gun squares firing (carronades included at close range).
    pub guns: u32,
    /// Hit table before clamping to the top table; negative means unable to fire.
    pub hdt: i32,
    pub raked: bool,
}

impl WsimGame {
    /// Range from `ship` to `target` if `target` lies in `side`'s field within maximum range.
    #[inline]
    pub fn range_in_field(&self, ship: usize, side: Side, target: usize) -> Option<i32> {
        let a = self.ships[ship].pos;
        let b = self.ships[target].pos;
        let range = a.range_to(b);
        (range <= tables().rules.max_range && a.field_holds_ship(side, b)).then_some(range)
    }

    /// The HDT of `ship`'s `side` broadside against `target` at `range` (None if no gun
    /// square can fire at that range).
    pub fn hdt(&self, ship: usize, side: Side, target: usize, range: i32) -> Option<FireSolution> {
        let t: &Tables = tables();
        let s = &self.ships[ship];
        let mut guns = s.guns[side.index()] as u32;
        if range <= t.rules.carronade_max_range {
            guns += s.carronades[side.index()] as u32;
        }
        let band = Tables::gun_band(guns)?;
        let rb = Tables::range_band(range)?;
        let raked = s.pos.rakes(side, self.ships[target].pos);
        let mut hdt = t.hdt_base[band][rb] as i32;
        hdt += t.crew_quality_mod[s.quality as usize][band] as i32;
        hdt += t.crew_section_lost_mod[band] as i32 * s.crew_sections_lost() as i32;
        if s.initial[side.index()] {
            hdt += t.initial_broadside_mod[band] as i32;
        }
        if raked {
            hdt += t.rake_mod[band] as i32;
        }
        Some(FireSolution {
            target,
            range,
            guns,
            hdt,
            raked,
        })
    }

    /// The enemies `ship`'s `side` broadside may fire at: the closest ships in its field,
    /// if any of them is an enemy that has not struck (a bit per ship), and their range.
    pub fn eligible_targets(&self, ship: usize, side: Side) -> (u32, i32) {
        let me = &self.ships[ship];
        let mut best = i32::MAX;
        let mut closest = 0u32;
        for j in 0..self.num_ships as usize {
            if j == ship {
                continue;
            }
            if let Some(r) = self.range_in_field(ship, side, j) {
                if r < best {
                    best = r;
                    closest = 1 << j;
                } else if r == best {
                    closest |= 1 << j;
                }
            }
        }
        let enemies = bits(closest)
            .filter(|&j| self.ships[j].side != me.side && !self.ships[j].struck())
            .fold(0u32, |m, j| m | 1 << j);
        (enemies, best)
    }

    /// The targets `ship`'s `side` broadside would choose between (highest HDT among the
    /// eligible), with that HDT; `None` when it has no target or is unable to fire.
    pub fn best_targets(&self, ship: usize, side: Side) -> Option<(u32, i32)> {
        let (enemies, range) = self.eligible_targets(ship, side);
        let mut best = i32::MIN;
        let mut set = 0u32;
        for j in bits(enemies) {
            if let Some(sol) = self.hdt(ship, side, j, range) {
                if sol.hdt > best {
                    best = sol.hdt;
                    set = 1 << j;
                } else if sol.hdt == best {
                    set |= 1 << j;
                }
            }
        }
        (set != 0 && best >= 0).then_some((set, best))
    }

    /// Considers one broadside (cursor `ship`, `side`), then moves the cursor on; after the
    /// last broadside, applies the turn's damage and goes to the load phase.
    pub(crate) fn step_fire(&mut self, ship: usize, side: usize) {
        let n = self.num_ships as usize;
        if ship >= n {
            self.apply_damage();
            self.phase = Phase::Reload { ship: 0 };
            return;
        }
        self.phase = if side == 0 {
            Phase::Fire {
                ship: ship as u8,
                side: 1,
            }
        } else {
            Phase::Fire {
                ship: ship as u8 + 1,
                side: 0,
            }
        };
        let s = &self.ships[ship];
        let sd = if side == 0 { Side::Left } else { Side::Right };
        if !s.ready(sd) {
            return;
        }
        let threshold = s.orders.threshold as i32;
        let Some((targets, hdt)) = self.best_targets(ship, sd) else {
            return;
        };
        if hdt.min(tables().rules.max_table) < threshold {
            return;
        }
        if targets.count_ones() > 1 {
            self.pending = Pending::Target {
                ship: ship as u8,
                side: side as u8,
                candidates: targets,
            };
        } else {
            self.fire_at(ship, side, targets.trailing_zeros() as usize);
        }
    }

    /// The broadside fires at `target`: the d6 is rolled next.
    pub(crate) fn fire_at(&mut self, ship: usize, side: usize, target: usize) {
        let sd = if side == 0 { Side::Left } else { Side::Right };
        let range = self.ships[ship].pos.range_to(self.ships[target].pos);
        let Some(sol) = self.hdt(ship, sd, target, range) else {
            return;
        };
        let table = sol.hdt.clamp(0, tables().rules.max_table) as u8;
        self.pending = Pending::FireDie {
            ship: ship as u8,
            side: side as u8,
            target: target as u8,
            table,
            range: range as u8,
            raked: sol.raked,
        };
    }

    /// The die shows `face + 1`: mark the hits, empty the broadside.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn resolve_shot(
        &mut self,
        ship: usize,
        side: usize,
        target: usize,
        table: u8,
        range: u8,
        raked: bool,
        face: usize,
    ) {
        let t = tables();
        let hull_aim =
            self.ships[ship].orders.aim == AIM_HULL && range as i32 <= t.rules.hull_aim_max_range;
        let hits = t.hit_tables[table as usize][if hull_aim { 0 } else { 1 }][face];
        {
            let s = &mut self.ships[ship];
            s.loaded[side] = false;
            s.initial[side] = false;
        }
        self.fired_this_turn = true;
        let firer_pos = self.ships[ship].pos;
        let tg = &mut self.ships[target];
        tg.pending.hull = tg.pending.hull.saturating_add(hits.hull);
        tg.pending.crew = tg.pending.crew.saturating_add(hits.crew);
        tg.pending.rigging = tg.pending.rigging.saturating_add(hits.rigging);
        if range == 1 {
            tg.adjacent_firers |= 1 << ship;
        }
        if raked && hull_aim {
            tg.hull_rakers |= 1 << ship;
        }
        if hits.guns == 0 {
            return;
        }
        if raked {
            // "When raked, both sides of the target ship are equidistant to the firing ship,
            // so the game randomly picks which guns are lost": a chance node per gun hit.
            self.pending = Pending::GunSide {
                firer: ship as u8,
                target: target as u8,
                left: hits.guns,
            };
        } else {
            let closer = tg.pos.side_facing(firer_pos).unwrap_or(Side::Left).index();
            for _ in 0..hits.guns {
                self.place_gun_hit(target, closer);
            }
        }
    }

    /// One gun hit on `side` of `target`: carronades first, then guns, then the other side.
    pub(crate) fn place_gun_hit(&mut self, target: usize, side: usize) {
        let s = &mut self.ships[target];
        for sd in [side, 1 - side] {
            if s.carronades[sd] > s.pending.carronades[sd] {
                s.pending.carronades[sd] += 1;
                return;
            }
            if s.guns[sd] > s.pending.guns[sd] {
                s.pending.guns[sd] += 1;
                return;
            }
        }
    }

    /// Marks the turn's hits on every ship, then settles surrenders and points.
    ///
    /// Seed: hull gone = the ship strikes; crew hits fill section 1, then 2, then 3, and a
    /// ship with no crew cannot move or fire (its points go to whoever fired at it); rigging
    /// hits fill the sections in order. Surrender by firepower: no gun squares left, an enemy
    /// fired on it from an adjacent hex, and no friendly ship of the same or larger class as
    /// that firer within ten hexes. Surrender by immobility: no rigging left, raked at the
    /// hull by an enemy, and no friendly ship of the same or larger class as that raker within
    /// ten hexes. Points go to the side in the final shot (with two sides, the enemy).
    pub(crate) fn apply_damage(&mut self) {
        let n = self.num_ships as usize;
        for i in 0..n {
            let s = &mut self.ships[i];
            let p = std::mem::take(&mut s.pending);
            s.hull = s.hull.saturating_sub(p.hull);
            take_in_order(&mut s.crew, p.crew);
            take_in_order(&mut s.rigging, p.rigging);
            for sd in 0..2 {
                s.guns[sd] = s.guns[sd].saturating_sub(p.guns[sd]);
                s.carronades[sd] = s.carronades[sd].saturating_sub(p.carronades[sd]);
            }
            if s.hull == 0 && !s.struck() {
                s.flags |= flag::STRUCK;
                s.flags &= !flag::MOVING;
                let (side, pts) = (s.side, s.points);
                self.award(1 - side, pts);
            }
            let s = &mut self.ships[i];
            if s.crew_left() == 0 && !s.crewless() {
                s.flags |= flag::CREWLESS;
                let (side, pts) = (s.side, s.points);
                self.award(1 - side, pts);
            }
        }
        for i in 0..n {
            let s = &self.ships[i];
            if s.struck() {
                continue;
            }
            let by_firepower = s.all_guns_left() == 0
                && bits(s.adjacent_firers).any(|f| !self.friend_supports(i, f));
            let by_immobility =
                s.rigging_left() == 0 && bits(s.hull_rakers).any(|f| !self.friend_supports(i, f));
            if by_firepower || by_immobility {
                let (side, pts) = (s.side, s.points);
                self.ships[i].flags |= flag::STRUCK;
                self.award(1 - side, pts);
            }
        }
        for s in &mut self.ships[..n] {
            s.adjacent_firers = 0;
            s.hull_rakers = 0;
        }
    }

    /// Whether a friend of `ship` (not struck) of the same or larger class as `firer` is
    /// within the support radius (ten hexes) of `ship`.
    fn friend_supports(&self, ship: usize, firer: usize) -> bool {
        let me = &self.ships[ship];
        let class = self.ships[firer].class;
        let radius = tables().rules.support_radius;
        self.ships().iter().enumerate().any(|(j, f)| {
            j != ship
                && f.side == me.side
                && !f.struck()
                && f.class <= class
                && f.pos.range_to(me.pos) <= radius
        })
    }

    fn award(&mut self, side: u8, points: u16) {
        self.scores[side as usize] = self.scores[side as usize].saturating_add(points);
    }
}

/// Removes `hits` squares from the sections in order, first section first.
fn take_in_order<const N: usize>(sections: &mut [u8; N], mut hits: u8) {
    for s in sections.iter_mut() {
        let k = hits.min(*s);
        *s -= k;
        hits -= k;
    }
}
