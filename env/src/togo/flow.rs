//! The turn sequence (sheet, "Turn sequence"): initiative and weather (Ph1), the hidden
//! command phase (Ph2), alternate activations (Ph3), repair and reorganisation (Ph4), the
//! breaking-contact test and the end of the battle. [`TogoGame::next`] moves on from a
//! completed stage to the next one that needs a decision or a roll.

use crate::action_set::ActionSet;
use crate::chance::ChanceOutcomes;
use crate::game::Action;
use crate::plane::rect_distance;

use super::catalogue::*;
use super::data::{rules, MAX_SHIPS};
use super::dice;
use super::state::*;

impl TogoGame {
    /// Whether the state waits for a roll.
    pub fn is_chance(&self) -> bool {
        self.sub.is_some()
            || !matches!(
                self.stage,
                Stage::ChooseA
                    | Stage::Place { .. }
                    | Stage::Select
                    | Stage::Pivot
                    | Stage::Leg
                    | Stage::Target { .. }
                    | Stage::Counter { .. }
                    | Stage::Board
                    | Stage::BoardReroll { .. }
                    | Stage::GunReroll { .. }
                    | Stage::FortGun { .. }
                    | Stage::Over
            )
    }

    /// The side that decides now, if a side decides.
    pub fn decider(&self) -> Option<u8> {
        if self.sub.is_some() {
            return None;
        }
        match self.stage {
            Stage::ChooseA => Some(self.init_winner),
            Stage::Place { ship, .. } => Some(self.ships[ship as usize].side),
            Stage::Select => Some(self.side_to_act),
            Stage::Pivot | Stage::Leg | Stage::Target { .. } | Stage::Board => {
                Some(self.ships[self.mv.ship as usize].side)
            }
            Stage::Counter { ship } => Some(self.ships[ship as usize].side),
            Stage::BoardReroll { attacker } => Some(
                self.ships[if attacker {
                    self.mv.ship
                } else {
                    self.mv.ram_target
                } as usize]
                    .side,
            ),
            Stage::FortGun { shot } | Stage::GunReroll { shot } => {
                Some(self.ships[self.queue[shot as usize].shooter as usize].side)
            }
            _ => None,
        }
    }

    /// The legal decisions now.
    pub fn decisions(&self) -> ActionSet {
        let mut out = ActionSet::new();
        match self.stage {
            Stage::ChooseA => {
                out.insert(INIT_FIRST);
                out.insert(INIT_SECOND);
            }
            Stage::Place { ship, first } => {
                let i = ship as usize;
                for level in STOP..=FULL {
                    let ok = if first {
                        level <= self.plan_cap(i)
                    } else {
                        self.order_allowed(i, self.ships[i].active, level)
                    };
                    if ok {
                        out.insert(ORDER_0 + level as Action);
                    }
                }
            }
            Stage::Select => {
                for (i, s) in self.ships().iter().enumerate() {
                    if s.side == self.side_to_act && s.afloat() && !s.activated {
                        out.insert(ACTIVATE_0 + i as Action);
                    }
                }
            }
            Stage::Pivot => self.pivot_options(&mut out),
            Stage::Leg => self.leg_options(&mut out),
            Stage::Target { battery } => self.target_options(battery, &mut out),
            Stage::Counter { .. } => {
                out.insert(COUNTER);
                out.insert(NO_COUNTER);
            }
            Stage::Board => {
                out.insert(BOARD);
                out.insert(NO_BOARD);
            }
            Stage::BoardReroll { .. } | Stage::GunReroll { .. } => {
                out.insert(REROLL);
                out.insert(NO_REROLL);
            }
            Stage::FortGun { shot } => {
                let t = &self.ships[self.queue[shot as usize].target as usize];
                for k in 0..3 {
                    if t.guns[k] > 0 {
                        out.insert(DESTROY_0 + k as Action);
                    }
                }
            }
            _ => {}
        }
        if self.options.resignation && matches!(self.stage, Stage::Select) {
            out.insert(RESIGN);
        }
        out
    }

    /// The outcomes of the current roll.
    pub fn outcomes(&self) -> ChanceOutcomes {
        let r = rules();
        if let Some(sub) = self.sub {
            return match sub {
                Sub::Blast { .. } => dice::test(r.tests.blast),
                _ => dice::die(6),
            };
        }
        match self.stage {
            Stage::Initiative => dice::chance_of(1, 2),
            Stage::WindDir | Stage::WindDev | Stage::Strength => dice::die(6),
            Stage::StormMine { .. } => dice::test(r.mines.storm_removal),
            Stage::Obstacle => {
                let c = self.ships[self.mv.ship as usize].class;
                dice::test(r.tests.obstacle[(c.clamp(1, 4) - 1) as usize])
            }
            Stage::Mine { .. } => {
                let c = self.ships[self.mv.ship as usize].class;
                dice::pool(r.mines.dice[(c.clamp(1, 4) - 1) as usize], 6, 36)
            }
            Stage::RamTest => dice::test(if self.era >= r.ram.late_era {
                r.ram.success_late
            } else {
                r.ram.success_early
            }),
            Stage::RamEffect => dice::die(self.mv.ram_die),
            Stage::RamStern => dice::test(r.tests.ram_stern),
            Stage::BoardAttack | Stage::BoardDefend => dice::die(6),
            Stage::Hits { shot } => {
                let s = self.queue[shot as usize];
                dice::pool(s.dice, dice::hit_weight(s.to_hit), 36)
            }
            Stage::Reroll { shot } => {
                let s = self.queue[shot as usize];
                dice::pool(s.dice - s.hits, dice::hit_weight(s.to_hit), 36)
            }
            Stage::Armour { shot } => {
                let s = self.queue[shot as usize];
                dice::armour(s.hits, s.pen)
            }
            Stage::TorpHit { .. } => dice::test(r.torpedo.hit),
            Stage::Crit { .. } | Stage::FortMagazine { .. } => dice::die(6),
            Stage::FireTest { .. } | Stage::FloodTest { .. } => dice::test(r.tests.marker),
            Stage::FireEffect { .. } | Stage::FloodEffect { .. } => dice::two_dice(),
            Stage::Engine { .. } | Stage::List { .. } => dice::test(r.tests.repair),
            Stage::Surrender { .. } | Stage::SurrenderFail { .. } => dice::die(6),
            Stage::Contact => dice::test(r.tests.contact),
            _ => ChanceOutcomes::new(),
        }
    }

    /// Applies a legal decision.
    pub fn apply_decision(&mut self, a: Action) {
        if a == RESIGN {
            let loser = self.decider().unwrap_or(0);
            self.finish(Some(1 - loser), EndReason::Resignation);
            return;
        }
        match self.stage {
            Stage::ChooseA => {
                self.player_a = if a == INIT_FIRST {
                    self.init_winner
                } else {
                    1 - self.init_winner
                };
                self.next();
            }
            Stage::Place { ship, first } => {
                let s = &mut self.ships[ship as usize];
                let level = (a - ORDER_0) as u8;
                if first {
                    s.active = level;
                } else {
                    s.planned = level;
                    s.placed = true;
                }
                self.next();
            }
            Stage::Select => self.start_activation((a - ACTIVATE_0) as usize),
            Stage::Pivot => self.apply_pivot(a),
            Stage::Leg => self.apply_leg(a),
            Stage::Target { battery } => {
                if a != HOLD {
                    self.declare(battery, (a - TARGET_0) as usize);
                }
                self.next();
            }
            Stage::Counter { ship } => {
                if a == COUNTER {
                    self.declare_counter(ship as usize);
                }
                self.next();
            }
            Stage::Board => {
                if a == BOARD {
                    self.mv.board_rerolls = 0;
                    self.stage = Stage::BoardAttack;
                } else {
                    self.after_boarding();
                }
            }
            Stage::BoardReroll { attacker } => {
                if a == REROLL {
                    self.mv.board_rerolls |= if attacker { 1 } else { 2 } | 4;
                    self.stage = if attacker {
                        Stage::BoardAttack
                    } else {
                        Stage::BoardDefend
                    };
                } else {
                    self.settle_boarding(true);
                    self.next();
                }
            }
            Stage::GunReroll { shot } => {
                let q = shot as usize;
                if a == REROLL {
                    self.ships[self.queue[q].shooter as usize].captain_used = true;
                    self.stage = Stage::Reroll { shot };
                } else if self.queue[q].hits > 0 {
                    self.stage = Stage::Armour { shot };
                } else {
                    self.shots_from(q + 1);
                }
            }
            Stage::FortGun { shot } => {
                let t = self.queue[shot as usize].target as usize;
                let k = (a - DESTROY_0) as usize;
                self.ships[t].guns[k] = self.ships[t].guns[k].saturating_sub(1);
                self.next();
            }
            _ => {}
        }
    }

    /// Applies a chance outcome.
    pub fn apply_chance(&mut self, a: Action) {
        if let Some(sub) = self.sub.take() {
            self.apply_sub(sub, a);
            if self.sub.is_none() && self.ending.is_none() {
                self.next();
            }
            return;
        }
        let face = a.wrapping_sub(DIE_1) as u8 + 1;
        let pass = a == PASS;
        let stay = match self.stage {
            Stage::Initiative => {
                self.init_winner = if pass { 0 } else { 1 };
                false
            }
            Stage::WindDir => {
                self.wind_dir = match face {
                    1 => 0,
                    2 | 3 => 2,
                    4 => 4,
                    _ => 6,
                };
                false
            }
            Stage::WindDev => {
                self.wind_dir = match face {
                    1 | 2 => (self.wind_dir + 1) % 8,
                    3 | 4 => self.wind_dir,
                    _ => (self.wind_dir + 7) % 8,
                };
                false
            }
            Stage::Strength => {
                self.wind = strength_after(self.wind, face);
                false
            }
            Stage::StormMine { k } => {
                if pass {
                    self.mines[k as usize].present = false;
                }
                false
            }
            Stage::Obstacle | Stage::Mine { .. } | Stage::RamTest | Stage::RamEffect => {
                self.movement_roll(a)
            }
            Stage::RamStern | Stage::BoardAttack | Stage::BoardDefend => self.movement_roll(a),
            Stage::Hits { .. }
            | Stage::Reroll { .. }
            | Stage::Armour { .. }
            | Stage::TorpHit { .. }
            | Stage::Crit { .. }
            | Stage::FortMagazine { .. } => self.fire_roll(a),
            Stage::FireTest { .. }
            | Stage::FireEffect { .. }
            | Stage::FloodTest { .. }
            | Stage::FloodEffect { .. }
            | Stage::Engine { .. }
            | Stage::List { .. }
            | Stage::Surrender { .. }
            | Stage::SurrenderFail { .. } => self.repair_roll(a),
            Stage::Contact => {
                if !pass {
                    self.finish_on_points(EndReason::ContactBroken);
                }
                false
            }
            _ => false,
        };
        if !stay && self.sub.is_none() && self.ending.is_none() {
            self.next();
        }
    }

    /// Moves on from the completed current stage.
    pub(crate) fn next(&mut self) {
        if self.ending.is_some() {
            self.stage = Stage::Over;
            return;
        }
        match self.stage {
            Stage::Initiative => self.stage = Stage::ChooseA,
            Stage::ChooseA => {
                if self.turn % 2 == 1 {
                    self.stage = Stage::WindDir;
                } else {
                    self.storm_mines_from(0);
                }
            }
            Stage::WindDir => self.stage = Stage::WindDev,
            Stage::WindDev => self.stage = Stage::Strength,
            Stage::Strength => self.storm_mines_from(0),
            Stage::StormMine { k } => self.storm_mines_from(k as usize + 1),
            Stage::Place { ship, first } => self.place_after(Some((ship as usize, first))),
            Stage::Pivot => self.start_fire(),
            Stage::Leg
            | Stage::Obstacle
            | Stage::Mine { .. }
            | Stage::RamTest
            | Stage::RamEffect => self.continue_move(),
            Stage::Board
            | Stage::BoardAttack
            | Stage::BoardDefend
            | Stage::BoardReroll { .. } => self.after_boarding(),
            Stage::RamStern => {
                if !self.next_stern_test() {
                    self.continue_move();
                }
            }
            Stage::Target { battery } => self.targets_from(battery + 1),
            Stage::Counter { ship } => self.counters_from(ship as usize + 1),
            Stage::Hits { shot }
            | Stage::Reroll { shot }
            | Stage::Armour { shot }
            | Stage::GunReroll { shot }
            | Stage::TorpHit { shot } => self.shots_from(shot as usize + 1),
            Stage::Crit { shot } | Stage::FortGun { shot } | Stage::FortMagazine { shot } => {
                self.crits_from(shot as usize + 1)
            }
            Stage::FireTest { ship, .. }
            | Stage::FireEffect { ship, .. }
            | Stage::FloodTest { ship, .. }
            | Stage::FloodEffect { ship, .. }
            | Stage::Engine { ship }
            | Stage::List { ship }
            | Stage::Surrender { ship }
            | Stage::SurrenderFail { ship } => self.repair_next(ship as usize),
            Stage::Contact => self.end_turn(),
            Stage::Select | Stage::Over => {}
        }
    }

    /// Sheet: "At the beginning of each turn where the wind strength reaches Storm level,
    /// roll a die for each minefield marker. On a 4+, it is removed."
    fn storm_mines_from(&mut self, k: usize) {
        if self.storm() {
            if let Some(k) = (k..self.num_mines as usize).find(|&k| self.mines[k].present) {
                self.stage = Stage::StormMine { k: k as u8 };
                return;
            }
        }
        self.start_command();
    }

    /// Ph2.1-2.2: the executed markers go, the inactive ones become active (except on the
    /// first turn); Ph2.3 follows.
    fn start_command(&mut self) {
        let first = self.turn == 1;
        for s in self.ships.iter_mut().take(self.num_ships as usize) {
            s.placed = false;
            s.revealed = false;
            s.activated = false;
            s.fired = false;
            s.captain_used = false;
            if !first {
                s.active = s.planned;
                s.lock_active = s.lock_planned;
                s.lock_planned = false;
            }
            // Sheet, engine room: stopped "until this damage is repaired"; the marker that
            // moves up is replaced by stop again while the damage lasts.
            if s.engine >= 2 {
                s.active = STOP;
            }
        }
        self.place_after(None);
    }

    /// The next order marker to place after `(ship, first)`: side 0's ships in scenario
    /// order, then side 1's (each side's markers are face down, so the order hides nothing).
    fn place_after(&mut self, after: Option<(usize, bool)>) {
        let first_turn = self.turn == 1;
        let n = self.num_ships as usize;
        // Positions in the sequence: (side, ship, first).
        let mut seq = [(0usize, false); 2 * MAX_SHIPS];
        let mut len = 0;
        for side in 0..2u8 {
            for i in 0..n {
                let s = &self.ships[i];
                // Fortifications carry no order markers.
                if s.side != side || !s.ship_in_battle() {
                    continue;
                }
                if first_turn {
                    seq[len] = (i, true);
                    len += 1;
                }
                seq[len] = (i, false);
                len += 1;
            }
        }
        let start = match after {
            None => 0,
            Some(p) => seq[..len].iter().position(|&q| q == p).map_or(len, |k| k + 1),
        };
        if start < len {
            let (i, first) = seq[start];
            self.stage = Stage::Place {
                ship: i as u8,
                first,
            };
        } else {
            self.side_to_act = self.player_a;
            self.select_or_repair();
        }
    }

    /// Ph3.3-3.4: the sides alternate; a side with no ship left to activate passes.
    pub(crate) fn select_or_repair(&mut self) {
        if self.check_side_gone() {
            return;
        }
        let waiting = |g: &Self, side: u8| {
            g.ships()
                .iter()
                .any(|s| s.side == side && s.afloat() && !s.activated)
        };
        if !waiting(self, self.side_to_act) {
            self.side_to_act = 1 - self.side_to_act;
        }
        if waiting(self, self.side_to_act) {
            self.stage = Stage::Select;
        } else {
            self.repair_from(0);
        }
    }

    /// After an activation: the other side acts next.
    pub(crate) fn end_activation(&mut self) {
        self.queue_len = 0;
        self.side_to_act = 1 - self.ships[self.mv.ship as usize].side;
        self.select_or_repair();
    }

    /// Ph3.1: reveal the active order; the move follows.
    fn start_activation(&mut self, i: usize) {
        let s = &mut self.ships[i];
        s.activated = true;
        s.revealed = true;
        s.shown = s.active;
        // Sheet, bridge damage: "It lasts until the next activation of the vessel - upon
        // activation, remove the marker."
        s.bridge = false;
        if s.active != STOP {
            s.anchored = false;
        }
        self.begin_move(i);
    }

    /// Ends the game if a side has no ship in the battle.
    fn check_side_gone(&mut self) -> bool {
        let alive = [self.in_play(0), self.in_play(1)];
        if alive[0] == 0 || alive[1] == 0 {
            let exited = |side: u8| {
                self.ships()
                    .iter()
                    .any(|s| s.side == side && s.status == EXITED)
            };
            if (alive[0] == 0 && exited(0)) || (alive[1] == 0 && exited(1)) {
                // Chosen: a side whose last ships left by the exit edge did not lose the
                // battle by that; the Hull points taken decide.
                self.finish_on_points(EndReason::SideGone);
                return true;
            }
            let winner = match (alive[0] > 0, alive[1] > 0) {
                (true, false) => Some(0),
                (false, true) => Some(1),
                _ => None,
            };
            self.finish(winner, EndReason::SideGone);
            return true;
        }
        false
    }

    /// Ph4 from ship `i`: fire, flooding, repairs and the surrender test of each ship.
    fn repair_from(&mut self, i: usize) {
        for k in i..self.num_ships as usize {
            if self.ships[k].ship_in_battle() {
                self.repair_stage(k, 0);
                return;
            }
        }
        if self.check_side_gone() {
            return;
        }
        if self.turn >= self.contact_from {
            self.stage = Stage::Contact;
        } else {
            self.end_turn();
        }
    }

    /// The first Ph4 step of ship `i` from `step` (0 fire, 1 flooding, 2 engine, 3 list,
    /// 4 surrender) that applies.
    fn repair_stage(&mut self, i: usize, step: u8) {
        let s = self.ships[i];
        let k = i as u8;
        // Fortifications carry no markers and do not surrender (chosen).
        if !s.ship_in_battle() {
            self.repair_from(i + 1);
            return;
        }
        let r = rules();
        let stage = match step {
            0 if s.fires > 0 => Stage::FireTest {
                ship: k,
                left: s.fires,
            },
            0 | 1 if s.floods > 0 => Stage::FloodTest {
                ship: k,
                left: s.floods,
            },
            0..=2 if s.engine > 0 => Stage::Engine { ship: k },
            0..=3 if s.listing => Stage::List { ship: k },
            0..=4 if r.tests.surrender_from_half && s.lost() * 2 > s.hull_max => {
                Stage::Surrender { ship: k }
            }
            _ => {
                self.repair_from(i + 1);
                return;
            }
        };
        self.stage = stage;
    }

    /// After a Ph4 roll of ship `i` completes.
    fn repair_next(&mut self, i: usize) {
        match self.stage {
            Stage::FireTest { left, .. } | Stage::FireEffect { left, .. } => {
                if left > 1 && self.ships[i].fires > 0 && self.ships[i].afloat() {
                    self.stage = Stage::FireTest {
                        ship: i as u8,
                        left: left - 1,
                    };
                } else {
                    self.repair_stage(i, 1);
                }
            }
            Stage::FloodTest { left, .. } | Stage::FloodEffect { left, .. } => {
                if left > 1 && self.ships[i].floods > 0 && self.ships[i].afloat() {
                    self.stage = Stage::FloodTest {
                        ship: i as u8,
                        left: left - 1,
                    };
                } else {
                    self.repair_stage(i, 2);
                }
            }
            Stage::Engine { .. } => self.repair_stage(i, 3),
            Stage::List { .. } => self.repair_stage(i, 4),
            _ => self.repair_from(i + 1),
        }
    }

    /// The surrender test's modifier of ship `i` (sheet): +1 with a flooding marker, +1
    /// with a fire marker, the captain's, and the flagship's influence (substitute: -1 with
    /// the own flagship afloat within 10", +1 once it is lost).
    pub fn surrender_modifier(&self, i: usize) -> i32 {
        let s = &self.ships[i];
        let mut m = s.captain as i32;
        if s.flood_markers() > 0 {
            m += 1;
        }
        if s.fires > 0 {
            m += 1;
        }
        let range = (rules().tests.surrender_range * 1000.0) as i32;
        if let Some(f) = self
            .ships()
            .iter()
            .position(|o| o.side == s.side && o.flagship)
        {
            let flag = &self.ships[f];
            if f != i {
                if !flag.afloat() {
                    m += 1;
                } else if rect_distance(&flag.rect, &s.rect) <= range {
                    m -= 1;
                }
            }
        }
        m
    }

    /// Whether an enemy ship is within `range` mils of ship `i`.
    pub fn enemy_within(&self, i: usize, range: i32) -> bool {
        let s = &self.ships[i];
        self.ships()
            .iter()
            .any(|o| o.side != s.side && o.afloat() && rect_distance(&o.rect, &s.rect) <= range)
    }

    fn repair_roll(&mut self, a: Action) -> bool {
        let r = rules();
        let pass = a == PASS;
        let face = a.wrapping_sub(DIE_1) as i32 + 1;
        let sum = a.wrapping_sub(SUM_2) as i32 + 2;
        match self.stage {
            Stage::FireTest { ship, left } => {
                if pass {
                    // Extinguished: the marker goes.
                    self.ships[ship as usize].fires -= 1;
                    false
                } else {
                    self.stage = Stage::FireEffect { ship, left };
                    true
                }
            }
            Stage::FireEffect { ship, .. } => {
                let i = ship as usize;
                let extra = self.ships[i].fires.saturating_sub(1) as i32;
                self.fire_or_flood_effect(i, sum + extra, true);
                false
            }
            Stage::FloodTest { ship, left } => {
                if pass {
                    // Contained: the marker stays, inactive.
                    let s = &mut self.ships[ship as usize];
                    s.floods -= 1;
                    s.floods_held += 1;
                    false
                } else {
                    self.stage = Stage::FloodEffect { ship, left };
                    true
                }
            }
            Stage::FloodEffect { ship, .. } => {
                let i = ship as usize;
                let extra = self.ships[i].flood_markers().saturating_sub(1) as i32;
                self.fire_or_flood_effect(i, sum + extra, false);
                false
            }
            Stage::Engine { ship } => {
                if pass {
                    self.ships[ship as usize].engine = 0;
                }
                false
            }
            Stage::List { ship } => {
                if pass {
                    // Sheet: "one inactive flooding marker should be added".
                    let s = &mut self.ships[ship as usize];
                    s.listing = false;
                    s.floods_held += 1;
                }
                false
            }
            Stage::Surrender { ship } => {
                let m = self.surrender_modifier(ship as usize);
                if face + m >= r.tests.surrender_fail as i32 {
                    self.stage = Stage::SurrenderFail { ship };
                    true
                } else {
                    false
                }
            }
            Stage::SurrenderFail { ship } => {
                let i = ship as usize;
                let range = (r.tests.surrender_range * 1000.0) as i32;
                if face <= r.tests.surrender_strike_max as i32 && self.enemy_within(i, range) {
                    self.ships[i].status = STRUCK;
                } else {
                    self.ships[i].status = SUNK;
                }
                false
            }
            _ => false,
        }
    }

    /// The sheet's tables "The effects of an unextinguished fire" and "of a failed flood
    /// containment test" on a total of `total`.
    pub fn fire_or_flood_effect(&mut self, i: usize, total: i32, fire: bool) {
        let (quarters, add) = match total {
            i32::MIN..=2 => (1, false),
            3 | 4 => (1, true),
            5 | 6 => (2, true),
            7..=9 => (4, true),
            _ => {
                self.sink(i);
                if fire {
                    // "Explosion tears the vessel apart": ships within 3.5" test for a Fire.
                    self.start_blast(i);
                }
                return;
            }
        };
        self.damage(i, quarters);
        if add && self.ships[i].afloat() {
            if fire {
                self.ships[i].fires = (self.ships[i].fires + 1).min(super::fire::MAX_MARKERS);
            } else {
                self.add_flood(i);
            }
        }
    }

    /// The end of a turn: the battle's end, or the next turn's initiative.
    fn end_turn(&mut self) {
        if self.check_side_gone() {
            return;
        }
        if self.turn >= self.last_turn {
            self.finish_on_points(EndReason::LastTurn);
            return;
        }
        self.turn += 1;
        self.stage = Stage::Initiative;
    }

    /// Ends the game: the side whose enemy lost more Hull points wins (chosen victory
    /// conditions; the sheet has none).
    pub(crate) fn finish_on_points(&mut self, reason: EndReason) {
        let l = self.losses();
        let winner = match l[1].cmp(&l[0]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        self.finish(winner, reason);
    }

    pub(crate) fn finish(&mut self, winner: Option<u8>, reason: EndReason) {
        self.ending = Some(Ending { winner, reason });
        self.stage = Stage::Over;
        self.sub = None;
    }
}

/// The wind strength after a strength roll of `face` (sheet, "Determining wind
/// strength": the initial table when there is no wind yet, then the alteration tables).
pub fn strength_after(wind: u8, face: u8) -> u8 {
    match wind {
        0 => match face {
            1 => LIGHT_BREEZE,
            2 | 3 => MODERATE_BREEZE,
            4 | 5 => STRONG_BREEZE,
            _ => GALE,
        },
        CALM => {
            if face >= 4 {
                LIGHT_BREEZE
            } else {
                CALM
            }
        }
        STORM => {
            if face <= 3 {
                GALE
            } else {
                STORM
            }
        }
        w => match face {
            1 | 2 => w - 1,
            3 | 4 => w,
            _ => w + 1,
        },
    }
}
