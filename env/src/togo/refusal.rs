//! Why an order is not legal now, in words that name the quick reference sheet's rule (seed
//! `002_5717e15e48d88450.txt`, with the FAQ the rules notes cite) that forbids it: an order
//! marker more than one level from the last, a ship that has been activated or is not
//! afloat, a leg off the table, into a ship of the own side or turning more than the order
//! allows, a target out of sight or past a battery's reach, torpedoes spent or out of range,
//! firing in a storm. For people (`play` and `serve` explain a refused order); search never
//! asks. Each check follows the legal-action generation ([`super::flow`],
//! [`super::movement`], [`super::fire`]).

use crate::game::{Action, Game};
use crate::plane::{inches_text, rect_distance};

use super::catalogue::*;
use super::data::{rules, BATTERY_NAMES};
use super::movement::LegKind;
use super::state::{Stage, TogoGame, NONE, RUDDER_OK, TORPEDO};

impl TogoGame {
    /// The rule that forbids `action` now, or `None` when it is legal (or its reason is not
    /// known here).
    pub fn refusal(&self, action: Action) -> Option<String> {
        self.current_player()?;
        if self.legal_actions().contains(action) {
            return None;
        }
        let n = self.num_ships as Action;
        match action {
            a if (ORDER_0..ACTIVATE_0).contains(&a) => Some(self.order_refusal((a - ORDER_0) as u8)),
            a if (ACTIVATE_0..ACTIVATE_0 + n).contains(&a) => {
                Some(self.activate_refusal(usize::from(a - ACTIVATE_0)))
            }
            a if (LEG_0..=HALT).contains(&a) && a != HALT => Some(self.leg_refusal(a)),
            ANCHOR => Some(match self.stage {
                Stage::Pivot => "she is at anchor already".into(),
                _ => "only a ship under a stop order anchors, in place of her move (Ph3: stop order)".into(),
            }),
            a if (TARGET_0..TARGET_0 + n).contains(&a) => {
                Some(self.target_refusal(usize::from(a - TARGET_0)))
            }
            _ => None,
        }
    }

    fn order_refusal(&self, level: u8) -> String {
        let Stage::Place { ship, first } = self.stage else {
            return "order markers are placed in the command phase, face down (Ph2)".into();
        };
        let i = usize::from(ship);
        let name = ORDER_NAMES[usize::from(level.min(FULL))];
        if level > self.plan_cap(i) {
            return format!(
                "in a storm a ship plans at most one level above her storm speed: {name} is too fast (sheet: storm; FAQ)"
            );
        }
        if !first {
            let from = self.ships[i].active;
            if from != NONE {
                return format!(
                    "the next order may differ by at most one level from this turn's ({}): {name} is too far (FAQ: order markers; High manoeuvrability excepted)",
                    ORDER_NAMES[usize::from(from.min(FULL))]
                );
            }
        }
        format!("{name} is not allowed for her now")
    }

    fn activate_refusal(&self, i: usize) -> String {
        if self.stage != Stage::Select {
            return "a ship is activated only when the last activation has ended (Ph3: activation phase, alternately)".into();
        }
        let s = &self.ships[i];
        if s.side != self.side_to_act {
            "she is not yours: the sides activate their own ships alternately (Ph3)".into()
        } else if !s.afloat() {
            "she is sunk or has struck".into()
        } else {
            "she has been activated this turn: each ship once (Ph3)".into()
        }
    }

    fn leg_refusal(&self, a: Action) -> String {
        let turn = leg_turn(a);
        let i = self.mv.ship as usize;
        match self.stage {
            Stage::Pivot => {
                let s = &self.ships[i];
                if s.anchored {
                    return "she is at anchor: she stays as she lies".into();
                }
                if s.rudder != RUDDER_OK {
                    return "rudder damage: she cannot turn in place".into();
                }
                let max = i32::from(rules().speed.stop_turn);
                if turn.abs() > max {
                    return format!(
                        "a stop order turns at most {max} degrees in place (Ph3: stop order)"
                    );
                }
                "turned so, her base would leave the table or overlap land or a ship".into()
            }
            Stage::Leg => {
                if self.ships[i].rudder != RUDDER_OK {
                    return "rudder damage: her legs run straight, or as the rudder is jammed (Critical hit effect table: rudder)".into();
                }
                let dist = self.next_leg_dist();
                let leg = (rules().speed.leg * 1000.0).round() as i32;
                let allow = ((self.mv.allow * dist / leg.max(1)) / 15 * 15).min(60);
                if turn.abs() > allow {
                    return format!(
                        "this leg allows a turn of at most {allow} degrees at her order (turning allowance by speed; a shorter leg turns less)"
                    );
                }
                match self.classify_leg(i, dist, turn).0 {
                    LegKind::Blocked => format!(
                        "that leg of {} would leave the table or run into a ship of her own side",
                        inches_text(dist)
                    ),
                    _ => "she cannot sail that leg".into(),
                }
            }
            _ => "ships move leg by leg only during their own activation (Ph3)".into(),
        }
    }

    fn target_refusal(&self, j: usize) -> String {
        let Stage::Target { battery } = self.stage else {
            return "targets are declared by the active ship, battery by battery (procedure for conducting gunfire)".into();
        };
        let i = self.mv.ship as usize;
        let (me, tg) = (&self.ships[i], &self.ships[j]);
        let what = if battery == TORPEDO {
            "torpedo tube"
        } else {
            BATTERY_NAMES[usize::from(battery.min(2))]
        };
        if !tg.afloat() {
            return "the target is sunk or has struck".into();
        }
        if tg.side == me.side {
            return "she fires only at enemy ships".into();
        }
        let d = rect_distance(&me.rect, &tg.rect);
        let r = rules();
        if battery == TORPEDO {
            if me.torpedoes == 0 {
                return "she has no torpedoes left".into();
            }
            if self.storm() {
                return "storm: torpedo firing is also prohibited (sheet: storm)".into();
            }
            if d > (r.torpedo.range * 1000.0).round() as i32 {
                return format!(
                    "out of torpedo range: {} (closest points), and torpedoes reach {}",
                    inches_text(d),
                    inches_text((r.torpedo.range * 1000.0).round() as i32)
                );
            }
        } else {
            if me.guns[usize::from(battery.min(2))] == 0 {
                return format!("she has no {what} left");
            }
            let g = &r.gunnery;
            let mils = |x: f64| (x * 1000.0).round() as i32;
            let band = if d <= mils(g.close_range) {
                0
            } else if d <= mils(g.medium_range) {
                1
            } else {
                2
            };
            let (fc, tc) = (
                usize::from(me.class.clamp(1, 4) - 1),
                usize::from(tg.class.clamp(1, 4) - 1),
            );
            let base = match battery {
                0 => g.main[fc][tc][band],
                1 => g.medium[fc][tc][band],
                _ => g.light[fc][band],
            };
            if base == 0 {
                return format!(
                    "the artillery table gives the {what} no roll at {} range ({}, closest points)",
                    ["close", "medium", "long"][band],
                    inches_text(d)
                );
            }
        }
        if !self.sight(i, j).0 {
            return "no line of sight: land lies across every line from her to the target".into();
        }
        format!("she cannot fire the {what} at that target now")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plane::{Point, Rect};
    use crate::ruleset::{GameOptions, Ruleset};
    use rand::SeedableRng;

    fn to_stage(want: fn(&Stage) -> bool) -> TogoGame {
        let s = &super::super::TogoRuleset::builtin_scenarios()[0];
        let mut g = super::super::TogoRuleset::new_game(s, &GameOptions::default());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for _ in 0..20_000 {
            if want(&g.stage) {
                return g;
            }
            let a = match g.current_player() {
                None => g.chance_outcomes().sample(&mut rng),
                Some(_) => {
                    let legal = g.legal_actions();
                    // Full speed where allowed, so the ships meet.
                    if legal.contains(ORDER_0 + FULL as Action) {
                        ORDER_0 + FULL as Action
                    } else {
                        legal.iter().next().expect("an order")
                    }
                }
            };
            g.apply(a).expect("legal");
        }
        panic!("never reached the stage");
    }

    #[test]
    fn a_next_order_two_levels_from_this_turns_names_the_one_level_rule() {
        let mut g = to_stage(|s| matches!(s, Stage::Place { first: false, .. }));
        let Stage::Place { ship, .. } = g.stage else {
            unreachable!()
        };
        let i = usize::from(ship);
        g.ships[i].active = STOP;
        if g.nimble(i) {
            return; // High manoeuvrability may change by more
        }
        let why = g.refusal(ORDER_0 + FULL as Action).expect("refused");
        assert!(why.contains("one level"), "{why}");
        for a in g.legal_actions().iter() {
            assert_eq!(g.refusal(a), None);
        }
    }

    #[test]
    fn a_torpedo_past_its_range_and_light_guns_at_long_range_say_so() {
        let mut g = to_stage(|s| matches!(s, Stage::Target { .. }));
        let i = g.mv.ship as usize;
        let j = (0..g.num_ships as usize)
            .find(|&j| g.ships[j].afloat() && g.ships[j].side != g.ships[i].side)
            .expect("an enemy");
        // The enemy 30" east on open water (no land in the default scenario's way).
        let me = g.ships[i].rect;
        g.ships[j].rect = Rect::new(
            Point::new(me.centre.x + 30_000, me.centre.y),
            0,
            me.length,
            me.beam,
        );
        g.ships[i].torpedoes = 1;
        g.wind = 1;
        g.stage = Stage::Target { battery: TORPEDO };
        let why = g.refusal(TARGET_0 + j as Action).expect("refused");
        assert!(why.contains("torpedo range"), "{why}");
        // Sheet, artillery table: the light battery has no long range ("-" over 20").
        g.stage = Stage::Target { battery: 2 };
        if g.ships[i].guns[2] > 0 {
            let why = g.refusal(TARGET_0 + j as Action).expect("refused");
            assert!(why.contains("no roll at long range"), "{why}");
        }
    }

    #[test]
    fn refusals_never_panic_and_never_refuse_a_legal_order() {
        let games = super::super::TogoRuleset::builtin_scenarios()
            .iter()
            .map(|s| super::super::TogoRuleset::new_game(s, &GameOptions::default()));
        crate::harness::check_refusals(games, TogoGame::refusal);
    }
}
