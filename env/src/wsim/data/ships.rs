//! Ship specifications: `ship-specs.csv` read, range-checked and served.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::error::DataError;

const SHIP_SPECS_FILE: &str = "wsim/ship-specs.csv";
const SHIP_SPECS_CSV: &str = include_str!("../../../data/wsim/ship-specs.csv");

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

    /// Index `0..5`, worst first (the row of [`Tables::crew_quality_mod`](super::Tables::crew_quality_mod)).
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
    /// row of [`Tables::movement`](super::Tables::movement).
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
    crate::data_files::embedded_list(&SPECS, SHIP_SPECS_CSV, SHIP_SPECS_FILE, parse_ship_specs)
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
pub(super) fn finish_spec(mut spec: ShipSpec) -> Result<ShipSpec, (&'static str, String)> {
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
