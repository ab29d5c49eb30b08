//! A leaf value mixed from two evaluators, as AlphaGo mixed its value network with fast
//! rollouts (Silver et al. 2016: `(1 - λ) v + λ z`, λ = 0.5 played best there).
//!
//! The network brings the move priors and one half of the value; a rollout by a doctrine
//! brings the other half. Where a network's value head has seen too few games to judge a
//! position (docs/baselines.md: more search made such networks weaker), the rollout keeps
//! the leaves honest while the network's policy still decides what the search looks at.
//! What that bought on each ruleset: docs/baselines.md, "Rollouts at the leaves".

use broadside_env::{Action, Game, Player, NUM_PLAYERS};
use rand_chacha::ChaCha8Rng;

use super::eval::{Evaluation, Evaluator};

/// `(1 - weight) × first + weight × second` at every leaf; the priors, the batch size and
/// the opponent model are the first evaluator's, the dice of `reseed` go to both.
pub struct MixedEvaluator<G: Game> {
    first: Box<dyn Evaluator<G>>,
    second: Box<dyn Evaluator<G>>,
    weight: f64,
    /// The second evaluator's answers for the batch being combined, kept between batches
    /// so that computing a batch does not allocate.
    scratch: Vec<Evaluation>,
}

impl<G: Game> std::fmt::Debug for MixedEvaluator<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MixedEvaluator")
            .field("first", &self.first.name())
            .field("second", &self.second.name())
            .field("weight", &self.weight)
            .finish()
    }
}

impl<G: Game> MixedEvaluator<G> {
    /// Mixes `second` into `first` with `weight` (clamped to `[0, 1]`: 0 is `first`'s value
    /// alone, 1 is `second`'s alone, with `first`'s priors either way).
    pub fn new(first: Box<dyn Evaluator<G>>, second: Box<dyn Evaluator<G>>, weight: f64) -> Self {
        Self {
            first,
            second,
            weight: if weight.is_finite() {
                weight.clamp(0.0, 1.0)
            } else {
                0.0
            },
            scratch: Vec::new(),
        }
    }
}

impl<G: Game> Evaluator<G> for MixedEvaluator<G> {
    fn name(&self) -> String {
        format!(
            "{},mix={}:{}",
            self.first.name(),
            self.weight,
            self.second.name()
        )
    }
    fn max_batch(&self) -> usize {
        self.first.max_batch()
    }
    fn add_input(&mut self, state: &G) {
        self.first.add_input(state);
        self.second.add_input(state);
    }
    fn compute(&mut self, out: &mut Vec<Evaluation>) {
        let start = out.len();
        self.first.compute(out);
        self.scratch.clear();
        self.second.compute(&mut self.scratch);
        debug_assert_eq!(out.len() - start, self.scratch.len());
        let w = self.weight;
        for (mine, theirs) in out[start..].iter_mut().zip(&self.scratch) {
            for p in 0..NUM_PLAYERS {
                mine.value[p] = (1.0 - w) * mine.value[p] + w * theirs.value[p];
            }
        }
    }
    fn leaf_priors(&self) -> bool {
        self.first.leaf_priors()
    }
    fn expansion_priors(&mut self, state: &G) -> Option<Vec<(Action, f32)>> {
        self.first.expansion_priors(state)
    }
    fn model_hidden(&mut self, state: &G, player: Player, rng: &mut ChaCha8Rng) -> Option<G> {
        self.first.model_hidden(state, player, rng)
    }
    fn reseed(&mut self, seed: u64) {
        self.first.reseed(seed);
        self.second.reseed(seed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::connect_four::ConnectFour;

    /// A game of no consequence: the evaluators below never look at it.
    fn state() -> ConnectFour {
        ConnectFour::default()
    }

    /// Answers every leaf with a fixed value and fixed priors.
    struct Fixed {
        value: [f64; NUM_PLAYERS],
        priors: Vec<(Action, f32)>,
        pending: usize,
    }

    impl Fixed {
        fn boxed(v: f64, priors: Vec<(Action, f32)>) -> Box<Self> {
            Box::new(Self {
                value: [v, -v],
                priors,
                pending: 0,
            })
        }
    }

    impl<G: Game> Evaluator<G> for Fixed {
        fn name(&self) -> String {
            format!("fixed:{}", self.value[0])
        }
        fn max_batch(&self) -> usize {
            4
        }
        fn add_input(&mut self, _state: &G) {
            self.pending += 1;
        }
        fn compute(&mut self, out: &mut Vec<Evaluation>) {
            for _ in 0..std::mem::take(&mut self.pending) {
                out.push(Evaluation {
                    value: self.value,
                    priors: self.priors.clone(),
                });
            }
        }
    }

    #[test]
    fn the_value_is_the_weighted_mean_and_the_priors_are_the_first_evaluators() {
        let priors = vec![(0, 0.75), (3, 0.25)];
        let mut mixed = MixedEvaluator::new(
            Fixed::boxed(0.8, priors.clone()),
            Fixed::boxed(-0.4, vec![(1, 1.0)]),
            0.25,
        );
        let s = state();
        // Results already in `out` stay as they were: only this batch is mixed.
        let mut out = vec![Evaluation::default()];
        for _ in 0..3 {
            Evaluator::add_input(&mut mixed, &s);
        }
        Evaluator::compute(&mut mixed, &mut out);
        assert_eq!(out.len(), 4);
        assert_eq!(out[0], Evaluation::default());
        for e in &out[1..] {
            assert!((e.value[0] - (0.75 * 0.8 + 0.25 * -0.4)).abs() < 1e-12);
            assert!((e.value[1] + e.value[0]).abs() < 1e-12);
            assert_eq!(e.priors, priors);
        }
        assert_eq!(Evaluator::<ConnectFour>::max_batch(&mixed), 4);
        assert_eq!(
            Evaluator::<ConnectFour>::name(&mixed),
            "fixed:0.8,mix=0.25:fixed:-0.4"
        );
    }

    #[test]
    fn the_ends_of_the_weight_are_each_evaluator_alone_and_bad_weights_are_clamped() {
        let s = state();
        for (weight, expected) in [
            (0.0, 0.5),
            (1.0, -1.0),
            (7.0, -1.0),
            (-2.0, 0.5),
            (f64::NAN, 0.5),
        ] {
            let mut mixed = MixedEvaluator::new(
                Fixed::boxed(0.5, vec![]),
                Fixed::boxed(-1.0, vec![]),
                weight,
            );
            let mut out = Vec::new();
            Evaluator::add_input(&mut mixed, &s);
            Evaluator::compute(&mut mixed, &mut out);
            assert_eq!(out[0].value[0], expected, "weight {weight}");
        }
    }
}
