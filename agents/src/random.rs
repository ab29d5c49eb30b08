//! The uniformly random agent.

use crate::Agent;
use broadside_env::{Action, Game, Player};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Picks uniformly among the legal actions with its own seeded ChaCha8 RNG.
///
/// It looks only at the legal set, which the player always knows, so it never cheats.
#[derive(Debug, Clone)]
pub struct RandomAgent {
    seed: u64,
    rng: ChaCha8Rng,
}

impl RandomAgent {
    /// A random agent whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        Self {
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The seed it was built with.
    pub fn seed(&self) -> u64 {
        self.seed
    }
}

impl<G: Game> Agent<G> for RandomAgent {
    fn name(&self) -> String {
        format!("random(seed={})", self.seed)
    }

    /// Panics if `state` has no legal actions (a terminal state), which breaks the
    /// precondition of [`Agent::choose`].
    fn choose(&mut self, state: &G, player: Player) -> Action {
        debug_assert_eq!(state.current_player(), Some(player), "not {player}'s turn");
        let legal = state.legal_actions();
        assert!(
            !legal.is_empty(),
            "choose called at a state with no legal action"
        );
        // `nth` picks the k-th legal action without building a list.
        legal
            .nth(self.rng.random_range(0..legal.len()))
            .expect("k < len")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::harness::play_random_game;
    use broadside_env::toy::{DiceRace, HiddenPennies, DICE_HOLD, DICE_ROLL};

    /// A few mid-game states of a toy game at decision nodes.
    fn decision_states<G: Game>(start: G, n: u64) -> Vec<G> {
        (0..n)
            .map(|k| {
                let mut rng = ChaCha8Rng::seed_from_u64(k);
                play_random_game(start.clone(), &mut rng, k as usize % 7, None)
            })
            .filter(|s: &G| s.current_player().is_some())
            .collect()
    }

    #[test]
    fn same_seed_same_choices() {
        let states = decision_states(DiceRace::from_seed(0), 200);
        assert!(states.len() > 100);
        let choices = |seed| {
            let mut a = RandomAgent::new(seed);
            states
                .iter()
                .map(|s| a.choose(s, s.current_player().unwrap()))
                .collect::<Vec<_>>()
        };
        assert_eq!(choices(7), choices(7));
        assert_ne!(choices(7), choices(8));
    }

    #[test]
    fn choices_are_legal_and_uniform() {
        // After a roll that did not lose the turn, both roll and hold are legal.
        let mut s = DiceRace::from_seed(0);
        s.apply(DICE_ROLL).unwrap();
        s.apply(broadside_env::toy::DICE_FACE_1 + 3).unwrap();
        assert_eq!(s.legal_actions().len(), 2);
        let mut a = RandomAgent::new(3);
        let mut counts = [0u32; 2];
        for _ in 0..4000 {
            let c = a.choose(&s, 0);
            assert!(c == DICE_ROLL || c == DICE_HOLD);
            counts[c as usize] += 1;
        }
        assert!(
            counts.iter().all(|&n| (1800..2200).contains(&n)),
            "{counts:?}"
        );
    }

    #[test]
    fn it_does_not_look_at_hidden_information() {
        // Player 1 facing a commitment: re-drawing the commitment changes nothing.
        let mut hidden_rng = ChaCha8Rng::seed_from_u64(0);
        for s in decision_states(HiddenPennies::new(9), 300) {
            let p = s.current_player().unwrap();
            let resampled = s.resample_hidden(p, &mut hidden_rng);
            let mut a = RandomAgent::new(11);
            let mut b = a.clone();
            assert_eq!(a.choose(&s, p), b.choose(&resampled, p));
        }
    }
}
