//! Heuristic doctrines for Oak & Iron. Each scores every legal decision from what the
//! deciding side may know (its own hand and face-down card, the table) and takes the best,
//! ties broken by its seeded RNG. They share one scorer and differ in weights:
//!
//! - **Line of battle** (`bot:line-of-battle`): keep the squadron together (formation),
//!   close to musket shot with the enemy abeam, fire the fullest broadside at the most
//!   damaged target, reload every turn.
//! - **Raking and manoeuvre** (`bot:raking`): sail for positions across an enemy's bow or
//!   stern within musket shot, rake where possible.
//! - **Boarders** (`bot:boarders`): close with the nearest enemy, board at yardarm, fight
//!   in close combat, aim at the crew at pistol shot, capture shaken prizes.
//! - **Cautious gunnery** (`bot:cautious-gunnery`): stay near the musket-cannon border,
//!   rally before fatigue costs dice, reload first, spend fortune on poor rolls.
//!
//! A move is scored by simulating it on a copy (the turn, then the move ahead when one
//! must follow) and valuing where the ship ends: the doctrine's ideal range to the nearest
//! enemy, enemies in the broadside path, rakes, formation, the table edge and the wind's
//! eye.

use broadside_env::oak::catalogue::*;
use broadside_env::oak::data::{cards, rules, Effect};
use broadside_env::oak::geometry::{band, in_broadside_path, point_of_sail, rake, PointOfSail};
use broadside_env::oak::state::{sail, Pending, Phase, RollFor, Ship};
use broadside_env::oak::OakGame;
use broadside_env::plane::on_table;
use broadside_env::{Action, Game, Player};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::searoom::sea_room;
use crate::Agent;

/// A doctrine's weights.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OakDoctrine {
    pub name: &'static str,
    pub help: &'static str,
    /// Preferred distance to the nearest enemy, inches.
    pub ideal_range: f64,
    /// Weight of an enemy in a loaded broadside's path.
    pub path: f64,
    /// Weight of a rake on the nearest enemy.
    pub rake: f64,
    /// Weight of keeping formation.
    pub formation: f64,
    /// Board and close combat.
    pub boarding: bool,
    /// Fatigue at which the ship rallies.
    pub rally_at: u8,
    /// Spend fortune when an attack scores below this share of its expected hits.
    pub fortune_below: f64,
    /// Close to pistol shot when the nearest enemy is the weaker (fewer dice left, more
    /// damage): caution is for an even fight.
    pub press_when_stronger: bool,
}

pub const LINE_OF_BATTLE: OakDoctrine = OakDoctrine {
    name: "line-of-battle",
    help: "keep formation, close to musket shot with the enemy abeam, fire full broadsides, \
           reload every turn",
    ideal_range: 5.0,
    path: 3.0,
    rake: 1.5,
    formation: 1.5,
    boarding: false,
    rally_at: 4,
    fortune_below: 0.5,
    press_when_stronger: false,
};
pub const RAKING: OakDoctrine = OakDoctrine {
    name: "raking",
    help: "manoeuvre across enemy bows and sterns within musket shot and rake",
    ideal_range: 4.0,
    path: 2.0,
    rake: 5.0,
    formation: 0.0,
    boarding: false,
    rally_at: 4,
    fortune_below: 0.5,
    press_when_stronger: false,
};
pub const BOARDERS: OakDoctrine = OakDoctrine {
    name: "boarders",
    help: "close with the nearest enemy, board at yardarm, close combat, capture prizes",
    ideal_range: 0.0,
    path: 1.0,
    rake: 1.0,
    formation: 0.0,
    boarding: true,
    rally_at: 5,
    fortune_below: 0.6,
    press_when_stronger: false,
};
pub const CAUTIOUS_GUNNERY: OakDoctrine = OakDoctrine {
    name: "cautious-gunnery",
    help: "hold near the musket-cannon border, rally early, reload first, reroll poor volleys",
    ideal_range: 8.0,
    path: 3.0,
    rake: 1.0,
    formation: 0.5,
    boarding: false,
    rally_at: 2,
    fortune_below: 0.7,
    press_when_stronger: true,
};

/// Every doctrine, the default first.
pub const OAK_DOCTRINES: [OakDoctrine; 4] = [LINE_OF_BATTLE, RAKING, BOARDERS, CAUTIOUS_GUNNERY];

impl OakDoctrine {
    pub fn by_name(name: &str) -> Option<OakDoctrine> {
        OAK_DOCTRINES.iter().copied().find(|d| d.name == name)
    }
}

/// A doctrine playing one side.
#[derive(Debug)]
pub struct OakDoctrineBot {
    pub doctrine: OakDoctrine,
    seed: u64,
    rng: ChaCha8Rng,
}

impl OakDoctrineBot {
    pub fn new(doctrine: OakDoctrine, seed: u64) -> Self {
        Self {
            doctrine,
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

const INCH: f64 = 1000.0;
const INITIATIVE_WEIGHT: f64 = -0.6;

impl Agent<OakGame> for OakDoctrineBot {
    fn name(&self) -> String {
        format!("bot:{}(seed={})", self.doctrine.name, self.seed)
    }

    fn choose(&mut self, g: &OakGame, player: Player) -> Action {
        let legal = g.legal_actions();
        let mut best = (f64::NEG_INFINITY, 0);
        for a in legal.iter().filter(|&a| a != RESIGN) {
            let s = score(&self.doctrine, g, player, a) + self.rng.random::<f64>() * 1e-3;
            if s > best.0 {
                best = (s, a);
            }
        }
        if best.0 == f64::NEG_INFINITY {
            legal.iter().next().unwrap_or(0)
        } else {
            best.1
        }
    }
}

/// How good a card is to this doctrine (value matters for the initiative).
fn card_worth(d: &OakDoctrine, c: usize) -> f64 {
    let Some(card) = cards().get(c) else {
        return 0.0;
    };
    let effect = match card.effect {
        Effect::BroadsideBonus => 2.0 + card.amount as f64,
        Effect::FastLoader | Effect::ReloadFormation => 2.0,
        Effect::CarefulAim | Effect::Aggression | Effect::LeeGauge => 1.5,
        Effect::Down | Effect::Resilient | Effect::Bravado => 1.5,
        Effect::SeizeOpportunity => 2.0,
        Effect::BoardersAway | Effect::RepelBoarders if d.boarding => 2.5,
        Effect::FavorableWind | Effect::TakeCourage | Effect::AdjustFormation => 1.0,
        Effect::AdjustPosition => 1.0,
        Effect::SmallArms => 1.0,
        Effect::EngageMoreClosely => 1.0 + card.amount as f64 * 0.5,
        _ => 0.5,
    };
    effect + INITIATIVE_WEIGHT * card.value as f64 - if card.discard { 0.5 } else { 0.0 }
}

/// The nearest enemy able to act, and its distance (mils).
fn nearest_enemy(g: &OakGame, i: usize) -> Option<(usize, i32)> {
    let side = g.ships[i].side;
    g.ships()
        .iter()
        .enumerate()
        .filter(|(_, s)| s.side != side && s.can_act())
        .map(|(j, _)| (j, g.distance(i, j)))
        .min_by_key(|&(_, d)| d)
}

/// What too little sea room costs ship `i`: its next move (0 moves of room), the one
/// after (1) or the third (2) leaves the table.
fn room_penalty(g: &OakGame, i: usize) -> f64 {
    match sea_room(g, i, 3) {
        0 => 30.0,
        1 => 15.0,
        2 => 5.0,
        _ => 0.0,
    }
}

/// Whether `side` must still gain strike points with few turns left: after the last turn
/// fewer strike points wins and a tie goes to the defender (glossary: end of turn 10), so
/// an attacker not ahead presses in for the last three turns.
fn pressing(g: &OakGame, side: u8) -> bool {
    side != g.defender && g.strike_points(1 - side) <= g.strike_points(side) && g.turn + 3 > g.turns
}

/// Distance (inches) ship `s` wants to the nearest enemy `t`.
fn ideal_range(d: &OakDoctrine, g: &OakGame, s: &Ship, t: &Ship, prize: bool) -> f64 {
    if prize {
        return 0.0;
    }
    let stronger = {
        let dice = |x: &Ship| x.broadside.saturating_sub(x.fatigue).max(x.crew);
        dice(s) > dice(t) || t.damage >= s.damage + 2
    };
    if pressing(g, s.side) || (d.press_when_stronger && stronger) {
        d.ideal_range.min(2.0)
    } else {
        d.ideal_range
    }
}

/// Whether enemy `t` is a prize for ship `s`: shaken, so captured at the end phase if
/// `s` (not shaken itself) is entangled with it (glossary: capture or destroy).
fn is_prize(s: &Ship, t: &Ship) -> bool {
    t.shaken() && !s.shaken() && t.can_act()
}

/// The value of ship `i`'s position to the doctrine.
fn position_value(d: &OakDoctrine, g: &OakGame, i: usize) -> f64 {
    let s = &g.ships[i];
    // The base is checked as well as the status: the engine removes a ship that ends its
    // move partly off the table only at `move:end`, so a position after the move's last
    // turn (before `move:end`) still shows it on the table.
    if !s.on_table() || !on_table(&s.base, g.table[0], g.table[1]) {
        return -50.0;
    }
    let mut v = 0.0;
    let c = s.base.centre;
    let margin = [c.x, c.y, g.table[0] - c.x, g.table[1] - c.y]
        .into_iter()
        .min()
        .unwrap_or(0) as f64
        / INCH;
    if margin < 3.0 {
        v -= (3.0 - margin) * 3.0;
    }
    if point_of_sail(s.base.heading, g.wind_from) == PointOfSail::WindEye {
        v -= 3.0;
    }
    if s.aground {
        v -= 5.0;
    }
    // A ship that cannot make its next moves on the table is as good as lost (2 strike
    // points; in the duel, the game).
    v -= room_penalty(g, i);
    if let Some((j, dist)) = nearest_enemy(g, i) {
        let dd = dist as f64 / INCH;
        let t = &g.ships[j];
        // A shaken enemy is a prize for any doctrine: entangled at the end phase it is
        // captured (2 strike points).
        let prize = is_prize(s, t);
        let ideal = ideal_range(d, g, s, t, prize);
        v -= (dd - ideal).abs() * 0.4;
        // Loaded broadsides bearing on it, worth more the closer the range (the hit
        // faces: pistol 4, musket 3, cannon 2 of 8); a rake from a side that bears counts
        // again, through the stern twice (fortitude 1, no freeboard).
        let band = g.shot_band(i, j).filter(|&b| b <= band::CANNON);
        let mut bears = false;
        for side in 0..2u8 {
            if let Some(b) = band {
                if !s.reload[side as usize] && in_broadside_path(&s.base, side, &t.base) {
                    v += d.path * hit_share(g, b) * 4.0;
                    bears = true;
                }
            }
        }
        if bears && dist <= rules().ranges.musket {
            v += d.rake * rake(&s.base, &t.base) as f64;
        }
        // Being raked by it.
        if dist <= rules().ranges.musket {
            v -= d.rake * 0.5 * rake(&t.base, &s.base) as f64;
        }
        if (d.boarding || prize) && dist <= rules().ranges.yardarm {
            v += 5.0;
        }
    }
    if d.formation > 0.0 && g.in_formation(i) {
        v += d.formation;
    }
    v
}

/// Expected hits per die for a hull shot at band `b`.
fn hit_share(g: &OakGame, b: u8) -> f64 {
    use broadside_env::oak::dice::face_count;
    face_count(g.hit_faces(b, false)) as f64 / 8.0
}

/// The value of an attack option.
fn attack_value(d: &OakDoctrine, g: &OakGame, a: Action) -> f64 {
    let i = g.act.ship as usize;
    let s = &g.ships[i];
    let enemy = 1 - s.side;
    let target = |first: Action| g.ship_at(enemy, (a - first) as usize);
    let band_of = |j: usize| g.shot_band(i, j).unwrap_or(3);
    let hurt = |j: usize| {
        let t = &g.ships[j];
        1.0 + 0.15 * (t.damage + t.fatigue) as f64
    };
    if (FIRE_PORT_0..FIRE_PORT_0 + 16).contains(&a) {
        let first = if a < FIRE_STBD_0 {
            FIRE_PORT_0
        } else {
            FIRE_STBD_0
        };
        let Some(j) = target(first) else { return 0.0 };
        let dice = s.broadside.saturating_sub(g.dice_fatigue(i)).max(s.crew) as f64;
        let r = if g.distance(i, j) <= rules().ranges.musket {
            rake(&s.base, &g.ships[j].base)
        } else {
            0
        };
        return 10.0
            + dice * hit_share(g, band_of(j)) / g.ships[j].fortitude as f64 * hurt(j)
            + r as f64 * d.rake;
    }
    if (PARTIAL_0..PARTIAL_0 + 8).contains(&a) {
        let Some(j) = target(PARTIAL_0) else {
            return 0.0;
        };
        let dice = s.crew.saturating_sub(g.dice_fatigue(i)).max(1) as f64;
        return 4.0 + dice * hit_share(g, band_of(j)) / g.ships[j].fortitude as f64 * hurt(j);
    }
    if (CLOSE_0..CLOSE_0 + 8).contains(&a) {
        let Some(j) = target(CLOSE_0) else { return 0.0 };
        let dice = (s.crew + 3).saturating_sub(g.dice_fatigue(i)) as f64;
        let fight = dice * 0.5 * hurt(j) - g.ships[j].crew as f64 * 0.3;
        return if d.boarding {
            20.0 + fight
        } else {
            6.0 + fight
        };
    }
    match a {
        ATTACK_CREW => {
            if s.reload.iter().any(|&r| r) || s.fatigue > 0 {
                3.0
            } else {
                0.5
            }
        }
        _ => 0.0,
    }
}

fn score(d: &OakDoctrine, g: &OakGame, me: Player, a: Action) -> f64 {
    let side = me as usize & 1;
    // PASS names no card: worth nothing.
    let card_of = |a: Action| action_card(a).unwrap_or(usize::MAX);
    match g.pending {
        Pending::BuildHand | Pending::AwaitOrders => card_worth(d, card_of(a)),
        Pending::DiscardDown => -card_worth(d, card_of(a)),
        Pending::PlaceCard => {
            let c = card_of(a);
            // Keep the strongest cards for the turns with the enemy close.
            let close = g.turn >= 3;
            let card = &cards()[c.min(cards().len() - 1)];
            card_worth(d, c) * if close { 1.0 } else { 0.5 }
                - if card.discard && !close { 2.0 } else { 0.0 }
        }
        Pending::SelectShip => {
            let Some(i) = g.ship_at(me, (a - SHIP_0) as usize) else {
                return 0.0;
            };
            let dist = nearest_enemy(g, i).map_or(0, |(_, dd)| dd) as f64 / INCH;
            if g.phase == Phase::Movement {
                dist
            } else {
                -dist
            }
        }
        Pending::Seamanship => seamanship_value(d, g, a),
        Pending::HeadingTurn | Pending::Moving => move_value(d, g, a),
        Pending::CrewAction => {
            let i = g.act.ship as usize;
            let s = &g.ships[i];
            // A change of sail changes the next move: worth the sea room it gives back
            // (less sail near an edge) or costs (more sail).
            let room = if matches!(a, SAIL_DOWN | SAIL_UP) {
                let mut c = *g;
                c.ships[i].sail = if a == SAIL_DOWN {
                    s.sail.saturating_sub(1)
                } else {
                    (s.sail + 1).min(sail::FULL)
                };
                room_penalty(g, i) - room_penalty(&c, i)
            } else {
                0.0
            };
            room + match a {
                RALLY if s.fatigue >= d.rally_at => 6.0,
                RALLY => 1.0 + s.fatigue as f64 * 0.3,
                RELOAD_PORT | RELOAD_STBD => 5.0,
                REPAIR if s.aground => 7.0,
                REPAIR => 1.5 + s.damage as f64 * 0.3,
                SAIL_UP if s.sail < sail::BATTLE => 4.0,
                SAIL_DOWN if s.sail > sail::BATTLE => 2.5,
                _ if (BOARD_0..BOARD_0 + 8).contains(&a) => {
                    let target = g.ship_at(1 - s.side, (a - BOARD_0) as usize);
                    if target.is_some_and(|j| is_prize(s, &g.ships[j])) {
                        12.0
                    } else if target.is_some_and(|j| {
                        pressing(g, s.side) && g.ships[j].fatigue + 3 >= g.ships[j].shaken_limit()
                    }) {
                        10.0
                    } else if d.boarding {
                        9.0
                    } else {
                        -1.0
                    }
                }
                CREW_NONE => 0.0,
                _ => -0.5,
            }
        }
        Pending::AttackChoice | Pending::SecondBroadside => attack_value(d, g, a),
        // Small Arms: a free partial fire can only tire the enemy; the best crew fires it.
        Pending::Reaction => match g.ship_at(me, a.wrapping_sub(SHIP_0) as usize) {
            Some(k) if a != REACT_DECLINE => 1.0 + g.ships[k].crew as f64 * 0.1,
            _ => 0.0,
        },
        Pending::Aim => match a {
            AIM_HULL => 1.0,
            AIM_CREW if d.boarding => 2.0,
            _ => 0.0,
        },
        Pending::Fortune => {
            let r = &g.roll;
            let share = if matches!(g.roll_for, broadside_env::oak::state::RollFor::Attack) {
                hit_share(g, g.attack.band)
            } else {
                0.5
            };
            let poor = (r.hits as f64) < d.fortune_below * r.dice as f64 * share;
            match a {
                FORTUNE if poor && g.fortune[side] > 0 => 1.0,
                KEEP => 0.5,
                _ => 0.0,
            }
        }
        // A rerolled miss can only turn into a hit or stay a miss: reroll every one allowed.
        Pending::Reroll => a.wrapping_sub(REROLL_0) as f64,
        Pending::Helm => 0.0,
        Pending::FreeMove => swift_move_value(g, a),
        Pending::Capture => match a {
            _ if (CAPTURE_0..CAPTURE_0 + 8).contains(&a) => 2.0,
            _ if (DESTROY_0..DESTROY_0 + 8).contains(&a) => 1.0,
            _ => 0.0,
        },
        Pending::LostAdmiral => {
            let Some(k) = g.ship_at(me, (a.wrapping_sub(FLAG_0)) as usize) else {
                return 0.0;
            };
            let s = &g.ships[k];
            1.0 + s.broadside as f64 * 0.1 - s.fatigue as f64 * 0.1
        }
        _ => 0.0,
    }
}

/// Swift Vessels' free move: taken when the speed 1 move straight ahead keeps the ship on
/// the table, afloat and clear of other ships (a collision or a grounding is never worth a
/// free inch).
fn swift_move_value(g: &OakGame, a: Action) -> f64 {
    if a != MOVE_AHEAD {
        return 0.0;
    }
    let i = g.act.ship as usize;
    let mut c = *g;
    c.apply_unchecked(MOVE_AHEAD);
    let s = &c.ships[i];
    let shoal = c.pending == Pending::Pool && matches!(c.roll_for, RollFor::Shoal);
    let clean = c.pending != Pending::Collision && !shoal && !s.aground && s.on_table();
    if clean {
        0.5
    } else {
        -1.0
    }
}

/// How often a seamanship test passes, near enough (5 dice, a sail or a sword passes, the
/// skill value rerolls; fatigue takes dice away).
const TEST_PASSES: f64 = 0.85;

/// A seamanship action scored by the best move it allows: what `sea:none` leaves (the
/// move straight away), or, when the test passes, an extra turn with the speed-1 tool
/// first or a speed one higher or lower; a failed test leaves the move as it was.
fn seamanship_value(d: &OakDoctrine, g: &OakGame, a: Action) -> f64 {
    let i = g.act.ship as usize;
    let mut stay = *g;
    stay.pending = Pending::Moving;
    let as_is = best_move(d, &stay);
    let passed = |c: &OakGame| TEST_PASSES * best_move(d, c) + (1.0 - TEST_PASSES) * as_is - 0.05;
    match a {
        SEA_NONE => as_is,
        SEA_CUT_FREE => {
            let keep_hold = d.boarding
                || (0..g.n_ships as usize).any(|j| {
                    g.ships[i].entangled & (1 << j) != 0 && is_prize(&g.ships[i], &g.ships[j])
                });
            as_is + if keep_hold { -1.0 } else { 1.0 }
        }
        SEA_HEADING => {
            let mut c = stay;
            c.pending = Pending::HeadingTurn;
            passed(&c)
        }
        SEA_FASTER | SEA_SLOWER => {
            let mut c = stay;
            let cap = if c.ships[i].crippled() {
                rules().limits.crippled_max_speed
            } else {
                rules().limits.max_speed
            };
            c.act.speed = if a == SEA_FASTER {
                (c.act.speed + 1).min(cap)
            } else {
                c.act.speed.saturating_sub(1)
            };
            passed(&c)
        }
        _ => as_is - 1.0,
    }
}

/// The best move option's score for the active ship (its move, or its heading turn).
fn best_move(d: &OakDoctrine, g: &OakGame) -> f64 {
    let legal = g.legal_actions();
    let best = legal
        .iter()
        .filter(|&b| b != RESIGN)
        .map(|b| move_value(d, g, b))
        .fold(f64::NEG_INFINITY, f64::max);
    if best == f64::NEG_INFINITY {
        position_value(d, g, g.act.ship as usize)
    } else {
        best
    }
}

/// A move option scored where it leaves the ship: a turn with the move ahead that must
/// follow it, a move ahead with the best turn after it when one is still allowed.
fn move_value(d: &OakDoctrine, g: &OakGame, a: Action) -> f64 {
    let i = g.act.ship as usize;
    let mut c = *g;
    if c.apply(a).is_err() {
        return f64::NEG_INFINITY;
    }
    let follow = |c: &OakGame| -> f64 {
        if c.act.ship as usize != i || c.pending != Pending::Moving {
            return position_value(d, c, i);
        }
        let legal = c.legal_actions();
        let mut best = f64::NEG_INFINITY;
        for b in legal.iter().filter(|&b| b != RESIGN) {
            if b == MOVE_END && legal.contains(MOVE_AHEAD) && !c.ships[i].cut_free {
                continue;
            }
            let mut e = *c;
            if e.apply(b).is_ok() {
                best = best.max(position_value(d, &e, i));
            }
        }
        if best == f64::NEG_INFINITY {
            position_value(d, c, i)
        } else {
            best
        }
    };
    if a == MOVE_END {
        return position_value(d, &c, i) - 0.01;
    }
    follow(&c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oak::test_duel as duel;
    use broadside_env::plane::Point;
    use broadside_env::Turn;

    /// The duel played by two raking doctrines until side 0's first seamanship decision.
    fn at_first_seamanship() -> OakGame {
        let mut g = duel();
        let mut bots = [
            OakDoctrineBot::new(RAKING, 1),
            OakDoctrineBot::new(RAKING, 2),
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..500 {
            if g.pending == Pending::Seamanship && g.who == 0 {
                return g;
            }
            let a = match g.turn() {
                Turn::Player(p) => bots[p as usize].choose(&g, p),
                Turn::Chance => g.chance_outcomes().sample(&mut rng),
                Turn::Terminal => break,
            };
            g.apply(a).unwrap();
        }
        panic!("no seamanship decision for side 0");
    }

    /// Glossary (re-rolls): a re-rolled miss can only become a hit, so at every re-roll
    /// decision of a doctrine game the doctrine re-rolls as many misses as it may.
    #[test]
    fn a_doctrine_rerolls_every_miss_it_may() {
        let mut g = duel();
        let mut bots = [
            OakDoctrineBot::new(RAKING, 1),
            OakDoctrineBot::new(BOARDERS, 2),
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut seen = 0;
        for _ in 0..5000 {
            let a = match g.turn() {
                Turn::Player(p) => {
                    let a = bots[p as usize].choose(&g, p);
                    if g.pending == Pending::Reroll {
                        let most = g.legal_actions().iter().filter(|&l| l >= REROLL_0).max();
                        assert_eq!(Some(a), most);
                        seen += 1;
                    }
                    a
                }
                Turn::Chance => g.chance_outcomes().sample(&mut rng),
                Turn::Terminal => break,
            };
            g.apply(a).unwrap();
        }
        assert!(seen > 0, "the duel offered no re-roll");
    }

    /// Glossary (moving off the battlefield): a base partly off the table is removed at
    /// the end of its move; a doctrine values that position as lost before `move:end`.
    #[test]
    fn a_base_partly_off_the_table_is_valued_as_lost() {
        let mut g = duel();
        let inside = position_value(&RAKING, &g, 0);
        g.ships[0].base.centre = Point { x: 500, y: 18_000 };
        assert!(
            g.ships[0].on_table(),
            "the status is unchanged until move:end"
        );
        assert_eq!(position_value(&RAKING, &g, 0), -50.0);
        assert!(inside > -50.0);
    }

    /// Glossary (end of turn 10): a tie goes to the defender, so only the attacker not
    /// ahead presses, and only in the last three turns.
    #[test]
    fn only_an_attacker_not_ahead_presses_late() {
        let mut g = duel();
        assert_eq!(g.defender, 1);
        g.turn = 8;
        assert!(pressing(&g, 0));
        assert!(!pressing(&g, 1), "the defender wins a tie");
        g.turn = 7;
        assert!(!pressing(&g, 0), "too early");
        g.turn = 9;
        g.ships[1].damage = 7;
        assert!(
            !pressing(&g, 0),
            "ahead: the crippled enemy counts 1 strike point"
        );
    }

    /// Glossary (capture or destroy): a shaken enemy entangled at the end phase is
    /// captured, so every doctrine, boarders or not, wants to close on it.
    #[test]
    fn a_shaken_enemy_is_a_prize_for_every_doctrine() {
        let mut g = duel();
        let (s, t) = (g.ships[0], g.ships[1]);
        assert!(!is_prize(&s, &t));
        g.ships[1].fatigue = g.ships[1].shaken_limit();
        assert!(is_prize(&g.ships[0], &g.ships[1]));
        assert_eq!(
            ideal_range(&LINE_OF_BATTLE, &g, &g.ships[0], &g.ships[1], true),
            0.0
        );
        g.ships[0].fatigue = g.ships[0].shaken_limit();
        assert!(
            !is_prize(&g.ships[0], &g.ships[1]),
            "a shaken ship captures nothing"
        );
    }

    /// Cautious gunnery keeps its distance in an even fight and closes on a weaker enemy.
    #[test]
    fn cautious_gunnery_presses_only_when_stronger() {
        let mut g = duel();
        g.turn = 2;
        let even = ideal_range(&CAUTIOUS_GUNNERY, &g, &g.ships[0], &g.ships[1], false);
        assert_eq!(even, CAUTIOUS_GUNNERY.ideal_range);
        g.ships[1].damage = 3;
        let weaker = ideal_range(&CAUTIOUS_GUNNERY, &g, &g.ships[0], &g.ships[1], false);
        assert!(weaker < even);
        let raking = ideal_range(&RAKING, &g, &g.ships[0], &g.ships[1], false);
        assert_eq!(
            raking, RAKING.ideal_range,
            "raking does not change its range"
        );
    }

    /// Bow to the north edge 3" off at speed 4, the move as it stands (at most 45 degrees)
    /// leaves the table or traps the ship; a passed change of heading (45 more degrees
    /// first) does not: the doctrine takes the test rather than no action.
    #[test]
    fn seamanship_is_chosen_for_the_room_it_gives() {
        let mut g = at_first_seamanship();
        let i = g.act.ship as usize;
        g.ships[i].base.centre = Point {
            x: 18_000,
            y: 32_500,
        };
        g.ships[i].base.heading = 0;
        g.act.speed = 4;
        let none = seamanship_value(&RAKING, &g, SEA_NONE);
        let heading = seamanship_value(&RAKING, &g, SEA_HEADING);
        assert!(heading > none, "heading {heading} none {none}");
        let mut bot = OakDoctrineBot::new(RAKING, 7);
        assert_ne!(bot.choose(&g, 0), SEA_NONE);
    }

    /// A change of sail is valued by the sea room it gives: near an edge with the bow
    /// towards it, less sail is worth more than more sail.
    #[test]
    fn less_sail_near_an_edge() {
        let mut g = at_first_seamanship();
        let i = g.act.ship as usize;
        // Bow north (abeam: speed 4, 45 degrees) 5" from the north edge: with battle
        // sails it can turn away; with full sails (speed 5, 30 degrees) it cannot.
        g.ships[i].base.centre = Point {
            x: 18_000,
            y: 31_000,
        };
        g.ships[i].base.heading = 0;
        g.ships[i].sail = sail::BATTLE;
        g.pending = Pending::CrewAction;
        let down = score(&RAKING, &g, 0, SAIL_DOWN);
        let up = score(&RAKING, &g, 0, SAIL_UP);
        assert!(down > up, "down {down} up {up}");
    }
}
