//! The custom d8 as exact chance nodes.
//!
//! A roll of `n` dice that counts the faces of one set (hits at a range, successes of a
//! skill test) is rolled in batches of at most eight dice, each batch one chance node whose
//! outcomes are the number of scoring dice with binomial weights over `8^b` (at most
//! `2^24`, so integer weights stay exact in a `u32`). After the first roll the roller
//! decides how many missed dice its skill value rerolls (a decision, `reroll:k`); they
//! follow as another batch; then the potential criticals among the hits are counted (each
//! hit die, first roll or reroll, is a critical face with probability critical faces /
//! scoring faces). A fortune point repeats the whole roll, the reroll decision included: a
//! decision between the roll and its effects.

use serde::{Deserialize, Serialize};

use crate::chance::ChanceOutcomes;

use super::catalogue::{MAX_REROLLS, ROLL_0};
use super::data::rules;

/// Most dice in one batch.
pub const BATCH: u8 = 8;
/// Most dice in any one roll (a bound where numbers enter).
pub const MAX_DICE: u8 = 40;

/// Bits of die faces.
pub mod face {
    pub const SKULL: u8 = 1;
    pub const CANNON: u8 = 1 << 1;
    pub const MUSKET: u8 = 1 << 2;
    pub const PISTOL: u8 = 1 << 3;
    pub const SAIL: u8 = 1 << 4;
    pub const SWORD: u8 = 1 << 5;
}

/// How many of the eight faces are in the set `faces` (bits of [`face`]).
pub fn face_count(faces: u8) -> u8 {
    let d = rules().die;
    let mut n = 0;
    for (bit, c) in [
        (face::SKULL, d.skull),
        (face::CANNON, d.cannon),
        (face::MUSKET, d.musket),
        (face::PISTOL, d.pistol),
        (face::SAIL, d.sail),
        (face::SWORD, d.sword),
    ] {
        if faces & bit != 0 {
            n += c;
        }
    }
    n
}

/// A roll in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Pool {
    /// Dice of the first roll (kept for a fortune reroll).
    pub dice: u8,
    /// Scoring faces (bits), and the potential criticals among them.
    pub faces: u8,
    pub crit_faces: u8,
    /// Skill rerolls the roller may take.
    pub skill: u8,
    /// 0 first roll, 1 skill rerolls, 2 critical count.
    pub stage: u8,
    /// Dice of the current stage still to roll.
    pub left: u8,
    pub hits: u8,
    pub misses: u8,
    pub crits: u8,
    /// A test stops at its first success (its reroll stage is skipped once it passed).
    pub test: bool,
    /// The first roll is complete and the roller decides how many missed dice to reroll
    /// (at most [`Pool::max_rerolls`]).
    pub choosing: bool,
    /// A fortune point was spent on this roll.
    pub fortune_used: bool,
    /// The command rolling (`2 * squadron + side`: the side decides, the squadron's
    /// fortune points are spent).
    pub roller: u8,
}

/// `n choose k` for `n <= 8`.
fn choose(n: u32, k: u32) -> u32 {
    let mut r = 1u32;
    for i in 0..k {
        r = r * (n - i) / (i + 1);
    }
    r
}

impl Pool {
    /// A new roll of `dice` dice scoring on `faces`.
    pub fn new(dice: u8, faces: u8, crit_faces: u8, skill: u8, test: bool, roller: u8) -> Pool {
        let dice = dice.min(MAX_DICE);
        Pool {
            dice,
            faces,
            crit_faces: crit_faces & faces,
            skill: skill.min(MAX_REROLLS),
            stage: 0,
            left: dice,
            hits: 0,
            misses: 0,
            crits: 0,
            test,
            choosing: false,
            fortune_used: false,
            roller,
        }
    }

    /// How many missed dice the roller may reroll now (its skill rerolls).
    pub fn max_rerolls(&self) -> u8 {
        if self.choosing {
            self.skill.min(self.misses)
        } else {
            0
        }
    }

    /// The roller rerolls `k` missed dice (at most [`Pool::max_rerolls`]); true when the
    /// roll is then complete (no reroll and no critical dice to count).
    pub fn choose_rerolls(&mut self, k: u8) -> bool {
        let k = k.min(self.max_rerolls());
        self.choosing = false;
        self.left = k;
        self.misses -= k;
        if k == 0 {
            self.advance()
        } else {
            false
        }
    }

    /// The same roll again from the start (a fortune point).
    pub fn restart(&mut self) {
        *self = Pool {
            fortune_used: true,
            ..Pool::new(
                self.dice,
                self.faces,
                self.crit_faces,
                self.skill,
                self.test,
                self.roller,
            )
        };
    }

    /// The outcomes of the next batch: `ROLL_0 + k`, `k` scoring dice.
    pub fn outcomes(&self) -> ChanceOutcomes {
        let b = self.left.min(BATCH) as u32;
        let (good, total) = if self.stage == 2 {
            (
                face_count(self.crit_faces) as u32,
                face_count(self.faces) as u32,
            )
        } else {
            (face_count(self.faces) as u32, 8)
        };
        let mut c = ChanceOutcomes::new();
        for k in 0..=b {
            let w = choose(b, k) * good.pow(k) * (total - good).pow(b - k);
            c.push(ROLL_0 + k as u16, w);
        }
        c
    }

    /// Records a batch of `k` scoring dice; true when the roll (with its rerolls and
    /// critical count) is complete, or waits for the reroll decision ([`Pool::choosing`]).
    pub fn record(&mut self, k: u8) -> bool {
        let b = self.left.min(BATCH);
        let k = k.min(b);
        self.left -= b;
        if self.stage == 2 {
            self.crits += k;
        } else {
            self.hits += k;
            self.misses += b - k;
        }
        if self.left > 0 {
            return false;
        }
        self.advance()
    }

    /// Moves to the next stage with dice to roll; true when none is left or the reroll
    /// decision waits. A passed test skips the decision: rerolls cannot change it.
    pub fn advance(&mut self) -> bool {
        if self.stage == 0 {
            self.stage = 1;
            let wanted = !(self.test && self.hits > 0);
            if wanted && self.skill > 0 && self.misses > 0 {
                self.choosing = true;
                return true;
            }
        }
        if self.stage == 1 {
            self.stage = 2;
            let (c, f) = (face_count(self.crit_faces), face_count(self.faces));
            if c == 0 || self.hits == 0 {
                self.crits = 0;
            } else if c == f {
                self.crits = self.hits;
            } else {
                self.left = self.hits;
                return false;
            }
        }
        true
    }

    /// Whether the roll needs no dice at all (complete at once).
    pub fn ready(&mut self) -> bool {
        if self.left == 0 {
            self.advance()
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batch_weights_are_binomial_over_eight_faces() {
        // 3 dice hitting on 4 faces (pistol shot): P(k) = C(3,k) 4^k 4^(3-k) / 512.
        let p = Pool::new(3, face::SKULL | face::CANNON | face::MUSKET | face::PISTOL, 0, 0, false, 0);
        let c = p.outcomes();
        assert_eq!(c.total_weight(), 512);
        let w: Vec<u32> = c.weighted().map(|(_, w)| w).collect();
        assert_eq!(w, vec![64, 192, 192, 64]);
    }

    #[test]
    fn rerolls_take_missed_dice_and_criticals_count_among_hits() {
        let mut p = Pool::new(3, face::SKULL | face::CANNON, face::SKULL, 1, false, 0);
        assert!(p.record(1)); // 1 hit, 2 misses: the reroll decision
        assert!(p.choosing);
        assert_eq!(p.max_rerolls(), 1);
        assert!(!p.choose_rerolls(1)); // one miss rerolled
        assert_eq!((p.stage, p.left, p.misses), (1, 1, 1));
        assert!(!p.record(1)); // the reroll hits: 2 hits, crit stage over the 2 hits
        assert_eq!((p.stage, p.left, p.hits), (2, 2, 2));
        // skull among {skull, cannon}: 1 in 2
        assert_eq!(p.outcomes().total_weight(), 4);
        assert!(p.record(1));
        assert_eq!((p.hits, p.crits), (2, 1));
    }

    #[test]
    fn a_test_that_passed_skips_its_rerolls() {
        let mut p = Pool::new(5, face::SAIL | face::SWORD, 0, 2, true, 0);
        assert!(p.record(1));
        assert_eq!(p.hits, 1);
    }
}
