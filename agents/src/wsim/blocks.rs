//! Building blocks the WS&IM doctrines share: who is near, who bears on whom, rakes, the
//! weather gauge, station in a line, and whole movement plans to choose between.
//!
//! Everything here reads only what a side may see: positions, damage, loaded broadsides,
//! the wind and its own orders; never the other side's orders.

use broadside_env::hex::{Hex, ShipPos, Side};
use broadside_env::wsim::catalogue::{END_MOVE, FORWARD, TURN_LEFT, TURN_RIGHT};
use broadside_env::wsim::data::{tables, Tables};
use broadside_env::wsim::state::{TOKEN_FORWARD, TOKEN_LEFT, TOKEN_RIGHT};
use broadside_env::wsim::WsimGame;
use broadside_env::{Action, ActionSet};

/// Longest range at which a broadside may fire (the rules' ten hexes).
pub const MAX_RANGE: i32 = 10;

/// Longest range at which a shot may aim at the hull (the rules' five hexes).
pub const HULL_SHOT_RANGE: i32 = 5;

/// The enemies of ship `i` still fighting, with their range from `pos`.
pub fn enemies(g: &WsimGame, i: usize, pos: ShipPos) -> impl Iterator<Item = (usize, i32)> + '_ {
    let side = g.ships[i].side;
    g.ships()
        .iter()
        .enumerate()
        .filter(move |(_, e)| e.side != side && !e.struck())
        .map(move |(j, e)| (j, pos.range_to(e.pos)))
}

/// The nearest enemy of ship `i` from `pos` (lowest index on ties).
pub fn nearest_enemy(g: &WsimGame, i: usize, pos: ShipPos) -> Option<(usize, i32)> {
    enemies(g, i, pos).min_by_key(|&(j, r)| (r, j))
}

/// How a ship at `pos` bears on `target`: the best of its broadsides whose field holds the
/// target within range, and whether it rakes from there.
pub fn bearing(pos: ShipPos, target: ShipPos) -> Option<(Side, bool)> {
    if pos.range_to(target) > MAX_RANGE {
        return None;
    }
    let mut best: Option<(Side, bool)> = None;
    for sd in Side::BOTH {
        if pos.field_holds_ship(sd, target) {
            let rake = pos.rakes(sd, target);
            let better = match best {
                None => true,
                Some((_, raked)) => rake && !raked,
            };
            if better {
                best = Some((sd, rake));
            }
        }
    }
    best
}

/// The hit table ship `i`'s `sd` broadside would fire at from `from` on a ship standing at
/// `at`, by the rules' Hit Determination Table: gun squares (carronades at two hexes or
/// less) and range, crew quality, crew sections lost, the initial broadside and a rake;
/// clamped to the top table. `None` when the target is out of the field or range, or the
/// broadside is unable to fire.
pub fn fire_table(g: &WsimGame, i: usize, from: ShipPos, sd: Side, at: ShipPos) -> Option<i32> {
    let t = tables();
    let s = &g.ships[i];
    let range = from.range_to(at);
    if range > t.rules.max_range || !from.field_holds_ship(sd, at) {
        return None;
    }
    let mut guns = s.guns[sd.index()] as u32;
    if range <= t.rules.carronade_max_range {
        guns += s.carronades[sd.index()] as u32;
    }
    let band = Tables::gun_band(guns)?;
    let mut hdt = t.hdt_base[band][Tables::range_band(range)?] as i32;
    hdt += t.crew_quality_mod[s.quality as usize][band] as i32;
    hdt += t.crew_section_lost_mod[band] as i32 * s.crew_sections_lost() as i32;
    if s.initial[sd.index()] {
        hdt += t.initial_broadside_mod[band] as i32;
    }
    if from.rakes(sd, at) {
        hdt += t.rake_mod[band] as i32;
    }
    (hdt >= 0).then_some(hdt.min(t.rules.max_table))
}

/// Expected hits of a broadside on hit table 0..=8, in tenths (the mean over the six die
/// faces of the hull column, rounded): one hit per table step, half a hit on table 0.
pub fn hits_tenths(table: i32) -> i32 {
    const HITS: [i32; 9] = [5, 10, 20, 30, 40, 50, 62, 70, 80];
    HITS[table.clamp(0, 8) as usize]
}

/// Expected hits, in tenths, of the best loaded broadside of ship `i` standing at `pos` on
/// ship `t` (0 when none bears).
pub fn firepower(g: &WsimGame, i: usize, pos: ShipPos, t: usize) -> i32 {
    Side::BOTH
        .into_iter()
        .filter(|sd| g.ships[i].loaded[sd.index()])
        .filter_map(|sd| fire_table(g, i, pos, sd, g.ships[t].pos))
        .map(hits_tenths)
        .max()
        .unwrap_or(0)
}

/// Expected hits a typical broadside lands (table 3), in tenths: the unit of [`exposure`].
pub const BROADSIDE_TENTHS: i32 = 30;

/// How exposed a ship at `pos` is: the expected hits, in tenths, of every loaded enemy
/// broadside that bears on it from where the enemy stands, by the hit table it would fire
/// at (so a rake, carronades at close range or a crack crew weigh more, a long shot less).
/// `me` is excluded (it may be an enemy's target itself).
pub fn exposure(g: &WsimGame, me: usize, pos: ShipPos) -> i32 {
    let side = g.ships[me].side;
    let mut danger = 0;
    for (j, e) in g.ships().iter().enumerate() {
        if e.side == side || !e.can_fight() {
            continue;
        }
        for sd in Side::BOTH {
            if e.loaded[sd.index()] {
                if let Some(t) = fire_table(g, j, e.pos, sd, pos) {
                    danger += hits_tenths(t);
                }
            }
        }
    }
    danger
}

/// Where each enemy of ship `me` with a loaded broadside could stand after its next move:
/// every distinct end of a movement plan from where it stands, standing still included
/// (its written orders, hidden from `me`, are not read). A fouled enemy, or one too far to
/// bear after any move, keeps only where it stands.
pub fn enemy_reach(g: &WsimGame, me: usize) -> Vec<(usize, Vec<ShipPos>)> {
    let side = g.ships[me].side;
    let here = g.ships[me].pos;
    let mut scratch = g.clone();
    let mut out = Vec::new();
    for (j, e) in g.ships().iter().enumerate() {
        if e.side == side || !e.can_fight() || !e.loaded.iter().any(|&l| l) {
            continue;
        }
        let mut poses = vec![e.pos];
        if e.fouled == 0 && e.pos.range_to(here) <= MAX_RANGE + 6 {
            scratch.ships[j].orders.plan_len = 0;
            for (_, p) in plan_completions(&scratch, j) {
                if !poses.contains(&p) {
                    poses.push(p);
                }
            }
        }
        out.push((j, poses));
    }
    out
}

/// [`exposure`] at `pos` once the enemies have moved: for each enemy in `reach` (from
/// [`enemy_reach`]), the mean over where it could stand. The enemy moves at the same time
/// as the ship, so where it stands now says little about where its broadsides will bear.
pub fn exposure_after_move(g: &WsimGame, reach: &[(usize, Vec<ShipPos>)], pos: ShipPos) -> i32 {
    reach
        .iter()
        .map(|(j, poses)| {
            let e = &g.ships[*j];
            let total: i32 = poses
                .iter()
                .map(|&from| {
                    Side::BOTH
                        .into_iter()
                        .filter(|sd| e.loaded[sd.index()])
                        .filter_map(|sd| fire_table(g, *j, from, sd, pos))
                        .map(hits_tenths)
                        .sum::<i32>()
                })
                .sum();
            total / poses.len().max(1) as i32
        })
        .sum()
}

/// Whether ship `i`'s carronades are a match for ship `j`'s: its heavier side has at least
/// as many squares. Carronades fire only at two hexes or less, so a ship outgunned there
/// does better to stand at three.
pub fn carronades_match(g: &WsimGame, i: usize, j: usize) -> bool {
    let heavier = |k: usize| g.ships[k].carronades.iter().copied().max().unwrap_or(0);
    heavier(i) >= heavier(j)
}

/// How many hexes `pos` lies to leeward of `target` beyond `keep`: hexes the ship would
/// have to beat back to windward (half a hex a turn at best) to close, where the enemy
/// need not follow. A position far to leeward loses the fight to the no-fire timer.
pub fn leeward_beyond(g: &WsimGame, pos: ShipPos, target: ShipPos, keep: i32) -> i32 {
    (-windward_of(g, pos, target) - keep).max(0)
}

/// How far `pos` lies to windward of `other`, in hexes along the wind: positive means `pos`
/// holds the weather gauge (it is closer to where the wind comes from).
pub fn windward_of(g: &WsimGame, pos: ShipPos, other: ShipPos) -> i32 {
    let d = g.wind_from.step();
    let v = pos.bow.sub(other.bow);
    // Cube-coordinate dot product: one unit per hex along the wind's direction.
    (v.q as i32 * d.q as i32 + v.r as i32 * d.r as i32 + v.s() as i32 * d.s() as i32) / 2
}

/// The hex astern of ship `leader`: where a follower in line keeps station.
pub fn station_astern(g: &WsimGame, leader: usize) -> Hex {
    let p = g.ships[leader].pos;
    p.stern().neighbor(p.facing.opposite())
}

/// The previous fighting ship of the same side in scenario order: the ship `i` follows in a
/// line of battle (`None` for the leader).
pub fn ship_ahead(g: &WsimGame, i: usize) -> Option<usize> {
    let side = g.ships[i].side;
    // A ship crippled aloft cannot lead: its followers would lie idle astern of it.
    (0..i)
        .rev()
        .find(|&j| g.ships[j].side == side && g.ships[j].can_fight() && !disabled(g, j))
}

/// The first fighting ship of a side: the flagship, whose target the line concentrates on.
pub fn flagship(g: &WsimGame, side: u8) -> Option<usize> {
    (0..g.num_ships as usize).find(|&j| g.ships[j].side == side && g.ships[j].can_fight())
}

/// Every movement plan ship `i` may still complete from the tokens it has written, as
/// `(first token, final position)`; the empty completion is `(END_MOVE, where it stands)`.
/// The plans are enumerated on a scratch copy of the orders with the rules' own
/// `movement_options`, so they are exactly the legal ones.
pub fn plan_completions(g: &WsimGame, i: usize) -> Vec<(Action, ShipPos)> {
    let mut scratch = g.clone();
    let mut out = Vec::new();
    let start = g.plan_cursor(i).pos;
    out.push((END_MOVE, start));
    extend(&mut scratch, i, None, &mut out);
    out
}

fn extend(g: &mut WsimGame, i: usize, first: Option<Action>, out: &mut Vec<(Action, ShipPos)>) {
    let mut opts = ActionSet::new();
    g.movement_options(i, &mut opts);
    for a in opts.iter().filter(|&a| a != END_MOVE) {
        let token = match a {
            TURN_LEFT => TOKEN_LEFT,
            TURN_RIGHT => TOKEN_RIGHT,
            FORWARD => TOKEN_FORWARD,
            _ => continue,
        };
        let o = &mut g.ships[i].orders;
        let len = o.plan_len as usize;
        o.plan[len] = token;
        o.plan_len += 1;
        let f = first.unwrap_or(a);
        out.push((f, g.plan_cursor(i).pos));
        extend(g, i, Some(f), out);
        g.ships[i].orders.plan_len -= 1;
    }
}

/// The best of `score` over the positions ship `i` could reach with a fresh move next turn
/// if it ended this one at `pos` (the enemy where it stands now): how well `pos` keeps the
/// ship's options open. Ending head to wind (attitude D: no movement next turn), against the
/// map edge or with the enemy out of reach scores low here.
pub fn next_turn_best(g: &WsimGame, i: usize, pos: ShipPos, score: impl Fn(ShipPos) -> i32) -> i32 {
    let mut scratch = g.clone();
    scratch.ships[i].pos = pos;
    scratch.ships[i].orders.plan_len = 0;
    plan_completions(&scratch, i)
        .into_iter()
        .map(|(_, p)| score(p))
        .max()
        .unwrap_or(i32::MIN / 4)
}

/// Turns without a broadside fired after which a doctrine stops holding back: the no-fire
/// timer would otherwise end the game in a draw on points.
pub const STALL_TURNS: u16 = 2;

/// Whether nobody has fired for [`STALL_TURNS`] turns or more.
pub fn stalled(g: &WsimGame) -> bool {
    g.no_fire_turns >= STALL_TURNS
}

/// Whether `side` must seek action now: it is behind on points, or nobody has fired for a
/// while and it is not ahead, so the no-fire timer would end the game in a loss or a draw.
pub fn must_press(g: &WsimGame, side: u8) -> bool {
    let (mine, theirs) = (g.scores[side as usize], g.scores[1 - side as usize]);
    mine < theirs || (stalled(g) && mine == theirs)
}

/// Whether ship `t` is crippled aloft: it can move at most one hex even with a fair wind.
pub fn disabled(g: &WsimGame, t: usize) -> bool {
    g.allowance_in(t, broadside_env::wsim::Attitude::A) <= 1
}
