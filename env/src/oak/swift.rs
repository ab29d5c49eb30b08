//! Swift Vessels, a French initiative card of value 4 (card list: the rules notes' source,
//! `Djaa9/oakandiron-fleetbuilder`, `initiativeCards.js`; paraphrased): each ship of the
//! squadron that is not in the wind's eye, entangled or aground may at once make a free
//! speed 1 move.
//!
//! Our version (the deviations are in `docs/rulesets/oak.md`): the card resolves with the
//! other "immediately" cards, after Fleet Maneuver's free turns and before Raise the
//! Black's tests. Each ship of a squadron playing it is offered the move in ship order, one
//! at a time (the card moves them "at once"; one after the other is the nearest order the
//! decisions can take); her owner decides `move` or `move:end`. The move is straight ahead
//! for the speed 1 tool's length (no turn), through the same sweep as every move: a ship
//! struck rolls one collision die (as a row does), terrain runs her aground, a shoal
//! crossed is tested, and a ship that leaves the table is removed. Eligibility is judged
//! when her turn comes, so a ship entangled by an earlier ship's collision stays put; an
//! anchored ship does not move either (anchored ships have no speed).

use crate::action_set::ActionSet;
use crate::game::Action;

use super::catalogue::{MOVE_AHEAD, MOVE_END};
use super::data::{rules, Effect};
use super::geometry::{point_of_sail, PointOfSail};
use super::state::*;

impl OakGame {
    /// Whether ship `i` may make Swift Vessels' move now: her squadron plays the card, she
    /// can act, is neither entangled, aground nor anchored, and is not in the wind's eye.
    pub fn swift_move_allowed(&self, i: usize) -> bool {
        let s = &self.ships[i];
        self.ship_effect(i, Effect::SwiftVessels)
            && s.can_act()
            && !s.is_entangled()
            && !s.aground
            && s.sail != sail::ANCHORED
            && point_of_sail(s.base.heading, self.wind_from) != PointOfSail::WindEye
    }

    /// The card resolves: every ship of a squadron playing it is noted, then offered her
    /// move in turn ([`Self::next_swift_move`]).
    pub(crate) fn start_swift_moves(&mut self) {
        self.swift_moves = (0..self.n_ships as usize)
            .filter(|&i| self.ship_effect(i, Effect::SwiftVessels))
            .fold(0, |m, i| m | 1 << i);
        self.next_swift_move();
    }

    /// Offers the next noted ship that may still move her free move; when none is left,
    /// Raise the Black and the other immediate effects.
    pub(crate) fn next_swift_move(&mut self) {
        while self.swift_moves != 0 {
            let i = self.swift_moves.trailing_zeros() as usize;
            if self.swift_move_allowed(i) {
                self.act.ship = i as u8;
                self.who = self.ships[i].side;
                self.pending = Pending::FreeMove;
                return;
            }
            self.swift_moves &= !(1 << i);
        }
        self.act.ship = NONE;
        self.raise_the_black(0);
    }

    /// Swift Vessels' choice: the move (`move`) or none (`move:end`).
    pub(crate) fn free_move_options(&self, out: &mut ActionSet) {
        out.insert(MOVE_AHEAD);
        out.insert(MOVE_END);
    }

    pub(crate) fn apply_free_move(&mut self, a: Action) {
        let i = self.act.ship as usize;
        self.swift_moves &= !(1 << i);
        if a != MOVE_AHEAD {
            self.next_swift_move();
            return;
        }
        // The collision dice, the shoal test and the table edge follow as after a row;
        // `continue_move` then comes back to the next ship.
        self.act.swift = true;
        self.act.rowing = false;
        self.act.collide_with = NONE;
        self.act.shoal = false;
        self.sail_ahead(i, rules().tools.r#move[0]);
        self.continue_move();
    }
}
