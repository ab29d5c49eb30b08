//! Chance nodes: the outcomes of a dice roll with exact probabilities.
//!
//! Probabilities are integer weights over a common total, so sampling is exact and
//! portable: a driver draws `u` uniformly from `0..total` and walks the weights.

use crate::game::Action;
use rand::Rng;

/// Most outcomes one chance node may list.
pub const MAX_CHANCE_OUTCOMES: usize = 32;

/// The outcome list of one chance node, without a heap.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ChanceOutcomes {
    len: u8,
    total: u32,
    actions: [Action; MAX_CHANCE_OUTCOMES],
    weights: [u32; MAX_CHANCE_OUTCOMES],
}

impl Default for ChanceOutcomes {
    fn default() -> Self {
        Self::new()
    }
}

impl ChanceOutcomes {
    /// No outcomes (the state is not a chance node).
    pub const fn new() -> Self {
        Self {
            len: 0,
            total: 0,
            actions: [0; MAX_CHANCE_OUTCOMES],
            weights: [0; MAX_CHANCE_OUTCOMES],
        }
    }

    /// Adds an outcome with an integer weight; zero weights are skipped.
    #[inline]
    pub fn push(&mut self, action: Action, weight: u32) {
        if weight == 0 {
            return;
        }
        let i = self.len as usize;
        assert!(i < MAX_CHANCE_OUTCOMES, "too many chance outcomes");
        self.actions[i] = action;
        self.weights[i] = weight;
        self.len += 1;
        self.total += weight;
    }

    /// `n` equally likely outcomes `first, first+1, ..`.
    pub fn uniform(first: Action, n: usize) -> Self {
        let mut c = Self::new();
        for i in 0..n {
            c.push(first + i as Action, 1);
        }
        c
    }

    /// Number of outcomes.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there are no outcomes.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Sum of the weights.
    pub fn total_weight(&self) -> u32 {
        self.total
    }

    /// `(action, probability)` pairs; probabilities sum to 1 up to rounding of `f64`.
    pub fn iter(&self) -> impl Iterator<Item = (Action, f64)> + '_ {
        let total = self.total as f64;
        (0..self.len()).map(move |i| (self.actions[i], self.weights[i] as f64 / total))
    }

    /// `(action, weight)` pairs with integer weights out of [`Self::total_weight`].
    pub fn weighted(&self) -> impl Iterator<Item = (Action, u32)> + '_ {
        (0..self.len()).map(move |i| (self.actions[i], self.weights[i]))
    }

    /// Whether `action` is one of the outcomes.
    pub fn contains(&self, action: Action) -> bool {
        self.actions[..self.len()].contains(&action)
    }

    /// The outcome hit by `u` in `0..total_weight()`.
    pub fn pick(&self, mut u: u32) -> Action {
        for i in 0..self.len() {
            if u < self.weights[i] {
                return self.actions[i];
            }
            u -= self.weights[i];
        }
        self.actions[self.len().saturating_sub(1)]
    }

    /// Samples an outcome with the caller's RNG (exact integer sampling).
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Action {
        assert!(self.total > 0, "sampling an empty chance node");
        self.pick(rng.random_range(0..self.total))
    }
}

impl std::fmt::Debug for ChanceOutcomes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.weighted().map(|(a, w)| (a, w, self.total)))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probabilities_are_exact_weights() {
        let mut c = ChanceOutcomes::new();
        c.push(10, 1);
        c.push(11, 2);
        c.push(12, 0);
        assert_eq!(c.len(), 2);
        let p: Vec<_> = c.iter().collect();
        assert_eq!(p, vec![(10, 1.0 / 3.0), (11, 2.0 / 3.0)]);
        assert_eq!(c.pick(0), 10);
        assert_eq!(c.pick(1), 11);
        assert_eq!(c.pick(2), 11);
        assert!(c.contains(11) && !c.contains(12));
    }

    #[test]
    fn uniform_sampling_hits_every_outcome() {
        use rand::SeedableRng;
        let c = ChanceOutcomes::uniform(5, 6);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[(c.sample(&mut rng) - 5) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    }
}
