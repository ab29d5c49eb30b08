//! Resolution of a turn once both sides' orders are written: the driver loop that runs
//! automatic steps until a decision or a chance node, the unfouling phase and simultaneous
//! movement with collisions and fouling.
//!
//! Seed: "If two or more ships (enemy or friendly) are found to be in the same hex at the same
//! time during movement, a collision takes place and all movement ends for all ships
//! involved." Movement is retraced one token at a time (Basic Game V.C.1: "a 60 degree turn
//! counts the same as a hex moved into"): step `k` executes every moving ship's `k`-th token
//! together, then collisions are settled:
//! - a ship already in the hex before the step keeps it; the others move back;
//! - a bow entering by moving ahead beats a stern swinging in by a turn;
//! - "In all other cases that might occur, a random winner of the collision is chosen"
//!   (a chance node over the candidates).
//!
//! Each collided pair then fouls with probability 1/2: one chance node per pair and step,
//! even when the loser's move back makes the pair collide again in the hex it came from
//! (two ships meeting bow to bow).

use crate::game::Action;
use crate::hex::Hex;

use super::catalogue::*;
use super::data::tables;
use super::state::{
    flag, Pending, Phase, WsimGame, MAX_PLAN, REMAIN_FOULED, TOKEN_FORWARD, TOKEN_LEFT,
    UNFOUL_ENEMY, UNFOUL_FRIEND,
};

impl WsimGame {
    /// Runs automatic steps until a player decides, a chance node waits or the game ends.
    pub(crate) fn run(&mut self) {
        while self.pending == Pending::None {
            match self.phase {
                Phase::Orders { .. } | Phase::Over => return,
                Phase::Unfouling { a, b } => self.step_unfouling(a as usize, b as usize),
                Phase::Movement { step, started } => self.step_movement(step as usize, started),
                Phase::Fire { ship, side } => self.step_fire(ship as usize, side as usize),
                Phase::Reload { ship } => self.step_reload(ship as usize),
            }
        }
    }

    /// Both sides have written their orders: resolution starts with unfouling.
    pub(crate) fn begin_resolution(&mut self) {
        self.phase = Phase::Unfouling { a: 0, b: 1 };
    }

    /// Applies the outcome of the pending chance node.
    pub(crate) fn apply_chance(&mut self, action: Action) {
        let pending = std::mem::replace(&mut self.pending, Pending::None);
        match pending {
            Pending::None => {}
            Pending::Unfoul { a, b } => {
                if action == UNFOUL_SUCCESS {
                    self.ships[a as usize].fouled &= !(1 << b);
                    self.ships[b as usize].fouled &= !(1 << a);
                }
            }
            Pending::CollisionWinner { .. } => {
                if let Some((_, occupants)) = self.first_conflict() {
                    self.settle_collision((action - PICK_0) as usize, occupants);
                }
            }
            Pending::Foul { winner, losers } => {
                let loser = losers.trailing_zeros() as usize;
                if action == FOUL {
                    self.ships[winner as usize].fouled |= 1 << loser;
                    self.ships[loser].fouled |= 1 << winner;
                }
                let rest = losers & (losers - 1);
                if rest != 0 {
                    self.pending = Pending::Foul {
                        winner,
                        losers: rest,
                    };
                }
            }
            Pending::Target { ship, side, .. } => {
                self.fire_at(ship as usize, side as usize, (action - PICK_0) as usize);
            }
            Pending::FireDie {
                ship,
                side,
                target,
                table,
                range,
                raked,
            } => {
                self.resolve_shot(
                    ship as usize,
                    side as usize,
                    target as usize,
                    table,
                    range,
                    raked,
                    (action - DIE_1) as usize,
                );
            }
            Pending::GunSide {
                firer,
                target,
                left,
            } => {
                let side = if action == GUN_HIT_LEFT { 0 } else { 1 };
                self.place_gun_hit(target as usize, side);
                if left > 1 {
                    self.pending = Pending::GunSide {
                        firer,
                        target,
                        left: left - 1,
                    };
                }
            }
            Pending::ReloadSide { ship } => {
                let side = if action == RELOAD_LEFT { 0 } else { 1 };
                self.ships[ship as usize].loaded[side] = true;
            }
        }
    }

    /// Whether `ship`'s unfouling option asks to unfoul from `other`. Ships that cannot
    /// fight wrote no orders and never ask.
    fn wants_unfoul(&self, ship: usize, other: usize) -> bool {
        let s = &self.ships[ship];
        if !s.can_fight() {
            return false;
        }
        let friendly = s.side == self.ships[other].side;
        match s.orders.unfoul {
            REMAIN_FOULED => false,
            UNFOUL_FRIEND => friendly,
            UNFOUL_ENEMY => !friendly,
            _ => true,
        }
    }

    /// Seed: "a one third chance that fouled ships will unfoul". One roll per fouled pair,
    /// made when either ship's unfouling option asks for it.
    fn step_unfouling(&mut self, a0: usize, b0: usize) {
        let n = self.num_ships as usize;
        let (mut a, mut b) = (a0, b0);
        while a < n {
            while b < n {
                if self.ships[a].fouled & (1 << b) != 0
                    && (self.wants_unfoul(a, b) || self.wants_unfoul(b, a))
                {
                    self.phase = Phase::Unfouling {
                        a: a as u8,
                        b: (b + 1) as u8,
                    };
                    self.pending = Pending::Unfoul {
                        a: a as u8,
                        b: b as u8,
                    };
                    return;
                }
                b += 1;
            }
            a += 1;
            b = a + 1;
        }
        self.start_movement();
    }

    fn start_movement(&mut self) {
        let n = self.num_ships as usize;
        for s in &mut self.ships[..n] {
            s.flags &= !(flag::MOVING | flag::STEPPED_FORWARD | flag::STEPPED_TURN);
            if s.can_fight() && s.fouled == 0 && s.orders.plan_len > 0 {
                s.flags |= flag::MOVING;
            }
        }
        self.phase = Phase::Movement {
            step: 0,
            started: false,
        };
    }

    /// `started == false`: execute token `k` of every moving ship. `true`: settle the
    /// collisions of step `k`, one at a time, then go to the next step.
    fn step_movement(&mut self, k: usize, started: bool) {
        let n = self.num_ships as usize;
        if !started {
            let mut any = false;
            for s in &mut self.ships[..n] {
                s.step_start = s.pos;
                s.collided = 0;
                s.flags &= !(flag::STEPPED_FORWARD | flag::STEPPED_TURN);
                if !s.has(flag::MOVING) {
                    continue;
                }
                if k >= s.orders.plan_len as usize || k >= MAX_PLAN {
                    s.flags &= !flag::MOVING;
                    continue;
                }
                any = true;
                match s.orders.plan[k] {
                    TOKEN_FORWARD => {
                        s.pos = s.pos.forward();
                        s.flags |= flag::STEPPED_FORWARD;
                    }
                    t => {
                        s.pos = s.pos.turned(if t == TOKEN_LEFT { -1 } else { 1 });
                        s.flags |= flag::STEPPED_TURN;
                    }
                }
            }
            self.phase = if any {
                Phase::Movement {
                    step: k as u8,
                    started: true,
                }
            } else {
                Phase::Fire { ship: 0, side: 0 }
            };
            return;
        }
        match self.first_conflict() {
            None => {
                self.phase = Phase::Movement {
                    step: (k + 1) as u8,
                    started: false,
                }
            }
            Some((h, occupants)) => {
                // The ship that was in the hex before this step keeps it.
                let mut pre = 0u32;
                let mut bows = 0u32;
                for j in bits(occupants) {
                    let s = &self.ships[j];
                    if s.step_start.occupies(h) {
                        pre |= 1 << j;
                    }
                    if s.has(flag::STEPPED_FORWARD) && s.pos.bow == h {
                        bows |= 1 << j;
                    }
                }
                let candidates = if pre != 0 {
                    pre
                } else if bows != 0 {
                    bows
                } else {
                    occupants
                };
                if candidates.count_ones() == 1 {
                    self.settle_collision(candidates.trailing_zeros() as usize, occupants);
                } else {
                    self.pending = Pending::CollisionWinner { candidates };
                }
            }
        }
    }

    /// The first hex (in ship order, bow before stern) holding two ships, and who is in it.
    pub(crate) fn first_conflict(&self) -> Option<(Hex, u32)> {
        let ships = self.ships();
        for (i, a) in ships.iter().enumerate() {
            for b in &ships[i + 1..] {
                if a.pos.overlaps(b.pos) {
                    let h = if b.pos.occupies(a.pos.bow) {
                        a.pos.bow
                    } else {
                        a.pos.stern()
                    };
                    let occupants = ships
                        .iter()
                        .enumerate()
                        .filter(|(_, s)| s.pos.occupies(h))
                        .fold(0u32, |m, (j, _)| m | 1 << j);
                    return Some((h, occupants));
                }
            }
        }
        None
    }

    /// `winner` keeps the hex; the other occupants move back; movement ends for all of
    /// them; each collided pair that has not yet rolled this step then rolls for fouling.
    fn settle_collision(&mut self, winner: usize, occupants: u32) {
        let collided = occupants & !(1 << winner);
        let losers = collided & !self.ships[winner].collided;
        for j in bits(occupants) {
            let s = &mut self.ships[j];
            if j != winner {
                s.pos = s.step_start;
                s.collided |= 1 << winner;
            }
            s.flags &= !(flag::MOVING | flag::STEPPED_FORWARD | flag::STEPPED_TURN);
        }
        self.ships[winner].collided |= collided;
        if losers != 0 {
            self.pending = Pending::Foul {
                winner: winner as u8,
                losers,
            };
        }
    }

    /// The outcomes of the pending chance node.
    pub(crate) fn pending_outcomes(&self) -> crate::chance::ChanceOutcomes {
        use crate::chance::ChanceOutcomes;
        let rules = &tables().rules;
        let mut c = ChanceOutcomes::new();
        match self.pending {
            Pending::None => {}
            Pending::Unfoul { .. } => {
                let (num, den) = rules.unfoul_chance;
                c.push(UNFOUL_SUCCESS, num);
                c.push(UNFOUL_FAIL, den - num);
            }
            Pending::Foul { .. } => {
                let (num, den) = rules.foul_chance;
                c.push(FOUL, num);
                c.push(NO_FOUL, den - num);
            }
            Pending::CollisionWinner { candidates } | Pending::Target { candidates, .. } => {
                for j in bits(candidates) {
                    c.push(PICK_0 + j as Action, 1);
                }
            }
            Pending::FireDie { .. } => {
                for face in 0..6 {
                    c.push(DIE_1 + face, 1);
                }
            }
            Pending::GunSide { .. } => {
                c.push(GUN_HIT_LEFT, 1);
                c.push(GUN_HIT_RIGHT, 1);
            }
            Pending::ReloadSide { .. } => {
                c.push(RELOAD_LEFT, 1);
                c.push(RELOAD_RIGHT, 1);
            }
        }
        c
    }
}

/// The indices of the set bits of `mask`, ascending.
pub(crate) fn bits(mask: u32) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(i)
        }
    })
}
