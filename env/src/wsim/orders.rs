//! The orders phase: each side writes its ships' orders as a sequence of sub-decisions.
//!
//! Seed: "When all players have completed their orders, the computer simultaneously moves
//! them, then resolves firing and damage." Side 0 writes all its ships' orders, then side 1;
//! side 1 never observes side 0's orders before they are carried out, so the two sides'
//! orders are in effect simultaneous. A ship's orders are, in this order: the unfouling
//! option (fouled ships only), movement tokens until `move:end`, aim, fire threshold (both
//! only when a broadside is loaded) and load side. A sub-decision with a single legal choice
//! is taken automatically and is not a decision point.

use crate::action_set::ActionSet;
use crate::game::Action;
use crate::hex::ShipPos;

use super::catalogue::*;
use super::data::tables;
use super::state::{self as st, Attitude, Phase, Step, WsimGame};

/// Where a ship's written movement leaves it, and what it may still do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlanCursor {
    /// Position after the tokens written so far.
    pub pos: ShipPos,
    /// Movement factors spent.
    pub spent: u8,
    /// Hexes moved while in each attitude.
    pub hexes_in: [u8; 4],
    /// Turns made.
    pub turns: u8,
    /// The last token was a turn (one turn per hex).
    pub last_was_turn: bool,
    /// Turned into attitude D: the move is over.
    pub stopped: bool,
}

impl WsimGame {
    /// Replays `ships[ship]`'s written tokens from its current position.
    pub fn plan_cursor(&self, ship: usize) -> PlanCursor {
        let s = &self.ships[ship];
        let mut c = PlanCursor {
            pos: s.pos,
            spent: 0,
            hexes_in: [0; 4],
            turns: 0,
            last_was_turn: false,
            stopped: false,
        };
        for &t in &s.orders.plan[..s.orders.plan_len as usize] {
            self.advance_cursor(&mut c, t);
        }
        c
    }

    fn advance_cursor(&self, c: &mut PlanCursor, token: u8) {
        match token {
            st::TOKEN_FORWARD => {
                let att = Attitude::of(c.pos.facing, self.wind_from);
                c.pos = c.pos.forward();
                c.spent += 1;
                c.hexes_in[att as usize] += 1;
                c.last_was_turn = false;
            }
            _ => {
                c.pos = c.pos.turned(if token == st::TOKEN_LEFT { -1 } else { 1 });
                c.spent += 1;
                c.turns += 1;
                c.last_was_turn = true;
                if Attitude::of(c.pos.facing, self.wind_from) == Attitude::D {
                    c.stopped = true;
                }
            }
        }
    }

    /// Legal movement tokens for `ship` given what it has written so far.
    ///
    /// Seed and Basic Game IV.A: the allowance is fixed by the attitude at the start; each hex
    /// and each turn costs one factor; one turn per hex; at most `turn_allowance` turns; hexes
    /// moved in an attitude may not exceed that attitude's allowance; allowance 0 still allows
    /// one free 60-degree turn in place; turning into D stops the ship; no part of a ship may
    /// leave the map.
    pub fn movement_options(&self, ship: usize, out: &mut ActionSet) {
        out.insert(END_MOVE);
        let s = &self.ships[ship];
        if s.orders.plan_len as usize >= st::MAX_PLAN {
            return;
        }
        let c = self.plan_cursor(ship);
        if c.stopped {
            return;
        }
        let allowance = self.allowance(ship);
        let can_turn_in = |p: ShipPos| self.map.contains(p.stern());
        if allowance == 0 {
            // The free turn in place, once.
            if s.orders.plan_len == 0 {
                if can_turn_in(c.pos.turned(-1)) {
                    out.insert(TURN_LEFT);
                }
                if can_turn_in(c.pos.turned(1)) {
                    out.insert(TURN_RIGHT);
                }
            }
            return;
        }
        if c.spent >= allowance {
            return;
        }
        let att = Attitude::of(c.pos.facing, self.wind_from);
        if c.hexes_in[att as usize] < self.allowance_in(ship, att)
            && self.map.contains(c.pos.forward().bow)
        {
            out.insert(FORWARD);
        }
        if !c.last_was_turn && c.turns < s.turn_allowance {
            if can_turn_in(c.pos.turned(-1)) {
                out.insert(TURN_LEFT);
            }
            if can_turn_in(c.pos.turned(1)) {
                out.insert(TURN_RIGHT);
            }
        }
    }

    /// The rule that forbids the movement token `action` (`TURN_LEFT`, `TURN_RIGHT` or
    /// `FORWARD`) for `ship` now, in words, following [`Self::movement_options`] check by
    /// check; `None` when it is allowed (or not a movement token). For people, not search.
    pub fn movement_refusal(&self, ship: usize, action: Action) -> Option<String> {
        if !matches!(action, TURN_LEFT | TURN_RIGHT | FORWARD) {
            return None;
        }
        let s = &self.ships[ship];
        if s.orders.plan_len as usize >= st::MAX_PLAN {
            return Some(format!(
                "a written movement holds at most {} tokens",
                st::MAX_PLAN
            ));
        }
        let c = self.plan_cursor(ship);
        if c.stopped {
            return Some("she has turned into the wind, and turning into the wind ends her move".into());
        }
        let allowance = self.allowance(ship);
        let turn = action != FORWARD;
        let off_map = |hex| !self.map.contains(hex);
        if allowance == 0 {
            if !turn {
                return Some("her movement allowance this turn is 0 (from her attitude to the wind and her rigging): she may only turn once in place".into());
            }
            if s.orders.plan_len > 0 {
                return Some("with a movement allowance of 0 she may turn only once, in place".into());
            }
        } else if c.spent >= allowance {
            return Some(format!(
                "her movement allowance this turn, {allowance}, is spent: each hex and each turn costs one"
            ));
        } else if turn {
            if c.last_was_turn {
                return Some("one turn per hex: she must move a hex ahead before turning again".into());
            }
            if c.turns >= s.turn_allowance {
                return Some(format!(
                    "she may turn at most {} time(s) a turn",
                    s.turn_allowance
                ));
            }
        } else {
            let att = Attitude::of(c.pos.facing, self.wind_from);
            if c.hexes_in[att as usize] >= self.allowance_in(ship, att) {
                return Some(format!(
                    "she may move at most {} hex(es) while in attitude {att:?} to the wind",
                    self.allowance_in(ship, att)
                ));
            }
            if off_map(c.pos.forward().bow) {
                return Some("no part of a ship may leave the map".into());
            }
            return None;
        }
        let d = if action == TURN_LEFT { -1 } else { 1 };
        if off_map(c.pos.turned(d).stern()) {
            return Some("no part of a ship may leave the map".into());
        }
        None
    }

    /// Legal actions at an orders sub-decision, before the resignation option.
    pub fn step_options(&self, ship: usize, step: Step, out: &mut ActionSet) {
        match step {
            Step::Unfoul => {
                for a in UNFOUL_ALL..=REMAIN_FOULED {
                    out.insert(a);
                }
            }
            Step::Move => self.movement_options(ship, out),
            Step::Aim => {
                out.insert(AIM_HULL);
                out.insert(AIM_RIGGING);
            }
            Step::Threshold => {
                for a in FIRE_AT_LEAST_0..=HOLD_FIRE {
                    out.insert(a);
                }
            }
            Step::Load => {
                out.insert(LOAD_ANY);
                out.insert(LOAD_LEFT);
                out.insert(LOAD_RIGHT);
            }
        }
    }

    /// Records a player's order action for the ship at the cursor, then moves the cursor on.
    pub(crate) fn apply_order(&mut self, action: Action) {
        let Phase::Orders {
            player, ship, step, ..
        } = self.phase
        else {
            return;
        };
        if action == RESIGN {
            self.resign(player);
            return;
        }
        let i = ship as usize;
        let o = &mut self.ships[i].orders;
        let mut next = step;
        match action {
            TURN_LEFT | TURN_RIGHT | FORWARD => {
                o.plan[o.plan_len as usize] = match action {
                    TURN_LEFT => st::TOKEN_LEFT,
                    TURN_RIGHT => st::TOKEN_RIGHT,
                    _ => st::TOKEN_FORWARD,
                };
                o.plan_len += 1;
            }
            END_MOVE => next = Step::Aim,
            AIM_HULL | AIM_RIGGING => {
                o.aim = if action == AIM_HULL {
                    st::AIM_HULL
                } else {
                    st::AIM_RIGGING
                };
                next = Step::Threshold;
            }
            a if (FIRE_AT_LEAST_0..=HOLD_FIRE).contains(&a) => {
                o.threshold = (a - FIRE_AT_LEAST_0) as u8;
                next = Step::Load;
            }
            LOAD_ANY | LOAD_LEFT | LOAD_RIGHT => {
                o.load = (action - LOAD_ANY) as u8;
                self.next_ship(player, i + 1);
                return;
            }
            _ => {
                o.unfoul = (action - UNFOUL_ALL) as u8;
                next = Step::Move;
            }
        }
        self.enter_step(player, i, next, false);
    }

    /// Moves the cursor to `step` of `ship`, skipping sub-decisions that do not apply
    /// (unfouling when not fouled; aim and threshold with both broadsides empty) or have a
    /// single legal choice (movement with only `move:end` left, taken automatically).
    fn enter_step(&mut self, player: u8, ship: usize, mut step: Step, first: bool) {
        let resign_offered = first && self.options.resignation;
        loop {
            let s = &self.ships[ship];
            let skip = match step {
                Step::Unfoul => s.fouled == 0,
                Step::Move => {
                    let mut opts = ActionSet::new();
                    self.movement_options(ship, &mut opts);
                    !resign_offered && opts.len() == 1
                }
                Step::Aim | Step::Threshold => !(s.loaded[0] || s.loaded[1]),
                Step::Load => false,
            };
            if !skip {
                self.phase = Phase::Orders {
                    player,
                    ship: ship as u8,
                    step,
                    first,
                };
                return;
            }
            step = match step {
                Step::Unfoul => Step::Move,
                Step::Move => Step::Aim,
                Step::Aim => Step::Threshold,
                Step::Threshold | Step::Load => Step::Load,
            };
        }
    }

    /// Starts the orders of `player`'s next ship able to fight from index `from`; when there
    /// is none, hands over to the other side or to the resolution.
    pub(crate) fn next_ship(&mut self, player: u8, from: usize) {
        let n = self.num_ships as usize;
        if let Some(i) =
            (from..n).find(|&i| self.ships[i].side == player && self.ships[i].can_fight())
        {
            self.enter_step(player, i, Step::Unfoul, from == 0);
            return;
        }
        if player == 0 {
            self.next_ship(1, 0);
        } else {
            self.begin_resolution();
        }
    }

    /// Starts a new turn's orders phase.
    pub(crate) fn start_orders(&mut self) {
        self.fired_this_turn = false;
        for s in self.ships.iter_mut() {
            s.orders.plan_len = 0;
            s.orders.plan = [0; st::MAX_PLAN];
        }
        self.next_ship(0, 0);
    }

    /// The legal actions in the orders phase.
    pub(crate) fn order_options(&self) -> ActionSet {
        let mut out = ActionSet::new();
        if let Phase::Orders {
            ship, step, first, ..
        } = self.phase
        {
            self.step_options(ship as usize, step, &mut out);
            if first && self.options.resignation {
                out.insert(RESIGN);
            }
        }
        out
    }

    fn resign(&mut self, player: u8) {
        self.scores[player as usize] = 0;
        self.finish(super::state::Ending::Win {
            winner: 1 - player,
            reason: super::state::EndReason::Resignation,
        });
    }

    /// Maximum movement allowance any ship may have, from the data (for normalising).
    pub fn max_allowance() -> u8 {
        tables()
            .movement
            .iter()
            .flat_map(|r| r.iter())
            .copied()
            .max()
            .unwrap_or(1)
    }
}
