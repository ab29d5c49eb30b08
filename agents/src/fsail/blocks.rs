//! Building blocks the Fighting Sail doctrines share: who is near, which arc an enemy is
//! in, rakes, the expected damage of a broadside and its exact odds, what a shot or a
//! prize is worth in games, where an enemy still to sail may end, station in a line, the
//! table edge, and where each sailing plan leaves a ship.
//!
//! Nothing in Fighting Sail is hidden, so every block may read the whole state; none reads
//! the dice to come.

use broadside_env::fsail::catalogue::SAIL_END;
use broadside_env::fsail::data::{rules, MAX_STAT};
use broadside_env::fsail::{Attitude, FsailGame, Pending, Phase, Ship};
use broadside_env::plane::{
    broadside_arc, in_bow_or_stern, isqrt, mast_distance, on_table, reach_within,
    rect_distance_at_most, Point, Rect,
};
use broadside_env::{Action, Game};
use std::sync::OnceLock;

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

/// The largest squared distance (mils²) whose (rounded down) square root is at most
/// `range`: `isqrt(d2) <= range` exactly when `d2 <= (range + 1)² - 1`.
fn max_dist2_within(range: i32) -> i64 {
    let next = range as i64 + 1;
    next * next - 1
}

/// [`band`] of the (rounded down) square root of `d2` mils², without the square root.
fn band_of_dist2(d2: i64) -> Option<usize> {
    rules()
        .ranges
        .iter()
        .position(|&r| d2 <= max_dist2_within(r))
}

/// The largest squared mainmast distance (mils²) still within long range: `band` of
/// its (rounded down) square root is some band exactly when the square is at most this.
fn long_range_dist2() -> i64 {
    max_dist2_within(rules().ranges[2])
}

/// Whether a shot from a mainmast at `from` rakes a ship at `target`: the firer lies in the
/// target's bow or stern wedge.
pub fn rakes(from: Point, target: &Rect) -> bool {
    in_bow_or_stern(target, from)
}

/// A broadside's worth at one target ([`shot_value`], [`stop_chance`]: anything that
/// depends on the range only through its band) by band and raking, each worked out on
/// first use: the hot loops ask for the same few values over and over.
struct ByBand<F: Fn(i32, bool) -> f64> {
    value: F,
    memo: [[Option<f64>; 2]; 3],
}

impl<F: Fn(i32, bool) -> f64> ByBand<F> {
    fn new(value: F) -> Self {
        Self {
            value,
            memo: [[None; 2]; 3],
        }
    }

    /// The value at the range whose square is `d2` mils², zero beyond long range; the
    /// square root is taken only the first time its band is asked for.
    fn at_dist2(&mut self, d2: i64, raking: bool) -> f64 {
        let Some(b) = band_of_dist2(d2) else {
            return 0.0;
        };
        let f = &self.value;
        *self.memo[b][raking as usize].get_or_insert_with(|| f(isqrt(d2) as i32, raking))
    }
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

/// Damage past the Hull saves is read up to this many points (a ship sinks at five).
const DMG_CAP: usize = 16;

/// The chances of each amount of damage (past the Hull saves, the last entry "this or
/// more") of a broadside of `gunnery` dice at a ship of `hull` at range band `band`:
/// every die hits and explodes by the band; an explosion adds a die that explodes again
/// only when `raking`; each Hull die saves a hit on the seed's 4+.
pub fn damage_chances(gunnery: u8, hull: u8, band: usize, raking: bool) -> &'static [f64; DMG_CAP] {
    static TABLE: OnceLock<Vec<[f64; DMG_CAP]>> = OnceLock::new();
    const N: usize = MAX_STAT as usize + 1;
    let table = TABLE.get_or_init(|| {
        let mut t = Vec::with_capacity(N * N * 6);
        for g in 0..N {
            for h in 0..N {
                for b in 0..3 {
                    for r in [false, true] {
                        t.push(damage_chances_now(g as u8, h as u8, b, r));
                    }
                }
            }
        }
        t
    });
    let (g, h) = ((gunnery as usize).min(N - 1), (hull as usize).min(N - 1));
    &table[((g * N + h) * 3 + band.min(2)) * 2 + raking as usize]
}

/// [`damage_chances`] worked out.
fn damage_chances_now(gunnery: u8, hull: u8, band: usize, raking: bool) -> [f64; DMG_CAP] {
    let r = rules();
    let ph = p_at_least(r.hit[band]);
    let pe = p_at_least(r.explode[band].max(r.hit[band]));
    // Hits of one Gunnery die.
    let mut die = [0.0; DMG_CAP];
    die[0] = 1.0 - ph;
    if raking {
        // A chain of k explosions, then a die that hits (without exploding) or misses.
        let mut pk = 1.0;
        for k in 0..DMG_CAP - 1 {
            if k > 0 {
                die[k] += pk * (1.0 - ph);
            }
            die[k + 1] += pk * (ph - pe);
            pk *= pe;
        }
    } else {
        die[1] = ph - pe + pe * (1.0 - ph);
        die[2] = pe * ph;
    }
    let mut hits = [0.0; DMG_CAP];
    hits[0] = 1.0;
    for _ in 0..gunnery {
        let mut next = [0.0; DMG_CAP];
        for (a, &pa) in hits.iter().enumerate() {
            for (b, &pb) in die.iter().enumerate() {
                next[(a + b).min(DMG_CAP - 1)] += pa * pb;
            }
        }
        hits = next;
    }
    let ps = p_at_least(r.hull_save);
    let mut saves = vec![1.0];
    for _ in 0..hull {
        let mut next = vec![0.0; saves.len() + 1];
        for (k, &p) in saves.iter().enumerate() {
            next[k] += p * (1.0 - ps);
            next[k + 1] += p * ps;
        }
        saves = next;
    }
    let mut dmg = [0.0; DMG_CAP];
    for (h, &ph) in hits.iter().enumerate() {
        for (k, &pk) in saves.iter().enumerate() {
            dmg[h.saturating_sub(k)] += ph * pk;
        }
    }
    dmg
}

/// What a broadside of `firer` at `target` from `range` mils is worth, in games: the
/// share of the target fleet's starting morale it takes away on average, plus the chance
/// it ends the game (the fleet's morale gone) and the share of a ship it removes (sunk at
/// five damage or four Damage tokens). Zero beyond long range.
pub fn shot_value(g: &FsailGame, firer: &Ship, target: &Ship, range: i32, raking: bool) -> f64 {
    let Some(b) = band(range) else {
        return 0.0;
    };
    let start = g.start_morale[target.side as usize].max(1) as f64;
    let hull = target.hull as f64;
    let mut v = 0.0;
    for (d, &p) in damage_chances(firer.gunnery_now(), target.hull, b, raking)
        .iter()
        .enumerate()
    {
        let e = damage_effect(g, target, d);
        v += p
            * (e.loss as f64 / start
                + if e.ends { 1.0 } else { 0.0 }
                + if e.sinks { hull / start } else { 0.0 });
    }
    v
}

/// What `d` points of damage do to `target`.
struct DamageEffect {
    /// Fleet morale lost (at most the target's Hull).
    loss: usize,
    /// The target fleet's morale is gone: the game ends.
    ends: bool,
    /// The target sinks (five damage, or a fourth Damage token).
    sinks: bool,
}

/// [`DamageEffect`] of `d` points on `target`, by the Damage Deck's tokens as
/// [`damage_chances`] counts them.
fn damage_effect(g: &FsailGame, target: &Ship, d: usize) -> DamageEffect {
    let left = g.morale[target.side as usize].max(1) as usize;
    let loss = d.min(target.hull as usize);
    let tokens = target.tokens as usize
        + match d {
            2 if target.anchor => 1,
            3 => 1,
            4 => 2,
            _ => 0,
        };
    DamageEffect {
        loss,
        ends: loss >= left,
        sinks: d >= 5 || tokens >= 4,
    }
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

/// Where each ship may stand in this turn's cannon phase, as seen by the side deciding
/// now: a ship that has sailed this turn (or any ship outside the sailing phase) stays
/// where it is; an enemy still to sail may end at any base that one sailing action (two
/// against one or two enemies) takes it to, or stay, each taken as equally likely. Own
/// ships are not foreseen (empty).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Outlook {
    /// By ship index: the bases it may end at.
    bases: Vec<Vec<Rect>>,
    /// By ship index: the box (least and greatest corner) round those bases' mainmasts,
    /// so that an enemy out of reach is passed over without looking at its bases.
    boxes: Vec<(Point, Point)>,
}

/// The box of no mainmast: least corner above greatest, so every distance to it is infinite.
const NO_BOX: (Point, Point) = (
    Point::new(i32::MAX, i32::MAX),
    Point::new(i32::MIN, i32::MIN),
);

/// The box (least and greatest corner) round the mainmasts of `bases`.
fn mainmast_box(bases: &[Rect]) -> (Point, Point) {
    bases.iter().fold(NO_BOX, |(lo, hi), b| {
        let c = b.centre;
        (
            Point::new(lo.x.min(c.x), lo.y.min(c.y)),
            Point::new(hi.x.max(c.x), hi.y.max(c.y)),
        )
    })
}

impl Outlook {
    /// The outlook where ship `j` may end at any of `bases[j]`.
    pub fn new(bases: Vec<Vec<Rect>>) -> Self {
        let boxes = bases.iter().map(|v| mainmast_box(v)).collect();
        Self { bases, boxes }
    }

    /// Makes this the static outlook of `g`, every active ship where it stands, reusing
    /// the buffers (a leaf value builds one per evaluation).
    pub fn set_static(&mut self, g: &FsailGame) {
        let ships = g.ships();
        self.bases.resize_with(ships.len(), Vec::new);
        self.boxes.clear();
        for (bases, e) in self.bases.iter_mut().zip(ships) {
            bases.clear();
            if e.active() {
                bases.push(e.base);
            }
            self.boxes.push(mainmast_box(bases));
        }
    }

    /// The bases ship `j` may end at (empty: not foreseen).
    pub fn bases(&self, j: usize) -> &[Rect] {
        self.bases.get(j).map_or(&[], Vec::as_slice)
    }

    /// The least squared distance (mils²) from `p` to any of ship `j`'s mainmasts.
    fn nearest_dist2(&self, j: usize, p: Point) -> i64 {
        let Some(&(lo, hi)) = self.boxes.get(j) else {
            return i64::MAX;
        };
        if lo.x > hi.x {
            return i64::MAX;
        }
        let gap = |v: i32, a: i32, b: i32| (a as i64 - v as i64).max(v as i64 - b as i64).max(0);
        let (dx, dy) = (gap(p.x, lo.x, hi.x), gap(p.y, lo.y, hi.y));
        dx * dx + dy * dy
    }
}

/// The [`Outlook`] of the side deciding in `g`.
pub fn outlook(g: &FsailGame) -> Outlook {
    let me = match g.phase {
        Phase::SailSelect { player } | Phase::SailSpend { player, .. } => Some(player),
        _ => None,
    };
    // Two actions (about the average sailing roll) against a lone enemy; one against a
    // fleet, where two would cost seconds a game.
    let foes = g
        .ships()
        .iter()
        .filter(|e| e.active() && Some(e.side) != me)
        .count();
    let depth = if foes <= 2 { 2 } else { 1 };
    let bases = g
        .ships()
        .iter()
        .enumerate()
        .map(|(j, e)| {
            if !e.active() || Some(e.side) == me {
                return Vec::new();
            }
            match me {
                Some(_) if !e.sailed => enemy_moves(g, j, depth),
                _ => vec![e.base],
            }
        })
        .collect();
    Outlook::new(bases)
}

/// The bases ship `j` may reach with up to `depth` sailing actions from where it stands
/// (it stays too), as if it sailed now with two points (enough to tack).
fn enemy_moves(g: &FsailGame, j: usize, depth: usize) -> Vec<Rect> {
    let mut c = g.clone();
    c.pending = Pending::None;
    c.phase = Phase::SailSpend {
        player: g.ships[j].side,
        ship: j as u8,
        points: 2,
    };
    let mut v: Vec<Rect> = sail_plans(&c, depth).into_iter().map(|(_, b)| b).collect();
    v.sort_by_key(place_key);
    v.dedup_by_key(|b| place_key(b));
    v
}

/// Chance that a broadside of `firer` at ship `t` from `range` mils stops `t` firing back
/// this turn: it ends the game (its fleet's morale gone) or sinks `t`.
pub fn stop_chance(g: &FsailGame, firer: &Ship, t: usize, range: i32, raking: bool) -> f64 {
    let Some(b) = band(range) else {
        return 0.0;
    };
    let target = &g.ships[t];
    damage_chances(firer.gunnery_now(), target.hull, b, raking)
        .iter()
        .enumerate()
        .filter(|&(d, _)| {
            let e = damage_effect(g, target, d);
            e.ends || e.sinks
        })
        .map(|(_, &p)| p)
        .sum()
}

/// How exposed ship `me` would be at `base` in this turn's cannon phase: the worth in
/// games ([`shot_value`], or the prize when it may board) of every enemy able to fire (no
/// Cannon token) whose broadside would bear on it, averaged over where the enemy may stand
/// ([`Outlook`]): an enemy still to sail may turn its broadside on us. When our side fires
/// first (it won the initiative), our broadside from `base`, if it bears, may end the game
/// or sink the enemy before it fires ([`stop_chance`]): its danger counts only when it
/// survives. A weaker ship thus prefers the spots where its own shot comes first and bears.
pub fn exposure(g: &FsailGame, look: &Outlook, me: usize, base: &Rect) -> f64 {
    let side = g.ships[me].side;
    let me_ship = &g.ships[me];
    let first = g.first == side && !me_ship.cannon;
    let board_range = rules().boarding_range;
    let long2 = long_range_dist2();
    let mut danger = 0.0;
    for (j, e) in g.ships().iter().enumerate() {
        if e.side == side || !e.active() || e.cannon {
            continue;
        }
        let spots = look.bases(j);
        if spots.is_empty() {
            continue;
        }
        // Mainmasts farther apart than this cannot be within boarding distance: the broad
        // phase of `rect_distance_at_most`, worked out once per enemy instead of per spot.
        let reach = reach_within(&e.base, base, board_range);
        // Every base it may end at is beyond long range and boarding distance: it adds
        // nothing (its average is over all its bases, the far ones counting zero).
        if look.nearest_dist2(j, base.centre) > long2.max(reach * reach) {
            continue;
        }
        let mut sum = 0.0;
        // Worked out only for an enemy that may come alongside (most never do).
        let mut prize = None;
        let mut theirs = ByBand::new(|range, raking| shot_value(g, e, me_ship, range, raking));
        let mut stop = ByBand::new(|range, raking| stop_chance(g, me_ship, j, range, raking));
        for eb in spots {
            let d2 = eb.centre.dist2(base.centre);
            // It may board instead of firing: count the worse of the two.
            let near = d2 <= reach * reach;
            let board = if near && rect_distance_at_most(eb, base, board_range) {
                *prize.get_or_insert_with(|| boarding_odds(e, &g.ships[me]) * prize_value(g, me))
            } else {
                0.0
            };
            // Beyond long range neither broadside counts: the arc tests are skipped.
            if d2 > long2 && board == 0.0 {
                continue;
            }
            let mut shot = 0.0;
            if d2 <= long2 && broadside_arc(eb, base.centre).is_some() {
                shot = theirs.at_dist2(d2, rakes(eb.centre, base));
            }
            let mut d = f64::max(shot, board);
            if first && d > 0.0 && d2 <= long2 && broadside_arc(base, eb.centre).is_some() {
                d *= 1.0 - stop.at_dist2(d2, rakes(base.centre, eb));
            }
            sum += d;
        }
        danger += sum / spots.len() as f64;
    }
    danger
}

/// What a ship at `base` can expect to do to ship `t`, averaged over where `t` may stand
/// ([`Outlook`]): `(expected damage, chance the shot rakes)`.
pub fn expected_broadside(
    g: &FsailGame,
    look: &Outlook,
    i: usize,
    base: &Rect,
    t: usize,
) -> (f64, f64) {
    let here = [g.ships[t].base];
    let spots = match look.bases(t) {
        [] => &here[..],
        v => v,
    };
    let (mut dmg, mut rake) = (0.0, 0.0);
    let mut ours =
        ByBand::new(|range, raking| shot_value(g, &g.ships[i], &g.ships[t], range, raking));
    let long2 = long_range_dist2();
    for tb in spots {
        // The distance first: it is cheaper than the arc and rules out most spots.
        let d2 = base.centre.dist2(tb.centre);
        if d2 > long2 || broadside_arc(base, tb.centre).is_none() {
            continue;
        }
        let r = rakes(base.centre, tb);
        dmg += ours.at_dist2(d2, r);
        rake += r as u8 as f64;
    }
    let n = spots.len() as f64;
    (dmg / n, rake / n)
}

/// How badly a ship is hurt, for picking targets: Damage tokens and the Anchor token.
pub fn battered(s: &Ship) -> i32 {
    s.tokens as i32 * 2 + s.anchor as i32
}

/// How far `side` leads on the turn-limit count (its kept share of starting morale
/// against the enemy's), cross-multiplied as the engine compares them: above zero, the
/// side would win if the game ended now.
pub fn morale_lead(g: &FsailGame, side: u8) -> i32 {
    let (a, b) = (side as usize, 1 - side as usize);
    g.morale[a] as i32 * g.start_morale[b] as i32 - g.morale[b] as i32 * g.start_morale[a] as i32
}

/// What losing ship `t` as a prize is worth, in games: its Hull off its fleet's starting
/// morale, and the game when that empties the fleet's morale or leaves it no ship.
pub fn prize_value(g: &FsailGame, t: usize) -> f64 {
    let s = &g.ships[t];
    let side = s.side as usize;
    let last = g
        .ships()
        .iter()
        .filter(|x| x.side == s.side && x.active())
        .count()
        <= 1;
    let ends = last || g.morale[side] <= s.hull as i16;
    s.hull as f64 / g.start_morale[side].max(1) as f64 + if ends { 1.0 } else { 0.0 }
}

/// Whether ship `a` would be within boarding distance of ship `b` at `base`.
pub fn boarding_reach(g: &FsailGame, base: &Rect, b: usize) -> bool {
    rect_distance_at_most(base, &g.ships[b].base, rules().boarding_range)
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
/// pinned against the edge loses most of its choices. Worse, every move goes straight
/// ahead before it turns, so a ship whose bow has less than a full move (2") of table
/// ahead can never turn again: it is stuck for the rest of the game. One that has less
/// than two full moves ahead must turn with its next point.
pub fn edge_cost(g: &FsailGame, base: &Rect) -> f64 {
    let c = base.centre;
    let m = c.x.min(c.y).min(g.table[0] - c.x).min(g.table[1] - c.y);
    let short = (3 * INCH - m).max(0) as f64 / INCH as f64;
    let full = rules().move_mils;
    let ahead = |k: i32| on_table(&base.advanced(k * full), g.table[0], g.table[1]);
    let trap = if !ahead(1) {
        STUCK_COST
    } else if !ahead(2) {
        STUCK_COST / 8.0
    } else {
        0.0
    };
    short * short + trap
}

/// The cost of a ship that can no longer turn (see [`edge_cost`]): more than any shot.
pub const STUCK_COST: f64 = 60.0;

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

/// Where one ship's base stands (mainmast and heading), for sorting and deduplicating the
/// bases of one ship (its footprint never changes).
pub fn place_key(b: &Rect) -> (i32, i32, u16) {
    (b.centre.x, b.centre.y, b.heading)
}

/// Every plan of up to `depth` sailing actions the ship sailing in `g` may make from here,
/// as `(first action, final base)`; stopping at once is `(SAIL_END, where it stands)`.
/// The actions at each step are the game's legal ones, and every action but a plan's last
/// is applied to a clone of the game, so the plans are exactly the legal ones.
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
        let f = first.unwrap_or(a);
        // The last action of a plan: its end is all that is wanted, worked out as
        // `apply` moves the ship (the clone is for the actions that follow).
        if depth == 1 {
            if let Some(m) = g.sail_move(i, a) {
                out.push((f, g.ships[i].base.advanced(m.dist).turned(m.turn)));
                continue;
            }
        }
        let mut c = g.clone();
        c.apply_unchecked(a);
        out.push((f, c.ships[i].base));
        let still = matches!(c.phase, Phase::SailSpend { ship, .. } if ship as usize == i);
        if still {
            extend(&c, i, Some(f), depth - 1, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::fsail::{builtin_scenario, FsailOptions};
    use broadside_env::Turn;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn the_band_of_a_squared_distance_is_the_band_of_its_root() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let edges = rules().ranges.iter().flat_map(|&r| {
            let r = r as i64;
            [r * r, (r + 1) * (r + 1)]
                .into_iter()
                .flat_map(|sq| sq - 2..=sq + 2)
        });
        let random = (0..10_000).map(|_| rng.random_range(0..40_000i64 * 40_000));
        for d2 in edges.chain(random).chain([0, 1]) {
            assert_eq!(band_of_dist2(d2), band(isqrt(d2) as i32), "{d2}");
        }
    }

    /// The same outlook with boxes that hold the whole plane: no enemy is passed over.
    fn unboxed(look: &Outlook) -> Outlook {
        Outlook {
            bases: look.bases.clone(),
            boxes: look
                .bases
                .iter()
                .map(|_| {
                    (
                        Point::new(i32::MIN, i32::MIN),
                        Point::new(i32::MAX, i32::MAX),
                    )
                })
                .collect(),
        }
    }

    #[test]
    fn the_box_is_the_least_distance_to_any_foreseen_mainmast() {
        let at = |x, y| Rect {
            centre: Point::new(x, y),
            ..Rect::default()
        };
        let look = Outlook::new(vec![vec![at(0, 0), at(10, 4)], Vec::new()]);
        assert_eq!(look.nearest_dist2(0, Point::new(5, 2)), 0);
        assert_eq!(look.nearest_dist2(0, Point::new(13, 8)), 9 + 16);
        assert_eq!(look.nearest_dist2(0, Point::new(-2, 2)), 4);
        assert_eq!(look.nearest_dist2(1, Point::new(0, 0)), i64::MAX);
        assert_eq!(look.nearest_dist2(7, Point::new(0, 0)), i64::MAX);
    }

    /// The reused static outlook is the one built afresh, across scenarios of different
    /// fleet sizes and as ships strike or flee.
    #[test]
    fn a_reused_static_outlook_equals_a_fresh_one() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut reused = Outlook::default();
        let (mut checked, mut with_inactive) = (0, 0);
        for id in ["fleet-action", "frigate-duel", "fleet-action"] {
            let sc = builtin_scenario(id).unwrap();
            let mut g = FsailGame::new(&sc, FsailOptions { resignation: false });
            while g.turn() != Turn::Terminal {
                if g.turn() == Turn::Chance {
                    let a = g.chance_outcomes().sample(&mut rng);
                    g.apply_unchecked(a);
                    continue;
                }
                reused.set_static(&g);
                let fresh = Outlook::new(
                    g.ships()
                        .iter()
                        .map(|e| if e.active() { vec![e.base] } else { Vec::new() })
                        .collect(),
                );
                assert_eq!(reused, fresh);
                checked += 1;
                with_inactive += g.ships().iter().any(|e| !e.active()) as u32;
                let legal: Vec<Action> = g.legal_actions().iter().collect();
                g.apply_unchecked(legal[rng.random_range(0..legal.len())]);
            }
        }
        assert!(
            checked > 100 && with_inactive > 0,
            "{checked} {with_inactive}"
        );
    }

    /// Passing over an enemy out of reach changes no exposure, to the last bit: every
    /// sailing position of seeded random fleet actions, every plan end of the sailing ship.
    #[test]
    fn passing_over_far_enemies_is_exact() {
        let sc = builtin_scenario("fleet-action").unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let (mut checked, mut nonzero) = (0, 0);
        for _ in 0..3 {
            let mut g = FsailGame::new(&sc, FsailOptions { resignation: false });
            for _ in 0..600 {
                match g.turn() {
                    Turn::Terminal => break,
                    Turn::Chance => {
                        let a = g.chance_outcomes().sample(&mut rng);
                        g.apply_unchecked(a);
                        continue;
                    }
                    Turn::Player(_) => {}
                }
                if let Phase::SailSpend { ship, .. } = g.phase {
                    let look = outlook(&g);
                    let all = unboxed(&look);
                    for (_, base) in sail_plans(&g, 1) {
                        let e = exposure(&g, &look, ship as usize, &base);
                        assert_eq!(
                            e.to_bits(),
                            exposure(&g, &all, ship as usize, &base).to_bits()
                        );
                        checked += 1;
                        nonzero += (e > 0.0) as u32;
                    }
                }
                let legal: Vec<Action> = g.legal_actions().iter().collect();
                let a = legal[rng.random_range(0..legal.len())];
                g.apply_unchecked(a);
            }
        }
        // Both kinds of position were met: some in reach of an enemy, some not.
        assert!(
            checked > 500 && nonzero > 50 && nonzero < checked,
            "{checked} {nonzero}"
        );
    }
}
