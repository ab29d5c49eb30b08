//! A heuristic value of a Fighting Sail position for depth-limited search: the difference
//! of the two fleets' kept shares of their starting morale (what decides the game at the
//! turn limit), squashed into `[-1, 1]`.

use broadside_env::fsail::FsailGame;
use broadside_env::{Game, NUM_PLAYERS};

use crate::mcts::Heuristic;

/// Fleet morale kept, side 0's share minus side 1's, scaled by `scale` and squashed.
#[derive(Debug, Clone, Copy)]
pub struct FsailMorale {
    /// How sharply a morale lead turns into a win (a lead of `1 / scale` is worth ~0.76).
    pub scale: f64,
}

impl Default for FsailMorale {
    fn default() -> Self {
        Self { scale: 4.0 }
    }
}

impl Heuristic<FsailGame> for FsailMorale {
    fn name(&self) -> String {
        "fsail-morale".into()
    }

    fn value(&self, g: &FsailGame) -> [f64; NUM_PLAYERS] {
        if g.ending.is_some() {
            return g.returns();
        }
        let share = |s: usize| g.morale[s] as f64 / (g.start_morale[s] as f64).max(1.0);
        let v = (self.scale * (share(0) - share(1))).tanh();
        [v, -v]
    }
}
