//! What the search needs to know about WS&IM: a heuristic value of a position and a fast
//! information key.

use std::hash::{Hash, Hasher};

use broadside_env::wsim::state::Phase;
use broadside_env::wsim::WsimGame;
use broadside_env::{Game, Observation, Player, NUM_PLAYERS};

use crate::mcts::hash::MixHasher;
use crate::mcts::Heuristic;

/// Material: each side's ships still fighting, weighted by their points and by what is left
/// of hull (most), crew, guns and rigging, plus the points already scored; the difference
/// goes through `tanh` so a clear lead reads close to a win.
#[derive(Debug, Clone, Copy)]
pub struct WsimMaterial {
    /// Steepness of the `tanh`: the value of being one ship's worth of points ahead.
    pub scale: f64,
}

impl Default for WsimMaterial {
    fn default() -> Self {
        Self { scale: 3.0 }
    }
}

fn frac(left: u32, max: u32) -> f64 {
    if max == 0 {
        1.0
    } else {
        left as f64 / max as f64
    }
}

/// A side's material: points of its fighting ships weighted by their condition.
pub fn material(g: &WsimGame, side: u8) -> f64 {
    g.ships()
        .iter()
        .filter(|s| s.side == side && s.can_fight())
        .map(|s| {
            let hull = frac(s.hull as u32, s.hull_max as u32);
            let crew = frac(s.crew_left(), s.crew_max.iter().map(|&x| x as u32).sum());
            let guns_max: u32 = s
                .guns_max
                .iter()
                .chain(&s.carronades_max)
                .map(|&x| x as u32)
                .sum();
            let guns = frac(s.all_guns_left(), guns_max);
            let rig = frac(
                s.rigging_left(),
                s.rigging_max.iter().map(|&x| x as u32).sum(),
            );
            s.points as f64 * (0.4 * hull + 0.2 * crew + 0.25 * guns + 0.15 * rig)
        })
        .sum()
}

impl Heuristic<WsimGame> for WsimMaterial {
    fn name(&self) -> String {
        "wsim-material".into()
    }
    fn value(&self, g: &WsimGame) -> [f64; NUM_PLAYERS] {
        if g.is_terminal() {
            return g.returns();
        }
        let total: f64 = g
            .ships()
            .iter()
            .map(|s| s.points as f64)
            .sum::<f64>()
            .max(1.0);
        let lead = material(g, 0) - material(g, 1) + g.scores[0] as f64 - g.scores[1] as f64;
        let v = (self.scale * lead / total).tanh();
        [v, -v]
    }
}

/// The WS&IM [`crate::mcts::InfoKeyFn`]: a hash of everything `player` can see (every
/// ship's position and condition, loaded broadsides, wind, turn, scores, the phase) and of
/// its own side's orders; the other side's orders are left out. Equal for two states that
/// differ only in the other side's orders, like the observation, at a fraction of the cost
/// of writing the observation's planes.
pub fn wsim_info_key(g: &WsimGame, player: Player, _buf: &mut Option<Observation>) -> u64 {
    let mut h = MixHasher::with_seed(0x5753_494D ^ player as u64);
    g.turn.hash(&mut h);
    g.no_fire_turns.hash(&mut h);
    g.scores.hash(&mut h);
    (g.wind_from.step()).hash(&mut h);
    match g.phase {
        Phase::Orders {
            player: p,
            ship,
            step,
            first,
        } => {
            (p, ship, step as u8, first).hash(&mut h);
        }
        _ => 99u8.hash(&mut h),
    }
    for s in g.ships() {
        s.pos.hash(&mut h);
        (s.hull, s.crew, s.rigging, s.guns, s.carronades).hash(&mut h);
        (s.loaded, s.initial, s.flags, s.fouled).hash(&mut h);
        if s.side == player {
            let o = &s.orders;
            o.plan[..o.plan_len as usize].hash(&mut h);
            (o.aim, o.threshold, o.load, o.unfoul).hash(&mut h);
        }
    }
    h.finish()
}
