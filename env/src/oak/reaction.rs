//! Reactions: a decision of the side that is not moving, in the middle of the mover's
//! activation. Small Arms (initiative card, `env/data/oak/cards.toml`): "if an opposing
//! ship ends its move within pistol shot of 1 or more ships in this squadron during the
//! movement phase, 1 of those ships may take a free partial fire attack against the
//! opposing ship; this attack cannot cause damage or critical hits" (paraphrased).
//!
//! The state holds one activation and one attack, so the mover's activation is saved
//! whole ([`OakGame::interrupted`], a `Copy` value: no heap) when its move ends and a
//! reaction is possible; the reacting side picks one of its ships (`ship:k`) or declines
//! (`react:decline`); the chosen ship's partial fire is an ordinary attack (aim, roll,
//! skill rerolls, fortune point) marked [`Activation::reacting`], which makes it harmless;
//! when it ends the saved activation comes back and the mover goes on to its crew action.
//!
//! Fire as She Bears (all nations, value 1, single use): "ships of this squadron in
//! formation may make a free broadside attack against any ship that moves into a legal
//! firing position during the movement phase" (paraphrased). Ours: the trigger is the end
//! of the enemy's move (not a position crossed along it), a legal firing position is a
//! loaded broadside whose path and range reach her (the attack code's own test), and each
//! such ship may fire, one after the other, a full broadside (damage, criticals, rake and
//! its reload marker) through the same reaction; after each attack the side is asked again
//! while a ship still may (Small Arms still answers with one ship only).

use crate::action_set::ActionSet;
use crate::game::Action;
use crate::plane::rect_distance_at_most;

use super::catalogue::{FIRE_PORT_0, FIRE_STBD_0, PARTIAL_0, REACT_DECLINE, SHIP_0};
use super::data::{rules, Effect};
use super::state::{Activation, OakGame, Pending, Phase, NONE};

impl OakGame {
    /// The ships (bits of global indices) that may answer mover `m` with Small Arms now:
    /// enemy ships of `m` whose squadron plays the card, able to act, within pistol shot of
    /// `m` and with a partial fire on her (line of sight; Deception respected).
    pub fn small_arms_ships(&self, m: usize) -> u16 {
        let mover = &self.ships[m];
        if self.phase != Phase::Movement || !mover.can_act() {
            return 0;
        }
        let pistol = rules().ranges.pistol;
        let fire = PARTIAL_0 + mover.slot as Action;
        let mut bits = 0u16;
        for (k, s) in self.ships().iter().enumerate() {
            if s.side == mover.side
                || !s.can_act()
                || !self.ship_effect(k, Effect::SmallArms)
                || !rect_distance_at_most(&s.base, &mover.base, pistol)
            {
                continue;
            }
            let mut targets = ActionSet::new();
            self.attack_targets_of(k, true, &mut targets);
            if targets.contains(fire) {
                bits |= 1 << k;
            }
        }
        bits
    }

    /// The ships (bits of global indices) that may answer mover `m` with Fire as She Bears
    /// now: enemy ships of `m` whose squadron plays the card, able to act, in formation,
    /// with a loaded broadside that may fire at her.
    pub fn fire_as_she_bears_ships(&self, m: usize) -> u16 {
        let mover = &self.ships[m];
        if self.phase != Phase::Movement || !mover.can_act() {
            return 0;
        }
        let mut bits = 0u16;
        for (k, s) in self.ships().iter().enumerate() {
            if s.side == mover.side
                || !s.can_act()
                || !self.ship_effect(k, Effect::FireAsSheBears)
                || !self.in_formation(k)
            {
                continue;
            }
            if self.bearing_broadside(k, m).is_some() {
                bits |= 1 << k;
            }
        }
        bits
    }

    /// The broadside of ship `k` that may fire at ship `m` now (port first), if any.
    fn bearing_broadside(&self, k: usize, m: usize) -> Option<Action> {
        let mut targets = ActionSet::new();
        self.attack_targets_of(k, true, &mut targets);
        let slot = self.ships[m].slot as Action;
        [FIRE_PORT_0 + slot, FIRE_STBD_0 + slot]
            .into_iter()
            .find(|&a| targets.contains(a))
    }

    /// Every ship that may answer mover `m` now (Small Arms once a move).
    pub fn reaction_ships(&self, m: usize) -> u16 {
        let small = if self.small_arms_spent {
            0
        } else {
            self.small_arms_ships(m)
        };
        small | self.fire_as_she_bears_ships(m)
    }

    /// Mover `m`'s move has ended: when a reaction is possible, its activation is saved and
    /// the other side decides; else `false` and the activation goes on.
    pub(crate) fn offer_reaction(&mut self, m: usize) -> bool {
        self.small_arms_spent = false;
        if self.interrupted.is_some() || self.reaction_ships(m) == 0 {
            return false;
        }
        self.interrupted = Some(self.act);
        self.who = 1 - self.ships[m].side;
        self.pending = Pending::Reaction;
        true
    }

    /// The reacting side's choices: each ship that may answer, or decline.
    pub(crate) fn reaction_options(&self, out: &mut ActionSet) {
        let Some(saved) = self.interrupted else {
            return;
        };
        let bits = self.reaction_ships(saved.ship as usize);
        for (k, s) in self.ships().iter().enumerate() {
            if bits & (1 << k) != 0 {
                out.insert(SHIP_0 + s.slot as Action);
            }
        }
        out.insert(REACT_DECLINE);
    }

    /// The reaction chosen: the ship's free partial fire at the mover (through the attack
    /// code, from the aim on), or, declined, the mover's activation goes on.
    pub(crate) fn apply_reaction(&mut self, a: Action) {
        let Some(saved) = self.interrupted else {
            return;
        };
        let m = saved.ship as usize;
        let chosen = if a == REACT_DECLINE {
            None
        } else {
            self.ship_at(self.who, a.saturating_sub(SHIP_0) as usize)
                .filter(|&k| self.reaction_ships(m) & (1 << k) != 0)
        };
        let Some(k) = chosen else {
            self.end_reactions();
            return;
        };
        // A ship's squadron plays one card: Fire as She Bears' broadside, or Small Arms'
        // partial fire.
        let attack = match self.bearing_broadside(k, m) {
            Some(fire) if self.ship_effect(k, Effect::FireAsSheBears) => fire,
            _ => {
                self.small_arms_spent = true;
                PARTIAL_0 + self.ships[m].slot as Action
            }
        };
        self.act = Activation {
            ship: k as u8,
            collide_with: NONE,
            reacting: true,
            ..Activation::default()
        };
        self.apply_attack_choice(attack);
    }

    /// A reaction's attack is over: the side is asked again while a ship may still answer
    /// (Fire as She Bears), else the interrupted activation comes back.
    pub(crate) fn resume_interrupted(&mut self) {
        let Some(saved) = self.interrupted else {
            return;
        };
        let m = saved.ship as usize;
        if self.reaction_ships(m) != 0 {
            self.who = 1 - self.ships[m].side;
            self.pending = Pending::Reaction;
            return;
        }
        self.end_reactions();
    }

    /// The reactions are over (declined, or none left): the interrupted activation comes
    /// back where it stopped, at the end of the mover's move (its crew action next).
    pub(crate) fn end_reactions(&mut self) {
        let Some(saved) = self.interrupted.take() else {
            return;
        };
        self.small_arms_spent = false;
        self.act = saved;
        let m = saved.ship as usize;
        self.who = self.ships[m].side;
        self.after_move(m);
    }
}
