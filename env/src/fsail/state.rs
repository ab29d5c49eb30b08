//! The Fighting Sail game state: ships in a fixed array, the phase cursor and the pending
//! chance node. Nothing here allocates; a clone is one memcpy.

use serde::{Deserialize, Serialize};

use crate::chance::ChanceOutcomes;
use crate::game::Action;
use crate::plane::{Rect, MILS_PER_INCH};

use super::catalogue::ROLL_0;
use super::data::{rules, Scenario, MAX_PER_SIDE, MAX_SHIPS, MAX_STAT, MAX_TERRAIN};

/// Where a ship is.
pub mod status {
    /// On the table and fighting.
    pub const ACTIVE: u8 = 0;
    /// Sunk (Catastrophic Damage or four Damage tokens): removed from play.
    pub const SUNK: u8 = 1;
    /// Struck her colours after a failed Discipline test: removed from play.
    pub const STRUCK: u8 = 2;
    /// Taken as a prize by boarding: removed from play.
    pub const TAKEN: u8 = 3;
}

/// One ship: its profile (copied in) and its condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Ship {
    pub side: u8,
    /// Index among its side's ships (scenario order): the `k` of `ship:k`, `fire:i>j`.
    pub slot: u8,
    pub sailing: u8,
    pub gunnery: u8,
    pub hull: u8,
    pub boarding: u8,
    /// Discipline, the flagship bonus included.
    pub discipline: u8,
    pub flagship: bool,
    /// The base: mainmast (centre), heading and footprint.
    pub base: Rect,
    /// Damage tokens.
    pub tokens: u8,
    /// Anchor token.
    pub anchor: bool,
    /// Cannon token: the ship has fired (or boarded) this turn.
    pub cannon: bool,
    /// The ship has sailed in this turn's sailing phase.
    pub sailed: bool,
    /// `status::*`.
    pub status: u8,
}

impl Ship {
    #[inline]
    pub fn active(&self) -> bool {
        self.status == status::ACTIVE
    }
    /// Gunnery, halved (rounded up) with any Damage token.
    #[inline]
    pub fn gunnery_now(&self) -> u8 {
        if self.tokens > 0 {
            self.gunnery.div_ceil(2)
        } else {
            self.gunnery
        }
    }
    /// Boarding, halved (rounded up) with any Damage token.
    #[inline]
    pub fn boarding_now(&self) -> u8 {
        if self.tokens > 0 {
            self.boarding.div_ceil(2)
        } else {
            self.boarding
        }
    }
}

/// A ship's attitude to the wind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Attitude {
    InIrons = 0,
    CloseHauled = 1,
    Reaching = 2,
    Running = 3,
}

impl Attitude {
    /// The attitude of a ship heading `heading` with the wind from `wind_deg`.
    pub fn of(heading: u16, wind_deg: u16) -> Attitude {
        let a = off_wind(heading, wind_deg);
        let [ch, re, ru] = rules().attitude_from;
        if a < ch {
            Attitude::InIrons
        } else if a < re {
            Attitude::CloseHauled
        } else if a < ru {
            Attitude::Reaching
        } else {
            Attitude::Running
        }
    }
    pub fn name(self) -> &'static str {
        ["in irons", "close-hauled", "reaching", "running"][self as usize]
    }
}

/// Degrees between the bow and where the wind comes from, `0..=180`.
#[inline]
pub fn off_wind(heading: u16, wind_deg: u16) -> u16 {
    let rel = (wind_deg as i32 - heading as i32).rem_euclid(360) as u16;
    rel.min(360 - rel)
}

/// The weather (advanced rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Weather {
    Fair,
    /// No ship rolls sailing dice.
    Becalmed,
    /// Sailing targets one easier, hit targets one harder.
    Gale,
}

/// Where the turn is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The initiative roll (the pending chance node).
    Initiative,
    /// `player` picks the next of its ships to sail.
    SailSelect { player: u8 },
    /// `ship` of `player` spends its `points` sailing points.
    SailSpend { player: u8, ship: u8, points: u8 },
    /// `player` fires (or boards) with its ships.
    Cannon { player: u8 },
    /// The game is over.
    Over,
}

/// A shot being resolved: its dice still to roll and the hits so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shot {
    pub firer: u8,
    pub target: u8,
    /// Dice still to roll that explode (the Gunnery dice; extra dice too when raking).
    pub exploding: u8,
    /// Dice still to roll that do not explode.
    pub plain: u8,
    /// Dice of the last exploding batch that did not explode, still to be read for hits.
    pub rest: u8,
    pub hits: u8,
    /// To hit (d6 at or above) and to explode (7 = never).
    pub hit_t: u8,
    pub explode_t: u8,
    pub raking: bool,
}

/// The chance node the state waits on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    None,
    /// Both sides roll a die for initiative.
    Initiative,
    /// `dice` sailing dice of `ship`, each a point on `target` or more; `free` when a
    /// roll without successes still gives the free point.
    SailingDice {
        ship: u8,
        dice: u8,
        target: u8,
        free: bool,
    },
    /// The next batch of a shot's dice.
    Shot(Shot),
    /// The target's Hull dice against `hits`.
    HullSave {
        firer: u8,
        target: u8,
        hits: u8,
    },
    /// `ship` with three Damage tokens tests Discipline (2d6 at or under).
    Discipline {
        ship: u8,
    },
    /// The boarder's Boarding dice.
    BoardAttack {
        attacker: u8,
        defender: u8,
    },
    /// The defender's Boarding dice against the boarder's `hits`.
    BoardDefend {
        attacker: u8,
        defender: u8,
        hits: u8,
    },
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndReason {
    /// The loser's fleet morale fell to 0: it withdraws.
    Withdrawal,
    /// The loser has no ship left in play.
    FleetLost,
    /// The turn limit: the side that kept the larger share of its starting morale wins.
    TurnLimit,
    /// The loser resigned.
    Resignation,
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// The winner, `None` for a draw.
    pub winner: Option<u8>,
    pub reason: EndReason,
}

/// Options that are not part of the scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct FsailOptions {
    /// Whether a side may resign (when it picks a ship to sail).
    pub resignation: bool,
}

/// A game of Fighting Sail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FsailGame {
    pub options: FsailOptions,
    /// Table width and depth, mils.
    pub table: [i32; 2],
    /// Wind point the wind blows from, 0 = N .. 7 = NW (45 degrees each).
    pub wind_from: u8,
    pub weather: Weather,
    pub weather_deck: bool,
    pub turn: u16,
    pub turn_limit: u16,
    /// First player of this turn.
    pub first: u8,
    pub morale: [i16; 2],
    pub start_morale: [i16; 2],
    pub num_ships: u8,
    pub ships: [Ship; MAX_SHIPS],
    /// Ship index of each side's slot `k` (`u8::MAX` where the side has fewer ships).
    pub slots: [[u8; MAX_PER_SIDE]; 2],
    pub num_terrain: u8,
    pub terrain: [Rect; MAX_TERRAIN],
    pub phase: Phase,
    pub pending: Pending,
    pub ending: Option<Ending>,
}

impl FsailGame {
    /// A new game at the first initiative roll.
    pub fn new(scenario: &Scenario, options: FsailOptions) -> Self {
        let r = rules();
        let mut ships = [Ship::default(); MAX_SHIPS];
        let mut slots = [[u8::MAX; MAX_PER_SIDE]; 2];
        let mut count = [0usize; 2];
        let n = scenario.ships.len().min(MAX_SHIPS);
        for (i, s) in scenario.ships.iter().take(n).enumerate() {
            let side = s.side.min(1);
            let p = &s.profile;
            let slot = count[side as usize].min(MAX_PER_SIDE - 1);
            slots[side as usize][slot] = i as u8;
            count[side as usize] += 1;
            ships[i] = Ship {
                side,
                slot: slot as u8,
                sailing: p.sailing.min(MAX_STAT),
                gunnery: p.gunnery.min(MAX_STAT),
                hull: p.hull.min(MAX_STAT),
                boarding: p.boarding.min(MAX_STAT),
                discipline: p.discipline + if s.flagship { r.flagship_discipline } else { 0 },
                flagship: s.flagship,
                base: s.base,
                ..Ship::default()
            };
        }
        let mut terrain = [Rect::default(); MAX_TERRAIN];
        for (t, s) in terrain.iter_mut().zip(&scenario.terrain) {
            *t = s.rect;
        }
        let morale = [scenario.starting_morale(0), scenario.starting_morale(1)];
        FsailGame {
            options,
            table: scenario.table,
            wind_from: scenario.wind_from % 8,
            weather: Weather::Fair,
            weather_deck: scenario.weather_deck,
            turn: 1,
            turn_limit: scenario.turn_limit.max(1),
            first: 0,
            morale,
            start_morale: morale,
            num_ships: n as u8,
            ships,
            slots,
            num_terrain: scenario.terrain.len().min(MAX_TERRAIN) as u8,
            terrain,
            phase: Phase::Initiative,
            pending: Pending::Initiative,
            ending: None,
        }
    }

    /// The ships, in scenario order.
    #[inline]
    pub fn ships(&self) -> &[Ship] {
        &self.ships[..self.num_ships as usize]
    }

    /// The terrain pieces.
    #[inline]
    pub fn terrain(&self) -> &[Rect] {
        &self.terrain[..self.num_terrain as usize]
    }

    /// Degrees the wind blows from.
    #[inline]
    pub fn wind_deg(&self) -> u16 {
        self.wind_from as u16 * 45
    }

    /// A ship's attitude now.
    #[inline]
    pub fn attitude(&self, ship: usize) -> Attitude {
        Attitude::of(self.ships[ship].base.heading, self.wind_deg())
    }

    /// Ship index of `side`'s slot `k`, if that ship exists.
    #[inline]
    pub fn slot_ship(&self, side: u8, k: usize) -> Option<usize> {
        match self.slots[side as usize & 1].get(k) {
            Some(&i) if (i as usize) < self.num_ships as usize => Some(i as usize),
            _ => None,
        }
    }

    /// Whether `side` has a ship in play.
    pub fn side_in_play(&self, side: u8) -> bool {
        self.ships().iter().any(|s| s.side == side && s.active())
    }

    /// The player deciding or acting in the current phase.
    pub fn phase_player(&self) -> Option<u8> {
        match self.phase {
            Phase::SailSelect { player }
            | Phase::SailSpend { player, .. }
            | Phase::Cannon { player } => Some(player),
            _ => None,
        }
    }

    /// Inches of a length in mils, for display.
    pub fn inches(mils: i32) -> f64 {
        mils as f64 / MILS_PER_INCH as f64
    }
}

/// Binomial coefficients `C(n, k)` for `n, k <= 12`.
const fn binomials() -> [[u32; 13]; 13] {
    let mut c = [[0u32; 13]; 13];
    let mut n = 0;
    while n < 13 {
        c[n][0] = 1;
        let mut k = 1;
        while k <= n {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    c
}

const BINOMIAL: [[u32; 13]; 13] = binomials();

/// The chance node of `n <= 12` dice, each succeeding on `good` faces out of `faces`:
/// outcome `ROLL_0 + k` has weight `C(n, k) good^k (faces - good)^(n - k)` out of `faces^n`.
pub fn binomial_outcomes(n: u8, good: u32, faces: u32) -> ChanceOutcomes {
    let n = n.min(12) as usize;
    let good = good.min(faces);
    let mut c = ChanceOutcomes::new();
    for (k, &ways) in BINOMIAL[n].iter().enumerate().take(n + 1) {
        let w =
            ways as u64 * (good as u64).pow(k as u32) * ((faces - good) as u64).pow((n - k) as u32);
        c.push(ROLL_0 + k as Action, w as u32);
    }
    c
}

/// Faces of a d6 at or above `target` (0 for 7 or more, 6 for 1 or less).
#[inline]
pub fn faces_at_least(target: u8) -> u32 {
    7u32.saturating_sub(target.max(1) as u32).min(6)
}

/// Ways (out of 36) that 2d6 total at most `d`.
pub fn two_d6_at_most(d: u8) -> u32 {
    let mut n = 0;
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            if a + b <= d {
                n += 1;
            }
        }
    }
    n
}
