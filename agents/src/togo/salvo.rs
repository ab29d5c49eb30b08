//! What a salvo is worth: the expected Hull a battery's fire takes from its target, counting
//! what the sixes do, in hundredths of Hull quarters.
//!
//! The sixes decide Togo's gunnery. A Fire (a six that cannot penetrate, a light gun's six
//! against a class 1-2 ship, or the critical table's 1) costs a quarter at once and leaves a
//! marker that the repair phase fails to put out half the time; the sheet's table then adds
//! markers on 3-9 and sinks the ship on 10 or more. Played out over the three or four repair
//! phases a battle has left, a marker costs about three tenths of the Hull the ship has
//! left (a Monte Carlo of the sheet's table: 3.4 quarters on a torpedo boat's 8, 10.8 on a
//! battleship's 32), a flooding marker about as much. The critical table's ammunition row
//! sinks or halves the ship. So a six on a battleship is worth two or three main-gun
//! penetrations, and light guns firing at her are worth more than their damage says.

use broadside_env::togo::dice::hit_weight;
use broadside_env::togo::state::{Ship, Shot, TORPEDO};
use broadside_env::togo::TogoGame;

/// What a fire or flooding marker on a ship with `hull` quarters left costs her, in
/// quarters over the rest of a battle (the sheet's fire and flooding tables played out:
/// about 0.3 of the Hull left).
pub fn marker_worth(hull: f64) -> f64 {
    0.3 * hull.max(0.0)
}

/// The expected quarters of one roll on the critical table against `t` (sheet, "Critical
/// hit table"): 1 Fire, 2 bridge, 3 rudder, 4 a battery, 5 Flooding, 6 the ammunition
/// (1-3 -1 and a fire, 4-5 -half and a fire, 6 sunk). A fortification takes no markers and
/// rolls on its own table (4-5 a gun, 6 the magazine: -2 or -4 Structure).
pub fn critical_worth(t: &Ship) -> f64 {
    let h = f64::from(t.hull);
    if t.fort {
        return (2.0 * 1.5 + (4.0 * 8.0 + 2.0 * 16.0) / 6.0) / 6.0;
    }
    let f = marker_worth(h - 1.0);
    let fire = 1.0 + f;
    let ammo = 0.5 * (4.0 + f) + (2.0 * (f64::from(t.hull_max) / 2.0 + f) + h) / 6.0;
    let (bridge, rudder, battery) = (0.5, 1.0, 2.0);
    ((fire + bridge + rudder + battery + fire + ammo) / 6.0).min(h)
}

/// The expected quarters (times 100) that `s` takes from its target `t` in gunnery (not a
/// torpedo): hits (with the re-roll of misses) times the penetrations' damage, each six's
/// Fire where it cannot go to the critical roll, and the one critical roll of the salvo.
pub fn gun_worth(s: &Shot, t: &Ship) -> i64 {
    debug_assert!(s.kind != TORPEDO);
    let p = f64::from(hit_weight(s.to_hit)) / 36.0;
    let p = if s.reroll { p + (1.0 - p) * p } else { p };
    let dice = f64::from(s.dice);
    let hits = dice * p;
    let six = 1.0 / 6.0;
    let h = f64::from(t.hull);
    let mut q = 0.0;
    if s.pen > 0 {
        let other = f64::from(6u8.saturating_sub(s.pen)) / 6.0;
        q += hits * (six + other) * f64::from(s.dmg);
    }
    if s.pen == 0 || s.six_is_fire {
        if !t.fort {
            q += hits * six * (1.0 + marker_worth(h - 1.0));
        }
    } else {
        // One critical roll if any die is a hit and a six (extra sixes only add to it).
        let any_six = 1.0 - (1.0 - p * six).powf(dice);
        q += any_six * critical_worth(t);
    }
    (q.min(h) * 100.0).round() as i64
}

/// [`gun_worth`] of battery `b` of ship `i` at ship `j` in `g`, `None` when it cannot fire.
pub fn battery_worth(g: &TogoGame, i: usize, j: usize, b: u8) -> Option<i64> {
    let s = g.shot_for(i, j, b)?;
    Some(gun_worth(&s, &g.ships[j]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ship(class: u8, hull: u8) -> Ship {
        Ship {
            class,
            hull,
            hull_max: hull,
            ..Ship::default()
        }
    }

    fn light(to_hit: u8, six_is_fire: bool) -> Shot {
        Shot {
            kind: 2,
            dice: 2,
            to_hit,
            pen: 0,
            dmg: 1,
            six_is_fire,
            ..Shot::default()
        }
    }

    #[test]
    fn a_marker_costs_three_tenths_of_the_hull_left() {
        assert!((marker_worth(32.0) - 9.6).abs() < 1e-9);
        assert_eq!(marker_worth(-1.0), 0.0);
    }

    #[test]
    fn light_guns_that_cannot_penetrate_a_battleship_still_set_her_on_fire() {
        // Sheet: sixes without penetration each cause a Fire. Two dice at 3+: 4/3 hits, a
        // sixth of them sixes, each 1 + 0.3 x 31 quarters.
        let w = gun_worth(&light(3, true), &ship(1, 32));
        let want: f64 = (4.0 / 3.0) / 6.0 * (1.0 + 0.3 * 31.0) * 100.0;
        assert_eq!(w, want.round() as i64);
        // The same dice are worth more against the larger ship: the Fire costs her more.
        assert!(w > gun_worth(&light(3, false), &ship(4, 8)));
    }

    #[test]
    fn a_penetrating_battery_counts_damage_and_one_critical_roll() {
        let main = Shot {
            kind: 0,
            dice: 2,
            to_hit: 4,
            pen: 4,
            dmg: 4,
            ..Shot::default()
        };
        let t = ship(1, 32);
        let hits = 2.0 * 0.5;
        let dmg = hits * (3.0 / 6.0) * 4.0;
        let crit = (1.0 - (1.0 - 0.5 / 6.0f64).powi(2)) * critical_worth(&t);
        assert_eq!(gun_worth(&main, &t), ((dmg + crit) * 100.0).round() as i64);
        // The critical roll alone on a battleship is worth more than a penetration.
        assert!(critical_worth(&t) > 4.0);
    }

    #[test]
    fn the_reroll_of_misses_raises_the_worth() {
        let mut s = light(4, true);
        let t = ship(2, 24);
        let plain = gun_worth(&s, &t);
        s.reroll = true;
        assert!(
            gun_worth(&s, &t) * 4 >= plain * 6,
            "half hit, re-rolled: three in four"
        );
    }

    #[test]
    fn a_fortification_takes_no_fire_markers() {
        let mut fort = ship(2, 32);
        fort.fort = true;
        assert_eq!(gun_worth(&light(3, false), &fort), 0);
    }
}
