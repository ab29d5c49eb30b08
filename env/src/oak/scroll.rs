//! Scrolling sea (glossary: scrolling sea; moving off the battlefield), an optional rule a
//! scenario turns on with `scrolling_sea = true`.
//!
//! - **When.** "If a ship's move would cause it to move off the battlefield, return the ship
//!   to its starting position and move all ships and terrain elements on the battlefield
//!   an equal distance away from the edge the ship would have sailed off": a ship whose
//!   move (or row) ends with part of her base off the table triggers the scroll instead of
//!   leaving the game ([`OakGame::check_table_edge`]).
//! - **How far.** "A distance of at least musket shot should be used for this": the range
//!   ruler's musket shot (`rules.toml`), kept in the state as [`OakGame::scroll`] (0: the
//!   rule is off).
//! - **The mover.** Returning her to her starting position, scrolling, and making the same
//!   move again ends where her move ended, shifted with everything else (every distance
//!   and contact on the way is the same after an equal shift): so her move stands and she
//!   is shifted with the rest. A ship still partly off after the scroll leaves the game as
//!   without the rule. (Terrain placed at the opposite edge is not met by a repeated move:
//!   see the doc's deviations.)
//! - **Everything else on the battlefield** moves the same distance: ships on the table
//!   (a ship the shift carries past the opposite edge stays in play where it is, the sea
//!   being endless; the glossary does not say otherwise), landing-party tokens with their
//!   ships, and terrain. Wake and reload markers belong to the ships and go with them.
//! - **Terrain forced off.** "If any terrain would be moved off the battlefield as a
//!   result, the player not controlling the ship that caused the battlefield to be scrolled
//!   places the terrain anywhere within musket shot of the opposite battlefield edge it was
//!   forced off": a piece whose centre the shift carries off the table is placed by a fixed
//!   substitute rule, not a decision: wrapped round to the opposite edge, its centre as far
//!   inside that edge as it went past the other (at most musket shot), the other
//!   coordinate and heading unchanged; an island or rocks that would then touch a ship are
//!   slid straight towards that edge (and past it if need be) until clear. Landing-party
//!   tokens on a wrapped island go with it.

use crate::plane::{rects_overlap, Point, Rect};

use super::data::{rules, TerrainKind};
use super::state::OakGame;

/// How far a wrapped island or rocks are slid at a time to clear the ships, mils.
const CLEAR_STEP: i32 = 250;

/// The shift away from the table edges the base `r` lies partly beyond, per axis
/// (`shift` mils; 0 on an axis where it is within both edges).
fn away_from_edges(r: &Rect, table: [i32; 2], shift: i32) -> Point {
    let corners = r.corners();
    let axis = |v: fn(&Point) -> i32, limit: i32| {
        let lo = corners.iter().map(v).min().unwrap_or(0);
        let hi = corners.iter().map(v).max().unwrap_or(0);
        if lo < 0 {
            shift
        } else if hi > limit {
            -shift
        } else {
            0
        }
    };
    Point::new(axis(|p| p.x, table[0]), axis(|p| p.y, table[1]))
}

/// One coordinate of a terrain centre after a shift of `d` on a table `limit` long: the
/// shifted value, or, when the shift carries it past the edge it moves towards, wrapped
/// round to within `reach` of the opposite edge. Returns the value and whether it wrapped.
/// (A piece already past the other edge, slid there to clear a ship, just shifts.)
fn wrap(v: i32, d: i32, limit: i32, reach: i32) -> (i32, bool) {
    let n = v + d;
    if d > 0 && n > limit {
        ((n - limit).min(reach), true)
    } else if d < 0 && n < 0 {
        (limit - (-n).min(reach), true)
    } else {
        (n, false)
    }
}

impl OakGame {
    /// Scrolling sea: when ship `i`'s base is partly off the table, shifts every ship on
    /// the table, every landing-party token and every terrain piece [`OakGame::scroll`]
    /// mils away from the edges she is beyond (terrain forced off wrapped round, see the
    /// module summary). Returns whether it scrolled.
    pub(crate) fn scroll_sea(&mut self, i: usize) -> bool {
        if self.scroll <= 0 {
            return false;
        }
        let d = away_from_edges(&self.ships[i].base, self.table, self.scroll);
        if d == Point::new(0, 0) {
            return false;
        }
        for s in self.ships.iter_mut().take(self.n_ships as usize) {
            if s.on_table() {
                s.base.centre = s.base.centre.plus(d);
                s.landing = s.landing.plus(d);
            }
        }
        let reach = rules().ranges.musket;
        // Tokens already carried with a wrapped island (islands may overlap).
        let mut carried = 0u16;
        for t in 0..self.n_terrain as usize {
            let rect = self.terrain[t].rect;
            let (x, wx) = wrap(rect.centre.x, d.x, self.table[0], reach);
            let (y, wy) = wrap(rect.centre.y, d.y, self.table[1], reach);
            let shifted = Rect {
                centre: rect.centre.plus(d),
                ..rect
            };
            let mut placed = Rect {
                centre: Point::new(x, y),
                ..rect
            };
            if (wx || wy) && self.terrain[t].solid() {
                // Towards the edge it now lies by: the way the shift was going, reversed
                // on each wrapped axis.
                let toward = Point::new(
                    if wx { -d.x.signum() } else { 0 },
                    if wy { -d.y.signum() } else { 0 },
                );
                placed = self.clear_of_ships(placed, toward);
            }
            let moved = placed.centre.minus(shifted.centre);
            if self.terrain[t].kind() == TerrainKind::Island {
                for (k, s) in self.ships.iter_mut().take(self.n_ships as usize).enumerate() {
                    if s.ashore && carried & (1 << k) == 0 && on_piece(&shifted, s.landing) {
                        s.landing = s.landing.plus(moved);
                        carried |= 1 << k;
                    }
                }
            }
            self.terrain[t].rect = placed;
        }
        true
    }

    /// `r` slid `CLEAR_STEP` at a time along `toward` until it touches no ship on the
    /// table (a piece slid by its own size plus the table beyond the edge touches none).
    fn clear_of_ships(&self, mut r: Rect, toward: Point) -> Rect {
        let limit = (2 * r.radius() as i32 + self.table[0].max(self.table[1])) / CLEAR_STEP + 1;
        for _ in 0..limit {
            let touching = self
                .ships()
                .iter()
                .any(|s| s.on_table() && rects_overlap(&s.base, &r));
            if !touching {
                break;
            }
            r.centre = r
                .centre
                .plus(Point::new(toward.x * CLEAR_STEP, toward.y * CLEAR_STEP));
        }
        r
    }
}

/// Whether `p` lies on the piece `r` (its edge included, a few mils of rounding allowed:
/// a landing-party token lies on its island's edge).
fn on_piece(r: &Rect, p: Point) -> bool {
    Rect {
        length: r.length + 4,
        beam: r.beam + 4,
        ..*r
    }
    .contains(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_base_beyond_an_edge_is_shifted_away_from_it() {
        let table = [36_000, 36_000];
        let north = Rect::new(Point::new(10_000, 35_500), 0, 3150, 1575);
        assert_eq!(away_from_edges(&north, table, 8000), Point::new(0, -8000));
        let south_west = Rect::new(Point::new(200, 200), 45, 3150, 1575);
        assert_eq!(away_from_edges(&south_west, table, 8000), Point::new(8000, 8000));
        let inside = Rect::new(Point::new(18_000, 18_000), 0, 3150, 1575);
        assert_eq!(away_from_edges(&inside, table, 8000), Point::new(0, 0));
    }

    #[test]
    fn a_coordinate_carried_off_wraps_to_within_reach_of_the_opposite_edge() {
        assert_eq!(wrap(30_000, 8000, 36_000, 8000), (2000, true));
        assert_eq!(wrap(3000, -8000, 36_000, 8000), (31_000, true));
        assert_eq!(wrap(20_000, 8000, 36_000, 8000), (28_000, false));
        // A longer shift still lands within reach (musket shot) of the opposite edge.
        assert_eq!(wrap(35_000, 12_000, 36_000, 8000), (8000, true));
        // Past the south edge already, shifted north: not carried off, so not wrapped.
        assert_eq!(wrap(-9000, 8000, 36_000, 8000), (-1000, false));
    }
}
