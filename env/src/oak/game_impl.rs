//! Oak & Iron behind the [`Game`] contract: the driver, readable actions and the
//! invariants.

use rand::RngCore;

use crate::action_set::ActionSet;
use crate::chance::ChanceOutcomes;
use crate::game::{Action, Game, GameSpec, NUM_PLAYERS, Player, Turn, legal_at, win_returns};
use crate::observation::Observation;

use super::catalogue::*;
use super::data::{cards, CardSet, MAX_CARDS, MAX_COMMANDS};
use super::observe::OAK_OBS;
use super::state::*;

/// The fixed description of the Oak & Iron ruleset.
pub static OAK_SPEC: GameSpec = GameSpec {
    name: "oak",
    title: "Oak & Iron",
    version: OAK_VERSION,
    num_player_actions: NUM_PLAYER_ACTIONS,
    num_actions: NUM_ACTIONS,
    action_names: &ACTION_NAMES,
    obs: OAK_OBS,
};

impl Game for OakGame {
    fn spec(&self) -> &'static GameSpec {
        &OAK_SPEC
    }

    #[inline]
    fn turn(&self) -> Turn {
        if self.pending == Pending::Over {
            Turn::Terminal
        } else if self.pending.is_chance() {
            Turn::Chance
        } else {
            Turn::Player(self.who)
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
        win_returns(self.ending.and_then(|e| e.winner.map(|w| w & 1)))
    }

    fn observe(&self, player: Player, out: &mut Observation) {
        self.write_observation(player, out);
    }

    fn resample_hidden(&self, player: Player, rng: &mut dyn RngCore) -> Self {
        self.resample(player, rng)
    }

    fn describe_action(&self, action: Action) -> String {
        let name = OAK_SPEC.action_name(action);
        if let Some(c) = action_card(action).and_then(|c| cards().get(c)) {
            return format!("{name}: {} (value {})", c.name, c.value);
        }
        name.to_string()
    }

    fn check_invariants(&self) -> Result<(), String> {
        let all = CardSet::MAX >> (MAX_CARDS - cards().len().clamp(1, MAX_CARDS));
        for s in 0..MAX_COMMANDS {
            if !self.command_exists(s) {
                if self.hand[s] != 0 || self.next[s] != NONE || self.revealed[s] != NONE {
                    return Err(format!("command {s} does not exist but holds cards"));
                }
                continue;
            }
            if self.hand[s] & !all != 0 || self.hand[s] & self.discarded[s] != 0 {
                return Err(format!("side {s}: hand {:b} bad", self.hand[s]));
            }
            if self.hand[s] & !self.pool[s] != 0 {
                return Err(format!("side {s}: a hand card outside the pool"));
            }
            if self.phase != Phase::Setup && self.hand[s].count_ones() > self.hand_size[s] as u32 {
                return Err(format!("side {s}: hand larger than its size"));
            }
            for c in [self.next[s], self.revealed[s]] {
                if c != NONE && self.hand[s] & (1 << c) == 0 && self.discarded[s] & (1 << c) == 0 {
                    return Err(format!("side {s}: card {c} in play but not held"));
                }
            }
            if self.next[s] != NONE && self.next[s] == self.revealed[s] {
                return Err(format!("side {s}: the face-down card is the face-up one"));
            }
        }
        for (i, s) in self.ships().iter().enumerate() {
            if s.fatigue > s.shaken_limit() || s.damage > s.crippled_limit() {
                return Err(format!("ship {i}: fatigue or damage past its track"));
            }
            if s.sail > sail::FULL || s.side > 1 || s.squadron >= self.squadrons[s.side as usize] {
                return Err(format!("ship {i}: bad sail, side or squadron"));
            }
            if s.ashore && (!s.on_table() || s.shaken()) {
                return Err(format!("ship {i}: a landing party ashore from a shaken or absent ship"));
            }
            if s.ashore
                && !self.pieces().iter().any(|t| {
                    t.kind() == super::data::TerrainKind::Island
                        && crate::plane::Rect { length: t.rect.length + 4, beam: t.rect.beam + 4, ..t.rect }
                            .contains(s.landing)
                })
            {
                return Err(format!("ship {i}: her landing party is not on an island"));
            }
            if s.entangled & (1 << i) != 0 {
                return Err(format!("ship {i}: entangled with itself"));
            }
            for k in 0..self.n_ships as usize {
                let a = s.entangled & (1 << k) != 0;
                let b = self.ships[k].entangled & (1 << i) != 0;
                if a != b {
                    return Err(format!("ships {i} and {k}: one-sided entanglement"));
                }
                if a && (!s.on_table() || !self.ships[k].on_table()) {
                    return Err(format!("ships {i} and {k}: entangled off the table"));
                }
            }
            if s.on_table() && !s.out_of_action() {
                for (k, o) in self.ships().iter().enumerate().skip(i + 1) {
                    if o.on_table() && crate::plane::rects_overlap(&s.base, &o.base) {
                        return Err(format!("ships {i} and {k} overlap"));
                    }
                }
            }
        }
        if self.pending == Pending::Reaction && self.interrupted.is_none() {
            return Err("a reaction pending without the activation it interrupts".into());
        }
        if let Some(saved) = self.interrupted {
            let reacting = self.act.reacting || self.pending == Pending::Reaction;
            if self.phase != Phase::Movement
                || saved.ship >= self.n_ships
                || !(reacting || self.pending == Pending::Over)
            {
                return Err("an interrupted activation outside a reaction".into());
            }
        }
        if (self.pending == Pending::Reroll) != self.roll.choosing {
            return Err("a reroll decision without a roll waiting for it, or the reverse".into());
        }
        if self.pending == Pending::Over && self.ending.is_none() {
            return Err("over without an ending".into());
        }
        if self.turn > self.turns {
            return Err("past the last turn".into());
        }
        Ok(())
    }
}
