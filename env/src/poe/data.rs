//! Rules data of the Pieces of Eight sea fight: ship classes, rule numbers and scenarios,
//! embedded from `env/data/poe/` and checked on load. Every error names the file and the field.
//!
//! - `classes.toml`: size, warship or merchant, crew / guns / sail markers and gun range of
//!   each class ([`classes`]).
//! - `rules.toml`: the play sheet's numbers (battle clock, wind contest, sailing table,
//!   gunnery modifiers, recovery, boarding, hazards) ([`rules`]).
//! - `scenarios/*.toml`: map size, wind, escape corner, fog and shallows hexes, ships by
//!   offset hex `(col, row)` and facing ([`builtin_scenarios`]).

use std::path::Path;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::data_files::from_toml;
use crate::error::DataError;
use crate::hex::{Facing, Hex, HexMap, FACING_NAMES};

/// Most ships in a scenario, both sides together (the catalogue's `ship:k`, `fire:j`).
pub const MAX_SHIPS: usize = 12;
/// Largest map: columns and rows (the observation planes have this size).
pub const MAX_COLS: i32 = 20;
pub const MAX_ROWS: i32 = 12;
/// Smallest map side.
pub const MIN_SIDE: i32 = 5;
/// Most markers of one type a ship may have.
pub const MAX_LEVEL: u8 = 6;
/// Most fog hexes and shallows hexes of a scenario.
pub const MAX_FOG: usize = 40;
pub const MAX_SHALLOWS: usize = 60;
/// Shortest and longest battle clock a scenario may set (the rules' loop is 21): at least
/// three of the largest advances, at most twice the standard loop.
pub const MIN_CLOCK_LENGTH: u8 = 9;
pub const MAX_CLOCK_LENGTH: u8 = 42;
/// The scenario a game gets when none is named.
pub const DEFAULT_SCENARIO: &str = "convoy-action";
/// Names of the four map corners an escape corner may be, in index order.
pub const CORNER_NAMES: [&str; 4] = ["NW", "NE", "SE", "SW"];
/// Names of the three ship sizes, from 1.
pub const SIZE_NAMES: [&str; 3] = ["small", "medium", "large"];

const RULESET: &str = "poe";
const CLASSES_FILE: &str = "poe/classes.toml";
const CLASSES_TOML: &str = include_str!("../../data/poe/classes.toml");
const RULES_FILE: &str = "poe/rules.toml";
const RULES_TOML: &str = include_str!("../../data/poe/rules.toml");
const BUILTIN_SCENARIO_FILES: [(&str, &str); 3] = [
    (
        "convoy-action.toml",
        include_str!("../../data/poe/scenarios/convoy-action.toml"),
    ),
    (
        "warship-duel.toml",
        include_str!("../../data/poe/scenarios/warship-duel.toml"),
    ),
    (
        "fog-and-shallows.toml",
        include_str!("../../data/poe/scenarios/fog-and-shallows.toml"),
    ),
];

/// A ship class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShipClass {
    pub id: String,
    pub name: String,
    /// 1 small, 2 medium, 3 large.
    pub size: u8,
    /// A warship (else a merchant).
    pub warship: bool,
    pub crew: u8,
    pub guns: u8,
    pub sail: u8,
    /// Broadside range, hexes.
    pub range: u8,
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
    size: String,
    warship: bool,
    crew: i64,
    guns: i64,
    sail: i64,
    range: i64,
    #[serde(default)]
    source: String,
}

/// The rule numbers of `rules.toml` (see the file for each number's line on the sheet).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    pub clock: ClockRules,
    pub wind: WindRules,
    pub sailing: SailingRules,
    pub gunnery: GunneryRules,
    pub recovery: RecoveryRules,
    pub boarding: BoardingRules,
    pub hazards: HazardRules,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockRules {
    pub length: u8,
    pub advance_min: u8,
    pub advance_max: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WindRules {
    pub max_dice: u8,
    pub success: u8,
    pub fog_drift: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SailingRules {
    pub base_hexes: [u8; 4],
    pub small_additions: [u8; 4],
    pub medium_large_additions: [u8; 4],
    pub addition_target: u8,
    pub turns_large_and_merchants: u8,
    pub turns_medium: u8,
    pub reduction: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GunneryRules {
    pub dice_per_gun: u8,
    pub size_step: u8,
    pub size_steps_max: u8,
    pub short_range: u8,
    pub short: u8,
    pub hardened: u8,
    pub raking: u8,
    pub scurvy: u8,
    pub crew_zero: u8,
    pub sail_zero: u8,
    pub opportunity_return: u8,
    pub min_dice: u8,
    pub hit: u8,
    pub chaser_range: u8,
    pub chaser_dice: u8,
    pub opportunity_range: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecoveryRules {
    pub success: u8,
    pub captured_max_dice: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardingRules {
    pub base_dice: u8,
    pub crew_max: u8,
    pub quality: u8,
    pub bigger: u8,
    pub bigger_steps: u8,
    pub warship: u8,
    pub success: u8,
    pub ownerless_successes: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HazardRules {
    pub fog_stop_max: u8,
    pub aground_on: u8,
    pub burn_on: u8,
}

fn int(file: &str, field: &str, v: i64, lo: i64, hi: i64) -> Result<i64, DataError> {
    if (lo..=hi).contains(&v) {
        Ok(v)
    } else {
        Err(DataError::invalid(
            file,
            field,
            format!("{v} is outside {lo}..={hi}"),
        ))
    }
}

fn size_of(file: &str, field: &str, s: &str) -> Result<u8, DataError> {
    SIZE_NAMES
        .iter()
        .position(|n| n.eq_ignore_ascii_case(s.trim()))
        .map(|i| i as u8 + 1)
        .ok_or_else(|| {
            DataError::invalid(
                file,
                field,
                format!("`{s}` is not a size (small, medium, large)"),
            )
        })
}

/// Parses and checks `classes.toml`.
pub fn parse_classes(text: &str, file: &str) -> Result<Vec<ShipClass>, DataError> {
    let raw: RawClasses = from_toml(text, file)?;
    let mut out: Vec<ShipClass> = Vec::new();
    for (i, c) in raw.class.into_iter().enumerate() {
        let f = |name: &str| format!("class[{i}].{name}");
        let level = |name: &str, v: i64| -> Result<u8, DataError> {
            Ok(int(file, &f(name), v, 0, MAX_LEVEL as i64)? as u8)
        };
        if c.id.trim().is_empty() {
            return Err(DataError::invalid(file, f("id"), "empty"));
        }
        if out.iter().any(|q| q.id == c.id) {
            return Err(DataError::invalid(
                file,
                f("id"),
                format!("duplicate id `{}`", c.id),
            ));
        }
        let class = ShipClass {
            size: size_of(file, &f("size"), &c.size)?,
            warship: c.warship,
            crew: level("crew", c.crew)?,
            guns: level("guns", c.guns)?,
            sail: level("sail", c.sail)?,
            range: int(file, &f("range"), c.range, 1, 10)? as u8,
            id: c.id,
            name: c.name,
            source: c.source,
        };
        check_class(&class, file, &format!("class[{i}]"))?;
        out.push(class);
    }
    if out.is_empty() {
        return Err(DataError::invalid(file, "class", "no classes"));
    }
    Ok(out)
}

/// What every class must be, from a file or a saved game.
fn check_class(c: &ShipClass, file: &str, at: &str) -> Result<(), DataError> {
    if !(1..=3).contains(&c.size) {
        return Err(DataError::invalid(file, format!("{at}.size"), "not 1..=3"));
    }
    if [c.crew, c.guns, c.sail].iter().any(|&v| v > MAX_LEVEL) {
        return Err(DataError::invalid(
            file,
            at,
            format!("a marker level above {MAX_LEVEL}"),
        ));
    }
    if c.crew + c.guns + c.sail == 0 {
        return Err(DataError::invalid(file, at, "no markers at all"));
    }
    if !(1..=10).contains(&c.range) {
        return Err(DataError::invalid(
            file,
            format!("{at}.range"),
            "not 1..=10",
        ));
    }
    if c.id.trim().is_empty() || c.name.trim().is_empty() {
        return Err(DataError::invalid(file, format!("{at}.id/name"), "empty"));
    }
    Ok(())
}

/// Parses and checks `rules.toml`.
pub fn parse_rules(text: &str, file: &str) -> Result<Rules, DataError> {
    let r: Rules = from_toml(text, file)?;
    let chk = |field: &str, v: u8, lo: u8, hi: u8| -> Result<(), DataError> {
        int(file, field, v.into(), lo.into(), hi.into()).map(|_| ())
    };
    chk("clock.length", r.clock.length, 1, 200)?;
    chk("clock.advance_min", r.clock.advance_min, 1, 10)?;
    chk(
        "clock.advance_max",
        r.clock.advance_max,
        r.clock.advance_min,
        r.clock.advance_min + 2,
    )?;
    chk("wind.max_dice", r.wind.max_dice, 0, 3)?;
    chk("wind.success", r.wind.success, 1, 6)?;
    chk("wind.fog_drift", r.wind.fog_drift, 0, 5)?;
    let s = &r.sailing;
    for k in 0..4 {
        chk(&format!("sailing.base_hexes[{k}]"), s.base_hexes[k], 0, 6)?;
        chk(
            &format!("sailing.small_additions[{k}]"),
            s.small_additions[k],
            0,
            3,
        )?;
        chk(
            &format!("sailing.medium_large_additions[{k}]"),
            s.medium_large_additions[k],
            0,
            3,
        )?;
    }
    chk("sailing.addition_target", s.addition_target, 2, 6)?;
    chk(
        "sailing.turns_large_and_merchants",
        s.turns_large_and_merchants,
        0,
        6,
    )?;
    chk("sailing.turns_medium", s.turns_medium, 0, 6)?;
    chk("sailing.reduction", s.reduction, 0, 3)?;
    let g = &r.gunnery;
    for (name, v) in [
        ("dice_per_gun", g.dice_per_gun),
        ("size_step", g.size_step),
        ("short", g.short),
        ("hardened", g.hardened),
        ("raking", g.raking),
        ("scurvy", g.scurvy),
        ("crew_zero", g.crew_zero),
        ("sail_zero", g.sail_zero),
        ("opportunity_return", g.opportunity_return),
    ] {
        chk(&format!("gunnery.{name}"), v, 0, 6)?;
    }
    chk("gunnery.size_steps_max", g.size_steps_max, 0, 2)?;
    chk("gunnery.short_range", g.short_range, 0, 5)?;
    chk("gunnery.min_dice", g.min_dice, 1, 6)?;
    chk("gunnery.hit", g.hit, 1, 6)?;
    chk("gunnery.chaser_range", g.chaser_range, 0, 10)?;
    chk("gunnery.chaser_dice", g.chaser_dice, 0, 6)?;
    chk("gunnery.opportunity_range", g.opportunity_range, 1, 10)?;
    chk("recovery.success", r.recovery.success, 1, 6)?;
    chk(
        "recovery.captured_max_dice",
        r.recovery.captured_max_dice,
        1,
        12,
    )?;
    let b = &r.boarding;
    chk("boarding.base_dice", b.base_dice, 0, 8)?;
    chk("boarding.crew_max", b.crew_max, 0, 6)?;
    chk("boarding.quality", b.quality, 0, 4)?;
    chk("boarding.bigger", b.bigger, 0, 4)?;
    chk("boarding.bigger_steps", b.bigger_steps, 1, 2)?;
    chk("boarding.warship", b.warship, 0, 4)?;
    chk("boarding.success", b.success, 1, 6)?;
    chk("boarding.ownerless_successes", b.ownerless_successes, 0, 4)?;
    chk("hazards.fog_stop_max", r.hazards.fog_stop_max, 0, 6)?;
    chk("hazards.aground_on", r.hazards.aground_on, 1, 6)?;
    chk("hazards.burn_on", r.hazards.burn_on, 1, 6)?;
    Ok(r)
}

/// The embedded ship classes.
pub fn classes() -> &'static [ShipClass] {
    static C: OnceLock<Vec<ShipClass>> = OnceLock::new();
    crate::data_files::embedded_list(&C, CLASSES_TOML, CLASSES_FILE, parse_classes)
}

/// The embedded rule numbers.
pub fn rules() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    crate::data_files::embedded(&R, RULES_TOML, RULES_FILE, parse_rules)
}

/// One ship of a scenario.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScenarioShip {
    pub name: String,
    /// 0 = the convoy (merchant) side, 1 = the buccaneers.
    pub side: u8,
    pub class: ShipClass,
    /// Offset hex (odd-q layout), 0-based.
    pub col: i32,
    pub row: i32,
    /// Facing 0 = N .. 5 = NW.
    pub facing: u8,
    /// Battle hardened crew.
    pub hardened: bool,
    /// Scurvy crew.
    pub scurvy: bool,
}

/// A scenario: map, wind, escape corner, fog, shallows and ships.
///
/// Side 0 is the convoy (the merchant side, which moves first); side 1 the buccaneers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scenario {
    pub id: String,
    pub title: String,
    pub description: String,
    pub source: String,
    pub sides: [String; 2],
    pub cols: i32,
    pub rows: i32,
    /// The facing the wind blows FROM, 0 = N .. 5 = NW.
    pub wind_from: u8,
    /// The escape corner, an index of [`CORNER_NAMES`].
    pub escape_corner: u8,
    /// Fog hexes, offset `[col, row]`.
    pub fog: Vec<[i32; 2]>,
    /// Shallows hexes, offset `[col, row]`.
    pub shallows: Vec<[i32; 2]>,
    /// Where the battle clock ends (the rules' 21 unless the scenario sets its own length;
    /// older saved games, written before scenarios could, read as 21).
    #[serde(default = "standard_clock_length")]
    pub clock_length: u8,
    pub ships: Vec<ScenarioShip>,
}

/// The rules' battle clock length, for scenarios that do not set their own.
fn standard_clock_length() -> u8 {
    rules().clock.length
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    id: String,
    title: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    source: String,
    sides: Vec<String>,
    map: RawMap,
    wind_from: String,
    escape_corner: String,
    #[serde(default)]
    fog: Vec<[i64; 2]>,
    #[serde(default)]
    shallows: Vec<[i64; 2]>,
    /// Ours: the sheet ends the game when the clock's "loop" is completed without giving its
    /// length; the rules notes take Peter Pig's 21, and a scenario may set a longer or shorter
    /// loop (how many turns each side gets).
    #[serde(default)]
    clock: Option<i64>,
    ship: Vec<RawShip>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    cols: i64,
    rows: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawShip {
    name: String,
    side: i64,
    class: String,
    col: i64,
    row: i64,
    facing: String,
    #[serde(default)]
    hardened: bool,
    #[serde(default)]
    scurvy: bool,
}

fn facing_of(file: &str, field: &str, s: &str) -> Result<u8, DataError> {
    Facing::from_name(s.trim()).map(|f| f.0).ok_or_else(|| {
        DataError::invalid(
            file,
            field,
            format!(
                "`{s}` is not a hex facing (one of {})",
                FACING_NAMES.join(", ")
            ),
        )
    })
}

fn hexes(file: &str, field: &str, v: &[[i64; 2]]) -> Result<Vec<[i32; 2]>, DataError> {
    v.iter()
        .enumerate()
        .map(|(i, [c, r])| {
            Ok([
                int(
                    file,
                    &format!("{field}[{i}][0]"),
                    *c,
                    0,
                    MAX_COLS as i64 - 1,
                )? as i32,
                int(
                    file,
                    &format!("{field}[{i}][1]"),
                    *r,
                    0,
                    MAX_ROWS as i64 - 1,
                )? as i32,
            ])
        })
        .collect()
}

/// Parses and checks a scenario file's text.
pub fn parse_scenario(text: &str, file: &str) -> Result<Scenario, DataError> {
    let raw: RawScenario = from_toml(text, file)?;
    let sides: [String; 2] = match raw.sides.as_slice() {
        [a, b] => [a.clone(), b.clone()],
        _ => {
            return Err(DataError::invalid(
                file,
                "sides",
                format!("expected two side names, found {}", raw.sides.len()),
            ))
        }
    };
    let cols = int(
        file,
        "map.cols",
        raw.map.cols,
        MIN_SIDE.into(),
        MAX_COLS.into(),
    )? as i32;
    let rows = int(
        file,
        "map.rows",
        raw.map.rows,
        MIN_SIDE.into(),
        MAX_ROWS.into(),
    )? as i32;
    let escape_corner = CORNER_NAMES
        .iter()
        .position(|n| n.eq_ignore_ascii_case(raw.escape_corner.trim()))
        .ok_or_else(|| {
            DataError::invalid(
                file,
                "escape_corner",
                format!(
                    "`{}` is not a corner (one of {})",
                    raw.escape_corner,
                    CORNER_NAMES.join(", ")
                ),
            )
        })? as u8;
    let mut ships = Vec::new();
    for (i, s) in raw.ship.iter().enumerate() {
        let f = |name: &str| format!("ship[{i}].{name}");
        let class = classes()
            .iter()
            .find(|c| c.id == s.class)
            .cloned()
            .ok_or_else(|| {
                DataError::invalid(
                    file,
                    f("class"),
                    format!(
                        "unknown class `{}` (known: {})",
                        s.class,
                        classes()
                            .iter()
                            .map(|c| c.id.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
            })?;
        ships.push(ScenarioShip {
            name: s.name.clone(),
            side: int(file, &f("side"), s.side, 0, 1)? as u8,
            class,
            col: int(file, &f("col"), s.col, 0, MAX_COLS as i64 - 1)? as i32,
            row: int(file, &f("row"), s.row, 0, MAX_ROWS as i64 - 1)? as i32,
            facing: facing_of(file, &f("facing"), &s.facing)?,
            hardened: s.hardened,
            scurvy: s.scurvy,
        });
    }
    let sc = Scenario {
        id: raw.id,
        title: raw.title,
        description: raw.description,
        source: raw.source,
        sides,
        cols,
        rows,
        wind_from: facing_of(file, "wind_from", &raw.wind_from)?,
        escape_corner,
        fog: hexes(file, "fog", &raw.fog)?,
        shallows: hexes(file, "shallows", &raw.shallows)?,
        clock_length: match raw.clock {
            Some(n) => int(
                file,
                "clock",
                n,
                MIN_CLOCK_LENGTH.into(),
                MAX_CLOCK_LENGTH.into(),
            )? as u8,
            None => standard_clock_length(),
        },
        ships,
    };
    sc.validate(file)?;
    Ok(sc)
}

impl Scenario {
    /// The map.
    pub fn map(&self) -> HexMap {
        HexMap {
            cols: self.cols,
            rows: self.rows,
        }
    }

    /// The hex in the escape corner itself.
    pub fn corner_hex(&self) -> Hex {
        corner_hex(self.map(), self.escape_corner)
    }

    /// Checks what the rules need of a scenario: the one check of every door (a TOML file
    /// and a saved game's JSON alike).
    pub fn validate(&self, file: &str) -> Result<(), DataError> {
        let bad = |field: String, problem: String| Err(DataError::invalid(file, field, problem));
        crate::data_files::check_scenario_id(&self.id, file)?;
        let names: Vec<&str> = self.ships.iter().map(|s| s.name.as_str()).collect();
        crate::data_files::check_names(
            file,
            &self.title,
            &self.description,
            [&self.sides[0], &self.sides[1]],
            &names,
        )?;
        if !(MIN_SIDE..=MAX_COLS).contains(&self.cols)
            || !(MIN_SIDE..=MAX_ROWS).contains(&self.rows)
        {
            return bad(
                "map".into(),
                format!(
                    "{} x {} is outside {MIN_SIDE}..={MAX_COLS} columns, {MIN_SIDE}..={MAX_ROWS} rows",
                    self.cols, self.rows
                ),
            );
        }
        if self.wind_from >= 6 {
            return bad(
                "wind_from".into(),
                format!("{} is not 0..6", self.wind_from),
            );
        }
        if !(MIN_CLOCK_LENGTH..=MAX_CLOCK_LENGTH).contains(&self.clock_length) {
            return bad(
                "clock".into(),
                format!(
                    "{} is outside {MIN_CLOCK_LENGTH}..={MAX_CLOCK_LENGTH}",
                    self.clock_length
                ),
            );
        }
        if self.escape_corner >= 4 {
            return bad(
                "escape_corner".into(),
                format!("{} is not 0..4", self.escape_corner),
            );
        }
        let on_map = |[c, r]: [i32; 2]| c >= 0 && r >= 0 && c < self.cols && r < self.rows;
        for (name, list, cap) in [
            ("fog", &self.fog, MAX_FOG),
            ("shallows", &self.shallows, MAX_SHALLOWS),
        ] {
            if list.len() > cap {
                return bad(name.into(), format!("{} hexes; at most {cap}", list.len()));
            }
            for (i, &h) in list.iter().enumerate() {
                if !on_map(h) {
                    return bad(format!("{name}[{i}]"), format!("{h:?} is off the map"));
                }
                if list[..i].contains(&h) {
                    return bad(format!("{name}[{i}]"), format!("{h:?} listed twice"));
                }
            }
        }
        if self.ships.len() > MAX_SHIPS {
            return bad(
                "ship".into(),
                format!("{} ships; at most {MAX_SHIPS}", self.ships.len()),
            );
        }
        for side in 0..2u8 {
            if !self.ships.iter().any(|s| s.side == side) {
                return bad("ship".into(), format!("side {side} has no ships"));
            }
        }
        let exit = self.corner_hex();
        for (i, s) in self.ships.iter().enumerate() {
            let at = format!("ship[{i}]");
            check_class(&s.class, file, &format!("{at}.class"))?;
            if s.side > 1 {
                return bad(format!("{at}.side"), format!("{} is not 0 or 1", s.side));
            }
            if s.facing >= 6 {
                return bad(format!("{at}.facing"), format!("{} is not 0..6", s.facing));
            }
            if !s.class.warship && s.side != 0 {
                return bad(
                    format!("{at}.side"),
                    format!(
                        "`{}` is a merchant; merchants sail with side 0, the convoy",
                        s.name
                    ),
                );
            }
            if !on_map([s.col, s.row]) {
                return bad(
                    format!("{at}.col/row"),
                    format!("`{}` at ({}, {}) is off the map", s.name, s.col, s.row),
                );
            }
            if let Some(o) = self.ships[..i]
                .iter()
                .find(|o| o.col == s.col && o.row == s.row)
            {
                return bad(
                    format!("{at}.col/row"),
                    format!("`{}` shares its hex with `{}`", s.name, o.name),
                );
            }
            if Hex::from_offset(s.col, s.row).distance(exit) <= 1 && !s.class.warship {
                return bad(
                    format!("{at}.col/row"),
                    format!("merchant `{}` starts in the escape corner", s.name),
                );
            }
        }
        Ok(())
    }
}

/// The corner hex of `corner` (an index of [`CORNER_NAMES`]) on `map`.
pub fn corner_hex(map: HexMap, corner: u8) -> Hex {
    let (c, r) = match corner {
        0 => (0, 0),
        1 => (map.cols - 1, 0),
        2 => (map.cols - 1, map.rows - 1),
        _ => (0, map.rows - 1),
    };
    Hex::from_offset(c, r)
}

/// The embedded scenarios, default first.
pub fn builtin_scenarios() -> &'static [Scenario] {
    static S: OnceLock<Vec<Scenario>> = OnceLock::new();
    crate::data_files::embedded_scenarios(
        &S,
        RULESET,
        "poe/scenarios",
        &BUILTIN_SCENARIO_FILES,
        parse_scenario,
    )
}

/// The built-in scenario with this id; [`DataError::UnknownScenario`] lists the known ids.
pub fn builtin_scenario(id: &str) -> Result<Scenario, DataError> {
    <super::PoeRuleset as crate::ruleset::Ruleset>::builtin_scenario(id)
}

/// Reads and parses a scenario file; a read failure is [`DataError::Io`] naming the path.
pub fn load_scenario_file(path: &Path) -> Result<Scenario, DataError> {
    <super::PoeRuleset as crate::ruleset::Ruleset>::load_scenario_file(path)
}
