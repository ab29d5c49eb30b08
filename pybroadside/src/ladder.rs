//! A ladder (`broadside ladder`) from Python, for `broadside.ladder.run_ray`: the next batch
//! planned by the command's own planner, and one game numbered `game` between the entrants
//! on `sides`, with the seeds `broadside ladder DIR run` gives that game (the pair's seed
//! from the ladder's seed and `game / 2`), so a game played on a Ray worker is the game the
//! command plays.

use broadside_agents::ladder::plan_batch;
use broadside_agents::mcts::hash::mix;
use broadside_agents::tournament::{play_game, GameRecord};
use pyo3::prelude::*;

use crate::arena::{in_range, Arena, MAX_AGENTS, MAX_DECISIONS};
use crate::errors::{value_error, PyResultExt};

/// The next batch of a ladder of `entrants` after the games `records` (game records as JSON
/// text, entrants by index): up to `BATCH_GAMES` games, at most `left` rounded up to a pair,
/// as `(game number, [side 0, side 1])` numbered from `next`, the games `broadside ladder
/// DIR run` would play next.
#[pyfunction]
#[pyo3(signature = (entrants, records, next, left))]
pub fn ladder_plan(
    entrants: usize,
    records: Vec<String>,
    next: usize,
    left: usize,
) -> PyResult<Vec<(usize, [usize; 2])>> {
    in_range("the number of entrants", entrants, 2, MAX_AGENTS)?;
    let records = records
        .iter()
        .map(|r| serde_json::from_str::<GameRecord>(r).py())
        .collect::<PyResult<Vec<_>>>()?;
    // The planner indexes its tables by entrant: a record naming one beyond them is refused
    // here, with the game's number, rather than left to fail inside.
    if let Some(g) = records
        .iter()
        .find(|g| g.sides.iter().any(|&s| s >= entrants))
    {
        return Err(value_error(format!(
            "game {} names an entrant beyond the {entrants} given",
            g.index
        )));
    }
    Ok(plan_batch(entrants, &records, next, left))
}

/// Plays one ladder game and returns its record as JSON text (the fields of a line of the
/// ladder's `results.jsonl`, entrants by index).
#[pyfunction]
#[pyo3(signature = (ruleset, scenario, agents, sides, game, seed, max_decisions))]
#[allow(clippy::too_many_arguments)]
pub fn ladder_game(
    py: Python<'_>,
    ruleset: &str,
    scenario: &str,
    agents: Vec<String>,
    sides: [usize; 2],
    game: usize,
    seed: u64,
    max_decisions: usize,
) -> PyResult<String> {
    in_range("the number of entrants", agents.len(), 2, MAX_AGENTS)?;
    in_range("max_decisions", max_decisions, 1, MAX_DECISIONS)?;
    if sides.iter().any(|&s| s >= agents.len()) || sides[0] == sides[1] {
        return Err(value_error(format!(
            "sides {sides:?} must be two different entrants of the {} given",
            agents.len()
        )));
    }
    let arena = Arena::open(ruleset, Some(scenario), &agents)?;
    let new_game = arena.new_game();
    let pair_seed = mix(seed, (game / 2) as u64);
    let record = py.detach(|| {
        play_game(
            &new_game,
            &arena.specs,
            sides,
            game,
            pair_seed,
            Some(max_decisions),
        )
    });
    serde_json::to_string(&record.py()?).py()
}
