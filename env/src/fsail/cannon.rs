//! The cannon phase: shooting (range, arcs, line of sight, exploding dice, the Hull save,
//! the Damage Deck, Damage tokens, the Discipline test, fleet morale) and boarding.
//!
//! Seed, "Shooting summary": "A valid target is within range, within your ship's firing
//! arc, and within line of sight. Measure range from mainmast to mainmast. Roll a number of
//! dice equal to the ship's Gunnery stat. If the ship has any Damage tokens, its Gunnery
//! stat is halved, rounded up. Place a Cannon token next to the ship." Hits and explosions
//! by range; "For each explosion, roll a further Gunnery die. These extra dice do not cause
//! more explosions unless you have a raking shot." "The target rolls a number of dice equal
//! to its Hull stat. Each 4+ rolled cancels out a hit." The Damage Deck, Damage tokens and
//! the Boarding action summary follow the sheet line by line (see each function).
//!
//! Every pool of dice is a chance node whose outcome is the number of dice that succeed
//! (`roll:k`), with exact binomial weights; pools larger than 12 dice are rolled in
//! batches of 12. A shot's exploding dice are read in two nodes: first how many explode,
//! then how many of the others hit (conditioned on not exploding), which is exact.

use crate::action_set::ActionSet;
use crate::chance::ChanceOutcomes;
use crate::game::Action;
use crate::plane::{broadside_arc, in_bow_or_stern, line_of_sight, rects_dist2_below, Arc};

use super::catalogue::*;
use super::data::{rules, MAX_PER_SIDE};
use super::state::{
    binomial_outcomes, faces_at_least, status, two_d6_at_most, EndReason, Ending, FsailGame,
    Pending, Phase, Shot, Weather,
};

/// Dice read by one chance node at most.
const BATCH: u8 = 12;

impl FsailGame {
    /// The range band (0 short, 1 medium, 2 long) of a shot from `a` at `b`, if in range.
    pub fn range_band(&self, a: usize, b: usize) -> Option<usize> {
        let d2 = self.ships[a].base.centre.dist2(self.ships[b].base.centre);
        rules()
            .ranges
            .iter()
            .position(|&r| d2 <= r as i64 * r as i64)
    }

    /// The broadside of `a` whose arc holds `b`'s mainmast, if any.
    pub fn broadside_at(&self, a: usize, b: usize) -> Option<Arc> {
        broadside_arc(&self.ships[a].base, self.ships[b].base.centre)
    }

    /// Whether a shot from `a` at `b` is raking: `a`'s mainmast lies in `b`'s bow or stern
    /// wedge.
    pub fn is_raking(&self, a: usize, b: usize) -> bool {
        in_bow_or_stern(&self.ships[b].base, self.ships[a].base.centre)
    }

    /// Whether no other ship in play and no terrain touches the line between the mainmasts.
    pub fn clear_line(&self, a: usize, b: usize) -> bool {
        let (p, q) = (self.ships[a].base.centre, self.ships[b].base.centre);
        let ships = self
            .ships()
            .iter()
            .enumerate()
            .filter(|&(k, s)| k != a && k != b && s.active())
            .map(|(_, s)| &s.base);
        line_of_sight(p, q, ships.chain(self.terrain().iter()))
    }

    /// Whether `a` may fire at `b` now: both in play, enemies, `a` has not fired this
    /// turn, and `b` is in range, in a broadside arc and in line of sight.
    pub fn valid_target(&self, a: usize, b: usize) -> bool {
        let (sa, sb) = (&self.ships[a], &self.ships[b]);
        sa.active()
            && sb.active()
            && sa.side != sb.side
            && !sa.cannon
            && self.range_band(a, b).is_some()
            && self.broadside_at(a, b).is_some()
            && self.clear_line(a, b)
    }

    /// Whether `a` may board `b` now (closest points within the boarding range).
    pub fn can_board(&self, a: usize, b: usize) -> bool {
        let (sa, sb) = (&self.ships[a], &self.ships[b]);
        if !(sa.active() && sb.active() && sa.side != sb.side && !sa.cannon) {
            return false;
        }
        let lim = rules().boarding_range as i64;
        rects_dist2_below(&sa.base, &sb.base, lim * lim + 1)
    }

    /// The fire and board actions of `player` now (without `cannon:end`).
    pub(crate) fn cannon_actions(&self, player: u8, out: &mut ActionSet) {
        let other = 1 - player;
        for i in 0..MAX_PER_SIDE {
            let Some(a) = self.slot_ship(player, i) else {
                continue;
            };
            if !self.ships[a].active() || self.ships[a].cannon {
                continue;
            }
            for j in 0..MAX_PER_SIDE {
                let Some(b) = self.slot_ship(other, j) else {
                    continue;
                };
                if self.valid_target(a, b) {
                    out.insert(FIRE_0 + (MAX_PER_SIDE * i + j) as Action);
                }
                if self.can_board(a, b) {
                    out.insert(BOARD_0 + (MAX_PER_SIDE * i + j) as Action);
                }
            }
        }
    }

    /// Applies a fire or board action of `player`.
    pub(crate) fn apply_cannon(&mut self, player: u8, action: Action) {
        let (base, board) = if action >= BOARD_0 {
            (action - BOARD_0, true)
        } else {
            (action - FIRE_0, false)
        };
        let (i, j) = (base as usize / MAX_PER_SIDE, base as usize % MAX_PER_SIDE);
        let (Some(a), Some(b)) = (self.slot_ship(player, i), self.slot_ship(1 - player, j)) else {
            return;
        };
        self.ships[a].cannon = true;
        if board {
            self.pending = Pending::BoardAttack {
                attacker: a as u8,
                defender: b as u8,
            };
        } else {
            self.open_fire(a, b);
        }
    }

    /// Starts a shot: the Gunnery dice with the hit and explosion targets of the range.
    fn open_fire(&mut self, a: usize, b: usize) {
        let r = rules();
        let band = self.range_band(a, b).unwrap_or(2);
        let mut hit_t = r.hit[band];
        if self.weather == Weather::Gale {
            hit_t = (hit_t + r.gale_hit_penalty).min(7);
        }
        let explode_t = r.explode[band].max(hit_t);
        let dice = self.ships[a].gunnery_now();
        let explodes = explode_t <= 6;
        self.pending = Pending::Shot(Shot {
            firer: a as u8,
            target: b as u8,
            exploding: if explodes { dice } else { 0 },
            plain: if explodes { 0 } else { dice },
            rest: 0,
            hits: 0,
            hit_t,
            explode_t: if explodes { explode_t } else { 7 },
            raking: self.is_raking(a, b),
        });
    }

    /// The outcomes of the next batch of a shot.
    pub(crate) fn shot_outcomes(s: &Shot) -> ChanceOutcomes {
        if s.rest > 0 {
            // The dice of the batch that did not explode: faces below the explosion target,
            // of which those at or above the hit target hit.
            let below = (s.explode_t - 1) as u32;
            let good = (s.explode_t - s.hit_t) as u32;
            binomial_outcomes(s.rest.min(BATCH), good, below)
        } else if s.exploding > 0 {
            binomial_outcomes(s.exploding.min(BATCH), faces_at_least(s.explode_t), 6)
        } else {
            binomial_outcomes(s.plain.min(BATCH), faces_at_least(s.hit_t), 6)
        }
    }

    /// Applies `k` successes to the shot's current batch; returns the shot, or `None` when
    /// all its dice are rolled.
    fn shot_step(mut s: Shot, k: u8) -> Option<Shot> {
        if s.rest > 0 {
            let n = s.rest.min(BATCH);
            s.rest -= n;
            s.hits = s.hits.saturating_add(k);
        } else if s.exploding > 0 {
            // Each explosion is a hit and adds a further die, which explodes again only
            // on a raking shot.
            let n = s.exploding.min(BATCH);
            s.exploding -= n;
            s.hits = s.hits.saturating_add(k);
            if s.raking {
                s.exploding = s.exploding.saturating_add(k);
            } else {
                s.plain = s.plain.saturating_add(k);
            }
            if s.hit_t < s.explode_t {
                s.rest = n - k;
            }
        } else {
            let n = s.plain.min(BATCH);
            s.plain -= n;
            s.hits = s.hits.saturating_add(k);
        }
        (s.rest > 0 || s.exploding > 0 || s.plain > 0).then_some(s)
    }

    /// The outcomes of the pending chance node.
    pub fn pending_outcomes(&self) -> ChanceOutcomes {
        match self.pending {
            Pending::None => ChanceOutcomes::new(),
            Pending::Initiative => {
                let mut c = ChanceOutcomes::new();
                c.push(INIT_0, 15);
                c.push(INIT_1, 15);
                for d in 0..6 {
                    c.push(INIT_TIE_1 + d, 1);
                }
                c
            }
            Pending::SailingDice { dice, target, .. } => {
                binomial_outcomes(dice, Self::sailing_faces(target), 6)
            }
            Pending::Shot(s) => Self::shot_outcomes(&s),
            Pending::HullSave { target, .. } => binomial_outcomes(
                self.ships[target as usize].hull,
                faces_at_least(rules().hull_save),
                6,
            ),
            Pending::Discipline { ship } => {
                let pass = two_d6_at_most(self.ships[ship as usize].discipline);
                let mut c = ChanceOutcomes::new();
                c.push(DISCIPLINE_PASS, pass);
                c.push(DISCIPLINE_FAIL, 36 - pass);
                c
            }
            Pending::BoardAttack { attacker: s, .. } | Pending::BoardDefend { defender: s, .. } => {
                binomial_outcomes(
                    self.ships[s as usize].boarding_now(),
                    faces_at_least(rules().boarding_hit),
                    6,
                )
            }
        }
    }

    /// Applies a chance outcome of a shot, the Hull save, the Discipline test or boarding.
    pub(crate) fn apply_combat_chance(&mut self, pending: Pending, action: Action) {
        let k = action.saturating_sub(ROLL_0) as u8;
        match pending {
            Pending::Shot(s) => match Self::shot_step(s, k) {
                Some(next) => self.pending = Pending::Shot(next),
                None => {
                    let hits = s.hits.saturating_add(k);
                    if hits > 0 {
                        self.pending = Pending::HullSave {
                            firer: s.firer,
                            target: s.target,
                            hits,
                        };
                    }
                }
            },
            Pending::HullSave { target, hits, .. } => {
                let damage = hits.saturating_sub(k);
                self.take_damage(target as usize, damage);
            }
            Pending::Discipline { ship } if action == DISCIPLINE_FAIL => {
                self.remove(ship as usize, status::STRUCK);
            }
            Pending::BoardAttack { attacker, defender } => {
                self.pending = Pending::BoardDefend {
                    attacker,
                    defender,
                    hits: k,
                };
            }
            Pending::BoardDefend {
                attacker,
                defender,
                hits,
            } if hits > k => {
                self.take_prize(attacker as usize, defender as usize);
            }
            _ => {}
        }
    }

    /// Damage that got through the Hull dice: the Damage Deck, Damage tokens and fleet
    /// morale.
    pub fn take_damage(&mut self, t: usize, damage: u8) {
        let s = &mut self.ships[t];
        let before = s.tokens;
        let mut sunk = false;
        match damage {
            0 => {}
            // Disrupted: an Anchor token unless it already had one.
            1 => s.anchor = true,
            // Shaken: an Anchor token; if it already had one, a Damage token instead.
            2 => {
                if s.anchor {
                    s.tokens += 1;
                } else {
                    s.anchor = true;
                }
            }
            // Light Damage: an additional Damage token and an Anchor token.
            3 => {
                s.tokens += 1;
                s.anchor = true;
            }
            // Heavy Damage: two additional Damage tokens and an Anchor token.
            4 => {
                s.tokens += 2;
                s.anchor = true;
            }
            // Catastrophic Damage: the ship is sunk.
            _ => sunk = true,
        }
        // "The target's fleet loses fleet morale equal to the amount of damage taken, to a
        // maximum of the target's Hull stat."
        let loss = damage.min(s.hull) as i16;
        let side = s.side as usize;
        let tokens = s.tokens;
        self.morale[side] -= loss;
        if sunk || tokens >= 4 {
            // Damage tokens 4+: the ship sinks.
            self.remove(t, status::SUNK);
        } else if tokens == 3 && before < 3 {
            // Damage tokens 3: the damage control Discipline test.
            self.pending = Pending::Discipline { ship: t as u8 };
        }
        self.check_end();
    }

    /// Boarding succeeded: the prize is taken.
    fn take_prize(&mut self, a: usize, b: usize) {
        let hull = self.ships[b].hull as i16;
        let (sa, sb) = (self.ships[a].side as usize, self.ships[b].side as usize);
        self.morale[sa] += hull;
        self.morale[sb] -= hull;
        // "The attacking ship gets a Damage token, unless it already had one."
        self.ships[a].tokens = self.ships[a].tokens.max(1);
        self.remove(b, status::TAKEN);
        self.check_end();
    }

    /// Removes a ship from play.
    pub fn remove(&mut self, t: usize, why: u8) {
        let s = &mut self.ships[t];
        s.status = why;
        s.anchor = false;
        if self.pending == (Pending::Discipline { ship: t as u8 }) {
            self.pending = Pending::None;
        }
        self.check_end();
    }

    /// Ends the game when a fleet's morale is gone or a side has no ship in play.
    pub(crate) fn check_end(&mut self) {
        if self.ending.is_some() {
            return;
        }
        for side in 0..2u8 {
            let reason = if self.morale[side as usize] <= 0 {
                EndReason::Withdrawal
            } else if !self.side_in_play(side) {
                EndReason::FleetLost
            } else {
                continue;
            };
            self.finish(Some(1 - side), reason);
            return;
        }
    }

    /// Ends the game.
    pub(crate) fn finish(&mut self, winner: Option<u8>, reason: EndReason) {
        self.ending = Some(Ending { winner, reason });
        self.phase = Phase::Over;
        self.pending = Pending::None;
    }
}
