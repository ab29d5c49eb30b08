//! A heuristic value of a Fighting Sail position for depth-limited search: the difference
//! of the two fleets' kept shares of their starting morale (what decides the game at the
//! turn limit), squashed into `[-1, 1]`.

use broadside_env::fsail::FsailGame;
use broadside_env::{Game, NUM_PLAYERS};

use std::cell::RefCell;

use super::blocks::Outlook;
use super::doctrine::{FsailDoctrine, BRITISH};
use crate::mcts::Heuristic;

/// Fleet morale kept, side 0's share minus side 1's, scaled by `scale` and squashed.
///
/// With `position > 0` it adds each side's mean doctrine score of its active ships (range,
/// broadsides bearing, raking, exposure) inside the squash: morale moves only when shots
/// land, so without it a short search sees no difference between sailing moves.
#[derive(Debug, Clone, Copy)]
pub struct FsailMorale {
    /// How sharply a morale lead turns into a win (a lead of `1 / scale` is worth ~0.76).
    pub scale: f64,
    /// Weight of one point of doctrine score inside the `tanh`; 0: morale alone.
    pub position: f64,
    /// The doctrine whose score measures position.
    pub doctrine: FsailDoctrine,
}

impl Default for FsailMorale {
    fn default() -> Self {
        Self {
            scale: 4.0,
            position: 0.0,
            doctrine: BRITISH,
        }
    }
}

/// Default [`FsailMorale::position`] of [`FsailMorale::positional`].
pub const FSAIL_POSITION_WEIGHT: f64 = 0.05;

impl FsailMorale {
    /// Morale and position (see [`FsailMorale::position`]).
    pub fn positional() -> Self {
        Self {
            position: FSAIL_POSITION_WEIGHT,
            ..Self::default()
        }
    }

    fn position_lead(&self, g: &FsailGame) -> f64 {
        let mut sum = [0.0f64; 2];
        let mut n = [0.0f64; 2];
        // A static view: every ship where it stands (foreseeing enemy sailing at every leaf
        // would cost more than the search gains from it). The outlook's buffers are this
        // thread's, reused from leaf to leaf.
        thread_local! {
            static LOOK: RefCell<Outlook> = RefCell::new(Outlook::default());
        }
        LOOK.with_borrow_mut(|look| {
            look.set_static(g);
            for (i, s) in g.ships().iter().enumerate() {
                if !s.active() {
                    continue;
                }
                let side = s.side as usize & 1;
                sum[side] += self.doctrine.score(g, look, i, &s.base);
                n[side] += 1.0;
            }
        });
        let mean = |k: usize| if n[k] > 0.0 { sum[k] / n[k] } else { 0.0 };
        mean(0) - mean(1)
    }
}

impl Heuristic<FsailGame> for FsailMorale {
    fn name(&self) -> String {
        if self.position == 0.0 {
            "fsail-morale".into()
        } else {
            format!("fsail-morale+position({})", self.position)
        }
    }

    fn value(&self, g: &FsailGame) -> [f64; NUM_PLAYERS] {
        if g.ending.is_some() {
            return g.returns();
        }
        let share = |s: usize| g.morale[s] as f64 / (g.start_morale[s] as f64).max(1.0);
        let mut x = self.scale * (share(0) - share(1));
        if self.position != 0.0 {
            x += self.position * self.position_lead(g);
        }
        let v = x.tanh();
        [v, -v]
    }
}
