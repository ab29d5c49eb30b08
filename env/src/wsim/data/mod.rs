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

mod scenario;
mod ships;
mod tables;

pub use scenario::{
    builtin_scenario, builtin_scenarios, load_scenario_file, parse_scenario, Scenario, ScenarioShip,
};
pub use ships::{parse_ship_specs, ship_kind, ship_specs, CrewQuality, ShipSpec};
pub use tables::{parse_tables, tables, Hits, RuleNumbers, Tables, AIM_HULL, AIM_RIGGING};

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
