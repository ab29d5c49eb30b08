//! The rules' tables: `tables.toml` read, shape- and range-checked and served.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::error::DataError;

use crate::data_files::from_toml;

const TABLES_FILE: &str = "wsim/tables.toml";
const TABLES_TOML: &str = include_str!("../../../data/wsim/tables.toml");

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
    /// Crew quality modifier: [`CrewQuality::index`](super::CrewQuality::index) x gun band.
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
    crate::data_files::embedded(&TABLES, TABLES_TOML, TABLES_FILE, parse_tables)
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
