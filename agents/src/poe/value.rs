//! A heuristic value of a sea fight position for depth-limited search: the victory points
//! lead (what decides the game when the clock completes) plus, with `position`, what is
//! under way towards the next points: merchants nearing the exit, boarders nearing
//! merchants, ships nearing their strike. Squashed into `[-1, 1]`, sharper as the battle
//! clock runs down (a lead late in the game is nearly a win).

use broadside_env::poe::PoeGame;
use broadside_env::{Game, NUM_PLAYERS};

use super::blocks::{boarding_threat, exit_distance};
use crate::mcts::Heuristic;

/// Points lead (half points, side 0 minus side 1) plus `position` times the positional
/// lead, times `scale` (at the start, up to 2.5 times that at the clock's end), squashed.
#[derive(Debug, Clone, Copy)]
pub struct PoeValue {
    /// How sharply a lead of one half point turns into a win at the start.
    pub scale: f64,
    /// Weight of the positional lead (half points of prospects); 0: points alone.
    pub position: f64,
}

/// Default [`PoeValue::position`].
pub const POE_POSITION_WEIGHT: f64 = 1.0;

/// Hexes from the exit at which a merchant's prospect of getting out starts to count.
const EXIT_HORIZON: f64 = 8.0;

impl Default for PoeValue {
    fn default() -> Self {
        Self {
            scale: 0.5,
            position: POE_POSITION_WEIGHT,
        }
    }
}

impl PoeValue {
    /// Points alone.
    pub fn points() -> Self {
        Self {
            position: 0.0,
            ..Self::default()
        }
    }

    /// The positional lead of side 0, in half points of prospects.
    pub fn position_lead(g: &PoeGame) -> f64 {
        let mut x = 0.0;
        for (i, s) in g.ships().iter().enumerate() {
            if !s.afloat() {
                continue;
            }
            let lost = s.lost() as f64 / (s.max.iter().sum::<u8>().max(1)) as f64;
            // Sign: good for side 0 when the ship is side 1's.
            let sign = if s.owner == 0 { -1.0 } else { 1.0 };
            if g.convoy_merchant(i) {
                // Exited is worth one half point more than afloat; capture swings three.
                let d = exit_distance(g, s.hex) as f64;
                x += (1.0 - d / EXIT_HORIZON).clamp(0.0, 1.0);
                x -= 0.75 * boarding_threat(g, 0, i, s.hex).min(2.0);
                x -= 0.5 * lost;
            } else if s.warship {
                // Struck, the ship scores two half points for the other side.
                x += sign * lost;
            } else {
                x += sign * 0.5 * lost;
            }
        }
        x
    }
}

impl Heuristic<PoeGame> for PoeValue {
    fn name(&self) -> String {
        if self.position == 0.0 {
            "poe-points".into()
        } else {
            format!("poe-points+position({})", self.position)
        }
    }

    fn value(&self, g: &PoeGame) -> [f64; NUM_PLAYERS] {
        if g.ending.is_some() {
            return g.returns();
        }
        let p = g.half_points();
        let mut x = p[0] as f64 - p[1] as f64;
        if self.position != 0.0 {
            x += self.position * Self::position_lead(g);
        }
        let c = (g.clock as f64 / g.clock_length.max(1) as f64).min(1.0);
        let v = (self.scale * (1.0 + 1.5 * c) * x).tanh();
        [v, -v]
    }
}
