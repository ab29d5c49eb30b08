//! The battle behind the [`Game`] contract: the driver, hidden order markers and their
//! resampling, readable actions and the invariants.

use rand::{Rng, RngCore};

use crate::action_set::ActionSet;
use crate::chance::ChanceOutcomes;
use crate::game::{Action, Game, GameSpec, NUM_PLAYERS, Player, Turn, legal_at, win_returns};
use crate::observation::Observation;
use crate::plane::{on_table, rects_overlap};

use super::catalogue::*;
use super::data::{BATTERY_NAMES, MAX_SHIPS};
use super::fire::MAX_MARKERS;
use super::observe::TOGO_OBS;
use super::state::*;

/// The fixed description of the Togo ruleset.
pub static TOGO_SPEC: GameSpec = GameSpec {
    name: "togo",
    title: "Gods of War: Togo",
    version: TOGO_VERSION,
    num_player_actions: NUM_PLAYER_ACTIONS,
    num_actions: NUM_ACTIONS,
    action_names: &ACTION_NAMES,
    obs: TOGO_OBS,
};

impl TogoGame {
    /// Draws the order markers of `other`'s ship `i` that `player` cannot see, consistent
    /// with what is public: the order it last revealed (a new order is at most one level
    /// from the last, FAQ), High manoeuvrability, and bridge damage's repeated orders.
    fn resample_orders(&mut self, i: usize, rng: &mut dyn RngCore) {
        let s = self.ships[i];
        // `capped`: the marker was placed this turn, under this turn's storm cap; the
        // active one was placed a turn ago, under a cap not recorded.
        let pick = |g: &Self, rng: &mut dyn RngCore, from: u8, capped: bool| -> u8 {
            let mut options = [0u8; 5];
            let mut n = 0;
            for level in STOP..=FULL {
                let ok = if capped {
                    g.order_allowed(i, from, level)
                } else {
                    g.one_level(i, from, level)
                };
                if ok {
                    options[n] = level;
                    n += 1;
                }
            }
            if n == 0 {
                from.min(FULL)
            } else {
                options[rng.random_range(0..n)]
            }
        };
        let mut active = s.active;
        if !s.revealed {
            // Stopped by her engines, she holds the stop order (public: the damage shows).
            active = if s.engine >= 2 {
                STOP
            } else if s.lock_active && s.shown != NONE {
                s.shown
            } else {
                pick(self, rng, s.shown, false)
            };
        }
        let planned = if s.lock_planned {
            active
        } else if s.placed {
            pick(self, rng, active, true)
        } else {
            // Not yet placed this turn: whatever lies there is not part of any decision.
            s.planned
        };
        self.ships[i].active = active;
        self.ships[i].planned = planned;
    }

    fn ship_word(&self, i: usize) -> String {
        let s = &self.ships[i];
        format!("ship {i} (class {}, side {})", s.class, s.side)
    }
}

impl Game for TogoGame {
    fn spec(&self) -> &'static GameSpec {
        &TOGO_SPEC
    }

    #[inline]
    fn turn(&self) -> Turn {
        if self.stage == Stage::Over {
            Turn::Terminal
        } else if self.is_chance() {
            Turn::Chance
        } else {
            match self.decider() {
                Some(p) => Turn::Player(p),
                None => Turn::Terminal,
            }
        }
    }

    fn legal_actions(&self) -> ActionSet {
        legal_at(self.turn(), || self.decisions(), || self.outcomes())
    }

    fn chance_outcomes(&self) -> ChanceOutcomes {
        if self.turn() == Turn::Chance {
            self.outcomes()
        } else {
            ChanceOutcomes::new()
        }
    }

    fn apply_unchecked(&mut self, action: Action) {
        if self.is_chance() {
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

    fn resample_hidden(&self, player: Player, rng: &mut dyn RngCore) -> Self {
        let mut g = *self;
        for i in 0..self.num_ships as usize {
            // A fortification has no order markers: nothing of it is hidden.
            if self.ships[i].side != player && self.ships[i].ship_in_battle() {
                g.resample_orders(i, rng);
            }
        }
        g
    }

    fn describe_action(&self, action: Action) -> String {
        let name = TOGO_SPEC.action_name(action);
        let acting = self.mv.ship as usize;
        match self.stage {
            Stage::Place { ship, first } => format!(
                "{name}: {} {} order marker, face down",
                self.ship_word(ship as usize),
                if first { "first turn's active" } else { "next turn's" }
            ),
            Stage::Select if action != RESIGN => {
                let i = (action - ACTIVATE_0) as usize;
                format!("{name}: {} reveals its order and acts", self.ship_word(i))
            }
            Stage::Leg if action != HALT => {
                let (kind, _) = self.classify_leg(acting, self.next_leg_dist(), leg_turn(action));
                let what = match kind {
                    super::movement::LegKind::Ram(j) => format!(", RAMS ship {j}"),
                    super::movement::LegKind::Land => ", runs onto land".into(),
                    _ => String::new(),
                };
                format!(
                    "{name}: {} sails {:.1}\" more{what}",
                    self.ship_word(acting),
                    self.mv.left as f64 / 1000.0
                )
            }
            Stage::Target { battery } if action != HOLD => {
                let j = (action - TARGET_0) as usize;
                let what = if battery == TORPEDO {
                    "torpedo".to_string()
                } else {
                    format!("{} battery", BATTERY_NAMES[battery as usize])
                };
                match self.shot_for(acting, j, battery) {
                    Some(s) => format!(
                        "{name}: {what} of {} at ship {j} ({} {}, {}+{})",
                        self.ship_word(acting),
                        s.dice,
                        if s.dice == 1 { "die" } else { "dice" },
                        s.to_hit,
                        if s.reroll { ", re-roll misses" } else { "" }
                    ),
                    None => name.to_string(),
                }
            }
            Stage::Counter { ship } => format!(
                "{name}: ship {ship} answers ship {acting}'s fire with a counter salvo"
            ),
            _ => name.to_string(),
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        let n = self.num_ships as usize;
        if !(2..=MAX_SHIPS).contains(&n) {
            return Err(format!("ship count {n}"));
        }
        for (i, s) in self.ships().iter().enumerate() {
            let bad = |what: &str| Err(format!("ship {i}: {what}"));
            if s.side > 1 || !(1..=4).contains(&s.class) || s.status > EXITED {
                return bad("side, class or status out of range");
            }
            if s.hull > s.hull_max || (s.afloat() && s.hull == 0) {
                return bad("hull out of range");
            }
            if s.active > FULL || s.planned > FULL || (s.shown > FULL && s.shown != NONE) {
                return bad("order out of range");
            }
            if s.fires > MAX_MARKERS || s.floods > MAX_MARKERS || s.floods_held > MAX_MARKERS {
                return bad("too many markers");
            }
            if s.rudder > RUDDER_JAMMED || s.engine > 2 {
                return bad("rudder or engine state");
            }
            if s.revealed && s.shown != s.active {
                return bad("revealed order differs from the active one");
            }
            if s.lock_planned && s.planned != s.active {
                return bad("bridge damage: the inactive order differs");
            }
            if s.engine >= 2 && s.active != STOP {
                return bad("stopped by her engines without the stop order");
            }
            if s.afloat() {
                if !on_table(&s.rect, self.width, self.depth) {
                    return bad("off the table");
                }
                if let Some(j) = self.ships()[i + 1..]
                    .iter()
                    .position(|o| o.afloat() && rects_overlap(&o.rect, &s.rect))
                {
                    return Err(format!("ships {i} and {} overlap", i + 1 + j));
                }
            }
        }
        if self.queue_len as usize > MAX_QUEUE {
            return Err("fire queue too long".into());
        }
        if self.ending.is_some() != (self.stage == Stage::Over) {
            return Err("ending and stage disagree".into());
        }
        if self.turn == 0 || self.turn > self.last_turn {
            return Err("turn out of range".into());
        }
        if self.wind > STORM || self.wind_dir > 7 {
            return Err("wind out of range".into());
        }
        let acting = matches!(
            self.stage,
            Stage::Pivot | Stage::Leg | Stage::Target { .. } | Stage::Obstacle
        );
        if acting {
            let s = &self.ships[self.mv.ship as usize];
            if !s.afloat() || !s.activated || self.mv.ship as usize >= n {
                return Err("the acting ship is not an activated ship afloat".into());
            }
        }
        if let Stage::Place { ship, .. } | Stage::Counter { ship } = self.stage {
            if ship as usize >= n || !self.ships[ship as usize].afloat() {
                return Err("a decision for a ship not afloat".into());
            }
        }
        if self.stage == Stage::Select && self.decisions().iter().all(|a| a == RESIGN) {
            return Err("select with no ship to activate".into());
        }
        Ok(())
    }
}
