//! Fighting Sail behind the [`Game`] contract: the driver loop, the initiative and weather,
//! the end of the turn, and the invariants.

use rand::RngCore;

use crate::action_set::ActionSet;
use crate::chance::ChanceOutcomes;
use crate::game::{Action, Game, GameSpec, NUM_PLAYERS, Player, Turn, legal_at, win_returns};
use crate::observation::Observation;
use crate::plane::{on_table, rects_overlap};

use super::catalogue::*;
use super::data::{MAX_PER_SIDE, MAX_SHIPS};
use super::observe::FSAIL_OBS;
use super::state::{EndReason, FsailGame, Pending, Phase, Weather};

/// The fixed description of the Fighting Sail ruleset.
pub static FSAIL_SPEC: GameSpec = GameSpec {
    name: "fsail",
    title: "Fighting Sail (reference sheet)",
    version: FSAIL_VERSION,
    num_player_actions: NUM_PLAYER_ACTIONS,
    num_actions: NUM_ACTIONS,
    action_names: &ACTION_NAMES,
    obs: FSAIL_OBS,
};

impl FsailGame {
    /// Runs automatic steps until a player decides, a chance node waits or the game ends.
    pub(crate) fn run(&mut self) {
        while self.pending == Pending::None && self.ending.is_none() {
            match self.phase {
                Phase::Initiative => self.pending = Pending::Initiative,
                Phase::SailSelect { player } => {
                    let mut s = ActionSet::new();
                    self.select_options(player, &mut s);
                    if !s.is_empty() {
                        return;
                    }
                    self.phase = if player == self.first {
                        Phase::SailSelect { player: 1 - player }
                    } else {
                        Phase::Cannon { player: self.first }
                    };
                }
                Phase::SailSpend { player, points, .. } => {
                    if points > 0 {
                        return;
                    }
                    self.phase = Phase::SailSelect { player };
                }
                Phase::Cannon { player } => {
                    let mut s = ActionSet::new();
                    self.cannon_actions(player, &mut s);
                    if !s.is_empty() {
                        return;
                    }
                    self.next_cannon(player);
                }
                Phase::Over => return,
            }
        }
    }

    /// `player`'s cannon phase is over.
    fn next_cannon(&mut self, player: u8) {
        if player == self.first {
            self.phase = Phase::Cannon { player: 1 - player };
        } else {
            self.end_turn();
        }
    }

    /// End of the turn: Cannon tokens and the sailed marks go, a calm ends; the next turn's
    /// initiative, or the end of the game at the turn limit.
    fn end_turn(&mut self) {
        if self.turn >= self.turn_limit {
            // Ours: the side that kept the larger share of its starting morale wins.
            let a = self.morale[0] as i32 * self.start_morale[1] as i32;
            let b = self.morale[1] as i32 * self.start_morale[0] as i32;
            let winner = match a.cmp(&b) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            };
            self.finish(winner, EndReason::TurnLimit);
            return;
        }
        self.turn += 1;
        // Rules notes: becalmed means no sailing dice "that turn"; a gale lasts until the
        // next tied initiative roll.
        if self.weather == Weather::Becalmed {
            self.weather = Weather::Fair;
        }
        for s in &mut self.ships {
            s.cannon = false;
            s.sailed = false;
        }
        self.phase = Phase::Initiative;
    }

    /// Weather Deck: the die of a tied initiative roll.
    pub fn draw_weather(&mut self, die: u8) {
        match die {
            1 => self.weather = Weather::Becalmed,
            2 | 3 => {
                self.wind_from = (self.wind_from + 1) % 8;
                self.weather = Weather::Fair;
            }
            4 | 5 => {
                self.wind_from = (self.wind_from + 7) % 8;
                self.weather = Weather::Fair;
            }
            _ => self.weather = Weather::Gale,
        }
    }

    /// Applies the outcome of the pending chance node.
    fn apply_chance(&mut self, action: Action) {
        let pending = std::mem::replace(&mut self.pending, Pending::None);
        match pending {
            Pending::None => {}
            Pending::Initiative => {
                if action == INIT_0 || action == INIT_1 {
                    self.first = (action - INIT_0) as u8;
                } else {
                    let die = (action - INIT_TIE_1 + 1) as u8;
                    if self.weather_deck {
                        self.draw_weather(die);
                    }
                    if self.turn == 1 {
                        // "Re-roll ties on the first turn of the game only."
                        self.pending = Pending::Initiative;
                        return;
                    }
                    // "The first player from the previous turn becomes the second player."
                    self.first = 1 - self.first;
                }
                self.phase = Phase::SailSelect { player: self.first };
            }
            Pending::SailingDice { free, .. } => {
                self.sailing_roll((action - ROLL_0) as u8, free);
            }
            other => self.apply_combat_chance(other, action),
        }
    }

    /// Applies a player decision.
    fn apply_decision(&mut self, action: Action) {
        match self.phase {
            Phase::SailSelect { player } => {
                if action == RESIGN {
                    self.finish(Some(1 - player), EndReason::Resignation);
                } else if let Some(i) = self.slot_ship(player, (action - SHIP_0) as usize) {
                    self.start_sailing(player, i);
                }
            }
            Phase::SailSpend { .. } => self.apply_sail(action),
            Phase::Cannon { player } => {
                if action == CANNON_END {
                    self.next_cannon(player);
                } else {
                    self.apply_cannon(player, action);
                }
            }
            Phase::Initiative | Phase::Over => {}
        }
    }

    /// The legal decisions now.
    fn decisions(&self) -> ActionSet {
        let mut s = ActionSet::new();
        match self.phase {
            Phase::SailSelect { player } => {
                self.select_options(player, &mut s);
                if self.options.resignation {
                    s.insert(RESIGN);
                }
            }
            Phase::SailSpend { ship, points, .. } => {
                self.sail_options(ship as usize, points, &mut s)
            }
            Phase::Cannon { player } => {
                self.cannon_actions(player, &mut s);
                s.insert(CANNON_END);
            }
            Phase::Initiative | Phase::Over => {}
        }
        s
    }
}

impl Game for FsailGame {
    fn spec(&self) -> &'static GameSpec {
        &FSAIL_SPEC
    }

    #[inline]
    fn turn(&self) -> Turn {
        if self.ending.is_some() {
            Turn::Terminal
        } else if self.pending != Pending::None {
            Turn::Chance
        } else {
            match self.phase_player() {
                Some(p) => Turn::Player(p),
                None => Turn::Terminal,
            }
        }
    }

    fn legal_actions(&self) -> ActionSet {
        legal_at(self.turn(), || self.decisions(), || self.pending_outcomes())
    }

    fn chance_outcomes(&self) -> ChanceOutcomes {
        if self.ending.is_some() {
            return ChanceOutcomes::new();
        }
        self.pending_outcomes()
    }

    fn apply_unchecked(&mut self, action: Action) {
        if self.pending != Pending::None {
            self.apply_chance(action);
        } else {
            self.apply_decision(action);
        }
        self.run();
    }

    fn returns(&self) -> [f64; NUM_PLAYERS] {
        win_returns(self.ending.and_then(|e| e.winner))
    }

    fn observe(&self, player: Player, out: &mut Observation) {
        self.write_observation(player, out);
    }

    fn resample_hidden(&self, _player: Player, _rng: &mut dyn RngCore) -> Self {
        // Nothing is hidden in Fighting Sail: both fleets, all tokens and the wind are open.
        self.clone()
    }

    fn describe_action(&self, action: Action) -> String {
        let name = FSAIL_SPEC.action_name(action);
        match (self.phase, self.pending) {
            (Phase::SailSpend { ship, .. }, Pending::None) => format!("ship {ship}: {name}"),
            (_, Pending::SailingDice { ship, .. }) => format!("ship {ship} sailing dice: {name}"),
            _ => name.to_string(),
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        let n = self.num_ships as usize;
        if !(2..=MAX_SHIPS).contains(&n) {
            return Err(format!("ship count {n}"));
        }
        for side in 0..2u8 {
            for k in 0..MAX_PER_SIDE {
                if let Some(i) = self.slot_ship(side, k) {
                    if self.ships[i].side != side || self.ships[i].slot as usize != k {
                        return Err(format!("slot {k} of side {side} names ship {i} wrongly"));
                    }
                }
            }
        }
        for (i, s) in self.ships().iter().enumerate() {
            let bad = |what: &str| Err(format!("ship {i}: {what}"));
            if s.side > 1 || s.status > 3 {
                return bad("side or status");
            }
            if !s.active() {
                continue;
            }
            if s.tokens >= 4 {
                return bad("four Damage tokens but still in play");
            }
            if !on_table(&s.base, self.table[0], self.table[1]) {
                return bad("off the table");
            }
            if self.terrain().iter().any(|t| rects_overlap(t, &s.base)) {
                return bad("on terrain");
            }
            for (j, o) in self.ships().iter().enumerate().skip(i + 1) {
                if o.active() && rects_overlap(&o.base, &s.base) {
                    return Err(format!("ships {i} and {j} overlap"));
                }
            }
        }
        match self.phase {
            Phase::SailSpend { player, ship, .. } => {
                let s = self
                    .ships
                    .get(ship as usize)
                    .ok_or("acting ship out of range")?;
                if ship as usize >= n || s.side != player || !s.active() || !s.sailed {
                    return Err(
                        "the sailing ship is not an active, picked ship of the player".into(),
                    );
                }
            }
            Phase::Over if self.ending.is_none() => {
                return Err("phase over without an ending".into())
            }
            _ => {}
        }
        if self.ending.is_some() && (self.phase != Phase::Over || self.pending != Pending::None) {
            return Err("ended but not over".into());
        }
        if self.ending.is_none() {
            if self.morale.iter().any(|&m| m <= 0) {
                return Err("a fleet at 0 morale still fights".into());
            }
            if !(self.side_in_play(0) && self.side_in_play(1)) {
                return Err("a side without ships still fights".into());
            }
        }
        if self.turn > self.turn_limit {
            return Err("turn past the limit".into());
        }
        if self.wind_from >= 8 {
            return Err("wind point out of range".into());
        }
        Ok(())
    }
}
