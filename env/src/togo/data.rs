//! Rules data of Gods of War: Togo, embedded from `env/data/togo/` and checked on load;
//! every error names the file and the field.
//!
//! - `classes.toml`: the rules-notes substitute ship classes (class 1-4, Hull points, belt
//!   armour, batteries, maximum knots, base size, traits, torpedoes) ([`classes`]).
//! - `rules.toml`: the sheet's tables (artillery, armour penetration, ramming, mines, tests)
//!   and the substitutes for what the sheet leaves out ([`rules`]).
//! - `scenarios/*.toml`: era, turn limit, ships by position in inches and heading, land,
//!   water obstacles and minefield markers ([`builtin_scenarios`]).

use std::path::Path;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::data_files::{check_names, check_scenario_id, from_toml};
use crate::error::DataError;

/// Most ships in a scenario, both sides together.
pub const MAX_SHIPS: usize = 8;
/// Most land pieces, water obstacles and minefield markers of a scenario.
pub const MAX_LAND: usize = 4;
pub const MAX_OBSTACLES: usize = 4;
pub const MAX_MINES: usize = 8;
/// Most guns of one battery (a battery's hit roll is one chance node over its dice).
pub const MAX_GUNS: u8 = 4;
/// Most turns a scenario may last.
pub const MAX_TURNS: u8 = 30;
/// The scenario a game gets when none is named.
pub const DEFAULT_SCENARIO: &str = "squadron-action";
/// Battery kinds, in index order.
pub const BATTERY_NAMES: [&str; 3] = ["main", "medium", "light"];
/// Ship traits, bit `k` of a trait mask is `TRAIT_NAMES[k]`.
pub const TRAIT_NAMES: [&str; 6] = [
    "sails",
    "cutter",
    "poor_seakeeping",
    "high_manoeuvrability",
    "ram",
    "wooden",
];
pub const SAILS: u8 = 1;
pub const CUTTER: u8 = 2;
pub const POOR_SEAKEEPING: u8 = 4;
pub const HIGH_MANOEUVRABILITY: u8 = 8;
pub const RAM: u8 = 16;
pub const WOODEN: u8 = 32;
/// Battery traits.
pub const BATTERY_TRAIT_NAMES: [&str; 2] = ["slow_load", "super_heavy"];
pub const SLOW_LOAD: u8 = 1;
pub const SUPER_HEAVY: u8 = 2;

const RULESET: &str = "togo";
const CLASSES_FILE: &str = "togo/classes.toml";
const CLASSES_TOML: &str = include_str!("../../data/togo/classes.toml");
const RULES_FILE: &str = "togo/rules.toml";
const RULES_TOML: &str = include_str!("../../data/togo/rules.toml");
const BUILTIN_SCENARIO_FILES: [(&str, &str); 4] = [
    (
        "squadron-action.toml",
        include_str!("../../data/togo/scenarios/squadron-action.toml"),
    ),
    (
        "ironclad-duel.toml",
        include_str!("../../data/togo/scenarios/ironclad-duel.toml"),
    ),
    (
        "torpedo-attack.toml",
        include_str!("../../data/togo/scenarios/torpedo-attack.toml"),
    ),
    (
        "minefield-and-land.toml",
        include_str!("../../data/togo/scenarios/minefield-and-land.toml"),
    ),
];

/// One gun battery of a class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battery {
    /// 0 main, 1 medium, 2 light.
    pub kind: u8,
    pub guns: u8,
    /// Armour piercing.
    pub ap: u8,
    /// Battery trait mask ([`SLOW_LOAD`], [`SUPER_HEAVY`]).
    pub traits: u8,
}

/// A ship class.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShipClass {
    pub id: String,
    pub name: String,
    /// 1 (largest) to 4.
    pub class: u8,
    /// Hull points (whole points).
    pub hull: u8,
    /// Belt armour.
    pub armour: u8,
    pub max_knots: u8,
    /// Base length and beam, mils.
    pub length: i32,
    pub beam: i32,
    /// Trait mask.
    pub traits: u8,
    /// Torpedo salvoes carried, and the torpedo's effect type (2, 3 or 4: D2, D3, D4).
    pub torpedoes: u8,
    pub torpedo_type: u8,
    /// At most one battery of each kind.
    pub batteries: Vec<Battery>,
    /// A fortification (sheet, "Critical hits on fortifications"): Structure points in
    /// place of Hull points, no speed, no markers.
    pub fortification: bool,
    pub source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClasses {
    class: Vec<RawClass>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClass {
    id: String,
    name: String,
    class: i64,
    hull: i64,
    armour: i64,
    max_knots: i64,
    length: f64,
    beam: f64,
    #[serde(default)]
    traits: Vec<String>,
    #[serde(default)]
    torpedoes: i64,
    #[serde(default = "three")]
    torpedo_type: i64,
    #[serde(default)]
    battery: Vec<RawBattery>,
    #[serde(default)]
    fortification: bool,
    #[serde(default)]
    source: String,
}

fn three() -> i64 {
    3
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBattery {
    kind: String,
    guns: i64,
    ap: i64,
    #[serde(default)]
    traits: Vec<String>,
}

/// The rule numbers of `rules.toml` (see the file for each number's source).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    pub table: TableRules,
    pub speed: SpeedRules,
    pub gunnery: GunneryRules,
    pub torpedo: TorpedoRules,
    pub tests: TestRules,
    pub ram: RamRules,
    pub mines: MineRules,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableRules {
    pub width: f64,
    pub depth: f64,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpeedRules {
    pub astern_quarters: u8,
    pub slow_quarters: u8,
    pub slow_min_knots: u8,
    pub inches_per_knot: f64,
    pub leg: f64,
    pub turn_slow_half: u16,
    pub turn_full: u16,
    pub high_manoeuvrability_percent: u16,
    pub stop_turn: u16,
    pub calm_sails_knots: u8,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GunneryRules {
    pub close_range: f64,
    pub medium_range: f64,
    pub point_blank: f64,
    pub main: [[[u8; 3]; 4]; 4],
    pub medium: [[[u8; 3]; 4]; 4],
    pub light: [[u8; 3]; 4],
    pub penetration: [u8; 5],
    pub much: u8,
    pub damage_quarters: [u8; 3],
    pub obscured: u8,
    pub slow_load: u8,
    pub storm: u8,
    pub listing: u8,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TorpedoRules {
    pub range: f64,
    pub hit: u8,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestRules {
    pub marker: u8,
    pub repair: u8,
    pub blast: u8,
    pub blast_range: f64,
    pub ram_stern: u8,
    pub surrender_fail: u8,
    pub surrender_strike_max: u8,
    pub surrender_range: f64,
    pub surrender_from_half: bool,
    pub contact: u8,
    pub obstacle: [u8; 4],
    /// Chosen: ships whose bases are this close (inches) are in contact for boarding.
    pub board_contact: f64,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RamRules {
    pub success_early: u8,
    pub success_late: u8,
    pub late_era: u8,
    pub ram: u8,
    pub iron_on_wood: u8,
    pub class_step: u8,
    pub class_max: u8,
    pub speed_low: u8,
    pub speed_low_bonus: u8,
    pub speed_high: u8,
    pub speed_high_bonus: u8,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MineRules {
    pub dice: [u8; 4],
    pub radius: f64,
    pub storm_removal: u8,
}

/// Inches to mils, refusing what is not a finite number in `lo..=hi` inches.
pub fn mils(file: &str, field: &str, v: f64, lo: f64, hi: f64) -> Result<i32, DataError> {
    if v.is_finite() && (lo..=hi).contains(&v) {
        Ok((v * 1000.0).round() as i32)
    } else {
        Err(DataError::invalid(
            file,
            field,
            format!("{v} is not a number of inches in {lo}..={hi}"),
        ))
    }
}

fn int(file: &str, field: &str, v: i64, lo: i64, hi: i64) -> Result<u8, DataError> {
    if (lo..=hi).contains(&v) {
        Ok(v as u8)
    } else {
        Err(DataError::invalid(
            file,
            field,
            format!("{v} is outside {lo}..={hi}"),
        ))
    }
}

fn mask(file: &str, field: &str, words: &[String], names: &[&str]) -> Result<u8, DataError> {
    let mut m = 0u8;
    for w in words {
        let k = names.iter().position(|n| *n == w.trim()).ok_or_else(|| {
            DataError::invalid(
                file,
                field,
                format!("`{w}` is not one of {}", names.join(", ")),
            )
        })?;
        m |= 1 << k;
    }
    Ok(m)
}

/// Parses and checks `classes.toml`.
pub fn parse_classes(text: &str, file: &str) -> Result<Vec<ShipClass>, DataError> {
    let raw: RawClasses = from_toml(text, file)?;
    let mut out: Vec<ShipClass> = Vec::new();
    for (i, c) in raw.class.into_iter().enumerate() {
        let f = |name: &str| format!("class[{i}].{name}");
        if c.id.trim().is_empty() || out.iter().any(|q| q.id == c.id) {
            return Err(DataError::invalid(file, f("id"), "empty or duplicate id"));
        }
        let mut batteries: Vec<Battery> = Vec::new();
        for (b, r) in c.battery.iter().enumerate() {
            let g = |name: &str| format!("class[{i}].battery[{b}].{name}");
            let kind = BATTERY_NAMES
                .iter()
                .position(|n| *n == r.kind.trim())
                .ok_or_else(|| {
                    DataError::invalid(file, g("kind"), "not one of main, medium, light")
                })? as u8;
            if batteries.iter().any(|x| x.kind == kind) {
                return Err(DataError::invalid(
                    file,
                    g("kind"),
                    "a class has at most one battery of each kind",
                ));
            }
            batteries.push(Battery {
                kind,
                guns: int(file, &g("guns"), r.guns, 1, MAX_GUNS as i64)?,
                ap: int(file, &g("ap"), r.ap, 0, 12)?,
                traits: mask(file, &g("traits"), &r.traits, &BATTERY_TRAIT_NAMES)?,
            });
        }
        batteries.sort_by_key(|b| b.kind);
        out.push(ShipClass {
            name: c.name,
            class: int(file, &f("class"), c.class, 1, 4)?,
            hull: int(file, &f("hull"), c.hull, 1, 12)?,
            armour: int(file, &f("armour"), c.armour, 0, 12)?,
            // A fortification does not move (max_knots 0); a ship makes at least 1 knot.
            max_knots: int(
                file,
                &f("max_knots"),
                c.max_knots,
                if c.fortification { 0 } else { 1 },
                if c.fortification { 0 } else { 40 },
            )?,
            length: mils(file, &f("length"), c.length, 0.5, 12.0)?,
            beam: mils(file, &f("beam"), c.beam, 0.2, 4.0)?,
            traits: mask(file, &f("traits"), &c.traits, &TRAIT_NAMES)?,
            torpedoes: int(file, &f("torpedoes"), c.torpedoes, 0, 9)?,
            torpedo_type: int(file, &f("torpedo_type"), c.torpedo_type, 2, 4)?,
            batteries,
            fortification: c.fortification,
            source: c.source,
            id: c.id,
        });
    }
    if out.is_empty() {
        return Err(DataError::invalid(file, "class", "no classes"));
    }
    Ok(out)
}

/// Parses and checks `rules.toml`.
pub fn parse_rules(text: &str, file: &str) -> Result<Rules, DataError> {
    let r: Rules = from_toml(text, file)?;
    let bad = |field: &str, problem: &str| Err(DataError::invalid(file, field, problem));
    let die = |v: u8| (2..=6).contains(&v);
    let to_hit = |v: u8| v == 0 || (2..=7).contains(&v);
    let side_ok = |v: f64| v.is_finite() && (12.0..=200.0).contains(&v);
    if !side_ok(r.table.width) || !side_ok(r.table.depth) {
        return bad("table", "width and depth are 12 to 200 inches");
    }
    let s = &r.speed;
    if s.astern_quarters > 4
        || s.slow_quarters > 4
        || !(0.1..=2.0).contains(&s.inches_per_knot)
        || !(0.5..=6.0).contains(&s.leg)
        || s.turn_slow_half > 90
        || s.turn_full > 90
        || !(100..=200).contains(&s.high_manoeuvrability_percent)
        || s.stop_turn > 90
    {
        return bad("speed", "a number out of range");
    }
    let g = &r.gunnery;
    if !(g.close_range > 0.0
        && g.close_range < g.medium_range
        && g.medium_range <= 100.0
        && g.point_blank <= g.close_range)
    {
        return bad("gunnery", "ranges must grow: point_blank <= close < medium");
    }
    let tables_ok = g
        .main
        .iter()
        .chain(g.medium.iter())
        .flatten()
        .chain(g.light.iter())
        .flatten()
        .all(|&v| to_hit(v));
    if !tables_ok {
        return bad("gunnery", "to-hit numbers are 2-7 (7: 6/4+) or 0 (no fire)");
    }
    if !g.penetration.iter().all(|&v| v == 0 || die(v)) || g.much == 0 {
        return bad("gunnery.penetration", "numbers are 2-6 or 0");
    }
    if g.damage_quarters.iter().any(|&q| q == 0 || q > 8) {
        return bad("gunnery.damage_quarters", "1 to 8 quarters");
    }
    if [g.obscured, g.slow_load, g.storm, g.listing]
        .iter()
        .any(|&m| m > 3)
    {
        return bad("gunnery", "modifiers are 0 to 3");
    }
    let t = &r.tests;
    if ![
        r.torpedo.hit,
        t.marker,
        t.repair,
        t.blast,
        t.ram_stern,
        t.surrender_fail,
        t.contact,
        r.ram.success_early,
        r.ram.success_late,
        r.mines.storm_removal,
    ]
    .iter()
    .chain(t.obstacle.iter())
    .all(|&v| die(v))
        || t.surrender_strike_max > 6
    {
        return bad("tests", "die targets are 2 to 6");
    }
    if !(0.0..=30.0).contains(&r.torpedo.range)
        || !(0.0..=10.0).contains(&t.blast_range)
        || !(0.0..=50.0).contains(&t.surrender_range)
        || !(0.0..=3.0).contains(&t.board_contact)
        || !(0.1..=6.0).contains(&r.mines.radius)
        || r.mines.dice.iter().any(|&d| d == 0 || d > 4)
    {
        return bad("torpedo/tests/mines", "a distance or dice count out of range");
    }
    Ok(r)
}

/// The classes of `classes.toml`.
pub fn classes() -> &'static [ShipClass] {
    static C: OnceLock<Vec<ShipClass>> = OnceLock::new();
    crate::data_files::embedded_list(&C, CLASSES_TOML, CLASSES_FILE, parse_classes)
}

/// The rule numbers of `rules.toml`.
pub fn rules() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    crate::data_files::embedded(&R, RULES_TOML, RULES_FILE, parse_rules)
}

/// A ship of a scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioShip {
    pub name: String,
    /// A class id of `classes.toml`.
    pub class: String,
    pub side: u8,
    /// Centre, inches.
    pub x: f64,
    pub y: f64,
    /// Degrees clockwise from north.
    pub heading: u16,
    /// Traits added to the class's.
    #[serde(default)]
    pub traits: Vec<String>,
    /// The captain's surrender-test modifier (the sheet's "+/-X").
    #[serde(default)]
    pub captain: i8,
    #[serde(default)]
    pub flagship: bool,
    /// Groups of additional marines (0-3; boarding +2 each).
    #[serde(default)]
    pub marines: u8,
    /// The captain is a boarding specialist (sheet: "Captain - boarding specialist: a
    /// re-roll").
    #[serde(default)]
    pub boarding_specialist: bool,
    /// The captain is a gunnery specialist (substitute for the sheet's "Captain: according
    /// to his description": once a turn, a re-roll of one battery's misses).
    #[serde(default)]
    pub gunnery_specialist: bool,
}

/// An oriented rectangle of terrain, inches and degrees.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Area {
    pub x: f64,
    pub y: f64,
    #[serde(default)]
    pub heading: u16,
    pub length: f64,
    pub beam: f64,
}

/// A minefield marker: its centre and mine type (2, 3 or 4: D2, D3, D4).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Minefield {
    pub x: f64,
    pub y: f64,
    #[serde(rename = "type")]
    pub kind: u8,
}

/// A scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub id: String,
    pub title: String,
    #[serde(default)]
    pub description: String,
    pub sides: [String; 2],
    /// The era (1-5+), for the ramming success roll.
    pub era: u8,
    /// The last turn.
    pub turns: u8,
    /// From this turn, a breaking-contact test ends each turn.
    pub contact_from: u8,
    #[serde(rename = "ship")]
    pub ships: Vec<ScenarioShip>,
    #[serde(default)]
    pub land: Vec<Area>,
    #[serde(default, rename = "obstacle")]
    pub obstacles: Vec<Area>,
    #[serde(default, rename = "minefield")]
    pub minefields: Vec<Minefield>,
    /// The table edge through which one side's ships may leave (FAQ: "Scenarios may name
    /// a table edge through which ships exit").
    #[serde(default)]
    pub exit: Option<ExitEdge>,
}

/// A scenario's exit edge: `side`'s ships may sail off the table across `edge`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExitEdge {
    pub side: u8,
    /// north (y = depth), east (x = width), south (y = 0) or west (x = 0).
    pub edge: String,
}

/// Table edges, in index order.
pub const EDGE_NAMES: [&str; 4] = ["north", "east", "south", "west"];

impl Scenario {
    /// The class of ship `i` (validated scenarios only).
    pub fn class_of(&self, i: usize) -> &'static ShipClass {
        classes()
            .iter()
            .find(|c| c.id == self.ships[i].class)
            .expect("validated scenario")
    }

    /// Every check a scenario gets, from a file or a saved game.
    pub fn validate(&self, file: &str) -> Result<(), DataError> {
        check_scenario_id(&self.id, file)?;
        let names: Vec<&str> = self.ships.iter().map(|s| s.name.as_str()).collect();
        check_names(
            file,
            &self.title,
            &self.description,
            [&self.sides[0], &self.sides[1]],
            &names,
        )?;
        let bad = |field: String, problem: String| Err(DataError::invalid(file, field, problem));
        if !(1..=9).contains(&self.era) {
            return bad("era".into(), "1 to 9".into());
        }
        if !(1..=MAX_TURNS).contains(&self.turns) || self.contact_from == 0 {
            return bad("turns".into(), format!("1 to {MAX_TURNS}, contact_from >= 1"));
        }
        if self.ships.len() < 2 || self.ships.len() > MAX_SHIPS {
            return bad("ship".into(), format!("2 to {MAX_SHIPS} ships"));
        }
        if self.land.len() > MAX_LAND
            || self.obstacles.len() > MAX_OBSTACLES
            || self.minefields.len() > MAX_MINES
        {
            return bad(
                "land/obstacle/minefield".into(),
                format!("at most {MAX_LAND} / {MAX_OBSTACLES} / {MAX_MINES}"),
            );
        }
        let r = rules();
        for (k, s) in self.ships.iter().enumerate() {
            let f = |n: &str| format!("ship[{k}].{n}");
            if s.side > 1 {
                return bad(f("side"), "0 or 1".into());
            }
            if !classes().iter().any(|c| c.id == s.class) {
                return bad(
                    f("class"),
                    format!(
                        "`{}` is not a class ({})",
                        s.class,
                        classes()
                            .iter()
                            .map(|c| c.id.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                );
            }
            mils(file, &f("x"), s.x, 0.0, r.table.width)?;
            mils(file, &f("y"), s.y, 0.0, r.table.depth)?;
            if s.heading >= 360 {
                return bad(f("heading"), "0 to 359".into());
            }
            mask(file, &f("traits"), &s.traits, &TRAIT_NAMES)?;
            if !(-3..=3).contains(&s.captain) {
                return bad(f("captain"), "-3 to 3".into());
            }
            if s.marines > 3 {
                return bad(f("marines"), "0 to 3 groups".into());
            }
            let fort = classes()
                .iter()
                .any(|c| c.id == s.class && c.fortification);
            if fort
                && (s.flagship
                    || s.marines > 0
                    || s.boarding_specialist
                    || s.gunnery_specialist
                    || !s.traits.is_empty()
                    || s.captain != 0)
            {
                return bad(
                    f("class"),
                    "a fortification has no flagship, marines, captain or traits".into(),
                );
            }
        }
        for side in 0..2u8 {
            let is_ship = |s: &ScenarioShip| {
                s.side == side && classes().iter().any(|c| c.id == s.class && !c.fortification)
            };
            if !self.ships.iter().any(is_ship) {
                return bad("ship".into(), format!("side {side} has no ship"));
            }
            if self.ships.iter().filter(|s| s.side == side && s.flagship).count() > 1 {
                return bad("ship".into(), format!("side {side} has two flagships"));
            }
        }
        for (name, list) in [("land", &self.land), ("obstacle", &self.obstacles)] {
            for (k, a) in list.iter().enumerate() {
                let f = |n: &str| format!("{name}[{k}].{n}");
                mils(file, &f("x"), a.x, 0.0, r.table.width)?;
                mils(file, &f("y"), a.y, 0.0, r.table.depth)?;
                mils(file, &f("length"), a.length, 0.5, 60.0)?;
                mils(file, &f("beam"), a.beam, 0.5, 60.0)?;
                if a.heading >= 360 {
                    return bad(f("heading"), "0 to 359".into());
                }
            }
        }
        for (k, m) in self.minefields.iter().enumerate() {
            mils(file, &format!("minefield[{k}].x"), m.x, 0.0, r.table.width)?;
            mils(file, &format!("minefield[{k}].y"), m.y, 0.0, r.table.depth)?;
            if !(2..=4).contains(&m.kind) {
                return bad(format!("minefield[{k}].type"), "2, 3 or 4 (D2-D4)".into());
            }
        }
        if let Some(e) = &self.exit {
            if e.side > 1 {
                return bad("exit.side".into(), "0 or 1".into());
            }
            if !EDGE_NAMES.contains(&e.edge.as_str()) {
                return bad("exit.edge".into(), "north, east, south or west".into());
            }
        }
        // Ships start on the table, apart, and off land.
        let g = super::state::TogoGame::new(self, super::state::TogoOptions::default());
        if let Err(e) = g.placement_problem() {
            return bad("ship".into(), e);
        }
        Ok(())
    }
}

/// Parses and checks a scenario file's text.
pub fn parse_scenario(text: &str, file: &str) -> Result<Scenario, DataError> {
    let s: Scenario = from_toml(text, file)?;
    s.validate(file)?;
    Ok(s)
}

/// Reads and checks a scenario file.
pub fn load_scenario_file(path: &Path) -> Result<Scenario, DataError> {
    let (name, text) = crate::data_files::read_text(path)?;
    parse_scenario(&text, &name)
}

/// The built-in scenarios, default first.
pub fn builtin_scenarios() -> &'static [Scenario] {
    static S: OnceLock<Vec<Scenario>> = OnceLock::new();
    crate::data_files::embedded_scenarios(
        &S,
        RULESET,
        "togo/scenarios",
        &BUILTIN_SCENARIO_FILES,
        parse_scenario,
    )
}

/// A built-in scenario by id.
pub fn builtin_scenario(id: &str) -> Result<Scenario, DataError> {
    crate::data_files::scenario_by_id(RULESET, builtin_scenarios(), id, |s| &s.id)
}
