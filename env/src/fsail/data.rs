//! Rules data of Fighting Sail: ship profiles, rule numbers and scenarios, embedded from
//! `env/data/fsail/` and checked on load. Every error names the file and the field.
//!
//! - `profiles.toml`: Sailing, Gunnery, Hull, Boarding, Discipline, cost and footprint of
//!   each ship type ([`profiles`]).
//! - `rules.toml`: targets by attitude, ranges, hit and explosion targets, the Hull save,
//!   boarding, flagship, weather and the turn limit ([`rules`]).
//! - `scenarios/*.toml`: table size, wind, weather deck option, ships placed by mainmast
//!   position (inches) and heading (degrees), optional terrain ([`builtin_scenarios`]).

use std::path::Path;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::data_files::{from_toml, RawTable};
use crate::error::DataError;
use crate::plane::{on_table, rects_overlap, Point, Rect, MILS_PER_INCH};

/// Shortest and longest table side, in inches (scenario files and saved games alike).
const TABLE_INCHES: (i32, i32) = (6, 120);
/// Longest game, in turns.
const MAX_TURN_LIMIT: u16 = 500;

/// Most ships in a scenario, both sides together.
pub const MAX_SHIPS: usize = 16;
/// Most ships of one side (the catalogue's `ship:k` and `fire:i>j` indices).
pub const MAX_PER_SIDE: usize = 8;
/// Most pieces of terrain in a scenario.
pub const MAX_TERRAIN: usize = 4;
/// Largest value of a ship statistic (dice pools are split into chance nodes of at most
/// this many dice).
pub const MAX_STAT: u8 = 12;
/// The scenario a game gets when none is named.
pub const DEFAULT_SCENARIO: &str = "fleet-action";
/// Names of the eight wind points, clockwise from north.
pub const WIND_NAMES: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

const RULESET: &str = "fsail";
const PROFILES_FILE: &str = "fsail/profiles.toml";
const PROFILES_TOML: &str = include_str!("../../data/fsail/profiles.toml");
const RULES_FILE: &str = "fsail/rules.toml";
const RULES_TOML: &str = include_str!("../../data/fsail/rules.toml");
const BUILTIN_SCENARIO_FILES: [(&str, &str); 4] = [
    (
        "fleet-action.toml",
        include_str!("../../data/fsail/scenarios/fleet-action.toml"),
    ),
    (
        "frigate-duel.toml",
        include_str!("../../data/fsail/scenarios/frigate-duel.toml"),
    ),
    (
        "even-duel.toml",
        include_str!("../../data/fsail/scenarios/even-duel.toml"),
    ),
    (
        "three-vs-three.toml",
        include_str!("../../data/fsail/scenarios/three-vs-three.toml"),
    ),
];

/// A ship type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profile {
    pub id: String,
    pub name: String,
    pub sailing: u8,
    pub gunnery: u8,
    pub hull: u8,
    pub boarding: u8,
    pub discipline: u8,
    pub cost: u16,
    /// Footprint length, mils.
    pub length: i32,
    /// Footprint beam, mils.
    pub beam: i32,
    pub source: String,
}

/// The rule numbers of `rules.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// Sailing target by attitude: `[in irons, close-hauled, reaching, running]`.
    pub sail_target: [u8; 4],
    /// Attitude boundaries in degrees: close-hauled from, reaching from, running from.
    pub attitude_from: [u16; 3],
    /// Distance of one sailing point, mils.
    pub move_mils: i32,
    pub manoeuvre_turn: u16,
    pub tack_wear_turn: u16,
    pub tack_cost: u8,
    pub wear_cost: u8,
    pub anchor_dice_penalty: u8,
    /// Range bands (short, medium, long), mils.
    pub ranges: [i32; 3],
    pub hit: [u8; 3],
    pub explode: [u8; 3],
    pub hull_save: u8,
    pub boarding_hit: u8,
    /// Boarding distance (closest points), mils.
    pub boarding_range: i32,
    pub flagship_discipline: u8,
    pub flagship_cost: u16,
    pub gale_sailing_bonus: u8,
    pub gale_hit_penalty: u8,
    pub default_turn_limit: u16,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProfiles {
    profile: Vec<RawProfile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProfile {
    id: String,
    name: String,
    sailing: i64,
    gunnery: i64,
    hull: i64,
    boarding: i64,
    discipline: i64,
    cost: i64,
    length: f64,
    beam: f64,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRules {
    sailing: RawSailing,
    shooting: RawShooting,
    boarding: RawBoarding,
    morale: RawMorale,
    weather: RawWeather,
    game: RawGameRules,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSailing {
    reaching: i64,
    running: i64,
    close_hauled: i64,
    in_irons: i64,
    close_hauled_from: i64,
    reaching_from: i64,
    running_from: i64,
    #[serde(rename = "move")]
    move_inches: f64,
    manoeuvre_turn: i64,
    tack_wear_turn: i64,
    tack_cost: i64,
    wear_cost: i64,
    anchor_dice_penalty: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawShooting {
    short: f64,
    medium: f64,
    long: f64,
    hit: [i64; 3],
    explode: [i64; 3],
    hull_save: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoarding {
    hit: i64,
    range: f64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMorale {
    flagship_discipline: i64,
    flagship_cost: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWeather {
    gale_sailing_bonus: i64,
    gale_hit_penalty: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGameRules {
    default_turn_limit: i64,
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

/// Inches (a decimal number) to mils, checked against `lo..=hi` inches.
fn inches(file: &str, field: &str, v: f64, lo: f64, hi: f64) -> Result<i32, DataError> {
    if !v.is_finite() || v < lo || v > hi {
        return Err(DataError::invalid(
            file,
            field,
            format!("{v} inches is outside {lo}..={hi}"),
        ));
    }
    Ok((v * MILS_PER_INCH as f64).round() as i32)
}

/// Parses and checks `profiles.toml`.
pub fn parse_profiles(text: &str, file: &str) -> Result<Vec<Profile>, DataError> {
    let raw: RawProfiles = from_toml(text, file)?;
    let mut out: Vec<Profile> = Vec::new();
    for (i, p) in raw.profile.into_iter().enumerate() {
        let f = |name: &str| format!("profile[{i}].{name}");
        let stat = |name: &str, v: i64, lo: i64| -> Result<u8, DataError> {
            Ok(int(file, &f(name), v, lo, MAX_STAT as i64)? as u8)
        };
        if p.id.trim().is_empty() {
            return Err(DataError::invalid(file, f("id"), "empty"));
        }
        if out.iter().any(|q| q.id == p.id) {
            return Err(DataError::invalid(
                file,
                f("id"),
                format!("duplicate id `{}`", p.id),
            ));
        }
        out.push(Profile {
            sailing: stat("sailing", p.sailing, 1)?,
            gunnery: stat("gunnery", p.gunnery, 1)?,
            hull: stat("hull", p.hull, 1)?,
            boarding: stat("boarding", p.boarding, 1)?,
            discipline: stat("discipline", p.discipline, 2)?,
            cost: int(file, &f("cost"), p.cost, 0, 1000)? as u16,
            length: inches(file, &f("length"), p.length, 0.5, 12.0)?,
            beam: inches(file, &f("beam"), p.beam, 0.2, 4.0)?,
            id: p.id,
            name: p.name,
            source: p.source,
        });
    }
    if out.is_empty() {
        return Err(DataError::invalid(file, "profile", "no profiles"));
    }
    Ok(out)
}

/// Parses and checks `rules.toml`.
pub fn parse_rules(text: &str, file: &str) -> Result<Rules, DataError> {
    let r: RawRules = from_toml(text, file)?;
    let d6 =
        |field: &str, v: i64| -> Result<u8, DataError> { Ok(int(file, field, v, 1, 7)? as u8) };
    let s = &r.sailing;
    let deg = |field: &str, v: i64, lo: i64, hi: i64| -> Result<u16, DataError> {
        Ok(int(file, field, v, lo, hi)? as u16)
    };
    let attitude_from = [
        deg("sailing.close_hauled_from", s.close_hauled_from, 1, 178)?,
        deg("sailing.reaching_from", s.reaching_from, 2, 179)?,
        deg("sailing.running_from", s.running_from, 3, 180)?,
    ];
    if !(attitude_from[0] < attitude_from[1] && attitude_from[1] < attitude_from[2]) {
        return Err(DataError::invalid(
            file,
            "sailing.*_from",
            "attitude boundaries must increase: close-hauled < reaching < running",
        ));
    }
    let manoeuvre_turn = deg("sailing.manoeuvre_turn", s.manoeuvre_turn, 0, 90)?;
    let tack_wear_turn = deg("sailing.tack_wear_turn", s.tack_wear_turn, 15, 90)?;
    if manoeuvre_turn % 15 != 0 || tack_wear_turn % 15 != 0 {
        return Err(DataError::invalid(
            file,
            "sailing.manoeuvre_turn / tack_wear_turn",
            "turns are offered in 15-degree steps, so the limits must be multiples of 15",
        ));
    }
    let sh = &r.shooting;
    let ranges = [
        inches(file, "shooting.short", sh.short, 0.5, 100.0)?,
        inches(file, "shooting.medium", sh.medium, 0.5, 100.0)?,
        inches(file, "shooting.long", sh.long, 0.5, 100.0)?,
    ];
    if !(ranges[0] < ranges[1] && ranges[1] < ranges[2]) {
        return Err(DataError::invalid(
            file,
            "shooting.short/medium/long",
            "ranges must increase",
        ));
    }
    let mut hit = [0u8; 3];
    let mut explode = [0u8; 3];
    for k in 0..3 {
        hit[k] = d6(&format!("shooting.hit[{k}]"), sh.hit[k])?;
        explode[k] = d6(&format!("shooting.explode[{k}]"), sh.explode[k])?;
        if explode[k] < hit[k] {
            return Err(DataError::invalid(
                file,
                format!("shooting.explode[{k}]"),
                "an explosion must also be a hit (explode >= hit)",
            ));
        }
    }
    Ok(Rules {
        sail_target: [
            d6("sailing.in_irons", s.in_irons)?,
            d6("sailing.close_hauled", s.close_hauled)?,
            d6("sailing.reaching", s.reaching)?,
            d6("sailing.running", s.running)?,
        ],
        attitude_from,
        move_mils: inches(file, "sailing.move", s.move_inches, 0.5, 12.0)?,
        manoeuvre_turn,
        tack_wear_turn,
        tack_cost: int(file, "sailing.tack_cost", s.tack_cost, 1, 6)? as u8,
        wear_cost: int(file, "sailing.wear_cost", s.wear_cost, 1, 6)? as u8,
        anchor_dice_penalty: int(
            file,
            "sailing.anchor_dice_penalty",
            s.anchor_dice_penalty,
            0,
            12,
        )? as u8,
        ranges,
        hit,
        explode,
        hull_save: d6("shooting.hull_save", sh.hull_save)?,
        boarding_hit: d6("boarding.hit", r.boarding.hit)?,
        boarding_range: inches(file, "boarding.range", r.boarding.range, 0.0, 12.0)?,
        flagship_discipline: int(
            file,
            "morale.flagship_discipline",
            r.morale.flagship_discipline,
            0,
            10,
        )? as u8,
        flagship_cost: int(file, "morale.flagship_cost", r.morale.flagship_cost, 0, 100)? as u16,
        gale_sailing_bonus: int(
            file,
            "weather.gale_sailing_bonus",
            r.weather.gale_sailing_bonus,
            0,
            5,
        )? as u8,
        gale_hit_penalty: int(
            file,
            "weather.gale_hit_penalty",
            r.weather.gale_hit_penalty,
            0,
            5,
        )? as u8,
        default_turn_limit: int(
            file,
            "game.default_turn_limit",
            r.game.default_turn_limit,
            1,
            500,
        )? as u16,
    })
}

/// The embedded ship profiles.
pub fn profiles() -> &'static [Profile] {
    static P: OnceLock<Vec<Profile>> = OnceLock::new();
    crate::data_files::embedded_list(&P, PROFILES_TOML, PROFILES_FILE, parse_profiles)
}

/// The embedded rule numbers.
pub fn rules() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    crate::data_files::embedded(&R, RULES_TOML, RULES_FILE, parse_rules)
}

/// One ship of a scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScenarioShip {
    pub name: String,
    pub side: u8,
    pub profile: Profile,
    pub flagship: bool,
    /// Starting base: mainmast position (mils) and heading.
    pub base: Rect,
}

/// A piece of terrain: blocks movement and line of sight.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Terrain {
    pub name: String,
    pub rect: Rect,
}

/// A scenario: table, wind, options, ships and terrain.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    pub id: String,
    pub title: String,
    pub description: String,
    pub source: String,
    /// The wind point the wind blows FROM, 0 = N ... 7 = NW.
    pub wind_from: u8,
    /// Whether the weather deck (advanced rule) is in use.
    pub weather_deck: bool,
    /// The game ends on morale after this many turns.
    pub turn_limit: u16,
    pub sides: [String; 2],
    /// Table width (x) and depth (y), mils.
    pub table: [i32; 2],
    pub ships: Vec<ScenarioShip>,
    pub terrain: Vec<Terrain>,
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
    wind_from: String,
    #[serde(default)]
    weather_deck: bool,
    turn_limit: Option<i64>,
    sides: Vec<String>,
    table: RawTable,
    ship: Vec<RawShip>,
    #[serde(default)]
    terrain: Vec<RawTerrain>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawShip {
    name: String,
    side: i64,
    profile: String,
    x: f64,
    y: f64,
    heading: i64,
    #[serde(default)]
    flagship: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerrain {
    name: String,
    x: f64,
    y: f64,
    length: f64,
    width: f64,
    #[serde(default)]
    heading: i64,
}

/// Parses and checks a scenario file's text.
pub fn parse_scenario(text: &str, file: &str) -> Result<Scenario, DataError> {
    let raw: RawScenario = from_toml(text, file)?;
    let wind_from = WIND_NAMES
        .iter()
        .position(|w| w.eq_ignore_ascii_case(raw.wind_from.trim()))
        .ok_or_else(|| {
            DataError::invalid(
                file,
                "wind_from",
                format!(
                    "`{}` is not a wind point (one of {})",
                    raw.wind_from,
                    WIND_NAMES.join(", ")
                ),
            )
        })? as u8;
    let table = [
        inches(
            file,
            "table.width",
            raw.table.width,
            TABLE_INCHES.0.into(),
            TABLE_INCHES.1.into(),
        )?,
        inches(
            file,
            "table.depth",
            raw.table.depth,
            TABLE_INCHES.0.into(),
            TABLE_INCHES.1.into(),
        )?,
    ];
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
    let turn_limit = match raw.turn_limit {
        Some(t) => int(file, "turn_limit", t, 1, MAX_TURN_LIMIT.into())? as u16,
        None => rules().default_turn_limit,
    };
    let mut ships = Vec::new();
    for (i, s) in raw.ship.iter().enumerate() {
        let f = |name: &str| format!("ship[{i}].{name}");
        let profile = profiles()
            .iter()
            .find(|p| p.id == s.profile)
            .cloned()
            .ok_or_else(|| {
                DataError::invalid(
                    file,
                    f("profile"),
                    format!(
                        "unknown profile `{}` (known: {})",
                        s.profile,
                        profiles()
                            .iter()
                            .map(|p| p.id.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
            })?;
        let side = int(file, &f("side"), s.side, 0, 1)? as u8;
        let heading = int(file, &f("heading"), s.heading, 0, 359)? as u16;
        let centre = Point::new(
            inches(file, &f("x"), s.x, 0.0, 120.0)?,
            inches(file, &f("y"), s.y, 0.0, 120.0)?,
        );
        ships.push(ScenarioShip {
            name: s.name.clone(),
            side,
            flagship: s.flagship,
            base: Rect::new(centre, heading, profile.length, profile.beam),
            profile,
        });
    }
    let mut terrain = Vec::new();
    for (i, t) in raw.terrain.iter().enumerate() {
        let f = |name: &str| format!("terrain[{i}].{name}");
        let centre = Point::new(
            inches(file, &f("x"), t.x, 0.0, 120.0)?,
            inches(file, &f("y"), t.y, 0.0, 120.0)?,
        );
        terrain.push(Terrain {
            name: t.name.clone(),
            rect: Rect::new(
                centre,
                int(file, &f("heading"), t.heading, 0, 359)? as u16,
                inches(file, &f("length"), t.length, 0.1, 60.0)?,
                inches(file, &f("width"), t.width, 0.1, 60.0)?,
            ),
        });
    }
    let sc = Scenario {
        id: raw.id,
        title: raw.title,
        description: raw.description,
        source: raw.source,
        wind_from,
        weather_deck: raw.weather_deck,
        turn_limit,
        sides,
        table,
        ships,
        terrain,
    };
    sc.validate(file)?;
    Ok(sc)
}

impl Scenario {
    /// Checks what the rules need of a scenario (also for scenarios inside saved games).
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
        // Every coordinate and size within the file parser's bounds before any geometry is
        // computed: near the i32 limits the plane's arithmetic would overflow.
        let mils = |inches: f64| (inches * f64::from(MILS_PER_INCH)).round() as i32;
        let within = |v: i32, lo: f64, hi: f64| (mils(lo)..=mils(hi)).contains(&v);
        for (i, t) in self.terrain.iter().enumerate() {
            let r = &t.rect;
            if !within(r.centre.x, 0.0, 120.0) || !within(r.centre.y, 0.0, 120.0) {
                return bad(
                    format!("terrain[{i}].x/y"),
                    "outside 0..=120 inches".into(),
                );
            }
            if !within(r.length, 0.1, 60.0) || !within(r.beam, 0.1, 60.0) || r.heading >= 360 {
                return bad(
                    format!("terrain[{i}]"),
                    "length and width must be 0.1..=60 inches, heading 0..=359".into(),
                );
            }
        }
        for (i, s) in self.ships.iter().enumerate() {
            let c = s.base.centre;
            if !within(c.x, 0.0, 120.0) || !within(c.y, 0.0, 120.0) {
                return bad(format!("ship[{i}].x/y"), "outside 0..=120 inches".into());
            }
        }
        if self.wind_from >= 8 {
            return bad(
                "wind_from".into(),
                format!("{} is not 0..8", self.wind_from),
            );
        }
        if !(1..=MAX_TURN_LIMIT).contains(&self.turn_limit) {
            return bad(
                "turn_limit".into(),
                format!("{} is outside 1..={MAX_TURN_LIMIT}", self.turn_limit),
            );
        }
        // The same bounds as the file parser's, for scenarios that come from elsewhere
        // (a saved game's JSON).
        let (lo, hi) = TABLE_INCHES;
        if !self
            .table
            .iter()
            .all(|v| (lo * MILS_PER_INCH..=hi * MILS_PER_INCH).contains(v))
        {
            return bad(
                "table".into(),
                format!(
                    "{} x {} mils is outside {lo}..={hi} inches a side",
                    self.table[0], self.table[1]
                ),
            );
        }
        if self.sides.iter().any(|s| s.trim().is_empty()) {
            return bad("sides".into(), "a side has no name".into());
        }
        for (i, t) in self.terrain.iter().enumerate() {
            let r = &t.rect;
            if r.length <= 0 || r.beam <= 0 || r.heading >= 360 {
                return bad(format!("terrain[{i}]"), "bad size or heading".into());
            }
        }
        if self.ships.len() > MAX_SHIPS {
            return bad(
                "ship".into(),
                format!("{} ships; at most {MAX_SHIPS}", self.ships.len()),
            );
        }
        if self.terrain.len() > MAX_TERRAIN {
            return bad(
                "terrain".into(),
                format!("{} pieces; at most {MAX_TERRAIN}", self.terrain.len()),
            );
        }
        for side in 0..2u8 {
            let n = self.ships.iter().filter(|s| s.side == side).count();
            if n == 0 || n > MAX_PER_SIDE {
                return bad(
                    "ship".into(),
                    format!("side {side} has {n} ships; each side needs 1..={MAX_PER_SIDE}"),
                );
            }
            if self
                .ships
                .iter()
                .filter(|s| s.side == side && s.flagship)
                .count()
                > 1
            {
                return bad("ship".into(), format!("side {side} has two flagships"));
            }
        }
        let [w, d] = self.table;
        for (i, s) in self.ships.iter().enumerate() {
            let p = &s.profile;
            let stats = [p.sailing, p.gunnery, p.hull, p.boarding, p.discipline];
            if s.side > 1 || stats.iter().any(|&v| v == 0 || v > MAX_STAT) {
                return bad(
                    format!("ship[{i}]"),
                    format!("side or a statistic out of range (stats 1..={MAX_STAT})"),
                );
            }
            if s.base.length <= 0 || s.base.beam <= 0 || s.base.heading >= 360 {
                return bad(format!("ship[{i}]"), "bad footprint or heading".into());
            }
            if s.name.trim().is_empty() {
                return bad(format!("ship[{i}].name"), "empty".into());
            }
            // A ship is one of the known profiles, as in a scenario file, with that
            // profile's footprint.
            let known = profiles().iter().find(|p| p.id == s.profile.id);
            if known != Some(&s.profile)
                || s.base.length != s.profile.length
                || s.base.beam != s.profile.beam
            {
                return bad(
                    format!("ship[{i}].profile"),
                    format!(
                        "`{}` is not a known profile as this version defines it",
                        s.profile.id
                    ),
                );
            }
            if !on_table(&s.base, w, d) {
                return bad(
                    format!("ship[{i}].x/y"),
                    format!("`{}` is not wholly on the table", s.name),
                );
            }
            if self.ships[..i].iter().any(|o| o.name == s.name) {
                return bad(format!("ship[{i}].name"), format!("duplicate `{}`", s.name));
            }
            if let Some(j) = self.ships[..i]
                .iter()
                .position(|o| rects_overlap(&o.base, &s.base))
            {
                return bad(
                    format!("ship[{i}].x/y"),
                    format!("`{}` overlaps `{}`", s.name, self.ships[j].name),
                );
            }
            if let Some(t) = self
                .terrain
                .iter()
                .find(|t| rects_overlap(&t.rect, &s.base))
            {
                return bad(
                    format!("ship[{i}].x/y"),
                    format!("`{}` overlaps terrain `{}`", s.name, t.name),
                );
            }
        }
        Ok(())
    }

    /// Starting fleet morale of a side: the sum of its ships' Hull.
    pub fn starting_morale(&self, side: u8) -> i16 {
        self.ships
            .iter()
            .filter(|s| s.side == side)
            .map(|s| s.profile.hull as i16)
            .sum()
    }

    /// Points of a side (flagship extra cost included).
    pub fn points(&self, side: u8) -> u32 {
        self.ships
            .iter()
            .filter(|s| s.side == side)
            .map(|s| {
                s.profile.cost as u32
                    + if s.flagship {
                        rules().flagship_cost as u32
                    } else {
                        0
                    }
            })
            .sum()
    }
}

/// The embedded scenarios, default first.
pub fn builtin_scenarios() -> &'static [Scenario] {
    static S: OnceLock<Vec<Scenario>> = OnceLock::new();
    crate::data_files::embedded_scenarios(
        &S,
        RULESET,
        "fsail/scenarios",
        &BUILTIN_SCENARIO_FILES,
        parse_scenario,
    )
}

/// The built-in scenario with this id; [`DataError::UnknownScenario`] lists the known ids.
pub fn builtin_scenario(id: &str) -> Result<Scenario, DataError> {
    <super::FsailRuleset as crate::ruleset::Ruleset>::builtin_scenario(id)
}

/// Reads and parses a scenario file; a read failure is [`DataError::Io`] naming the path.
pub fn load_scenario_file(path: &Path) -> Result<Scenario, DataError> {
    <super::FsailRuleset as crate::ruleset::Ruleset>::load_scenario_file(path)
}
