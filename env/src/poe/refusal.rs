//! Why an order is not legal now, in words that name the play sheet's rule that forbids it
//! (seed `003_a64161bab136a50e.txt`): a ship that has acted or is not yours, a move off the
//! map or into an occupied hex, the allowance spent, the direction changes of her size, a
//! shot into or out of fog, aground, out of arc or range, a boarding from too far. For
//! people (`play` and `serve` explain a refused order); search never asks. Each check
//! follows the legal-action generation ([`super::rules`], `PoeGame::shot_option`).

use crate::game::{Action, Game};

use super::catalogue::*;
use super::data::rules;
use super::state::{arc_of, status, Arc, Pending, PoeGame};

impl PoeGame {
    /// The rule that forbids `action` now, or `None` when it is legal (or its reason is not
    /// known here).
    pub fn refusal(&self, action: Action) -> Option<String> {
        self.current_player()?;
        if self.legal_actions().contains(action) {
            return None;
        }
        let n = self.num_ships as Action;
        let acting = matches!(
            self.pending,
            Pending::Moving | Pending::AfterMove | Pending::Recover
        );
        match action {
            a if (SHIP_0..SHIP_0 + n).contains(&a) => {
                if self.pending != Pending::SelectShip {
                    return Some("a ship is picked to act only when the last one has finished (Game turn sequence)".into());
                }
                let s = &self.ships[usize::from(a - SHIP_0)];
                Some(if !s.afloat() {
                    "she is struck, sunk or burnt: a struck ship does not move, shoot or recover (Struck ships)".into()
                } else if s.owner != self.mover {
                    "she is not yours: the side to move acts with its own ships (Game turn sequence)".into()
                } else {
                    "she has acted this turn: each ship acts once a turn (Game turn sequence)".into()
                })
            }
            MOVE_AHEAD | TURN_LEFT | TURN_RIGHT | MOVE_STOP if self.pending != Pending::Moving => {
                Some("she moves only while moving: her move is over or has not begun (Sailing movement)".into())
            }
            MOVE_AHEAD => {
                let act = &self.act;
                if act.moved >= act.allowance {
                    return Some(format!(
                        "her movement this turn, {} hex(es), is spent (Sailing movement: the wind and her size set it)",
                        act.allowance
                    ));
                }
                let s = &self.ships[act.ship as usize];
                let h = s.hex.neighbor(s.facing);
                if !self.map.contains(h) {
                    return Some("the hex ahead is off the map".into());
                }
                Some(match self.ship_at(h) {
                    Some(j) => format!("the hex ahead holds ship {j}: two ships never share a hex"),
                    None => "she cannot enter the hex ahead".into(),
                })
            }
            TURN_LEFT | TURN_RIGHT => Some(if self.act.turn_cap == u8::MAX {
                "small warships may turn once in each new hex: she has turned in this one (Sailing movement)".into()
            } else {
                format!(
                    "she may change direction at most {} time(s) a turn: large ships and merchants 1, medium warships 2 (Sailing movement)",
                    self.act.turn_cap
                )
            }),
            MOVE_STOP => Some(format!(
                "she may stop short by at most {} hex(es) of her movement: all ships may reduce by 1 hex (Sailing movement)",
                rules().sailing.reduction
            )),
            a if (FIRE_0..FIRE_0 + n).contains(&a) => {
                if !acting {
                    return Some("she shoots only while she acts (Game turn sequence)".into());
                }
                if self.act.fired {
                    return Some("she has shot this turn: one shot a turn".into());
                }
                Some(self.shot_refusal(self.act.ship as usize, usize::from(a - FIRE_0)))
            }
            a if (BOARD_0..BOARD_0 + n).contains(&a) => {
                if self.pending != Pending::AfterMove {
                    return Some("she boards only after her move (Game turn sequence)".into());
                }
                if self.act.boarded {
                    return Some("she has boarded this turn".into());
                }
                Some(self.board_refusal(self.act.ship as usize, usize::from(a - BOARD_0)))
            }
            _ => None,
        }
    }

    /// Why ship `i` may not shoot at `j` in her own turn.
    fn shot_refusal(&self, i: usize, j: usize) -> String {
        let (s, t) = (&self.ships[i], &self.ships[j]);
        let g = &rules().gunnery;
        if i == j || s.owner == t.owner {
            return "she shoots only at an enemy".into();
        }
        if !t.afloat() {
            return "a struck ship is not shot at (Struck ships)".into();
        }
        if s.aground > 0 {
            return "whilst grounded = no shooting at all (Shallows)".into();
        }
        if s.captured() {
            return "a captured ship is only allowed opportunity shooting (Captured ships)".into();
        }
        if self.fog.contains(s.hex) || self.fog.contains(t.hex) {
            return "fog: cannot shoot in or out (Fog)".into();
        }
        let d = s.hex.distance(t.hex);
        match arc_of(s.hex, s.facing, t.hex) {
            Arc::Broadside => format!(
                "out of range: {d} hexes, and her broadside reaches {} (Gunnery: range in hexes)",
                s.range
            ),
            _ if g.chaser_dice == 0 => {
                "not in a broadside arc: she bears only abeam (Gunnery)".into()
            }
            _ => format!(
                "out of range: {d} hexes ahead or astern, and chasers reach {} (Gunnery: bow and stern chasers)",
                g.chaser_range
            ),
        }
    }

    /// Why ship `i` may not board `j`.
    fn board_refusal(&self, i: usize, j: usize) -> String {
        let (s, t) = (&self.ships[i], &self.ships[j]);
        if i == j {
            return "a ship cannot board herself".into();
        }
        if s.aground > 0 {
            return "she is aground (Shallows)".into();
        }
        if s.hex.distance(t.hex) != 1 {
            return format!(
                "boarding needs the ships in adjacent hexes, and they are {} apart (Boarding)",
                s.hex.distance(t.hex)
            );
        }
        match t.status {
            status::AFLOAT if t.owner == s.owner => "she is one of yours".into(),
            status::STRUCK => {
                "ownerless boarding needs grapple with 1 success by a warship: she is a merchant (Struck ships)".into()
            }
            _ => "she is sunk or burnt".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::{GameOptions, Ruleset};
    use rand::SeedableRng;

    fn moving_game() -> PoeGame {
        let s = &super::super::PoeRuleset::builtin_scenarios()[0];
        let mut g = super::super::PoeRuleset::new_game(s, &GameOptions::default());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for _ in 0..5000 {
            if g.pending == Pending::Moving {
                return g;
            }
            let a = match g.current_player() {
                None => g.chance_outcomes().sample(&mut rng),
                Some(_) => g.legal_actions().iter().next().expect("an order"),
            };
            g.apply(a).expect("legal");
        }
        panic!("no ship ever moved");
    }

    #[test]
    fn a_shot_past_broadside_range_names_the_range_in_hexes() {
        // Sheet: "Range in hexes: Warships Small = 3, medium = 4, large = 5."
        let mut g = moving_game();
        let i = g.act.ship as usize;
        let j = (0..g.num_ships as usize)
            .find(|&j| g.ships[j].afloat() && g.ships[j].owner != g.ships[i].owner)
            .expect("an enemy");
        g.act.fired = false;
        g.ships[i].aground = 0;
        g.fog = super::super::state::HexSet::default();
        // Put the enemy abeam, far off: two hexes past her range along her beam.
        let f = g.ships[i].facing;
        let beam = crate::hex::Facing((f.0 + 2) % 6);
        let mut h = g.ships[i].hex;
        for _ in 0..(g.ships[i].range + 2) {
            h = h.neighbor(beam);
        }
        g.ships[j].hex = h;
        if g
            .shot_option(i, j, super::super::state::ShotKind::Own)
            .is_some()
        {
            return; // the geometry of this map put her in another arc: nothing to check
        }
        let why = g.refusal(FIRE_0 + j as Action).expect("refused");
        assert!(why.contains("range") || why.contains("arc"), "{why}");
        // In fog: no shot in or out, whatever the range.
        g.ships[j].hex = g.ships[i].hex.neighbor(beam);
        g.fog.insert(g.ships[j].hex);
        let why = g.refusal(FIRE_0 + j as Action).expect("refused");
        assert!(why.contains("Fog"), "{why}");
    }

    #[test]
    fn moving_on_after_the_allowance_is_spent_says_so() {
        let mut g = moving_game();
        g.act.moved = g.act.allowance;
        let why = g.refusal(MOVE_AHEAD).expect("refused");
        assert!(why.contains("is spent"), "{why}");
        // Orders of the moment are never refused.
        for a in g.legal_actions().iter() {
            assert_eq!(g.refusal(a), None);
        }
    }

    #[test]
    fn refusals_never_panic_and_never_refuse_a_legal_order() {
        let games = super::super::PoeRuleset::builtin_scenarios()
            .iter()
            .map(|s| super::super::PoeRuleset::new_game(s, &GameOptions::default()));
        crate::harness::check_refusals(games, PoeGame::refusal);
    }
}
