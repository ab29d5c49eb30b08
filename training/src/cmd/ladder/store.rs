//! A ladder's folder: `ladder.json` (the ruleset, scenario, seed and entrants; written
//! atomically) and `results.jsonl` (one finished game a line, appended and synced to disk
//! as soon as it and the games planned before it are finished, so a kill loses at most
//! the games of the batch in hand).

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use broadside_agents::tournament::{ForfeitRecord, GameRecord};
use serde::{Deserialize, Serialize};

use crate::atomic::write_atomic;

/// The format of `ladder.json` and `results.jsonl`.
pub const FORMAT: u32 = 1;

/// One entrant: a name for the tables and the agent spec it plays.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    pub name: String,
    pub spec: String,
}

/// `ladder.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ladder {
    pub format: u32,
    pub ruleset: String,
    pub scenario: String,
    pub seed: u64,
    pub max_decisions: usize,
    pub entrants: Vec<Entrant>,
}

/// One line of `results.jsonl`: a finished game, its entrants by name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResultLine {
    pub game: usize,
    pub sides: [String; 2],
    pub returns: [f64; 2],
    pub finished: bool,
    pub decisions: usize,
    pub scenario_seed: u64,
    pub chance_seed: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<ForfeitRecord>,
}

pub fn ladder_path(dir: &Path) -> PathBuf {
    dir.join("ladder.json")
}

pub fn results_path(dir: &Path) -> PathBuf {
    dir.join("results.jsonl")
}

/// Reads `ladder.json`.
pub fn load(dir: &Path) -> Result<Ladder> {
    let path = ladder_path(dir);
    let text = std::fs::read_to_string(&path).with_context(|| {
        format!(
            "{} is not a ladder (no readable ladder.json; start one with `broadside ladder {} init`)",
            dir.display(),
            dir.display()
        )
    })?;
    let ladder: Ladder = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a ladder file", path.display()))?;
    if ladder.format != FORMAT {
        bail!(
            "{}: format {} (this build reads format {FORMAT})",
            path.display(),
            ladder.format
        );
    }
    Ok(ladder)
}

/// Writes `ladder.json` atomically.
pub fn save(dir: &Path, ladder: &Ladder) -> Result<()> {
    let text = serde_json::to_string_pretty(ladder)?;
    write_atomic(&ladder_path(dir), text.as_bytes())
        .with_context(|| format!("cannot write {}", ladder_path(dir).display()))
}

/// The finished games, and the length of the file's complete lines: a last line cut short
/// by a kill is left out (and cut away before the next append).
pub fn read_results(dir: &Path) -> Result<(Vec<ResultLine>, u64)> {
    let path = results_path(dir);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((Vec::new(), 0)),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let text = std::str::from_utf8(&bytes[..complete])
        .with_context(|| format!("{} is not text", path.display()))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        out.push(
            serde_json::from_str(line)
                .with_context(|| format!("{} line {}: not a game result", path.display(), n + 1))?,
        );
    }
    Ok((out, complete as u64))
}

/// The results file opened for appending, any cut-short last line removed first.
pub fn open_results(dir: &Path, complete: u64) -> Result<File> {
    let path = results_path(dir);
    let f = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .with_context(|| format!("cannot open {}", path.display()))?;
    if f.metadata()?.len() > complete {
        f.set_len(complete)?;
    }
    Ok(f)
}

/// Appends one game and syncs it to disk.
pub fn append(file: &mut File, line: &ResultLine) -> Result<()> {
    let mut text = serde_json::to_string(line)?;
    text.push('\n');
    file.write_all(text.as_bytes())?;
    file.sync_data()?;
    Ok(())
}

/// The results as the ratings read them: entrants by index, games naming a removed
/// entrant left out.
pub fn records(ladder: &Ladder, results: &[ResultLine]) -> Vec<GameRecord> {
    let index = |n: &str| ladder.entrants.iter().position(|e| e.name == n);
    results
        .iter()
        .filter_map(|r| {
            Some(GameRecord {
                index: r.game,
                sides: [index(&r.sides[0])?, index(&r.sides[1])?],
                scenario_seed: r.scenario_seed,
                chance_seed: r.chance_seed,
                returns: r.returns,
                finished: r.finished,
                decisions: r.decisions,
                actions: Vec::new(),
                forfeit: r.forfeit.clone(),
            })
        })
        .collect()
}
