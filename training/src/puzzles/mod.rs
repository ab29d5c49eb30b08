//! Puzzles: positions from saved games where one order wins (the lichess puzzler's idea:
//! one move clearly best, every other worse, confirmed by a deeper search, tagged by theme,
//! rated by difficulty).
//!
//! - this file: the puzzle file (JSON, [`PuzzleFile`]), written atomically and read back
//!   bounded and checked: every puzzle's saved game replays, its side is to move at the end
//!   and its solution and alternative are legal orders there, named as the catalogue names them.
//! - `mine.rs`: finding puzzles in saved games with the analysis engine ([`crate::engine`]).
//! - `shipped.rs`: each ruleset's small set, mined from arena games of the built-in agents
//!   (`training/data/puzzles/<ruleset>.json`), built into the binary for the board.

pub mod mine;
pub mod shipped;

use std::path::Path;

use anyhow::{anyhow, bail, Result};
use broadside_env::game::{Action, Game};
use broadside_env::savegame::SavedGame;
use serde::{Deserialize, Serialize};

/// Format tag of a puzzle file.
pub const PUZZLE_FORMAT: &str = "broadside-puzzles";
pub const PUZZLE_FORMAT_VERSION: u32 = 1;
/// The largest puzzle file read (a puzzle holds a saved game up to its position).
pub const PUZZLE_FILE_LIMIT: u64 = 64 << 20;
/// The most puzzles a file may hold.
pub const MAX_PUZZLES: usize = 10_000;

/// One order of a puzzle, with the engine's win probability for the side to move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Order {
    pub action: Action,
    /// The catalogue's name of the action.
    pub name: String,
    /// The order as the game describes it in the position.
    pub text: String,
    /// Win probability for the side to move after it (the confirming search's).
    pub win: f64,
}

/// How hard a puzzle is: the smallest budget at which the engine found the solution.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Difficulty {
    /// 1 (found at the smallest budget tried) to [`mine::LADDER`]'s length plus one (found
    /// only by the mining search).
    pub level: u32,
    /// That budget, in milliseconds.
    pub time_ms: u64,
}

/// A position where one order wins.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    /// `RULESET-SCENARIO-HASH`, unique in a file.
    pub id: String,
    pub ruleset: String,
    pub scenario: String,
    /// The saved game it came from (its file name) and the position's step in it.
    pub source: String,
    pub step: usize,
    /// The game up to the position: a saved game `broadside replay` reads.
    pub game: SavedGame,
    /// The side to move.
    pub player: u8,
    pub solution: Order,
    /// The best other order.
    pub alternative: Order,
    /// The engine's line after the solution.
    pub continuation: Vec<String>,
    /// The ruleset's named tactics the solution uses.
    pub tags: Vec<String>,
    pub difficulty: Difficulty,
    /// The engine that found it (a spec) and its budget a position.
    pub engine: String,
    pub time_ms: u64,
}

/// A puzzle file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleFile {
    pub format: String,
    pub format_version: u32,
    pub puzzles: Vec<Puzzle>,
}

impl PuzzleFile {
    pub fn new(puzzles: Vec<Puzzle>) -> Self {
        Self {
            format: PUZZLE_FORMAT.into(),
            format_version: PUZZLE_FORMAT_VERSION,
            puzzles,
        }
    }

    /// Reads and checks the puzzle file at `path` (at most [`PUZZLE_FILE_LIMIT`] bytes).
    pub fn read(path: &Path) -> Result<Self> {
        let (name, text) = broadside_env::data_files::read_text_limited(path, PUZZLE_FILE_LIMIT)
            .map_err(|e| anyhow!("cannot read the puzzle file: {e}"))?;
        Self::from_json(&text, &name)
    }

    /// Parses and checks a puzzle file (see [`check`]).
    pub fn from_json(text: &str, file: &str) -> Result<Self> {
        let value: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| anyhow!("{file}: not a puzzle file (not JSON: {e})"))?;
        let format = value.get("format").and_then(|v| v.as_str()).unwrap_or("");
        if format != PUZZLE_FORMAT {
            bail!("{file}: not a puzzle file (format \"{format}\", expected \"{PUZZLE_FORMAT}\")");
        }
        let version = value.get("format_version").and_then(|v| v.as_u64());
        if version != Some(u64::from(PUZZLE_FORMAT_VERSION)) {
            bail!(
                "{file}: puzzle format version {}, this build reads version {PUZZLE_FORMAT_VERSION}",
                version.map_or("missing".to_string(), |v| v.to_string())
            );
        }
        let f: PuzzleFile =
            serde_json::from_value(value).map_err(|e| anyhow!("{file}: a bad puzzle file: {e}"))?;
        if f.puzzles.len() > MAX_PUZZLES {
            bail!("{file}: {} puzzles, at most {MAX_PUZZLES}", f.puzzles.len());
        }
        let mut ids = std::collections::BTreeSet::new();
        for (k, p) in f.puzzles.iter().enumerate() {
            check(p).map_err(|e| anyhow!("{file}: puzzles[{k}] ({}): {e}", p.id))?;
            if !ids.insert(p.id.as_str()) {
                bail!("{file}: puzzles[{k}]: the id {} twice", p.id);
            }
        }
        Ok(f)
    }

    /// Pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// The position of a puzzle: its saved game replayed (every action checked).
pub fn position(p: &Puzzle) -> Result<broadside_env::ruleset::AnyGame> {
    p.game.scenario.validate(&p.id)?;
    Ok(p.game.final_state(&p.id)?)
}

/// Checks a puzzle: its game replays to a position where its side is to move, the solution
/// and the alternative are different legal orders there named as the catalogue names them,
/// the win probabilities are in `[0, 1]` and the solution's is the higher.
pub fn check(p: &Puzzle) -> Result<()> {
    let g = position(p)?;
    if g.spec().name != p.ruleset || p.game.scenario.ruleset() != p.ruleset {
        bail!(
            "its game is of ruleset {}, not {}",
            g.spec().name,
            p.ruleset
        );
    }
    if p.game.scenario.id() != p.scenario {
        bail!(
            "its game is of scenario {}, not {}",
            p.game.scenario.id(),
            p.scenario
        );
    }
    if g.current_player() != Some(p.player) {
        bail!("side {} is not to move at the end of its game", p.player);
    }
    let legal = g.legal_actions();
    for (what, o) in [("solution", &p.solution), ("alternative", &p.alternative)] {
        if (o.action as usize) >= g.spec().num_actions || !legal.contains(o.action) {
            bail!(
                "its {what} {} is not a legal order in the position",
                o.action
            );
        }
        if g.spec().action_name(o.action) != o.name {
            bail!(
                "its {what} {} is `{}` in the catalogue, the file says `{}`",
                o.action,
                g.spec().action_name(o.action),
                o.name
            );
        }
        if !(0.0..=1.0).contains(&o.win) {
            bail!("its {what}'s win probability {} is not in [0, 1]", o.win);
        }
    }
    if p.solution.action == p.alternative.action || p.solution.win < p.alternative.win {
        bail!("its solution is not better than its alternative");
    }
    if p.difficulty.level == 0 {
        bail!("difficulty level 0 (levels start at 1)");
    }
    Ok(())
}

/// Whether `action` solves `p` (the one order that wins).
pub fn solves(p: &Puzzle, action: Action) -> bool {
    action == p.solution.action
}
