//! What contact between two ships is worth: the expected Hull exchanged by a ram (the
//! sheet's ramming effect table) and the boarding that may follow it (the rammer's side may
//! board after any ram, won or not; a lost boarding costs nothing), in Hull quarters.
//!
//! Boarding decides most contacts: the higher class adds 2 per class of difference, so a
//! battleship that touches a cruiser takes her about three times in four and a torpedo boat
//! always, whether or not the ram itself succeeded. A small ship that rams a large one
//! gains nothing and risks the effect table's first rows.

use broadside_env::game::Action;
use broadside_env::togo::catalogue::*;
use broadside_env::togo::data::{RAM, WOODEN};
use broadside_env::togo::{Stage, TogoGame};

/// Quarters of Hull, as the engine counts them.
type Quarters = i64;

/// The chance (in 36ths) that a d6 plus `a` beats a d6 plus `b` strictly.
pub fn beats_36(a: i32, b: i32) -> i64 {
    let mut n = 0;
    for x in 1..=6 {
        for y in 1..=6 {
            if x + a > y + b {
                n += 1;
            }
        }
    }
    n
}

/// The boarding modifier of a ship of class `me` with `marines` against one of class
/// `other` that has lost more than half her Hull (`beaten`) (sheet, "Boarding result
/// modifiers").
fn board_mod(me: u8, marines: u8, other: u8, beaten: bool) -> i32 {
    let mut m = 2 * marines as i32;
    if me < other {
        m += 2 * (other - me) as i32;
    }
    if beaten {
        m += 1;
    }
    m
}

/// Ship state that matters to a contact: class, marines, Hull left and at the start.
#[derive(Debug, Clone, Copy)]
struct Hulls {
    class: u8,
    marines: u8,
    hull: Quarters,
    max: Quarters,
}

impl Hulls {
    fn of(g: &TogoGame, i: usize) -> Self {
        let s = &g.ships[i];
        Self {
            class: s.class,
            marines: s.marines,
            hull: s.hull as Quarters,
            max: s.hull_max as Quarters,
        }
    }
    fn beaten(&self) -> bool {
        (self.max - self.hull) * 2 > self.max
    }
}

/// Expected (enemy's loss - own loss) in 36ths of quarters of a boarding by `a` of `b`.
fn boarding_36(a: Hulls, b: Hulls) -> Quarters {
    if a.hull <= 0 || b.hull <= 0 {
        return 0;
    }
    let att = board_mod(a.class, a.marines, b.class, b.beaten());
    let def = board_mod(b.class, b.marines, a.class, a.beaten());
    beats_36(att, def) * b.hull
}

/// The ramming effect table (sheet) on the modified roll `roll`: quarters lost by the
/// rammer and the rammed ship (a sinking loses all that is left).
fn effect(roll: i32, a: Hulls, b: Hulls) -> (Quarters, Quarters) {
    let (la, lb) = match roll {
        i32::MIN..=1 => (a.hull, 2),
        2 => (a.max / 2, 4),
        3 | 4 => (8, 8),
        5 | 6 => (4, b.max / 2),
        7 => (2, b.max / 2),
        _ => (2, b.hull),
    };
    (la.min(a.hull), lb.min(b.hull))
}

/// Expected (rammed ship's loss - rammer's loss), in quarters times 36 x 6, of a ram by
/// `a` on `b` that succeeds with chance `success_6` in 6, rolling a d`die` plus `m` on the
/// effect table, followed by the boarding.
fn ram_216(a: Hulls, b: Hulls, success_6: i64, die: u8, m: i32) -> Quarters {
    let die = die.max(1) as i64;
    // The effect averaged over the die, in 36ths of quarters.
    let mut hit: Quarters = 0;
    for r in 1..=die {
        let (la, lb) = effect(r as i32 + m, a, b);
        let after_a = Hulls {
            hull: a.hull - la,
            ..a
        };
        let after_b = Hulls {
            hull: b.hull - lb,
            ..b
        };
        hit += (lb - la) * 36 + boarding_36(after_a, after_b);
    }
    let hit = hit / die;
    let miss = boarding_36(a, b);
    // Per 6 of success: hit x success + miss x (6 - success); then in 216ths.
    success_6 * hit + (6 - success_6) * miss
}

/// Expected Hull quarters (times 216) gained by the leg `a` of the ship moving in `g` when
/// it is a ram: the exact modifier and die of that ram (read from the state after the leg)
/// and the boarding after it. `None` when the leg does not ram.
pub fn leg_ram_worth(g: &TogoGame, a: Action) -> Option<Quarters> {
    let mut h = *g;
    h.apply_decision(a);
    if h.stage != Stage::RamTest {
        return None;
    }
    let i = h.mv.ship as usize;
    let j = h.mv.ram_target as usize;
    let success_6 = h
        .outcomes()
        .iter()
        .find(|&(o, _)| o == PASS)
        .map_or(3, |(_, p)| (p * 6.0).round() as i64);
    Some(ram_216(
        Hulls::of(g, i),
        Hulls::of(g, j),
        success_6,
        h.mv.ram_die,
        h.mv.ram_mod as i32,
    ))
}

/// A quick estimate (times 216) of what ship `i` gains by ramming ship `j` bow first on her
/// broadside at full speed and boarding her: for choosing whom to hunt and whom to fear.
pub fn contact_worth(g: &TogoGame, i: usize, j: usize) -> Quarters {
    let (me, tg) = (&g.ships[i], &g.ships[j]);
    let mut m: i32 = 0;
    if me.has(RAM) {
        m += 2;
    }
    if !me.has(WOODEN) && tg.has(WOODEN) {
        m += 1;
    }
    m += (tg.class as i32 - me.class as i32).clamp(-3, 3);
    let k = g.knots(i, FULL);
    if k >= 16 {
        m += 2;
    } else if k >= 5 {
        m += 1;
    }
    let d3 = me.class >= tg.class + 2 || (me.has(WOODEN) && !tg.has(WOODEN));
    let success_6 = if g.era >= 5 { 2 } else { 3 };
    ram_216(
        Hulls::of(g, i),
        Hulls::of(g, j),
        success_6,
        if d3 { 3 } else { 6 },
        m,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_d6_beats_an_equal_d6_fifteen_times_in_36() {
        assert_eq!(beats_36(0, 0), 15);
        // Two classes of difference: +4 wins unless the defender rolls 5 or more above.
        assert_eq!(beats_36(4, 0), 33);
        assert_eq!(beats_36(6, 0), 36);
    }

    #[test]
    fn a_battleship_gains_by_ramming_a_torpedo_boat_and_the_boat_loses_by_ramming_her() {
        let bb = Hulls {
            class: 1,
            marines: 0,
            hull: 32,
            max: 32,
        };
        let tb = Hulls {
            class: 4,
            marines: 0,
            hull: 8,
            max: 8,
        };
        // The battleship with a ram at full speed: d6 + 2 + 3 + 1.
        assert!(ram_216(bb, tb, 3, 6, 6) > 0);
        // The boat: two classes smaller and wooden, d3 - 3 + 2.
        assert!(ram_216(tb, bb, 3, 3, -1) < 0);
    }
}
