//! `broadside tactics`: what each of a ruleset's named tactics is worth to an agent, by
//! restricted play (the agent against its unrestricted self with the tactic forbidden; see
//! `broadside_agents::tactics`). A table on stdout (or JSON with `--json`), and with
//! `--out DIR` the report as `tactics.json` and a bar chart `tactics.svg`.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use broadside_agents::tactics::study::{self, StudyConfig, TacticWorth};
use broadside_agents::tactics::tactics_of;
use broadside_agents::AgentSpec;
use broadside_env::ruleset::{AnyScenario, GameOptions, DEFAULT_RULESET};
use clap::Args;
use serde::Serialize;

use super::shared_flags::{GameLength, MAX_DECISIONS};
use crate::atomic::write_atomic;
use crate::{progress, select};

use super::tactics_chart::chart;

/// Flags of `broadside tactics`.
#[derive(Debug, Args)]
pub struct TacticsArgs {
    /// The ruleset (see `broadside rules --tactics` for its tactics).
    #[arg(long, default_value = DEFAULT_RULESET)]
    pub ruleset: String,
    /// A built-in scenario id or a scenario file; the ruleset's default when left out.
    #[arg(long, value_name = "ID_OR_FILE")]
    pub scenario: Option<String>,
    /// The agent whose tactics are weighed (any spec: `bot:best`, `portfolio:time=10`, ...).
    #[arg(long, value_name = "SPEC", default_value = "bot:best")]
    pub agent: String,
    /// Game pairs (two games, sides swapped) per tactic.
    #[arg(long, default_value_t = 20)]
    pub pairs: usize,
    /// Seed of the battles, the dice and the agents.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub length: GameLength,
    /// Print the report as JSON on stdout instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Write the report (`tactics.json`) and its chart (`tactics.svg`) into this folder.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// The most game pairs per tactic.
pub const MAX_PAIRS: usize = 100_000;

/// What `--json` prints and `tactics.json` holds.
#[derive(Debug, Serialize)]
pub struct Report {
    pub ruleset: &'static str,
    pub scenario: String,
    pub agent: String,
    pub pairs: usize,
    pub seed: u64,
    pub games: usize,
    pub tactics: Vec<TacticWorth>,
}

/// Runs `broadside tactics`.
pub fn run(a: TacticsArgs) -> Result<()> {
    let scenario: AnyScenario = select::scenario(&a.ruleset, a.scenario.as_deref())?;
    let spec: AgentSpec = a
        .agent
        .parse()
        .with_context(|| format!("--agent {}", a.agent))?;
    select::check_spec(&spec, scenario.ruleset())
        .with_context(|| format!("--agent {}", a.agent))?;
    if !(1..=MAX_PAIRS).contains(&a.pairs) {
        bail!(
            "--pairs (game pairs per tactic) must be from 1 to {MAX_PAIRS}, not {}",
            a.pairs
        );
    }
    if !(1..=MAX_DECISIONS).contains(&a.length.max_decisions) {
        bail!(
            "--max-decisions must be from 1 to {MAX_DECISIONS}, not {}",
            a.length.max_decisions
        );
    }
    if let Some(dir) = &a.out {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("--out: cannot create the folder {}", dir.display()))?;
    }
    let ruleset = scenario.ruleset();
    let list = tactics_of(ruleset).unwrap_or_default();
    let sc = scenario.clone();
    let new_game = move |_seed: u64| sc.new_game(&GameOptions { resignation: false });
    let cfg = StudyConfig {
        pairs: a.pairs,
        seed: a.seed,
        max_decisions: Some(a.length.max_decisions),
    };
    let bar = progress::bar((list.len() * 2 * a.pairs) as u64, "tactics");
    let games = study::run(&new_game, ruleset, &spec, &cfg, &|_| bar.inc(1))?;
    bar.finish_and_clear();
    let report = Report {
        ruleset,
        scenario: scenario.id().to_string(),
        agent: spec.to_string(),
        pairs: a.pairs,
        seed: a.seed,
        games: games.len(),
        tactics: study::summarise(&list, &games),
    };
    let printed = if a.json {
        super::print_json(&report)
    } else {
        print_table(&report);
        Ok(())
    };
    if let Some(dir) = &a.out {
        let json = dir.join("tactics.json");
        write_atomic(&json, serde_json::to_string_pretty(&report)?.as_bytes())
            .with_context(|| format!("cannot write {}", json.display()))?;
        let svg = dir.join("tactics.svg");
        write_atomic(&svg, chart(&report).as_bytes())
            .with_context(|| format!("cannot write {}", svg.display()))?;
        eprintln!(
            "report and chart written to {} and {}",
            json.display(),
            svg.display()
        );
    }
    printed
}

/// `55.0%`, or `-` without games.
fn percent(x: Option<f64>) -> String {
    x.map_or("-".into(), |x| format!("{:.1}%", 100.0 * x))
}

fn print_table(r: &Report) {
    println!(
        "{} / {}: {} restricted against itself, {} games, seed {}",
        r.ruleset, r.scenario, r.agent, r.games, r.seed
    );
    println!(
        "{:<22} {:>8} {:>6} {:>9} {:>13} {:>13}  WHAT",
        "TACTIC", "ELO LOST", "±95%", "USES/GAME", "EARLY: WIN", "ELSE: WIN"
    );
    for t in &r.tactics {
        println!(
            "{:<22} {:>+8.0} {:>6.0} {:>9.1} {:>5} {:>7} {:>5} {:>7}  {}",
            t.info.name,
            t.elo_lost,
            t.ci95,
            t.uses_per_game,
            t.early_games,
            percent(t.early_score),
            t.not_early_games,
            percent(t.not_early_score),
            t.info.line
        );
    }
    println!(
        "(ELO LOST: what forbidding the tactic costs the agent; USES/GAME: the free side's \
         decisions using it; EARLY: games where the free side used it in the first {} game \
         turns, their count and its score in them; ELSE: the other games)",
        study::EARLY_ROUNDS
    );
}
