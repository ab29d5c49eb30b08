//! Why an order is not legal now, in words that name the glossary entry that forbids it
//! (seed `000_9f7e4daf39515d33.txt`): a ship that has moved or attacked this turn or is out
//! of action, a broadside with a reload marker or already fired, a target outside the
//! broadside path, past cannon shot or out of line of sight, partial fire past musket shot,
//! close action without entanglement, a crew action with an enemy at pistol shot, a turn
//! wider than the speed tool or into an obstacle, a move while anchored, aground, entangled
//! or in the wind's eye. For people (`play` and `serve` explain a refused order); search
//! never asks. Each check follows the legal-action generation ([`super::attack`],
//! [`super::movement`], [`super::rules`]).

use crate::game::{Action, Game};
use crate::plane::inches_text;

use super::catalogue::*;
use super::data::{rule, rules, Effect};
use super::geometry::{band, in_broadside_path, range_band};
use super::state::{sail, OakGame, Pending, Phase};

impl OakGame {
    /// The rule that forbids `action` now, or `None` when it is legal (or its reason is not
    /// known here).
    pub fn refusal(&self, action: Action) -> Option<String> {
        self.current_player()?;
        if self.legal_actions().contains(action) {
            return None;
        }
        match action {
            a if (SHIP_0..SEA_NONE).contains(&a) => Some(self.select_refusal(a)),
            a if (TURN_0..MOVE_AHEAD).contains(&a) => Some(self.turn_refusal(a)),
            MOVE_AHEAD => Some(self.move_refusal()),
            REACT_DECLINE => Some(
                "there is no reaction to decline: Small Arms answers an enemy ship whose move has just ended within pistol shot, Fire as She Bears one that ended it where a loaded broadside of a ship in formation bears".into(),
            ),
            a if (SHIFT_0..SHIFT_0 + SHIFTS.len() as Action).contains(&a) => {
                Some(self.shift_refusal(a))
            }
            a if (FIRE_PORT_0..ATTACK_CREW).contains(&a) => Some(self.attack_refusal(a)),
            LAND => Some(self.land_refusal()),
            a if (REROLL_0..=REROLL_0 + MAX_REROLLS as Action).contains(&a) => {
                Some(self.reroll_refusal(a))
            }
            a if (LANDING_0..LANDING_0 + 8).contains(&a) => Some(self.landing_attack_refusal(a)),
            ATTACK_CREW if self.pending == Pending::AttackChoice => Some(format!(
                "an enemy ship able to act lies within pistol shot ({}): no crew action instead of an attack (glossary: crew action)",
                inches_text(rules().ranges.pistol)
            )),
            _ => None,
        }
    }

    fn select_refusal(&self, a: Action) -> String {
        if self.pending == Pending::Reaction {
            return "Small Arms: only a ship of the squadron playing it, able to act, within pistol shot of the ship that moved and with partial fire at her, may answer (once a move); Fire as She Bears: only a ship of the squadron playing it, in formation, with a loaded broadside bearing on her".into();
        }
        if self.pending != Pending::SelectShip {
            return "a ship is activated only when the last activation has ended (glossary: activation)".into();
        }
        let Some(i) = self.ship_at(self.who, usize::from(a - SHIP_0)) else {
            return format!("your squadron has no ship number {}", a - SHIP_0);
        };
        let s = &self.ships[i];
        if !s.on_table() {
            "she has left the table".into()
        } else if s.captured() {
            "she has been captured (glossary: capture)".into()
        } else if s.out_of_action() {
            "she is out of action: crippled and shaken (glossary: out of action)".into()
        } else if self.phase == Phase::Movement {
            "she has moved this turn: each ship activates once in the movement phase".into()
        } else {
            "she has attacked this turn: each ship activates once in the attack phase".into()
        }
    }

    fn shift_refusal(&self, a: Action) -> String {
        if self.pending != Pending::Moving {
            return "a ship shifts sideways only during her own move (initiative cards: Adjust Position, Engage More Closely)".into();
        }
        let i = self.act.ship as usize;
        let s = &self.ships[i];
        if s.is_entangled() || s.aground {
            return "an entangled or aground ship cannot shift sideways (Adjust Position, Engage More Closely)".into();
        }
        if !self.shift_allowed(i) {
            return if self.ship_effect(i, Effect::AdjustPosition) {
                "Adjust Position shifts only a ship in formation or within pistol shot of a friendly ship".into()
            } else {
                "her squadron plays no card that allows a sideways shift (Adjust Position, Engage More Closely)".into()
            };
        }
        if self.act.shifted {
            return "she has shifted sideways once this move already".into();
        }
        if self.shift_target(i, usize::from(a - SHIFT_0)).is_none() {
            return "the shift would strike a ship or solid terrain, or leave the table (glossary: collision)".into();
        }
        "she shifts sideways only at the beginning or the end of her move, not half way through it".into()
    }

    fn turn_refusal(&self, a: Action) -> String {
        if !matches!(self.pending, Pending::Moving | Pending::HeadingTurn) {
            return "a ship turns only while she moves (glossary: movement)".into();
        }
        let i = self.act.ship as usize;
        let s = &self.ships[i];
        let deg = TURNS[usize::from(a - TURN_0)];
        if s.aground {
            return "she is aground (glossary: aground)".into();
        }
        if s.is_entangled() {
            return "she is entangled (glossary: entangled)".into();
        }
        if self.pending == Pending::Moving {
            if s.sail == sail::ANCHORED {
                return "she is anchored (glossary: anchored)".into();
            }
            if self.act.moved && self.act.wind_eye {
                return "in the wind's eye she turns only before moving (glossary: wind's eye)".into();
            }
            if !self.act.moved && self.act.turned_before {
                return "she has turned before moving: one turn before and one after (glossary: speed tool)".into();
            }
            if self.act.moved && self.act.turned_after {
                return "she has turned after moving: one turn before and one after (glossary: speed tool)".into();
            }
            if self.act.moved && self.act.turned_before && !s.has(rule::YARE) {
                return "she turned before moving: only a yare ship turns both before and after (glossary: yare)".into();
            }
        }
        let tool = if self.pending == Pending::HeadingTurn || self.act.wind_eye {
            1
        } else {
            self.act.speed
        };
        if tool == 0 {
            return "her speed is 0: no speed tool to turn with (glossary: speed rating)".into();
        }
        let max = rules().tools.max_turn[usize::from(tool.clamp(1, 5) - 1)];
        if deg.abs() > max {
            return format!(
                "the speed {tool} tool turns at most {max} degrees (glossary: speed tool)"
            );
        }
        if !self.turn_clear(i, deg) {
            return "her base would pivot into another ship or terrain (glossary: collision)".into();
        }
        "she cannot turn now".into()
    }

    fn move_refusal(&self) -> String {
        if self.pending != Pending::Moving {
            return "a ship moves ahead only in her movement activation, after any seamanship and heading change".into();
        }
        let s = &self.ships[self.act.ship as usize];
        if self.act.moved {
            "she has moved this activation".into()
        } else if s.sail == sail::ANCHORED {
            "she is anchored (glossary: anchored)".into()
        } else if s.aground {
            "she is aground (glossary: aground)".into()
        } else if s.is_entangled() {
            "she is entangled (glossary: entangled)".into()
        } else if self.act.wind_eye {
            "in the wind's eye she does not move ahead (glossary: wind's eye)".into()
        } else {
            "her speed is 0 (glossary: speed rating)".into()
        }
    }

    /// Why a number of skill rerolls is refused (glossary: skill value).
    fn reroll_refusal(&self, a: Action) -> String {
        if self.pending != Pending::Reroll {
            return "skill rerolls are chosen right after the first roll of a skill test or an attack (glossary: skill value)".into();
        }
        format!(
            "{} dice: the skill value rerolls 1 die a point (with Ruthless and Expert gun crew), at most {} here, and only missed dice ({} missed) (glossary: skill value)",
            a - REROLL_0,
            self.roll.skill,
            self.roll.misses
        )
    }

    /// Why the landing party crew action is refused (glossary: landing party).
    fn land_refusal(&self) -> String {
        if self.pending != Pending::CrewAction {
            return "a landing party goes ashore as the ship's crew action (glossary: landing party)".into();
        }
        let s = &self.ships[self.act.ship as usize];
        if s.ashore {
            "her landing party is already ashore (glossary: landing party)".into()
        } else if s.is_entangled() {
            "she is entangled: entangled ships take no crew actions (glossary: entangled)".into()
        } else if s.shaken() {
            "she is shaken: a landing party needs a ship that is not shaken (glossary: landing party)".into()
        } else if s.sail != sail::ANCHORED {
            "she is not anchored: only an anchored ship sends a landing party ashore (glossary: landing party)".into()
        } else if self.landing_island(self.act.ship as usize).is_none() {
            format!(
                "no island or landmass within pistol shot ({}) (glossary: landing party)",
                inches_text(rules().ranges.pistol)
            )
        } else {
            "she cannot send a landing party now".into()
        }
    }

    /// Why a landing party's close combat is refused (glossary: landing party close combat).
    fn landing_attack_refusal(&self, a: Action) -> String {
        if self.pending != Pending::AttackChoice {
            return "a landing party attacks as its ship's attack, in the attack phase (glossary: landing party close combat)".into();
        }
        let i = self.act.ship as usize;
        let s = &self.ships[i];
        if !s.ashore {
            return "she has no landing party ashore (glossary: landing party)".into();
        }
        let Some(j) = self.ship_at(1 - s.side, usize::from(a - LANDING_0)) else {
            return format!("the enemy has no ship number {}", a - LANDING_0);
        };
        if !self.ships[j].ashore {
            return "that enemy ship has no landing party ashore: a landing party attacks only another landing party (glossary: landing party close combat)".into();
        }
        format!(
            "the enemy landing party is more than musket shot ({}) from hers (glossary: landing party close combat)",
            inches_text(rules().ranges.musket)
        )
    }

    fn attack_refusal(&self, a: Action) -> String {
        if !matches!(
            self.pending,
            Pending::AttackChoice | Pending::SecondBroadside
        ) {
            return "attacks are made in the attack phase, by the activated ship (glossary: attack)".into();
        }
        let i = self.act.ship as usize;
        let s = &self.ships[i];
        let first = self.pending == Pending::AttackChoice;
        let (kind, base) = match a {
            a if a < FIRE_STBD_0 => (0u8, FIRE_PORT_0),
            a if a < PARTIAL_0 => (1, FIRE_STBD_0),
            a if a < CLOSE_0 => (2, PARTIAL_0),
            _ => (3, CLOSE_0),
        };
        let Some(j) = self.ship_at(1 - s.side, usize::from(a - base)) else {
            return format!("the enemy has no ship number {}", a - base);
        };
        let t = &self.ships[j];
        if !t.on_table() || t.captured() {
            return "the target has left the table or been captured".into();
        }
        if kind == 3 {
            return if first {
                "close action needs the ships entangled (glossary: close action, entangled)".into()
            } else {
                "close action is the ship's one attack, not a second broadside".into()
            };
        }
        if t.out_of_action() {
            return "the target is out of action: an attack can have no effect (glossary: out of action)".into();
        }
        if kind == 2 && !first {
            return "partial fire is the ship's one attack, not a second broadside".into();
        }
        let d = self.distance(i, j);
        let Some(measured) = range_band(d) else {
            return format!(
                "out of range: {} (closest points), past cannon shot at {} (glossary: range)",
                inches_text(d),
                inches_text(rules().ranges.cannon)
            );
        };
        if kind < 2 {
            let side = kind;
            let name = if side == 0 { "port" } else { "starboard" };
            if s.reload[usize::from(side)] {
                return format!(
                    "her {name} broadside is not loaded: a ship with a reload marker cannot fire a broadside attack from that side (glossary: reload marker)"
                );
            }
            if self.act.fired & (1 << side) != 0 {
                return format!("her {name} broadside has fired this activation");
            }
            if !in_broadside_path(&s.base, side, &t.base) {
                return format!(
                    "the target is not in her {name} broadside path, the band between the lines of her bow and stern (glossary: broadside path)"
                );
            }
        }
        if kind == 2 && measured > band::MUSKET {
            return format!(
                "partial fire reaches musket shot ({}), and the target is {} away (glossary: partial fire)",
                inches_text(rules().ranges.musket),
                inches_text(d)
            );
        }
        let b = if self.through_fog(i, j) {
            measured + 1
        } else {
            measured
        };
        if b > band::CANNON {
            return "through fog the shot counts one range band farther, past cannon shot (glossary: fog)".into();
        }
        if self.effect(t.side, Effect::Deception) && b >= band::CANNON {
            return "the enemy's Deception card bars shots at cannon shot this turn".into();
        }
        if !self.line_of_sight(i, j) {
            return "no line of sight: an island or another ship lies between (glossary: line of sight)".into();
        }
        "she cannot make that attack now".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plane::Rect;
    use crate::ruleset::{GameOptions, Ruleset};
    use rand::SeedableRng;

    /// The default scenario played (first legal orders, seeded dice) to `pending`.
    fn to_pending(want: Pending) -> OakGame {
        let s = &super::super::OakRuleset::builtin_scenarios()[0];
        let mut g = super::super::OakRuleset::new_game(s, &GameOptions::default());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for _ in 0..20_000 {
            if g.pending == want {
                return g;
            }
            let a = match g.current_player() {
                None => g.chance_outcomes().sample(&mut rng),
                Some(_) => {
                    let legal = g.legal_actions();
                    // Move ahead where allowed, so ships close and attacks come up.
                    if legal.contains(MOVE_AHEAD) {
                        MOVE_AHEAD
                    } else {
                        legal.iter().next().expect("an order")
                    }
                }
            };
            g.apply(a).expect("legal");
        }
        panic!("never reached {want:?}");
    }

    #[test]
    fn a_broadside_with_a_reload_marker_is_not_loaded() {
        // Glossary: "Ships with a reload marker cannot fire a broadside attack from that side."
        let mut g = to_pending(Pending::AttackChoice);
        let i = g.act.ship as usize;
        let side = g.ships[i].side;
        let j = g.ship_at(1 - side, 0).expect("an enemy");
        // The enemy 3" off her starboard beam, parallel: in the starboard path, pistol shot.
        let b = g.ships[i].base;
        g.ships[j].base = Rect::new(
            b.centre.plus(crate::plane::body_to_world(b.heading, 0, 3000 + b.beam)),
            b.heading,
            b.length,
            b.beam,
        );
        g.ships[j].fatigue = 0;
        g.ships[j].damage = 0;
        g.ships[i].reload = [false, true];
        let fire = FIRE_STBD_0 + g.ships[j].slot as Action;
        let why = g.refusal(fire).expect("refused");
        assert!(why.contains("reload marker"), "{why}");
        // Loaded, but fired at from the port broadside: not in the port path.
        let port = FIRE_PORT_0 + g.ships[j].slot as Action;
        g.ships[i].reload = [false, false];
        if !g.legal_actions().contains(port) {
            let why = g.refusal(port).expect("refused");
            assert!(why.contains("broadside path"), "{why}");
        }
        // Far off: past cannon shot.
        g.ships[j].base.centre = b
            .centre
            .plus(crate::plane::body_to_world(b.heading, 0, 20_000));
        if !g.legal_actions().contains(fire) {
            let why = g.refusal(fire).expect("refused");
            assert!(why.contains("out of range") || why.contains("line of sight"), "{why}");
        }
        for a in g.legal_actions().iter() {
            assert_eq!(g.refusal(a), None);
        }
    }

    #[test]
    fn an_anchored_ship_does_not_move_ahead() {
        // Glossary: an anchored ship does not move.
        let mut g = to_pending(Pending::Moving);
        let i = g.act.ship as usize;
        g.ships[i].sail = sail::ANCHORED;
        g.act.moved = false;
        let why = g.refusal(MOVE_AHEAD).expect("refused");
        assert!(why.contains("anchored"), "{why}");
    }

    #[test]
    fn refusals_never_panic_and_never_refuse_a_legal_order() {
        let games = super::super::OakRuleset::builtin_scenarios()
            .iter()
            .map(|s| super::super::OakRuleset::new_game(s, &GameOptions::default()));
        crate::harness::check_refusals(games, OakGame::refusal);
    }
}
