//! WS&IM behind the [`Game`] contract.

use rand::{Rng, RngCore};

use crate::action_set::ActionSet;
use crate::chance::ChanceOutcomes;
use crate::game::{Action, Game, GameSpec, NUM_PLAYERS, Player, Turn, legal_at, win_returns};
use crate::observation::{ObsMemo, Observation, ObservationMut};

use super::catalogue::*;
use super::data::{tables, MAX_SHIPS};
use super::observe::WSIM_OBS;
use super::state::{flag, Ending, Pending, Phase, WsimGame, MAX_PLAN};

/// The fixed description of the WS&IM ruleset.
pub static WSIM_SPEC: GameSpec = GameSpec {
    name: "wsim",
    title: "Wooden Ships & Iron Men (online simplified rules)",
    version: WSIM_VERSION,
    num_player_actions: NUM_PLAYER_ACTIONS,
    num_actions: NUM_ACTIONS,
    action_names: &ACTION_NAMES,
    obs: WSIM_OBS,
};

impl Game for WsimGame {
    fn spec(&self) -> &'static GameSpec {
        &WSIM_SPEC
    }

    #[inline]
    fn turn(&self) -> Turn {
        if self.ending.is_some() {
            Turn::Terminal
        } else if self.pending != Pending::None {
            Turn::Chance
        } else if let Phase::Orders { player, .. } = self.phase {
            Turn::Player(player)
        } else {
            Turn::Terminal
        }
    }

    #[inline]
    fn legal_actions(&self) -> ActionSet {
        legal_at(self.turn(), || self.order_options(), || self.pending_outcomes())
    }

    fn chance_outcomes(&self) -> ChanceOutcomes {
        self.pending_outcomes()
    }

    #[inline]
    fn apply_unchecked(&mut self, action: Action) {
        if self.pending != Pending::None {
            self.apply_chance(action);
        } else {
            self.apply_order(action);
        }
        self.run();
    }

    fn returns(&self) -> [f64; NUM_PLAYERS] {
        win_returns(match self.ending {
            Some(Ending::Win { winner, .. }) => Some(winner),
            _ => None,
        })
    }

    fn observe(&self, player: Player, out: &mut Observation) {
        self.write_observation(player, out);
    }

    fn observe_into(&self, player: Player, out: ObservationMut<'_>, memo: &mut ObsMemo) {
        self.write_into(player, out, Some(memo));
    }

    fn resample_hidden(&self, player: Player, rng: &mut dyn RngCore) -> Self {
        let mut g = self.clone();
        let other = 1 - player;
        // The other side's orders for this turn are written (and hidden) once it has had
        // its turn to write: side 0 writes first, so side 1 sees hidden orders of side 0.
        let written = match self.phase {
            Phase::Orders { player: p, .. } => other < p,
            _ => false,
        };
        for i in 0..self.num_ships as usize {
            if g.ships[i].side != other || !g.ships[i].can_fight() {
                continue;
            }
            if written {
                g.random_orders(i, rng);
            } else {
                // Orders persisting from earlier turns are hidden too.
                let o = &mut g.ships[i].orders;
                o.aim = rng.random_range(0..2);
                o.threshold = rng.random_range(0..=THRESHOLD_HOLD);
                o.load = rng.random_range(0..3);
                o.unfoul = rng.random_range(0..4);
            }
        }
        g
    }

    fn describe_action(&self, action: Action) -> String {
        let name = WSIM_SPEC.action_name(action);
        match self.phase {
            Phase::Orders { ship, .. } if self.pending == Pending::None => {
                format!("ship {ship}: {name}")
            }
            _ => name.to_string(),
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        let n = self.num_ships as usize;
        if n == 0 || n > MAX_SHIPS {
            return Err(format!("ship count {n}"));
        }
        for (i, s) in self.ships().iter().enumerate() {
            let bad = |what: &str| Err(format!("ship {i}: {what}"));
            if s.side > 1 {
                return bad("side");
            }
            if s.hull > s.hull_max {
                return bad("hull above maximum");
            }
            if (0..3).any(|k| s.crew[k] > s.crew_max[k])
                || (0..4).any(|k| s.rigging[k] > s.rigging_max[k])
            {
                return bad("crew or rigging above maximum");
            }
            if (0..2).any(|k| s.guns[k] > s.guns_max[k] || s.carronades[k] > s.carronades_max[k]) {
                return bad("guns above maximum");
            }
            if s.hull == 0 && !s.struck() {
                return bad("hull gone but not struck");
            }
            if s.crew_left() == 0 && !s.crewless() {
                return bad("crew gone but not marked");
            }
            if !self.map.contains(s.pos.bow) || !self.map.contains(s.pos.stern()) {
                return bad("off the map");
            }
            if s.fouled & (1 << i) != 0 || s.fouled >> n != 0 {
                return bad("fouled with itself or a missing ship");
            }
            for j in super::resolve::bits(s.fouled) {
                if self.ships[j].fouled & (1 << i) == 0 {
                    return bad("fouling not symmetric");
                }
            }
            if s.orders.plan_len as usize > MAX_PLAN || s.orders.threshold > THRESHOLD_HOLD {
                return bad("orders out of range");
            }
            if !s.can_fight() && s.has(flag::MOVING) {
                return bad("moving though unable to fight");
            }
        }
        let resolving_step = matches!(self.phase, Phase::Movement { started: true, .. });
        if !resolving_step {
            if let Some((h, _)) = self.first_conflict() {
                return Err(format!(
                    "two ships share hex {h:?} outside collision resolution"
                ));
            }
        }
        match self.phase {
            Phase::Orders { player, ship, .. } => {
                let s = self
                    .ships
                    .get(ship as usize)
                    .ok_or("acting ship out of range")?;
                if ship as usize >= n || s.side != player || !s.can_fight() {
                    return Err("acting ship is not a fighting ship of the deciding side".into());
                }
            }
            Phase::Over if self.ending.is_none() => {
                return Err("phase over without an ending".into())
            }
            _ => {}
        }
        if self.ending.is_some() && self.phase != Phase::Over {
            return Err("ended but phase is not over".into());
        }
        let total: u32 = self.ships().iter().map(|s| s.points as u32 * 2).sum();
        if self.scores.iter().any(|&x| x as u32 > total) {
            return Err("score above what the ships are worth".into());
        }
        if self.turn > tables().rules.turn_limit.max(self.turn_limit) {
            return Err("turn past the limit".into());
        }
        Ok(())
    }
}

impl WsimGame {
    /// Writes random legal orders for ship `i`, as the order sub-decisions would.
    fn random_orders(&mut self, i: usize, rng: &mut dyn RngCore) {
        let s = &mut self.ships[i];
        s.orders.plan_len = 0;
        s.orders.plan = [0; MAX_PLAN];
        s.orders.unfoul = rng.random_range(0..4);
        loop {
            let mut opts = ActionSet::new();
            self.movement_options(i, &mut opts);
            let a = opts
                .nth(rng.random_range(0..opts.len()))
                .unwrap_or(END_MOVE);
            if a == END_MOVE {
                break;
            }
            let o = &mut self.ships[i].orders;
            o.plan[o.plan_len as usize] = match a {
                TURN_LEFT => super::state::TOKEN_LEFT,
                TURN_RIGHT => super::state::TOKEN_RIGHT,
                _ => super::state::TOKEN_FORWARD,
            };
            o.plan_len += 1;
        }
        let o = &mut self.ships[i].orders;
        o.aim = rng.random_range(0..2);
        o.threshold = rng.random_range(0..=THRESHOLD_HOLD);
        o.load = rng.random_range(0..3);
    }
}
