//! A heuristic value of an Oak & Iron position for depth-limited search: the strike-point
//! lead (what decides withdrawal and the last turn) plus the ships' remaining condition
//! (damage and fatigue tracks), squashed into `[-1, 1]`.

use broadside_env::oak::OakGame;
use broadside_env::{Game, NUM_PLAYERS};

use crate::mcts::Heuristic;

/// `tanh(scale * (strike-point lead + condition * condition lead))`, side 0's view.
#[derive(Debug, Clone, Copy)]
pub struct OakValue {
    pub scale: f64,
    /// Weight of the condition lead (1.0: a fresh ship against a wrecked one is worth
    /// about a strike point).
    pub condition: f64,
}

impl Default for OakValue {
    fn default() -> Self {
        Self {
            scale: 0.4,
            condition: 1.0,
        }
    }
}

impl OakValue {
    /// Strike points alone.
    pub fn strike_points() -> Self {
        Self {
            condition: 0.0,
            ..Self::default()
        }
    }

    /// Side 0's lead: strike points against it counted for side 0.
    pub fn lead(&self, g: &OakGame) -> f64 {
        let sp = g.strike_points(1) as f64 - g.strike_points(0) as f64;
        let mut cond = 0.0;
        for s in g.ships() {
            if !s.can_act() {
                continue;
            }
            let health = 1.0
                - 0.5 * s.damage as f64 / s.crippled_limit().max(1) as f64
                - 0.5 * s.fatigue as f64 / s.shaken_limit().max(1) as f64;
            cond += if s.side == 0 { health } else { -health };
        }
        sp + self.condition * cond
    }
}

impl Heuristic<OakGame> for OakValue {
    fn name(&self) -> String {
        format!("oak-value(condition={})", self.condition)
    }
    fn value(&self, g: &OakGame) -> [f64; NUM_PLAYERS] {
        if g.is_terminal() {
            return g.returns();
        }
        let v = (self.scale * self.lead(g)).tanh();
        [v, -v]
    }
}
