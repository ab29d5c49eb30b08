//! The dispatcher: which decisions are legal, what a decision or a chance outcome does,
//! and the helpers every phase shares (fatigue and damage, rolls and fortune, the order of
//! activations). The phases themselves are in [`super::initiative`],
//! [`super::movement`], [`super::attack`] and [`super::endphase`].

use crate::action_set::ActionSet;
use crate::chance::ChanceOutcomes;
use crate::game::Action;

use super::catalogue::*;
use super::data::{rule, rules, MAX_COMMANDS};
use super::dice::{face, Pool};
use super::state::*;

impl OakGame {
    /// The legal decisions of the side deciding now.
    pub fn decisions(&self) -> ActionSet {
        let mut out = ActionSet::new();
        match self.pending {
            Pending::BuildHand | Pending::PlaceCard | Pending::AwaitOrders | Pending::DiscardDown => {
                self.card_options(&mut out)
            }
            Pending::SelectShip => self.select_options(&mut out),
            Pending::Seamanship => self.seamanship_options(&mut out),
            Pending::HeadingTurn | Pending::Moving => self.move_options(&mut out),
            Pending::FreeTurn => self.free_turn_options(&mut out),
            Pending::FreeMove => self.free_move_options(&mut out),
            Pending::CrewAction => self.crew_options(self.act.ship as usize, &mut out),
            Pending::AttackChoice | Pending::SecondBroadside => self.attack_options(&mut out),
            Pending::Reaction => self.reaction_options(&mut out),
            Pending::Aim => self.aim_options(&mut out),
            Pending::Reroll => {
                for k in 0..=self.roll.max_rerolls() {
                    out.insert(REROLL_0 + k as Action);
                }
            }
            Pending::Fortune => {
                out.insert(KEEP);
                out.insert(FORTUNE);
            }
            Pending::Helm => {
                out.insert(HELM_PORT);
                out.insert(HELM_STBD);
            }
            Pending::Capture => self.capture_options(&mut out),
            Pending::LostAdmiral => self.flag_options(&mut out),
            Pending::Pool | Pending::CritDie | Pending::Collision | Pending::Over => {}
        }
        if self.options.resignation && !out.is_empty() {
            out.insert(RESIGN);
        }
        out
    }

    /// The outcomes of the pending chance node (empty when a player decides).
    pub fn pending_outcomes(&self) -> ChanceOutcomes {
        match self.pending {
            Pending::Pool => self.roll.outcomes(),
            Pending::CritDie => self.crit_die_outcomes(),
            Pending::Collision => self.collision_outcomes(),
            _ => ChanceOutcomes::new(),
        }
    }

    /// Applies a legal decision.
    pub fn apply_decision(&mut self, a: Action) {
        if a == RESIGN {
            let winner = 1 - self.who;
            self.finish(Some(winner), EndReason::Resignation);
            return;
        }
        match self.pending {
            Pending::BuildHand
            | Pending::PlaceCard
            | Pending::AwaitOrders
            | Pending::DiscardDown => self.apply_card(a),
            Pending::SelectShip => self.apply_select(a),
            Pending::Seamanship => self.apply_seamanship(a),
            Pending::HeadingTurn | Pending::Moving => self.apply_move(a),
            Pending::FreeTurn => self.apply_free_turn(a),
            Pending::FreeMove => self.apply_free_move(a),
            Pending::CrewAction => self.apply_crew(a),
            Pending::AttackChoice | Pending::SecondBroadside => self.apply_attack_choice(a),
            Pending::Reaction => self.apply_reaction(a),
            Pending::Aim => self.apply_aim(a),
            Pending::Reroll => {
                let k = a.saturating_sub(REROLL_0) as u8;
                self.pending = Pending::Pool;
                if self.roll.choose_rerolls(k) {
                    self.roll_complete();
                }
            }
            Pending::Fortune => {
                if a == FORTUNE {
                    let r = self.roll.roller as usize % MAX_COMMANDS;
                    self.fortune[r] = self.fortune[r].saturating_sub(1);
                    self.roll.restart();
                    self.pending = Pending::Pool;
                    if self.roll.ready() {
                        self.roll_progress();
                    }
                } else {
                    self.resolve_roll();
                }
            }
            Pending::Helm => self.apply_helm(a),
            Pending::Capture => self.apply_capture(a),
            Pending::LostAdmiral => self.apply_flag_choice(a),
            Pending::Pool | Pending::CritDie | Pending::Collision | Pending::Over => {}
        }
    }

    /// Applies a chance outcome.
    pub fn apply_chance(&mut self, a: Action) {
        match self.pending {
            Pending::Pool => {
                let k = a.saturating_sub(ROLL_0) as u8;
                if self.roll.record(k) {
                    self.roll_progress();
                }
            }
            Pending::CritDie => self.apply_crit_die(a),
            Pending::Collision => self.apply_collision(a),
            _ => {}
        }
    }

    /// Starts a roll; resolves at once when it needs no dice.
    pub(crate) fn start_roll(&mut self, pool: Pool, why: RollFor) {
        self.roll = pool;
        self.roll_for = why;
        self.pending = Pending::Pool;
        if self.roll.ready() {
            self.roll_progress();
        }
    }

    /// The first roll or the whole roll is in: the roller decides its skill rerolls when
    /// it has any for missed dice, else the roll is complete.
    fn roll_progress(&mut self) {
        if self.roll.choosing {
            self.who = self.roll.roller & 1;
            self.pending = Pending::Reroll;
        } else {
            self.roll_complete();
        }
    }

    /// A skill test of ship `i` (glossary: skill test): 5 dice, one more with skilled
    /// sailors, less fatigue (at least 1); success on a sail or a sword; the skill value
    /// rerolls missed dice (the roller's decision).
    pub(crate) fn skill_test_pool(&self, i: usize, dice_less: u8) -> Pool {
        let s = &self.ships[i];
        let l = rules().limits;
        let base = l.skill_test_dice + u8::from(s.has(rule::SKILLED_SAILORS));
        let dice = base
            .saturating_sub(self.dice_fatigue(i))
            .saturating_sub(dice_less)
            .max(1);
        Pool::new(dice, face::SAIL | face::SWORD, 0, s.skill, true, s.command())
    }

    /// The roll is complete: offer a fortune point where one may be spent ("Fortune points
    /// can be used to re-roll any skill test or attack roll": a failed skill test, the
    /// Zeal and Raise the Black tests among them, any challenge test or attack; a passed
    /// test is not offered, a reroll could not improve it), else resolve it.
    pub(crate) fn roll_complete(&mut self) {
        let r = self.roll.roller as usize % MAX_COMMANDS;
        let offer = match self.roll_for {
            RollFor::Test(_) | RollFor::Zeal { .. } | RollFor::RaiseTheBlack { .. } => {
                self.roll.hits == 0
            }
            RollFor::Attack | RollFor::Challenge { .. } => true,
            _ => false,
        };
        if offer && !self.roll.fortune_used && self.fortune[r] > 0 {
            self.who = r as u8 & 1;
            self.pending = Pending::Fortune;
        } else {
            self.resolve_roll();
        }
    }

    /// What the completed roll does.
    pub(crate) fn resolve_roll(&mut self) {
        let hits = self.roll.hits;
        match self.roll_for {
            RollFor::Test(t) => self.resolve_test(t, hits > 0),
            RollFor::Attack => self.resolve_attack(),
            RollFor::Challenge { side, first_hits } => self.resolve_challenge(side, first_hits),
            RollFor::Shoal => {
                if hits > 0 {
                    let i = self.act.ship as usize;
                    self.ships[i].aground = true;
                }
                self.continue_move();
            }
            RollFor::Sink { ship } => {
                if hits > 0 {
                    let i = ship as usize;
                    self.ships[i].status = status::SUNK;
                    self.untangle_all(i);
                }
                self.end_cursor = ship + 1;
                self.next_sinking();
            }
            RollFor::RaiseTheBlack { key } => {
                if hits == 0 {
                    let j = key as usize % 16;
                    self.add_fatigue(j, 1);
                }
                self.raise_the_black(key + 1);
            }
            RollFor::Zeal { ship } => {
                if hits > 0 {
                    let k = ship as usize;
                    self.ships[k].fatigue = self.ships[k].fatigue.saturating_sub(1);
                }
                self.zeal(ship + 1);
            }
            RollFor::AdmiralLoss => {
                if hits > 0 {
                    let c = self.ships[self.attack.target as usize].command() as usize;
                    self.admiral[c] = 0;
                }
                self.end_attack();
            }
        }
    }

    /// Adds fatigue; a shaken ship ignores more (glossary: fatigue).
    pub(crate) fn add_fatigue(&mut self, i: usize, n: u8) {
        let s = &mut self.ships[i];
        let limit = s.shaken_limit();
        s.fatigue = s.fatigue.saturating_add(n).min(limit);
        if s.fatigue >= limit {
            // Shaken: her landing party is removed at once (glossary: landing party).
            s.ashore = false;
        }
    }

    /// Adds damage; a crippled ship takes fatigue instead (glossary: crippled).
    pub(crate) fn add_damage(&mut self, i: usize, n: u8) {
        for _ in 0..n {
            if self.ships[i].crippled() {
                self.add_fatigue(i, 1);
            } else {
                self.ships[i].damage += 1;
            }
        }
    }

    /// Entangles two ships; a captured ship entangled with its own squadron is retaken.
    pub(crate) fn entangle(&mut self, i: usize, j: usize) {
        self.ships[i].entangled |= 1 << j;
        self.ships[j].entangled |= 1 << i;
        for (a, b) in [(i, j), (j, i)] {
            let (sa, sb) = (self.ships[a], self.ships[b]);
            if sa.captured() && sb.side == sa.side && !sb.captured() {
                self.ships[a].captured_by = NONE;
            }
        }
    }

    /// Ends every entanglement of ship `i`.
    pub(crate) fn untangle_all(&mut self, i: usize) {
        let bits = self.ships[i].entangled;
        for k in 0..self.n_ships as usize {
            if bits & (1 << k) != 0 {
                self.ships[k].entangled &= !(1 << i);
            }
        }
        self.ships[i].entangled = 0;
    }

    /// Whether `side` has a ship still to activate in this phase.
    pub(crate) fn has_ready(&self, side: u8) -> bool {
        self.ships().iter().any(|s| s.side == side && self.ready(s))
    }

    /// Whether ship `s` is still to activate in this phase.
    fn ready(&self, s: &Ship) -> bool {
        s.can_act()
            && match self.phase {
                Phase::Movement => !s.moved,
                _ => !s.attacked,
            }
    }

    /// The next activation: the other side if it has a ship left, else the same side, else
    /// the next phase (glossary: movement phase, attack phase). In a fleet battle's
    /// movement phase a squadron activates whole, ship by ship, before the other fleet
    /// activates a squadron (glossary: fleet battles, movement phase).
    pub(crate) fn next_activation(&mut self) {
        self.act = Activation {
            ship: NONE,
            collide_with: NONE,
            ..Activation::default()
        };
        if self.squad_active != NONE {
            let c = self.squad_active;
            if self.ships().iter().any(|s| s.command() == c && self.ready(s)) {
                self.pending = Pending::SelectShip;
                return;
            }
            self.squad_active = NONE;
        }
        let other = 1 - self.who;
        if self.has_ready(other) {
            self.who = other;
            self.pending = Pending::SelectShip;
        } else if self.has_ready(self.who) {
            self.pending = Pending::SelectShip;
        } else if self.phase == Phase::Movement {
            self.start_attack_phase();
        } else {
            self.start_end_phase();
        }
    }

    fn select_options(&self, out: &mut ActionSet) {
        for s in self.ships() {
            let squadron_ok = self.squad_active == NONE || s.command() == self.squad_active;
            if s.side == self.who && squadron_ok && self.ready(s) {
                out.insert(SHIP_0 + s.slot as Action);
            }
        }
    }

    fn apply_select(&mut self, a: Action) {
        let Some(i) = self.ship_at(self.who, (a - SHIP_0) as usize) else {
            return;
        };
        self.act = Activation {
            ship: i as u8,
            collide_with: NONE,
            ..Activation::default()
        };
        if self.phase == Phase::Movement {
            if self.is_fleet() {
                // The first ship of a squadron's activation: the rest of it follows.
                self.squad_active = self.ships[i].command();
            }
            self.start_activation(i);
        } else {
            self.pending = Pending::AttackChoice;
        }
    }

    /// The game is over.
    pub(crate) fn finish(&mut self, winner: Option<u8>, reason: EndReason) {
        self.ending = Some(Ending {
            winner,
            reason,
            strike_points: [self.strike_points(0), self.strike_points(1)],
        });
        // A resignation may come at a reroll decision: no roll waits any more.
        self.roll.choosing = false;
        self.pending = Pending::Over;
    }
}
