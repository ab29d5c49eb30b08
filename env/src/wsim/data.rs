//! Rules data of Wooden Ships & Iron Men: ship specifications, tables and scenarios.
//!
//! Three kinds of file, all embedded at build time from `env/data/wsim/` and checked on
//! load (see that folder's `README.md` for the formats and sources):
//!
//! - `ship-specs.csv`: 76 ship specifications from the BSD game `sail` (`sail/globals.c`,
//!   BSD licence), read by [`parse_ship_specs`] and served by [`ship_specs`].
//! - `tables.toml`: movement allowances, the Hit Determination Table (HDT) and its
//!   modifiers, hit tables 0-8 written in the game's notation (`"2H-G-C"`), and the rule
//!   numbers; read by [`parse_tables`] and served by [`tables`].
//! - `scenarios/*.toml`: wind, map size and ships placed by the offset `(col, row)` of the
//!   bow and a facing name, each ship referring to a spec by id with optional overrides;
//!   read by [`parse_scenario`] or [`load_scenario_file`] and served by
//!   [`builtin_scenarios`] and [`builtin_scenario`].
//!
//! Every error names the file, the field (or table cell, or CSV line and column) and the
//! problem. Code holds the mechanics and the layout of the tables (the HDT's gun and range
//! bands: [`Tables::gun_band`], [`Tables::range_band`]); the numbers live in these files.

use std::collections::HashSet;
use std::path::Path;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::error::DataError;
use crate::hex::{Facing, Hex, HexMap, ShipPos, FACING_NAMES};

/// Most ships in a scenario, both sides together.
pub const MAX_SHIPS: usize = 24;
/// Widest map (in hex columns) the observation planes hold.
pub const MAX_PLANE_COLS: i32 = 40;
/// Tallest map (in hex rows) the observation planes hold.
pub const MAX_PLANE_ROWS: i32 = 32;
/// Smallest map side, in hexes, a scenario may use.
pub const MIN_MAP_SIDE: i32 = 4;
/// The scenario a game gets when none is named.
pub const DEFAULT_SCENARIO: &str = "squadron-battle";

/// Name of this ruleset in [`DataError::UnknownScenario`].
const RULESET: &str = "wsim";

const SHIP_SPECS_FILE: &str = "wsim/ship-specs.csv";
const SHIP_SPECS_CSV: &str = include_str!("../../data/wsim/ship-specs.csv");
const TABLES_FILE: &str = "wsim/tables.toml";
const TABLES_TOML: &str = include_str!("../../data/wsim/tables.toml");

/// Embedded scenario files `(file name, text)`, default first, then in a fixed order.
const BUILTIN_SCENARIO_FILES: [(&str, &str); 6] = [
    (
        "squadron-battle.toml",
        include_str!("../../data/wsim/scenarios/squadron-battle.toml"),
    ),
    (
        "frigate-duel.toml",
        include_str!("../../data/wsim/scenarios/frigate-duel.toml"),
    ),
    (
        "three-vs-three.toml",
        include_str!("../../data/wsim/scenarios/three-vs-three.toml"),
    ),
    (
        "ranger-vs-drake.toml",
        include_str!("../../data/wsim/scenarios/ranger-vs-drake.toml"),
    ),
    (
        "flamborough-head.toml",
        include_str!("../../data/wsim/scenarios/flamborough-head.toml"),
    ),
    (
        "arbuthnot-des-touches.toml",
        include_str!("../../data/wsim/scenarios/arbuthnot-des-touches.toml"),
    ),
];

// ---------------------------------------------------------------------------------------
// Ship specifications
// ---------------------------------------------------------------------------------------

/// Quality of a ship's crew, worst first; it modifies the hit table a broadside uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CrewQuality {
    /// The worst crews (`sail`'s "mutinous", code 1).
    Poor,
    /// Code 2.
    Green,
    /// Code 3 (`sail`'s "mundane"); no modifier in the standard tables.
    Average,
    /// Code 4.
    Crack,
    /// The best crews, code 5.
    Elite,
}

impl CrewQuality {
    /// All qualities, in index order.
    pub const ALL: [CrewQuality; 5] = [
        CrewQuality::Poor,
        CrewQuality::Green,
        CrewQuality::Average,
        CrewQuality::Crack,
        CrewQuality::Elite,
    ];

    /// Index `0..5`, worst first (the row of [`Tables::crew_quality_mod`]).
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The quality with index `i`, if `i < 5`.
    pub fn from_index(i: usize) -> Option<CrewQuality> {
        Self::ALL.get(i).copied()
    }

    /// Lowercase name as a ship chart writes it: "poor", "green", "average", "crack", "elite".
    pub fn name(self) -> &'static str {
        match self {
            CrewQuality::Poor => "poor",
            CrewQuality::Green => "green",
            CrewQuality::Average => "average",
            CrewQuality::Crack => "crack",
            CrewQuality::Elite => "elite",
        }
    }

    /// Parses a name (case-insensitive).
    pub fn from_name(s: &str) -> Option<CrewQuality> {
        Self::ALL
            .into_iter()
            .find(|q| q.name().eq_ignore_ascii_case(s.trim()))
    }

    /// The quality for `sail`'s code 1-5 (1 poor, 2 green, 3 average, 4 crack, 5 elite).
    pub fn from_code(code: i64) -> Option<CrewQuality> {
        usize::try_from(code - 1).ok().and_then(Self::from_index)
    }
}

/// The specification of a ship: speeds, armament, damage capacity and value.
///
/// Arrays of two are `[left, right]` broadsides; crew and rigging are in sections, hit from
/// the first section on. Ships of the line have three rigging sections (the fourth entry
/// of `rigging` is then 0), frigates and smaller four.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShipSpec {
    /// Spec id: the row of `ship-specs.csv` (`ship_specs()[id].id == id`).
    pub id: u16,
    /// Battle sail speed: 3 (ships of the line) or 4 (frigates and smaller); picks the
    /// row of [`Tables::movement`].
    pub battle_sail: u8,
    /// Full sail speed (not used by the simplified rules).
    pub full_sail: u8,
    /// Most turns the ship may make in one move.
    pub turn_allowance: u8,
    /// Nominal number of guns (the ship's rating, e.g. 74).
    pub nominal_guns: u16,
    /// Class, 1 = first-rate ship of the line ... 6 = smallest; surrender rules compare it.
    pub class: u8,
    /// Hull squares.
    pub hull: u8,
    /// Crew quality.
    pub crew_quality: CrewQuality,
    /// Crew squares in sections 1-3.
    pub crew: [u8; 3],
    /// Gun squares `[left, right]`.
    pub guns: [u8; 2],
    /// Carronade squares `[left, right]`.
    pub carronades: [u8; 2],
    /// Rigging squares in sections 1-4; 0 where there is no fourth section.
    pub rigging: [u8; 4],
    /// Number of rigging sections: 3 or 4.
    pub rigging_sections: u8,
    /// Victory points.
    pub points: u16,
    /// Type of ship for display, derived from the class by [`ship_kind`] unless a scenario
    /// overrides it: "1st SOL", "2nd SOL", "Frigate", "Corvette", "Sloop", "Brig".
    pub kind: String,
}

impl ShipSpec {
    /// Total rigging squares.
    pub fn rigging_total(&self) -> u32 {
        self.rigging.iter().map(|&r| r as u32).sum()
    }

    /// Total crew squares.
    pub fn crew_total(&self) -> u32 {
        self.crew.iter().map(|&c| c as u32).sum()
    }
}

/// The display type of a ship of `class` (1..=6), after `sail`'s class names
/// (`classname[]` in `sail/globals.c`: ship of the line, ship of the line, frigate,
/// corvette, sloop, brig), with ships of the line split by rate as the online game's ship
/// charts do ("2nd SOL").
pub fn ship_kind(class: u8) -> Option<&'static str> {
    const KINDS: [&str; 6] = ["1st SOL", "2nd SOL", "Frigate", "Corvette", "Sloop", "Brig"];
    KINDS.get((class as usize).checked_sub(1)?).copied()
}

/// The ship specifications embedded from `env/data/wsim/ship-specs.csv`, parsed once;
/// `ship_specs()[id].id == id`.
pub fn ship_specs() -> &'static [ShipSpec] {
    static SPECS: OnceLock<Vec<ShipSpec>> = OnceLock::new();
    SPECS.get_or_init(|| {
        parse_ship_specs(SHIP_SPECS_CSV, SHIP_SPECS_FILE)
            .expect("the embedded wsim ship-specs.csv is valid (checked by tests/wsim_data.rs)")
    })
}

/// Columns of `ship-specs.csv`, in file order.
const SPEC_COLUMNS: [&str; 21] = [
    "spec",
    "battle_sail",
    "full_sail",
    "turn_allowance",
    "guns",
    "class",
    "hull",
    "crew_quality",
    "crew1",
    "crew2",
    "crew3",
    "gun_squares_left",
    "gun_squares_right",
    "carronade_squares_left",
    "carronade_squares_right",
    "rigging1",
    "rigging2",
    "rigging3",
    "rigging4",
    "points",
    "ships_of_this_spec_in_scenarios",
];
/// The last column is information only and may be left out.
const SPEC_OPTIONAL_COLUMN: &str = "ships_of_this_spec_in_scenarios";

/// Parses ship specifications in the CSV layout of `ship-specs.csv` (header row first;
/// lines starting with `#` are comments). `file` names the source in errors.
///
/// Every value is range-checked; an error names the column as its field and the line
/// (and spec id) in its problem. Spec ids must run 0, 1, 2, ... in file order.
pub fn parse_ship_specs(text: &str, file: &str) -> Result<Vec<ShipSpec>, DataError> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .trim(csv::Trim::All)
        .comment(Some(b'#'))
        .from_reader(text.as_bytes());
    let headers = reader
        .headers()
        .map_err(|e| csv_error(text, file, &e))?
        .clone();
    // Column index of each known column, `None` where the optional one is absent.
    let mut index = [None; SPEC_COLUMNS.len()];
    for (i, h) in headers.iter().enumerate() {
        let Some(k) = SPEC_COLUMNS.iter().position(|c| *c == h) else {
            return Err(DataError::invalid(
                file,
                h,
                format!(
                    "line 1: unknown column (expected: {})",
                    SPEC_COLUMNS.join(", ")
                ),
            ));
        };
        if index[k].is_some() {
            return Err(DataError::invalid(file, h, "line 1: column repeated"));
        }
        index[k] = Some(i);
    }
    for (k, col) in SPEC_COLUMNS.iter().enumerate() {
        if index[k].is_none() && *col != SPEC_OPTIONAL_COLUMN {
            return Err(DataError::invalid(file, *col, "line 1: column missing"));
        }
    }

    let mut specs = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| csv_error(text, file, &e))?;
        let line = record.position().map_or(0, |p| record_line(text, p.byte()));
        let row = CsvRow {
            file,
            line,
            record: &record,
            index: &index,
            expected_id: specs.len(),
        };
        specs.push(row.spec()?);
    }
    if specs.is_empty() {
        return Err(DataError::invalid(file, "spec", "no ship specifications"));
    }
    Ok(specs)
}

/// The 1-based line on which the record reported at `byte` starts. The reader may report
/// the end of the previous line (or of a comment line before the record), so line breaks,
/// blank lines and comment lines from `byte` on are skipped first.
fn record_line(text: &str, byte: u64) -> u64 {
    let bytes = text.as_bytes();
    let mut i = (byte as usize).min(bytes.len());
    loop {
        while i < bytes.len() && matches!(bytes[i], b'\r' | b'\n') {
            i += 1;
        }
        if i < bytes.len() && bytes[i] == b'#' {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
        } else {
            break;
        }
    }
    bytes[..i].iter().filter(|&&b| b == b'\n').count() as u64 + 1
}

fn csv_error(text: &str, file: &str, e: &csv::Error) -> DataError {
    let message = match e.kind() {
        csv::ErrorKind::UnequalLengths {
            pos: Some(pos),
            expected_len,
            len,
        } => format!(
            "line {}: {len} fields where the header has {expected_len}",
            record_line(text, pos.byte())
        ),
        _ => e.to_string(),
    };
    DataError::Parse {
        file: file.to_string(),
        message,
    }
}

/// One data row of `ship-specs.csv` being read.
struct CsvRow<'a> {
    file: &'a str,
    line: u64,
    record: &'a csv::StringRecord,
    index: &'a [Option<usize>; SPEC_COLUMNS.len()],
    expected_id: usize,
}

impl CsvRow<'_> {
    fn error(&self, column: &str, problem: impl std::fmt::Display) -> DataError {
        DataError::invalid(
            self.file,
            column,
            format!("line {} (spec {}): {problem}", self.line, self.expected_id),
        )
    }

    /// The integer in `column`, which must lie in `lo..=hi`.
    fn int(&self, column: &str, lo: i64, hi: i64) -> Result<i64, DataError> {
        let k = SPEC_COLUMNS
            .iter()
            .position(|c| *c == column)
            .expect("a known column");
        let text = self.index[k].and_then(|i| self.record.get(i)).unwrap_or("");
        let v: i64 = text
            .parse()
            .map_err(|_| self.error(column, format!("expected a whole number, found `{text}`")))?;
        if !(lo..=hi).contains(&v) {
            return Err(self.error(column, format!("{v} is outside {lo}..={hi}")));
        }
        Ok(v)
    }

    fn spec(&self) -> Result<ShipSpec, DataError> {
        let id = self.int("spec", 0, u16::MAX as i64)?;
        if id != self.expected_id as i64 {
            return Err(self.error(
                "spec",
                format!("ids must run 0, 1, 2, ... in file order; found {id}"),
            ));
        }
        let u8_of = |column: &str, lo: i64, hi: i64| -> Result<u8, DataError> {
            Ok(self.int(column, lo, hi)? as u8)
        };
        let quality = self.int("crew_quality", 1, 5)?;
        let rigging4 = self.int("rigging4", -1, 99)?;
        if rigging4 == 0 {
            return Err(self.error(
                "rigging4",
                "write -1 for no fourth rigging section, or 1..=99 squares",
            ));
        }
        let spec = ShipSpec {
            id: id as u16,
            battle_sail: u8_of("battle_sail", 0, 99)?,
            full_sail: u8_of("full_sail", 0, 99)?,
            turn_allowance: u8_of("turn_allowance", 0, 99)?,
            nominal_guns: self.int("guns", 0, 999)? as u16,
            class: u8_of("class", 0, 99)?,
            hull: u8_of("hull", 0, 99)?,
            crew_quality: CrewQuality::from_code(quality).expect("checked range 1..=5"),
            crew: [
                u8_of("crew1", 0, 99)?,
                u8_of("crew2", 0, 99)?,
                u8_of("crew3", 0, 99)?,
            ],
            guns: [
                u8_of("gun_squares_left", 0, 99)?,
                u8_of("gun_squares_right", 0, 99)?,
            ],
            carronades: [
                u8_of("carronade_squares_left", 0, 99)?,
                u8_of("carronade_squares_right", 0, 99)?,
            ],
            rigging: [
                u8_of("rigging1", 0, 99)?,
                u8_of("rigging2", 0, 99)?,
                u8_of("rigging3", 0, 99)?,
                rigging4.max(0) as u8,
            ],
            rigging_sections: if rigging4 < 0 { 3 } else { 4 },
            points: self.int("points", 0, 999)? as u16,
            kind: String::new(),
        };
        let spec = finish_spec(spec).map_err(|(field, problem)| {
            let column = match field {
                "nominal_guns" => "guns",
                "crew" => "crew1",
                "rigging" => "rigging1",
                other => other,
            };
            self.error(column, problem)
        })?;
        Ok(spec)
    }
}

/// Checks a spec's values against what the rules can use and fills in `kind` when empty.
/// On failure returns the spec field at fault and the problem.
fn finish_spec(mut spec: ShipSpec) -> Result<ShipSpec, (&'static str, String)> {
    let range = |field: &'static str, v: u32, lo: u32, hi: u32| {
        if (lo..=hi).contains(&v) {
            Ok(())
        } else {
            Err((field, format!("{v} is outside {lo}..={hi}")))
        }
    };
    if !matches!(spec.battle_sail, 3 | 4) {
        return Err((
            "battle_sail",
            format!(
                "{} is not 3 or 4 (the movement table has rows for battle sail 3 and 4)",
                spec.battle_sail
            ),
        ));
    }
    range(
        "full_sail",
        spec.full_sail as u32,
        spec.battle_sail as u32,
        9,
    )?;
    range("turn_allowance", spec.turn_allowance as u32, 1, 6)?;
    range("nominal_guns", spec.nominal_guns as u32, 1, 999)?;
    range("class", spec.class as u32, 1, 6)?;
    range("hull", spec.hull as u32, 1, 99)?;
    range("points", spec.points as u32, 1, 999)?;
    if spec.crew_total() == 0 {
        return Err(("crew", "a ship needs at least one crew square".to_string()));
    }
    for (i, &r) in spec.rigging.iter().enumerate() {
        let wanted = if i < spec.rigging_sections as usize {
            1..=99
        } else {
            0..=0
        };
        if !wanted.contains(&r) {
            return Err((
                "rigging",
                format!(
                    "rigging section {} has {r} squares; a ship with {} sections needs 1..=99 in \
                     each and 0 beyond",
                    i + 1,
                    spec.rigging_sections
                ),
            ));
        }
    }
    if spec.kind.trim().is_empty() {
        spec.kind = ship_kind(spec.class).expect("class checked").to_string();
    }
    Ok(spec)
}

// ---------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------

/// Hits inflicted by one broadside: one cell of a hit table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Hits {
    /// Hull hits (H).
    pub hull: u8,
    /// Gun hits (G).
    pub guns: u8,
    /// Crew hits (C).
    pub crew: u8,
    /// Rigging hits (R).
    pub rigging: u8,
}

impl Hits {
    /// Total number of hits.
    pub fn total(&self) -> u32 {
        self.hull as u32 + self.guns as u32 + self.crew as u32 + self.rigging as u32
    }

    /// Parses the game's notation: `"0"` for no effect, or parts joined by `-`, each an
    /// optional count and one of H (hull), G (gun), C (crew), R (rigging), e.g. `"2H-G-C"`.
    /// Letters are case-insensitive; a letter may appear once per cell.
    pub fn parse(cell: &str) -> Result<Hits, String> {
        let cell = cell.trim();
        let mut hits = Hits::default();
        if cell == "0" {
            return Ok(hits);
        }
        if cell.is_empty() {
            return Err("empty cell (write \"0\" for no effect)".to_string());
        }
        let mut seen = [false; 4];
        for part in cell.split('-') {
            let part = part.trim();
            let Some(letter) = part.chars().last() else {
                return Err(format!("empty part in `{cell}`"));
            };
            let slot = match letter.to_ascii_uppercase() {
                'H' => 0,
                'G' => 1,
                'C' => 2,
                'R' => 3,
                _ => {
                    return Err(format!(
                        "`{part}` in `{cell}` does not end in a hit letter H, G, C or R"
                    ))
                }
            };
            let digits = &part[..part.len() - letter.len_utf8()];
            let count: u8 = if digits.is_empty() {
                1
            } else {
                match digits.parse() {
                    Ok(n) if (1..=9).contains(&n) => n,
                    _ => {
                        return Err(format!(
                            "`{part}` in `{cell}`: the count before the letter must be 1-9"
                        ))
                    }
                }
            };
            if std::mem::replace(&mut seen[slot], true) {
                return Err(format!("`{cell}` names {letter} twice"));
            }
            match slot {
                0 => hits.hull = count,
                1 => hits.guns = count,
                2 => hits.crew = count,
                _ => hits.rigging = count,
            }
        }
        Ok(hits)
    }
}

/// Aim index of [`Tables::hit_tables`]: hull column.
pub const AIM_HULL: usize = 0;
/// Aim index of [`Tables::hit_tables`]: rigging column.
pub const AIM_RIGGING: usize = 1;

/// All tables of the rules, as read from `tables.toml`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tables {
    /// Movement allowance: `[battle sail 3, battle sail 4]` x attitude `[A, B, C, D]`.
    pub movement: [[u8; 4]; 2],
    /// Base hit table: gun band (1-3, 4-6, 7-9, 10-12, 13+) x range band (1, 2, 3, 4,
    /// 5-6, 7-10); see [`Tables::gun_band`] and [`Tables::range_band`].
    pub hdt_base: [[i8; 6]; 5],
    /// Crew quality modifier: [`CrewQuality::index`] x gun band.
    pub crew_quality_mod: [[i8; 5]; 5],
    /// Modifier for each complete crew section lost, by gun band.
    pub crew_section_lost_mod: [i8; 5],
    /// Modifier for an initial broadside, by gun band.
    pub initial_broadside_mod: [i8; 5],
    /// Modifier for a rake, by gun band.
    pub rake_mod: [i8; 5],
    /// Hit tables: table 0..=8 x aim ([`AIM_HULL`], [`AIM_RIGGING`]) x die face 1..=6
    /// (index 0..6).
    pub hit_tables: [[[Hits; 6]; 2]; 9],
    /// Rule numbers.
    pub rules: RuleNumbers,
}

/// The numbers of the rules that are not tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleNumbers {
    /// Longest broadside range in hexes (10).
    pub max_range: i32,
    /// Longest range at which a hull aim may be ordered (5); beyond it shots go to rigging.
    pub hull_aim_max_range: i32,
    /// Longest range at which carronade squares count (2).
    pub carronade_max_range: i32,
    /// Highest hit table (8); a higher HDT result uses it.
    pub max_table: i32,
    /// Chance that colliding ships foul, as (numerator, denominator): (1, 2).
    pub foul_chance: (u32, u32),
    /// Chance that fouled ships come free each turn, as (numerator, denominator): (1, 3).
    pub unfoul_chance: (u32, u32),
    /// Turns without any broadside fired before the end-of-game timer starts (substitute
    /// for the seed's "several turns": 3).
    pub no_fire_grace_turns: u16,
    /// Length of the end-of-game timer in turns (5).
    pub no_fire_timer_turns: u16,
    /// The game ends after this many turns (200).
    pub turn_limit: u16,
    /// A friendly ship of the same or larger class within this many hexes prevents
    /// surrender by firepower or immobility (10).
    pub support_radius: i32,
}

impl Tables {
    /// Row of the HDT for `guns` gun squares firing: 1-3 -> 0, 4-6 -> 1, 7-9 -> 2,
    /// 10-12 -> 3, 13 or more -> 4; `None` for 0.
    pub fn gun_band(guns: u32) -> Option<usize> {
        match guns {
            0 => None,
            g => Some((((g - 1) / 3) as usize).min(4)),
        }
    }

    /// Column of the HDT for a range in hexes: 1, 2, 3, 4 -> 0..=3, 5-6 -> 4, 7-10 -> 5;
    /// `None` outside `1..=10`.
    pub fn range_band(range: i32) -> Option<usize> {
        match range {
            1..=4 => Some(range as usize - 1),
            5 | 6 => Some(4),
            7..=10 => Some(5),
            _ => None,
        }
    }
}

/// The tables embedded from `env/data/wsim/tables.toml`, parsed once.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        parse_tables(TABLES_TOML, TABLES_FILE)
            .expect("the embedded wsim tables.toml is valid (checked by tests/wsim_data.rs)")
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTables {
    movement: RawMovement,
    hdt: RawHdt,
    modifiers: RawModifiers,
    hit_table: Vec<RawHitTable>,
    rules: RawRules,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMovement {
    battle_sail_3: Vec<i64>,
    battle_sail_4: Vec<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHdt {
    guns_1_3: Vec<i64>,
    guns_4_6: Vec<i64>,
    guns_7_9: Vec<i64>,
    guns_10_12: Vec<i64>,
    guns_13_up: Vec<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawModifiers {
    poor: Vec<i64>,
    green: Vec<i64>,
    average: Vec<i64>,
    crack: Vec<i64>,
    elite: Vec<i64>,
    crew_section_lost: Vec<i64>,
    initial_broadside: Vec<i64>,
    rake: Vec<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHitTable {
    table: i64,
    hull: Vec<String>,
    rigging: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRules {
    max_range: i64,
    hull_aim_max_range: i64,
    carronade_max_range: i64,
    max_table: i64,
    foul_chance: Vec<i64>,
    unfoul_chance: Vec<i64>,
    no_fire_grace_turns: i64,
    no_fire_timer_turns: i64,
    turn_limit: i64,
    support_radius: i64,
}

const ATTITUDE_LABELS: [&str; 4] = ["A", "B", "C", "D"];
const GUN_BAND_LABELS: [&str; 5] = ["1-3", "4-6", "7-9", "10-12", "13+"];
const RANGE_BAND_LABELS: [&str; 6] = ["1", "2", "3", "4", "5-6", "7-10"];

/// Checks one numeric table row: its length matches `labels` and every cell lies in
/// `lo..=hi`. Errors name the cell as `table.row[label]`.
fn table_row<const N: usize>(
    file: &str,
    table: &str,
    row: &str,
    cells: &[i64],
    labels: &[&str; N],
    lo: i64,
    hi: i64,
) -> Result<[i64; N], DataError> {
    if cells.len() != N {
        return Err(DataError::invalid(
            file,
            format!("{table}.{row}"),
            format!(
                "expected {N} cells ({}), found {}",
                labels.join(", "),
                cells.len()
            ),
        ));
    }
    let mut out = [0; N];
    for (i, (&v, label)) in cells.iter().zip(labels).enumerate() {
        if !(lo..=hi).contains(&v) {
            return Err(DataError::invalid(
                file,
                format!("{table}.{row}[{label}]"),
                format!("{v} is outside {lo}..={hi}"),
            ));
        }
        out[i] = v;
    }
    Ok(out)
}

fn row_i8<const N: usize>(row: [i64; N]) -> [i8; N] {
    row.map(|v| v as i8)
}

/// Checks a rule number lies in `lo..=hi`.
fn rule(file: &str, name: &str, v: i64, lo: i64, hi: i64) -> Result<i64, DataError> {
    if (lo..=hi).contains(&v) {
        Ok(v)
    } else {
        Err(DataError::invalid(
            file,
            format!("rules.{name}"),
            format!("{v} is outside {lo}..={hi}"),
        ))
    }
}

/// Checks a chance written as `[numerator, denominator]`, a probability in `0..=1`.
fn chance(file: &str, name: &str, v: &[i64]) -> Result<(u32, u32), DataError> {
    match *v {
        [n, d] if (1..=1000).contains(&d) && (0..=d).contains(&n) => Ok((n as u32, d as u32)),
        _ => Err(DataError::invalid(
            file,
            format!("rules.{name}"),
            format!(
                "expected [numerator, denominator] with 0 <= numerator <= denominator, \
                 1 <= denominator <= 1000; found {v:?}"
            ),
        )),
    }
}

/// Parses the tables in the layout of `tables.toml`. `file` names the source in errors.
///
/// Every table is checked for shape and value ranges; hit-table cells are parsed from the
/// game's notation (see [`Hits::parse`]). Syntax errors and unknown or missing keys give
/// [`DataError::Parse`]; bad shapes and values give [`DataError::Invalid`] naming the
/// table, row and cell (`hdt.guns_1_3[7-10]`, `hit_table[3].hull[die 5]`).
pub fn parse_tables(text: &str, file: &str) -> Result<Tables, DataError> {
    let raw: RawTables = from_toml(text, file)?;

    let mv = |row: &str, cells: &[i64]| -> Result<[u8; 4], DataError> {
        let r = table_row(file, "movement", row, cells, &ATTITUDE_LABELS, 0, 9)?;
        if r[3] != 0 {
            return Err(DataError::invalid(
                file,
                format!("movement.{row}[D]"),
                "attitude D is into the wind: the allowance must be 0",
            ));
        }
        Ok(r.map(|v| v as u8))
    };
    let movement = [
        mv("battle_sail_3", &raw.movement.battle_sail_3)?,
        mv("battle_sail_4", &raw.movement.battle_sail_4)?,
    ];

    let hdt = |row: &str, cells: &[i64]| {
        table_row(file, "hdt", row, cells, &RANGE_BAND_LABELS, -9, 9).map(row_i8)
    };
    let hdt_base = [
        hdt("guns_1_3", &raw.hdt.guns_1_3)?,
        hdt("guns_4_6", &raw.hdt.guns_4_6)?,
        hdt("guns_7_9", &raw.hdt.guns_7_9)?,
        hdt("guns_10_12", &raw.hdt.guns_10_12)?,
        hdt("guns_13_up", &raw.hdt.guns_13_up)?,
    ];

    let m = &raw.modifiers;
    let modifier = |row: &str, cells: &[i64]| {
        table_row(file, "modifiers", row, cells, &GUN_BAND_LABELS, -9, 9).map(row_i8)
    };
    // Rows in CrewQuality index order, worst first.
    let crew_quality_mod = [
        modifier("poor", &m.poor)?,
        modifier("green", &m.green)?,
        modifier("average", &m.average)?,
        modifier("crack", &m.crack)?,
        modifier("elite", &m.elite)?,
    ];
    let crew_section_lost_mod = modifier("crew_section_lost", &m.crew_section_lost)?;
    let initial_broadside_mod = modifier("initial_broadside", &m.initial_broadside)?;
    let rake_mod = modifier("rake", &m.rake)?;

    let mut hit_tables = [[[Hits::default(); 6]; 2]; 9];
    if raw.hit_table.len() != hit_tables.len() {
        return Err(DataError::invalid(
            file,
            "hit_table",
            format!(
                "expected 9 hit tables (0 to 8), found {}",
                raw.hit_table.len()
            ),
        ));
    }
    for (i, t) in raw.hit_table.iter().enumerate() {
        if t.table != i as i64 {
            return Err(DataError::invalid(
                file,
                format!("hit_table[{i}].table"),
                format!(
                    "hit tables must be listed in order 0 to 8; entry {i} says table {}",
                    t.table
                ),
            ));
        }
        for (aim, (aim_name, cells)) in [("hull", &t.hull), ("rigging", &t.rigging)]
            .into_iter()
            .enumerate()
        {
            if cells.len() != 6 {
                return Err(DataError::invalid(
                    file,
                    format!("hit_table[{i}].{aim_name}"),
                    format!("expected 6 cells (die 1 to 6), found {}", cells.len()),
                ));
            }
            for (face, cell) in cells.iter().enumerate() {
                hit_tables[i][aim][face] = Hits::parse(cell).map_err(|problem| {
                    DataError::invalid(
                        file,
                        format!("hit_table[{i}].{aim_name}[die {}]", face + 1),
                        problem,
                    )
                })?;
            }
        }
    }

    let r = &raw.rules;
    let max_range = rule(file, "max_range", r.max_range, 1, 10)?;
    let rules = RuleNumbers {
        max_range: max_range as i32,
        hull_aim_max_range: rule(
            file,
            "hull_aim_max_range",
            r.hull_aim_max_range,
            1,
            max_range,
        )? as i32,
        carronade_max_range: rule(
            file,
            "carronade_max_range",
            r.carronade_max_range,
            1,
            max_range,
        )? as i32,
        max_table: rule(file, "max_table", r.max_table, 0, 8)? as i32,
        foul_chance: chance(file, "foul_chance", &r.foul_chance)?,
        unfoul_chance: chance(file, "unfoul_chance", &r.unfoul_chance)?,
        no_fire_grace_turns: rule(file, "no_fire_grace_turns", r.no_fire_grace_turns, 0, 1000)?
            as u16,
        no_fire_timer_turns: rule(file, "no_fire_timer_turns", r.no_fire_timer_turns, 1, 1000)?
            as u16,
        turn_limit: rule(file, "turn_limit", r.turn_limit, 1, 10_000)? as u16,
        support_radius: rule(file, "support_radius", r.support_radius, 0, 100)? as i32,
    };

    Ok(Tables {
        movement,
        hdt_base,
        crew_quality_mod,
        crew_section_lost_mod,
        initial_broadside_mod,
        rake_mod,
        hit_tables,
        rules,
    })
}

/// Deserialises TOML, turning syntax, type and unknown-key errors into
/// [`DataError::Parse`] with the line and column.
fn from_toml<T: serde::de::DeserializeOwned>(text: &str, file: &str) -> Result<T, DataError> {
    toml::from_str(text).map_err(|e| {
        let place = e
            .span()
            .map(|span| {
                let before = &text[..span.start.min(text.len())];
                let line = before.matches('\n').count() + 1;
                let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
                format!("line {line}, column {column}: ")
            })
            .unwrap_or_default();
        DataError::Parse {
            file: file.to_string(),
            message: format!("{place}{}", e.message().trim()),
        }
    })
}

// ---------------------------------------------------------------------------------------
// Scenarios
// ---------------------------------------------------------------------------------------

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
/// order with [`DEFAULT_SCENARIO`] first.
pub fn builtin_scenarios() -> &'static [Scenario] {
    static SCENARIOS: OnceLock<Vec<Scenario>> = OnceLock::new();
    SCENARIOS.get_or_init(|| {
        crate::data_files::parse_embedded(
            RULESET,
            "wsim/scenarios",
            &BUILTIN_SCENARIO_FILES,
            parse_scenario,
        )
    })
}

/// The built-in scenario with this id; [`DataError::UnknownScenario`] lists the known ids.
pub fn builtin_scenario(id: &str) -> Result<Scenario, DataError> {
    crate::data_files::scenario_by_id(RULESET, builtin_scenarios(), id, |s| s.id.as_str())
}

/// Reads and parses a scenario file; a read failure is [`DataError::Io`] naming the path.
pub fn load_scenario_file(path: &Path) -> Result<Scenario, DataError> {
    let (name, text) = crate::data_files::read_text(path)?;
    parse_scenario(&text, &name)
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
    if id.is_empty()
        || !id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
    {
        return Err(bad(
            "id",
            format!("`{id}`: use lowercase letters, digits, '-' and '_' (not empty)"),
        ));
    }
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

    Ok(Scenario {
        id: id.to_string(),
        title: raw.title.trim().to_string(),
        description: raw.description.trim().to_string(),
        source: raw.source.trim().to_string(),
        map,
        wind_from,
        sides,
        ships,
    })
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
