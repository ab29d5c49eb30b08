//! Each ruleset's shipped puzzles (`training/data/puzzles/<ruleset>.json`, mined from arena
//! games of the built-in agents; how: the file's own `source` fields and
//! `docs/experiments/2026-11-28-puzzles.md`), built into the binary so the board's puzzle
//! mode works on a fresh clone. Expanded from the registry's list: no line names a ruleset.

use anyhow::Result;
use broadside_env::ruleset::Ruleset;

use super::{Puzzle, PuzzleFile};

macro_rules! shipped_files {
    ($($module:ident: $variant:ident = $ruleset:path),* $(,)?) => {
        /// `(ruleset, file name, text)` of every ruleset's shipped puzzle file.
        fn files() -> Vec<(&'static str, &'static str, &'static str)> {
            vec![$((
                <$ruleset as Ruleset>::spec().name,
                concat!("training/data/puzzles/", stringify!($module), ".json"),
                include_str!(concat!("../../data/puzzles/", stringify!($module), ".json")),
            )),*]
        }
    };
}

broadside_env::for_each_ruleset!(shipped_files);

/// Every shipped puzzle, each file read and checked ([`PuzzleFile::from_json`]); an error
/// names the file and the puzzle.
pub fn all() -> Result<Vec<Puzzle>> {
    let mut out = Vec::new();
    for (ruleset, name, text) in files() {
        let f = PuzzleFile::from_json(text, name)?;
        if let Some(p) = f.puzzles.iter().find(|p| p.ruleset != ruleset) {
            anyhow::bail!("{name}: puzzle {} is of ruleset {}", p.id, p.ruleset);
        }
        out.extend(f.puzzles);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_shipped_puzzle_checks() {
        let all = super::all().expect("the shipped puzzles check");
        for info in broadside_env::ruleset::rulesets() {
            let n = all.iter().filter(|p| p.ruleset == info.name).count();
            assert!(n >= 1, "{}: no shipped puzzle", info.name);
        }
    }
}
