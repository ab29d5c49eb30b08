//! What the search needs to know about WS&IM: a heuristic value of a position and a fast
//! information key.

use std::hash::{Hash, Hasher};

use broadside_env::wsim::state::{Phase, Step, MAX_PLAN};
use broadside_env::wsim::WsimGame;
use broadside_env::{Game, Observation, Player, NUM_PLAYERS};

use super::doctrine::{Doctrine, LINE_OF_BATTLE};
use rand_chacha::ChaCha8Rng;

use crate::mcts::hash::MixHasher;
use crate::mcts::Heuristic;

/// Material: each side's ships still fighting, weighted by their points and by what is left
/// of hull (most), crew, guns and rigging, plus the points already scored; the difference
/// goes through `tanh` so a clear lead reads close to a win.
///
/// With `position > 0` it adds each fighting ship's position as a doctrine scores it
/// (range, broadsides bearing and raking, exposure, weather gauge), where its written orders
/// leave it: material changes only when broadsides are resolved, after both sides' orders,
/// so without it a search of a few thousand simulations sees no difference between moves.
#[derive(Debug, Clone, Copy)]
pub struct WsimMaterial {
    /// Steepness of the `tanh`: the value of being one ship's worth of points ahead.
    pub scale: f64,
    /// Weight of one point of doctrine score (per ship, weighted by its share of its
    /// side's points) inside the `tanh`; 0: material alone.
    pub position: f64,
    /// The doctrine whose score measures position.
    pub doctrine: Doctrine,
}

impl Default for WsimMaterial {
    fn default() -> Self {
        Self {
            scale: 3.0,
            position: 0.0,
            doctrine: LINE_OF_BATTLE,
        }
    }
}

impl WsimMaterial {
    /// Material and position (see [`WsimMaterial::position`]).
    pub fn positional() -> Self {
        Self {
            position: POSITION_WEIGHT,
            ..Self::default()
        }
    }

    /// Side 0's positional lead: points-weighted mean doctrine score of each side's
    /// fighting ships, at the end of their written moves.
    fn position_lead(&self, g: &WsimGame) -> f64 {
        let mut sum = [0.0f64; 2];
        let mut pts = [0.0f64; 2];
        for (i, s) in g.ships().iter().enumerate() {
            if !s.can_fight() {
                continue;
            }
            let side = s.side as usize & 1;
            let pos = g.plan_cursor(i).pos;
            let w = s.points.max(1) as f64;
            sum[side] += w * self.doctrine.score(g, i, pos) as f64;
            pts[side] += w;
        }
        let mean = |k: usize| if pts[k] > 0.0 { sum[k] / pts[k] } else { 0.0 };
        mean(0) - mean(1)
    }
}

/// Default [`WsimMaterial::position`] of [`WsimMaterial::positional`].
pub const POSITION_WEIGHT: f64 = 0.003;

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
        if self.position == 0.0 {
            "wsim-material".into()
        } else {
            format!("wsim-material+position({})", self.position)
        }
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
        let mut x = self.scale * lead / total;
        if self.position != 0.0 {
            x += self.position * self.position_lead(g);
        }
        let v = x.tanh();
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

/// The WS&IM opponent model for determinizations ([`crate::mcts::HiddenModelFn`]): when
/// `player` writes orders after the other side, a uniform resample of the hidden part with
/// the other side's orders rewritten, ship by ship, by `choose` (a bot) from what is on the
/// table. `None` when nothing of this turn's orders is hidden from `player`.
pub fn wsim_model_orders(
    g: &WsimGame,
    player: Player,
    choose: &mut dyn FnMut(&WsimGame, Player) -> broadside_env::Action,
    rng: &mut ChaCha8Rng,
) -> Option<WsimGame> {
    let other = 1 - player;
    match g.phase {
        Phase::Orders { player: p, .. } if other < p => {}
        _ => return None,
    }
    let mut out = g.resample_hidden(player, rng);
    for i in 0..out.num_ships as usize {
        if out.ships[i].side != other || !out.ships[i].can_fight() {
            continue;
        }
        let mut scratch = out.clone();
        let o = &mut scratch.ships[i].orders;
        o.plan_len = 0;
        o.plan = [0; MAX_PLAN];
        let step = if scratch.ships[i].fouled != 0 {
            Step::Unfoul
        } else {
            Step::Move
        };
        scratch.phase = Phase::Orders {
            player: other,
            ship: i as u8,
            step,
            first: false,
        };
        // A ship's orders are a handful of sub-decisions; the bound only guards the loop.
        for _ in 0..64 {
            match scratch.phase {
                Phase::Orders {
                    player: q, ship, ..
                } if q == other && ship as usize == i => {}
                _ => break,
            }
            let a = choose(&scratch, other);
            if scratch.apply(a).is_err() {
                return None;
            }
        }
        out.ships[i].orders = scratch.ships[i].orders;
    }
    Some(out)
}

/// [`wsim_model_orders`] with a WS&IM agent as the model.
pub fn wsim_hidden_model(
    g: &WsimGame,
    player: Player,
    agent: &mut dyn crate::Agent<WsimGame>,
    rng: &mut ChaCha8Rng,
) -> Option<WsimGame> {
    wsim_model_orders(g, player, &mut |s, p| agent.choose(s, p), rng)
}
