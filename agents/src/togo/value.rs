//! A heuristic value of a Togo battle for depth-limited search: the lead in Hull points
//! taken from the enemy (what decides the battle when it ends), as a share of the smaller
//! fleet's Hull, squashed into `[-1, 1]` and sharper as the last turn nears.
//!
//! A ship past half her Hull is counted as already partly lost: the surrender test of the
//! next repair phase (sheet) sinks or strikes her, and she then counts her whole Hull, with
//! the chance of a d6 plus her modifier reaching the failure number. A fire or active
//! flooding marker counts as the share of her Hull it costs over the rest of the battle.

use broadside_env::togo::TogoGame;
use broadside_env::{Game, NUM_PLAYERS};

use super::salvo::marker_worth;
use crate::mcts::Heuristic;

/// `tanh(scale * (1 + turn / last_turn) * lead)`, the lead as a share of the smaller fleet.
#[derive(Debug, Clone, Copy)]
pub struct TogoValue {
    pub scale: f64,
}

impl Default for TogoValue {
    fn default() -> Self {
        Self { scale: 2.0 }
    }
}

impl Heuristic<TogoGame> for TogoValue {
    fn name(&self) -> String {
        format!("togo-hull(scale={})", self.scale)
    }

    fn value(&self, g: &TogoGame) -> [f64; NUM_PLAYERS] {
        if g.ending.is_some() {
            return g.returns();
        }
        let l = expected_losses(g);
        let mut fleet = [0u32; 2];
        for s in g.ships() {
            fleet[s.side as usize] += s.hull_max as u32;
        }
        let base = fleet[0].min(fleet[1]).max(1) as f64;
        let lead = (l[1] - l[0]) / base;
        let late = 1.0 + g.turn as f64 / g.last_turn.max(1) as f64;
        let v = (self.scale * late * lead).tanh();
        [v, -v]
    }
}

/// Each side's Hull lost (quarters) as the battle will count it, with what is already on
/// its way: a ship past half her Hull counts the chance of failing her next surrender test
/// times the Hull she has left, and each fire or active flooding marker what it costs over
/// the rest of the battle ([`marker_worth`]).
pub fn expected_losses(g: &TogoGame) -> [f64; 2] {
    let mut l = g.losses().map(|x| x as f64);
    let r = &broadside_env::togo::data::rules().tests;
    for (i, s) in g.ships().iter().enumerate() {
        if !s.afloat() {
            continue;
        }
        if s.lost() * 2 > s.hull_max {
            let need = r.surrender_fail as i32 - g.surrender_modifier(i);
            let fail = ((7 - need).clamp(0, 6)) as f64 / 6.0;
            l[s.side as usize] += fail * s.hull as f64;
        }
        if !s.fort {
            let markers = f64::from(s.fires) + f64::from(s.floods);
            l[s.side as usize] += markers * marker_worth(f64::from(s.hull));
        }
    }
    l
}
