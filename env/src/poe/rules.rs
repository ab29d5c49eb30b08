//! The turn of the sea fight: the wind change, the ships one at a time (recovery,
//! move/gunnery with opportunity and return shooting, boarding), damage and the battle
//! clock. Decisions and chance outcomes are applied here; `game_impl.rs` wraps them in the
//! [`Game`](crate::game::Game) contract.

use crate::action_set::ActionSet;
use crate::chance::ChanceOutcomes;
use crate::game::Action;

use super::catalogue::*;
use super::data::rules;
use super::state::*;

impl PoeGame {
    // ----- the turn -------------------------------------------------------------------

    /// Start of the mover's turn: pauses take effect, shots are reset, the wind change.
    pub(crate) fn start_turn(&mut self) {
        let mover = self.mover;
        for s in self.ships.iter_mut() {
            s.shot = false;
            if s.afloat() && s.owner == mover {
                s.paused = s.pause_next;
                s.pause_next = false;
                s.acted = s.paused;
            } else {
                s.acted = true;
            }
        }
        self.act = Activation::IDLE;
        self.pending = if rules().wind.max_dice > 0 {
            Pending::WindDice
        } else {
            Pending::SelectShip
        };
        self.next_ship_if_selecting();
    }

    fn next_ship_if_selecting(&mut self) {
        if self.pending == Pending::SelectShip {
            self.next_ship();
        }
    }

    /// Whether the mover's ship `i` is still to act this turn.
    #[inline]
    pub fn selectable(&self, i: usize) -> bool {
        let s = &self.ships[i];
        s.afloat() && s.owner == self.mover && !s.acted
    }

    /// The next ship, or the battle clock when every ship has acted.
    fn next_ship(&mut self) {
        self.act = Activation::IDLE;
        self.pending = if (0..self.num_ships as usize).any(|i| self.selectable(i)) {
            Pending::SelectShip
        } else {
            Pending::Clock
        };
    }

    /// End of the mover's turn (after the clock): groundings run down, the end is checked,
    /// else the other player's turn.
    fn end_turn(&mut self) {
        let mover = self.mover;
        for s in self.ships.iter_mut() {
            if s.owner == mover && s.aground > 0 {
                s.aground -= 1;
            }
            if s.owner == mover {
                s.paused = false;
            }
        }
        let convoy_has_merchants = self.ships().iter().any(|s| !s.warship && s.orig == 0);
        let convoy_gone =
            convoy_has_merchants && !(0..self.num_ships as usize).any(|i| self.convoy_merchant(i));
        let side_gone = (0..2u8).any(|p| !self.ships().iter().any(|s| s.afloat() && s.owner == p));
        let reason = if self.clock >= self.clock_length {
            Some(EndReason::ClockComplete)
        } else if convoy_gone {
            Some(EndReason::ConvoyGone)
        } else if side_gone {
            Some(EndReason::SideGone)
        } else {
            None
        };
        if let Some(reason) = reason {
            let p = self.half_points();
            let winner = match p[0].cmp(&p[1]) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            };
            self.finish(winner, reason);
            return;
        }
        self.mover = 1 - mover;
        self.turn += 1;
        self.start_turn();
    }

    pub(crate) fn finish(&mut self, winner: Option<u8>, reason: EndReason) {
        self.ending = Some(Ending {
            winner,
            reason,
            half_points: self.half_points(),
        });
        self.pending = Pending::Over;
        self.act = Activation::IDLE;
    }

    // ----- the acting ship --------------------------------------------------------------

    /// The mover picks ship `i`: its recovery, then its move.
    fn select(&mut self, i: usize) {
        self.ships[i].acted = true;
        self.act = Activation {
            ship: i as u8,
            ..Activation::IDLE
        };
        let s = &self.ships[i];
        if s.lost() > 0 {
            let r = &rules().recovery;
            // "+1D6 per crew +1D6 battle hardened. Minimum 1D6." Captured: "max 1D6".
            let mut dice = (s.level[CREW] + s.hardened_now() as u8).max(1);
            if s.captured() {
                dice = dice.min(r.captured_max_dice);
            }
            self.pending = Pending::Dice {
                kind: DiceKind::Recovery,
                left: dice,
                acc: 0,
            };
        } else {
            self.begin_move();
        }
    }

    /// Places recovery successes: automatically where only one marker type is lost.
    fn continue_recovery(&mut self) {
        let i = self.act.ship as usize;
        while self.act.recover_left > 0 {
            let s = &mut self.ships[i];
            let lost: Vec3 = [0, 1, 2].map(|t| s.level[t] < s.max[t]);
            match lost.iter().filter(|&&l| l).count() {
                0 => self.act.recover_left = 0,
                1 => {
                    let t = lost.iter().position(|&l| l).unwrap_or(0);
                    s.level[t] += 1;
                    self.act.recover_left -= 1;
                }
                _ => {
                    self.pending = Pending::Recover;
                    return;
                }
            }
        }
        self.begin_move();
    }

    /// The move: the extra-hex dice by the facing to the wind, or none when aground.
    fn begin_move(&mut self) {
        let i = self.act.ship as usize;
        let s = &self.ships[i];
        if s.aground > 0 {
            self.act.moving = false;
            self.after_move();
            return;
        }
        let sr = &rules().sailing;
        let a = self.wind_angle(i) as usize;
        let base = sr.base_hexes[a];
        let mut max = if s.size == 1 {
            sr.small_additions[a]
        } else {
            sr.medium_large_additions[a]
        };
        // "Zero level sail ... No dicing for extra hexes."
        if s.level[SAIL] == 0 {
            max = 0;
        }
        // "1 easier for battle hardened. 1 more difficult for scurvy."
        let target = sr.addition_target as i32 - s.hardened_now() as i32 + s.scurvy_now() as i32;
        let good = faces_at_least(target);
        self.act.allowance = base;
        self.act.moving = true;
        // Wind from ahead: "Turn (spin) 1 face within existing hex." (small warships may
        // still turn into each new hex they reach with their extra hex).
        let budget = s.turn_budget();
        self.act.turn_cap = if a == WindAngle::Ahead as usize && budget != u8::MAX {
            budget.min(1)
        } else {
            budget
        };
        if max > 0 && good > 0 {
            self.pending = Pending::Extra {
                max,
                good: good as u8,
            };
        } else {
            self.enter_moving();
        }
    }

    /// The moving decision, or the end of the move when stopping is all that is left.
    fn enter_moving(&mut self) {
        let mut s = ActionSet::new();
        self.moving_actions(&mut s);
        if s.len() == 1 && s.contains(MOVE_STOP) {
            self.act.moving = false;
            self.after_move();
        } else {
            self.pending = Pending::Moving;
        }
    }

    /// After the move: shooting, boarding or done; done at once when nothing else is legal.
    fn after_move(&mut self) {
        let mut s = ActionSet::new();
        self.after_move_actions(&mut s);
        if s.len() == 1 {
            self.finish_activation();
        } else {
            self.pending = Pending::AfterMove;
        }
    }

    fn finish_activation(&mut self) {
        self.next_ship();
    }

    /// Back to the acting ship after a shot or a boarding.
    fn resume(&mut self) {
        let i = self.act.ship as usize;
        let s = &self.ships[i];
        if !s.afloat() || s.owner != self.mover {
            self.finish_activation();
        } else if self.act.opp_open {
            self.offer_opportunity();
        } else if self.act.moving {
            self.enter_moving();
        } else {
            self.after_move();
        }
    }

    /// The hex ahead of the acting ship, if it may enter it.
    pub fn hex_ahead(&self) -> Option<crate::hex::Hex> {
        let s = &self.ships[self.act.ship as usize];
        let h = s.hex.neighbor(s.facing);
        (self.map.contains(h) && self.ship_at(h).is_none()).then_some(h)
    }

    /// Whether the acting ship may make a direction change now.
    fn may_turn(&self) -> bool {
        if self.act.turn_cap == u8::MAX {
            !self.act.turned_here
        } else {
            self.act.turns < self.act.turn_cap
        }
    }

    /// Legal decisions while moving.
    pub(crate) fn moving_actions(&self, out: &mut ActionSet) {
        let a = &self.act;
        if a.moved < a.allowance && self.hex_ahead().is_some() {
            out.insert(MOVE_AHEAD);
        }
        if self.may_turn() {
            out.insert(TURN_LEFT);
            out.insert(TURN_RIGHT);
        }
        self.fire_actions(out);
        let reduction = rules().sailing.reduction;
        if a.moved + reduction >= a.allowance || !out.contains(MOVE_AHEAD) {
            out.insert(MOVE_STOP);
        }
    }

    fn fire_actions(&self, out: &mut ActionSet) {
        if self.act.fired {
            return;
        }
        let i = self.act.ship as usize;
        for j in 0..self.num_ships as usize {
            if self.shot_option(i, j, ShotKind::Own).is_some() {
                out.insert(FIRE_0 + j as Action);
            }
        }
    }

    /// Whether the acting ship `i` may board `j`.
    pub fn can_board(&self, i: usize, j: usize) -> bool {
        let (s, t) = (&self.ships[i], &self.ships[j]);
        if i == j || !s.afloat() || s.aground > 0 || s.hex.distance(t.hex) != 1 {
            return false;
        }
        match t.status {
            status::AFLOAT => t.owner != s.owner,
            // "Ownerless boarding needs grapple with 1 success by a warship."
            status::STRUCK => s.warship,
            _ => false,
        }
    }

    /// Legal decisions after the move.
    pub(crate) fn after_move_actions(&self, out: &mut ActionSet) {
        self.fire_actions(out);
        if !self.act.boarded {
            let i = self.act.ship as usize;
            for j in 0..self.num_ships as usize {
                if self.can_board(i, j) {
                    out.insert(BOARD_0 + j as Action);
                }
            }
        }
        out.insert(DONE);
    }

    /// The acting ship entered a new hex: the exit, fog, shallows, opportunity shooting.
    fn enter_hex(&mut self) {
        let i = self.act.ship as usize;
        let h = self.ships[i].hex;
        if self.convoy_merchant(i) && self.is_exit(h) {
            self.ships[i].status = status::EXITED;
            self.finish_activation();
            return;
        }
        if self.fog.contains(h) && !self.act.fog_checked {
            self.act.fog_checked = true;
            self.pending = Pending::Fog;
            return;
        }
        self.after_fog();
    }

    fn after_fog(&mut self) {
        let i = self.act.ship as usize;
        let s = &self.ships[i];
        if self.shallows.contains(s.hex) && !self.act.shallows_checked {
            self.act.shallows_checked = true;
            // "Small = 1D6. Medium = 2D6. Large = 3D6. Less 1D6 if battle hardened."
            let dice = s.size - s.hardened_now() as u8;
            if dice > 0 {
                self.pending = Pending::Shallows { dice };
                return;
            }
        }
        self.act.opp_open = true;
        self.offer_opportunity();
    }

    /// The non-mover's ships that may shoot at the moving ship now.
    pub(crate) fn opportunity_actions(&self, out: &mut ActionSet) {
        let t = self.act.ship as usize;
        for k in 0..self.num_ships as usize {
            let s = &self.ships[k];
            if s.owner != self.mover
                && !s.shot
                && self.shot_option(k, t, ShotKind::Opportunity).is_some()
            {
                out.insert(OPP_0 + k as Action);
            }
        }
    }

    fn offer_opportunity(&mut self) {
        let mut s = ActionSet::new();
        if self.ships[self.act.ship as usize].afloat() {
            self.opportunity_actions(&mut s);
        }
        if s.is_empty() {
            self.act.opp_open = false;
            self.resume();
        } else {
            self.pending = Pending::Opportunity;
        }
    }

    // ----- shooting -----------------------------------------------------------------------

    fn start_shot(&mut self, shooter: usize, target: usize, kind: ShotKind) {
        let chaser = self.shot_option(shooter, target, kind).unwrap_or(false);
        let dice = self.gunnery_dice(shooter, target, kind, chaser);
        self.shot = Shot {
            shooter: shooter as u8,
            target: target as u8,
            kind,
            chaser,
            dice,
            hits: 0,
            rerolled: false,
        };
        self.roll_shot();
    }

    fn roll_shot(&mut self) {
        self.pending = Pending::Dice {
            kind: DiceKind::Gunnery,
            left: self.shot.dice,
            acc: 0,
        };
    }

    /// The roll of a shot is in: the re-roll decision of a broadside, else the hits.
    fn shot_rolled(&mut self, hits: u8) {
        self.shot.hits = hits;
        if !self.shot.chaser && !self.shot.rerolled {
            self.pending = Pending::Reroll;
        } else {
            self.apply_hits();
        }
    }

    fn apply_hits(&mut self) {
        self.loss = Loss {
            ship: self.shot.target,
            left: self.shot.hits,
            first: true,
            fatigue: false,
        };
        self.continue_loss();
    }

    /// Who picks the next marker lost: "First hit applied by target. Other hits applied by
    /// shooter."; a boarder picks its own fatigue loss.
    pub fn loss_decider(&self) -> u8 {
        let ship = &self.ships[self.loss.ship as usize];
        if self.loss.fatigue || self.loss.first {
            ship.owner
        } else {
            self.ships[self.shot.shooter as usize].owner
        }
    }

    /// Takes markers: automatically where only one type is left; death rolls for hits on
    /// a ship with no markers.
    fn continue_loss(&mut self) {
        let i = self.loss.ship as usize;
        while self.loss.left > 0 {
            let s = &mut self.ships[i];
            if s.status == status::BURNT {
                self.loss.left = 0;
                break;
            }
            let have: Vec3 = [0, 1, 2].map(|t| s.level[t] > 0);
            match have.iter().filter(|&&h| h).count() {
                0 => {
                    if self.loss.fatigue {
                        self.loss.left = 0;
                        break;
                    }
                    // "Hits on ships with no markers 1D6 per hit."
                    self.pending = Pending::Death {
                        left: self.loss.left,
                    };
                    return;
                }
                1 => {
                    let t = have.iter().position(|&h| h).unwrap_or(0);
                    s.level[t] -= 1;
                    self.loss.left -= 1;
                    self.loss.first = false;
                }
                _ => {
                    self.pending = Pending::Lose {
                        by: self.loss_decider(),
                    };
                    return;
                }
            }
        }
        self.after_loss();
    }

    fn after_loss(&mut self) {
        if self.loss.fatigue {
            self.resume();
            return;
        }
        let t = self.shot.target as usize;
        // Ours: a ship that gunfire leaves with no markers strikes her colours.
        if self.ships[t].afloat() && self.ships[t].bare() {
            self.ships[t].status = status::STRUCK;
            self.ships[t].owner = NONE;
            self.ships[t].aground = 0;
        }
        match self.shot.kind {
            ShotKind::Own => {
                let sh = self.shot.shooter as usize;
                if self.shot.hits > 0
                    && !self.shot.chaser
                    && !self.ships[t].shot
                    && self.shot_option(t, sh, ShotKind::Return).is_some()
                {
                    self.pending = Pending::ReturnShot;
                } else {
                    self.resume();
                }
            }
            ShotKind::Opportunity | ShotKind::Return => self.resume(),
        }
    }

    // ----- boarding -----------------------------------------------------------------------

    fn start_boarding(&mut self, target: usize) {
        let i = self.act.ship as usize;
        self.act.boarded = true;
        self.board = Boarding {
            boarder: i as u8,
            target: target as u8,
            successes: 0,
        };
        let kind = if self.ships[target].status == status::STRUCK {
            DiceKind::GrappleOwnerless
        } else {
            DiceKind::Grapple
        };
        self.pending = Pending::Dice {
            kind,
            left: self.boarding_dice(i, target, false),
            acc: 0,
        };
    }

    /// The boarder takes the target: it changes hands; the boarder moves 1 crew to it.
    fn take_prize(&mut self) {
        let (b, t) = (self.board.boarder as usize, self.board.target as usize);
        let owner = self.ships[b].owner;
        let prize = &mut self.ships[t];
        prize.status = status::AFLOAT;
        prize.owner = owner;
        prize.level = [0; 3];
        prize.acted = true;
        prize.paused = false;
        prize.pause_next = false;
        if self.ships[b].level[CREW] > 0 && self.ships[t].max[CREW] > 0 {
            self.ships[b].level[CREW] -= 1;
            self.ships[t].level[CREW] = 1;
        }
    }

    fn boarding_roll_done(&mut self, kind: DiceKind, k: u8) {
        let (b, t) = (self.board.boarder as usize, self.board.target as usize);
        match kind {
            DiceKind::GrappleOwnerless => {
                if k >= rules().boarding.ownerless_successes {
                    self.take_prize();
                }
                self.resume();
            }
            DiceKind::Grapple => {
                self.board.successes = k;
                self.pending = Pending::Dice {
                    kind: DiceKind::GrappleDefend,
                    left: self.boarding_dice(t, b, false),
                    acc: 0,
                };
            }
            DiceKind::GrappleDefend => {
                // "Opposed 5, 6. Winner can board." A tie boards nobody.
                if self.board.successes > k {
                    self.pending = Pending::Dice {
                        kind: DiceKind::Fight,
                        left: self.boarding_dice(b, t, true),
                        acc: 0,
                    };
                } else {
                    self.resume();
                }
            }
            DiceKind::Fight => {
                self.board.successes = k;
                self.pending = Pending::Dice {
                    kind: DiceKind::FightDefend,
                    left: self.boarding_dice(t, b, true),
                    acc: 0,
                };
            }
            _ => {
                // FightDefend: "More = win fight", "defender will win a draw".
                if self.board.successes > k {
                    // "All target markers removed. Target captured. Move 1 crew to captured
                    // ship. Lose 1 crew (gun, sail) as fatigue loss."
                    self.take_prize();
                    self.loss = Loss {
                        ship: b as u8,
                        left: 1,
                        first: false,
                        fatigue: true,
                    };
                    self.continue_loss();
                } else {
                    // "Lose 1 crew off boarder. + both ships lose 1 crew to fatigue. Both
                    // ships pause for their next turn."
                    let bs = &mut self.ships[b];
                    bs.level[CREW] = bs.level[CREW].saturating_sub(2);
                    bs.pause_next = true;
                    let ts = &mut self.ships[t];
                    ts.level[CREW] = ts.level[CREW].saturating_sub(1);
                    ts.pause_next = true;
                    self.resume();
                }
            }
        }
    }

    // ----- decisions and chance -------------------------------------------------------------

    /// The side that decides now (the mover, or the other side at its own decisions).
    pub fn decider(&self) -> Option<u8> {
        let other = 1 - self.mover;
        match self.pending {
            Pending::WindDice
            | Pending::WindTurn
            | Pending::SelectShip
            | Pending::Moving
            | Pending::AfterMove
            | Pending::Clock => Some(self.mover),
            Pending::Recover => Some(self.ships[self.act.ship as usize].owner),
            Pending::CancelDice { .. } | Pending::Opportunity => Some(other),
            Pending::Reroll => Some(self.ships[self.shot.shooter as usize].owner),
            Pending::Lose { by } => Some(by),
            Pending::ReturnShot => Some(self.ships[self.shot.target as usize].owner),
            _ => None,
        }
    }

    /// The legal decisions now.
    pub(crate) fn decisions(&self) -> ActionSet {
        let mut out = ActionSet::new();
        let wind_dice = rules().wind.max_dice as Action;
        match self.pending {
            Pending::WindDice => (0..=wind_dice).for_each(|n| out.insert(WIND_DICE_0 + n)),
            Pending::CancelDice { .. } => {
                (0..=wind_dice).for_each(|n| out.insert(CANCEL_DICE_0 + n))
            }
            Pending::WindTurn => {
                out.insert(WIND_CW);
                out.insert(WIND_CCW);
            }
            Pending::SelectShip => {
                for i in 0..self.num_ships as usize {
                    if self.selectable(i) {
                        out.insert(SHIP_0 + i as Action);
                    }
                }
                if self.options.resignation {
                    out.insert(RESIGN);
                }
            }
            Pending::Recover => {
                let s = &self.ships[self.act.ship as usize];
                for t in 0..3 {
                    if s.level[t] < s.max[t] {
                        out.insert(RECOVER_0 + t as Action);
                    }
                }
            }
            Pending::Moving => self.moving_actions(&mut out),
            Pending::AfterMove => self.after_move_actions(&mut out),
            Pending::Opportunity => {
                self.opportunity_actions(&mut out);
                out.insert(OPP_HOLD);
            }
            Pending::Reroll => {
                out.insert(KEEP);
                out.insert(REROLL);
            }
            Pending::Lose { .. } => {
                let s = &self.ships[self.loss.ship as usize];
                for t in 0..3 {
                    if s.level[t] > 0 {
                        out.insert(LOSE_0 + t as Action);
                    }
                }
            }
            Pending::ReturnShot => {
                out.insert(RETURN_FIRE);
                out.insert(RETURN_HOLD);
            }
            Pending::Clock => {
                let c = &rules().clock;
                for n in c.advance_min..=c.advance_max {
                    out.insert(CLOCK_3 + (n - 3) as Action);
                }
            }
            _ => {}
        }
        out
    }

    /// Applies a legal decision.
    pub(crate) fn apply_decision(&mut self, a: Action) {
        match self.pending {
            Pending::WindDice => {
                let n = (a - WIND_DICE_0) as u8;
                if n == 0 {
                    self.next_ship();
                } else {
                    self.pending = Pending::Dice {
                        kind: DiceKind::Wind,
                        left: n,
                        acc: 0,
                    };
                }
            }
            Pending::CancelDice { .. } => {
                let n = (a - CANCEL_DICE_0) as u8;
                if n == 0 {
                    // Unanswered successes win.
                    self.pending = Pending::WindTurn;
                } else {
                    self.pending = Pending::Dice {
                        kind: DiceKind::Cancel,
                        left: n,
                        acc: 0,
                    };
                }
            }
            Pending::WindTurn => {
                self.wind_from = self.wind_from.rotate(if a == WIND_CW { 1 } else { -1 });
                // "Change of direction will affect fog, 2 hexes in the new wind direction."
                self.fog =
                    self.fog
                        .drifted(self.wind_from.opposite(), rules().wind.fog_drift, self.map);
                self.next_ship();
            }
            Pending::SelectShip => {
                if a == RESIGN {
                    let winner = 1 - self.mover;
                    self.finish(Some(winner), EndReason::Resignation);
                } else {
                    self.select((a - SHIP_0) as usize);
                }
            }
            Pending::Recover => {
                let i = self.act.ship as usize;
                self.ships[i].level[(a - RECOVER_0) as usize] += 1;
                self.act.recover_left -= 1;
                self.continue_recovery();
            }
            Pending::Moving => self.apply_moving(a),
            Pending::AfterMove => {
                if a == DONE {
                    self.finish_activation();
                } else if a >= BOARD_0 {
                    self.start_boarding((a - BOARD_0) as usize);
                } else {
                    self.act.fired = true;
                    self.start_shot(self.act.ship as usize, (a - FIRE_0) as usize, ShotKind::Own);
                }
            }
            Pending::Opportunity => {
                if a == OPP_HOLD {
                    self.act.opp_open = false;
                    self.resume();
                } else {
                    let k = (a - OPP_0) as usize;
                    self.ships[k].shot = true;
                    self.start_shot(k, self.act.ship as usize, ShotKind::Opportunity);
                }
            }
            Pending::Reroll => {
                if a == REROLL {
                    self.shot.rerolled = true;
                    self.roll_shot();
                } else {
                    self.apply_hits();
                }
            }
            Pending::Lose { .. } => {
                let i = self.loss.ship as usize;
                self.ships[i].level[(a - LOSE_0) as usize] -= 1;
                self.loss.left -= 1;
                self.loss.first = false;
                self.continue_loss();
            }
            Pending::ReturnShot => {
                if a == RETURN_FIRE {
                    let (t, s) = (self.shot.target as usize, self.shot.shooter as usize);
                    self.ships[t].shot = true;
                    self.start_shot(t, s, ShotKind::Return);
                } else {
                    self.resume();
                }
            }
            Pending::Clock => {
                self.clock = self.clock.saturating_add((a - CLOCK_3 + 3) as u8);
                self.end_turn();
            }
            _ => {}
        }
    }

    fn apply_moving(&mut self, a: Action) {
        let i = self.act.ship as usize;
        match a {
            MOVE_AHEAD => {
                if let Some(h) = self.hex_ahead() {
                    self.ships[i].hex = h;
                    self.act.moved += 1;
                    self.act.turned_here = false;
                    self.enter_hex();
                }
            }
            TURN_LEFT | TURN_RIGHT => {
                let s = &mut self.ships[i];
                s.facing = s.facing.rotate(if a == TURN_RIGHT { 1 } else { -1 });
                self.act.turns += 1;
                self.act.turned_here = true;
                self.enter_moving();
            }
            MOVE_STOP => {
                self.act.moving = false;
                self.after_move();
            }
            _ => {
                self.act.fired = true;
                self.start_shot(i, (a - FIRE_0) as usize, ShotKind::Own);
            }
        }
    }

    /// The outcomes of the pending chance node.
    pub(crate) fn pending_outcomes(&self) -> ChanceOutcomes {
        match self.pending {
            Pending::Dice { kind, left, .. } => {
                let target = match kind {
                    DiceKind::Wind | DiceKind::Cancel => rules().wind.success,
                    DiceKind::Recovery => rules().recovery.success,
                    DiceKind::Gunnery => rules().gunnery.hit,
                    _ => rules().boarding.success,
                };
                dice_outcomes(left.min(12), faces_at_least(target as i32))
            }
            Pending::Extra { max, good } => {
                // Repeat until a failure, at most `max`: k extra hexes has weight
                // good^k (6 - good) 6^(max - 1 - k) for k < max, good^max for k = max.
                let g = good as u32;
                let mut c = ChanceOutcomes::new();
                for k in 0..max as u32 {
                    c.push(
                        ROLL_0 + k as Action,
                        g.pow(k) * (6 - g) * 6u32.pow(max as u32 - 1 - k),
                    );
                }
                c.push(ROLL_0 + max as Action, g.pow(max as u32));
                c
            }
            Pending::Fog => {
                let stop = rules().hazards.fog_stop_max.min(6) as u32;
                let mut c = ChanceOutcomes::new();
                c.push(FOG_STOP, stop);
                c.push(FOG_CLEAR, 6 - stop);
                c
            }
            Pending::Shallows { dice } => {
                let safe_faces = rules().hazards.aground_on.min(6) as u32 - 1;
                let n = dice.min(12) as u32;
                let mut c = ChanceOutcomes::new();
                c.push(AGROUND, 6u32.pow(n) - safe_faces.pow(n));
                c.push(AFLOAT, safe_faces.pow(n));
                c
            }
            Pending::Death { left } => {
                let safe = 6 - rules().hazards.burn_on.min(6) as u32;
                let n = left.min(12) as u32;
                let mut c = ChanceOutcomes::new();
                c.push(BURNS, 6u32.pow(n) - safe.pow(n));
                c.push(SURVIVES, safe.pow(n));
                c
            }
            _ => ChanceOutcomes::new(),
        }
    }

    /// Applies a chance outcome.
    pub(crate) fn apply_chance(&mut self, a: Action) {
        match self.pending {
            Pending::Dice { kind, left, acc } => {
                let n = left.min(12);
                let acc = acc + (a - ROLL_0) as u8;
                if left > n {
                    self.pending = Pending::Dice {
                        kind,
                        left: left - n,
                        acc,
                    };
                    return;
                }
                self.dice_done(kind, acc);
            }
            Pending::Extra { .. } => {
                self.act.allowance += (a - ROLL_0) as u8;
                self.enter_moving();
            }
            Pending::Fog => {
                if a == FOG_STOP {
                    self.act.moving = false;
                }
                self.after_fog();
            }
            Pending::Shallows { .. } => {
                if a == AGROUND {
                    self.ships[self.act.ship as usize].aground = 2;
                    self.act.moving = false;
                }
                self.act.opp_open = true;
                self.offer_opportunity();
            }
            Pending::Death { left } => {
                let n = left.min(12);
                if a == BURNS {
                    let t = self.loss.ship as usize;
                    self.ships[t].status = status::BURNT;
                    self.ships[t].aground = 0;
                    self.loss.left = 0;
                } else {
                    self.loss.left = left - n;
                    if self.loss.left > 0 {
                        self.pending = Pending::Death {
                            left: self.loss.left,
                        };
                        return;
                    }
                }
                self.after_loss();
            }
            _ => {}
        }
    }

    fn dice_done(&mut self, kind: DiceKind, k: u8) {
        match kind {
            DiceKind::Wind => {
                self.wind_successes = k;
                if k == 0 {
                    self.next_ship();
                } else {
                    self.pending = Pending::CancelDice { successes: k };
                }
            }
            DiceKind::Cancel => {
                // "If mover wins by any amount, wind changes by 1 direction of mover's choice."
                if self.wind_successes > k {
                    self.pending = Pending::WindTurn;
                } else {
                    self.next_ship();
                }
            }
            DiceKind::Recovery => {
                let i = self.act.ship as usize;
                self.act.recover_left = k.min(self.ships[i].lost());
                self.continue_recovery();
            }
            DiceKind::Gunnery => self.shot_rolled(k),
            _ => self.boarding_roll_done(kind, k),
        }
    }
}

type Vec3 = [bool; 3];
