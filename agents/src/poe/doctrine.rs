//! Heuristic doctrines for the Pieces of Eight sea fight, built from the same blocks
//! ([`super::blocks`]) and differing in what their warships are for and in their weights.
//!
//! Every doctrine plays both sides and every decision of the sheet:
//!
//! - **Wind**: declare three dice when a change one face either way would sail the own
//!   side's ships nearer their goals (merchants the exit, warships their nearest prey) more
//!   than the enemy's, none otherwise; answer with three when the mover's best change would
//!   hurt; turn the wind the better way ([`super::blocks::wind_dice`]).
//! - **Ships in order**: convoy merchants nearest the exit first (they clear the way), and
//!   warships before or after the merchants as the doctrine says, nearest the enemy first.
//! - **Move**: the planner ([`super::blocks::Planner`]) tries every legal path of the acting
//!   ship (moves, direction changes, the 1-hex reduction, blocked hexes, the exit) and takes
//!   the first step of the best; a path costs the opportunity shots it meets (exact dice),
//!   the first fog hex (a third of stopping) and the first shallows hex (the chance of
//!   running aground). A convoy merchant's end is valued by the hexes left to the exit, its
//!   next move's progress with the wind and the boarders that may reach it; a warship's by
//!   the doctrine's aim (below), its best shot from there (exact dice: range, raking, size),
//!   the boarding it may make there (exact odds times the prize in victory points) and the
//!   enemy broadsides around it. It shoots during the move when no end of its plan offers a
//!   better shot.
//! - **After the move**: shoot at the best target (the boarding target first), then board
//!   when the odds reach the doctrine's bar; always take a struck ship.
//! - **Opportunity and return shots**: always, the strongest ship first; **re-roll** a
//!   broadside below its mean; **markers**: the own side gives up the kind it has most of,
//!   never a last one while another kind has more; the shooter takes the doctrine's choice;
//!   **recovery** restores a kind at zero first.
//! - **Clock**: ahead on points, 5 (the end comes soonest); otherwise 3.
//!
//! The doctrines:
//!
//! - **Run for the corner** (`bot:run-for-the-corner`): the convoy's merchants make for the
//!   exit by the fastest wind-legal path, its escorts keep with them and shoot; the
//!   buccaneers stand across the convoy's line to the exit, ahead of its merchants, and board what comes.
//! - **Escort screen** (`bot:escort-screen`): the escorts interpose between the nearest
//!   buccaneer and the merchant it threatens, and merchants weigh boarders heavily; the
//!   buccaneers each take a merchant and stand across its course to the exit.
//! - **Boarding rush** (`bot:boarding-rush`): every warship closes with the best prize
//!   (capture worth times boarding odds, nearer is better) and boards at even odds or worse;
//!   hits take crew first.
//! - **Weather gunnery** (`bot:weather-gunnery`): warships keep the weather side of their
//!   target at two hexes, rake where they can and shoot the most valuable target; hits take
//!   a merchant's sail (it cannot run) and a warship's guns; board only at good odds or a
//!   struck ship.

use broadside_env::hex::{Facing, Hex};
use broadside_env::poe::catalogue::*;
use broadside_env::poe::data::{rules, MAX_SHIPS};
use broadside_env::poe::state::{status, CREW, GUNS, SAIL};
use broadside_env::poe::{Pending, PoeGame, ShotKind};
use broadside_env::{Action, Game, Player};
use serde::{Deserialize, Serialize};

use super::blocks::*;
use crate::Agent;

/// What a doctrine's warships are for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    /// Keep with the convoy's merchants, a hex ahead of them towards the exit.
    Follow,
    /// Convoy: between the nearest enemy warship and the merchant it threatens. Buccaneers:
    /// across the course of an assigned merchant to the exit.
    Screen,
    /// Close with the best prize (worth times boarding odds, nearer better) and board.
    Hunt,
    /// Keep the preferred range of the most valuable target, on its weather side.
    Gunnery,
    /// Buccaneers: hold the exit's approaches on the convoy's side (convoy: as Follow).
    Corner,
}

/// A doctrine: its warships' roles and the weights of the shared scores.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PoeDoctrine {
    /// Its name in spec strings (`bot:NAME`).
    pub name: &'static str,
    /// The convoy's warships' role.
    pub escort: Role,
    /// The buccaneers' warships' role.
    pub raider: Role,
    /// Every warship's role where there are no convoy merchants (left).
    pub duel: Role,
    /// Per hex between a convoy merchant and the exit.
    pub exit_weight: f64,
    /// Per hex of a convoy merchant's next move's expected progress towards the exit.
    pub speed_weight: f64,
    /// Per hex of a warship's next move's expected progress towards its aim.
    pub warship_speed: f64,
    /// Per unit of boarding threat on a merchant ([`boarding_threat`]).
    pub threat_weight: f64,
    /// Per expected hit of the enemy broadsides near a warship's end, times a hit's cost.
    pub danger_weight: f64,
    /// Per unit of the best shot from the end (expected hits times a hit's worth).
    pub shot_weight: f64,
    /// Per unit of a boarding from the end (odds times the prize's worth).
    pub board_weight: f64,
    /// Board when the odds are at least this.
    pub board_odds: f64,
    /// The range a gunnery warship keeps.
    pub pref_range: i32,
    /// Per hex of weather gauge on the target (gunnery).
    pub weather_weight: f64,
    /// Per expected hit of an opportunity shot met on the way, times a hit's cost.
    pub opp_weight: f64,
    /// Which marker hits take off an enemy merchant first (the shooter's choice).
    pub harm_merchant: [usize; 3],
    /// Which marker hits take off an enemy warship first.
    pub harm_warship: [usize; 3],
    /// The markers its own warships keep longest and recover first.
    pub keep_warship: [usize; 3],
    /// Warships act before the merchants.
    pub warships_first: bool,
}

/// Merchants keep sail longest (to run), then crew (against boarders).
const KEEP_MERCHANT: [usize; 3] = [SAIL, CREW, GUNS];

/// Run for the corner.
pub const RUN_FOR_THE_CORNER: PoeDoctrine = PoeDoctrine {
    name: "run-for-the-corner",
    escort: Role::Follow,
    raider: Role::Corner,
    duel: Role::Gunnery,
    exit_weight: 1.0,
    speed_weight: 0.5,
    warship_speed: 0.5,
    threat_weight: 0.4,
    danger_weight: 0.3,
    shot_weight: 1.0,
    board_weight: 2.0,
    board_odds: 0.3,
    pref_range: 2,
    weather_weight: 0.0,
    opp_weight: 0.3,
    harm_merchant: [SAIL, CREW, GUNS],
    harm_warship: [GUNS, CREW, SAIL],
    keep_warship: [SAIL, GUNS, CREW],
    warships_first: false,
};

/// Escort screen.
pub const ESCORT_SCREEN: PoeDoctrine = PoeDoctrine {
    name: "escort-screen",
    escort: Role::Screen,
    raider: Role::Screen,
    duel: Role::Gunnery,
    exit_weight: 1.0,
    speed_weight: 0.5,
    warship_speed: 0.5,
    threat_weight: 1.5,
    danger_weight: 0.3,
    shot_weight: 1.0,
    board_weight: 2.0,
    board_odds: 0.3,
    pref_range: 2,
    weather_weight: 0.0,
    opp_weight: 0.6,
    harm_merchant: [CREW, SAIL, GUNS],
    harm_warship: [GUNS, CREW, SAIL],
    keep_warship: [GUNS, CREW, SAIL],
    warships_first: true,
};

/// Boarding rush.
pub const BOARDING_RUSH: PoeDoctrine = PoeDoctrine {
    name: "boarding-rush",
    escort: Role::Hunt,
    raider: Role::Hunt,
    duel: Role::Hunt,
    exit_weight: 1.0,
    speed_weight: 0.4,
    warship_speed: 0.5,
    threat_weight: 0.3,
    danger_weight: 0.1,
    shot_weight: 0.8,
    board_weight: 3.0,
    board_odds: 0.05,
    pref_range: 1,
    weather_weight: 0.0,
    opp_weight: 0.2,
    harm_merchant: [CREW, SAIL, GUNS],
    harm_warship: [CREW, GUNS, SAIL],
    keep_warship: [CREW, SAIL, GUNS],
    warships_first: true,
};

/// Weather gunnery.
pub const WEATHER_GUNNERY: PoeDoctrine = PoeDoctrine {
    name: "weather-gunnery",
    escort: Role::Gunnery,
    raider: Role::Gunnery,
    duel: Role::Gunnery,
    exit_weight: 1.0,
    speed_weight: 0.5,
    warship_speed: 0.5,
    threat_weight: 0.8,
    danger_weight: 0.6,
    shot_weight: 1.5,
    board_weight: 1.5,
    board_odds: 0.5,
    pref_range: 2,
    weather_weight: 0.4,
    opp_weight: 0.5,
    harm_merchant: [SAIL, GUNS, CREW],
    harm_warship: [GUNS, SAIL, CREW],
    keep_warship: [GUNS, SAIL, CREW],
    warships_first: false,
};

/// Every doctrine, in the order help lists them.
pub const POE_DOCTRINES: [PoeDoctrine; 4] = [
    RUN_FOR_THE_CORNER,
    ESCORT_SCREEN,
    BOARDING_RUSH,
    WEATHER_GUNNERY,
];

/// The value of leaving by the exit (far above any end on the map).
const EXIT_VALUE: f64 = 100.0;
/// A first fog hex: a third of stopping there, in hexes of progress.
const FOG_COST: f64 = 0.7;
/// Running aground: the next move lost and no shooting, in hexes of progress.
const AGROUND_COST: f64 = 4.0;

/// A side not ahead whose clock is within this of the end boards at any real chance.
pub const LAST_CHANCE: i32 = 8;
/// The boarding odds accepted then.
pub const LAST_CHANCE_ODDS: f64 = 0.05;

/// Where a warship's move aims: a hex, the distance it wants from it, the target if any.
#[derive(Debug, Clone, Copy)]
struct Aim {
    hex: Hex,
    want: i32,
    target: Option<usize>,
    weather: bool,
}

impl PoeDoctrine {
    /// The doctrine called `name`.
    pub fn by_name(name: &str) -> Option<PoeDoctrine> {
        POE_DOCTRINES.into_iter().find(|d| d.name == name)
    }

    /// The role of ship `i`'s side's warships now.
    fn role(&self, g: &PoeGame, side: u8) -> Role {
        let merchants = (0..g.num_ships as usize).any(|j| g.convoy_merchant(j));
        if self.last_chance(g, side) {
            // Not ahead and out of time: only a prize can change the result.
            Role::Hunt
        } else if !merchants {
            self.duel
        } else if side == 0 {
            self.escort
        } else {
            self.raider
        }
    }

    /// Where warship `i` of `side` aims its move.
    fn aim(&self, g: &PoeGame, i: usize, side: u8, worth: &Worth) -> Option<Aim> {
        let s = &g.ships[i];
        let n = g.num_ships as usize;
        let merchants = || (0..n).filter(|&j| g.convoy_merchant(j));
        let role = self.role(g, side);
        let hunt = |g: &PoeGame| -> Option<Aim> {
            let mut best: Option<(usize, f64)> = None;
            for j in 0..n {
                let t = &g.ships[j];
                let takeable = enemy(g, side, j) || (t.status == status::STRUCK && s.warship);
                if !takeable || worth.capture[j] <= 0.0 {
                    continue;
                }
                let d = s.hex.distance(t.hex) as f64;
                let v = worth.capture[j] * (0.3 + boarding_odds(g, i, j)) / (1.0 + 0.35 * d);
                if best.is_none_or(|(_, b)| v > b) {
                    best = Some((j, v));
                }
            }
            let (j, _) = best?;
            let t = &g.ships[j];
            let d = s.hex.distance(t.hex);
            // A merchant under way will not wait: aim across its course when out of reach.
            let hex = if g.convoy_merchant(j) && (d - 1) as f64 > reach(g, i) + 0.5 {
                towards(t.hex, g.exit, 2.min(exit_distance(g, t.hex)))
            } else {
                t.hex
            };
            Some(Aim {
                hex,
                want: if hex == t.hex { 1 } else { 0 },
                target: Some(j),
                weather: false,
            })
        };
        let gunnery = |g: &PoeGame| -> Option<Aim> {
            let mut best: Option<(usize, f64)> = None;
            for j in 0..n {
                if !enemy(g, side, j) {
                    continue;
                }
                let d = s.hex.distance(g.ships[j].hex) as f64;
                let v = worth.hit[j] / (1.0 + 0.3 * d);
                if best.is_none_or(|(_, b)| v > b) {
                    best = Some((j, v));
                }
            }
            let (j, _) = best?;
            Some(Aim {
                hex: g.ships[j].hex,
                want: self.pref_range,
                target: Some(j),
                weather: true,
            })
        };
        // The index of this warship among its side's warships (to spread assignments).
        let rank = (0..i)
            .filter(|&j| own(g, side, j) && g.ships[j].warship)
            .count();
        let point = |hex: Hex, want: i32| {
            Some(Aim {
                hex,
                want,
                target: None,
                weather: false,
            })
        };
        match role {
            Role::Hunt => hunt(g),
            Role::Gunnery => gunnery(g),
            Role::Screen if side == 0 => {
                // The nearest enemy warship to any merchant of ours, and that merchant.
                let mut pair: Option<(usize, usize, i32)> = None;
                for m in merchants() {
                    for e in 0..n {
                        if !enemy_warship(g, side, e) {
                            continue;
                        }
                        let d = g.ships[m].hex.distance(g.ships[e].hex);
                        if pair.is_none_or(|(_, _, b)| d < b) {
                            pair = Some((m, e, d));
                        }
                    }
                }
                match pair {
                    Some((m, e, d)) => {
                        let (mh, eh) = (g.ships[m].hex, g.ships[e].hex);
                        point(towards(mh, eh, (d - 1).clamp(0, 2)), 0)
                    }
                    None => gunnery(g),
                }
            }
            Role::Screen => {
                // Across the course of an assigned merchant (by exit distance).
                let mut ms = [0usize; MAX_SHIPS];
                let mut k = 0;
                for m in merchants() {
                    ms[k] = m;
                    k += 1;
                }
                if k == 0 {
                    return hunt(g);
                }
                ms[..k].sort_unstable_by_key(|&m| (exit_distance(g, g.ships[m].hex), m));
                let m = ms[rank % k];
                let mh = g.ships[m].hex;
                let d = s.hex.distance(mh);
                if d <= 2 {
                    return hunt(g);
                }
                point(towards(mh, g.exit, 3.min(exit_distance(g, mh))), 0)
            }
            Role::Corner if side == 1 => {
                // Across the convoy's line to the exit, a little ahead of its merchants.
                let c = merchant_centre(g)?;
                if s.hex.distance(c) <= 3 {
                    return hunt(g);
                }
                let ahead = towards(c, g.exit, 2 + rank as i32);
                point(ahead, 0)
            }
            Role::Follow | Role::Corner => {
                let c = merchant_centre(g)?;
                point(towards(c, g.exit, 1), 1)
            }
        }
    }

    /// Whether `side` is not ahead and the clock may end the game within a turn of its own
    /// ([`LAST_CHANCE`]): its warships then hunt and board at any real chance.
    pub fn last_chance(&self, g: &PoeGame, side: u8) -> bool {
        lead(g, side) <= 0 && g.clock as i32 + LAST_CHANCE >= g.clock_length as i32
    }

    /// The boarding odds `side` accepts now: the doctrine's bar, or any real chance when it is
    /// not ahead and the clock may end the game within a turn of its own ([`LAST_CHANCE`]).
    pub fn board_bar(&self, g: &PoeGame, side: u8) -> f64 {
        if self.last_chance(g, side) {
            self.board_odds.min(LAST_CHANCE_ODDS)
        } else {
            self.board_odds
        }
    }

    /// The marker the side deciding takes off ship `j` (its own or an enemy's).
    fn loss_choice(&self, g: &PoeGame, j: usize, by: u8) -> usize {
        let s = &g.ships[j];
        if s.owner == by {
            own_loss(s.level, self.keep(s.warship))
        } else if s.warship {
            enemy_loss(s.level, self.harm_warship)
        } else {
            enemy_loss(s.level, self.harm_merchant)
        }
    }

    fn keep(&self, warship: bool) -> [usize; 3] {
        if warship {
            self.keep_warship
        } else {
            KEEP_MERCHANT
        }
    }
}

/// The centre of the convoy's merchants still afloat in its hands.
pub fn merchant_centre(g: &PoeGame) -> Option<Hex> {
    let (mut q, mut r, mut n) = (0.0, 0.0, 0.0);
    for j in 0..g.num_ships as usize {
        if g.convoy_merchant(j) {
            q += g.ships[j].hex.q as f64;
            r += g.ships[j].hex.r as f64;
            n += 1.0;
        }
    }
    (n > 0.0).then(|| round_hex(q / n, r / n))
}

/// The cost, in the acting side's lead, of one hit on ship `i`.
fn hit_cost(g: &PoeGame, i: usize) -> f64 {
    let s = &g.ships[i];
    let m = markers(g, i) as f64;
    0.15 + if s.warship { 2.0 } else { 1.5 } / (m + 1.0)
}

/// The move scores of one decision of ship `i`.
struct Scorer<'a> {
    d: &'a PoeDoctrine,
    worth: &'a Worth,
    /// A copy of the game where the acting ship is put at each end.
    scratch: PoeGame,
    i: usize,
    side: u8,
    aim: Option<Aim>,
    /// Extra worth of a hit on each ship (the boarding target).
    bonus: [f64; MAX_SHIPS],
    per_hex: f64,
    hit_cost: f64,
    /// The boarding odds accepted ([`PoeDoctrine::board_bar`]).
    bar: f64,
    seed: u64,
}

impl<'a> Scorer<'a> {
    fn new(d: &'a PoeDoctrine, g: &PoeGame, worth: &'a Worth, seed: u64) -> Self {
        let i = g.act.ship as usize;
        let side = g.ships[i].owner;
        let aim = if g.ships[i].warship {
            d.aim(g, i, side, worth)
        } else {
            None
        };
        let mut bonus = [0.0; MAX_SHIPS];
        if let Some(Aim {
            target: Some(t), ..
        }) = aim
        {
            bonus[t] = 0.2;
        }
        Self {
            d,
            worth,
            scratch: g.clone(),
            i,
            side,
            aim,
            bonus,
            per_hex: 1.0,
            hit_cost: hit_cost(g, i),
            bar: d.board_bar(g, side),
            seed,
        }
    }

    /// The best boarding from where the scratch copy has the ship: odds times the prize.
    fn board_value(&self) -> f64 {
        let g = &self.scratch;
        let mut best: f64 = 0.0;
        for j in 0..g.num_ships as usize {
            if g.can_board(self.i, j) && self.worth.capture[j] > 0.0 {
                let odds = boarding_odds(g, self.i, j);
                if odds >= self.bar || g.ships[j].status == status::STRUCK {
                    best = best.max(odds * self.worth.capture[j]);
                }
            }
        }
        best
    }
}

impl MoveScore for Scorer<'_> {
    fn end(&mut self, g: &PoeGame, h: Hex, f: Facing) -> f64 {
        let (i, side, d) = (self.i, self.side, self.d);
        self.scratch.ships[i].hex = h;
        self.scratch.ships[i].facing = f;
        let sc = &self.scratch;
        let mut v = jitter(self.seed, h, f);
        let wind = g.wind_from;
        if g.convoy_merchant(i) {
            v -= d.exit_weight * exit_distance(g, h) as f64;
            v += d.speed_weight * progress(sc, i, h, f, wind, g.exit);
            v -= d.threat_weight * boarding_threat(sc, side, i, h);
            v -= 0.2 * gun_threat(sc, side, i, h) * self.hit_cost;
        } else if !g.ships[i].warship {
            // A prize or a buccaneer's merchant: away from the enemy.
            v -= d.threat_weight.max(1.0) * boarding_threat(sc, side, i, h);
            v -= 0.3 * gun_threat(sc, side, i, h) * self.hit_cost;
        } else {
            if let Some(aim) = self.aim {
                let dist = h.distance(aim.hex);
                v -= self.per_hex * (dist - aim.want).abs() as f64;
                if dist > aim.want {
                    v += d.warship_speed * progress(sc, i, h, f, wind, aim.hex);
                }
                if aim.weather && d.weather_weight > 0.0 {
                    if let Some(t) = aim.target {
                        let th = g.ships[t].hex;
                        let up = th.distance(h) - th.neighbor(wind).distance(h);
                        v += d.weather_weight * up as f64;
                    }
                }
            }
            if !g.act.fired {
                if let Some((_, shot)) = best_shot(sc, i, ShotKind::Own, self.worth, &self.bonus) {
                    v += d.shot_weight * shot;
                }
            }
            if !g.act.boarded {
                v += d.board_weight * self.board_value();
            }
            v -= d.danger_weight * gun_threat(sc, side, i, h) * self.hit_cost;
        }
        v
    }

    fn exit(&mut self, _g: &PoeGame) -> f64 {
        EXIT_VALUE
    }

    fn enter(&mut self, g: &PoeGame, h: Hex, fog_checked: bool, shallows_checked: bool) -> f64 {
        let i = self.i;
        let weight = if g.convoy_merchant(i) {
            self.d.exit_weight
        } else {
            self.per_hex
        };
        let mut cost = 0.0;
        if !fog_checked && g.fog.contains(h) {
            cost += FOG_COST * weight;
        }
        let s = &g.ships[i];
        if !shallows_checked && g.shallows.contains(h) {
            let dice = s.size.saturating_sub(s.hardened_now() as u8);
            let safe = (5.0f64 / 6.0).powi(dice as i32);
            cost += (1.0 - safe) * AGROUND_COST * weight;
        }
        let opp = rules().gunnery.opportunity_range as i32;
        let mut placed = false;
        for k in 0..g.num_ships as usize {
            let e = &g.ships[k];
            if !enemy(g, self.side, k) || e.shot || e.hex.distance(h) > opp {
                continue;
            }
            if !placed {
                self.scratch.ships[i].hex = h;
                placed = true;
            }
            if let Some(chaser) = self.scratch.shot_option(k, i, ShotKind::Opportunity) {
                let dice = self
                    .scratch
                    .gunnery_dice(k, i, ShotKind::Opportunity, chaser);
                cost += self.d.opp_weight * expected_hits(dice, !chaser) * self.hit_cost;
            }
        }
        cost
    }
}

/// A bot that fights the sea fight by a [`PoeDoctrine`].
#[derive(Debug, Clone)]
pub struct PoeDoctrineBot {
    doctrine: PoeDoctrine,
    seed: u64,
    planner: Planner,
}

impl PoeDoctrineBot {
    /// A bot of `doctrine` whose tie-breaks come from `seed`.
    pub fn new(doctrine: PoeDoctrine, seed: u64) -> Self {
        Self {
            doctrine,
            seed,
            planner: Planner::default(),
        }
    }

    /// Its doctrine.
    pub fn doctrine(&self) -> &PoeDoctrine {
        &self.doctrine
    }

    fn select(&self, g: &PoeGame) -> Option<Action> {
        let d = &self.doctrine;
        (0..g.num_ships as usize)
            .filter(|&i| g.selectable(i))
            .min_by_key(|&i| {
                let s = &g.ships[i];
                let group = if g.convoy_merchant(i) {
                    if d.warships_first {
                        1
                    } else {
                        0
                    }
                } else if s.warship {
                    if d.warships_first {
                        0
                    } else {
                        1
                    }
                } else {
                    2
                };
                let key = if g.convoy_merchant(i) {
                    exit_distance(g, s.hex)
                } else {
                    nearest_target(g, i).map_or(99, |j| s.hex.distance(g.ships[j].hex))
                };
                (group, key, i)
            })
            .map(|i| SHIP_0 + i as Action)
    }

    fn moving(&mut self, g: &PoeGame) -> Action {
        let side = g.ships[g.act.ship as usize].owner;
        let worth = Worth::new(g, side);
        let d = self.doctrine;
        let mut scorer = Scorer::new(&d, g, &worth, self.seed);
        let (first, end) = self.planner.plan(g, &mut scorer);
        if !g.act.fired {
            let i = scorer.i;
            let now = best_shot(g, i, ShotKind::Own, &worth, &scorer.bonus);
            if let Some((j, v)) = now {
                let later = if end.exits {
                    0.0
                } else {
                    scorer.scratch.ships[i].hex = end.hex;
                    scorer.scratch.ships[i].facing = end.facing;
                    best_shot(&scorer.scratch, i, ShotKind::Own, &worth, &scorer.bonus)
                        .map_or(0.0, |(_, v)| v)
                };
                if v > 0.0 && v >= later - 1e-9 {
                    return FIRE_0 + j as Action;
                }
            }
        }
        first
    }

    fn after_move(&self, g: &PoeGame) -> Action {
        let i = g.act.ship as usize;
        let side = g.ships[i].owner;
        let worth = Worth::new(g, side);
        let d = &self.doctrine;
        let mut board: Option<(usize, f64)> = None;
        if !g.act.boarded {
            for j in 0..g.num_ships as usize {
                if !g.can_board(i, j) || worth.capture[j] <= 0.0 {
                    continue;
                }
                let odds = boarding_odds(g, i, j);
                if odds < d.board_bar(g, side) && g.ships[j].status != status::STRUCK {
                    continue;
                }
                let v = odds * worth.capture[j];
                if board.is_none_or(|(_, b)| v > b) {
                    board = Some((j, v));
                }
            }
        }
        if !g.act.fired {
            let mut bonus = [0.0; MAX_SHIPS];
            if let Some((j, _)) = board {
                bonus[j] = 1.0;
            }
            if let Some((j, _)) = best_shot(g, i, ShotKind::Own, &worth, &bonus) {
                return FIRE_0 + j as Action;
            }
        }
        match board {
            Some((j, _)) => BOARD_0 + j as Action,
            None => DONE,
        }
    }

    fn opportunity(&self, g: &PoeGame, player: Player) -> Action {
        let t = g.act.ship as usize;
        let mut best: Option<(usize, u8)> = None;
        for k in 0..g.num_ships as usize {
            let s = &g.ships[k];
            if s.owner != player || s.shot {
                continue;
            }
            if let Some(chaser) = g.shot_option(k, t, ShotKind::Opportunity) {
                let dice = g.gunnery_dice(k, t, ShotKind::Opportunity, chaser);
                if best.is_none_or(|(_, b)| dice > b) {
                    best = Some((k, dice));
                }
            }
        }
        best.map_or(OPP_HOLD, |(k, _)| OPP_0 + k as Action)
    }

    fn reroll(&self, g: &PoeGame) -> Action {
        let sh = &g.shot;
        let t = sh.target as usize;
        // Enough to strike it: keep.
        if sh.hits >= markers(g, t) {
            return KEEP;
        }
        if (sh.hits as f64) < sh.dice as f64 / 6.0 {
            REROLL
        } else {
            KEEP
        }
    }

    /// The action the doctrine means to take for `player` (`None` at a node it has no rule
    /// for); [`Agent::choose`] falls back to a legal action only if this is not legal, which
    /// the tests check never happens.
    pub fn intended(&mut self, g: &PoeGame, player: Player) -> Option<Action> {
        let d = self.doctrine;
        Some(match g.pending {
            Pending::WindDice => WIND_DICE_0 + wind_dice(g, player, true) as Action,
            Pending::CancelDice { .. } => CANCEL_DICE_0 + wind_dice(g, player, false) as Action,
            Pending::WindTurn => wind_turn(g, player),
            Pending::SelectShip => self.select(g)?,
            Pending::Recover => {
                let s = &g.ships[g.act.ship as usize];
                RECOVER_0 + recovery(s.level, s.max, d.keep(s.warship)) as Action
            }
            Pending::Moving => self.moving(g),
            Pending::AfterMove => self.after_move(g),
            Pending::Opportunity => self.opportunity(g, player),
            Pending::Reroll => self.reroll(g),
            Pending::Lose { by } => LOSE_0 + d.loss_choice(g, g.loss.ship as usize, by) as Action,
            Pending::ReturnShot => RETURN_FIRE,
            Pending::Clock => clock_choice(g, player),
            _ => return None,
        })
    }
}

impl Agent<PoeGame> for PoeDoctrineBot {
    fn name(&self) -> String {
        format!("bot:{}(seed={})", self.doctrine.name, self.seed)
    }

    fn choose(&mut self, g: &PoeGame, player: Player) -> Action {
        let legal = g.legal_actions();
        match self.intended(g, player) {
            Some(a) if legal.contains(a) => a,
            _ => legal.iter().find(|&a| a != RESIGN).unwrap_or(0),
        }
    }
}
