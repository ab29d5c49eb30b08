//! The end phase (quick reference steps 9-13): capture or destroy shaken ships, the
//! withdrawal check on strike points, the end of the last turn, sinking rolls, lost
//! admirals and the flag, and the cards going back to the hands.

use crate::action_set::ActionSet;
use crate::game::Action;

use super::catalogue::*;
use super::data::{rules, MAX_COMMANDS};
use super::dice::{face, Pool};
use super::state::*;

impl OakGame {
    pub(crate) fn start_end_phase(&mut self) {
        self.phase = Phase::End;
        self.separate_shaken_pairs();
        self.end_cursor = 0;
        self.capture_step();
    }

    /// Two entangled shaken ships are moved apart yardarm distance, or as far as possible
    /// (glossary 1.01: here the whole yardarm or not at all).
    fn separate_shaken_pairs(&mut self) {
        let n = self.n_ships as usize;
        let y = rules().ranges.yardarm;
        for a in 0..n {
            for b in a + 1..n {
                let (sa, sb) = (self.ships[a], self.ships[b]);
                if sa.entangled & (1 << b) == 0 || !sa.shaken() || !sb.shaken() {
                    continue;
                }
                self.ships[a].entangled &= !(1 << b);
                self.ships[b].entangled &= !(1 << a);
                let to = self.away_from(b, sa.base.centre, y);
                if self.clear_at(b, &to) {
                    self.set_base(b, to);
                } else {
                    let to = self.away_from(a, sb.base.centre, y);
                    if self.clear_at(a, &to) {
                        self.set_base(a, to);
                    }
                }
            }
        }
    }

    /// The ship of `side` able to capture or destroy enemy ship `j`, if any: entangled
    /// with it, not shaken or out of action (glossary: capture or destroy shaken ships).
    fn captor(&self, side: u8, j: usize) -> Option<usize> {
        let t = &self.ships[j];
        if t.side == side || !t.on_table() || t.captured() || t.destroyed {
            return None;
        }
        if !(t.shaken() || t.out_of_action()) {
            return None;
        }
        (0..self.n_ships as usize).find(|&a| {
            let s = &self.ships[a];
            s.side == side && s.can_act() && !s.shaken() && s.entangled & (1 << j) != 0
        })
    }

    pub(crate) fn capture_options(&self, out: &mut ActionSet) {
        for (j, t) in self.ships().iter().enumerate() {
            if self.captor(self.who, j).is_some() {
                out.insert(CAPTURE_0 + t.slot as Action);
                out.insert(DESTROY_0 + t.slot as Action);
            }
        }
        out.insert(PASS);
    }

    fn capture_step(&mut self) {
        while self.end_cursor < 2 {
            let side = if self.end_cursor == 0 {
                self.first
            } else {
                1 - self.first
            };
            if (0..self.n_ships as usize).any(|j| self.captor(side, j).is_some()) {
                self.who = side;
                self.pending = Pending::Capture;
                return;
            }
            self.end_cursor += 1;
        }
        self.withdrawal();
    }

    pub(crate) fn apply_capture(&mut self, a: Action) {
        let enemy = 1 - self.who;
        let pick = |first: Action| {
            if (first..first + 8).contains(&a) {
                self.ship_at(enemy, (a - first) as usize)
            } else {
                None
            }
        };
        if let Some(j) = pick(CAPTURE_0) {
            self.ships[j].captured_by = self.who;
        } else if let Some(j) = pick(DESTROY_0) {
            if let Some(c) = self.captor(self.who, j) {
                self.ships[j].destroyed = true;
                // A free cut free that succeeds; where the captor cannot move away the
                // destroyed ship is removed instead.
                let to = self.away_from(c, self.ships[j].base.centre, rules().ranges.yardarm);
                self.ships[c].entangled &= !(1 << j);
                self.ships[j].entangled &= !(1 << c);
                if self.clear_at(c, &to) {
                    self.set_base(c, to);
                } else {
                    self.ships[j].status = status::REMOVED;
                    self.untangle_all(j);
                }
            }
        } else {
            self.end_cursor += 1;
        }
        self.capture_step();
    }

    /// Step 10 (and the end of the last turn): a squadron with more strike points than
    /// active ships withdraws and loses; both: fewer strike points wins, a tie plays on.
    /// After the last turn fewer strike points wins, a tie goes to the defender.
    fn withdrawal(&mut self) {
        let sp = [self.strike_points(0), self.strike_points(1)];
        let active = [self.active_ships(0), self.active_ships(1)];
        let lost = [sp[0] > active[0], sp[1] > active[1]];
        match lost {
            [true, true] if sp[0] != sp[1] => {
                self.finish(Some(if sp[0] < sp[1] { 0 } else { 1 }), EndReason::Withdrawal);
                return;
            }
            [true, false] => {
                self.finish(Some(1), EndReason::Withdrawal);
                return;
            }
            [false, true] => {
                self.finish(Some(0), EndReason::Withdrawal);
                return;
            }
            _ => {}
        }
        if self.turn >= self.turns {
            let winner = if sp[0] == sp[1] {
                self.defender
            } else if sp[0] < sp[1] {
                0
            } else {
                1
            };
            self.finish(Some(winner), EndReason::LastTurn);
            return;
        }
        self.end_cursor = 0;
        self.next_sinking();
    }

    /// Step 11: one die for each out-of-action ship on the table; a skull or a cannon sinks
    /// it (rules notes: substitute faces).
    pub(crate) fn next_sinking(&mut self) {
        let n = self.n_ships as usize;
        if let Some(i) = (self.end_cursor as usize..n)
            .find(|&i| self.ships[i].on_table() && self.ships[i].out_of_action())
        {
            let c = self.ships[i].command();
            self.start_roll(
                Pool::new(1, face::SKULL | face::CANNON, 0, 0, false, c),
                RollFor::Sink { ship: i as u8 },
            );
            return;
        }
        self.lost_admirals(0);
    }

    /// Whether command `c` (a squadron) has lost its flagship (out of action, captured,
    /// sunk or removed) and has a ship left to take the flag.
    fn flag_lost(&self, c: u8) -> bool {
        let has_flag = self
            .ships()
            .iter()
            .any(|s| s.command() == c && s.flagship && s.can_act());
        !has_flag && self.command_alive(c)
    }

    /// Ships of command `c` the admiral may transfer to from an out-of-action flagship on
    /// the table with a fortune point: within pistol shot, not entangled.
    fn transfer_targets(&self, c: u8) -> u16 {
        let Some(f) = self.flagship(c) else {
            return 0;
        };
        if self.fortune[c as usize % MAX_COMMANDS] == 0 {
            return 0;
        }
        let p = rules().ranges.pistol;
        (0..self.n_ships as usize)
            .filter(|&k| {
                let s = &self.ships[k];
                k != f && s.command() == c && s.can_act() && !s.is_entangled() && self.distance(f, k) <= p
            })
            .fold(0, |m, k| m | 1 << k)
    }

    pub(crate) fn flag_options(&self, out: &mut ActionSet) {
        let c = self.cmd;
        if self.end_cursor == 0 {
            let t = self.transfer_targets(c);
            for (k, s) in self.ships().iter().enumerate() {
                if t & (1 << k) != 0 {
                    out.insert(FLAG_0 + s.slot as Action);
                }
            }
            out.insert(PASS);
        } else {
            for s in self.ships() {
                if s.command() == c && s.can_act() {
                    out.insert(FLAG_0 + s.slot as Action);
                }
            }
        }
    }

    pub(crate) fn apply_flag_choice(&mut self, a: Action) {
        let c = self.cmd;
        if a == PASS {
            self.end_cursor = 1;
            return;
        }
        let Some(k) = self.ship_at(c & 1, (a - FLAG_0) as usize) else {
            return;
        };
        let ci = c as usize % MAX_COMMANDS;
        if self.end_cursor == 0 {
            self.fortune[ci] = self.fortune[ci].saturating_sub(1);
        } else {
            self.admiral[ci] = 0;
        }
        for s in self.ships.iter_mut().filter(|s| s.command() == c) {
            s.flagship = false;
        }
        self.ships[k].flagship = true;
        self.lost_admirals(c);
    }

    /// Step 12: a lost flagship is replaced (a fortune point for a transfer, else a new
    /// flagship with an untested admiral) and a hand larger than 5 + the admiral value is
    /// discarded down, squadron by squadron from command `from`; then step 13.
    pub(crate) fn lost_admirals(&mut self, from: u8) {
        for c in from..MAX_COMMANDS as u8 {
            if !self.command_exists(c as usize) {
                continue;
            }
            if self.flag_lost(c) {
                self.cmd = c;
                self.who = c & 1;
                self.pending = Pending::LostAdmiral;
                self.end_cursor = if self.transfer_targets(c) != 0 { 0 } else { 1 };
                return;
            }
            if self.hand[c as usize].count_ones() > self.hand_limit(c as usize) {
                self.cmd = c;
                self.who = c & 1;
                self.pending = Pending::DiscardDown;
                let mut opts = ActionSet::new();
                self.card_options(&mut opts);
                if !opts.is_empty() {
                    return;
                }
            }
        }
        self.return_cards();
    }
}
