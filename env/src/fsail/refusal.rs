//! Why an order is not legal now, in words that name the rule of the reference sheet that
//! forbids it (seed `001_77e3032459c91c91.txt`): a ship that has already sailed or fired,
//! the cost of a tack, a running ship's tack or wear, a move off the table or into a ship
//! or terrain, a target out of range, out of the broadside arcs or out of sight, a boarding
//! from too far. For people (`play` and `serve` explain a refused order); search never asks.
//! Each check follows the legal-action generation ([`super::sailing`], [`super::cannon`])
//! so the reason given is the one that excludes the order.

use crate::game::{Action, Game};
use crate::plane::{inches_text, on_table, rect_distance, rects_overlap, swept_path, Rect};

use super::catalogue::*;
use super::data::{rules, MAX_PER_SIDE};
use super::state::{Attitude, FsailGame, Phase};

impl FsailGame {
    /// The rule that forbids `action` now, or `None` when it is legal (or not a decision of
    /// the side to move whose reason is known).
    pub fn refusal(&self, action: Action) -> Option<String> {
        let player = self.current_player()?;
        if self.legal_actions().contains(action) {
            return None;
        }
        let phase_name = match self.phase {
            Phase::SailSelect { .. } | Phase::SailSpend { .. } => "the Sailing Phase",
            Phase::Cannon { .. } => "the Cannon Phase",
            _ => "no phase of orders",
        };
        match action {
            a if a < MANOEUVRE_QUARTER => match self.phase {
                Phase::SailSelect { .. } => self.select_refusal(player, usize::from(a - SHIP_0)),
                _ => Some(format!(
                    "a ship is picked to sail only in the Sailing Phase, and it is {phase_name} (the turn sequence)"
                )),
            },
            a if a < SAIL_END => match self.phase {
                Phase::SailSpend { ship, points, .. } => {
                    self.sail_refusal(usize::from(ship), points, a)
                }
                _ => Some(format!(
                    "sailing points are spent by the ship sailing, in the Sailing Phase; it is {phase_name} (the turn sequence)"
                )),
            },
            a if (FIRE_0..CANNON_END).contains(&a) => match self.phase {
                Phase::Cannon { .. } => self.cannon_refusal(player, a),
                _ => Some(format!(
                    "ships fire and board in the Cannon Phase, and it is {phase_name} (the turn sequence)"
                )),
            },
            _ => None,
        }
    }

    fn select_refusal(&self, player: u8, k: usize) -> Option<String> {
        let Some(i) = self.slot_ship(player, k) else {
            return Some(format!("your fleet has no ship number {k}"));
        };
        let s = &self.ships[i];
        if !s.active() {
            return Some("she is out of play (sunk, struck or taken)".into());
        }
        if s.sailed {
            return Some(
                "she has sailed this turn: the first player sails his entire fleet, each ship once (the turn sequence)"
                    .into(),
            );
        }
        None
    }

    fn sail_refusal(&self, ship: usize, points: u8, action: Action) -> Option<String> {
        let r = rules();
        let Some(m) = self.sail_move(ship, action) else {
            if action >= TURN_PORT && self.attitude(ship) == Attitude::Running {
                return Some(
                    "a running ship cannot tack or wear (Wind attitudes: Running)".into(),
                );
            }
            return Some(format!(
                "a tack or wear turns at most {} degrees, a manoeuvre at most {} (Spending sailing points)",
                r.tack_wear_turn, r.manoeuvre_turn
            ));
        };
        if m.cost > points {
            return Some(format!(
                "{} costs {} sailing point(s) and she has {points} left (Spending sailing points)",
                if action < TURN_PORT {
                    "a manoeuvre"
                } else if m.tack {
                    "a tack"
                } else {
                    "a wear"
                },
                m.cost
            ));
        }
        let start = &self.ships[ship].base;
        let end = start.advanced(m.dist).turned(m.turn);
        if !on_table(&end, self.table[0], self.table[1]) {
            return Some("she would leave the table: a move must end on the table".into());
        }
        let path = swept_path(start, m.dist, m.turn);
        let touches = |o: &Rect| rects_overlap(&end, o) || path.hits(o);
        if let Some((j, _)) = self
            .ships()
            .iter()
            .enumerate()
            .find(|&(j, o)| j != ship && o.active() && touches(&o.base))
        {
            return Some(format!(
                "her move would touch ship {j}: a move may not touch another ship"
            ));
        }
        if self.terrain().iter().any(touches) {
            return Some("her move would touch terrain: a move may not touch terrain".into());
        }
        None
    }

    fn cannon_refusal(&self, player: u8, action: Action) -> Option<String> {
        let r = rules();
        let board = action >= BOARD_0;
        let k = usize::from(action - if board { BOARD_0 } else { FIRE_0 });
        let Some(a) = self.slot_ship(player, k / MAX_PER_SIDE) else {
            return Some(format!(
                "your fleet has no ship number {}",
                k / MAX_PER_SIDE
            ));
        };
        let Some(b) = self.slot_ship(1 - player, k % MAX_PER_SIDE) else {
            return Some(format!(
                "the enemy fleet has no ship number {}",
                k % MAX_PER_SIDE
            ));
        };
        let (sa, sb) = (&self.ships[a], &self.ships[b]);
        if !sa.active() {
            return Some("she is out of play (sunk, struck or taken)".into());
        }
        if !sb.active() {
            return Some("the target is out of play (sunk, struck or taken)".into());
        }
        if sa.cannon {
            return Some(
                "she has fired or boarded this turn: she has a Cannon token (Shooting summary)"
                    .into(),
            );
        }
        if board {
            let d = rect_distance(&sa.base, &sb.base);
            if d > r.boarding_range {
                return Some(format!(
                    "boarding needs the enemy within {} (closest points), and she is {} away (Boarding action)",
                    inches_text(r.boarding_range),
                    inches_text(d)
                ));
            }
            return None;
        }
        if self.range_band(a, b).is_none() {
            let d = crate::plane::isqrt(sa.base.centre.dist2(sb.base.centre)) as i32;
            return Some(format!(
                "out of range: {} mainmast to mainmast, and long range ends at {} (Shooting summary: range)",
                inches_text(d),
                inches_text(r.ranges[2])
            ));
        }
        if self.broadside_at(a, b).is_none() {
            return Some(
                "not in her firing arc: a broadside bears 45 degrees either side of the beam, and the target's mainmast lies ahead or astern (Shooting summary: a valid target)"
                    .into(),
            );
        }
        if !self.clear_line(a, b) {
            return Some(
                "no line of sight: another ship or terrain lies across the line between the mainmasts (Shooting summary: a valid target)"
                    .into(),
            );
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plane::Point;
    use crate::ruleset::{GameOptions, Ruleset};
    use rand::SeedableRng;

    /// A game of the default scenario played (first legal orders, seeded dice) to `phase`.
    fn to_phase(want: fn(&Phase) -> bool) -> FsailGame {
        let s = super::super::FsailRuleset::builtin_scenario("fleet-action").expect("scenario");
        let mut g = super::super::FsailRuleset::new_game(&s, &GameOptions::default());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for _ in 0..5000 {
            if want(&g.phase) && g.current_player().is_some() {
                return g;
            }
            let a = match g.current_player() {
                None => g.chance_outcomes().sample(&mut rng),
                Some(_) => g.legal_actions().iter().next().expect("an order"),
            };
            g.apply(a).expect("legal");
        }
        panic!("never reached the phase");
    }

    #[test]
    fn firing_in_the_sailing_phase_names_the_turn_sequence() {
        let g = to_phase(|p| matches!(p, Phase::SailSelect { .. }));
        let why = g.refusal(FIRE_0).expect("refused");
        assert!(why.contains("Cannon Phase"), "{why}");
        // A legal order has no refusal.
        let legal = g.legal_actions().iter().next().expect("an order");
        assert_eq!(g.refusal(legal), None);
    }

    #[test]
    fn a_target_past_long_range_is_out_of_range_and_one_ahead_is_out_of_the_arc() {
        // Sheet: "A valid target is within range, within your ship's firing arc, and within
        // line of sight. Measure range from mainmast to mainmast." Long: 12-18".
        let mut g = to_phase(|p| matches!(p, Phase::SailSelect { .. }));
        let player = g.current_player().expect("a decision");
        g.phase = Phase::Cannon { player };
        assert_eq!(g.current_player(), Some(player));
        let a = g.slot_ship(player, 0).expect("a ship");
        let b = g.slot_ship(1 - player, 0).expect("an enemy");
        g.ships[a].cannon = false;
        g.ships[a].base = Rect::new(Point::new(10_000, 10_000), 0, 1500, 500);
        // 25" abeam to starboard: out of range.
        g.ships[b].base = Rect::new(Point::new(35_000, 10_000), 0, 1500, 500);
        let fire = FIRE_0; // her slot 0 at the enemy's slot 0
        let why = g.refusal(fire).expect("refused");
        assert!(why.contains("out of range") && why.contains("18.0\""), "{why}");
        // 5" dead ahead: in range, out of both broadside arcs.
        g.ships[b].base = Rect::new(Point::new(10_000, 15_000), 0, 1500, 500);
        let why = g.refusal(fire).expect("refused");
        assert!(why.contains("firing arc"), "{why}");
        // Having fired: the Cannon token.
        g.ships[a].cannon = true;
        let why = g.refusal(fire).expect("refused");
        assert!(why.contains("Cannon token"), "{why}");
    }

    #[test]
    fn a_tack_dearer_than_the_points_left_says_its_cost() {
        // Sheet: "Tack 2 sailing points 2" Up to 90 degrees towards the wind".
        let mut g = to_phase(|p| matches!(p, Phase::SailSpend { .. }));
        let Phase::SailSpend { player, ship, .. } = g.phase else {
            unreachable!()
        };
        g.phase = Phase::SailSpend {
            player,
            ship,
            points: 1,
        };
        let s = usize::from(ship);
        let tack = (TURN_PORT..SAIL_END).find(|&a| {
            g.sail_move(s, a).is_some_and(|m| m.tack)
        });
        if let Some(t) = tack {
            let why = g.refusal(t).expect("refused");
            assert!(why.contains("a tack costs 2"), "{why}");
        } else {
            // Running: neither tack nor wear.
            let why = g.refusal(TURN_PORT).expect("refused");
            assert!(why.contains("running"), "{why}");
        }
    }

    #[test]
    fn refusals_never_panic_and_never_refuse_a_legal_order() {
        let games = super::super::FsailRuleset::builtin_scenarios()
            .iter()
            .map(|s| super::super::FsailRuleset::new_game(s, &GameOptions::default()));
        crate::harness::check_refusals(games, FsailGame::refusal);
    }
}
