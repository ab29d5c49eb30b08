//! The Pieces of Eight game state: ships in a fixed array, fog and shallows as bit sets, the
//! acting ship's context and the pending node. Nothing here allocates; a clone is a memcpy.

use serde::{Deserialize, Serialize};

use crate::chance::ChanceOutcomes;
use crate::game::Action;
use crate::hex::{Facing, Hex, HexMap};

use super::catalogue::ROLL_0;
use super::data::{corner_hex, rules, Scenario, MAX_COLS, MAX_ROWS, MAX_SHIPS};

/// No ship (an index that names none), and no owner (a struck ship).
pub const NONE: u8 = u8::MAX;

/// Marker types, the indices of [`Ship::level`].
pub const CREW: usize = 0;
pub const GUNS: usize = 1;
pub const SAIL: usize = 2;

/// Where a ship is.
pub mod status {
    /// Afloat and owned by a side (its first side, or a captor).
    pub const AFLOAT: u8 = 0;
    /// Struck her colours: ownerless until boarded; does not move, shoot or recover.
    pub const STRUCK: u8 = 1;
    /// Burnt on a death roll: a wreck that stays in its hex.
    pub const BURNT: u8 = 2;
    /// A merchant that left by the escape corner.
    pub const EXITED: u8 = 3;
}

/// One ship: its class (copied in) and its condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ship {
    /// The side it started with.
    pub orig: u8,
    /// The side that owns it now; [`NONE`] when struck.
    pub owner: u8,
    /// `status::*`.
    pub status: u8,
    /// 1 small, 2 medium, 3 large.
    pub size: u8,
    pub warship: bool,
    /// Broadside range, hexes.
    pub range: u8,
    pub hex: Hex,
    pub facing: Facing,
    /// Markers now: crew, guns, sail.
    pub level: [u8; 3],
    /// Markers at the start (recovery restores up to these).
    pub max: [u8; 3],
    /// Battle hardened crew (scenario attribute).
    pub hardened: bool,
    /// Scurvy crew (scenario attribute).
    pub scurvy: bool,
    /// Aground: 2 = ran aground in its owner's turn now, 1 = refloats at the end of its
    /// owner's next turn, 0 = afloat.
    pub aground: u8,
    /// Pauses in its owner's next turn (a failed boarding).
    pub pause_next: bool,
    /// Pauses in this turn (does not act).
    pub paused: bool,
    /// Has acted (or cannot act) in its owner's turn now.
    pub acted: bool,
    /// Has shot (opportunity or return) in this enemy turn.
    pub shot: bool,
}

impl Ship {
    /// Afloat and owned by a side.
    #[inline]
    pub fn afloat(&self) -> bool {
        self.status == status::AFLOAT
    }
    /// Occupies its hex (afloat, struck or burning).
    #[inline]
    pub fn occupies(&self) -> bool {
        self.status != status::EXITED
    }
    /// Afloat and in the hands of a side other than its own.
    #[inline]
    pub fn captured(&self) -> bool {
        self.afloat() && self.owner != self.orig
    }
    /// Scurvy now: its own crew's scurvy, or a prize crew's ("Captured ships ... All
    /// scurvy"), or struck ("Always scurvy").
    #[inline]
    pub fn scurvy_now(&self) -> bool {
        self.scurvy || self.captured() || self.status == status::STRUCK
    }
    /// Battle hardened now (a prize crew or a struck ship is not).
    #[inline]
    pub fn hardened_now(&self) -> bool {
        self.hardened && !self.captured() && self.status == status::AFLOAT
    }
    /// Crew quality: 2 battle hardened, 0 scurvy, 1 otherwise (both: 1).
    #[inline]
    pub fn quality(&self) -> i8 {
        1 + self.hardened_now() as i8 - self.scurvy_now() as i8
    }
    /// Markers lost and not yet recovered.
    #[inline]
    pub fn lost(&self) -> u8 {
        (0..3).map(|t| self.max[t] - self.level[t]).sum()
    }
    /// Whether the ship has no markers at all.
    #[inline]
    pub fn bare(&self) -> bool {
        self.level == [0, 0, 0]
    }
    /// Large ships and all merchants turn once, medium warships twice; small warships
    /// once in each hex (`u8::MAX` here: the limit is per hex).
    pub fn turn_budget(&self) -> u8 {
        let s = &rules().sailing;
        if !self.warship || self.size >= 3 {
            s.turns_large_and_merchants
        } else if self.size == 2 {
            s.turns_medium
        } else {
            u8::MAX
        }
    }
}

/// A ship's facing to the wind, the rows of the sheet's sailing table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum WindAngle {
    Ahead = 0,
    FrontQuarter = 1,
    RearQuarter = 2,
    Rear = 3,
}

impl WindAngle {
    /// The angle of a ship facing `facing` with the wind from `wind_from`.
    #[inline]
    pub fn of(facing: Facing, wind_from: Facing) -> WindAngle {
        match facing.turns_to(wind_from) {
            0 => WindAngle::Ahead,
            1 | 5 => WindAngle::FrontQuarter,
            2 | 4 => WindAngle::RearQuarter,
            _ => WindAngle::Rear,
        }
    }
    pub fn name(self) -> &'static str {
        ["wind ahead", "front quarter", "rear quarter", "wind astern"][self as usize]
    }
}

/// Where a hex lies seen from a ship: in its bow arc (less than 30 degrees off the bow),
/// its stern arc (less than 30 degrees off the stern) or abeam (a broadside's field).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Arc {
    Bow,
    Broadside,
    Stern,
}

/// The arc of `to` seen from a ship at `from` facing `facing` (`to != from`).
#[inline]
pub fn arc_of(from: Hex, facing: Facing, to: Hex) -> Arc {
    // Turn the offset so that the ship faces north; then in the flat-topped axial frame the
    // ahead component is proportional to -(2r + q) and the athwart one to 3|q| (both times
    // sqrt(3)/2): the angle off the bow is under 30 degrees when 3|q| < -(2r + q).
    let d = to.sub(from).rotate(-(facing.0 as i32));
    let (q, r) = (d.q as i32, d.r as i32);
    let ahead = -(2 * r + q);
    if 3 * q.abs() < ahead {
        Arc::Bow
    } else if 3 * q.abs() < -ahead {
        Arc::Stern
    } else {
        Arc::Broadside
    }
}

/// Hexes of the map as a bit set (offset index `col + row * MAX_COLS`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct HexSet(pub [u64; 4]);

impl HexSet {
    #[inline]
    fn index(h: Hex) -> Option<usize> {
        let (c, r) = h.to_offset();
        if (0..MAX_COLS).contains(&c) && (0..MAX_ROWS).contains(&r) {
            Some((c + r * MAX_COLS) as usize)
        } else {
            None
        }
    }
    #[inline]
    pub fn contains(&self, h: Hex) -> bool {
        Self::index(h).is_some_and(|i| self.0[i / 64] >> (i % 64) & 1 == 1)
    }
    #[inline]
    pub fn insert(&mut self, h: Hex) {
        if let Some(i) = Self::index(h) {
            self.0[i / 64] |= 1 << (i % 64);
        }
    }
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }
    /// The hexes, in index order.
    pub fn iter(&self) -> impl Iterator<Item = Hex> + '_ {
        (0..(MAX_COLS * MAX_ROWS) as usize)
            .filter(|&i| self.0[i / 64] >> (i % 64) & 1 == 1)
            .map(|i| Hex::from_offset(i as i32 % MAX_COLS, i as i32 / MAX_COLS))
    }
    /// Every hex moved `n` steps towards `f`; hexes that leave `map` are gone.
    pub fn drifted(&self, f: Facing, n: u8, map: HexMap) -> HexSet {
        let mut out = HexSet::default();
        for w in 0..4 {
            let mut bits = self.0[w];
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let mut h = Hex::from_offset(i as i32 % MAX_COLS, i as i32 / MAX_COLS);
                for _ in 0..n {
                    h = h.neighbor(f);
                }
                if map.contains(h) {
                    out.insert(h);
                }
            }
        }
        out
    }
}

/// The kind of a shot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ShotKind {
    /// The mover's acting ship in its move/gunnery.
    Own,
    /// The non-mover's ship at 1 hex from the moving ship.
    Opportunity,
    /// The non-mover's ship shooting back after hits received.
    Return,
}

/// The shot being resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shot {
    pub shooter: u8,
    pub target: u8,
    pub kind: ShotKind,
    /// A bow or stern chaser (1D6, no modifiers, no re-roll, no return).
    pub chaser: bool,
    /// Dice of the shot (of each roll).
    pub dice: u8,
    /// Hits of the roll that stands.
    pub hits: u8,
    /// The broadside's re-roll is used.
    pub rerolled: bool,
}

/// Markers being lost: hits of a shot, or a boarder's fatigue loss.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Loss {
    pub ship: u8,
    /// Markers (hits) still to take.
    pub left: u8,
    /// The next loss is the shot's first hit (chosen by the target's side).
    pub first: bool,
    /// A boarder's fatigue loss (else hits of the current shot).
    pub fatigue: bool,
}

/// The boarding being resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Boarding {
    pub boarder: u8,
    pub target: u8,
    /// The boarder's successes in the current stage.
    pub successes: u8,
}

/// The acting ship's progress through its recovery, move/gunnery and boarding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Activation {
    /// The acting ship, [`NONE`] between ships.
    pub ship: u8,
    /// Hexes it may move this turn (the "all ships" hexes plus the extra hexes rolled).
    pub allowance: u8,
    /// Hexes moved so far.
    pub moved: u8,
    /// Direction changes made so far.
    pub turns: u8,
    /// A direction change was made in the current hex (small warships: one per hex).
    pub turned_here: bool,
    /// Direction changes allowed this move (`u8::MAX`: one in each hex, small warships).
    pub turn_cap: u8,
    /// Still moving (else in its gunnery/boarding after the move).
    pub moving: bool,
    pub fired: bool,
    pub boarded: bool,
    /// The first fog / shallows hex of this move was rolled for.
    pub fog_checked: bool,
    pub shallows_checked: bool,
    /// The non-mover may still take opportunity shots at the ship in its current hex.
    pub opp_open: bool,
    /// Recovery successes still to place.
    pub recover_left: u8,
}

impl Activation {
    pub const IDLE: Activation = Activation {
        ship: NONE,
        allowance: 0,
        moved: 0,
        turns: 0,
        turned_here: false,
        turn_cap: 0,
        moving: false,
        fired: false,
        boarded: false,
        fog_checked: false,
        shallows_checked: false,
        opp_open: false,
        recover_left: 0,
    };
}

/// A pool of dice being rolled (in nodes of at most 12 dice), counting successes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DiceKind {
    /// The mover's wind dice (5-6).
    Wind,
    /// The opponent's dice against them (5-6).
    Cancel,
    /// Recovery dice (5-6).
    Recovery,
    /// Gunnery dice (6).
    Gunnery,
    /// The boarder's grapple dice (5-6).
    Grapple,
    /// The defender's grapple dice.
    GrappleDefend,
    /// A grapple on an ownerless (struck) ship: the boarder alone rolls.
    GrappleOwnerless,
    /// The boarder's fight dice.
    Fight,
    /// The defender's fight dice.
    FightDefend,
}

/// The node the game waits on: a decision of a side, or a chance node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// The mover declares 0..=3 wind dice.
    WindDice,
    /// The opponent answers the mover's `successes` with 0..=3 dice.
    CancelDice { successes: u8 },
    /// The mover won the wind contest: clockwise or anticlockwise.
    WindTurn,
    /// The mover picks the next ship to act.
    SelectShip,
    /// The acting ship's owner places a recovery success.
    Recover,
    /// The acting ship moves, turns, shoots or stops.
    Moving,
    /// After its move the acting ship shoots, boards or is done.
    AfterMove,
    /// The non-mover may shoot at the moving ship from 1 hex.
    Opportunity,
    /// The shooter's side keeps or re-rolls the broadside.
    Reroll,
    /// Side `by` picks the marker `loss.ship` loses.
    Lose { by: u8 },
    /// The side of a ship that was hit may shoot back.
    ReturnShot,
    /// The mover advances the battle clock.
    Clock,
    /// Chance: `left` dice of a pool still to roll, `acc` successes so far.
    Dice { kind: DiceKind, left: u8, acc: u8 },
    /// Chance: extra hexes, a die on `good` faces of 6 per hex, up to `max` (stops at a failure).
    Extra { max: u8, good: u8 },
    /// Chance: the first fog hex of the move (1-2: the move ends).
    Fog,
    /// Chance: `dice` shallows dice (any 6: aground).
    Shallows { dice: u8 },
    /// Chance: death rolls, `left` of them still to roll.
    Death { left: u8 },
    /// The game is over.
    Over,
}

impl Pending {
    /// Whether this is a chance node.
    #[inline]
    pub fn is_chance(&self) -> bool {
        matches!(
            self,
            Pending::Dice { .. }
                | Pending::Extra { .. }
                | Pending::Fog
                | Pending::Shallows { .. }
                | Pending::Death { .. }
        )
    }
}

/// The coarse phase of a turn (derived from [`Pending`] and the activation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The wind change contest.
    Wind,
    /// The mover's ships act one at a time.
    Ships,
    /// The battle clock.
    Clock,
    Over,
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndReason {
    /// The battle clock reached its end.
    ClockComplete,
    /// No merchant is left to the convoy (all exited, captured, struck or burnt).
    ConvoyGone,
    /// A side has no ship afloat.
    SideGone,
    /// The loser resigned.
    Resignation,
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// The winner, `None` for a draw.
    pub winner: Option<u8>,
    pub reason: EndReason,
    /// Victory points of each side, in halves.
    pub half_points: [u8; 2],
}

/// Options that are not part of the scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PoeOptions {
    /// Whether the mover may resign (when it picks a ship).
    pub resignation: bool,
}

/// A game of the Pieces of Eight sea fight. Side 0 is the convoy, side 1 the buccaneers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoeGame {
    pub options: PoeOptions,
    pub map: HexMap,
    pub wind_from: Facing,
    pub fog: HexSet,
    pub shallows: HexSet,
    /// The escape corner's hex; hexes within 1 of it are the exit.
    pub exit: Hex,
    /// The battle clock and its end.
    pub clock: u8,
    pub clock_length: u8,
    /// The player whose turn it is.
    pub mover: u8,
    /// Player turns played, from 1.
    pub turn: u16,
    pub num_ships: u8,
    pub ships: [Ship; MAX_SHIPS],
    /// The mover's wind successes while the opponent answers them.
    pub wind_successes: u8,
    pub pending: Pending,
    pub act: Activation,
    pub shot: Shot,
    pub loss: Loss,
    pub board: Boarding,
    pub ending: Option<Ending>,
}

const EMPTY_SHIP: Ship = Ship {
    orig: 0,
    owner: 0,
    status: status::EXITED,
    size: 1,
    warship: false,
    range: 0,
    hex: Hex::new(-100, -100),
    facing: Facing(0),
    level: [0; 3],
    max: [0; 3],
    hardened: false,
    scurvy: false,
    aground: 0,
    pause_next: false,
    paused: false,
    acted: true,
    shot: false,
};

impl PoeGame {
    /// A new game: the convoy (side 0) moves first, at its wind change.
    pub fn new(scenario: &Scenario, options: PoeOptions) -> Self {
        let mut ships = [EMPTY_SHIP; MAX_SHIPS];
        let n = scenario.ships.len().min(MAX_SHIPS);
        for (slot, s) in ships.iter_mut().zip(&scenario.ships) {
            let c = &s.class;
            let level = [c.crew, c.guns, c.sail];
            *slot = Ship {
                orig: s.side.min(1),
                owner: s.side.min(1),
                status: status::AFLOAT,
                size: c.size.clamp(1, 3),
                warship: c.warship,
                range: c.range,
                hex: Hex::from_offset(s.col, s.row),
                facing: Facing(s.facing % 6),
                level,
                max: level,
                hardened: s.hardened,
                scurvy: s.scurvy,
                acted: false,
                ..EMPTY_SHIP
            };
        }
        let map = scenario.map();
        let mut fog = HexSet::default();
        for &[c, r] in &scenario.fog {
            fog.insert(Hex::from_offset(c, r));
        }
        let mut shallows = HexSet::default();
        for &[c, r] in &scenario.shallows {
            shallows.insert(Hex::from_offset(c, r));
        }
        let mut g = PoeGame {
            options,
            map,
            wind_from: Facing(scenario.wind_from % 6),
            fog,
            shallows,
            exit: corner_hex(map, scenario.escape_corner),
            clock: 0,
            clock_length: scenario.clock_length,
            mover: 0,
            turn: 1,
            num_ships: n as u8,
            ships,
            wind_successes: 0,
            pending: Pending::WindDice,
            act: Activation::IDLE,
            shot: Shot {
                shooter: NONE,
                target: NONE,
                kind: ShotKind::Own,
                chaser: false,
                dice: 0,
                hits: 0,
                rerolled: false,
            },
            loss: Loss {
                ship: NONE,
                left: 0,
                first: false,
                fatigue: false,
            },
            board: Boarding {
                boarder: NONE,
                target: NONE,
                successes: 0,
            },
            ending: None,
        };
        g.start_turn();
        g
    }

    /// The ships, in scenario order.
    #[inline]
    pub fn ships(&self) -> &[Ship] {
        &self.ships[..self.num_ships as usize]
    }

    /// The coarse phase.
    pub fn phase(&self) -> Phase {
        match self.pending {
            Pending::Over => Phase::Over,
            Pending::WindDice | Pending::CancelDice { .. } | Pending::WindTurn => Phase::Wind,
            Pending::Dice {
                kind: DiceKind::Wind | DiceKind::Cancel,
                ..
            } => Phase::Wind,
            Pending::Clock => Phase::Clock,
            _ => Phase::Ships,
        }
    }

    /// Whether `h` is an exit hex (within 1 of the escape corner).
    #[inline]
    pub fn is_exit(&self, h: Hex) -> bool {
        h.distance(self.exit) <= 1
    }

    /// Whether a merchant of the convoy (afloat, its own) is at `i`: it may exit.
    #[inline]
    pub fn convoy_merchant(&self, i: usize) -> bool {
        let s = &self.ships[i];
        !s.warship && s.orig == 0 && s.owner == 0 && s.afloat()
    }

    /// The ship occupying `h`, if any (afloat, struck or burnt).
    #[inline]
    pub fn ship_at(&self, h: Hex) -> Option<usize> {
        self.ships().iter().position(|s| s.occupies() && s.hex == h)
    }

    /// A ship's facing to the wind.
    #[inline]
    pub fn wind_angle(&self, i: usize) -> WindAngle {
        WindAngle::of(self.ships[i].facing, self.wind_from)
    }

    /// How ship `shooter` could shoot at `target` now with a shot of `kind`: `Some(chaser)`,
    /// or `None` when it cannot.
    pub fn shot_option(&self, shooter: usize, target: usize, kind: ShotKind) -> Option<bool> {
        let (s, t) = (&self.ships[shooter], &self.ships[target]);
        if shooter == target || !s.afloat() || !t.afloat() || s.owner == t.owner {
            return None;
        }
        // "Whilst grounded = no shooting at all."
        if s.aground > 0 {
            return None;
        }
        // "Captured ships ... Only allowed opportunity shooting."
        if s.captured() && kind != ShotKind::Opportunity {
            return None;
        }
        // Fog: "Cannot shoot in or out."
        if self.fog.contains(s.hex) || self.fog.contains(t.hex) {
            return None;
        }
        let g = &rules().gunnery;
        let d = s.hex.distance(t.hex);
        if kind == ShotKind::Opportunity && d > g.opportunity_range as i32 {
            return None;
        }
        match arc_of(s.hex, s.facing, t.hex) {
            Arc::Broadside if d <= s.range as i32 => Some(false),
            Arc::Bow | Arc::Stern
                if kind != ShotKind::Return && g.chaser_dice > 0 && d <= g.chaser_range as i32 =>
            {
                Some(true)
            }
            _ => None,
        }
    }

    /// Dice of a shot: chasers 1D6; a broadside 2D6 per gun marker and the sheet's
    /// modifiers, at least 2D6.
    pub fn gunnery_dice(&self, shooter: usize, target: usize, kind: ShotKind, chaser: bool) -> u8 {
        let g = &rules().gunnery;
        if chaser {
            return g.chaser_dice;
        }
        let (s, t) = (&self.ships[shooter], &self.ships[target]);
        let mut n = (g.dice_per_gun * s.level[GUNS]) as i32;
        let steps = (s.size as i32 - t.size as i32)
            .clamp(-(g.size_steps_max as i32), g.size_steps_max as i32);
        n += steps * g.size_step as i32;
        if s.hex.distance(t.hex) <= g.short_range as i32 {
            n += g.short as i32;
        }
        if s.hardened_now() {
            n += g.hardened as i32;
        }
        // "Raking (warship in own turn)": the shooter lies in the target's bow or stern arc.
        if kind == ShotKind::Own && s.warship && arc_of(t.hex, t.facing, s.hex) != Arc::Broadside {
            n += g.raking as i32;
        }
        if s.scurvy_now() {
            n -= g.scurvy as i32;
        }
        if s.level[CREW] == 0 {
            n -= g.crew_zero as i32;
        }
        if s.level[SAIL] == 0 {
            n -= g.sail_zero as i32;
        }
        if kind != ShotKind::Own {
            n -= g.opportunity_return as i32;
        }
        n.max(g.min_dice as i32) as u8
    }

    /// Whether the acting ship's raking bonus would apply against `target`.
    pub fn rakes(&self, shooter: usize, target: usize) -> bool {
        let (s, t) = (&self.ships[shooter], &self.ships[target]);
        s.warship && arc_of(t.hex, t.facing, s.hex) != Arc::Broadside
    }

    /// Grapple (`fight` false) or fight dice of `ship` against `other`: 4D6, +1 per crew
    /// (max 5), +2 better quality, +1 bigger by 2 steps, and in the fight +1 warship.
    pub fn boarding_dice(&self, ship: usize, other: usize, fight: bool) -> u8 {
        let b = &rules().boarding;
        let (s, o) = (&self.ships[ship], &self.ships[other]);
        let mut n = b.base_dice + s.level[CREW].min(b.crew_max);
        if s.quality() > o.quality() {
            n += b.quality;
        }
        if s.size as i32 - o.size as i32 >= b.bigger_steps as i32 {
            n += b.bigger;
        }
        if fight && s.warship {
            n += b.warship;
        }
        n
    }

    /// Half victory points of each side if the game ended now (see the rules notes).
    pub fn half_points(&self) -> [u8; 2] {
        let mut p = [0u8; 2];
        for s in self.ships() {
            let other = 1 - s.orig as usize;
            if !s.warship {
                match s.status {
                    status::EXITED => p[s.orig as usize] += 2,
                    status::BURNT => p[other] += 1,
                    status::AFLOAT if s.owner == s.orig => p[s.orig as usize] += 1,
                    status::AFLOAT => p[other] += 2,
                    _ => {}
                }
            } else if s.status == status::BURNT
                || s.status == status::STRUCK
                || (s.afloat() && s.owner != s.orig)
            {
                p[other] += 2;
            }
        }
        p
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

/// The chance node of `n <= 12` D6, each succeeding on `good` faces: outcome `ROLL_0 + k`
/// has weight `C(n, k) good^k (6 - good)^(n - k)` out of `6^n`.
pub fn dice_outcomes(n: u8, good: u32) -> ChanceOutcomes {
    let n = n.min(12) as usize;
    let good = good.min(6) as u64;
    let mut c = ChanceOutcomes::new();
    for (k, &ways) in BINOMIAL[n].iter().enumerate().take(n + 1) {
        let w = ways as u64 * good.pow(k as u32) * (6 - good).pow((n - k) as u32);
        c.push(ROLL_0 + k as Action, w as u32);
    }
    c
}

/// Faces of a D6 at or above `target` (0 for 7 or more, 6 for 1 or less).
#[inline]
pub fn faces_at_least(target: i32) -> u32 {
    (7 - target.max(1)).clamp(0, 6) as u32
}
