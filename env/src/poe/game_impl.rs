//! The sea fight behind the [`Game`] contract: the driver, readable actions and the
//! invariants.

use rand::RngCore;

use crate::action_set::ActionSet;
use crate::chance::ChanceOutcomes;
use crate::game::{Action, Game, GameSpec, NUM_PLAYERS, Player, Turn, legal_at, win_returns};
use crate::observation::Observation;

use super::catalogue::*;
use super::data::{rules, MAX_SHIPS};
use super::observe::POE_OBS;
use super::state::*;

/// The fixed description of the Pieces of Eight ruleset.
pub static POE_SPEC: GameSpec = GameSpec {
    name: "poe",
    title: "Pieces of Eight (sea fight)",
    version: POE_VERSION,
    num_player_actions: NUM_PLAYER_ACTIONS,
    num_actions: NUM_ACTIONS,
    action_names: &ACTION_NAMES,
    obs: POE_OBS,
};

impl Game for PoeGame {
    fn spec(&self) -> &'static GameSpec {
        &POE_SPEC
    }

    #[inline]
    fn turn(&self) -> Turn {
        if self.pending == Pending::Over {
            Turn::Terminal
        } else if self.pending.is_chance() {
            Turn::Chance
        } else {
            match self.decider() {
                Some(p) => Turn::Player(p),
                None => Turn::Terminal,
            }
        }
    }

    fn legal_actions(&self) -> ActionSet {
        legal_at(self.turn(), || self.decisions(), || self.pending_outcomes())
    }

    fn chance_outcomes(&self) -> ChanceOutcomes {
        self.pending_outcomes()
    }

    fn apply_unchecked(&mut self, action: Action) {
        if self.pending.is_chance() {
            self.apply_chance(action);
        } else {
            self.apply_decision(action);
        }
    }

    fn returns(&self) -> [f64; NUM_PLAYERS] {
        win_returns(self.ending.and_then(|e| e.winner))
    }

    fn observe(&self, player: Player, out: &mut Observation) {
        self.write_observation(player, out);
    }

    fn resample_hidden(&self, _player: Player, _rng: &mut dyn RngCore) -> Self {
        // Nothing is hidden in the sea fight: ships, markers, wind, fog and the clock are open.
        self.clone()
    }

    fn describe_action(&self, action: Action) -> String {
        let name = POE_SPEC.action_name(action);
        let ship_name = |i: usize| format!("ship {i}");
        let acting = self.act.ship as usize;
        match self.pending {
            Pending::SelectShip if action < WIND_DICE_0 => {
                let i = (action - SHIP_0) as usize;
                let s = &self.ships[i];
                format!(
                    "{name}: ship {i} acts ({}, {}/{}/{} crew/guns/sail)",
                    self.wind_angle(i).name(),
                    s.level[CREW],
                    s.level[GUNS],
                    s.level[SAIL]
                )
            }
            Pending::Moving | Pending::AfterMove if (FIRE_0..BOARD_0).contains(&action) => {
                let j = (action - FIRE_0) as usize;
                let chaser = self.shot_option(acting, j, ShotKind::Own).unwrap_or(false);
                format!(
                    "{name}: {} shoots at {} with {} ({} dice)",
                    ship_name(acting),
                    ship_name(j),
                    if chaser { "a chaser" } else { "a broadside" },
                    self.gunnery_dice(acting, j, ShotKind::Own, chaser)
                )
            }
            Pending::AfterMove if (BOARD_0..DONE).contains(&action) => {
                let j = (action - BOARD_0) as usize;
                format!("{name}: {} boards {}", ship_name(acting), ship_name(j))
            }
            Pending::Moving => format!(
                "{name}: {} ({} of {} hexes moved, facing {})",
                ship_name(acting),
                self.act.moved,
                self.act.allowance,
                self.ships[acting].facing.name()
            ),
            Pending::Opportunity if action != OPP_HOLD => {
                let k = (action - OPP_0) as usize;
                format!(
                    "{name}: {} shoots at the moving {} from 1 hex",
                    ship_name(k),
                    ship_name(acting)
                )
            }
            Pending::Reroll => format!(
                "{name}: {} hits of {} dice, {} shooting at {}",
                self.shot.hits, self.shot.dice, self.shot.shooter, self.shot.target
            ),
            Pending::Lose { .. } => format!("{name}: ship {} loses a marker", self.loss.ship),
            Pending::Recover => format!("{name}: {} recovers a marker", ship_name(acting)),
            Pending::ReturnShot => format!(
                "{name}: ship {} shoots back at ship {}",
                self.shot.target, self.shot.shooter
            ),
            Pending::Clock => format!(
                "{name}: battle clock {} of {}",
                self.clock, self.clock_length
            ),
            Pending::WindDice | Pending::CancelDice { .. } | Pending::WindTurn => {
                format!("{name}: wind from {}", self.wind_from.name())
            }
            _ => name.to_string(),
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        let n = self.num_ships as usize;
        if !(2..=MAX_SHIPS).contains(&n) {
            return Err(format!("ship count {n}"));
        }
        if self.mover > 1 {
            return Err("mover out of range".into());
        }
        for (i, s) in self.ships().iter().enumerate() {
            let bad = |what: &str| Err(format!("ship {i}: {what}"));
            if s.orig > 1 || s.status > status::EXITED || !(1..=3).contains(&s.size) {
                return bad("side, status or size out of range");
            }
            if (0..3).any(|t| s.level[t] > s.max[t]) {
                return bad("more markers than it started with");
            }
            match s.status {
                status::AFLOAT if s.owner > 1 => return bad("afloat without an owner"),
                status::STRUCK if s.owner != NONE => return bad("struck but owned"),
                status::STRUCK if !s.bare() => return bad("struck with markers"),
                _ => {}
            }
            if s.status == status::EXITED && (s.warship || s.orig != 0) {
                return bad("only convoy merchants exit");
            }
            if s.aground > 2 || (s.aground > 0 && !s.afloat()) {
                return bad("aground state");
            }
            if s.occupies() {
                if !self.map.contains(s.hex) {
                    return bad("off the map");
                }
                if let Some(j) = self.ships()[i + 1..]
                    .iter()
                    .position(|o| o.occupies() && o.hex == s.hex)
                {
                    return Err(format!("ships {i} and {} share a hex", i + 1 + j));
                }
            }
        }
        if self.clock > self.clock_length.saturating_add(rules().clock.advance_max) {
            return Err("battle clock past its end".into());
        }
        if self.ending.is_some() != (self.pending == Pending::Over) {
            return Err("ending and pending disagree".into());
        }
        if self.ending.is_none() && self.clock >= self.clock_length {
            return Err("the clock is complete but the game goes on".into());
        }
        let acting = self.act.ship;
        let needs_acting = matches!(
            self.pending,
            Pending::Recover
                | Pending::Moving
                | Pending::AfterMove
                | Pending::Opportunity
                | Pending::Extra { .. }
                | Pending::Fog
                | Pending::Shallows { .. }
        );
        if needs_acting {
            let s = self.ships.get(acting as usize).ok_or("no acting ship")?;
            if acting as usize >= n || s.owner != self.mover || !s.afloat() || !s.acted {
                return Err("the acting ship is not an afloat, picked ship of the mover".into());
            }
            if self.act.moved > self.act.allowance {
                return Err("moved past the allowance".into());
            }
        }
        if self.act.turn_cap != u8::MAX && self.act.turns > self.act.turn_cap {
            return Err("more direction changes than allowed".into());
        }
        match self.pending {
            Pending::Lose { .. } => {
                let s = self
                    .ships
                    .get(self.loss.ship as usize)
                    .ok_or("no losing ship")?;
                if self.loss.left == 0 || s.level.iter().filter(|&&l| l > 0).count() < 2 {
                    return Err("a marker choice without a choice".into());
                }
            }
            Pending::Recover => {
                let s = &self.ships[acting as usize];
                if self.act.recover_left == 0
                    || (0..3).filter(|&t| s.level[t] < s.max[t]).count() < 2
                {
                    return Err("a recovery choice without a choice".into());
                }
            }
            Pending::Reroll | Pending::ReturnShot => {
                let (a, b) = (self.shot.shooter as usize, self.shot.target as usize);
                if a >= n || b >= n || self.ships[a].owner == self.ships[b].owner {
                    return Err("a shot between ships of one side".into());
                }
            }
            _ => {}
        }
        if self.pending == Pending::Moving && !self.act.moving {
            return Err("moving decision after the move".into());
        }
        if self.pending == Pending::SelectShip && !(0..n).any(|i| self.selectable(i)) {
            return Err("select with no ship to pick".into());
        }
        Ok(())
    }
}
