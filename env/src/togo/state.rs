//! The state of a Togo battle: a fixed-size `Copy` value with no heap and no RNG.

use serde::{Deserialize, Serialize};

use crate::plane::{rect_distance, rects_overlap, on_table, Point, Rect};

use super::catalogue::*;
use super::data::{
    mils, rules, Scenario, HIGH_MANOEUVRABILITY, MAX_LAND, MAX_MINES, MAX_OBSTACLES, MAX_SHIPS,
    POOR_SEAKEEPING, TRAIT_NAMES,
};

/// Ship status.
pub const AFLOAT: u8 = 0;
pub const SUNK: u8 = 1;
/// Surrendered (the sheet's surrender test): out of the battle, counted as lost.
pub const STRUCK: u8 = 2;
/// Left the table across the scenario's exit edge (FAQ): out of the battle, not lost.
pub const EXITED: u8 = 3;
/// No exit edge.
pub const NO_EXIT: u8 = u8::MAX;
/// No order shown yet.
pub const NONE: u8 = u8::MAX;

/// Rudder damage (sheet, critical 3): none, forced full turn to port or starboard at the
/// end of each move, or jammed (no turns).
pub const RUDDER_OK: u8 = 0;
pub const RUDDER_LEFT: u8 = 1;
pub const RUDDER_RIGHT: u8 = 2;
pub const RUDDER_JAMMED: u8 = 3;

/// Wind strengths (sheet, "Six types of wind strength").
pub const CALM: u8 = 1;
pub const LIGHT_BREEZE: u8 = 2;
pub const MODERATE_BREEZE: u8 = 3;
pub const STRONG_BREEZE: u8 = 4;
pub const GALE: u8 = 5;
pub const STORM: u8 = 6;
pub const WIND_NAMES: [&str; 7] = [
    "-",
    "calm",
    "light breeze",
    "moderate breeze",
    "strong breeze",
    "gale",
    "storm",
];
/// Eight compass points of the wind, clockwise from north.
pub const COMPASS: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

/// Shot kinds beyond the three battery kinds.
pub const TORPEDO: u8 = 3;

/// Options of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TogoOptions {
    pub resignation: bool,
}

impl Default for TogoOptions {
    fn default() -> Self {
        Self { resignation: true }
    }
}

/// One ship in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Ship {
    pub side: u8,
    /// 1 (largest) to 4.
    pub class: u8,
    pub status: u8,
    pub rect: Rect,
    /// Hull in quarter points (small squares): original and left.
    pub hull_max: u8,
    pub hull: u8,
    pub armour: u8,
    pub max_knots: u8,
    pub traits: u8,
    /// Guns of the main, medium and light battery (0: none or destroyed).
    pub guns: [u8; 3],
    pub ap: [u8; 3],
    pub bat_traits: [u8; 3],
    pub torpedoes: u8,
    pub torpedo_type: u8,
    /// The order on the active position (this turn) and on the inactive one (next turn).
    pub active: u8,
    pub planned: u8,
    /// The order the ship last revealed (executed), or [`NONE`].
    pub shown: u8,
    /// This turn's active order has been revealed.
    pub revealed: bool,
    /// The inactive marker of this turn's command phase has been placed.
    pub placed: bool,
    /// Public: the active order equals `shown` (bridge damage repeats the order).
    pub lock_active: bool,
    /// Public: the inactive order equals the active one (bridge damage).
    pub lock_planned: bool,
    pub activated: bool,
    /// Fired this turn (in its activation or as a counter salvo).
    pub fired: bool,
    pub anchored: bool,
    /// Fire markers, active flooding markers and inactive (contained) flooding markers.
    pub fires: u8,
    pub floods: u8,
    pub floods_held: u8,
    pub bridge: bool,
    pub rudder: u8,
    /// Engine room damage: 0 none, 1 slow speed at most, 2 stopped until repaired.
    pub engine: u8,
    pub listing: bool,
    pub captain: i8,
    pub flagship: bool,
    /// Groups of additional marines (boarding +2 each).
    pub marines: u8,
    /// The captain is a boarding specialist: a re-roll of the own boarding die.
    pub boarding_specialist: bool,
    /// The captain is a gunnery specialist, and whether his re-roll of this turn is used.
    pub gunnery_specialist: bool,
    pub captain_used: bool,
    /// A fortification: Structure points (in `hull`), never moves, places no order
    /// markers, receives no markers, has its own critical table.
    pub fort: bool,
}

impl Ship {
    pub fn afloat(&self) -> bool {
        self.status == AFLOAT
    }
    pub fn has(&self, t: u8) -> bool {
        self.traits & t != 0
    }
    /// All flooding markers, active and inactive.
    pub fn flood_markers(&self) -> u8 {
        self.floods + self.floods_held
    }
    /// Hull quarters lost.
    pub fn lost(&self) -> u8 {
        self.hull_max - self.hull
    }
    /// A ship (not a fortification) still in the battle.
    pub fn ship_in_battle(&self) -> bool {
        self.afloat() && !self.fort
    }
    /// Whether the ship has any gun battery left.
    pub fn has_guns(&self) -> bool {
        self.guns.iter().any(|&g| g > 0)
    }
}

/// A minefield marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Mine {
    pub at: Point,
    /// 2, 3 or 4: D2, D3, D4 on the effects table.
    pub kind: u8,
    pub present: bool,
}

/// One declared fire of a battery or torpedo tube, resolved after every declaration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Shot {
    pub shooter: u8,
    pub target: u8,
    /// 0 main, 1 medium, 2 light, 3 torpedo.
    pub kind: u8,
    /// Dice rolled to hit.
    pub dice: u8,
    /// The number needed (7: 6 then 4+, 8: 6 then 5+, 9: 6 then 6).
    pub to_hit: u8,
    /// Misses may be re-rolled once.
    pub reroll: bool,
    /// Armour penetration number (0: cannot penetrate).
    pub pen: u8,
    /// Hull quarters per penetration.
    pub dmg: u8,
    /// A 6 of this battery causes a Fire rather than a critical test (light guns against
    /// class 1 and 2).
    pub six_is_fire: bool,
    pub hits: u8,
    /// Sixes for the critical test, and sixes that cause a Fire.
    pub crit6: u8,
    pub fire6: u8,
}

/// The step of the turn sequence waiting for input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Ph1.1 (chance): the initiative roll (pass: side 0 wins).
    Initiative,
    /// Ph1.2 (the winner): who is player A.
    ChooseA,
    /// Ph1.3 (chance): wind direction, deviation, strength.
    WindDir,
    WindDev,
    Strength,
    /// Storm (chance): minefield marker `k` removed on a pass.
    StormMine { k: u8 },
    /// Ph2.3 (the ship's side): the order marker of `ship` (`first`: the first turn's
    /// active marker, placed face down like the rest).
    Place { ship: u8, first: bool },
    /// Ph3.1 (the side to act): which ship activates.
    Select,
    /// Stop order: turn up to 15 degrees or anchor.
    Pivot,
    /// Movement: the next leg.
    Leg,
    /// Chance: passage through a water obstacle.
    Obstacle,
    /// Chance: the mine hit test of minefield marker `k` (sixes among the class's dice).
    Mine { k: u8 },
    /// Chance: the ramming success roll, the effect roll, the stern rudder test.
    RamTest,
    RamEffect,
    RamStern,
    /// The rammer's side: board the rammed ship or not.
    Board,
    /// Chance: the boarding rolls of the attacker, then of the defender (again for a
    /// re-roll).
    BoardAttack,
    BoardDefend,
    /// A boarding specialist's side (the attacker's or the defender's): re-roll its
    /// boarding die or keep it.
    BoardReroll { attacker: bool },
    /// Fire declaration of battery `battery` (3: torpedo).
    Target { battery: u8 },
    /// Counter salvo declaration of `ship`.
    Counter { ship: u8 },
    /// Chance: hit roll, re-roll of misses, armour roll of queued shot `shot`.
    Hits { shot: u8 },
    /// The firing side: its gunnery specialist captain re-rolls the misses of `shot`, or
    /// not.
    GunReroll { shot: u8 },
    Reroll { shot: u8 },
    Armour { shot: u8 },
    /// Chance: the torpedo hit roll of shot `shot`.
    TorpHit { shot: u8 },
    /// Chance: the critical hit roll of the salvo whose first shot is `shot`.
    Crit { shot: u8 },
    /// Critical hit on a fortification, 4-5: the firing side picks the battery that loses
    /// a gun (sheet: "The opponent chooses which guns are destroyed").
    FortGun { shot: u8 },
    /// Chance: critical hit on a fortification, 6: which magazine explodes (d6).
    FortMagazine { shot: u8 },
    /// Ph4 (chance) for `ship`: fire tests (`left` markers still to test) and effects,
    /// flooding tests and effects, repairs, the surrender test and its failure table.
    FireTest { ship: u8, left: u8 },
    FireEffect { ship: u8, left: u8 },
    FloodTest { ship: u8, left: u8 },
    FloodEffect { ship: u8, left: u8 },
    Engine { ship: u8 },
    List { ship: u8 },
    Surrender { ship: u8 },
    SurrenderFail { ship: u8 },
    /// Chance: breaking combat contact.
    Contact,
    Over,
}

/// An effect chain started by a roll, resolved before the stage goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sub {
    /// Rudder damage: which way (d6); then `more` rolls on the effects table of type
    /// `kind` (mines) if any are left.
    Rudder { ship: u8, more: u8, kind: u8 },
    /// Weapon destruction: which battery (d6).
    Weapon { ship: u8 },
    /// Ammunition chamber hit: how large (d6).
    Ammo { ship: u8 },
    /// An explosion: ship `next` (and those after it) within range test for a Fire.
    Blast { from: u8, next: u8 },
    /// The mine and torpedo effects table (d6) on `ship`, type `kind`; `left` more rolls.
    Effect { ship: u8, kind: u8, left: u8, torpedo: bool },
}

/// The movement of the active ship.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct MoveCtx {
    pub ship: u8,
    /// Declared speed, knots (the ramming modifier reads it).
    pub knots: u8,
    /// Distance left to move, mils.
    pub left: i32,
    pub astern: bool,
    /// Turn allowed per full leg, degrees.
    pub allow: i32,
    /// The leg being resolved: its length, turn and end.
    pub leg_dist: i32,
    pub leg_turn: i32,
    pub leg_end: Rect,
    /// Minefield markers the leg touched, still to test.
    pub mines: u8,
    /// A ram: the rammed ship, the edges that met, the effect die (6 or 3) and modifier.
    pub ram_target: u8,
    /// The ramming ship's edge: 0 bow, 1 broadside, 2 stern.
    pub ram_edge: u8,
    /// The rammed ship's zone: 0 bow, 1 broadside, 2 stern.
    pub ram_zone: u8,
    pub ram_die: u8,
    pub ram_mod: i8,
    pub ram_stern_ship: u8,
    /// A ram happened this move: boarding may follow; the attacker's and the defender's
    /// boarding rolls. `ram_target` is also the ship in contact a boarding is offered on.
    pub may_board: bool,
    pub board_roll: u8,
    pub board_defend: u8,
    /// Boarding this activation: 0 none yet, 1 offered after a ram, 2 offered at the end
    /// of the move on a ship in contact (one boarding offer per activation).
    pub board_offer: u8,
    /// Boarding re-rolls: bit 0 the attacker's used, bit 1 the defender's, bit 2 the roll
    /// being made is a re-roll.
    pub board_rerolls: u8,
    /// Movement is over (the rest of the activation is fire).
    pub done: bool,
    /// Fire declarations: bit `b` of entry `j`, battery `b` (3: torpedo) may fire at ship
    /// `j`; bit `j` of `counter_mask`, ship `j` may fire back at the active ship.
    pub fire_mask: [u8; MAX_SHIPS],
    pub counter_mask: u8,
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndReason {
    /// A side has no ship left in the battle.
    SideGone,
    /// The breaking-contact test failed.
    ContactBroken,
    /// The scenario's last turn ended.
    LastTurn,
    Resignation,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    pub winner: Option<u8>,
    pub reason: EndReason,
}

/// A Togo battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TogoGame {
    pub ships: [Ship; MAX_SHIPS],
    pub num_ships: u8,
    pub land: [Rect; MAX_LAND],
    pub num_land: u8,
    pub obstacles: [Rect; MAX_OBSTACLES],
    pub num_obstacles: u8,
    pub mines: [Mine; MAX_MINES],
    pub num_mines: u8,
    pub width: i32,
    pub depth: i32,
    pub era: u8,
    pub last_turn: u8,
    pub contact_from: u8,
    pub options: TogoOptions,
    pub turn: u8,
    pub init_winner: u8,
    pub player_a: u8,
    pub side_to_act: u8,
    /// Compass point (0..8) and strength (1..=6; 0 before the first weather roll).
    pub wind_dir: u8,
    pub wind: u8,
    pub stage: Stage,
    pub sub: Option<Sub>,
    pub mv: MoveCtx,
    pub queue: [Shot; 16],
    pub queue_len: u8,
    pub ending: Option<Ending>,
    /// The side whose ships may leave across the exit edge ([`NO_EXIT`]: none) and the
    /// edge (0 north, 1 east, 2 south, 3 west).
    pub exit_side: u8,
    pub exit_edge: u8,
}

pub const MAX_QUEUE: usize = 16;

impl TogoGame {
    /// A new battle of `scenario` (validated), before the first initiative roll.
    pub fn new(s: &Scenario, options: TogoOptions) -> Self {
        let r = rules();
        let file = &s.id;
        let m = |v: f64| mils(file, "", v, -1e6, 1e6).unwrap_or(0);
        let mut g = TogoGame {
            ships: [Ship::default(); MAX_SHIPS],
            num_ships: s.ships.len().min(MAX_SHIPS) as u8,
            land: [Rect::default(); MAX_LAND],
            num_land: s.land.len().min(MAX_LAND) as u8,
            obstacles: [Rect::default(); MAX_OBSTACLES],
            num_obstacles: s.obstacles.len().min(MAX_OBSTACLES) as u8,
            mines: [Mine::default(); MAX_MINES],
            num_mines: s.minefields.len().min(MAX_MINES) as u8,
            width: m(r.table.width),
            depth: m(r.table.depth),
            era: s.era,
            last_turn: s.turns,
            contact_from: s.contact_from,
            options,
            turn: 1,
            init_winner: 0,
            player_a: 0,
            side_to_act: 0,
            wind_dir: 0,
            wind: 0,
            stage: Stage::Initiative,
            sub: None,
            mv: MoveCtx::default(),
            queue: [Shot::default(); MAX_QUEUE],
            queue_len: 0,
            ending: None,
            exit_side: NO_EXIT,
            exit_edge: 0,
        };
        if let Some(e) = &s.exit {
            g.exit_side = e.side.min(1);
            g.exit_edge = super::data::EDGE_NAMES
                .iter()
                .position(|n| *n == e.edge)
                .unwrap_or(0) as u8;
        }
        for (i, sh) in s.ships.iter().take(MAX_SHIPS).enumerate() {
            let Some(c) = super::data::classes().iter().find(|c| c.id == sh.class) else {
                continue;
            };
            let mut traits = c.traits;
            for t in &sh.traits {
                if let Some(k) = TRAIT_NAMES.iter().position(|n| n == t) {
                    traits |= 1 << k;
                }
            }
            let mut ship = Ship {
                side: sh.side.min(1),
                class: c.class,
                status: AFLOAT,
                rect: Rect::new(
                    Point::new(m(sh.x), m(sh.y)),
                    sh.heading % 360,
                    c.length,
                    c.beam,
                ),
                hull_max: c.hull * 4,
                hull: c.hull * 4,
                armour: c.armour,
                max_knots: c.max_knots,
                traits,
                torpedoes: c.torpedoes,
                torpedo_type: c.torpedo_type,
                active: STOP,
                planned: STOP,
                shown: NONE,
                captain: sh.captain,
                flagship: sh.flagship,
                marines: sh.marines.min(3),
                boarding_specialist: sh.boarding_specialist,
                gunnery_specialist: sh.gunnery_specialist,
                fort: c.fortification,
                ..Ship::default()
            };
            for b in &c.batteries {
                let k = b.kind as usize;
                ship.guns[k] = b.guns;
                ship.ap[k] = b.ap;
                ship.bat_traits[k] = b.traits;
            }
            g.ships[i] = ship;
        }
        for (k, a) in s.land.iter().take(MAX_LAND).enumerate() {
            g.land[k] = Rect::new(Point::new(m(a.x), m(a.y)), a.heading % 360, m(a.length), m(a.beam));
        }
        for (k, a) in s.obstacles.iter().take(MAX_OBSTACLES).enumerate() {
            g.obstacles[k] =
                Rect::new(Point::new(m(a.x), m(a.y)), a.heading % 360, m(a.length), m(a.beam));
        }
        for (k, f) in s.minefields.iter().take(MAX_MINES).enumerate() {
            g.mines[k] = Mine {
                at: Point::new(m(f.x), m(f.y)),
                kind: f.kind.clamp(2, 4),
                present: true,
            };
        }
        g
    }

    /// Why the starting placement cannot be played, if it cannot.
    pub fn placement_problem(&self) -> Result<(), String> {
        let ships = self.ships();
        for (i, s) in ships.iter().enumerate() {
            if !on_table(&s.rect, self.width, self.depth) {
                return Err(format!("ship {i} is not wholly on the table"));
            }
            if self.land().iter().any(|l| rects_overlap(l, &s.rect)) {
                return Err(format!("ship {i} starts on land"));
            }
            if let Some(j) = ships[i + 1..]
                .iter()
                .position(|o| rect_distance(&o.rect, &s.rect) < 500)
            {
                return Err(format!(
                    "ships {i} and {} start less than half an inch apart",
                    i + 1 + j
                ));
            }
        }
        Ok(())
    }

    pub fn ships(&self) -> &[Ship] {
        &self.ships[..self.num_ships as usize]
    }
    pub fn land(&self) -> &[Rect] {
        &self.land[..self.num_land as usize]
    }
    pub fn obstacles(&self) -> &[Rect] {
        &self.obstacles[..self.num_obstacles as usize]
    }
    pub fn queue(&self) -> &[Shot] {
        &self.queue[..self.queue_len as usize]
    }
    pub fn storm(&self) -> bool {
        self.wind == STORM
    }

    /// Ships of `side` still in the battle (fortifications do not count: chosen, the
    /// battle is between fleets).
    pub fn in_play(&self, side: u8) -> usize {
        self.ships()
            .iter()
            .filter(|s| s.side == side && s.ship_in_battle())
            .count()
    }

    /// The highest order level the storm lets a ship plan (FAQ: one level above its cap).
    pub fn plan_cap(&self, i: usize) -> u8 {
        if self.storm() {
            (self.storm_cap(i) + 1).min(FULL)
        } else {
            FULL
        }
    }

    /// The storm's speed cap of ship `i` (sheet: half speed; Poor seakeeping slow).
    pub fn storm_cap(&self, i: usize) -> u8 {
        if self.ships[i].has(POOR_SEAKEEPING) {
            SLOW
        } else {
            HALF
        }
    }

    /// Whether ship `i` may use its High manoeuvrability now (never in a storm).
    pub fn nimble(&self, i: usize) -> bool {
        self.ships[i].has(HIGH_MANOEUVRABILITY) && !self.storm()
    }

    /// The orders ship `i` may follow `from` with: at most one level of speed away
    /// ([`speed_rank`]) unless High manoeuvrability (FAQ), and at most `plan_cap` (FAQ,
    /// storm). `from == NONE`: any.
    pub fn order_allowed(&self, i: usize, from: u8, level: u8) -> bool {
        // Every new marker, even one at the level the ship already has (FAQ: "a newly
        // planned order").
        level <= self.plan_cap(i) && self.one_level(i, from, level)
    }

    /// Whether `level` may follow `from` on the speed ladder alone (the storm's cap of the
    /// time the marker was placed is not recorded).
    pub fn one_level(&self, i: usize, from: u8, level: u8) -> bool {
        from == NONE || self.nimble(i) || speed_rank(level).abs_diff(speed_rank(from)) <= 1
    }

    /// Whether ship `i` may end a leg at `end`, off the table: across the scenario's exit
    /// edge for its side and no other edge (FAQ).
    pub fn exits_at(&self, i: usize, end: &Rect) -> bool {
        if self.ships[i].side != self.exit_side {
            return false;
        }
        let c = end.corners();
        let (w, d) = (self.width, self.depth);
        let across = [
            c.iter().any(|p| p.y > d),
            c.iter().any(|p| p.x > w),
            c.iter().any(|p| p.y < 0),
            c.iter().any(|p| p.x < 0),
        ];
        let e = self.exit_edge as usize;
        across[e] && (0..4).all(|k| k == e || !across[k])
    }

    /// Hull quarters lost by each side's ships (sunk and struck ships count in full; a
    /// ship that left by the exit edge what she lost before): the victory points of the
    /// other side.
    pub fn losses(&self) -> [u32; 2] {
        let mut l = [0u32; 2];
        for s in self.ships() {
            l[s.side as usize] += if s.afloat() || s.status == EXITED {
                s.lost() as u32
            } else {
                s.hull_max as u32
            };
        }
        l
    }
}
