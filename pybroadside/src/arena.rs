//! Arenas from Python: the round robin of `broadside arena`, whole (in Rust, on the rayon
//! pool, GIL released) or one game at a time (for spreading games over Ray workers), and
//! the report, JSON for JSON what `broadside arena --json` prints (`--json-out` with
//! `games=True`).
//!
//! Games come from the agents crate's tournament functions, the ones `broadside arena`
//! plays: the schedule, every game's seeds and the agents' seeds depend only on the arena's
//! seed and the game's index, so a game played anywhere is the game the command plays.

use broadside_agents::arena_report::ArenaReport;
use broadside_agents::tournament::{
    play_game, round_robin, schedule_len, scheduled_game, GameRecord, TournamentConfig,
};
use broadside_agents::AgentSpec;
use broadside_env::ruleset::{AnyGame, AnyScenario, GameOptions};
use pyo3::prelude::*;

use crate::agents::parse_spec;
use crate::errors::{value_error, PyResultExt};
use crate::state::{Table, CONNECT_FOUR};

/// `broadside arena`'s limits, the same numbers.
pub const MAX_PAIRS: usize = 100_000;
pub const MAX_AGENTS: usize = 64;
pub const MAX_DECISIONS: usize = 1_000_000;

/// A checked arena: the scenario and the agents.
pub(crate) struct Arena {
    pub(crate) scenario: AnyScenario,
    pub(crate) specs: Vec<AgentSpec>,
}

pub(crate) fn in_range(name: &str, value: usize, lo: usize, hi: usize) -> PyResult<()> {
    if (lo..=hi).contains(&value) {
        Ok(())
    } else {
        Err(value_error(format!(
            "{name} must be from {lo} to {hi}, not {value}"
        )))
    }
}

impl Arena {
    pub(crate) fn open(ruleset: &str, scenario: Option<&str>, agents: &[String]) -> PyResult<Self> {
        if ruleset == CONNECT_FOUR {
            return Err(value_error(
                "arenas play the registered rulesets, not Connect Four",
            ));
        }
        // The arena plays without resignation, as `broadside arena` does.
        let Table::Scenario { scenario, .. } = Table::open(ruleset, scenario, false)? else {
            return Err(value_error("arenas play the registered rulesets"));
        };
        if agents.len() < 2 {
            return Err(value_error("an arena needs at least two agent specs"));
        }
        in_range("the number of agents", agents.len(), 2, MAX_AGENTS)?;
        let specs = agents
            .iter()
            .map(|a| parse_spec(a, scenario.ruleset()).map(|s| s.for_scenario(scenario.id())))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(Arena { scenario, specs })
    }

    pub(crate) fn new_game(&self) -> impl Fn(u64) -> AnyGame + Sync + '_ {
        let options = GameOptions { resignation: false };
        move |_seed| self.scenario.new_game(&options)
    }

    fn report(&self, seed: u64, games: &[GameRecord], with_games: bool) -> PyResult<String> {
        // The command's report, so the JSON is the same byte for byte.
        let report = ArenaReport {
            games: with_games.then_some(games),
            ..ArenaReport::new(
                self.scenario.ruleset(),
                self.scenario.id(),
                self.specs.iter().map(|s| s.to_string()).collect(),
                seed,
                games,
            )
        };
        serde_json::to_string_pretty(&report).py()
    }
}

/// Plays a whole round robin (`pairs` game pairs per pairing, sides swapped) and returns
/// the report as JSON text: what `broadside arena --json` prints, or with `games=True` what
/// `--json-out` writes.
#[pyfunction]
#[pyo3(signature = (ruleset, agents, scenario=None, pairs=10, seed=1, max_decisions=20_000, games=false))]
#[allow(clippy::too_many_arguments)]
pub fn arena_json(
    py: Python<'_>,
    ruleset: &str,
    agents: Vec<String>,
    scenario: Option<&str>,
    pairs: usize,
    seed: u64,
    max_decisions: usize,
    games: bool,
) -> PyResult<String> {
    let arena = Arena::open(ruleset, scenario, &agents)?;
    in_range("pairs", pairs, 1, MAX_PAIRS)?;
    in_range("max_decisions", max_decisions, 1, MAX_DECISIONS)?;
    let cfg = TournamentConfig {
        pairs_per_pairing: pairs,
        seed,
        max_decisions: Some(max_decisions),
    };
    let new_game = arena.new_game();
    let played = py.detach(|| round_robin(&new_game, &arena.specs, &cfg, &|_| {}));
    arena.report(seed, &played.py()?, games)
}

/// How many games a round robin of `entrants` agents and `pairs` pairs per pairing plays.
#[pyfunction]
pub fn arena_len(entrants: usize, pairs: usize) -> PyResult<usize> {
    in_range("the number of agents", entrants, 2, MAX_AGENTS)?;
    in_range("pairs", pairs, 1, MAX_PAIRS)?;
    Ok(schedule_len(entrants, pairs))
}

/// Plays game `index` of the round robin alone and returns its record as JSON text (the
/// same game `broadside arena` plays at that index: same sides, seeds and actions).
#[pyfunction]
#[pyo3(signature = (ruleset, agents, index, scenario=None, pairs=10, seed=1, max_decisions=20_000))]
#[allow(clippy::too_many_arguments)]
pub fn arena_game(
    py: Python<'_>,
    ruleset: &str,
    agents: Vec<String>,
    index: usize,
    scenario: Option<&str>,
    pairs: usize,
    seed: u64,
    max_decisions: usize,
) -> PyResult<String> {
    let arena = Arena::open(ruleset, scenario, &agents)?;
    let total = arena_len(agents.len(), pairs)?;
    in_range("max_decisions", max_decisions, 1, MAX_DECISIONS)?;
    if index >= total {
        return Err(value_error(format!(
            "game {index} does not exist: the arena plays {total} games (0 to {})",
            total - 1
        )));
    }
    let (sides, pair_seed) = scheduled_game(agents.len(), pairs, seed, index);
    let new_game = arena.new_game();
    let record = py.detach(|| {
        play_game(
            &new_game,
            &arena.specs,
            sides,
            index,
            pair_seed,
            Some(max_decisions),
        )
    });
    serde_json::to_string(&record.py()?).py()
}

/// The report of an arena whose games (records as JSON text, from [`arena_game`]) were
/// played elsewhere; the records are put in index order first.
#[pyfunction]
#[pyo3(signature = (ruleset, agents, records, scenario=None, seed=1, games=false))]
pub fn arena_report_json(
    ruleset: &str,
    agents: Vec<String>,
    records: Vec<String>,
    scenario: Option<&str>,
    seed: u64,
    games: bool,
) -> PyResult<String> {
    let arena = Arena::open(ruleset, scenario, &agents)?;
    let mut played = records
        .iter()
        .map(|r| serde_json::from_str::<GameRecord>(r).py())
        .collect::<PyResult<Vec<_>>>()?;
    played.sort_by_key(|g| g.index);
    for g in &played {
        if g.sides.iter().any(|&s| s >= agents.len()) {
            return Err(value_error(format!(
                "game {} names an agent beyond the {} given",
                g.index,
                agents.len()
            )));
        }
    }
    arena.report(seed, &played, games)
}
