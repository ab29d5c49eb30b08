//! A heuristic value of a Togo battle for depth-limited search: the lead in Hull points
//! taken from the enemy (what decides the battle when it ends), as a share of the smaller
//! fleet's Hull, squashed into `[-1, 1]` and sharper as the last turn nears.
//!
//! The squashing is steep (`scale` 6: a lead of a tenth of the smaller fleet is worth
//! about 0.57 at the first turn, 0.72 by the sixth): the battle is won on points by
//! whoever leads when the contact test ends it (a third of the time each turn from the
//! sixth), so what counts is the chance of leading then more than the margin. The default
//! admiral (`every=5,z=2`, 200 playouts) scored 65.8% of 60 games against `bot:rammers`
//! with it; its scale-2 counterpart was not measured (searching the legs too, scale 2 scored
//! 54.5% of 100 and scale 6 50.8% of 60)
//! (docs/experiments/2026-11-26-togo-admiral-3.md).
//!
//! A ship past half her Hull is counted as already partly lost: the surrender test of the
//! next repair phase (sheet) sinks or strikes her, and she then counts her whole Hull, with
//! the chance of a d6 plus her modifier reaching the failure number. A fire or active
//! flooding marker counts as the share of her Hull it costs over the rest of the battle.

use broadside_env::togo::TogoGame;
use broadside_env::{Game, NUM_PLAYERS};

use broadside_env::plane::rect_distance_at_most;
use broadside_env::togo::catalogue::FULL;
use broadside_env::togo::state::TORPEDO;

use super::contact::contact_worth;
use super::salvo::{battery_worth, marker_worth};
use crate::mcts::Heuristic;

/// `tanh(scale * (1 + turn / last_turn) * lead)`, the lead as a share of the smaller fleet.
#[derive(Debug, Clone, Copy)]
pub struct TogoValue {
    pub scale: f64,
    /// How much the position counts ([`position`]: the next exchange's expected fire and
    /// the contacts in reach), against the Hull already lost.
    pub position: f64,
}

impl Default for TogoValue {
    fn default() -> Self {
        Self {
            scale: 6.0,
            position: 0.5,
        }
    }
}

impl Heuristic<TogoGame> for TogoValue {
    fn name(&self) -> String {
        format!("togo-hull(scale={},position={})", self.scale, self.position)
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
        let pos = position(g);
        let lead = (l[1] - l[0] + self.position * (pos[0] - pos[1])) / base;
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

/// What each side's position promises in the next exchange, in Hull quarters: the fire its
/// ships could deal from where they lie (each battery at its best target, sixes counted,
/// [`super::salvo`]) and the contacts in reach (what a ship gains by ramming and boarding an
/// enemy within her full-speed move, [`super::contact`]). A playout that ends at the end of
/// a turn otherwise values two moves alike whenever the turn's dice fell alike: the Hull
/// lead sees a move only once its shots and contacts have happened.
pub fn position(g: &TogoGame) -> [f64; 2] {
    let mut p = [0.0f64; 2];
    let n = g.num_ships as usize;
    for i in 0..n {
        let me = &g.ships[i];
        if !me.afloat() {
            continue;
        }
        let side = me.side as usize;
        for b in 0..TORPEDO {
            let best = (0..n)
                .filter_map(|j| battery_worth(g, i, j, b))
                .max()
                .unwrap_or(0);
            p[side] += best as f64 / 100.0;
        }
        if me.fort {
            continue;
        }
        let reach = i32::from(g.knots(i, FULL)) * 500 + 1000;
        let contact = (0..n)
            .filter(|&j| g.ships[j].side != me.side && g.ships[j].afloat() && !g.ships[j].fort)
            .filter(|&j| rect_distance_at_most(&me.rect, &g.ships[j].rect, reach))
            .map(|j| contact_worth(g, i, j))
            .max()
            .unwrap_or(0)
            .max(0);
        p[side] += contact as f64 / 216.0;
    }
    p
}
