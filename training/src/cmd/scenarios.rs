//! `broadside scenarios`: the built-in scenarios of a ruleset.

use std::io::Write;

use anyhow::Result;
use broadside_env::balance::Balance;
use broadside_env::ruleset::{self, AnyScenario, DEFAULT_RULESET};
use clap::Args;
use serde::Serialize;

use crate::select;

/// Flags of `broadside scenarios`.
#[derive(Debug, Args)]
pub struct ScenariosArgs {
    /// The ruleset whose scenarios to list (see `broadside rules`).
    #[arg(long, default_value = DEFAULT_RULESET)]
    pub ruleset: String,
    /// Print JSON on stdout instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Validated settings of `broadside scenarios`.
#[derive(Debug, Clone)]
pub struct ScenariosSettings {
    /// A ruleset known to the registry.
    pub ruleset: &'static str,
    pub json: bool,
}

impl ScenariosSettings {
    /// Checks the ruleset name.
    pub fn from_args(a: ScenariosArgs) -> Result<Self> {
        Ok(ScenariosSettings {
            ruleset: select::ruleset_info(&a.ruleset)?.name,
            json: a.json,
        })
    }
}

/// One scenario in the listing.
#[derive(Debug, Serialize)]
pub struct ScenarioRow {
    pub ruleset: &'static str,
    pub id: String,
    pub title: String,
    /// Whether a game gets it when no scenario is named.
    pub default: bool,
    /// Names of side 0 and side 1.
    pub sides: Vec<String>,
    /// Ships of side 0 and side 1.
    pub ships_per_side: [usize; 2],
    pub description: String,
    /// Measured balance (`broadside balance`, stored with the ruleset's data): one figure
    /// per agent that played the scenario against itself.
    pub balance: Vec<super::balance::Row>,
}

fn row(s: &AnyScenario, default: &str, stored: &[Balance]) -> ScenarioRow {
    let info = s.info();
    let balance = stored
        .iter()
        .filter(|b| b.scenario == info.id)
        .map(|b| super::balance::Row::new(info.ruleset, b.clone()))
        .collect();
    let sides = s.header().sides.map(str::to_string).to_vec();
    ScenarioRow {
        ruleset: info.ruleset,
        default: info.id == default,
        id: info.id,
        title: info.title,
        sides,
        ships_per_side: s.ships_per_side(),
        description: info.description,
        balance,
    }
}

/// Runs `broadside scenarios`.
pub fn run(s: ScenariosSettings) -> Result<()> {
    let mut out = std::io::stdout().lock();
    let default = select::ruleset_info(s.ruleset)?.default_scenario;
    let stored = broadside_env::balance::stored(s.ruleset)?;
    let rows: Vec<ScenarioRow> = ruleset::scenarios(s.ruleset)?
        .iter()
        .map(|x| row(x, default, &stored))
        .collect();
    if s.json {
        return super::print_json(&rows);
    }
    for r in &rows {
        let sides = if r.sides.len() == 2 {
            format!(
                "{} {} vs {} {}",
                r.sides[0], r.ships_per_side[0], r.sides[1], r.ships_per_side[1]
            )
        } else {
            format!("{} vs {}", r.ships_per_side[0], r.ships_per_side[1])
        };
        writeln!(
            out,
            "{}{} — {} ({sides} ships)",
            r.id,
            if r.default { " (default)" } else { "" },
            r.title
        )?;
        writeln!(out, "    {}", r.description.replace('\n', " "))?;
        for b in &r.balance {
            writeln!(out, "    {}", balance_line(b))?;
        }
        writeln!(out)?;
    }
    writeln!(
        out,
        "Play one with `broadside play --scenario ID`, or give a scenario file's path."
    )?;
    Ok(())
}

/// "balance: side 0 wins 51.0% (44.1-57.9%) of the decisive games, 3% drawn: fair
/// (200 games of bot:best against itself, seed 1)".
fn balance_line(r: &super::balance::Row) -> String {
    let b = &r.balance;
    format!(
        "balance: side 0 wins {} of the decisive games, {:.0}% drawn: {} ({} games of {} \
         against itself, seed {})",
        super::balance::share_words(b.share(), b.interval()),
        100.0 * b.drawn(),
        r.verdict.words(),
        b.games,
        b.agent,
        b.seed
    )
}
