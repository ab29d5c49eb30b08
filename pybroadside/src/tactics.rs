//! The restricted-play study of `broadside tactics` from Python: whole (in Rust, on the
//! rayon pool, GIL released) or one game at a time (for spreading games over Ray workers),
//! and the report, JSON for JSON what `broadside tactics --json` prints.
//!
//! Games come from the agents crate's study functions, the ones `broadside tactics` plays:
//! a game's tactic, sides and seeds depend only on the study's seed and the game's index,
//! so a game played anywhere is the game the command plays.

use broadside_agents::tactics::study::{self, StudyConfig, StudyGame, TacticWorth};
use broadside_agents::tactics::tactics_of;
use broadside_agents::AgentSpec;
use broadside_env::ruleset::{AnyGame, AnyScenario, GameOptions};
use pyo3::prelude::*;
use serde::Serialize;

use crate::agents::parse_spec;
use crate::errors::{value_error, PyResultExt};
use crate::state::{Table, CONNECT_FOUR};

/// `broadside tactics`' limits, the same numbers.
pub const MAX_PAIRS: usize = 100_000;
pub const MAX_DECISIONS: usize = 1_000_000;

/// What `broadside tactics --json` prints (same fields, same order).
#[derive(Debug, Serialize)]
struct Report<'a> {
    ruleset: &'static str,
    scenario: &'a str,
    agent: String,
    pairs: usize,
    seed: u64,
    games: usize,
    tactics: Vec<TacticWorth>,
}

/// A checked study: the scenario, the agent and the study's options.
struct Study {
    scenario: AnyScenario,
    spec: AgentSpec,
    config: StudyConfig,
}

fn in_range(name: &str, value: usize, lo: usize, hi: usize) -> PyResult<()> {
    if (lo..=hi).contains(&value) {
        Ok(())
    } else {
        Err(value_error(format!(
            "{name} must be from {lo} to {hi}, not {value}"
        )))
    }
}

impl Study {
    fn open(
        ruleset: &str,
        scenario: Option<&str>,
        agent: &str,
        pairs: usize,
        seed: u64,
        max_decisions: usize,
    ) -> PyResult<Self> {
        if ruleset == CONNECT_FOUR {
            return Err(value_error(
                "tactics studies play the registered rulesets, not Connect Four",
            ));
        }
        // The study plays without resignation, as `broadside tactics` does.
        let Table::Scenario { scenario, .. } = Table::open(ruleset, scenario, false)? else {
            return Err(value_error("tactics studies play the registered rulesets"));
        };
        let spec = parse_spec(agent, scenario.ruleset())?;
        in_range("pairs", pairs, 1, MAX_PAIRS)?;
        in_range("max_decisions", max_decisions, 1, MAX_DECISIONS)?;
        Ok(Study {
            scenario,
            spec,
            config: StudyConfig {
                pairs,
                seed,
                max_decisions: Some(max_decisions),
            },
        })
    }

    fn ruleset(&self) -> &'static str {
        self.scenario.ruleset()
    }

    fn len(&self) -> usize {
        study::study_len(
            tactics_of(self.ruleset()).map_or(0, |t| t.len()),
            self.config.pairs,
        )
    }

    fn new_game(&self) -> impl Fn(u64) -> AnyGame + Sync + '_ {
        let options = GameOptions { resignation: false };
        move |_seed| self.scenario.new_game(&options)
    }

    fn report(&self, games: &[StudyGame]) -> PyResult<String> {
        let list = tactics_of(self.ruleset()).unwrap_or_default();
        let report = Report {
            ruleset: self.ruleset(),
            scenario: self.scenario.id(),
            agent: self.spec.to_string(),
            pairs: self.config.pairs,
            seed: self.config.seed,
            games: games.len(),
            tactics: study::summarise(&list, games),
        };
        serde_json::to_string_pretty(&report).py()
    }
}

/// Plays a whole study (`pairs` game pairs a tactic, sides swapped) and returns the report
/// as JSON text: what `broadside tactics --json` prints with the same flags.
#[pyfunction]
#[pyo3(signature = (ruleset, agent="bot:best", scenario=None, pairs=20, seed=1, max_decisions=20_000))]
pub fn tactics_json(
    py: Python<'_>,
    ruleset: &str,
    agent: &str,
    scenario: Option<&str>,
    pairs: usize,
    seed: u64,
    max_decisions: usize,
) -> PyResult<String> {
    let s = Study::open(ruleset, scenario, agent, pairs, seed, max_decisions)?;
    let new_game = s.new_game();
    let games = py.detach(|| study::run(&new_game, s.ruleset(), &s.spec, &s.config, &|_| {}));
    s.report(&games.py()?)
}

/// How many games the study plays (checking the ruleset, scenario, agent and numbers
/// first, as every game of the study would).
#[pyfunction]
#[pyo3(signature = (ruleset, agent="bot:best", scenario=None, pairs=20, max_decisions=20_000))]
pub fn tactics_len(
    ruleset: &str,
    agent: &str,
    scenario: Option<&str>,
    pairs: usize,
    max_decisions: usize,
) -> PyResult<usize> {
    Ok(Study::open(ruleset, scenario, agent, pairs, 0, max_decisions)?.len())
}

/// Plays game `index` of the study alone and returns it as JSON text (the same game
/// `broadside tactics` plays at that index: same tactic, sides, seeds and actions).
#[pyfunction]
#[pyo3(signature = (ruleset, index, agent="bot:best", scenario=None, pairs=20, seed=1, max_decisions=20_000))]
#[allow(clippy::too_many_arguments)]
pub fn tactics_game(
    py: Python<'_>,
    ruleset: &str,
    index: usize,
    agent: &str,
    scenario: Option<&str>,
    pairs: usize,
    seed: u64,
    max_decisions: usize,
) -> PyResult<String> {
    let s = Study::open(ruleset, scenario, agent, pairs, seed, max_decisions)?;
    let total = s.len();
    if index >= total {
        return Err(value_error(format!(
            "game {index} does not exist: the study plays {total} games (0 to {})",
            total.saturating_sub(1)
        )));
    }
    let new_game = s.new_game();
    let game = py.detach(|| study::play(&new_game, s.ruleset(), &s.spec, &s.config, index));
    serde_json::to_string(&game.py()?).py()
}

/// The report of a study whose games (JSON text, from [`tactics_game`]) were played
/// elsewhere; the games are put in index order first, and every game of the study must be
/// there exactly once.
#[pyfunction]
#[pyo3(signature = (ruleset, games, agent="bot:best", scenario=None, pairs=20, seed=1))]
pub fn tactics_report_json(
    ruleset: &str,
    games: Vec<String>,
    agent: &str,
    scenario: Option<&str>,
    pairs: usize,
    seed: u64,
) -> PyResult<String> {
    let s = Study::open(ruleset, scenario, agent, pairs, seed, 1)?;
    let mut played = games
        .iter()
        .map(|g| serde_json::from_str::<StudyGame>(g).py())
        .collect::<PyResult<Vec<_>>>()?;
    played.sort_by_key(|g| g.record.index);
    let total = s.len();
    // Each game where the schedule puts it: index i forbids tactic i / (2 pairs).
    let misplaced =
        |(i, g): (usize, &StudyGame)| g.record.index != i || g.tactic != i / (2 * pairs);
    if played.len() != total || played.iter().enumerate().any(misplaced) {
        return Err(value_error(format!(
            "a study of {pairs} pairs a tactic has {total} games, each once and of its tactic \
             (indices 0 to {}); {} were given",
            total.saturating_sub(1),
            played.len()
        )));
    }
    s.report(&played)
}
