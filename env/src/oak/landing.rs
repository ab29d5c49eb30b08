//! Landing parties (glossary: landing party; landing party close combat; islands and land
//! masses; quick reference step 7 "Landing party (deploy)" and 8c).
//!
//! - **The crew action.** "A ship that is anchored and not shaken, and is within pistol
//!   shot of an island or landmass may send a landing party ashore": `crew:land` places
//!   the ship's landing party token on the island. "Place a landing party token on the
//!   island or landmass within musket shot of the ship": the token goes on the island's
//!   point nearest the ship's centre (always within musket shot, the island being within
//!   pistol shot; the glossary's "anywhere" is not searched: see the doc's deviations).
//!   A ship has one landing party: a ship whose token is ashore does not land another.
//! - **What it does.** "While ashore, the landing party may make close combat attacks
//!   against any other landing party token within musket shot using the crew value of the
//!   ship that deployed it (fatigue and other modifiers apply)"; "A landing party may make
//!   a close combat attack as its parent ship attack action. The target landing party must
//!   be within musket shot. Dice and fatigue follow the same rules above": `landing:j` in
//!   the attack phase is the ship's attack, crew value + 3 dice less its fatigue, each
//!   hit 1 fatigue to the ship that deployed the target party. A party is not a ship's bow
//!   or stern, so skull, sword and pistol hit.
//! - **How it returns.** "If a ship with a landing party token ashore ever becomes shaken
//!   or moves, the landing party token is immediately removed": every change of the ship's
//!   base (a move, a row, a turn, a push, a cut free, a helm hit) goes through
//!   [`OakGame::set_base`], and fatigue that shakes her through [`OakGame::add_fatigue`];
//!   both take the token off. There is no other way back.

use crate::action_set::ActionSet;
use crate::game::Action;
use crate::plane::{body_to_world, rect_distance_at_most, Point, Rect, TRIG_ONE};

use super::catalogue::LANDING_0;
use super::data::{rules, TerrainKind};
use super::state::{sail, OakGame};

/// The point of `island` nearest to `p` (on its edge when `p` lies outside it).
pub fn nearest_point(island: &Rect, p: Point) -> Point {
    let (along, across) = island.local(p);
    let half_l = island.length as i64 * TRIG_ONE / 2;
    let half_b = island.beam as i64 * TRIG_ONE / 2;
    let a = (along.clamp(-half_l, half_l) / TRIG_ONE) as i32;
    let c = (across.clamp(-half_b, half_b) / TRIG_ONE) as i32;
    island.centre.plus(body_to_world(island.heading, a, c))
}

impl OakGame {
    /// The island ship `i` may land on: the nearest island within pistol shot (the first in
    /// scenario order on a tie), if any.
    pub fn landing_island(&self, i: usize) -> Option<usize> {
        let s = &self.ships[i];
        let p = rules().ranges.pistol;
        self.pieces()
            .iter()
            .enumerate()
            .filter(|(_, t)| t.kind() == TerrainKind::Island)
            .filter(|(_, t)| rect_distance_at_most(&s.base, &t.rect, p))
            .min_by_key(|(_, t)| crate::plane::rect_distance(&s.base, &t.rect))
            .map(|(k, _)| k)
    }

    /// Whether ship `i` may take the landing party crew action: anchored, not shaken, her
    /// party not already ashore, an island within pistol shot.
    pub fn may_land(&self, i: usize) -> bool {
        let s = &self.ships[i];
        s.can_act()
            && s.sail == sail::ANCHORED
            && !s.shaken()
            && !s.ashore
            && self.landing_island(i).is_some()
    }

    /// The landing party crew action: the token on the island's point nearest the ship.
    pub(crate) fn land(&mut self, i: usize) {
        if let Some(k) = self.landing_island(i) {
            let at = nearest_point(&self.terrain[k].rect, self.ships[i].base.centre);
            let s = &mut self.ships[i];
            s.ashore = true;
            s.landing = at;
        }
    }

    /// Whether the landing parties of ships `i` and `j` are both ashore within musket shot
    /// of each other.
    pub fn parties_within_musket(&self, i: usize, j: usize) -> bool {
        let (a, b) = (&self.ships[i], &self.ships[j]);
        let m = rules().ranges.musket as i64;
        a.ashore && b.ashore && a.landing.dist2(b.landing) <= m * m
    }

    /// The landing party attacks ship `i` may make now: on each enemy landing party within
    /// musket shot of her own.
    pub(crate) fn landing_targets(&self, i: usize, out: &mut ActionSet) {
        let s = &self.ships[i];
        if !s.ashore || !s.can_act() {
            return;
        }
        for (j, t) in self.ships().iter().enumerate() {
            if t.side != s.side && t.on_table() && self.parties_within_musket(i, j) {
                out.insert(LANDING_0 + t.slot as Action);
            }
        }
    }

    /// Moves (or turns) ship `i` to `to`; a ship that moves loses her landing party.
    pub(crate) fn set_base(&mut self, i: usize, to: Rect) {
        let s = &mut self.ships[i];
        if s.base != to {
            s.ashore = false;
        }
        s.base = to;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_point_lies_on_the_island_edge_facing_the_ship() {
        let island = Rect::new(Point::new(10_000, 10_000), 0, 4_000, 2_000);
        // East of the island: its east edge (beam 2000: x = 11000), level with the ship.
        assert_eq!(nearest_point(&island, Point::new(14_000, 10_500)), Point::new(11_000, 10_500));
        // Past a corner: the corner.
        assert_eq!(nearest_point(&island, Point::new(14_000, 20_000)), Point::new(11_000, 12_000));
        // Turned a quarter: the long axis east-west.
        let turned = Rect::new(Point::new(10_000, 10_000), 90, 4_000, 2_000);
        assert_eq!(nearest_point(&turned, Point::new(10_000, 5_000)), Point::new(10_000, 9_000));
    }
}
