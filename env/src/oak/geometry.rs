//! Oak & Iron's measurements on the shared plane ([`crate::plane`]): point of sail, the
//! broadside path, line of sight, range bands, rakes, formation, and whether a base may
//! stand somewhere. Everything is integer arithmetic on mils and whole degrees.

use crate::plane::{
    body_to_world, on_table, polys_overlap, rect_distance, rects_overlap, segment_hits_rect,
    Point, Rect,
};

use super::data::{rules, Effect, TerrainKind};
use super::state::OakGame;

/// A ship's point of sail (glossary: point of sail).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointOfSail {
    /// Bow closer than 45 degrees to the weather edge: no forward move.
    WindEye,
    /// Bow closer to the weather edge than the stern.
    Windward,
    /// Stern closer to the weather edge than the bow.
    Large,
    /// Exactly across the wind: the player may use either (the engine takes the faster).
    Abeam,
}

/// Degrees between the bow and the direction of the weather edge, `0..=180`.
pub fn off_wind(heading: u16, wind_from: u16) -> u16 {
    let rel = (wind_from as i32 - heading as i32).rem_euclid(360) as u16;
    rel.min(360 - rel)
}

/// The point of sail of a base heading `heading`. On the 1 x 2 base the glossary's test
/// (the weather-side mid-point no closer to the weather edge than the farthest bow point)
/// is exactly "the bow within 45 degrees of the wind", and 45 itself is not in the eye.
pub fn point_of_sail(heading: u16, wind_from: u16) -> PointOfSail {
    match off_wind(heading, wind_from) {
        a if a < 45 => PointOfSail::WindEye,
        a if a < 90 => PointOfSail::Windward,
        90 => PointOfSail::Abeam,
        _ => PointOfSail::Large,
    }
}

/// Range bands by closest-point distance (glossary: range; rules notes: the ruler).
pub mod band {
    pub const PISTOL: u8 = 0;
    pub const MUSKET: u8 = 1;
    pub const CANNON: u8 = 2;
    /// Past cannon shot (only through fog: skulls only).
    pub const BEYOND: u8 = 3;
    pub const NAMES: [&str; 4] = ["pistol shot", "musket shot", "cannon shot", "past cannon shot"];
}

/// The range band of a closest-point distance in mils (`None` past cannon shot).
pub fn range_band(dist: i32) -> Option<u8> {
    let r = rules().ranges;
    if dist <= r.pistol {
        Some(band::PISTOL)
    } else if dist <= r.musket {
        Some(band::MUSKET)
    } else if dist <= r.cannon {
        Some(band::CANNON)
    } else {
        None
    }
}

/// The broadside path on `side` (0 port, 1 starboard) of `r`, as a rectangle: the band
/// between the lines of the bow and stern edges, out past cannon shot.
pub fn broadside_path(r: &Rect, side: u8) -> Rect {
    let reach = rules().ranges.cannon + 2 * r.beam;
    let across = (r.beam / 2 + reach / 2) * if side == 0 { -1 } else { 1 };
    Rect::new(
        r.centre.plus(body_to_world(r.heading, 0, across)),
        r.heading,
        r.length,
        reach,
    )
}

/// Whether any part of `target` lies in `r`'s broadside path on `side`.
pub fn in_broadside_path(r: &Rect, side: u8, target: &Rect) -> bool {
    let p = broadside_path(r, side);
    polys_overlap(&p.corners(), &target.corners())
}

/// The mid-points of the four edges of a base: bow, port side, stern, starboard side.
pub fn edge_midpoints(r: &Rect) -> [Point; 4] {
    let (l, b) = (r.length / 2, r.beam / 2);
    let c = r.centre;
    [
        c.plus(body_to_world(r.heading, l, 0)),
        c.plus(body_to_world(r.heading, 0, -b)),
        c.plus(body_to_world(r.heading, -l, 0)),
        c.plus(body_to_world(r.heading, 0, b)),
    ]
}

/// The stern edge of a base (port corner, starboard corner).
pub fn stern_edge(r: &Rect) -> (Point, Point) {
    let c = r.corners();
    (c[2], c[3])
}

/// The bow edge of a base (starboard corner, port corner).
pub fn bow_edge(r: &Rect) -> (Point, Point) {
    let c = r.corners();
    (c[0], c[1])
}

/// Rake: the line through the firer's two side mid-points passes through both the bow and
/// the stern edge of the target. Returns 0 (no rake), 1 (rake) or 2 (through the stern:
/// the stern edge is the nearer to the firer).
pub fn rake(firer: &Rect, target: &Rect) -> u8 {
    let m = edge_midpoints(firer);
    // The line through the side mid-points, extended past cannon shot both ways.
    let (a, b) = (m[1], m[3]);
    let far = rules().ranges.cannon * 4;
    let dir = body_to_world(firer.heading, 0, far);
    let (p, q) = (a.minus(dir), b.plus(dir));
    let (b0, b1) = bow_edge(target);
    let (s0, s1) = stern_edge(target);
    let hits = |x: Point, y: Point| crate::plane::segments_intersect(p, q, x, y);
    if !(hits(b0, b1) && hits(s0, s1)) {
        return 0;
    }
    let tm = edge_midpoints(target);
    if firer.centre.dist2(tm[2]) < firer.centre.dist2(tm[0]) {
        2
    } else {
        1
    }
}

impl OakGame {
    /// Closest-point distance between ships `i` and `j`, mils.
    pub fn distance(&self, i: usize, j: usize) -> i32 {
        rect_distance(&self.ships[i].base, &self.ships[j].base)
    }

    /// Whether the segment `a-b` is clear of islands and of every ship base on the table
    /// other than `i` and `j`.
    fn sight_clear(&self, a: Point, b: Point, i: usize, j: usize) -> bool {
        let terrain_ok = self
            .pieces()
            .iter()
            .filter(|t| t.kind() == TerrainKind::Island)
            .all(|t| !segment_hits_rect(a, b, &t.rect));
        terrain_ok
            && self
                .ships()
                .iter()
                .enumerate()
                .filter(|&(k, s)| k != i && k != j && s.on_table())
                .all(|(_, s)| !segment_hits_rect(a, b, &s.base))
    }

    /// Line of sight from `i` to `j` (glossary: line of sight): from one of `i`'s edge
    /// mid-points to one of `j`'s edge mid-points and to one of its corners, islands and
    /// ship bases blocking.
    pub fn line_of_sight(&self, i: usize, j: usize) -> bool {
        let (from, to) = (&self.ships[i].base, &self.ships[j].base);
        let mids = edge_midpoints(to);
        let corners = to.corners();
        edge_midpoints(from).iter().any(|&m| {
            mids.iter().any(|&t| self.sight_clear(m, t, i, j))
                && corners.iter().any(|&t| self.sight_clear(m, t, i, j))
        })
    }

    /// Whether a shot from `i` at `j` goes into or through a fog bank (either base in one,
    /// or the line between the centres crossing one).
    pub fn through_fog(&self, i: usize, j: usize) -> bool {
        let (a, b) = (&self.ships[i].base, &self.ships[j].base);
        self.pieces()
            .iter()
            .filter(|t| t.kind() == TerrainKind::Fog)
            .any(|t| {
                rects_overlap(&t.rect, a)
                    || rects_overlap(&t.rect, b)
                    || segment_hits_rect(a.centre, b.centre, &t.rect)
            })
    }

    /// The band a shot from `i` at `j` counts at: the measured band, one farther through
    /// fog (past cannon shot only within cannon shot measured). `None` out of range.
    pub fn shot_band(&self, i: usize, j: usize) -> Option<u8> {
        let b = range_band(self.distance(i, j))?;
        Some(if self.through_fog(i, j) { b + 1 } else { b })
    }

    /// Whether `j`'s base is wholly upwind of `i`'s (Lee Gauge Fire): every corner of `j`
    /// nearer the weather edge than every corner of `i`.
    pub fn wholly_upwind(&self, i: usize, j: usize) -> bool {
        let toward = |p: Point| -> i64 {
            let w = body_to_world(self.wind_from, 1000, 0);
            p.x as i64 * w.x as i64 + p.y as i64 * w.y as i64
        };
        let min_j = self.ships[j].base.corners().iter().map(|&p| toward(p)).min();
        let max_i = self.ships[i].base.corners().iter().map(|&p| toward(p)).max();
        matches!((min_j, max_i), (Some(a), Some(b)) if a > b)
    }

    /// Formation link from `a` (ahead) to `b` (astern): within musket shot, a line straight
    /// astern from `a`'s stern edge enters `b`'s bow edge, and one straight ahead from `b`'s
    /// bow edge enters `a`'s stern edge (the strips the edges sweep, obstruction not checked).
    fn formation_link(&self, a: usize, b: usize) -> bool {
        let (ra, rb) = (&self.ships[a].base, &self.ships[b].base);
        if !crate::plane::rect_distance_at_most(ra, rb, rules().ranges.musket) {
            return false;
        }
        let reach = rules().ranges.musket;
        let strip = |r: &Rect, dir: i32| {
            Rect::new(
                r.centre
                    .plus(body_to_world(r.heading, dir * (r.length / 2 + reach / 2), 0)),
                r.heading,
                reach,
                r.beam,
            )
        };
        let (s0, s1) = stern_edge(ra);
        let (b0, b1) = bow_edge(rb);
        segment_hits_rect(b0, b1, &strip(ra, -1)) && segment_hits_rect(s0, s1, &strip(rb, 1))
    }

    /// Whether ship `i` is in formation (glossary: formation): linked ahead or astern into
    /// a chain of its squadron's ships that holds the flagship, each ship with at most one
    /// ship ahead and one astern. Adjust Formation: within pistol shot of a friendly ship.
    pub fn in_formation(&self, i: usize) -> bool {
        let c = self.ships[i].command();
        if !self.ships[i].can_act() {
            return false;
        }
        if self.effect(c, Effect::AdjustFormation)
            && (0..self.n_ships as usize).any(|k| {
                k != i
                    && self.ships[k].command() == c
                    && self.ships[k].can_act()
                    && self.distance(i, k) <= rules().ranges.pistol
            })
        {
            return true;
        }
        self.formation_members(c) & (1 << i) != 0
    }

    /// The ships of command `c` (a squadron) in its flagship's line (bits of global
    /// indices): the chain astern of the flagship, then ahead of it.
    pub fn formation_members(&self, c: u8) -> u16 {
        let ok = |k: usize| self.ships[k].command() == c && self.ships[k].can_act();
        let Some(flag) = self.flagship(c).filter(|&f| ok(f)) else {
            return 0;
        };
        let n = self.n_ships as usize;
        let mut members = 0u16;
        for astern in [true, false] {
            let (mut cur, mut seen) = (flag, 1u16 << flag);
            while let Some(k) = (0..n).find(|&k| {
                seen & (1 << k) == 0
                    && ok(k)
                    && if astern {
                        self.formation_link(cur, k)
                    } else {
                        self.formation_link(k, cur)
                    }
            }) {
                members |= (1 << k) | (1 << flag);
                seen |= 1 << k;
                cur = k;
            }
        }
        members
    }

    /// Whether ship `i` could stand at `r`: on the table and clear of islands, rocks and
    /// every other ship on the table.
    pub fn clear_at(&self, i: usize, r: &Rect) -> bool {
        on_table(r, self.table[0], self.table[1])
            && self.obstacle_at(i, r).is_none()
    }

    /// The first thing `r` (ship `i`'s base moved) overlaps: `Some(Ok(k))` ship `k`,
    /// `Some(Err(t))` solid terrain piece `t`.
    pub fn obstacle_at(&self, i: usize, r: &Rect) -> Option<Result<usize, usize>> {
        if let Some(t) = self
            .pieces()
            .iter()
            .position(|t| t.solid() && rects_overlap(&t.rect, r))
        {
            return Some(Err(t));
        }
        self.ships()
            .iter()
            .enumerate()
            .position(|(k, s)| k != i && s.on_table() && rects_overlap(&s.base, r))
            .map(Ok)
    }

    /// Whether ship `i` may turn `deg` degrees (checked every 15 degrees of the pivot).
    pub fn turn_clear(&self, i: usize, deg: i32) -> bool {
        let b = self.ships[i].base;
        let steps = deg.abs() / 15;
        (1..=steps).all(|s| self.obstacle_at(i, &b.turned(deg.signum() * 15 * s)).is_none())
    }

    /// Ship `i`'s base moved `dist` mils directly away from `from` (along the line of the
    /// centres).
    pub fn away_from(&self, i: usize, from: Point, dist: i32) -> Rect {
        let b = self.ships[i].base;
        let d = b.centre.minus(from);
        let len = crate::plane::isqrt(d.dist2(Point::new(0, 0))).max(1);
        let step = Point::new(
            (d.x as i64 * dist as i64 / len) as i32,
            (d.y as i64 * dist as i64 / len) as i32,
        );
        Rect {
            centre: b.centre.plus(step),
            ..b
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_of_sail_follow_the_angle_off_the_wind() {
        // Weather edge west (wind from 270).
        assert_eq!(point_of_sail(270, 270), PointOfSail::WindEye);
        assert_eq!(point_of_sail(226, 270), PointOfSail::WindEye);
        assert_eq!(point_of_sail(225, 270), PointOfSail::Windward);
        assert_eq!(point_of_sail(0, 270), PointOfSail::Abeam);
        assert_eq!(point_of_sail(90, 270), PointOfSail::Large);
        assert_eq!(point_of_sail(1, 270), PointOfSail::Large);
    }

    #[test]
    fn broadside_path_is_the_band_abeam() {
        let r = Rect::new(Point::new(10_000, 10_000), 0, 3150, 1575);
        let abeam = Rect::new(Point::new(16_000, 10_000), 0, 3150, 1575);
        let ahead = Rect::new(Point::new(10_000, 18_000), 0, 3150, 1575);
        assert!(in_broadside_path(&r, 1, &abeam));
        assert!(!in_broadside_path(&r, 0, &abeam));
        assert!(!in_broadside_path(&r, 1, &ahead));
    }

    #[test]
    fn a_ship_across_the_bow_line_is_raked_through_its_stern() {
        // Firer heading north; the line through its side mid-points runs east-west.
        let firer = Rect::new(Point::new(10_000, 10_000), 0, 3150, 1575);
        let stern_on = Rect::new(Point::new(15_000, 10_000), 90, 3150, 1575);
        let bow_on = Rect::new(Point::new(15_000, 10_000), 270, 3150, 1575);
        let broadside_on = Rect::new(Point::new(15_000, 10_000), 0, 3150, 1575);
        assert_eq!(rake(&firer, &stern_on), 2);
        assert_eq!(rake(&firer, &bow_on), 1);
        assert_eq!(rake(&firer, &broadside_on), 0);
    }
}
