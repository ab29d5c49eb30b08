//! The load phase, the end of a turn and the victory conditions.
//!
//! Seed: "A ship can load one complete broadside per turn. Only one side can be loaded, not
//! both." "Any side" loads an empty broadside; with both empty it picks one at random (a
//! chance node). Victory: a single-ship scenario ends when a ship surrenders (both at once: a
//! draw); a multi-ship scenario ends when a side has no ship able to fight; either ends after
//! the no-fire timer or the turn limit, won by the side still able to fight with the most
//! points. Resignation ends the game at once.

use super::data::tables;
use super::state::{EndReason, Ending, Pending, Phase, WsimGame, LOAD_LEFT, LOAD_RIGHT};

impl WsimGame {
    /// Loads `ship`'s broadside per its order, then moves on; after the last ship, ends the turn.
    pub(crate) fn step_reload(&mut self, ship: usize) {
        let n = self.num_ships as usize;
        if ship >= n {
            self.end_turn();
            return;
        }
        self.phase = Phase::Reload {
            ship: ship as u8 + 1,
        };
        let s = &mut self.ships[ship];
        if !s.can_fight() {
            return;
        }
        match (s.loaded[0], s.loaded[1]) {
            (true, true) => {}
            (false, true) => s.loaded[0] = true,
            (true, false) => s.loaded[1] = true,
            (false, false) => match s.orders.load {
                LOAD_LEFT => s.loaded[0] = true,
                LOAD_RIGHT => s.loaded[1] = true,
                _ => self.pending = Pending::ReloadSide { ship: ship as u8 },
            },
        }
    }

    fn end_turn(&mut self) {
        if self.fired_this_turn {
            self.no_fire_turns = 0;
        } else {
            self.no_fire_turns += 1;
        }
        let rules = &tables().rules;
        if let Some(ending) = self.check_end(rules.no_fire_grace_turns + rules.no_fire_timer_turns)
        {
            self.finish(ending);
            return;
        }
        self.turn += 1;
        self.start_orders();
    }

    /// The ending, if the game is over at the end of this turn.
    pub(crate) fn check_end(&self, no_fire_limit: u16) -> Option<Ending> {
        if self.single_ship {
            let struck =
                [0u8, 1].map(|side| self.ships().iter().any(|s| s.side == side && s.struck()));
            match struck {
                [true, true] => {
                    return Some(Ending::Draw {
                        reason: EndReason::Surrender,
                    })
                }
                [true, false] => {
                    return Some(Ending::Win {
                        winner: 1,
                        reason: EndReason::Surrender,
                    })
                }
                [false, true] => {
                    return Some(Ending::Win {
                        winner: 0,
                        reason: EndReason::Surrender,
                    })
                }
                _ => {}
            }
        } else if !self.side_can_fight(0) || !self.side_can_fight(1) {
            return Some(self.points_ending(EndReason::Annihilation));
        }
        if self.no_fire_turns >= no_fire_limit {
            return Some(self.points_ending(EndReason::NoFire));
        }
        if self.turn >= self.turn_limit {
            return Some(self.points_ending(EndReason::TurnLimit));
        }
        None
    }

    /// "The player still able to fight with the highest amount [of points] is declared the winner."
    fn points_ending(&self, reason: EndReason) -> Ending {
        match (self.side_can_fight(0), self.side_can_fight(1)) {
            (true, false) => Ending::Win { winner: 0, reason },
            (false, true) => Ending::Win { winner: 1, reason },
            (false, false) => Ending::Draw { reason },
            (true, true) => match self.scores[0].cmp(&self.scores[1]) {
                std::cmp::Ordering::Greater => Ending::Win { winner: 0, reason },
                std::cmp::Ordering::Less => Ending::Win { winner: 1, reason },
                std::cmp::Ordering::Equal => Ending::Draw { reason },
            },
        }
    }

    pub(crate) fn finish(&mut self, ending: Ending) {
        self.phase = Phase::Over;
        self.pending = Pending::None;
        self.ending = Some(ending);
    }
}
