//! Building blocks the Fighting Sail doctrines share: who is near, which arc an enemy is
//! in, rakes, the expected damage of a broadside, station in a line, and where each
//! sailing plan leaves a ship.
//!
//! Nothing in Fighting Sail is hidden, so every block may read the whole state; none reads
//! the dice to come.

use broadside_env::fsail::catalogue::SAIL_END;
use broadside_env::fsail::data::rules;
use broadside_env::fsail::{Attitude, FsailGame, Phase, Ship};
use broadside_env::plane::{in_arc, mast_distance, rect_distance, Arc, Point, Rect};
use broadside_env::{Action, Game};

/// Mils in an inch.
pub const INCH: i32 = broadside_env::plane::MILS_PER_INCH;

/// The enemies of ship `i` still in play, with their mainmast range (mils) from `base`.
pub fn enemies(g: &FsailGame, i: usize, base: Rect) -> impl Iterator<Item = (usize, i32)> + '_ {
    let side = g.ships[i].side;
    g.ships()
        .iter()
        .enumerate()
        .filter(move |(_, e)| e.side != side && e.active())
        .map(move |(j, e)| (j, mast_distance(&base, &e.base)))
}

/// The nearest enemy of ship `i` from `base` (lowest index on ties).
pub fn nearest_enemy(g: &FsailGame, i: usize, base: Rect) -> Option<(usize, i32)> {
    enemies(g, i, base).min_by_key(|&(j, r)| (r, j))
}

/// The range band (0 short, 1 medium, 2 long) of `range` mils, `None` beyond long range.
pub fn band(range: i32) -> Option<usize> {
    rules().ranges.iter().position(|&r| range <= r)
}

/// The broadside of a ship at `from` whose arc holds the mainmast at `target`.
pub fn broadside_arc(from: &Rect, target: Point) -> Option<Arc> {
    Arc::BROADSIDES
        .into_iter()
        .find(|&a| in_arc(from, a, target))
}

/// Whether a shot from a mainmast at `from` rakes a ship at `target`: the firer lies in the
/// target's bow or stern wedge.
pub fn rakes(from: Point, target: &Rect) -> bool {
    in_arc(target, Arc::Bow, from) || in_arc(target, Arc::Stern, from)
}

/// Chance that a d6 rolls `target` or more.
fn p_at_least(target: u8) -> f64 {
    (7.0 - target.clamp(1, 7) as f64) / 6.0
}

/// Expected hits (before the Hull saves) of `firer`'s broadside at `range` mils: Gunnery
/// dice hit and explode by band, explosions add dice (exploding again when raking).
pub fn expected_hits(firer: &Ship, range: i32, raking: bool) -> f64 {
    let Some(b) = band(range) else {
        return 0.0;
    };
    let r = rules();
    let (ph, pe) = (p_at_least(r.hit[b]), p_at_least(r.explode[b].max(r.hit[b])));
    let n = firer.gunnery_now() as f64;
    if raking {
        n * ph / (1.0 - pe).max(0.2)
    } else {
        n * (ph + pe * ph)
    }
}

/// Expected damage (hits past the Hull saves, roughly) of `firer`'s broadside at `target`
/// at `range` mils: [`expected_hits`] less half the target's Hull dice.
pub fn expected_damage(firer: &Ship, target: &Ship, range: i32, raking: bool) -> f64 {
    let hits = expected_hits(firer, range, raking);
    let saves = target.hull as f64 * p_at_least(rules().hull_save);
    // A soft floor: even a weak shot can roll well.
    (hits - saves).max(0.0) + 0.1 * hits
}

/// What a ship at `base` can do to ship `t` from there: `(expected damage, raking)` when
/// `t` lies in one of its broadside arcs within range (line of sight is not checked).
pub fn broadside_on(g: &FsailGame, i: usize, base: &Rect, t: usize) -> Option<(f64, bool)> {
    let tb = &g.ships[t].base;
    broadside_arc(base, tb.centre)?;
    let range = mast_distance(base, tb);
    band(range)?;
    let rake = rakes(base.centre, tb);
    Some((expected_damage(&g.ships[i], &g.ships[t], range, rake), rake))
}

/// How exposed ship `me` would be at `base`: the expected hits (before saves: one lucky
/// broadside can sink a frigate) of every enemy able to fire (no Cannon token) whose
/// broadside bears on it there.
pub fn exposure(g: &FsailGame, me: usize, base: &Rect) -> f64 {
    let side = g.ships[me].side;
    let mut danger = 0.0;
    for e in g.ships() {
        if e.side == side || !e.active() || e.cannon {
            continue;
        }
        if broadside_arc(&e.base, base.centre).is_none() {
            continue;
        }
        let range = mast_distance(&e.base, base);
        let rake = rakes(e.base.centre, base);
        danger += expected_hits(e, range, rake);
    }
    danger
}

/// How badly a ship is hurt, for picking targets: Damage tokens and the Anchor token.
pub fn battered(s: &Ship) -> i32 {
    s.tokens as i32 * 2 + s.anchor as i32
}

/// Whether ship `a` would be within boarding distance of ship `b` at `base`.
pub fn boarding_reach(g: &FsailGame, base: &Rect, b: usize) -> bool {
    rect_distance(base, &g.ships[b].base) <= rules().boarding_range
}

/// Chance that `a` takes `b` by boarding: `a`'s Boarding hits (4+) beat `b`'s.
pub fn boarding_odds(a: &Ship, b: &Ship) -> f64 {
    let p = p_at_least(rules().boarding_hit);
    let dist = |n: u8| -> Vec<f64> {
        let n = n as usize;
        let mut v = vec![0.0; n + 1];
        v[0] = 1.0;
        for _ in 0..n {
            for k in (0..=n).rev() {
                let keep = v[k] * (1.0 - p);
                let up = if k > 0 { v[k - 1] * p } else { 0.0 };
                v[k] = keep + up;
            }
        }
        v
    };
    let (da, db) = (dist(a.boarding_now()), dist(b.boarding_now()));
    let mut win = 0.0;
    for (ka, pa) in da.iter().enumerate() {
        for (kb, pb) in db.iter().enumerate() {
            if ka > kb {
                win += pa * pb;
            }
        }
    }
    win
}

/// Cost of ending a move near the table edge (inches short of three, squared): a ship
/// pinned against the edge loses most of its choices.
pub fn edge_cost(g: &FsailGame, base: &Rect) -> f64 {
    let c = base.centre;
    let m = c.x.min(c.y).min(g.table[0] - c.x).min(g.table[1] - c.y);
    let short = (3 * INCH - m).max(0) as f64 / INCH as f64;
    short * short
}

/// Cost of the attitude a heading gives for the next sailing roll: in irons is nearly
/// stuck (6s, no free point), close-hauled is slow.
pub fn attitude_cost(g: &FsailGame, heading: u16) -> f64 {
    match Attitude::of(heading, g.wind_deg()) {
        Attitude::InIrons => 3.0,
        Attitude::CloseHauled => 0.7,
        Attitude::Reaching | Attitude::Running => 0.0,
    }
}

/// The previous ship in play of the same side in scenario order: the ship `i` follows in a
/// line of battle (`None` for the leader).
pub fn ship_ahead(g: &FsailGame, i: usize) -> Option<usize> {
    let side = g.ships[i].side;
    (0..i)
        .rev()
        .find(|&j| g.ships[j].side == side && g.ships[j].active())
}

/// The first ship in play of a side: the leader, whose target the line concentrates on.
pub fn leader(g: &FsailGame, side: u8) -> Option<usize> {
    g.ships()
        .iter()
        .position(|s| s.side == side && s.active() && s.flagship)
        .or_else(|| g.ships().iter().position(|s| s.side == side && s.active()))
}

/// The point astern of ship `ahead` where a follower keeps station in line (a base length
/// and two inches behind its mainmast).
pub fn station_astern(g: &FsailGame, ahead: usize) -> Point {
    let b = g.ships[ahead].base;
    b.advanced(-(b.length + 2 * INCH)).centre
}

/// Every plan of up to `depth` sailing actions the ship sailing in `g` may make from here,
/// as `(first action, final base)`; stopping at once is `(SAIL_END, where it stands)`.
/// Each action is applied to a clone of the game, so the plans are exactly the legal ones.
pub fn sail_plans(g: &FsailGame, depth: usize) -> Vec<(Action, Rect)> {
    let Phase::SailSpend { ship, .. } = g.phase else {
        return Vec::new();
    };
    let i = ship as usize;
    let mut out = vec![(SAIL_END, g.ships[i].base)];
    extend(g, i, None, depth, &mut out);
    out
}

fn extend(
    g: &FsailGame,
    i: usize,
    first: Option<Action>,
    depth: usize,
    out: &mut Vec<(Action, Rect)>,
) {
    if depth == 0 {
        return;
    }
    for a in g.legal_actions().iter().filter(|&a| a != SAIL_END) {
        let mut c = g.clone();
        c.apply_unchecked(a);
        let f = first.unwrap_or(a);
        out.push((f, c.ships[i].base));
        let still = matches!(c.phase, Phase::SailSpend { ship, .. } if ship as usize == i);
        if still {
            extend(&c, i, Some(f), depth - 1, out);
        }
    }
}
