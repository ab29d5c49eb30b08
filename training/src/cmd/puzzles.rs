//! `broadside puzzles`: mines saved games (from `play`, `arena --records`, the board or the
//! Python package: every one is a `broadside-saved-game` file) for positions where one order
//! wins (`crate::puzzles::mine`), and writes them as a puzzle file, atomically.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use broadside_env::savegame::SavedGame;
use clap::Args;
use serde::Serialize;

use crate::atomic::{check_not_input, check_writable, write_atomic};
use crate::progress;
use crate::puzzles::mine::{mine, MineConfig, MineStats, Source, CONFIRM, GAP};
use crate::puzzles::PuzzleFile;

/// The mining search's time a position, milliseconds: at least, at most.
const TIME_MS: (u64, u64) = (2, 60_000);
/// The most saved games one run reads.
pub const MAX_FILES: usize = 10_000;
/// How deep folders are searched for saved games.
const MAX_DEPTH: usize = 4;

/// Flags of `broadside puzzles`.
#[derive(Debug, Args)]
pub struct PuzzlesArgs {
    /// Saved games, or folders holding them (`*.json`, searched four levels deep).
    #[arg(value_name = "FILES_OR_DIRS", required = true)]
    pub inputs: Vec<PathBuf>,
    /// The puzzle file to write (replaced atomically).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The analysis engine's time a position, milliseconds (2 to 60000); the confirming
    /// search gets four times as much. Time budgets make runs depend on the machine's speed.
    #[arg(long, default_value_t = 50)]
    pub time_ms: u64,
    /// Stop after this many puzzles.
    #[arg(long, default_value_t = 100)]
    pub max: usize,
    /// Decisions examined per game at most, spread evenly over the game.
    #[arg(long, default_value_t = 40)]
    pub per_game: usize,
    /// Seed of the searches.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print the summary as JSON on stdout.
    #[arg(long)]
    pub json: bool,
}

/// What `--json` prints.
#[derive(Debug, Serialize)]
pub struct Summary {
    pub out: String,
    pub puzzles: usize,
    pub config: MineConfig,
    pub gap: f64,
    pub confirm: u64,
    pub stats: MineStats,
    /// Per puzzle: id, tags, difficulty level.
    pub found: Vec<(String, Vec<String>, u32)>,
}

/// The saved games named by `inputs`, files in name order within a folder.
pub fn saved_game_files(inputs: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for input in inputs {
        let meta = std::fs::metadata(input)
            .with_context(|| format!("cannot read `{}`", input.display()))?;
        if meta.is_dir() {
            walk(input, 0, &mut out)?;
        } else {
            out.push(input.clone());
        }
        if out.len() > MAX_FILES {
            bail!("more than {MAX_FILES} saved games; name fewer files or folders");
        }
    }
    Ok(out)
}

fn walk(dir: &Path, depth: usize, out: &mut Vec<PathBuf>) -> Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read the folder `{}`", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            if depth + 1 < MAX_DEPTH {
                walk(&p, depth + 1, out)?;
            }
        } else if p.extension().is_some_and(|e| e == "json") {
            out.push(p);
            if out.len() > MAX_FILES {
                bail!("more than {MAX_FILES} saved games; name fewer files or folders");
            }
        }
    }
    Ok(())
}

/// Runs `broadside puzzles`.
pub fn run(a: PuzzlesArgs) -> Result<()> {
    if !(TIME_MS.0..=TIME_MS.1).contains(&a.time_ms) {
        bail!(
            "--time-ms {}: between {} and {}",
            a.time_ms,
            TIME_MS.0,
            TIME_MS.1
        );
    }
    if !(1..=crate::puzzles::MAX_PUZZLES).contains(&a.max) {
        bail!(
            "--max {}: between 1 and {}",
            a.max,
            crate::puzzles::MAX_PUZZLES
        );
    }
    if !(1..=10_000).contains(&a.per_game) {
        bail!("--per-game {}: between 1 and 10000", a.per_game);
    }
    let files = saved_game_files(&a.inputs)?;
    if files.is_empty() {
        bail!("no saved game (*.json) in {:?}", a.inputs);
    }
    check_writable(&a.out)?;
    let refs: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    check_not_input(&a.out, &refs)?;
    let mut sources = Vec::with_capacity(files.len());
    for f in &files {
        let game = SavedGame::read(f).map_err(|e| {
            anyhow::anyhow!("`{}` is not a saved game Broadside reads: {e}", f.display())
        })?;
        let name = f.file_name().map_or_else(
            || f.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        sources.push(Source { name, game });
    }
    let cfg = MineConfig {
        time_ms: a.time_ms,
        max: a.max,
        per_game: a.per_game,
        seed: a.seed,
    };
    let bar = progress::bar(0, "puzzles");
    let (puzzles, stats) = mine(&sources, &cfg, |done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    })?;
    bar.finish_and_clear();
    let file = PuzzleFile::new(puzzles);
    write_atomic(&a.out, file.to_json().as_bytes())?;
    let summary = Summary {
        out: a.out.display().to_string(),
        puzzles: file.puzzles.len(),
        config: cfg,
        gap: GAP,
        confirm: CONFIRM,
        stats,
        found: file
            .puzzles
            .iter()
            .map(|p| (p.id.clone(), p.tags.clone(), p.difficulty.level))
            .collect(),
    };
    if a.json {
        return super::print_json(&summary);
    }
    println!(
        "{} puzzles from {} games ({} decisions examined, {} showed a gap of {:.0}%, {} confirmed at {}x, {} near-duplicates dropped) -> {}",
        summary.puzzles,
        summary.stats.games,
        summary.stats.examined,
        summary.stats.candidates,
        GAP * 100.0,
        summary.stats.confirmed,
        CONFIRM,
        summary.stats.duplicates,
        summary.out
    );
    for p in &file.puzzles {
        println!(
            "  {:<36} {} wins {:.0}% (next best {:.0}%), level {}, {}",
            p.id,
            p.solution.text,
            p.solution.win * 100.0,
            p.alternative.win * 100.0,
            p.difficulty.level,
            if p.tags.is_empty() {
                "no named tactic".to_string()
            } else {
                p.tags.join(", ")
            }
        );
    }
    Ok(())
}
