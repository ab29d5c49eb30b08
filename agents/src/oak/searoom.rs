//! Sea room: whether a ship can keep its base on the table through its next moves.
//!
//! A ship must sail its whole speed straight ahead every turn (glossary: move; a turn of
//! at most the speed tool's angle before or after), and a base partly off the table
//! after a move leaves the game: 2 strike points, which in a duel loses the game. So a
//! position a few inches from an edge with the bow towards it is already lost, a turn
//! before the ship leaves; a doctrine that values only where this move ends sails into
//! it. Measured on the duel: 19 of `bot:raking`'s 26 losses in 100 games against random
//! were its own ship sailing off the table (docs/experiments/2026-11-26-oak-doctrine.md).
//!
//! The test is geometric and pessimistic: only the move's own turn (before or after the
//! move, every 15 degrees up to the tool's angle) at the speed rating the new heading
//! gives with the current sails; no seamanship (it may fail), no collisions.

use broadside_env::oak::data::rules;
use broadside_env::oak::OakGame;
use broadside_env::plane::{on_table, Rect};

/// Turns in 15-degree steps, straight ahead first.
const STEPS: [i32; 9] = [0, -15, 15, -30, 30, -45, 45, -60, 60];

/// How many of the next `depth` moves ship `i` can make from where it stands without
/// its base leaving the table (`depth` when it surely can; 0: the next move leaves).
pub fn sea_room(g: &OakGame, i: usize, depth: u8) -> u8 {
    if g.scroll > 0 {
        // Scrolling sea: a move off the table scrolls the sea instead of leaving it.
        return depth;
    }
    let base = g.ships[i].base;
    // Far from every edge no move of the next `depth` can reach one.
    let reach = depth as i32 * (rules().tools.r#move[4] + 1000) + base.length;
    let c = base.centre;
    if c.x > reach && c.y > reach && g.table[0] - c.x > reach && g.table[1] - c.y > reach {
        return depth;
    }
    let mut scratch = *g;
    scratch.ships[i].cut_free = false;
    deepest(&mut scratch, i, base, depth)
}

/// The most moves (up to `depth`) a sequence of legal moves from `base` survives.
fn deepest(g: &mut OakGame, i: usize, base: Rect, depth: u8) -> u8 {
    if depth == 0 {
        return 0;
    }
    g.ships[i].base = base;
    let speed = g.speed_rating(i);
    if speed == 0 {
        // Anchored, aground, entangled or in the wind's eye: no move ahead (a turn only).
        return depth;
    }
    let tool = speed.clamp(1, 5) as usize - 1;
    let dist = rules().tools.r#move[tool];
    let max = rules().tools.max_turn[tool] as i32;
    let (w, d) = (g.table[0], g.table[1]);
    let mut best = 0;
    for deg in STEPS.into_iter().filter(|deg| deg.abs() <= max) {
        let ahead = base.advanced(dist);
        let options = [base.turned(deg).advanced(dist), ahead.turned(deg)];
        for (k, end) in options.into_iter().enumerate() {
            if (k == 1 && deg == 0) || !on_table(&end, w, d) {
                continue;
            }
            let survived = 1 + deepest(g, i, end, depth - 1);
            if survived == depth {
                return depth;
            }
            best = best.max(survived);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oak::test_duel as duel;
    use broadside_env::plane::Point;

    /// A ship in the middle of the table has room for any number of moves.
    #[test]
    fn the_middle_of_the_table_has_room() {
        let g = duel();
        let mut h = g;
        h.ships[0].base.centre = Point {
            x: 18_000,
            y: 18_000,
        };
        assert_eq!(sea_room(&h, 0, 3), 3);
    }

    /// Glossary (moving off the battlefield): a ship sailing large (speed 4, 45-degree
    /// tool) 2" from the north edge with its bow north cannot stay on: the next move
    /// leaves; turned along the edge it can.
    #[test]
    fn bow_to_the_edge_close_in_has_no_room() {
        let mut g = duel();
        // Wind from the west: heading north is abeam (large speed 4 for a fifth rate).
        g.ships[0].base.centre = Point {
            x: 18_000,
            y: 34_000,
        };
        g.ships[0].base.heading = 0;
        assert_eq!(sea_room(&g, 0, 2), 0);
        g.ships[0].base.heading = 90;
        assert!(sea_room(&g, 0, 1) == 1);
    }

    /// Glossary, scrolling sea: with the optional rule agreed, the edge loses no ship, so
    /// the same bow-to-the-edge position has all the room there is.
    #[test]
    fn a_scrolling_sea_has_room_everywhere() {
        let mut g = duel();
        g.ships[0].base.centre = Point {
            x: 18_000,
            y: 34_000,
        };
        g.ships[0].base.heading = 0;
        g.scroll = rules().ranges.musket;
        assert_eq!(sea_room(&g, 0, 2), 2);
    }

    /// Bow to the north edge: the nearer the edge, the less room (never more), from
    /// full room 16" away to none 2" away.
    #[test]
    fn room_shrinks_towards_the_edge() {
        let mut g = duel();
        g.ships[0].base.heading = 0;
        let mut last = u8::MAX;
        for y in (20_000..=34_000).step_by(500) {
            g.ships[0].base.centre = Point { x: 18_000, y };
            let r = sea_room(&g, 0, 2);
            assert!(r <= last, "{y}: {r} after {last}");
            last = r;
        }
        g.ships[0].base.centre.y = 20_000;
        assert_eq!(sea_room(&g, 0, 2), 2);
        assert_eq!(last, 0);
    }
}
