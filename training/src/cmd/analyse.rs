//! `broadside analyse`: the mistake check of a saved game from the command line — the same
//! engine as the browser's analysis board (`crate::serve::analysis`): for each decision of a
//! side, the candidates with their values and visits, and the win probability the order
//! played lost against the engine's best.

use std::path::PathBuf;

use anyhow::{bail, Result};
use broadside_env::game::Action;
use broadside_env::ruleset::GameOptions;
use broadside_env::savegame::SavedGame;
use clap::Args;

use crate::serve::analysis;
use crate::style::count;

/// The time per decision, milliseconds: at least, at most.
const TIME_MS: (u64, u64) = (10, 60_000);

/// Flags of `broadside analyse`.
#[derive(Debug, Args)]
pub struct AnalyseArgs {
    /// The saved game (from `play`, `arena --records`, the browser or the Python package).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Check only this side's decisions (0 or 1); both when left out.
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=1))]
    pub side: Option<u8>,
    /// The engine's time per decision, in milliseconds (10 to 60000). With a time budget the
    /// search's playouts depend on the machine's speed, so two runs may differ slightly.
    #[arg(long, default_value_t = 200)]
    pub time_ms: u64,
    /// Seed of the engine's search.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print the report as JSON on stdout (progress goes to stderr).
    #[arg(long)]
    pub json: bool,
}

/// Runs `broadside analyse`.
pub fn run(a: AnalyseArgs) -> Result<()> {
    if !(TIME_MS.0..=TIME_MS.1).contains(&a.time_ms) {
        bail!(
            "--time-ms {}: between {} and {}",
            a.time_ms,
            TIME_MS.0,
            TIME_MS.1
        );
    }
    let shown = a.file.display().to_string();
    let saved = SavedGame::read(&a.file).map_err(|e| match e {
        broadside_env::DataError::Io { message, .. } => {
            anyhow::anyhow!("cannot read the saved game `{shown}`: {message}")
        }
        e => e.into(),
    })?;
    // Checks every action before any search starts.
    saved.replay(&shown)?;
    let actions: Vec<Action> = saved.actions.iter().map(|x| x.index).collect();
    let first = saved.scenario.new_game(&GameOptions::default());
    let (todo, forced) = analysis::decisions_of(first, &actions, a.side);
    let sides = saved.scenario.header().sides.map(crate::style::sanitize);
    eprintln!(
        "Checking {} decisions at {} ms each ({} forced ones skipped)...",
        todo.len(),
        a.time_ms,
        forced
    );
    let report = analysis::mistake_check(todo, forced, a.time_ms, a.seed, |done, total| {
        if done % 10 == 0 || done == total {
            eprintln!("  {done} of {total}");
        }
    })?;
    if a.json {
        return super::print_json(&report);
    }
    println!(
        "{:>6}  {:<10} {:<32} {:<32} {:>6}  class",
        "step", "side", "played", "best", "lost"
    );
    for d in &report.decisions {
        if !matches!(d.class, "inaccuracy" | "mistake" | "blunder") {
            continue;
        }
        println!(
            "{:>6}  {:<10} {:<32} {:<32} {:>5.0}%  {}",
            d.step,
            sides[d.player as usize],
            d.played,
            d.best,
            d.loss.unwrap_or(0.0) * 100.0,
            d.class
        );
    }
    for (p, c) in report.counts.iter().enumerate() {
        println!(
            "{}: {}, {}, {}",
            sides[p],
            count(c[0], "inaccuracy", "inaccuracies"),
            count(c[1], "mistake", "mistakes"),
            count(c[2], "blunder", "blunders")
        );
    }
    println!(
        "{} checked, {} (one legal order) not searched.",
        count(report.decisions.len(), "decision", "decisions"),
        count(report.forced, "forced decision", "forced decisions")
    );
    Ok(())
}
