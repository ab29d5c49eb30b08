//! Scenarios: the embedded ones and scenario files, parsed and validated.

use std::collections::HashSet;
use std::path::Path;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::data_files::from_toml;
use crate::error::DataError;
use crate::hex::{Facing, Hex, HexMap, ShipPos, FACING_NAMES};

use super::ships::finish_spec;
use super::{
    ship_specs, CrewQuality, ShipSpec, MAX_PLANE_COLS, MAX_PLANE_ROWS, MAX_SHIPS, MIN_MAP_SIDE,
};

/// Name of this ruleset in [`DataError::UnknownScenario`].
const RULESET: &str = "wsim";

/// Embedded scenario files `(file name, text)`, default first, then in a fixed order.
const BUILTIN_SCENARIO_FILES: [(&str, &str); 6] = [
    (
        "squadron-battle.toml",
        include_str!("../../../data/wsim/scenarios/squadron-battle.toml"),
    ),
    (
        "frigate-duel.toml",
        include_str!("../../../data/wsim/scenarios/frigate-duel.toml"),
    ),
    (
        "three-vs-three.toml",
        include_str!("../../../data/wsim/scenarios/three-vs-three.toml"),
    ),
    (
        "ranger-vs-drake.toml",
        include_str!("../../../data/wsim/scenarios/ranger-vs-drake.toml"),
    ),
    (
        "flamborough-head.toml",
        include_str!("../../../data/wsim/scenarios/flamborough-head.toml"),
    ),
    (
        "arbuthnot-des-touches.toml",
        include_str!("../../../data/wsim/scenarios/arbuthnot-des-touches.toml"),
    ),
];

/// A scenario: the map, the wind, the two sides and their ships in starting positions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    /// Short id, as used on the command line (`"squadron-battle"`).
    pub id: String,
    /// Title for people.
    pub title: String,
    /// What the scenario is about (may be empty).
    pub description: String,
    /// Where its ships, wind and positions come from.
    pub source: String,
    /// Map size.
    pub map: HexMap,
    /// The hex direction the wind blows FROM (fixed for the game).
    pub wind_from: Facing,
    /// Names of side 0 and side 1 (e.g. "American", "British").
    pub sides: [String; 2],
    /// Ships of both sides, in file order.
    pub ships: Vec<ScenarioShip>,
}

/// One ship of a scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScenarioShip {
    /// Name, unique within the scenario.
    pub name: String,
    /// Side 0 or 1.
    pub side: u8,
    /// Nation whose flag it flies (defaults to the side's name).
    pub nation: String,
    /// Its specification, with the scenario's overrides applied.
    pub spec: ShipSpec,
    /// Starting position: bow hex and facing.
    pub pos: ShipPos,
}

impl Scenario {
    /// Whether each side has exactly one ship (single-ship victory conditions apply).
    pub fn is_single_ship(&self) -> bool {
        (0..2).all(|side| self.ships.iter().filter(|s| s.side == side).count() == 1)
    }
}

/// The scenarios embedded from `env/data/wsim/scenarios/`, parsed once, in a stable
/// order with [`DEFAULT_SCENARIO`](super::DEFAULT_SCENARIO) first.
pub fn builtin_scenarios() -> &'static [Scenario] {
    static SCENARIOS: OnceLock<Vec<Scenario>> = OnceLock::new();
    crate::data_files::embedded_scenarios(
        &SCENARIOS,
        RULESET,
        "wsim/scenarios",
        &BUILTIN_SCENARIO_FILES,
        parse_scenario,
    )
}

/// The built-in scenario with this id; [`DataError::UnknownScenario`] lists the known ids.
pub fn builtin_scenario(id: &str) -> Result<Scenario, DataError> {
    <crate::wsim::WsimRuleset as crate::ruleset::Ruleset>::builtin_scenario(id)
}

/// Reads and parses a scenario file; a read failure is [`DataError::Io`] naming the path.
pub fn load_scenario_file(path: &Path) -> Result<Scenario, DataError> {
    <crate::wsim::WsimRuleset as crate::ruleset::Ruleset>::load_scenario_file(path)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    id: String,
    title: String,
    #[serde(default)]
    description: String,
    source: String,
    wind_from: String,
    sides: Vec<String>,
    map: RawMap,
    ship: Vec<RawShip>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    cols: i64,
    rows: i64,
}

/// A ship as written: placement, and optional overrides of any spec field but its id.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawShip {
    name: String,
    side: i64,
    nation: Option<String>,
    spec: i64,
    col: i64,
    row: i64,
    facing: String,
    battle_sail: Option<i64>,
    full_sail: Option<i64>,
    turn_allowance: Option<i64>,
    nominal_guns: Option<i64>,
    class: Option<i64>,
    hull: Option<i64>,
    crew_quality: Option<String>,
    crew: Option<Vec<i64>>,
    guns: Option<Vec<i64>>,
    carronades: Option<Vec<i64>>,
    rigging: Option<Vec<i64>>,
    points: Option<i64>,
    kind: Option<String>,
}

/// Parses a scenario in the TOML layout of `env/data/wsim/scenarios/*.toml` (see the
/// README there) and validates it. `file` names the source in errors.
///
/// Syntax errors and unknown or missing keys give [`DataError::Parse`]; every other
/// problem gives [`DataError::Invalid`] naming the field, ships as `ship #N (name).field`
/// counting from 1: unknown spec ids, bad overrides, sides other than 0 and 1, a side
/// without ships, more than [`MAX_SHIPS`] ships, maps outside
/// [`MIN_MAP_SIDE`]..=[`MAX_PLANE_COLS`] x [`MIN_MAP_SIDE`]..=[`MAX_PLANE_ROWS`], unknown
/// facing names, ships with a hex off the map, overlapping ships, and empty or repeated
/// names.
pub fn parse_scenario(text: &str, file: &str) -> Result<Scenario, DataError> {
    let raw: RawScenario = from_toml(text, file)?;
    let bad = |field: &str, problem: String| DataError::invalid(file, field, problem);

    let id = raw.id.trim();
    crate::data_files::check_scenario_id(id, file)?;
    for (field, value) in [("title", &raw.title), ("source", &raw.source)] {
        if value.trim().is_empty() {
            return Err(bad(field, "must not be empty".to_string()));
        }
    }
    let wind_from = parse_facing(&raw.wind_from)
        .ok_or_else(|| bad("wind_from", bad_facing_problem(&raw.wind_from)))?;
    let sides: [String; 2] = match raw.sides.as_slice() {
        [a, b] if !a.trim().is_empty() && !b.trim().is_empty() && a.trim() != b.trim() => {
            [a.trim().to_string(), b.trim().to_string()]
        }
        _ => {
            return Err(bad(
                "sides",
                format!(
                    "expected two different non-empty side names, found {:?}",
                    raw.sides
                ),
            ))
        }
    };
    let map_side = |field: &str, v: i64, max: i32| {
        if (MIN_MAP_SIDE as i64..=max as i64).contains(&v) {
            Ok(v as i32)
        } else {
            Err(bad(
                field,
                format!("{v} is outside {MIN_MAP_SIDE}..={max} (the observation planes hold {MAX_PLANE_COLS} x {MAX_PLANE_ROWS})"),
            ))
        }
    };
    let map = HexMap {
        cols: map_side("map.cols", raw.map.cols, MAX_PLANE_COLS)?,
        rows: map_side("map.rows", raw.map.rows, MAX_PLANE_ROWS)?,
    };
    if raw.ship.len() > MAX_SHIPS {
        return Err(bad(
            "ship",
            format!("{} ships; at most {MAX_SHIPS} are allowed", raw.ship.len()),
        ));
    }

    let specs = ship_specs();
    let mut ships: Vec<ScenarioShip> = Vec::with_capacity(raw.ship.len());
    let mut names = HashSet::new();
    for (i, rs) in raw.ship.iter().enumerate() {
        let name = rs.name.trim();
        let label = format!("ship #{} ({name})", i + 1);
        let field = |f: &str| format!("{label}.{f}");
        if name.is_empty() {
            return Err(bad(&field("name"), "must not be empty".to_string()));
        }
        if !names.insert(name.to_string()) {
            return Err(bad(
                &field("name"),
                format!("`{name}` is used by an earlier ship; names must be unique"),
            ));
        }
        let side = match rs.side {
            0 | 1 => rs.side as u8,
            s => return Err(bad(&field("side"), format!("{s} is not 0 or 1"))),
        };
        let base = usize::try_from(rs.spec)
            .ok()
            .and_then(|id| specs.get(id))
            .ok_or_else(|| {
                bad(
                    &field("spec"),
                    format!(
                        "no ship spec {} (ship-specs.csv has ids 0..={})",
                        rs.spec,
                        specs.len() - 1
                    ),
                )
            })?;
        let spec = apply_overrides(base, rs).map_err(|(f, problem)| bad(&field(f), problem))?;
        let nation = match &rs.nation {
            Some(n) if n.trim().is_empty() => {
                return Err(bad(&field("nation"), "must not be empty".to_string()))
            }
            Some(n) => n.trim().to_string(),
            None => sides[side as usize].clone(),
        };
        let facing = parse_facing(&rs.facing)
            .ok_or_else(|| bad(&field("facing"), bad_facing_problem(&rs.facing)))?;
        let col_ok = (0..map.cols as i64).contains(&rs.col);
        let row_ok = (0..map.rows as i64).contains(&rs.row);
        if !(col_ok && row_ok) {
            return Err(bad(
                &field(if col_ok { "row" } else { "col" }),
                format!(
                    "the bow hex (col {}, row {}) is off the {} x {} map (cols 0..{}, rows 0..{})",
                    rs.col, rs.row, map.cols, map.rows, map.cols, map.rows
                ),
            ));
        }
        let (col, row) = (rs.col as i32, rs.row as i32);
        let pos = ShipPos::new(Hex::from_offset(col, row), facing);
        if !map.contains(pos.stern()) {
            let (sc, sr) = pos.stern().to_offset();
            return Err(bad(
                &field("facing"),
                format!(
                    "the stern, behind a bow at (col {col}, row {row}) facing {}, lies at \
                     (col {sc}, row {sr}), off the {} x {} map",
                    facing.name(),
                    map.cols,
                    map.rows
                ),
            ));
        }
        if let Some(other) = ships.iter().find(|s| s.pos.overlaps(pos)) {
            let shared = pos
                .hexes()
                .into_iter()
                .find(|&h| other.pos.occupies(h))
                .expect("overlapping ships share a hex");
            let (sc, sr) = shared.to_offset();
            return Err(bad(
                &field("col"),
                format!(
                    "overlaps `{}` at (col {sc}, row {sr}): two ships may not share a hex",
                    other.name
                ),
            ));
        }
        ships.push(ScenarioShip {
            name: name.to_string(),
            side,
            nation,
            spec,
            pos,
        });
    }
    for side in 0..2u8 {
        if !ships.iter().any(|s| s.side == side) {
            return Err(bad(
                "ship",
                format!(
                    "side {side} ({}) has no ships; each side needs at least one",
                    sides[side as usize]
                ),
            ));
        }
    }

    let sc = Scenario {
        id: id.to_string(),
        title: raw.title.trim().to_string(),
        description: raw.description.trim().to_string(),
        source: raw.source.trim().to_string(),
        map,
        wind_from,
        sides,
        ships,
    };
    // The checks every scenario passes, wherever it comes from (a saved game too).
    sc.validate(file)?;
    Ok(sc)
}

fn parse_facing(s: &str) -> Option<Facing> {
    Facing::from_name(s.trim())
}

fn bad_facing_problem(s: &str) -> String {
    format!(
        "`{s}` is not a hex direction (use one of {})",
        FACING_NAMES.join(", ")
    )
}

/// The ship's spec: `base` with the overrides written beside `spec` applied, then checked
/// as a whole. `kind` follows an overridden class unless it is overridden too.
impl Scenario {
    /// Checks a scenario that did not come through [`parse_scenario`] (for example one
    /// embedded in a saved game): the map size, ship count, sides, every ship's data ranges,
    /// positions on the map and no overlaps. `file` names the source in errors.
    pub fn validate(&self, file: &str) -> Result<(), DataError> {
        let bad = |field: String, problem: String| DataError::invalid(file, field, problem);
        crate::data_files::check_scenario_id(&self.id, file)?;
        let names: Vec<&str> = self.ships.iter().map(|s| s.name.as_str()).collect();
        crate::data_files::check_names(
            file,
            &self.title,
            &self.description,
            [&self.sides[0], &self.sides[1]],
            &names,
        )?;
        let map = self.map;
        if !(MIN_MAP_SIDE..=MAX_PLANE_COLS).contains(&map.cols)
            || !(MIN_MAP_SIDE..=MAX_PLANE_ROWS).contains(&map.rows)
        {
            return Err(bad("map".into(), format!("{} x {} is outside {MIN_MAP_SIDE}..={MAX_PLANE_COLS} x {MIN_MAP_SIDE}..={MAX_PLANE_ROWS}", map.cols, map.rows)));
        }
        if self.ships.is_empty() || self.ships.len() > MAX_SHIPS {
            return Err(bad(
                "ship".into(),
                format!("{} ships; a scenario has 1..={MAX_SHIPS}", self.ships.len()),
            ));
        }
        for side in 0..2u8 {
            if !self.ships.iter().any(|s| s.side == side) {
                return Err(bad("ship".into(), format!("side {side} has no ships")));
            }
        }
        for (k, ship) in self.ships.iter().enumerate() {
            let field = |f: &str| format!("ship #{} ({}).{f}", k + 1, ship.name);
            if ship.side > 1 {
                return Err(bad(field("side"), format!("{} is not 0 or 1", ship.side)));
            }
            if !(3..=4).contains(&ship.spec.rigging_sections) {
                return Err(bad(
                    field("rigging"),
                    format!(
                        "{} rigging sections; ships have 3 or 4",
                        ship.spec.rigging_sections
                    ),
                ));
            }
            if ship
                .spec
                .guns
                .iter()
                .chain(&ship.spec.carronades)
                .chain(&ship.spec.crew)
                .chain(&ship.spec.rigging)
                .any(|&x| x > 99)
            {
                return Err(bad(
                    field("spec"),
                    "a gun, carronade, crew or rigging count above 99".into(),
                ));
            }
            let squares: u32 = ship
                .spec
                .guns
                .iter()
                .chain(&ship.spec.carronades)
                .map(|&g| u32::from(g))
                .sum();
            if squares > u32::from(u8::MAX) {
                return Err(bad(
                    field("guns"),
                    format!("{squares} gun and carronade squares; the rules count at most 255"),
                ));
            }
            finish_spec(ship.spec.clone()).map_err(|(f, problem)| bad(field(f), problem))?;
            if !map.contains(ship.pos.bow) || !map.contains(ship.pos.stern()) {
                return Err(bad(
                    field("col"),
                    "the ship is not wholly on the map".into(),
                ));
            }
            if let Some(other) = self.ships[..k].iter().find(|o| o.pos.overlaps(ship.pos)) {
                return Err(bad(field("col"), format!("overlaps `{}`", other.name)));
            }
        }
        Ok(())
    }
}

fn apply_overrides(base: &ShipSpec, rs: &RawShip) -> Result<ShipSpec, (&'static str, String)> {
    fn small(field: &'static str, v: i64, max: i64) -> Result<i64, (&'static str, String)> {
        if (0..=max).contains(&v) {
            Ok(v)
        } else {
            Err((field, format!("{v} is outside 0..={max}")))
        }
    }
    fn array<const N: usize>(
        field: &'static str,
        v: &[i64],
    ) -> Result<[u8; N], (&'static str, String)> {
        if v.len() != N {
            return Err((field, format!("expected {N} numbers, found {}", v.len())));
        }
        let mut out = [0u8; N];
        for (o, &x) in out.iter_mut().zip(v) {
            *o = small(field, x, 99)? as u8;
        }
        Ok(out)
    }

    let mut spec = base.clone();
    if let Some(v) = rs.battle_sail {
        spec.battle_sail = small("battle_sail", v, 99)? as u8;
    }
    if let Some(v) = rs.full_sail {
        spec.full_sail = small("full_sail", v, 99)? as u8;
    }
    if let Some(v) = rs.turn_allowance {
        spec.turn_allowance = small("turn_allowance", v, 99)? as u8;
    }
    if let Some(v) = rs.nominal_guns {
        spec.nominal_guns = small("nominal_guns", v, 999)? as u16;
    }
    if let Some(v) = rs.class {
        spec.class = small("class", v, 99)? as u8;
        spec.kind.clear();
    }
    if let Some(v) = rs.hull {
        spec.hull = small("hull", v, 99)? as u8;
    }
    if let Some(q) = &rs.crew_quality {
        spec.crew_quality = CrewQuality::from_name(q).ok_or_else(|| {
            (
                "crew_quality",
                format!("`{q}` is not one of poor, green, average, crack, elite"),
            )
        })?;
    }
    if let Some(v) = &rs.crew {
        spec.crew = array("crew", v)?;
    }
    if let Some(v) = &rs.guns {
        spec.guns = array("guns", v)?;
    }
    if let Some(v) = &rs.carronades {
        spec.carronades = array("carronades", v)?;
    }
    if let Some(v) = &rs.rigging {
        let sections = match v.len() {
            3 | 4 => v.len(),
            n => {
                return Err((
                    "rigging",
                    format!("expected 3 or 4 sections, found {n} numbers"),
                ))
            }
        };
        let mut rigging = [0u8; 4];
        for (o, &x) in rigging.iter_mut().zip(v) {
            *o = small("rigging", x, 99)? as u8;
        }
        spec.rigging = rigging;
        spec.rigging_sections = sections as u8;
    }
    if let Some(v) = rs.points {
        spec.points = small("points", v, 999)? as u16;
    }
    if let Some(k) = &rs.kind {
        if k.trim().is_empty() {
            return Err(("kind", "must not be empty".to_string()));
        }
        spec.kind = k.trim().to_string();
    }
    finish_spec(spec)
}
