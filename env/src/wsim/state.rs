//! The WS&IM game state: ships, orders, the phase cursor and the pending chance node.
//!
//! Everything is inline in fixed arrays so a clone is one memcpy and nothing allocates
//! while a game is played. Ship names and other text live in the [`Scenario`], not here.

use serde::{Deserialize, Serialize};

use crate::hex::{Facing, HexMap, ShipPos, Side};

use super::catalogue::THRESHOLD_HOLD;
use super::data::{tables, Scenario, MAX_SHIPS};

/// Most movement tokens one ship may write in a turn (four movement factors at most).
pub const MAX_PLAN: usize = 6;

/// A movement token of the written orders.
pub const TOKEN_LEFT: u8 = 0;
/// Turn right.
pub const TOKEN_RIGHT: u8 = 1;
/// One hex forward.
pub const TOKEN_FORWARD: u8 = 2;

/// Aim orders.
pub const AIM_HULL: u8 = 0;
/// Aim at rigging.
pub const AIM_RIGGING: u8 = 1;

/// Load orders.
pub const LOAD_ANY: u8 = 0;
/// Load left first.
pub const LOAD_LEFT: u8 = 1;
/// Load right first.
pub const LOAD_RIGHT: u8 = 2;

/// Unfouling options.
pub const UNFOUL_ALL: u8 = 0;
/// Unfoul from friends only.
pub const UNFOUL_FRIEND: u8 = 1;
/// Unfoul from enemies only.
pub const UNFOUL_ENEMY: u8 = 2;
/// Stay fouled.
pub const REMAIN_FOULED: u8 = 3;

/// The orders a ship writes each turn. Orders of the side that is not deciding are hidden
/// from it until they are carried out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Orders {
    /// Movement tokens in order (`TOKEN_*`).
    pub plan: [u8; MAX_PLAN],
    /// Number of tokens written.
    pub plan_len: u8,
    /// `AIM_HULL` or `AIM_RIGGING`.
    pub aim: u8,
    /// Minimum hit table to fire (0..=8), or `THRESHOLD_HOLD`. Persists between turns.
    pub threshold: u8,
    /// `LOAD_*`.
    pub load: u8,
    /// `UNFOUL_*`.
    pub unfoul: u8,
}

/// Hits marked during the combat phase, applied together at its end (fire is simultaneous).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PendingDamage {
    pub hull: u8,
    pub crew: u8,
    pub rigging: u8,
    /// Gun squares lost per side `[left, right]`.
    pub guns: [u8; 2],
    /// Carronade squares lost per side.
    pub carronades: [u8; 2],
}

/// Bit flags of a ship.
pub mod flag {
    /// The ship has struck her colours: out of the game, still an obstacle.
    pub const STRUCK: u8 = 1;
    /// All crew squares are gone: cannot move, fire or load (its points were awarded).
    pub const CREWLESS: u8 = 2;
    /// Still executing its movement this turn.
    pub const MOVING: u8 = 4;
    /// Moved forward in the current movement step (its bow entered a new hex).
    pub const STEPPED_FORWARD: u8 = 8;
    /// Turned in the current movement step (its stern swung into a new hex).
    pub const STEPPED_TURN: u8 = 16;
}

/// One ship: its fixed characteristics (copied from its specification) and its condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Ship {
    /// 0 or 1.
    pub side: u8,
    /// 1 = first rate ... 6 = small; lower is larger.
    pub class: u8,
    /// `CrewQuality` index (0 poor ... 4 elite).
    pub quality: u8,
    /// Battle sail speed (3 or 4).
    pub battle_sail: u8,
    /// Most turns in one move.
    pub turn_allowance: u8,
    /// 3 (ships of the line) or 4 (frigates and smaller).
    pub rigging_sections: u8,
    /// Victory points.
    pub points: u16,
    pub hull_max: u8,
    pub crew_max: [u8; 3],
    pub rigging_max: [u8; 4],
    pub guns_max: [u8; 2],
    pub carronades_max: [u8; 2],

    pub pos: ShipPos,
    /// Position at the start of the current movement step (for collisions).
    pub step_start: ShipPos,
    pub hull: u8,
    pub crew: [u8; 3],
    pub rigging: [u8; 4],
    pub guns: [u8; 2],
    pub carronades: [u8; 2],
    /// Broadside loaded, `[left, right]`.
    pub loaded: [bool; 2],
    /// The broadside's initial (first) shot is still unfired.
    pub initial: [bool; 2],
    /// `flag::*` bits.
    pub flags: u8,
    /// Bit `j` set: fouled with ship `j`.
    pub fouled: u32,
    /// Bit `j` set: collided with ship `j` in the current movement step, so the pair has had
    /// its one fouling roll (a head-on meeting collides twice: once per hex).
    #[serde(default)]
    pub collided: u32,
    pub orders: Orders,
    pub pending: PendingDamage,
    /// Ships that fired on this one from an adjacent hex this turn (surrender by firepower).
    pub adjacent_firers: u32,
    /// Ships that raked this one with hull aim this turn (surrender by immobility).
    pub hull_rakers: u32,
}

impl Ship {
    #[inline]
    pub fn has(&self, f: u8) -> bool {
        self.flags & f != 0
    }
    #[inline]
    pub fn struck(&self) -> bool {
        self.has(flag::STRUCK)
    }
    #[inline]
    pub fn crewless(&self) -> bool {
        self.has(flag::CREWLESS)
    }
    /// Able to fight: neither struck nor without crew. Only such ships write orders.
    #[inline]
    pub fn can_fight(&self) -> bool {
        self.flags & (flag::STRUCK | flag::CREWLESS) == 0
    }
    /// Complete crew sections lost.
    #[inline]
    pub fn crew_sections_lost(&self) -> u8 {
        (0..3)
            .filter(|&i| self.crew_max[i] > 0 && self.crew[i] == 0)
            .count() as u8
    }
    /// Complete rigging sections lost.
    #[inline]
    pub fn rigging_sections_lost(&self) -> u8 {
        (0..self.rigging_sections as usize)
            .filter(|&i| self.rigging[i] == 0)
            .count() as u8
    }
    /// Total rigging squares left.
    #[inline]
    pub fn rigging_left(&self) -> u32 {
        self.rigging.iter().map(|&x| x as u32).sum()
    }
    /// Total crew squares left.
    #[inline]
    pub fn crew_left(&self) -> u32 {
        self.crew.iter().map(|&x| x as u32).sum()
    }
    /// Gun and carronade squares left on both sides.
    #[inline]
    pub fn all_guns_left(&self) -> u32 {
        self.guns
            .iter()
            .chain(&self.carronades)
            .map(|&x| x as u32)
            .sum()
    }
    /// Whether a broadside can fire (loaded, and the ship can fight).
    #[inline]
    pub fn ready(&self, side: Side) -> bool {
        self.can_fight() && self.loaded[side.index()]
    }
}

/// The four attitudes to the wind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Attitude {
    A = 0,
    B = 1,
    C = 2,
    D = 3,
}

impl Attitude {
    /// Attitude of a ship pointing `facing` with the wind blowing from `wind_from`:
    /// wind from dead ahead = D, 60 degrees off the bow = C, from the quarters = A,
    /// from dead astern = B.
    #[inline]
    pub fn of(facing: Facing, wind_from: Facing) -> Attitude {
        match facing.turns_to(wind_from) {
            0 => Attitude::D,
            1 | 5 => Attitude::C,
            2 | 4 => Attitude::A,
            _ => Attitude::B,
        }
    }
    /// "A".."D".
    pub fn name(self) -> &'static str {
        ["A", "B", "C", "D"][self as usize]
    }
}

/// The sub-decision a ship's orders are at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    Unfoul = 0,
    Move = 1,
    Aim = 2,
    Threshold = 3,
    Load = 4,
}

/// Where the turn is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// `player` writes the orders of its ship `ship`, at sub-decision `step`.
    /// `first` is set on the first decision of that side's orders this turn.
    Orders {
        player: u8,
        ship: u8,
        step: Step,
        first: bool,
    },
    /// Unfouling attempts; the next pair to consider starts at `(a, b)`.
    Unfouling { a: u8, b: u8 },
    /// Simultaneous movement, executing token number `step` of every moving ship.
    Movement { step: u8, started: bool },
    /// Combat: the next broadside to consider.
    Fire { ship: u8, side: u8 },
    /// Load phase: the next ship to load.
    Reload { ship: u8 },
    /// The game is over.
    Over,
}

/// The chance node the state waits on, with what it needs to apply the outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    None,
    /// Does the fouled pair unfoul (1/3)?
    Unfoul {
        a: u8,
        b: u8,
    },
    /// Random winner among `candidates` (bit per ship) of the collision in the hex.
    CollisionWinner {
        candidates: u32,
    },
    /// Does `winner` foul with the lowest ship of `losers` (1/2)? Further losers follow.
    Foul {
        winner: u8,
        losers: u32,
    },
    /// Random target among `candidates`, all at the same range with the same HDT.
    Target {
        ship: u8,
        side: u8,
        candidates: u32,
    },
    /// The d6 on hit table `table` for a broadside of `ship` at `target`.
    FireDie {
        ship: u8,
        side: u8,
        target: u8,
        table: u8,
        range: u8,
        raked: bool,
    },
    /// `left` gun hits remain to place on raked `target` at random; fired by `firer`.
    GunSide {
        firer: u8,
        target: u8,
        left: u8,
    },
    /// "Any side" with both broadsides empty: which side does `ship` load?
    ReloadSide {
        ship: u8,
    },
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    /// A side won (`winner`).
    Win { winner: u8, reason: EndReason },
    /// Nobody won.
    Draw { reason: EndReason },
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndReason {
    /// Single-ship scenario: a ship surrendered.
    Surrender,
    /// Multi-ship scenario: a side has no ship able to fight.
    Annihilation,
    /// Nobody fired for the no-fire timer.
    NoFire,
    /// The turn limit (darkness).
    TurnLimit,
    /// A player resigned.
    Resignation,
}

/// Options of a game that are not part of the scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct WsimOptions {
    /// Whether a side may resign (first decision of its orders each turn).
    pub resignation: bool,
}

impl Default for WsimOptions {
    fn default() -> Self {
        Self { resignation: true }
    }
}

/// A game of Wooden Ships & Iron Men.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WsimGame {
    pub map: HexMap,
    pub wind_from: Facing,
    pub single_ship: bool,
    pub options: WsimOptions,
    pub num_ships: u8,
    pub ships: [Ship; MAX_SHIPS],
    /// Game turn, from 1.
    pub turn: u16,
    pub turn_limit: u16,
    /// Consecutive completed turns in which no broadside was fired.
    pub no_fire_turns: u16,
    /// Whether any broadside was fired this turn.
    pub fired_this_turn: bool,
    /// Victory points scored by each side.
    pub scores: [u16; 2],
    pub phase: Phase,
    pub pending: Pending,
    pub ending: Option<Ending>,
}

impl WsimGame {
    /// A new game at the first decision of turn 1.
    pub fn new(scenario: &Scenario, options: WsimOptions) -> Self {
        let mut ships = [Ship::default(); MAX_SHIPS];
        for (slot, s) in ships.iter_mut().zip(&scenario.ships) {
            let spec = &s.spec;
            *slot = Ship {
                side: s.side,
                class: spec.class,
                quality: spec.crew_quality.index() as u8,
                battle_sail: spec.battle_sail,
                turn_allowance: spec.turn_allowance,
                rigging_sections: spec.rigging_sections,
                points: spec.points,
                hull_max: spec.hull,
                crew_max: spec.crew,
                rigging_max: spec.rigging,
                guns_max: spec.guns,
                carronades_max: spec.carronades,
                pos: s.pos,
                step_start: s.pos,
                hull: spec.hull,
                crew: spec.crew,
                rigging: spec.rigging,
                guns: spec.guns,
                carronades: spec.carronades,
                loaded: [true, true],
                initial: [true, true],
                flags: 0,
                fouled: 0,
                collided: 0,
                orders: Orders {
                    aim: AIM_HULL,
                    threshold: 0,
                    ..Orders::default()
                },
                pending: PendingDamage::default(),
                adjacent_firers: 0,
                hull_rakers: 0,
            };
        }
        let mut g = WsimGame {
            map: scenario.map,
            wind_from: scenario.wind_from,
            single_ship: scenario.is_single_ship(),
            options,
            num_ships: scenario.ships.len().min(MAX_SHIPS) as u8,
            ships,
            turn: 1,
            turn_limit: tables().rules.turn_limit,
            no_fire_turns: 0,
            fired_this_turn: false,
            scores: [0, 0],
            phase: Phase::Over,
            pending: Pending::None,
            ending: None,
        };
        g.start_orders();
        g
    }

    /// The ships in play, in scenario order.
    #[inline]
    pub fn ships(&self) -> &[Ship] {
        &self.ships[..self.num_ships as usize]
    }

    /// A ship's attitude to the wind now.
    #[inline]
    pub fn attitude(&self, ship: usize) -> Attitude {
        Attitude::of(self.ships[ship].pos.facing, self.wind_from)
    }

    /// Hexes a ship may move in `attitude` (battle sail, less complete rigging sections lost).
    #[inline]
    pub fn allowance_in(&self, ship: usize, attitude: Attitude) -> u8 {
        let s = &self.ships[ship];
        let speed_row = if s.battle_sail >= 4 { 1 } else { 0 };
        tables().movement[speed_row][attitude as usize].saturating_sub(s.rigging_sections_lost())
    }

    /// The movement allowance of a ship this turn (fixed by its attitude at the start).
    #[inline]
    pub fn allowance(&self, ship: usize) -> u8 {
        self.allowance_in(ship, self.attitude(ship))
    }

    /// Whether a side has a ship able to fight.
    pub fn side_can_fight(&self, side: u8) -> bool {
        self.ships().iter().any(|s| s.side == side && s.can_fight())
    }

    /// Whether the threshold `t` means "never fire".
    pub fn holds_fire(t: u8) -> bool {
        t >= THRESHOLD_HOLD
    }
}
